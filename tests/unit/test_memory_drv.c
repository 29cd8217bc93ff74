/* Driver-style memory calls: hipMemAllocPitch, hipMemGetAddressRange,
 * hipMemAllocHost, hipPointerSetAttribute, hipStreamAttachMemAsync, and
 * hipPointerGetAttributes on memory hipc does not know (unregistered host
 * memory): values and exact error codes. */
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
  char* plain = malloc(n);
  CHECK_ERR(hipStreamAttachMemAsync(s, plain, n, hipMemAttachSingle),
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

int main(void) {
  test_alloc_pitch();
  test_address_range();
  test_pointer_set_attribute();
  test_attach_mem();
  test_unregistered_attributes();
  return check_summary("test_memory_drv");
}
