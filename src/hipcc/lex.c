/* The lexer of hipcc's rewriter and its token helpers (lex.h). */
#include "lex.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void hipc__lex_buf_add(struct buf *b, const char *s, size_t n) {
  if (b->n + n + 1 > b->cap) {
    b->cap = (b->n + n + 1) * 2;
    b->p = hipc__util_realloc(b->p, b->cap);
  }
  memcpy(b->p + b->n, s, n);
  b->n += n;
  b->p[b->n] = '\0';
}

void hipc__lex_buf_puts(struct buf *b, const char *s) {
  hipc__lex_buf_add(b, s, strlen(s));
}

/* Records the first error, located at token `i` (or at the end if `i` is out
 * of range), and returns -1 so that callers can
 * `return hipc__lex_fail(...)`. */
int hipc__lex_fail(struct rw *rw, long i, const char *fmt, ...) {
  if (rw->err != NULL)
    return -1;
  if (i >= rw->nt)
    i = rw->nt - 1;
  const char *file = "<input>";
  int flen = 7;
  unsigned line = 1;
  if (i >= 0) {
    line = rw->t[i].line;
    if (rw->t[i].file >= 0) {
      file = rw->files[rw->t[i].file];
      flen = (int)rw->file_lens[rw->t[i].file];
    }
  }
  char msg[512];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  size_t n = (size_t)flen + strlen(msg) + 64;
  rw->err = hipc__util_realloc(NULL, n);
  snprintf(rw->err, n, "%.*s:%u: error: %s", flen, file, line, msg);
  return -1;
}

/* ---- Lexer ------------------------------------------------------------ */

static int ident_char(int c) {
  return isalnum(c) || c == '_' || c == '$' || c >= 0x80;
}

/* Reads a `# N "file"` or `#line N "file"` marker at `p` (just after the
 * '#'). Returns 1 and sets `*line`/`*file` when it is one. */
static int line_marker(struct rw *rw, size_t p, unsigned *line, int *file) {
  const char *s = rw->s;
  size_t n = rw->n;
  while (p < n && (s[p] == ' ' || s[p] == '\t'))
    p++;
  if (p + 4 <= n && memcmp(s + p, "line", 4) == 0)
    p += 4;
  while (p < n && (s[p] == ' ' || s[p] == '\t'))
    p++;
  if (p >= n || !isdigit((unsigned char)s[p]))
    return 0;
  unsigned long v = strtoul(s + p, NULL, 10);
  while (p < n && isdigit((unsigned char)s[p]))
    p++;
  while (p < n && (s[p] == ' ' || s[p] == '\t'))
    p++;
  *line = (unsigned)v;
  if (p >= n || s[p] != '"')
    return 1;
  size_t b = ++p;
  while (p < n && s[p] != '"' && s[p] != '\n')
    p += s[p] == '\\' ? 2 : 1;
  if (p > n)
    p = n;
  for (int f = 0; f < rw->nfiles; f++)
    if (rw->file_lens[f] == p - b && memcmp(rw->files[f], s + b, p - b) == 0) {
      *file = f;
      return 1;
    }
  rw->files =
      hipc__util_realloc(rw->files, (rw->nfiles + 1) * sizeof *rw->files);
  rw->file_lens = hipc__util_realloc(rw->file_lens,
                                    (rw->nfiles + 1) * sizeof *rw->file_lens);
  rw->files[rw->nfiles] = s + b;
  rw->file_lens[rw->nfiles] = p - b;
  *file = rw->nfiles++;
  return 1;
}

/* Returns the end of the quoted literal whose opening quote is at `p`. */
static size_t skip_quoted(const char *s, size_t n, size_t p) {
  char q = s[p++];
  while (p < n && s[p] != q && s[p] != '\n')
    p += s[p] == '\\' ? 2 : 1;
  return p < n && s[p] == q ? p + 1 : (p > n ? n : p);
}

/* Returns the end of the raw string literal whose '"' is at `p`. */
static size_t skip_raw(const char *s, size_t n, size_t p) {
  size_t d = ++p;
  while (p < n && s[p] != '(' && p - d < 16)
    p++;
  size_t dlen = p - d;
  for (p++; p < n; p++)
    if (s[p] == ')' && p + dlen + 1 < n &&
        memcmp(s + p + 1, s + d, dlen) == 0 && s[p + 1 + dlen] == '"')
      return p + dlen + 2;
  return n;
}

int hipc__lex_scan(struct rw *rw) {
  const char *s = rw->s;
  size_t n = rw->n, p = 0;
  unsigned line = 1;
  int file = -1, bol = 1;
  while (p < n) {
    unsigned char c = (unsigned char)s[p];
    if (c == '\n') {
      line++, bol = 1, p++;
      continue;
    }
    if (isspace(c)) {
      p++;
      continue;
    }
    if (bol && c == '#') {  /* a directive: a line marker or a #pragma */
      unsigned nl;
      int nf = file;
      if (line_marker(rw, p + 1, &nl, &nf))
        line = nl - 1, file = nf;
      while (p < n && s[p] != '\n')
        p++;
      continue;
    }
    bol = 0;
    if (c == '/' && p + 1 < n && s[p + 1] == '/') {
      while (p < n && s[p] != '\n')
        p++;
      continue;
    }
    if (c == '/' && p + 1 < n && s[p + 1] == '*') {
      for (p += 2; p < n && !(s[p] == '*' && p + 1 < n && s[p + 1] == '/');
           p++)
        line += s[p] == '\n';
      p = p + 2 > n ? n : p + 2;
      continue;
    }
    size_t b = p;
    int kind = T_PUNCT;
    if (ident_char(c) && !isdigit(c)) {
      while (p < n && ident_char((unsigned char)s[p]))
        p++;
      kind = T_IDENT;
      size_t il = p - b;
      if (p < n && (s[p] == '"' || s[p] == '\'')) {
        const char *id = s + b;
        int raw = id[il - 1] == 'R' && s[p] == '"' &&
                  (il == 1 || (il == 2 && strchr("LuU", id[0])) ||
                   (il == 3 && memcmp(id, "u8", 2) == 0));
        int pre = (il == 1 && strchr("LuU", id[0])) ||
                  (il == 2 && memcmp(id, "u8", 2) == 0);
        if (raw) {
          size_t e = skip_raw(s, n, p);
          for (size_t k = p; k < e; k++)
            line += s[k] == '\n';
          p = e, kind = T_STRING;
        } else if (pre) {
          kind = s[p] == '"' ? T_STRING : T_CHAR;
          p = skip_quoted(s, n, p);
        }
      }
    } else if (isdigit(c) ||
               (c == '.' && p + 1 < n && isdigit((unsigned char)s[p + 1]))) {
      /* A pp-number, with C++14 digit separators (`1'000`). */
      for (p++; p < n; p++) {
        char d = s[p];
        if ((d == '+' || d == '-') && s[p - 1] && strchr("eEpP", s[p - 1]))
          continue;
        if (d == '\'' && p + 1 < n && ident_char((unsigned char)s[p + 1]))
          continue;
        if (!ident_char((unsigned char)d) && d != '.')
          break;
      }
      kind = T_NUMBER;
    } else if (c == '"' || c == '\'') {
      kind = c == '"' ? T_STRING : T_CHAR;
      p = skip_quoted(s, n, p);
    } else if (p + 1 < n && ((c == ':' && s[p + 1] == ':') ||
                             (c == '-' && s[p + 1] == '>'))) {
      p += 2;
    } else if (c == '.' && p + 2 < n && s[p + 1] == '.' && s[p + 2] == '.') {
      p += 3;
    } else {
      p++;
    }
    if (rw->nt == rw->capt) {
      rw->capt = rw->capt ? rw->capt * 2 : 4096;
      rw->t = hipc__util_realloc(rw->t, rw->capt * sizeof *rw->t);
    }
    rw->t[rw->nt++] = (struct tok){.off = b, .len = p - b, .kind = kind,
                                   .file = file, .line = line};
  }
  return 0;
}

/* ---- Token helpers ---------------------------------------------------- */

int hipc__lex_is_p(struct rw *rw, long i, const char *p) {
  if (i < 0 || i >= rw->nt || rw->t[i].kind != T_PUNCT)
    return 0;
  return rw->t[i].len == strlen(p) && memcmp(rw->s + rw->t[i].off, p,
                                             rw->t[i].len) == 0;
}

int hipc__lex_is_id(struct rw *rw, long i, const char *id) {
  if (i < 0 || i >= rw->nt || rw->t[i].kind != T_IDENT)
    return 0;
  return rw->t[i].len == strlen(id) && memcmp(rw->s + rw->t[i].off, id,
                                              rw->t[i].len) == 0;
}

int hipc__lex_is_ident(struct rw *rw, long i) {
  return i >= 0 && i < rw->nt && rw->t[i].kind == T_IDENT;
}

/* Whether token `i` is one of the space-separated words of `list`. */
int hipc__lex_in_list(struct rw *rw, long i, const char *list) {
  if (!hipc__lex_is_ident(rw, i))
    return 0;
  size_t n = rw->t[i].len;
  for (const char *w = list; *w;) {
    size_t wl = strcspn(w, " ");
    if (wl == n && memcmp(w, rw->s + rw->t[i].off, n) == 0)
      return 1;
    w += wl + (w[wl] == ' ');
  }
  return 0;
}

int hipc__lex_adjacent(struct rw *rw, long a, long b) {
  return rw->t[a].off + rw->t[a].len == rw->t[b].off;
}

/* Whether tokens `i`, `i+1`, `i+2` are `c` written with no space. */
int hipc__lex_triple(struct rw *rw, long i, const char *c) {
  return hipc__lex_is_p(rw, i, c) && hipc__lex_is_p(rw, i + 1, c) &&
         hipc__lex_is_p(rw, i + 2, c) && hipc__lex_adjacent(rw, i, i + 1) &&
         hipc__lex_adjacent(rw, i + 1, i + 2);
}

int hipc__lex_is_open(struct rw *rw, long i) {
  return hipc__lex_is_p(rw, i, "(") || hipc__lex_is_p(rw, i, "[") ||
         hipc__lex_is_p(rw, i, "{");
}

int hipc__lex_is_close(struct rw *rw, long i) {
  return hipc__lex_is_p(rw, i, ")") || hipc__lex_is_p(rw, i, "]") ||
         hipc__lex_is_p(rw, i, "}");
}

/* Returns the index of the bracket closing the one at `i`, or -1. */
long hipc__lex_match_fwd(struct rw *rw, long i) {
  long depth = 0;
  for (; i < rw->nt; i++) {
    if (hipc__lex_is_open(rw, i))
      depth++;
    else if (hipc__lex_is_close(rw, i) && --depth == 0)
      return i;
  }
  return -1;
}

/* Returns the index of the bracket opening the one closed at `i`, or -1. */
long hipc__lex_match_back(struct rw *rw, long i) {
  long depth = 0;
  for (; i >= 0; i--) {
    if (hipc__lex_is_close(rw, i))
      depth++;
    else if (hipc__lex_is_open(rw, i) && --depth == 0)
      return i;
  }
  return -1;
}

/* Returns the '<' that opens the template argument list closed by the '>' at
 * `i`, or -1. */
long hipc__lex_angle_back(struct rw *rw, long i) {
  long depth = 0;
  for (; i >= 0; i--) {
    if (hipc__lex_is_p(rw, i, ">"))
      depth++;
    else if (hipc__lex_is_p(rw, i, "<") && --depth == 0)
      return i;
    else if (hipc__lex_is_p(rw, i, ")") || hipc__lex_is_p(rw, i, "]"))
      i = hipc__lex_match_back(rw, i);
    else if (hipc__lex_is_p(rw, i, ";") || hipc__lex_is_p(rw, i, "{") ||
             hipc__lex_is_p(rw, i, "}"))
      return -1;
    if (i < 0)
      return -1;
  }
  return -1;
}

/* Walks [a, b) and returns the first top-level token equal to punctuator `p`
 * (or, when `p` is NULL, every top-level ',' in turn via `from`). Brackets
 * nest; with `angle`, so do template argument lists, where a '>' only
 * closes a '<' that is open. Returns `b` when none is found. */
long hipc__lex_top_find(struct rw *rw, long a, long b, const char *p,
                        int angle) {
  char st[256];
  int sp = 0;
  for (long k = a; k < b; k++) {
    if (sp == 0 && hipc__lex_is_p(rw, k, p))
      return k;
    if (hipc__lex_is_open(rw, k) || (angle && hipc__lex_is_p(rw, k, "<"))) {
      if (sp < (int)sizeof st)
        st[sp] = rw->s[rw->t[k].off];
      sp++;
    } else if (hipc__lex_is_close(rw, k)) {
      while (sp > 0 && (sp > (int)sizeof st || st[sp - 1] == '<'))
        sp--;
      if (sp > 0)
        sp--;
    } else if (angle && hipc__lex_is_p(rw, k, ">") && sp > 0 &&
               sp <= (int)sizeof st && st[sp - 1] == '<') {
      sp--;
    }
  }
  return b;
}

/* Appends the tokens [a, b) to `out` on one line, one space where the source
 * had any, with the text attached after each token (inserted names). */
void hipc__lex_put_flat(struct rw *rw, struct buf *out, long a, long b) {
  for (long k = a; k < b; k++) {
    if (k > a && rw->t[k].off > rw->t[k - 1].off + rw->t[k - 1].len)
      hipc__lex_buf_puts(out, " ");
    hipc__lex_buf_add(out, rw->s + rw->t[k].off, rw->t[k].len);
    if (rw->t[k].after != NULL)
      hipc__lex_buf_puts(out, rw->t[k].after);
  }
}

/* Skips an attribute group starting at `i` (`__attribute__((...))`,
 * `__declspec(...)`, `alignas(...)`, `__launch_bounds__(...)` or `[[...]]`)
 * and returns the index after it, or `i` if there is none. */
long hipc__lex_skip_attr(struct rw *rw, long i) {
  if (hipc__lex_in_list(rw, i,
                        "__attribute__ __attribute __declspec alignas "
                        "__launch_bounds__") &&
      hipc__lex_is_p(rw, i + 1, "(")) {
    long e = hipc__lex_match_fwd(rw, i + 1);
    return e < 0 ? i : e + 1;
  }
  if (hipc__lex_is_p(rw, i, "[") && hipc__lex_is_p(rw, i + 1, "[")) {
    long e = hipc__lex_match_fwd(rw, i);
    return e < 0 ? i : e + 1;
  }
  return i;
}

/* The same backwards: `i` is the last token of a possible group. Returns the
 * index before the group, or `i` if there is none. */
long hipc__lex_skip_attr_back(struct rw *rw, long i) {
  if (hipc__lex_is_p(rw, i, "]") && hipc__lex_is_p(rw, i - 1, "]")) {
    long o = hipc__lex_match_back(rw, i);
    return o >= 0 && hipc__lex_is_p(rw, o + 1, "[") ? o - 1 : i;
  }
  if (hipc__lex_is_p(rw, i, ")")) {
    long o = hipc__lex_match_back(rw, i);
    if (o > 0 && hipc__lex_in_list(rw, o - 1,
                                   "__attribute__ __attribute __declspec "
                                   "alignas __launch_bounds__"))
      return o - 2;
  }
  return i;
}
