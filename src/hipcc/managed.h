/* `__managed__` variables on GPUs (docs/nvidia.md, "Managed variables on
 * GPUs"). Clang's CUDA mode has no managed attribute, so the GPU pass
 * compiles a `__managed__` variable as a `__device__` one and then marks it
 * in the PTX (`.global .attribute(.managed)`), between clang and ptxas; the
 * CUDA driver allocates such a variable in managed memory when it loads the
 * module. The names (mangled, as in the PTX) come from hipc-kc, which finds
 * the variables the headers annotate "hipc.managed" in the CPU pass. */
#ifndef HIPC_HIPCC_MANAGED_H
#define HIPC_HIPCC_MANAGED_H

#include <stddef.h>

struct managed_vars {
  char **v;  /* mangled names */
  size_t n;
};

void hipc__managed_add(struct managed_vars *m, const char *name);
void hipc__managed_free(struct managed_vars *m);

/* Adds `.attribute(.managed)` to the definitions of `m`'s variables in the
 * PTX file `path` (rewritten in place). 0, or -1 after an error message. */
int hipc__managed_patch_ptx(const char *path, const struct managed_vars *m);

#endif /* HIPC_HIPCC_MANAGED_H */
