/* `__managed__` variables in hipcc (docs/nvidia.md, "Managed variables
 * on GPUs"): what the host pass's rewriter records of each definition, and
 * what the device pass does with it.
 *
 * Clang's CUDA mode has no managed attribute, so the device pass compiles
 * a `__managed__` variable as a `__device__` one and then marks it in the
 * PTX (`.global .attribute(.managed)`), between clang and ptxas; the CUDA
 * driver allocates such a variable in managed memory when it loads the
 * module. The rewriter knows which variables are managed by their source
 * names; the PTX names them by their mangled names. Both are brought to
 * the same qualified form (`ns::x`, `(anonymous namespace)::y`, `x` for C
 * linkage) to be matched.
 */
#ifndef HIPC_HIPCC_MANAGED_H
#define HIPC_HIPCC_MANAGED_H

#include <stddef.h>

struct managed_var {
  char *name;    /* qualified, as above; or the mangled name itself (the
                    clang front end, which reads it from hipc-kc) */
  char *storage; /* the host object's storage: its symbol (an asm label) */
};

struct managed_vars {
  struct managed_var *v;
  size_t n;
};

void hipc__managed_add(struct managed_vars *m, const char *name,
                       const char *storage);
void hipc__managed_free(struct managed_vars *m);

/* The qualified name that the PTX variable name `s` (`n` bytes: a C name
 * or an Itanium-mangled variable at namespace scope) stands for, malloc'd;
 * NULL for any other mangled name. */
char *hipc__managed_demangle(const char *s, size_t n);

/* The storage symbol of the managed variable whose PTX name is `s` (`n`
 * bytes), or NULL when it is not one of `m`. */
const char *hipc__managed_storage(const struct managed_vars *m, const char *s,
                                  size_t n);

/* Adds `.attribute(.managed)` to the definitions of `m`'s variables in the
 * PTX file `path` (rewritten in place). 0, or -1 after an error message. */
int hipc__managed_patch_ptx(const char *path, const struct managed_vars *m);

#endif /* HIPC_HIPCC_MANAGED_H */
