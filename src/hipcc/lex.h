/* The tokens of hipcc's rewriter and the helpers that read them: the lexer
 * (strings, character and raw string literals, identifiers, line markers),
 * bracket matching, attribute skipping and the output buffer. The passes in
 * rewrite*.c share the state below.
 */
#ifndef HIPC_HIPCC_LEX_H
#define HIPC_HIPCC_LEX_H

#include <stddef.h>

#include "util.h"

enum { T_IDENT, T_NUMBER, T_STRING, T_CHAR, T_PUNCT };

struct tok {
  size_t off, len;
  int kind;
  int file;            /* index into `files`, -1 before the first marker */
  unsigned line;
  int drop;            /* emit nothing for this token */
  char *text;          /* emitted instead of the token's own text */
  char *after;         /* emitted right after the token */
  long merge;          /* the next `merge` tokens vanish with this one */
  long launch;         /* 1 + index of the launch whose callee starts here */
};

struct launch {
  long callee, lt, gt, lparen, rparen;  /* `lt`: first '<', `gt`: first '>' */
  const char *defaults;
};

struct buf {
  char *p;
  size_t n, cap;
};

/* Where a token is (rw->ns): at namespace scope, or inside the body of a
 * function declared __device__ or __global__ (a lambda's included). */
enum { SCOPE_NAMESPACE = 1, SCOPE_DEVICE = 2 };

struct managed_vars;

/* The rewriter's state: the text, its tokens and the launches found. */
struct rw {
  const char *s;
  size_t n;
  struct tok *t;
  long nt, capt;
  struct launch *l;
  long nl, capl;
  const char **files;  /* file names, pointing into `s` */
  size_t *file_lens;
  int nfiles;
  char *err;
  unsigned char *ns;   /* per token: SCOPE_* bits (rewrite_symbols.c) */
  void *regions;       /* the region pass's state (rewrite_regions.h) */
  struct managed_vars *managed; /* where `__managed__` definitions are
                                   recorded (managed.h), or NULL */
};

/* ---- Memory and output buffer ------------------------------------------ */

/* Allocation and formatting come from util.h. */
void hipc__lex_buf_add(struct buf *b, const char *s, size_t n);
void hipc__lex_buf_puts(struct buf *b, const char *s);

/* Records the first error, located at token `i` (or at the end if `i` is out
 * of range), and returns -1 so that callers can
 * `return hipc__lex_fail(...)`. */
int hipc__lex_fail(struct rw *rw, long i, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* ---- Lexer --------------------------------------------------------------- */

/* Cuts `rw->s` into the tokens `rw->t`. Returns 0. */
int hipc__lex_scan(struct rw *rw);

/* ---- Token helpers (see lex.c for each contract) ----------------------- */

int hipc__lex_is_p(struct rw *rw, long i, const char *p);
int hipc__lex_is_id(struct rw *rw, long i, const char *id);
int hipc__lex_is_ident(struct rw *rw, long i);
int hipc__lex_in_list(struct rw *rw, long i, const char *list);
int hipc__lex_adjacent(struct rw *rw, long a, long b);
int hipc__lex_triple(struct rw *rw, long i, const char *c);
int hipc__lex_is_open(struct rw *rw, long i);
int hipc__lex_is_close(struct rw *rw, long i);
long hipc__lex_match_fwd(struct rw *rw, long i);
long hipc__lex_match_back(struct rw *rw, long i);
long hipc__lex_angle_back(struct rw *rw, long i);
long hipc__lex_top_find(struct rw *rw, long a, long b, const char *p,
                        int angle);
void hipc__lex_put_flat(struct rw *rw, struct buf *out, long a, long b);
long hipc__lex_skip_attr(struct rw *rw, long i);
long hipc__lex_skip_attr_back(struct rw *rw, long i);

#endif /* HIPC_HIPCC_LEX_H */
