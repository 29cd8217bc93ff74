/* With the fake libcuda.so.1 of fake_cuda.c: the CUDA backend retains a
 * GPU's primary context (and makes its null stream) on the device's first
 * use, not when the runtime counts GPUs or reads their properties, and once
 * only, however many threads ask at once. `lazy_context eager` checks
 * HIPC_CUDA_EAGER_CONTEXT=1 instead: both contexts at init. */
#include <dlfcn.h>
#include <hip/hip_runtime_api.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

#include "check.h"

static int (*count)(const char*);

static void* alloc_on_0(void* arg) {
  (void)arg;
  void* p = NULL;
  if (hipSetDevice(0) != hipSuccess || hipMalloc(&p, 64) != hipSuccess)
    return (void*)1;
  return hipFree(p) == hipSuccess ? NULL : (void*)1;
}

int main(int argc, char** argv) {
  int eager = argc > 1 && strcmp(argv[1], "eager") == 0;
  int peer = argc > 1 && strcmp(argv[1], "peer") == 0;
  int n = -1;
  CHECK(hipGetDeviceCount(&n) == hipSuccess);
  CHECK(n == 2);
  void* lib = dlopen("libcuda.so.1", RTLD_NOW | RTLD_NOLOAD);
  CHECK(lib != NULL);
  if (!lib) return 1;
  *(void**)&count = dlsym(lib, "fake_cuda_count");
  CHECK(count != NULL);
  if (!count) return 1;
  hipDeviceProp_t p;
  CHECK(hipGetDeviceProperties(&p, 1) == hipSuccess);
  CHECK(p.major == 9 && p.minor == 0 && p.warpSize == 32);
  CHECK(p.multiProcessorCount == 132);
  CHECK(strcmp(p.name, "Fake GPU 1") == 0);
  if (eager) {
    CHECK(count("retain0") == 1 && count("retain1") == 1);
    CHECK(count("streams") == 2);
    return failures != 0;
  }
  /* Counting and properties: no context, no stream. */
  CHECK(count("retain0") == 0 && count("retain1") == 0);
  CHECK(count("streams") == 0);
  if (peer) {
    /* Peer access from GPU 0 to GPU 1 makes both contexts (the fake
     * refuses it without GPU 0's current or GPU 1's given). */
    int can = 0;
    CHECK(hipDeviceCanAccessPeer(&can, 0, 1) == hipSuccess && can == 1);
    CHECK(count("retain0") == 0 && count("retain1") == 0);
    CHECK(hipSetDevice(0) == hipSuccess);
    CHECK(hipDeviceEnablePeerAccess(1, 0) == hipSuccess);
    CHECK(count("retain0") == 1 && count("retain1") == 1);
    void* d = NULL;
    CHECK(hipMalloc(&d, 64) == hipSuccess && hipFree(d) == hipSuccess);
    CHECK(count("retain0") == 1 && count("streams") == 2);
    return failures != 0;
  }
  /* Eight threads' first allocations on device 0: one context, one null
   * stream, and each thread's allocation made with a context current (the
   * fake refuses it otherwise). */
  pthread_t t[8];
  for (int i = 0; i < 8; ++i) CHECK(pthread_create(&t[i], NULL, alloc_on_0, NULL) == 0);
  for (int i = 0; i < 8; ++i) {
    void* r = (void*)1;
    CHECK(pthread_join(t[i], &r) == 0 && r == NULL);
  }
  CHECK(count("retain0") == 1 && count("retain1") == 0);
  CHECK(count("streams") == 1);
  /* Waiting for a GPU that has run nothing makes no context. */
  CHECK(hipSetDevice(1) == hipSuccess);
  CHECK(hipDeviceSynchronize() == hipSuccess);
  CHECK(hipStreamSynchronize(NULL) == hipSuccess);
  CHECK(hipStreamQuery(NULL) == hipSuccess);
  CHECK(count("retain1") == 0 && count("streams") == 1);
  /* Device 1 on its first use; device 0 stays as it was. */
  void* d = NULL;
  CHECK(hipMalloc(&d, 256) == hipSuccess && d != NULL);
  CHECK(count("retain0") == 1 && count("retain1") == 1);
  CHECK(count("streams") == 2);
  CHECK(hipFree(d) == hipSuccess);
  /* A stream of its own on device 1: a stream, no new context. */
  hipStream_t s;
  CHECK(hipStreamCreate(&s) == hipSuccess);
  CHECK(count("streams") == 3 && count("retain1") == 1);
  if (failures) fprintf(stderr, "%d failures\n", failures);
  return failures != 0;
}
