/* The driver-style operations of a GPU: stream memory operations
 * (cuStreamWaitValue*, cuStreamWriteValue*), interprocess memory and
 * events (cuIpc*) and virtual memory (cuMemAddressReserve, cuMemCreate,
 * cuMemMap, cuMemSetAccess, ...). Each needs an entry point that older
 * drivers may lack (hipErrorNotSupported then). */
#include <stdlib.h>
#include <string.h>

#include "cuda_backend.h"

#define NEED(fn) \
  do {           \
    if (!hipc_cu.fn) return hipErrorNotSupported; \
  } while (0)

/* -- stream memory operations: the driver's conditions are AMD's with a
 *    full mask (CUDA has no masks). */

hipError_t hipc__cuda_wait_value(hipc_queue* q, void* ptr, uint64_t value,
                                 uint64_t mask, unsigned flags, int is64) {
  if (mask != (is64 ? ~0ull : 0xffffffffull)) return hipErrorNotSupported;
  HIPC_CU_CHECK(hipc__cuda_bind(q->dev));
  CUdeviceptr p = (CUdeviceptr)(uintptr_t)ptr;
  if (is64) {
    NEED(StreamWaitValue64);
    HIPC_CU_CHECK(hipc_cu.StreamWaitValue64(q->stream, p, value, flags));
  } else {
    NEED(StreamWaitValue32);
    HIPC_CU_CHECK(
        hipc_cu.StreamWaitValue32(q->stream, p, (uint32_t)value, flags));
  }
  return hipSuccess;
}

hipError_t hipc__cuda_write_value(hipc_queue* q, void* ptr, uint64_t value,
                                  int is64) {
  HIPC_CU_CHECK(hipc__cuda_bind(q->dev));
  CUdeviceptr p = (CUdeviceptr)(uintptr_t)ptr;
  if (is64) {
    NEED(StreamWriteValue64);
    HIPC_CU_CHECK(hipc_cu.StreamWriteValue64(q->stream, p, value, 0));
  } else {
    NEED(StreamWriteValue32);
    HIPC_CU_CHECK(hipc_cu.StreamWriteValue32(q->stream, p, (uint32_t)value,
                                             0));
  }
  return hipSuccess;
}

/* -- interprocess memory and events */

hipError_t hipc__cuda_ipc_export(hipc_device* dev, void* base, size_t size,
                                 void* handle) {
  (void)size;
  NEED(IpcGetMemHandle);
  HIPC_CU_CHECK(hipc__cuda_bind(dev->impl));
  CUipcHandle h;
  HIPC_CU_CHECK(hipc_cu.IpcGetMemHandle(&h, (CUdeviceptr)(uintptr_t)base));
  memcpy(handle, &h, sizeof h);
  return hipSuccess;
}

hipError_t hipc__cuda_ipc_open(hipc_device* dev, const void* handle,
                               void** out, size_t* size) {
  NEED(IpcOpenMemHandle);
  NEED(MemGetAddressRange);
  HIPC_CU_CHECK(hipc__cuda_bind(dev->impl));
  CUipcHandle h;
  memcpy(&h, handle, sizeof h);
  CUdeviceptr p;
  HIPC_CU_CHECK(
      hipc_cu.IpcOpenMemHandle(&p, h, CU_IPC_MEM_LAZY_ENABLE_PEER_ACCESS));
  CUdeviceptr base;
  size_t n;
  CUresult r = hipc_cu.MemGetAddressRange(&base, &n, p);
  if (r != CUDA_SUCCESS) {
    (void)hipc_cu.IpcCloseMemHandle(p);
    return hipc__cuda_error(r);
  }
  *out = (void*)(uintptr_t)p;
  *size = n - (size_t)(p - base);
  return hipSuccess;
}

hipError_t hipc__cuda_ipc_close(hipc_device* dev, void* ptr, size_t size) {
  (void)size;
  NEED(IpcCloseMemHandle);
  HIPC_CU_CHECK(hipc__cuda_bind(dev->impl));
  HIPC_CU_CHECK(hipc_cu.IpcCloseMemHandle((CUdeviceptr)(uintptr_t)ptr));
  return hipSuccess;
}

hipError_t hipc__cuda_event_ipc_export(hipc_event* e, void* handle) {
  NEED(IpcGetEventHandle);
  HIPC_CU_CHECK(hipc__cuda_bind(e->dev));
  CUipcHandle h;
  HIPC_CU_CHECK(hipc_cu.IpcGetEventHandle(&h, e->ev));
  memcpy(handle, &h, sizeof h);
  return hipSuccess;
}

hipError_t hipc__cuda_event_ipc_open(hipc_device* dev, const void* handle,
                                     hipc_event** out) {
  NEED(IpcOpenEventHandle);
  hipc_event* e = calloc(1, sizeof *e);
  if (!e) return hipErrorOutOfMemory;
  e->dev = dev->impl;
  CUipcHandle h;
  memcpy(&h, handle, sizeof h);
  CUresult r = hipc__cuda_bind(e->dev);
  if (r == CUDA_SUCCESS) r = hipc_cu.IpcOpenEventHandle(&e->ev, h);
  if (r != CUDA_SUCCESS) {
    free(e);
    return hipc__cuda_error(r);
  }
  *out = e;
  return hipSuccess;
}

/* -- virtual memory: physical memory is a CUmemGenericAllocationHandle */

typedef struct cuda_phys {
  CUmemGenericAllocationHandle h;
} cuda_phys;

static CUmemAllocationProp prop_of(const cuda_device* d) {
  CUmemAllocationProp p;
  memset(&p, 0, sizeof p);
  p.type = 1; /* pinned */
  p.requestedHandleTypes = CU_MEM_HANDLE_TYPE_POSIX_FILE_DESCRIPTOR;
  p.location.type = 1; /* device */
  p.location.id = d->cu;
  return p;
}

size_t hipc__cuda_vm_granularity(hipc_device* dev) {
  cuda_device* d = dev->impl;
  CUmemAllocationProp p = prop_of(d);
  size_t g = (size_t)2 << 20; /* the usual answer */
  if (hipc_cu.MemGetAllocationGranularity && hipc__cuda_bind(d) == 0)
    (void)hipc_cu.MemGetAllocationGranularity(&g, &p, 0);
  return g;
}

hipError_t hipc__cuda_vm_reserve(hipc_device* dev, size_t size, size_t align,
                                 void* hint, void** out) {
  NEED(MemAddressReserve);
  HIPC_CU_CHECK(hipc__cuda_bind(dev->impl));
  CUdeviceptr p;
  HIPC_CU_CHECK(hipc_cu.MemAddressReserve(&p, size, align,
                                          (CUdeviceptr)(uintptr_t)hint, 0));
  *out = (void*)(uintptr_t)p;
  return hipSuccess;
}

hipError_t hipc__cuda_vm_free(hipc_device* dev, void* ptr, size_t size) {
  NEED(MemAddressFree);
  HIPC_CU_CHECK(hipc__cuda_bind(dev->impl));
  HIPC_CU_CHECK(hipc_cu.MemAddressFree((CUdeviceptr)(uintptr_t)ptr, size));
  return hipSuccess;
}

hipError_t hipc__cuda_vm_create(hipc_device* dev, size_t size, void** out) {
  NEED(MemCreate);
  cuda_device* d = dev->impl;
  cuda_phys* m = malloc(sizeof *m);
  if (!m) return hipErrorOutOfMemory;
  CUmemAllocationProp p = prop_of(d);
  CUresult r = hipc__cuda_bind(d);
  if (r == CUDA_SUCCESS) r = hipc_cu.MemCreate(&m->h, size, &p, 0);
  if (r != CUDA_SUCCESS) {
    free(m);
    return hipc__cuda_error(r);
  }
  *out = m;
  return hipSuccess;
}

void hipc__cuda_vm_release(hipc_device* dev, void* phys) {
  cuda_phys* m = phys;
  if (hipc_cu.MemRelease && hipc__cuda_bind(dev->impl) == CUDA_SUCCESS)
    (void)hipc_cu.MemRelease(m->h);
  free(m);
}

hipError_t hipc__cuda_vm_map(hipc_device* dev, void* ptr, size_t size,
                             void* phys, size_t offset) {
  NEED(MemMap);
  cuda_phys* m = phys;
  HIPC_CU_CHECK(hipc__cuda_bind(dev->impl));
  HIPC_CU_CHECK(
      hipc_cu.MemMap((CUdeviceptr)(uintptr_t)ptr, size, offset, m->h, 0));
  return hipSuccess;
}

hipError_t hipc__cuda_vm_unmap(hipc_device* dev, void* ptr, size_t size) {
  NEED(MemUnmap);
  HIPC_CU_CHECK(hipc__cuda_bind(dev->impl));
  HIPC_CU_CHECK(hipc_cu.MemUnmap((CUdeviceptr)(uintptr_t)ptr, size));
  return hipSuccess;
}

hipError_t hipc__cuda_vm_access(hipc_device* dev, void* ptr, size_t size,
                                int flags) {
  NEED(MemSetAccess);
  cuda_device* d = dev->impl;
  CUmemAccessDesc a = {{1, d->cu}, flags};
  HIPC_CU_CHECK(hipc__cuda_bind(d));
  HIPC_CU_CHECK(
      hipc_cu.MemSetAccess((CUdeviceptr)(uintptr_t)ptr, size, &a, 1));
  return hipSuccess;
}

hipError_t hipc__cuda_vm_export_fd(hipc_device* dev, void* phys, int* fd) {
  NEED(MemExportToShareableHandle);
  cuda_phys* m = phys;
  HIPC_CU_CHECK(hipc__cuda_bind(dev->impl));
  HIPC_CU_CHECK(hipc_cu.MemExportToShareableHandle(
      fd, m->h, CU_MEM_HANDLE_TYPE_POSIX_FILE_DESCRIPTOR, 0));
  return hipSuccess;
}

/* The driver does not say how large imported memory is: 0, which the
 * runtime takes as "unknown" (mappings of it are the driver's to check). */
hipError_t hipc__cuda_vm_import_fd(hipc_device* dev, int fd, size_t* size,
                                   void** out) {
  NEED(MemImportFromShareableHandle);
  cuda_phys* m = malloc(sizeof *m);
  if (!m) return hipErrorOutOfMemory;
  CUresult r = hipc__cuda_bind(dev->impl);
  if (r == CUDA_SUCCESS)
    r = hipc_cu.MemImportFromShareableHandle(
        &m->h, (void*)(intptr_t)fd, CU_MEM_HANDLE_TYPE_POSIX_FILE_DESCRIPTOR);
  if (r != CUDA_SUCCESS) {
    free(m);
    return hipc__cuda_error(r);
  }
  *size = 0;
  *out = m;
  return hipSuccess;
}
