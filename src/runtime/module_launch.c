/* Launching a module's functions: hipModuleLaunchKernel,
 * hipModuleLaunchCooperativeKernel, and hipFuncGetAttribute.
 *
 * A function handle names a kernel registered by its code object, so a
 * launch is hipLaunchKernel (or hipLaunchCooperativeKernel) of that
 * kernel, on whatever device the stream belongs to (the CPU device, or a
 * GPU when the code object carries its image). Before that come the
 * checks AMD's module launch makes, with its error codes, which differ
 * from hipLaunchKernel's in places (a block of too many threads is
 * hipErrorInvalidValue, one over __launch_bounds__ hipErrorLaunchFailure).
 *
 * `extra` passes the arguments as one buffer: HIP_LAUNCH_PARAM_BUFFER_POINTER
 * and HIP_LAUNCH_PARAM_BUFFER_SIZE, each followed by its value, then
 * HIP_LAUNCH_PARAM_END. The arguments lie in it as in a structure of the
 * kernel's parameters: each at the next offset that is a multiple of its
 * alignment (alignof its type), in order. */
#include <stdatomic.h>
#include <stdlib.h>

#include "hip/hip_ext.h"
#include "internal.h"

#define MAX_EXTRA_KEYS 16

/* Points args[i] at each argument in the packed buffer of `extra`. */
static hipError_t unpack_extra(const hipc_kernel_desc* d, void** extra,
                               void** args) {
  char* buf = NULL;
  const size_t* size = NULL;
  for (int i = 0;; i += 2) {
    if (i >= 2 * MAX_EXTRA_KEYS) return hipErrorInvalidValue;
    if (extra[i] == HIP_LAUNCH_PARAM_END) break;
    if (extra[i] == HIP_LAUNCH_PARAM_BUFFER_POINTER)
      buf = extra[i + 1];
    else if (extra[i] == HIP_LAUNCH_PARAM_BUFFER_SIZE)
      size = extra[i + 1];
    else
      return hipErrorInvalidValue;
  }
  if (d->num_params == 0) return hipSuccess;
  if (!buf || !size) return hipErrorInvalidValue;
  size_t off = 0;
  for (uint32_t i = 0; i < d->num_params; ++i) {
    size_t a = d->param_aligns && d->param_aligns[i] ? d->param_aligns[i] : 1;
    off = (off + a - 1) / a * a;
    /* kc's kernels say where each parameter lies. */
    if (d->param_offsets) off = d->param_offsets[i];
    args[i] = buf + off;
    off += d->param_sizes[i];
  }
  /* The buffer must hold the last argument. */
  return *size < off ? hipErrorInvalidValue : hipSuccess;
}

static hipError_t module_launch(hipFunction_t f, dim3 grid, dim3 block,
                                unsigned shmem, hipStream_t stream,
                                void** kernelParams, void** extra, int coop) {
  if (!hipc__module_function_ok(f)) return hipErrorInvalidResourceHandle;
  const hipc_kernel_desc* d = f->desc;
  if (kernelParams && extra) return hipErrorInvalidValue;
  /* A zero or too large dimension, of the grid or the block, is
   * hipErrorInvalidValue here (hipLaunchKernel says
   * hipErrorInvalidConfiguration). */
  if (!grid.x || !grid.y || !grid.z) return hipErrorInvalidValue;
  if (!block.x || !block.y || !block.z) return hipErrorInvalidValue;
  if ((uint64_t)grid.x * block.x > UINT32_MAX ||
      (uint64_t)grid.y * block.y > UINT32_MAX ||
      (uint64_t)grid.z * block.z > UINT32_MAX)
    return hipErrorInvalidConfiguration;
  hipc_device* dev;
  hipc_queue* q;
  hipError_t e = hipc__stream_resolve(stream, &dev, &q);
  /* AMD's cooperative module launch calls a destroyed stream an invalid
   * value. */
  if (e != hipSuccess) return coop ? hipErrorInvalidValue : e;
  const hipDeviceProp_t* p = &dev->props;
  if (grid.x > (uint32_t)p->maxGridSize[0] ||
      grid.y > (uint32_t)p->maxGridSize[1] ||
      grid.z > (uint32_t)p->maxGridSize[2] ||
      block.x > (uint32_t)p->maxThreadsDim[0] ||
      block.y > (uint32_t)p->maxThreadsDim[1] ||
      block.z > (uint32_t)p->maxThreadsDim[2])
    return hipErrorInvalidValue;
  uint64_t threads = (uint64_t)block.x * block.y * block.z;
  /* (Too much shared memory is hipLaunchKernel's hipErrorInvalidValue,
   * which knows the kernel's hipFuncSetAttribute limit.) */
  if (threads > (uint64_t)p->maxThreadsPerBlock)
    return hipErrorInvalidValue;
  if (d->max_threads && threads > d->max_threads)
    return hipErrorLaunchFailure;
  if (d->num_params && !kernelParams && !extra) return hipErrorInvalidValue;
  void* local[32];
  void** args = kernelParams;
  void** heap = NULL;
  if (extra) {
    args = local;
    if (d->num_params > sizeof local / sizeof local[0]) {
      heap = malloc(d->num_params * sizeof *heap);
      if (!heap) return hipErrorOutOfMemory;
      args = heap;
    }
    e = unpack_extra(d, extra, args);
  }
  if (e == hipSuccess)
    e = coop ? hipLaunchCooperativeKernel(d->host_fn, grid, block, args,
                                          shmem, stream)
             : hipLaunchKernel(d->host_fn, grid, block, args, shmem, stream);
  free(heap);
  return e;
}

hipError_t hipModuleLaunchKernel(hipFunction_t f, unsigned int gridDimX,
                                 unsigned int gridDimY, unsigned int gridDimZ,
                                 unsigned int blockDimX,
                                 unsigned int blockDimY,
                                 unsigned int blockDimZ,
                                 unsigned int sharedMemBytes,
                                 hipStream_t stream, void** kernelParams,
                                 void** extra) {
  HIPC_API_ENTER();
  HIPC_RETURN(module_launch(f, (dim3){gridDimX, gridDimY, gridDimZ},
                            (dim3){blockDimX, blockDimY, blockDimZ},
                            sharedMemBytes, stream, kernelParams, extra, 0));
}

hipError_t hipModuleLaunchCooperativeKernel(
    hipFunction_t f, unsigned int gridDimX, unsigned int gridDimY,
    unsigned int gridDimZ, unsigned int blockDimX, unsigned int blockDimY,
    unsigned int blockDimZ, unsigned int sharedMemBytes, hipStream_t stream,
    void** kernelParams) {
  HIPC_API_ENTER();
  HIPC_RETURN(module_launch(f, (dim3){gridDimX, gridDimY, gridDimZ},
                            (dim3){blockDimX, blockDimY, blockDimZ},
                            sharedMemBytes, stream, kernelParams, NULL, 1));
}

/* Checks `list` as AMD does (every entry launches the same function with
 * the same dimensions and shared memory, each on a device of its own: all
 * else is hipErrorInvalidValue) and turns it into hipLaunchParams. */
static hipError_t multi_params(const hipFunctionLaunchParams* list,
                               unsigned n, hipLaunchParams* out) {
  hipc_device* devs[HIPC_MAX_DEVICES];
  for (unsigned i = 0; i < n; ++i) {
    const hipFunctionLaunchParams* l = &list[i];
    if (!hipc__module_function_ok(l->function))
      return hipErrorInvalidResourceHandle;
    const hipFunctionLaunchParams* f = &list[0];
    if (l->function != f->function || l->gridDimX != f->gridDimX ||
        l->gridDimY != f->gridDimY || l->gridDimZ != f->gridDimZ ||
        l->blockDimX != f->blockDimX || l->blockDimY != f->blockDimY ||
        l->blockDimZ != f->blockDimZ ||
        l->sharedMemBytes != f->sharedMemBytes)
      return hipErrorInvalidValue;
    hipc_queue* q;
    hipError_t e = hipc__stream_resolve(l->hStream, &devs[i], &q);
    if (e != hipSuccess) return e;
    for (unsigned j = 0; j < i; ++j)
      if (devs[j] == devs[i]) return hipErrorInvalidValue;
    const hipc_kernel_desc* d = l->function->desc;
    if (d->num_params && !l->kernelParams) return hipErrorInvalidValue;
    out[i] = (hipLaunchParams){
        .func = (void*)d->host_fn,
        .gridDim = {l->gridDimX, l->gridDimY, l->gridDimZ},
        .blockDim = {l->blockDimX, l->blockDimY, l->blockDimZ},
        .args = l->kernelParams,
        .sharedMem = l->sharedMemBytes,
        .stream = l->hStream};
  }
  return hipSuccess;
}

hipError_t hipModuleLaunchCooperativeKernelMultiDevice(
    hipFunctionLaunchParams* launchParamsList, unsigned int numDevices,
    unsigned int flags) {
  HIPC_API_ENTER();
  HIPC_RETURN_IF(!launchParamsList || numDevices == 0, hipErrorInvalidValue);
  HIPC_RETURN_IF(flags & ~(unsigned)(hipCooperativeLaunchMultiDeviceNoPreSync |
                                     hipCooperativeLaunchMultiDeviceNoPostSync),
                 hipErrorInvalidValue);
  hipError_t e = hipc__init();
  HIPC_RETURN_IF(e != hipSuccess, e);
  HIPC_RETURN_IF(numDevices > (unsigned)hipc__device_count(),
                 hipErrorInvalidValue);
  hipLaunchParams lp[HIPC_MAX_DEVICES];
  e = multi_params(launchParamsList, numDevices, lp);
  HIPC_RETURN_IF(e != hipSuccess, e);
  HIPC_RETURN(hipLaunchCooperativeKernelMultiDevice(lp, (int)numDevices,
                                                    flags));
}

hipError_t hipFuncGetAttribute(int* value, hipFunction_attribute attrib,
                               hipFunction_t hfunc) {
  HIPC_API_ENTER();
  HIPC_RETURN_IF(!value, hipErrorInvalidValue);
  HIPC_RETURN_IF(!hipc__module_function_ok(hfunc), hipErrorInvalidHandle);
  HIPC_RETURN_IF((unsigned)attrib >= HIP_FUNC_ATTRIBUTE_MAX,
                 hipErrorInvalidValue);
  hipFuncAttributes a;
  hipError_t e = hipFuncGetAttributes(&a, hfunc->desc->host_fn);
  HIPC_RETURN_IF(e != hipSuccess, e);
  switch (attrib) {
    case HIP_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK:
      *value = a.maxThreadsPerBlock;
      break;
    case HIP_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES:
      *value = (int)a.sharedSizeBytes;
      break;
    case HIP_FUNC_ATTRIBUTE_CONST_SIZE_BYTES:
      *value = (int)a.constSizeBytes;
      break;
    case HIP_FUNC_ATTRIBUTE_LOCAL_SIZE_BYTES:
      *value = (int)a.localSizeBytes;
      break;
    case HIP_FUNC_ATTRIBUTE_NUM_REGS:
      *value = a.numRegs;
      break;
    case HIP_FUNC_ATTRIBUTE_PTX_VERSION:
      *value = a.ptxVersion;
      break;
    case HIP_FUNC_ATTRIBUTE_BINARY_VERSION:
      *value = a.binaryVersion;
      break;
    case HIP_FUNC_ATTRIBUTE_CACHE_MODE_CA:
      *value = a.cacheModeCA;
      break;
    case HIP_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES:
      *value = a.maxDynamicSharedSizeBytes;
      break;
    default: /* HIP_FUNC_ATTRIBUTE_PREFERRED_SHARED_MEMORY_CARVEOUT */
      *value = a.preferredShmemCarveout;
      break;
  }
  HIPC_RETURN(hipSuccess);
}

hipError_t hipHccModuleLaunchKernel(
    hipFunction_t f, uint32_t globalWorkSizeX, uint32_t globalWorkSizeY,
    uint32_t globalWorkSizeZ, uint32_t localWorkSizeX,
    uint32_t localWorkSizeY, uint32_t localWorkSizeZ, size_t sharedMemBytes,
    hipStream_t hStream, void** kernelParams, void** extra,
    hipEvent_t startEvent, hipEvent_t stopEvent) {
  HIPC_API_ENTER();
  return hipExtModuleLaunchKernel(f, globalWorkSizeX, globalWorkSizeY,
                                  globalWorkSizeZ, localWorkSizeX,
                                  localWorkSizeY, localWorkSizeZ,
                                  sharedMemBytes, hStream, kernelParams,
                                  extra, startEvent, stopEvent, 0);
}
