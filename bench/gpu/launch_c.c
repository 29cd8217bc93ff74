/* Launch overhead from C, without hipcc's device pass: hipLaunchKernel of
 * an empty kernel registered by hand (PTX below), against cuLaunchKernel of
 * the same PTX called directly, in the same process, back to back on the
 * null stream. Prints "RESULT launch_c <us> us/launch",
 * "RESULT launch_driver <us> us/launch" (the legacy stream) and
 * "RESULT launch_driver_stream <us> us/launch" (a non-blocking stream of
 * its own, like hipc's). */
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
static fn_t launch, sync_ctx;
static void* f;
static void* stream; /* driver_round's stream (NULL: the legacy stream) */

/* Microseconds per launch of `n` back-to-back launches and one sync. */
static double hipc_round(int n) {
  double t0 = now_us();
  for (int i = 0; i < n; ++i)
    if (hipLaunchKernel((const void*)empty, (dim3){1, 1, 1}, (dim3){64, 1, 1},
                        NULL, 0, NULL) != hipSuccess)
      exit(2);
  if (hipDeviceSynchronize() != hipSuccess) exit(2);
  return (now_us() - t0) / n;
}

static double driver_round(int n) {
  double t0 = now_us();
  for (int i = 0; i < n; ++i)
    if (launch(f, 1u, 1u, 1u, 64u, 1u, 1u, 0u, stream, (void*)0, (void*)0))
      exit(4);
  if (sync_ctx()) exit(4);
  return (now_us() - t0) / n;
}

int main(void) {
  const char* e = getenv("BENCH_LAUNCHES");
  int n = e ? atoi(e) : 20000;
  (void)hipc_round(100); /* loads the module */
  /* The driver API by itself, on the same (primary) context. */
  void* lib = dlopen("libcuda.so.1", RTLD_NOW);
  if (!lib) return 3;
  fn_t get = (fn_t)dlsym(lib, "cuDeviceGet"),
       retain = (fn_t)dlsym(lib, "cuDevicePrimaryCtxRetain"),
       set = (fn_t)dlsym(lib, "cuCtxSetCurrent"),
       load = (fn_t)dlsym(lib, "cuModuleLoadData"),
       func = (fn_t)dlsym(lib, "cuModuleGetFunction");
  launch = (fn_t)dlsym(lib, "cuLaunchKernel");
  sync_ctx = (fn_t)dlsym(lib, "cuCtxSynchronize");
  int dev;
  void *ctx, *mod;
  if (get(&dev, 0) || retain(&ctx, dev) || set(ctx) || load(&mod, ptx) ||
      func(&f, mod, "hipc_bench_empty"))
    return 3;
  /* The driver on a stream of its own, non-blocking as hipc's streams are
   * (src/backend/cuda/queue.c), next to the legacy stream cudart uses. */
  fn_t create = (fn_t)dlsym(lib, "cuStreamCreate");
  void* own = NULL;
  if (!create || create(&own, 1u)) return 3;
  (void)driver_round(100);
  /* Alternating rounds; the best of each side counts. */
  double best_hipc = 1e30, best_driver = 1e30, best_own = 1e30;
  for (int r = 0; r < 4; ++r) {
    double t = hipc_round(n);
    if (t < best_hipc) best_hipc = t;
    stream = NULL;
    t = driver_round(n);
    if (t < best_driver) best_driver = t;
    stream = own;
    t = driver_round(n);
    if (t < best_own) best_own = t;
  }
  printf("RESULT launch_c %d launches %.3f us/launch\n", n, best_hipc);
  printf("RESULT launch_driver %d launches %.3f us/launch\n", n, best_driver);
  printf("RESULT launch_driver_stream %d launches %.3f us/launch\n", n,
         best_own);
  return 0;
}
