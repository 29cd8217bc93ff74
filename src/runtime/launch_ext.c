/* AMD's launch of one kernel on several devices at once:
 * hipExtLaunchMultiKernelMultiDevice (hip_runtime_api.h).
 *
 * Each entry of the list launches on its own stream, one per device, with
 * the same kernel, grid, block and dynamic shared memory (AMD's rules: any
 * difference, or two entries on one device, is hipErrorInvalidValue).
 * Unlike hipLaunchCooperativeKernelMultiDevice the grids need not be
 * resident together and do not sync with each other. Without
 * hipCooperativeLaunchMultiDeviceNoPreSync each launch waits for the work
 * queued before it on every stream of the list; without ...NoPostSync,
 * the work queued after it on any of the streams waits for every grid. */
#include "internal.h"

/* Makes every stream of `lp` wait for the grid launched on each of the
 * others. An event belongs to the device current when it is made and can
 * be recorded only on a stream of that device (a null stream means the
 * current device's), so the current device follows the stream in use and
 * is the caller's again at the end. */
static hipError_t post_sync(const hipLaunchParams* lp, hipc_device* const* devs,
                            int n) {
  int caller;
  hipError_t e = hipGetDevice(&caller);
  if (e != hipSuccess) return e;
  for (int i = 0; i < n && e == hipSuccess; ++i) {
    hipEvent_t done;
    e = hipSetDevice(devs[i]->ordinal);
    if (e != hipSuccess) break;
    e = hipEventCreateWithFlags(&done, hipEventDisableTiming);
    if (e != hipSuccess) break;
    e = hipEventRecord(done, lp[i].stream);
    for (int j = 0; j < n && e == hipSuccess; ++j)
      if (j != i && (e = hipSetDevice(devs[j]->ordinal)) == hipSuccess)
        e = hipStreamWaitEvent(lp[j].stream, done, 0);
    hipError_t d = hipEventDestroy(done);
    if (e == hipSuccess) e = d;
  }
  hipError_t r = hipSetDevice(caller);
  return e != hipSuccess ? e : r;
}

hipError_t hipExtLaunchMultiKernelMultiDevice(hipLaunchParams* launchParamsList,
                                              int numDevices,
                                              unsigned int flags) {
  HIPC_API_ENTER();
  HIPC_RETURN_IF(!launchParamsList || numDevices <= 0, hipErrorInvalidValue);
  HIPC_RETURN_IF(flags & ~(unsigned)(hipCooperativeLaunchMultiDeviceNoPreSync |
                                     hipCooperativeLaunchMultiDeviceNoPostSync),
                 hipErrorInvalidValue);
  hipError_t e = hipc__init();
  HIPC_RETURN_IF(e != hipSuccess, e);
  HIPC_RETURN_IF(numDevices > hipc__device_count(), hipErrorInvalidValue);
  hipc_device* devs[HIPC_MAX_DEVICES];
  const hipLaunchParams* first = &launchParamsList[0];
  for (int i = 0; i < numDevices; ++i) {
    const hipLaunchParams* lp = &launchParamsList[i];
    HIPC_RETURN_IF(!lp->func, hipErrorInvalidDeviceFunction);
    HIPC_RETURN_IF(lp->func != first->func || lp->sharedMem != first->sharedMem ||
                       lp->gridDim.x != first->gridDim.x ||
                       lp->gridDim.y != first->gridDim.y ||
                       lp->gridDim.z != first->gridDim.z ||
                       lp->blockDim.x != first->blockDim.x ||
                       lp->blockDim.y != first->blockDim.y ||
                       lp->blockDim.z != first->blockDim.z,
                   hipErrorInvalidValue);
    hipc_queue* q;
    e = hipc__stream_resolve(lp->stream, &devs[i], &q);
    HIPC_RETURN_IF(e != hipSuccess, e);
    for (int j = 0; j < i; ++j)
      HIPC_RETURN_IF(devs[j] == devs[i], hipErrorInvalidValue);
  }
  if (!(flags & hipCooperativeLaunchMultiDeviceNoPreSync))
    for (int i = 0; i < numDevices; ++i) {
      e = hipStreamSynchronize(launchParamsList[i].stream);
      HIPC_RETURN_IF(e != hipSuccess, e);
    }
  for (int i = 0; i < numDevices; ++i) {
    const hipLaunchParams* lp = &launchParamsList[i];
    e = hipLaunchKernel(lp->func, lp->gridDim, lp->blockDim, lp->args,
                        lp->sharedMem, lp->stream);
    HIPC_RETURN_IF(e != hipSuccess, e);
  }
  if (!(flags & hipCooperativeLaunchMultiDeviceNoPostSync) && numDevices > 1) {
    e = post_sync(launchParamsList, devs, numDevices);
    HIPC_RETURN_IF(e != hipSuccess, e);
  }
  HIPC_RETURN(hipSuccess);
}
