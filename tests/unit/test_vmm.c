/* Virtual memory management on the CPU device: a reservation of four
 * granules, two physical allocations of two granules mapped side by side
 * and written as one range (copies, fills, the host); the same physical
 * memory mapped at a second address shows the same bytes; unmapped and
 * mapped again elsewhere it kept them; exported as a file descriptor and
 * imported it is the same memory; access flags, properties, retained
 * handles; and the error codes of bad sizes, flags, locations, overlaps,
 * double releases and frees of what is still mapped. */
#include <stdint.h>
#include <stdlib.h>
#include <unistd.h>

#include "check.h"

static hipMemAllocationProp prop_of(int dev) {
  hipMemAllocationProp p;
  memset(&p, 0, sizeof p);
  p.type = hipMemAllocationTypePinned;
  p.requestedHandleType = hipMemHandleTypePosixFileDescriptor;
  p.location.type = hipMemLocationTypeDevice;
  p.location.id = dev;
  return p;
}

static void rw(void* p, size_t n) {
  hipMemAccessDesc d;
  d.location.type = hipMemLocationTypeDevice;
  d.location.id = 0;
  d.flags = hipMemAccessFlagsProtReadWrite;
  CHECK_ERR(hipMemSetAccess(p, n, &d, 1), hipSuccess);
}

int main(void) {
  hipMemAllocationProp prop = prop_of(0);
  size_t g = 0;
  CHECK_ERR(hipMemGetAllocationGranularity(&g, &prop,
                                           hipMemAllocationGranularityMinimum),
            hipSuccess);
  CHECK_EQ(g, (size_t)sysconf(_SC_PAGESIZE));
  CHECK_ERR(hipMemGetAllocationGranularity(NULL, &prop,
                                           hipMemAllocationGranularityMinimum),
            hipErrorInvalidValue);
  CHECK_ERR(hipMemGetAllocationGranularity(&g, &prop,
                                           (hipMemAllocationGranularity_flags)7),
            hipErrorInvalidValue);
  hipMemAllocationProp bad = prop_of(99);
  CHECK_ERR(hipMemGetAllocationGranularity(&g, &bad,
                                           hipMemAllocationGranularityMinimum),
            hipErrorInvalidValue);

  /* Reserve four granules, aligned to 16. */
  char* va = NULL;
  CHECK_ERR(hipMemAddressReserve((void**)&va, 4 * g, 0, NULL, 1),
            hipErrorInvalidValue);
  CHECK_ERR(hipMemAddressReserve((void**)&va, g + 1, 0, NULL, 0),
            hipErrorInvalidValue);
  CHECK_ERR(hipMemAddressReserve((void**)&va, 4 * g, 3 * g, NULL, 0),
            hipErrorInvalidValue);
  CHECK_ERR(hipMemAddressReserve((void**)&va, 4 * g, 16 * g, NULL, 0),
            hipSuccess);
  CHECK(va != NULL && (uintptr_t)va % (16 * g) == 0);

  hipMemGenericAllocationHandle_t h1, h2;
  CHECK_ERR(hipMemCreate(&h1, 2 * g, &prop, 1), hipErrorInvalidValue);
  CHECK_ERR(hipMemCreate(&h1, g / 2, &prop, 0), hipErrorInvalidValue);
  CHECK_ERR(hipMemCreate(&h1, 2 * g, &bad, 0), hipErrorInvalidValue);
  CHECK_ERR(hipMemCreate(&h1, 2 * g, NULL, 0), hipErrorInvalidValue);
  CHECK_ERR(hipMemCreate(&h1, 2 * g, &prop, 0), hipSuccess);
  CHECK_ERR(hipMemCreate(&h2, 2 * g, &prop, 0), hipSuccess);

  CHECK_ERR(hipMemMap(va, 2 * g, 0, h1, 1), hipErrorInvalidValue);
  CHECK_ERR(hipMemMap(va, 3 * g, 0, h1, 0), hipErrorInvalidValue); /* > h1 */
  CHECK_ERR(hipMemMap(va, 2 * g, g, h1, 0), hipErrorInvalidValue);
  CHECK_ERR(hipMemMap(va + 3 * g, 2 * g, 0, h1, 0), hipErrorInvalidValue);
  CHECK_ERR(hipMemMap(va, 2 * g, 0, h1, 0), hipSuccess);
  CHECK_ERR(hipMemMap(va + g, 2 * g, 0, h2, 0), hipErrorInvalidValue);
  CHECK_ERR(hipMemMap(va + 2 * g, 2 * g, 0, h2, 0), hipSuccess);
  rw(va, 4 * g);

  unsigned long long fl = 99;
  hipMemLocation loc = {hipMemLocationTypeDevice, 0};
  CHECK_ERR(hipMemGetAccess(&fl, &loc, va + 3 * g), hipSuccess);
  CHECK_EQ(fl, hipMemAccessFlagsProtReadWrite);
  CHECK_ERR(hipMemGetAccess(&fl, &loc, &fl), hipErrorInvalidValue);

  /* One range over two allocations: a fill, a copy, the host. */
  CHECK_ERR(hipMemset(va, 0x11, 4 * g), hipSuccess);
  unsigned char* host = malloc(4 * g);
  for (size_t i = 0; i < 2 * g; ++i) host[i] = (unsigned char)(i % 251);
  CHECK_ERR(hipMemcpy(va + g, host, 2 * g, hipMemcpyHostToDevice),
            hipSuccess);
  CHECK_ERR(hipMemcpy(host, va, 4 * g, hipMemcpyDeviceToHost), hipSuccess);
  int ok = 1;
  for (size_t i = 0; i < 4 * g; ++i) {
    unsigned char want =
        i >= g && i < 3 * g ? (unsigned char)((i - g) % 251) : 0x11;
    ok &= host[i] == want;
  }
  CHECK(ok);
  CHECK_EQ((unsigned char)va[g + 300], 300 % 251);
  hipPointerAttribute_t attr;
  CHECK_ERR(hipPointerGetAttributes(&attr, va + g), hipSuccess);
  CHECK_EQ(attr.type, hipMemoryTypeDevice);
  CHECK_ERR(hipFree(va), hipErrorInvalidValue);

  /* h2 mapped a second time, in a reservation of its own: same bytes. */
  char* va2;
  CHECK_ERR(hipMemAddressReserve((void**)&va2, 2 * g, 0, NULL, 0),
            hipSuccess);
  CHECK_ERR(hipMemMap(va2, 2 * g, 0, h2, 0), hipSuccess);
  rw(va2, 2 * g);
  CHECK_EQ((unsigned char)va2[0], g % 251); /* va[2g] */
  va2[5] = 42;
  CHECK_EQ(va[2 * g + 5], 42);

  /* Properties, a retained handle. */
  hipMemAllocationProp got;
  CHECK_ERR(hipMemGetAllocationPropertiesFromHandle(&got, h1), hipSuccess);
  CHECK_EQ(got.type, hipMemAllocationTypePinned);
  CHECK_EQ(got.location.id, 0);
  CHECK_EQ(got.requestedHandleType, hipMemHandleTypePosixFileDescriptor);
  hipMemGenericAllocationHandle_t r;
  CHECK_ERR(hipMemRetainAllocationHandle(&r, va + g + 7), hipSuccess);
  CHECK(r == h1);
  CHECK_ERR(hipMemRetainAllocationHandle(&r, host), hipErrorInvalidValue);
  CHECK_ERR(hipMemRelease(r), hipSuccess);

  /* Export h1, import it: the same memory. */
  int fd = -1;
  CHECK_ERR(hipMemExportToShareableHandle(&fd, h1,
                                          hipMemHandleTypePosixFileDescriptor,
                                          0),
            hipSuccess);
  CHECK(fd >= 0);
  CHECK_ERR(hipMemExportToShareableHandle(&fd, h1, hipMemHandleTypeWin32, 0),
            hipErrorInvalidValue);
  hipMemGenericAllocationHandle_t imp;
  CHECK_ERR(hipMemImportFromShareableHandle(&imp, (void*)(intptr_t)fd,
                                            hipMemHandleTypePosixFileDescriptor),
            hipSuccess);
  close(fd);
  char* va3;
  CHECK_ERR(hipMemAddressReserve((void**)&va3, 2 * g, 0, NULL, 0),
            hipSuccess);
  CHECK_ERR(hipMemMap(va3, 2 * g, 0, imp, 0), hipSuccess);
  rw(va3, 2 * g);
  CHECK_EQ((unsigned char)va3[g + 3], 3);
  CHECK_ERR(hipMemUnmap(va3, 2 * g), hipSuccess);
  CHECK_ERR(hipMemRelease(imp), hipSuccess);
  CHECK_ERR(hipMemAddressFree(va3, 2 * g), hipSuccess);

  /* Unmap h1, release it while h2 stays; free refuses a mapped range. */
  CHECK_ERR(hipMemUnmap(va, g), hipErrorInvalidValue); /* half a mapping */
  CHECK_ERR(hipMemUnmap(va, 2 * g), hipSuccess);
  CHECK_ERR(hipMemUnmap(va, 2 * g), hipErrorInvalidValue);
  CHECK_ERR(hipMemAddressFree(va, 4 * g), hipErrorInvalidValue);
  CHECK_ERR(hipMemRelease(h1), hipSuccess);
  CHECK_ERR(hipMemRelease(h1), hipErrorInvalidValue);
  /* h2 released while mapped: its memory lives until the last unmap. */
  CHECK_ERR(hipMemRelease(h2), hipSuccess);
  CHECK_EQ(va2[5], 42);
  CHECK_ERR(hipMemUnmap(va + 2 * g, 2 * g), hipSuccess);
  CHECK_EQ(va2[5], 42);
  CHECK_ERR(hipMemUnmap(va2, 2 * g), hipSuccess);
  CHECK_ERR(hipMemAddressFree(va2, 2 * g), hipSuccess);
  CHECK_ERR(hipMemAddressFree(va, 2 * g), hipErrorInvalidValue); /* size */
  CHECK_ERR(hipMemAddressFree(va, 4 * g), hipSuccess);
  CHECK_ERR(hipMemAddressFree(va, 4 * g), hipErrorInvalidValue);
  CHECK_ERR(hipMemAddressFree(NULL, 4 * g), hipErrorInvalidValue);

  hipMemAccessDesc d = {{hipMemLocationTypeDevice, 0},
                        hipMemAccessFlagsProtReadWrite};
  CHECK_ERR(hipMemSetAccess(va, g, &d, 1), hipErrorInvalidValue);
  CHECK_ERR(hipMemSetAccess(va, g, NULL, 1), hipErrorInvalidValue);
  free(host);
  return check_summary("test_vmm");
}
