/* The interface between the runtime and a backend, in the spirit of PoCL's
 * device-ops table: one struct of function pointers per backend, filled in
 * one place. Nothing above this line knows which backend it talks to.
 *
 * Every entry is called by the runtime after it validated the arguments (a
 * backend may trust them) and with no runtime lock held. Optional entries may
 * be NULL; callers test them. */
#ifndef HIPC_BACKEND_H
#define HIPC_BACKEND_H

#include <stddef.h>

#include "hip/hip_runtime_api.h"
#include "hip/hipc/kernel.h"

typedef struct hipc_device hipc_device;
typedef struct hipc_queue hipc_queue; /* a backend's stream */

/* A kernel launch as the runtime hands it over. */
typedef struct hipc_launch {
  const hipc_kernel_desc* kernel;
  const char* name;        /* for diagnostics */
  dim3 grid;
  dim3 block;
  size_t shmem;            /* dynamic shared memory per block */
  void** args;             /* argument pointers, as given to hipLaunchKernel */
} hipc_launch;

typedef struct hipc_backend_ops {
  const char* name;
  /* The device's memory is ordinary host memory (the CPU device): the host
   * can read and write it directly. */
  int host_memory;
  /* The backend itself orders the null queue against blocking queues (as
   * CUDA's legacy default stream does); otherwise the runtime does it by
   * waiting on the host (src/runtime/stream.c). */
  int orders_null_queue;

  /* -- probe / init: called once, under the runtime's init once-guard. */
  /* Number of devices this backend drives (0 when it has none). */
  int (*probe)(void);
  /* Fills dev->props and dev->impl for the backend's device `index`. */
  hipError_t (*init)(hipc_device* dev, int index);

  /* -- memory */
  hipError_t (*alloc)(hipc_device* dev, size_t size, void** out);
  hipError_t (*release)(hipc_device* dev, void* ptr);

  /* -- queues (streams). The device's null queue is made at init. */
  hipError_t (*queue_create)(hipc_device* dev, unsigned flags, int priority,
                             hipc_queue** out);
  /* Waits for the queue's work, then frees it. */
  void (*queue_destroy)(hipc_queue* q);
  /* Blocks until everything enqueued on `q` so far has finished. */
  hipError_t (*queue_sync)(hipc_queue* q);
  /* hipSuccess when idle, hipErrorNotReady otherwise. */
  hipError_t (*queue_query)(hipc_queue* q);

  /* -- work, enqueued on `q` and run in order. `args` are copied before
   *    launch returns. With `blocking`, memcpy / memset return only once
   *    the operation (and so everything before it on `q`) has finished. */
  hipError_t (*launch)(hipc_queue* q, const hipc_launch* l);
  hipError_t (*memcpy)(hipc_queue* q, void* dst, const void* src, size_t n,
                       int blocking);
  hipError_t (*memset)(hipc_queue* q, void* dst, int value, size_t n,
                       int blocking);

  /* Blocks until every queue of the device is idle. */
  hipError_t (*device_sync)(hipc_device* dev);

  /* -- optional */
  /* Free and total bytes of the device's memory (hipMemGetInfo). */
  hipError_t (*mem_info)(hipc_device* dev, size_t* free_bytes, size_t* total);
  /* Page-locked host memory that the device can copy at full speed
   * (hipHostMalloc; `flags` are hipHostMalloc's), and its release. */
  hipError_t (*host_alloc)(hipc_device* dev, size_t size, unsigned flags,
                           void** out);
  hipError_t (*host_release)(hipc_device* dev, void* ptr);
  /* The device's copy of the __device__ / __constant__ / __managed__
   * variable whose host object is `host_addr` (hipMemcpyToSymbol & co):
   * its device address and size; hipErrorInvalidSymbol when the device has
   * no such variable. NULL: the host object is the device's storage (the
   * CPU device). */
  hipError_t (*symbol)(hipc_device* dev, const void* host_addr,
                       void** dev_addr, size_t* size);
} hipc_backend_ops;

/* A device as the runtime and its backend share it. `init` fills props,
 * impl and null_queue. */
struct hipc_device {
  const hipc_backend_ops* ops;
  void* impl;               /* the backend's device */
  int ordinal;              /* HIP device number */
  hipDeviceProp_t props;
  hipc_queue* null_queue;
};

extern const hipc_backend_ops hipc_cpu_ops;
extern const hipc_backend_ops hipc_cuda_ops;

#endif /* HIPC_BACKEND_H */
