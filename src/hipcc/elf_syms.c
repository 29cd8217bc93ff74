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

/* Sets found[i] for each of `names` that the symbol table of `path` has
 * as an undefined weak symbol (`defined` 0) or as a defined symbol of any
 * binding (`defined` 1). 0, or -1 (not such an object, or unreadable). */
static int scan(const char *path, const char *const *names, size_t n,
                int defined, int *found) {
  for (size_t i = 0; i < n; i++)
    found[i] = 0;
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
      const char *nm = (const char *)f + stroff + name;
      for (size_t i = 0; i < n; i++)
        if (strcmp(nm, names[i]) == 0)
          found[i] = 1;
    }
    rc = 0;
  }
out:
  free(f);
  return rc;
}

int hipc__elf_syms_undefined_weak(const char *path, const char *const *names,
                                  size_t n, int *undefined) {
  return scan(path, names, n, 0, undefined);
}

int hipc__elf_syms_defined(const char *path, const char *const *names,
                           size_t n, int *defined) {
  return scan(path, names, n, 1, defined);
}
