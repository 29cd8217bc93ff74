/* assert() in kernels (and in the rest of a HIP source).
 *
 * The C library's assert macro calls __assert_fail. hip_runtime.h includes
 * this header before anything else, so every later inclusion of <assert.h>
 * or <cassert> declares, and its macro calls, hipc_assert_fail instead:
 * inside a kernel on the CPU device it reports the file, line, function,
 * kernel, block and thread, then aborts the process as a failed device
 * assertion does in HIP; on the host it prints the C library's usual
 * message and aborts. (glibc's declaration; hipc runs on Linux.) */
#ifndef HIPC_DEVICE_ASSERT_H
#define HIPC_DEVICE_ASSERT_H

/* The CPU device's (and the host's) handler; a GPU compilation keeps its
 * own, and so does clang's front end: its host pass compiles host code
 * only (the C library's assert), its CPU device pass is an NVPTX one. */
#if !defined(__NVPTX__) && !defined(__HIPC_CLANG_HOST__)

#include "hip/hip_runtime_api.h"

#define __assert_fail hipc_assert_fail

#ifdef __cplusplus
extern "C" {
#define HIPC_ASSERT_NOTHROW noexcept(true)
#else
#define HIPC_ASSERT_NOTHROW
#endif

HIPC_API void hipc_assert_fail(const char* assertion, const char* file,
                               unsigned int line, const char* function)
    HIPC_ASSERT_NOTHROW __attribute__((__noreturn__));

#ifdef __cplusplus
}
#endif

#endif /* !__NVPTX__ && !__HIPC_CLANG_HOST__ */

#endif /* HIPC_DEVICE_ASSERT_H */
