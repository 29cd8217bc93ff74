/* Host-only `const` globals in the GPU pass's PTX (ptx_consts.h). */
#include "ptx_consts.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "util.h"

static int name_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
         (c >= '0' && c <= '9') || c == '_' || c == '$' || c == '.';
}

static int listed(const struct managed_vars *l, const char *s, size_t n) {
  for (size_t i = 0; l != NULL && i < l->n; i++)
    if (strlen(l->v[i]) == n && memcmp(l->v[i], s, n) == 0)
      return 1;
  return 0;
}

/* If the line at `s` (`n` bytes) defines a `.const` variable at the top
 * level (`[.visible|.weak] .const [.align N] .TYPE NAME...`), its name in
 * `*name`, `*len`; else 0. Declarations (`.extern`) are not definitions. */
static int const_definition(const char *s, size_t n, const char **name,
                            size_t *len) {
  const char *p = s, *end = s + n;
  int seen_const = 0;
  for (int word = 0; p < end; word++) {
    while (p < end && (*p == ' ' || *p == '\t'))
      p++;
    const char *w = p;
    while (p < end && *p != ' ' && *p != '\t' && *p != ';' && *p != '=' &&
           *p != '[')
      p++;
    size_t k = (size_t)(p - w);
    if (k == 0)
      return 0;
    if (!seen_const) {
      if (k == 6 && memcmp(w, ".const", 6) == 0)
        seen_const = 1;
      else if (word > 0 || !((k == 8 && memcmp(w, ".visible", 8) == 0) ||
                             (k == 5 && memcmp(w, ".weak", 5) == 0)))
        return 0;
    } else if (k == 6 && memcmp(w, ".align", 6) == 0) {
      while (p < end && (*p == ' ' || *p == '\t'))
        p++;
      while (p < end && *p != ' ' && *p != '\t')
        p++;
    } else if (*w != '.') {
      *name = w;
      *len = k;
      return 1;
    }
  }
  return 0;
}

/* Whether `text` names `name` anywhere but in [skip, skip_end). */
static int named_elsewhere(const char *text, const char *name, size_t len,
                           const char *skip, const char *skip_end) {
  char *key = hipc__util_format("%.*s", (int)len, name);
  int found = 0;
  for (const char *q = strstr(text, key); q != NULL && !found;
       q = strstr(q + 1, key)) {
    if (q >= skip && q < skip_end)
      continue;
    found = (q == text || !name_char(q[-1])) && !name_char(q[len]);
  }
  free(key);
  return found;
}

int hipc__ptx_drop_host_consts(const char *path,
                               const struct managed_vars *explicit_consts,
                               int *dropped) {
  if (dropped != NULL)
    *dropped = 0;
  size_t len;
  char *text = hipc__util_read(path, &len);
  if (text == NULL) {
    hipc__util_error("cannot read '%s': %s", path, strerror(errno));
    return -1;
  }
  struct buf out = {0};
  int depth = 0, n_dropped = 0;
  for (const char *s = text; *s != '\0';) {
    size_t n = strcspn(s, "\n");
    const char *name;
    size_t k;
    int drop = depth == 0 && const_definition(s, n, &name, &k) &&
               !listed(explicit_consts, name, k) &&
               !(k > 7 && memcmp(name, "__hipc_", 7) == 0) &&
               !named_elsewhere(text, name, k, s, s + n);
    if (!drop) {
      hipc__util_buf_add(&out, s, n);
      /* `{` of an initialiser closes on its own line: only code nests. */
      for (const char *q = s; q < s + n && !(q[0] == '/' && q[1] == '/');
           q++)
        depth += (*q == '{') - (*q == '}');
    } else {
      n_dropped++;
    }
    s += n;
    if (*s == '\n') {
      if (!drop)
        hipc__util_buf_add(&out, s, 1);
      s++;
    }
  }
  free(text);
  int rc = 0;
  if (n_dropped > 0 && hipc__util_write(path, out.p, out.n) != 0) {
    hipc__util_error("cannot write '%s': %s", path, strerror(errno));
    rc = -1;
  }
  free(out.p);
  if (dropped != NULL)
    *dropped = n_dropped;
  return rc;
}
