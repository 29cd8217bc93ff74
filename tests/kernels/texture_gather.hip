// tex2Dgather and driver-style texture objects in kernels: arrays made by
// hipArrayCreate and filled with hipMemcpyParam2D / hipMemcpyHtoA, read
// through hipTexObjectCreate objects (point sampling, normalized
// coordinates, integers read as integers or as normalized floats), and the
// four texels of a bilinear footprint gathered per component, with clamp
// and border addressing. Expected values are computed here from the texel
// data: gather returns texels (i, j+1), (i+1, j+1), (i+1, j), (i, j) with
// i = floor(x - 0.5), j = floor(y - 0.5), as PTX's tld4 documents.
#include <cmath>
#include <cstring>
#include <vector>

#include "common.h"

constexpr int W = 8, H = 4;

__global__ void gather(hipTextureObject_t t, const float2* at, int comp,
                       float4* out, int n) {
  int i = threadIdx.x;
  if (i < n) out[i] = tex2Dgather<float4>(t, at[i].x, at[i].y, comp);
}

__global__ void gather_int(hipTextureObject_t t, const float2* at, int comp,
                           int4* out, int n) {
  int i = threadIdx.x;
  if (i < n) tex2Dgather(&out[i], t, at[i].x, at[i].y, comp);
}

__global__ void read2d(hipTextureObject_t t, uint4* out) {
  int x = threadIdx.x, y = threadIdx.y;
  out[y * W + x] = tex2D<uint4>(t, (x + 0.5f) / W, (y + 0.5f) / H);
}

__global__ void read2d_norm(hipTextureObject_t t, float4* out) {
  int x = threadIdx.x, y = threadIdx.y;
  out[y * W + x] = tex2D<float4>(t, x + 0.5f, y + 0.5f);
}

__global__ void read1d(hipTextureObject_t t, float* out) {
  int x = threadIdx.x;
  out[x] = tex1D<float>(t, x + 0.5f);
}

// Texel (x, y) of channel c of the uchar4 array: distinct everywhere.
static unsigned char texel(int x, int y, int c) {
  return static_cast<unsigned char>(y * 40 + x * 4 + c + 1);
}

static int clampi(int v, int n) { return v < 0 ? 0 : v >= n ? n - 1 : v; }

// With `gather`, a 2D array made for tex2Dgather (hipArrayTextureGather,
// which GPUs need), else an ordinary one.
static hipArray_t make_uchar4_array(bool gather) {
  hipArray_t a;
  if (gather) {
    HIP_ARRAY3D_DESCRIPTOR d = {W, H, 0, HIP_AD_FORMAT_UNSIGNED_INT8, 4,
                                hipArrayTextureGather};
    HIP_CHECK(hipArray3DCreate(&a, &d));
  } else {
    HIP_ARRAY_DESCRIPTOR d = {W, H, HIP_AD_FORMAT_UNSIGNED_INT8, 4};
    HIP_CHECK(hipArrayCreate(&a, &d));
  }
  std::vector<unsigned char> host(W * H * 4);
  for (int y = 0; y < H; ++y)
    for (int x = 0; x < W; ++x)
      for (int c = 0; c < 4; ++c) host[(y * W + x) * 4 + c] = texel(x, y, c);
  hip_Memcpy2D cp;
  std::memset(&cp, 0, sizeof cp);
  cp.srcMemoryType = hipMemoryTypeHost;
  cp.srcHost = host.data();
  cp.srcPitch = W * 4;
  cp.dstMemoryType = hipMemoryTypeArray;
  cp.dstArray = a;
  cp.WidthInBytes = W * 4;
  cp.Height = H;
  HIP_CHECK(hipMemcpyParam2D(&cp));
  return a;
}

static hipTextureObject_t make_object(hipArray_t a, unsigned flags,
                                      HIPaddress_mode mode) {
  HIP_RESOURCE_DESC rd;
  std::memset(&rd, 0, sizeof rd);
  rd.resType = HIP_RESOURCE_TYPE_ARRAY;
  rd.res.array.hArray = a;
  HIP_TEXTURE_DESC td;
  std::memset(&td, 0, sizeof td);
  td.addressMode[0] = td.addressMode[1] = mode;
  td.filterMode = HIP_TR_FILTER_MODE_POINT;
  td.flags = flags;
  hipTextureObject_t t;
  HIP_CHECK(hipTexObjectCreate(&t, &rd, &td, nullptr));
  return t;
}

static void test_driver_objects() {
  hipArray_t a = make_uchar4_array(false);
  // Integers read as integers, normalized coordinates.
  hipTextureObject_t t = make_object(
      a, HIP_TRSF_READ_AS_INTEGER | HIP_TRSF_NORMALIZED_COORDINATES,
      HIP_TR_ADDRESS_MODE_CLAMP);
  uint4* d;
  HIP_CHECK(hipMalloc(&d, W * H * sizeof(uint4)));
  read2d<<<1, dim3(W, H)>>>(t, d);
  std::vector<uint4> got(W * H);
  HIP_CHECK(hipMemcpy(got.data(), d, W * H * sizeof(uint4),
                      hipMemcpyDeviceToHost));
  for (int y = 0; y < H; ++y)
    for (int x = 0; x < W; ++x) {
      const uint4& g = got[y * W + x];
      CHECK_EQ(g.x, texel(x, y, 0));
      CHECK_EQ(g.y, texel(x, y, 1));
      CHECK_EQ(g.z, texel(x, y, 2));
      CHECK_EQ(g.w, texel(x, y, 3));
    }
  HIP_CHECK(hipTexObjectDestroy(t));
  // Without READ_AS_INTEGER: normalized floats, texel coordinates.
  t = make_object(a, 0, HIP_TR_ADDRESS_MODE_CLAMP);
  float4* f;
  HIP_CHECK(hipMalloc(&f, W * H * sizeof(float4)));
  read2d_norm<<<1, dim3(W, H)>>>(t, f);
  std::vector<float4> gf(W * H);
  HIP_CHECK(hipMemcpy(gf.data(), f, W * H * sizeof(float4),
                      hipMemcpyDeviceToHost));
  for (int i = 0; i < W * H; ++i) {
    int x = i % W, y = i / W;
    CHECK_EQ(gf[i].x, texel(x, y, 0) / 255.0f);
    CHECK_EQ(gf[i].w, texel(x, y, 3) / 255.0f);
  }
  HIP_CHECK(hipTexObjectDestroy(t));
  HIP_CHECK(hipFree(d));
  HIP_CHECK(hipFree(f));
  HIP_CHECK(hipArrayDestroy(a));

  // A 1D float array filled with hipMemcpyHtoA.
  HIP_ARRAY_DESCRIPTOR d1 = {16, 0, HIP_AD_FORMAT_FLOAT, 1};
  hipArray_t a1;
  HIP_CHECK(hipArrayCreate(&a1, &d1));
  float in[16];
  for (int i = 0; i < 16; ++i) in[i] = 0.25f * i - 1.0f;
  HIP_CHECK(hipMemcpyHtoA(a1, 0, in, sizeof in));
  t = make_object(a1, 0, HIP_TR_ADDRESS_MODE_CLAMP);
  float* o;
  HIP_CHECK(hipMalloc(&o, sizeof in));
  read1d<<<1, 16>>>(t, o);
  float out[16];
  HIP_CHECK(hipMemcpy(out, o, sizeof out, hipMemcpyDeviceToHost));
  CHECK_ARRAY(out, in, 16);
  HIP_CHECK(hipTexObjectDestroy(t));
  HIP_CHECK(hipFree(o));
  HIP_CHECK(hipArrayDestroy(a1));
}

// The expected gather of component c at (x, y) in texel coordinates, with
// clamp (border: -1 for texels outside, read as `border`).
static void expect_gather(float x, float y, int c, bool border, int* out) {
  int i = static_cast<int>(std::floor(x - 0.5f));
  int j = static_cast<int>(std::floor(y - 0.5f));
  const int at[4][2] = {{i, j + 1}, {i + 1, j + 1}, {i + 1, j}, {i, j}};
  for (int k = 0; k < 4; ++k) {
    int u = at[k][0], v = at[k][1];
    if (border && (u < 0 || u >= W || v < 0 || v >= H))
      out[k] = -1;
    else
      out[k] = texel(clampi(u, W), clampi(v, H), c);
  }
}

static void test_gather() {
  hipArray_t a = make_uchar4_array(true);
  const float2 pts[] = {{1.5f, 1.5f}, {2.2f, 0.9f}, {0.1f, 0.2f},
                        {7.9f, 3.9f}, {4.0f, 2.0f}, {-0.7f, 5.3f}};
  const int n = sizeof pts / sizeof pts[0];
  float2* at;
  HIP_CHECK(hipMalloc(&at, sizeof pts));
  HIP_CHECK(hipMemcpy(at, pts, sizeof pts, hipMemcpyHostToDevice));
  int4* di;
  float4* df;
  HIP_CHECK(hipMalloc(&di, n * sizeof(int4)));
  HIP_CHECK(hipMalloc(&df, n * sizeof(float4)));
  for (int border = 0; border < 2; ++border) {
    hipTextureObject_t ti = make_object(
        a, HIP_TRSF_READ_AS_INTEGER,
        border ? HIP_TR_ADDRESS_MODE_BORDER : HIP_TR_ADDRESS_MODE_CLAMP);
    hipTextureObject_t tf =
        make_object(a, 0, border ? HIP_TR_ADDRESS_MODE_BORDER
                                 : HIP_TR_ADDRESS_MODE_CLAMP);
    for (int c = 0; c < 4; ++c) {
      gather_int<<<1, n>>>(ti, at, c, di, n);
      gather<<<1, n>>>(tf, at, c, df, n);
      int4 gi[n];
      float4 gf[n];
      HIP_CHECK(hipMemcpy(gi, di, sizeof gi, hipMemcpyDeviceToHost));
      HIP_CHECK(hipMemcpy(gf, df, sizeof gf, hipMemcpyDeviceToHost));
      for (int p = 0; p < n; ++p) {
        int want[4];
        expect_gather(pts[p].x, pts[p].y, c, border, want);
        const int got_i[4] = {gi[p].x, gi[p].y, gi[p].z, gi[p].w};
        const float got_f[4] = {gf[p].x, gf[p].y, gf[p].z, gf[p].w};
        for (int k = 0; k < 4; ++k) {
          // The border colour is 0: integers read 0, floats 0.0.
          CHECK_EQ(got_i[k], want[k] < 0 ? 0 : want[k]);
          CHECK_EQ(got_f[k], want[k] < 0 ? 0.0f : want[k] / 255.0f);
        }
      }
    }
    HIP_CHECK(hipTexObjectDestroy(ti));
    HIP_CHECK(hipTexObjectDestroy(tf));
  }
  HIP_CHECK(hipFree(at));
  HIP_CHECK(hipFree(di));
  HIP_CHECK(hipFree(df));
  HIP_CHECK(hipArrayDestroy(a));
}

int main() {
  test_driver_objects();
  test_gather();
  return test_summary("texture_gather");
}
