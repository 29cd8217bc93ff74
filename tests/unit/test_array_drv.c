/* The driver-style array API: hipArrayCreate / hipArray3DCreate and their
 * descriptors, the copies by byte offset (AtoH, HtoA, AtoD, DtoA, AtoA),
 * array-to-array hipMemcpy3D, mipmapped arrays, the driver's texture
 * objects and hipMemRangeGetAttributes: values and exact error codes. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"

static void test_create_and_describe(void) {
  HIP_ARRAY_DESCRIPTOR d = {16, 8, HIP_AD_FORMAT_SIGNED_INT16, 2};
  hipArray_t a = NULL;
  CHECK_ERR(hipArrayCreate(&a, &d), hipSuccess);
  /* The runtime API sees the same array: 2 x 16-bit signed channels. */
  hipChannelFormatDesc c;
  hipExtent e;
  unsigned flags = 99;
  CHECK_ERR(hipArrayGetInfo(&c, &e, &flags, a), hipSuccess);
  CHECK_EQ(c.x, 16);
  CHECK_EQ(c.y, 16);
  CHECK_EQ(c.z, 0);
  CHECK_EQ(c.w, 0);
  CHECK_EQ(c.f, hipChannelFormatKindSigned);
  CHECK_EQ(e.width, 16);
  CHECK_EQ(e.height, 8);
  CHECK_EQ(e.depth, 0);
  CHECK_EQ(flags, 0);
  HIP_ARRAY_DESCRIPTOR got;
  memset(&got, 0xff, sizeof got);
  CHECK_ERR(hipArrayGetDescriptor(&got, a), hipSuccess);
  CHECK_EQ(got.Width, 16);
  CHECK_EQ(got.Height, 8);
  CHECK_EQ(got.Format, HIP_AD_FORMAT_SIGNED_INT16);
  CHECK_EQ(got.NumChannels, 2);
  CHECK_ERR(hipArrayGetDescriptor(NULL, a), hipErrorInvalidValue);
  CHECK_ERR(hipArrayGetDescriptor(&got, NULL), hipErrorInvalidHandle);
  CHECK_ERR(hipArrayDestroy(a), hipSuccess);
  CHECK_ERR(hipArrayGetDescriptor(&got, a), hipErrorInvalidHandle);
  CHECK_ERR(hipArrayDestroy(a), hipErrorContextIsDestroyed);
  CHECK_ERR(hipArrayDestroy(NULL), hipErrorInvalidValue);

  /* A hipMallocArray array described by the driver API. */
  hipChannelFormatDesc h = hipCreateChannelDesc(16, 16, 16, 16,
                                                hipChannelFormatKindFloat);
  CHECK_ERR(hipMallocArray(&a, &h, 5, 0, 0), hipSuccess);
  CHECK_ERR(hipArrayGetDescriptor(&got, a), hipSuccess);
  CHECK_EQ(got.Format, HIP_AD_FORMAT_HALF);
  CHECK_EQ(got.NumChannels, 4);
  CHECK_EQ(got.Width, 5);
  CHECK_EQ(got.Height, 0);
  CHECK_ERR(hipFreeArray(a), hipSuccess);

  HIP_ARRAY3D_DESCRIPTOR d3 = {4, 4, 3, HIP_AD_FORMAT_UNSIGNED_INT8, 1,
                               hipArrayLayered};
  CHECK_ERR(hipArray3DCreate(&a, &d3), hipSuccess);
  HIP_ARRAY3D_DESCRIPTOR got3;
  memset(&got3, 0, sizeof got3);
  CHECK_ERR(hipArray3DGetDescriptor(&got3, a), hipSuccess);
  CHECK_EQ(got3.Width, 4);
  CHECK_EQ(got3.Height, 4);
  CHECK_EQ(got3.Depth, 3);
  CHECK_EQ(got3.Format, HIP_AD_FORMAT_UNSIGNED_INT8);
  CHECK_EQ(got3.NumChannels, 1);
  CHECK_EQ(got3.Flags, hipArrayLayered);
  CHECK_ERR(hipArray3DGetDescriptor(NULL, a), hipErrorInvalidValue);
  CHECK_ERR(hipArrayDestroy(a), hipSuccess);
  CHECK_ERR(hipArray3DGetDescriptor(&got3, a), hipErrorInvalidHandle);
}

static void test_create_errors(void) {
  hipArray_t a;
  HIP_ARRAY_DESCRIPTOR d = {64, 0, HIP_AD_FORMAT_FLOAT, 4};
  CHECK_ERR(hipArrayCreate(NULL, &d), hipErrorInvalidValue);
  CHECK_ERR(hipArrayCreate(&a, NULL), hipErrorInvalidValue);
  const unsigned bad_channels[] = {0, 3, 5, 8, (unsigned)-1};
  for (size_t i = 0; i < sizeof bad_channels / sizeof bad_channels[0]; ++i) {
    d.NumChannels = bad_channels[i];
    CHECK_ERR(hipArrayCreate(&a, &d), hipErrorInvalidValue);
  }
  d.NumChannels = 1;
  d.Format = (hipArray_Format)0x7f;
  CHECK_ERR(hipArrayCreate(&a, &d), hipErrorInvalidValue);
  d.Format = HIP_AD_FORMAT_FLOAT;
  d.Width = 0;
  CHECK_ERR(hipArrayCreate(&a, &d), hipErrorInvalidValue);
  /* Past the device's 1D limit. */
  hipDeviceProp_t p;
  CHECK_ERR(hipGetDeviceProperties(&p, 0), hipSuccess);
  d.Width = (size_t)p.maxTexture1D + 1;
  CHECK_ERR(hipArrayCreate(&a, &d), hipErrorInvalidValue);

  HIP_ARRAY3D_DESCRIPTOR d3 = {6, 6, 6, HIP_AD_FORMAT_FLOAT, 4, 0xDEADBEEF};
  CHECK_ERR(hipArray3DCreate(&a, &d3), hipErrorInvalidValue);
  d3.Flags = 0;
  d3.Height = 0; /* depth without height */
  CHECK_ERR(hipArray3DCreate(&a, &d3), hipErrorInvalidValue);
  d3.Height = d3.Width = d3.Depth = SIZE_MAX;
  CHECK_ERR(hipArray3DCreate(&a, &d3), hipErrorInvalidValue);
  CHECK_ERR(hipArray3DCreate(NULL, &d3), hipErrorInvalidValue);
  CHECK_ERR(hipArray3DCreate(&a, NULL), hipErrorInvalidValue);
  /* The largest 3D array the device advertises is created at once (its
   * memory is only touched when used); past the device's memory it is
   * hipErrorOutOfMemory. */
  d3.Width = d3.Height = (size_t)p.maxTexture3D[0];
  d3.Depth = 2;
  d3.NumChannels = 1;
  hipError_t e = hipArray3DCreate(&a, &d3);
  CHECK(e == hipSuccess || e == hipErrorOutOfMemory);
  if (e == hipSuccess) CHECK_ERR(hipArrayDestroy(a), hipSuccess);
  hipChannelFormatDesc f4 = hipCreateChannelDesc(32, 32, 32, 32,
                                                 hipChannelFormatKindFloat);
  CHECK_ERR(hipMalloc3DArray(&a, &f4,
                             make_hipExtent((size_t)p.maxTexture3D[0],
                                            (size_t)p.maxTexture3D[1],
                                            (size_t)p.maxTexture3D[2]),
                             0),
            (size_t)p.maxTexture3D[0] * p.maxTexture3D[1] *
                        p.maxTexture3D[2] * 16 > p.totalGlobalMem
                ? hipErrorOutOfMemory
                : hipSuccess);
}

static void test_copies_by_offset(void) {
  HIP_ARRAY_DESCRIPTOR d = {32, 0, HIP_AD_FORMAT_UNSIGNED_INT32, 1};
  hipArray_t a, b;
  CHECK_ERR(hipArrayCreate(&a, &d), hipSuccess);
  CHECK_ERR(hipArrayCreate(&b, &d), hipSuccess);
  uint32_t in[32], out[32], want[32];
  for (int i = 0; i < 32; ++i) in[i] = 1000u + (uint32_t)i * 7u;
  CHECK_ERR(hipMemcpyHtoA(a, 0, in, sizeof in), hipSuccess);
  memset(out, 0, sizeof out);
  CHECK_ERR(hipMemcpyAtoH(out, a, 0, sizeof out), hipSuccess);
  CHECK_MEM(out, in, sizeof in);
  /* At byte offsets: elements 4..11 of `a` to elements 20..27 of `b`. */
  CHECK_ERR(hipMemcpyHtoA(b, 0, in, sizeof in), hipSuccess);
  CHECK_ERR(hipMemcpyAtoA(b, 20 * 4, a, 4 * 4, 8 * 4), hipSuccess);
  memcpy(want, in, sizeof want);
  memcpy(want + 20, in + 4, 8 * 4);
  CHECK_ERR(hipMemcpyAtoH(out, b, 0, sizeof out), hipSuccess);
  CHECK_MEM(out, want, sizeof want);
  /* Through device memory. */
  uint32_t* dev;
  CHECK_ERR(hipMalloc((void**)&dev, sizeof in), hipSuccess);
  CHECK_ERR(hipMemset(dev, 0, sizeof in), hipSuccess);
  CHECK_ERR(hipMemcpyAtoD(dev + 1, a, 2 * 4, 5 * 4), hipSuccess);
  CHECK_ERR(hipMemcpy(out, dev, sizeof out, hipMemcpyDeviceToHost),
            hipSuccess);
  CHECK_EQ(out[0], 0);
  for (int i = 0; i < 5; ++i) CHECK_EQ(out[1 + i], in[2 + i]);
  CHECK_EQ(out[6], 0);
  for (int i = 0; i < 32; ++i) in[i] = ~in[i];
  CHECK_ERR(hipMemcpy(dev, in, sizeof in, hipMemcpyHostToDevice),
            hipSuccess);
  CHECK_ERR(hipMemcpyDtoA(b, 31 * 4, dev, 4), hipSuccess);
  CHECK_ERR(hipMemcpyAtoH(out, b, 31 * 4, 4), hipSuccess);
  CHECK_EQ(out[0], in[0]);
  /* Asynchronous, on a stream. */
  hipStream_t s;
  CHECK_ERR(hipStreamCreate(&s), hipSuccess);
  CHECK_ERR(hipMemcpyHtoAAsync(a, 0, in, sizeof in, s), hipSuccess);
  memset(out, 0, sizeof out);
  CHECK_ERR(hipMemcpyAtoHAsync(out, a, 0, sizeof out, s), hipSuccess);
  CHECK_ERR(hipStreamSynchronize(s), hipSuccess);
  CHECK_MEM(out, in, sizeof in);
  CHECK_ERR(hipStreamDestroy(s), hipSuccess);

  /* Errors: null sides, offsets and counts past the row. */
  CHECK_ERR(hipMemcpyAtoH(NULL, a, 0, 4), hipErrorInvalidValue);
  CHECK_ERR(hipMemcpyAtoH(out, NULL, 0, 4), hipErrorInvalidValue);
  CHECK_ERR(hipMemcpyHtoA(NULL, 0, in, 4), hipErrorInvalidValue);
  CHECK_ERR(hipMemcpyHtoA(a, 0, NULL, 4), hipErrorInvalidValue);
  CHECK_ERR(hipMemcpyAtoH(out, a, sizeof in + 10, 4), hipErrorInvalidValue);
  CHECK_ERR(hipMemcpyAtoH(out, a, 0, sizeof in + 10), hipErrorInvalidValue);
  CHECK_ERR(hipMemcpyHtoA(a, 4, in, sizeof in), hipErrorInvalidValue);
  CHECK_ERR(hipMemcpyAtoA(b, 0, a, 4, sizeof in), hipErrorInvalidValue);
  CHECK_ERR(hipMemcpyAtoA(NULL, 0, a, 0, 4), hipErrorInvalidValue);
  CHECK_ERR(hipMemcpyAtoD(NULL, a, 0, 4), hipErrorInvalidValue);
  /* The runtime API's 2D array copies: a NULL array is an invalid handle
   * (AMD's code), a freed one an invalid value. */
  CHECK_ERR(hipMemcpy2DToArray(NULL, 0, 0, in, 16, 16, 1,
                               hipMemcpyHostToDevice),
            hipErrorInvalidHandle);
  CHECK_ERR(hipMemcpy2DFromArray(out, 16, NULL, 0, 0, 16, 1,
                                 hipMemcpyDeviceToHost),
            hipErrorInvalidHandle);
  CHECK_ERR(hipMemcpy2DToArrayAsync(NULL, 0, 0, in, 16, 16, 1,
                                    hipMemcpyHostToDevice, NULL),
            hipErrorInvalidHandle);
  CHECK_ERR(hipMemcpy2DFromArrayAsync(out, 16, NULL, 0, 0, 16, 1,
                                      hipMemcpyDeviceToHost, NULL),
            hipErrorInvalidHandle);
  /* A 2D array is addressed by its first row only. */
  HIP_ARRAY_DESCRIPTOR d2 = {8, 8, HIP_AD_FORMAT_UNSIGNED_INT32, 1};
  hipArray_t a2;
  CHECK_ERR(hipArrayCreate(&a2, &d2), hipSuccess);
  CHECK_ERR(hipMemcpyHtoA(a2, 0, in, 8 * 8 * 4), hipErrorInvalidValue);
  CHECK_ERR(hipMemcpyHtoA(a2, 0, in, 8 * 4), hipSuccess);
  CHECK_ERR(hipArrayDestroy(a2), hipSuccess);
  CHECK_ERR(hipFree(dev), hipSuccess);
  CHECK_ERR(hipArrayDestroy(a), hipSuccess);
  CHECK_ERR(hipArrayDestroy(b), hipSuccess);
  CHECK_ERR(hipMemcpyAtoH(out, a, 0, 4), hipErrorInvalidValue);
}

/* hipMemcpy3D and hipDrvMemcpy3D between two 3D arrays. */
static void test_array_to_array_3d(void) {
  hipChannelFormatDesc f = hipCreateChannelDesc(16, 0, 0, 0,
                                                hipChannelFormatKindUnsigned);
  hipArray_t a, b;
  CHECK_ERR(hipMalloc3DArray(&a, &f, make_hipExtent(6, 5, 4), 0), hipSuccess);
  CHECK_ERR(hipMalloc3DArray(&b, &f, make_hipExtent(6, 5, 4), 0), hipSuccess);
  uint16_t in[4][5][6], out[4][5][6];
  for (int z = 0; z < 4; ++z)
    for (int y = 0; y < 5; ++y)
      for (int x = 0; x < 6; ++x) in[z][y][x] = (uint16_t)(z * 100 + y * 10 + x);
  struct hipMemcpy3DParms p;
  memset(&p, 0, sizeof p);
  p.srcPtr = make_hipPitchedPtr(in, 12, 6, 5);
  p.dstArray = a;
  p.extent = make_hipExtent(6, 5, 4);
  p.kind = hipMemcpyHostToDevice;
  CHECK_ERR(hipMemcpy3D(&p), hipSuccess);
  memset(out, 0, sizeof out);
  CHECK_ERR(hipMemcpyHtoA(b, 0, out, 0), hipSuccess); /* nothing */
  p.dstArray = b;
  p.srcPtr = make_hipPitchedPtr(out, 12, 6, 5);
  CHECK_ERR(hipMemcpy3D(&p), hipSuccess); /* b = 0 */
  /* The 2 x 3 x 2 box at (1, 1, 1) of a to (4, 2, 2) of b. */
  memset(&p, 0, sizeof p);
  p.srcArray = a;
  p.srcPos = make_hipPos(1, 1, 1);
  p.dstArray = b;
  p.dstPos = make_hipPos(4, 2, 2);
  p.extent = make_hipExtent(2, 3, 2);
  p.kind = hipMemcpyDeviceToDevice;
  CHECK_ERR(hipMemcpy3D(&p), hipSuccess);
  p.dstPos = make_hipPos(5, 2, 2); /* one element past b's rows */
  CHECK_ERR(hipMemcpy3D(&p), hipErrorInvalidValue);
  /* The driver's form of the same copy, one slice further. */
  HIP_MEMCPY3D c;
  memset(&c, 0, sizeof c);
  c.srcMemoryType = hipMemoryTypeArray;
  c.srcArray = a;
  c.srcXInBytes = 0;
  c.dstMemoryType = hipMemoryTypeArray;
  c.dstArray = b;
  c.dstZ = 0;
  c.WidthInBytes = 2 * 2;
  c.Height = 1;
  c.Depth = 1;
  CHECK_ERR(hipDrvMemcpy3D(&c), hipSuccess);
  memset(&p, 0, sizeof p);
  p.srcArray = b;
  p.dstPtr = make_hipPitchedPtr(out, 12, 6, 5);
  p.extent = make_hipExtent(6, 5, 4);
  p.kind = hipMemcpyDeviceToHost;
  CHECK_ERR(hipMemcpy3D(&p), hipSuccess);
  uint16_t want[4][5][6];
  memset(want, 0, sizeof want);
  for (int z = 0; z < 2; ++z)
    for (int y = 0; y < 3; ++y)
      for (int x = 0; x < 2; ++x) want[2 + z][2 + y][4 + x] = in[1 + z][1 + y][1 + x];
  want[0][0][0] = in[0][0][0];
  want[0][0][1] = in[0][0][1];
  CHECK_MEM(out, want, sizeof want);
  CHECK_ERR(hipFreeArray(a), hipSuccess);
  CHECK_ERR(hipFreeArray(b), hipSuccess);
}

static void test_mipmaps(void) {
  hipChannelFormatDesc f = hipCreateChannelDesc(32, 0, 0, 0,
                                                hipChannelFormatKindFloat);
  hipMipmappedArray_t m;
  CHECK_ERR(hipMallocMipmappedArray(&m, &f, make_hipExtent(16, 8, 0), 4, 0),
            hipSuccess);
  const size_t widths[] = {16, 8, 4, 2}, heights[] = {8, 4, 2, 1};
  hipArray_t level[4];
  for (unsigned l = 0; l < 4; ++l) {
    CHECK_ERR(hipGetMipmappedArrayLevel(&level[l], m, l), hipSuccess);
    hipChannelFormatDesc c;
    hipExtent e;
    unsigned flags;
    CHECK_ERR(hipArrayGetInfo(&c, &e, &flags, level[l]), hipSuccess);
    CHECK_EQ(e.width, widths[l]);
    CHECK_EQ(e.height, heights[l]);
    CHECK_EQ(e.depth, 0);
    CHECK_EQ(c.x, 32);
  }
  /* Levels are arrays: data round-trips through level 2 (4 x 2). */
  float in[8] = {1, 2, 3, 4, 5, 6, 7, 8}, out[8] = {0};
  CHECK_ERR(hipMemcpy2DToArray(level[2], 0, 0, in, 16, 16, 2,
                               hipMemcpyHostToDevice),
            hipSuccess);
  CHECK_ERR(hipMemcpy2DFromArray(out, 16, level[2], 0, 0, 16, 2,
                                 hipMemcpyDeviceToHost),
            hipSuccess);
  CHECK_MEM(out, in, sizeof in);
  hipArray_t x;
  CHECK_ERR(hipGetMipmappedArrayLevel(&x, m, 4), hipErrorInvalidValue);
  CHECK_ERR(hipGetMipmappedArrayLevel(&x, NULL, 0),
            hipErrorInvalidResourceHandle);
  CHECK_ERR(hipGetMipmappedArrayLevel(NULL, m, 0), hipErrorInvalidValue);
  CHECK_ERR(hipFreeMipmappedArray(m), hipSuccess);
  CHECK_ERR(hipFreeMipmappedArray(m), hipErrorContextIsDestroyed);
  CHECK_ERR(hipFreeMipmappedArray(NULL), hipErrorInvalidValue);
  CHECK_ERR(hipGetMipmappedArrayLevel(&x, m, 0),
            hipErrorInvalidResourceHandle);
  /* At most 1 + log2 of the largest size levels, at least one. */
  CHECK_ERR(hipMallocMipmappedArray(&m, &f, make_hipExtent(5, 0, 0), 4, 0),
            hipErrorInvalidValue);
  CHECK_ERR(hipMallocMipmappedArray(&m, &f, make_hipExtent(5, 0, 0), 0, 0),
            hipErrorInvalidValue);
  CHECK_ERR(hipMallocMipmappedArray(&m, &f, make_hipExtent(5, 0, 0), 3, 0),
            hipSuccess);
  CHECK_ERR(hipGetMipmappedArrayLevel(&x, m, 2), hipSuccess);
  hipExtent ext;
  hipChannelFormatDesc cf;
  unsigned fl;
  CHECK_ERR(hipArrayGetInfo(&cf, &ext, &fl, x), hipSuccess);
  CHECK_EQ(ext.width, 1);
  CHECK_ERR(hipGetMipmappedArrayLevel(&x, m, 3), hipErrorInvalidValue);
  CHECK_ERR(hipFreeMipmappedArray(m), hipSuccess);
  /* Bad arguments, as for arrays. */
  CHECK_ERR(hipMallocMipmappedArray(NULL, &f, make_hipExtent(4, 4, 4), 1, 0),
            hipErrorInvalidValue);
  CHECK_ERR(hipMallocMipmappedArray(&m, NULL, make_hipExtent(4, 4, 4), 1, 0),
            hipErrorInvalidValue);
  CHECK_ERR(hipMallocMipmappedArray(&m, &f, make_hipExtent(0, 4, 4), 1, 0),
            hipErrorInvalidValue);
  hipChannelFormatDesc bad = hipCreateChannelDesc(10, 0, 0, 0,
                                                  hipChannelFormatKindSigned);
  CHECK_ERR(hipMallocMipmappedArray(&m, &bad, make_hipExtent(4, 4, 4), 1, 0),
            hipErrorInvalidValue);
  /* The driver's form: a 3D chain 8 -> 4 -> 2. */
  HIP_ARRAY3D_DESCRIPTOR d = {8, 8, 8, HIP_AD_FORMAT_UNSIGNED_INT8, 4, 0};
  CHECK_ERR(hipMipmappedArrayCreate(&m, &d, 3), hipSuccess);
  CHECK_ERR(hipMipmappedArrayGetLevel(&x, m, 2), hipSuccess);
  HIP_ARRAY3D_DESCRIPTOR got;
  CHECK_ERR(hipArray3DGetDescriptor(&got, x), hipSuccess);
  CHECK_EQ(got.Width, 2);
  CHECK_EQ(got.Height, 2);
  CHECK_EQ(got.Depth, 2);
  CHECK_EQ(got.NumChannels, 4);
  CHECK_ERR(hipMipmappedArrayDestroy(m), hipSuccess);
  CHECK_ERR(hipMipmappedArrayDestroy(m), hipErrorContextIsDestroyed);
  d.NumChannels = 3;
  CHECK_ERR(hipMipmappedArrayCreate(&m, &d, 3), hipErrorInvalidValue);
}

static void test_driver_texture_objects(void) {
  HIP_ARRAY_DESCRIPTOR d = {8, 4, HIP_AD_FORMAT_UNSIGNED_INT8, 4};
  hipArray_t a;
  CHECK_ERR(hipArrayCreate(&a, &d), hipSuccess);
  HIP_RESOURCE_DESC rd;
  memset(&rd, 0, sizeof rd);
  rd.resType = HIP_RESOURCE_TYPE_ARRAY;
  rd.res.array.hArray = a;
  HIP_TEXTURE_DESC td;
  memset(&td, 0, sizeof td);
  td.addressMode[0] = HIP_TR_ADDRESS_MODE_CLAMP;
  td.addressMode[1] = HIP_TR_ADDRESS_MODE_BORDER;
  td.filterMode = HIP_TR_FILTER_MODE_POINT;
  td.flags = HIP_TRSF_NORMALIZED_COORDINATES;
  td.borderColor[2] = 0.5f;
  hipTextureObject_t t;
  CHECK_ERR(hipTexObjectCreate(&t, &rd, &td, NULL), hipSuccess);
  /* The runtime API's view: not read as integers, so normalised floats. */
  hipTextureDesc rt;
  CHECK_ERR(hipGetTextureObjectTextureDesc(&rt, t), hipSuccess);
  CHECK_EQ(rt.readMode, hipReadModeNormalizedFloat);
  CHECK_EQ(rt.normalizedCoords, 1);
  CHECK_EQ(rt.addressMode[0], hipAddressModeClamp);
  CHECK_EQ(rt.addressMode[1], hipAddressModeBorder);
  CHECK(rt.borderColor[2] == 0.5f);
  HIP_TEXTURE_DESC gt;
  CHECK_ERR(hipTexObjectGetTextureDesc(&gt, t), hipSuccess);
  CHECK_EQ(gt.flags, HIP_TRSF_NORMALIZED_COORDINATES);
  CHECK_EQ(gt.addressMode[1], HIP_TR_ADDRESS_MODE_BORDER);
  HIP_RESOURCE_DESC gr;
  CHECK_ERR(hipTexObjectGetResourceDesc(&gr, t), hipSuccess);
  CHECK_EQ(gr.resType, HIP_RESOURCE_TYPE_ARRAY);
  CHECK(gr.res.array.hArray == a);
  CHECK_ERR(hipTexObjectDestroy(t), hipSuccess);
  CHECK_ERR(hipTexObjectGetTextureDesc(&gt, t), hipErrorInvalidValue);
  /* Linear memory with a driver format: 2 x float. */
  float* dev;
  CHECK_ERR(hipMalloc((void**)&dev, 256), hipSuccess);
  memset(&rd, 0, sizeof rd);
  rd.resType = HIP_RESOURCE_TYPE_LINEAR;
  rd.res.linear.devPtr = dev;
  rd.res.linear.format = HIP_AD_FORMAT_FLOAT;
  rd.res.linear.numChannels = 2;
  rd.res.linear.sizeInBytes = 256;
  td.flags = HIP_TRSF_READ_AS_INTEGER;
  CHECK_ERR(hipTexObjectCreate(&t, &rd, &td, NULL), hipSuccess);
  hipResourceDesc rr;
  CHECK_ERR(hipGetTextureObjectResourceDesc(&rr, t), hipSuccess);
  CHECK_EQ(rr.res.linear.desc.x, 32);
  CHECK_EQ(rr.res.linear.desc.y, 32);
  CHECK_EQ(rr.res.linear.desc.f, hipChannelFormatKindFloat);
  CHECK_ERR(hipTexObjectGetResourceDesc(&gr, t), hipSuccess);
  CHECK_EQ(gr.res.linear.format, HIP_AD_FORMAT_FLOAT);
  CHECK_EQ(gr.res.linear.numChannels, 2);
  CHECK_ERR(hipTexObjectDestroy(t), hipSuccess);
  /* Errors. */
  CHECK_ERR(hipTexObjectCreate(NULL, &rd, &td, NULL), hipErrorInvalidValue);
  CHECK_ERR(hipTexObjectCreate(&t, NULL, &td, NULL), hipErrorInvalidValue);
  CHECK_ERR(hipTexObjectCreate(&t, &rd, NULL, NULL), hipErrorInvalidValue);
  rd.flags = 1;
  CHECK_ERR(hipTexObjectCreate(&t, &rd, &td, NULL), hipErrorInvalidValue);
  rd.flags = 0;
  rd.res.linear.numChannels = 3;
  CHECK_ERR(hipTexObjectCreate(&t, &rd, &td, NULL), hipErrorInvalidValue);
  CHECK_ERR(hipFree(dev), hipSuccess);
  CHECK_ERR(hipArrayDestroy(a), hipSuccess);
}

static void test_range_attributes(void) {
  char* m;
  const size_t n = 1 << 16;
  CHECK_ERR(hipMallocManaged((void**)&m, n, hipMemAttachGlobal), hipSuccess);
  CHECK_ERR(hipMemAdvise(m, n, hipMemAdviseSetReadMostly, 0), hipSuccess);
  CHECK_ERR(hipMemAdvise(m, n, hipMemAdviseSetPreferredLocation, 0),
            hipSuccess);
  int read_mostly = -1, preferred = -7, accessed[2] = {-7, -7};
  void* data[3] = {&read_mostly, &preferred, accessed};
  size_t sizes[3] = {4, 4, 8};
  hipMemRangeAttribute attrs[3] = {hipMemRangeAttributeReadMostly,
                                   hipMemRangeAttributePreferredLocation,
                                   hipMemRangeAttributeAccessedBy};
  CHECK_ERR(hipMemRangeGetAttributes(data, sizes, attrs, 3, m, n),
            hipSuccess);
  CHECK_EQ(read_mostly, 1);
  CHECK_EQ(preferred, 0);
  CHECK_EQ(accessed[0], hipInvalidDeviceId);
  CHECK_EQ(accessed[1], hipInvalidDeviceId);
  CHECK_ERR(hipMemRangeGetAttributes(NULL, sizes, attrs, 3, m, n),
            hipErrorInvalidValue);
  CHECK_ERR(hipMemRangeGetAttributes(data, NULL, attrs, 3, m, n),
            hipErrorInvalidValue);
  CHECK_ERR(hipMemRangeGetAttributes(data, sizes, NULL, 3, m, n),
            hipErrorInvalidValue);
  CHECK_ERR(hipMemRangeGetAttributes(data, sizes, attrs, 0, m, n),
            hipErrorInvalidValue);
  CHECK_ERR(hipMemRangeGetAttributes(data, sizes, attrs, 3, NULL, n),
            hipErrorInvalidValue);
  CHECK_ERR(hipMemRangeGetAttributes(data, sizes, attrs, 3, m, 0),
            hipErrorInvalidValue);
  sizes[1] = 3;
  CHECK_ERR(hipMemRangeGetAttributes(data, sizes, attrs, 3, m, n),
            hipErrorInvalidValue);
  sizes[1] = 4;
  attrs[2] = (hipMemRangeAttribute)77;
  CHECK_ERR(hipMemRangeGetAttributes(data, sizes, attrs, 3, m, n),
            hipErrorInvalidValue);
  void* plain;
  CHECK_ERR(hipMalloc(&plain, n), hipSuccess);
  attrs[2] = hipMemRangeAttributeAccessedBy;
  CHECK_ERR(hipMemRangeGetAttributes(data, sizes, attrs, 3, plain, n),
            hipErrorInvalidValue);
  CHECK_ERR(hipFree(plain), hipSuccess);
  CHECK_ERR(hipFree(m), hipSuccess);
}

int main(void) {
  test_create_and_describe();
  test_create_errors();
  test_copies_by_offset();
  test_array_to_array_3d();
  test_mipmaps();
  test_driver_texture_objects();
  test_range_attributes();
  return check_summary("test_array_drv");
}
