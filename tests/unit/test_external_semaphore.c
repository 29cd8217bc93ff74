/* External semaphores: hipc has no graphics interop, so importing a
 * well-formed descriptor is hipErrorNotSupported; every malformed call is
 * hipErrorInvalidValue as on AMD's runtime, and is what hipGetLastError
 * reports next. */
#include <stddef.h>

#include "check.h"

static void test_import(void) {
  hipExternalSemaphoreHandleDesc d;
  memset(&d, 0, sizeof d);
  d.type = hipExternalSemaphoreHandleTypeOpaqueFd;
  d.handle.fd = 0;
  hipExternalSemaphore_t s = NULL;
  CHECK_ERR(hipImportExternalSemaphore(NULL, &d), hipErrorInvalidValue);
  CHECK_ERR(hipImportExternalSemaphore(&s, NULL), hipErrorInvalidValue);
  d.type = (hipExternalSemaphoreHandleType)-1;
  CHECK_ERR(hipImportExternalSemaphore(&s, &d), hipErrorInvalidValue);
  d.type = (hipExternalSemaphoreHandleType)11;
  CHECK_ERR(hipImportExternalSemaphore(&s, &d), hipErrorInvalidValue);
  d.type = hipExternalSemaphoreHandleTypeTimelineSemaphoreFd;
  d.handle.fd = -1;
  CHECK_ERR(hipImportExternalSemaphore(&s, &d), hipErrorInvalidValue);
  d.handle.fd = 0;
  CHECK_ERR(hipImportExternalSemaphore(&s, &d), hipErrorNotSupported);
  CHECK(s == NULL);
  CHECK_ERR(hipGetLastError(), hipErrorNotSupported);
  CHECK_ERR(hipGetLastError(), hipSuccess);
}

static void test_signal_wait(void) {
  hipExternalSemaphoreSignalParams sp;
  hipExternalSemaphoreWaitParams wp;
  memset(&sp, 0, sizeof sp);
  memset(&wp, 0, sizeof wp);
  sp.params.fence.value = 1;
  wp.params.fence.value = 1;
  hipExternalSemaphore_t bogus = (hipExternalSemaphore_t)&sp;

  CHECK_ERR(hipGetLastError(), hipSuccess);
  CHECK_ERR(hipSignalExternalSemaphoresAsync(NULL, &sp, 1, NULL),
            hipErrorInvalidValue);
  CHECK_ERR(hipGetLastError(), hipErrorInvalidValue);
  CHECK_ERR(hipGetLastError(), hipSuccess);
  CHECK_ERR(hipWaitExternalSemaphoresAsync(NULL, &wp, 1, NULL),
            hipErrorInvalidValue);
  CHECK_ERR(hipGetLastError(), hipErrorInvalidValue);
  CHECK_ERR(hipSignalExternalSemaphoresAsync(&bogus, NULL, 1, NULL),
            hipErrorInvalidValue);
  CHECK_ERR(hipWaitExternalSemaphoresAsync(&bogus, NULL, 1, NULL),
            hipErrorInvalidValue);
  /* A handle that was never imported. */
  CHECK_ERR(hipSignalExternalSemaphoresAsync(&bogus, &sp, 1, NULL),
            hipErrorInvalidValue);
  CHECK_ERR(hipWaitExternalSemaphoresAsync(&bogus, &wp, 1, NULL),
            hipErrorInvalidValue);
  /* Nothing to do. */
  CHECK_ERR(hipSignalExternalSemaphoresAsync(&bogus, &sp, 0, NULL),
            hipSuccess);
  CHECK_ERR(hipWaitExternalSemaphoresAsync(&bogus, &wp, 0, NULL),
            hipSuccess);
  /* Nonzero flags in an entry. */
  sp.flags = 1;
  wp.flags = 1;
  CHECK_ERR(hipSignalExternalSemaphoresAsync(&bogus, &sp, 0, NULL),
            hipSuccess);
  CHECK_ERR(hipSignalExternalSemaphoresAsync(&bogus, &sp, 1, NULL),
            hipErrorInvalidValue);
  CHECK_ERR(hipWaitExternalSemaphoresAsync(&bogus, &wp, 1, NULL),
            hipErrorInvalidValue);
  sp.flags = 0;
  wp.flags = 0;
  /* A destroyed stream. */
  hipStream_t st;
  CHECK_ERR(hipStreamCreate(&st), hipSuccess);
  CHECK_ERR(hipStreamDestroy(st), hipSuccess);
  CHECK_ERR(hipSignalExternalSemaphoresAsync(&bogus, &sp, 0, st),
            hipErrorInvalidValue);
  CHECK_ERR(hipWaitExternalSemaphoresAsync(&bogus, &wp, 0, st),
            hipErrorInvalidValue);
}

static void test_destroy(void) {
  hipExternalSemaphoreSignalParams sp;
  CHECK_ERR(hipDestroyExternalSemaphore(NULL), hipErrorInvalidValue);
  CHECK_ERR(hipDestroyExternalSemaphore((hipExternalSemaphore_t)&sp),
            hipErrorInvalidValue);
  CHECK_ERR(hipGetLastError(), hipErrorInvalidValue);
}

int main(void) {
  test_import();
  test_signal_wait();
  test_destroy();
  return check_summary("test_external_semaphore");
}
