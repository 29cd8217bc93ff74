/* The region form of kernels with barriers: values that need no per-thread
 * slot (docs/internals.md, "Regions").
 *
 * Uniform variables hold the same value in every thread: every write to
 * one is a statement directly in a spanning scope (or a loop clause around
 * barriers) of the form `x = e;`, `x op= e;`, `++x;`, `x++;` or its
 * declaration, and `e` names nothing that differs between threads
 * (threadIdx, a per-thread variable, a call). Those statements run once
 * per block, outside the thread loops, and the variable is one scalar:
 * `for (int t = 0; t < n; t += TILE)` around barriers costs nothing per
 * thread, and indices built from `t` stay affine in threadIdx.x, so the
 * compiler emits vector loads instead of gathers.
 *
 * Recomputable variables are never written after their declaration, whose
 * initializer is arithmetic on built-in indices, unassigned parameters,
 * constants and other recomputable variables: `int row = blockIdx.y * 16 +
 * threadIdx.y;`. A piece that names one recomputes it instead of loading it
 * from a slot.
 */
#include "rewrite_regions.h"

#include <stdlib.h>
#include <string.h>

static const char *const ops3[] = {"<<=", ">>=", NULL};
static const char *const ops2[] = {"++", "--", "+=", "-=", "*=", "/=", "%=",
                                   "&=", "|=", "^=", "==", "!=", "<=", ">=",
                                   "&&", "||", "<<", ">>", NULL};

/* The operator starting at token `k` as the source spells it (the lexer
 * cuts `+=` into `+` `=`): copies it to `op` and returns its token count. */
static int op_at(struct rw *rw, long k, char op[4]) {
  op[0] = '\0';
  if (k >= rw->nt || rw->t[k].kind != T_PUNCT || rw->t[k].len != 1)
    return 1;
  char s[4] = {rw->s[rw->t[k].off], 0, 0, 0};
  int n = 1;
  for (int i = 1; i < 3 && k + i < rw->nt; i++) {
    if (rw->t[k + i].kind != T_PUNCT || rw->t[k + i].len != 1 ||
        !hipc__lex_adjacent(rw, k + i - 1, k + i))
      break;
    s[i] = rw->s[rw->t[k + i].off];
    n = i + 1;
  }
  for (; n > 1; n--) {
    s[n] = '\0';
    const char *const *list = n == 3 ? ops3 : ops2;
    for (int i = 0; list[i]; i++)
      if (strcmp(list[i], s) == 0) {
        memcpy(op, s, 4);
        return n;
      }
  }
  op[0] = s[0], op[1] = '\0';
  return 1;
}

static int is_assign(const char *op) {
  size_t n = strlen(op);
  return n > 0 && op[n - 1] == '=' && strcmp(op, "==") != 0 &&
         strcmp(op, "!=") != 0 && strcmp(op, "<=") != 0 &&
         strcmp(op, ">=") != 0;
}

/* Whether identifier `k` names a compile-time constant: a template
 * parameter of the kernel, a `constexpr` name of the text, `true`... */
static int constant_name(struct rw *rw, struct rkernel *K, long k) {
  if (hipc__lex_in_list(rw, k, "true false nullptr warpSize hipc_tls sizeof "
                               "alignof static_cast"))
    return 1;
  const char *s = rw->s + rw->t[k].off;
  size_t n = rw->t[k].len;
  for (const char *p = K->tparams; p && *p;) {
    while (*p == ' ' || *p == ',')
      p++;
    size_t l = strcspn(p, ", .");
    if (l == n && memcmp(p, s, n) == 0)
      return 1;
    p += l;
    while (*p == '.')
      p++;
  }
  /* `constexpr T NAME = ...`: within a few tokens of a constexpr. */
  for (long i = 0; i < rw->nt; i++) {
    if (!hipc__regions_same_name(rw, i, k) || i == k)
      continue;
    if (!(hipc__lex_is_p(rw, i + 1, "=") || hipc__lex_is_p(rw, i + 1, "{")))
      continue;
    for (long j = i - 1; j >= 0 && j >= i - 6; j--) {
      if (hipc__lex_is_p(rw, j, ";") || hipc__lex_is_p(rw, j, "{") ||
          hipc__lex_is_p(rw, j, "}"))
        break;
      if (hipc__lex_is_id(rw, j, "constexpr"))
        return 1;
    }
  }
  return 0;
}

static const char *scalar_words =
    "const volatile unsigned signed int long short char float double bool "
    "wchar_t char8_t char16_t char32_t __int128 _Float16 __fp16 register";

/* Modes of expr_ok. */
enum { UNIFORM, REMAT };

/* Whether the expression [a, b) qualifies in `mode`: no assignment, no
 * call, no brace; for UNIFORM nothing per thread; for REMAT nothing that
 * can change (memory, assigned variables). */
static int expr_ok(struct rw *rw, struct rkernel *K, long a, long b,
                   int mode) {
  for (long k = a; k < b;) {
    char op[4];
    if (rw->t[k].kind == T_PUNCT) {
      int n = op_at(rw, k, op);
      if (is_assign(op) || !strcmp(op, "++") || !strcmp(op, "--") ||
          !strcmp(op, "{") || !strcmp(op, "}") || !strcmp(op, ";"))
        return 0;
      int unary = !hipc__lex_is_ident(rw, k - 1) &&
                  !hipc__lex_is_close(rw, k - 1) &&
                  !(k > 0 && rw->t[k - 1].kind == T_NUMBER);
      if (mode == REMAT && (!strcmp(op, "[") || !strcmp(op, "->") ||
                            (unary && (!strcmp(op, "*") || !strcmp(op, "&")))))
        return 0;  /* memory, or an address */
      k += n;
      continue;
    }
    if (rw->t[k].kind != T_IDENT) {
      k++;
      continue;
    }
    if (hipc__lex_is_p(rw, k - 1, ".") || hipc__lex_is_p(rw, k - 1, "->")) {
      if (mode == UNIFORM && hipc__lex_is_id(rw, k, "thread_idx"))
        return 0;
      k++;
      continue;
    }
    if (hipc__lex_is_p(rw, k + 1, "::") || hipc__lex_is_p(rw, k - 1, "::")) {
      if (mode == REMAT)
        return 0;
      k++;
      continue;
    }
    if (hipc__lex_in_list(rw, k, "new delete throw asm __asm__ this"))
      return 0;
    if (mode == UNIFORM &&
        hipc__lex_in_list(rw, k, "thread_idx threadIdx hipThreadIdx_x "
                                 "hipThreadIdx_y hipThreadIdx_z"))
      return 0;
    if (hipc__lex_in_list(rw, k, "threadIdx blockIdx blockDim gridDim")) {
      k++;  /* the indices (unexpanded, as in hipcc's own tests) */
      continue;
    }
    if (hipc__lex_in_list(rw, k, "__hipc_blockDim __hipc_gridDim") &&
        hipc__lex_is_p(rw, k + 1, "(") && hipc__lex_is_p(rw, k + 2, ")")) {
      k += 3;  /* blockDim and gridDim as hip/hipc/indices.h expands them */
      continue;
    }
    int keyword = hipc__lex_in_list(
        rw, k, "int unsigned signed char short long float double bool "
               "sizeof alignof static_cast const volatile size_t");
    if (hipc__lex_is_p(rw, k + 1, "(") && !keyword)
      return 0;  /* a call */
    int v = hipc__regions_lookup(K, rw, k);
    if (v >= 0) {
      struct rvar *x = &K->v[v];
      if (mode == UNIFORM ? !x->uni : !x->remat)
        return 0;
    } else if (hipc__regions_param(K, rw, k) >= 0) {
      for (int i = 0; i < K->nv; i++)
        if (K->v[i].is_param && hipc__regions_same_name(rw, K->v[i].name, k) &&
            (mode == REMAT || !K->v[i].uni))
          return 0;  /* an assigned parameter */
    } else if (!keyword && mode == REMAT && !constant_name(rw, K, k)) {
      return 0;
    }
    k++;
  }
  return 1;
}

/* If [a, b) (`b`: no ';') is `x op= e`, `x = e`, `++x` or `x++` with `x` a
 * uniform variable and `e` uniform: returns x, else -1. */
static int uniform_stmt(struct rw *rw, struct rkernel *K, long a, long b) {
  char op[4];
  long name = a, e = b;
  if (op_at(rw, a, op) == 2 && (!strcmp(op, "++") || !strcmp(op, "--"))) {
    name = a + 2;
    if (name + 1 != b)
      return -1;
  } else {
    int n = op_at(rw, a + 1, op);
    if (!strcmp(op, "++") || !strcmp(op, "--")) {
      if (a + 3 != b)
        return -1;
    } else if (is_assign(op)) {
      e = a + 1 + n;
      if (!expr_ok(rw, K, e, b, UNIFORM) || e >= b)
        return -1;
    } else {
      return -1;
    }
  }
  if (!hipc__regions_plain_name(rw, name))
    return -1;
  int v = hipc__regions_lookup(K, rw, name);
  return v >= 0 && K->v[v].uni ? v : -1;
}

/* Whether declaration node `d` can run once per block. */
static int uniform_decl(struct rw *rw, struct rkernel *K, struct rnode *d) {
  for (int i = d->v0; i < d->v0 + d->nv; i++) {
    struct rvar *v = &K->v[i];
    if (!v->uni)
      return 0;
    long a = v->ia + 1, b = hipc__lex_is_p(rw, v->ia, "=") ? v->ib : v->ib - 1;
    if (v->ia < v->ib && (hipc__lex_is_p(rw, v->ia + 1, "{") ||
                          !expr_ok(rw, K, a, b, UNIFORM)))
      return 0;
  }
  return 1;
}

/* Whether the write to the variable at token `k` is a uniform statement or
 * declaration directly in a spanning scope. */
static int uniform_write(struct rw *rw, struct rkernel *K, long k) {
  for (int i = 0; i < K->nn; i++) {
    struct rnode *n = &K->n[i];
    if (n->kind == N_STMT && n->a <= k && k < n->b)
      return uniform_stmt(rw, K, n->a, n->b - 1) >= 0;
    if (n->kind == N_LOOP && n->xa <= k && k < n->xb)
      return uniform_stmt(rw, K, n->xa, n->xb) >= 0;
    if (n->kind == N_LOOP && n->init_decl < 0 && n->ia <= k && k < n->ib)
      return uniform_stmt(rw, K, n->ia, n->ib) >= 0;
  }
  return 0;
}

static int writes_ok(struct rw *rw, struct rkernel *K, struct rvar *v,
                     int any_write) {
  for (long k = v->is_param ? K->body : v->vis; k < v->end; k++) {
    if (!hipc__regions_plain_name(rw, k) ||
        !hipc__regions_same_name(rw, k, v->name) ||
        hipc__regions_lookup(K, rw, k) != (int)(v - K->v) ||
        !hipc__regions_mutated(rw, k))
      continue;
    if (!any_write || !uniform_write(rw, K, k))
      return 0;
  }
  return 1;
}

/* Whether [a, b) names threadIdx or a variable in `taint`. */
static int names_thread(struct rw *rw, struct rkernel *K, long a, long b,
                        const char *taint) {
  for (long k = a; k < b; k++) {
    if (hipc__lex_in_list(rw, k, "thread_idx threadIdx hipThreadIdx_x "
                                 "hipThreadIdx_y hipThreadIdx_z"))
      return 1;
    int v = hipc__regions_plain_name(rw, k) ? hipc__regions_lookup(K, rw, k)
                                            : -1;
    if (v >= 0 && taint[v])
      return 1;
  }
  return 0;
}

int hipc__regions_thread_dependent(struct rw *rw, struct rkernel *K, long a,
                                   long b) {
  /* A variable depends on threadIdx when its initializer or the rest of a
   * statement that writes it does (to the next ';' or ')'), transitively. */
  char *taint = hipc__util_alloc(K->nv + 1);
  memset(taint, 0, K->nv + 1);
  for (int changed = 1; changed;) {
    changed = 0;
    for (int i = 0; i < K->nv; i++) {
      struct rvar *v = &K->v[i];
      if (taint[i])
        continue;
      int t = names_thread(rw, K, v->ia, v->ib, taint);
      for (long k = v->is_param ? K->body : v->vis; k < v->end && !t; k++) {
        if (!hipc__regions_plain_name(rw, k) ||
            !hipc__regions_same_name(rw, k, v->name) ||
            hipc__regions_lookup(K, rw, k) != i ||
            !hipc__regions_mutated(rw, k))
          continue;
        long e = k + 1;
        while (e < K->rbrace && !hipc__lex_is_p(rw, e, ";") &&
               !hipc__lex_is_p(rw, e, ")")) {
          if (hipc__lex_is_open(rw, e))
            e = hipc__lex_match_fwd(rw, e);
          e++;
        }
        t = names_thread(rw, K, k + 1, e, taint);
      }
      if (t)
        taint[i] = changed = 1;
    }
  }
  int r = names_thread(rw, K, a, b, taint);
  free(taint);
  return r;
}

void hipc__regions_uniform(struct rw *rw, struct rkernel *K) {
  /* Candidates: scalars and pointers of a written type (the one copy is
   * value-initialised first). */
  for (int i = 0; i < K->nv; i++) {
    struct rvar *v = &K->v[i];
    v->uni = !v->is_ref && v->da == v->db && (v->is_param || !v->is_auto);
    if (!v->uni || v->is_param)
      continue;
    int ptr = 0;
    for (long k = v->pa; k < v->pb; k++)
      ptr |= hipc__lex_is_p(rw, k, "*");
    struct rnode *d = &K->n[v->node];
    for (long k = d->sa; k < d->sb && !ptr; k++) {
      size_t n = rw->t[k].len;
      const char *t = rw->s + rw->t[k].off;
      if (!hipc__lex_in_list(rw, k, scalar_words) &&
          !(n > 2 && t[n - 2] == '_' && t[n - 1] == 't'))
        v->uni = 0;
    }
  }
  for (int changed = 1; changed;) {
    changed = 0;
    for (int i = 0; i < K->nv; i++) {
      struct rvar *v = &K->v[i];
      if (!v->uni)
        continue;
      int ok = v->is_param || uniform_decl(rw, K, &K->n[v->node]);
      if (ok)
        ok = writes_ok(rw, K, v, 1);
      if (!ok)
        v->uni = 0, changed = 1;
    }
  }
  /* The statements and clauses that run once. */
  for (int i = 0; i < K->nn; i++) {
    struct rnode *n = &K->n[i];
    if (n->kind == N_STMT)
      n->uni = hipc__lex_is_p(rw, n->b - 1, ";") &&
               uniform_stmt(rw, K, n->a, n->b - 1) >= 0;
    else if (n->kind == N_DECL)
      n->uni = n->nv > 0 && uniform_decl(rw, K, n);
    if (n->kind == N_IF)
      n->cond_uni = expr_ok(rw, K, n->ca, n->cb, UNIFORM);
    if (n->kind != N_LOOP)
      continue;
    if (n->init_decl >= 0)
      n->init_uni = K->n[n->init_decl].uni =
          uniform_decl(rw, K, &K->n[n->init_decl]);
    else if (n->ia < n->ib)
      n->init_uni = uniform_stmt(rw, K, n->ia, n->ib) >= 0;
    n->cond_uni = n->ca < n->cb && expr_ok(rw, K, n->ca, n->cb, UNIFORM);
    n->inc_uni = n->xa < n->xb && uniform_stmt(rw, K, n->xa, n->xb) >= 0;
  }
  /* Recomputable: never written, initialized from what cannot change. */
  for (int i = 0; i < K->nv; i++) {
    struct rvar *v = &K->v[i];
    if (v->uni || v->is_param || v->is_ref || v->da < v->db ||
        v->ia >= v->ib || hipc__lex_is_p(rw, v->ia + 1, "{") ||
        !writes_ok(rw, K, v, 0))
      continue;
    long a = v->ia + 1, b = hipc__lex_is_p(rw, v->ia, "=") ? v->ib : v->ib - 1;
    v->remat = expr_ok(rw, K, a, b, REMAT);
  }
}
