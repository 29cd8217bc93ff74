/* The driver-style device and context API on every device the program
 * sees: hipDeviceGet, hipDeviceComputeCapability, hipDeviceTotalMem,
 * hipDeviceGetUuid, hipDeviceGetByPCIBusId (each against
 * hipGetDeviceProperties / hipDeviceGetPCIBusId); the hipCtx* stack
 * (create pushes and makes the device current, pop, push, set, destroy,
 * the API version, flags) and primary contexts (retain, release, state,
 * flags while active, reset); hipPointerGetAttribute; hipGetProcAddress
 * (functions by name, flags, versions, unknown names). */
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>

#include "check.h"

static int ndev;

static void test_devices(void) {
  for (int d = 0; d < ndev; ++d) {
    hipDeviceProp_t p;
    CHECK_ERR(hipGetDeviceProperties(&p, d), hipSuccess);
    hipDevice_t h = -1;
    CHECK_ERR(hipDeviceGet(&h, d), hipSuccess);
    CHECK_EQ(h, d);
    int major = -1, minor = -1;
    CHECK_ERR(hipDeviceComputeCapability(&major, &minor, d), hipSuccess);
    CHECK_EQ(major, p.major);
    CHECK_EQ(minor, p.minor);
    size_t total = 0;
    CHECK_ERR(hipDeviceTotalMem(&total, d), hipSuccess);
    CHECK_EQ(total, p.totalGlobalMem);
    hipUUID u;
    CHECK_ERR(hipDeviceGetUuid(&u, d), hipSuccess);
    CHECK_MEM(&u, &p.uuid, sizeof u);
    char bus[64];
    CHECK_ERR(hipDeviceGetPCIBusId(bus, sizeof bus, d), hipSuccess);
    int found = -1;
    CHECK_ERR(hipDeviceGetByPCIBusId(&found, bus), hipSuccess);
    /* Devices may share an address (the CPU device is 0000:00:00.0): the
     * first with it. */
    char again[64];
    CHECK_ERR(hipDeviceGetPCIBusId(again, sizeof again, found), hipSuccess);
    CHECK(strcmp(again, bus) == 0 && found <= d);
  }
  hipDevice_t h;
  int a, b;
  size_t t;
  hipUUID u;
  CHECK_ERR(hipDeviceGet(NULL, 0), hipErrorInvalidValue);
  CHECK_ERR(hipDeviceGet(&h, ndev), hipErrorInvalidDevice);
  CHECK_ERR(hipDeviceGet(&h, -1), hipErrorInvalidDevice);
  CHECK_ERR(hipDeviceComputeCapability(NULL, &b, 0), hipErrorInvalidValue);
  CHECK_ERR(hipDeviceComputeCapability(&a, &b, ndev), hipErrorInvalidDevice);
  CHECK_ERR(hipDeviceTotalMem(NULL, 0), hipErrorInvalidValue);
  CHECK_ERR(hipDeviceTotalMem(&t, ndev), hipErrorInvalidDevice);
  CHECK_ERR(hipDeviceGetUuid(NULL, 0), hipErrorInvalidValue);
  CHECK_ERR(hipDeviceGetUuid(&u, ndev), hipErrorInvalidDevice);
  CHECK_ERR(hipDeviceGetByPCIBusId(NULL, "0000:00:00.0"),
            hipErrorInvalidValue);
  CHECK_ERR(hipDeviceGetByPCIBusId(&a, NULL), hipErrorInvalidValue);
  CHECK_ERR(hipDeviceGetByPCIBusId(&a, "not a bus id"), hipErrorInvalidValue);
  CHECK_ERR(hipDeviceGetByPCIBusId(&a, "7777:77:1f.0"), hipErrorInvalidDevice);
}

static void test_contexts(void) {
  hipCtx_t cur = NULL, prim = NULL;
  CHECK_ERR(hipSetDevice(0), hipSuccess);
  /* With nothing pushed, the current context is device 0's primary. */
  CHECK_ERR(hipCtxGetCurrent(&cur), hipSuccess);
  CHECK_ERR(hipDevicePrimaryCtxRetain(&prim, 0), hipSuccess);
  CHECK(cur != NULL && cur == prim);
  unsigned flags = 9;
  int active = -1;
  CHECK_ERR(hipDevicePrimaryCtxGetState(0, &flags, &active), hipSuccess);
  CHECK_EQ(active, 1);
  CHECK_EQ(flags, 0);
  CHECK_ERR(hipDevicePrimaryCtxSetFlags(0, hipDeviceScheduleYield),
            hipErrorContextAlreadyInUse);
  CHECK_ERR(hipDevicePrimaryCtxRelease(0), hipSuccess);
  CHECK_ERR(hipDevicePrimaryCtxGetState(0, &flags, &active), hipSuccess);
  CHECK_EQ(active, 0);
  CHECK_ERR(hipDevicePrimaryCtxSetFlags(0, hipDeviceScheduleYield),
            hipSuccess);
  CHECK_ERR(hipDevicePrimaryCtxGetState(0, &flags, &active), hipSuccess);
  CHECK_EQ(flags, hipDeviceScheduleYield);
  CHECK_ERR(hipCtxGetFlags(&flags), hipSuccess);
  CHECK_EQ(flags, hipDeviceScheduleYield);
  CHECK_ERR(hipDevicePrimaryCtxSetFlags(0, 0x100), hipErrorInvalidValue);
  CHECK_ERR(hipDevicePrimaryCtxSetFlags(ndev, 0), hipErrorInvalidDevice);
  CHECK_ERR(hipDevicePrimaryCtxRetain(NULL, 0), hipErrorInvalidValue);
  CHECK_ERR(hipDevicePrimaryCtxRetain(&prim, ndev), hipErrorInvalidDevice);
  CHECK_ERR(hipDevicePrimaryCtxRelease(ndev), hipErrorInvalidDevice);
  CHECK_ERR(hipDevicePrimaryCtxGetState(0, NULL, &active),
            hipErrorInvalidValue);
  CHECK_ERR(hipDevicePrimaryCtxReset(0), hipSuccess);
  CHECK_ERR(hipDevicePrimaryCtxGetState(0, &flags, &active), hipSuccess);
  CHECK_EQ(flags, 0);

  /* A created context of the last device: pushed and current. */
  int last = ndev - 1;
  hipCtx_t c = NULL;
  CHECK_ERR(hipCtxCreate(&c, hipDeviceScheduleSpin, last), hipSuccess);
  CHECK_ERR(hipCtxGetCurrent(&cur), hipSuccess);
  CHECK(cur == c);
  hipDevice_t dev = -1;
  CHECK_ERR(hipCtxGetDevice(&dev), hipSuccess);
  CHECK_EQ(dev, last);
  int d = -1;
  CHECK_ERR(hipGetDevice(&d), hipSuccess);
  CHECK_EQ(d, last);
  CHECK_ERR(hipCtxGetFlags(&flags), hipSuccess);
  CHECK_EQ(flags, hipDeviceScheduleSpin);
  unsigned v = 0;
  CHECK_ERR(hipCtxGetApiVersion(c, &v), hipSuccess);
  CHECK_EQ(v, 4);
  CHECK_ERR(hipCtxSynchronize(), hipSuccess);

  /* Push device 0's primary over it, pop back. */
  CHECK_ERR(hipDevicePrimaryCtxRetain(&prim, 0), hipSuccess);
  CHECK_ERR(hipCtxPushCurrent(prim), hipSuccess);
  CHECK_ERR(hipCtxGetDevice(&dev), hipSuccess);
  CHECK_EQ(dev, 0);
  hipCtx_t popped = NULL;
  CHECK_ERR(hipCtxPopCurrent(&popped), hipSuccess);
  CHECK(popped == prim);
  CHECK_ERR(hipCtxGetCurrent(&cur), hipSuccess);
  CHECK(cur == c);
  CHECK_ERR(hipGetDevice(&d), hipSuccess);
  CHECK_EQ(d, last);
  /* Set replaces the top. */
  CHECK_ERR(hipCtxSetCurrent(prim), hipSuccess);
  CHECK_ERR(hipCtxGetCurrent(&cur), hipSuccess);
  CHECK(cur == prim);
  CHECK_ERR(hipCtxPopCurrent(&popped), hipSuccess);
  CHECK(popped == prim);
  CHECK_ERR(hipCtxPopCurrent(&popped), hipErrorInvalidContext);
  CHECK_ERR(hipDevicePrimaryCtxRelease(0), hipSuccess);

  CHECK_ERR(hipCtxDestroy(prim), hipErrorInvalidContext); /* primary */
  CHECK_ERR(hipCtxDestroy(NULL), hipErrorInvalidValue);
  CHECK_ERR(hipCtxPushCurrent(c), hipSuccess);
  CHECK_ERR(hipCtxDestroy(c), hipSuccess); /* also leaves the stack */
  CHECK_ERR(hipCtxPopCurrent(&popped), hipErrorInvalidContext);
  CHECK_ERR(hipCtxDestroy(c), hipErrorInvalidContext);
  CHECK_ERR(hipCtxPushCurrent(c), hipErrorInvalidContext);
  CHECK_ERR(hipCtxPushCurrent(NULL), hipErrorInvalidContext);
  CHECK_ERR(hipCtxGetApiVersion(c, &v), hipErrorInvalidContext);
  CHECK_ERR(hipCtxCreate(NULL, 0, 0), hipErrorInvalidValue);
  CHECK_ERR(hipCtxCreate(&c, 0, ndev), hipErrorInvalidDevice);
  CHECK_ERR(hipCtxCreate(&c, 0x1000, 0), hipErrorInvalidValue);
  CHECK_ERR(hipCtxGetCurrent(NULL), hipErrorInvalidValue);
  CHECK_ERR(hipCtxGetDevice(NULL), hipErrorInvalidValue);
  CHECK_ERR(hipSetDevice(0), hipSuccess);
}

static void test_pointer_attribute(void) {
  CHECK_ERR(hipSetDevice(0), hipSuccess);
  char* p;
  CHECK_ERR(hipMalloc((void**)&p, 1000), hipSuccess);
  unsigned type = 0;
  CHECK_ERR(hipPointerGetAttribute(&type, HIP_POINTER_ATTRIBUTE_MEMORY_TYPE,
                                   p + 10),
            hipSuccess);
  CHECK_EQ(type, hipMemoryTypeDevice);
  void* start = NULL;
  CHECK_ERR(hipPointerGetAttribute(&start,
                                   HIP_POINTER_ATTRIBUTE_RANGE_START_ADDR,
                                   p + 10),
            hipSuccess);
  CHECK(start == p);
  size_t size = 0;
  CHECK_ERR(hipPointerGetAttribute(&size, HIP_POINTER_ATTRIBUTE_RANGE_SIZE,
                                   p + 999),
            hipSuccess);
  CHECK_EQ(size, 1000);
  int ord = -1;
  CHECK_ERR(hipPointerGetAttribute(&ord, HIP_POINTER_ATTRIBUTE_DEVICE_ORDINAL,
                                   p),
            hipSuccess);
  CHECK_EQ(ord, 0);
  void* dp = NULL;
  CHECK_ERR(hipPointerGetAttribute(&dp, HIP_POINTER_ATTRIBUTE_DEVICE_POINTER,
                                   p + 5),
            hipSuccess);
  CHECK(dp == p + 5);
  bool managed = true;
  CHECK_ERR(hipPointerGetAttribute(&managed, HIP_POINTER_ATTRIBUTE_IS_MANAGED,
                                   p),
            hipSuccess);
  CHECK(!managed);
  /* AMD's header marks the context attribute "not supported in HIP". */
  hipCtx_t ctx = NULL;
  CHECK_ERR(hipPointerGetAttribute(&ctx, HIP_POINTER_ATTRIBUTE_CONTEXT, p),
            hipErrorNotSupported);
  unsigned flags = 0;
  CHECK_ERR(hipPointerGetAttribute(&flags, HIP_POINTER_ATTRIBUTE_ACCESS_FLAGS,
                                   p),
            hipSuccess);
  CHECK_EQ(flags, hipMemAccessFlagsProtReadWrite);
  /* Several at once. */
  hipPointer_attribute which[2] = {HIP_POINTER_ATTRIBUTE_RANGE_SIZE,
                                   HIP_POINTER_ATTRIBUTE_DEVICE_ORDINAL};
  size_t sz = 0;
  ord = -1;
  void* data[2] = {&sz, &ord};
  CHECK_ERR(hipDrvPointerGetAttributes(2, which, data, p), hipSuccess);
  CHECK_EQ(sz, 1000);
  CHECK_EQ(ord, 0);

  void* managed_p;
  CHECK_ERR(hipMallocManaged(&managed_p, 64, hipMemAttachGlobal), hipSuccess);
  CHECK_ERR(hipPointerGetAttribute(&managed, HIP_POINTER_ATTRIBUTE_IS_MANAGED,
                                   managed_p),
            hipSuccess);
  CHECK(managed);
  CHECK_ERR(hipFree(managed_p), hipSuccess);

  /* Host memory hipc does not know: its type, nothing else. */
  int local;
  CHECK_ERR(hipPointerGetAttribute(&type, HIP_POINTER_ATTRIBUTE_MEMORY_TYPE,
                                   &local),
            hipSuccess);
  CHECK_EQ(type, hipMemoryTypeHost);
  CHECK_ERR(hipPointerGetAttribute(&size, HIP_POINTER_ATTRIBUTE_RANGE_SIZE,
                                   &local),
            hipErrorInvalidValue);
  CHECK_ERR(hipPointerGetAttribute(NULL, HIP_POINTER_ATTRIBUTE_RANGE_SIZE, p),
            hipErrorInvalidValue);
  CHECK_ERR(hipPointerGetAttribute(&size, HIP_POINTER_ATTRIBUTE_RANGE_SIZE,
                                   NULL),
            hipErrorInvalidValue);
  CHECK_ERR(hipPointerGetAttribute(&size, (hipPointer_attribute)0, p),
            hipErrorInvalidValue);
  CHECK_ERR(hipPointerGetAttribute(&size, (hipPointer_attribute)99, p),
            hipErrorInvalidValue);
  CHECK_ERR(hipFree(p), hipSuccess);
}

typedef hipError_t (*get_count_fn)(int*);
typedef hipError_t (*malloc_fn)(void**, size_t);

static void test_proc_address(void) {
  void* fn = NULL;
  hipDriverProcAddressQueryResult st = HIP_GET_PROC_ADDRESS_SYMBOL_NOT_FOUND;
  CHECK_ERR(hipGetProcAddress("hipGetDeviceCount", &fn, 600,
                              HIP_GET_PROC_ADDRESS_DEFAULT, &st),
            hipSuccess);
  CHECK_EQ(st, HIP_GET_PROC_ADDRESS_SUCCESS);
  CHECK(fn == (void*)&hipGetDeviceCount);
  int n = -1;
  CHECK_ERR(((get_count_fn)fn)(&n), hipSuccess);
  CHECK_EQ(n, ndev);
  CHECK_ERR(hipGetProcAddress("hipMalloc", &fn, 602,
                              HIP_GET_PROC_ADDRESS_PER_THREAD_DEFAULT_STREAM,
                              NULL),
            hipSuccess);
  CHECK(fn == (void*)&hipMalloc);
  /* The per-thread flag gives the `_spt` form where there is one. */
  void* spt = NULL;
  CHECK_ERR(hipGetProcAddress("hipMemcpyAsync", &spt, 600,
                              HIP_GET_PROC_ADDRESS_PER_THREAD_DEFAULT_STREAM,
                              NULL),
            hipSuccess);
  CHECK(spt == (void*)&hipMemcpyAsync_spt);
  CHECK_ERR(hipGetProcAddress("hipMemcpyAsync", &spt, 600,
                              HIP_GET_PROC_ADDRESS_LEGACY_STREAM, NULL),
            hipSuccess);
  CHECK(spt == (void*)&hipMemcpyAsync);
  void* p = NULL;
  CHECK_ERR(((malloc_fn)fn)(&p, 16), hipSuccess);
  CHECK_ERR(hipFree(p), hipSuccess);
  /* Every family: a few from each, the driver-style ones included. */
  const char* names[] = {"hipMemcpyAsync", "hipStreamCreate",
                         "hipEventRecordWithFlags", "hipCtxCreate",
                         "hipIpcOpenMemHandle", "hipMemMap",
                         "hipGetProcAddress", "hipExtLaunchKernel",
                         "hipModuleLaunchKernel", "hipDeviceGetUuid",
                         "hipGetDevicePropertiesR0600"};
  for (size_t i = 0; i < sizeof names / sizeof names[0]; ++i) {
    fn = NULL;
    CHECK_ERR(hipGetProcAddress(names[i], &fn, 600, 0, &st), hipSuccess);
    CHECK(fn != NULL);
  }
  CHECK_ERR(hipGetProcAddress("hipGetDeviceProperties", &fn, 600, 0, &st),
            hipSuccess);
  CHECK(fn == (void*)&hipGetDeviceProperties);
  CHECK_ERR(hipGetProcAddress("hipGetDeviceProperties", &fn, 500, 0, &st),
            hipErrorInvalidValue);
  CHECK_EQ(st, HIP_GET_PROC_ADDRESS_VERSION_NOT_SUFFICIENT);
  CHECK_ERR(hipGetProcAddress("hipNoSuchFunction", &fn, 600, 0, &st),
            hipErrorInvalidValue);
  CHECK_EQ(st, HIP_GET_PROC_ADDRESS_SYMBOL_NOT_FOUND);
  CHECK(fn == NULL);
  CHECK_ERR(hipGetProcAddress("hipc_host_warp_size", &fn, 600, 0, &st),
            hipErrorInvalidValue); /* not HIP's API */
  CHECK_ERR(hipGetProcAddress(NULL, &fn, 600, 0, &st), hipErrorInvalidValue);
  CHECK_ERR(hipGetProcAddress("hipMalloc", NULL, 600, 0, &st),
            hipErrorInvalidValue);
  CHECK_ERR(hipGetProcAddress("hipMalloc", &fn, 600, 4, &st),
            hipErrorInvalidValue);
  CHECK_ERR(hipGetProcAddress("hipMalloc", &fn, -1, 0, &st),
            hipErrorInvalidValue);
}

int main(void) {
  CHECK_ERR(hipGetDeviceCount(&ndev), hipSuccess);
  test_devices();
  test_contexts();
  test_pointer_attribute();
  test_proc_address();
  return check_summary("test_ctx");
}
