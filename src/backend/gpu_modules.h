/* What GPU backends read of the images that hipcc's device pass embeds
 * (include/hip/hipc/gpu_module.h): the registered modules, and their
 * kernels and variables looked up by host address. Kept by
 * src/runtime/gpu_module.c.
 *
 * Each module, kernel and variable entry has one slot per GPU (indexed by
 * the backend's own device index) where the backend caches what it made of
 * it for that GPU: a loaded module, a function, a device address. Slots
 * start NULL and are written once by the backend (under its own lock);
 * readers load them with acquire, so a launch that finds its slot filled
 * takes no lock. */
#ifndef HIPC_GPU_MODULES_H
#define HIPC_GPU_MODULES_H

#include <stdatomic.h>

#include "hip/hipc/gpu_module.h"

#define HIPC_MAX_GPUS 16

typedef struct hipc_gpu_module_entry {
  const hipc_gpu_module* module;
  struct hipc_gpu_module_entry* _Atomic next; /* registration order */
  void* _Atomic loaded[HIPC_MAX_GPUS];
} hipc_gpu_module_entry;

/* A kernel or a variable of a module. */
typedef struct hipc_gpu_symbol {
  const void* host;                     /* host_fn or host_addr: the key */
  const char* name;                     /* mangled name in the image */
  size_t size;                          /* variables: bytes */
  int kind;                             /* variables: hipc_gpu_var.kind */
  hipc_gpu_module_entry* module;
  void* _Atomic cached[HIPC_MAX_GPUS];
  /* Kernels: the register-capped variant's function on each GPU (NULL if
   * the image has none, HIPC_GPU_CAPPED_SUFFIX) and the largest block the
   * uncapped function runs there; written before `cached`. */
  void* _Atomic capped[HIPC_MAX_GPUS];
  int max_threads[HIPC_MAX_GPUS];
} hipc_gpu_symbol;

/* The kernel whose launch stub is `host_fn`, or NULL when no module has it.
 * Lock-free. */
hipc_gpu_symbol* hipc__gpu_kernel_find(const void* host_fn);
/* The variable whose host object is `host_addr`, or NULL. Lock-free. */
hipc_gpu_symbol* hipc__gpu_var_find(const void* host_addr);
/* The first registered module (follow ->next), or NULL. */
hipc_gpu_module_entry* hipc__gpu_modules(void);

#endif /* HIPC_GPU_MODULES_H */
