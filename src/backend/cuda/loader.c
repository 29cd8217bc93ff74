/* Loading NVIDIA's driver at run time, and its results as HIP errors. */
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cuda_backend.h"
#include "runtime/env.h"

hipc_cuda_api hipc_cu;

static pthread_once_t load_once = PTHREAD_ONCE_INIT;
static int load_status = -1;

/* HIPC_DEBUG_CUDA=1 says why the driver could not be used (silent by
 * default: a machine without a GPU is normal). */
static void explain(const char* what, const char* detail) {
  if (hipc__env_flag("HIPC_DEBUG_CUDA", 0))
    fprintf(stderr, "hipc: CUDA driver: %s%s%s\n", what, detail ? ": " : "",
            detail ? detail : "");
}

static void load(void) {
  void* lib = dlopen("libcuda.so.1", RTLD_NOW | RTLD_LOCAL);
  if (!lib) {
    explain("libcuda.so.1 not loaded", dlerror());
    return;
  }
#define HIPC_CUDA_RESOLVE(name, sym, params)                     \
  *(void**)&hipc_cu.name = dlsym(lib, sym);                      \
  if (!hipc_cu.name) {                                           \
    explain("missing entry point", sym);                         \
    dlclose(lib);                                                \
    memset(&hipc_cu, 0, sizeof hipc_cu);                         \
    return;                                                      \
  }
  HIPC_CUDA_ENTRY_POINTS(HIPC_CUDA_RESOLVE)
#undef HIPC_CUDA_RESOLVE
#define HIPC_CUDA_RESOLVE_OPTIONAL(name, sym, params) \
  *(void**)&hipc_cu.name = dlsym(lib, sym);
  HIPC_CUDA_OPTIONAL_ENTRY_POINTS(HIPC_CUDA_RESOLVE_OPTIONAL)
  HIPC_CUDA_POOL_ENTRY_POINTS(HIPC_CUDA_RESOLVE_OPTIONAL)
#undef HIPC_CUDA_RESOLVE_OPTIONAL
  CUresult r = hipc_cu.Init(0);
  if (r != CUDA_SUCCESS) {
    char code[32];
    snprintf(code, sizeof code, "%d", r);
    explain("cuInit failed", code);
    return;
  }
  load_status = 0;
}

int hipc__cuda_load(void) {
  pthread_once(&load_once, load);
  return load_status;
}

/* Most driver results have a HIP code with the same value and meaning
 * (HIP's list was modelled on CUDA's); the rest are translated here. */
hipError_t hipc__cuda_error(CUresult r) {
  switch (r) {
    case 0: case 1: case 2: case 3: case 4: case 5: case 6: case 7: case 8:
    case 100: case 101: case 200: case 201: case 202: case 205: case 206:
    case 207: case 208: case 209: case 210: case 211: case 212: case 213:
    case 214: case 215: case 216: case 217: case 218: case 219: case 300:
    case 301: case 302: case 303: case 304: case 400: case 401: case 500:
    case 600: case 700: case 701: case 702: case 704: case 705: case 708:
    case 709: case 710: case 712: case 713: case 719: case 720: case 801:
    case 900: case 901: case 902: case 903: case 904: case 905: case 906:
    case 907: case 908: case 910:
      return (hipError_t)r;
    case 34:  /* stub library */
    case 36:  /* call requires a newer driver */
    case 803: /* driver / kernel module mismatch */
      return hipErrorInsufficientDriver;
    case 46: return hipErrorNoDevice;   /* device unavailable */
    case 102: return hipErrorInvalidDevice;
    case 221: case 222: case 223:       /* PTX the driver cannot JIT */
      return hipErrorInvalidKernelFile;
    case 703: case 714: case 715: case 716: case 717: case 718:
      return hipErrorLaunchFailure;     /* the kernel died */
    case 711: return hipErrorPeerAccessUnsupported;
    case 800: return hipErrorNotSupported;
    case 913: return hipErrorInvalidDeviceFunction;
    default: return hipErrorUnknown;
  }
}
