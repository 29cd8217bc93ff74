/* The register-capped variants of kernels without launch bounds
 * (ptx_regcap.h). */
#define _GNU_SOURCE /* memmem */
#include "ptx_regcap.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "hip/hipc/gpu_module.h"
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

/* Appends `s` (`n` bytes) to `out`, and to `copy` while a kernel is being
 * copied (`collect`). */
static void put(struct buf *out, struct buf *copy, int collect,
                const char *s, size_t n) {
  hipc__util_buf_add(out, s, n);
  if (collect)
    hipc__util_buf_add(copy, s, n);
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
  /* HIPC_NVPTX_REGCAP=inplace: the kernel itself capped, no variant. */
  const char *mode = getenv("HIPC_NVPTX_REGCAP");
  int inplace = mode != NULL && strcmp(mode, "inplace") == 0;
  struct buf out = {0}, copy = {0};
  /* 1 inside the header of a kernel over the cap (between `.entry` and
   * its body's `{`), 2 when that header has bounds of its own, 3 inside
   * the body of a kernel being copied (up to its closing `}` line). */
  int state = 0;
  for (const char *s = text; *s != '\0';) {
    size_t n = strcspn(s, "\n");
    size_t line = n + (s[n] == '\n');
    const char *name;
    size_t len;
    if (state == 0 && entry_line(s, n, &name, &len) &&
        listed(&names, name, len)) {
      state = 1;
      copy.n = 0;
      hipc__util_buf_add(&out, s, line);
      /* The variant's entry line: the name with HIPC_GPU_CAPPED_SUFFIX. */
      hipc__util_buf_add(&copy, s, (size_t)(name + len - s));
      hipc__util_buf_puts(&copy, HIPC_GPU_CAPPED_SUFFIX);
      hipc__util_buf_add(&copy, name + len, (size_t)(s + line - name - len));
      s += line;
      continue;
    }
    if (state == 1 && (starts(s, n, ".maxntid") || starts(s, n, ".reqntid") ||
                       starts(s, n, ".maxnreg"))) {
      state = 2;
    } else if (state == 1 && starts(s, n, "{")) {
      char *d = hipc__util_format(".maxnreg %d\n", cap);
      if (inplace) {
        hipc__util_buf_puts(&out, d);
        state = 0;
      } else {
        hipc__util_buf_puts(&copy, d);
        state = 3;
      }
      free(d);
      (*capped)++;
    } else if (state == 2 && starts(s, n, "{")) {
      state = 0;
    } else if (state == 3 && n == 1 && s[0] == '}') {
      /* The kernel's end: the capped variant follows it. */
      hipc__util_buf_add(&out, s, line);
      hipc__util_buf_add(&copy, "}\n", 2);
      hipc__util_buf_puts(&out, "\n");
      hipc__util_buf_add(&out, copy.p, copy.n);
      state = 0;
      s += line;
      continue;
    }
    put(&out, &copy, state == 1 || state == 3, s, line);
    s += line;
  }
  free(text);
  free(names.p);
  free(copy.p);
  int rc = 0;
  if (*capped > 0 && hipc__util_write(path, out.p, out.n) != 0)
    rc = -1;
  free(out.p);
  return rc;
}
