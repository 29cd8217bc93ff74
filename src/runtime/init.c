/* Runtime start-up, the device table and the current device.
 *
 * The table is built once (pthread_once) on the first API call that needs
 * it: GPU backends first, the CPU device after them. HIPC_DEVICES=cpu or
 * =gpu restricts which backends are probed. A GPU backend that finds no
 * driver or no GPU reports no devices, silently. Which GPUs are shown is
 * the backend's business (HIP_VISIBLE_DEVICES, CUDA_VISIBLE_DEVICES). The
 * current device is per host thread. */
#include <stdlib.h>
#include <string.h>

#include "hip/hip_version.h"
#include "internal.h"
#include "texture_internal.h"

static pthread_once_t init_once = PTHREAD_ONCE_INIT;
static hipError_t init_status = hipErrorNotInitialized;
static hipc_device devices[HIPC_MAX_DEVICES];
static int ndevices;
static _Thread_local int current_ordinal
    __attribute__((tls_model("initial-exec"))); /* read at every launch */

typedef struct backend_entry {
  const hipc_backend_ops* ops;
  const char* kind; /* what HIPC_DEVICES names it */
} backend_entry;

static const backend_entry backends[] = {
    {&hipc_cuda_ops, "gpu"},
    {&hipc_cpu_ops, "cpu"},
};

/* HIPC_DEVICES: all (the default), cpu or gpu. */
static int wanted(const char* kind) {
  static const char* const choices[] = {"all", "cpu", "gpu", NULL};
  int sel = hipc__env_choice("HIPC_DEVICES", choices, 0);
  return sel == 0 || strcmp(choices[sel], kind) == 0;
}

static void init_devices(void) {
  for (size_t b = 0; b < sizeof backends / sizeof backends[0]; ++b) {
    const backend_entry* be = &backends[b];
    if (!wanted(be->kind)) continue;
    int n = be->ops->probe();
    for (int i = 0; i < n && ndevices < HIPC_MAX_DEVICES; ++i) {
      hipc_device* dev = &devices[ndevices];
      dev->ops = be->ops;
      dev->ordinal = ndevices;
      if (be->ops->init(dev, i) == hipSuccess) {
        hipc__texture_props(dev); /* texture.c */
        hipc__trace_device(dev);  /* trace_device.c, with HIPC_TRACE */
        ndevices++;
      }
    }
  }
  init_status = ndevices ? hipSuccess : hipErrorNoDevice;
}

hipError_t hipc__init(void) {
  pthread_once(&init_once, init_devices);
  return init_status;
}

int hipc__device_count(void) {
  return hipc__init() == hipSuccess ? ndevices : 0;
}

hipc_device* hipc__device(int ordinal) {
  if (hipc__init() != hipSuccess || ordinal < 0 || ordinal >= ndevices)
    return NULL;
  return &devices[ordinal];
}

hipError_t hipc__current_device(hipc_device** out) {
  hipError_t e = hipc__init();
  if (e != hipSuccess) return e;
  *out = &devices[current_ordinal];
  return hipSuccess;
}

hipError_t hipInit(unsigned int flags) {
  HIPC_API_ENTER();
  HIPC_RETURN_IF(flags != 0, hipErrorInvalidValue);
  HIPC_RETURN(hipc__init());
}

hipError_t hipGetDeviceCount(int* count) {
  HIPC_API_ENTER();
  HIPC_RETURN_IF(!count, hipErrorInvalidValue);
  hipError_t e = hipc__init();
  *count = e == hipSuccess ? ndevices : 0;
  HIPC_RETURN(e);
}

hipError_t hipSetDevice(int device) {
  HIPC_API_ENTER();
  HIPC_ARG_I64("device", device);
  hipError_t e = hipc__init();
  HIPC_RETURN_IF(e != hipSuccess, e);
  HIPC_RETURN_IF(device < 0 || device >= ndevices, hipErrorInvalidDevice);
  current_ordinal = device;
  HIPC_RETURN(hipSuccess);
}

hipError_t hipGetDevice(int* device) {
  HIPC_API_ENTER();
  HIPC_RETURN_IF(!device, hipErrorInvalidValue);
  hipError_t e = hipc__init();
  HIPC_RETURN_IF(e != hipSuccess, e);
  *device = current_ordinal;
  HIPC_RETURN(hipSuccess);
}

hipError_t hipDeviceSynchronize(void) {
  HIPC_API_ENTER();
  hipc_device* dev;
  hipError_t e = hipc__current_device(&dev);
  HIPC_RETURN_IF(e != hipSuccess, e);
  e = hipc__capture_unsafe(0); /* capture.c */
  HIPC_RETURN_IF(e != hipSuccess, e);
  /* Relaxed captures allow unsafe calls, but not a wait for their streams,
   * which this is: AMD's runtime refuses it under every mode. */
  HIPC_RETURN_IF(hipc__stream_any_capturing(dev),
                 hipErrorStreamCaptureUnsupported);
  HIPC_RETURN(dev->ops->device_sync(dev));
}

hipError_t hipDeviceReset(void) {
  HIPC_API_ENTER();
  hipc_device* dev;
  hipError_t e = hipc__current_device(&dev);
  HIPC_RETURN_IF(e != hipSuccess, e);
  e = dev->ops->device_sync(dev);
  HIPC_RETURN_IF(e != hipSuccess, e);
  hipc__peer_reset(dev);
  hipc__device_config_reset(dev);
  hipc__mempool_reset(dev); /* before the table entries go */
  hipc__alloc_release_device(dev);
  hipc__trace_flush(); /* the trace so far, to its file */
  HIPC_RETURN(hipSuccess);
}

hipError_t hipDriverGetVersion(int* version) {
  HIPC_API_ENTER();
  HIPC_RETURN_IF(!version, hipErrorInvalidValue);
  *version = HIP_VERSION;
  HIPC_RETURN(hipSuccess);
}

hipError_t hipRuntimeGetVersion(int* version) {
  HIPC_API_ENTER();
  HIPC_RETURN_IF(!version, hipErrorInvalidValue);
  *version = HIP_VERSION;
  HIPC_RETURN(hipSuccess);
}
