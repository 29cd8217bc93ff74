/* `__device__`, `__constant__` and `__managed__` (docs/internals.md, "The
 * rewrites").
 *
 * The three qualifiers reach the rewriter intact (hip/hipc/qualifiers.h
 * defines them to themselves in the host pass) and are always removed: on
 * the CPU device a `__device__` function is an ordinary function and a
 * `__device__` variable an ordinary variable, whose host object is its
 * storage. A *variable definition at namespace scope* also gets, right
 * after its `;` and on the same line, a registration for the symbol API
 * (hipMemcpyToSymbol and friends):
 *
 *   __constant__ float c[4] = {1, 2, 3, 4};
 *
 * becomes
 *
 *   float c[4] = {1, 2, 3, 4}; static int __hipc_sym_7_0 __attribute__((
 *   unused)) = ::hipc_register_symbol((const void*)__builtin_addressof(c),
 *   "c", sizeof(c), 1 | ::hipc::symbol_readonly(__builtin_addressof(c)));
 *
 * (on one line). Not registered: `extern` declarations without an
 * initialiser (the definition registers), variable templates and anything
 * else after `template` (no single object to name), class members (their
 * out-of-class definition at namespace scope registers), and declarations
 * whose declarator has parentheses (functions, pointers to functions,
 * `T x(args)`). Those stay usable in kernels; the symbol API reports
 * hipErrorInvalidSymbol for them.
 *
 * The same scope information rejects a `__shared__` variable in a host
 * function (hipc__rewrite_shared_scope).
 */
#include "rewrite_passes.h"

#include <stdlib.h>
#include <string.h>

static const char *qualifiers = "__device__ __constant__ __managed__";

/* Whether the `{` at `i` opens a namespace or an `extern "C" {` block. */
static int opens_namespace(struct rw *rw, long i) {
  long k = i - 1;
  while (k >= 0 && (hipc__lex_is_ident(rw, k) || hipc__lex_is_p(rw, k, "::")) &&
         !hipc__lex_in_list(rw, k, "namespace"))
    k--;
  if (hipc__lex_is_id(rw, k, "namespace"))
    return 1;
  return i >= 2 && rw->t[i - 1].kind == T_STRING &&
         hipc__lex_is_id(rw, i - 2, "extern");
}

static long decl_start(struct rw *rw, long q);

/* Whether the `{` at `i` opens the body of a function (or lambda) declared
 * `__device__` or `__global__`. */
static int opens_device_body(struct rw *rw, long i) {
  for (long k = decl_start(rw, i); k < i; k++)
    if (hipc__lex_in_list(rw, k, "__device__ __global__"))
      return 1;
  return 0;
}

void hipc__rewrite_symbols_scan(struct rw *rw) {
  rw->ns = hipc__util_realloc(NULL, (size_t)(rw->nt > 0 ? rw->nt : 1));
  /* `stack[d]`: what the brace opened at depth d is (SCOPE_* bits). */
  char stack[1024];
  long depth = 0;
  long other = 0;  /* open braces that are not namespaces' */
  long device = 0; /* open braces of __device__ / __global__ bodies */
  for (long i = 0; i < rw->nt; i++) {
    rw->ns[i] = (unsigned char)((other == 0 ? SCOPE_NAMESPACE : 0) |
                                (device > 0 ? SCOPE_DEVICE : 0));
    if (hipc__lex_is_p(rw, i, "{")) {
      int ns = opens_namespace(rw, i);
      int dev = !ns && device == 0 && opens_device_body(rw, i);
      if (depth < (long)sizeof stack)
        stack[depth] = (char)((ns ? SCOPE_NAMESPACE : 0) |
                              (dev ? SCOPE_DEVICE : 0));
      depth++;
      other += !ns;
      device += dev;
    } else if (hipc__lex_is_p(rw, i, "}") && depth > 0) {
      depth--;
      int what = depth < (long)sizeof stack ? stack[depth] : 0;
      if (!(what & SCOPE_NAMESPACE))
        other--;
      if (what & SCOPE_DEVICE)
        device--;
    }
  }
}

/* The first token of the declaration that holds token `q`: just after the
 * `;`, `{` or `}` before it. */
static long decl_start(struct rw *rw, long q) {
  long s = q;
  while (s > 0) {
    long k = s - 1;
    if (hipc__lex_is_p(rw, k, ";") || hipc__lex_is_p(rw, k, "{") ||
        hipc__lex_is_p(rw, k, "}"))
      break;
    if (hipc__lex_is_close(rw, k) && (k = hipc__lex_match_back(rw, k)) < 0)
      break;
    s = k;
  }
  return s;
}

/* From token `k`, skips to the first top-level token that is one of `( = {
 * ; ,` in a declarator, stepping over attributes, template argument lists,
 * array bounds and parenthesised operands of decltype, sizeof and the
 * like. A class body (`struct S { ... } s;`) is stepped over too. Returns
 * its index, or -1. */
static long declarator_stop(struct rw *rw, long k) {
  int tagged = 0;
  for (; k < rw->nt; k++) {
    long e = hipc__lex_skip_attr(rw, k);
    if (e != k) {
      k = e - 1;
      continue;
    }
    if (hipc__lex_in_list(rw, k, "struct class union enum"))
      tagged = 1;
    if (hipc__lex_is_id(rw, k, "operator"))
      return -1; /* an operator function (`operator==` has a `=`) */
    if (hipc__lex_is_p(rw, k, "<")) {
      k = hipc__lex_top_find(rw, k + 1, rw->nt, ">", 1);
      if (k >= rw->nt)
        return -1;
    } else if (hipc__lex_is_p(rw, k, "[") ||
               (hipc__lex_is_p(rw, k, "(") &&
                hipc__lex_in_list(rw, k - 1,
                                  "decltype __typeof__ __typeof typeof "
                                  "sizeof alignof __alignof__ _Alignof"))) {
      if ((k = hipc__lex_match_fwd(rw, k)) < 0)
        return -1;
    } else if (hipc__lex_is_p(rw, k, "{") && tagged) {
      if ((k = hipc__lex_match_fwd(rw, k)) < 0)
        return -1;
      tagged = 0;
    } else if (hipc__lex_is_p(rw, k, "(") || hipc__lex_is_p(rw, k, "=") ||
               hipc__lex_is_p(rw, k, "{") || hipc__lex_is_p(rw, k, ";") ||
               hipc__lex_is_p(rw, k, ",")) {
      return k;
    } else if (hipc__lex_is_close(rw, k)) {
      return -1;
    }
  }
  return -1;
}

/* The end of the initialiser that starts at `k` (a `=` or a `{`): the
 * top-level `,` or `;` after it, or -1. */
static long initializer_end(struct rw *rw, long k) {
  if (hipc__lex_is_p(rw, k, "{")) {
    if ((k = hipc__lex_match_fwd(rw, k)) < 0)
      return -1;
    k++;
  }
  for (; k < rw->nt; k++) {
    if (hipc__lex_is_p(rw, k, ",") || hipc__lex_is_p(rw, k, ";"))
      return k;
    if (hipc__lex_is_open(rw, k)) {
      if ((k = hipc__lex_match_fwd(rw, k)) < 0)
        return -1;
    } else if (hipc__lex_is_close(rw, k)) {
      return -1;
    }
  }
  return -1;
}

/* The declarator name that ends before `stop`: the last identifier, less
 * array bounds and attributes after it, with its qualification (`ns::x`).
 * Sets [*nb, *ne]; returns 0, or -1 when there is none. */
static int declarator_name(struct rw *rw, long from, long stop, long *nb,
                           long *ne) {
  long k = stop - 1;
  for (;;) {
    long b = hipc__lex_skip_attr_back(rw, k);
    if (b != k) {
      k = b;
    } else if (hipc__lex_is_p(rw, k, "]")) {
      if ((k = hipc__lex_match_back(rw, k)) < 0)
        return -1;
      k--;
    } else {
      break;
    }
  }
  if (k < from || !hipc__lex_is_ident(rw, k) ||
      hipc__lex_in_list(rw, k, "int char short long float double bool "
                               "unsigned signed auto const volatile void"))
    return -1;
  *ne = k;
  while (k - 2 >= from && hipc__lex_is_p(rw, k - 1, "::") &&
         hipc__lex_is_ident(rw, k - 2))
    k -= 2;
  *nb = k;
  return 0;
}

/* Whether token `i` comes from one of hipc's own headers (hip/hipc/...),
 * which are trusted to use `__shared__` where the CPU device allows it. */
static int in_hipc_header(struct rw *rw, long i) {
  int f = rw->t[i].file;
  if (f < 0)
    return 0;
  const char *name = rw->files[f];
  size_t n = rw->file_lens[f];
  for (size_t k = 0; k + 9 <= n; k++)
    if (memcmp(name + k, "hip/hipc/", 9) == 0)
      return 1;
  return 0;
}

int hipc__rewrite_shared_scope(struct rw *rw, long i) {
  /* A host function has no block to share the variable with; clang's HIP
   * refuses it too. */
  if (rw->ns != NULL && rw->ns[i] == 0 && !in_hipc_header(rw, i))
    return hipc__lex_fail(rw, i,
                          "__shared__ variable in a host function: "
                          "__shared__ is allowed in __global__ and __device__ "
                          "functions and at namespace scope");
  return 0;
}

/* Appends `text` to what is emitted after token `i`. */
static void append_after(struct rw *rw, long i, const char *text) {
  char *old = rw->t[i].after;
  rw->t[i].after = hipc__util_format("%s%s", old ? old : "", text);
  free(old);
}

void hipc__rewrite_symbol_edit(struct rw *rw, long q) {
  if (rw->t[q].drop)
    return; /* handled with an earlier qualifier of the same declaration */
  rw->t[q].drop = 1;
  if (rw->ns == NULL || !(rw->ns[q] & SCOPE_NAMESPACE))
    return;
  long s = decl_start(rw, q);
  long k = declarator_stop(rw, q + 1);
  if (k < 0 || hipc__lex_is_p(rw, k, "("))
    return; /* a function, or something not registered */
  int is_extern = 0, kind = 0;
  for (long m = s; m < k; m++) {
    if (hipc__lex_in_list(rw, m, "template typedef using friend"))
      return;
    is_extern |= hipc__lex_is_id(rw, m, "extern");
    if (hipc__lex_is_id(rw, m, "__constant__") && kind == 0)
      kind = 1;
    if (hipc__lex_is_id(rw, m, "__managed__"))
      kind = 2;
    if (hipc__lex_in_list(rw, m, qualifiers))
      rw->t[m].drop = 1;
  }
  /* One registration per declarator; all of them go after the `;`. A
   * managed variable's storage class is settled once (rewrite_managed.c). */
  struct buf regs = {0};
  long from = q + 1;
  int managed_specs = 0;
  for (int n = 0;; n++) {
    long nb, ne, end = k;
    int has_init = hipc__lex_is_p(rw, k, "=") || hipc__lex_is_p(rw, k, "{");
    if (has_init && (end = initializer_end(rw, k)) < 0)
      break;
    int named = declarator_name(rw, from, k, &nb, &ne) == 0;
    struct buf name = {0};
    if (named)
      hipc__lex_put_flat(rw, &name, nb, ne + 1);
    if (named && kind == 2) {
      int define = has_init || !is_extern;
      if (define && !managed_specs++)
        hipc__rewrite_managed_specifiers(rw, s, k);
      char *ref = hipc__rewrite_managed_declarator(rw, q, n, s, k, nb, ne,
                                                   define);
      if (ref != NULL)
        hipc__lex_buf_puts(&regs, ref);
      free(ref);
    }
    if (named && (has_init || !is_extern)) {
      char *r = hipc__util_format(
          " static int __hipc_sym_%ld_%d __attribute__((unused)) = "
          "::hipc_register_symbol((const void*)__builtin_addressof(%s), "
          "\"%s\", sizeof(%s), %d | "
          "::hipc::symbol_readonly(__builtin_addressof(%s)));",
          q, n, name.p, name.p, name.p, kind, name.p);
      hipc__lex_buf_puts(&regs, r);
      free(r);
    }
    free(name.p);
    if (hipc__lex_is_p(rw, end, ";")) {
      if (regs.p != NULL)
        append_after(rw, end, regs.p);
      break;
    }
    /* `,`: the next declarator. */
    from = end + 1;
    k = declarator_stop(rw, from);
    if (k < 0 || hipc__lex_is_p(rw, k, "("))
      break;
  }
  free(regs.p);
}
