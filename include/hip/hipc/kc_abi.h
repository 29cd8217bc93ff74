/* The interface between objects made by hipc's kernel compiler (src/kc,
 * `hipc-kc`) and the runtime (docs/frontend.md). Nothing here is part of
 * HIP's API. C, so that kc and libhipc both include it. */
#ifndef HIPC_KC_ABI_H
#define HIPC_KC_ABI_H

#include <stdint.h>

#include "hip/hipc/kernel.h"

#ifdef __cplusplus
extern "C" {
#endif

/* 2: hipc_kc_kernel.check added (version 1 images are still accepted). */
#define HIPC_KC_IMAGE_VERSION 2

/* hipc_kc_kernel.form */
#define HIPC_KC_FORM_FIBERS 0  /* `thread` per thread, on the fiber scheduler */
#define HIPC_KC_FORM_LOOPS 1   /* `run`: the whole block as work-item loops */

/* hipc_kc_var.flags */
#define HIPC_KC_VAR_CONSTANT 1u /* __constant__ */
#define HIPC_KC_VAR_MANAGED 2u  /* __managed__: `addr` is a void* slot */

typedef struct hipc_kc_kernel {
  const char* name;                  /* mangled device name */
  void (*run)(hipc_cpu_block* b);    /* the whole block, or NULL */
  void (*thread)(const void* args);  /* one thread; never NULL */
  uint32_t num_params;
  const uint32_t* param_offsets;     /* in the packed argument buffer */
  const uint32_t* param_sizes;
  const uint32_t* param_aligns;
  uint32_t args_size, args_align;
  uint32_t max_threads, min_warps;   /* __launch_bounds__, 0 if none */
  uint32_t form;                     /* HIPC_KC_FORM_* */
  const char* form_note;             /* why this form (hipcc -v) */
  uint32_t static_shared;            /* bytes of the static __shared__
                                        segment its code reaches */
  /* Version 2: the checking form (HIPC_CHECK), `thread` instrumented with
   * the hooks below; NULL if none. */
  void (*check)(const void* args);
} hipc_kc_kernel;

/* The hooks of the checking form (src/kc/check.c calls them; libhipc
 * defines them, src/backend/cpu/check.c). `flags` of an access: */
#define HIPC_CHECK_READ 1u
#define HIPC_CHECK_WRITE 2u
#define HIPC_CHECK_ATOMIC 4u
/* Before each load, store, atomic or memory intrinsic on memory that is
 * not the thread's own; `where` is "file:line" (with -g) or NULL. */
HIPC_API void hipc_check_access(const void* p, uint64_t size, uint32_t flags,
                                const char* where);
/* Before each __syncthreads (and its _count/_and/_or forms). */
HIPC_API void hipc_check_barrier(const char* where);
/* malloc and free in kernels, tracked. */
HIPC_API void* hipc_check_malloc(size_t size);
HIPC_API void hipc_check_free(void* p);

typedef struct hipc_kc_var {
  const char* name;                  /* the device global's name */
  void* addr;
  uint64_t size;
  uint32_t flags;                    /* HIPC_KC_VAR_* */
} hipc_kc_var;

typedef struct hipc_kc_image {
  uint32_t version;                  /* HIPC_KC_IMAGE_VERSION */
  const char* id;                    /* the translation unit's ID */
  uint32_t static_shared;            /* bytes of __shared__ variables */
  uint32_t num_kernels;
  const hipc_kc_kernel* kernels;
  uint32_t num_vars;
  const hipc_kc_var* vars;
} hipc_kc_image;

/* Called by each kc object's constructor; the image lives as long as the
 * object is mapped. */
HIPC_API void hipc_kc_register_image(const hipc_kc_image* img);
/* The same object being unmapped (a code object's destructor). */
HIPC_API void hipc_kc_unregister_image(const hipc_kc_image* img);

/* The fat binary's layout (docs/frontend.md, "The fat binary"). */
#define HIPC_FATBIN_MAGIC "HIPCFB01"
#define HIPC_FATBIN_CUBIN 1u
#define HIPC_FATBIN_PTX 2u
typedef struct hipc_fatbin_header {
  char magic[8];
  uint32_t count;
  uint32_t reserved;
  char cpu_id[48];
} hipc_fatbin_header;
typedef struct hipc_fatbin_entry {
  uint32_t kind;
  char arch[12];
  uint64_t offset;
  uint64_t size;
} hipc_fatbin_entry;

#ifdef __cplusplus
}
#endif

#endif /* HIPC_KC_ABI_H */
