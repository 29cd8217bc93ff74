/* hiprtc's log as AMD's hiprtc writes it, which programs (hip-tests' negative
 * RTC cases) count: the device compile's warnings are in it (hipcc's
 * --hipc-device-diagnostics), -ferror-limit=N reaches the compile that
 * reports the errors (clang stops at 20 without it), and atomicExch has
 * HIP's overloads only (a long or long long pointer is an error). Skipped
 * where hipcc is not next to libhipc (a GPU machine's test bundle). */
#define _GNU_SOURCE
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "hip/hiprtc.h"

#define CHECK_RTC(expr, want) CHECK_EQ((int)(expr), (int)(want))

/* Occurrences of `word` in `s`. */
static int count(const char* s, const char* word) {
  int n = 0;
  for (const char* p = strstr(s, word); p; p = strstr(p + 1, word)) n++;
  return n;
}

/* Compiles `src` with the options; the result, and the log in *log (freed
 * by the caller). */
static hiprtcResult compile(const char* src, int nopt, const char** opts,
                            char** log) {
  hiprtcProgram p;
  *log = NULL;
  if (hiprtcCreateProgram(&p, src, "log_test.cc", 0, NULL, NULL) !=
      HIPRTC_SUCCESS)
    return HIPRTC_ERROR_INTERNAL_ERROR;
  hiprtcResult r = hiprtcCompileProgram(p, nopt, opts);
  size_t n = 0;
  CHECK_RTC(hiprtcGetProgramLogSize(p, &n), HIPRTC_SUCCESS);
  *log = calloc(1, n + 1);
  if (*log && n > 0) CHECK_RTC(hiprtcGetProgramLog(p, *log), HIPRTC_SUCCESS);
  CHECK_RTC(hiprtcDestroyProgram(&p), HIPRTC_SUCCESS);
  return r;
}

/* Two invalid memory orders (warnings) and a non-pointer (an error). */
static const char* warn_src =
    "__global__ void k(int* x) {\n"
    "  __hip_atomic_store(x, 1, __ATOMIC_ACQUIRE,\n"
    "                     __HIP_MEMORY_SCOPE_AGENT);\n"
    "  __hip_atomic_store(x, 1, __ATOMIC_ACQ_REL,\n"
    "                     __HIP_MEMORY_SCOPE_AGENT);\n"
    "  __hip_atomic_store(*x, 1, __ATOMIC_RELAXED,\n"
    "                     __HIP_MEMORY_SCOPE_AGENT);\n"
    "}\n";

static void device_warnings(void) {
  char* log;
  CHECK_RTC(compile(warn_src, 0, NULL, &log), HIPRTC_ERROR_COMPILATION);
  if (!log) return;
  CHECK_EQ(count(log, "error:"), 1);
  CHECK_EQ(count(log, "warning:"), 2); /* each once: not the host pass's */
  CHECK(strstr(log, "log_test.cc:2") != NULL);
  free(log);
}

/* 30 calls that match no overload: 30 errors with -ferror-limit=200;
 * without, clang's default limit: 19 and its fatal "too many errors". */
static void error_limit(void) {
  char src[4096];
  int at = snprintf(src, sizeof src,
                    "__device__ void f(int* p);\n__global__ void k() {\n");
  for (int i = 0; i < 30; i++)
    at += snprintf(src + at, sizeof src - at, "  f(%d.5);\n", i);
  snprintf(src + at, sizeof src - at, "}\n");
  char* log;
  const char* opt[] = {"-ferror-limit=200"};
  CHECK_RTC(compile(src, 1, opt, &log), HIPRTC_ERROR_COMPILATION);
  if (log) CHECK_EQ(count(log, "error:"), 30);
  free(log);
  CHECK_RTC(compile(src, 0, NULL, &log), HIPRTC_ERROR_COMPILATION);
  if (log) {
    CHECK_EQ(count(log, "error:"), 20);
    CHECK(strstr(log, "too many errors") != NULL);
  }
  free(log);
}

/* atomicExch: HIP's types compile, and the plain, _system and _block forms
 * of long, long long and char pointers are 9 errors. */
static void atomic_exch_types(void) {
  char* log;
  CHECK_RTC(compile("__global__ void k(int* a, unsigned* b, unsigned long* c,\n"
                    "    unsigned long long* d, float* e, double* f) {\n"
                    "  atomicExch(a, 1); atomicExch(b, 1u);\n"
                    "  atomicExch(c, 1ul); atomicExch_system(d, 1ull);\n"
                    "  atomicExch_block(e, 1.f); atomicExch(f, 1.0);\n"
                    "  atomicExch(b, 1);\n" /* the value converts */
                    "}\n",
                    0, NULL, &log),
            HIPRTC_SUCCESS);
  free(log);
  CHECK_RTC(compile("__global__ void k(long* a, long long* b, char* c) {\n"
                    "  atomicExch(a, 1l); atomicExch(b, 1ll);\n"
                    "  atomicExch(c, (char)1);\n"
                    "  atomicExch_system(a, 1l); atomicExch_system(b, 1ll);\n"
                    "  atomicExch_system(c, (char)1);\n"
                    "  atomicExch_block(a, 1l); atomicExch_block(b, 1ll);\n"
                    "  atomicExch_block(c, (char)1);\n"
                    "}\n",
                    0, NULL, &log),
            HIPRTC_ERROR_COMPILATION);
  if (log) CHECK_EQ(count(log, "error:"), 9);
  free(log);
}

int main(void) {
  char tmp[] = "/tmp/hipc-test-hiprtc-log-XXXXXX";
  if (!mkdtemp(tmp)) return 1;
  setenv("TMPDIR", tmp, 1);
  char* log;
  hiprtcResult r = compile("__global__ void k(int* p) { *p = 1; }\n", 0,
                           NULL, &log);
  free(log);
  if (r == HIPRTC_ERROR_INTERNAL_ERROR) { /* no hipcc to run */
    rmdir(tmp);
    printf("skip: hipcc is not next to libhipc\n");
    return 77;
  }
  CHECK_RTC(r, HIPRTC_SUCCESS);
  device_warnings();
  error_limit();
  atomic_exch_types();
  rmdir(tmp);
  return check_summary("test_hiprtc_log");
}
