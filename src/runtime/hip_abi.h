/* Internal interface of the host ABI that clang emits in HIP mode
 * (hip_abi.c), the registry of kc's images (kc_image.c) and the GPU images
 * of a fat binary (hip_abi_gpu.c). See docs/frontend.md. */
#ifndef HIPC_RUNTIME_HIP_ABI_H
#define HIPC_RUNTIME_HIP_ABI_H

#include <stddef.h>

#include "hip/hipc/gpu_module.h"
#include "hip/hipc/kc_abi.h"

/* -- kc_image.c */
/* The registered images of ID `id`, newest first (at most `max`); returns
 * how many. Two loads of one code object register two images with one ID. */
size_t hipc__kc_image_find_all(const char* id, const hipc_kc_image** out,
                               size_t max);
/* The kernel or variable of `img` named `name` (mangled), or NULL. */
const hipc_kc_kernel* hipc__kc_image_kernel(const hipc_kc_image* img,
                                            const char* name);
const hipc_kc_var* hipc__kc_image_var(const hipc_kc_image* img,
                                      const char* name);
/* The kernel's name as the registry keeps it (`ns::k<int>`: demangled,
 * without return type and parameters), or the mangled name where no
 * demangler is linked in; malloc'ed, NULL when out of memory. */
char* hipc__kc_kernel_name(const char* mangled);

/* -- hip_abi.c: kc_image.c tells it of each image that comes or goes. */
void hipc__hip_abi_image_added(const hipc_kc_image* img);
void hipc__hip_abi_image_removed(const hipc_kc_image* img);

/* -- hip_abi_gpu.c: a fat binary's GPU images as a GPU module
 * (hip/hipc/gpu_module.h) that grows with each kernel and variable clang
 * registers. Never freed: the GPU backends keep pointers into it. */
typedef struct hipc_abi_gpu hipc_abi_gpu;
/* Reads the `count` entries that follow the blob's header; NULL when
 * there are none or they are malformed (reported on stderr). */
hipc_abi_gpu* hipc__hip_abi_gpu_open(const unsigned char* blob,
                                     uint32_t count);
void hipc__hip_abi_gpu_kernel(hipc_abi_gpu* g, const void* host_fn,
                              const char* name);
/* `kind` is hipc_gpu_var.kind (HIPC_SYMBOL_*). */
void hipc__hip_abi_gpu_var(hipc_abi_gpu* g, const void* host,
                           const char* name, size_t size, int kind);

#endif /* HIPC_RUNTIME_HIP_ABI_H */
