/* The per-thread default stream forms of the stream-taking API (`_spt`,
 * hip/hipc/per_thread_stream.h): what a program compiled with
 * `-fgpu-default-stream=per-thread` calls. In each, the null stream means
 * the calling thread's default stream (hipStreamPerThread); the blocking
 * copies and fills run on that stream and wait for it, not for the
 * device's other streams as the null stream's would. hipLaunchKernel_spt
 * is in launch.c. */
#include "internal.h"

static hipStream_t pt(hipStream_t s) { return s ? s : hipStreamPerThread; }

/* `e`, or, when the work was enqueued, the wait for the thread's stream. */
static hipError_t wait_pt(hipError_t e) {
  return e == hipSuccess ? hipStreamSynchronize(hipStreamPerThread) : e;
}

hipError_t hipMemcpy_spt(void* dst, const void* src, size_t n,
                         hipMemcpyKind kind) {
  HIPC_API_ENTER();
  HIPC_RETURN(hipc__copy(dst, src, n, kind, hipStreamPerThread, 1));
}

hipError_t hipMemcpyToSymbol_spt(const void* symbol, const void* src,
                                 size_t n, size_t offset,
                                 hipMemcpyKind kind) {
  return wait_pt(hipMemcpyToSymbolAsync(symbol, src, n, offset, kind,
                                        hipStreamPerThread));
}

hipError_t hipMemcpyFromSymbol_spt(void* dst, const void* symbol, size_t n,
                                   size_t offset, hipMemcpyKind kind) {
  return wait_pt(hipMemcpyFromSymbolAsync(dst, symbol, n, offset, kind,
                                          hipStreamPerThread));
}

hipError_t hipMemcpy2D_spt(void* dst, size_t dpitch, const void* src,
                           size_t spitch, size_t width, size_t height,
                           hipMemcpyKind kind) {
  return wait_pt(hipMemcpy2DAsync(dst, dpitch, src, spitch, width, height,
                                  kind, hipStreamPerThread));
}

hipError_t hipMemcpy2DFromArray_spt(void* dst, size_t dpitch,
                                    hipArray_const_t src, size_t wOffset,
                                    size_t hOffset, size_t width,
                                    size_t height, hipMemcpyKind kind) {
  return wait_pt(hipMemcpy2DFromArrayAsync(dst, dpitch, src, wOffset,
                                           hOffset, width, height, kind,
                                           hipStreamPerThread));
}

hipError_t hipMemcpy3D_spt(const struct hipMemcpy3DParms* p) {
  return wait_pt(hipMemcpy3DAsync(p, hipStreamPerThread));
}

hipError_t hipMemset_spt(void* dst, int value, size_t n) {
  return wait_pt(hipMemsetAsync(dst, value, n, hipStreamPerThread));
}

hipError_t hipMemsetAsync_spt(void* dst, int value, size_t n,
                              hipStream_t stream) {
  return hipMemsetAsync(dst, value, n, pt(stream));
}

hipError_t hipMemset2D_spt(void* dst, size_t pitch, int value, size_t width,
                           size_t height) {
  return wait_pt(
      hipMemset2DAsync(dst, pitch, value, width, height, hipStreamPerThread));
}

hipError_t hipMemset2DAsync_spt(void* dst, size_t pitch, int value,
                                size_t width, size_t height,
                                hipStream_t stream) {
  return hipMemset2DAsync(dst, pitch, value, width, height, pt(stream));
}

hipError_t hipMemset3DAsync_spt(hipPitchedPtr p, int value, hipExtent extent,
                                hipStream_t stream) {
  return hipMemset3DAsync(p, value, extent, pt(stream));
}

hipError_t hipMemset3D_spt(hipPitchedPtr p, int value, hipExtent extent) {
  return wait_pt(hipMemset3DAsync(p, value, extent, hipStreamPerThread));
}

hipError_t hipMemcpyAsync_spt(void* dst, const void* src, size_t n,
                              hipMemcpyKind kind, hipStream_t stream) {
  return hipMemcpyAsync(dst, src, n, kind, pt(stream));
}

hipError_t hipMemcpy3DAsync_spt(const struct hipMemcpy3DParms* p,
                                hipStream_t stream) {
  return hipMemcpy3DAsync(p, pt(stream));
}

hipError_t hipMemcpy2DAsync_spt(void* dst, size_t dpitch, const void* src,
                                size_t spitch, size_t width, size_t height,
                                hipMemcpyKind kind, hipStream_t stream) {
  return hipMemcpy2DAsync(dst, dpitch, src, spitch, width, height, kind,
                          pt(stream));
}

hipError_t hipMemcpyFromSymbolAsync_spt(void* dst, const void* symbol,
                                        size_t n, size_t offset,
                                        hipMemcpyKind kind,
                                        hipStream_t stream) {
  return hipMemcpyFromSymbolAsync(dst, symbol, n, offset, kind, pt(stream));
}

hipError_t hipMemcpyToSymbolAsync_spt(const void* symbol, const void* src,
                                      size_t n, size_t offset,
                                      hipMemcpyKind kind,
                                      hipStream_t stream) {
  return hipMemcpyToSymbolAsync(symbol, src, n, offset, kind, pt(stream));
}

/* No stream form of hipMemcpyFromArray: the thread's stream is waited for
 * first, then the copy is the ordinary (blocking) one. */
hipError_t hipMemcpyFromArray_spt(void* dst, hipArray_const_t srcArray,
                                  size_t wOffset, size_t hOffset,
                                  size_t count, hipMemcpyKind kind) {
  hipError_t e = hipStreamSynchronize(hipStreamPerThread);
  if (e != hipSuccess) return e;
  return hipMemcpyFromArray(dst, srcArray, wOffset, hOffset, count, kind);
}

hipError_t hipMemcpy2DToArray_spt(hipArray_t dst, size_t wOffset,
                                  size_t hOffset, const void* src,
                                  size_t spitch, size_t width, size_t height,
                                  hipMemcpyKind kind) {
  return wait_pt(hipMemcpy2DToArrayAsync(dst, wOffset, hOffset, src, spitch,
                                         width, height, kind,
                                         hipStreamPerThread));
}

hipError_t hipMemcpy2DFromArrayAsync_spt(void* dst, size_t dpitch,
                                         hipArray_const_t src, size_t wOffset,
                                         size_t hOffset, size_t width,
                                         size_t height, hipMemcpyKind kind,
                                         hipStream_t stream) {
  return hipMemcpy2DFromArrayAsync(dst, dpitch, src, wOffset, hOffset, width,
                                   height, kind, pt(stream));
}

hipError_t hipMemcpy2DToArrayAsync_spt(hipArray_t dst, size_t wOffset,
                                       size_t hOffset, const void* src,
                                       size_t spitch, size_t width,
                                       size_t height, hipMemcpyKind kind,
                                       hipStream_t stream) {
  return hipMemcpy2DToArrayAsync(dst, wOffset, hOffset, src, spitch, width,
                                 height, kind, pt(stream));
}

hipError_t hipStreamQuery_spt(hipStream_t stream) {
  return hipStreamQuery(pt(stream));
}

hipError_t hipStreamSynchronize_spt(hipStream_t stream) {
  return hipStreamSynchronize(pt(stream));
}

hipError_t hipStreamGetPriority_spt(hipStream_t stream, int* priority) {
  return hipStreamGetPriority(pt(stream), priority);
}

hipError_t hipStreamWaitEvent_spt(hipStream_t stream, hipEvent_t event,
                                  unsigned int flags) {
  return hipStreamWaitEvent(pt(stream), event, flags);
}

hipError_t hipStreamGetFlags_spt(hipStream_t stream, unsigned int* flags) {
  return hipStreamGetFlags(pt(stream), flags);
}

hipError_t hipStreamAddCallback_spt(hipStream_t stream,
                                    hipStreamCallback_t callback,
                                    void* userData, unsigned int flags) {
  return hipStreamAddCallback(pt(stream), callback, userData, flags);
}

hipError_t hipEventRecord_spt(hipEvent_t event, hipStream_t stream) {
  return hipEventRecord(event, pt(stream));
}

hipError_t hipLaunchCooperativeKernel_spt(const void* f, dim3 gridDim,
                                          dim3 blockDim, void** kernelParams,
                                          unsigned int sharedMem,
                                          hipStream_t stream) {
  return hipLaunchCooperativeKernel(f, gridDim, blockDim, kernelParams,
                                    sharedMem, pt(stream));
}

hipError_t hipGraphLaunch_spt(hipGraphExec_t graphExec, hipStream_t stream) {
  return hipGraphLaunch(graphExec, pt(stream));
}

hipError_t hipStreamBeginCapture_spt(hipStream_t stream,
                                     hipStreamCaptureMode mode) {
  return hipStreamBeginCapture(pt(stream), mode);
}

hipError_t hipStreamEndCapture_spt(hipStream_t stream, hipGraph_t* pGraph) {
  return hipStreamEndCapture(pt(stream), pGraph);
}

hipError_t hipStreamIsCapturing_spt(hipStream_t stream,
                                    hipStreamCaptureStatus* pCaptureStatus) {
  return hipStreamIsCapturing(pt(stream), pCaptureStatus);
}

hipError_t hipStreamGetCaptureInfo_spt(hipStream_t stream,
                                       hipStreamCaptureStatus* pCaptureStatus,
                                       unsigned long long* pId) {
  return hipStreamGetCaptureInfo(pt(stream), pCaptureStatus, pId);
}

hipError_t hipStreamGetCaptureInfo_v2_spt(
    hipStream_t stream, hipStreamCaptureStatus* captureStatus_out,
    unsigned long long* id_out, hipGraph_t* graph_out,
    const hipGraphNode_t** dependencies_out, size_t* numDependencies_out) {
  return hipStreamGetCaptureInfo_v2(pt(stream), captureStatus_out, id_out,
                                    graph_out, dependencies_out,
                                    numDependencies_out);
}

hipError_t hipLaunchHostFunc_spt(hipStream_t stream, hipHostFn_t fn,
                                 void* userData) {
  return hipLaunchHostFunc(pt(stream), fn, userData);
}
