/* The per-thread last error, as the runtime's entry points see it. */
#ifndef HIPC_RUNTIME_ERROR_H
#define HIPC_RUNTIME_ERROR_H

#include "hip/hip_runtime_api.h"

/** Records `e` as the result of the calling thread's latest API call and
 * returns `e`. Every public entry point returns through it (see
 * HIPC_RETURN), except the ones that read the last error and the pure
 * lookups hipGetErrorName, hipGetErrorString and hipDrvGetError*, which, as
 * in AMD's runtime, leave it alone. What is recorded follows HIP 6.2: the
 * latest result, success included (see error.c).
 * \param e the result the entry point is about to return.
 */
hipError_t hipc__error_record(hipError_t e);

/** hipc__error_record, and the log line of HIPC_LOG_LEVEL (log.c) for
 * the entry point `fn`. */
hipError_t hipc__error_record_in(hipError_t e, const char* fn);

/* Returns `e` from an API entry point, recording it first. */
#define HIPC_RETURN(e) return hipc__error_record_in((e), __func__)

/* The log (log.c): HIPC_LOG_LEVEL, or AMD_LOG_LEVEL, read once. */
int hipc__log_level(void);
void hipc__log_api(const char* fn, hipError_t e);
/* Records `e` as the result of the current call of `fn` (api_frame.c)
 * and logs it. */
void hipc__api_result(const char* fn, hipError_t e);
void hipc__log_launch(const char* name, dim3 grid, dim3 block, size_t shmem,
                      hipStream_t stream, int device);

#endif /* HIPC_RUNTIME_ERROR_H */
