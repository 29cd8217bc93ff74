/* Host-only `const` globals in the GPU pass's PTX (docs/nvidia.md, "Host
 * constants"). Clang's CUDA mode makes every namespace-scope `const`
 * variable with a constant initializer implicitly `__constant__` in device
 * compiles, and emits the externally visible ones (`extern const T t[] =
 * {...}`) into the PTX as `.const` data even when no device code reads
 * them; nvcc keeps them on the host. A large table then overflows the GPU's
 * 64 KiB of constant memory and ptxas rejects the module. The GPU pass
 * removes each `.const` definition that no device code or other variable of
 * the PTX names and that is not one of the source's explicit `__constant__`
 * variables (which the host registers, and may write or take the address
 * of through the symbol API): hipc-kc lists those, as the kc pass's headers
 * annotate them "hipc.constant". */
#ifndef HIPC_HIPCC_PTX_CONSTS_H
#define HIPC_HIPCC_PTX_CONSTS_H

#include "managed.h"

/* Rewrites the PTX file `path` without the host-only `.const` definitions;
 * `explicit_consts` (may be NULL) are the `__constant__` variables to keep.
 * `*dropped` (may be NULL) gets how many were removed. 0, or -1 after an
 * error message. */
int hipc__ptx_drop_host_consts(const char *path,
                               const struct managed_vars *explicit_consts,
                               int *dropped);

#endif /* HIPC_HIPCC_PTX_CONSTS_H */
