/* The host API of arrays, texture objects and surface objects: channel
 * descriptors, allocation limits, and the error codes of bad arguments
 * (null pointers, malformed descriptors, freed arrays, destroyed
 * objects). What kernels read through them: tests/kernels/texture.hip and
 * surface.hip. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"

static hipChannelFormatDesc desc(int x, int y, int z, int w,
                                 hipChannelFormatKind f) {
  return hipCreateChannelDesc(x, y, z, w, f);
}

static void test_channel_desc(void) {
  hipChannelFormatDesc d = desc(8, 8, 8, 8, hipChannelFormatKindUnsigned);
  CHECK_EQ(d.x, 8);
  CHECK_EQ(d.y, 8);
  CHECK_EQ(d.z, 8);
  CHECK_EQ(d.w, 8);
  CHECK_EQ(d.f, hipChannelFormatKindUnsigned);
  int support = 0, max1d = 0;
  CHECK_ERR(hipDeviceGetAttribute(&support, hipDeviceAttributeImageSupport, 0),
            hipSuccess);
  CHECK_EQ(support, 1);
  CHECK_ERR(hipDeviceGetAttribute(&max1d, hipDeviceAttributeMaxTexture1DWidth,
                                  0),
            hipSuccess);
  hipDeviceProp_t p;
  CHECK_ERR(hipGetDeviceProperties(&p, 0), hipSuccess);
  CHECK_EQ(max1d, p.maxTexture1D);
  CHECK(p.maxTexture1D >= 65536);
  CHECK(p.maxTexture2D[0] >= 65536 && p.maxTexture2D[1] >= 32768);
  CHECK(p.maxTexture3D[0] >= 2048 && p.maxTexture3D[2] >= 2048);
  CHECK(p.maxSurface2D[0] > 0);
}

static void test_malloc_array_errors(void) {
  hipChannelFormatDesc f = desc(32, 0, 0, 0, hipChannelFormatKindFloat);
  hipArray_t a = NULL;
  CHECK_ERR(hipMallocArray(NULL, &f, 4, 4, 0), hipErrorInvalidValue);
  CHECK_ERR(hipMallocArray(&a, NULL, 4, 4, 0), hipErrorInvalidValue);
  CHECK_ERR(hipMallocArray(&a, &f, 0, 4, 0), hipErrorInvalidValue);
  CHECK_ERR(hipGetLastError(), hipErrorInvalidValue);
  /* Malformed formats: odd widths, kinds, gaps and three channels. */
  const hipChannelFormatDesc bad[] = {
      desc(7, 0, 0, 0, hipChannelFormatKindUnsigned),
      desc(8, 0, 0, 0, hipChannelFormatKindFloat),
      desc(32, 0, 0, 0, hipChannelFormatKindNone),
      desc(32, 0, 0, 0, (hipChannelFormatKind)9),
      desc(8, 16, 0, 0, hipChannelFormatKindSigned),
      desc(8, 0, 8, 0, hipChannelFormatKindSigned),
      desc(8, 8, 8, 0, hipChannelFormatKindSigned),
      desc(0, 0, 0, 0, hipChannelFormatKindSigned),
      desc(64, 0, 0, 0, hipChannelFormatKindSigned),
  };
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; ++i)
    CHECK_ERR(hipMallocArray(&a, &bad[i], 4, 4, 0), hipErrorInvalidValue);
  CHECK_ERR(hipMallocArray(&a, &f, 4, 4, hipArrayLayered),
            hipErrorInvalidValue);
  CHECK_ERR(hipMallocArray(&a, &f, 4, 4, 0x100), hipErrorInvalidValue);
  CHECK_ERR(hipMallocArray(&a, &f, (size_t)1 << 40, 0, 0),
            hipErrorInvalidValue);
  /* 3D arrays: depth without height, layered without layers. */
  CHECK_ERR(hipMalloc3DArray(&a, &f, make_hipExtent(4, 0, 4), 0),
            hipErrorInvalidValue);
  CHECK_ERR(hipMalloc3DArray(&a, &f, make_hipExtent(4, 4, 0),
                             hipArrayLayered),
            hipErrorInvalidValue);
  /* Cubemaps: six square faces (six per layer when layered). */
  CHECK_ERR(hipMalloc3DArray(&a, &f, make_hipExtent(4, 8, 6), hipArrayCubemap),
            hipErrorInvalidValue);
  CHECK_ERR(hipMalloc3DArray(&a, &f, make_hipExtent(4, 4, 5), hipArrayCubemap),
            hipErrorInvalidValue);
  CHECK_ERR(hipMalloc3DArray(&a, &f, make_hipExtent(4, 4, 12),
                             hipArrayCubemap),
            hipErrorInvalidValue);
  CHECK_ERR(hipMalloc3DArray(&a, &f, make_hipExtent(4, 4, 12),
                             hipArrayCubemap | hipArrayLayered),
            hipSuccess);
  CHECK_ERR(hipFreeArray(a), hipSuccess);
  CHECK_ERR(hipMalloc3DArray(&a, &f, make_hipExtent(4, 4, 6), hipArrayCubemap),
            hipSuccess);
  /* Sampling cubemaps is not implemented. */
  hipResourceDesc crd;
  memset(&crd, 0, sizeof crd);
  crd.resType = hipResourceTypeArray;
  crd.res.array.array = a;
  hipTextureDesc ctd;
  memset(&ctd, 0, sizeof ctd);
  hipTextureObject_t ct;
  CHECK_ERR(hipCreateTextureObject(&ct, &crd, &ctd, NULL),
            hipErrorNotSupported);
  CHECK_ERR(hipFreeArray(a), hipSuccess);
  CHECK_ERR(hipMalloc3DArray(&a, &f, make_hipExtent(4, 4, 4), 0), hipSuccess);
  hipChannelFormatDesc got;
  hipExtent e;
  unsigned flags;
  CHECK_ERR(hipArrayGetInfo(&got, &e, &flags, a), hipSuccess);
  CHECK_EQ(got.x, 32);
  CHECK_EQ(e.depth, 4);
  CHECK_ERR(hipFreeArray(a), hipSuccess);
  /* Freed and unknown arrays: AMD's runtime says the context is gone. */
  CHECK_ERR(hipFreeArray(a), hipErrorContextIsDestroyed);
  CHECK_ERR(hipFreeArray(NULL), hipErrorInvalidValue);
  CHECK_ERR(hipArrayGetInfo(&got, &e, &flags, a), hipErrorInvalidHandle);
  float buf[16];
  CHECK_ERR(hipMemcpy2DToArray(a, 0, 0, buf, 16, 16, 4, hipMemcpyHostToDevice),
            hipErrorInvalidValue);
}

static void test_copy_errors(void) {
  hipChannelFormatDesc f = desc(32, 0, 0, 0, hipChannelFormatKindFloat);
  hipArray_t a;
  CHECK_ERR(hipMallocArray(&a, &f, 4, 4, 0), hipSuccess);
  float buf[32] = {0};
  CHECK_ERR(hipMemcpy2DToArray(a, 0, 0, NULL, 16, 16, 4,
                               hipMemcpyHostToDevice),
            hipErrorInvalidValue);
  CHECK_ERR(hipMemcpy2DToArray(a, 0, 0, buf, 16, 16, 4, (hipMemcpyKind)17),
            hipErrorInvalidMemcpyDirection);
  CHECK_ERR(hipMemcpy2DToArray(a, 0, 0, buf, 8, 16, 4, hipMemcpyHostToDevice),
            hipErrorInvalidPitchValue);
  CHECK_ERR(hipMemcpy2DToArray(a, 4, 0, buf, 16, 16, 1, hipMemcpyHostToDevice),
            hipErrorInvalidValue);
  CHECK_ERR(hipMemcpy2DFromArray(buf, 16, a, 0, 3, 16, 2,
                                 hipMemcpyDeviceToHost),
            hipErrorInvalidValue);
  CHECK_ERR(hipMemcpyToArray(a, 0, 0, buf, 65, hipMemcpyHostToDevice),
            hipErrorInvalidValue);
  CHECK_ERR(hipMemcpyToArray(a, 0, 0, buf, 64, hipMemcpyHostToDevice),
            hipSuccess);
  CHECK_ERR(hipMemcpyFromArray(buf, a, 16, 0, 4, hipMemcpyDeviceToHost),
            hipErrorInvalidValue);
  /* Zero-sized copies do nothing and succeed. */
  CHECK_ERR(hipMemcpy2DToArray(a, 0, 0, buf, 16, 0, 4, hipMemcpyHostToDevice),
            hipSuccess);
  struct hipMemcpy3DParms p;
  memset(&p, 0, sizeof p);
  p.srcPtr = make_hipPitchedPtr(buf, 16, 4, 4);
  p.dstArray = a;
  p.extent = make_hipExtent(4, 4, 2); /* a 2D array has one slice */
  p.kind = hipMemcpyHostToDevice;
  CHECK_ERR(hipMemcpy3D(&p), hipErrorInvalidValue);
  p.extent = make_hipExtent(4, 4, 1);
  CHECK_ERR(hipMemcpy3D(&p), hipSuccess);
  CHECK_ERR(hipFreeArray(a), hipSuccess);
}

static void test_texture_errors(void) {
  hipChannelFormatDesc f = desc(32, 0, 0, 0, hipChannelFormatKindFloat);
  hipChannelFormatDesc i32 = desc(32, 0, 0, 0, hipChannelFormatKindSigned);
  hipArray_t a, ai;
  CHECK_ERR(hipMallocArray(&a, &f, 8, 8, 0), hipSuccess);
  CHECK_ERR(hipMallocArray(&ai, &i32, 8, 8, 0), hipSuccess);
  hipResourceDesc rd;
  memset(&rd, 0, sizeof rd);
  rd.resType = hipResourceTypeArray;
  rd.res.array.array = a;
  hipTextureDesc td;
  memset(&td, 0, sizeof td);
  hipTextureObject_t t = NULL;
  CHECK_ERR(hipCreateTextureObject(NULL, &rd, &td, NULL), hipErrorInvalidValue);
  CHECK_ERR(hipCreateTextureObject(&t, NULL, &td, NULL), hipErrorInvalidValue);
  CHECK_ERR(hipCreateTextureObject(&t, &rd, NULL, NULL), hipErrorInvalidValue);
  CHECK(t == NULL);
  /* Bad sampler values. */
  td.addressMode[1] = (hipTextureAddressMode)4;
  CHECK_ERR(hipCreateTextureObject(&t, &rd, &td, NULL), hipErrorInvalidValue);
  td.addressMode[1] = hipAddressModeWrap;
  td.filterMode = (hipTextureFilterMode)2;
  CHECK_ERR(hipCreateTextureObject(&t, &rd, &td, NULL), hipErrorInvalidValue);
  td.filterMode = hipFilterModePoint;
  td.readMode = (hipTextureReadMode)2;
  CHECK_ERR(hipCreateTextureObject(&t, &rd, &td, NULL), hipErrorInvalidValue);
  td.readMode = hipReadModeElementType;
  /* Linear filtering of integers read as integers; 32-bit integers have no
   * normalized form. */
  rd.res.array.array = ai;
  td.filterMode = hipFilterModeLinear;
  CHECK_ERR(hipCreateTextureObject(&t, &rd, &td, NULL), hipErrorInvalidValue);
  td.filterMode = hipFilterModePoint;
  td.readMode = hipReadModeNormalizedFloat;
  CHECK_ERR(hipCreateTextureObject(&t, &rd, &td, NULL), hipErrorInvalidValue);
  td.readMode = hipReadModeElementType;
  CHECK_ERR(hipCreateTextureObject(&t, &rd, &td, NULL), hipSuccess);
  CHECK_ERR(hipDestroyTextureObject(t), hipSuccess);
  /* Bad resources. */
  rd.resType = (hipResourceType)7;
  CHECK_ERR(hipCreateTextureObject(&t, &rd, &td, NULL), hipErrorInvalidValue);
  rd.resType = hipResourceTypeMipmappedArray;
  CHECK_ERR(hipCreateTextureObject(&t, &rd, &td, NULL), hipErrorNotSupported);
  rd.resType = hipResourceTypeArray;
  rd.res.array.array = NULL;
  CHECK_ERR(hipCreateTextureObject(&t, &rd, &td, NULL), hipErrorInvalidValue);

  float* d;
  CHECK_ERR(hipMalloc((void**)&d, 4096), hipSuccess);
  memset(&rd, 0, sizeof rd);
  rd.resType = hipResourceTypeLinear;
  rd.res.linear.desc = f;
  rd.res.linear.sizeInBytes = 1024;
  CHECK_ERR(hipCreateTextureObject(&t, &rd, &td, NULL), hipErrorInvalidValue);
  rd.res.linear.devPtr = (char*)d + 4; /* not texture-aligned */
  CHECK_ERR(hipCreateTextureObject(&t, &rd, &td, NULL), hipErrorInvalidValue);
  rd.res.linear.devPtr = d;
  rd.res.linear.sizeInBytes = 1022; /* not whole elements */
  CHECK_ERR(hipCreateTextureObject(&t, &rd, &td, NULL), hipErrorInvalidValue);
  rd.res.linear.sizeInBytes = 1024;
  rd.res.linear.desc = desc(32, 32, 32, 0, hipChannelFormatKindFloat);
  CHECK_ERR(hipCreateTextureObject(&t, &rd, &td, NULL), hipErrorInvalidValue);
  rd.res.linear.desc = f;
  CHECK_ERR(hipCreateTextureObject(&t, &rd, &td, NULL), hipSuccess);
  hipResourceDesc back;
  CHECK_ERR(hipGetTextureObjectResourceDesc(&back, t), hipSuccess);
  CHECK_EQ(back.resType, hipResourceTypeLinear);
  CHECK(back.res.linear.devPtr == d);
  CHECK_EQ(back.res.linear.sizeInBytes, 1024);
  CHECK_ERR(hipGetTextureObjectResourceDesc(NULL, t), hipErrorInvalidValue);
  /* A texture is no surface. */
  CHECK_ERR(hipDestroySurfaceObject((hipSurfaceObject_t)t),
            hipErrorInvalidValue);
  CHECK_ERR(hipDestroyTextureObject(t), hipSuccess);
  /* Destroyed objects. */
  CHECK_ERR(hipDestroyTextureObject(t), hipErrorInvalidValue);
  CHECK_ERR(hipGetTextureObjectResourceDesc(&back, t), hipErrorInvalidValue);
  CHECK_ERR(hipGetTextureObjectTextureDesc(&td, t), hipErrorInvalidValue);
  CHECK_ERR(hipDestroyTextureObject(NULL), hipSuccess);

  size_t pitch;
  void* pd;
  CHECK_ERR(hipMallocPitch(&pd, &pitch, 10 * sizeof(float), 6), hipSuccess);
  memset(&rd, 0, sizeof rd);
  rd.resType = hipResourceTypePitch2D;
  rd.res.pitch2D.devPtr = pd;
  rd.res.pitch2D.desc = f;
  rd.res.pitch2D.width = 10;
  rd.res.pitch2D.height = 6;
  rd.res.pitch2D.pitchInBytes = 36; /* less than a row */
  CHECK_ERR(hipCreateTextureObject(&t, &rd, &td, NULL), hipErrorInvalidValue);
  rd.res.pitch2D.pitchInBytes = pitch + 4; /* not pitch-aligned */
  CHECK_ERR(hipCreateTextureObject(&t, &rd, &td, NULL), hipErrorInvalidValue);
  rd.res.pitch2D.pitchInBytes = pitch;
  rd.res.pitch2D.height = 0;
  CHECK_ERR(hipCreateTextureObject(&t, &rd, &td, NULL), hipErrorInvalidValue);
  rd.res.pitch2D.height = 6;
  CHECK_ERR(hipCreateTextureObject(&t, &rd, &td, NULL), hipSuccess);
  CHECK_ERR(hipDestroyTextureObject(t), hipSuccess);

  CHECK_ERR(hipFree(pd), hipSuccess);
  CHECK_ERR(hipFree(d), hipSuccess);
  CHECK_ERR(hipFreeArray(a), hipSuccess);
  CHECK_ERR(hipFreeArray(ai), hipSuccess);
}

static void test_surface_errors(void) {
  hipChannelFormatDesc f = desc(32, 0, 0, 0, hipChannelFormatKindFloat);
  hipArray_t a;
  CHECK_ERR(hipMallocArray(&a, &f, 8, 8, hipArraySurfaceLoadStore),
            hipSuccess);
  hipResourceDesc rd;
  memset(&rd, 0, sizeof rd);
  rd.resType = hipResourceTypeArray;
  rd.res.array.array = a;
  hipSurfaceObject_t s = NULL;
  CHECK_ERR(hipCreateSurfaceObject(NULL, &rd), hipErrorInvalidValue);
  CHECK_ERR(hipCreateSurfaceObject(&s, NULL), hipErrorInvalidValue);
  CHECK_ERR(hipCreateSurfaceObject(&s, &rd), hipSuccess);
  CHECK(s != NULL);
  CHECK_ERR(hipDestroyTextureObject((hipTextureObject_t)s),
            hipErrorInvalidValue);
  CHECK_ERR(hipDestroySurfaceObject(s), hipSuccess);
  CHECK_ERR(hipDestroySurfaceObject(s), hipErrorInvalidValue);
  /* Surfaces are over arrays only. */
  float* d;
  CHECK_ERR(hipMalloc((void**)&d, 256), hipSuccess);
  memset(&rd, 0, sizeof rd);
  rd.resType = hipResourceTypeLinear;
  rd.res.linear.devPtr = d;
  rd.res.linear.desc = f;
  rd.res.linear.sizeInBytes = 256;
  CHECK_ERR(hipCreateSurfaceObject(&s, &rd), hipErrorInvalidValue);
  CHECK_ERR(hipFree(d), hipSuccess);
  CHECK_ERR(hipFreeArray(a), hipSuccess);
  rd.resType = hipResourceTypeArray;
  rd.res.array.array = a; /* freed */
  CHECK_ERR(hipCreateSurfaceObject(&s, &rd), hipErrorInvalidValue);
}

int main(void) {
  test_channel_desc();
  test_malloc_array_errors();
  test_copy_errors();
  test_texture_errors();
  test_surface_errors();
  return check_summary("test_texture");
}
