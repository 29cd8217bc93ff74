/* hipc_stream_native (hip/hipc/interop.h): a stream's device and vendor
 * stream, for hipc's HIP libraries. */
#include "hip/hipc/interop.h"
#include "internal.h"

hipError_t hipc_stream_native(hipStream_t stream, hipc_stream_info* info) {
  HIPC_RETURN_IF(!info, hipErrorInvalidValue);
  hipc_device* dev;
  hipc_queue* q;
  hipError_t e = hipc__stream_for_work(stream, &dev, &q);
  HIPC_RETURN_IF(e != hipSuccess, e);
  info->device = dev->ordinal;
  info->host_memory = dev->ops->host_memory;
  info->native = dev->ops->queue_native ? dev->ops->queue_native(q) : NULL;
  HIPC_RETURN_IF(!info->host_memory && !info->native, hipErrorNotSupported);
  HIPC_RETURN(hipSuccess);
}
