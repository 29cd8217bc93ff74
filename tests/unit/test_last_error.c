/* hipGetLastError / hipPeekAtLastError through real API calls. hipc follows
 * HIP 6.2: every API call records its result, success included; reading
 * with hipGetLastError resets it to hipSuccess; the state is per host
 * thread. */
#define _POSIX_C_SOURCE 200809L
#include <pthread.h>
#include <stddef.h>

#include "check.h"

static void test_starts_clean(void) {
  CHECK_ERR(hipPeekAtLastError(), hipSuccess);
  CHECK_ERR(hipGetLastError(), hipSuccess);
}

static void test_failure_is_recorded(void) {
  CHECK_ERR(hipSetDevice(-1), hipErrorInvalidDevice);
  CHECK_ERR(hipPeekAtLastError(), hipErrorInvalidDevice);
  CHECK_ERR(hipPeekAtLastError(), hipErrorInvalidDevice); /* not reset */
  CHECK_ERR(hipGetLastError(), hipErrorInvalidDevice);
  CHECK_ERR(hipGetLastError(), hipSuccess); /* reset by the read */
  CHECK_ERR(hipPeekAtLastError(), hipSuccess);
}

static void test_latest_result_wins(void) {
  int n = 0;
  void* p = NULL;
  CHECK_ERR(hipMalloc(NULL, 4), hipErrorInvalidValue);
  CHECK_ERR(hipSetDevice(1 << 20), hipErrorInvalidDevice);
  CHECK_ERR(hipGetLastError(), hipErrorInvalidDevice);
  /* HIP 6.2: a successful call overwrites an earlier failure. */
  CHECK_ERR(hipMalloc(NULL, 4), hipErrorInvalidValue);
  CHECK_ERR(hipGetDeviceCount(&n), hipSuccess);
  CHECK_ERR(hipPeekAtLastError(), hipSuccess);
  CHECK_ERR(hipFree(&n), hipErrorInvalidValue);
  CHECK_ERR(hipMalloc(&p, 8), hipSuccess);
  CHECK_ERR(hipGetLastError(), hipSuccess);
  CHECK_ERR(hipFree(p), hipSuccess);
}

static void test_each_failure_code_recorded(void) {
  unsigned char h[4] = {0};
  hipStream_t s = NULL;
  CHECK_ERR(hipMemcpy(h, h, 4, (hipMemcpyKind)9),
            hipErrorInvalidMemcpyDirection);
  CHECK_ERR(hipGetLastError(), hipErrorInvalidMemcpyDirection);
  CHECK_ERR(hipStreamDestroy(NULL), hipErrorInvalidHandle);
  CHECK_ERR(hipGetLastError(), hipErrorInvalidHandle);
  CHECK_ERR(hipStreamCreate(&s), hipSuccess);
  CHECK_ERR(hipStreamDestroy(s), hipSuccess);
  CHECK_ERR(hipStreamQuery(s), hipErrorContextIsDestroyed);
  CHECK_ERR(hipGetLastError(), hipErrorContextIsDestroyed);
  CHECK_ERR(hipLaunchKernel(NULL, (dim3){1, 1, 1}, (dim3){1, 1, 1}, NULL, 0,
                            NULL),
            hipErrorInvalidDeviceFunction);
  CHECK_ERR(hipGetLastError(), hipErrorInvalidDeviceFunction);
}

/* The name and string lookups leave the last error alone. */
static void test_lookups_do_not_record(void) {
  CHECK_ERR(hipSetDevice(-5), hipErrorInvalidDevice);
  (void)hipGetErrorName(hipSuccess);
  (void)hipGetErrorString(hipErrorOutOfMemory);
  CHECK_ERR(hipPeekAtLastError(), hipErrorInvalidDevice);
  CHECK_ERR(hipGetLastError(), hipErrorInvalidDevice);
}

static void test_ext_get_last_error(void) {
  CHECK_ERR(hipSetDevice(-1), hipErrorInvalidDevice);
  CHECK_ERR(hipExtGetLastError(), hipErrorInvalidDevice);
  CHECK_ERR(hipPeekAtLastError(), hipSuccess);
}

/* -- per host thread */

typedef struct thread_result {
  hipError_t seen_at_start;
  hipError_t own_call;
  hipError_t own_last;
  hipError_t after_read;
} thread_result;

static void* other_thread(void* arg) {
  thread_result* r = arg;
  void* p = NULL;
  r->seen_at_start = hipPeekAtLastError();
  r->own_call = hipMalloc(&p, SIZE_MAX);
  r->own_last = hipGetLastError();
  r->after_read = hipPeekAtLastError();
  (void)hipSetDevice(-3); /* left behind: main must not see it */
  return NULL;
}

static void test_per_thread(void) {
  thread_result r;
  pthread_t t;
  CHECK_ERR(hipSetDevice(-1), hipErrorInvalidDevice);
  CHECK_EQ(pthread_create(&t, NULL, other_thread, &r), 0);
  CHECK_EQ(pthread_join(t, NULL), 0);
  CHECK_ERR(r.seen_at_start, hipSuccess);
  CHECK_ERR(r.own_call, hipErrorOutOfMemory);
  CHECK_ERR(r.own_last, hipErrorOutOfMemory);
  CHECK_ERR(r.after_read, hipSuccess);
  CHECK_ERR(hipGetLastError(), hipErrorInvalidDevice);
  CHECK_ERR(hipGetLastError(), hipSuccess);
}

int main(void) {
  test_starts_clean();
  test_failure_is_recorded();
  test_latest_result_wins();
  test_each_failure_code_recorded();
  test_lookups_do_not_record();
  test_ext_get_last_error();
  test_per_thread();
  return check_summary("test_last_error");
}
