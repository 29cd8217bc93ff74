/* Devices: count, selection, properties, attributes, name, versions.
 *
 * main() sets HIPC_WARP_SIZE=32 and HIPC_CPU_THREADS=3 before the first HIP
 * call, so the properties must reflect them (test_device_defaults.c checks
 * the values without them). */
#define _POSIX_C_SOURCE 200809L /* setenv, sysconf */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"

#define ENV_WARP 32
#define ENV_THREADS 3

static void test_device_count(void) {
  int n = -1;
  CHECK_ERR(hipGetDeviceCount(&n), hipSuccess);
  CHECK(n >= 1);
  CHECK_ERR(hipGetDeviceCount(NULL), hipErrorInvalidValue);
}

static void test_init_flags(void) {
  CHECK_ERR(hipInit(0), hipSuccess);
  CHECK_ERR(hipInit(1), hipErrorInvalidValue);
}

static void test_set_get_device(void) {
  int n = 0, d = -1;
  CHECK_ERR(hipGetDeviceCount(&n), hipSuccess);
  CHECK_ERR(hipGetDevice(&d), hipSuccess);
  CHECK_EQ(d, 0); /* the initial device */
  for (int i = 0; i < n; i++) {
    CHECK_ERR(hipSetDevice(i), hipSuccess);
    CHECK_ERR(hipGetDevice(&d), hipSuccess);
    CHECK_EQ(d, i);
  }
  CHECK_ERR(hipSetDevice(0), hipSuccess);
  CHECK_ERR(hipGetDevice(NULL), hipErrorInvalidValue);
}

static void test_set_device_out_of_range(void) {
  int n = 0, d = -1;
  CHECK_ERR(hipGetDeviceCount(&n), hipSuccess);
  CHECK_ERR(hipSetDevice(0), hipSuccess);
  CHECK_ERR(hipSetDevice(n), hipErrorInvalidDevice);
  CHECK_ERR(hipSetDevice(n + 100), hipErrorInvalidDevice);
  CHECK_ERR(hipSetDevice(-1), hipErrorInvalidDevice);
  CHECK_ERR(hipSetDevice(INT_MIN), hipErrorInvalidDevice);
  /* A failed hipSetDevice leaves the current device alone. */
  CHECK_ERR(hipGetDevice(&d), hipSuccess);
  CHECK_EQ(d, 0);
}

static void test_properties(void) {
  hipDeviceProp_t p;
  memset(&p, 0xAB, sizeof p);
  CHECK_ERR(hipGetDeviceProperties(&p, 0), hipSuccess);
  CHECK(p.name[0] != '\0');
  CHECK(memchr(p.name, '\0', sizeof p.name) != NULL);
  CHECK_EQ(p.warpSize, ENV_WARP);
  CHECK_EQ(p.multiProcessorCount, ENV_THREADS);
  CHECK_EQ(p.maxThreadsPerBlock, 1024);
  CHECK(p.maxThreadsDim[0] >= 1 && p.maxThreadsDim[0] <= 1024);
  CHECK(p.maxThreadsDim[1] >= 1 && p.maxThreadsDim[1] <= 1024);
  CHECK(p.maxThreadsDim[2] >= 1 && p.maxThreadsDim[2] <= 1024);
  CHECK_EQ(p.maxThreadsDim[0], 1024);
  CHECK(p.maxGridSize[0] >= 65535);
  CHECK(p.maxGridSize[1] >= 1 && p.maxGridSize[2] >= 1);
  CHECK(p.totalGlobalMem > 0);
  CHECK(p.sharedMemPerBlock >= 16 * 1024);
  CHECK(p.clockRate > 0);
}

static void test_properties_bad_input(void) {
  hipDeviceProp_t p;
  int n = 0;
  CHECK_ERR(hipGetDeviceCount(&n), hipSuccess);
  CHECK_ERR(hipGetDeviceProperties(NULL, 0), hipErrorInvalidValue);
  CHECK_ERR(hipGetDeviceProperties(&p, n), hipErrorInvalidDevice);
  CHECK_ERR(hipGetDeviceProperties(&p, -1), hipErrorInvalidDevice);
}

static int sat(size_t v) { return v > (size_t)INT_MAX ? INT_MAX : (int)v; }

/* Each attribute that maps to one property field returns that field. */
static void test_attributes_match_properties(void) {
  hipDeviceProp_t p;
  CHECK_ERR(hipGetDeviceProperties(&p, 0), hipSuccess);
  struct {
    hipDeviceAttribute_t attr;
    const char* name;
    int want;
  } table[] = {
#define A(attr, value) {attr, #attr, value}
      A(hipDeviceAttributeWarpSize, p.warpSize),
      A(hipDeviceAttributeMaxThreadsPerBlock, p.maxThreadsPerBlock),
      A(hipDeviceAttributeMaxBlockDimX, p.maxThreadsDim[0]),
      A(hipDeviceAttributeMaxBlockDimY, p.maxThreadsDim[1]),
      A(hipDeviceAttributeMaxBlockDimZ, p.maxThreadsDim[2]),
      A(hipDeviceAttributeMaxGridDimX, p.maxGridSize[0]),
      A(hipDeviceAttributeMaxGridDimY, p.maxGridSize[1]),
      A(hipDeviceAttributeMaxGridDimZ, p.maxGridSize[2]),
      A(hipDeviceAttributeMultiprocessorCount, p.multiProcessorCount),
      A(hipDeviceAttributeClockRate, p.clockRate),
      A(hipDeviceAttributeMemoryClockRate, p.memoryClockRate),
      A(hipDeviceAttributeMemoryBusWidth, p.memoryBusWidth),
      A(hipDeviceAttributeComputeCapabilityMajor, p.major),
      A(hipDeviceAttributeComputeCapabilityMinor, p.minor),
      A(hipDeviceAttributeL2CacheSize, p.l2CacheSize),
      A(hipDeviceAttributeMaxThreadsPerMultiProcessor,
        p.maxThreadsPerMultiProcessor),
      A(hipDeviceAttributeMaxRegistersPerBlock, p.regsPerBlock),
      A(hipDeviceAttributeMaxRegistersPerMultiprocessor,
        p.regsPerMultiprocessor),
      A(hipDeviceAttributeMaxSharedMemoryPerBlock, sat(p.sharedMemPerBlock)),
      A(hipDeviceAttributeSharedMemPerMultiprocessor,
        sat(p.sharedMemPerMultiprocessor)),
      A(hipDeviceAttributeMaxSharedMemoryPerMultiprocessor,
        sat(p.maxSharedMemoryPerMultiProcessor)),
      A(hipDeviceAttributeTotalConstantMemory, sat(p.totalConstMem)),
      A(hipDeviceAttributeTotalGlobalMem, sat(p.totalGlobalMem)),
      A(hipDeviceAttributeMaxPitch, sat(p.memPitch)),
      A(hipDeviceAttributeTextureAlignment, sat(p.textureAlignment)),
      A(hipDeviceAttributeTexturePitchAlignment,
        sat(p.texturePitchAlignment)),
      A(hipDeviceAttributeEccEnabled, p.ECCEnabled),
      A(hipDeviceAttributeComputeMode, p.computeMode),
      A(hipDeviceAttributeConcurrentKernels, p.concurrentKernels),
      A(hipDeviceAttributeIntegrated, p.integrated),
      A(hipDeviceAttributeCanMapHostMemory, p.canMapHostMemory),
      A(hipDeviceAttributeUnifiedAddressing, p.unifiedAddressing),
      A(hipDeviceAttributeManagedMemory, p.managedMemory),
      A(hipDeviceAttributeConcurrentManagedAccess, p.concurrentManagedAccess),
      A(hipDeviceAttributePageableMemoryAccess, p.pageableMemoryAccess),
      A(hipDeviceAttributeCooperativeLaunch, p.cooperativeLaunch),
      A(hipDeviceAttributeMaxBlocksPerMultiProcessor,
        p.maxBlocksPerMultiProcessor),
      A(hipDeviceAttributeKernelExecTimeout, p.kernelExecTimeoutEnabled),
      A(hipDeviceAttributePciBusId, p.pciBusID),
      A(hipDeviceAttributePciDeviceId, p.pciDeviceID),
      A(hipDeviceAttributePciDomainID, p.pciDomainID),
      A(hipDeviceAttributeHostNativeAtomicSupported,
        p.hostNativeAtomicSupported),
      A(hipDeviceAttributeClockInstructionRate, p.clockInstructionRate),
      A(hipDeviceAttributeIsLargeBar, p.isLargeBar),
#undef A
  };
  for (size_t i = 0; i < sizeof table / sizeof table[0]; i++) {
    int v = -12345;
    hipError_t e = hipDeviceGetAttribute(&v, table[i].attr, 0);
    if (e != hipSuccess || v != table[i].want)
      fprintf(stderr, "  attribute %s (%d)\n", table[i].name,
              (int)table[i].attr);
    CHECK_ERR(e, hipSuccess);
    CHECK_EQ(v, table[i].want);
  }
  /* The pitch limit fits the attribute's int, so that the two agree
   * without saturation (NVIDIA's GPUs report 2^31 - 1 too). */
  CHECK(p.memPitch <= INT_MAX);
}

static void test_attribute_env_values(void) {
  int v = 0;
  CHECK_ERR(hipDeviceGetAttribute(&v, hipDeviceAttributeWarpSize, 0),
            hipSuccess);
  CHECK_EQ(v, ENV_WARP);
  CHECK_ERR(
      hipDeviceGetAttribute(&v, hipDeviceAttributeMultiprocessorCount, 0),
      hipSuccess);
  CHECK_EQ(v, ENV_THREADS);
}

static void test_attribute_unknown(void) {
  const int unknown[] = {hipDeviceAttributeUnused1,
                         hipDeviceAttributeUnused2,
                         hipDeviceAttributeCudaCompatibleEnd,
                         hipDeviceAttributeAmdSpecificEnd,
                         hipDeviceAttributeVendorSpecificBegin,
                         12345,
                         -1};
  for (size_t i = 0; i < sizeof unknown / sizeof unknown[0]; i++) {
    int v = 777;
    CHECK_ERR(hipDeviceGetAttribute(&v, (hipDeviceAttribute_t)unknown[i], 0),
              hipErrorInvalidValue);
    CHECK_EQ(v, 777); /* the output is left alone */
  }
}

/* AMD's HDP register addresses come back as pointers (NULL: neither
 * device has them), written over a pointer's room. */
static void test_attribute_hdp_pointers(void) {
  const hipDeviceAttribute_t attrs[] = {hipDeviceAttributeHdpMemFlushCntl,
                                        hipDeviceAttributeHdpRegFlushCntl};
  for (size_t i = 0; i < 2; i++) {
    unsigned int* reg = (unsigned int*)&attrs; /* not NULL */
    CHECK_ERR(hipDeviceGetAttribute((int*)&reg, attrs[i], 0), hipSuccess);
    CHECK(reg == NULL);
  }
}

static void test_attribute_bad_device_and_null(void) {
  int n = 0, v = 777;
  CHECK_ERR(hipGetDeviceCount(&n), hipSuccess);
  CHECK_ERR(hipDeviceGetAttribute(&v, hipDeviceAttributeWarpSize, n),
            hipErrorInvalidDevice);
  CHECK_ERR(hipDeviceGetAttribute(&v, hipDeviceAttributeWarpSize, -1),
            hipErrorInvalidDevice);
  CHECK_EQ(v, 777);
  CHECK_ERR(hipDeviceGetAttribute(NULL, hipDeviceAttributeWarpSize, 0),
            hipErrorInvalidValue);
}

static void test_device_name(void) {
  hipDeviceProp_t p;
  char name[256];
  CHECK_ERR(hipGetDeviceProperties(&p, 0), hipSuccess);
  memset(name, 'x', sizeof name);
  CHECK_ERR(hipDeviceGetName(name, (int)sizeof name, 0), hipSuccess);
  CHECK(strcmp(name, p.name) == 0);
}

static void test_device_name_truncates(void) {
  hipDeviceProp_t p;
  char name[8];
  CHECK_ERR(hipGetDeviceProperties(&p, 0), hipSuccess);
  CHECK(strlen(p.name) > 4);
  memset(name, 'x', sizeof name);
  CHECK_ERR(hipDeviceGetName(name, 5, 0), hipSuccess);
  CHECK(memcmp(name, p.name, 4) == 0);
  CHECK_EQ(name[4], '\0');
  CHECK_EQ(name[5], 'x'); /* nothing written past len */
}

static void test_device_name_bad_input(void) {
  char name[64];
  int n = 0;
  CHECK_ERR(hipGetDeviceCount(&n), hipSuccess);
  CHECK_ERR(hipDeviceGetName(NULL, 64, 0), hipErrorInvalidValue);
  CHECK_ERR(hipDeviceGetName(name, 0, 0), hipErrorInvalidValue);
  CHECK_ERR(hipDeviceGetName(name, -1, 0), hipErrorInvalidValue);
  CHECK_ERR(hipDeviceGetName(name, 64, n), hipErrorInvalidDevice);
  CHECK_ERR(hipDeviceGetName(name, 64, -1), hipErrorInvalidDevice);
}

static void test_versions(void) {
  int v = -1;
  CHECK_ERR(hipDriverGetVersion(&v), hipSuccess);
  CHECK_EQ(v, HIP_VERSION);
  v = -1;
  CHECK_ERR(hipRuntimeGetVersion(&v), hipSuccess);
  CHECK_EQ(v, HIP_VERSION);
  /* hipc implements HIP 6.2: AMD's packing, major * 1e7 + minor * 1e5. */
  CHECK_EQ(v / 10000000, 6);
  CHECK_EQ(v / 100000 % 100, 2);
  CHECK_ERR(hipDriverGetVersion(NULL), hipErrorInvalidValue);
  CHECK_ERR(hipRuntimeGetVersion(NULL), hipErrorInvalidValue);
}

static void test_synchronize_idle(void) {
  CHECK_ERR(hipDeviceSynchronize(), hipSuccess);
}

/* What hipc does not do is hipErrorNotSupported, recorded for
 * hipGetLastError (here: sampling a cubemap array; hipc has no
 * texCubemap). */
static void test_unsupported_entry_points(void) {
  hipChannelFormatDesc d = hipCreateChannelDesc(32, 0, 0, 0,
                                                hipChannelFormatKindFloat);
  hipArray_t a = NULL;
  CHECK_ERR(hipMalloc3DArray(&a, &d, make_hipExtent(4, 4, 6),
                             hipArrayCubemap),
            hipSuccess);
  hipResourceDesc rd;
  memset(&rd, 0, sizeof rd);
  rd.resType = hipResourceTypeArray;
  rd.res.array.array = a;
  hipTextureDesc td;
  memset(&td, 0, sizeof td);
  hipTextureObject_t t = NULL;
  CHECK_ERR(hipCreateTextureObject(&t, &rd, &td, NULL), hipErrorNotSupported);
  CHECK(t == NULL);
  CHECK_ERR(hipGetLastError(), hipErrorNotSupported);
  CHECK_ERR(hipFreeArray(a), hipSuccess);
}

int main(void) {
  /* Before the first HIP call: the device reads them once. */
  setenv("HIPC_WARP_SIZE", "32", 1);
  setenv("HIPC_CPU_THREADS", "3", 1);
  test_device_count();
  test_init_flags();
  test_set_get_device();
  test_set_device_out_of_range();
  test_properties();
  test_properties_bad_input();
  test_attributes_match_properties();
  test_attribute_env_values();
  test_attribute_unknown();
  test_attribute_hdp_pointers();
  test_attribute_bad_device_and_null();
  test_device_name();
  test_device_name_truncates();
  test_device_name_bad_input();
  test_versions();
  test_synchronize_idle();
  test_unsupported_entry_points();
  return check_summary("test_device");
}
