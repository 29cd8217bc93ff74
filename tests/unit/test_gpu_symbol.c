/* The CUDA backend's `symbol` op (what hipMemcpyToSymbol & co use on a
 * GPU): a variable of a registered module, found by its host object, has a
 * device address whose contents kernels see. Linked with libhipc.a to reach
 * the backend interface. On a machine without GPUs only the CPU device's
 * half (no op: the host object is the storage) is checked.
 */
// BUILD-WITH: $BUILD/lib/libhipc.a -ldl
#define _POSIX_C_SOURCE 200809L
#include <stdint.h>
#include <string.h>

#include "check.h"
#include "hip/hipc/gpu_module.h"
#include "hip/hipc/kernel.h"
#include "internal.h"

static const char ptx[] =
    ".version 7.0\n"
    ".target sm_50\n"
    ".address_size 64\n"
    ".visible .global .align 4 .u32 hipc_test_var = 42;\n"
    ".visible .entry hipc_test_read_var(.param .u64 p0)\n"
    "{\n"
    "  .reg .b32 %r<2>; .reg .b64 %rd<3>;\n"
    "  ld.param.u64 %rd1, [p0]; cvta.to.global.u64 %rd2, %rd1;\n"
    "  ld.global.u32 %r1, [hipc_test_var];\n"
    "  st.global.u32 [%rd2], %r1;\n"
    "  ret;\n"
    "}\n";

static unsigned host_var = 42; /* the CPU device's storage */
static int unknown_var;

static void read_var(unsigned* out) { (void)out; }
static void pack(void* const* a, void* dst) {
  *(unsigned**)dst = *(unsigned* const*)a[0];
}
static void run(hipc_cpu_block* b) {
  **(unsigned**)b->args = host_var;
  b->next = b->count;
}
static const uint32_t sizes[] = {8};
static const hipc_kernel_desc desc = {(const void*)read_var, "F = &read_var,",
                                      0, 0, 1, sizes, 8, 8, pack, run, run,
                                      NULL, NULL, 0, NULL, NULL};
static const hipc_gpu_image images[] = {{"sm_50", 1, ptx, sizeof ptx}};
static const hipc_gpu_kernel kernels[] = {
    {(const void*)read_var, "hipc_test_read_var"}};
static const hipc_gpu_var vars[] = {
    {&host_var, "hipc_test_var", sizeof host_var, 0}};
static const hipc_gpu_module module = {HIPC_GPU_MODULE_VERSION, 1, images, 1,
                                       kernels, 1, vars};

__attribute__((constructor)) static void reg(void) {
  hipc_register_gpu_module(&module);
  hipc_register_kernel(&desc);
}

static void test_on(hipc_device* dev) {
  CHECK_ERR(hipSetDevice(dev->ordinal), hipSuccess);
  if (!dev->ops->symbol) { /* the CPU device: the host object itself */
    CHECK(dev->ops->host_memory);
    return;
  }
  void* addr = NULL;
  size_t size = 0;
  CHECK_ERR(dev->ops->symbol(dev, &host_var, &addr, &size), hipSuccess);
  CHECK(addr != NULL);
  CHECK(addr != (void*)&host_var);
  CHECK_EQ(size, sizeof host_var);
  unsigned v = 0;
  CHECK_ERR(hipMemcpy(&v, addr, sizeof v, hipMemcpyDeviceToHost), hipSuccess);
  CHECK_EQ(v, 42); /* the image's initial value */
  v = 77;
  CHECK_ERR(hipMemcpy(addr, &v, sizeof v, hipMemcpyHostToDevice), hipSuccess);
  unsigned* out;
  CHECK_ERR(hipMalloc((void**)&out, sizeof *out), hipSuccess);
  void* args[] = {&out};
  CHECK_ERR(hipLaunchKernel((const void*)read_var, (dim3){1, 1, 1},
                            (dim3){1, 1, 1}, args, 0, NULL),
            hipSuccess);
  v = 0;
  CHECK_ERR(hipMemcpy(&v, out, sizeof v, hipMemcpyDeviceToHost), hipSuccess);
  CHECK_EQ(v, 77);
  CHECK_ERR(hipFree(out), hipSuccess);
  /* Twice: the cached address. */
  void* again = NULL;
  CHECK_ERR(dev->ops->symbol(dev, &host_var, &again, &size), hipSuccess);
  CHECK(again == addr);
  CHECK_ERR(dev->ops->symbol(dev, &unknown_var, &again, &size),
            hipErrorInvalidSymbol);
}

int main(void) {
  int n = 0;
  CHECK_ERR(hipGetDeviceCount(&n), hipSuccess);
  for (int i = 0; i < n; ++i) test_on(hipc__device(i));
  return check_summary("test_gpu_symbol");
}
