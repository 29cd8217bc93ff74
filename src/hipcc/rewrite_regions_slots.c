/* The region form of kernels with barriers: which variables live across
 * barriers and how (docs/internals.md, "Regions"). A local of a spanning
 * scope that another piece names is a slot (one element per thread), unless
 * rewrite_regions_uniform.c found it uniform or recomputable; kernel
 * parameters the body assigns get per-thread copies. This file also holds
 * the small token helpers the region files share.
 */
#include "rewrite_regions.h"

#include <string.h>

#define FAIL (-1)

static const char *type_kw =
    "const volatile unsigned signed int long short char float double bool "
    "void auto wchar_t char8_t char16_t char32_t __int128 _Float16 __fp16 "
    "register __restrict__ __restrict restrict";

/* Whether identifier token `k` is a plain name (not a member, not
 * qualified). */
int hipc__regions_plain_name(struct rw *rw, long k) {
  return hipc__lex_is_ident(rw, k) && !hipc__lex_is_p(rw, k - 1, ".") &&
         !hipc__lex_is_p(rw, k - 1, "->") && !hipc__lex_is_p(rw, k - 1, "::");
}

int hipc__regions_same_name(struct rw *rw, long a, long b) {
  return rw->t[a].len == rw->t[b].len &&
         memcmp(rw->s + rw->t[a].off, rw->s + rw->t[b].off, rw->t[a].len) == 0;
}

/* The spanning variable named by token `k`, visible there, or -1. */
static int lookup(struct rkernel *K, struct rw *rw, long k) {
  int best = -1;
  for (int i = 0; i < K->nv; i++) {
    struct rvar *v = &K->v[i];
    if (v->vis <= k && k < v->end && hipc__regions_same_name(rw, v->name, k) &&
        (best < 0 || v->vis > K->v[best].vis))
      best = i;
  }
  return best;
}

/* Whether the '&' at `k` takes an address (is not binary). */
static int unary_amp(struct rw *rw, long k) {
  /* The second '&' of `&&` (cut in two by the lexer) is no address. */
  if (hipc__lex_is_p(rw, k - 1, "&") && hipc__lex_adjacent(rw, k - 1, k))
    return 0;
  return hipc__lex_is_p(rw, k, "&") && !hipc__lex_is_ident(rw, k - 1) &&
         !hipc__lex_is_close(rw, k - 1) &&
         !(k > 0 && (rw->t[k - 1].kind == T_NUMBER ||
                     rw->t[k - 1].kind == T_STRING ||
                     rw->t[k - 1].kind == T_CHAR));
}

/* Whether an assignment operator (`=`, `+=`, `<<=`, ...) starts at `n`. */
static int assign_op(struct rw *rw, long n) {
  if (hipc__lex_is_p(rw, n, "="))
    return !hipc__lex_is_p(rw, n + 1, "=");
  static const char *const ops[] = {"+", "-", "*", "/", "%", "&", "|", "^"};
  for (size_t i = 0; i < sizeof ops / sizeof *ops; i++)
    if (hipc__lex_is_p(rw, n, ops[i]) && hipc__lex_is_p(rw, n + 1, "=") &&
        hipc__lex_adjacent(rw, n, n + 1))
      return !hipc__lex_is_p(rw, n + 2, "=");
  for (int i = 0; i < 2; i++) {
    const char *c = i ? ">" : "<";
    if (hipc__lex_is_p(rw, n, c) && hipc__lex_is_p(rw, n + 1, c) &&
        hipc__lex_is_p(rw, n + 2, "=") && hipc__lex_adjacent(rw, n, n + 1) &&
        hipc__lex_adjacent(rw, n + 1, n + 2))
      return 1;
  }
  return 0;
}

/* Whether the name at `k` is assigned, incremented or has its address
 * taken (as far as the tokens show). */
static int mutated(struct rw *rw, long k) {
  long n = k + 1;
  if (hipc__lex_is_p(rw, n, ".") && hipc__lex_is_ident(rw, n + 1))
    n += 2;  /* `s.f = ...` */
  if (assign_op(rw, n))
    return 1;
  if ((hipc__lex_is_p(rw, n, "+") && hipc__lex_is_p(rw, n + 1, "+")) ||
      (hipc__lex_is_p(rw, n, "-") && hipc__lex_is_p(rw, n + 1, "-")) ||
      (hipc__lex_is_p(rw, k - 1, "+") && hipc__lex_is_p(rw, k - 2, "+")) ||
      (hipc__lex_is_p(rw, k - 1, "-") && hipc__lex_is_p(rw, k - 2, "-")))
    return 1;
  if (unary_amp(rw, k - 1))
    return 1;
  /* A whole argument of a call: written if the callee takes a non-const
   * reference. */
  if ((hipc__lex_is_p(rw, k - 1, "(") || hipc__lex_is_p(rw, k - 1, ",")) &&
      (hipc__lex_is_p(rw, k + 1, ")") || hipc__lex_is_p(rw, k + 1, ","))) {
    long o = k - 1;
    while (o >= 0 && !hipc__lex_is_p(rw, o, "(")) {
      if (hipc__lex_is_close(rw, o))
        o = hipc__lex_match_back(rw, o);
      else if (hipc__lex_is_p(rw, o, ";") || hipc__lex_is_open(rw, o))
        return 0;
      if (o < 0)
        return 0;
      o--;
    }
    long callee = o - 1;
    if (hipc__lex_is_p(rw, callee, ">")) {
      long lt = hipc__lex_angle_back(rw, callee);
      callee = lt > 0 ? lt - 1 : -1;
    }
    if (!hipc__lex_is_ident(rw, callee) ||
        hipc__lex_in_list(rw, callee, "if while for switch return sizeof "
                                      "decltype alignof static_cast"))
      return 0;
    return hipc__regions_callee_writes(rw, callee);
  }
  /* Bound to a reference: `T& r = x;`, `auto& r = x;`. */
  if (hipc__lex_is_p(rw, k - 1, "=") && hipc__lex_is_ident(rw, k - 2) &&
      hipc__lex_is_p(rw, k - 3, "&") &&
      (hipc__lex_is_p(rw, k + 1, ";") || hipc__lex_is_p(rw, k + 1, ",")))
    return 1;
  return 0;
}

/* Kernel parameters that the body assigns become per-thread variables:
 * every thread has its own copy on a GPU. */
void hipc__regions_add_params(struct rw *rw, struct rkernel *K, long lp,
                              long rp) {
  for (long a = lp + 1; a < rp;) {
    long b = hipc__lex_top_find(rw, a, rp, ",", 1);
    long e = hipc__lex_top_find(rw, a, b, "=", 1);
    long k = e - 1;
    while (k > a && hipc__lex_is_p(rw, k, "]"))
      k = hipc__lex_match_back(rw, k) - 1;
    if (k > a && hipc__lex_is_ident(rw, k) &&
        !hipc__lex_in_list(rw, k, type_kw)) {
      K->params = hipc__util_realloc(K->params,
                                     (K->nparams + 1) * sizeof *K->params);
      K->params[K->nparams++] = k;
      int mut = 0;
      for (long m = K->body + 1; m < K->rbrace && !mut; m++)
        mut = hipc__regions_plain_name(rw, m) &&
              hipc__regions_same_name(rw, m, k) && mutated(rw, m);
      if (mut)
        hipc__regions_add_var(K, (struct rvar){.name = k, .vis = K->body,
                                 .end = K->rbrace + 1, .node = -1,
                                 .piece = -1, .is_auto = 1, .is_param = 1});
    }
    a = b + 1;
  }
}

int hipc__regions_lookup(struct rkernel *K, struct rw *rw, long k) {
  return lookup(K, rw, k);
}
int hipc__regions_mutated(struct rw *rw, long k) { return mutated(rw, k); }
int hipc__regions_param(struct rkernel *K, struct rw *rw, long k) {
  for (int i = 0; i < K->nparams; i++)
    if (hipc__regions_same_name(rw, K->params[i], k))
      return i;
  return -1;
}

/* Decides which variables are slots; FAIL where one cannot be. */
int hipc__regions_choose_slots(struct rw *rw, struct rkernel *K) {
  for (int i = 0; i < K->nv; i++) {
    struct rvar *v = &K->v[i];
    /* A spanning variable must not hide another one (the piece that names
     * both would declare the name twice). */
    for (int j = 0; j < K->nv; j++)
      if (j != i && hipc__regions_same_name(rw, v->name, K->v[j].name) &&
          K->v[j].vis <= v->name && v->name < K->v[j].end)
        return FAIL;
    if (v->uni || v->remat)
      continue;
    /* Named in another piece; or an array, or its address taken: a
     * pointer to it may outlive the piece. */
    v->slot |= v->is_param || v->da < v->db;
    for (long k = v->vis; k < v->end; k++)
      if (hipc__regions_plain_name(rw, k) &&
          hipc__regions_same_name(rw, k, v->name) &&
          (K->piece_of[k - K->body] != v->piece || unary_amp(rw, k - 1)))
        v->slot = 1;
  }
  /* What a slot's type names must be a slot too (its type comes from the
   * views, declared before the pieces run). */
  for (int changed = 1; changed;) {
    changed = 0;
    for (int i = 0; i < K->nv; i++) {
      struct rvar *v = &K->v[i];
      if (!v->slot)
        continue;
      if (v->is_ref)
        return FAIL;
      if (v->is_param)
        continue;
      long ranges[3][2] = {{K->n[v->node].sa, K->n[v->node].sb},
                           {v->da, v->db},
                           {v->is_auto ? v->ia : 0, v->is_auto ? v->ib : 0}};
      for (int r = 0; r < 3; r++)
        for (long k = ranges[r][0]; k < ranges[r][1]; k++) {
          int u = hipc__regions_plain_name(rw, k) ? lookup(K, rw, k) : -1;
          if (u >= 0 && !K->v[u].slot && !K->v[u].uni)
            K->v[u].slot = changed = 1, K->v[u].remat = 0;
        }
    }
  }
  /* decltype(x) of a slot would name a reference. */
  for (long k = K->body; k < K->rbrace; k++) {
    if (!hipc__lex_is_id(rw, k, "decltype") || !hipc__lex_is_p(rw, k + 1, "("))
      continue;
    long e = hipc__lex_match_fwd(rw, k + 1);
    for (long m = k + 2; m < e; m++) {
      int u = hipc__regions_plain_name(rw, m) ? lookup(K, rw, m) : -1;
      if (u >= 0 && (K->v[u].slot || K->v[u].uni))
        return FAIL;
    }
  }
  for (int i = 0; i < K->nv; i++) {
    if (K->v[i].slot)
      K->v[i].view = K->nviews++;
    if (K->v[i].uni)
      K->v[i].uview = K->nuviews++;
  }
  return 0;
}

