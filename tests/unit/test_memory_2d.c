/* Pitched memory: hipMallocPitch, hipMalloc3D, hipMemcpy2D (+Async),
 * hipMemcpy3D (+Async), hipMemset2D (+Async), hipMemset3D, and the
 * element fills hipMemsetD8 / D16 / D32 (+Async), each checked against a
 * copy computed on the host, with their errors. */
#define _POSIX_C_SOURCE 200809L
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"

static void fill_pattern(unsigned char* p, size_t n, unsigned seed) {
  uint32_t x = seed * 2654435761u + 1;
  for (size_t i = 0; i < n; i++) {
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    p[i] = (unsigned char)(x >> 7);
  }
}

static void test_malloc_pitch(void) {
  void* p = NULL;
  size_t pitch = 0;
  CHECK_ERR(hipMallocPitch(&p, &pitch, 100, 7), hipSuccess);
  CHECK(p != NULL);
  CHECK(pitch >= 100);
  CHECK_EQ(pitch % 256, 0);
  size_t size = 0;
  CHECK_ERR(hipMemPtrGetInfo(p, &size), hipSuccess);
  CHECK_EQ(size, pitch * 7);
  memset(p, 1, pitch * 7); /* all of it is usable */
  CHECK_ERR(hipFree(p), hipSuccess);
  CHECK_ERR(hipMallocPitch(NULL, &pitch, 1, 1), hipErrorInvalidValue);
  CHECK_ERR(hipMallocPitch(&p, NULL, 1, 1), hipErrorInvalidValue);
  CHECK_ERR(hipMallocPitch(&p, &pitch, 0, 5), hipSuccess);
  CHECK(p == NULL);
  CHECK_ERR(hipMallocPitch(&p, &pitch, SIZE_MAX / 2, 4), hipErrorOutOfMemory);

  hipPitchedPtr pp;
  hipExtent ext = {33, 5, 4};
  CHECK_ERR(hipMalloc3D(&pp, ext), hipSuccess);
  CHECK(pp.ptr != NULL);
  CHECK(pp.pitch >= 33);
  CHECK_EQ(pp.pitch % 256, 0);
  CHECK_EQ(pp.xsize, 33);
  CHECK_EQ(pp.ysize, 5);
  CHECK_ERR(hipMemPtrGetInfo(pp.ptr, &size), hipSuccess);
  CHECK_EQ(size, pp.pitch * 5 * 4);
  CHECK_ERR(hipFree(pp.ptr), hipSuccess);
  CHECK_ERR(hipMalloc3D(NULL, ext), hipErrorInvalidValue);
}

/* A 2D copy host → pitched device → host (another pitch), async too. */
static void test_memcpy_2d(void) {
  const size_t w = 50, hgt = 9, hp = 64, op = 57;
  unsigned char *d = NULL, host[64 * 9], out[57 * 9], want[57 * 9];
  size_t dp = 0;
  CHECK_ERR(hipMallocPitch((void**)&d, &dp, w, hgt), hipSuccess);
  fill_pattern(host, sizeof host, 31);
  for (int async = 0; async < 2; async++) {
    hipStream_t s = NULL;
    CHECK_ERR(hipStreamCreate(&s), hipSuccess);
    CHECK_ERR(hipMemset(d, 0xEE, dp * hgt), hipSuccess);
    memset(out, 0x77, sizeof out);
    memset(want, 0x77, sizeof want);
    for (size_t y = 0; y < hgt; y++) memcpy(want + y * op, host + y * hp, w);
    if (async) {
      CHECK_ERR(hipMemcpy2DAsync(d, dp, host, hp, w, hgt,
                                 hipMemcpyHostToDevice, s),
                hipSuccess);
      CHECK_ERR(hipMemcpy2DAsync(out, op, d, dp, w, hgt,
                                 hipMemcpyDeviceToHost, s),
                hipSuccess);
      CHECK_ERR(hipStreamSynchronize(s), hipSuccess);
    } else {
      CHECK_ERR(hipMemcpy2D(d, dp, host, hp, w, hgt, hipMemcpyHostToDevice),
                hipSuccess);
      CHECK_ERR(hipMemcpy2D(out, op, d, dp, w, hgt, hipMemcpyDefault),
                hipSuccess);
    }
    CHECK_MEM(out, want, sizeof out);
    /* The padding of each device row is untouched. */
    int pad_ok = 1;
    for (size_t y = 0; y < hgt; y++)
      for (size_t x = w; x < dp; x++)
        if (d[y * dp + x] != 0xEE) pad_ok = 0;
    CHECK(pad_ok);
    CHECK_ERR(hipStreamDestroy(s), hipSuccess);
  }
  /* Errors: a width over a pitch, a bad direction, null pointers, an
   * overrun of the pitched allocation; nothing is copied. */
  memset(out, 0x77, sizeof out);
  CHECK_ERR(hipMemcpy2D(out, 10, d, dp, 11, 2, hipMemcpyDeviceToHost),
            hipErrorInvalidPitchValue);
  CHECK_ERR(hipMemcpy2D(out, op, d, 10, 11, 2, hipMemcpyDeviceToHost),
            hipErrorInvalidPitchValue);
  CHECK_ERR(hipMemcpy2D(out, op, d, dp, w, hgt, (hipMemcpyKind)9),
            hipErrorInvalidMemcpyDirection);
  CHECK_ERR(hipMemcpy2D(NULL, op, d, dp, w, hgt, hipMemcpyDeviceToHost),
            hipErrorInvalidValue);
  CHECK_ERR(hipMemcpy2D(out, op, d, dp, w, hgt + 1, hipMemcpyDeviceToHost),
            hipErrorInvalidValue);
  CHECK_ERR(hipMemcpy2D(out, op, d + dp - 10, dp, w, hgt,
                        hipMemcpyDeviceToHost),
            hipErrorInvalidValue);
  CHECK_ERR(hipMemcpy2DAsync(out, op, d, dp, w, hgt, hipMemcpyDeviceToHost,
                             (hipStream_t)(uintptr_t)0x999),
            hipErrorContextIsDestroyed);
  unsigned char same[57 * 9];
  memset(same, 0x77, sizeof same);
  CHECK_MEM(out, same, sizeof out);
  /* Nothing to copy is fine. */
  CHECK_ERR(hipMemcpy2D(out, op, d, dp, 0, hgt, hipMemcpyDeviceToHost),
            hipSuccess);
  CHECK_ERR(hipMemcpy2D(out, op, d, dp, w, 0, hipMemcpyDeviceToHost),
            hipSuccess);
  CHECK_ERR(hipFree(d), hipSuccess);
}

/* A big 2D copy (through the workers) between two pitched allocations. */
static void test_memcpy_2d_large(void) {
  const size_t w = 3000, hgt = 2000;
  unsigned char *a = NULL, *b = NULL;
  size_t pa = 0, pb = 0;
  CHECK_ERR(hipMallocPitch((void**)&a, &pa, w, hgt), hipSuccess);
  CHECK_ERR(hipMallocPitch((void**)&b, &pb, w + 300, hgt), hipSuccess);
  fill_pattern(a, pa * hgt, 32);
  CHECK_ERR(hipMemset(b, 0, pb * hgt), hipSuccess);
  CHECK_ERR(hipMemcpy2D(b, pb, a, pa, w, hgt, hipMemcpyDeviceToDevice),
            hipSuccess);
  int rows_ok = 1;
  for (size_t y = 0; y < hgt; y++)
    if (memcmp(b + y * pb, a + y * pa, w) != 0 || b[y * pb + w] != 0)
      rows_ok = 0;
  CHECK(rows_ok);
  CHECK_ERR(hipFree(a), hipSuccess);
  CHECK_ERR(hipFree(b), hipSuccess);
}

static size_t idx3(size_t pitch, size_t ysize, size_t x, size_t y,
                   size_t z) {
  return (z * ysize + y) * pitch + x;
}

/* hipMemcpy3D of a sub-box between offsets in two pitched volumes. */
static void test_memcpy_3d(void) {
  hipExtent e = {40, 6, 5};
  hipPitchedPtr a, b;
  CHECK_ERR(hipMalloc3D(&a, e), hipSuccess);
  CHECK_ERR(hipMalloc3D(&b, e), hipSuccess);
  size_t total = a.pitch * e.height * e.depth;
  unsigned char* want = malloc(total);
  fill_pattern(a.ptr, total, 33);
  for (int async = 0; async < 2; async++) {
    memset(b.ptr, 0, total);
    memset(want, 0, total);
    hipMemcpy3DParms p;
    memset(&p, 0, sizeof p);
    p.srcPtr = a;
    p.dstPtr = b;
    p.srcPos = (hipPos){3, 1, 1};
    p.dstPos = (hipPos){5, 2, 0};
    p.extent = (hipExtent){20, 3, 4};
    p.kind = hipMemcpyDeviceToDevice;
    for (size_t z = 0; z < 4; z++)
      for (size_t y = 0; y < 3; y++)
        for (size_t x = 0; x < 20; x++)
          want[idx3(b.pitch, 6, 5 + x, 2 + y, z)] =
              ((unsigned char*)a.ptr)[idx3(a.pitch, 6, 3 + x, 1 + y, 1 + z)];
    if (async) {
      CHECK_ERR(hipMemcpy3DAsync(&p, NULL), hipSuccess);
      CHECK_ERR(hipStreamSynchronize(NULL), hipSuccess);
    } else {
      CHECK_ERR(hipMemcpy3D(&p), hipSuccess);
    }
    CHECK_MEM(b.ptr, want, total);
  }
  hipMemcpy3DParms p;
  memset(&p, 0, sizeof p);
  CHECK_ERR(hipMemcpy3D(NULL), hipErrorInvalidValue);
  p.srcPtr = a;
  p.dstPtr = b;
  p.kind = hipMemcpyDeviceToDevice;
  p.extent = (hipExtent){40, 6, 6}; /* one slice too many */
  CHECK_ERR(hipMemcpy3D(&p), hipErrorInvalidValue);
  p.extent = (hipExtent){a.pitch + 1, 1, 1};
  CHECK_ERR(hipMemcpy3D(&p), hipErrorInvalidPitchValue);
  p.extent = (hipExtent){4, 4, 4};
  p.kind = (hipMemcpyKind)11;
  CHECK_ERR(hipMemcpy3D(&p), hipErrorInvalidMemcpyDirection);
  p.kind = hipMemcpyDeviceToDevice;
  p.dstArray = (hipArray_t)(uintptr_t)0x10; /* not an array hipc made */
  CHECK_ERR(hipMemcpy3D(&p), hipErrorInvalidValue);
  CHECK_ERR(hipFree(a.ptr), hipSuccess);
  CHECK_ERR(hipFree(b.ptr), hipSuccess);
  free(want);
}

static void test_memset_elements(void) {
  const size_t n = 1001;
  unsigned char* d = NULL;
  CHECK_ERR(hipMalloc((void**)&d, 4 * n + 8), hipSuccess);
  hipStream_t s = NULL;
  CHECK_ERR(hipStreamCreate(&s), hipSuccess);
  for (int async = 0; async < 2; async++) {
    memset(d, 0, 4 * n + 8);
    if (async)
      CHECK_ERR(hipMemsetD8Async(d, 0xAB, n, s), hipSuccess);
    else
      CHECK_ERR(hipMemsetD8(d, 0xAB, n), hipSuccess);
    CHECK_ERR(hipStreamSynchronize(s), hipSuccess);
    int ok = 1;
    for (size_t i = 0; i < n; i++) ok &= d[i] == 0xAB;
    CHECK(ok);
    CHECK_EQ(d[n], 0);

    memset(d, 0, 4 * n + 8);
    if (async)
      CHECK_ERR(hipMemsetD16Async(d + 2, 0xBEEF, n, s), hipSuccess);
    else
      CHECK_ERR(hipMemsetD16(d + 2, 0xBEEF, n), hipSuccess);
    CHECK_ERR(hipStreamSynchronize(s), hipSuccess);
    ok = 1;
    for (size_t i = 0; i < n; i++) {
      uint16_t v;
      memcpy(&v, d + 2 + 2 * i, 2);
      ok &= v == 0xBEEF;
    }
    CHECK(ok);
    CHECK_EQ(d[0], 0);
    CHECK_EQ(d[1], 0);
    CHECK_EQ(d[2 + 2 * n], 0);

    memset(d, 0, 4 * n + 8);
    if (async)
      CHECK_ERR(hipMemsetD32Async(d + 4, (int)0xDEADBEEF, n, s), hipSuccess);
    else
      CHECK_ERR(hipMemsetD32(d + 4, (int)0xDEADBEEF, n), hipSuccess);
    CHECK_ERR(hipStreamSynchronize(s), hipSuccess);
    ok = 1;
    for (size_t i = 0; i < n; i++) {
      uint32_t v;
      memcpy(&v, d + 4 + 4 * i, 4);
      ok &= v == 0xDEADBEEFu;
    }
    CHECK(ok);
    CHECK_EQ(d[3], 0);
    CHECK_EQ(d[4 + 4 * n], 0);
  }
  /* Overruns are refused, nothing written. */
  memset(d, 0, 4 * n + 8);
  CHECK_ERR(hipMemsetD32(d + 8, 1, n + 1), hipErrorInvalidValue);
  CHECK_ERR(hipMemsetD16(d, 1, 2 * n + 5), hipErrorInvalidValue);
  CHECK_ERR(hipMemsetD8(NULL, 1, 5), hipErrorInvalidValue);
  CHECK_ERR(hipMemsetD8Async(d, 1, 5, (hipStream_t)(uintptr_t)0x999),
            hipErrorContextIsDestroyed);
  int zero = 1;
  for (size_t i = 0; i < 4 * n + 8; i++) zero &= d[i] == 0;
  CHECK(zero);
  /* Large enough to be split over the workers. */
  const size_t big = (6u << 20) / 4 + 3;
  uint32_t* b = NULL;
  CHECK_ERR(hipMalloc((void**)&b, big * 4), hipSuccess);
  CHECK_ERR(hipMemsetD32Async(b, 0x01020304, big, s), hipSuccess);
  CHECK_ERR(hipStreamSynchronize(s), hipSuccess);
  int ok = 1;
  for (size_t i = 0; i < big; i++) ok &= b[i] == 0x01020304u;
  CHECK(ok);
  CHECK_ERR(hipFree(b), hipSuccess);
  CHECK_ERR(hipStreamDestroy(s), hipSuccess);
  CHECK_ERR(hipFree(d), hipSuccess);
}

static void test_memset_2d_3d(void) {
  const size_t w = 70, hgt = 11;
  unsigned char* d = NULL;
  size_t pitch = 0;
  CHECK_ERR(hipMallocPitch((void**)&d, &pitch, w, hgt), hipSuccess);
  for (int async = 0; async < 2; async++) {
    memset(d, 0, pitch * hgt);
    if (async) {
      CHECK_ERR(hipMemset2DAsync(d, pitch, 0x5A, w - 1, hgt, NULL),
                hipSuccess);
      CHECK_ERR(hipStreamSynchronize(NULL), hipSuccess);
    } else {
      CHECK_ERR(hipMemset2D(d, pitch, 0x5A, w - 1, hgt), hipSuccess);
    }
    int ok = 1;
    for (size_t y = 0; y < hgt; y++)
      for (size_t x = 0; x < pitch; x++)
        ok &= d[y * pitch + x] == (x < w - 1 ? 0x5A : 0);
    CHECK(ok);
  }
  CHECK_ERR(hipMemset2D(d, 10, 1, 11, 2), hipErrorInvalidValue);
  CHECK_ERR(hipMemset2D(d, pitch, 1, w, hgt + 1), hipErrorInvalidValue);
  CHECK_ERR(hipMemset2D(NULL, pitch, 1, w, hgt), hipErrorInvalidValue);
  CHECK_ERR(hipMemset2D(d, pitch, 1, 0, hgt), hipSuccess);
  CHECK_ERR(hipFree(d), hipSuccess);

  hipExtent e = {30, 4, 3};
  hipPitchedPtr p;
  CHECK_ERR(hipMalloc3D(&p, e), hipSuccess);
  size_t total = p.pitch * 4 * 3;
  memset(p.ptr, 0, total);
  CHECK_ERR(hipMemset3D(p, 0x42, (hipExtent){29, 3, 3}), hipSuccess);
  int ok = 1;
  for (size_t z = 0; z < 3; z++)
    for (size_t y = 0; y < 4; y++)
      for (size_t x = 0; x < p.pitch; x++)
        ok &= ((unsigned char*)p.ptr)[idx3(p.pitch, 4, x, y, z)] ==
              (x < 29 && y < 3 ? 0x42 : 0);
  CHECK(ok);
  CHECK_ERR(hipMemset3DAsync(p, 0x43, (hipExtent){30, 4, 3}, NULL),
            hipSuccess);
  CHECK_ERR(hipDeviceSynchronize(), hipSuccess);
  CHECK_EQ(((unsigned char*)p.ptr)[total - p.pitch + 29], 0x43);
  CHECK_ERR(hipMemset3D(p, 1, (hipExtent){30, 4, 4}), hipErrorInvalidValue);
  CHECK_ERR(hipFree(p.ptr), hipSuccess);
}

int main(void) {
  test_malloc_pitch();
  test_memcpy_2d();
  test_memcpy_2d_large();
  test_memcpy_3d();
  test_memset_elements();
  test_memset_2d_3d();
  return check_summary("test_memory_2d");
}
