/* Device-level settings and queries: the PCI address, the device flags,
 * cache and shared-memory bank preferences, hipChooseDevice, and the
 * profiler markers.
 *
 * - hipSetDeviceFlags stores the scheduling mode of the current device
 *   (validated as AMD does: one scheduling mode, plus hipDeviceMapHost and
 *   hipDeviceLmemResizeToMax, which AMD accepts and drops) and
 *   hipGetDeviceFlags reports it. It changes nothing in how hipc waits;
 *   host memory is always mappable.
 * - Cache and shared-memory bank preferences are hints without effect on
 *   the CPU device; each device keeps what was last set, which the getters
 *   report (as CUDA does; defaults hipFuncCachePreferNone and
 *   hipSharedMemBankSizeFourByte).
 * - hipDeviceReset puts the flags and the preferences back to their
 *   defaults (hipc__device_config_reset).
 * - hipProfilerStart / hipProfilerStop: no profiler is attached; success,
 *   nothing done. */
#include <stdio.h>
#include <string.h>

#include "internal.h"

static unsigned device_flags[HIPC_MAX_DEVICES];
/* What was set; 0 is the default (hipFuncCachePreferNone;
 * hipSharedMemBankSizeDefault, which reads back as FourByte). */
static int cache_config[HIPC_MAX_DEVICES];
static int bank_config[HIPC_MAX_DEVICES];

void hipc__device_config_reset(hipc_device* dev) {
  __atomic_store_n(&device_flags[dev->ordinal], 0, __ATOMIC_RELAXED);
  __atomic_store_n(&cache_config[dev->ordinal], hipFuncCachePreferNone,
                   __ATOMIC_RELAXED);
  __atomic_store_n(&bank_config[dev->ordinal], 0, __ATOMIC_RELAXED);
}

hipError_t hipDeviceGetPCIBusId(char* pciBusId, int len, int device) {
  HIPC_API_ENTER();
  HIPC_RETURN_IF(!pciBusId || len <= 0, hipErrorInvalidValue);
  hipError_t e = hipc__init();
  HIPC_RETURN_IF(e != hipSuccess, e);
  hipc_device* dev = hipc__device(device);
  HIPC_RETURN_IF(!dev, hipErrorInvalidDevice);
  char id[64] = "";
  if (dev->ops->pci_bus_id) {
    e = dev->ops->pci_bus_id(dev, id, (int)sizeof id);
    HIPC_RETURN_IF(e != hipSuccess, e);
  } else {
    /* The CPU device is no PCI device: its properties say domain, bus and
     * device 0, so its address is 0000:00:00.0. */
    snprintf(id, sizeof id, "%04x:%02x:%02x.0",
             (unsigned)dev->props.pciDomainID, (unsigned)dev->props.pciBusID,
             (unsigned)dev->props.pciDeviceID);
  }
  /* A buffer too short for the address gets as much as fits, terminated,
   * and hipErrorInvalidValue (AMD's answer). */
  id[sizeof id - 1] = 0;
  size_t n = strlen(id);
  e = hipSuccess;
  if (n >= (size_t)len) {
    n = (size_t)len - 1;
    e = hipErrorInvalidValue;
  }
  memcpy(pciBusId, id, n);
  pciBusId[n] = 0;
  HIPC_RETURN(e);
}

hipError_t hipSetDeviceFlags(unsigned flags) {
  HIPC_API_ENTER();
  hipc_device* dev;
  hipError_t e = hipc__current_device(&dev);
  HIPC_RETURN_IF(e != hipSuccess, e);
  const unsigned known =
      hipDeviceScheduleMask | hipDeviceMapHost | hipDeviceLmemResizeToMax;
  HIPC_RETURN_IF(flags & ~known, hipErrorInvalidValue);
  switch (flags & hipDeviceScheduleMask) {
    case hipDeviceScheduleAuto:
    case hipDeviceScheduleSpin:
    case hipDeviceScheduleYield:
    case hipDeviceScheduleBlockingSync: break;
    default: HIPC_RETURN(hipErrorInvalidValue); /* two modes at once */
  }
  /* Only the scheduling mode is kept: AMD's runtime ignores the others
   * (hipGetDeviceFlags does not report them). */
  __atomic_store_n(&device_flags[dev->ordinal], flags & hipDeviceScheduleMask,
                   __ATOMIC_RELAXED);
  HIPC_RETURN(hipSuccess);
}

hipError_t hipGetDeviceFlags(unsigned int* flags) {
  HIPC_API_ENTER();
  HIPC_RETURN_IF(!flags, hipErrorInvalidValue);
  hipc_device* dev;
  hipError_t e = hipc__current_device(&dev);
  HIPC_RETURN_IF(e != hipSuccess, e);
  *flags = __atomic_load_n(&device_flags[dev->ordinal], __ATOMIC_RELAXED);
  HIPC_RETURN(hipSuccess);
}

hipError_t hipDeviceGetCacheConfig(hipFuncCache_t* cacheConfig) {
  HIPC_API_ENTER();
  HIPC_RETURN_IF(!cacheConfig, hipErrorInvalidValue);
  hipc_device* dev;
  hipError_t e = hipc__current_device(&dev);
  HIPC_RETURN_IF(e != hipSuccess, e);
  *cacheConfig = (hipFuncCache_t)__atomic_load_n(&cache_config[dev->ordinal],
                                                 __ATOMIC_RELAXED);
  HIPC_RETURN(hipSuccess);
}

hipError_t hipDeviceSetCacheConfig(hipFuncCache_t cacheConfig) {
  HIPC_API_ENTER();
  hipc_device* dev;
  hipError_t e = hipc__current_device(&dev);
  HIPC_RETURN_IF(e != hipSuccess, e);
  HIPC_RETURN_IF((unsigned)cacheConfig > hipFuncCachePreferEqual,
                 hipErrorInvalidValue);
  __atomic_store_n(&cache_config[dev->ordinal], (int)cacheConfig,
                   __ATOMIC_RELAXED);
  HIPC_RETURN(hipSuccess);
}

hipError_t hipDeviceGetSharedMemConfig(hipSharedMemConfig* pConfig) {
  HIPC_API_ENTER();
  HIPC_RETURN_IF(!pConfig, hipErrorInvalidValue);
  hipc_device* dev;
  hipError_t e = hipc__current_device(&dev);
  HIPC_RETURN_IF(e != hipSuccess, e);
  int v = __atomic_load_n(&bank_config[dev->ordinal], __ATOMIC_RELAXED);
  *pConfig = v ? (hipSharedMemConfig)v : hipSharedMemBankSizeFourByte;
  HIPC_RETURN(hipSuccess);
}

hipError_t hipDeviceSetSharedMemConfig(hipSharedMemConfig config) {
  HIPC_API_ENTER();
  hipc_device* dev;
  hipError_t e = hipc__current_device(&dev);
  HIPC_RETURN_IF(e != hipSuccess, e);
  HIPC_RETURN_IF((unsigned)config > hipSharedMemBankSizeEightByte,
                 hipErrorInvalidValue);
  __atomic_store_n(&bank_config[dev->ordinal], (int)config, __ATOMIC_RELAXED);
  HIPC_RETURN(hipSuccess);
}

/* How many of the properties `want` asks for (its non-zero fields among
 * those below) `have` meets: a name equal, a version, count or size at
 * least as large, a warp size or capability flag equal. */
static int score(const hipDeviceProp_t* have, const hipDeviceProp_t* want) {
  int s = 0;
  if (want->name[0]) s += strncmp(have->name, want->name, sizeof want->name) == 0;
  if (want->major)
    s += have->major > want->major ||
         (have->major == want->major && have->minor >= want->minor);
  if (want->totalGlobalMem) s += have->totalGlobalMem >= want->totalGlobalMem;
  if (want->sharedMemPerBlock)
    s += have->sharedMemPerBlock >= want->sharedMemPerBlock;
  if (want->multiProcessorCount)
    s += have->multiProcessorCount >= want->multiProcessorCount;
  if (want->maxThreadsPerBlock)
    s += have->maxThreadsPerBlock >= want->maxThreadsPerBlock;
  if (want->clockRate) s += have->clockRate >= want->clockRate;
  if (want->warpSize) s += have->warpSize == want->warpSize;
  if (want->managedMemory) s += have->managedMemory == want->managedMemory;
  if (want->cooperativeLaunch)
    s += have->cooperativeLaunch == want->cooperativeLaunch;
  if (want->integrated) s += have->integrated == want->integrated;
  return s;
}

/* The device that meets most of what `prop` asks for; the lowest ordinal
 * among equals (device 0 when `prop` asks for nothing). */
hipError_t hipChooseDeviceR0600(int* device, const hipDeviceProp_tR0600* prop) {
  HIPC_API_ENTER();
  HIPC_RETURN_IF(!device || !prop, hipErrorInvalidValue);
  hipError_t e = hipc__init();
  HIPC_RETURN_IF(e != hipSuccess, e);
  int best = 0, best_score = -1;
  for (int i = 0; i < hipc__device_count(); ++i) {
    int s = score(&hipc__device(i)->props, prop);
    if (s > best_score) best = i, best_score = s;
  }
  *device = best;
  HIPC_RETURN(hipSuccess);
}

hipError_t hipProfilerStart(void) {
  HIPC_API_ENTER();
  HIPC_RETURN(hipSuccess);
}

hipError_t hipProfilerStop(void) {
  HIPC_API_ENTER();
  HIPC_RETURN(hipSuccess);
}
