/* External semaphores (hip/hipc/external_api.h): hipImportExternalSemaphore,
 * hipSignalExternalSemaphoresAsync, hipWaitExternalSemaphoresAsync,
 * hipDestroyExternalSemaphore.
 *
 * AMD's runtime imports Vulkan and Direct3D semaphores through the GPU
 * driver. hipc has no graphics interop: a well-formed descriptor gets
 * hipErrorNotSupported, so no handle ever exists and every handle given
 * to the other calls is invalid. The argument checks follow AMD's
 * (hip-tests vulkan_interop and errorHandling): a NULL pointer, nonzero
 * flags, an unknown handle type, a bad file descriptor, a destroyed stream
 * and an unknown handle are all hipErrorInvalidValue. */
#include <stddef.h>
#include <string.h>

#include "internal.h"

hipError_t hipImportExternalSemaphore(
    hipExternalSemaphore_t* extSem_out,
    const hipExternalSemaphoreHandleDesc* semHandleDesc) {
  HIPC_RETURN_IF(!extSem_out || !semHandleDesc, hipErrorInvalidValue);
  hipExternalSemaphoreHandleType t = semHandleDesc->type;
  HIPC_RETURN_IF(t < hipExternalSemaphoreHandleTypeOpaqueFd ||
                     t > hipExternalSemaphoreHandleTypeTimelineSemaphoreWin32,
                 hipErrorInvalidValue);
  int fd_type = t == hipExternalSemaphoreHandleTypeOpaqueFd ||
                t == hipExternalSemaphoreHandleTypeTimelineSemaphoreFd;
  HIPC_RETURN_IF(fd_type && semHandleDesc->handle.fd < 0,
                 hipErrorInvalidValue);
  HIPC_RETURN(hipErrorNotSupported);
}

/* The checks signal and wait share: the arrays, each entry's flags (at
 * `flags_offset` in each), the stream, then the handles (none is valid). */
static hipError_t check_batch(const hipExternalSemaphore_t* sems,
                              const void* params, size_t param_size,
                              size_t flags_offset, unsigned int n,
                              hipStream_t stream) {
  if (!sems || !params) return hipErrorInvalidValue;
  for (unsigned int i = 0; i < n; ++i) {
    unsigned int flags;
    memcpy(&flags, (const char*)params + i * param_size + flags_offset,
           sizeof flags);
    if (flags != 0) return hipErrorInvalidValue;
  }
  hipc_device* dev;
  hipStream_t st;
  if (hipc__stream_lookup(stream, &dev, &st) != hipSuccess)
    return hipErrorInvalidValue;
  /* No semaphore can have been imported. */
  return n == 0 ? hipSuccess : hipErrorInvalidValue;
}

hipError_t hipSignalExternalSemaphoresAsync(
    const hipExternalSemaphore_t* extSemArray,
    const hipExternalSemaphoreSignalParams* paramsArray,
    unsigned int numExtSems, hipStream_t stream) {
  HIPC_RETURN(check_batch(
      extSemArray, paramsArray, sizeof *paramsArray,
      offsetof(hipExternalSemaphoreSignalParams, flags), numExtSems, stream));
}

hipError_t hipWaitExternalSemaphoresAsync(
    const hipExternalSemaphore_t* extSemArray,
    const hipExternalSemaphoreWaitParams* paramsArray,
    unsigned int numExtSems, hipStream_t stream) {
  HIPC_RETURN(check_batch(
      extSemArray, paramsArray, sizeof *paramsArray,
      offsetof(hipExternalSemaphoreWaitParams, flags), numExtSems, stream));
}

hipError_t hipDestroyExternalSemaphore(hipExternalSemaphore_t extSem) {
  (void)extSem; /* NULL or not, it was never imported */
  HIPC_RETURN(hipErrorInvalidValue);
}
