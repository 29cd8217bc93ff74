// Texture objects: every address mode (wrap, clamp, mirror, border), both
// filter modes, normalized and unnormalized coordinates, both read modes,
// 1D/2D/3D/layered arrays, linear and pitched memory, the value and
// pointer forms of the fetch functions. Every expected value is computed
// here on the host, from the texel data, by the rules of CUDA's
// programming guide ("Texture Fetching"): coordinates are transformed
// (wrap: frac(x); mirror: frac(x) or 1 - frac(x) by the parity of
// floor(x)) before they are scaled, texel centers are at +0.5, and linear
// filtering weights are rounded to 8 fractional bits, per dimension and
// again each time a texel's weight takes the next dimension's factor (what
// an H200 returns: its bilinear results are exact multiples of 1/256 of
// the texel values). Its trilinear results matched that rule in 10 of 12
// samples, so on a GPU a 3D linear result may be off by up to half a
// step (1/512) of each of its eight texels' values.
#include <cmath>
#include <cstring>
#include <vector>

#include "common.h"

namespace {

// ---- the host's reference sampler -------------------------------------

struct Ref {
  const std::vector<float>* data;  // one float per texel, x fastest
  int size[3];
  int mode[3];
  bool linear, normalized;
  float border;
};

double frac(double v) { return v - std::floor(v); }

// The coordinate of dimension d in texels, after wrap or mirror.
double to_texels(const Ref& r, int d, double c) {
  if (!r.normalized) return c;
  if (r.mode[d] == hipAddressModeWrap) c = frac(c);
  if (r.mode[d] == hipAddressModeMirror)
    c = (static_cast<long>(std::floor(c)) % 2 == 0) ? frac(c) : 1 - frac(c);
  return c * r.size[d];
}

// Texel index i of dimension d; -1 for the border.
long texel_index(const Ref& r, int d, long i) {
  long n = r.size[d];
  int m = r.mode[d];
  if (!r.normalized && (m == hipAddressModeWrap || m == hipAddressModeMirror))
    m = hipAddressModeClamp;
  if (m == hipAddressModeBorder) return i < 0 || i >= n ? -1 : i;
  if (m == hipAddressModeWrap) return ((i % n) + n) % n;
  if (m == hipAddressModeMirror) {  // mirror the texel grid at the edges
    if (i < 0) i = -1 - i;
    if (i >= n) i = 2 * n - 1 - i;
    return i;
  }
  return i < 0 ? 0 : i >= n ? n - 1 : i;
}

double texel(const Ref& r, const long* idx, int dims) {
  for (int d = 0; d < dims; ++d)
    if (idx[d] < 0) return r.border;
  long x = idx[0], y = dims > 1 ? idx[1] : 0, z = dims > 2 ? idx[2] : 0;
  return (*r.data)[(z * r.size[1] + y) * r.size[0] + x];
}

// The slack a GPU gets in 3D linear sampling (see the top); set by sample.
double slack_3d = 0;
bool on_gpu = false;

double sample(const Ref& r, int dims, const double* c) {
  slack_3d = 0;
  long lo[3], hi[3];
  double w[3];
  for (int d = 0; d < dims; ++d) {
    double u = to_texels(r, d, c[d]);
    if (!r.linear) {
      lo[d] = texel_index(r, d, static_cast<long>(std::floor(u)));
      continue;
    }
    double b = u - 0.5;
    long i = static_cast<long>(std::floor(b));
    w[d] = std::round(frac(b) * 256) / 256;  // 9-bit fixed point weights
    lo[d] = texel_index(r, d, i);
    hi[d] = texel_index(r, d, i + 1);
  }
  if (!r.linear) return texel(r, lo, dims);
  double sum = 0;
  for (int corner = 0; corner < (1 << dims); ++corner) {
    long at[3];
    double weight = 1;
    for (int d = 0; d < dims; ++d) {
      bool up = (corner >> d) & 1;
      at[d] = up ? hi[d] : lo[d];
      weight *= up ? w[d] : 1 - w[d];
      if (d > 0) weight = std::floor(weight * 256 + 0.5) / 256;
    }
    double v = texel(r, at, dims);
    sum += weight * v;
    if (dims == 3 && on_gpu) slack_3d += std::fabs(v) / 512;
  }
  return sum;
}

// ---- checks ----------------------------------------------------------

bool near(double got, double want, double tol) {
  return std::fabs(got - want) <= tol;
}

// Compares `got` with the reference at each coordinate; prints the first
// few differences under `what`.
void check_samples(const char* what, const std::vector<float>& got,
                   const std::vector<double>& want, const float* coords,
                   int dims, double tol,
                   const std::vector<double>* slack = nullptr) {
  int bad = 0;
  for (size_t i = 0; i < got.size(); ++i) {
    if (near(got[i], want[i], tol + (slack ? (*slack)[i] : 0))) continue;
    if (bad < 6) {
      std::fprintf(stderr, "%s: at (", what);
      for (int d = 0; d < dims; ++d)
        std::fprintf(stderr, "%s%.6g", d ? ", " : "", coords[i * 3 + d]);
      std::fprintf(stderr, ") got %.7g, expected %.7g\n", got[i], want[i]);
    }
    ++bad;
  }
  if (bad) std::fprintf(stderr, "%s: %d of %zu differ\n", what, bad, got.size());
  CHECK(bad == 0);
}

// ---- kernels ---------------------------------------------------------

__global__ void sample_kernel(hipTextureObject_t t, int dims,
                              const float* coords, float* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float x = coords[3 * i], y = coords[3 * i + 1], z = coords[3 * i + 2];
  if (dims == 1) out[i] = tex1D<float>(t, x);
  if (dims == 2) out[i] = tex2D<float>(t, x, y);
  if (dims == 3) out[i] = tex3D<float>(t, x, y, z);
}

// Samples `t` on the device at `coords` (3 floats each).
std::vector<float> device_samples(hipTextureObject_t t, int dims,
                                  const std::vector<float>& coords) {
  int n = static_cast<int>(coords.size() / 3);
  float *dc, *dout;
  HIP_CHECK(hipMalloc(&dc, coords.size() * sizeof(float)));
  HIP_CHECK(hipMalloc(&dout, n * sizeof(float)));
  HIP_CHECK(hipMemcpy(dc, coords.data(), coords.size() * sizeof(float),
                      hipMemcpyHostToDevice));
  sample_kernel<<<(n + 63) / 64, 64>>>(t, dims, dc, dout, n);
  HIP_CHECK(hipGetLastError());
  std::vector<float> out(n);
  HIP_CHECK(hipMemcpy(out.data(), dout, n * sizeof(float),
                      hipMemcpyDeviceToHost));
  HIP_CHECK(hipFree(dc));
  HIP_CHECK(hipFree(dout));
  return out;
}

// Coordinates of one dimension of `n` texels: away from texel edges and
// from the rounding points of the filter weights, and reaching beyond the
// texture on both sides.
std::vector<double> axis(int n, bool normalized) {
  static const double offsets[] = {0.3, 0.7, 0.45, 0.9, 0.05};
  std::vector<double> v;
  int k = 0;
  for (int i = -n - 2; i < 2 * n + 3; ++i, ++k) {
    double t = i + offsets[k % 5];
    v.push_back(normalized ? t / n : t);
  }
  return v;
}

hipTextureDesc make_desc(int m0, int m1, int m2, bool linear, bool normalized,
                         float border) {
  hipTextureDesc d{};
  d.addressMode[0] = static_cast<hipTextureAddressMode>(m0);
  d.addressMode[1] = static_cast<hipTextureAddressMode>(m1);
  d.addressMode[2] = static_cast<hipTextureAddressMode>(m2);
  d.filterMode = linear ? hipFilterModeLinear : hipFilterModePoint;
  d.readMode = hipReadModeElementType;
  d.normalizedCoords = normalized;
  for (float& b : d.borderColor) b = border;
  return d;
}

const char* mode_name(int m) {
  static const char* names[] = {"wrap", "clamp", "mirror", "border"};
  return names[m];
}

// ---- 2D float array: every address mode, filter and coordinate kind ----

void test_2d_modes() {
  const int W = 8, H = 5;
  std::vector<float> data(W * H);
  for (int y = 0; y < H; ++y)
    for (int x = 0; x < W; ++x)
      data[y * W + x] = static_cast<float>((x * 7 + y * 13) % 31 + 1);
  hipChannelFormatDesc cd = hipCreateChannelDesc<float>();
  hipArray_t arr;
  HIP_CHECK(hipMallocArray(&arr, &cd, W, H));
  HIP_CHECK(hipMemcpy2DToArray(arr, 0, 0, data.data(), W * sizeof(float),
                               W * sizeof(float), H, hipMemcpyHostToDevice));
  hipResourceDesc rd{};
  rd.resType = hipResourceTypeArray;
  rd.res.array.array = arr;

  struct Case { int m0, m1; bool normalized; };
  const Case cases[] = {
      {hipAddressModeWrap, hipAddressModeWrap, true},
      {hipAddressModeClamp, hipAddressModeClamp, true},
      {hipAddressModeMirror, hipAddressModeMirror, true},
      {hipAddressModeBorder, hipAddressModeBorder, true},
      {hipAddressModeWrap, hipAddressModeMirror, true},
      {hipAddressModeBorder, hipAddressModeClamp, true},
      {hipAddressModeClamp, hipAddressModeClamp, false},
      {hipAddressModeBorder, hipAddressModeBorder, false},
      {hipAddressModeClamp, hipAddressModeBorder, false},
  };
  for (const Case& c : cases) {
    for (int linear = 0; linear < 2; ++linear) {
      float border = -2.5f;
      hipTextureDesc td = make_desc(c.m0, c.m1, c.m0, linear, c.normalized,
                                    border);
      hipTextureObject_t t;
      HIP_CHECK(hipCreateTextureObject(&t, &rd, &td, nullptr));
      std::vector<double> xs = axis(W, c.normalized), ys = axis(H, c.normalized);
      std::vector<float> coords;
      std::vector<double> want;
      Ref r{&data, {W, H, 1}, {c.m0, c.m1, c.m0}, bool(linear), c.normalized,
            border};
      for (double y : ys)
        for (double x : xs) {
          coords.push_back(static_cast<float>(x));
          coords.push_back(static_cast<float>(y));
          coords.push_back(0);
          double cc[3] = {static_cast<float>(x), static_cast<float>(y), 0};
          want.push_back(sample(r, 2, cc));
        }
      std::vector<float> got = device_samples(t, 2, coords);
      char what[96];
      std::snprintf(what, sizeof what, "2D %s/%s %s %s", mode_name(c.m0),
                    mode_name(c.m1), linear ? "linear" : "point",
                    c.normalized ? "normalized" : "unnormalized");
      check_samples(what, got, want, coords.data(), 2, 2e-3);
      HIP_CHECK(hipDestroyTextureObject(t));
    }
  }
  HIP_CHECK(hipFreeArray(arr));
}

// ---- the filter weights: 8 fractional bits ------------------------------

__global__ void lerp_kernel(hipTextureObject_t t, float x, float* out) {
  *out = tex1D<float>(t, x);
}

void test_weights_8bit() {
  float vals[2] = {0.0f, 256.0f};
  hipChannelFormatDesc cd = hipCreateChannelDesc<float>();
  hipArray_t arr;
  HIP_CHECK(hipMallocArray(&arr, &cd, 2));
  HIP_CHECK(hipMemcpyToArray(arr, 0, 0, vals, sizeof vals,
                             hipMemcpyHostToDevice));
  hipResourceDesc rd{};
  rd.resType = hipResourceTypeArray;
  rd.res.array.array = arr;
  hipTextureDesc td = make_desc(hipAddressModeClamp, 0, 0, true, false, 0);
  hipTextureObject_t t;
  HIP_CHECK(hipCreateTextureObject(&t, &rd, &td, nullptr));
  float* d;
  HIP_CHECK(hipMalloc(&d, sizeof(float)));
  // x = 0.8: the weight of texel 1 is 0.3, which 9-bit fixed point holds
  // as 77/256: 77, not 76.8. 0.5 + 100.2/256: 100/256, not 100.2.
  const float xs[] = {0.8f, 0.5f + 100.2f / 256, 1.25f, 0.75f};
  const float want[] = {77.0f, 100.0f, 192.0f, 64.0f};
  for (int i = 0; i < 4; ++i) {
    lerp_kernel<<<1, 1>>>(t, xs[i], d);
    float got;
    HIP_CHECK(hipMemcpy(&got, d, sizeof got, hipMemcpyDeviceToHost));
    if (!near(got, want[i], 0.01))
      std::fprintf(stderr, "weights: tex1D(%.6g) = %.6g, expected %.6g\n",
                   xs[i], got, want[i]);
    CHECK(near(got, want[i], 0.01));
  }
  HIP_CHECK(hipFree(d));
  HIP_CHECK(hipDestroyTextureObject(t));
  HIP_CHECK(hipFreeArray(arr));
}

// ---- read modes: 8- and 16-bit integers as normalized floats ------------

template <typename T>
__global__ void read_float4(hipTextureObject_t t, float x, float y,
                            float4* out) {
  *out = tex2D<float4>(t, x, y);
}

template <typename T>
__global__ void read_elem(hipTextureObject_t t, float x, float y, T* out) {
  tex2D(out, t, x, y);  // the pointer form
}

// A 2x2 array of 4-channel T, read at texel (1, 0) in both read modes and
// linearly between all four texels.
template <typename T>
void test_read_mode(const char* name, const T (*texels)[4], double max) {
  typedef HIP_vector_type<T, 4> T4;
  hipChannelFormatDesc cd = hipCreateChannelDesc<T4>();
  CHECK_EQ(cd.x, 8 * static_cast<int>(sizeof(T)));
  CHECK_EQ(cd.w, 8 * static_cast<int>(sizeof(T)));
  hipArray_t arr;
  HIP_CHECK(hipMallocArray(&arr, &cd, 2, 2));
  HIP_CHECK(hipMemcpy2DToArray(arr, 0, 0, texels, 2 * sizeof(T4),
                               2 * sizeof(T4), 2, hipMemcpyHostToDevice));
  hipResourceDesc rd{};
  rd.resType = hipResourceTypeArray;
  rd.res.array.array = arr;
  // Signed values are v / max, and the result is clamped to -1 (so -128
  // reads -1 alone but filters as -128/127, as on an H200).
  auto norm = [&](T v) { return v / max; };
  auto clamp = [](double f) { return f < -1 ? -1.0 : f; };
  float4* d4;
  T4* de;
  HIP_CHECK(hipMalloc(&d4, sizeof(float4)));
  HIP_CHECK(hipMalloc(&de, sizeof(T4)));
  for (int linear = 0; linear < 2; ++linear) {
    hipTextureDesc td = make_desc(hipAddressModeClamp, hipAddressModeClamp,
                                  0, linear, false, 0);
    td.readMode = hipReadModeNormalizedFloat;
    hipTextureObject_t t;
    HIP_CHECK(hipCreateTextureObject(&t, &rd, &td, nullptr));
    // Point: texel (1, 0). Linear at (1.0, 1.25): x weight 0.5, y 0.75,
    // per-texel weights 1/8 and 3/8.
    float x = linear ? 1.0f : 1.5f, y = linear ? 1.25f : 0.5f;
    read_float4<T><<<1, 1>>>(t, x, y, d4);
    float4 got;
    HIP_CHECK(hipMemcpy(&got, d4, sizeof got, hipMemcpyDeviceToHost));
    for (int c = 0; c < 4; ++c) {
      double want = clamp(
          linear ? 0.125 * (norm(texels[0][c]) + norm(texels[1][c])) +
                       0.375 * (norm(texels[2][c]) + norm(texels[3][c]))
                 : norm(texels[1][c]));
      // An H200's filtered normalized values are off by up to ~1.5e-5.
      double tol = linear ? 5e-5 : 1e-5;
      float g = c == 0 ? got.x : c == 1 ? got.y : c == 2 ? got.z : got.w;
      if (!near(g, want, tol))
        std::fprintf(stderr, "%s normalized %s channel %d: %.8g, want %.8g\n",
                     name, linear ? "linear" : "point", c, g, want);
      CHECK(near(g, want, tol));
    }
    HIP_CHECK(hipDestroyTextureObject(t));
  }
  // Element type: the integers themselves.
  hipTextureDesc td = make_desc(hipAddressModeClamp, hipAddressModeClamp, 0,
                                false, false, 0);
  hipTextureObject_t t;
  HIP_CHECK(hipCreateTextureObject(&t, &rd, &td, nullptr));
  read_elem<T4><<<1, 1>>>(t, 0.5f, 1.5f, de);
  T4 got;
  HIP_CHECK(hipMemcpy(&got, de, sizeof got, hipMemcpyDeviceToHost));
  CHECK_EQ(got.x, texels[2][0]);
  CHECK_EQ(got.y, texels[2][1]);
  CHECK_EQ(got.z, texels[2][2]);
  CHECK_EQ(got.w, texels[2][3]);
  HIP_CHECK(hipDestroyTextureObject(t));
  HIP_CHECK(hipFree(d4));
  HIP_CHECK(hipFree(de));
  HIP_CHECK(hipFreeArray(arr));
}

void test_read_modes() {
  const unsigned char u8[4][4] = {
      {0, 255, 17, 128}, {1, 254, 200, 64}, {90, 3, 255, 0}, {33, 77, 11, 5}};
  test_read_mode<unsigned char>("uchar4", u8, 255);
  const signed char s8[4][4] = {
      {-128, 127, -1, 0}, {-127, 100, 5, -50}, {64, -64, 126, -3},
      {0, 1, -2, 3}};
  test_read_mode<signed char>("char4", s8, 127);
  const unsigned short u16[4][4] = {{0, 65535, 1000, 32768},
                                    {12345, 54321, 7, 65534},
                                    {1, 2, 3, 4},
                                    {40000, 30000, 20000, 10000}};
  test_read_mode<unsigned short>("ushort4", u16, 65535);
  const short s16[4][4] = {{-32768, 32767, -1, 0},
                           {-32767, 1000, -1000, 7},
                           {16384, -16384, 3, -3},
                           {0, 1, -2, 3}};
  test_read_mode<short>("short4", s16, 32767);
}

// ---- linear and pitched memory; tex1Dfetch ------------------------------

__global__ void fetch_kernel(hipTextureObject_t ti, hipTextureObject_t tf,
                             hipTextureObject_t tn, int* oi, float* of,
                             float* on, int n) {
  int i = threadIdx.x;
  if (i >= n) return;
  int x = i - 3;  // three before the start, three past the end
  oi[i] = tex1Dfetch<int>(ti, x);
  tex1Dfetch(&of[i], tf, x);
  on[i] = tex1Dfetch<float>(tn, x);
}

void test_linear_fetch() {
  const int N = 40, M = N + 6;
  std::vector<int> vi(N);
  std::vector<float> vf(N);
  std::vector<unsigned short> vs(N);
  for (int i = 0; i < N; ++i) {
    vi[i] = i * i - 700;
    vf[i] = 0.5f * i - 3;
    vs[i] = static_cast<unsigned short>(i * 1500);
  }
  int* di;
  float* df;
  unsigned short* ds;
  HIP_CHECK(hipMalloc(&di, N * sizeof(int)));
  HIP_CHECK(hipMalloc(&df, N * sizeof(float)));
  HIP_CHECK(hipMalloc(&ds, N * sizeof(unsigned short)));
  HIP_CHECK(hipMemcpy(di, vi.data(), N * sizeof(int), hipMemcpyHostToDevice));
  HIP_CHECK(hipMemcpy(df, vf.data(), N * sizeof(float), hipMemcpyHostToDevice));
  HIP_CHECK(hipMemcpy(ds, vs.data(), N * sizeof(unsigned short),
                      hipMemcpyHostToDevice));
  hipTextureObject_t t[3];
  void* ptrs[3] = {di, df, ds};
  hipChannelFormatDesc fmts[3] = {hipCreateChannelDesc<int>(),
                                  hipCreateChannelDesc<float>(),
                                  hipCreateChannelDesc<unsigned short>()};
  size_t sizes[3] = {N * sizeof(int), N * sizeof(float),
                     N * sizeof(unsigned short)};
  for (int k = 0; k < 3; ++k) {
    hipResourceDesc rd{};
    rd.resType = hipResourceTypeLinear;
    rd.res.linear.devPtr = ptrs[k];
    rd.res.linear.desc = fmts[k];
    rd.res.linear.sizeInBytes = sizes[k];
    hipTextureDesc td{};
    td.readMode = k == 2 ? hipReadModeNormalizedFloat : hipReadModeElementType;
    HIP_CHECK(hipCreateTextureObject(&t[k], &rd, &td, nullptr));
  }
  int* oi;
  float *of, *on;
  HIP_CHECK(hipMalloc(&oi, M * sizeof(int)));
  HIP_CHECK(hipMalloc(&of, M * sizeof(float)));
  HIP_CHECK(hipMalloc(&on, M * sizeof(float)));
  fetch_kernel<<<1, 64>>>(t[0], t[1], t[2], oi, of, on, M);
  HIP_CHECK(hipGetLastError());
  std::vector<int> gi(M), wi(M);
  std::vector<float> gf(M), wf(M), gn(M), wn(M);
  HIP_CHECK(hipMemcpy(gi.data(), oi, M * sizeof(int), hipMemcpyDeviceToHost));
  HIP_CHECK(hipMemcpy(gf.data(), of, M * sizeof(float), hipMemcpyDeviceToHost));
  HIP_CHECK(hipMemcpy(gn.data(), on, M * sizeof(float), hipMemcpyDeviceToHost));
  for (int i = 0; i < M; ++i) {
    int x = i - 3;
    bool in = x >= 0 && x < N;  // outside: zeros
    wi[i] = in ? vi[x] : 0;
    wf[i] = in ? vf[x] : 0;
    wn[i] = in ? static_cast<float>(vs[x] / 65535.0) : 0;
  }
  CHECK_ARRAY(gi.data(), wi.data(), M);
  CHECK_ARRAY(gf.data(), wf.data(), M);
  int bad = 0;
  for (int i = 0; i < M; ++i) bad += !near(gn[i], wn[i], 1e-6);
  CHECK_EQ(bad, 0);
  for (hipTextureObject_t x : t) HIP_CHECK(hipDestroyTextureObject(x));
  HIP_CHECK(hipFree(oi));
  HIP_CHECK(hipFree(of));
  HIP_CHECK(hipFree(on));
  HIP_CHECK(hipFree(di));
  HIP_CHECK(hipFree(df));
  HIP_CHECK(hipFree(ds));
}

void test_pitch2d() {
  const int W = 13, H = 6;
  float* d;
  size_t pitch;
  HIP_CHECK(hipMallocPitch(reinterpret_cast<void**>(&d), &pitch,
                           W * sizeof(float), H));
  std::vector<float> data(W * H);
  for (int i = 0; i < W * H; ++i) data[i] = static_cast<float>(i % 17) - 4;
  HIP_CHECK(hipMemcpy2D(d, pitch, data.data(), W * sizeof(float),
                        W * sizeof(float), H, hipMemcpyHostToDevice));
  hipResourceDesc rd{};
  rd.resType = hipResourceTypePitch2D;
  rd.res.pitch2D.devPtr = d;
  rd.res.pitch2D.desc = hipCreateChannelDesc<float>();
  rd.res.pitch2D.width = W;
  rd.res.pitch2D.height = H;
  rd.res.pitch2D.pitchInBytes = pitch;
  for (int linear = 0; linear < 2; ++linear) {
    hipTextureDesc td = make_desc(hipAddressModeBorder, hipAddressModeClamp,
                                  0, linear, true, 0);
    hipTextureObject_t t;
    HIP_CHECK(hipCreateTextureObject(&t, &rd, &td, nullptr));
    Ref r{&data, {W, H, 1}, {hipAddressModeBorder, hipAddressModeClamp, 0},
          bool(linear), true, 0};
    std::vector<float> coords;
    std::vector<double> want;
    for (double y : axis(H, true))
      for (double x : axis(W, true)) {
        double cc[3] = {static_cast<float>(x), static_cast<float>(y), 0};
        coords.insert(coords.end(), {float(x), float(y), 0.0f});
        want.push_back(sample(r, 2, cc));
      }
    check_samples(linear ? "pitch2D linear" : "pitch2D point",
                  device_samples(t, 2, coords), want, coords.data(), 2, 2e-3);
    HIP_CHECK(hipDestroyTextureObject(t));
  }
  HIP_CHECK(hipFree(d));
}

// ---- 3D and layered arrays ---------------------------------------------

void test_3d() {
  const int W = 5, H = 4, D = 3;
  std::vector<float> data(W * H * D);
  for (int i = 0; i < W * H * D; ++i) data[i] = static_cast<float>((i * 11) % 23);
  hipChannelFormatDesc cd = hipCreateChannelDesc<float>();
  hipArray_t arr;
  HIP_CHECK(hipMalloc3DArray(&arr, &cd, make_hipExtent(W, H, D), 0));
  hipMemcpy3DParms p{};
  p.srcPtr = make_hipPitchedPtr(data.data(), W * sizeof(float), W, H);
  p.dstArray = arr;
  p.extent = make_hipExtent(W, H, D);
  p.kind = hipMemcpyHostToDevice;
  HIP_CHECK(hipMemcpy3D(&p));
  hipResourceDesc rd{};
  rd.resType = hipResourceTypeArray;
  rd.res.array.array = arr;
  const int modes[][3] = {{hipAddressModeWrap, hipAddressModeMirror,
                           hipAddressModeClamp},
                          {hipAddressModeBorder, hipAddressModeClamp,
                           hipAddressModeWrap}};
  for (const auto& m : modes)
    for (int linear = 0; linear < 2; ++linear) {
      hipTextureDesc td = make_desc(m[0], m[1], m[2], linear, true, 1.5f);
      hipTextureObject_t t;
      HIP_CHECK(hipCreateTextureObject(&t, &rd, &td, nullptr));
      Ref r{&data, {W, H, D}, {m[0], m[1], m[2]}, bool(linear), true, 1.5f};
      std::vector<float> coords;
      std::vector<double> want, slack;
      std::vector<double> xs = axis(W, true), ys = axis(H, true),
                          zs = axis(D, true);
      for (size_t k = 0; k < zs.size(); k += 2)
        for (size_t j = 0; j < ys.size(); j += 2)
          for (double x : xs) {
            double cc[3] = {float(x), float(ys[j]), float(zs[k])};
            coords.insert(coords.end(),
                          {float(x), float(ys[j]), float(zs[k])});
            want.push_back(sample(r, 3, cc));
            slack.push_back(slack_3d);
          }
      char what[64];
      std::snprintf(what, sizeof what, "3D %s/%s/%s %s", mode_name(m[0]),
                    mode_name(m[1]), mode_name(m[2]),
                    linear ? "linear" : "point");
      check_samples(what, device_samples(t, 3, coords), want, coords.data(),
                    3, 2e-3, &slack);
      HIP_CHECK(hipDestroyTextureObject(t));
    }
  // Back out of the array, through hipMemcpy3D.
  std::vector<float> back(W * H * D, -1);
  hipMemcpy3DParms q{};
  q.srcArray = arr;
  q.dstPtr = make_hipPitchedPtr(back.data(), W * sizeof(float), W, H);
  q.extent = make_hipExtent(W, H, D);
  q.kind = hipMemcpyDeviceToHost;
  HIP_CHECK(hipMemcpy3D(&q));
  CHECK_ARRAY(back.data(), data.data(), W * H * D);
  HIP_CHECK(hipFreeArray(arr));
}

__global__ void layered_kernel(hipTextureObject_t t1, hipTextureObject_t t2,
                               float* out) {
  int l = threadIdx.x;  // layer
  // Linear in x (and y), never across layers.
  out[4 * l] = tex1DLayered<float>(t1, 1.75f, l);
  out[4 * l + 1] = tex2DLayered<float>(t2, 2.25f, 1.5f, l);
  out[4 * l + 2] = tex2DLayeredLod<float>(t2, 0.5f, 0.5f, l, 0.0f);
  tex2DLayered(&out[4 * l + 3], t2, 3.5f, 2.75f, l);
}

void test_layered() {
  const int W = 4, H = 3, L = 3;
  std::vector<float> d1(W * L), d2(W * H * L);
  for (int i = 0; i < W * L; ++i) d1[i] = static_cast<float>(i * 3 % 7);
  for (int i = 0; i < W * H * L; ++i) d2[i] = static_cast<float>(i * 5 % 13);
  hipChannelFormatDesc cd = hipCreateChannelDesc<float>();
  hipArray_t a1, a2;
  HIP_CHECK(hipMalloc3DArray(&a1, &cd, make_hipExtent(W, 0, L),
                             hipArrayLayered));
  HIP_CHECK(hipMalloc3DArray(&a2, &cd, make_hipExtent(W, H, L),
                             hipArrayLayered));
  hipMemcpy3DParms p{};
  p.srcPtr = make_hipPitchedPtr(d1.data(), W * sizeof(float), W, 1);
  p.dstArray = a1;
  p.extent = make_hipExtent(W, 1, L);
  p.kind = hipMemcpyHostToDevice;
  HIP_CHECK(hipMemcpy3D(&p));
  p.srcPtr = make_hipPitchedPtr(d2.data(), W * sizeof(float), W, H);
  p.dstArray = a2;
  p.extent = make_hipExtent(W, H, L);
  HIP_CHECK(hipMemcpy3D(&p));
  hipTextureObject_t t1, t2;
  hipResourceDesc rd{};
  rd.resType = hipResourceTypeArray;
  hipTextureDesc td = make_desc(hipAddressModeClamp, hipAddressModeClamp, 0,
                                true, false, 0);
  rd.res.array.array = a1;
  HIP_CHECK(hipCreateTextureObject(&t1, &rd, &td, nullptr));
  rd.res.array.array = a2;
  HIP_CHECK(hipCreateTextureObject(&t2, &rd, &td, nullptr));
  float* d;
  HIP_CHECK(hipMalloc(&d, 4 * L * sizeof(float)));
  layered_kernel<<<1, L>>>(t1, t2, d);
  std::vector<float> got(4 * L);
  HIP_CHECK(hipMemcpy(got.data(), d, got.size() * sizeof(float),
                      hipMemcpyDeviceToHost));
  for (int l = 0; l < L; ++l) {
    std::vector<float> s1(d1.begin() + l * W, d1.begin() + (l + 1) * W);
    std::vector<float> s2(d2.begin() + l * W * H,
                          d2.begin() + (l + 1) * W * H);
    Ref r1{&s1, {W, 1, 1}, {1, 1, 1}, true, false, 0};
    Ref r2{&s2, {W, H, 1}, {1, 1, 1}, true, false, 0};
    double c1[3] = {1.75, 0, 0}, c2[3] = {2.25, 1.5, 0}, c3[3] = {0.5, 0.5, 0},
           c4[3] = {3.5, 2.75, 0};
    double want[4] = {sample(r1, 1, c1), sample(r2, 2, c2), sample(r2, 2, c3),
                      sample(r2, 2, c4)};
    for (int k = 0; k < 4; ++k) {
      if (!near(got[4 * l + k], want[k], 1e-4))
        std::fprintf(stderr, "layered: layer %d sample %d: %.7g, want %.7g\n",
                     l, k, got[4 * l + k], want[k]);
      CHECK(near(got[4 * l + k], want[k], 1e-4));
    }
  }
  HIP_CHECK(hipFree(d));
  HIP_CHECK(hipDestroyTextureObject(t1));
  HIP_CHECK(hipDestroyTextureObject(t2));
  HIP_CHECK(hipFreeArray(a1));
  HIP_CHECK(hipFreeArray(a2));
}

// ---- half floats; descriptors read back --------------------------------

__global__ void half_kernel(hipTextureObject_t t, float2* out, float4* all) {
  *out = tex1D<float2>(t, 1.5f);
  out[1] = tex1D<float2>(t, 1.0f);  // halfway between texels 0 and 1
  *all = tex1D<float4>(t, 0.5f);    // the channels it lacks read 0
}

void test_half_and_descs() {
  // 1.5, -2.0 | 65504 (largest half), 2^-24 (smallest subnormal)
  const unsigned short h[4] = {0x3e00, 0xc000, 0x7bff, 0x0001};
  hipChannelFormatDesc cd = hipCreateChannelDescHalf2();
  hipArray_t arr;
  HIP_CHECK(hipMallocArray(&arr, &cd, 2));
  HIP_CHECK(hipMemcpyToArray(arr, 0, 0, h, sizeof h, hipMemcpyHostToDevice));
  hipResourceDesc rd{};
  rd.resType = hipResourceTypeArray;
  rd.res.array.array = arr;
  hipTextureDesc td = make_desc(hipAddressModeClamp, 0, 0, true, false, 0);
  hipTextureObject_t t;
  HIP_CHECK(hipCreateTextureObject(&t, &rd, &td, nullptr));
  float2* d;
  float4* d4;
  HIP_CHECK(hipMalloc(&d, 2 * sizeof(float2)));
  HIP_CHECK(hipMalloc(&d4, sizeof(float4)));
  half_kernel<<<1, 1>>>(t, d, d4);
  float2 got[2];
  float4 all;
  HIP_CHECK(hipMemcpy(got, d, sizeof got, hipMemcpyDeviceToHost));
  HIP_CHECK(hipMemcpy(&all, d4, sizeof all, hipMemcpyDeviceToHost));
  CHECK_EQ(all.x, 1.5f);
  CHECK_EQ(all.y, -2.0f);
  CHECK_EQ(all.z, 0.0f);
  CHECK_EQ(all.w, 0.0f);
  CHECK_EQ(got[0].x, 65504.0f);
  CHECK_EQ(got[0].y, std::ldexp(1.0f, -24));
  // GPUs filter halves at lower precision: within 1e-3 relative.
  CHECK(near(got[1].x, 0.5 * (1.5 + 65504.0), 32.75));
  CHECK(near(got[1].y, -1.0, 1e-6));

  hipResourceDesc rback;
  hipTextureDesc tback;
  CHECK_ERR(hipGetTextureObjectResourceDesc(&rback, t), hipSuccess);
  CHECK_EQ(rback.resType, hipResourceTypeArray);
  CHECK(rback.res.array.array == arr);
  CHECK_ERR(hipGetTextureObjectTextureDesc(&tback, t), hipSuccess);
  CHECK_EQ(tback.filterMode, hipFilterModeLinear);
  CHECK_EQ(tback.addressMode[0], hipAddressModeClamp);
  hipChannelFormatDesc info;
  hipExtent ext;
  unsigned flags = 99;
  CHECK_ERR(hipArrayGetInfo(&info, &ext, &flags, arr), hipSuccess);
  CHECK_EQ(info.x, 16);
  CHECK_EQ(info.y, 16);
  CHECK_EQ(info.z, 0);
  CHECK_EQ(info.f, hipChannelFormatKindFloat);
  CHECK_EQ(ext.width, 2u);
  CHECK_EQ(ext.height, 0u);
  CHECK_EQ(flags, 0u);
  HIP_CHECK(hipFree(d));
  HIP_CHECK(hipFree(d4));
  HIP_CHECK(hipDestroyTextureObject(t));
  HIP_CHECK(hipFreeArray(arr));
}

// ---- copies to and from arrays -----------------------------------------

void test_array_copies() {
  const int W = 7, H = 4;
  std::vector<unsigned> data(W * H), back(W * H, 0);
  for (int i = 0; i < W * H; ++i) data[i] = 0x01010101u * i;
  hipChannelFormatDesc cd = hipCreateChannelDesc<unsigned>();
  hipArray_t arr;
  HIP_CHECK(hipMallocArray(&arr, &cd, W, H));
  // Linear copy in: starts in row 0 at element 2, runs over row ends.
  HIP_CHECK(hipMemcpyToArray(arr, 2 * sizeof(unsigned), 0, data.data(),
                             (W * H - 2) * sizeof(unsigned),
                             hipMemcpyHostToDevice));
  HIP_CHECK(hipMemcpy2DFromArray(back.data(), W * sizeof(unsigned), arr, 0, 0,
                                 W * sizeof(unsigned), H,
                                 hipMemcpyDeviceToHost));
  std::vector<unsigned> want(W * H, 0);
  for (int i = 2; i < W * H; ++i) want[i] = data[i - 2];
  CHECK_ARRAY(back.data(), want.data(), W * H);
  // A sub-rectangle out, into device memory and back.
  unsigned* d;
  HIP_CHECK(hipMalloc(&d, 3 * 2 * sizeof(unsigned)));
  HIP_CHECK(hipMemcpy2DFromArray(d, 3 * sizeof(unsigned), arr,
                                 4 * sizeof(unsigned), 1, 3 * sizeof(unsigned),
                                 2, hipMemcpyDeviceToDevice));
  unsigned sub[6];
  HIP_CHECK(hipMemcpy(sub, d, sizeof sub, hipMemcpyDeviceToHost));
  for (int y = 0; y < 2; ++y)
    for (int x = 0; x < 3; ++x) CHECK_EQ(sub[y * 3 + x], want[(1 + y) * W + 4 + x]);
  std::vector<unsigned> lin(W * H - 5);
  HIP_CHECK(hipMemcpyFromArray(lin.data(), arr, 5 * sizeof(unsigned), 0,
                               lin.size() * sizeof(unsigned),
                               hipMemcpyDeviceToHost));
  CHECK_ARRAY(lin.data(), want.data() + 5, lin.size());
  // Outside the array: refused, nothing copied.
  CHECK_ERR(hipMemcpy2DToArray(arr, 1, 0, data.data(), W * sizeof(unsigned),
                               W * sizeof(unsigned), 1, hipMemcpyHostToDevice),
            hipErrorInvalidValue);
  CHECK_ERR(hipMemcpy2DToArray(arr, 0, 1, data.data(), W * sizeof(unsigned),
                               W * sizeof(unsigned), H, hipMemcpyHostToDevice),
            hipErrorInvalidValue);
  HIP_CHECK(hipFree(d));
  HIP_CHECK(hipFreeArray(arr));
}

}  // namespace

int main() {
  hipDeviceProp_t prop;
  HIP_CHECK(hipGetDeviceProperties(&prop, 0));
  on_gpu = std::strncmp(prop.gcnArchName, "sm_", 3) == 0;  // an NVIDIA GPU
  int image = 0;
  HIP_CHECK(hipDeviceGetAttribute(&image, hipDeviceAttributeImageSupport, 0));
  CHECK_EQ(image, 1);
  test_2d_modes();
  test_weights_8bit();
  test_read_modes();
  test_linear_fetch();
  test_pitch2d();
  test_3d();
  test_layered();
  test_half_and_descs();
  test_array_copies();
  return test_summary("texture");
}
