/* GPU modules registered by hand (what hipcc's device pass emits), run on
 * every device: the GPUs through the PTX image below, the CPU device
 * through the kernels' CPU descriptors. On a machine without a GPU only the
 * CPU half runs; run on a GPU machine (tests/gpu/run_on_device.sh), every
 * check below applies.
 *
 * Also: memory shared between the CPU device and a GPU, pinned host memory,
 * stream order, and kernels a GPU has no code for. */
#define _POSIX_C_SOURCE 200809L
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "hip/hipc/gpu_module.h"
#include "hip/hipc/kernel.h"

/* clang-19 -x cuda --cuda-device-only -O2 -S of
 *   out[i] = in[i] * 3 + k for i < n;  and an empty kernel,
 * written for sm_50 so that any GPU's driver compiles it. */
static const char ptx[] =
    ".version 7.0\n"
    ".target sm_50\n"
    ".address_size 64\n"
    ".visible .entry hipc_test_scale_add(.param .u64 p0, .param .u64 p1,\n"
    "    .param .u32 p2, .param .u32 p3)\n"
    "{\n"
    "  .reg .pred %p<2>; .reg .b32 %r<9>; .reg .b64 %rd<8>;\n"
    "  ld.param.u32 %r2, [p2];\n"
    "  mov.u32 %r3, %ctaid.x; mov.u32 %r4, %ntid.x; mov.u32 %r5, %tid.x;\n"
    "  mad.lo.s32 %r6, %r3, %r4, %r5;\n"
    "  setp.ge.s32 %p1, %r6, %r2;\n"
    "  @%p1 bra DONE;\n"
    "  ld.param.u32 %r1, [p3];\n"
    "  ld.param.u64 %rd3, [p0]; ld.param.u64 %rd4, [p1];\n"
    "  cvta.to.global.u64 %rd5, %rd4; cvta.to.global.u64 %rd6, %rd3;\n"
    "  mul.wide.u32 %rd7, %r6, 4;\n"
    "  add.s64 %rd1, %rd6, %rd7; add.s64 %rd2, %rd5, %rd7;\n"
    "  ld.global.u32 %r7, [%rd2];\n"
    "  mad.lo.s32 %r8, %r7, 3, %r1;\n"
    "  st.global.u32 [%rd1], %r8;\n"
    "DONE:\n"
    "  ret;\n"
    "}\n"
    ".visible .entry hipc_test_empty()\n"
    "{\n"
    "  ret;\n"
    "}\n";

/* Not an image any driver accepts: if it were chosen, loading would fail. */
static const char garbage[] = "not a cubin";

/* -- the kernels' host side: launch stubs (never called) and the CPU
 *    device's thread loops. */
typedef struct scale_args {
  int* out;
  const int* in;
  int n, k;
} scale_args;

static void scale_add(int* out, const int* in, int n, int k) {
  (void)out, (void)in, (void)n, (void)k;
}
static void empty(void) {}
static void wrong_arch(void) {}
static void cpu_only(void) {}

static void scale_pack(void* const* a, void* dst) {
  scale_args* s = dst;
  s->out = *(int* const*)a[0];
  s->in = *(const int* const*)a[1];
  s->n = *(const int*)a[2];
  s->k = *(const int*)a[3];
}

static void scale_run(hipc_cpu_block* b) {
  const scale_args* s = b->args;
  for (uint32_t t = b->next; t < b->count; ++t) {
    int i = (int)(hipc_tls.block_idx.x * b->dim.x + t);
    if (i < s->n) s->out[i] = s->in[i] * 3 + s->k;
  }
  b->next = b->count;
}

static void empty_pack(void* const* a, void* dst) { (void)a, (void)dst; }
static void empty_run(hipc_cpu_block* b) { b->next = b->count; }

static const uint32_t scale_sizes[] = {8, 8, 4, 4};
static const hipc_kernel_desc scale_desc = {
    (const void*)scale_add, "F = &scale_add,", 0, 0, 4, scale_sizes,
    sizeof(scale_args), _Alignof(scale_args), scale_pack, scale_run,
    scale_run, NULL, NULL, 0, NULL, NULL};
#define EMPTY_DESC(fn)                                                     \
  {(const void*)fn, "F = &" #fn ",", 0, 0, 0, NULL, 1, 1, empty_pack,      \
   empty_run, empty_run, NULL, NULL, 0, NULL, NULL}
static const hipc_kernel_desc empty_desc = EMPTY_DESC(empty);
static const hipc_kernel_desc wrong_desc = EMPTY_DESC(wrong_arch);
static const hipc_kernel_desc cpu_only_desc = EMPTY_DESC(cpu_only);

/* Module 1: PTX for every GPU, plus a cubin for a future GPU that must not
 * be chosen. Module 2: code for no GPU that exists. */
static const hipc_gpu_image images1[] = {
    {"sm_50", 1, ptx, sizeof ptx},
    {"sm_990", 0, garbage, sizeof garbage},
};
static const hipc_gpu_kernel kernels1[] = {
    {(const void*)scale_add, "hipc_test_scale_add"},
    {(const void*)empty, "hipc_test_empty"},
};
static const hipc_gpu_module module1 = {HIPC_GPU_MODULE_VERSION, 2, images1,
                                        2, kernels1, 0, NULL};
static const hipc_gpu_image images2[] = {{"sm_990", 0, garbage, sizeof garbage}};
static const hipc_gpu_kernel kernels2[] = {
    {(const void*)wrong_arch, "hipc_test_empty"}};
static const hipc_gpu_module module2 = {HIPC_GPU_MODULE_VERSION, 1, images2,
                                        1, kernels2, 0, NULL};

/* As hipcc's output does: before main. */
__attribute__((constructor)) static void register_all(void) {
  hipc_register_gpu_module(&module1);
  hipc_register_gpu_module(&module2);
  hipc_register_gpu_module(&module1); /* twice: harmless */
  hipc_register_kernel(&scale_desc);
  hipc_register_kernel(&empty_desc);
  hipc_register_kernel(&wrong_desc);
  hipc_register_kernel(&cpu_only_desc);
}

static int is_gpu(int device) {
  hipDeviceProp_t p;
  if (hipGetDeviceProperties(&p, device) != hipSuccess) return 0;
  return strncmp(p.gcnArchName, "sm_", 3) == 0;
}

enum { N = 5000, K = 11 };

static void run_scale(hipStream_t stream, int* d_out, const int* d_in) {
  int n = N, k = K;
  void* args[] = {&d_out, &d_in, &n, &k};
  CHECK_ERR(hipLaunchKernel((const void*)scale_add, (dim3){(N + 255) / 256, 1, 1},
                            (dim3){256, 1, 1}, args, 0, stream),
            hipSuccess);
}

static void test_kernel_on(int device) {
  CHECK_ERR(hipSetDevice(device), hipSuccess);
  static int in[N], out[N];
  for (int i = 0; i < N; ++i) in[i] = i * 7 - 300;
  int *d_in = NULL, *d_out = NULL;
  CHECK_ERR(hipMalloc((void**)&d_in, sizeof in), hipSuccess);
  CHECK_ERR(hipMalloc((void**)&d_out, sizeof out), hipSuccess);
  CHECK_ERR(hipMemcpy(d_in, in, sizeof in, hipMemcpyHostToDevice), hipSuccess);
  CHECK_ERR(hipMemset(d_out, 0xff, sizeof out), hipSuccess);
  run_scale(NULL, d_out, d_in);
  memset(out, 0, sizeof out);
  CHECK_ERR(hipMemcpy(out, d_out, sizeof out, hipMemcpyDefault), hipSuccess);
  int bad = 0;
  for (int i = 0; i < N; ++i) bad += out[i] != in[i] * 3 + K;
  CHECK_EQ(bad, 0);

  /* Work on a blocking stream, then a copy on the null stream: the copy
   * waits for the kernel. */
  hipStream_t s;
  CHECK_ERR(hipStreamCreate(&s), hipSuccess);
  CHECK_ERR(hipMemset(d_out, 0, sizeof out), hipSuccess);
  run_scale(s, d_out, d_in);
  memset(out, 0, sizeof out);
  CHECK_ERR(hipMemcpy(out, d_out, sizeof out, hipMemcpyDeviceToHost),
            hipSuccess);
  bad = 0;
  for (int i = 0; i < N; ++i) bad += out[i] != in[i] * 3 + K;
  CHECK_EQ(bad, 0);
  /* Async copy and fill on a non-blocking stream, then its sync. */
  hipStream_t nb;
  CHECK_ERR(hipStreamCreateWithFlags(&nb, hipStreamNonBlocking), hipSuccess);
  CHECK_ERR(hipMemsetAsync(d_out, 0x01, sizeof out, nb), hipSuccess);
  CHECK_ERR(hipMemcpyAsync(out, d_out, sizeof out, hipMemcpyDeviceToHost, nb),
            hipSuccess);
  CHECK_ERR(hipStreamSynchronize(nb), hipSuccess);
  CHECK_EQ(out[0], 0x01010101);
  CHECK_EQ(out[N - 1], 0x01010101);
  CHECK_ERR(hipStreamQuery(nb), hipSuccess);
  CHECK_ERR(hipStreamDestroy(nb), hipSuccess);
  CHECK_ERR(hipStreamDestroy(s), hipSuccess);

  /* An odd-sized, odd-aligned fill (the byte-wise path). */
  unsigned char bytes[9];
  CHECK_ERR(hipMemset((char*)d_out + 1, 0x5a, 7), hipSuccess);
  CHECK_ERR(hipMemcpy(bytes, d_out, 9, hipMemcpyDeviceToHost), hipSuccess);
  CHECK_EQ(bytes[0], 0x01);
  CHECK_EQ(bytes[1], 0x5a);
  CHECK_EQ(bytes[7], 0x5a);
  CHECK_EQ(bytes[8], 0x01);

  /* No arguments at all. */
  CHECK_ERR(hipLaunchKernel((const void*)empty, (dim3){4, 1, 1},
                            (dim3){32, 1, 1}, NULL, 0, NULL),
            hipSuccess);
  CHECK_ERR(hipDeviceSynchronize(), hipSuccess);

  /* No code for this device: a clear error, nothing runs. */
  hipError_t want = is_gpu(device) ? hipErrorInvalidDeviceFunction : hipSuccess;
  for (int rep = 0; rep < 2; ++rep) {
    CHECK_ERR(hipLaunchKernel((const void*)wrong_arch, (dim3){1, 1, 1},
                              (dim3){1, 1, 1}, NULL, 0, NULL),
              want);
    CHECK_ERR(hipGetLastError(), want);
    CHECK_ERR(hipLaunchKernel((const void*)cpu_only, (dim3){1, 1, 1},
                              (dim3){1, 1, 1}, NULL, 0, NULL),
              want);
  }
  CHECK_ERR(hipDeviceSynchronize(), hipSuccess);
  CHECK_ERR(hipFree(d_in), hipSuccess);
  CHECK_ERR(hipFree(d_out), hipSuccess);
}

/* The CPU device's memory and a GPU's, copied both ways whichever device is
 * current, and a GPU buffer filled while the CPU device is current. */
static void test_cross_device(int gpu, int cpu) {
  int *g, *c;
  enum { M = 1000 };
  CHECK_ERR(hipSetDevice(gpu), hipSuccess);
  CHECK_ERR(hipMalloc((void**)&g, M * sizeof(int)), hipSuccess);
  CHECK_ERR(hipSetDevice(cpu), hipSuccess);
  CHECK_ERR(hipMalloc((void**)&c, M * sizeof(int)), hipSuccess);
  for (int i = 0; i < M; ++i) c[i] = i * i;
  CHECK_ERR(hipMemcpy(g, c, M * sizeof(int), hipMemcpyDefault), hipSuccess);
  memset(c, 0, M * sizeof(int));
  CHECK_ERR(hipSetDevice(gpu), hipSuccess);
  CHECK_ERR(hipMemcpy(c, g, M * sizeof(int), hipMemcpyDeviceToDevice),
            hipSuccess);
  int bad = 0;
  for (int i = 0; i < M; ++i) bad += c[i] != i * i;
  CHECK_EQ(bad, 0);
  CHECK_ERR(hipMemset(c, 0x02, M * sizeof(int)), hipSuccess); /* host memory */
  CHECK_EQ(c[M - 1], 0x02020202);
  CHECK_ERR(hipSetDevice(cpu), hipSuccess);
  CHECK_ERR(hipMemset(g, 0x03, M * sizeof(int)), hipSuccess);
  CHECK_ERR(hipMemcpy(c, g, M * sizeof(int), hipMemcpyDefault), hipSuccess);
  CHECK_EQ(c[0], 0x03030303);
  CHECK_EQ(c[M - 1], 0x03030303);
  CHECK_ERR(hipFree(g), hipSuccess);
  CHECK_ERR(hipFree(c), hipSuccess);
}

static void test_host_memory(void) {
  CHECK_ERR(hipSetDevice(0), hipSuccess);
  int* h = NULL;
  CHECK_ERR(hipHostMalloc((void**)&h, N * sizeof(int), 0), hipSuccess);
  CHECK(h != NULL);
  for (int i = 0; i < N; ++i) h[i] = 5 * i + 1;
  int* d;
  CHECK_ERR(hipMalloc((void**)&d, N * sizeof(int)), hipSuccess);
  CHECK_ERR(hipMemcpy(d, h, N * sizeof(int), hipMemcpyHostToDevice),
            hipSuccess);
  memset(h, 0, N * sizeof(int));
  CHECK_ERR(hipMemcpyAsync(h, d, N * sizeof(int), hipMemcpyDeviceToHost, NULL),
            hipSuccess);
  CHECK_ERR(hipDeviceSynchronize(), hipSuccess);
  int bad = 0;
  for (int i = 0; i < N; ++i) bad += h[i] != 5 * i + 1;
  CHECK_EQ(bad, 0);
  /* As in AMD's runtime, hipFree and hipHostFree take either kind
   * (memory_host.c); interior pointers are refused. */
  CHECK_ERR(hipHostFree(h + 1), hipErrorInvalidValue);
  CHECK_ERR(hipFree(d + 1), hipErrorInvalidValue);
  CHECK_ERR(hipHostFree(h), hipSuccess);
  CHECK_ERR(hipHostFree(h), hipErrorInvalidValue);
  CHECK_ERR(hipFree(d), hipSuccess);
  CHECK_ERR(hipHostFree(NULL), hipSuccess);
  CHECK_ERR(hipHostMalloc(NULL, 16, 0), hipErrorInvalidValue);
  void* p = (void*)1;
  CHECK_ERR(hipHostMalloc(&p, 0, 0), hipSuccess);
  CHECK(p == NULL);
  CHECK_ERR(hipHostMalloc(&p, 16, 0x100), hipErrorInvalidValue);
  CHECK_ERR(hipHostMalloc(&p, 16,
                          hipHostMallocCoherent | hipHostMallocNonCoherent),
            hipErrorInvalidValue);
  CHECK_ERR(hipMallocHost(&p, 64), hipSuccess);
  CHECK_ERR(hipFreeHost(p), hipSuccess);
}

static void test_mem_info(int device) {
  CHECK_ERR(hipSetDevice(device), hipSuccess);
  hipDeviceProp_t prop;
  CHECK_ERR(hipGetDeviceProperties(&prop, device), hipSuccess);
  size_t free_bytes = 0, total = 0;
  CHECK_ERR(hipMemGetInfo(&free_bytes, &total), hipSuccess);
  CHECK(free_bytes > 0);
  CHECK(free_bytes <= total);
  if (is_gpu(device)) {
    CHECK_EQ(total, prop.totalGlobalMem);
    CHECK_EQ(prop.warpSize, 32);
    CHECK(prop.multiProcessorCount > 0);
    CHECK(prop.maxThreadsPerBlock >= 512);
    CHECK(prop.major >= 5);
    char want[16];
    snprintf(want, sizeof want, "sm_%d%d", prop.major, prop.minor);
    CHECK(strcmp(prop.gcnArchName, want) == 0);
    int v = -1;
    CHECK_ERR(hipDeviceGetAttribute(&v, hipDeviceAttributeWarpSize, device),
              hipSuccess);
    CHECK_EQ(v, 32);
  }
}

int main(void) {
  int n = 0;
  CHECK_ERR(hipGetDeviceCount(&n), hipSuccess);
  CHECK(n >= 1);
  /* GPUs first, the CPU device last. */
  CHECK(!is_gpu(n - 1));
  int gpus = 0;
  for (int i = 0; i < n; ++i) gpus += is_gpu(i);
  for (int i = 0; i < gpus; ++i) CHECK(is_gpu(i));
  fprintf(stderr, "test_gpu_module: %d device(s), %d GPU(s)\n", n, gpus);
  for (int i = 0; i < n; ++i) {
    test_kernel_on(i);
    test_mem_info(i);
  }
  if (gpus) test_cross_device(0, n - 1);
  test_host_memory();
  return check_summary("test_gpu_module");
}
