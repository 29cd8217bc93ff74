/* Host and managed memory of a GPU, and pitched copies and fills:
 * cuMemHostRegister, cuMemHostGetDevicePointer, cuMemAllocManaged,
 * cuMemPrefetchAsync, cuMemcpy2DAsync, cuMemsetD2D{8,16,32}Async. */
#include <stdint.h>
#include <string.h>

#include "cuda_backend.h"

static CUdeviceptr dptr(const void* p) { return (CUdeviceptr)(uintptr_t)p; }

hipError_t hipc__cuda_host_register(hipc_device* dev, void* ptr, size_t size,
                                    unsigned flags) {
  /* hipHostRegister's flag values are cuMemHostRegister's (portable 1,
   * mapped 2, I/O memory 4, read-only 8). Always portable and mapped, as
   * for hipHostMalloc: every GPU copies it at full speed and can address
   * it. */
  unsigned cu_flags = flags | 1u | 2u;
  HIPC_CU_CHECK(hipc__cuda_bind(dev->impl));
  HIPC_CU_CHECK(hipc_cu.MemHostRegister(ptr, size, cu_flags));
  return hipSuccess;
}

hipError_t hipc__cuda_host_unregister(hipc_device* dev, void* ptr) {
  HIPC_CU_CHECK(hipc__cuda_bind(dev->impl));
  HIPC_CU_CHECK(hipc_cu.MemHostUnregister(ptr));
  return hipSuccess;
}

hipError_t hipc__cuda_host_device_pointer(hipc_device* dev, void* host,
                                          void** out) {
  CUdeviceptr p = 0;
  HIPC_CU_CHECK(hipc__cuda_bind(dev->impl));
  HIPC_CU_CHECK(hipc_cu.MemHostGetDevicePointer(&p, host, 0));
  *out = (void*)(uintptr_t)p;
  return hipSuccess;
}

hipError_t hipc__cuda_managed_alloc(hipc_device* dev, size_t size,
                                    unsigned flags, void** out) {
  /* hipMemAttachGlobal / hipMemAttachHost have CU_MEM_ATTACH_*'s values. */
  CUdeviceptr p = 0;
  HIPC_CU_CHECK(hipc__cuda_bind(dev->impl));
  HIPC_CU_CHECK(hipc_cu.MemAllocManaged(&p, size, flags));
  *out = (void*)(uintptr_t)p;
  return hipSuccess;
}

hipError_t hipc__cuda_prefetch(hipc_queue* q, const void* ptr, size_t n,
                               int device) {
  if (!hipc_cu.MemPrefetchAsync) return hipErrorNotSupported;
  /* A GPU of this backend, or else the host (hipCpuDeviceId, or the CPU
   * device, whose memory is the host's). */
  CUdevice target = CU_DEVICE_CPU;
  cuda_device* d = hipc__cuda_device_of(device);
  if (d) target = d->cu;
  HIPC_CU_CHECK(hipc__cuda_bind(q->dev));
  CUresult r = hipc_cu.MemPrefetchAsync(dptr(ptr), n, target, q->stream);
  /* A device without concurrent managed access cannot prefetch: the hint
   * is dropped (prefetching never changes what a program computes). */
  if (r == CUDA_ERROR_INVALID_DEVICE) return hipSuccess;
  HIPC_CU_CHECK(r);
  return hipSuccess;
}

hipError_t hipc__cuda_memcpy_2d(hipc_queue* q, void* dst, size_t dpitch,
                                const void* src, size_t spitch, size_t width,
                                size_t height, int blocking) {
  CUDA_MEMCPY2D c;
  memset(&c, 0, sizeof c);
  c.srcMemoryType = c.dstMemoryType = CU_MEMORYTYPE_UNIFIED;
  c.srcDevice = dptr(src);
  c.srcPitch = spitch;
  c.dstDevice = dptr(dst);
  c.dstPitch = dpitch;
  c.WidthInBytes = width;
  c.Height = height;
  HIPC_CU_CHECK(hipc__cuda_bind(q->dev));
  CUresult r = hipc_cu.Memcpy2DAsync(&c, q->stream);
  if (r == CUDA_ERROR_INVALID_VALUE) {
    /* Pitches beyond the driver's limit (or pageable memory it does not
     * take in a 2D copy): row by row, which always works. */
    for (size_t y = 0; y < height; ++y) {
      r = hipc_cu.MemcpyAsync(dptr((char*)dst + y * dpitch),
                              dptr((const char*)src + y * spitch), width,
                              q->stream);
      if (r != CUDA_SUCCESS) break;
    }
  }
  HIPC_CU_CHECK(r);
  if (blocking) HIPC_CU_CHECK(hipc_cu.StreamSynchronize(q->stream));
  return hipSuccess;
}

hipError_t hipc__cuda_memset_2d(hipc_queue* q, void* dst, size_t pitch,
                                uint32_t value, unsigned elem_size,
                                size_t width, size_t height, int blocking) {
  HIPC_CU_CHECK(hipc__cuda_bind(q->dev));
  CUresult r;
  if (elem_size == 1)
    r = hipc_cu.MemsetD2D8Async(dptr(dst), pitch, (unsigned char)value,
                                width, height, q->stream);
  else if (elem_size == 2)
    r = hipc_cu.MemsetD2D16Async(dptr(dst), pitch, (unsigned short)value,
                                 width, height, q->stream);
  else
    r = hipc_cu.MemsetD2D32Async(dptr(dst), pitch, value, width, height,
                                 q->stream);
  if (r == CUDA_ERROR_INVALID_VALUE && !hipc__cuda_device_visible(dst)) {
    /* Pageable host memory (the CPU device's, say): fill it on the host,
     * in order with the stream. */
    HIPC_CU_CHECK(hipc_cu.StreamSynchronize(q->stream));
    for (size_t y = 0; y < height; ++y) {
      unsigned char* row = (unsigned char*)dst + y * pitch;
      for (size_t x = 0; x < width; ++x)
        memcpy(row + x * elem_size, &value, elem_size); /* little-endian */
    }
    return hipSuccess;
  }
  HIPC_CU_CHECK(r);
  if (blocking) HIPC_CU_CHECK(hipc_cu.StreamSynchronize(q->stream));
  return hipSuccess;
}
