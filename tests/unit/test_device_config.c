/* Device-level settings and queries on every device the program sees: the
 * PCI address (agreeing with the PCI attributes; a short buffer gets what
 * fits and hipErrorInvalidValue), device flags (the scheduling mode stored
 * per device, validated as AMD does), cache and shared-memory bank preferences (kept
 * per device and read back), hipDeviceReset putting all three back to the
 * defaults, hipChooseDevice, hipExtMallocWithFlags
 * (each kind allocates device memory that copies reach, flags recorded),
 * hipConfigureCall, and the profiler markers. */
#include <stdint.h>
#include <stdlib.h>

#include "check.h"

static int ndev;

static void test_pci_bus_id(void) {
  char id[64];
  for (int d = 0; d < ndev; ++d) {
    memset(id, 'x', sizeof id);
    CHECK_ERR(hipDeviceGetPCIBusId(id, (int)sizeof id, d), hipSuccess);
    /* domain:bus:device.function, in hex, as the attributes say. */
    unsigned dom = 99, bus = 99, dv = 99, fn = 99;
    char end = 0;
    CHECK_EQ(sscanf(id, "%x:%x:%x.%x%c", &dom, &bus, &dv, &fn, &end), 4);
    int a = -1;
    CHECK_ERR(hipDeviceGetAttribute(&a, hipDeviceAttributePciDomainID, d),
              hipSuccess);
    CHECK_EQ(dom, a);
    CHECK_ERR(hipDeviceGetAttribute(&a, hipDeviceAttributePciBusId, d),
              hipSuccess);
    CHECK_EQ(bus, a);
    CHECK_ERR(hipDeviceGetAttribute(&a, hipDeviceAttributePciDeviceId, d),
              hipSuccess);
    CHECK_EQ(dv, a);
    CHECK_EQ(fn, 0);
    hipDeviceProp_t p;
    CHECK_ERR(hipGetDeviceProperties(&p, d), hipSuccess);
    if (strncmp(p.gcnArchName, "sm_", 3) != 0)
      CHECK(strcmp(id, "0000:00:00.0") == 0); /* the CPU device */
    /* A short buffer gets the start, terminated, and the call fails; one
     * just large enough gets it all. */
    char small[6];
    memset(small, 'x', sizeof small);
    CHECK_ERR(hipDeviceGetPCIBusId(small, (int)sizeof small, d),
              hipErrorInvalidValue);
    CHECK_EQ(small[5], 0);
    CHECK(strncmp(small, id, 5) == 0);
    char one = 'x';
    CHECK_ERR(hipDeviceGetPCIBusId(&one, 1, d), hipErrorInvalidValue);
    CHECK_EQ(one, 0);
    char exact[64];
    int fit = (int)strlen(id) + 1;
    memset(exact, 'x', sizeof exact);
    CHECK_ERR(hipDeviceGetPCIBusId(exact, fit, d), hipSuccess);
    CHECK(strcmp(exact, id) == 0);
    CHECK_EQ(exact[fit], 'x');
    CHECK_ERR(hipDeviceGetPCIBusId(exact, fit - 1, d), hipErrorInvalidValue);
    CHECK_EQ(strlen(exact), (size_t)fit - 2);
  }
  CHECK_ERR(hipDeviceGetPCIBusId(NULL, 16, 0), hipErrorInvalidValue);
  CHECK_ERR(hipDeviceGetPCIBusId(id, 0, 0), hipErrorInvalidValue);
  CHECK_ERR(hipDeviceGetPCIBusId(id, -1, 0), hipErrorInvalidValue);
  CHECK_ERR(hipDeviceGetPCIBusId(id, 16, -1), hipErrorInvalidDevice);
  CHECK_ERR(hipDeviceGetPCIBusId(id, 16, ndev), hipErrorInvalidDevice);
}

static void test_device_flags(void) {
  unsigned f = 123;
  CHECK_ERR(hipGetDeviceFlags(NULL), hipErrorInvalidValue);
  for (int d = 0; d < ndev; ++d) {
    CHECK_ERR(hipSetDevice(d), hipSuccess);
    CHECK_ERR(hipGetDeviceFlags(&f), hipSuccess);
    CHECK_EQ(f, hipDeviceScheduleAuto);
  }
  const unsigned good[] = {
      hipDeviceScheduleAuto, hipDeviceScheduleSpin, hipDeviceScheduleYield,
      hipDeviceScheduleBlockingSync,
      hipDeviceScheduleSpin | hipDeviceMapHost,
      hipDeviceScheduleBlockingSync | hipDeviceMapHost |
          hipDeviceLmemResizeToMax,
      hipDeviceMapHost};
  const unsigned bad[] = {
      hipDeviceScheduleSpin | hipDeviceScheduleYield,         /* 3 */
      hipDeviceScheduleSpin | hipDeviceScheduleBlockingSync,  /* 5 */
      hipDeviceScheduleMask,                                  /* 7 */
      0x20, 0x100 | hipDeviceMapHost, 0x80000000u};
  for (int d = 0; d < ndev; ++d) {
    CHECK_ERR(hipSetDevice(d), hipSuccess);
    for (size_t i = 0; i < sizeof good / sizeof good[0]; ++i) {
      unsigned want = good[(i + (size_t)d) % (sizeof good / sizeof good[0])];
      CHECK_ERR(hipSetDeviceFlags(want), hipSuccess);
      CHECK_ERR(hipGetDeviceFlags(&f), hipSuccess);
      CHECK_EQ(f, want & hipDeviceScheduleMask); /* the mode alone */
    }
    unsigned kept = good[(size_t)d % (sizeof good / sizeof good[0])];
    CHECK_ERR(hipSetDeviceFlags(kept), hipSuccess);
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; ++i) {
      CHECK_ERR(hipSetDeviceFlags(bad[i]), hipErrorInvalidValue);
      CHECK_ERR(hipGetDeviceFlags(&f), hipSuccess);
      CHECK_EQ(f, kept & hipDeviceScheduleMask); /* refused: unchanged */
    }
  }
  /* Per device: each kept its own. */
  for (int d = 0; d < ndev; ++d) {
    CHECK_ERR(hipSetDevice(d), hipSuccess);
    CHECK_ERR(hipGetDeviceFlags(&f), hipSuccess);
    CHECK_EQ(f, good[(size_t)d % (sizeof good / sizeof good[0])] &
                    hipDeviceScheduleMask);
    CHECK_ERR(hipSetDeviceFlags(0), hipSuccess);
  }
  CHECK_ERR(hipSetDevice(0), hipSuccess);
}

static void test_cache_and_bank_config(void) {
  hipFuncCache_t c = (hipFuncCache_t)7;
  hipSharedMemConfig m = (hipSharedMemConfig)7;
  CHECK_ERR(hipDeviceGetCacheConfig(NULL), hipErrorInvalidValue);
  CHECK_ERR(hipDeviceGetSharedMemConfig(NULL), hipErrorInvalidValue);
  CHECK_ERR(hipDeviceSetCacheConfig((hipFuncCache_t)4), hipErrorInvalidValue);
  CHECK_ERR(hipDeviceSetCacheConfig((hipFuncCache_t)-1),
            hipErrorInvalidValue);
  CHECK_ERR(hipDeviceSetSharedMemConfig((hipSharedMemConfig)3),
            hipErrorInvalidValue);
  CHECK_ERR(hipDeviceSetSharedMemConfig((hipSharedMemConfig)-1),
            hipErrorInvalidValue);
  for (int d = 0; d < ndev; ++d) {
    CHECK_ERR(hipSetDevice(d), hipSuccess);
    for (int v = hipFuncCachePreferNone; v <= hipFuncCachePreferEqual; ++v) {
      CHECK_ERR(hipDeviceSetCacheConfig((hipFuncCache_t)v), hipSuccess);
      CHECK_ERR(hipDeviceGetCacheConfig(&c), hipSuccess);
      CHECK_EQ(c, v);
    }
    for (int v = hipSharedMemBankSizeDefault;
         v <= hipSharedMemBankSizeEightByte; ++v) {
      CHECK_ERR(hipDeviceSetSharedMemConfig((hipSharedMemConfig)v),
                hipSuccess);
      CHECK_ERR(hipDeviceGetSharedMemConfig(&m), hipSuccess);
      /* The default reads back as the four-byte banks it is. */
      CHECK_EQ(m, v == hipSharedMemBankSizeDefault
                      ? hipSharedMemBankSizeFourByte
                      : v);
    }
    /* Per device: device d keeps PreferL1 + d % 3 (set below, read after
     * every device set its own). */
    CHECK_ERR(hipDeviceSetCacheConfig((hipFuncCache_t)(1 + d % 3)),
              hipSuccess);
  }
  for (int d = 0; d < ndev; ++d) {
    CHECK_ERR(hipSetDevice(d), hipSuccess);
    CHECK_ERR(hipDeviceGetCacheConfig(&c), hipSuccess);
    CHECK_EQ(c, 1 + d % 3);
  }
  CHECK_ERR(hipSetDevice(0), hipSuccess);
}

/* hipDeviceReset: the flags and preferences of the current device go back
 * to the defaults, its memory is freed, another device's keep theirs. */
static void test_reset(void) {
  for (int d = 0; d < ndev; ++d) {
    CHECK_ERR(hipSetDevice(d), hipSuccess);
    CHECK_ERR(hipSetDeviceFlags(hipDeviceScheduleBlockingSync), hipSuccess);
    CHECK_ERR(hipDeviceSetCacheConfig(hipFuncCachePreferShared), hipSuccess);
    CHECK_ERR(hipDeviceSetSharedMemConfig(hipSharedMemBankSizeEightByte),
              hipSuccess);
  }
  CHECK_ERR(hipSetDevice(0), hipSuccess);
  void* p = NULL;
  CHECK_ERR(hipMalloc(&p, 500), hipSuccess);
  CHECK_ERR(hipDeviceReset(), hipSuccess);
  unsigned f = 99;
  hipFuncCache_t c = (hipFuncCache_t)7;
  hipSharedMemConfig m = (hipSharedMemConfig)7;
  CHECK_ERR(hipGetDeviceFlags(&f), hipSuccess);
  CHECK_EQ(f, 0);
  CHECK_ERR(hipDeviceGetCacheConfig(&c), hipSuccess);
  CHECK_EQ(c, hipFuncCachePreferNone);
  CHECK_ERR(hipDeviceGetSharedMemConfig(&m), hipSuccess);
  CHECK_EQ(m, hipSharedMemBankSizeFourByte);
  CHECK_ERR(hipFree(p), hipErrorInvalidValue);
  if (ndev > 1) {
    CHECK_ERR(hipSetDevice(1), hipSuccess);
    CHECK_ERR(hipGetDeviceFlags(&f), hipSuccess);
    CHECK_EQ(f, hipDeviceScheduleBlockingSync);
    CHECK_ERR(hipDeviceGetCacheConfig(&c), hipSuccess);
    CHECK_EQ(c, hipFuncCachePreferShared);
    CHECK_ERR(hipDeviceReset(), hipSuccess);
    CHECK_ERR(hipSetDevice(0), hipSuccess);
  }
  for (int d = 2; d < ndev; ++d) {
    CHECK_ERR(hipSetDevice(d), hipSuccess);
    CHECK_ERR(hipDeviceReset(), hipSuccess);
  }
  CHECK_ERR(hipSetDevice(0), hipSuccess);
}

static void test_choose_device(void) {
  hipDeviceProp_t want;
  int d = -1;
  memset(&want, 0, sizeof want);
  CHECK_ERR(hipChooseDevice(NULL, &want), hipErrorInvalidValue);
  CHECK_ERR(hipChooseDevice(&d, NULL), hipErrorInvalidValue);
  /* Nothing asked: device 0. */
  CHECK_ERR(hipChooseDevice(&d, &want), hipSuccess);
  CHECK_EQ(d, 0);
  /* Each device's own name and warp size: the first device that has
   * both. */
  for (int i = 0; i < ndev; ++i) {
    hipDeviceProp_t p;
    CHECK_ERR(hipGetDeviceProperties(&p, i), hipSuccess);
    memset(&want, 0, sizeof want);
    memcpy(want.name, p.name, sizeof want.name);
    want.warpSize = p.warpSize;
    int first = -1;
    for (int j = 0; j < ndev && first < 0; ++j) {
      hipDeviceProp_t q;
      CHECK_ERR(hipGetDeviceProperties(&q, j), hipSuccess);
      if (strcmp(q.name, p.name) == 0 && q.warpSize == p.warpSize) first = j;
    }
    d = -1;
    CHECK_ERR(hipChooseDevice(&d, &want), hipSuccess);
    CHECK_EQ(d, first);
  }
}

static void test_ext_malloc(void) {
  /* hipMallocSignalMemory takes 8 bytes only (test_memory_conf). */
  const unsigned kinds[] = {hipDeviceMallocDefault, hipDeviceMallocFinegrained,
                            hipDeviceMallocUncached};
  unsigned char pat[1000], back[1000];
  for (size_t i = 0; i < sizeof pat; ++i) pat[i] = (unsigned char)(i * 7 + 3);
  for (int d = 0; d < ndev; ++d) {
    CHECK_ERR(hipSetDevice(d), hipSuccess);
    for (size_t k = 0; k < sizeof kinds / sizeof kinds[0]; ++k) {
      void* p = NULL;
      CHECK_ERR(hipExtMallocWithFlags(&p, sizeof pat, kinds[k]), hipSuccess);
      CHECK(p != NULL);
      CHECK_ERR(hipMemcpy(p, pat, sizeof pat, hipMemcpyHostToDevice),
                hipSuccess);
      memset(back, 0, sizeof back);
      CHECK_ERR(hipMemcpy(back, p, sizeof back, hipMemcpyDeviceToHost),
                hipSuccess);
      CHECK_MEM(back, pat, sizeof pat);
      hipPointerAttribute_t a;
      CHECK_ERR(hipPointerGetAttributes(&a, p), hipSuccess);
      CHECK_EQ(a.type, hipMemoryTypeDevice);
      CHECK_EQ(a.device, d);
      CHECK_EQ(a.allocationFlags, kinds[k]);
      CHECK_ERR(hipFree(p), hipSuccess);
    }
    void* z = (void*)1;
    CHECK_ERR(hipExtMallocWithFlags(&z, 0, hipDeviceMallocFinegrained),
              hipSuccess);
    CHECK(z == NULL);
  }
  void* p = NULL;
  CHECK_ERR(hipExtMallocWithFlags(NULL, 16, 0), hipErrorInvalidValue);
  CHECK_ERR(hipExtMallocWithFlags(&p, 16, 4), hipErrorInvalidValue);
  CHECK_ERR(hipExtMallocWithFlags(&p, 16, 0x10), hipErrorInvalidValue);
  CHECK(p == NULL);
  CHECK_ERR(hipSetDevice(0), hipSuccess);
}

static void test_configure_call(void) {
  hipStream_t s = NULL;
  CHECK_ERR(hipStreamCreate(&s), hipSuccess);
  dim3 g = {3, 2, 1}, b = {64, 1, 2};
  CHECK_ERR(hipConfigureCall(g, b, 128, s), hipSuccess);
  dim3 g2 = {0, 0, 0}, b2 = {0, 0, 0};
  size_t shmem = 0;
  hipStream_t s2 = NULL;
  CHECK_ERR(__hipPopCallConfiguration(&g2, &b2, &shmem, &s2), hipSuccess);
  CHECK_EQ(g2.x, 3);
  CHECK_EQ(g2.y, 2);
  CHECK_EQ(g2.z, 1);
  CHECK_EQ(b2.x, 64);
  CHECK_EQ(b2.z, 2);
  CHECK_EQ(shmem, 128);
  CHECK(s2 == s);
  /* Popped: nothing pending any more. */
  CHECK_ERR(__hipPopCallConfiguration(&g2, &b2, &shmem, &s2),
            hipErrorInvalidConfiguration);
  CHECK_ERR(hipStreamDestroy(s), hipSuccess);
}

static void test_profiler(void) {
  CHECK_ERR(hipProfilerStart(), hipSuccess);
  CHECK_ERR(hipProfilerStop(), hipSuccess);
  CHECK_ERR(hipGetLastError(), hipSuccess);
}

int main(void) {
  CHECK_ERR(hipGetDeviceCount(&ndev), hipSuccess);
  test_pci_bus_id();
  test_device_flags();
  test_cache_and_bank_config();
  test_reset();
  test_choose_device();
  test_ext_malloc();
  test_configure_call();
  test_profiler();
  return check_summary("test_device_config");
}
