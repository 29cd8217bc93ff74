/* The per-thread default stream forms of the stream-taking API (`_spt`).
 *
 * Under `-fgpu-default-stream=per-thread` clang defines
 * `HIP_API_PER_THREAD_DEFAULT_STREAM`; AMD's header then sends every call
 * of these functions to its `_spt` form, in which the null stream means
 * the calling thread's default stream (hipStreamPerThread) and the
 * blocking copies and fills wait for that stream only. hipc does the same
 * by renaming: this header comes first in hip_runtime_api.h, so each
 * declaration (and each C++ overload) after it declares the `_spt` form,
 * which libhipc exports beside the ordinary one.
 * hipLaunchKernel is left out: clang's `<<<>>>` stubs call
 * hipLaunchKernel_spt themselves. */
#ifndef HIPC_PER_THREAD_STREAM_H
#define HIPC_PER_THREAD_STREAM_H

#ifdef HIP_API_PER_THREAD_DEFAULT_STREAM
#define hipMemcpy hipMemcpy_spt
#define hipMemcpyToSymbol hipMemcpyToSymbol_spt
#define hipMemcpyFromSymbol hipMemcpyFromSymbol_spt
#define hipMemcpy2D hipMemcpy2D_spt
#define hipMemcpy2DFromArray hipMemcpy2DFromArray_spt
#define hipMemcpy3D hipMemcpy3D_spt
#define hipMemset hipMemset_spt
#define hipMemsetAsync hipMemsetAsync_spt
#define hipMemset2D hipMemset2D_spt
#define hipMemset2DAsync hipMemset2DAsync_spt
#define hipMemset3DAsync hipMemset3DAsync_spt
#define hipMemset3D hipMemset3D_spt
#define hipMemcpyAsync hipMemcpyAsync_spt
#define hipMemcpy3DAsync hipMemcpy3DAsync_spt
#define hipMemcpy2DAsync hipMemcpy2DAsync_spt
#define hipMemcpyFromSymbolAsync hipMemcpyFromSymbolAsync_spt
#define hipMemcpyToSymbolAsync hipMemcpyToSymbolAsync_spt
#define hipMemcpyFromArray hipMemcpyFromArray_spt
#define hipMemcpy2DToArray hipMemcpy2DToArray_spt
#define hipMemcpy2DFromArrayAsync hipMemcpy2DFromArrayAsync_spt
#define hipMemcpy2DToArrayAsync hipMemcpy2DToArrayAsync_spt
#define hipStreamQuery hipStreamQuery_spt
#define hipStreamSynchronize hipStreamSynchronize_spt
#define hipStreamGetPriority hipStreamGetPriority_spt
#define hipStreamWaitEvent hipStreamWaitEvent_spt
#define hipStreamGetFlags hipStreamGetFlags_spt
#define hipStreamAddCallback hipStreamAddCallback_spt
#define hipEventRecord hipEventRecord_spt
#define hipLaunchCooperativeKernel hipLaunchCooperativeKernel_spt
#define hipGraphLaunch hipGraphLaunch_spt
#define hipStreamBeginCapture hipStreamBeginCapture_spt
#define hipStreamEndCapture hipStreamEndCapture_spt
#define hipStreamIsCapturing hipStreamIsCapturing_spt
#define hipStreamGetCaptureInfo hipStreamGetCaptureInfo_spt
#define hipStreamGetCaptureInfo_v2 hipStreamGetCaptureInfo_v2_spt
#define hipLaunchHostFunc hipLaunchHostFunc_spt
#endif

#endif /* HIPC_PER_THREAD_STREAM_H */
