/* The source rewriter of hipcc (docs/internals.md, "The rewrites").
 *
 * The text is cut into tokens once. Passes over the tokens then attach edits
 * to single tokens (drop it, replace it, append text after it, or swallow the
 * next few tokens); only a launch moves text, so launches are recorded apart
 * and emitted by a recursive walk that puts the configuration first. The
 * text between tokens (whitespace, comments, line markers) is copied as is,
 * or reduced to its newlines where tokens vanish, so that no newline is ever
 * added or removed.
 */
#include "rewrite.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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
};

static void *xrealloc(void *p, size_t n) {
  p = realloc(p, n ? n : 1);
  if (p == NULL) {
    fputs("hipcc: out of memory\n", stderr);
    abort();
  }
  return p;
}

static void buf_add(struct buf *b, const char *s, size_t n) {
  if (b->n + n + 1 > b->cap) {
    b->cap = (b->n + n + 1) * 2;
    b->p = xrealloc(b->p, b->cap);
  }
  memcpy(b->p + b->n, s, n);
  b->n += n;
  b->p[b->n] = '\0';
}

static void buf_puts(struct buf *b, const char *s) { buf_add(b, s, strlen(s)); }

static char *xstrdup(const char *s) {
  size_t n = strlen(s) + 1;
  return memcpy(xrealloc(NULL, n), s, n);
}

/* Records the first error, located at token `i` (or at the end if `i` is out
 * of range), and returns -1 so that callers can `return fail(...)`. */
static int fail(struct rw *rw, long i, const char *fmt, ...) {
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
  rw->err = xrealloc(NULL, n);
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
  rw->files = xrealloc(rw->files, (rw->nfiles + 1) * sizeof *rw->files);
  rw->file_lens =
      xrealloc(rw->file_lens, (rw->nfiles + 1) * sizeof *rw->file_lens);
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

static int lex(struct rw *rw) {
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
      rw->t = xrealloc(rw->t, rw->capt * sizeof *rw->t);
    }
    rw->t[rw->nt++] = (struct tok){.off = b, .len = p - b, .kind = kind,
                                   .file = file, .line = line};
  }
  return 0;
}

/* ---- Token helpers ---------------------------------------------------- */

static int is_p(struct rw *rw, long i, const char *p) {
  if (i < 0 || i >= rw->nt || rw->t[i].kind != T_PUNCT)
    return 0;
  return rw->t[i].len == strlen(p) && memcmp(rw->s + rw->t[i].off, p,
                                             rw->t[i].len) == 0;
}

static int is_id(struct rw *rw, long i, const char *id) {
  if (i < 0 || i >= rw->nt || rw->t[i].kind != T_IDENT)
    return 0;
  return rw->t[i].len == strlen(id) && memcmp(rw->s + rw->t[i].off, id,
                                              rw->t[i].len) == 0;
}

static int is_ident(struct rw *rw, long i) {
  return i >= 0 && i < rw->nt && rw->t[i].kind == T_IDENT;
}

/* Whether token `i` is one of the space-separated words of `list`. */
static int in_list(struct rw *rw, long i, const char *list) {
  if (!is_ident(rw, i))
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

static int adjacent(struct rw *rw, long a, long b) {
  return rw->t[a].off + rw->t[a].len == rw->t[b].off;
}

/* Whether tokens `i`, `i+1`, `i+2` are `c` written with no space. */
static int triple(struct rw *rw, long i, const char *c) {
  return is_p(rw, i, c) && is_p(rw, i + 1, c) && is_p(rw, i + 2, c) &&
         adjacent(rw, i, i + 1) && adjacent(rw, i + 1, i + 2);
}

static int is_open(struct rw *rw, long i) {
  return is_p(rw, i, "(") || is_p(rw, i, "[") || is_p(rw, i, "{");
}

static int is_close(struct rw *rw, long i) {
  return is_p(rw, i, ")") || is_p(rw, i, "]") || is_p(rw, i, "}");
}

/* Returns the index of the bracket closing the one at `i`, or -1. */
static long match_fwd(struct rw *rw, long i) {
  long depth = 0;
  for (; i < rw->nt; i++) {
    if (is_open(rw, i))
      depth++;
    else if (is_close(rw, i) && --depth == 0)
      return i;
  }
  return -1;
}

/* Returns the index of the bracket opening the one closed at `i`, or -1. */
static long match_back(struct rw *rw, long i) {
  long depth = 0;
  for (; i >= 0; i--) {
    if (is_close(rw, i))
      depth++;
    else if (is_open(rw, i) && --depth == 0)
      return i;
  }
  return -1;
}

/* Returns the '<' that opens the template argument list closed by the '>' at
 * `i`, or -1. */
static long angle_back(struct rw *rw, long i) {
  long depth = 0;
  for (; i >= 0; i--) {
    if (is_p(rw, i, ">"))
      depth++;
    else if (is_p(rw, i, "<") && --depth == 0)
      return i;
    else if (is_p(rw, i, ")") || is_p(rw, i, "]"))
      i = match_back(rw, i);
    else if (is_p(rw, i, ";") || is_p(rw, i, "{") || is_p(rw, i, "}"))
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
static long top_find(struct rw *rw, long a, long b, const char *p,
                     int angle) {
  char st[256];
  int sp = 0;
  for (long k = a; k < b; k++) {
    if (sp == 0 && is_p(rw, k, p))
      return k;
    if (is_open(rw, k) || (angle && is_p(rw, k, "<"))) {
      if (sp < (int)sizeof st)
        st[sp] = rw->s[rw->t[k].off];
      sp++;
    } else if (is_close(rw, k)) {
      while (sp > 0 && (sp > (int)sizeof st || st[sp - 1] == '<'))
        sp--;
      if (sp > 0)
        sp--;
    } else if (angle && is_p(rw, k, ">") && sp > 0 &&
               sp <= (int)sizeof st && st[sp - 1] == '<') {
      sp--;
    }
  }
  return b;
}

/* Appends the tokens [a, b) to `out` on one line, one space where the source
 * had any, with the text attached after each token (inserted names). */
static void put_flat(struct rw *rw, struct buf *out, long a, long b) {
  for (long k = a; k < b; k++) {
    if (k > a && rw->t[k].off > rw->t[k - 1].off + rw->t[k - 1].len)
      buf_puts(out, " ");
    buf_add(out, rw->s + rw->t[k].off, rw->t[k].len);
    if (rw->t[k].after != NULL)
      buf_puts(out, rw->t[k].after);
  }
}

/* Skips an attribute group starting at `i` (`__attribute__((...))`,
 * `__declspec(...)`, `alignas(...)`, `__launch_bounds__(...)` or `[[...]]`)
 * and returns the index after it, or `i` if there is none. */
static long skip_attr(struct rw *rw, long i) {
  if (in_list(rw, i, "__attribute__ __attribute __declspec alignas "
                     "__launch_bounds__") && is_p(rw, i + 1, "(")) {
    long e = match_fwd(rw, i + 1);
    return e < 0 ? i : e + 1;
  }
  if (is_p(rw, i, "[") && is_p(rw, i + 1, "[")) {
    long e = match_fwd(rw, i);
    return e < 0 ? i : e + 1;
  }
  return i;
}

/* The same backwards: `i` is the last token of a possible group. Returns the
 * index before the group, or `i` if there is none. */
static long skip_attr_back(struct rw *rw, long i) {
  if (is_p(rw, i, "]") && is_p(rw, i - 1, "]")) {
    long o = match_back(rw, i);
    return o >= 0 && is_p(rw, o + 1, "[") ? o - 1 : i;
  }
  if (is_p(rw, i, ")")) {
    long o = match_back(rw, i);
    if (o > 0 && in_list(rw, o - 1, "__attribute__ __attribute __declspec "
                                    "alignas __launch_bounds__"))
      return o - 2;
  }
  return i;
}

static char *fmt_str(const char *fmt, ...) {
  char small[256];
  va_list ap;
  va_start(ap, fmt);
  int n = vsnprintf(small, sizeof small, fmt, ap);
  va_end(ap);
  char *s = xrealloc(NULL, (size_t)n + 1);
  if ((size_t)n < sizeof small) {
    memcpy(s, small, (size_t)n + 1);
    return s;
  }
  va_start(ap, fmt);
  vsnprintf(s, (size_t)n + 1, fmt, ap);
  va_end(ap);
  return s;
}

/* ---- Launches --------------------------------------------------------- */

/* Scans backwards from token `j` (the one before `<<<`) over the postfix
 * expression that names the kernel. Returns its first token, or -1. */
static long scan_callee(struct rw *rw, long j) {
  static const char *stop = "return case throw else do co_return co_yield "
                            "co_await new delete sizeof operator";
  long start = -1;
  while (j >= 0) {
    if (is_ident(rw, j) && !in_list(rw, j, stop)) {
      start = j--;
      if (is_id(rw, j, "template"))
        start = j--;
    } else if (is_p(rw, j, ")") || is_p(rw, j, "]")) {
      long o = match_back(rw, j);
      if (o < 0)
        return -1;
      start = o, j = o - 1;
      /* A call or a subscript: `f(x)`, `a[i]`, `f<T>(x)`. */
      if ((is_ident(rw, j) && !in_list(rw, j, stop)) || is_p(rw, j, ")") ||
          is_p(rw, j, "]") || is_p(rw, j, ">"))
        continue;
    } else if (is_p(rw, j, ">")) {
      long o = angle_back(rw, j);
      if (o <= 0)
        return -1;
      start = o, j = o - 1;
      continue;  /* the template's name comes next */
    } else {
      break;
    }
    if (is_p(rw, j, "::") || is_p(rw, j, ".") || is_p(rw, j, "->"))
      start = j--;
    else
      break;
  }
  return start;
}

static int find_launch(struct rw *rw, long i) {
  long callee = scan_callee(rw, i - 1);
  if (callee < 0)
    return fail(rw, i, "expected a kernel name before '<<<'");
  long gt = -1, commas = 0;
  for (long j = i + 3; j < rw->nt && gt < 0; j++) {
    if (is_open(rw, j)) {
      j = match_fwd(rw, j);
      if (j < 0)
        break;
    } else if (triple(rw, j, ">")) {
      gt = j;
    } else if (is_p(rw, j, ",")) {
      commas++;
    } else if (is_p(rw, j, ";") || is_close(rw, j)) {
      break;
    }
  }
  if (gt < 0)
    return fail(rw, i, "'<<<' without a matching '>>>'");
  if (gt == i + 3)
    return fail(rw, i, "empty kernel launch configuration");
  if (commas < 1 || commas > 3)
    return fail(rw, i, "a kernel launch configuration takes 2 to 4 "
                       "arguments (parenthesise template arguments)");
  long lp = gt + 3;
  if (!is_p(rw, lp, "("))
    return fail(rw, gt, "expected '(' after '>>>'");
  long rp = match_fwd(rw, lp);
  if (rp < 0)
    return fail(rw, lp, "unterminated kernel argument list");
  if (rw->t[callee].launch)
    return fail(rw, i, "unsupported kernel launch expression");
  if (rw->nl == rw->capl) {
    rw->capl = rw->capl ? rw->capl * 2 : 16;
    rw->l = xrealloc(rw->l, rw->capl * sizeof *rw->l);
  }
  static const char *defaults[] = {"", ", 0, 0", ", 0", ""};
  rw->l[rw->nl++] = (struct launch){callee, i, gt, lp, rp, defaults[commas]};
  rw->t[callee].launch = rw->nl;
  return 0;
}

/* ---- Kernels ---------------------------------------------------------- */

static const char *type_words =
    "int unsigned signed char short long float double bool void auto "
    "wchar_t char8_t char16_t char32_t __int128 _Float16 __fp16 "
    "typename class struct union enum const volatile register "
    "__restrict__ __restrict restrict";

static const char *cv_words =
    "const volatile struct class union enum typename register __restrict__ "
    "__restrict restrict";

/* Finds the name of the function parameter [a, e) (no default argument),
 * giving it `__hipc_pN` when it has none. Appends `(void*)&name, ` to
 * `args`. Returns -1 on error. */
static int kernel_param(struct rw *rw, long a, long e, int idx,
                        struct buf *args) {
  long name = -1, ins = -1;
  int pack = 0;
  long d = top_find(rw, a, e, "...", 1);
  if (d < e) {
    pack = 1;
    if (d + 1 < e && is_ident(rw, d + 1))
      name = d + 1;
    else
      ins = d;
  } else if (is_p(rw, e - 1, ")")) {
    /* A function pointer or reference: `void (*f)(int)`. */
    long g = top_find(rw, a, e, "(", 1);
    long gc = g < e ? match_fwd(rw, g) : -1;
    if (gc >= 0 && (is_p(rw, g + 1, "*") || is_p(rw, g + 1, "&"))) {
      if (is_ident(rw, gc - 1) && !in_list(rw, gc - 1, type_words))
        name = gc - 1;
      else
        ins = gc - 1;
    }
  }
  if (name < 0 && ins < 0) {
    long k = e - 1;
    while (k > a && is_p(rw, k, "]"))
      k = match_back(rw, k) - 1;
    long types = 0;
    for (long m = a; m < k;) {
      long me = skip_attr(rw, m);
      if (me != m) {
        m = me;
        continue;
      }
      types += !in_list(rw, m, cv_words);
      m++;
    }
    if (is_ident(rw, k) && !in_list(rw, k, type_words) &&
        !is_p(rw, k - 1, "::") && types > 0)
      name = k;
    else
      ins = k;
  }
  char pn[32];
  const char *nm;
  size_t nlen;
  if (name < 0) {
    snprintf(pn, sizeof pn, "__hipc_p%d", idx);
    rw->t[ins].after = fmt_str(" %s", pn);
    nm = pn, nlen = strlen(pn);
  } else {
    nm = rw->s + rw->t[name].off, nlen = rw->t[name].len;
  }
  buf_puts(args, "(void*)&");
  buf_add(args, nm, nlen);
  buf_puts(args, pack ? "..., " : ", ");
  return 0;
}

/* Collects the template parameter names of the header `<` at `lt` ... `>` at
 * `gt` as template arguments into `targs` (`T, N, Ts...`), naming unnamed
 * ones `__hipc_tN`. */
static void template_args(struct rw *rw, long lt, long gt, struct buf *targs) {
  int idx = 0;
  for (long a = lt + 1; a < gt; idx++) {
    long b = top_find(rw, a, gt, ",", 1);
    long e = top_find(rw, a, b, "=", 1);
    if (e > a) {
      int pack = top_find(rw, a, e, "...", 1) < e;
      long k = e - 1;
      if (targs->n)
        buf_puts(targs, ", ");
      if (k > a && is_ident(rw, k) && !in_list(rw, k, type_words) &&
          !is_p(rw, k - 1, "::")) {
        buf_add(targs, rw->s + rw->t[k].off, rw->t[k].len);
      } else {
        rw->t[k].after = fmt_str(" __hipc_t%d", idx);
        buf_puts(targs, rw->t[k].after + 1);
      }
      if (pack)
        buf_puts(targs, "...");
    }
    a = b + 1;
  }
}

/* Appends the tokens [a, b) of a declaration to `out` like put_flat, less
 * `__global__` and `__launch_bounds__(...)`, with a space first when `out`
 * is not empty and there is any token. */
static void put_decl(struct rw *rw, struct buf *out, long a, long b) {
  long prev = -1;
  for (long k = a; k < b; k++) {
    if (is_id(rw, k, "__global__"))
      continue;
    if (is_id(rw, k, "__launch_bounds__") && is_p(rw, k + 1, "(")) {
      long e = match_fwd(rw, k + 1);
      if (e > 0) {
        k = e;
        continue;
      }
    }
    if (out->n && (prev < 0 || rw->t[k].off > rw->t[prev].off +
                                                  rw->t[prev].len))
      buf_puts(out, " ");
    buf_add(out, rw->s + rw->t[k].off, rw->t[k].len);
    if (rw->t[k].after != NULL)
      buf_puts(out, rw->t[k].after);
    prev = k;
  }
}

/* Removes the default arguments of the template header `<` at `lt` ... `>`
 * at `gt` from the output (they vanish with the token before the `=`). */
static void strip_template_defaults(struct rw *rw, long lt, long gt) {
  for (long a = lt + 1; a < gt;) {
    long b = top_find(rw, a, gt, ",", 1);
    long e = top_find(rw, a, b, "=", 1);
    if (e > a && e < b)
      rw->t[e - 1].merge = b - e;
    a = b + 1;
  }
}

/* Rewrites the `__global__` declaration or definition whose `__global__`
 * token is `g`. */
static int kernel(struct rw *rw, long g) {
  rw->t[g].drop = 1;
  /* Back over the specifiers (and a `void` written before `__global__`) to
   * the template header or its requires-clause, if any. */
  long s = g - 1;
  for (;;) {
    long k = skip_attr_back(rw, s);
    if (k != s)
      s = k;
    else if (in_list(rw, s, "static inline extern __inline__ __inline "
                            "constexpr void") || (s >= 0 && rw->t[s].kind ==
                                                  T_STRING))
      s--;
    else
      break;
  }
  /* `tlt`/`tgt`: the template header's `<` and `>`. */
  long tlt = -1, tgt = -1;
  if (is_p(rw, s, ">")) {
    long o = angle_back(rw, s);
    if (o > 0 && is_id(rw, o - 1, "template"))
      tlt = o, tgt = s;
  }
  if (tlt < 0) {  /* `template <...> requires C<T> __global__ ...` */
    for (long k = s; k >= 0; k--) {
      if (is_close(rw, k)) {
        if (is_p(rw, k, "}") || (k = match_back(rw, k)) < 0)
          break;
      } else if (is_p(rw, k, ";") || is_p(rw, k, "{")) {
        break;
      } else if (is_id(rw, k, "requires")) {
        long o = is_p(rw, k - 1, ">") ? angle_back(rw, k - 1) : -1;
        if (o > 0 && is_id(rw, o - 1, "template"))
          tlt = o, tgt = k - 1;
        break;
      }
    }
  }
  /* Forward to the parameter list: the first '(' after a name. */
  long j = g + 1;
  for (; j < rw->nt; j++) {
    long k = skip_attr(rw, j);
    if (k != j) {
      j = k - 1;
      continue;
    }
    if (is_p(rw, j, "(") && in_list(rw, j - 1, "decltype __typeof__ typeof")) {
      j = match_fwd(rw, j);
      if (j < 0)
        break;
    } else if (is_p(rw, j, "(") &&
               (is_ident(rw, j - 1) || is_p(rw, j - 1, ">"))) {
      break;
    } else if (is_p(rw, j, ";") || is_p(rw, j, "{") || is_close(rw, j) ||
               is_p(rw, j, "=")) {
      j = rw->nt;
    }
  }
  long close = j < rw->nt ? match_fwd(rw, j) : -1;
  if (close < 0)
    return fail(rw, g, "cannot find the parameter list of this __global__ "
                       "function");
  long body = close + 1;
  while (body < rw->nt && !is_p(rw, body, "{") && !is_p(rw, body, ";") &&
         !is_p(rw, body, "=")) {
    if (is_open(rw, body))
      body = match_fwd(rw, body);
    else if (is_close(rw, body))
      body = -1;
    if (body < 0)
      return fail(rw, g, "cannot parse this __global__ function");
    body++;
  }
  if (body >= rw->nt)
    return fail(rw, g, "unterminated __global__ declaration");
  if (!is_p(rw, body, "{"))
    return 0;  /* a declaration */

  /* The name, qualified (`ns::k`) or a template-id (`k<int>`). */
  long ne = j - 1, nb = ne;
  int tid = is_p(rw, ne, ">");
  if (tid && (nb = angle_back(rw, ne) - 1) < 0)
    return fail(rw, g, "cannot parse the name of this __global__ function");
  while (is_p(rw, nb - 1, "::") && is_ident(rw, nb - 2))
    nb -= 2;
  if (is_p(rw, nb - 1, "::"))
    nb--;

  /* The split form needs a plain name, a primary template (or none) and
   * the body's closing brace; otherwise the kernel gets a prologue. */
  long rbrace = match_fwd(rw, body);
  int split = !tid && nb == ne && !(tlt >= 0 && tgt == tlt + 1) &&
              rbrace > body && !is_id(rw, body - 1, "try") &&
              !is_id(rw, rbrace + 1, "catch");

  /* The launch bounds, wherever they are in the declaration. */
  char *mt = NULL, *mw = NULL;
  for (long k = s + 1; k < body; k++) {
    if (!is_id(rw, k, "__launch_bounds__") || !is_p(rw, k + 1, "("))
      continue;
    long e = match_fwd(rw, k + 1);
    for (long a = k + 2, n = 0; a < e && n < 2; n++) {
      long b = top_find(rw, a, e, ",", 0);
      struct buf v = {0};
      put_flat(rw, &v, a, b);
      char **dst = n == 0 ? &mt : &mw;
      free(*dst);
      *dst = b - a > 1 ? fmt_str("(%s)", v.p ? v.p : "") : v.p;
      if (b - a > 1)
        free(v.p);
      a = b + 1;
    }
  }

  struct buf args = {0}, sig = {0}, targs = {0}, name = {0};
  int idx = 0, rc = 0;
  int is_void = close == j + 2 && is_id(rw, j + 1, "void");
  for (long a = j + 1; a < close && !is_void && rc == 0; idx++) {
    long b = top_find(rw, a, close, ",", 1);
    long e = top_find(rw, a, b, "=", 1);
    if (e == a) {
      rc = fail(rw, a, "empty kernel parameter");
      break;
    }
    if (!(e == a + 1 && is_p(rw, a, "...")))
      rc = kernel_param(rw, a, e, idx, &args);
    if (sig.n)
      buf_puts(&sig, ", ");
    put_flat(rw, &sig, a, e);
    a = b + 1;
  }
  if (tlt >= 0 && !tid)
    template_args(rw, tlt, tgt, &targs);
  put_flat(rw, &name, nb, ne + 1);
  const char *lt = tlt >= 0 && !tid ? "<" : "", *gt = *lt ? ">" : "";
  const char *ta = targs.p ? targs.p : "", *ar = args.p ? args.p : "",
             *sg = sig.p ? sig.p : "";
  const char *mts = mt ? mt : "0", *mws = mw ? mw : "0";
  if (rc == 0 && split) {
    /* The stub: header, specifiers, `NAME(PARAMS)` and what follows the
     * parameters, as written; then the launch. */
    struct buf st = {0}, tail = {0};
    if (tlt >= 0)
      put_flat(rw, &st, tlt - 1, tgt + 1);
    put_decl(rw, &st, tgt >= 0 ? tgt + 1 : s + 1, nb);
    if (st.n)
      buf_puts(&st, " ");
    put_flat(rw, &st, nb, j + 1);
    put_flat(rw, &st, j + 1, close);
    buf_puts(&st, ")");
    put_decl(rw, &tail, close + 1, body);
    rw->t[rbrace].after = fmt_str(
        " %s%s%s { void* __hipc_args[] = {%s0}; ::hipc::kernel<void(*)(%s), "
        "&%s%s%s%s, &__hipc_body_%s%s%s%s, %s, %s>::launch(__hipc_args); }",
        st.p, tail.n ? " " : "", tail.n ? tail.p : "", ar, sg, name.p, lt, ta,
        gt, name.p, lt, ta, gt, mts, mws);
    rw->t[nb].text = fmt_str("__hipc_body_%s", name.p);
    /* The body leaves unnamed parameters unnamed: it never forwards them,
     * and a name it does not use would warn (-Wunused-parameter). */
    for (long k = j + 1; k < close; k++)
      free(rw->t[k].after), rw->t[k].after = NULL;
    if (tlt >= 0)
      strip_template_defaults(rw, tlt, tgt);
    free(st.p), free(tail.p);
  } else if (rc == 0) {
    rw->t[body].after = fmt_str(
        " if (__builtin_expect(::hipc_launch_pending(), 0)) { void* "
        "__hipc_args[] = {%s0}; ::hipc::kernel_inline<void(*)(%s), &%s%s%s%s, "
        "%s, %s>::launch(__hipc_args); return; }",
        ar, sg, name.p, lt, ta, gt, mts, mws);
  }
  free(args.p), free(sig.p), free(targs.p), free(name.p), free(mt),
      free(mw);
  return rc;
}

/* ---- Shared memory ---------------------------------------------------- */

/* `extern __shared__ T name[];`, attributes anywhere: returns 1 after
 * rewriting it to `static ::hipc::dynamic_shared<T> name;`. */
static int dynamic_shared(struct rw *rw, long i) {
  long x = i - 1;
  for (long k; (k = skip_attr_back(rw, x)) != x;)
    x = k;
  if (!is_id(rw, x, "extern"))
    return 0;
  long start = x;
  for (long k; (k = skip_attr_back(rw, start - 1)) != start - 1;)
    start = k + 1;
  long semi = i + 1;
  while (semi < rw->nt && !is_p(rw, semi, ";")) {
    if (is_p(rw, semi, "(") || (is_p(rw, semi, "[") &&
                                is_p(rw, semi + 1, "[")))
      semi = match_fwd(rw, semi);
    else if (is_p(rw, semi, "{") || is_p(rw, semi, "}") ||
             is_p(rw, semi, "=") || is_p(rw, semi, ","))
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
    long e = skip_attr(rw, k);
    if (e == k)
      keep[nk++] = k++;
    else
      k = e;
  }
  if (nk < 4 || nk == 64 || !is_p(rw, keep[nk - 1], "]") ||
      !is_p(rw, keep[nk - 2], "[") || !is_ident(rw, keep[nk - 3]))
    return 0;
  struct buf t = {0};
  for (int k = 0; k < nk - 3; k++) {
    if (k > 0 && rw->t[keep[k]].off > rw->t[keep[k - 1]].off +
                                          rw->t[keep[k - 1]].len)
      buf_puts(&t, " ");
    buf_add(&t, rw->s + rw->t[keep[k]].off, rw->t[keep[k]].len);
  }
  struct tok *n = &rw->t[keep[nk - 3]];
  rw->t[start].text =
      fmt_str("static ::hipc::dynamic_shared<%s> %.*s;", t.p ? t.p : "",
              (int)n->len, rw->s + n->off);
  rw->t[start].merge = semi - start;
  free(t.p);
  return 1;
}

static void shared(struct rw *rw, long i) {
  if (dynamic_shared(rw, i))
    return;
  long prev = i - 1;
  for (long k; (k = skip_attr_back(rw, prev)) != prev;)
    prev = k;
  int has_static = in_list(rw, prev, "static extern") ||
                   is_id(rw, skip_attr(rw, i + 1), "static");
  rw->t[i].text = xstrdup(has_static ? "thread_local" : "static thread_local");
}

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
    buf_add(out, p, n);
}

static void put_range(struct rw *rw, struct buf *out, long a, long b,
                      int callee);

static void put_launch(struct rw *rw, struct buf *out, struct launch *l) {
  buf_puts(out, "((void)__hipPushCallConfiguration(");
  put_range(rw, out, l->lt + 3, l->gt, 0);
  buf_puts(out, l->defaults);
  buf_puts(out, "), ");
  put_range(rw, out, l->callee, l->lt, 1);
  long keep[] = {l->lt, l->lt + 1, l->lt + 2, l->lt + 3, l->gt, l->gt + 1,
                 l->gt + 2, l->lparen};
  for (size_t k = 0; k < sizeof keep / sizeof *keep; k++)
    put_gap(rw, out, keep[k], 1);
  put_range(rw, out, l->lparen, l->rparen + 1, 0);
  buf_puts(out, ")");
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
      buf_puts(out, t->text);
    else if (!t->drop)
      buf_add(out, rw->s + t->off, t->len);
    for (long k = 1; k <= t->merge; k++)
      put_gap(rw, out, i + k, 1);
    if (t->after != NULL)
      buf_puts(out, t->after);
    i += t->merge;
  }
}

int hipc__rewrite_text(const char *src, size_t len, char **out,
                       size_t *out_len, char **err) {
  struct rw rw = {.s = src, .n = len};
  int rc = lex(&rw);
  /* `__launch_bounds__(...)` goes everywhere; kernels read it first. */
  for (long i = 0; i < rw.nt && rc == 0; i++) {
    if (!is_id(&rw, i, "__launch_bounds__"))
      continue;
    long e = is_p(&rw, i + 1, "(") ? match_fwd(&rw, i + 1) : -1;
    if (e < 0) {
      rc = fail(&rw, i, "expected '(...)' after __launch_bounds__");
      break;
    }
    rw.t[i].text = xstrdup("");
    rw.t[i].merge = e - i;
  }
  for (long i = 0; i < rw.nt && rc == 0; i++) {
    if (is_id(&rw, i, "__global__"))
      rc = kernel(&rw, i);
    else if (is_id(&rw, i, "__shared__"))
      shared(&rw, i);
    else if (triple(&rw, i, "<") && !is_id(&rw, i - 1, "operator") &&
             !(is_p(&rw, i - 1, "<") && adjacent(&rw, i - 1, i)))
      rc = find_launch(&rw, i), i += 2;
  }
  struct buf o = {0};
  if (rc == 0) {
    put_gap(&rw, &o, 0, 0);
    put_range(&rw, &o, 0, rw.nt, 0);
    put_gap(&rw, &o, rw.nt, 0);
    if (o.p == NULL)
      o.p = xstrdup("");
    *out = o.p;
    if (out_len != NULL)
      *out_len = o.n;
  } else {
    *err = rw.err;
  }
  for (long i = 0; i < rw.nt; i++)
    free(rw.t[i].text), free(rw.t[i].after);
  free(rw.t), free(rw.l), free(rw.files), free(rw.file_lens);
  return rc;
}
