/* `__managed__` variables at namespace scope (docs/nvidia.md, "Managed
 * variables on GPUs"): the host object becomes storage plus a reference
 * that the runtime binds when the program starts.
 *
 *   __managed__ float m[2] = {1, 2};
 *
 * becomes (on one line, then the symbol registration of rewrite_symbols.c)
 *
 *   static  float __hipc_managed_0_0 __asm__("__hipc_managed_0_0")[2] =
 *   {1, 2}; decltype(__hipc_managed_0_0)& m = *(decltype(
 *   __hipc_managed_0_0)*)::hipc_managed_bind((void*)__builtin_addressof(
 *   __hipc_managed_0_0), sizeof(__hipc_managed_0_0));
 *
 * hipc_managed_bind returns the variable's managed memory on the first GPU
 * when a GPU module defines it, else the storage itself (the CPU device).
 * The storage's asm label is what the GPU table names as the variable's
 * host object (managed.h). An `extern` declaration without initialiser
 * declares the reference: `extern float (&m)[2];`, `extern int &x;`. Each definition is
 * recorded with its qualified name for the device pass. */
#include "rewrite_passes.h"

#include <stdlib.h>
#include <string.h>

#include "managed.h"

static void append_after(struct rw *rw, long i, const char *text) {
  char *old = rw->t[i].after;
  rw->t[i].after = hipc__util_format("%s%s", old ? old : "", text);
  free(old);
}

/* Puts `text` before token `i`'s own text. */
static void prepend(struct rw *rw, long i, const char *text) {
  char *old = rw->t[i].text;
  struct buf b = {0};
  hipc__lex_buf_puts(&b, text);
  if (old != NULL)
    hipc__lex_buf_puts(&b, old);
  else if (!rw->t[i].drop)
    hipc__lex_buf_add(&b, rw->s + rw->t[i].off, rw->t[i].len);
  free(old);
  rw->t[i].text = b.p;
}

/* The namespaces around token `s`, outermost first and joined by `::`,
 * into `out`; `*c_linkage` set inside an `extern "C" {` block. */
static void namespace_path(struct rw *rw, long s, struct buf *out,
                           int *c_linkage) {
  struct buf rev[64];
  int n = 0;
  for (long k = s - 1; k >= 0; k--) {
    if (hipc__lex_is_p(rw, k, "}")) {
      long m = hipc__lex_match_back(rw, k);
      if (m < 0)
        break;
      k = m;
      continue;
    }
    if (!hipc__lex_is_p(rw, k, "{"))
      continue;
    if (k >= 2 && rw->t[k - 1].kind == T_STRING &&
        hipc__lex_is_id(rw, k - 2, "extern")) {
      *c_linkage = 1;
      continue;
    }
    long b = k - 1;
    while (b >= 0 && (hipc__lex_is_ident(rw, b) || hipc__lex_is_p(rw, b, "::"))
           && !hipc__lex_is_id(rw, b, "namespace"))
      b--;
    if (!hipc__lex_is_id(rw, b, "namespace") || n == 64)
      continue;
    rev[n] = (struct buf){0};
    if (b + 1 == k)
      hipc__lex_buf_puts(&rev[n], "(anonymous namespace)");
    else
      hipc__lex_put_flat(rw, &rev[n], b + 1, k);
    n++;
  }
  while (n-- > 0) {
    if (out->n > 0)
      hipc__lex_buf_puts(out, "::");
    hipc__lex_buf_puts(out, rev[n].p != NULL ? rev[n].p : "");
    free(rev[n].p);
  }
}

void hipc__rewrite_managed_specifiers(struct rw *rw, long s, long k) {
  int is_static = 0;
  for (long m = s; m < k; m++) {
    is_static |= hipc__lex_is_id(rw, m, "static");
    if (hipc__lex_is_id(rw, m, "extern")) {
      rw->t[m].drop = 1;
      if (m + 1 < k && rw->t[m + 1].kind == T_STRING)
        rw->t[++m].drop = 1;
    }
  }
  if (!is_static)
    prepend(rw, s, "static ");
}

char *hipc__rewrite_managed_declarator(struct rw *rw, long q, int n, long s,
                                       long k, long nb, long ne,
                                       int define) {
  if (!define) {  /* extern T x[N]; -> extern T (&x)[N]; */
    int array = hipc__lex_is_p(rw, ne + 1, "[");
    prepend(rw, nb, array ? "(&" : "&");
    if (array)
      append_after(rw, ne, ")");
    return NULL;
  }
  int is_static = 0, c_decl = 0, c_linkage = 0;
  for (long m = s; m < k; m++) {
    is_static |= hipc__lex_is_id(rw, m, "static");
    c_decl |= hipc__lex_is_id(rw, m, "extern") && m + 1 < k &&
              rw->t[m + 1].kind == T_STRING;
  }
  c_linkage = c_decl;
  struct buf name = {0}, qname = {0};
  hipc__lex_put_flat(rw, &name, nb, ne + 1);
  namespace_path(rw, s, &qname, &c_linkage);
  if (c_linkage) {
    free(qname.p);
    qname = (struct buf){0};
    hipc__lex_put_flat(rw, &qname, ne, ne + 1);
  } else {
    if (qname.n > 0)
      hipc__lex_buf_puts(&qname, "::");
    hipc__lex_buf_puts(&qname, name.p);
  }
  char *storage = hipc__util_format("__hipc_managed_%ld_%d", q, n);
  /* The storage takes the name's place; its label goes after the array
   * bounds (before any attribute). */
  free(rw->t[nb].text);
  rw->t[nb].text = hipc__util_strdup(storage);
  for (long m = nb + 1; m <= ne; m++)
    rw->t[m].drop = 1;
  long end = ne;
  while (hipc__lex_is_p(rw, end + 1, "[")) {
    long c = hipc__lex_match_fwd(rw, end + 1);
    if (c < 0)
      break;
    end = c;
  }
  char *label = hipc__util_format(" __asm__(\"%s\")", storage);
  append_after(rw, end, label);
  free(label);
  if (rw->managed != NULL)
    hipc__managed_add(rw->managed, qname.p, storage);
  char *ref = hipc__util_format(
      " %sdecltype(%s)& %s = *(decltype(%s)*)::hipc_managed_bind((void*)"
      "__builtin_addressof(%s), sizeof(%s));%s",
      is_static ? "static " : c_decl ? "extern \"C\" { " : "", storage,
      name.p, storage, storage, storage, c_decl && !is_static ? " }" : "");
  free(storage), free(name.p), free(qname.p);
  return ref;
}
