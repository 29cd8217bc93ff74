/* Internal interface of the runtime (src/runtime). */
#ifndef HIPC_INTERNAL_H
#define HIPC_INTERNAL_H

#include <pthread.h>
#include <stdint.h>

#include "backend/backend.h"
#include "error.h"
#include "hip/hip_runtime_api.h"

/* Returns `err` (recording it for hipGetLastError) when `cond` holds. */
#define HIPC_RETURN_IF(cond, err) \
  do {                            \
    if (cond) HIPC_RETURN(err);   \
  } while (0)

#define HIPC_MAX_DEVICES 64
#define HIPC_STREAM_MAGIC 0x68737472u /* "hstr" */

struct ihipStream_t {
  uint32_t magic;
  hipc_device* dev;
  hipc_queue* queue;
  unsigned flags;
  int priority;
};

/* -- init.c */
/* Initialises the device table once; hipSuccess or why it failed. */
hipError_t hipc__init(void);
int hipc__device_count(void);
/* The device numbered `ordinal`, or NULL. */
hipc_device* hipc__device(int ordinal);
/* The calling thread's current device (initialising the runtime). */
hipError_t hipc__current_device(hipc_device** out);

/* -- stream.c */
/* Resolves a user stream handle (0, hipStreamPerThread, or a created
 * stream) to its device and queue. */
hipError_t hipc__stream_resolve(hipStream_t s, hipc_device** dev,
                                hipc_queue** q);

/* Like hipc__stream_resolve, for enqueuing work: also orders the null
 * stream against blocking streams (see stream.c). */
hipError_t hipc__stream_for_work(hipStream_t s, hipc_device** dev,
                                 hipc_queue** q);

/* -- memory.c: the allocation table. */
typedef struct hipc_alloc {
  void* base;
  size_t size;
  hipc_device* dev;
  unsigned flags;
  int kind; /* hipMemoryType */
} hipc_alloc;
/* Finds the allocation containing `p`; copies it to *out. */
int hipc__alloc_find(const void* p, hipc_alloc* out);
/* Adds `a` to the table; 0, or -1 when out of memory. */
int hipc__alloc_insert(const hipc_alloc* a);
/* Removes the allocation that starts exactly at `base` (copied to *out);
 * 0, or -1 when there is none. */
int hipc__alloc_remove(void* base, hipc_alloc* out);
/* Frees every device allocation of `dev` (hipDeviceReset). */
void hipc__alloc_release_device(hipc_device* dev);

/* -- registry.c: kernels registered by hipc_register_kernel. */
typedef struct hipc_kernel {
  const hipc_kernel_desc* desc;
  char name[128]; /* parsed from desc->signature */
} hipc_kernel;
const hipc_kernel* hipc__kernel_find(const void* host_fn);

#endif /* HIPC_INTERNAL_H */
