/* `__shared__` variables (docs/internals.md, "The rewrites"). */
#include "rewrite_passes.h"

#include <stdlib.h>

/* `extern __shared__ T name[];`, attributes anywhere: returns 1 after
 * rewriting it to `static ::hipc::dynamic_shared<T> name;`. */
static int dynamic_shared(struct rw *rw, long i) {
  long x = i - 1;
  for (long k; (k = hipc__lex_skip_attr_back(rw, x)) != x;)
    x = k;
  if (!hipc__lex_is_id(rw, x, "extern"))
    return 0;
  long start = x;
  for (long k; (k = hipc__lex_skip_attr_back(rw, start - 1)) != start - 1;)
    start = k + 1;
  long semi = i + 1;
  while (semi < rw->nt && !hipc__lex_is_p(rw, semi, ";")) {
    if (hipc__lex_is_p(rw, semi, "(") ||
        (hipc__lex_is_p(rw, semi, "[") && hipc__lex_is_p(rw, semi + 1, "[")))
      semi = hipc__lex_match_fwd(rw, semi);
    else if (hipc__lex_is_p(rw, semi, "{") || hipc__lex_is_p(rw, semi, "}") ||
             hipc__lex_is_p(rw, semi, "=") || hipc__lex_is_p(rw, semi, ","))
      return 0;
    if (semi < 0)
      return 0;
    semi++;
  }
  if (semi >= rw->nt)
    return 0;
  /* The tokens other than attributes: TYPE... NAME [ ]. */
  long keep[64];
  int nk = 0;
  for (long k = i + 1; k < semi && nk < 64;) {
    long e = hipc__lex_skip_attr(rw, k);
    if (e == k)
      keep[nk++] = k++;
    else
      k = e;
  }
  if (nk < 4 || nk == 64 || !hipc__lex_is_p(rw, keep[nk - 1], "]") ||
      !hipc__lex_is_p(rw, keep[nk - 2], "[") ||
      !hipc__lex_is_ident(rw, keep[nk - 3]))
    return 0;
  struct buf t = {0};
  for (int k = 0; k < nk - 3; k++) {
    if (k > 0 && rw->t[keep[k]].off > rw->t[keep[k - 1]].off +
                                          rw->t[keep[k - 1]].len)
      hipc__lex_buf_puts(&t, " ");
    hipc__lex_buf_add(&t, rw->s + rw->t[keep[k]].off, rw->t[keep[k]].len);
  }
  struct tok *n = &rw->t[keep[nk - 3]];
  rw->t[start].text =
      hipc__util_format("static ::hipc::dynamic_shared<%s> %.*s;",
                       t.p ? t.p : "", (int)n->len, rw->s + n->off);
  rw->t[start].merge = semi - start;
  free(t.p);
  return 1;
}

/* Whether token `i` is outside any function: at file scope or directly in
 * a namespace or an `extern "C" { }`. */
static int at_namespace_scope(struct rw *rw, long i) {
  int depth = 0;
  for (long k = i - 1; k >= 0; k--) {
    if (hipc__lex_is_p(rw, k, "}")) {
      depth++;
    } else if (hipc__lex_is_p(rw, k, "{")) {
      if (depth-- > 0)
        continue;
      long p = k - 1;
      if (hipc__lex_is_id(rw, p - 1, "extern"))
        return 1; /* extern "C" { */
      while (p >= 0 && (hipc__lex_is_ident(rw, p) ||
                        hipc__lex_is_p(rw, p, "::")) &&
             !hipc__lex_is_id(rw, p, "namespace"))
        p--;
      return hipc__lex_is_id(rw, p, "namespace");
    }
  }
  return 1;
}

/* After the declaration of static `__shared__` variables that starts at
 * token `i`, notes each variable for cooperative launches, which keep a copy
 * per block (docs/internals.md): `__shared__ float a[4], b;` gets
 * ` ::hipc::shared_note((void*)&a, sizeof(a));` for each name after its `;`
 * in a function, and at namespace scope a function that returns the calling
 * thread's `&a` and a declaration whose initialiser registers it at
 * start-up: ` static void* __hipc_sa_I_K() { return (void*)&a; } const
 * ::hipc::shared_use __hipc_su_I_K(__hipc_sa_I_K, sizeof(a));`.
 * Declarators it does not understand (parenthesised ones, initialisers in
 * braces) are left alone. */
static void note_use(struct rw *rw, long i) {
  int global = at_namespace_scope(rw, i);
  struct buf t = {0};
  long name = -1, end = i + 1;
  int angle = 0, seen_open = 0, k = 0, ok = 1;
  for (; end < rw->nt; end++) {
    long a = hipc__lex_skip_attr(rw, end);
    if (a != end) {
      end = a - 1;
      continue;
    }
    int last = hipc__lex_is_p(rw, end, ";");
    if (last || (angle == 0 && hipc__lex_is_p(rw, end, ","))) {
      if (name < 0)
        ok = 0;
      if (!ok)
        break;
      struct tok *n = &rw->t[name];
      int len = (int)n->len;
      const char *id = rw->s + n->off;
      char *one =
          global ? hipc__util_format(
                       " static void* __hipc_sa_%ld_%d() { return (void*)&%.*s; }"
                       " const ::hipc::shared_use __hipc_su_%ld_%d("
                       "__hipc_sa_%ld_%d, sizeof(%.*s));",
                       i, k, len, id, i, k, i, k, len, id)
                 : hipc__util_format(
                       " ::hipc::shared_note((void*)&%.*s, sizeof(%.*s));", len,
                       id, len, id);
      k++;
      hipc__lex_buf_puts(&t, one);
      free(one);
      name = -1, seen_open = 0;
      if (last)
        break;
      continue;
    }
    if (hipc__lex_is_p(rw, end, "(") || hipc__lex_is_p(rw, end, "{") ||
        hipc__lex_is_p(rw, end, "}") || hipc__lex_is_p(rw, end, ")")) {
      ok = 0;
      break;
    }
    if (hipc__lex_is_p(rw, end, "[") || hipc__lex_is_p(rw, end, "=")) {
      /* The name is before the first '[' or '='; skip the bounds. */
      seen_open = 1;
      if (hipc__lex_is_p(rw, end, "[")) {
        long m = hipc__lex_match_fwd(rw, end);
        if (m < 0) {
          ok = 0;
          break;
        }
        end = m;
      }
      continue;
    }
    if (hipc__lex_is_p(rw, end, "<"))
      angle++;
    else if (hipc__lex_is_p(rw, end, ">") && angle > 0)
      angle--;
    else if (!seen_open && angle == 0 && hipc__lex_is_ident(rw, end) &&
             !hipc__lex_in_list(rw, end, "const volatile static"))
      name = end;
  }
  if (ok && end < rw->nt && hipc__lex_is_p(rw, end, ";") && t.p &&
      rw->t[end].after == NULL)
    rw->t[end].after = t.p;
  else
    free(t.p);
}

void hipc__rewrite_shared_edit(struct rw *rw, long i) {
  if (dynamic_shared(rw, i))
    return;
  long prev = i - 1;
  for (long k; (k = hipc__lex_skip_attr_back(rw, prev)) != prev;)
    prev = k;
  int has_static =
      hipc__lex_in_list(rw, prev, "static extern") ||
      hipc__lex_is_id(rw, hipc__lex_skip_attr(rw, i + 1), "static");
  rw->t[i].text =
      hipc__util_strdup(has_static ? "thread_local" : "static thread_local");
  if (!hipc__lex_is_id(rw, prev, "extern"))
    note_use(rw, i);
}
