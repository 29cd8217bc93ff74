/* hiprtc (hip/hiprtc.h): a program with headers (one in a subfolder),
 * options and name expressions compiled by hipc's hipcc into a code object,
 * loaded with hipModuleLoadData and run, its kernels and variable found by
 * their lowered names; compile errors and their log; bad input with
 * hiprtc's codes; the temporary folder removed. Skipped where hipcc is not
 * next to libhipc (a GPU machine's test bundle). */
#define _GNU_SOURCE
#include <dirent.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "hip/hiprtc.h"

#define CHECK_RTC(expr, want) CHECK_EQ((int)(expr), (int)(want))

static const char* src =
    "#include \"defs.h\"\n"
    "#include \"sub/more.h\"\n"
    "template <typename T>\n"
    "__global__ void axpy(T a, const T* x, T* y, int n) {\n"
    "  int i = blockIdx.x * blockDim.x + threadIdx.x;\n"
    "  if (i < n) y[i] = a * x[i] + y[i] + SCALE * OFFSET;\n"
    "}\n"
    "__device__ int offset_val = OFFSET;\n"
    "namespace nsx {\n"
    "__global__ void twice(int* p) { p[threadIdx.x] *= 2 + offset_val - 3; }\n"
    "}\n"
    "extern \"C\" __global__ void plain(int* p) { p[0] = SCALE; }\n";
static const char* header_names[] = {"defs.h", "sub/more.h"};
static const char* headers[] = {"#pragma once\n#define OFFSET 3\n",
                                "#pragma once\ntypedef int more_t;\n"};

static int folder_empty(const char* dir) {
  DIR* d = opendir(dir);
  if (!d) return 0;
  struct dirent* e;
  int n = 0;
  while ((e = readdir(d)))
    if (strcmp(e->d_name, ".") && strcmp(e->d_name, "..")) n++;
  closedir(d);
  return n == 0;
}

static void bad_input(void) {
  hiprtcProgram p;
  CHECK_RTC(hiprtcCreateProgram(NULL, src, "a.hip", 0, NULL, NULL),
            HIPRTC_ERROR_INVALID_PROGRAM);
  CHECK_RTC(hiprtcCreateProgram(&p, NULL, "a.hip", 0, NULL, NULL),
            HIPRTC_ERROR_INVALID_INPUT);
  CHECK_RTC(hiprtcCreateProgram(&p, src, "a.hip", -1, NULL, NULL),
            HIPRTC_ERROR_INVALID_INPUT);
  CHECK_RTC(hiprtcCreateProgram(&p, src, "a.hip", 1, NULL, header_names),
            HIPRTC_ERROR_INVALID_INPUT);
  CHECK_RTC(hiprtcDestroyProgram(NULL), HIPRTC_ERROR_INVALID_INPUT);
  hiprtcProgram none = NULL;
  CHECK_RTC(hiprtcDestroyProgram(&none), HIPRTC_ERROR_INVALID_PROGRAM);
  CHECK_RTC(hiprtcCompileProgram(NULL, 0, NULL), HIPRTC_ERROR_INVALID_PROGRAM);
  size_t n;
  CHECK_RTC(hiprtcGetCodeSize(NULL, &n), HIPRTC_ERROR_INVALID_PROGRAM);
  CHECK(strcmp(hiprtcGetErrorString(HIPRTC_ERROR_COMPILATION),
               "HIPRTC_ERROR_COMPILATION") == 0);
  int major = 0, minor = -1;
  CHECK_RTC(hiprtcVersion(&major, &minor), HIPRTC_SUCCESS);
  CHECK(major == 6 && minor == 2);
}

/* Returns 0, or 77 when hipcc cannot be found. */
static int good_program(void) {
  hiprtcProgram p;
  CHECK_RTC(hiprtcCreateProgram(&p, src, "prog.hip", 2, headers, header_names),
            HIPRTC_SUCCESS);
  CHECK_RTC(hiprtcAddNameExpression(p, "axpy<float>"), HIPRTC_SUCCESS);
  CHECK_RTC(hiprtcAddNameExpression(p, "&nsx::twice"), HIPRTC_SUCCESS);
  CHECK_RTC(hiprtcAddNameExpression(p, "offset_val"), HIPRTC_SUCCESS);
  CHECK_RTC(hiprtcAddNameExpression(p, "plain"), HIPRTC_SUCCESS);
  CHECK_RTC(hiprtcAddNameExpression(p, ""), HIPRTC_ERROR_INVALID_INPUT);
  const char* lowered;
  CHECK_RTC(hiprtcGetLoweredName(p, "axpy<float>", &lowered),
            HIPRTC_ERROR_NO_LOWERED_NAMES_BEFORE_COMPILATION);
  const char* bad_opt[] = {"not-an-option"};
  CHECK_RTC(hiprtcCompileProgram(p, 1, bad_opt), HIPRTC_ERROR_INVALID_OPTION);
  const char* null_opt[] = {NULL};
  CHECK_RTC(hiprtcCompileProgram(p, 1, null_opt), HIPRTC_ERROR_INVALID_OPTION);
  CHECK_RTC(hiprtcCompileProgram(p, 1, NULL), HIPRTC_ERROR_INVALID_INPUT);
  const char* opts[] = {"-DSCALE=2", "--std=c++17", "-O2", "-fgpu-rdc"};
  hiprtcResult r = hiprtcCompileProgram(p, 4, opts);
  size_t log_size = 0;
  CHECK_RTC(hiprtcGetProgramLogSize(p, &log_size), HIPRTC_SUCCESS);
  if (r == HIPRTC_ERROR_INTERNAL_ERROR && log_size) {
    char* log = malloc(log_size);
    hiprtcGetProgramLog(p, log);
    int missing = strstr(log, "cannot find hipc's hipcc") != NULL;
    fprintf(stderr, "%s", log);
    free(log);
    hiprtcDestroyProgram(&p);
    if (missing) return 77;
  }
  CHECK_RTC(r, HIPRTC_SUCCESS);
  if (r != HIPRTC_SUCCESS) {
    char* log = malloc(log_size + 1);
    hiprtcGetProgramLog(p, log);
    fprintf(stderr, "log: %.*s\n", (int)log_size, log);
    free(log);
    hiprtcDestroyProgram(&p);
    return 0;
  }
  CHECK_RTC(hiprtcAddNameExpression(p, "axpy<double>"),
            HIPRTC_ERROR_NO_NAME_EXPRESSIONS_AFTER_COMPILATION);
  const char *l_axpy = NULL, *l_twice = NULL, *l_var = NULL, *l_plain = NULL;
  CHECK_RTC(hiprtcGetLoweredName(p, "axpy<float>", &l_axpy), HIPRTC_SUCCESS);
  CHECK_RTC(hiprtcGetLoweredName(p, "&nsx::twice", &l_twice), HIPRTC_SUCCESS);
  CHECK_RTC(hiprtcGetLoweredName(p, "offset_val", &l_var), HIPRTC_SUCCESS);
  CHECK_RTC(hiprtcGetLoweredName(p, "plain", &l_plain), HIPRTC_SUCCESS);
  CHECK(l_axpy && strcmp(l_axpy, "_Z4axpyIfEvT_PKS0_PS0_i") == 0);
  CHECK(l_twice && strcmp(l_twice, "_ZN3nsx5twiceEPi") == 0);
  CHECK(l_var && strcmp(l_var, "offset_val") == 0);
  CHECK(l_plain && strcmp(l_plain, "plain") == 0);
  CHECK_RTC(hiprtcGetLoweredName(p, "nsx::twice", &lowered),
            HIPRTC_ERROR_NAME_EXPRESSION_NOT_VALID);
  CHECK_RTC(hiprtcGetLoweredName(p, NULL, &lowered), HIPRTC_ERROR_INVALID_INPUT);

  size_t size = 0;
  CHECK_RTC(hiprtcGetCodeSize(p, &size), HIPRTC_SUCCESS);
  CHECK(size > 1000);
  char* code = malloc(size);
  CHECK_RTC(hiprtcGetCode(p, code), HIPRTC_SUCCESS);

  hipModule_t m;
  CHECK_ERR(hipModuleLoadData(&m, code), hipSuccess);
  hipFunction_t f_axpy = NULL, f_twice = NULL, f_plain = NULL;
  CHECK_ERR(hipModuleGetFunction(&f_axpy, m, l_axpy), hipSuccess);
  CHECK_ERR(hipModuleGetFunction(&f_twice, m, l_twice), hipSuccess);
  CHECK_ERR(hipModuleGetFunction(&f_plain, m, l_plain), hipSuccess);
  hipDeviceptr_t pv = NULL;
  size_t vs = 0;
  CHECK_ERR(hipModuleGetGlobal(&pv, &vs, m, l_var), hipSuccess);
  CHECK_EQ(vs, sizeof(int));
  int off = 0;
  CHECK_ERR(hipMemcpy(&off, pv, sizeof off, hipMemcpyDeviceToHost), hipSuccess);
  CHECK_EQ(off, 3);

  /* y = 1.5 x + y + 2 * 3 */
  enum { N = 300 };
  float x[N], y[N];
  for (int i = 0; i < N; ++i) {
    x[i] = (float)i;
    y[i] = (float)(2 * i);
  }
  float *dx, *dy;
  CHECK_ERR(hipMalloc((void**)&dx, sizeof x), hipSuccess);
  CHECK_ERR(hipMalloc((void**)&dy, sizeof y), hipSuccess);
  CHECK_ERR(hipMemcpy(dx, x, sizeof x, hipMemcpyHostToDevice), hipSuccess);
  CHECK_ERR(hipMemcpy(dy, y, sizeof y, hipMemcpyHostToDevice), hipSuccess);
  float a = 1.5f;
  int n = N;
  void* args[] = {&a, &dx, &dy, &n};
  CHECK_ERR(hipModuleLaunchKernel(f_axpy, 3, 1, 1, 128, 1, 1, 0, NULL, args,
                                  NULL),
            hipSuccess);
  CHECK_ERR(hipMemcpy(y, dy, sizeof y, hipMemcpyDeviceToHost), hipSuccess);
  int bad = 0;
  for (int i = 0; i < N; ++i) bad += y[i] != 1.5f * i + 2.0f * i + 6.0f;
  CHECK_EQ(bad, 0);

  int h[4] = {1, 2, 3, 4}, *dp;
  CHECK_ERR(hipMalloc((void**)&dp, sizeof h), hipSuccess);
  CHECK_ERR(hipMemcpy(dp, h, sizeof h, hipMemcpyHostToDevice), hipSuccess);
  void* targs[] = {&dp};
  CHECK_ERR(hipModuleLaunchKernel(f_twice, 1, 1, 1, 4, 1, 1, 0, NULL, targs,
                                  NULL),
            hipSuccess);
  CHECK_ERR(hipMemcpy(h, dp, sizeof h, hipMemcpyDeviceToHost), hipSuccess);
  CHECK(h[0] == 2 && h[1] == 4 && h[2] == 6 && h[3] == 8);
  CHECK_ERR(hipModuleLaunchKernel(f_plain, 1, 1, 1, 1, 1, 1, 0, NULL, targs,
                                  NULL),
            hipSuccess);
  CHECK_ERR(hipMemcpy(h, dp, sizeof h, hipMemcpyDeviceToHost), hipSuccess);
  CHECK_EQ(h[0], 2);

  CHECK_ERR(hipFree(dx), hipSuccess);
  CHECK_ERR(hipFree(dy), hipSuccess);
  CHECK_ERR(hipFree(dp), hipSuccess);
  CHECK_ERR(hipModuleUnload(m), hipSuccess);
  free(code);
  CHECK_RTC(hiprtcDestroyProgram(&p), HIPRTC_SUCCESS);
  CHECK(p == NULL);
  return 0;
}

static void bad_program(void) {
  hiprtcProgram p;
  CHECK_RTC(hiprtcCreateProgram(&p,
                                "__global__ void k(int* q) {\n"
                                "  q[0] = undefined_thing;\n}\n",
                                "broken.hip", 0, NULL, NULL),
            HIPRTC_SUCCESS);
  CHECK_RTC(hiprtcCompileProgram(p, 0, NULL), HIPRTC_ERROR_COMPILATION);
  size_t n = 0;
  CHECK_RTC(hiprtcGetProgramLogSize(p, &n), HIPRTC_SUCCESS);
  CHECK(n > 1);
  char* log = calloc(1, n + 1);
  CHECK_RTC(hiprtcGetProgramLog(p, log), HIPRTC_SUCCESS);
  CHECK_EQ(strlen(log), n - 1);
  CHECK(strstr(log, "broken.hip:2") != NULL);
  CHECK(strstr(log, "undefined_thing") != NULL);
  CHECK(strstr(log, "hiprtc-") == NULL); /* no temporary folder named */
  free(log);
  const char* lowered;
  CHECK_RTC(hiprtcGetLoweredName(p, "k", &lowered),
            HIPRTC_ERROR_NO_LOWERED_NAMES_BEFORE_COMPILATION);
  CHECK_RTC(hiprtcDestroyProgram(&p), HIPRTC_SUCCESS);
}

int main(void) {
  char tmp[] = "/tmp/hipc-test-hiprtc-XXXXXX";
  if (!mkdtemp(tmp)) return 1;
  setenv("TMPDIR", tmp, 1);
  bad_input();
  int rc = good_program();
  if (rc == 77) {
    rmdir(tmp);
    printf("skip: hipcc is not next to libhipc\n");
    return 77;
  }
  bad_program();
  CHECK(folder_empty(tmp));
  rmdir(tmp);
  return check_summary("test_hiprtc");
}
