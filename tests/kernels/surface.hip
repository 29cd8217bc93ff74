// Surface objects: surf1D/2D/3D and layered reads and writes (x in bytes),
// the zero and clamp boundary modes, the pointer (HIP) and value (CUDA)
// forms of the reads; what kernels write is read back through the array
// copies and compared with values computed on the host.
#include <vector>

#include "common.h"

namespace {

hipSurfaceObject_t make_surface(hipArray_t a) {
  hipResourceDesc rd{};
  rd.resType = hipResourceTypeArray;
  rd.res.array.array = a;
  hipSurfaceObject_t s;
  HIP_CHECK(hipCreateSurfaceObject(&s, &rd));
  return s;
}

float value2d(int x, int y) { return static_cast<float>(x * 10 + y) + 0.5f; }

__global__ void write2d(hipSurfaceObject_t s, int w, int h) {
  int x = threadIdx.x, y = blockIdx.x;
  if (x < w && y < h)
    surf2Dwrite(static_cast<float>(x * 10 + y) + 0.5f, s,
                x * static_cast<int>(sizeof(float)), y);
  // Outside the array, in the default (zero) mode: dropped.
  if (x == 0 && y == 0) {
    surf2Dwrite(-1.0f, s, -4, 0);
    surf2Dwrite(-1.0f, s, w * 4, 0);
    surf2Dwrite(-1.0f, s, 0, h);
    surf2Dwrite(-1.0f, s, 0, -1, hipBoundaryModeZero);
  }
}

// out[i] for probe i: in-range, zero-mode and clamp-mode reads.
__global__ void read2d(hipSurfaceObject_t s, const int* px, const int* py,
                       float* zero, float* clamp, int n) {
  int i = threadIdx.x;
  if (i >= n) return;
  surf2Dread(&zero[i], s, px[i], py[i]);  // HIP's form, zero mode
  clamp[i] = surf2Dread<float>(s, px[i], py[i], hipBoundaryModeClamp);
}

void test_2d() {
  const int W = 6, H = 4;
  hipChannelFormatDesc cd = hipCreateChannelDesc<float>();
  hipArray_t a;
  HIP_CHECK(hipMallocArray(&a, &cd, W, H, hipArraySurfaceLoadStore));
  hipSurfaceObject_t s = make_surface(a);
  write2d<<<H, W>>>(s, W, H);
  HIP_CHECK(hipGetLastError());
  std::vector<float> got(W * H), want(W * H);
  HIP_CHECK(hipMemcpy2DFromArray(got.data(), W * sizeof(float), a, 0, 0,
                                 W * sizeof(float), H,
                                 hipMemcpyDeviceToHost));
  for (int y = 0; y < H; ++y)
    for (int x = 0; x < W; ++x) want[y * W + x] = value2d(x, y);
  CHECK_ARRAY(got.data(), want.data(), W * H);

  // Probes: (x in elements, y); the kernel gets x in bytes.
  const int probes[][2] = {{0, 0}, {5, 3}, {2, 1}, {-1, 0},  {6, 2},
                           {3, -1}, {4, 4}, {-7, 9}, {40, -3}};
  const int n = sizeof probes / sizeof probes[0];
  int hx[n], hy[n];
  float wz[n], wc[n];
  for (int i = 0; i < n; ++i) {
    int x = probes[i][0], y = probes[i][1];
    hx[i] = x * 4;
    hy[i] = y;
    bool in = x >= 0 && x < W && y >= 0 && y < H;
    wz[i] = in ? value2d(x, y) : 0.0f;
    int cx = x < 0 ? 0 : x >= W ? W - 1 : x;
    int cy = y < 0 ? 0 : y >= H ? H - 1 : y;
    wc[i] = value2d(cx, cy);
  }
  int *dx, *dy;
  float *dz, *dc;
  HIP_CHECK(hipMalloc(&dx, sizeof hx));
  HIP_CHECK(hipMalloc(&dy, sizeof hy));
  HIP_CHECK(hipMalloc(&dz, sizeof wz));
  HIP_CHECK(hipMalloc(&dc, sizeof wc));
  HIP_CHECK(hipMemcpy(dx, hx, sizeof hx, hipMemcpyHostToDevice));
  HIP_CHECK(hipMemcpy(dy, hy, sizeof hy, hipMemcpyHostToDevice));
  read2d<<<1, 32>>>(s, dx, dy, dz, dc, n);
  float gz[n], gc[n];
  HIP_CHECK(hipMemcpy(gz, dz, sizeof gz, hipMemcpyDeviceToHost));
  HIP_CHECK(hipMemcpy(gc, dc, sizeof gc, hipMemcpyDeviceToHost));
  CHECK_ARRAY(gz, wz, n);
  CHECK_ARRAY(gc, wc, n);
  HIP_CHECK(hipFree(dx));
  HIP_CHECK(hipFree(dy));
  HIP_CHECK(hipFree(dz));
  HIP_CHECK(hipFree(dc));
  HIP_CHECK(hipDestroySurfaceObject(s));
  HIP_CHECK(hipFreeArray(a));
}

// 1D uchar4: each thread reverses the channels of its element in place;
// clamped writes past either end land on the first and last elements.
__global__ void swizzle1d(hipSurfaceObject_t s, int w) {
  int x = threadIdx.x;
  if (x < w) {
    uchar4 v;
    surf1Dread(&v, s, x * 4);
    surf1Dwrite(make_uchar4(v.w, v.z, v.y, v.x), s, x * 4);
  }
}

__global__ void clamp_writes(hipSurfaceObject_t s, int w) {
  surf1Dwrite(make_uchar4(1, 2, 3, 4), s, -8, hipBoundaryModeClamp);
  surf1Dwrite(make_uchar4(5, 6, 7, 8), s, (w + 3) * 4, hipBoundaryModeClamp);
}

void test_1d_uchar4() {
  const int W = 10;
  hipChannelFormatDesc cd = hipCreateChannelDesc<uchar4>();
  hipArray_t a;
  HIP_CHECK(hipMallocArray(&a, &cd, W, 0, hipArraySurfaceLoadStore));
  unsigned char in[W * 4], want[W * 4], got[W * 4];
  for (int i = 0; i < W * 4; ++i) in[i] = static_cast<unsigned char>(i * 7);
  HIP_CHECK(hipMemcpyToArray(a, 0, 0, in, sizeof in, hipMemcpyHostToDevice));
  hipSurfaceObject_t s = make_surface(a);
  swizzle1d<<<1, W>>>(s, W);
  HIP_CHECK(hipMemcpyFromArray(got, a, 0, 0, sizeof got,
                               hipMemcpyDeviceToHost));
  for (int x = 0; x < W; ++x)
    for (int c = 0; c < 4; ++c) want[x * 4 + c] = in[x * 4 + 3 - c];
  CHECK_ARRAY(got, want, W * 4);
  clamp_writes<<<1, 1>>>(s, W);
  HIP_CHECK(hipMemcpyFromArray(got, a, 0, 0, sizeof got,
                               hipMemcpyDeviceToHost));
  for (int c = 0; c < 4; ++c) {
    want[c] = static_cast<unsigned char>(1 + c);
    want[(W - 1) * 4 + c] = static_cast<unsigned char>(5 + c);
  }
  CHECK_ARRAY(got, want, W * 4);
  HIP_CHECK(hipDestroySurfaceObject(s));
  HIP_CHECK(hipFreeArray(a));
}

// 3D and 2D layered int surfaces: out = 1000 z + 100 y + x + 1, read back
// with hipMemcpy3D; then a kernel sums each element and its neighbours in
// x through surf3Dread (zero outside), plus the layered copy (-v) and v.
__global__ void fill3d(hipSurfaceObject_t s3, hipSurfaceObject_t sl, int w) {
  int x = threadIdx.x, y = threadIdx.y, z = blockIdx.x;
  if (x >= w) return;
  int v = 1000 * z + 100 * y + x + 1;
  surf3Dwrite(v, s3, x * 4, y, z);
  surf2DLayeredwrite(-v, sl, x * 4, y, z);
}

__global__ void neighbours(hipSurfaceObject_t s3, hipSurfaceObject_t sl,
                           int* out, int w, int h) {
  int x = threadIdx.x, y = threadIdx.y, z = blockIdx.x;
  if (x >= w) return;
  int l, r, m, k;
  surf3Dread(&l, s3, (x - 1) * 4, y, z);
  surf3Dread(&r, s3, (x + 1) * 4, y, z);
  m = surf3Dread<int>(s3, x * 4, y, z);
  surf2DLayeredread(&k, sl, x * 4, y, z);  // -m
  out[(z * h + y) * w + x] = l + r + m + (k + m);
}

void test_3d_layered() {
  const int W = 5, H = 3, D = 4;
  hipChannelFormatDesc cd = hipCreateChannelDesc<int>();
  hipArray_t a3, al;
  HIP_CHECK(hipMalloc3DArray(&a3, &cd, make_hipExtent(W, H, D),
                             hipArraySurfaceLoadStore));
  HIP_CHECK(hipMalloc3DArray(&al, &cd, make_hipExtent(W, H, D),
                             hipArrayLayered | hipArraySurfaceLoadStore));
  hipSurfaceObject_t s3 = make_surface(a3), sl = make_surface(al);
  fill3d<<<D, dim3(W, H)>>>(s3, sl, W);
  std::vector<int> got(W * H * D), got_l(W * H * D), want(W * H * D);
  for (int z = 0; z < D; ++z)
    for (int y = 0; y < H; ++y)
      for (int x = 0; x < W; ++x)
        want[(z * H + y) * W + x] = 1000 * z + 100 * y + x + 1;
  hipMemcpy3DParms p{};
  p.srcArray = a3;
  p.dstPtr = make_hipPitchedPtr(got.data(), W * sizeof(int), W, H);
  p.extent = make_hipExtent(W, H, D);
  p.kind = hipMemcpyDeviceToHost;
  HIP_CHECK(hipMemcpy3D(&p));
  CHECK_ARRAY(got.data(), want.data(), W * H * D);
  p.srcArray = al;
  p.dstPtr = make_hipPitchedPtr(got_l.data(), W * sizeof(int), W, H);
  HIP_CHECK(hipMemcpy3D(&p));
  for (int& v : got_l) v = -v;
  CHECK_ARRAY(got_l.data(), want.data(), W * H * D);

  int* d;
  HIP_CHECK(hipMalloc(&d, W * H * D * sizeof(int)));
  neighbours<<<D, dim3(W, H)>>>(s3, sl, d, W, H);
  HIP_CHECK(hipMemcpy(got.data(), d, W * H * D * sizeof(int),
                      hipMemcpyDeviceToHost));
  std::vector<int> sums(W * H * D);
  for (int z = 0; z < D; ++z)
    for (int y = 0; y < H; ++y)
      for (int x = 0; x < W; ++x) {
        int i = (z * H + y) * W + x;
        sums[i] = (x > 0 ? want[i - 1] : 0) + (x < W - 1 ? want[i + 1] : 0) +
                  want[i];
      }
  CHECK_ARRAY(got.data(), sums.data(), W * H * D);
  HIP_CHECK(hipFree(d));
  HIP_CHECK(hipDestroySurfaceObject(s3));
  HIP_CHECK(hipDestroySurfaceObject(sl));
  HIP_CHECK(hipFreeArray(a3));
  HIP_CHECK(hipFreeArray(al));
}

}  // namespace

int main() {
  test_2d();
  test_1d_uchar4();
  test_3d_layered();
  return test_summary("surface");
}
