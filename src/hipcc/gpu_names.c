/* The kernels and variables a GPU image defines, read from its PTX
 * (docs/nvidia.md, "The device pass"): hipcc -v reports them, and warns
 * about any the host object lacks (device_pass.c). */
#include "gpu_names.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "util.h"

/* ---- Reading the PTX ---------------------------------------------------- */

static int has_name(char **v, size_t n, const char *s, size_t len) {
  for (size_t i = 0; i < n; i++)
    if (strlen(v[i]) == len && memcmp(v[i], s, len) == 0)
      return 1;
  return 0;
}

static size_t name_len(const char *s) {
  size_t n = 0;
  while (isalnum((unsigned char)s[n]) || s[n] == '_' || s[n] == '$' ||
         s[n] == '.')
    n++;
  return n;
}

/* Names that the compiler or libdevice make, not the program: string
 * literals ($str), libdevice's tables (__cudart_*), clang's internals. */
static int internal_name(const char *s, size_t n) {
  if (memchr(s, '$', n) != NULL || memchr(s, '.', n) != NULL)
    return 1;
  static const char *const prefixes[] = {"__cudart", "__nv_", "__clang",
                                         "__hipc_", "__unnamed"};
  for (size_t i = 0; i < sizeof prefixes / sizeof *prefixes; i++)
    if (strncmp(s, prefixes[i], strlen(prefixes[i])) == 0)
      return 1;
  return 0;
}

/* The size in bytes of a PTX scalar type such as `.u32`, `.b8`, `.f64`. */
static size_t type_size(const char *t, size_t n) {
  if (n < 3 || t[0] != '.' || strchr("busf", t[1]) == NULL)
    return 0;
  unsigned long bits = strtoul(t + 2, NULL, 10);
  return bits % 8 == 0 ? bits / 8 : 0;
}

/* Splits the next space-separated word off `*p`. */
static const char *word(const char **p, size_t *n) {
  const char *s = *p;
  while (*s == ' ' || *s == '\t')
    s++;
  size_t k = 0;
  while (s[k] != '\0' && s[k] != ' ' && s[k] != '\t' && s[k] != ';' &&
         s[k] != '=' && s[k] != '(')
    k++;
  *p = s + k;
  *n = k;
  return s;
}

/* A top-level declaration line: `[.visible|.weak] .entry NAME(` or
 * `[.visible|.weak] .global|.const [.align N] .TYPE NAME[DIMS]...;`. */
static void scan_line(struct gpu_names *g, const char *line) {
  const char *p = line, *w;
  size_t n;
  w = word(&p, &n);
  if ((n == 8 && !memcmp(w, ".visible", 8)) ||
      (n == 5 && !memcmp(w, ".weak", 5)))
    w = word(&p, &n);
  if (n == 6 && !memcmp(w, ".entry", 6)) {
    w = word(&p, &n);
    n = name_len(w);
    if (n > 0 && !internal_name(w, n) &&
        !has_name(g->kernels, g->nkernels, w, n)) {
      g->kernels = hipc__util_realloc(g->kernels,
                                      (g->nkernels + 1) * sizeof *g->kernels);
      g->kernels[g->nkernels] = hipc__util_alloc(n + 1);
      memcpy(g->kernels[g->nkernels], w, n);
      g->kernels[g->nkernels++][n] = '\0';
    }
    return;
  }
  int kind;
  if (n == 7 && !memcmp(w, ".global", 7))
    kind = 0;
  else if (n == 6 && !memcmp(w, ".const", 6))
    kind = 1;
  else
    return;
  size_t elem = 0;
  for (;;) {
    w = word(&p, &n);
    if (n == 0)
      return;
    if (n == 6 && !memcmp(w, ".align", 6)) {
      word(&p, &n);
      continue;
    }
    if (w[0] == '.') {  /* the type, or an attribute such as .attribute(..) */
      size_t s = type_size(w, n);
      if (s != 0)
        elem = s;
      if (*p == '(') {
        const char *e = strchr(p, ')');
        if (e == NULL)
          return;
        if (kind == 0 && e - p == 9 && memcmp(p, "(.managed", 9) == 0)
          kind = 2;
        p = e + 1;
      }
      continue;
    }
    break;
  }
  n = name_len(w);
  if (n == 0 || elem == 0 || internal_name(w, n))
    return;
  size_t size = elem;
  for (const char *d = w + n; *d == '['; d = strchr(d, ']') + 1) {
    size *= strtoull(d + 1, NULL, 10);
    if (strchr(d, ']') == NULL)
      return;
  }
  for (size_t i = 0; i < g->nvars; i++)
    if (strlen(g->vars[i].name) == n && !memcmp(g->vars[i].name, w, n))
      return;
  g->vars = hipc__util_realloc(g->vars, (g->nvars + 1) * sizeof *g->vars);
  char *name = hipc__util_alloc(n + 1);
  memcpy(name, w, n);
  name[n] = '\0';
  g->vars[g->nvars++] = (struct gpu_var_name){name, size, kind};
}

void hipc__gpu_names_scan(struct gpu_names *g, const char *ptx) {
  int depth = 0;
  char line[1024];
  for (const char *s = ptx; *s != '\0';) {
    size_t n = strcspn(s, "\n");
    const char *next = s + n + (s[n] == '\n');
    /* Only the start of a line matters for a declaration; `//` starts a
     * comment. */
    size_t k = n < sizeof line - 1 ? n : sizeof line - 1;
    memcpy(line, s, k);
    line[k] = '\0';
    char *c = strstr(line, "//");
    if (c != NULL)
      *c = '\0';
    if (depth == 0)
      scan_line(g, line);
    for (const char *q = s; q < s + n; q++) {
      if (q[0] == '/' && q[1] == '/')
        break;
      depth += (*q == '{') - (*q == '}');
    }
    s = next;
  }
}

void hipc__gpu_names_free(struct gpu_names *g) {
  for (size_t i = 0; i < g->nkernels; i++)
    free(g->kernels[i]);
  for (size_t i = 0; i < g->nvars; i++)
    free(g->vars[i].name);
  free(g->kernels);
  free(g->vars);
  *g = (struct gpu_names){0};
}
