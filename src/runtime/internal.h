/* Internal interface of the runtime (src/runtime). */
#ifndef HIPC_INTERNAL_H
#define HIPC_INTERNAL_H

#include <pthread.h>
#include <stdint.h>

#include "backend/backend.h"
#include "env.h"
#include "error.h"
#include "module.h"
#include "trace.h"
#include "hip/hip_runtime_api.h"

/* Returns `err` (recording it for hipGetLastError) when `cond` holds. */
#define HIPC_RETURN_IF(cond, err) \
  do {                            \
    if (cond) HIPC_RETURN(err);   \
  } while (0)

#define HIPC_MAX_DEVICES 64
#define HIPC_STREAM_MAGIC 0x68737472u /* "hstr" */

#define HIPC_CU_MASK_WORDS 8 /* up to 256 compute units */
struct ihipStream_t {
  uint32_t magic;
  hipc_device* dev;
  hipc_queue* queue;
  unsigned flags;
  int priority;
  /* Recorded at its end for the null stream (stream.c); made when first
   * needed. */
  hipc_event* tail;
  /* What the null-stream rules know (stream.c): pieces of work begun on
   * it (atomic), how many of them the null stream is ordered after
   * (under the device's order lock, written), the null stream's work it
   * is ordered after (atomic), and whether work reaches its queue
   * outside hipc__work_begin (hipc_stream_native, atomic). */
  uint64_t work, null_waited, null_seen;
  int foreign;
  /* Its stream capture, when it captures (capture.c; under the graph
   * lock). */
  struct hipc_stream_capture* capture;
  /* hipExtStreamCreateWithCUMask's mask (stream_cumask.c): bit i of word
   * i / 32 for compute unit i; all zero for the default (every unit). */
  uint32_t cu_mask[HIPC_CU_MASK_WORDS];
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

/* Enqueuing work on a stream, in stream order whatever thread does it:
 *
 *   hipc_work w;
 *   hipError_t e = hipc__work_begin(stream, &w);
 *   if (e != hipSuccess) return e;
 *   e = w.dev->ops->launch(w.q, ...);          // enqueue only, never wait
 *   return hipc__work_end(&w, e, blocking);
 *
 * hipc__work_begin resolves the handle, waits while the queue is full
 * (back-pressure), takes the device's ordering lock and orders the
 * null stream against blocking streams (see stream.c); backend calls in
 * between must not wait for the device (pass blocking 0). hipc__work_end
 * lets go and, with `blocking` and `e` hipSuccess, waits for the queue's
 * work so far (the operation included); it returns `e` or why the wait
 * failed. */
typedef struct hipc_work {
  hipc_device* dev;
  hipc_queue* q;
  hipStream_t st; /* the stream resolved (NULL: the null stream) */
  void* held;     /* the ordering lock held (stream.c), or NULL */
} hipc_work;
hipError_t hipc__work_begin(hipStream_t s, hipc_work* w);
/* The same for work of `n` queue entries (a graph's batch): waits for room
 * for all of them. */
hipError_t hipc__work_begin_n(hipStream_t s, size_t n, hipc_work* w);
/* The same on the null stream of `dev` (not necessarily the current
 * device). */
hipError_t hipc__work_begin_null(hipc_device* dev, hipc_work* w);
hipError_t hipc__work_end(hipc_work* w, hipError_t e, int blocking);
/* Between the two: work will reach w's queue without hipc__work_begin
 * (a library enqueues on the native stream): the null-stream rules stop
 * trusting their counts for that stream and ask the backend each time. */
void hipc__work_foreign(hipc_work* w);
/* Whether HIP_LAUNCH_BLOCKING asks for synchronous launches. */
int hipc__launch_blocking(void);

/* Resolves a user stream handle to its device and stream object (NULL for
 * the null stream). */
hipError_t hipc__stream_lookup(hipStream_t s, hipc_device** dev,
                               hipStream_t* out);
/* hipErrorStreamCaptureImplicit when a blocking stream of `dev` captures
 * (whose capture it invalidates), else hipSuccess. Under the graph lock. */
hipError_t hipc__stream_capture_implicit(hipc_device* dev);
/* Whether a stream of `dev` captures, in any mode. */
int hipc__stream_any_capturing(hipc_device* dev);

/* -- capture.c: what streams and the rest of the runtime ask of capture */
/* Before work or a wait on stream `st` (resolved: NULL is the null
 * stream) of `dev`: an error when it is capturing (the capture is
 * invalidated) or it is the null stream and a blocking stream captures. */
hipError_t hipc__capture_check_work(hipStream_t st, hipc_device* dev);
/* For calls that are unsafe during capture (hipMalloc, hipFree,
 * hipDeviceSynchronize, hipStreamSynchronize of another stream):
 * hipErrorStreamCaptureUnsupported when the capture modes forbid them on
 * this thread; with `invalidate` (synchronisations, as in AMD's runtime)
 * the captures that forbid it are invalidated. */
hipError_t hipc__capture_unsafe(int invalidate);
/* Marks the capture of `st` invalidated; whether it had one. Under the
 * graph lock. */
int hipc__capture_invalidate(hipStream_t st);
/* `st` is being destroyed: it leaves its capture, which is invalidated. */
void hipc__capture_stream_gone(hipStream_t st);

/* -- mempool.c */
/* Whether `p` is a live allocation of a memory pool; if so it is freed
 * (after the work of its device) as hipFree frees it. */
int hipc__mempool_free(void* p, hipError_t* result);
/* hipDeviceReset: every pool of `dev` gives all its memory back (blocks
 * in use included) and the default pool is current again. */
void hipc__mempool_reset(hipc_device* dev);

/* -- event.c */
/* Resolves a user event handle to its device and backend event;
 * hipErrorInvalidHandle for a destroyed or unknown one. */
hipError_t hipc__event_resolve(hipEvent_t e, hipc_device** dev,
                               hipc_event** impl);
/* hipc__event_resolve, with the event's creation flags. */
hipError_t hipc__event_info(hipEvent_t e, hipc_device** dev,
                            hipc_event** impl, unsigned* flags);
/* Makes the backend event `impl` of `dev` a HIP event with `flags` (it is
 * destroyed when that fails). */
hipError_t hipc__event_adopt(hipc_device* dev, hipc_event* impl,
                             unsigned flags, hipEvent_t* out);

/* -- alloc_table.c: the allocation table (memory.c: allocations). */
typedef struct hipc_alloc {
  void* base;
  size_t size;
  hipc_device* dev;
  unsigned flags;       /* as given when it was allocated or registered */
  int kind;             /* hipMemoryType: Device, Host or Managed */
  int registered;       /* hipHostRegister'ed user memory (kind Host), or
                           HIPC_ALLOC_VARIABLE */
  void* device_base;    /* its device address (pinned and registered host
                           memory may have another one on a GPU) */
} hipc_alloc;
/* `registered` of a __managed__ variable's memory (kind Managed): it
 * belongs to its module or program, never freed nor unregistered. */
#define HIPC_ALLOC_VARIABLE 2
/* `registered` of memory mapped by the driver-style API (hipIpcOpenMemHandle,
 * hipMemMap): its own calls unmap it; hipFree refuses it, and releasing the
 * entry does nothing. */
#define HIPC_ALLOC_MAPPED 3
/* Finds the allocation containing `p`; copies it to *out. O(log n). */
int hipc__alloc_find(const void* p, hipc_alloc* out);
/* The bytes of device and managed memory `dev` holds for the program
 * (hipMalloc and its kin; not registered or mapped memory). */
size_t hipc__alloc_device_bytes(const hipc_device* dev);
/* The entries with the greatest base <= p (bit 0 of the result) and the
 * least base > p (bit 1), copied out: the neighbours of a stray access. */
int hipc__alloc_near(const void* p, hipc_alloc* below, hipc_alloc* above);
/* Adds `a` to the table: 0; -1 when out of memory; -2 when it overlaps an
 * entry. */
int hipc__alloc_insert(const hipc_alloc* a);
/* Removes the entry starting exactly at `base` into *out: 0, or -1. */
int hipc__alloc_remove(void* base, hipc_alloc* out);
/* Whether some entry overlaps [p, p + n). */
int hipc__alloc_overlaps(const void* p, size_t n);
/* Frees every device allocation of `dev` (hipDeviceReset). */
void hipc__alloc_release_device(hipc_device* dev);
/* -- memory.c */
/* Whether [p, p + n) stays inside the tracked allocation holding p (true
 * for untracked memory, which hipc cannot check). */
int hipc__alloc_in_bounds(const void* p, size_t n);
/* Checks [p, p + n) as device memory for work on `dev`: hipSuccess when
 * it lies inside a live allocation (of any kind: device, managed, pinned or
 * registered host memory), or, on the CPU device, inside a variable of a
 * loaded program or code object (where hipGetSymbolAddress points);
 * hipErrorInvalidValue for NULL, a range past the end of its allocation,
 * and on the CPU device for any other pointer (freed, never allocated,
 * wild). On a GPU an unknown pointer is left to the driver, which checks
 * it. */
hipError_t hipc__check_device_ptr(const hipc_device* dev, const void* p,
                                  size_t n);
/* One side of a copy: device memory (`device_side`, as the copy's kind
 * says) checked as above; host memory only for overruns of a tracked
 * allocation (other host memory is the caller's, as with memcpy). */
hipError_t hipc__check_copy_side(const hipc_device* dev, const void* p,
                                 size_t n, int device_side);
/* The same for `p` already looked up: `a` its allocation, NULL when the
 * table has none. */
hipError_t hipc__check_copy_side_in(const hipc_device* dev, const void* p,
                                    size_t n, int device_side,
                                    const hipc_alloc* a);
/* Whether `kind` is a copy direction: the five of hipMemcpyKind and
 * AMD's hipMemcpyDeviceToDeviceNoCU (device to device without compute
 * units: a device-to-device copy to hipc). */
#define HIPC_KIND_VALID(kind)                 \
  ((unsigned)(kind) <= hipMemcpyDefault ||    \
   (kind) == hipMemcpyDeviceToDeviceNoCU)
/* Whether a copy of `kind` takes its source / destination as device
 * memory (hipMemcpyDefault: neither, each pointer says what it is). */
#define HIPC_KIND_SRC_DEVICE(kind)                                    \
  ((kind) == hipMemcpyDeviceToHost || (kind) == hipMemcpyDeviceToDevice || \
   (kind) == hipMemcpyDeviceToDeviceNoCU)
#define HIPC_KIND_DST_DEVICE(kind)                                    \
  ((kind) == hipMemcpyHostToDevice || (kind) == hipMemcpyDeviceToDevice || \
   (kind) == hipMemcpyDeviceToDeviceNoCU)
/* Releases what `a` holds through its device's backend. */
hipError_t hipc__alloc_release(const hipc_alloc* a);
/* hipMalloc without the capture check (a graph's alloc nodes). */
hipError_t hipc__malloc(void** ptr, size_t size);
/* hipFree and hipHostFree (without recording the result). */
hipError_t hipc__free(void* ptr);
/* hipFree & co. of memory a graph's alloc node allocated (graph_mem.c):
 * 1 and *result set when `ptr` is one (it is free again for the graph,
 * which keeps it for its next launch); 0 otherwise. */
int hipc__graph_mem_user_free(void* ptr, hipError_t* result);

/* -- memory_advice.c: advice on managed memory, for
 *    hipMemRangeGetAttribute. [p, p + n) lies in managed allocation `a`. */
hipError_t hipc__advice_apply(const hipc_alloc* a, const void* p, size_t n,
                              hipMemoryAdvise advice, int device);
hipError_t hipc__advice_prefetched(const hipc_alloc* a, const void* p,
                                   size_t n, int device);
/* Forgets the advice on the allocation at `base` (it is being freed). */
void hipc__advice_forget(const void* base);

/* -- memory_copy.c */
/* A checked linear copy on `stream` (what hipMemcpy / hipMemcpyAsync do;
 * `blocking` for the former). */
hipError_t hipc__copy(void* dst, const void* src, size_t n,
                      hipMemcpyKind kind, hipStream_t stream, int blocking);

/* -- device_config.c */
/* Puts the device flags and the cache and bank preferences of `dev` back
 * to their defaults (hipDeviceReset). */
void hipc__device_config_reset(hipc_device* dev);

/* -- peer.c */
/* Disables every peer access `dev` enabled (hipDeviceReset). */
void hipc__peer_reset(hipc_device* dev);

/* -- registry.c: kernels registered by hipc_register_kernel. */
typedef struct hipc_kernel {
  const hipc_kernel_desc* desc;
  const void* host_fn; /* desc->host_fn: the key, read by lock-free probes */
  char name[128]; /* parsed from desc->signature */
  /* Set by hipFuncSetAttribute (function.c); -1 until then. */
  int max_dynamic_shared;
  int carveout;
  struct hipc_kernel* retired_next; /* once unregistered (registry.c) */
} hipc_kernel;
const hipc_kernel* hipc__kernel_find(const void* host_fn);
/* Removes the kernel registered at `host_fn` (its code object is being
 * unloaded); a later hipc_register_kernel may add it again. */
void hipc__kernel_unregister(const void* host_fn);

/* -- gpu_module.c */
struct hipc_gpu_module;
struct hipc_gpu_module_entry;
/* hipc_register_gpu_module, returning the module's entry (NULL when it
 * was refused). */
struct hipc_gpu_module_entry* hipc__gpu_module_add(
    const struct hipc_gpu_module* m);
/* Adds a kernel or a variable of the module of `e` to the lookup tables
 * (a key already there is kept). */
void hipc__gpu_module_add_kernel(struct hipc_gpu_module_entry* e,
                                 const void* host_fn, const char* name);
void hipc__gpu_module_add_var(struct hipc_gpu_module_entry* e,
                              const void* host, const char* name, size_t size,
                              int kind);

/* -- symbol.c */
/* Removes the variable registered at `host_addr` (module unload). */
void hipc__symbol_unregister(const void* host_addr);
/* hipc_register_symbol with a key (`host_addr`, what the symbol API is
 * given) other than the CPU device's storage: clang's host shadow and kc's
 * variable (hip_abi.c). */
void hipc__symbol_register_at(const void* host_addr, void* storage,
                              const char* name, size_t size, int kind);

/* -- launch.c */
/* The launch checks (grid, block, __launch_bounds__, shared memory), with
 * AMD's error codes. */
hipError_t hipc__check_config(const hipDeviceProp_t* p, const hipc_kernel* k,
                              dim3 grid, dim3 block, size_t shmem);

/* -- occupancy.c */
/* Blocks of `block_threads` threads and `shmem` bytes of dynamic shared
 * memory that one multiprocessor of `p` holds at once (0 when none fits). */
int hipc__blocks_per_mp(const hipDeviceProp_t* p, const hipc_kernel_desc* d,
                        int block_threads, size_t shmem);
/* Blocks of `k` one multiprocessor of `dev` holds at once (0 for a block
 * the kernel cannot be launched with): the backend's answer where it has
 * one, else hipc__blocks_per_mp. */
hipError_t hipc__occupancy(hipc_device* dev, const hipc_kernel* k,
                           int block_threads, size_t shmem, int* out);

#endif /* HIPC_INTERNAL_H */
