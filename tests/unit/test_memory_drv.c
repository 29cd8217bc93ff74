/* Driver-style memory calls: hipMemAllocPitch, hipMemGetAddressRange,
 * hipMemAllocHost, hipPointerSetAttribute, hipStreamAttachMemAsync, and
 * hipPointerGetAttributes on memory hipc does not know (unregistered host
 * memory), hipPointerGetAttribute as AMD answers it, AMD's
 * hipMemcpyDeviceToDeviceNoCU and driver copies with a pitch of 0: values
 * and exact error codes. */
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"

static void test_alloc_pitch(void) {
  hipDeviceptr_t p = NULL;
  size_t pitch = 0, pitch2 = 0;
  CHECK_ERR(hipMemAllocPitch(&p, &pitch, 100, 7, 4), hipSuccess);
  void* q = NULL;
  CHECK_ERR(hipMallocPitch(&q, &pitch2, 100, 7), hipSuccess);
  CHECK(pitch >= 100);
  CHECK_EQ(pitch, pitch2); /* the same rows as hipMallocPitch */
  /* Every row is writable. */
  CHECK_ERR(hipMemset2D(p, pitch, 0x5a, 100, 7), hipSuccess);
  unsigned char row[100];
  CHECK_ERR(hipMemcpy(row, (char*)p + 6 * pitch, 100, hipMemcpyDeviceToHost),
            hipSuccess);
  CHECK_EQ(row[0], 0x5a);
  CHECK_EQ(row[99], 0x5a);
  /* Its allocation is pitch x height bytes. */
  hipDeviceptr_t base = NULL;
  size_t size = 0;
  CHECK_ERR(hipMemGetAddressRange(&base, &size, (char*)p + pitch + 3),
            hipSuccess);
  CHECK(base == p);
  CHECK_EQ(size, pitch * 7);
  CHECK_ERR(hipFree(p), hipSuccess);
  CHECK_ERR(hipFree(q), hipSuccess);
  const unsigned bad_elem[] = {0, 1, 2, 7, 12, 17, 32};
  for (size_t i = 0; i < sizeof bad_elem / sizeof bad_elem[0]; ++i)
    CHECK_ERR(hipMemAllocPitch(&p, &pitch, 1, 1, bad_elem[i]),
              hipErrorInvalidValue);
  CHECK_ERR(hipMemAllocPitch(NULL, &pitch, 1, 1, 4), hipErrorInvalidValue);
  CHECK_ERR(hipMemAllocPitch(&p, NULL, 1, 1, 4), hipErrorInvalidValue);
  CHECK_ERR(hipMemAllocPitch(&p, &pitch, 0, 1, 4), hipErrorInvalidValue);
  CHECK_ERR(hipMemAllocPitch(&p, &pitch, 1, 0, 4), hipErrorInvalidValue);
}

static void test_address_range(void) {
  char *d, *h, *m;
  CHECK_ERR(hipMalloc((void**)&d, 3000), hipSuccess);
  CHECK_ERR(hipMemAllocHost((void**)&h, 500), hipSuccess);
  CHECK_ERR(hipMallocManaged((void**)&m, 8192, hipMemAttachGlobal),
            hipSuccess);
  hipDeviceptr_t base = NULL;
  size_t size = 0;
  CHECK_ERR(hipMemGetAddressRange(&base, &size, d + 2999), hipSuccess);
  CHECK(base == d);
  CHECK_EQ(size, 3000);
  CHECK_ERR(hipMemGetAddressRange(&base, &size, h + 80), hipSuccess);
  CHECK(base == h);
  CHECK_EQ(size, 500);
  /* hipMemAllocHost is pinned host memory, as hipHostMalloc's. */
  hipPointerAttribute_t at;
  CHECK_ERR(hipPointerGetAttributes(&at, h), hipSuccess);
  CHECK_EQ(at.type, hipMemoryTypeHost);
  CHECK_ERR(hipMemGetAddressRange(&base, NULL, m + 4096), hipSuccess);
  CHECK(base == m);
  CHECK_ERR(hipMemGetAddressRange(NULL, &size, m), hipSuccess);
  CHECK_EQ(size, 8192);
  /* Past the end, unknown and NULL addresses. */
  int local;
  CHECK_ERR(hipMemGetAddressRange(&base, &size, d + 4096), hipErrorNotFound);
  CHECK_ERR(hipMemGetAddressRange(&base, &size, &local), hipErrorNotFound);
  CHECK_ERR(hipMemGetAddressRange(&base, &size, NULL), hipErrorNotFound);
  CHECK_ERR(hipFree(d), hipSuccess);
  CHECK_ERR(hipMemGetAddressRange(&base, &size, d), hipErrorNotFound);
  CHECK_ERR(hipHostFree(h), hipSuccess);
  CHECK_ERR(hipFree(m), hipSuccess);
  CHECK_ERR(hipMemAllocHost(NULL, 16), hipErrorInvalidValue);
}

static void test_pointer_set_attribute(void) {
  int* d;
  CHECK_ERR(hipMalloc((void**)&d, 64), hipSuccess);
  int one = 1;
  CHECK_ERR(hipPointerSetAttribute(&one, HIP_POINTER_ATTRIBUTE_SYNC_MEMOPS, d),
            hipSuccess);
  bool sync = false;
  CHECK_ERR(hipPointerGetAttribute(&sync, HIP_POINTER_ATTRIBUTE_SYNC_MEMOPS,
                                   d),
            hipSuccess);
  CHECK(sync);
  CHECK_ERR(hipPointerSetAttribute(NULL, HIP_POINTER_ATTRIBUTE_SYNC_MEMOPS, d),
            hipErrorInvalidValue);
  CHECK_ERR(hipPointerSetAttribute(&one, (hipPointer_attribute)-1, d),
            hipErrorInvalidValue);
  CHECK_ERR(hipPointerSetAttribute(&one, HIP_POINTER_ATTRIBUTE_MEMORY_TYPE, d),
            hipErrorInvalidValue);
  CHECK_ERR(hipPointerSetAttribute(&one, HIP_POINTER_ATTRIBUTE_SYNC_MEMOPS,
                                   NULL),
            hipErrorInvalidValue);
  int local;
  CHECK_ERR(hipPointerSetAttribute(&one, HIP_POINTER_ATTRIBUTE_SYNC_MEMOPS,
                                   &local),
            hipErrorInvalidDevicePointer);
  CHECK_ERR(hipFree(d), hipSuccess);
  CHECK_ERR(hipPointerSetAttribute(&one, HIP_POINTER_ATTRIBUTE_SYNC_MEMOPS, d),
            hipErrorInvalidDevicePointer);
}

static void test_attach_mem(void) {
  char* m;
  const size_t n = 4096;
  CHECK_ERR(hipMallocManaged((void**)&m, n, hipMemAttachHost), hipSuccess);
  hipStream_t s;
  CHECK_ERR(hipStreamCreate(&s), hipSuccess);
  CHECK_ERR(hipStreamAttachMemAsync(s, m, 0, hipMemAttachSingle), hipSuccess);
  CHECK_ERR(hipStreamAttachMemAsync(s, m, n, hipMemAttachGlobal), hipSuccess);
  CHECK_ERR(hipStreamAttachMemAsync(NULL, m, 0, hipMemAttachHost), hipSuccess);
  /* The memory stays usable from a kernel-free stream and the host. */
  CHECK_ERR(hipMemsetAsync(m, 7, n, s), hipSuccess);
  CHECK_ERR(hipStreamSynchronize(s), hipSuccess);
  CHECK_EQ(m[n - 1], 7);
  CHECK_ERR(hipStreamAttachMemAsync(s, NULL, 0, hipMemAttachSingle),
            hipErrorInvalidValue);
  CHECK_ERR(hipStreamAttachMemAsync(s, m, n / 2, hipMemAttachSingle),
            hipErrorInvalidValue);
  CHECK_ERR(hipStreamAttachMemAsync(s, m + 64, 0, hipMemAttachSingle),
            hipErrorInvalidValue);
  CHECK_ERR(hipStreamAttachMemAsync(s, m, 0,
                                    hipMemAttachGlobal | hipMemAttachHost),
            hipErrorInvalidValue);
  CHECK_ERR(hipStreamAttachMemAsync(NULL, m, 0, hipMemAttachSingle),
            hipErrorInvalidValue);
  /* Pageable memory: attached where the device reads it (AMD's rule;
   * test_memory_conf), never with length 0. */
  char* plain = malloc(n);
  int pageable = 0;
  CHECK_ERR(hipDeviceGetAttribute(&pageable,
                                  hipDeviceAttributePageableMemoryAccess, 0),
            hipSuccess);
  CHECK_ERR(hipStreamAttachMemAsync(s, plain, n, hipMemAttachSingle),
            pageable ? hipSuccess : hipErrorInvalidValue);
  CHECK_ERR(hipStreamAttachMemAsync(s, plain, 0, hipMemAttachSingle),
            hipErrorInvalidValue);
  void* dev;
  CHECK_ERR(hipMalloc(&dev, n), hipSuccess);
  CHECK_ERR(hipStreamAttachMemAsync(s, dev, 0, hipMemAttachSingle),
            hipErrorInvalidValue);
  CHECK_ERR(hipFree(dev), hipSuccess);
  free(plain);
  CHECK_ERR(hipStreamDestroy(s), hipSuccess);
  CHECK_ERR(hipStreamAttachMemAsync(s, m, 0, hipMemAttachSingle),
            hipErrorContextIsDestroyed);
  CHECK_ERR(hipFree(m), hipSuccess);
}

static void test_unregistered_attributes(void) {
  char* p = malloc(100);
  hipPointerAttribute_t at;
  memset(&at, 0x7f, sizeof at);
  CHECK_ERR(hipPointerGetAttributes(&at, p + 10), hipSuccess);
  CHECK_EQ(at.type, hipMemoryTypeUnregistered);
  CHECK(at.hostPointer == p + 10);
  CHECK(at.devicePointer == NULL);
  CHECK_EQ(at.isManaged, 0);
  CHECK_EQ(at.allocationFlags, 0);
  int dev = -1;
  CHECK_ERR(hipGetDevice(&dev), hipSuccess);
  CHECK_EQ(at.device, dev);
  /* Registered, the same memory is host memory. */
  CHECK_ERR(hipHostRegister(p, 100, hipHostRegisterDefault), hipSuccess);
  CHECK_ERR(hipPointerGetAttributes(&at, p + 10), hipSuccess);
  CHECK_EQ(at.type, hipMemoryTypeHost);
  CHECK_ERR(hipHostUnregister(p), hipSuccess);
  CHECK_ERR(hipPointerGetAttributes(&at, p), hipSuccess);
  CHECK_EQ(at.type, hipMemoryTypeUnregistered);
  free(p);
}

/* AMD's hipMemcpyDeviceToDeviceNoCU is a device-to-device copy. */
static void test_nocu_kind(void) {
  int in[64], out[64];
  for (int i = 0; i < 64; ++i) in[i] = i * i - 7;
  int *a, *b;
  CHECK_ERR(hipMalloc((void**)&a, sizeof in), hipSuccess);
  CHECK_ERR(hipMalloc((void**)&b, sizeof in), hipSuccess);
  CHECK_ERR(hipMemcpy(a, in, sizeof in, hipMemcpyHostToDevice), hipSuccess);
  CHECK_ERR(hipMemcpy(b, a, sizeof in, hipMemcpyDeviceToDeviceNoCU),
            hipSuccess);
  memset(out, 0, sizeof out);
  CHECK_ERR(hipMemcpy(out, b, sizeof out, hipMemcpyDeviceToHost), hipSuccess);
  CHECK_MEM(out, in, sizeof in);
  /* 2D: rows 0..3 of 16 ints, the first 8 of each, into b shifted. */
  CHECK_ERR(hipMemset(b, 0, sizeof in), hipSuccess);
  CHECK_ERR(hipMemcpy2DAsync(b, 64, a, 64, 32, 4,
                             hipMemcpyDeviceToDeviceNoCU, NULL),
            hipSuccess);
  CHECK_ERR(hipDeviceSynchronize(), hipSuccess);
  CHECK_ERR(hipMemcpy(out, b, sizeof out, hipMemcpyDeviceToHost), hipSuccess);
  for (int r = 0; r < 4; ++r)
    for (int c = 0; c < 16; ++c)
      CHECK_EQ(out[r * 16 + c], c < 8 ? in[r * 16 + c] : 0);
  CHECK_ERR(hipMemcpy(b, a, sizeof in, (hipMemcpyKind)1025),
            hipErrorInvalidMemcpyDirection);
  CHECK_ERR(hipFree(a), hipSuccess);
  CHECK_ERR(hipFree(b), hipSuccess);
}

/* hipMemcpyParam2D with a pitch of 0: rows packed. */
static void test_param2d_zero_pitch(void) {
  unsigned char in[4][8], out[4][8];
  for (int r = 0; r < 4; ++r)
    for (int c = 0; c < 8; ++c) in[r][c] = (unsigned char)(r * 8 + c);
  unsigned char* d;
  size_t pitch;
  CHECK_ERR(hipMallocPitch((void**)&d, &pitch, 8, 4), hipSuccess);
  hip_Memcpy2D cp;
  memset(&cp, 0, sizeof cp);
  cp.srcMemoryType = hipMemoryTypeHost;
  cp.srcHost = in;
  cp.srcPitch = 0;
  cp.dstMemoryType = hipMemoryTypeDevice;
  cp.dstDevice = d;
  cp.dstPitch = pitch;
  cp.WidthInBytes = 8;
  cp.Height = 4;
  CHECK_ERR(hipMemcpyParam2D(&cp), hipSuccess);
  memset(&cp, 0, sizeof cp);
  cp.srcMemoryType = hipMemoryTypeDevice;
  cp.srcDevice = d;
  cp.srcPitch = pitch;
  cp.dstMemoryType = hipMemoryTypeHost;
  cp.dstHost = out;
  cp.dstPitch = 0;
  cp.WidthInBytes = 8;
  cp.Height = 4;
  memset(out, 0, sizeof out);
  CHECK_ERR(hipMemcpyParam2D(&cp), hipSuccess);
  CHECK_MEM(out, in, sizeof in);
  /* A pitch below the width: the driver API says invalid value. */
  cp.dstPitch = 7;
  CHECK_ERR(hipMemcpyParam2D(&cp), hipErrorInvalidValue);
  HIP_MEMCPY3D c3;
  memset(&c3, 0, sizeof c3);
  c3.srcMemoryType = hipMemoryTypeDevice;
  c3.srcDevice = d;
  c3.srcPitch = pitch;
  c3.dstMemoryType = hipMemoryTypeHost;
  c3.dstHost = out;
  c3.dstPitch = 7;
  c3.WidthInBytes = 8;
  c3.Height = 2;
  c3.Depth = 2;
  CHECK_ERR(hipDrvMemcpy3D(&c3), hipErrorInvalidValue);
  CHECK_ERR(hipFree(d), hipSuccess);
}

/* hipPointerGetAttribute as AMD's runtime answers it. */
static void test_pointer_attribute_amd(void) {
  hipChannelFormatDesc f = hipCreateChannelDesc(8, 0, 0, 0,
                                                hipChannelFormatKindSigned);
  hipArray_t arr;
  CHECK_ERR(hipMallocArray(&arr, &f, 16, 16, 0), hipSuccess);
  unsigned type = 0;
  CHECK_ERR(hipPointerGetAttribute(&type, HIP_POINTER_ATTRIBUTE_MEMORY_TYPE,
                                   (hipDeviceptr_t)arr),
            hipSuccess);
  CHECK_EQ(type, hipMemoryTypeArray);
  CHECK_ERR(hipFreeArray(arr), hipSuccess);
  char* d;
  CHECK_ERR(hipMalloc((void**)&d, 256), hipSuccess);
  void* hp = (void*)1;
  /* Device memory has no host address. */
  CHECK_ERR(hipPointerGetAttribute(&hp, HIP_POINTER_ATTRIBUTE_HOST_POINTER, d),
            hipErrorInvalidValue);
  hipPointer_attribute two[2] = {HIP_POINTER_ATTRIBUTE_HOST_POINTER,
                                 HIP_POINTER_ATTRIBUTE_DEVICE_ORDINAL};
  int ord = -1;
  void* data[2] = {&hp, &ord};
  CHECK_ERR(hipDrvPointerGetAttributes(2, two, data, d), hipSuccess);
  CHECK(hp == NULL);
  CHECK_EQ(ord, 0);
  CHECK_ERR(hipDrvPointerGetAttributes(0, two, data, d), hipErrorInvalidValue);
  /* What AMD's header marks "not supported in HIP". */
  const hipPointer_attribute unsupported[] = {
      HIP_POINTER_ATTRIBUTE_CONTEXT, HIP_POINTER_ATTRIBUTE_P2P_TOKENS,
      HIP_POINTER_ATTRIBUTE_IS_LEGACY_HIP_IPC_CAPABLE,
      HIP_POINTER_ATTRIBUTE_ALLOWED_HANDLE_TYPES,
      HIP_POINTER_ATTRIBUTE_IS_GPU_DIRECT_RDMA_CAPABLE,
      HIP_POINTER_ATTRIBUTE_MEMPOOL_HANDLE};
  unsigned long long big[4];
  for (size_t i = 0; i < sizeof unsupported / sizeof unsupported[0]; ++i)
    CHECK_ERR(hipPointerGetAttribute(big, unsupported[i], d),
              hipErrorNotSupported);
  /* Host memory has both addresses. */
  char* h;
  CHECK_ERR(hipHostMalloc((void**)&h, 64, 0), hipSuccess);
  CHECK_ERR(hipPointerGetAttribute(&hp, HIP_POINTER_ATTRIBUTE_HOST_POINTER,
                                   h + 3),
            hipSuccess);
  CHECK(hp == h + 3);
  CHECK_ERR(hipHostFree(h), hipSuccess);
  CHECK_ERR(hipFree(d), hipSuccess);
}

int main(void) {
  test_nocu_kind();
  test_param2d_zero_pitch();
  test_pointer_attribute_amd();
  test_alloc_pitch();
  test_address_range();
  test_pointer_set_attribute();
  test_attach_mem();
  test_unregistered_attributes();
  return check_summary("test_memory_drv");
}
