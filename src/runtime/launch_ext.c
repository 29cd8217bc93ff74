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
  if (!(flags & hipCooperativeLaunchMultiDeviceNoPostSync) && numDevices > 1)
    for (int i = 0; i < numDevices; ++i) {
      hipEvent_t done;
      e = hipEventCreateWithFlags(&done, hipEventDisableTiming);
      HIPC_RETURN_IF(e != hipSuccess, e);
      e = hipEventRecord(done, launchParamsList[i].stream);
      for (int j = 0; j < numDevices && e == hipSuccess; ++j)
        if (j != i) e = hipStreamWaitEvent(launchParamsList[j].stream, done, 0);
      hipError_t d = hipEventDestroy(done);
      HIPC_RETURN_IF(e != hipSuccess, e);
      HIPC_RETURN_IF(d != hipSuccess, d);
    }
  HIPC_RETURN(hipSuccess);
}
