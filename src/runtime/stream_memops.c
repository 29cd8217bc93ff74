/* Stream memory operations (hipStreamWaitValue32/64,
 * hipStreamWriteValue32/64), hipEventRecordWithFlags and AMD's launches
 * with events around them (hip/hip_ext.h).
 *
 * A wait or write goes to the backend's wait_value / write_value where it
 * has them (GPUs: the driver's stream memory operations); on the CPU
 * device it is a host function in stream order: the write stores the value
 * (release order), the wait polls until the condition holds (it occupies
 * one of the device's workers meanwhile, as a GPU's stream waits in its
 * queue). The memory must be memory hipc tracks: device, pinned
 * (hipHostMalloc, hipExtMallocWithFlags(hipMallocSignalMemory)) or
 * registered host memory. */
#define _POSIX_C_SOURCE 200809L /* nanosleep */
#include <sched.h>
#include <stdlib.h>
#include <time.h>

#include "driver_internal.h"
#include "hip/hip_ext.h"

typedef struct value_op {
  void* ptr;
  uint64_t value, mask;
  unsigned flags;
  int is64;
} value_op;

static uint64_t load(const value_op* o) {
  return o->is64 ? __atomic_load_n((uint64_t*)o->ptr, __ATOMIC_ACQUIRE)
                 : __atomic_load_n((uint32_t*)o->ptr, __ATOMIC_ACQUIRE);
}

/* AMD's conditions (hip_runtime_api.h): on the value under the mask. */
static int holds(const value_op* o) {
  uint64_t width = o->is64 ? ~0ull : 0xffffffffull;
  uint64_t v = load(o) & o->mask & width, want = o->value & width;
  switch (o->flags) {
    case hipStreamWaitValueGte: return v >= want;
    case hipStreamWaitValueEq: return v == want;
    case hipStreamWaitValueAnd: return (v & want) != 0;
    default: return (~(v | (want & o->mask)) & width) != 0; /* Nor */
  }
}

static void wait_fn(void* arg) {
  value_op* o = arg;
  for (unsigned spins = 0; !holds(o); ++spins) {
    if (spins < 1000) {
      sched_yield();
    } else {
      struct timespec ts = {0, 50000};
      nanosleep(&ts, NULL);
    }
  }
  free(o);
}

static void write_fn(void* arg) {
  value_op* o = arg;
  if (o->is64)
    __atomic_store_n((uint64_t*)o->ptr, o->value, __ATOMIC_RELEASE);
  else
    __atomic_store_n((uint32_t*)o->ptr, (uint32_t)o->value,
                     __ATOMIC_RELEASE);
  free(o);
}

static hipError_t value_op_enqueue(hipStream_t stream, const value_op* op,
                                   int write) {
  size_t n = op->is64 ? 8 : 4;
  if (!op->ptr || ((uintptr_t)op->ptr & (n - 1))) return hipErrorInvalidValue;
  hipc_work w;
  hipError_t e = hipc__work_begin(stream, &w);
  if (e != hipSuccess) return e;
  const hipc_backend_ops* ops = w.dev->ops;
  e = hipc__check_device_ptr(w.dev, op->ptr, n);
  if (e == hipSuccess) {
    if (write && ops->write_value) {
      e = ops->write_value(w.q, op->ptr, op->value, op->is64);
    } else if (!write && ops->wait_value) {
      e = ops->wait_value(w.q, op->ptr, op->value, op->mask, op->flags,
                          op->is64);
    } else if (ops->host_memory && ops->queue_host_fn) {
      value_op* copy = malloc(sizeof *copy);
      if (!copy) {
        e = hipErrorOutOfMemory;
      } else {
        *copy = *op;
        e = ops->queue_host_fn(w.q, write ? write_fn : wait_fn, copy);
        if (e != hipSuccess) free(copy);
      }
    } else {
      e = hipErrorNotSupported;
    }
  }
  return hipc__work_end(&w, e, 0);
}

static hipError_t wait_value(hipStream_t stream, void* ptr, uint64_t value,
                             unsigned flags, uint64_t mask, int is64) {
  HIPC_ARG_PTR("ptr", ptr);
  HIPC_ARG_U64("value", value);
  if (flags > hipStreamWaitValueNor) return hipErrorInvalidValue;
  value_op op = {ptr, value, mask, flags, is64};
  return value_op_enqueue(stream, &op, 0);
}

static hipError_t write_value(hipStream_t stream, void* ptr, uint64_t value,
                              unsigned flags, int is64) {
  HIPC_ARG_PTR("ptr", ptr);
  HIPC_ARG_U64("value", value);
  if (flags != 0) return hipErrorInvalidValue;
  value_op op = {ptr, value, ~0ull, 0, is64};
  return value_op_enqueue(stream, &op, 1);
}

hipError_t hipStreamWaitValue32(hipStream_t stream, void* ptr, uint32_t value,
                                unsigned int flags, uint32_t mask) {
  HIPC_API_ENTER();
  HIPC_RETURN(wait_value(stream, ptr, value, flags, mask, 0));
}

hipError_t hipStreamWaitValue64(hipStream_t stream, void* ptr, uint64_t value,
                                unsigned int flags, uint64_t mask) {
  HIPC_API_ENTER();
  HIPC_RETURN(wait_value(stream, ptr, value, flags, mask, 1));
}

hipError_t hipStreamWriteValue32(hipStream_t stream, void* ptr,
                                 uint32_t value, unsigned int flags) {
  HIPC_API_ENTER();
  HIPC_RETURN(write_value(stream, ptr, value, flags, 0));
}

hipError_t hipStreamWriteValue64(hipStream_t stream, void* ptr,
                                 uint64_t value, unsigned int flags) {
  HIPC_API_ENTER();
  HIPC_RETURN(write_value(stream, ptr, value, flags, 1));
}

/* hipEventRecordExternal only matters in stream capture (a record node
 * instead of an internal dependency): outside it, both flags record. */
hipError_t hipEventRecordWithFlags(hipEvent_t event, hipStream_t stream,
                                   unsigned int flags) {
  HIPC_API_ENTER();
  HIPC_RETURN_IF(flags & ~(unsigned)hipEventRecordExternal,
                 hipErrorInvalidValue);
  HIPC_RETURN(hipEventRecord(event, stream));
}

/* -- hip_ext.h */

hipError_t hipc_ext_record(hipEvent_t event, hipStream_t stream) {
  if (!event) return hipSuccess;
  return hipEventRecord(event, stream);
}

/* The events are checked before anything is enqueued, so that a bad one
 * launches nothing. */
static hipError_t check_events(hipEvent_t start, hipEvent_t stop) {
  hipc_device* d;
  hipc_event* impl;
  if (start && hipc__event_resolve(start, &d, &impl) != hipSuccess)
    return hipErrorInvalidHandle;
  if (stop && hipc__event_resolve(stop, &d, &impl) != hipSuccess)
    return hipErrorInvalidHandle;
  return hipSuccess;
}

hipError_t hipExtLaunchKernel(const void* function_address, dim3 numBlocks,
                              dim3 dimBlocks, void** args,
                              size_t sharedMemBytes, hipStream_t stream,
                              hipEvent_t startEvent, hipEvent_t stopEvent,
                              int flags) {
  HIPC_API_ENTER();
  (void)flags; /* hipExtAnyOrderLaunch: hipc keeps stream order anyway */
  hipError_t e = check_events(startEvent, stopEvent);
  HIPC_RETURN_IF(e != hipSuccess, e);
  e = hipc_ext_record(startEvent, stream);
  HIPC_RETURN_IF(e != hipSuccess, e);
  e = hipLaunchKernel(function_address, numBlocks, dimBlocks, args,
                      sharedMemBytes, stream);
  HIPC_RETURN_IF(e != hipSuccess, e);
  HIPC_RETURN(hipc_ext_record(stopEvent, stream));
}

/* AMD's sizes are in threads: the grid is globalWorkSize / localWorkSize
 * blocks in each dimension, which must divide. */
hipError_t hipExtModuleLaunchKernel(
    hipFunction_t f, uint32_t globalWorkSizeX, uint32_t globalWorkSizeY,
    uint32_t globalWorkSizeZ, uint32_t localWorkSizeX,
    uint32_t localWorkSizeY, uint32_t localWorkSizeZ, size_t sharedMemBytes,
    hipStream_t hStream, void** kernelParams, void** extra,
    hipEvent_t startEvent, hipEvent_t stopEvent, uint32_t flags) {
  HIPC_API_ENTER();
  (void)flags;
  HIPC_RETURN_IF(!localWorkSizeX || !localWorkSizeY || !localWorkSizeZ,
                 hipErrorInvalidValue);
  HIPC_RETURN_IF(globalWorkSizeX % localWorkSizeX ||
                     globalWorkSizeY % localWorkSizeY ||
                     globalWorkSizeZ % localWorkSizeZ,
                 hipErrorInvalidValue);
  hipError_t e = check_events(startEvent, stopEvent);
  HIPC_RETURN_IF(e != hipSuccess, e);
  e = hipc_ext_record(startEvent, hStream);
  HIPC_RETURN_IF(e != hipSuccess, e);
  e = hipModuleLaunchKernel(
      f, globalWorkSizeX / localWorkSizeX, globalWorkSizeY / localWorkSizeY,
      globalWorkSizeZ / localWorkSizeZ, localWorkSizeX, localWorkSizeY,
      localWorkSizeZ, (unsigned)sharedMemBytes, hStream, kernelParams, extra);
  HIPC_RETURN_IF(e != hipSuccess, e);
  HIPC_RETURN(hipc_ext_record(stopEvent, hStream));
}
