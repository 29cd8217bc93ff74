/* The interface between the runtime and a backend, in the spirit of PoCL's
 * device-ops table: one struct of function pointers per backend, filled in
 * one place. Nothing above this line knows which backend it talks to.
 *
 * Every entry is called by the runtime after it validated the arguments (a
 * backend may trust them). Optional entries may be NULL; callers test them.
 * Entries that enqueue (launch, memcpy, event_record, queue_wait_event, ...)
 * may be called with the runtime's stream-set lock held (stream.c), so a
 * backend must never call back into the HIP API from them.
 *
 * Which entries a backend must fill: probe, init, alloc, release, the
 * queue_* entries of the first group, launch, memcpy, memset, device_sync.
 * The rest may be NULL, at a cost: without memcpy_2d pitched copies go row
 * by row; without memset_2d, 16/32-bit and pitched fills are
 * hipErrorNotSupported; without the event_* entries events are
 * hipErrorNotSupported and the null stream's ordering waits on the host;
 * without queue_wait_event hipStreamWaitEvent waits on the host; without
 * queue_host_fn callbacks are hipErrorNotSupported (and async copies from
 * pageable memory wait); without host_alloc / managed_alloc those memory
 * kinds are hipErrorNotSupported; without blocks_per_mp occupancy comes
 * from the device properties. Every backend's queues are independent of
 * each other (a GPU's are non-blocking streams): HIP's null-stream rules
 * are the runtime's (src/runtime/stream.c). */
#ifndef HIPC_BACKEND_H
#define HIPC_BACKEND_H

#include <stddef.h>
#include <stdint.h>

#include "hip/hip_runtime_api.h"
#include "hip/hipc/kernel.h"

typedef struct hipc_device hipc_device;
typedef struct hipc_queue hipc_queue; /* a backend's stream */
typedef struct hipc_event hipc_event; /* a backend's event */

/* What a cooperative launch adds (hipLaunchCooperativeKernel and
 * hipLaunchCooperativeKernelMultiDevice): the grid's place among the grids
 * of one launch, for multi_grid_group. */
typedef struct hipc_coop_launch {
  uint32_t grid_rank;      /* this grid's index in the launch */
  uint32_t num_grids;
  uint32_t multi_device;   /* hipLaunchCooperativeKernelMultiDevice */
  uint64_t multi_blocks;   /* blocks of every grid of the launch */
  uint64_t multi_threads;  /* threads of every grid of the launch */
  uint64_t thread_offset;  /* threads of the grids before this one */
  /* Shared by the grids of one launch: NULL before the first grid's
   * launch, which stores the backend's multi-grid state here for the
   * others (every grid of a launch uses the same backend). */
  void** shared;
} hipc_coop_launch;

/* A kernel launch as the runtime hands it over. */
typedef struct hipc_launch {
  const hipc_kernel_desc* kernel;
  const char* name;        /* for diagnostics */
  dim3 grid;
  dim3 block;
  size_t shmem;            /* dynamic shared memory per block */
  void** args;             /* argument pointers, as given to hipLaunchKernel */
  const hipc_coop_launch* coop; /* NULL unless cooperative */
} hipc_launch;

/* A copy between an array and linear memory: `width` bytes x `height`
 * rows x `depth` slices, at byte `x`, row `y`, slice `z` of the array; the
 * memory side's rows are `pitch` bytes apart and its slices `rows` rows
 * apart. With `src_array` set, the other side is that array instead (the
 * source, at byte `sx`, row `sy`, slice `sz`; `to_array` is 1 and `mem`,
 * `pitch`, `rows` are unused). */
typedef struct hipc_array_copy {
  void* array;    /* the backend's array */
  int to_array;   /* memory to array (else array to memory) */
  size_t x, y, z;
  void* mem;
  size_t pitch, rows;
  size_t width, height, depth;
  void* src_array; /* NULL, or the backend's array copied from */
  size_t sx, sy, sz;
} hipc_array_copy;

/* One operation of a batch (see batch_create). */
enum { HIPC_OP_LAUNCH, HIPC_OP_COPY, HIPC_OP_FILL, HIPC_OP_HOST };
typedef struct hipc_op {
  int kind;           /* HIPC_OP_* */
  hipc_launch launch; /* LAUNCH (not cooperative); `args` is read by
                         batch_create only */
  /* COPY: `height` rows of `width` bytes from `src` (rows `spitch` apart)
   * to `dst` (rows `dpitch` apart). FILL: `height` rows of `width`
   * elements of `elem_size` bytes (1, 2 or 4) set to `value`. */
  void* dst;
  const void* src;
  size_t dpitch, spitch, width, height;
  uint32_t value;
  unsigned elem_size;
  void (*fn)(void*);  /* HOST: fn(arg) */
  void* arg;
} hipc_op;
typedef struct hipc_batch hipc_batch;

typedef struct hipc_backend_ops {
  const char* name;
  /* The device's memory is ordinary host memory (the CPU device): the host
   * can read and write it directly. */
  int host_memory;

  /* -- probe / init: called once, under the runtime's init once-guard. */
  /* Number of devices this backend drives (0 when it has none). */
  int (*probe)(void);
  /* Fills dev->props and dev->impl for the backend's device `index`. */
  hipError_t (*init)(hipc_device* dev, int index);

  /* -- memory */
  hipError_t (*alloc)(hipc_device* dev, size_t size, void** out);
  hipError_t (*release)(hipc_device* dev, void* ptr);
  /* Whether the device can reach `p` though the runtime did not allocate
   * it (a module's variable, memory the driver mapped). NULL: only what
   * the runtime allocated, or static storage where host_memory is set. */
  int (*pointer_known)(hipc_device* dev, const void* p);

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

  /* -- pitched copies and fills (cuMemcpy2DAsync, cuMemsetD2D*Async).
   *    memcpy_2d copies `height` rows of `width` bytes; rows start `spitch`
   *    and `dpitch` bytes apart. memset_2d writes `value` (its low
   *    `elem_size` bytes: 1, 2 or 4) to `width` elements of each of `height`
   *    rows `pitch` bytes apart. `blocking` as for memcpy. */
  hipError_t (*memcpy_2d)(hipc_queue* q, void* dst, size_t dpitch,
                          const void* src, size_t spitch, size_t width,
                          size_t height, int blocking);
  hipError_t (*memset_2d)(hipc_queue* q, void* dst, size_t pitch,
                          uint32_t value, unsigned elem_size, size_t width,
                          size_t height, int blocking);

  /* -- events (cuEventCreate / cuEventRecord / cuEventQuery / ...).
   *    An event completes each time the work enqueued before its latest
   *    record has finished; with timing, it then holds the time of that
   *    moment. Runtime-side rules (recorded yet? timing disabled?) are
   *    checked by the runtime (src/runtime/event.c) before these run. */
  /* `flags`: hipEventDisableTiming, hipEventBlockingSync (wait by sleeping),
   * as given to hipEventCreateWithFlags. */
  hipError_t (*event_create)(hipc_device* dev, unsigned flags,
                             hipc_event** out);
  /* Gives the event up. Records and waits already enqueued still complete
   * (the backend keeps what they need until then). */
  void (*event_destroy)(hipc_event* e);
  /* Enqueues a record of `e` on `q`: it completes once everything enqueued
   * on `q` before it has finished. It replaces earlier records for
   * event_query, event_sync and queue_wait_event. */
  hipError_t (*event_record)(hipc_event* e, hipc_queue* q);
  /* hipSuccess when the latest record has completed (or there was none),
   * hipErrorNotReady otherwise. */
  hipError_t (*event_query)(hipc_event* e);
  /* Blocks until the latest record (as of the call) has completed. */
  hipError_t (*event_sync)(hipc_event* e);
  /* Milliseconds from `start`'s completion to `stop`'s: hipErrorNotReady
   * while either latest record has not completed. */
  hipError_t (*event_elapsed)(float* ms, hipc_event* start, hipc_event* stop);
  /* The moment the latest record of `e` completed, in nanoseconds of the
   * host's CLOCK_MONOTONIC; hipErrorNotReady before. NULL: the device's
   * clock is not the host's (the trace then places events through
   * event_elapsed, src/runtime/trace_device.c). */
  hipError_t (*event_time)(hipc_event* e, uint64_t* ns);

  /* -- dependencies and host work on queues */
  /* Work enqueued on `q` after this waits until the record of `e` that is
   * the latest at the time of the call has completed (cuStreamWaitEvent).
   * Nothing to wait for when `e` was never recorded. The host never
   * blocks. */
  hipError_t (*queue_wait_event)(hipc_queue* q, hipc_event* e);
  /* Enqueues fn(arg) on `q` (cuLaunchHostFunc): it runs on some host
   * thread once everything before it on `q` has finished, and work after
   * it on `q` waits for it to return. */
  hipError_t (*queue_host_fn)(hipc_queue* q, void (*fn)(void*), void* arg);
  /* Optional (NULL: not offered). A host function the calling thread
   * runs itself as the next job of `q`, when `q` is idle: queue_claim puts
   * at its head a job no worker runs and returns it (NULL when `q` has
   * work); called like an enqueue, between hipc__work_begin and _end.
   * queue_run_claimed, called after hipc__work_end, runs fn(arg) on the
   * calling thread and completes the claim: work enqueued on `q` meanwhile
   * runs after it, as after any job. */
  void* (*queue_claim)(hipc_queue* q);
  void (*queue_run_claimed)(void* claim, void (*fn)(void*), void* arg);
  /* Back-pressure: blocks while `q` has no room for `n` more entries (as
   * a GPU's launch queue does; work of more entries than the bound waits
   * for an empty queue), so that work enqueued faster than it runs cannot
   * grow without bound. Called before the runtime enqueues on `q`, with no
   * lock held: `n` is 1 but for batches (batch_create's `entries`). NULL:
   * the backend bounds its queues itself. */
  void (*queue_throttle)(hipc_queue* q, size_t n);
  /* The vendor stream under `q` (a CUstream), with the device's context
   * made current on the calling thread, for the HIP libraries that hand
   * work to the vendor's own (hipc_stream_native). NULL: none (the CPU
   * device). */
  void* (*queue_native)(hipc_queue* q);

  /* -- host and managed memory. host_register, host_unregister and
   *    host_device_pointer may be NULL when the device reaches host memory
   *    at the host's own addresses (nothing to do, the same address). */
  /* Page-locked host memory; `flags` as given to hipHostMalloc. */
  hipError_t (*host_alloc)(hipc_device* dev, size_t size, unsigned flags,
                           void** out);
  hipError_t (*host_release)(hipc_device* dev, void* ptr);
  /* Page-locks [ptr, ptr + size) (cuMemHostRegister); `flags` as given to
   * hipHostRegister. */
  hipError_t (*host_register)(hipc_device* dev, void* ptr, size_t size,
                              unsigned flags);
  hipError_t (*host_unregister)(hipc_device* dev, void* ptr);
  /* The device address of pinned or registered host memory at `host`. */
  hipError_t (*host_device_pointer)(hipc_device* dev, void* host,
                                    void** out);
  /* Managed memory (cuMemAllocManaged), freed with `release`. */
  hipError_t (*managed_alloc)(hipc_device* dev, size_t size, unsigned flags,
                              void** out);
  /* Migrates managed memory to `device` (a HIP device ordinal, or
   * hipCpuDeviceId) in stream order; NULL: nothing to do. */
  hipError_t (*prefetch)(hipc_queue* q, const void* ptr, size_t n,
                         int device);

  /* -- optional */
  /* Blocks of kernel `k` (named `name`), launched with `block_threads`
   * threads and `shmem` dynamic shared bytes per block, that one
   * multiprocessor holds at once (hipOccupancy..., and the bound of a
   * cooperative launch). NULL: the runtime works it out from the device's
   * properties (src/runtime/occupancy.c). */
  hipError_t (*blocks_per_mp)(hipc_device* dev, const hipc_kernel_desc* k,
                              const char* name, int block_threads,
                              size_t shmem, int* out);
  /* Free and total bytes of the device's memory (hipMemGetInfo). */
  hipError_t (*mem_info)(hipc_device* dev, size_t* free_bytes, size_t* total);
  /* The device's copy of the __device__ / __constant__ / __managed__
   * variable whose host object is `host_addr` (hipMemcpyToSymbol & co):
   * its device address and size; hipErrorInvalidSymbol when the device has
   * no such variable. NULL: the host object is the device's storage (the
   * CPU device). */
  hipError_t (*symbol)(hipc_device* dev, const void* host_addr,
                       void** dev_addr, size_t* size);
  /* What the compiled kernel `k` needs on `dev` (hipFuncGetAttributes):
   * registers, static shared, local and constant bytes, the versions of
   * its code, its largest block and its dynamic shared memory limit. NULL:
   * the runtime's own view (kernels are host code: nothing to count). */
  hipError_t (*func_attributes)(hipc_device* dev, const hipc_kernel_desc* k,
                                const char* name, hipFuncAttributes* out);
  /* hipFuncSetAttribute on `dev`: `attr` (hipFuncAttributeMaxDynamic-
   * SharedMemorySize or ...PreferredSharedMemoryCarveout) to `value`,
   * already checked. NULL: nothing to tell the device. */
  hipError_t (*func_set_attribute)(hipc_device* dev,
                                   const hipc_kernel_desc* k,
                                   const char* name, hipFuncAttribute attr,
                                   int value);

  /* -- peer access and peer copies (src/runtime/peer.c). `dev` and `peer`
   *    are two different devices of this backend. NULL: no device of the
   *    backend reaches another's memory, and copies between its devices
   *    go through memcpy (unified addresses). */
  /* Whether kernels on `dev` can be given access to `peer`'s memory
   * (cuDeviceCanAccessPeer). */
  hipError_t (*peer_can_access)(hipc_device* dev, hipc_device* peer,
                                int* out);
  /* Maps `peer`'s memory for kernels on `dev` (enable), or unmaps it. The
   * runtime keeps track of what is enabled. */
  hipError_t (*peer_access)(hipc_device* dev, hipc_device* peer, int enable);
  /* Copies `n` bytes from `src_dev`'s memory at `src` to `dst_dev`'s at
   * `dst` (device memory of this backend), on `q`, a queue of any device
   * of this backend. `blocking` as for memcpy. */
  hipError_t (*peer_copy)(hipc_queue* q, void* dst, hipc_device* dst_dev,
                          const void* src, hipc_device* src_dev, size_t n,
                          int blocking);
  /* The device's PCI address, "domain:bus:device.function" as the
   * driver writes it, NUL-terminated in `out` (`len` bytes). NULL: made
   * from the properties' pciDomainID, pciBusID and pciDeviceID. */
  hipError_t (*pci_bus_id)(hipc_device* dev, char* out, int len);

  /* -- stream memory operations (cuStreamWaitValue32/64 and
   *    cuStreamWriteValue32/64). NULL on a host_memory backend: the
   *    runtime enqueues host functions that poll and store; on another,
   *    hipErrorNotSupported. `is64`: the value at `ptr` is 64-bit, else
   *    32-bit. */
  /* Work enqueued on `q` after this waits until the value at `ptr` meets
   * `flags` (hipStreamWaitValueGte/Eq/And/Nor) against `value` under
   * `mask`. */
  hipError_t (*wait_value)(hipc_queue* q, void* ptr, uint64_t value,
                           uint64_t mask, unsigned flags, int is64);
  /* Stores `value` at `ptr` in stream order. */
  hipError_t (*write_value)(hipc_queue* q, void* ptr, uint64_t value,
                            int is64);

  /* -- interprocess memory (src/runtime/ipc.c). NULL: hipErrorNotSupported.
   *    A handle is HIP_IPC_HANDLE_SIZE bytes, the backend's to fill. */
  /* Makes the device allocation [base, base + size) reachable from other
   * processes and describes it in `handle`. */
  hipError_t (*ipc_export)(hipc_device* dev, void* base, size_t size,
                           void* handle);
  /* Maps the allocation that another process exported in `handle`: its
   * address here and its size. hipErrorInvalidContext for a handle of
   * this process; hipErrorInvalidHandle for one that names nothing. */
  hipError_t (*ipc_open)(hipc_device* dev, const void* handle, void** out,
                         size_t* size);
  /* Unmaps what ipc_open mapped at `ptr`. */
  hipError_t (*ipc_close)(hipc_device* dev, void* ptr, size_t size);
  /* Interprocess events (created with hipEventInterprocess): describes
   * `e` in `handle`; makes an event of `dev` from another process's
   * handle (hipErrorInvalidValue for one that names nothing). */
  hipError_t (*event_ipc_export)(hipc_event* e, void* handle);
  hipError_t (*event_ipc_open)(hipc_device* dev, const void* handle,
                               hipc_event** out);

  /* -- virtual memory (src/runtime/vmm.c). NULL: hipErrorNotSupported.
   *    Physical memory is the backend's `phys` object. */
  /* The granularity of reservations, physical memory and mappings. */
  size_t (*vm_granularity)(hipc_device* dev);
  /* Reserves `size` bytes of addresses aligned to `align` (near `hint`
   * when it is not NULL), reaching no memory yet. */
  hipError_t (*vm_reserve)(hipc_device* dev, size_t size, size_t align,
                           void* hint, void** out);
  hipError_t (*vm_free)(hipc_device* dev, void* ptr, size_t size);
  /* Physical memory of `size` bytes on `dev`. */
  hipError_t (*vm_create)(hipc_device* dev, size_t size, void** phys);
  void (*vm_release)(hipc_device* dev, void* phys);
  /* Maps bytes [offset, offset + size) of `phys` at `ptr` (reserved, not
   * mapped), with no access until vm_access. */
  hipError_t (*vm_map)(hipc_device* dev, void* ptr, size_t size, void* phys,
                       size_t offset);
  hipError_t (*vm_unmap)(hipc_device* dev, void* ptr, size_t size);
  /* Sets access to the mapped [ptr, ptr + size) from `dev` to `flags`
   * (hipMemAccessFlags). */
  hipError_t (*vm_access)(hipc_device* dev, void* ptr, size_t size,
                          int flags);
  /* A POSIX file descriptor for `phys` (hipMemExportToShareableHandle),
   * and physical memory from one (import; its size, 0 when the backend
   * cannot tell). NULL: not shareable. */
  hipError_t (*vm_export_fd)(hipc_device* dev, void* phys, int* fd);
  hipError_t (*vm_import_fd)(hipc_device* dev, int fd, size_t* size,
                             void** phys);
  /* -- memory pools shared between processes (src/runtime/mempool_arena.c).
   *    NULL: a host_memory backend with the vm_* ops above shares pools
   *    through the runtime's own arena; any other backend cannot
   *    (hipErrorNotSupported). */
  /* A driver pool of `dev` that may be exported as a POSIX file
   * descriptor, of at most `max_size` bytes (0: the driver's limit). */
  hipError_t (*pool_create)(hipc_device* dev, size_t max_size, void** pool);
  void (*pool_destroy)(hipc_device* dev, void* pool);
  /* `size` bytes of `pool`, usable in the order of queue `q`. */
  hipError_t (*pool_alloc)(hipc_device* dev, void* pool, size_t size,
                           hipc_queue* q, void** ptr);
  /* Frees memory of pool_alloc or pool_import_ptr (its users are done). */
  void (*pool_free)(hipc_device* dev, void* ptr);
  /* A new file descriptor for `pool`; a pool from one. */
  hipError_t (*pool_export)(hipc_device* dev, void* pool, int* fd);
  hipError_t (*pool_import)(hipc_device* dev, int fd, void** pool);
  /* The 64 bytes that describe allocation `ptr` of a pool to another
   * process; the allocation they describe in imported `pool`, with its
   * size. */
  hipError_t (*pool_export_ptr)(hipc_device* dev, void* ptr, void* data);
  hipError_t (*pool_import_ptr)(hipc_device* dev, void* pool,
                                const void* data, void** ptr, size_t* size);
  /* -- arrays, texture objects and surface objects (NULL: a GPU backend
   *    without them gets hipErrorNotSupported; a host_memory backend needs
   *    none: the runtime keeps its arrays in host memory and makes its
   *    objects hipc_tex descriptors, src/runtime/texture.c). */
  /* An array of `desc` elements, `width` x `height` x `depth` (0 where a
   * dimension is absent; `depth` is the layer count with
   * hipArrayLayered), with hipMalloc3DArray's `flags`. */
  hipError_t (*array_create)(hipc_device* dev,
                             const hipChannelFormatDesc* desc, size_t width,
                             size_t height, size_t depth, unsigned flags,
                             void** out);
  void (*array_destroy)(hipc_device* dev, void* array);
  /* Copies a box between an array and memory (see hipc_array_copy), in
   * order on `q`; `blocking` as for memcpy. */
  hipError_t (*array_copy)(hipc_queue* q, const hipc_array_copy* c,
                           int blocking);
  /* A texture object over `res` (its array, if any, is the backend's
   * `array`) sampled as `tex` says; `view` may be NULL. The object is the
   * 64-bit value kernels receive. */
  hipError_t (*texture_create)(hipc_device* dev, const hipResourceDesc* res,
                               void* array, const hipTextureDesc* tex,
                               const hipResourceViewDesc* view,
                               uint64_t* out);
  /* A surface object over the backend's `array`. */
  hipError_t (*surface_create)(hipc_device* dev, void* array, uint64_t* out);
  /* Destroys a texture (`surface` 0) or surface object. */
  void (*object_destroy)(hipc_device* dev, uint64_t obj, int surface);

  /* -- batches (executable graphs, src/runtime/graph_exec.c). NULL: a
   *    graph's nodes are enqueued one by one through the entries above. */
  /* Prepares `n` operations, run in order as one unit of queued work each
   * time the batch is enqueued (what it can of them: a backend may still
   * split big kernels into work of their own). *entries: how many queue
   * entries each batch_enqueue adds (what queue_throttle must make room
   * for first). */
  hipError_t (*batch_create)(hipc_device* dev, const hipc_op* ops, size_t n,
                             hipc_batch** out, size_t* entries);
  hipError_t (*batch_enqueue)(hipc_queue* q, hipc_batch* b);
  /* Gives the batch up; work already enqueued still runs. */
  void (*batch_destroy)(hipc_batch* b);
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

/* -- checking mode (HIPC_CHECK; src/runtime/check_mem.c). The CPU
 * device's kernels run their instrumented form and report what they do
 * wrong (src/backend/cpu/check*.c, docs/internals.md "Checking mode"). */
#define HIPC_CHECKING_MEM 1   /* memcheck */
#define HIPC_CHECKING_RACE 2  /* racecheck */
#define HIPC_CHECKING_SYNC 4  /* synccheck (racecheck includes it) */
/* The tools HIPC_CHECK asks for (read once), 0 when off. */
int hipc__checking(void);
/* Where an access falls (memcheck). */
enum {
  HIPC_CHECK_IN,      /* inside a live allocation (or static storage) */
  HIPC_CHECK_AFTER,   /* past the end of `base` (a live allocation) */
  HIPC_CHECK_BEFORE,  /* before `base` */
  HIPC_CHECK_FREED,   /* inside `base`, freed */
  HIPC_CHECK_UNKNOWN  /* in no allocation hipc knows */
};
typedef struct hipc_check_hit {
  const void* base;   /* the allocation the access is in or near */
  size_t size;
  int device_heap;    /* from malloc() in a kernel */
} hipc_check_hit;
int hipc__check_classify(const void* p, size_t n, hipc_check_hit* out);
/* An allocation (`device_heap`: a kernel's malloc) was freed: kept in a
 * quarantine so that later accesses are named use-after-free. */
void hipc__check_note_free(const void* base, size_t size, int device_heap);
/* A kernel's malloc'ed block, tracked while live. */
void hipc__check_note_malloc(const void* base, size_t size);
/* Removes a tracked malloc'ed block: its size, or 0 if unknown. */
size_t hipc__check_take_malloc(const void* base);
/* Counts one error found; the process ends with status 1 when any was
 * (checked at exit, after a summary on stderr). */
void hipc__check_count_error(void);

extern const hipc_backend_ops hipc_cpu_ops;
extern const hipc_backend_ops hipc_cuda_ops;

#endif /* HIPC_BACKEND_H */
