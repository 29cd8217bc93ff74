/* The region form of kernels with warp shuffles (docs/internals.md,
 * "Regions"): which shuffle statements split a kernel, and which `if`s
 * around them are predicated.
 *
 * A statement `x op= __shfl_down(e, ...);` (any of the four shuffles, any
 * expression statement with one such call at its top level) is cut in two
 * pieces: every thread stores `e` in its element of the exchange slot,
 * then every thread runs the statement with the call replaced by a read of
 * the source lane's element (`::hipc::rx_*` in hip/hipc/regions.h). An
 * `if` whose condition is not uniform may hold such statements (and no
 * barrier): each thread's branch is kept in a predicate slot and the
 * pieces inside run only for the threads that took it.
 */
#include "rewrite_regions.h"

#include <string.h>

#include "rewrite_passes.h"

#define FAIL (-1)

static int is_shfl(struct rw *rw, long k) {
  return hipc__lex_in_list(rw, k, "__shfl __shfl_up __shfl_down __shfl_xor") &&
         !hipc__lex_is_p(rw, k - 1, ".") && !hipc__lex_is_p(rw, k - 1, "->") &&
         !hipc__lex_is_p(rw, k - 1, "::");
}

int hipc__regions_has_shfl(struct rw *rw, long a, long b) {
  for (long k = a; k < b; k++)
    if (is_shfl(rw, k))
      return 1;
  return 0;
}

/* Whether [a, b) holds an operator that may skip evaluating its operands
 * (the lexer gives `&&` and `||` as two tokens each). */
static int conditional(struct rw *rw, long a, long b) {
  for (long k = a; k < b; k++)
    if (hipc__lex_is_p(rw, k, "?") ||
        (hipc__lex_is_p(rw, k, "&") && hipc__lex_is_p(rw, k + 1, "&")) ||
        (hipc__lex_is_p(rw, k, "|") && hipc__lex_is_p(rw, k + 1, "|")))
      return 1;
  return 0;
}

int hipc__regions_shfl_stmt(struct rw *rw, long a, long b, struct rnode *out) {
  long sh = -1;
  for (long k = a; k < b; k++) {
    if (!hipc__lex_in_list(rw, k, "__shfl __shfl_up __shfl_down __shfl_xor"))
      continue;
    if (sh >= 0 || !is_shfl(rw, k))
      return FAIL;  /* two shuffles, or a member named like one */
    sh = k;
  }
  if (sh < 0 || !hipc__lex_is_p(rw, sh + 1, "("))
    return FAIL;
  long rc = hipc__lex_match_fwd(rw, sh + 1);
  if (rc < 0 || rc >= b || !hipc__lex_is_p(rw, b - 1, ";"))
    return FAIL;
  /* The call at the statement's top level: not inside parentheses,
   * brackets or braces, and nothing around it that may skip it. */
  for (long k = a; k < sh; k++) {
    if (hipc__lex_is_open(rw, k)) {
      long e = hipc__lex_match_fwd(rw, k);
      if (e < 0 || e > sh)
        return FAIL;
      k = e;
    } else if (hipc__lex_is_p(rw, k, ",")) {
      return FAIL;
    }
  }
  for (long k = rc + 1; k < b - 1; k++)
    if (hipc__lex_is_p(rw, k, ","))
      return FAIL;
  if (conditional(rw, a, sh) || conditional(rw, rc + 1, b))
    return FAIL;
  long comma = hipc__lex_top_find(rw, sh + 2, rc, ",", 0);
  if (comma >= rc || comma == sh + 2)
    return FAIL;  /* no lane argument, or no value */
  out->sh = sh, out->ea = sh + 2, out->eb = comma;
  out->comma = comma, out->rc = rc;
  return 0;
}

/* Code that runs once per block inside a predicated `if` runs even when no
 * thread took the branch: it may not read memory (a condition may be what
 * keeps that read in bounds). */
static int memory_free(struct rw *rw, long a, long b) {
  for (long k = a; k < b; k++)
    if (hipc__lex_is_p(rw, k, "[") || hipc__lex_is_p(rw, k, "*") ||
        hipc__lex_is_p(rw, k, "->") || hipc__lex_is_p(rw, k, "."))
      return 0;
  return 1;
}

/* The statements of scope `s`, under a predicate. */
static int check_scope(struct rw *rw, struct rkernel *K, int s) {
  for (int j = 0; j < K->n[s].nk; j++) {
    struct rnode *c = &K->n[K->n[s].kids[j]];
    switch (c->kind) {
    case N_STMT:
    case N_DECL:
      if (c->uni && !memory_free(rw, c->a, c->b))
        return FAIL;
      break;
    case N_LOOP:
      /* A condition all threads evaluate would be evaluated by those that
       * did not take the branch. */
      if (c->ca < c->cb && !c->cond_uni)
        return FAIL;
      if ((c->cond_uni && !memory_free(rw, c->ca, c->cb)) ||
          (c->init_uni && !memory_free(rw, c->ia, c->ib)) ||
          (c->inc_uni && !memory_free(rw, c->xa, c->xb)))
        return FAIL;
      if (check_scope(rw, K, K->n[s].kids[j]))
        return FAIL;
      break;
    case N_BLOCK:
      if (check_scope(rw, K, K->n[s].kids[j]))
        return FAIL;
      break;
    case N_IF:
      if (c->cond_uni && !memory_free(rw, c->ca, c->cb))
        return FAIL;
      if (check_scope(rw, K, c->kids[0]) ||
          check_scope(rw, K, K->n[K->n[s].kids[j]].kids[1]))
        return FAIL;
      break;
    default:
      break;
    }
  }
  return 0;
}

int hipc__regions_predicate(struct rw *rw, struct rkernel *K) {
  for (int i = 0; i < K->nn; i++) {
    struct rnode *n = &K->n[i];
    if (n->kind != N_IF || n->cond_uni)
      continue;
    /* A barrier that some threads may not reach: fibers. */
    for (long k = n->a; k < n->b; k++)
      if (hipc__lex_is_id(rw, k, "__syncthreads"))
        return FAIL;
    /* Once-per-block code inside may not write what lives outside: the
     * threads that did not take the branch would see the write. */
    for (long k = n->a; k < n->b; k++) {
      int u = hipc__regions_plain_name(rw, k)
                  ? hipc__regions_lookup(K, rw, k) : -1;
      if (u >= 0 && K->v[u].uni && hipc__regions_mutated(rw, k) &&
          (K->v[u].is_param || K->v[u].name < n->a || K->v[u].name >= n->b))
        return FAIL;
    }
    if (check_scope(rw, K, n->kids[0]) ||
        check_scope(rw, K, K->n[i].kids[1]))
      return FAIL;
    K->n[i].pred = K->npreds++;
  }
  return 0;
}
