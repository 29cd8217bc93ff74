/* Error names and messages, and the per-thread last error. */
#include "error.h"
#include "trace.h"

#include <stddef.h>

/* The result of the calling thread's latest API call. */
/* initial-exec: read and written by every API call, without a call to
 * __tls_get_addr. */
static _Thread_local hipError_t last_error
    __attribute__((tls_model("initial-exec"))) = hipSuccess;

hipError_t hipc__error_record(hipError_t e) {
  /* HIP 6.2 stores every result, success included, so a successful call
   * clears an earlier error (HIP_RETURN in hipamd/src/hip_internal.hpp of
   * ROCm/clr at tag rocm-6.2.0). Later releases keep the last failure
   * instead, as CUDA does; that would be: if (e != hipSuccess &&
   * e != hipErrorNotReady) last_error = e. */
  last_error = e;
  return e;
}

hipError_t hipc__error_record_in(hipError_t e, const char* fn) {
  last_error = e;
  if (__builtin_expect(hipc__instr != 0, 0)) hipc__api_result(fn, e);
  return e;
}

hipError_t hipGetLastError(void) {
  hipError_t e = last_error;
  last_error = hipSuccess;
  return e;
}

hipError_t hipPeekAtLastError(void) {
  return last_error;
}

/* In HIP 6.2 this is the same as hipGetLastError. */
hipError_t hipExtGetLastError(void) {
  return hipGetLastError();
}

/* The name and message of `e`, or NULL for a code that is not in the map. */
static const char* error_name(hipError_t e) {
#define NAME_CASE(name, value, msg)                                           \
  case name:                                                                  \
    return #name;
  switch (e) {
    HIPC_ERROR_MAP(NAME_CASE)
    default:
      return NULL;
  }
#undef NAME_CASE
}

static const char* error_message(hipError_t e) {
#define MESSAGE_CASE(name, value, msg)                                        \
  case name:                                                                  \
    return msg;
  switch (e) {
    HIPC_ERROR_MAP(MESSAGE_CASE)
    default:
      return NULL;
  }
#undef MESSAGE_CASE
}

/* For a code outside the map, both lookups answer as for hipErrorUnknown,
 * which is what AMD's runtime does. */
const char* hipGetErrorName(hipError_t hip_error) {
  const char* s = error_name(hip_error);
  return s != NULL ? s : "hipErrorUnknown";
}

const char* hipGetErrorString(hipError_t hipError) {
  const char* s = error_message(hipError);
  return s != NULL ? s : "unknown error";
}

/* As in AMD's runtime, an unknown code still gets the hipErrorUnknown text
 * in `*errorString`, but the call fails. Neither function records a last
 * error. */
hipError_t hipDrvGetErrorName(hipError_t hipError, const char** errorString) {
  if (errorString == NULL)
    return hipErrorInvalidValue;
  *errorString = hipGetErrorName(hipError);
  return error_name(hipError) != NULL ? hipSuccess : hipErrorInvalidValue;
}

hipError_t hipDrvGetErrorString(hipError_t hipError,
                                const char** errorString) {
  if (errorString == NULL)
    return hipErrorInvalidValue;
  *errorString = hipGetErrorString(hipError);
  return error_message(hipError) != NULL ? hipSuccess : hipErrorInvalidValue;
}
