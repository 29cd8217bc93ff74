/* Registration through clang's HIP host ABI, around the kc image (see
 * test_hip_abi.c for launches): a host object registered before its image
 * and after it, an image that goes and comes back, fat binaries that are
 * not hipc's (reported, and a handle that registers nothing), a kernel the
 * image lacks, handles unique per call, unregistration, GPU image entries
 * (read, and the CPU path unaffected) and the ignored texture and surface
 * references. Runs on the CPU device. Linked with the C++ runtime, as a
 * HIP program is, so that kernel names are demangled.
 */
// BUILD-WITH: -L$BUILD/lib -Wl,-rpath,$BUILD/lib -lhipc -Wl,--no-as-needed -lstdc++
#define _POSIX_C_SOURCE 200809L
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "hip/hipc/kc_abi.h"

typedef struct wrapper {
  int magic, version;
  const void* blob;
  void* unused;
} wrapper;

#define WRAPPER_MAGIC 0x48495046

/* A blob for `id` with `count` GPU entries (written by the caller after
 * the header). */
static void make_blob(unsigned char* b, const char* id, uint32_t count) {
  hipc_fatbin_header h;
  memset(&h, 0, sizeof h);
  memcpy(h.magic, HIPC_FATBIN_MAGIC, 8);
  h.count = count;
  strncpy(h.cpu_id, id, sizeof h.cpu_id - 1);
  memcpy(b, &h, sizeof h);
}

/* -- stderr, captured to check the messages */
static int saved_fd = -1;
static char capture_path[] = "/tmp/test_hip_abi_reg.XXXXXX";
static void capture_begin(void) {
  fflush(stderr);
  int fd = mkstemp(capture_path);
  saved_fd = dup(2);
  dup2(fd, 2);
  close(fd);
}
/* What was written to stderr since capture_begin (static buffer). */
static const char* capture_end(void) {
  static char text[4096];
  fflush(stderr);
  dup2(saved_fd, 2);
  close(saved_fd);
  FILE* f = fopen(capture_path, "r");
  size_t n = f ? fread(text, 1, sizeof text - 1, f) : 0;
  text[n] = 0;
  if (f) fclose(f);
  unlink(capture_path);
  strcpy(capture_path, "/tmp/test_hip_abi_reg.XXXXXX");
  return text;
}

/* -- one kernel: fill(int* out, int v): out[linear] = v */
static void fill_thread(const void* a) {
  int* out;
  int v;
  memcpy(&out, a, 8);
  memcpy(&v, (const char*)a + 8, 4);
  out[hipc_tls.block_idx.x * hipc_tls.block_dim.x + hipc_tls.thread_idx.x] =
      v;
}
static const uint32_t off[] = {0, 8}, size[] = {8, 4}, align[] = {8, 4};
static int kc_var; /* `__device__ int var;` */
static const hipc_kc_kernel fill_kernel[] = {
    {"_Z4fillPii", NULL, fill_thread, 2, off, size, align, 16, 8, 0, 0,
     HIPC_KC_FORM_FIBERS, "", 0, NULL}};
static const hipc_kc_var var[] = {{"var", &kc_var, sizeof kc_var, 0}};
#define IMAGE(id) \
  {HIPC_KC_IMAGE_VERSION, id, 0, 1, fill_kernel, 1, var}
static const hipc_kc_image late = IMAGE("reg-late");
static const hipc_kc_image early = IMAGE("reg-early");
static const hipc_kc_image gpu_tu = IMAGE("reg-gpu");

static char fill_name[] = "_Z4fillPii", var_name[] = "var";

/* Registers `host` as fill and `shadow` as var under `h`. */
static void register_fill(void** h, const void* host, int* shadow) {
  CHECK_EQ(__hipRegisterFunction(h, host, fill_name, fill_name,
                                 (unsigned)-1, NULL, NULL, NULL, NULL, NULL),
           0);
  __hipRegisterVar(h, (char*)shadow, var_name, var_name, 0, sizeof(int), 0,
                   0);
}

static hipError_t launch_fill(const void* host, int* out, int v) {
  void* args[] = {&out, &v};
  hipError_t e = hipLaunchKernel(host, (dim3){2, 1, 1}, (dim3){16, 1, 1},
                                 args, 0, NULL);
  hipError_t s = hipDeviceSynchronize();
  return e != hipSuccess ? e : s;
}

/* Whether every one of the 32 ints of `out` is `v`. */
static int all(const int* out, int v) {
  for (int i = 0; i < 32; ++i)
    if (out[i] != v) return 0;
  return 1;
}

static int* out;

static void test_image_after_host_object(void) {
  static unsigned char blob[sizeof(hipc_fatbin_header)];
  static const wrapper w = {WRAPPER_MAGIC, 1, blob, NULL};
  static const char host;
  static int shadow;
  make_blob(blob, late.id, 0);
  void** h = __hipRegisterFatBinary(&w);
  CHECK(h != NULL);
  register_fill(h, &host, &shadow);
  /* No image yet: the kernel cannot run, the variable is unknown. */
  CHECK_ERR(launch_fill(&host, out, 1), hipErrorInvalidDeviceFunction);
  size_t n;
  CHECK_ERR(hipGetSymbolSize(&n, &shadow), hipErrorInvalidSymbol);
  hipc_kc_register_image(&late);
  CHECK_ERR(launch_fill(&host, out, 2), hipSuccess);
  CHECK(all(out, 2));
  CHECK_ERR(hipGetSymbolSize(&n, &shadow), hipSuccess);
  CHECK_EQ(n, sizeof(int));
  /* The image goes (its object unloaded): so do its kernel and variable;
   * it comes back: they work again. */
  hipc_kc_unregister_image(&late);
  CHECK_ERR(launch_fill(&host, out, 3), hipErrorInvalidDeviceFunction);
  CHECK_ERR(hipGetSymbolSize(&n, &shadow), hipErrorInvalidSymbol);
  hipc_kc_register_image(&late);
  CHECK_ERR(launch_fill(&host, out, 4), hipSuccess);
  CHECK(all(out, 4));
  /* Unregistering the fat binary removes what it registered; a second
   * unregistration of the same handle is harmless. */
  __hipUnregisterFatBinary(h);
  CHECK_ERR(launch_fill(&host, out, 5), hipErrorInvalidDeviceFunction);
  CHECK_ERR(hipGetSymbolSize(&n, &shadow), hipErrorInvalidSymbol);
  __hipUnregisterFatBinary(h);
  CHECK(all(out, 4));
  hipc_kc_unregister_image(&late);
}

static void test_image_before_host_object(void) {
  static unsigned char blob[sizeof(hipc_fatbin_header)];
  static const wrapper w = {WRAPPER_MAGIC, 1, blob, NULL};
  static const char host, other;
  static int shadow;
  hipc_kc_register_image(&early);
  make_blob(blob, early.id, 0);
  void** h = __hipRegisterFatBinary(&w);
  void** h2 = __hipRegisterFatBinary(&w);
  CHECK(h != NULL && h2 != NULL && h != h2); /* unique per call */
  register_fill(h, &host, &shadow);
  CHECK_ERR(launch_fill(&host, out, 6), hipSuccess);
  CHECK(all(out, 6));
  const int v = 42;
  CHECK_ERR(hipMemcpyToSymbol(&shadow, &v, sizeof v, 0,
                              hipMemcpyHostToDevice),
            hipSuccess);
  CHECK_EQ(kc_var, 42);
  CHECK_EQ(shadow, 0);
  /* A kernel the image does not have: reported by its name as the
   * registry keeps it (demangled, without return type and parameters),
   * and not launchable. */
  static char missing[] = "_ZN2ns7missingIiLi3EEEvPT_";
  capture_begin();
  __hipRegisterFunction(h2, &other, missing, missing, (unsigned)-1, NULL,
                        NULL, NULL, NULL, NULL);
  const char* msg = capture_end();
  CHECK(strstr(msg, "kernel ns::missing<int, 3> is not") &&
        strstr(msg, "reg-early"));
  CHECK_ERR(hipLaunchKernel(&other, (dim3){1, 1, 1}, (dim3){1, 1, 1}, NULL,
                            0, NULL),
            hipErrorInvalidDeviceFunction);
  /* Surface and texture references are accepted and ignored. */
  static int surf, tex;
  __hipRegisterSurface(h2, &surf, (char*)&surf, "surf", 2, 0);
  __hipRegisterTexture(h2, &tex, (char*)&tex, "tex", 2, 0, 0);
  CHECK_ERR(launch_fill(&host, out, 7), hipSuccess);
  CHECK(all(out, 7));
  __hipUnregisterFatBinary(h2);
  __hipUnregisterFatBinary(h);
  CHECK_ERR(launch_fill(&host, out, 8), hipErrorInvalidDeviceFunction);
  hipc_kc_unregister_image(&early);
}

/* A fat binary that is not hipc's: a message naming the problem, and a
 * handle under which nothing registers. */
static void bad_fatbin(const wrapper* w, const char* expect) {
  static const char host;
  static int shadow;
  capture_begin();
  void** h = __hipRegisterFatBinary(w);
  register_fill(h, &host, &shadow);
  const char* msg = capture_end();
  CHECK(h != NULL);
  if (!strstr(msg, expect)) {
    fprintf(stderr, "message: %s(expected to contain \"%s\")\n", msg,
            expect);
    CHECK(0);
  }
  CHECK_ERR(launch_fill(&host, out, 9), hipErrorInvalidDeviceFunction);
  size_t n;
  CHECK_ERR(hipGetSymbolSize(&n, &shadow), hipErrorInvalidSymbol);
  __hipUnregisterFatBinary(h);
}

static void test_bad_fatbins(void) {
  /* The image is there: only the fat binary is wrong. */
  hipc_kc_register_image(&early);
  static unsigned char good[sizeof(hipc_fatbin_header)];
  static unsigned char bad[sizeof(hipc_fatbin_header)];
  make_blob(good, early.id, 0);
  make_blob(bad, early.id, 0);
  memcpy(bad, "HIPCFB99", 8);
  const wrapper bad_wrapper = {0x12345678, 1, good, NULL};
  const wrapper bad_version = {WRAPPER_MAGIC, 7, good, NULL};
  const wrapper bad_blob = {WRAPPER_MAGIC, 1, bad, NULL};
  const wrapper no_blob = {WRAPPER_MAGIC, 1, NULL, NULL};
  bad_fatbin(&bad_wrapper, "0x12345678");
  bad_fatbin(&bad_version, "version 7");
  bad_fatbin(&bad_blob, "HIPCFB99");
  bad_fatbin(&no_blob, "(null)");
  bad_fatbin(NULL, "no fat binary");
  /* Calls with a handle that was never returned are ignored. */
  static const char host;
  static int shadow;
  void* fake[4] = {0};
  register_fill(fake, &host, &shadow);
  __hipUnregisterFatBinary(fake);
  __hipUnregisterFatBinary(NULL);
  CHECK_ERR(launch_fill(&host, out, 10), hipErrorInvalidDeviceFunction);
  hipc_kc_unregister_image(&early);
}

/* GPU entries: a PTX image (without its NUL), a cubin, and a malformed
 * entry; the CPU device runs the kernel all the same. Whether a GPU runs
 * them is test_hip_abi_gpu.c's. */
static void test_gpu_entries(void) {
  static const char ptx[] = ".version 7.0\n.target sm_50\n";
  static const char cubin[] = "\177ELF not really";
  enum { HDR = sizeof(hipc_fatbin_header), ENT = sizeof(hipc_fatbin_entry) };
  static _Alignas(8) unsigned char blob[HDR + 3 * ENT + 64];
  static const wrapper w = {WRAPPER_MAGIC, 1, blob, NULL};
  make_blob(blob, gpu_tu.id, 3);
  hipc_fatbin_entry e[3] = {
      {HIPC_FATBIN_PTX, "sm_50", HDR + 3 * ENT, sizeof ptx - 1},
      {HIPC_FATBIN_CUBIN, "sm_990", HDR + 3 * ENT + 32, sizeof cubin},
      {9, "sm_80", HDR + 3 * ENT, 4}};
  memcpy(blob + HDR, e, sizeof e);
  memcpy(blob + HDR + 3 * ENT, ptx, sizeof ptx - 1);
  memcpy(blob + HDR + 3 * ENT + 32, cubin, sizeof cubin);
  hipc_kc_register_image(&gpu_tu);
  static const char host;
  static int shadow;
  capture_begin();
  void** h = __hipRegisterFatBinary(&w);
  register_fill(h, &host, &shadow);
  const char* msg = capture_end();
  CHECK(strstr(msg, "entry 2") && strstr(msg, "malformed"));
  CHECK_ERR(launch_fill(&host, out, 11), hipSuccess);
  CHECK(all(out, 11));
  /* A count no build makes: the GPU part is ignored, the CPU part works. */
  static _Alignas(8) unsigned char huge[HDR];
  static const wrapper wh = {WRAPPER_MAGIC, 1, huge, NULL};
  make_blob(huge, gpu_tu.id, 100000);
  static const char host2;
  static int shadow2;
  capture_begin();
  void** h2 = __hipRegisterFatBinary(&wh);
  register_fill(h2, &host2, &shadow2);
  msg = capture_end();
  CHECK(strstr(msg, "100000") && strstr(msg, "corrupt"));
  CHECK_ERR(launch_fill(&host2, out, 12), hipSuccess);
  CHECK(all(out, 12));
  __hipUnregisterFatBinary(h2);
  __hipUnregisterFatBinary(h);
}

static int select_cpu_device(void) {
  int n = 0;
  if (hipGetDeviceCount(&n) != hipSuccess) return 0;
  for (int d = 0; d < n; ++d) {
    hipDeviceProp_t p;
    if (hipGetDeviceProperties(&p, d) == hipSuccess &&
        strcmp(p.gcnArchName, "hipc-cpu") == 0)
      return hipSetDevice(d) == hipSuccess;
  }
  return 0;
}

int main(void) {
  if (!select_cpu_device()) {
    fprintf(stderr, "test_hip_abi_reg: no CPU device\n");
    return 77;
  }
  CHECK_ERR(hipMalloc((void**)&out, 32 * sizeof *out), hipSuccess);
  test_image_after_host_object();
  test_image_before_host_object();
  test_bad_fatbins();
  test_gpu_entries();
  CHECK_ERR(hipFree(out), hipSuccess);
  return check_summary("test_hip_abi_reg");
}
