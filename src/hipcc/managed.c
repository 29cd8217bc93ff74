/* `__managed__` variables: matching the rewriter's names with the PTX's
 * and marking them in the PTX (managed.h; docs/nvidia.md, "Managed
 * variables on GPUs"). */
#include "managed.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "lex.h"
#include "util.h"

void hipc__managed_add(struct managed_vars *m, const char *name,
                       const char *storage) {
  m->v = hipc__util_realloc(m->v, (m->n + 1) * sizeof *m->v);
  m->v[m->n].name = hipc__util_strdup(name);
  m->v[m->n].storage = hipc__util_strdup(storage);
  m->n++;
}

void hipc__managed_free(struct managed_vars *m) {
  for (size_t i = 0; i < m->n; i++)
    free(m->v[i].name), free(m->v[i].storage);
  free(m->v);
  *m = (struct managed_vars){0};
}

/* One <source-name> (`<length><identifier>`) at `*p` (before `end`),
 * appended to `out` after "::" unless it is the first; the anonymous
 * namespace is spelt as C++ tools spell it. 0, or -1 when malformed. */
static int source_name(const char **p, const char *end, struct buf *out) {
  const char *s = *p;
  if (s >= end || !isdigit((unsigned char)*s))
    return -1;
  size_t len = 0;
  while (s < end && isdigit((unsigned char)*s))
    len = len * 10 + (size_t)(*s++ - '0');
  if (len == 0 || len > (size_t)(end - s))
    return -1;
  if (out->n > 0)
    hipc__lex_buf_puts(out, "::");
  if (len >= 11 && memcmp(s, "_GLOBAL__N_", 11) == 0)
    hipc__lex_buf_puts(out, "(anonymous namespace)");
  else
    hipc__lex_buf_add(out, s, len);
  *p = s + len;
  return 0;
}

char *hipc__managed_demangle(const char *s, size_t n) {
  const char *end = s + n;
  struct buf out = {0};
  if (n < 2 || memcmp(s, "_Z", 2) != 0) {
    hipc__lex_buf_add(&out, s, n);  /* C++ at global scope, or C */
  } else {
    const char *p = s + 2;
    int nested = p < end && *p == 'N';
    p += nested;
    if (nested && end - p >= 2 && memcmp(p, "St", 2) == 0)
      hipc__lex_buf_puts(&out, "std"), p += 2;
    for (;;) {
      if (p < end && *p == 'L')  /* internal linkage */
        p++;
      if (source_name(&p, end, &out) != 0)
        break;
      if (!nested) {
        if (p == end)
          return out.p;
        break;
      }
      if (p + 1 == end && *p == 'E')
        return out.p;
    }
    free(out.p);
    return NULL;
  }
  return out.p;
}

const char *hipc__managed_storage(const struct managed_vars *m, const char *s,
                                  size_t n) {
  if (m == NULL || m->n == 0)
    return NULL;
  /* The clang front end records the mangled names themselves. */
  for (size_t i = 0; i < m->n; i++)
    if (strlen(m->v[i].name) == n && memcmp(m->v[i].name, s, n) == 0)
      return m->v[i].storage;
  char *name = hipc__managed_demangle(s, n);
  const char *found = NULL;
  for (size_t i = 0; name != NULL && i < m->n && found == NULL; i++)
    if (strcmp(m->v[i].name, name) == 0)
      found = m->v[i].storage;
  free(name);
  return found;
}

/* If `line` (NUL-terminated, no newline) defines a global of `m`, the
 * offset just after its `.global`, else 0. */
static size_t managed_global(const char *line, const struct managed_vars *m) {
  const char *p = line;
  size_t after = 0;
  for (int word = 0;; word++) {
    while (*p == ' ' || *p == '\t')
      p++;
    size_t k = strcspn(p, " \t;=[");
    if (k == 0)
      return 0;
    if (after == 0) {
      if (k == 7 && memcmp(p, ".global", 7) == 0)
        after = (size_t)(p + k - line);
      else if (word > 0 || !((k == 8 && memcmp(p, ".visible", 8) == 0) ||
                             (k == 5 && memcmp(p, ".weak", 5) == 0)))
        return 0;  /* `.extern` declarations, code and the rest */
    } else if (k == 6 && memcmp(p, ".align", 6) == 0) {
      p += k;
      while (*p == ' ' || *p == '\t')
        p++;
      k = strcspn(p, " \t");
    } else if (*p != '.') {
      return hipc__managed_storage(m, p, k) != NULL ? after : 0;
    }
    p += k;
  }
}

int hipc__managed_patch_ptx(const char *path, const struct managed_vars *m) {
  if (m == NULL || m->n == 0)
    return 0;
  size_t len;
  char *text = hipc__util_read(path, &len);
  if (text == NULL) {
    hipc__util_error("cannot read '%s': %s", path, strerror(errno));
    return -1;
  }
  struct buf out = {0};
  int depth = 0, marked = 0;
  char line[1024];
  for (const char *s = text; *s != '\0';) {
    size_t n = strcspn(s, "\n");
    size_t at = 0;
    if (depth == 0 && n < sizeof line) {
      memcpy(line, s, n);
      line[n] = '\0';
      at = managed_global(line, m);
    }
    if (at > 0) {
      hipc__lex_buf_add(&out, s, at);
      hipc__lex_buf_puts(&out, " .attribute(.managed)");
      hipc__lex_buf_add(&out, s + at, n - at);
      marked++;
    } else {
      hipc__lex_buf_add(&out, s, n);
    }
    for (const char *q = s; q < s + n && !(q[0] == '/' && q[1] == '/'); q++)
      depth += (*q == '{') - (*q == '}');
    s += n;
    if (*s == '\n')
      hipc__lex_buf_add(&out, s++, 1);
  }
  free(text);
  int rc = 0;
  if (marked > 0 && hipc__util_write(path, out.p, out.n) != 0) {
    hipc__util_error("cannot write '%s': %s", path, strerror(errno));
    rc = -1;
  }
  free(out.p);
  return rc;
}
