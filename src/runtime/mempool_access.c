/* Access to a pool's memory from other devices: hipMemPoolSetAccess and
 * hipMemPoolGetAccess (the flags are kept per pool and read back). */
#include "mempool.h"

hipError_t hipMemPoolSetAccess(hipMemPool_t mem_pool,
                               const hipMemAccessDesc* desc_list,
                               size_t count) {
  HIPC_API_ENTER();
  HIPC_RETURN_IF(count && !desc_list, hipErrorInvalidValue);
  int ndev = 0;
  hipError_t ce = hipGetDeviceCount(&ndev);
  HIPC_RETURN_IF(ce != hipSuccess, ce);
  HIPC_RETURN_IF(count > (size_t)ndev, hipErrorInvalidDevice);
  pthread_mutex_lock(&hipc__mempool_lock);
  hipError_t e = hipc__mempool_ok(mem_pool) ? hipSuccess : hipErrorInvalidValue;
  for (size_t i = 0; i < count && e == hipSuccess; ++i) {
    const hipMemAccessDesc* d = &desc_list[i];
    unsigned f = d->flags;
    if (d->location.type != hipMemLocationTypeDevice ||
        (f != hipMemAccessFlagsProtNone && f != hipMemAccessFlagsProtRead &&
         f != hipMemAccessFlagsProtReadWrite))
      e = hipErrorInvalidValue;
    else if (!hipc__device(d->location.id))
      e = hipErrorInvalidDevice;
    /* The owner always has read-write access (AMD's answer to taking it
     * away: hipErrorInvalidDevice). */
    else if (d->location.id == mem_pool->dev->ordinal &&
             f != hipMemAccessFlagsProtReadWrite)
      e = hipErrorInvalidDevice;
  }
  for (size_t i = 0; i < count && e == hipSuccess; ++i)
    mem_pool->access[desc_list[i].location.id] =
        (unsigned char)desc_list[i].flags;
  pthread_mutex_unlock(&hipc__mempool_lock);
  HIPC_RETURN(e);
}

hipError_t hipMemPoolGetAccess(hipMemAccessFlags* flags, hipMemPool_t mem_pool,
                               hipMemLocation* location) {
  HIPC_API_ENTER();
  HIPC_RETURN_IF(!flags || !location, hipErrorInvalidValue);
  pthread_mutex_lock(&hipc__mempool_lock);
  hipError_t e = hipSuccess;
  if (!hipc__mempool_ok(mem_pool) || location->type != hipMemLocationTypeDevice)
    e = hipErrorInvalidValue;
  else if (!hipc__device(location->id))
    e = hipErrorInvalidValue; /* AMD's answer (SetAccess: InvalidDevice) */
  else if (location->id == mem_pool->dev->ordinal)
    *flags = hipMemAccessFlagsProtReadWrite;
  else
    *flags = (hipMemAccessFlags)mem_pool->access[location->id];
  pthread_mutex_unlock(&hipc__mempool_lock);
  HIPC_RETURN(e);
}
