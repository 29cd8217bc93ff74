// bfloat16 (hip/hip_bf16.h) on the device against an independent reference
// (tests/kernels/fp_ref.h): all 65536 values to float; float to bfloat16
// in the four rounding modes at every rounding boundary (each value, each
// midpoint, the floats beside them, float denormals, overflow, NaN, ±Inf);
// double and integer conversions; + - * / fma sqrt over random operands and
// special values; comparisons, max/min, the __hip_bfloat162 forms and
// operators.
#include <hip/hip_bf16.h>

#include <cfloat>
#include <cmath>
#include <cstring>
#include <random>
#include <vector>

#include "common.h"
#include "fp_ref.h"

using ref::RD;
using ref::RN;
using ref::RU;
using ref::RZ;
static const ref::fmt BF{7, -126};

static bool is_nan(uint16_t b) { return (b & 0x7fff) > 0x7f80; }
// The reference rounding of a finite or infinite long double.
static uint16_t ref_bf(long double x, int mode) {
  if (std::isnan(x)) return 0x7fc0;
  bool neg = std::signbit(x);
  long double a = std::fabs(x);
  unsigned e = std::isinf(a) ? 0x7f80 : ref::round(BF, a, neg, mode, 0x7f80);
  return static_cast<uint16_t>((neg ? 0x8000 : 0) | e);
}
static long double bf_value(uint16_t b) {
  if (is_nan(b)) return NAN;
  long double v = (b & 0x7fff) == 0x7f80 ? INFINITY : ref::value(BF, b & 0x7fff);
  return (b & 0x8000) ? -v : v;
}
static bool same(uint16_t got, uint16_t want) {
  return is_nan(want) ? is_nan(got) : got == want;
}

__global__ void k_to_float(float* out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = __bfloat162float(__ushort_as_bfloat16(static_cast<unsigned short>(i)));
}
__global__ void k_from_float(const float* in, unsigned short* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float f = in[i];
  out[5 * i] = __bfloat16_as_ushort(__float2bfloat16_rn(f));
  out[5 * i + 1] = __bfloat16_as_ushort(__float2bfloat16_rz(f));
  out[5 * i + 2] = __bfloat16_as_ushort(__float2bfloat16_ru(f));
  out[5 * i + 3] = __bfloat16_as_ushort(__float2bfloat16_rd(f));
  out[5 * i + 4] = __bfloat16_as_ushort(__hip_bfloat16(f));
}

static void test_to_float() {
  float* d;
  HIP_CHECK(hipMalloc(&d, 65536 * sizeof(float)));
  k_to_float<<<256, 256>>>(d);
  std::vector<float> got(65536);
  HIP_CHECK(hipMemcpy(got.data(), d, 65536 * 4, hipMemcpyDeviceToHost));
  int bad = 0;
  for (unsigned b = 0; b < 65536; b++) {
    long double want = bf_value(static_cast<uint16_t>(b));
    bool ok = std::isnan(want)
                  ? std::isnan(got[b])
                  : got[b] == want && std::signbit(got[b]) == std::signbit(want);
    if (!ok && bad++ < 5)
      std::fprintf(stderr, "bf16 %#x: got %a\n", b, got[b]);
  }
  CHECK_EQ(bad, 0);
  HIP_CHECK(hipFree(d));
}

static void test_from_float() {
  std::vector<float> in;
  for (unsigned b = 0; b < 0x7f80; b++) {
    float v = static_cast<float>(bf_value(static_cast<uint16_t>(b)));
    float mid = static_cast<float>(
        (bf_value(static_cast<uint16_t>(b)) + bf_value(static_cast<uint16_t>(b + 1))) / 2);
    for (float x : {v, mid})
      for (float y : {x, std::nextafter(x, 0.0f), std::nextafter(x, INFINITY)}) {
        in.push_back(y);
        in.push_back(-y);
      }
  }
  for (float x : {FLT_MAX, INFINITY, 0x1p-149f, 0x1.8p-148f, 0x1.008p-126f,
                  0x1.ff8p127f, 0x1.ff7fffp127f})
    for (float y : {x, -x}) in.push_back(y);
  in.push_back(NAN);
  int n = static_cast<int>(in.size());
  float* din;
  unsigned short* dout;
  HIP_CHECK(hipMalloc(&din, n * sizeof(float)));
  HIP_CHECK(hipMalloc(&dout, 5 * n * sizeof(unsigned short)));
  HIP_CHECK(hipMemcpy(din, in.data(), n * sizeof(float), hipMemcpyHostToDevice));
  k_from_float<<<(n + 255) / 256, 256>>>(din, dout, n);
  std::vector<unsigned short> got(5 * static_cast<size_t>(n));
  HIP_CHECK(hipMemcpy(got.data(), dout, got.size() * 2, hipMemcpyDeviceToHost));
  int bad = 0;
  for (int i = 0; i < n; i++)
    for (int m = 0; m < 5; m++) {
      uint16_t want = ref_bf(in[i], m == 4 ? RN : m);
      if (!same(got[5 * i + m], want) && bad++ < 8)
        std::fprintf(stderr, "float %a mode %d: got %#x want %#x\n", in[i], m,
                     got[5 * i + m], want);
    }
  CHECK_EQ(bad, 0);
  HIP_CHECK(hipFree(din));
  HIP_CHECK(hipFree(dout));
}

// Double and integer conversions (host code; the device shares it).
static void test_other_conversions() {
  int bad = 0;
  for (unsigned b = 1; b < 0x7f7f; b += 5) {
    long double lo = bf_value(static_cast<uint16_t>(b)),
                hi = bf_value(static_cast<uint16_t>(b + 1)), mid = (lo + hi) / 2;
    // Beside a midpoint by less than float can tell: one rounding only.
    for (double x : {static_cast<double>(mid + mid * 0x1p-40L),
                     static_cast<double>(mid - mid * 0x1p-40L),
                     static_cast<double>(mid)})
      for (int m = 0; m < 4; m++) {
        uint16_t got = __bfloat16_as_ushort(
            m == RN   ? __double2bfloat16(x)
            : m == RZ ? __double2bfloat16_rz(x)
            : m == RU ? __double2bfloat16_ru(x)
                      : __double2bfloat16_rd(-x));
        uint16_t want = ref_bf(m == RD ? -x : x, m);
        if (got != want && bad++ < 5)
          std::fprintf(stderr, "double %a mode %d: got %#x want %#x\n", x, m,
                       got, want);
      }
  }
  CHECK_EQ(bad, 0);
  CHECK_EQ(__bfloat16_as_ushort(__double2bfloat16(1e300)), 0x7f80);
  CHECK_EQ(__bfloat16_as_ushort(__double2bfloat16_rz(-1e300)), 0xff7f);
  CHECK_EQ(__bfloat16_as_ushort(__double2bfloat16_ru(1e-300)), 0x0001);
  CHECK_EQ(__bfloat16_as_ushort(__double2bfloat16(-1e-300)), 0x8000);
  CHECK(is_nan(__bfloat16_as_ushort(__double2bfloat16(NAN))));
  bad = 0;
  for (long long v = -300000; v <= 300000; v += 7)
    for (int m = 0; m < 4; m++) {
      uint16_t got = __bfloat16_as_ushort(
          m == RN   ? __ll2bfloat16_rn(v)
          : m == RZ ? __int2bfloat16_rz(static_cast<int>(v))
          : m == RU ? __ll2bfloat16_ru(v)
                    : __int2bfloat16_rd(static_cast<int>(v)));
      if (got != ref_bf(static_cast<long double>(v), m) && bad++ < 5)
        std::fprintf(stderr, "int %lld mode %d: got %#x\n", v, m, got);
    }
  CHECK_EQ(bad, 0);
  CHECK_EQ(__bfloat16_as_ushort(__ull2bfloat16_rd(~0ull)), 0x5f7f);
  CHECK_EQ(__bfloat16_as_ushort(__ull2bfloat16_rn(~0ull)), 0x5f80);  // 2^64
  CHECK_EQ(__bfloat16_as_ushort(__uint2bfloat16_rz(257u)), 0x4380);   // 256
  CHECK_EQ(__bfloat16_as_ushort(__ushort2bfloat16_ru(257)), 0x4381);  // 258
  CHECK_EQ(__bfloat16_as_ushort(__short2bfloat16_rn(-3)), 0xc040);
  CHECK_EQ(__bfloat162int_rn(__float2bfloat16(2.5f)), 2);
  CHECK_EQ(__bfloat162int_rd(__float2bfloat16(-0.5f)), -1);
  CHECK_EQ(__bfloat162short_ru(__float2bfloat16(1e10f)), 32767);
  CHECK_EQ(__bfloat162uint_rz(__float2bfloat16(-3.0f)), 0u);
  CHECK_EQ(__bfloat162ll_rz(__float2bfloat16(-7.9f)), -7ll);
  CHECK_EQ(__bfloat162ull_ru(__float2bfloat16(1.25f)), 2ull);
  CHECK_EQ(__bfloat162ushort_rn(__float2bfloat16(300.0f)), 300);
  CHECK_EQ(__bfloat162int_rn(__ushort_as_bfloat16(0x7fc0)), 0);  // NaN
  CHECK_EQ(static_cast<int>(__bfloat162char_rz(__float2bfloat16(-200.0f))),
           -128);
  CHECK_EQ(static_cast<int>(__bfloat162uchar_rz(__float2bfloat16(3.9f))), 3);
  // Construction as HIP's type allows: from any arithmetic value.
  CHECK_EQ(__bfloat16_as_ushort(__hip_bfloat16(1)), 0x3f80);
  CHECK_EQ(__bfloat16_as_ushort(__hip_bfloat16(2.0)), 0x4000);
  CHECK_EQ(__bfloat16_as_ushort(__hip_bfloat16(3u)), 0x4040);
  CHECK_EQ(__bfloat16_as_ushort(__hip_bfloat16(-1L)), 0xbf80);
  __hip_bfloat162 p = __floats2bfloat162_rn(1.5f, -2.0f);
  float2 q = __bfloat1622float2(p);
  CHECK(q.x == 1.5f && q.y == -2.0f);
  float2 q2 = p;  // operator float2
  CHECK(q2.x == 1.5f && q2.y == -2.0f);
  CHECK_EQ(__low2float(__lowhigh2highlow(p)), -2.0f);
  CHECK_EQ(__high2float(make_bfloat162(__float2bfloat16(3), __float2bfloat16(4))),
           4.0f);
  CHECK_EQ(__bfloat162float(__high2bfloat16(__float22bfloat162_rn(make_float2(5, 6)))),
           6.0f);
  __hip_bfloat162 lh = __lows2bfloat162(p, __highs2bfloat162(p, p));
  CHECK(__low2float(lh) == 1.5f && __high2float(lh) == -2.0f);
  CHECK_EQ(__bfloat162float(__low2bfloat16(__bfloat162bfloat162(0.5f))), 0.5f);
  CHECK_EQ(__high2float(__high2bfloat162(p)), -2.0f);
  CHECK_EQ(__low2float(__low2bfloat162(p)), 1.5f);
  CHECK_EQ(__low2float(__float2bfloat162_rn(0.25f)), 0.25f);
  CHECK_EQ(__high2float(__halves2bfloat162(1.0f, 7.0f)), 7.0f);
  CHECK_EQ(__high2float(__hip_bfloat162(3)), 3.0f);
  CHECK_EQ(__bfloat16_as_short(__short_as_bfloat16(-16512)), -16512);
}

// ---- Arithmetic on the device.
const int NOPS = 13;
__global__ void k_arith(const __hip_bfloat162* in, const __hip_bfloat16* c,
                        unsigned short* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  __hip_bfloat16 a = in[i].x, b = in[i].y;
  unsigned short* o = out + NOPS * i;
  o[0] = __bfloat16_as_ushort(__hadd(a, b));
  o[1] = __bfloat16_as_ushort(__hsub(a, b));
  o[2] = __bfloat16_as_ushort(__hmul(a, b));
  o[3] = __bfloat16_as_ushort(__hdiv(a, b));
  o[4] = __bfloat16_as_ushort(__hfma(a, b, c[i]));
  o[5] = __bfloat16_as_ushort(a + b);
  o[6] = __bfloat16_as_ushort(a * b - c[i]);
  __hip_bfloat162 v = __hfma2(in[i], __halves2bfloat162(b, a),
                              __bfloat162bfloat162(c[i]));
  o[7] = __bfloat16_as_ushort(v.x);
  o[8] = __bfloat16_as_ushort(hsqrt(__habs(a)));
  o[9] = __bfloat16_as_ushort(__h2div(in[i], in[i]).y);
  // The x2 forms (one bf16x2 instruction each on sm_90): both halves.
  __hip_bfloat162 w = __halves2bfloat162(c[i], a);
  o[10] = __bfloat16_as_ushort(__hadd2(in[i], w).x);
  o[11] = __bfloat16_as_ushort(__hsub2(in[i], w).y);
  o[12] = __bfloat16_as_ushort(__hmul2(in[i], w).y);
}

static uint16_t ref_op(int op, uint16_t a, uint16_t b, uint16_t c) {
  long double x = bf_value(a), y = bf_value(b), z = bf_value(c);
  switch (op) {
    case 0: case 5: return ref_bf(x + y, RN);
    case 1: return ref_bf(x - y, RN);
    case 2: return ref_bf(x * y, RN);
    case 3: return ref_bf(static_cast<double>(x) / static_cast<double>(y), RN);
    case 4: return ref_bf(x * y + z, RN);
    case 6: return ref_bf(bf_value(ref_bf(x * y, RN)) - z, RN);
    case 7: return ref_bf(x * y + z, RN);
    case 8: return ref_bf(std::sqrt(static_cast<double>(std::fabs(x))), RN);
    case 10: return ref_bf(x + z, RN);
    case 11: return ref_bf(y - x, RN);
    case 12: return ref_bf(y * x, RN);
    default: return ref_bf(static_cast<double>(y) / static_cast<double>(y), RN);
  }
}

static void test_arith() {
  std::mt19937 rng(42);
  // Exponents within 2^-15..2^15, so that x * y + z is exact in a long
  // double (64 bits); and special values.
  auto rnd = [&]() {
    int e = static_cast<int>(rng() % 31) - 15;
    unsigned m = rng() & 0x7f;
    uint16_t b = static_cast<uint16_t>(((e + 127) << 7) | m);
    return static_cast<uint16_t>(b | ((rng() & 1) << 15));
  };
  std::vector<__hip_bfloat162> in;
  std::vector<__hip_bfloat16> cs;
  const uint16_t special[] = {0, 0x8000, 0x7f80, 0xff80, 0x7fc0, 0x0001, 0x8001,
                              0x0080, 0x7f7f, 0xff7f, 0x3f80, 0xbf80};
  for (uint16_t a : special)
    for (uint16_t b : special)
      for (uint16_t c : {uint16_t(0), uint16_t(0x3f80), uint16_t(0xff80)}) {
        in.push_back(__hip_bfloat162(__ushort_as_bfloat16(a), __ushort_as_bfloat16(b)));
        cs.push_back(__ushort_as_bfloat16(c));
      }
  for (int i = 0; i < 20000; i++) {
    in.push_back(__hip_bfloat162(__ushort_as_bfloat16(rnd()), __ushort_as_bfloat16(rnd())));
    cs.push_back(__ushort_as_bfloat16(rnd()));
  }
  int n = static_cast<int>(in.size());
  __hip_bfloat162* din;
  __hip_bfloat16* dc;
  unsigned short* dout;
  HIP_CHECK(hipMalloc(&din, n * sizeof(__hip_bfloat162)));
  HIP_CHECK(hipMalloc(&dc, n * sizeof(__hip_bfloat16)));
  HIP_CHECK(hipMalloc(&dout, NOPS * n * sizeof(unsigned short)));
  HIP_CHECK(hipMemcpy(din, in.data(), n * sizeof(__hip_bfloat162), hipMemcpyHostToDevice));
  HIP_CHECK(hipMemcpy(dc, cs.data(), n * sizeof(__hip_bfloat16), hipMemcpyHostToDevice));
  k_arith<<<(n + 127) / 128, 128>>>(din, dc, dout, n);
  std::vector<unsigned short> got(NOPS * static_cast<size_t>(n));
  HIP_CHECK(hipMemcpy(got.data(), dout, got.size() * 2, hipMemcpyDeviceToHost));
  int bad = 0;
  for (int i = 0; i < n; i++)
    for (int op = 0; op < NOPS; op++) {
      uint16_t a = in[i].x.__x, b = in[i].y.__x, c = cs[i].__x;
      uint16_t want = ref_op(op, a, b, c);
      if (!same(got[NOPS * i + op], want) && bad++ < 8)
        std::fprintf(stderr, "op %d (%#x, %#x, %#x): got %#x want %#x\n", op, a,
                     b, c, got[NOPS * i + op], want);
    }
  CHECK_EQ(bad, 0);
  HIP_CHECK(hipFree(din));
  HIP_CHECK(hipFree(dc));
  HIP_CHECK(hipFree(dout));
}

// Comparisons, max/min, saturation, the other math functions (host).
static void test_misc() {
  __hip_bfloat16 one = 1.0f, two = 2.0f, nan = __ushort_as_bfloat16(0x7fc0);
  __hip_bfloat16 pz = 0.0f, nz = __ushort_as_bfloat16(0x8000);
  CHECK(__hlt(one, two) & __hle(one, one) & __hgt(two, one) & __hge(two, two) &
        __heq(pz, nz) & __hne(one, two));
  CHECK(!__hlt(one, nan) & !__heq(nan, nan) & !__hne(one, nan));
  CHECK(__hltu(one, nan) & __hequ(nan, nan) & __hneu(one, nan) & __hgeu(nan, one));
  CHECK(__hisnan(nan) & !__hisnan(one));
  CHECK_EQ(__hisinf(__ushort_as_bfloat16(0xff80)), -1);
  CHECK_EQ(__hisinf(__ushort_as_bfloat16(0x7f80)), 1);
  CHECK_EQ(__hisinf(one), 0);
  CHECK_EQ(__bfloat162float(__hmax(one, nan)), 1.0f);
  CHECK_EQ(__bfloat162float(__hmin(nan, two)), 2.0f);
  CHECK(__hisnan(__hmax_nan(one, nan)) & __hisnan(__hmin_nan(nan, one)));
  CHECK_EQ(__bfloat16_as_ushort(__hmax(pz, nz)), 0);
  CHECK_EQ(__bfloat16_as_ushort(__hmin(pz, nz)), 0x8000);
  CHECK_EQ(__bfloat162float(__hadd_sat(one, two)), 1.0f);
  CHECK_EQ(__bfloat16_as_ushort(__hsub_sat(one, two)), 0);
  CHECK_EQ(__bfloat16_as_ushort(__hmul_sat(nan, two)), 0);
  CHECK_EQ(__bfloat162float(__hfma_relu(one, -two, one)), 0.0f);
  CHECK_EQ(__bfloat162float(__hneg(one)), -1.0f);
  CHECK_EQ(__bfloat162float(__habs(-two)), 2.0f);
  CHECK_EQ(__bfloat162float(hceil(__float2bfloat16(1.5f))), 2.0f);
  CHECK_EQ(__bfloat162float(hfloor(__float2bfloat16(-1.5f))), -2.0f);
  CHECK_EQ(__bfloat162float(htrunc(__float2bfloat16(-1.5f))), -1.0f);
  CHECK_EQ(__bfloat162float(hrint(__float2bfloat16(2.5f))), 2.0f);
  CHECK_EQ(__bfloat162float(hrcp(two)), 0.5f);
  CHECK_EQ(__bfloat162float(hrsqrt(__float2bfloat16(4.0f))), 0.5f);
  CHECK_EQ(__bfloat162float(hexp2(two)), 4.0f);
  CHECK_EQ(__bfloat162float(hexp10(two)), 100.0f);
  CHECK_EQ(__bfloat162float(hlog2(__float2bfloat16(8.0f))), 3.0f);
  CHECK_EQ(__bfloat162float(hlog10(__float2bfloat16(100.0f))), 2.0f);
  CHECK_EQ(__bfloat162float(hexp(pz)), 1.0f);
  CHECK_EQ(__bfloat162float(hlog(one)), 0.0f);
  CHECK_EQ(__bfloat162float(hsin(pz)), 0.0f);
  CHECK_EQ(__bfloat162float(hcos(pz)), 1.0f);
  __hip_bfloat162 a(one, two), b(two, nan);
  CHECK(__hbeq2(a, a) & !__hbeq2(a, b) & __hblt2(a, __hip_bfloat162(3)));
  __hip_bfloat162 lt = __hlt2(a, b);
  CHECK(__low2float(lt) == 1.0f && __high2float(lt) == 0.0f);
  __hip_bfloat162 ltu = __hltu2(a, b);
  CHECK(__low2float(ltu) == 1.0f && __high2float(ltu) == 1.0f);
  __hip_bfloat162 in2 = __hisnan2(b);
  CHECK(__low2float(in2) == 0.0f && __high2float(in2) == 1.0f);
  __hip_bfloat162 mx = __hmax2(a, b);
  CHECK(__low2float(mx) == 2.0f && __high2float(mx) == 2.0f);
  __hip_bfloat162 s = a + a * a - a / a;  // (1, 5)
  CHECK(__low2float(s) == 1.0f && __high2float(s) == 5.0f);
  s += a;
  s = -s;
  CHECK(__low2float(s) == -2.0f && __high2float(s) == -7.0f);
  CHECK(__low2float(__habs2(s)) == 2.0f && __high2float(h2sqrt(__hip_bfloat162(4))) == 2.0f);
  // (1 + 2i)(2 + 1i) + (1 + 2i) = 1 + 7i
  __hip_bfloat162 cm = __hcmadd(a, __hip_bfloat162(two, one), a);
  CHECK(__low2float(cm) == 1.0f && __high2float(cm) == 7.0f);
  __hip_bfloat16 x = one;
  x++;
  ++x;
  x *= two;
  x -= one;
  CHECK_EQ(__bfloat162float(x), 5.0f);
  CHECK((one < two) & (two > one) & (one <= one) & (one == one) & (one != two) &
        (nan != nan) & !(nan == nan));
}

// Shuffles of __hip_bfloat16 and __hip_bfloat162 (small integers, exact in
// bfloat16): lane i reads lane i ^ 1, lane 0, lane i + 1 and lane i - 1;
// the _sync forms too. A template, as programs that shuffle either 16-bit
// type write it.
template <typename T>
__device__ T xor_one(T v) { return __shfl_xor(v, 1); }

__global__ void k_shfl(unsigned* out) {
  int lane = threadIdx.x;
  __hip_bfloat16 h = __float2bfloat16(static_cast<float>(lane));
  __hip_bfloat162 h2(h, __float2bfloat16(static_cast<float>(-lane)));
  __hip_bfloat16 a = xor_one(h);
  __hip_bfloat162 b = xor_one(h2);
  __hip_bfloat16 c = __shfl(h, 0);
  __hip_bfloat16 d = __shfl_down(h, 1);
  __hip_bfloat162 e = __shfl_up(h2, 1);
  __hip_bfloat16 f = __shfl_xor_sync(__activemask(), h, 2);
  out[lane] = static_cast<unsigned>(__bfloat162float(a)) |
              (static_cast<unsigned>(-__bfloat162float(b.y)) << 6) |
              (static_cast<unsigned>(__bfloat162float(c)) << 12) |
              (static_cast<unsigned>(__bfloat162float(d) +
                                     __bfloat162float(e.x)) << 16) |
              (static_cast<unsigned>(__bfloat162float(f)) << 24);
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
    unsigned down = l + 1 < ws ? l + 1 : l, up = l > 0 ? l - 1 : l;
    unsigned want = static_cast<unsigned>(l ^ 1) |
                    (static_cast<unsigned>(l ^ 1) << 6) |
                    ((down + up) << 16) | (static_cast<unsigned>(l ^ 2) << 24);
    if (got[l] != want && bad++ < 4)
      std::fprintf(stderr, "lane %d: got %#x want %#x\n", l, got[l], want);
  }
  CHECK_EQ(bad, 0);
  HIP_CHECK(hipFree(d));
}

int main() {
  test_to_float();
  test_from_float();
  test_other_conversions();
  test_arith();
  test_misc();
  test_shfl();
  return test_summary("bf16");
}
