/* The one list of HIP's error codes. `HIPC_ERROR_MAP(XX)` expands
 * `XX(name, value, message)` once per code, in increasing order of value;
 * hip/hipc/api_types.h builds the `hipError_t` enum from it, and
 * src/runtime/error.c builds hipGetErrorName and hipGetErrorString.
 *
 * Names and values are AMD's (HIP 6.2, plus 911 and 912, which later HIP
 * releases added), so that code compiled against either header agrees. Each
 * value appears once: the deprecated spellings that AMD keeps for some values
 * are listed apart, in `HIPC_ERROR_ALIASES(XX)`, so that hipGetErrorName has
 * one answer per value. The messages are our own.
 */
#ifndef HIPC_ERROR_MAP_H
#define HIPC_ERROR_MAP_H

#define HIPC_ERROR_MAP(XX)                                                    \
  XX(hipSuccess, 0, "no error")                                               \
  XX(hipErrorInvalidValue, 1, "invalid argument")                             \
  XX(hipErrorOutOfMemory, 2, "out of memory")                                 \
  XX(hipErrorNotInitialized, 3, "the runtime has not been initialized")       \
  XX(hipErrorDeinitialized, 4, "the runtime is shutting down")                \
  XX(hipErrorProfilerDisabled, 5, "the profiler is disabled")                 \
  XX(hipErrorProfilerNotInitialized, 6, "the profiler is not initialized")    \
  XX(hipErrorProfilerAlreadyStarted, 7, "the profiler is already running")    \
  XX(hipErrorProfilerAlreadyStopped, 8, "the profiler is already stopped")    \
  XX(hipErrorInvalidConfiguration, 9, "invalid launch configuration")         \
  XX(hipErrorInvalidPitchValue, 12, "invalid pitch")                          \
  XX(hipErrorInvalidSymbol, 13, "invalid device symbol")                      \
  XX(hipErrorInvalidDevicePointer, 17, "invalid device pointer")              \
  XX(hipErrorInvalidMemcpyDirection, 21, "invalid memory copy direction")     \
  XX(hipErrorInsufficientDriver, 35,                                          \
     "the driver is older than this runtime requires")                        \
  XX(hipErrorMissingConfiguration, 52,                                        \
     "kernel launched without a launch configuration")                        \
  XX(hipErrorPriorLaunchFailure, 53, "an earlier kernel launch failed")       \
  XX(hipErrorInvalidDeviceFunction, 98, "invalid device function")            \
  XX(hipErrorNoDevice, 100, "no usable device was found")                     \
  XX(hipErrorInvalidDevice, 101, "invalid device ordinal")                    \
  XX(hipErrorInvalidImage, 200, "invalid code object image")                  \
  XX(hipErrorInvalidContext, 201, "invalid context")                          \
  XX(hipErrorContextAlreadyCurrent, 202, "the context is already current")    \
  XX(hipErrorMapFailed, 205, "mapping memory failed")                         \
  XX(hipErrorUnmapFailed, 206, "unmapping memory failed")                     \
  XX(hipErrorArrayIsMapped, 207, "the array is currently mapped")             \
  XX(hipErrorAlreadyMapped, 208, "the resource is already mapped")            \
  XX(hipErrorNoBinaryForGpu, 209,                                             \
     "no code object matches the device's architecture")                      \
  XX(hipErrorAlreadyAcquired, 210, "the resource is already acquired")        \
  XX(hipErrorNotMapped, 211, "the resource is not mapped")                    \
  XX(hipErrorNotMappedAsArray, 212, "the resource is not mapped as an array") \
  XX(hipErrorNotMappedAsPointer, 213,                                         \
     "the resource is not mapped as a pointer")                               \
  XX(hipErrorECCNotCorrectable, 214, "an uncorrectable ECC error occurred")   \
  XX(hipErrorUnsupportedLimit, 215, "this limit is not supported")            \
  XX(hipErrorContextAlreadyInUse, 216,                                        \
     "the context is in use by another thread")                               \
  XX(hipErrorPeerAccessUnsupported, 217,                                      \
     "these devices cannot access each other's memory")                       \
  XX(hipErrorInvalidKernelFile, 218, "invalid kernel file")                   \
  XX(hipErrorInvalidGraphicsContext, 219, "invalid graphics interop context") \
  XX(hipErrorInvalidSource, 300, "invalid kernel source")                     \
  XX(hipErrorFileNotFound, 301, "file not found")                             \
  XX(hipErrorSharedObjectSymbolNotFound, 302,                                 \
     "symbol not found in the shared object")                                 \
  XX(hipErrorSharedObjectInitFailed, 303,                                     \
     "the shared object failed to initialize")                                \
  XX(hipErrorOperatingSystem, 304, "an operating system call failed")         \
  XX(hipErrorInvalidHandle, 400, "invalid handle")                            \
  XX(hipErrorIllegalState, 401,                                               \
     "the operation is not allowed in the current state")                     \
  XX(hipErrorNotFound, 500, "not found")                                      \
  XX(hipErrorNotReady, 600, "the asynchronous work has not completed yet")    \
  XX(hipErrorIllegalAddress, 700, "illegal memory access")                    \
  XX(hipErrorLaunchOutOfResources, 701,                                       \
     "the launch needs more resources than the device has")                   \
  XX(hipErrorLaunchTimeOut, 702, "the kernel ran past its time limit")        \
  XX(hipErrorPeerAccessAlreadyEnabled, 704, "peer access is already enabled") \
  XX(hipErrorPeerAccessNotEnabled, 705, "peer access is not enabled")         \
  XX(hipErrorSetOnActiveProcess, 708,                                         \
     "the setting cannot change once the device is in use")                   \
  XX(hipErrorContextIsDestroyed, 709, "the context has been destroyed")       \
  XX(hipErrorAssert, 710, "an assertion failed in device code")               \
  XX(hipErrorHostMemoryAlreadyRegistered, 712,                                \
     "the host memory is already registered")                                 \
  XX(hipErrorHostMemoryNotRegistered, 713,                                    \
     "the host memory is not registered")                                     \
  XX(hipErrorLaunchFailure, 719, "the kernel failed while running")           \
  XX(hipErrorCooperativeLaunchTooLarge, 720,                                  \
     "the cooperative grid does not fit on the device at once")               \
  XX(hipErrorNotSupported, 801, "operation not supported")                    \
  XX(hipErrorStreamCaptureUnsupported, 900,                                   \
     "the operation is not allowed while the stream is capturing")            \
  XX(hipErrorStreamCaptureInvalidated, 901,                                   \
     "the stream capture was invalidated by an earlier error")                \
  XX(hipErrorStreamCaptureMerge, 902,                                         \
     "the operation would merge two capture sequences")                       \
  XX(hipErrorStreamCaptureUnmatched, 903,                                     \
     "the capture did not begin on this stream")                              \
  XX(hipErrorStreamCaptureUnjoined, 904,                                      \
     "the capture forked a stream that was not joined back")                  \
  XX(hipErrorStreamCaptureIsolation, 905,                                     \
     "the dependency would cross the capture boundary")                       \
  XX(hipErrorStreamCaptureImplicit, 906,                                      \
     "the operation would depend implicitly on a capturing stream")           \
  XX(hipErrorCapturedEvent, 907,                                              \
     "the event was last recorded in a capturing stream")                     \
  XX(hipErrorStreamCaptureWrongThread, 908,                                   \
     "the capture must end on the thread that began it")                      \
  XX(hipErrorGraphExecUpdateFailure, 910,                                     \
     "the change is not allowed on an instantiated graph")                    \
  XX(hipErrorInvalidChannelDescriptor, 911,                                   \
     "invalid channel format descriptor")                                     \
  XX(hipErrorInvalidTexture, 912, "invalid texture")                          \
  XX(hipErrorUnknown, 999, "unknown error")                                   \
  XX(hipErrorRuntimeMemory, 1052,                                             \
     "a memory call into the device runtime failed")                          \
  XX(hipErrorRuntimeOther, 1053, "a call into the device runtime failed")     \
  XX(hipErrorTbd, 1054, "reserved for error codes yet to be defined")

/* Deprecated names that AMD keeps as second spellings of a code:
 * `XX(alias, code)`. They become enum constants with the code's value. */
#define HIPC_ERROR_ALIASES(XX)                                                \
  XX(hipErrorMemoryAllocation, hipErrorOutOfMemory)                           \
  XX(hipErrorInitializationError, hipErrorNotInitialized)                     \
  XX(hipErrorMapBufferObjectFailed, hipErrorMapFailed)                        \
  XX(hipErrorInvalidResourceHandle, hipErrorInvalidHandle)

#endif /* HIPC_ERROR_MAP_H */
