// BUILD-WITH: $BUILD/lib/libhipc.a -ldl -lm
/* Unit test of src/runtime/error.c: the error codes, their names and
 * messages, and the per-thread last error. Build and run:
 *
 *   cc -std=c11 -Wall -Wextra -Iinclude -Isrc -Isrc/runtime \
 *      tests/unit/test_error.c build/lib/libhipc.a -ldl -lm -pthread \
 *      && ./a.out
 *
 * (Linked with the static library: error.c reaches the log and the
 * trace, api_frame.c.)
 *
 * Exits 0 when every check passes; prints each failed check with its line.
 */
#include <pthread.h>
#include <stdio.h>
#include <string.h>

#include "error.h"
#include "hip/hip_runtime_api.h"

static int failures;

#define CHECK(cond)                                                           \
  do {                                                                        \
    if (!(cond)) {                                                            \
      fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__,       \
              #cond);                                                         \
      failures++;                                                             \
    }                                                                         \
  } while (0)

#define CHECK_STR(got, want) CHECK(strcmp((got), (want)) == 0)

/* Every code of the map, with the name the map spells it with. */
typedef struct entry {
  hipError_t code;
  int value;
  const char* name;
  const char* msg;
} entry;

#define ENTRY(name, value, msg) {name, value, #name, msg},
static const entry entries[] = {HIPC_ERROR_MAP(ENTRY)};
#undef ENTRY
#define N_ENTRIES (sizeof(entries) / sizeof(entries[0]))

/* A code that is not in the map. */
#define UNKNOWN_CODE ((hipError_t)12345)

static void test_values(void) {
  CHECK(hipSuccess == 0);
  CHECK(hipErrorInvalidValue == 1);
  CHECK(hipErrorOutOfMemory == 2);
  CHECK(hipErrorNotInitialized == 3);
  CHECK(hipErrorInvalidConfiguration == 9);
  CHECK(hipErrorInvalidDevicePointer == 17);
  CHECK(hipErrorInvalidDeviceFunction == 98);
  CHECK(hipErrorNoDevice == 100);
  CHECK(hipErrorInvalidDevice == 101);
  CHECK(hipErrorInvalidImage == 200);
  CHECK(hipErrorFileNotFound == 301);
  CHECK(hipErrorInvalidHandle == 400);
  CHECK(hipErrorNotFound == 500);
  CHECK(hipErrorNotReady == 600);
  CHECK(hipErrorIllegalAddress == 700);
  CHECK(hipErrorLaunchOutOfResources == 701);
  CHECK(hipErrorAssert == 710);
  CHECK(hipErrorLaunchFailure == 719);
  CHECK(hipErrorCooperativeLaunchTooLarge == 720);
  CHECK(hipErrorNotSupported == 801);
  CHECK(hipErrorStreamCaptureUnsupported == 900);
  CHECK(hipErrorGraphExecUpdateFailure == 910);
  CHECK(hipErrorUnknown == 999);
  CHECK(hipErrorRuntimeMemory == 1052);
  CHECK(hipErrorRuntimeOther == 1053);
  CHECK(hipErrorTbd == 1054);
  /* The deprecated spellings share their code's value. */
  CHECK(hipErrorMemoryAllocation == 2);
  CHECK(hipErrorInitializationError == 3);
  CHECK(hipErrorMapBufferObjectFailed == 205);
  CHECK(hipErrorInvalidResourceHandle == 400);
}

static void test_names(void) {
  CHECK_STR(hipGetErrorName(hipSuccess), "hipSuccess");
  CHECK_STR(hipGetErrorName(hipErrorInvalidValue), "hipErrorInvalidValue");
  CHECK_STR(hipGetErrorName(hipErrorInvalidDevice), "hipErrorInvalidDevice");
  CHECK_STR(hipGetErrorName(hipErrorNotSupported), "hipErrorNotSupported");
  CHECK_STR(hipGetErrorName(hipErrorTbd), "hipErrorTbd");
  /* An alias reports the current name of its value. */
  CHECK_STR(hipGetErrorName(hipErrorInvalidResourceHandle),
            "hipErrorInvalidHandle");
  CHECK_STR(hipGetErrorName(hipErrorMemoryAllocation), "hipErrorOutOfMemory");
  CHECK_STR(hipGetErrorString(hipSuccess), "no error");
  CHECK_STR(hipGetErrorString(hipErrorInvalidValue), "invalid argument");
  CHECK_STR(hipGetErrorString(hipErrorUnknown), "unknown error");
}

/* Every code has a distinct value, and a distinct, non-empty name and a
 * non-empty message, which the lookups return. */
static void test_every_code(void) {
  CHECK(N_ENTRIES == 76);
  for (size_t i = 0; i < N_ENTRIES; i++) {
    const entry* e = &entries[i];
    CHECK((int)e->code == e->value);
    CHECK(e->name[0] != '\0');
    CHECK(e->msg[0] != '\0');
    CHECK_STR(hipGetErrorName(e->code), e->name);
    CHECK_STR(hipGetErrorString(e->code), e->msg);
    if (i > 0)
      CHECK(entries[i - 1].value < e->value);  /* sorted, so distinct */
    for (size_t j = 0; j < i; j++)
      CHECK(strcmp(entries[j].name, e->name) != 0);
  }
}

static void test_unknown_code(void) {
  CHECK_STR(hipGetErrorName(UNKNOWN_CODE), "hipErrorUnknown");
  CHECK_STR(hipGetErrorString(UNKNOWN_CODE), "unknown error");
  CHECK_STR(hipGetErrorName((hipError_t)-1), "hipErrorUnknown");
}

static void test_drv_lookups(void) {
  const char* s = NULL;
  hipc__error_record(hipErrorInvalidDevice);

  CHECK(hipDrvGetErrorName(hipErrorInvalidValue, &s) == hipSuccess);
  CHECK(s != NULL && strcmp(s, "hipErrorInvalidValue") == 0);
  CHECK(hipDrvGetErrorString(hipErrorInvalidValue, &s) == hipSuccess);
  CHECK(s != NULL && strcmp(s, "invalid argument") == 0);
  CHECK(hipDrvGetErrorName(hipErrorUnknown, &s) == hipSuccess);

  s = NULL;
  CHECK(hipDrvGetErrorName(UNKNOWN_CODE, &s) == hipErrorInvalidValue);
  CHECK(s != NULL && strcmp(s, "hipErrorUnknown") == 0);
  s = NULL;
  CHECK(hipDrvGetErrorString(UNKNOWN_CODE, &s) == hipErrorInvalidValue);
  CHECK(s != NULL && strcmp(s, "unknown error") == 0);

  CHECK(hipDrvGetErrorName(hipSuccess, NULL) == hipErrorInvalidValue);
  CHECK(hipDrvGetErrorString(hipSuccess, NULL) == hipErrorInvalidValue);

  /* The lookups leave the last error alone. */
  CHECK(hipGetLastError() == hipErrorInvalidDevice);
}

static void test_last_error(void) {
  CHECK(hipGetLastError() == hipSuccess);  /* start clean */

  CHECK(hipc__error_record(hipErrorInvalidValue) == hipErrorInvalidValue);
  CHECK(hipPeekAtLastError() == hipErrorInvalidValue);
  CHECK(hipPeekAtLastError() == hipErrorInvalidValue);  /* not reset */
  CHECK(hipGetLastError() == hipErrorInvalidValue);
  CHECK(hipGetLastError() == hipSuccess);  /* reset by the read */

  /* HIP 6.2's rule: the latest result wins, so a success clears an error. */
  hipc__error_record(hipErrorInvalidValue);
  CHECK(hipc__error_record(hipSuccess) == hipSuccess);
  CHECK(hipPeekAtLastError() == hipSuccess);
  CHECK(hipGetLastError() == hipSuccess);

  hipc__error_record(hipErrorOutOfMemory);
  hipc__error_record(hipErrorNotReady);
  CHECK(hipPeekAtLastError() == hipErrorNotReady);

  hipc__error_record(hipErrorLaunchFailure);
  CHECK(hipExtGetLastError() == hipErrorLaunchFailure);
  CHECK(hipGetLastError() == hipSuccess);
}

static void* other_thread(void* arg) {
  (void)arg;
  CHECK(hipPeekAtLastError() == hipSuccess);  /* main's error is not ours */
  hipc__error_record(hipErrorOutOfMemory);
  CHECK(hipGetLastError() == hipErrorOutOfMemory);
  hipc__error_record(hipErrorNoDevice);  /* left for main to not see */
  return NULL;
}

static void test_last_error_per_thread(void) {
  hipc__error_record(hipErrorInvalidDevice);
  pthread_t t;
  CHECK(pthread_create(&t, NULL, other_thread, NULL) == 0);
  CHECK(pthread_join(t, NULL) == 0);
  CHECK(hipGetLastError() == hipErrorInvalidDevice);
  CHECK(hipGetLastError() == hipSuccess);
}

int main(void) {
  test_values();
  test_names();
  test_every_code();
  test_unknown_code();
  test_drv_lookups();
  test_last_error();
  test_last_error_per_thread();
  if (failures != 0) {
    fprintf(stderr, "test_error: %d check(s) failed\n", failures);
    return 1;
  }
  printf("test_error: all checks passed\n");
  return 0;
}
