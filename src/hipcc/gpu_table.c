/* The table of GPU images, kernels and variables that hipcc appends to a
 * host translation unit (docs/nvidia.md, "The device pass").
 *
 * The data is written as assembly in one top-level asm statement, laid out
 * as hip/hipc/gpu_module.h's structures on an LP64 target (a static_assert
 * in the same text checks that layout). Kernels and variables are named by
 * their mangled names, which the host object shares with the PTX; each is
 * reached through `.weakref`, which resolves to the host object's own
 * definition (local ones included: static functions, anonymous namespaces)
 * without changing its binding, and to a null address when the host object
 * did not emit it (a managed variable is reached through its storage,
 * managed.h). A constructor in C++ registers the module, with priority 101
 * so that every module is known before any dynamic initialiser binds a
 * managed variable (hipc_managed_bind). */
#include "gpu_table.h"

#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lex.h"
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
  g->vars[g->nvars++] = (struct gpu_var_name){name, size, kind, NULL};
}

void hipc__gpu_table_scan(struct gpu_names *g, const char *ptx) {
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

void hipc__gpu_table_free(struct gpu_names *g) {
  for (size_t i = 0; i < g->nkernels; i++)
    free(g->kernels[i]);
  for (size_t i = 0; i < g->nvars; i++)
    free(g->vars[i].name), free(g->vars[i].host);
  free(g->kernels);
  free(g->vars);
  *g = (struct gpu_names){0};
}

/* ---- Writing the table ------------------------------------------------- */

/* Appends one line of assembly as a C++ string literal: "\t<text>\n". */
static void asm_line(struct buf *b, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
static void asm_line(struct buf *b, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  char text[512];
  vsnprintf(text, sizeof text, fmt, ap);
  va_end(ap);
  hipc__lex_buf_puts(b, "\"");
  for (const char *s = text; *s != '\0'; s++) {
    if (*s == '"' || *s == '\\')
      hipc__lex_buf_add(b, "\\", 1);
    hipc__lex_buf_add(b, s, 1);
  }
  hipc__lex_buf_puts(b, "\\n\"\n");
}

/* `.incbin "path"`, the path escaped for the assembler, then the whole
 * line for C++. */
static int incbin(struct buf *b, const char *path) {
  struct buf q = {0};
  for (const char *s = path; *s != '\0'; s++) {
    if ((unsigned char)*s < 0x20) {
      hipc__util_error("cannot embed '%s': control character in the path",
                       path);
      free(q.p);
      return -1;
    }
    if (*s == '"' || *s == '\\')
      hipc__lex_buf_add(&q, "\\", 1);
    hipc__lex_buf_add(&q, s, 1);
  }
  if (q.n > 400) {
    hipc__util_error("cannot embed '%s': path too long", path);
    free(q.p);
    return -1;
  }
  asm_line(b, ".incbin \"%s\"", q.p);
  free(q.p);
  return 0;
}

static int inline_file(struct buf *b, const char *path) {
  size_t len;
  char *data = hipc__util_read(path, &len);
  if (data == NULL) {
    hipc__util_error("cannot read '%s': %s", path, strerror(errno));
    return -1;
  }
  char line[16 * 5 + 8];
  for (size_t i = 0; i < len; i += 16) {
    size_t k = 0;
    k += (size_t)snprintf(line + k, sizeof line - k, ".byte ");
    for (size_t j = i; j < len && j < i + 16; j++)
      k += (size_t)snprintf(line + k, sizeof line - k, "%s%u",
                            j > i ? "," : "", (unsigned char)data[j]);
    asm_line(b, "%s", line);
  }
  free(data);
  return 0;
}

char *hipc__gpu_table_text(const struct gpu_names *g,
                           const struct gpu_image_file *images, size_t n,
                           int inline_bytes) {
  struct buf b = {0};
  hipc__lex_buf_puts(&b, "\n# 1 \"<hipc gpu module>\"\n__asm__(\n");
  asm_line(&b, ".pushsection .rodata.hipc_gpu,\"a\"");
  for (size_t i = 0; i < n; i++) {
    asm_line(&b, ".balign 64");
    asm_line(&b, ".Lhipc_gpu_img%zu:", i);
    if ((inline_bytes ? inline_file(&b, images[i].path)
                      : incbin(&b, images[i].path)) != 0) {
      free(b.p);
      return NULL;
    }
    if (images[i].is_ptx)
      asm_line(&b, ".byte 0");
    asm_line(&b, ".Lhipc_gpu_img%zu_end:", i);
    asm_line(&b, ".Lhipc_gpu_arch%zu: .asciz \"%s\"", i, images[i].arch);
  }
  for (size_t i = 0; i < g->nkernels; i++)
    asm_line(&b, ".Lhipc_gpu_kname%zu: .asciz \"%s\"", i, g->kernels[i]);
  for (size_t i = 0; i < g->nvars; i++)
    asm_line(&b, ".Lhipc_gpu_vname%zu: .asciz \"%s\"", i, g->vars[i].name);
  asm_line(&b, ".popsection");
  asm_line(&b, ".pushsection .data.rel.ro.hipc_gpu,\"aw\"");
  asm_line(&b, ".balign 8");
  asm_line(&b, ".Lhipc_gpu_images:");
  for (size_t i = 0; i < n; i++) {
    asm_line(&b, ".8byte .Lhipc_gpu_arch%zu", i);
    asm_line(&b, ".4byte %d, 0", images[i].is_ptx);
    asm_line(&b, ".8byte .Lhipc_gpu_img%zu", i);
    asm_line(&b, ".8byte .Lhipc_gpu_img%zu_end - .Lhipc_gpu_img%zu", i, i);
  }
  asm_line(&b, ".Lhipc_gpu_kernels:");
  for (size_t i = 0; i < g->nkernels; i++) {
    asm_line(&b, ".weakref __hipc_gpu_kref%zu, %s", i, g->kernels[i]);
    asm_line(&b, ".8byte __hipc_gpu_kref%zu, .Lhipc_gpu_kname%zu", i, i);
  }
  asm_line(&b, ".Lhipc_gpu_vars:");
  for (size_t i = 0; i < g->nvars; i++) {
    asm_line(&b, ".weakref __hipc_gpu_vref%zu, %s", i,
             g->vars[i].host != NULL ? g->vars[i].host : g->vars[i].name);
    asm_line(&b, ".8byte __hipc_gpu_vref%zu, .Lhipc_gpu_vname%zu, %zu", i, i,
             g->vars[i].size);
    asm_line(&b, ".4byte %d, 0", g->vars[i].kind);
  }
  asm_line(&b, "__hipc_gpu_module:");
  asm_line(&b, ".4byte %d, %zu", 1, n);
  asm_line(&b, ".8byte .Lhipc_gpu_images");
  asm_line(&b, ".4byte %zu, 0", g->nkernels);
  asm_line(&b, ".8byte .Lhipc_gpu_kernels");
  asm_line(&b, ".4byte %zu, 0", g->nvars);
  asm_line(&b, ".8byte .Lhipc_gpu_vars");
  asm_line(&b, ".popsection");
  hipc__lex_buf_puts(
      &b,
      ");\n"
      "static_assert("
      "sizeof(void*) == 8 && sizeof(hipc_gpu_image) == 32 && "
      "sizeof(hipc_gpu_kernel) == 16 && sizeof(hipc_gpu_var) == 32 && "
      "sizeof(hipc_gpu_module) == 48, \"hipcc's GPU table is laid out for "
      "LP64 and hipc_gpu_module version 1 (hip/hipc/gpu_module.h)\");\n"
      "extern \"C\" const hipc_gpu_module __hipc_gpu_module "
      "__attribute__((visibility(\"hidden\")));\n"
      "__attribute__((constructor(101))) static void "
      "__hipc_gpu_module_register() "
      "{ hipc_register_gpu_module(&__hipc_gpu_module); }\n");
  return b.p;
}
