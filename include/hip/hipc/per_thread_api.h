/* The `_spt` forms (hip/hipc/per_thread_stream.h) for programs that name
 * them: the ordinary function with the null stream meaning the calling
 * thread's default stream. Declared here only when the renaming is off
 * (with it on, hip_runtime_api.h's own declarations declare them). */
#ifndef HIPC_PER_THREAD_API_H
#define HIPC_PER_THREAD_API_H
#ifndef HIP_API_PER_THREAD_DEFAULT_STREAM

#ifdef __cplusplus
extern "C" {
#endif

HIPC_API hipError_t hipMemcpy_spt(void* dst, const void* src, size_t n,
                                  hipMemcpyKind kind);
HIPC_API hipError_t hipMemcpyToSymbol_spt(const void* symbol, const void* src,
                                          size_t n, size_t offset,
                                          hipMemcpyKind kind);
HIPC_API hipError_t hipMemcpyFromSymbol_spt(void* dst, const void* symbol,
                                            size_t n, size_t offset,
                                            hipMemcpyKind kind);
HIPC_API hipError_t hipMemcpy2D_spt(void* dst, size_t dpitch, const void* src,
                                    size_t spitch, size_t width,
                                    size_t height, hipMemcpyKind kind);
HIPC_API hipError_t hipMemcpy2DFromArray_spt(void* dst, size_t dpitch,
                                             hipArray_const_t src,
                                             size_t wOffset, size_t hOffset,
                                             size_t width, size_t height,
                                             hipMemcpyKind kind);
HIPC_API hipError_t hipMemcpy3D_spt(const struct hipMemcpy3DParms* p);
HIPC_API hipError_t hipMemset_spt(void* dst, int value, size_t n);
HIPC_API hipError_t hipMemsetAsync_spt(void* dst, int value, size_t n,
                                       hipStream_t stream);
HIPC_API hipError_t hipMemset2D_spt(void* dst, size_t pitch, int value,
                                    size_t width, size_t height);
HIPC_API hipError_t hipMemset2DAsync_spt(void* dst, size_t pitch, int value,
                                         size_t width, size_t height,
                                         hipStream_t stream);
HIPC_API hipError_t hipMemset3DAsync_spt(hipPitchedPtr p, int value,
                                         hipExtent extent,
                                         hipStream_t stream);
HIPC_API hipError_t hipMemset3D_spt(hipPitchedPtr p, int value,
                                    hipExtent extent);
HIPC_API hipError_t hipMemcpyAsync_spt(void* dst, const void* src, size_t n,
                                       hipMemcpyKind kind,
                                       hipStream_t stream);
HIPC_API hipError_t hipMemcpy3DAsync_spt(const struct hipMemcpy3DParms* p,
                                         hipStream_t stream);
HIPC_API hipError_t hipMemcpy2DAsync_spt(void* dst, size_t dpitch,
                                         const void* src, size_t spitch,
                                         size_t width, size_t height,
                                         hipMemcpyKind kind,
                                         hipStream_t stream);
HIPC_API hipError_t hipMemcpyFromSymbolAsync_spt(void* dst,
                                                 const void* symbol,
                                                 size_t n, size_t offset,
                                                 hipMemcpyKind kind,
                                                 hipStream_t stream);
HIPC_API hipError_t hipMemcpyToSymbolAsync_spt(const void* symbol,
                                               const void* src, size_t n,
                                               size_t offset,
                                               hipMemcpyKind kind,
                                               hipStream_t stream);
HIPC_API hipError_t hipMemcpyFromArray_spt(void* dst,
                                           hipArray_const_t srcArray,
                                           size_t wOffset, size_t hOffset,
                                           size_t count, hipMemcpyKind kind);
HIPC_API hipError_t hipMemcpy2DToArray_spt(hipArray_t dst, size_t wOffset,
                                           size_t hOffset, const void* src,
                                           size_t spitch, size_t width,
                                           size_t height, hipMemcpyKind kind);
HIPC_API hipError_t hipMemcpy2DFromArrayAsync_spt(
    void* dst, size_t dpitch, hipArray_const_t src, size_t wOffset,
    size_t hOffset, size_t width, size_t height, hipMemcpyKind kind,
    hipStream_t stream);
HIPC_API hipError_t hipMemcpy2DToArrayAsync_spt(
    hipArray_t dst, size_t wOffset, size_t hOffset, const void* src,
    size_t spitch, size_t width, size_t height, hipMemcpyKind kind,
    hipStream_t stream);
HIPC_API hipError_t hipStreamQuery_spt(hipStream_t stream);
HIPC_API hipError_t hipStreamSynchronize_spt(hipStream_t stream);
HIPC_API hipError_t hipStreamGetPriority_spt(hipStream_t stream,
                                             int* priority);
HIPC_API hipError_t hipStreamWaitEvent_spt(hipStream_t stream,
                                           hipEvent_t event,
                                           unsigned int flags);
HIPC_API hipError_t hipStreamGetFlags_spt(hipStream_t stream,
                                          unsigned int* flags);
HIPC_API hipError_t hipStreamAddCallback_spt(hipStream_t stream,
                                             hipStreamCallback_t callback,
                                             void* userData,
                                             unsigned int flags);
HIPC_API hipError_t hipEventRecord_spt(hipEvent_t event, hipStream_t stream);
HIPC_API hipError_t hipLaunchCooperativeKernel_spt(const void* f,
                                                   dim3 gridDim,
                                                   dim3 blockDim,
                                                   void** kernelParams,
                                                   unsigned int sharedMem,
                                                   hipStream_t stream);
HIPC_API hipError_t hipGraphLaunch_spt(hipGraphExec_t graphExec,
                                       hipStream_t stream);
HIPC_API hipError_t hipStreamBeginCapture_spt(hipStream_t stream,
                                              hipStreamCaptureMode mode);
HIPC_API hipError_t hipStreamEndCapture_spt(hipStream_t stream,
                                            hipGraph_t* pGraph);
HIPC_API hipError_t hipStreamIsCapturing_spt(
    hipStream_t stream, hipStreamCaptureStatus* pCaptureStatus);
HIPC_API hipError_t hipStreamGetCaptureInfo_spt(
    hipStream_t stream, hipStreamCaptureStatus* pCaptureStatus,
    unsigned long long* pId);
HIPC_API hipError_t hipStreamGetCaptureInfo_v2_spt(
    hipStream_t stream, hipStreamCaptureStatus* captureStatus_out,
    unsigned long long* id_out, hipGraph_t* graph_out,
    const hipGraphNode_t** dependencies_out, size_t* numDependencies_out);
HIPC_API hipError_t hipLaunchHostFunc_spt(hipStream_t stream, hipHostFn_t fn,
                                          void* userData);

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* !HIP_API_PER_THREAD_DEFAULT_STREAM */
#endif /* HIPC_PER_THREAD_API_H */
