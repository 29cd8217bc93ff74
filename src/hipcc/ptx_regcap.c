/* The register cap of kernels without launch bounds (ptx_regcap.h). */
#define _GNU_SOURCE /* memmem */
#include "ptx_regcap.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "util.h"

/* The kernels of a `ptxas -v` log over the cap, as "name\n" lines:
 *   ptxas info    : Compiling entry function 'NAME' for 'sm_90'
 *   ...
 *   ptxas info    : Used N registers, ...
 * A device function's "Function properties" lines carry no count of their
 * own; the count after an entry's line is the entry's. */
static void over_cap(const char *log, int cap, struct buf *names) {
  static const char entry[] = "Compiling entry function '";
  const char *name = NULL;
  size_t len = 0;
  for (const char *s = log; *s != '\0';) {
    size_t n = strcspn(s, "\n");
    const char *e = strstr(s, entry);
    const char *u = strstr(s, "Used ");
    if (e != NULL && e < s + n) {
      name = e + sizeof entry - 1;
      len = strcspn(name, "'\n");
    } else if (u != NULL && u < s + n && name != NULL) {
      if (atoi(u + 5) > cap) {
        hipc__util_buf_add(names, name, len);
        hipc__util_buf_add(names, "\n", 1);
      }
      name = NULL;
    }
    s += n + (s[n] == '\n');
  }
}

static int listed(const struct buf *names, const char *s, size_t n) {
  for (const char *p = names->p; p != NULL && *p != '\0';) {
    size_t k = strcspn(p, "\n");
    if (k == n && memcmp(p, s, n) == 0)
      return 1;
    p += k + (p[k] == '\n');
  }
  return 0;
}

static int starts(const char *s, size_t n, const char *word) {
  while (n > 0 && (*s == ' ' || *s == '\t'))
    s++, n--;
  size_t k = strlen(word);
  return n >= k && memcmp(s, word, k) == 0;
}

/* If the line `s` (`n` bytes) opens a kernel (`[.visible|.weak] .entry
 * NAME(`), its name in `*name`, `*len`. */
static int entry_line(const char *s, size_t n, const char **name,
                      size_t *len) {
  const char *e = memmem(s, n, ".entry ", 7);
  if (e == NULL)
    return 0;
  const char *p = e + 7;
  while (p < s + n && (*p == ' ' || *p == '\t'))
    p++;
  *name = p;
  while (p < s + n && *p != '(' && *p != ' ' && *p != '\t')
    p++;
  *len = (size_t)(p - *name);
  return *len > 0;
}

int hipc__ptx_cap_registers(const char *path, const char *log, int cap,
                            int *capped) {
  *capped = 0;
  struct buf names = {0};
  over_cap(log, cap, &names);
  if (names.n == 0)
    return 0;
  size_t size;
  char *text = hipc__util_read(path, &size);
  if (text == NULL) {
    hipc__util_error("cannot read '%s': %s", path, strerror(errno));
    free(names.p);
    return -1;
  }
  struct buf out = {0};
  /* 1 inside the header of a kernel over the cap (between `.entry` and
   * its body's `{`), 2 when that header has bounds of its own. */
  int state = 0;
  for (const char *s = text; *s != '\0';) {
    size_t n = strcspn(s, "\n");
    const char *name;
    size_t len;
    if (state == 0 && entry_line(s, n, &name, &len) &&
        listed(&names, name, len)) {
      state = 1;
    } else if (state != 0 && (starts(s, n, ".maxntid") ||
                              starts(s, n, ".reqntid") ||
                              starts(s, n, ".maxnreg"))) {
      state = 2;
    } else if (state != 0 && starts(s, n, "{")) {
      if (state == 1) {
        char *d = hipc__util_format(".maxnreg %d\n", cap);
        hipc__util_buf_puts(&out, d);
        free(d);
        (*capped)++;
      }
      state = 0;
    }
    hipc__util_buf_add(&out, s, n + (s[n] == '\n'));
    s += n + (s[n] == '\n');
  }
  free(text);
  free(names.p);
  int rc = 0;
  if (*capped > 0 && hipc__util_write(path, out.p, out.n) != 0)
    rc = -1;
  free(out.p);
  return rc;
}
