/* hiprtc: compiling HIP source at run time into a code object that
 * hipModuleLoadData loads. hipc's hiprtc lives in libhipc and runs hipc's
 * own `hipcc --genco` (src/runtime/hiprtc.c; README.md, "Run-time
 * compilation"). C and C++. */
#ifndef HIPC_HIPRTC_H
#define HIPC_HIPRTC_H

#include <stddef.h>

#include "hip/hip_runtime_api.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum hiprtcResult {
  HIPRTC_SUCCESS = 0,
  HIPRTC_ERROR_OUT_OF_MEMORY = 1,
  HIPRTC_ERROR_PROGRAM_CREATION_FAILURE = 2,
  HIPRTC_ERROR_INVALID_INPUT = 3,
  HIPRTC_ERROR_INVALID_PROGRAM = 4,
  HIPRTC_ERROR_INVALID_OPTION = 5,
  HIPRTC_ERROR_COMPILATION = 6,
  HIPRTC_ERROR_BUILTIN_OPERATION_FAILURE = 7,
  HIPRTC_ERROR_NO_NAME_EXPRESSIONS_AFTER_COMPILATION = 8,
  HIPRTC_ERROR_NO_LOWERED_NAMES_BEFORE_COMPILATION = 9,
  HIPRTC_ERROR_NAME_EXPRESSION_NOT_VALID = 10,
  HIPRTC_ERROR_INTERNAL_ERROR = 11,
  HIPRTC_ERROR_LINKING = 100
} hiprtcResult;

typedef struct _hiprtcProgram* hiprtcProgram;

HIPC_API const char* hiprtcGetErrorString(hiprtcResult result);
HIPC_API hiprtcResult hiprtcVersion(int* major, int* minor);

/* `headers[i]` is the text of the file `includeNames[i]`, which the source
 * may #include. */
HIPC_API hiprtcResult hiprtcCreateProgram(hiprtcProgram* prog,
                                          const char* src, const char* name,
                                          int numHeaders,
                                          const char** headers,
                                          const char** includeNames);
HIPC_API hiprtcResult hiprtcDestroyProgram(hiprtcProgram* prog);
/* Options: -D, -U, -I, -O, -g, -std= (or --std=), -ffast-math
 * (--use_fast_math), -w; --gpu-architecture=sm_XX, -arch=sm_XX or
 * --offload-arch=sm_XX add code for an NVIDIA GPU (by default: the
 * current device's, when it is a GPU); AMD architectures, -fgpu-rdc and
 * -default-device are ignored; anything else is hipcc's. */
HIPC_API hiprtcResult hiprtcCompileProgram(hiprtcProgram prog,
                                           int numOptions,
                                           const char** options);
/* A kernel or variable named in the source (`k<int>` or `&k<int>`), whose
 * mangled name hiprtcGetLoweredName gives after the compile. */
HIPC_API hiprtcResult hiprtcAddNameExpression(hiprtcProgram prog,
                                              const char* name_expression);
HIPC_API hiprtcResult hiprtcGetLoweredName(hiprtcProgram prog,
                                           const char* name_expression,
                                           const char** lowered_name);
/* The compiler's messages; the size counts the final NUL (0: no log). */
HIPC_API hiprtcResult hiprtcGetProgramLogSize(hiprtcProgram prog,
                                              size_t* logSizeRet);
HIPC_API hiprtcResult hiprtcGetProgramLog(hiprtcProgram prog, char* log);
/* The code object, for hipModuleLoadData. */
HIPC_API hiprtcResult hiprtcGetCodeSize(hiprtcProgram prog,
                                        size_t* codeSizeRet);
HIPC_API hiprtcResult hiprtcGetCode(hiprtcProgram prog, char* code);

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* HIPC_HIPRTC_H */
