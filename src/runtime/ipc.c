/* Interprocess memory handles (hipIpcGetMemHandle, hipIpcOpenMemHandle,
 * hipIpcCloseMemHandle). The backend makes the allocation reachable and
 * fills the handle (CPU device: shared memory another process maps,
 * src/backend/cpu/ipc.c; GPUs: the driver's IPC); this file holds HIP's
 * rules and keeps opened memory in the allocation table, so that kernels,
 * copies and hipPointerGetAttributes take it as device memory. Opening
 * the same handle again gives the same address; each open needs its
 * close. */
#include <stdlib.h>
#include <string.h>

#include "driver_internal.h"

typedef struct opened {
  void* ptr;
  size_t size;
  hipc_device* dev;
  int refs;
  struct opened* next;
} opened;

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static opened* list;

/* Exports the whole allocation holding `devPtr` (CUDA's behaviour for a
 * pointer inside one). A pointer in no allocation (freed, past the end,
 * never allocated) is hipErrorInvalidValue, as AMD's runtime answers; one
 * in host memory hipErrorInvalidDevicePointer. */
hipError_t hipIpcGetMemHandle(hipIpcMemHandle_t* handle, void* devPtr) {
  HIPC_API_ENTER();
  HIPC_ARG_PTR("devPtr", devPtr);
  HIPC_RETURN_IF(!handle || !devPtr, hipErrorInvalidValue);
  hipError_t e = hipc__init();
  HIPC_RETURN_IF(e != hipSuccess, e);
  hipc_alloc a;
  HIPC_RETURN_IF(!hipc__alloc_find(devPtr, &a), hipErrorInvalidValue);
  HIPC_RETURN_IF(a.kind != hipMemoryTypeDevice || a.registered,
                 hipErrorInvalidDevicePointer);
  HIPC_RETURN_IF(!a.dev->ops->ipc_export, hipErrorNotSupported);
  /* A backend whose export copies the memory waits for work in flight
   * itself (the CPU device's first export of a mapping); CUDA's copies
   * nothing, and exporting does not wait for the device there. */
  memset(handle, 0, sizeof *handle);
  HIPC_RETURN(a.dev->ops->ipc_export(a.dev, a.base, a.size, handle->reserved));
}

hipError_t hipIpcOpenMemHandle(void** devPtr, hipIpcMemHandle_t handle,
                               unsigned int flags) {
  HIPC_API_ENTER();
  HIPC_RETURN_IF(!devPtr, hipErrorInvalidValue);
  HIPC_RETURN_IF(flags & ~(unsigned)hipIpcMemLazyEnablePeerAccess,
                 hipErrorInvalidValue);
  hipc_device* dev;
  hipError_t e = hipc__current_device(&dev);
  HIPC_RETURN_IF(e != hipSuccess, e);
  HIPC_RETURN_IF(!dev->ops->ipc_open, hipErrorNotSupported);
  void* p;
  size_t size;
  e = dev->ops->ipc_open(dev, handle.reserved, &p, &size);
  HIPC_RETURN_IF(e != hipSuccess, e);
  pthread_mutex_lock(&lock);
  opened* o = list;
  while (o && o->ptr != p) o = o->next;
  if (o) {
    o->refs++;
  } else if ((o = calloc(1, sizeof *o)) != NULL) {
    hipc_alloc a = {p, size, dev, 0, hipMemoryTypeDevice, HIPC_ALLOC_MAPPED,
                    p};
    if (hipc__alloc_insert(&a) != 0) {
      free(o);
      o = NULL;
    } else {
      *o = (opened){p, size, dev, 1, list};
      list = o;
    }
  }
  pthread_mutex_unlock(&lock);
  if (!o) {
    dev->ops->ipc_close(dev, p, size);
    HIPC_RETURN(hipErrorOutOfMemory);
  }
  *devPtr = p;
  HIPC_ARG_PTR("devPtr", p);
  HIPC_RETURN(hipSuccess);
}

hipError_t hipIpcCloseMemHandle(void* devPtr) {
  HIPC_API_ENTER();
  HIPC_ARG_PTR("devPtr", devPtr);
  HIPC_RETURN_IF(!devPtr, hipErrorInvalidValue);
  pthread_mutex_lock(&lock);
  opened** p = &list;
  while (*p && (*p)->ptr != devPtr) p = &(*p)->next;
  opened* o = *p;
  int last = o && --o->refs == 0;
  if (last) *p = o->next;
  hipc_device* dev = o ? o->dev : NULL;
  size_t size = o ? o->size : 0;
  pthread_mutex_unlock(&lock);
  HIPC_RETURN_IF(!o, hipErrorInvalidValue);
  /* Work in flight may still use the mapping. */
  hipError_t e = dev->ops->device_sync(dev);
  if (last) {
    hipc_alloc a;
    (void)hipc__alloc_remove(devPtr, &a);
    free(o);
  }
  hipError_t c = dev->ops->ipc_close(dev, devPtr, size);
  HIPC_RETURN(e != hipSuccess ? e : c);
}

/* -- events */

/* The event must have been created with hipEventInterprocess (AMD's
 * runtime: hipErrorInvalidConfiguration otherwise). */
hipError_t hipIpcGetEventHandle(hipIpcEventHandle_t* handle,
                                hipEvent_t event) {
  HIPC_API_ENTER();
  HIPC_RETURN_IF(!handle, hipErrorInvalidValue);
  hipc_device* dev;
  hipc_event* impl;
  unsigned flags;
  hipError_t e = hipc__event_info(event, &dev, &impl, &flags);
  HIPC_RETURN_IF(e != hipSuccess, e);
  HIPC_RETURN_IF(!(flags & hipEventInterprocess),
                 hipErrorInvalidConfiguration);
  HIPC_RETURN_IF(!dev->ops->event_ipc_export, hipErrorNotSupported);
  memset(handle, 0, sizeof *handle);
  HIPC_RETURN(dev->ops->event_ipc_export(impl, handle->reserved));
}

/* The event opened is one of the current device, with
 * hipEventInterprocess | hipEventDisableTiming; records and waits in
 * either process act on the same event. */
hipError_t hipIpcOpenEventHandle(hipEvent_t* event,
                                 hipIpcEventHandle_t handle) {
  HIPC_API_ENTER();
  HIPC_RETURN_IF(!event, hipErrorInvalidValue);
  hipc_device* dev;
  hipError_t e = hipc__current_device(&dev);
  HIPC_RETURN_IF(e != hipSuccess, e);
  HIPC_RETURN_IF(!dev->ops->event_ipc_open, hipErrorNotSupported);
  hipc_event* impl;
  e = dev->ops->event_ipc_open(dev, handle.reserved, &impl);
  HIPC_RETURN_IF(e != hipSuccess, e);
  HIPC_RETURN(hipc__event_adopt(
      dev, impl, hipEventInterprocess | hipEventDisableTiming, event));
}
