/* The launch of HIP's first API, kept by AMD: hipConfigureCall (launch.c)
 * pushes the configuration, hipSetupArgument copies each argument into a
 * per-thread buffer at the offset the caller computed (the parameters laid
 * out as a structure's members), hipLaunchByPtr pops the configuration and
 * launches through hipLaunchKernel with each argument's address in that
 * buffer. */
#include <string.h>

#include "internal.h"

#define ARG_BUFFER 4096 /* CUDA's and HIP's limit on a kernel's parameters */

static _Thread_local _Alignas(16) unsigned char arg_buf[ARG_BUFFER];

hipError_t hipSetupArgument(const void* arg, size_t size, size_t offset) {
  HIPC_API_ENTER();
  HIPC_RETURN_IF(!arg, hipErrorInvalidValue);
  HIPC_RETURN_IF(size > ARG_BUFFER || offset > ARG_BUFFER - size,
                 hipErrorInvalidValue);
  memcpy(arg_buf + offset, arg, size);
  HIPC_RETURN(hipSuccess);
}

hipError_t hipLaunchByPtr(const void* func) {
  HIPC_API_ENTER();
  dim3 grid, block;
  size_t shmem;
  hipStream_t stream;
  hipError_t e = __hipPopCallConfiguration(&grid, &block, &shmem, &stream);
  HIPC_RETURN_IF(e != hipSuccess, e);
  HIPC_RETURN_IF(!func, hipErrorInvalidDeviceFunction);
  const hipc_kernel* k = hipc__kernel_find(func);
  HIPC_RETURN_IF(!k, hipErrorInvalidDeviceFunction);
  const hipc_kernel_desc* d = k->desc;
  void* args[ARG_BUFFER / 4];
  size_t off = 0;
  HIPC_RETURN_IF(d->num_params > ARG_BUFFER / 4, hipErrorInvalidValue);
  for (uint32_t i = 0; i < d->num_params; ++i) {
    size_t a = d->param_aligns && d->param_aligns[i] ? d->param_aligns[i] : 1;
    off = (off + a - 1) / a * a;
    if (d->param_offsets) off = d->param_offsets[i];
    HIPC_RETURN_IF(off + d->param_sizes[i] > ARG_BUFFER, hipErrorInvalidValue);
    args[i] = arg_buf + off;
    off += d->param_sizes[i];
  }
  return hipLaunchKernel(func, grid, block, args, shmem, stream);
}
