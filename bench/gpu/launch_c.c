/* Launch overhead from C, without hipcc's device pass: hipLaunchKernel of
 * an empty kernel registered by hand (PTX below), against cuLaunchKernel of
 * the same PTX called directly, in the same process, back to back on the
 * null stream. Prints "RESULT launch_c <us> us/launch" and
 * "RESULT launch_driver <us> us/launch". */
#define _POSIX_C_SOURCE 200809L
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "hip/hipc/gpu_module.h"
#include "hip/hipc/kernel.h"

static const char ptx[] =
    ".version 7.0\n.target sm_50\n.address_size 64\n"
    ".visible .entry hipc_bench_empty()\n{\n  ret;\n}\n";

static void empty(void) {}
static void pack(void* const* a, void* d) { (void)a, (void)d; }
static void run(hipc_cpu_block* b) { b->next = b->count; }
static const hipc_kernel_desc desc = {(const void*)empty, "F = &empty,", 0, 0,
                                      0, NULL, 1, 1, pack, run, run};
static const hipc_gpu_image images[] = {{"sm_50", 1, ptx, sizeof ptx}};
static const hipc_gpu_kernel kernels[] = {{(const void*)empty, "hipc_bench_empty"}};
static const hipc_gpu_module module = {HIPC_GPU_MODULE_VERSION, 1, images, 1,
                                       kernels, 0, NULL};
__attribute__((constructor)) static void reg(void) {
  hipc_register_gpu_module(&module);
  hipc_register_kernel(&desc);
}

static double now_us(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec * 1e6 + t.tv_nsec / 1e3;
}

typedef int (*fn_t)();
int main(void) {
  const char* e = getenv("BENCH_LAUNCHES");
  int n = e ? atoi(e) : 20000;
  double best = 1e30;
  for (int r = 0; r < 4; ++r) { /* the first is a warm-up */
    double t0 = now_us();
    for (int i = 0; i < n; ++i)
      if (hipLaunchKernel((const void*)empty, (dim3){1, 1, 1},
                          (dim3){64, 1, 1}, NULL, 0, NULL) != hipSuccess)
        return 2;
    if (hipDeviceSynchronize() != hipSuccess) return 2;
    double t = (now_us() - t0) / n;
    if (r && t < best) best = t;
  }
  printf("RESULT launch_c %d launches %.3f us/launch\n", n, best);

  /* The driver API by itself, on the same (primary) context. */
  void* lib = dlopen("libcuda.so.1", RTLD_NOW);
  if (!lib) return 0;
  fn_t get = (fn_t)dlsym(lib, "cuDeviceGet"),
       retain = (fn_t)dlsym(lib, "cuDevicePrimaryCtxRetain"),
       set = (fn_t)dlsym(lib, "cuCtxSetCurrent"),
       load = (fn_t)dlsym(lib, "cuModuleLoadData"),
       func = (fn_t)dlsym(lib, "cuModuleGetFunction"),
       launch = (fn_t)dlsym(lib, "cuLaunchKernel"),
       sync = (fn_t)dlsym(lib, "cuCtxSynchronize");
  int dev;
  void *ctx, *mod, *f;
  if (get(&dev, 0) || retain(&ctx, dev) || set(ctx) || load(&mod, ptx) ||
      func(&f, mod, "hipc_bench_empty"))
    return 3;
  best = 1e30;
  for (int r = 0; r < 4; ++r) {
    double t0 = now_us();
    for (int i = 0; i < n; ++i)
      if (launch(f, 1u, 1u, 1u, 64u, 1u, 1u, 0u, (void*)0, (void*)0, (void*)0))
        return 4;
    if (sync()) return 4;
    double t = (now_us() - t0) / n;
    if (r && t < best) best = t;
  }
  printf("RESULT launch_driver %d launches %.3f us/launch\n", n, best);
  return 0;
}
