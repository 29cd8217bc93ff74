/* The region form of kernels with barriers: the analysis (docs/internals.md,
 * "Regions").
 *
 * A kernel whose `__syncthreads();` statements all sit directly in its body,
 * in the bodies of `for`/`while`/`do` loops or in plain blocks (nested
 * freely) is cut at those statements into region pieces. The pieces of one
 * scope are the runs of statements between barriers and nested spanning
 * statements; a loop's init, condition and increment are pieces of their
 * own. Each piece becomes one loop over the block's threads
 * (rewrite_regions_emit.c). A local declared in a spanning scope and named
 * in another piece than its own is kept per thread (a slot). Anything this
 * file cannot account for leaves the kernel on fibers, unchanged.
 */
#include "rewrite_regions.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rewrite_passes.h"

#define FAIL (-1)

static int is_barrier_stmt(struct rw *rw, long i) {
  return hipc__lex_is_id(rw, i, "__syncthreads") &&
         hipc__lex_is_p(rw, i + 1, "(") && hipc__lex_is_p(rw, i + 2, ")") &&
         hipc__lex_is_p(rw, i + 3, ";") &&
         !hipc__lex_is_p(rw, i - 1, ".") && !hipc__lex_is_p(rw, i - 1, "->");
}

static int has_sync(struct rw *rw, long a, long b) {
  for (long k = a; k < b; k++)
    if (hipc__lex_is_id(rw, k, "__syncthreads"))
      return 1;
  return 0;
}

/* A barrier or a warp shuffle: what splits a kernel into pieces. */
static int has_barrier(struct rw *rw, long a, long b) {
  return has_sync(rw, a, b) || hipc__regions_has_shfl(rw, a, b);
}

/* The end (exclusive) of the statement starting at `i`, or FAIL. */
static long stmt_end(struct rw *rw, long i, long end) {
  if (i >= end)
    return FAIL;
  if (hipc__lex_is_p(rw, i, "{")) {
    long e = hipc__lex_match_fwd(rw, i);
    return e < 0 || e >= end ? FAIL : e + 1;
  }
  if (hipc__lex_in_list(rw, i, "if for while switch")) {
    long o = i + 1 + hipc__lex_is_id(rw, i + 1, "constexpr");
    if (!hipc__lex_is_p(rw, o, "("))
      return FAIL;
    long c = hipc__lex_match_fwd(rw, o);
    if (c < 0)
      return FAIL;
    long e = stmt_end(rw, c + 1, end);
    if (e > 0 && hipc__lex_is_id(rw, i, "if") && hipc__lex_is_id(rw, e, "else"))
      e = stmt_end(rw, e + 1, end);
    return e;
  }
  if (hipc__lex_is_id(rw, i, "do")) {
    long e = stmt_end(rw, i + 1, end);
    if (e < 0 || !hipc__lex_is_id(rw, e, "while") ||
        !hipc__lex_is_p(rw, e + 1, "("))
      return FAIL;
    long c = hipc__lex_match_fwd(rw, e + 1);
    return c > 0 && hipc__lex_is_p(rw, c + 1, ";") ? c + 2 : FAIL;
  }
  if (hipc__lex_in_list(rw, i, "else try"))
    return FAIL;
  /* Anything else ends at the first top-level ';'. */
  for (long k = i; k < end; k++) {
    if (hipc__lex_is_p(rw, k, ";"))
      return k + 1;
    if (hipc__lex_is_open(rw, k)) {
      k = hipc__lex_match_fwd(rw, k);
      if (k < 0 || k >= end)
        return FAIL;
    } else if (hipc__lex_is_close(rw, k)) {
      return FAIL;
    }
  }
  return FAIL;
}

/* ---- Checks inside a piece ------------------------------------------- */

/* The lambdas in [a, b) must not return (a `return` there would end the
 * thread) and nothing may be a label, a goto, a coroutine or a launch. */
static int check_tokens(struct rw *rw, long a, long b) {
  for (long k = a; k < b; k++) {
    if (hipc__lex_in_list(rw, k, "goto co_await co_yield co_return asm "
                                 "__asm__ __syncthreads"))
      return FAIL;
    if (hipc__lex_triple(rw, k, "<"))
      return FAIL;
    if (hipc__lex_is_ident(rw, k) && hipc__lex_is_p(rw, k + 1, ":") &&
        (hipc__lex_is_p(rw, k - 1, ";") || hipc__lex_is_p(rw, k - 1, "{") ||
         hipc__lex_is_p(rw, k - 1, "}")) &&
        !hipc__lex_in_list(rw, k, "default public private protected"))
      return FAIL;  /* a label */
    /* A lambda: `[` that does not subscript anything. */
    if (hipc__lex_is_p(rw, k, "[") && !hipc__lex_is_p(rw, k + 1, "[") &&
        !(hipc__lex_is_ident(rw, k - 1) || hipc__lex_is_close(rw, k - 1) ||
          (k - 1 >= 0 && (rw->t[k - 1].kind == T_NUMBER ||
                          rw->t[k - 1].kind == T_STRING)))) {
      long e = hipc__lex_match_fwd(rw, k);
      if (e < 0)
        return FAIL;
      long body = e + 1;
      while (body < b && !hipc__lex_is_p(rw, body, "{") &&
             !hipc__lex_is_p(rw, body, ";") && !hipc__lex_is_p(rw, body, ",") &&
             !hipc__lex_is_close(rw, body)) {
        if (hipc__lex_is_open(rw, body) &&
            (body = hipc__lex_match_fwd(rw, body)) < 0)
          return FAIL;
        body++;
      }
      if (hipc__lex_is_p(rw, body, "{")) {
        long be = hipc__lex_match_fwd(rw, body);
        for (long m = body; m < be; m++)
          if (hipc__lex_is_id(rw, m, "return"))
            return FAIL;
      }
    }
  }
  return 0;
}

/* Walks the statement at `i` of a piece: a `break`/`continue` must bind
 * inside the piece (`loops`, `switches`: enclosing ones inside it). Sets
 * `*ret` when the statement may return. Returns its end, or FAIL. */
static long walk(struct rw *rw, long i, long end, int loops, int switches,
                 int *ret) {
  if (hipc__lex_is_p(rw, i, "{")) {
    long e = hipc__lex_match_fwd(rw, i);
    for (long k = i + 1; k < e;) {
      if (hipc__lex_is_id(rw, k, "case") || hipc__lex_is_id(rw, k, "default")) {
        if (!switches)
          return FAIL;
        while (k < e && !hipc__lex_is_p(rw, k, ":"))
          k++;
        k++;
        continue;
      }
      if ((k = walk(rw, k, e, loops, switches, ret)) < 0)
        return FAIL;
    }
    return e + 1;
  }
  if (hipc__lex_in_list(rw, i, "for while switch if")) {
    long o = i + 1 + hipc__lex_is_id(rw, i + 1, "constexpr");
    long c = hipc__lex_is_p(rw, o, "(") ? hipc__lex_match_fwd(rw, o) : -1;
    if (c < 0)
      return FAIL;
    int is_loop = !hipc__lex_is_id(rw, i, "switch") &&
                  !hipc__lex_is_id(rw, i, "if");
    int is_sw = hipc__lex_is_id(rw, i, "switch");
    long e = walk(rw, c + 1, end, loops + is_loop, switches + is_sw, ret);
    if (e > 0 && hipc__lex_is_id(rw, i, "if") && hipc__lex_is_id(rw, e, "else"))
      e = walk(rw, e + 1, end, loops, switches, ret);
    return e;
  }
  if (hipc__lex_is_id(rw, i, "do")) {
    long e = walk(rw, i + 1, end, loops + 1, switches, ret);
    return e < 0 ? FAIL : stmt_end(rw, i, end);
  }
  if (hipc__lex_is_id(rw, i, "try")) {
    long e = walk(rw, i + 1, end, loops, switches, ret);
    while (e > 0 && hipc__lex_is_id(rw, e, "catch")) {
      long c = hipc__lex_match_fwd(rw, e + 1);
      e = c < 0 ? FAIL : walk(rw, c + 1, end, loops, switches, ret);
    }
    return e;
  }
  if ((hipc__lex_is_id(rw, i, "break") && loops + switches == 0) ||
      (hipc__lex_is_id(rw, i, "continue") && loops == 0))
    return FAIL;
  if (hipc__lex_is_id(rw, i, "return"))
    *ret = 1;
  return stmt_end(rw, i, end);
}

/* ---- Declarations ---------------------------------------------------- */

static const char *type_kw =
    "const volatile unsigned signed int long short char float double bool "
    "void auto wchar_t char8_t char16_t char32_t __int128 _Float16 __fp16 "
    "register __restrict__ __restrict restrict";

static const char *cv_kw =
    "const volatile register __restrict__ __restrict restrict";

/* The '>' closing the '<' at `i`, or -1. */
static long angle_fwd(struct rw *rw, long i, long end) {
  int depth = 0;
  for (long k = i; k < end; k++) {
    if (hipc__lex_is_p(rw, k, "<"))
      depth++;
    else if (hipc__lex_is_p(rw, k, ">") && --depth == 0)
      return k;
    else if (hipc__lex_is_p(rw, k, ">>") && (depth -= 2) <= 0)
      return -1;
    else if (hipc__lex_is_p(rw, k, "(") || hipc__lex_is_p(rw, k, "["))
      k = hipc__lex_match_fwd(rw, k);
    else if (hipc__lex_is_p(rw, k, ";") || hipc__lex_is_p(rw, k, "{") ||
             hipc__lex_is_p(rw, k, "}"))
      return -1;
    if (k < 0)
      return -1;
  }
  return -1;
}

void hipc__regions_add_var(struct rkernel *K, struct rvar v) {
  if (K->nv == K->capv) {
    K->capv = K->capv ? 2 * K->capv : 16;
    K->v = hipc__util_realloc(K->v, K->capv * sizeof *K->v);
  }
  K->v[K->nv++] = v;
}

/* Classifies the statement [a, b) (`b`: its ';'): 0 an expression, 1 a
 * declaration (its variables added, specifiers in `*sb`), 2 a declaration
 * to hoist (static, constexpr, a type), FAIL one this file cannot
 * handle. */
static int parse_decl(struct rw *rw, struct rkernel *K, long a, long b,
                      long *sb, long end_scope) {
  long k = a;
  for (long e; (e = hipc__lex_skip_attr(rw, k)) != k;)
    k = e;
  long head = k;
  /* Hoisted: what is one object per block (or no object at all). */
  long eq = hipc__lex_top_find(rw, a, b, "=", 0);
  for (long m = a; m < eq; m++)
    if (hipc__lex_in_list(rw, m, "__shared__ static thread_local extern "
                                 "constexpr typedef using"))
      return 2;
  if (hipc__lex_in_list(rw, head, "struct class union enum")) {
    long m = head + 1;
    if (hipc__lex_in_list(rw, m, "class struct"))
      m++;  /* `enum class` */
    if (hipc__lex_is_ident(rw, m))
      m++;
    while (hipc__lex_is_p(rw, m, "::") && hipc__lex_is_ident(rw, m + 1))
      m += 2;
    if (hipc__lex_is_p(rw, m, "{")) {
      long e = hipc__lex_match_fwd(rw, m);
      return e + 1 == b ? 2 : FAIL;
    }
    if (m == b)
      return 2;  /* a forward declaration */
  }
  if (hipc__lex_in_list(rw, head, "static_assert return break continue "
                                  "throw delete new this sizeof"))
    return 0;
  /* A `const` local of a constant initializer: hoisted too, so that it
   * stays a constant expression (array bounds). */
  int kw = 0, named = 0;
  for (k = head; k < b;) {
    if (hipc__lex_in_list(rw, k, type_kw)) {
      kw = 1;
      named |= !hipc__lex_in_list(rw, k, cv_kw);
      k++;
    } else if (!named && hipc__lex_is_id(rw, k, "decltype") &&
               hipc__lex_is_p(rw, k + 1, "(")) {
      k = hipc__lex_match_fwd(rw, k + 1) + 1;
      named = kw = 1;
    } else if (!named && (hipc__lex_is_ident(rw, k) ||
                          hipc__lex_is_p(rw, k, "::"))) {
      if (hipc__lex_in_list(rw, k, "typename struct class union enum"))
        k++, kw = 1;
      if (hipc__lex_is_p(rw, k, "::"))
        k++;
      for (;;) {
        if (!hipc__lex_is_ident(rw, k))
          return kw ? FAIL : 0;
        k++;
        if (hipc__lex_is_p(rw, k, "<")) {
          long g = angle_fwd(rw, k, b);
          if (g < 0)
            return kw ? FAIL : 0;
          k = g + 1;
        }
        if (!hipc__lex_is_p(rw, k, "::"))
          break;
        k++;
        if (hipc__lex_is_id(rw, k, "template"))
          k++;
      }
      named = 1;
    } else {
      break;
    }
  }
  if (!kw && !named)
    return 0;
  if (!kw) {
    /* `T x ...`, `T* x ...` or an expression? */
    long m = k;
    while (hipc__lex_is_p(rw, m, "*") || hipc__lex_in_list(rw, m, type_kw))
      m++;
    if (hipc__lex_is_p(rw, m, "&") || hipc__lex_is_p(rw, m, "&&"))
      m++;
    if (!hipc__lex_is_ident(rw, m) ||
        !(hipc__lex_is_p(rw, m + 1, "=") || hipc__lex_is_p(rw, m + 1, ";") ||
          hipc__lex_is_p(rw, m + 1, ",") || hipc__lex_is_p(rw, m + 1, "[") ||
          hipc__lex_is_p(rw, m + 1, "{") || hipc__lex_is_p(rw, m + 1, "(")))
      return 0;
  }
  *sb = k;
  int is_auto = 0, is_const = 0;
  for (long m = head; m < k; m++) {
    is_auto |= hipc__lex_is_id(rw, m, "auto");
    is_const |= hipc__lex_is_id(rw, m, "const");
  }
  if (k == b)
    return FAIL;
  int v0 = K->nv;
  for (long d = k; d < b;) {
    long de = hipc__lex_top_find(rw, d, b, ",", 0);
    struct rvar v = {.pa = d, .end = end_scope, .is_auto = is_auto};
    long m = d;
    for (;; m++) {
      if (hipc__lex_is_p(rw, m, "*") ||
          hipc__lex_in_list(rw, m, "const volatile __restrict__ __restrict "
                                   "restrict"))
        continue;
      if (hipc__lex_is_p(rw, m, "&") || hipc__lex_is_p(rw, m, "&&")) {
        v.is_ref = 1;
        continue;
      }
      break;
    }
    if (!hipc__lex_is_ident(rw, m) || hipc__lex_in_list(rw, m, type_kw))
      return FAIL;
    v.pb = m, v.name = m++;
    v.da = m;
    while (hipc__lex_is_p(rw, m, "[")) {
      m = hipc__lex_match_fwd(rw, m);
      if (m < 0 || m >= de)
        return FAIL;
      m++;
    }
    v.db = v.ia = m;
    if (hipc__lex_is_p(rw, m, "=")) {
      m = de;
    } else if (hipc__lex_is_p(rw, m, "{") || hipc__lex_is_p(rw, m, "(")) {
      m = hipc__lex_match_fwd(rw, m) + 1;
      if (m <= 0)
        return FAIL;
    }
    if (m != de)
      return FAIL;
    v.ib = de;
    if (is_auto && (v.ia == v.ib || hipc__lex_is_p(rw, v.ia + 1, "{") ||
                    v.da != v.db))
      v.is_ref = 1;  /* `auto x;`, `auto x = {...}`: not kept per thread */
    for (long j = v.ia; j < v.ib; j++)
      if (hipc__lex_is_p(rw, j, "[") && !hipc__lex_is_p(rw, j + 1, "[") &&
          !hipc__lex_is_ident(rw, j - 1) && !hipc__lex_is_close(rw, j - 1))
        v.is_ref = 1;  /* a lambda: what it captures may not outlive it */
    v.vis = de;
    v.node = K->nn;
    hipc__regions_add_var(K, v);
    d = de + 1;
  }
  /* `const int n = 16;`: a constant. Hoisted when every declarator has a
   * literal initializer (numbers and operators only). */
  if (is_const && !is_auto) {
    int lit = 1;
    for (int i = v0; i < K->nv && lit; i++) {
      struct rvar *v = &K->v[i];
      lit = v->ia < v->ib && hipc__lex_is_p(rw, v->ia, "=") && v->pa == v->pb;
      for (long m = v->ia + 1; m < v->ib && lit; m++)
        lit = rw->t[m].kind == T_NUMBER ||
              (rw->t[m].kind == T_PUNCT && !hipc__lex_is_p(rw, m, "[") &&
               !hipc__lex_is_p(rw, m, "{"));
    }
    if (lit) {
      K->nv = v0;
      return 2;
    }
  }
  return 1;
}

/* ---- Scopes ---------------------------------------------------------- */

static int new_node(struct rkernel *K, int kind, long a, long b) {
  if (K->nn == K->capn) {
    K->capn = K->capn ? 2 * K->capn : 32;
    K->n = hipc__util_realloc(K->n, K->capn * sizeof *K->n);
  }
  K->n[K->nn] = (struct rnode){.kind = kind, .a = a, .b = b, .piece = -1,
                               .init_decl = -1, .init_piece = -1,
                               .cond_piece = -1, .inc_piece = -1,
                               .pred = -1, .piece2 = -1};
  return K->nn++;
}

static int new_piece(struct rkernel *K, long a, long b) {
  if (K->np == K->capp) {
    K->capp = K->capp ? 2 * K->capp : 16;
    K->p = hipc__util_realloc(K->p, K->capp * sizeof *K->p);
  }
  K->p[K->np] = (struct rpiece){a, b};
  return K->np++;
}

static void add_kid(struct rkernel *K, int parent, int kid) {
  struct rnode *p = &K->n[parent];
  p->kids = hipc__util_realloc(p->kids, (p->nk + 1) * sizeof *p->kids);
  p->kids[p->nk++] = kid;
}

static int parse_scope(struct rw *rw, struct rkernel *K, int parent, long a,
                       long b);

/* A statement of a spanning scope ending at `end_scope`. */
static int parse_stmt(struct rw *rw, struct rkernel *K, int parent, long i,
                      long end, long end_scope, long *next) {
  long e = stmt_end(rw, i, end);
  if (e < 0)
    return FAIL;
  *next = e;
  if (is_barrier_stmt(rw, i)) {
    add_kid(K, parent, new_node(K, N_BARRIER, i, e));
    return 0;
  }
  int spans = has_barrier(rw, i, e);
  if (spans && !hipc__lex_is_p(rw, i, "{") &&
      !hipc__lex_in_list(rw, i, "if for while do switch try return case "
                                "default else") &&
      !has_sync(rw, i, e)) {
    /* `x op= __shfl_*(e, ...);`: a split point of its own. */
    struct rnode sh;
    long sb;
    if (hipc__regions_shfl_stmt(rw, i, e, &sh) ||
        parse_decl(rw, K, i, e - 1, &sb, end_scope) != 0 ||
        check_tokens(rw, i, e))
      return FAIL;
    int n = new_node(K, N_SHFL, i, e);
    K->n[n].sh = sh.sh, K->n[n].ea = sh.ea, K->n[n].eb = sh.eb;
    K->n[n].comma = sh.comma, K->n[n].rc = sh.rc;
    add_kid(K, parent, n);
    K->nshfl++;
    return 0;
  }
  if (spans && hipc__lex_is_p(rw, i, "{")) {
    int n = new_node(K, N_BLOCK, i, e);
    add_kid(K, parent, n);
    return parse_scope(rw, K, n, i + 1, e - 1);
  }
  if (spans && hipc__lex_in_list(rw, i, "for while do")) {
    int n = new_node(K, N_LOOP, i, e);
    add_kid(K, parent, n);
    struct rnode *L = &K->n[n];
    L->loop = rw->s[rw->t[i].off];
    long body, body_end;
    if (L->loop == 'd') {
      body = i + 1;
      body_end = stmt_end(rw, body, end);
      long c = body_end + 1;  /* the condition's '(' */
      L->ca = c + 1, L->cb = hipc__lex_match_fwd(rw, c);
    } else {
      long c = hipc__lex_match_fwd(rw, i + 1);
      body = c + 1, body_end = e;
      if (L->loop == 'w') {
        L->ca = i + 2, L->cb = c;
      } else {
        long s1 = hipc__lex_top_find(rw, i + 2, c, ";", 0);
        long s2 = s1 < c ? hipc__lex_top_find(rw, s1 + 1, c, ";", 0) : c;
        if (s2 >= c)
          return FAIL;  /* a range-based for */
        L->ia = i + 2, L->ib = s1, L->ca = s1 + 1, L->cb = s2;
        L->xa = s2 + 1, L->xb = c;
      }
    }
    if (check_tokens(rw, L->ia, L->ib) || check_tokens(rw, L->ca, L->cb) ||
        check_tokens(rw, L->xa, L->xb))
      return FAIL;
    for (long k = L->ca; k < L->cb; k++)
      if (hipc__lex_in_list(rw, k, type_kw))
        return FAIL;  /* `while (int x = ...)` */
    if (L->ia < L->ib) {
      long sb;
      int d = parse_decl(rw, K, L->ia, L->ib, &sb, e);
      if (d == FAIL || d == 2)
        return FAIL;
      L = &K->n[n];
      if (d == 1) {
        int dn = new_node(K, N_DECL, L->ia, L->ib + 1);
        K->n[dn].sa = L->ia, K->n[dn].sb = sb;
        K->n[dn].v0 = K->nv, K->n[dn].nv = 0;
        for (int v = K->nv - 1; v >= 0 && K->v[v].node == dn; v--)
          K->n[dn].v0 = v, K->n[dn].nv++;
        K->n[n].init_decl = dn;
      }
    }
    if (hipc__lex_is_p(rw, body, "{"))
      return parse_scope(rw, K, n, body + 1, body_end - 1);
    return parse_scope(rw, K, n, body, body_end);
  }
  if (spans && hipc__lex_is_id(rw, i, "if")) {
    /* Barriers under an `if` whose condition turns out uniform (checked
     * once the uniform variables are known). */
    long o = i + 1 + hipc__lex_is_id(rw, i + 1, "constexpr");
    long c = hipc__lex_match_fwd(rw, o);
    long te = stmt_end(rw, c + 1, end);
    if (te < 0 || check_tokens(rw, o + 1, c))
      return FAIL;
    for (long k = o + 1; k < c; k++)
      if (hipc__lex_in_list(rw, k, type_kw) || hipc__lex_is_p(rw, k, ";"))
        return FAIL;  /* `if (int x = ...)`, `if (init; cond)` */
    int n = new_node(K, N_IF, i, e);
    add_kid(K, parent, n);
    K->n[n].ca = o + 1, K->n[n].cb = c;
    long ranges[2][2] = {{c + 1, te}, {te + 1, e}};
    if (!hipc__lex_is_id(rw, te, "else"))
      ranges[1][0] = ranges[1][1] = te;
    for (int r = 0; r < 2; r++) {
      long a = ranges[r][0], b = ranges[r][1];
      int blk = new_node(K, N_BLOCK, a, b);
      add_kid(K, n, blk);
      if (a < b && hipc__lex_is_p(rw, a, "{") &&
          hipc__lex_match_fwd(rw, a) == b - 1)
        a++, b--;
      if (parse_scope(rw, K, blk, a, b))
        return FAIL;
    }
    return 0;
  }
  if (spans)
    return FAIL;  /* a barrier under switch, try, in an expression... */
  if (hipc__lex_in_list(rw, i, "case default"))
    return FAIL;
  long sb = 0;
  int d = 0;
  if (hipc__lex_is_p(rw, e - 1, ";") &&
      !hipc__lex_in_list(rw, i, "if for while do switch try return break "
                                "continue goto"))
    d = parse_decl(rw, K, i, e - 1, &sb, end_scope);
  if (d == FAIL)
    return FAIL;
  int n = new_node(K, d == 1 ? N_DECL : d == 2 ? N_HOIST : N_STMT, i, e);
  add_kid(K, parent, n);
  if (d == 1) {
    K->n[n].sa = i, K->n[n].sb = sb;
    int v0 = K->nv;
    while (v0 > 0 && K->v[v0 - 1].node == n)
      v0--;
    K->n[n].v0 = v0, K->n[n].nv = K->nv - v0;
  }
  if (check_tokens(rw, i, e))
    return FAIL;
  if (d != 1 && walk(rw, i, e, 0, 0, &K->has_return) < 0)
    return FAIL;
  return 0;
}

/* The statements [a, b) of a spanning scope, children of `parent`. */
static int parse_scope(struct rw *rw, struct rkernel *K, int parent, long a,
                       long b) {
  for (long i = a; i < b;) {
    long next;
    if (parse_stmt(rw, K, parent, i, b, b, &next))
      return FAIL;
    i = next;
  }
  return 0;
}

static void set_piece(struct rkernel *K, struct rnode *c, int piece) {
  c->piece = piece;
  for (int v = c->kind == N_DECL ? c->v0 : 0;
       c->kind == N_DECL && v < c->v0 + c->nv; v++)
    K->v[v].piece = piece;
}

/* Groups the statements of scope `s` into pieces: runs of statements
 * between barriers, nested spanning statements and statements that run
 * once per block. */
static void group(struct rkernel *K, int s) {
  struct rnode *S = &K->n[s];
  if (S->kind == N_LOOP) {
    if (S->ia < S->ib) {
      S->init_piece = new_piece(K, S->ia, S->ib + 1);
      S = &K->n[s];
      if (S->init_decl >= 0)
        set_piece(K, &K->n[S->init_decl], S->init_piece);
    }
    S = &K->n[s];
    if (S->ca < S->cb)
      S->cond_piece = new_piece(K, S->ca, S->cb);
    S = &K->n[s];
    if (S->xa < S->xb)
      S->inc_piece = new_piece(K, S->xa, S->xb);
  }
  int piece = -1;
  for (int j = 0; j < K->n[s].nk; j++) {
    int ci = K->n[s].kids[j];
    struct rnode *c = &K->n[ci];
    if ((c->kind == N_STMT || c->kind == N_DECL || c->kind == N_HOIST) &&
        !c->uni) {
      if (piece < 0)
        piece = new_piece(K, c->a, c->b);
      c = &K->n[ci];
      K->p[piece].b = c->b;
      set_piece(K, c, piece);
    } else {
      piece = -1;
      if (c->kind == N_SHFL) {
        /* The statement, then its argument: the argument's tokens belong
         * to the later piece (K->piece_of). */
        int p2 = new_piece(K, c->a, c->b);
        c = &K->n[ci];
        c->piece2 = p2;
        c->piece = new_piece(K, c->ea, c->eb);
      }
      if (c->kind == N_LOOP || c->kind == N_BLOCK)
        group(K, ci);
      if (c->kind == N_IF)
        group(K, c->kids[0]), group(K, K->n[ci].kids[1]);
    }
  }
}

/* ---- Entry points ---------------------------------------------------- */

static void free_kernel(struct rkernel *K) {
  for (int i = 0; i < K->nn; i++)
    free(K->n[i].kids);
  free(K->n), free(K->v), free(K->p), free(K->piece_of), free(K->params);
  free(K->header), free(K->specs), free(K->name), free(K->sig);
  free(K);
}

static int regions_disabled(void) {
  const char *e = getenv("HIPC_NO_REGIONS");
  return e != NULL && *e != '\0' && strcmp(e, "0") != 0;
}

int hipc__rewrite_regions_plan(struct rw *rw, long body, long rbrace,
                               const char *header, const char *specs,
                               const char *name, const char *sig,
                               const char *tparams, long lparen,
                               long rparen) {
  if (regions_disabled() || !has_barrier(rw, body, rbrace))
    return 0;
  struct rkernel *K = hipc__util_alloc(sizeof *K);
  memset(K, 0, sizeof *K);
  K->body = body, K->rbrace = rbrace;
  K->top = new_node(K, N_BLOCK, body, rbrace + 1);
  hipc__regions_add_params(rw, K, lparen, rparen);
  K->tparams = tparams;
  int ok = parse_scope(rw, K, K->top, body + 1, rbrace) == 0;
  char *skip = NULL;
  if (ok) {
    hipc__regions_uniform(rw, K);
    /* An `if` that threads may take differently holds shuffles only and
     * is predicated (rewrite_regions_warp.c), or stays on fibers. */
    ok = hipc__regions_predicate(rw, K) == 0;
    for (int i = 0; i < K->nn; i++) {
      struct rnode *n = &K->n[i];
      /* A loop whose condition depends on threadIdx (`for (i = tid; i < n;
       * i += blockDim.x)`) likely ends at different times in different
       * threads: fibers run it as a GPU would; the region form would
       * stop the program (see region_block::cond). */
      if (n->kind == N_LOOP && n->ca < n->cb && !n->cond_uni &&
          hipc__regions_thread_dependent(rw, K, n->ca, n->cb))
        ok = 0;
    }
    group(K, K->top);
    long n = rbrace + 1 - body;
    K->piece_of = hipc__util_alloc(n * sizeof *K->piece_of);
    for (long k = 0; k < n; k++)
      K->piece_of[k] = -1;
    for (int p = 0; p < K->np; p++)
      for (long k = K->p[p].a; k < K->p[p].b; k++)
        K->piece_of[k - body] = p;
    ok = ok && hipc__regions_choose_slots(rw, K) == 0;
    skip = hipc__util_alloc(n);
    memset(skip, 0, n);
    for (int i = 0; i < K->nn; i++)
      if (K->n[i].kind == N_BARRIER)
        skip[K->n[i].a - body] = 1;
      else if (K->n[i].kind == N_SHFL)
        skip[K->n[i].sh - body] = 1;
  }
  if (ok)
    ok = !hipc__regions_calls_collective(rw, body, rbrace + 1, skip);
  free(skip);
  const char *verbose = getenv("HIPC_REGIONS_VERBOSE");
  if (verbose != NULL && *verbose != '\0') {
    struct tok *t = &rw->t[body];
    fprintf(stderr, "%.*s:%u: note: kernel '%s' runs %s\n",
            t->file >= 0 ? (int)rw->file_lens[t->file] : 7,
            t->file >= 0 ? rw->files[t->file] : "<input>", t->line, name,
            ok ? "in region form" : "on fibers");
  }
  if (!ok) {
    free_kernel(K);
    return 0;
  }
  K->header = hipc__util_strdup(header);
  K->specs = hipc__util_strdup(specs);
  K->name = hipc__util_strdup(name);
  K->sig = hipc__util_strdup(sig);
  struct rstate *st = rw->regions;
  if (st == NULL) {
    st = rw->regions = hipc__util_alloc(sizeof *st);
    memset(st, 0, sizeof *st);
  }
  if (st->tail)
    st->tail->next = K;
  else
    st->head = K;
  st->tail = K;
  return 1;
}

void hipc__rewrite_regions_finish(struct rw *rw, int emit) {
  struct rstate *st = rw->regions;
  if (st == NULL)
    return;
  for (struct rkernel *K = st->head, *next; K; K = next) {
    next = K->next;
    if (emit) {
      /* The region function goes between the body and the stub, which
       * names it. */
      char *fn = hipc__regions_emit_kernel(rw, K);
      struct tok *t = &rw->t[K->rbrace];
      char *after = hipc__util_format(" %s%s", fn, t->after ? t->after : "");
      free(t->after);
      t->after = after;
      free(fn);
    }
    free_kernel(K);
  }
  free(st->def_name), free(st->def_open), free(st->def_close);
  free(st->ix_head), free(st->ix_next);
  free(st);
  rw->regions = NULL;
}
