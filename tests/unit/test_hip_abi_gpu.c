/* clang's HIP host ABI with GPU code: a fat binary whose GPU image is PTX
 * (stored without its NUL, as a blob may hold it) registered through
 * __hipRegisterFatBinary, with the kernel, a __device__ and a __constant__
 * variable and a __managed__ one registered as clang's constructor does,
 * and the CPU device's kernel as a hand-made kc image. The kernel runs on
 * every device: on GPUs from the PTX (the driver compiles it), on the CPU
 * device from the image; the symbol API reaches each device's copy
 * through clang's host shadows; the managed variable is one object shared
 * by the host, the GPUs and the CPU device. On a machine without a GPU only
 * the CPU device runs. */
#define _POSIX_C_SOURCE 200809L
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "hip/hipc/kc_abi.h"

/* clang-19 -x cuda --cuda-device-only --cuda-gpu-arch=sm_50 -O2 -S of
 *   __device__ int gdv[2]; __constant__ int gcv; __managed__ int gmv;
 *   __global__ void gscale(int* out, int n) {
 *     int i = blockIdx.x * blockDim.x + threadIdx.x;
 *     if (i < n) out[i] = i * gdv[0] + gdv[1] + gcv;
 *     if (i == 0) atomicAdd(&gmv, 1);
 *   }
 * with `.attribute(.managed)` on gmv (what hipcc's GPU pass adds) and
 * `.version 7.0`, so that any recent driver takes it. */
static const char ptx[] =
    ".version 7.0\n"
    ".target sm_50\n"
    ".address_size 64\n"
    ".visible .global .align 4 .b8 gdv[8];\n"
    ".visible .const .align 4 .u32 gcv;\n"
    ".visible .global .attribute(.managed) .align 4 .u32 gmv;\n"
    ".visible .entry _Z6gscalePii(\n"
    " .param .u64 _Z6gscalePii_param_0,\n"
    " .param .u32 _Z6gscalePii_param_1\n"
    ")\n"
    "{\n"
    " .reg .pred  %p<3>;\n"
    " .reg .b32  %r<12>;\n"
    " .reg .b64  %rd<6>;\n"
    " ld.param.u32  %r2, [_Z6gscalePii_param_1];\n"
    " mov.u32  %r3, %ctaid.x;\n"
    " mov.u32  %r4, %ntid.x;\n"
    " mov.u32  %r5, %tid.x;\n"
    " mad.lo.s32  %r1, %r3, %r4, %r5;\n"
    " setp.ge.s32  %p1, %r1, %r2;\n"
    " @%p1 bra  $L__BB0_2;\n"
    " ld.param.u64  %rd2, [_Z6gscalePii_param_0];\n"
    " cvta.to.global.u64  %rd1, %rd2;\n"
    " ld.global.u32  %r6, [gdv];\n"
    " ld.global.u32  %r7, [gdv+4];\n"
    " mad.lo.s32  %r8, %r6, %r1, %r7;\n"
    " ld.const.u32  %r9, [gcv];\n"
    " add.s32  %r10, %r8, %r9;\n"
    " mul.wide.u32  %rd3, %r1, 4;\n"
    " add.s64  %rd4, %rd1, %rd3;\n"
    " st.global.u32  [%rd4], %r10;\n"
    "$L__BB0_2:\n"
    " setp.ne.s32  %p2, %r1, 0;\n"
    " @%p2 bra  $L__BB0_4;\n"
    " mov.u64  %rd5, gmv;\n"
    " atom.global.add.u32  %r11, [%rd5], 1;\n"
    "$L__BB0_4:\n"
    " ret;\n"
    "}\n";

/* -- the fat binary: header, one entry, the PTX without its NUL */
typedef struct wrapper {
  int magic, version;
  const void* blob;
  void* unused;
} wrapper;
enum { HDR = sizeof(hipc_fatbin_header), ENT = sizeof(hipc_fatbin_entry) };
static _Alignas(8) unsigned char blob[HDR + ENT + sizeof ptx];
static const wrapper fatbin = {0x48495046, 1, blob, NULL};

/* -- the host side: the kernel's handle, the shadows, the managed
 *    variable's pointer and initial value */
static const char h_gscale;
static int shadow_gdv[2], shadow_gcv;
static int gmv_init = 100;
static void* gmv_ptr;

/* -- the CPU device's side: kc's storage and thread function */
static int kc_gdv[2], kc_gcv;
static void* kc_gmv;
static void gscale_thread(const void* a) {
  int* out;
  int n;
  memcpy(&out, a, 8);
  memcpy(&n, (const char*)a + 8, 4);
  int i = (int)(hipc_tls.block_idx.x * hipc_tls.block_dim.x +
                hipc_tls.thread_idx.x);
  if (i < n) out[i] = i * kc_gdv[0] + kc_gdv[1] + kc_gcv;
  if (i == 0) __atomic_fetch_add((int*)kc_gmv, 1, __ATOMIC_RELAXED);
}
static const uint32_t off[] = {0, 8}, size[] = {8, 4}, align[] = {8, 4};
static const hipc_kc_kernel kernels[] = {
    {"_Z6gscalePii", NULL, gscale_thread, 2, off, size, align, 16, 8, 0, 0,
     HIPC_KC_FORM_FIBERS, "", 0, NULL}};
static const hipc_kc_var vars[] = {
    {"gdv", kc_gdv, sizeof kc_gdv, 0},
    {"gcv", &kc_gcv, sizeof kc_gcv, HIPC_KC_VAR_CONSTANT},
    {"gmv", &kc_gmv, sizeof kc_gmv, HIPC_KC_VAR_MANAGED}};
static const hipc_kc_image image = {HIPC_KC_IMAGE_VERSION, "abi-gpu-tu", 0,
                                    1, kernels, 3, vars};

/* clang's module constructor (and kc's, after it), before main. */
__attribute__((constructor)) static void register_all(void) {
  hipc_fatbin_header h;
  memset(&h, 0, sizeof h);
  memcpy(h.magic, HIPC_FATBIN_MAGIC, 8);
  h.count = 1;
  strcpy(h.cpu_id, image.id);
  hipc_fatbin_entry e = {HIPC_FATBIN_PTX, "sm_50", HDR + ENT,
                         sizeof ptx - 1};
  memcpy(blob, &h, sizeof h);
  memcpy(blob + HDR, &e, sizeof e);
  memcpy(blob + HDR + ENT, ptx, sizeof ptx - 1);
  void** handle = __hipRegisterFatBinary(&fatbin);
  static char k[] = "_Z6gscalePii", dv[] = "gdv", cv[] = "gcv";
  __hipRegisterFunction(handle, &h_gscale, k, k, (unsigned)-1, NULL, NULL,
                        NULL, NULL, NULL);
  __hipRegisterVar(handle, (char*)shadow_gdv, dv, dv, 0, sizeof shadow_gdv,
                   0, 0);
  __hipRegisterVar(handle, (char*)&shadow_gcv, cv, cv, 0, sizeof shadow_gcv,
                   1, 0);
  __hipRegisterManagedVar(handle, &gmv_ptr, &gmv_init, "gmv",
                          sizeof gmv_init, 4);
  hipc_kc_register_image(&image);
}

static int is_gpu(int device) {
  hipDeviceProp_t p;
  if (hipGetDeviceProperties(&p, device) != hipSuccess) return 0;
  return strncmp(p.gcnArchName, "sm_", 3) == 0;
}

enum { N = 250 };

static void run_on(int dev, int launches) {
  CHECK_ERR(hipSetDevice(dev), hipSuccess);
  const int dv[2] = {3 + dev, 5}, cv = 7;
  CHECK_ERR(hipMemcpyToSymbol(shadow_gdv, dv, sizeof dv, 0,
                              hipMemcpyHostToDevice),
            hipSuccess);
  CHECK_ERR(hipMemcpyToSymbol(&shadow_gcv, &cv, sizeof cv, 0,
                              hipMemcpyHostToDevice),
            hipSuccess);
  int back[2] = {0};
  CHECK_ERR(hipMemcpyFromSymbol(back, shadow_gdv, sizeof back, 0,
                                hipMemcpyDeviceToHost),
            hipSuccess);
  CHECK_MEM(back, dv, sizeof dv);
  void* addr = NULL;
  CHECK_ERR(hipGetSymbolAddress(&addr, shadow_gdv), hipSuccess);
  if (is_gpu(dev))
    CHECK(addr != NULL && addr != (void*)kc_gdv && addr != shadow_gdv);
  else
    CHECK_EQ(addr, kc_gdv);
  int* out;
  CHECK_ERR(hipMalloc((void**)&out, N * sizeof *out), hipSuccess);
  int n = N;
  void* args[] = {&out, &n};
  for (int l = 0; l < launches; ++l)
    CHECK_ERR(hipLaunchKernel(&h_gscale, (dim3){(N + 63) / 64, 1, 1},
                              (dim3){64, 1, 1}, args, 0, NULL),
              hipSuccess);
  CHECK_ERR(hipDeviceSynchronize(), hipSuccess);
  static int host[N];
  CHECK_ERR(hipMemcpy(host, out, sizeof host, hipMemcpyDeviceToHost),
            hipSuccess);
  int wrong = 0;
  for (int i = 0; i < N; ++i) wrong += host[i] != i * (3 + dev) + 5 + 7;
  CHECK_EQ(wrong, 0);
  CHECK_ERR(hipFree(out), hipSuccess);
}

int main(void) {
  int count = 0;
  CHECK_ERR(hipGetDeviceCount(&count), hipSuccess);
  int gpus = 0;
  for (int d = 0; d < count; ++d) gpus += is_gpu(d);
  /* One managed object: the GPU's managed memory where there is a GPU,
   * else the initial value's own storage; kc's slot points at it. */
  CHECK(gmv_ptr != NULL);
  CHECK_EQ(kc_gmv, gmv_ptr);
  if (gpus)
    CHECK(gmv_ptr != (void*)&gmv_init);
  else
    CHECK_EQ(gmv_ptr, &gmv_init);
  CHECK_EQ(*(int*)gmv_ptr, 100);
  int launches = 0;
  for (int d = 0; d < count; ++d) {
    run_on(d, 2 + d);
    launches += 2 + d;
  }
  /* Every launch on every device added one to the same object. */
  CHECK_EQ(*(int*)gmv_ptr, 100 + launches);
  int got = 0;
  CHECK_ERR(hipMemcpyFromSymbol(&got, gmv_ptr, sizeof got, 0,
                                hipMemcpyDeviceToHost),
            hipSuccess);
  CHECK_EQ(got, 100 + launches);
  printf("test_hip_abi_gpu: %d device(s), %d GPU(s)\n", count, gpus);
  return check_summary("test_hip_abi_gpu");
}
