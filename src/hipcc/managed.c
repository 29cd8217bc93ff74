/* `__managed__` variables: marking them in the PTX (managed.h;
 * docs/nvidia.md, "Managed variables on GPUs"). */
#include "managed.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "util.h"

void hipc__managed_add(struct managed_vars *m, const char *name) {
  m->v = hipc__util_realloc(m->v, (m->n + 1) * sizeof *m->v);
  m->v[m->n++] = hipc__util_strdup(name);
}

void hipc__managed_free(struct managed_vars *m) {
  for (size_t i = 0; i < m->n; i++)
    free(m->v[i]);
  free(m->v);
  *m = (struct managed_vars){0};
}

/* Whether the `n` bytes at `s` are the name of one of `m`'s variables. */
static int managed_has(const struct managed_vars *m, const char *s,
                             size_t n) {
  for (size_t i = 0; i < m->n; i++)
    if (strlen(m->v[i]) == n && memcmp(m->v[i], s, n) == 0)
      return 1;
  return 0;
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
      return managed_has(m, p, k) ? after : 0;
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
      hipc__util_buf_add(&out, s, at);
      hipc__util_buf_puts(&out, " .attribute(.managed)");
      hipc__util_buf_add(&out, s + at, n - at);
      marked++;
    } else {
      hipc__util_buf_add(&out, s, n);
    }
    for (const char *q = s; q < s + n && !(q[0] == '/' && q[1] == '/'); q++)
      depth += (*q == '{') - (*q == '}');
    s += n;
    if (*s == '\n')
      hipc__util_buf_add(&out, s++, 1);
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
