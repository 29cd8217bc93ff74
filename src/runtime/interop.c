/* hipc_stream_native (hip/hipc/interop.h): a stream's device and vendor
 * stream, for hipc's HIP libraries. */
#include "hip/hipc/interop.h"
#include "internal.h"

hipError_t hipc_stream_native(hipStream_t stream, hipc_stream_info* info) {
  HIPC_RETURN_IF(!info, hipErrorInvalidValue);
  /* Ordered like any work put on the stream (the null stream's rules). */
  hipc_work w;
  hipError_t e = hipc__work_begin(stream, &w);
  HIPC_RETURN_IF(e != hipSuccess, e);
  info->device = w.dev->ordinal;
  info->host_memory = w.dev->ops->host_memory;
  info->native =
      w.dev->ops->queue_native ? w.dev->ops->queue_native(w.q) : NULL;
  /* The caller enqueues on it directly, after this returns. */
  if (info->native) hipc__work_foreign(&w);
  e = hipc__work_end(&w, hipSuccess, 0);
  HIPC_RETURN_IF(e != hipSuccess, e);
  HIPC_RETURN_IF(!info->host_memory && !info->native, hipErrorNotSupported);
  HIPC_RETURN(hipSuccess);
}
