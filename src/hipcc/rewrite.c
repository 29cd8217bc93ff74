/* The source rewriter of hipcc (docs/internals.md, "The rewrites").
 *
 * The text is cut into tokens once. Passes over the tokens then attach edits
 * to single tokens (drop it, replace it, append text after it, or swallow the
 * next few tokens); only a launch moves text, so launches are recorded apart
 * and emitted by a recursive walk that puts the configuration first. The
 * text between tokens (whitespace, comments, line markers) is copied as is,
 * or reduced to its newlines where tokens vanish, so that no newline is ever
 * added or removed.
 *
 * This file runs the passes and emits the result; lex.c holds the lexer and
 * the token helpers, and rewrite_launch.c, rewrite_kernel.c,
 * rewrite_shared.c and rewrite_symbols.c the rewrites; rewrite_regions*.c
 * add the region form of kernels with barriers, emitted after every pass.
 */
#include "rewrite.h"

#include <stdlib.h>
#include <string.h>

#include "rewrite_passes.h"

/* ---- Output ----------------------------------------------------------- */

/* The text between token `i - 1` and token `i` (`i == nt`: the tail). */
static void gap(struct rw *rw, long i, const char **p, size_t *n) {
  size_t b = i > 0 ? rw->t[i - 1].off + rw->t[i - 1].len : 0;
  size_t e = i < rw->nt ? rw->t[i].off : rw->n;
  *p = rw->s + b, *n = e - b;
}

/* Emits the gap before token `i`, or, when `lines_only`, keeps it only if
 * it holds a newline (so that text which vanishes keeps its line count). */
static void put_gap(struct rw *rw, struct buf *out, long i, int lines_only) {
  const char *p;
  size_t n;
  gap(rw, i, &p, &n);
  if (!lines_only || memchr(p, '\n', n) != NULL)
    hipc__lex_buf_add(out, p, n);
}

static void put_range(struct rw *rw, struct buf *out, long a, long b,
                      int callee);

static void put_launch(struct rw *rw, struct buf *out, struct launch *l) {
  hipc__lex_buf_puts(out, "((void)__hipPushCallConfiguration(");
  put_range(rw, out, l->lt + 3, l->gt, 0);
  hipc__lex_buf_puts(out, l->defaults);
  hipc__lex_buf_puts(out, "), ");
  put_range(rw, out, l->callee, l->lt, 1);
  long keep[] = {l->lt, l->lt + 1, l->lt + 2, l->lt + 3, l->gt, l->gt + 1,
                 l->gt + 2, l->lparen};
  for (size_t k = 0; k < sizeof keep / sizeof *keep; k++)
    put_gap(rw, out, keep[k], 1);
  put_range(rw, out, l->lparen, l->rparen + 1, 0);
  hipc__lex_buf_puts(out, ")");
}

/* Emits the tokens [a, b) with their edits and the gaps between them. With
 * `callee`, [a, b) is the callee of the launch starting at `a`. */
static void put_range(struct rw *rw, struct buf *out, long a, long b,
                      int callee) {
  for (long i = a; i < b; i++) {
    if (i > a)
      put_gap(rw, out, i, 0);
    struct tok *t = &rw->t[i];
    if (t->launch && !(callee && i == a)) {
      struct launch *l = &rw->l[t->launch - 1];
      put_launch(rw, out, l);
      i = l->rparen;
      continue;
    }
    if (t->text != NULL)
      hipc__lex_buf_puts(out, t->text);
    else if (!t->drop)
      hipc__lex_buf_add(out, rw->s + t->off, t->len);
    for (long k = 1; k <= t->merge; k++)
      put_gap(rw, out, i + k, 1);
    if (t->after != NULL)
      hipc__lex_buf_puts(out, t->after);
    i += t->merge;
  }
}

int hipc__rewrite_text(const char *src, size_t len, char **out,
                       size_t *out_len, char **err) {
  return hipc__rewrite_text_managed(src, len, out, out_len, err, NULL);
}

int hipc__rewrite_text_managed(const char *src, size_t len, char **out,
                               size_t *out_len, char **err,
                               struct managed_vars *managed) {
  struct rw rw = {.s = src, .n = len, .managed = managed};
  int rc = hipc__lex_scan(&rw);
  hipc__rewrite_symbols_scan(&rw);
  /* `__launch_bounds__(...)` goes everywhere; kernels read it first. */
  for (long i = 0; i < rw.nt && rc == 0; i++) {
    if (!hipc__lex_is_id(&rw, i, "__launch_bounds__"))
      continue;
    long e =
        hipc__lex_is_p(&rw, i + 1, "(") ? hipc__lex_match_fwd(&rw, i + 1) : -1;
    if (e < 0) {
      rc = hipc__lex_fail(&rw, i, "expected '(...)' after __launch_bounds__");
      break;
    }
    rw.t[i].text = hipc__util_strdup("");
    rw.t[i].merge = e - i;
  }
  for (long i = 0; i < rw.nt && rc == 0; i++) {
    if (hipc__lex_is_id(&rw, i, "__global__"))
      rc = hipc__rewrite_kernel_edit(&rw, i);
    else if (hipc__lex_is_id(&rw, i, "__shared__")) {
      if ((rc = hipc__rewrite_shared_scope(&rw, i)) == 0)
        hipc__rewrite_shared_edit(&rw, i);
    }
    else if (hipc__lex_in_list(&rw, i, "__device__ __constant__ __managed__"))
      hipc__rewrite_symbol_edit(&rw, i);
    else if (hipc__lex_triple(&rw, i, "<") &&
             !hipc__lex_is_id(&rw, i - 1, "operator") &&
             !(hipc__lex_is_p(&rw, i - 1, "<") &&
               hipc__lex_adjacent(&rw, i - 1, i)))
      rc = hipc__rewrite_launch_find(&rw, i), i += 2;
  }
  hipc__rewrite_regions_finish(&rw, rc == 0);
  struct buf o = {0};
  if (rc == 0) {
    put_gap(&rw, &o, 0, 0);
    put_range(&rw, &o, 0, rw.nt, 0);
    put_gap(&rw, &o, rw.nt, 0);
    if (o.p == NULL)
      o.p = hipc__util_strdup("");
    *out = o.p;
    if (out_len != NULL)
      *out_len = o.n;
  } else {
    *err = rw.err;
  }
  for (long i = 0; i < rw.nt; i++)
    free(rw.t[i].text), free(rw.t[i].after);
  free(rw.t), free(rw.l), free(rw.files), free(rw.file_lens), free(rw.ns);
  return rc;
}
