// Half precision, exhaustively where it can be: all 65536 halves to float;
// float to half in the four rounding modes at every rounding boundary
// (each half, each midpoint between neighbours and the floats just beside
// it); double and integer conversions; + - * / and fma over random pairs
// with special values, all against an exact reference (rational values in
// 128-bit integers, the nearest half found by bisection over the ordered
// encodings). Also comparisons, max/min, sqrt and the other math functions,
// __half2 forms, operators and shuffles.
#include <hip/hip_fp16.h>

#include <cfloat>
#include <cmath>
#include <cstring>
#include <vector>

#include "common.h"

typedef __int128 i128;
enum { RN, RZ, RU, RD };

// ---- The reference: |value| = num / den, with a sign.
struct rat {
  i128 num, den;
  bool neg;
};
// The value of the magnitude encoding h (<= 0x7c00, 0x7c00 standing for
// 65536) in units of 2^-26.
static i128 val26(unsigned h) {
  unsigned e = h >> 10, m = h & 0x3ff;
  if (e == 0) return static_cast<i128>(m) * 4;
  return static_cast<i128>(1024 + m) << (e + 1);
}
// sign(|v| - x * 2^-26)
static int cmp26(const rat& v, i128 x) {
  i128 l = v.num << 26, r = x * v.den;
  return l < r ? -1 : l > r;
}
static uint16_t ref_round(const rat& v, int mode) {
  uint16_t sign = v.neg ? 0x8000 : 0;
  if (v.num == 0) return sign;
  // The largest magnitude encoding at or below |v|.
  unsigned lo = 0, hi = 0x7c00;
  while (lo < hi) {
    unsigned mid = (lo + hi + 1) / 2;
    if (cmp26(v, val26(mid)) >= 0)
      lo = mid;
    else
      hi = mid - 1;
  }
  if (lo == 0x7c00) lo = 0x7bff;  // at or past 65536: the largest finite
  if (cmp26(v, val26(lo)) == 0) return sign | lo;
  bool away;
  if (mode == RN) {
    int c = cmp26(v, (val26(lo) + val26(lo + 1)) / 2);
    away = c > 0 || (c == 0 && (lo & 1));
  } else {
    away = mode == (v.neg ? RD : RU);
  }
  return sign | (away ? lo + 1 : lo);  // lo + 1 = 0x7c00 is infinity
}
static rat from_float(long double f) {  // f = M * 2^E exactly, E >= -70
  rat r{0, 1, std::signbit(f) != 0};
  f = std::fabs(f);
  if (f == 0) return r;
  int e;
  long double m = std::frexp(f, &e);  // f = m * 2^e, m in [1/2, 1)
  i128 M = static_cast<i128>(std::ldexp(m, 64));
  e -= 64;
  if (e >= 0) {
    r.num = M << e;
  } else {
    r.num = M;
    r.den = static_cast<i128>(1) << -e;
  }
  return r;
}
static rat from_half(uint16_t h) {  // in units of 2^-26
  return rat{val26(h & 0x7fff), static_cast<i128>(1) << 26, (h & 0x8000) != 0};
}
static float half_value(uint16_t h) {  // independent of the header
  int e = (h >> 10) & 0x1f, m = h & 0x3ff;
  float v = e == 0    ? std::ldexp(static_cast<float>(m), -24)
            : e == 31 ? (m ? NAN : INFINITY)
                      : std::ldexp(static_cast<float>(1024 + m), e - 25);
  return (h & 0x8000) ? -v : v;
}
static bool is_nan(uint16_t h) { return (h & 0x7fff) > 0x7c00; }

// ---- Conversions on the device.
__global__ void k_to_float(float* out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = __half2float(__ushort_as_half(static_cast<unsigned short>(i)));
}
__global__ void k_from_float(const float* in, unsigned short* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float f = in[i];
  out[4 * i] = __half_as_ushort(__float2half_rn(f));
  out[4 * i + 1] = __half_as_ushort(__float2half_rz(f));
  out[4 * i + 2] = __half_as_ushort(__float2half_ru(f));
  out[4 * i + 3] = __half_as_ushort(__float2half_rd(f));
}

static void test_to_float() {
  float* d;
  HIP_CHECK(hipMalloc(&d, 65536 * sizeof(float)));
  k_to_float<<<256, 256>>>(d);
  std::vector<float> got(65536);
  HIP_CHECK(
      hipMemcpy(got.data(), d, 65536 * sizeof(float), hipMemcpyDeviceToHost));
  int bad = 0;
  for (unsigned h = 0; h < 65536; h++) {
    float want = half_value(static_cast<uint16_t>(h));
    bool ok = std::isnan(want) ? std::isnan(got[h])
                               : std::memcmp(&want, &got[h], 4) == 0;
    if (!ok && bad++ < 5)
      std::fprintf(stderr, "half %#x: got %a want %a\n", h, got[h], want);
  }
  CHECK_EQ(bad, 0);
  HIP_CHECK(hipFree(d));
}

static void test_from_float() {
  // Every half, every midpoint, and the floats on either side of both.
  std::vector<float> in;
  for (unsigned h = 0; h < 0x7c00; h++) {
    float v = half_value(static_cast<uint16_t>(h));
    float mid = h < 0x7bff ? (v + half_value(static_cast<uint16_t>(h + 1))) / 2
                           : 65520.0f;
    for (float x : {v, mid}) {
      for (float y :
           {x, std::nextafter(x, 0.0f), std::nextafter(x, INFINITY)}) {
        in.push_back(y);
        in.push_back(-y);
      }
    }
  }
  for (float x : {1e5f, 65536.0f, FLT_MAX, 1e-30f, 1e-8f, 2.9e-8f, 3.0e-8f})
    for (float y : {x, -x}) in.push_back(y);
  int n = static_cast<int>(in.size());
  float* din;
  unsigned short* dout;
  HIP_CHECK(hipMalloc(&din, n * sizeof(float)));
  HIP_CHECK(hipMalloc(&dout, 4 * n * sizeof(unsigned short)));
  HIP_CHECK(
      hipMemcpy(din, in.data(), n * sizeof(float), hipMemcpyHostToDevice));
  k_from_float<<<(n + 255) / 256, 256>>>(din, dout, n);
  std::vector<unsigned short> got(4 * static_cast<size_t>(n));
  HIP_CHECK(hipMemcpy(got.data(), dout, got.size() * 2, hipMemcpyDeviceToHost));
  int bad = 0;
  for (int i = 0; i < n; i++) {
    for (int m = 0; m < 4; m++) {
      uint16_t want;
      if (std::fabs(in[i]) < 0x1p-60f)  // below the reference's range
        want = (std::signbit(in[i]) ? 0x8000 : 0) |
               ((m == RU && in[i] > 0) || (m == RD && in[i] < 0));
      else if (std::fabs(in[i]) >= 65536)  // beyond it: overflow
        want = (in[i] < 0 ? 0x8000 : 0) |
               (m == RN || m == (in[i] < 0 ? RD : RU) ? 0x7c00 : 0x7bff);
      else
        want = ref_round(from_float(in[i]), m);
      if (got[4 * i + m] != want && bad++ < 8)
        std::fprintf(stderr, "float %a mode %d: got %#x want %#x\n", in[i], m,
                     got[4 * i + m], want);
    }
  }
  CHECK_EQ(bad, 0);
  // The host's round to nearest (its fast path for normal results) agrees.
  int host_bad = 0;
  for (int i = 0; i < n; i++)
    host_bad += __half_as_ushort(__float2half_rn(in[i])) != got[4 * i];
  CHECK_EQ(host_bad, 0);
  // NaN stays NaN, infinities stay infinite, in every mode.
  CHECK(__hisnan(__float2half_rz(NAN)));
  CHECK_EQ(__half_as_ushort(__float2half_rd(INFINITY)), 0x7c00);
  CHECK_EQ(__half_as_ushort(__float2half_ru(-INFINITY)), 0xfc00);
  HIP_CHECK(hipFree(din));
  HIP_CHECK(hipFree(dout));
}

// Double and integer conversions (host and device share the code; these run
// on the host), near rounding boundaries.
static void test_other_conversions() {
  int bad = 0;
  for (unsigned h = 1; h < 0x7bff; h += 7) {
    double lo = half_value(static_cast<uint16_t>(h)),
           hi = half_value(static_cast<uint16_t>(h + 1)), mid = (lo + hi) / 2;
    // Just above a midpoint: rounding through float would land on the
    // midpoint and round to even; correct rounding goes up.
    double above = mid + mid * 0x1p-40, below = mid - mid * 0x1p-40;
    bad += __half_as_ushort(__double2half(above)) != h + 1;
    bad += __half_as_ushort(__double2half(below)) != h;
    bad += __half_as_ushort(__double2half(mid)) != ((h & 1) ? h + 1 : h);
  }
  CHECK_EQ(bad, 0);
  bad = 0;
  for (long long v = -70000; v <= 70000; v += 13) {
    rat r{v < 0 ? -v : v, 1, v < 0};
    for (int m = 0; m < 4; m++) {
      uint16_t want = ref_round(r, m);
      uint16_t got =
          m == RN   ? __half_as_ushort(__ll2half_rn(v))
          : m == RZ ? __half_as_ushort(__int2half_rz(static_cast<int>(v)))
          : m == RU ? __half_as_ushort(__ll2half_ru(v))
                    : __half_as_ushort(__int2half_rd(static_cast<int>(v)));
      if (got != want && bad++ < 5)
        std::fprintf(stderr, "int %lld mode %d: got %#x want %#x\n", v, m, got,
                     want);
    }
  }
  CHECK_EQ(bad, 0);
  CHECK_EQ(__half_as_ushort(__ull2half_rd(~0ull)), 0x7bff);
  CHECK_EQ(__half_as_ushort(__uint2half_rn(65519u)), 0x7bff);
  CHECK_EQ(__half_as_ushort(__uint2half_rn(65520u)), 0x7c00);
  CHECK_EQ(__half_as_ushort(__short2half_rz(-32767)), 0xf7ff);  // -32752
  CHECK_EQ(__half2int_rn(__float2half(2.5f)), 2);
  CHECK_EQ(__half2int_rd(__float2half(-0.5f)), -1);
  CHECK_EQ(__half2short_ru(__ushort_as_half(0x7c00)), 32767);
  CHECK_EQ(__half2uint_rz(__float2half(-3.0f)), 0u);
  CHECK_EQ(__half2ushort_rn(__float2half(65504.0f)), 65504);
  CHECK_EQ(__half2ll_rz(__float2half(-7.9f)), -7ll);
  CHECK_EQ(__half2ull_ru(__float2half(1.25f)), 2ull);
  CHECK_EQ(__half2int_rn(__ushort_as_half(0x7e00)), 0);  // NaN
  __half2 p = __floats2half2_rn(1.5f, -2.0f);
  float2 q = __half22float2(p);
  CHECK(q.x == 1.5f && q.y == -2.0f);
  CHECK_EQ(__low2float(__lowhigh2highlow(p)), -2.0f);
  CHECK_EQ(__high2float(__halves2half2(__float2half(3.0f), __float2half(4.0f))),
           4.0f);
  CHECK_EQ(__half2float(__high2half(__float22half2_rn(make_float2(5, 6)))),
           6.0f);
  __half2 lh = __lows2half2(p, __highs2half2(p, p));
  CHECK(__low2float(lh) == 1.5f && __high2float(lh) == -2.0f);
  CHECK_EQ(__half2float(__low2half(__half2half2(__float2half(0.5f)))), 0.5f);
  CHECK_EQ(__high2float(__high2half2(p)), -2.0f);
  CHECK_EQ(__low2float(__low2half2(p)), 1.5f);
  CHECK_EQ(__low2float(__float2half2_rn(0.25f)), 0.25f);
}

// ---- Arithmetic on the device.
const int NOPS = 18;
__global__ void k_arith(const __half2* in, const __half* c, unsigned short* out,
                        int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  __half a = in[i].x, b = in[i].y;
  unsigned short* o = out + NOPS * i;
  o[0] = __half_as_ushort(__hadd(a, b));
  o[1] = __half_as_ushort(__hsub(a, b));
  o[2] = __half_as_ushort(__hmul(a, b));
  o[3] = __half_as_ushort(__hdiv(a, b));
  o[4] = __half_as_ushort(__hfma(a, b, c[i]));
  o[5] = __half_as_ushort(a + b);
  o[6] = __half_as_ushort(a * b - c[i]);
  __half2 v = __hfma2(in[i], __halves2half2(b, a), __half2half2(c[i]));
  o[7] = __half_as_ushort(v.x);
  o[8] = __half_as_ushort(hsqrt(__habs(a)));
  // The __half2 forms (one f16x2 instruction each on NVIDIA GPUs), on both
  // halves: (a, b) op (b, a).
  __half2 p = in[i], q = __halves2half2(b, a);
  __half2 s = __hadd2(p, q), d = __hsub2(p, q), m = __hmul2(p, q);
  o[9] = __half_as_ushort(s.x), o[10] = __half_as_ushort(s.y);
  o[11] = __half_as_ushort(d.x), o[12] = __half_as_ushort(d.y);
  o[13] = __half_as_ushort(m.x), o[14] = __half_as_ushort(m.y);
  o[15] = __half_as_ushort(v.y);
  // Two floats to a __half2 (one cvt.rn.f16x2.f32 on sm_80 and later):
  // a's and b's values times 1 + 2^-10 (exact in float) need rounding.
  __half2 w = __floats2half2_rn(__half2float(a) * 1.0009765625f,
                                __half2float(b) * 1.0009765625f);
  o[16] = __half_as_ushort(w.x), o[17] = __half_as_ushort(w.y);
}

static rat add(rat a, rat b) {  // same denominators (2^26)
  i128 x = a.neg ? -a.num : a.num, y = b.neg ? -b.num : b.num, s = x + y;
  return rat{s < 0 ? -s : s, a.den, s < 0};
}
static uint16_t ref_op(int op, uint16_t a, uint16_t b, uint16_t c) {
  const uint16_t qnan = 0x7e00;
  float fa = half_value(a), fb = half_value(b), fc = half_value(c);
  rat ra = from_half(a), rb = from_half(b), rc = from_half(c);
  rat prod{ra.num * rb.num, ra.den * rb.den, ra.neg != rb.neg};
  switch (op) {
    case 0:
    case 1: {
      float s = op == 0 ? fa + fb : fa - fb;
      if (std::isnan(s)) return qnan;
      if (std::isinf(s)) return s > 0 ? 0x7c00 : 0xfc00;
      if (op == 1) rb.neg = !rb.neg;
      rat r = add(ra, rb);
      if (r.num == 0) return (ra.neg && rb.neg) ? 0x8000 : 0;  // x + (-x) = +0
      return ref_round(r, RN);
    }
    case 2: {
      float s = fa * fb;
      if (std::isnan(s)) return qnan;
      if (std::isinf(s)) return s > 0 ? 0x7c00 : 0xfc00;
      return ref_round(prod, RN);
    }
    case 3: {
      float s = fa / fb;
      if (std::isnan(s)) return qnan;
      if (std::isinf(s) || s == 0)
        return std::signbit(s) ? (s == 0 ? 0x8000 : 0xfc00)
                               : (s == 0 ? 0 : 0x7c00);
      return ref_round(rat{ra.num, rb.num, ra.neg != rb.neg}, RN);
    }
    default: {  // fma: a * b + c with the product over 2^52, c over 2^26
      float s = fa * fb + fc;
      if (std::isnan(s)) return qnan;
      if (std::isinf(fa * fb) || std::isinf(fc)) return s > 0 ? 0x7c00 : 0xfc00;
      rat cc{rc.num << 26, prod.den, rc.neg};
      rat r = add(prod, cc);
      if (r.num == 0) return (prod.neg && rc.neg) ? 0x8000 : 0;
      return ref_round(r, RN);
    }
  }
}

static void test_arith() {
  std::vector<__half2> in;
  std::vector<__half> cs;
  const uint16_t sp[] = {0,      0x8000, 0x3c00, 0xbc00, 0x7bff,
                         0xfbff, 0x0001, 0x8001, 0x0400, 0x7c00,
                         0xfc00, 0x7e00, 0x3555, 0x5640};
  for (uint16_t a : sp)
    for (uint16_t b : sp) {
      in.push_back(__halves2half2(__ushort_as_half(a), __ushort_as_half(b)));
      cs.push_back(__ushort_as_half(b ^ 0x8000));
    }
  uint64_t s = 99;
  auto rnd = [&s]() {
    s = s * 6364136223846793005ull + 1442695040888963407ull;
    return static_cast<uint16_t>(s >> 48);
  };
  while (in.size() < 40000) {
    uint16_t a = rnd() & 0xfbff, b = rnd() & 0xfbff, c = rnd() & 0xfbff;
    if (in.size() % 3 == 0) b = (a & 0x8000) | ((b & 0x7ff) + (a & 0x7c00));
    in.push_back(__halves2half2(__ushort_as_half(a), __ushort_as_half(b)));
    cs.push_back(__ushort_as_half(c));
  }
  int n = static_cast<int>(in.size());
  __half2* din;
  __half* dc;
  unsigned short* dout;
  HIP_CHECK(hipMalloc(&din, n * sizeof(__half2)));
  HIP_CHECK(hipMalloc(&dc, n * sizeof(__half)));
  HIP_CHECK(hipMalloc(&dout, NOPS * n * sizeof(unsigned short)));
  HIP_CHECK(
      hipMemcpy(din, in.data(), n * sizeof(__half2), hipMemcpyHostToDevice));
  HIP_CHECK(
      hipMemcpy(dc, cs.data(), n * sizeof(__half), hipMemcpyHostToDevice));
  k_arith<<<(n + 255) / 256, 256>>>(din, dc, dout, n);
  std::vector<unsigned short> got(static_cast<size_t>(NOPS) * n);
  HIP_CHECK(hipMemcpy(got.data(), dout, got.size() * 2, hipMemcpyDeviceToHost));
  int bad[NOPS] = {};
  for (int i = 0; i < n; i++) {
    uint16_t a = in[i].x.__x, b = in[i].y.__x, c = cs[i].__x;
    uint16_t want[NOPS];
    for (int op = 0; op < 5; op++) want[op] = ref_op(op, a, b, c);
    want[5] = want[0];
    want[6] = __half_as_ushort(__hsub(__hmul(in[i].x, in[i].y), cs[i]));
    want[7] = want[4];
    want[9] = want[0], want[10] = ref_op(0, b, a, c);
    want[11] = want[1], want[12] = ref_op(1, b, a, c);
    want[13] = want[2], want[14] = ref_op(2, b, a, c);
    want[15] = ref_op(4, b, a, c);
    want[16] = __half_as_ushort(
        __float2half_rn(static_cast<float>(half_value(a) * 1.0009765625)));
    want[17] = __half_as_ushort(
        __float2half_rn(static_cast<float>(half_value(b) * 1.0009765625)));
    // sqrt: correctly rounded when the midpoints around the result bracket
    // |a| (squares of 12-bit values are exact in double).
    uint16_t r = got[static_cast<size_t>(NOPS) * i + 8];
    double x = std::fabs(half_value(a));
    bool sq_ok = is_nan(a) ? is_nan(r)
                 : std::isinf(x)
                     ? r == 0x7c00
                     : r < 0x7c00 && (r == 0 ? x < std::ldexp(1.0, -50) : [&] {
                         double v = half_value(r),
                                lo = (v + half_value(r - 1)) / 2,
                                hi = (v + half_value(r + 1)) / 2;
                         return lo * lo <= x && x <= hi * hi;
                       }());
    for (int op = 0; op < NOPS; op++) {
      uint16_t g = got[static_cast<size_t>(NOPS) * i + op];
      bool ok =
          op == 8 ? sq_ok : (is_nan(want[op]) ? is_nan(g) : g == want[op]);
      if (!ok && bad[op]++ < 3)
        std::fprintf(stderr, "op %d (%#x, %#x, %#x): got %#x want %#x\n", op, a,
                     b, c, g, want[op]);
    }
  }
  for (int op = 0; op < NOPS; op++) CHECK_EQ(bad[op], 0);
  HIP_CHECK(hipFree(din));
  HIP_CHECK(hipFree(dc));
  HIP_CHECK(hipFree(dout));
}

// Comparisons, max/min, classification, saturation, math functions.
static void test_misc() {
  __half one = __float2half(1.0f), two = __float2half(2.0f),
         nan = __ushort_as_half(0x7e00), nz = __ushort_as_half(0x8000),
         pz = __ushort_as_half(0);
  CHECK(__hlt(one, two) && !__hlt(two, one) && __hle(one, one) &&
        __hgt(two, one));
  CHECK(__hge(two, two) && __heq(pz, nz) && __hne(one, two) &&
        !__hne(one, nan));
  CHECK(!__heq(nan, nan) && __hequ(nan, one) && __hneu(nan, nan) &&
        __hltu(nan, one));
  CHECK(!__hlt(nan, one) && __hleu(one, two) && __hgtu(nan, nan) &&
        __hgeu(two, one));
  CHECK(one < two && two > one && one <= one && two >= one && one != two &&
        pz == nz);
  CHECK(!(nan == nan) && (nan != nan));
  CHECK(__hisnan(nan) && !__hisnan(one));
  CHECK_EQ(__hisinf(__ushort_as_half(0xfc00)), -1);
  CHECK_EQ(__hisinf(__ushort_as_half(0x7c00)), 1);
  CHECK_EQ(__hisinf(one), 0);
  CHECK_EQ(__half2float(__hmax(one, nan)), 1.0f);
  CHECK_EQ(__half2float(__hmin(nan, two)), 2.0f);
  CHECK(__hisnan(__hmax_nan(one, nan)) && __hisnan(__hmin_nan(nan, one)));
  CHECK_EQ(__half_as_ushort(__hmax(nz, pz)), 0);
  CHECK_EQ(__half_as_ushort(__hmin(pz, nz)), 0x8000);
  CHECK_EQ(__half2float(__hneg(one)), -1.0f);
  CHECK_EQ(__half2float(__habs(__float2half(-3.5f))), 3.5f);
  CHECK_EQ(__half2float(__hadd_sat(one, two)), 1.0f);
  CHECK_EQ(__half_as_ushort(__hsub_sat(one, two)), 0);
  CHECK_EQ(__half2float(__hmul_sat(__float2half(0.5f), __float2half(0.5f))),
           0.25f);
  CHECK_EQ(__half_as_ushort(__hfma_sat(nan, one, one)), 0);
  // Math functions: within one ulp of the long double value.
  int bad = 0;
  for (unsigned h = 0x2000; h < 0x4c00; h += 3) {
    __half x = __ushort_as_half(static_cast<unsigned short>(h));
    long double v = half_value(static_cast<uint16_t>(h));
    struct {
      __half got;
      long double want;
    } cases[] = {{hsqrt(x), std::sqrt(v)},
                 {hrsqrt(x), 1 / std::sqrt(v)},
                 {hrcp(x), 1 / v},
                 {hexp(x), std::exp(v)},
                 {hexp2(x), std::exp2(v)},
                 {hexp10(x), std::pow(10.0L, v)},
                 {hlog(x), std::log(v)},
                 {hlog2(x), std::log2(v)},
                 {hlog10(x), std::log10(v)},
                 {hsin(x), std::sin(v)},
                 {hcos(x), std::cos(v)},
                 {hceil(x), std::ceil(v)},
                 {hfloor(x), std::floor(v)},
                 {htrunc(x), std::trunc(v)},
                 {hrint(x), std::nearbyint(v)}};
    for (auto& c : cases) {
      if (std::fabs(c.want) > 65504 || std::fabs(c.want) < 0x1p-14L) continue;
      long double ulp = std::ldexp(1.0L, std::ilogb(c.want) - 10);
      if (std::fabs(__half2float(c.got) - c.want) > ulp && bad++ < 5)
        std::fprintf(stderr, "math at %#x: got %g want %Lg\n", h,
                     __half2float(c.got), c.want);
    }
  }
  CHECK_EQ(bad, 0);
  // __half2 forms against the scalar ones.
  __half2 p = __floats2half2_rn(1.5f, -0.25f),
          q = __floats2half2_rn(3.0f, 8.0f);
  CHECK(__hbeq2(__hadd2(p, q),
                __halves2half2(__hadd(p.x, q.x), __hadd(p.y, q.y))));
  CHECK(__hbeq2(__hmul2(p, q) - p,
                __halves2half2(__hsub(__hmul(p.x, q.x), p.x),
                               __hsub(__hmul(p.y, q.y), p.y))));
  CHECK(__hbeq2(__h2div(q, p),
                __halves2half2(__hdiv(q.x, p.x), __hdiv(q.y, p.y))));
  CHECK(__hbeq2(__hneg2(p), -p) && __hbeq2(__habs2(-q), q));
  __half2 lt = __hlt2(p, q);
  CHECK(__low2float(lt) == 1.0f && __high2float(lt) == 1.0f && __hblt2(p, q));
  CHECK(!__hbgt2(p, q) && __hbge2(q, q) && __hble2(p, p) && __hbne2(p, q));
  CHECK(__hbequ2(__hisnan2(__halves2half2(nan, one)), __halves2half2(one, pz)));
  CHECK(__hbeq2(__hmax2(p, q), q) && __hbeq2(__hmin2(p, q), p));
  CHECK(__hbeq2(h2sqrt(q), __halves2half2(hsqrt(q.x), hsqrt(q.y))));
  __half2 acc = p;
  acc += q;
  acc *= q;
  CHECK(acc == __hmul2(__hadd2(p, q), q));
  __half h = one;
  h += two;
  h++;
  CHECK_EQ(__half2float(h), 4.0f);
  __half from_int = 3, from_double = 0.5;
  CHECK_EQ(static_cast<float>(from_int) + static_cast<float>(from_double),
           3.5f);
  half alias = __float2half(1.0f);
  half2 alias2 = __half2half2(alias);
  CHECK_EQ(__high2float(alias2), 1.0f);
  __half_raw raw = one;
  CHECK_EQ(raw.x, 0x3c00);
  __half2_raw raw2 = p;
  CHECK_EQ(raw2.y, 0xb400);
}

// Shuffles of __half and __half2: lane i reads lane i ^ 1.
__global__ void k_shfl(unsigned* out) {
  int lane = threadIdx.x;
  __half h = __int2half_rn(lane);
  __half2 h2 = __halves2half2(__int2half_rn(lane), __int2half_rn(-lane));
  __half a = __shfl_xor(h, 1);
  __half2 b = __shfl_xor(h2, 1);
  __half c = __shfl(h, 0);
  __half d = __shfl_down(h, 1);
  __half2 e = __shfl_up(h2, 1);
  out[lane] =
      static_cast<unsigned>(__half2int_rn(a)) |
      (static_cast<unsigned>(__half2int_rn(b.y) & 0xff) << 8) |
      (static_cast<unsigned>(__half2int_rn(c)) << 16) |
      (static_cast<unsigned>(__half2int_rn(d) + __half2int_rn(e.x)) << 24);
}

static void test_shfl() {
  int ws = test::device_warp_size();
  unsigned* d;
  HIP_CHECK(hipMalloc(&d, ws * sizeof(unsigned)));
  k_shfl<<<1, ws>>>(d);
  std::vector<unsigned> got(ws);
  HIP_CHECK(
      hipMemcpy(got.data(), d, ws * sizeof(unsigned), hipMemcpyDeviceToHost));
  int bad = 0;
  for (int l = 0; l < ws; l++) {
    int down = l + 1 < ws ? l + 1 : l, up = l > 0 ? l - 1 : l;
    unsigned want = static_cast<unsigned>(l ^ 1) |
                    (static_cast<unsigned>(-(l ^ 1) & 0xff) << 8) |
                    (static_cast<unsigned>(down + up) << 24);
    if (got[l] != want && bad++ < 4)
      std::fprintf(stderr, "lane %d: got %#x want %#x\n", l, got[l], want);
  }
  CHECK_EQ(bad, 0);
  HIP_CHECK(hipFree(d));
}

int main() {
  static_assert(sizeof(__half) == 2 && sizeof(__half2) == 4, "sizes");
  static_assert(alignof(__half2) == 4, "align");
  test_to_float();
  test_from_float();
  test_other_conversions();
  test_arith();
  test_misc();
  test_shfl();
  return test_summary("fp16");
}
