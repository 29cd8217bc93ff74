// fp8 (hip/hip_fp8.h), the four interpretations, on the device against an
// independent reference (tests/kernels/fp_ref.h): all 256 codes to float
// and half; float and double to fp8 with and without saturation at every
// rounding boundary (each value, each midpoint, the floats beside them,
// overflow, denormals, NaN, ±Inf, ±0); all 65536 halves and bfloat16s to
// fp8; the x2/x4 conversions and the classes.
#include <hip/hip_fp8.h>

#include <cfloat>
#include <cmath>
#include <vector>

#include "common.h"
#include "fp_ref.h"

static const __hip_fp8_interpretation_t KINDS[4] = {
    __HIP_E4M3, __HIP_E5M2, __HIP_E4M3_FNUZ, __HIP_E5M2_FNUZ};
struct kind {
  ref::fmt f;
  unsigned maxenc;
  bool fnuz, e4m3;
};
static const kind K[4] = {{{3, -6}, 0x7e, false, true},
                          {{2, -14}, 0x7b, false, false},
                          {{3, -7}, 0x7f, true, true},
                          {{2, -15}, 0x7f, true, false}};

// The reference decoder: the value of code c (NaN as NaN).
static long double ref_value(int k, unsigned c) {
  const kind& d = K[k];
  unsigned mag = c & 0x7f;
  bool neg = (c & 0x80) != 0;
  if (d.fnuz && c == 0x80) return NAN;
  if (!d.fnuz && d.e4m3 && mag == 0x7f) return NAN;
  if (!d.fnuz && !d.e4m3 && mag > 0x7c) return NAN;
  long double v = !d.fnuz && !d.e4m3 && mag == 0x7c ? INFINITY
                                                    : ref::value(d.f, mag);
  return neg ? -v : v;
}
// The reference encoder, with AMD's rules (hip/hipc/fp8.h).
static unsigned ref_encode(int k, long double x, bool sat) {
  const kind& d = K[k];
  bool neg = std::signbit(x);
  unsigned sign = neg ? 0x80 : 0;
  unsigned nan = d.fnuz ? 0x80 : sign | 0x7f;
  unsigned inf = d.fnuz || d.e4m3 ? nan : sign | 0x7c;
  if (std::isnan(x)) return nan;
  if (std::isinf(x)) return inf;
  long double a = std::fabs(x);
  if (a > ref::value(d.f, d.maxenc)) return sat ? sign | d.maxenc : inf;
  unsigned e = ref::round(d.f, a, neg, ref::RN, d.maxenc);
  if (e == 0) return d.fnuz ? 0 : sign;
  return sign | e;
}
static bool same_code(int k, unsigned got, unsigned want) {
  if (std::isnan(ref_value(k, want))) return std::isnan(ref_value(k, got));
  return got == want;
}

// ---- fp8 to float and half: every code.
template <typename C>
__device__ float via(__hip_fp8_storage_t c) {
  C v;
  v.__x = c;
  return v;
}
__global__ void k_decode(float* f, unsigned short* h) {
  int i = threadIdx.x, k = blockIdx.x;
  __hip_fp8_storage_t c = static_cast<__hip_fp8_storage_t>(i);
  __hip_fp8_interpretation_t t = static_cast<__hip_fp8_interpretation_t>(k);
  __half_raw hr = __hip_cvt_fp8_to_halfraw(c, t);
  h[256 * k + i] = hr.x;
  __hip_fp8x2_storage_t two = static_cast<__hip_fp8x2_storage_t>(c | c << 8);
  __half2_raw h2 = __hip_cvt_fp8x2_to_halfraw2(two, t);
  float a = __half2float(__half(hr)), b = __half2float(__half(__half_raw{h2.y}));
  // Through the classes as well: E4M3 is kind 0, and so on.
  float viaclass = k == 0   ? via<__hip_fp8_e4m3>(c)
                   : k == 1 ? via<__hip_fp8_e5m2>(c)
                   : k == 2 ? via<__hip_fp8_e4m3_fnuz>(c)
                            : via<__hip_fp8_e5m2_fnuz>(c);
  bool agree = (a == b || (a != a && b != b)) &&
               (a == viaclass || (a != a && viaclass != viaclass));
  f[256 * k + i] = agree ? viaclass : 12345.0f;
}

static void test_decode() {
  float* df;
  unsigned short* dh;
  HIP_CHECK(hipMalloc(&df, 1024 * sizeof(float)));
  HIP_CHECK(hipMalloc(&dh, 1024 * sizeof(unsigned short)));
  k_decode<<<4, 256>>>(df, dh);
  std::vector<float> f(1024);
  std::vector<unsigned short> h(1024);
  HIP_CHECK(hipMemcpy(f.data(), df, 4096, hipMemcpyDeviceToHost));
  HIP_CHECK(hipMemcpy(h.data(), dh, 2048, hipMemcpyDeviceToHost));
  int bad = 0;
  for (int k = 0; k < 4; k++)
    for (unsigned c = 0; c < 256; c++) {
      long double want = ref_value(k, c);
      float got = f[256 * k + c];
      float hv = __half2float(__ushort_as_half(h[256 * k + c]));
      bool ok = std::isnan(want) ? std::isnan(got) && std::isnan(hv)
                                 : got == want && hv == want &&
                                       std::signbit(got) == std::signbit(want) &&
                                       std::signbit(hv) == std::signbit(want);
      if (!ok && bad++ < 8)
        std::fprintf(stderr, "kind %d code %#x: got %a / half %#x, want %La\n",
                     k, c, got, h[256 * k + c], want);
    }
  CHECK_EQ(bad, 0);
  HIP_CHECK(hipFree(df));
  HIP_CHECK(hipFree(dh));
}

// ---- float and double to fp8: 4 kinds x {nosat, sat} x {float, double}.
__global__ void k_encode(const float* in, unsigned char* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  for (int k = 0; k < 4; k++)
    for (int s = 0; s < 2; s++) {
      __hip_fp8_interpretation_t t = static_cast<__hip_fp8_interpretation_t>(k);
      __hip_saturation_t sat = s ? __HIP_SATFINITE : __HIP_NOSAT;
      out[16 * i + 4 * k + 2 * s] = __hip_cvt_float_to_fp8(in[i], sat, t);
      out[16 * i + 4 * k + 2 * s + 1] =
          __hip_cvt_double_to_fp8(static_cast<double>(in[i]), sat, t);
    }
}

static void test_encode() {
  std::vector<float> in;
  for (int k = 0; k < 4; k++)
    for (unsigned c = 0; c <= K[k].maxenc; c++) {
      long double v = ref::value(K[k].f, c);
      long double next = c < K[k].maxenc ? ref::value(K[k].f, c + 1)
                                         : 2 * ref::value(K[k].f, c);
      for (long double x : {v, (v + next) / 2})
        for (float y : {static_cast<float>(x),
                        std::nextafter(static_cast<float>(x), 0.0f),
                        std::nextafter(static_cast<float>(x), INFINITY)}) {
          in.push_back(y);
          in.push_back(-y);
        }
    }
  for (float x : {0.0f, INFINITY, NAN, FLT_MAX, 0x1p-149f, 1e-30f, 1e6f,
                  65536.0f, 61440.0f, 57344.0f, 57345.0f, 448.0f, 449.0f,
                  464.0f, 240.0f, 241.0f, 248.0f})
    for (float y : {x, -x}) in.push_back(y);
  int n = static_cast<int>(in.size());
  float* din;
  unsigned char* dout;
  HIP_CHECK(hipMalloc(&din, n * sizeof(float)));
  HIP_CHECK(hipMalloc(&dout, 16 * n));
  HIP_CHECK(hipMemcpy(din, in.data(), n * sizeof(float), hipMemcpyHostToDevice));
  k_encode<<<(n + 127) / 128, 128>>>(din, dout, n);
  std::vector<unsigned char> got(16 * static_cast<size_t>(n));
  HIP_CHECK(hipMemcpy(got.data(), dout, got.size(), hipMemcpyDeviceToHost));
  int bad = 0;
  for (int i = 0; i < n; i++)
    for (int k = 0; k < 4; k++)
      for (int s = 0; s < 2; s++) {
        unsigned want = ref_encode(k, in[i], s != 0);
        for (int d = 0; d < 2; d++) {
          unsigned g = got[16 * i + 4 * k + 2 * s + d];
          if (!same_code(k, g, want) && bad++ < 10)
            std::fprintf(stderr, "%s %a kind %d sat %d: got %#x want %#x\n",
                         d ? "double" : "float", in[i], k, s, g, want);
        }
      }
  CHECK_EQ(bad, 0);
  // Doubles beside midpoints (float could not tell), on the host.
  bad = 0;
  for (int k = 0; k < 4; k++)
    for (unsigned c = 1; c < K[k].maxenc; c++) {
      long double v = ref::value(K[k].f, c), next = ref::value(K[k].f, c + 1);
      long double mid = (v + next) / 2;
      for (long double x : {mid + mid * 0x1p-40L, mid - mid * 0x1p-40L}) {
        unsigned g = __hip_cvt_double_to_fp8(static_cast<double>(x), __HIP_NOSAT, KINDS[k]);
        if (g != ref_encode(k, x, false) && bad++ < 5)
          std::fprintf(stderr, "double %La kind %d: got %#x\n", x, k, g);
      }
    }
  CHECK_EQ(bad, 0);
  HIP_CHECK(hipFree(din));
  HIP_CHECK(hipFree(dout));
}

// ---- Every half and every bfloat16 to fp8.
__global__ void k_from16(unsigned char* out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned short bits = static_cast<unsigned short>(i);
  for (int k = 0; k < 4; k++)
    for (int s = 0; s < 2; s++) {
      __hip_fp8_interpretation_t t = static_cast<__hip_fp8_interpretation_t>(k);
      __hip_saturation_t sat = s ? __HIP_SATFINITE : __HIP_NOSAT;
      out[16 * i + 4 * k + 2 * s] = __hip_cvt_halfraw_to_fp8(__half_raw{bits}, sat, t);
      out[16 * i + 4 * k + 2 * s + 1] =
          __hip_cvt_bfloat16raw_to_fp8(__hip_bfloat16_raw{bits}, sat, t);
    }
}
static long double half_value(unsigned h) {
  unsigned e = (h >> 10) & 0x1f, m = h & 0x3ff;
  long double v = e == 31 ? (m ? NAN : INFINITY)
                          : ref::value(ref::fmt{10, -14}, h & 0x7fff);
  return (h & 0x8000) ? -v : v;
}
static long double bf16_value(unsigned b) {
  unsigned e = (b >> 7) & 0xff, m = b & 0x7f;
  long double v = e == 255 ? (m ? NAN : INFINITY)
                           : ref::value(ref::fmt{7, -126}, b & 0x7fff);
  return (b & 0x8000) ? -v : v;
}

static void test_from16() {
  unsigned char* d;
  HIP_CHECK(hipMalloc(&d, 16 * 65536));
  k_from16<<<256, 256>>>(d);
  std::vector<unsigned char> got(16 * 65536);
  HIP_CHECK(hipMemcpy(got.data(), d, got.size(), hipMemcpyDeviceToHost));
  int bad = 0;
  for (unsigned i = 0; i < 65536; i++)
    for (int k = 0; k < 4; k++)
      for (int s = 0; s < 2; s++)
        for (int b = 0; b < 2; b++) {
          long double x = b ? bf16_value(i) : half_value(i);
          unsigned want = ref_encode(k, x, s != 0);
          unsigned g = got[16 * i + 4 * k + 2 * s + b];
          if (!same_code(k, g, want) && bad++ < 10)
            std::fprintf(stderr, "%s %#x kind %d sat %d: got %#x want %#x\n",
                         b ? "bf16" : "half", i, k, s, g, want);
        }
  CHECK_EQ(bad, 0);
  HIP_CHECK(hipFree(d));
}

// ---- Vectors and classes (host; the device shares the code).
static void test_classes() {
  // Known codes.
  CHECK_EQ(__hip_cvt_float_to_fp8(1.0f, __HIP_NOSAT, __HIP_E4M3), 0x38);
  CHECK_EQ(__hip_cvt_float_to_fp8(448.0f, __HIP_NOSAT, __HIP_E4M3), 0x7e);
  CHECK_EQ(__hip_cvt_float_to_fp8(449.0f, __HIP_NOSAT, __HIP_E4M3), 0x7f);
  CHECK_EQ(__hip_cvt_float_to_fp8(-449.0f, __HIP_SATFINITE, __HIP_E4M3), 0xfe);
  CHECK_EQ(__hip_cvt_float_to_fp8(-INFINITY, __HIP_SATFINITE, __HIP_E5M2), 0xfc);
  CHECK_EQ(__hip_cvt_float_to_fp8(1e5f, __HIP_NOSAT, __HIP_E5M2), 0x7c);
  CHECK_EQ(__hip_cvt_float_to_fp8(1e5f, __HIP_SATFINITE, __HIP_E5M2), 0x7b);
  CHECK_EQ(__hip_cvt_float_to_fp8(1.0f, __HIP_NOSAT, __HIP_E4M3_FNUZ), 0x40);
  CHECK_EQ(__hip_cvt_float_to_fp8(-0.0f, __HIP_NOSAT, __HIP_E4M3_FNUZ), 0x00);
  CHECK_EQ(__hip_cvt_float_to_fp8(-0.0f, __HIP_NOSAT, __HIP_E4M3), 0x80);
  CHECK_EQ(__hip_cvt_float_to_fp8(NAN, __HIP_SATFINITE, __HIP_E5M2_FNUZ), 0x80);
  CHECK_EQ(__hip_cvt_float_to_fp8(0x1p-17f, __HIP_NOSAT, __HIP_E5M2_FNUZ), 0x01);
  CHECK_EQ(__hip_cvt_float_to_fp8(0x1p-18f, __HIP_NOSAT, __HIP_E5M2_FNUZ), 0x00);
  CHECK_EQ(__hip_cvt_float_to_fp8(0x1.8p-18f, __HIP_NOSAT, __HIP_E5M2_FNUZ), 0x01);
  // x2: x in the low byte.
  CHECK_EQ(__hip_cvt_float2_to_fp8x2(make_float2(1.0f, -2.0f), __HIP_NOSAT,
                                     __HIP_E4M3),
           0xc038);
  CHECK_EQ(__hip_cvt_double2_to_fp8x2(make_double2(1.0, 2.0), __HIP_NOSAT,
                                      __HIP_E5M2),
           0x403c);
  __half2_raw h2 = __hip_cvt_fp8x2_to_halfraw2(0xc038, __HIP_E4M3);
  CHECK(h2.x == 0x3c00 && h2.y == 0xc000);
  CHECK_EQ(__hip_cvt_halfraw2_to_fp8x2(__half2_raw{0x3c00, 0xc000}, __HIP_NOSAT,
                                       __HIP_E4M3),
           0xc038);
  CHECK_EQ(__hip_cvt_bfloat16raw2_to_fp8x2(__hip_bfloat162_raw{0x3f80, 0xc000},
                                           __HIP_NOSAT, __HIP_E4M3),
           0xc038);
  // Classes saturate to finite by default.
  __hip_fp8_e4m3 a = 1000.0f;
  CHECK_EQ(a.__x, 0x7e);
  CHECK_EQ(static_cast<float>(a), 448.0f);
  __hip_fp8_e5m2 b(-3);
  CHECK_EQ(b.__x, 0xc2);
  CHECK_EQ(static_cast<int>(b), -3);
  CHECK_EQ(static_cast<unsigned>(b), 0u);
  CHECK_EQ(static_cast<double>(b), -3.0);
  CHECK_EQ(__half2float(static_cast<__half>(b)), -3.0f);
  CHECK_EQ(__bfloat162float(static_cast<__hip_bfloat16>(b)), -3.0f);
  __hip_fp8_e4m3_fnuz c(__half(0.5f)), z(0), nan;
  nan.__x = 0x80;
  CHECK_EQ(c.__x, 0x38);
  CHECK(static_cast<bool>(c) && !static_cast<bool>(z) && static_cast<bool>(nan));
  CHECK_EQ(static_cast<int>(nan), 0);
  CHECK(std::isnan(static_cast<float>(nan)));
  __hip_fp8_e5m2_fnuz d(__hip_bfloat16(2.0f));
  CHECK_EQ(d.__x, 0x44);
  CHECK_EQ(static_cast<short>(__hip_fp8_e5m2(1e9)), 32767);
  CHECK_EQ(static_cast<int>(__hip_fp8_e5m2(1e9)), 57344);
  CHECK_EQ(static_cast<long long>(__hip_fp8_e4m3(-2.75f)), -2ll);
  CHECK_EQ(static_cast<int>(static_cast<signed char>(__hip_fp8_e5m2(1000))), 127);
  CHECK(__hip_fp8_e4m3::__default_saturation == __HIP_SATFINITE);
  CHECK(__hip_fp8_e5m2_fnuz::__default_interpret == __HIP_E5M2_FNUZ);
  CHECK(__hip_fp8_e4m3::__we == 4 && __hip_fp8_e4m3::__wm == 3);
  __hip_fp8x2_e4m3 p(make_float2(1.0f, 1e9f));
  CHECK_EQ(p.__x, 0x7e38);
  float2 pf = p;
  CHECK(pf.x == 1.0f && pf.y == 448.0f);
  __half2 ph = p;
  CHECK(__low2float(ph) == 1.0f && __high2float(ph) == 448.0f);
  __hip_fp8x2_e5m2_fnuz pb(__floats2bfloat162_rn(2.0f, -2.0f));
  CHECK_EQ(pb.__x, 0xc444);
  __hip_fp8x2_e4m3_fnuz pd(make_double2(0.5, 1.0));
  CHECK_EQ(pd.__x, 0x4038);
  __hip_fp8x4_e4m3 q(make_float4(1, 2, -1, 448));
  CHECK_EQ(q.__x, 0x7eb84038u);
  float4 qf = q;
  CHECK(qf.x == 1 && qf.y == 2 && qf.z == -1 && qf.w == 448);
  __hip_fp8x4_e5m2 qh(__floats2half2_rn(1, 2), __floats2half2_rn(3, 4));
  float4 qhf = qh;
  CHECK(qhf.x == 1 && qhf.y == 2 && qhf.z == 3 && qhf.w == 4);
  __hip_fp8x4_e4m3_fnuz qb(__floats2bfloat162_rn(1, 2), __floats2bfloat162_rn(3, 4));
  float4 qbf = qb;
  CHECK(qbf.x == 1 && qbf.y == 2 && qbf.z == 3 && qbf.w == 4);
  __hip_fp8x4_e5m2_fnuz qd(make_double4(1, 2, 3, 4));
  float4 qdf = qd;
  CHECK(qdf.x == 1 && qdf.y == 2 && qdf.z == 3 && qdf.w == 4);
  CHECK(sizeof(__hip_fp8_e4m3) == 1 && sizeof(__hip_fp8x2_e5m2) == 2 &&
        sizeof(__hip_fp8x4_e4m3_fnuz) == 4);
}

int main() {
  test_decode();
  test_encode();
  test_from16();
  test_classes();
  return test_summary("fp8");
}
