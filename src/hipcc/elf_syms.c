/* Reads the symbol table of an ELF64 object (elf_syms.h). */
#include "elf_syms.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "util.h"

/* Little-endian reads at any alignment. */
static uint64_t get(const unsigned char *p, int n) {
  uint64_t v = 0;
  for (int i = n - 1; i >= 0; i--)
    v = v << 8 | p[i];
  return v;
}

/* Calls visit(name, arg) for each symbol of the symbol tables of `path`
 * that is undefined and weak (`defined` 0) or defined, of any binding
 * (`defined` 1). 0, or -1 (not such an object, or unreadable). */
static int each_symbol(const char *path, int defined,
                       void (*visit)(const char *name, void *arg),
                       void *arg) {
  size_t len;
  unsigned char *f = (unsigned char *)hipc__util_read(path, &len);
  if (f == NULL)
    return -1;
  int rc = -1;
  /* ELF64, little-endian, relocatable or executable. */
  if (len < 64 || memcmp(f, "\177ELF", 4) != 0 || f[4] != 2 || f[5] != 1)
    goto out;
  uint64_t shoff = get(f + 0x28, 8);
  uint64_t shentsize = get(f + 0x3a, 2), shnum = get(f + 0x3c, 2);
  if (shentsize < 64 || shoff > len || shnum > (len - shoff) / shentsize)
    goto out;
  for (uint64_t s = 0; s < shnum; s++) {
    const unsigned char *sh = f + shoff + s * shentsize;
    if (get(sh + 4, 4) != 2)  /* SHT_SYMTAB */
      continue;
    uint64_t off = get(sh + 0x18, 8), size = get(sh + 0x20, 8);
    uint64_t link = get(sh + 0x28, 4), entsize = get(sh + 0x38, 8);
    if (link >= shnum || entsize < 24 || off > len || size > len - off)
      goto out;
    const unsigned char *strsh = f + shoff + link * shentsize;
    uint64_t stroff = get(strsh + 0x18, 8), strsize = get(strsh + 0x20, 8);
    if (stroff > len || strsize > len - stroff || strsize == 0 ||
        f[stroff + strsize - 1] != '\0')
      goto out;
    for (uint64_t e = 0; e + entsize <= size; e += entsize) {
      const unsigned char *sym = f + off + e;
      uint64_t name = get(sym, 4);
      unsigned bind = sym[4] >> 4;
      uint64_t shndx = get(sym + 6, 2);
      if (name == 0 || name >= strsize ||
          (defined ? shndx == 0 : bind != 2 || shndx != 0))
        continue;
      visit((const char *)f + stroff + name, arg);
    }
    rc = 0;
  }
out:
  free(f);
  return rc;
}

struct wanted {
  const char *const *names;
  size_t n;
  int *found;
};

static void mark_wanted(const char *name, void *arg) {
  struct wanted *w = arg;
  for (size_t i = 0; i < w->n; i++)
    if (strcmp(name, w->names[i]) == 0)
      w->found[i] = 1;
}

/* Sets found[i] for each of `names` that `path` has (each_symbol). */
static int scan(const char *path, const char *const *names, size_t n,
                int defined, int *found) {
  for (size_t i = 0; i < n; i++)
    found[i] = 0;
  struct wanted w = {names, n, found};
  return each_symbol(path, defined, mark_wanted, &w);
}

int hipc__elf_syms_undefined_weak(const char *path, const char *const *names,
                                  size_t n, int *undefined) {
  return scan(path, names, n, 0, undefined);
}

int hipc__elf_syms_defined(const char *path, const char *const *names,
                           size_t n, int *defined) {
  return scan(path, names, n, 1, defined);
}

/* Where the <length> of the source name "__device_stub__K" starts in the
 * mangled `sym`, `at` being where the name itself starts: read forward
 * through the names of the enclosing namespaces (_Z[N][L] then
 * <length><name>...), which may end in digits themselves
 * (12_GLOBAL__N_1), else the shortest run of digits before `at` that
 * counts past the prefix. NULL when there is none. */
static const char *stub_length(const char *sym, const char *at, size_t sl) {
  const char *p = sym + 2;
  if (*p == 'N')
    p++;
  if (*p == 'L')
    p++;
  while (p < at && *p >= '1' && *p <= '9') {
    char *end;
    unsigned long n = strtoul(p, &end, 10);
    if (end == at)
      return p;
    if (n > (unsigned long)(at - end))
      break;
    p = end + n;
  }
  for (const char *d = at - 1; d >= sym && *d >= '0' && *d <= '9'; d--)
    if (strtoul(d, NULL, 10) > sl)
      return d;
  return NULL;
}

/* The kernel a stub symbol is for: clang names the stub of kernel K
 * "__device_stub__K", inside K's mangled name when it has one (so the
 * name's length there is 15 more). NULL when `sym` is no stub. */
static char *kernel_of_stub(const char *sym) {
  static const char stub[] = "__device_stub__";
  const size_t sl = sizeof stub - 1;
  const char *at = strstr(sym, stub);
  if (at == NULL)
    return NULL;
  if (at == sym)
    return hipc__util_strdup(sym + sl);
  if (strncmp(sym, "_Z", 2) != 0)
    return NULL;
  const char *d = stub_length(sym, at, sl);
  if (d == NULL)
    return NULL;
  unsigned long len = strtoul(d, NULL, 10);
  return hipc__util_format("%.*s%lu%s", (int)(d - sym), sym, len - sl,
                           at + sl);
}

struct handles {
  char **v;
  size_t n;
};

static void add_handle(const char *name, void *arg) {
  struct handles *h = arg;
  char *k = kernel_of_stub(name);
  if (k == NULL)
    return;
  for (size_t i = 0; i < h->n; i++)
    if (strcmp(h->v[i], k) == 0) {
      free(k);
      return;
    }
  h->v = hipc__util_realloc(h->v, (h->n + 1) * sizeof *h->v);
  h->v[h->n++] = k;
}

int hipc__elf_syms_kernels(const char *path, char ***kernels, size_t *n) {
  struct handles h = {NULL, 0};
  int rc = each_symbol(path, 1, add_handle, &h);
  *kernels = h.v;
  *n = h.n;
  return rc;
}
