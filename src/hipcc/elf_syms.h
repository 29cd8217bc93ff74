/* A minimal reader of ELF64 symbol tables, for the device pass's check
 * that the host object defines every kernel and variable of its GPU table
 * (docs/nvidia.md, "The device pass"; the clang front end's too). */
#ifndef HIPC_HIPCC_ELF_SYMS_H
#define HIPC_HIPCC_ELF_SYMS_H

#include <stddef.h>

/* Sets `undefined[i]` to 1 when the little-endian ELF64 object `path` has
 * `names[i]` as an undefined weak symbol (what the table's `.weakref`
 * leaves when the object does not define the name), 0 otherwise. Returns
 * 0, or -1 when the file is not such an object or cannot be read. */
int hipc__elf_syms_undefined_weak(const char *path, const char *const *names,
                                  size_t n, int *undefined);

/* Sets `defined[i]` to 1 when `path` defines a symbol `names[i]`, of any
 * binding (clang's host object: a kernel's handle or a variable's shadow,
 * local for static ones), 0 otherwise. Returns 0 or -1 as above. */
int hipc__elf_syms_defined(const char *path, const char *const *names,
                           size_t n, int *defined);

/* The kernels whose host stubs (`__device_stub__K`) `path` defines, by
 * their mangled names (the names clang's host object registers with
 * __hipRegisterFunction), each once, malloc'd in a malloc'd array the
 * caller frees. Returns 0 or -1 as above. */
int hipc__elf_syms_kernels(const char *path, char ***kernels, size_t *n);

#endif /* HIPC_HIPCC_ELF_SYMS_H */
