/* Internal interface of the CUDA backend (src/backend/cuda): NVIDIA GPUs
 * through the driver API, loaded at run time (driver.h). */
#ifndef HIPC_CUDA_BACKEND_H
#define HIPC_CUDA_BACKEND_H

#include <pthread.h>

#include "backend/backend.h"
#include "backend/gpu_modules.h"
#include "driver.h"

typedef struct cuda_device {
  int index;              /* among the backend's GPUs: the slot in the
                             gpu_modules caches */
  CUdevice cu;
  CUcontext ctx;          /* the device's primary context, retained on
                             first use (device.c); NULL until then */
  CUcontext retained;     /* retained but not yet published in ctx */
  pthread_mutex_t ctx_lock; /* making the context and the null stream */
  struct hipc_queue* null_queue; /* its stream is made with the context */
  int major, minor;
  char arch[16];          /* "sm_90" */
  hipc_device* dev;
  pthread_mutex_t load_lock; /* loading modules and functions */
} cuda_device;

/* A HIP stream: a non-blocking CUDA stream of the device's primary
 * context; the null queue is one too, made with the context (its stream is
 * NULL until the device's first bind). HIP's null-stream
 * rules are the runtime's (src/runtime/stream.c orders the null queue and
 * blocking queues with events), so CUDA's legacy default stream, and the
 * implicit synchronisation it would add, is never used. */
struct hipc_queue {
  cuda_device* dev;
  CUstream stream;
};

/* A HIP event: a CUDA event of the device's primary context. */
struct hipc_event {
  cuda_device* dev;
  CUevent ev;
};

/* -- loader.c */
/* The HIP code of a driver result. */
hipError_t hipc__cuda_error(CUresult r);
/* Evaluates a driver call; a failure returns its HIP code from the calling
 * function. */
#define HIPC_CU_CHECK(call)                                          \
  do {                                                               \
    CUresult hipc_r_ = (call);                                       \
    if (hipc_r_ != CUDA_SUCCESS) return hipc__cuda_error(hipc_r_);  \
  } while (0)

/* -- device.c */
/* Makes d's context current on the calling thread (a thread-local compare
 * when it already is), retaining it and making the null queue's stream on
 * the device's first use. */
CUresult hipc__cuda_bind(cuda_device* d);
/* d's context, retained on first use; may leave it current on the calling
 * thread instead of the one bound before (bind again afterwards). */
CUresult hipc__cuda_context(cuda_device* d, CUcontext* out);
/* The GPU of this backend that has HIP device ordinal `ordinal`, or NULL. */
cuda_device* hipc__cuda_device_of(int ordinal);

/* -- launch.c */
/* The function of kernel `desc` on `d` for blocks of `threads` threads
 * (0: the kernel's own), loading it on first use: the kernel's variant
 * capped at 64 registers when the kernel cannot run blocks that large. */
hipError_t hipc__cuda_function_of(cuda_device* d,
                                  const hipc_kernel_desc* desc,
                                  const char* name, unsigned threads,
                                  CUfunction* out);

/* -- graph.c: an executable graph's runs of nodes as CUDA graphs */
hipError_t hipc__cuda_batch_create(hipc_device* dev, const hipc_op* ops,
                                   size_t n, hipc_batch** out,
                                   size_t* entries);
hipError_t hipc__cuda_batch_enqueue(hipc_queue* q, hipc_batch* b);
void hipc__cuda_batch_destroy(hipc_batch* b);

/* -- queue.c */
hipError_t hipc__cuda_queue_create(hipc_device* dev, unsigned flags,
                                   int priority, hipc_queue** out);
void hipc__cuda_queue_destroy(hipc_queue* q);
/* q's CUstream, with its context current (backend.h, queue_native). */
void* hipc__cuda_queue_native(hipc_queue* q);
hipError_t hipc__cuda_queue_sync(hipc_queue* q);
hipError_t hipc__cuda_queue_query(hipc_queue* q);
hipError_t hipc__cuda_device_sync(hipc_device* dev);

/* -- memory.c */
hipError_t hipc__cuda_alloc(hipc_device* dev, size_t size, void** out);
hipError_t hipc__cuda_release(hipc_device* dev, void* ptr);
hipError_t hipc__cuda_memcpy(hipc_queue* q, void* dst, const void* src,
                             size_t n, int blocking);
hipError_t hipc__cuda_memset(hipc_queue* q, void* dst, int value, size_t n,
                             int blocking);
hipError_t hipc__cuda_mem_info(hipc_device* dev, size_t* free_bytes,
                               size_t* total);
hipError_t hipc__cuda_host_alloc(hipc_device* dev, size_t size,
                                 unsigned flags, void** out);
hipError_t hipc__cuda_host_release(hipc_device* dev, void* ptr);
/* Whether the driver can write `p` from the device (device memory, or
 * host memory it mapped). */
int hipc__cuda_device_visible(const void* p);
/* The driver's memory type of `p` (CU_MEMORYTYPE_*), or 0 for memory it
 * does not know. */
int hipc__cuda_memory_type(const void* p);
int hipc__cuda_pointer_known(hipc_device* dev, const void* p);

/* -- host_memory.c */
hipError_t hipc__cuda_host_register(hipc_device* dev, void* ptr, size_t size,
                                    unsigned flags);
hipError_t hipc__cuda_host_unregister(hipc_device* dev, void* ptr);
hipError_t hipc__cuda_host_device_pointer(hipc_device* dev, void* host,
                                          void** out);
hipError_t hipc__cuda_managed_alloc(hipc_device* dev, size_t size,
                                    unsigned flags, void** out);
hipError_t hipc__cuda_prefetch(hipc_queue* q, const void* ptr, size_t n,
                               int device);
hipError_t hipc__cuda_memcpy_2d(hipc_queue* q, void* dst, size_t dpitch,
                                const void* src, size_t spitch, size_t width,
                                size_t height, int blocking);
hipError_t hipc__cuda_memset_2d(hipc_queue* q, void* dst, size_t pitch,
                                uint32_t value, unsigned elem_size,
                                size_t width, size_t height, int blocking);

/* -- event.c */
hipError_t hipc__cuda_event_create(hipc_device* dev, unsigned flags,
                                   hipc_event** out);
void hipc__cuda_event_destroy(hipc_event* e);
hipError_t hipc__cuda_event_record(hipc_event* e, hipc_queue* q);
hipError_t hipc__cuda_event_query(hipc_event* e);
hipError_t hipc__cuda_event_sync(hipc_event* e);
hipError_t hipc__cuda_event_elapsed(float* ms, hipc_event* start,
                                    hipc_event* stop);
hipError_t hipc__cuda_queue_wait_event(hipc_queue* q, hipc_event* e);
hipError_t hipc__cuda_queue_host_fn(hipc_queue* q, void (*fn)(void*),
                                    void* arg);

/* -- module.c */
/* Stands in a kernel's cache slot for "this device has no code for it". */
#define HIPC_CUDA_NO_FUNCTION ((CUfunction)(void*)&hipc__cuda_no_image)
extern char hipc__cuda_no_image;
/* The first launch of `k` on `d`: loads its module and looks its function
 * up (printing why when the device has no code for it); `name` is the
 * kernel's name for messages. */
hipError_t hipc__cuda_function(cuda_device* d, hipc_gpu_symbol* k,
                               const char* name, CUfunction* out);
/* The device address and size of the variable whose host object is
 * `host_addr` (the backend's `symbol` op). */
hipError_t hipc__cuda_symbol(hipc_device* dev, const void* host_addr,
                             void** dev_addr, size_t* size);

/* -- launch.c */
hipError_t hipc__cuda_launch(hipc_queue* q, const hipc_launch* l);
/* Blocks of `k` (block_threads threads, shmem dynamic shared bytes) that
 * one multiprocessor holds at once (cuOccupancy...). */
hipError_t hipc__cuda_blocks_per_mp(hipc_device* dev,
                                    const hipc_kernel_desc* k,
                                    const char* name, int block_threads,
                                    size_t shmem, int* out);

/* -- function.c */
hipError_t hipc__cuda_func_attributes(hipc_device* dev,
                                      const hipc_kernel_desc* k,
                                      const char* name,
                                      hipFuncAttributes* out);
hipError_t hipc__cuda_func_set_attribute(hipc_device* dev,
                                         const hipc_kernel_desc* k,
                                         const char* name,
                                         hipFuncAttribute attr, int value);

/* -- coop.c */
/* A cooperative launch of `f` (one grid of l->coop's launch) on `q`. */
hipError_t hipc__cuda_launch_cooperative(cuda_device* d, CUfunction f,
                                         hipc_queue* q, const hipc_launch* l);

/* -- peer.c */
hipError_t hipc__cuda_peer_can_access(hipc_device* dev, hipc_device* peer,
                                      int* out);
hipError_t hipc__cuda_peer_access(hipc_device* dev, hipc_device* peer,
                                  int enable);
hipError_t hipc__cuda_peer_copy(hipc_queue* q, void* dst,
                                hipc_device* dst_dev, const void* src,
                                hipc_device* src_dev, size_t n, int blocking);
hipError_t hipc__cuda_pci_bus_id(hipc_device* dev, char* out, int len);

/* -- texture.c: arrays, texture and surface objects (the backend ops of
 *    the same names). */
hipError_t hipc__cuda_array_create(hipc_device* dev,
                                   const hipChannelFormatDesc* desc,
                                   size_t width, size_t height, size_t depth,
                                   unsigned flags, void** out);
void hipc__cuda_array_destroy(hipc_device* dev, void* array);
hipError_t hipc__cuda_array_copy(hipc_queue* q, const hipc_array_copy* c,
                                 int blocking);
hipError_t hipc__cuda_texture_create(hipc_device* dev,
                                     const hipResourceDesc* res, void* array,
                                     const hipTextureDesc* tex,
                                     const hipResourceViewDesc* view,
                                     uint64_t* out);
hipError_t hipc__cuda_surface_create(hipc_device* dev, void* array,
                                     uint64_t* out);
void hipc__cuda_object_destroy(hipc_device* dev, uint64_t obj, int surface);

/* -- driver_api.c: stream memory operations, IPC, virtual memory (the
 *    backend.h entries of the same names). */
hipError_t hipc__cuda_wait_value(hipc_queue* q, void* ptr, uint64_t value,
                                 uint64_t mask, unsigned flags, int is64);
hipError_t hipc__cuda_write_value(hipc_queue* q, void* ptr, uint64_t value,
                                  int is64);
hipError_t hipc__cuda_ipc_export(hipc_device* dev, void* base, size_t size,
                                 void* handle);
hipError_t hipc__cuda_ipc_open(hipc_device* dev, const void* handle,
                               void** out, size_t* size);
hipError_t hipc__cuda_ipc_close(hipc_device* dev, void* ptr, size_t size);
hipError_t hipc__cuda_event_ipc_export(hipc_event* e, void* handle);
hipError_t hipc__cuda_event_ipc_open(hipc_device* dev, const void* handle,
                                     hipc_event** out);
size_t hipc__cuda_vm_granularity(hipc_device* dev);
hipError_t hipc__cuda_vm_reserve(hipc_device* dev, size_t size, size_t align,
                                 void* hint, void** out);
hipError_t hipc__cuda_vm_free(hipc_device* dev, void* ptr, size_t size);
hipError_t hipc__cuda_vm_create(hipc_device* dev, size_t size, void** out);
void hipc__cuda_vm_release(hipc_device* dev, void* phys);
hipError_t hipc__cuda_vm_map(hipc_device* dev, void* ptr, size_t size,
                             void* phys, size_t offset);
hipError_t hipc__cuda_vm_unmap(hipc_device* dev, void* ptr, size_t size);
hipError_t hipc__cuda_vm_access(hipc_device* dev, void* ptr, size_t size,
                                int flags);
hipError_t hipc__cuda_vm_export_fd(hipc_device* dev, void* phys, int* fd);
hipError_t hipc__cuda_vm_import_fd(hipc_device* dev, int fd, size_t* size,
                                   void** out);

/* -- mempool.c: pools shared between processes (backend.h's pool_* ops) */
hipError_t hipc__cuda_pool_create(hipc_device* dev, size_t max_size,
                                  void** pool);
void hipc__cuda_pool_destroy(hipc_device* dev, void* pool);
hipError_t hipc__cuda_pool_alloc(hipc_device* dev, void* pool, size_t size,
                                 hipc_queue* q, void** ptr);
void hipc__cuda_pool_free(hipc_device* dev, void* ptr);
hipError_t hipc__cuda_pool_export(hipc_device* dev, void* pool, int* fd);
hipError_t hipc__cuda_pool_import(hipc_device* dev, int fd, void** pool);
hipError_t hipc__cuda_pool_export_ptr(hipc_device* dev, void* ptr,
                                      void* data);
hipError_t hipc__cuda_pool_import_ptr(hipc_device* dev, void* pool,
                                      const void* data, void** ptr,
                                      size_t* size);

#endif /* HIPC_CUDA_BACKEND_H */
