/* The C interface between code that hipcc's device pass embeds in an object
 * and the runtime: GPU images and the names that tie host objects to them.
 *
 * For every translation unit compiled with --offload-arch, hipcc emits one
 * `hipc_gpu_module` (constant data) and a constructor that registers it
 * before main. The runtime keeps the list; a GPU backend loads the image
 * that fits each GPU the first time the device is used. Nothing here is
 * part of HIP's API; every name starts with hipc_.
 */
#ifndef HIPC_GPU_MODULE_H
#define HIPC_GPU_MODULE_H

#include <stddef.h>

#include "hip/hip_runtime_api.h"

#ifdef __cplusplus
extern "C" {
#endif

#define HIPC_GPU_MODULE_VERSION 1

/* A kernel over 64 registers a thread without launch bounds has, beside
 * its own entry, a variant with this suffix capped at 64 registers (hipcc,
 * src/hipcc/ptx_regcap.c); the runtime launches it for blocks the
 * uncapped kernel cannot run (src/backend/cuda/launch.c). */
#define HIPC_GPU_CAPPED_SUFFIX "__hipc_capped"

/* One compiled image: a cubin for one architecture, or PTX that the
 * driver compiles for GPUs newer than every cubin. */
typedef struct hipc_gpu_image {
  const char* arch;   /* "sm_90": the cubin's or the PTX's target */
  int is_ptx;         /* 0: cubin (ELF); 1: PTX text, NUL-terminated */
  const void* data;
  size_t size;        /* bytes of data (PTX: including the NUL) */
} hipc_gpu_image;

/* A kernel: the host address the launch passes (the CPU-side stub, the key
 * of hipc_register_kernel) and the mangled name of the same function in
 * the image. Both sides mangle the same declaration, so the names agree. */
typedef struct hipc_gpu_kernel {
  const void* host_fn;
  const char* name;
} hipc_gpu_kernel;

/* A __device__, __constant__ or __managed__ variable: its host object (the
 * CPU device's storage and the key hipMemcpyToSymbol is given), its size and
 * its mangled name in the image. */
typedef struct hipc_gpu_var {
  const void* host_addr;
  const char* name;
  size_t size;
  int kind;           /* 0 __device__, 1 __constant__, 2 __managed__ */
} hipc_gpu_var;

typedef struct hipc_gpu_module {
  int version;        /* HIPC_GPU_MODULE_VERSION */
  int num_images;
  const hipc_gpu_image* images;
  int num_kernels;
  const hipc_gpu_kernel* kernels;
  int num_vars;
  const hipc_gpu_var* vars;
} hipc_gpu_module;

/* Registers `m`, which must stay valid for the whole run. Safe before main
 * and before any other hipc call. */
HIPC_API void hipc_register_gpu_module(const hipc_gpu_module* m);

#ifdef __cplusplus
}
#endif

#endif /* HIPC_GPU_MODULE_H */
