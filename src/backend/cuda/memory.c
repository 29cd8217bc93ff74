/* GPU memory: allocation, page-locked host memory, copies and fills.
 *
 * Every GPU hipc drives has unified addressing (all that CUDA 12 supports
 * do), so a pointer says by itself where it points: cuMemcpy* infers the
 * direction of a copy, and hipMemcpyDefault needs nothing more. Host memory
 * the driver does not know (the CPU device's, or malloc's) is pageable; the
 * driver copies it through its own staging buffers. */
#include <stdint.h>
#include <string.h>

#include "cuda_backend.h"

static CUdeviceptr dptr(const void* p) { return (CUdeviceptr)(uintptr_t)p; }

hipError_t hipc__cuda_alloc(hipc_device* dev, size_t size, void** out) {
  CUdeviceptr p = 0;
  HIPC_CU_CHECK(hipc__cuda_bind(dev->impl));
  HIPC_CU_CHECK(hipc_cu.MemAlloc(&p, size));
  *out = (void*)(uintptr_t)p;
  return hipSuccess;
}

hipError_t hipc__cuda_release(hipc_device* dev, void* ptr) {
  HIPC_CU_CHECK(hipc__cuda_bind(dev->impl));
  HIPC_CU_CHECK(hipc_cu.MemFree(dptr(ptr)));
  return hipSuccess;
}

hipError_t hipc__cuda_memcpy(hipc_queue* q, void* dst, const void* src,
                             size_t n, int blocking) {
  HIPC_CU_CHECK(hipc__cuda_bind(q->dev));
  HIPC_CU_CHECK(hipc_cu.MemcpyAsync(dptr(dst), dptr(src), n, q->stream));
  if (blocking) HIPC_CU_CHECK(hipc_cu.StreamSynchronize(q->stream));
  return hipSuccess;
}

int hipc__cuda_memory_type(const void* p) {
  int type = 0;
  if (hipc_cu.PointerGetAttribute(&type, CU_POINTER_ATTRIBUTE_MEMORY_TYPE,
                                  dptr(p)) != CUDA_SUCCESS)
    return 0;
  return type;
}

/* Whether the driver can write `p` from the device (device memory, or
 * host memory it mapped). */
int hipc__cuda_device_visible(const void* p) {
  return hipc__cuda_memory_type(p) != 0;
}

int hipc__cuda_pointer_known(hipc_device* dev, const void* p) {
  return hipc__cuda_bind(dev->impl) == CUDA_SUCCESS &&
         hipc__cuda_device_visible(p);
}

hipError_t hipc__cuda_memset(hipc_queue* q, void* dst, int value, size_t n,
                             int blocking) {
  HIPC_CU_CHECK(hipc__cuda_bind(q->dev));
  unsigned char byte = (unsigned char)value;
  CUresult r;
  /* Four bytes at a time where the range allows it: faster on the GPU. */
  if (((uintptr_t)dst | n) % 4 == 0)
    r = hipc_cu.MemsetD32Async(dptr(dst), byte * 0x01010101u, n / 4,
                               q->stream);
  else
    r = hipc_cu.MemsetD8Async(dptr(dst), byte, n, q->stream);
  if (r == CUDA_ERROR_INVALID_VALUE && !hipc__cuda_device_visible(dst)) {
    /* Pageable host memory (the CPU device's, say): fill it on the host,
     * in order with the stream. */
    HIPC_CU_CHECK(hipc_cu.StreamSynchronize(q->stream));
    memset(dst, value, n);
    return hipSuccess;
  }
  HIPC_CU_CHECK(r);
  if (blocking) HIPC_CU_CHECK(hipc_cu.StreamSynchronize(q->stream));
  return hipSuccess;
}

hipError_t hipc__cuda_mem_info(hipc_device* dev, size_t* free_bytes,
                               size_t* total) {
  HIPC_CU_CHECK(hipc__cuda_bind(dev->impl));
  HIPC_CU_CHECK(hipc_cu.MemGetInfo(free_bytes, total));
  return hipSuccess;
}

hipError_t hipc__cuda_host_alloc(hipc_device* dev, size_t size,
                                 unsigned flags, void** out) {
  /* Portable and mapped whatever the flags say: every GPU of the process
   * copies it at full speed and can address it (as AMD's runtime does). */
  unsigned cu_flags = CU_MEMHOSTALLOC_PORTABLE | CU_MEMHOSTALLOC_DEVICEMAP;
  if (flags & hipHostMallocWriteCombined)
    cu_flags |= CU_MEMHOSTALLOC_WRITECOMBINED;
  HIPC_CU_CHECK(hipc__cuda_bind(dev->impl));
  HIPC_CU_CHECK(hipc_cu.MemHostAlloc(out, size, cu_flags));
  return hipSuccess;
}

hipError_t hipc__cuda_host_release(hipc_device* dev, void* ptr) {
  HIPC_CU_CHECK(hipc__cuda_bind(dev->impl));
  HIPC_CU_CHECK(hipc_cu.MemFreeHost(ptr));
  return hipSuccess;
}
