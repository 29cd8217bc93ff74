// The smaller numeric headers on the device: hip/hip_bfloat16.h (the older
// hip_bfloat16), hip/hip_complex.h, the load/store hint intrinsics and
// clang's nontemporal builtins, and __half / __half2 built from integers
// as HIP allows (half2(1), HeCBench's quant3MatMul).
#include <hip/hip_bfloat16.h>
#include <hip/hip_complex.h>
#include <hip/hip_fp16.h>

#include <cmath>
#include <cstring>
#include <sstream>

#include "common.h"

// ---- hip_bfloat16.
__global__ void k_bfloat16(const float* in, hip_bfloat16* out) {
  int i = threadIdx.x;
  hip_bfloat16 a(in[i]), t(in[i], hip_bfloat16::truncate);
  out[3 * i] = a;
  out[3 * i + 1] = t;
  hip_bfloat16 s = a * a + t - hip_bfloat16(1.0f);
  s /= hip_bfloat16(2.0f);
  out[3 * i + 2] = -s;
}

static uint16_t ref_rne(float f) {  // the bits, independently
  uint32_t u;
  std::memcpy(&u, &f, 4);
  if (std::isnan(f)) return 0x7fc0;
  uint32_t lo = u & 0xffff, hi = u >> 16;
  if (lo > 0x8000 || (lo == 0x8000 && (hi & 1))) hi++;
  return static_cast<uint16_t>(hi);
}

static void test_bfloat16() {
  const float vals[8] = {1.0f, 0x1.0181p0f, 0x1.018p0f, 0x1.038p0f,
                         -3.14159f, 0x1.fffffep127f, 1e-40f, NAN};
  float* din;
  hip_bfloat16* dout;
  HIP_CHECK(hipMalloc(&din, sizeof vals));
  HIP_CHECK(hipMalloc(&dout, 24 * sizeof(hip_bfloat16)));
  HIP_CHECK(hipMemcpy(din, vals, sizeof vals, hipMemcpyHostToDevice));
  k_bfloat16<<<1, 8>>>(din, dout);
  hip_bfloat16 got[24];
  HIP_CHECK(hipMemcpy(got, dout, sizeof got, hipMemcpyDeviceToHost));
  for (int i = 0; i < 8; i++) {
    uint32_t u;
    std::memcpy(&u, &vals[i], 4);
    if (std::isnan(vals[i])) {
      CHECK(std::isnan(got[3 * i]) && std::isnan(got[3 * i + 1]));
      continue;
    }
    CHECK_EQ(got[3 * i].data, ref_rne(vals[i]));
    CHECK_EQ(got[3 * i + 1].data, u >> 16);
    float a = static_cast<float>(got[3 * i]), t = static_cast<float>(got[3 * i + 1]);
    float sq = hip_bfloat16(a * a);
    float s = hip_bfloat16(hip_bfloat16(sq + t) - 1.0f);
    CHECK_EQ(static_cast<float>(got[3 * i + 2]),
             -static_cast<float>(hip_bfloat16(s / 2.0f)));
  }
  CHECK_EQ(got[15].data, 0x7f80);  // FLT_MAX rounds to infinity
  CHECK(std::isinf(got[15]) & !std::isinf(got[16]));
  CHECK_EQ(got[18].data, 0x0001);  // a float denormal, rounded
  CHECK(std::iszero(hip_bfloat16(-0.0f)) & !std::iszero(got[18]));
  hip_bfloat16 x(2.0f), y(3.0f);
  CHECK((x < y) & (x <= x) & (y > x) & (y >= y) & (x != y) & (x == x));
  x += y;
  x *= y;
  x -= y;
  ++x;
  x++;
  --x;
  CHECK_EQ(static_cast<float>(x), 13.0f);
  CHECK_EQ(static_cast<float>(std::real(x)), 13.0f);
  CHECK_EQ(static_cast<float>(std::cos(hip_bfloat16(0.0f))), 1.0f);
  CHECK_EQ(static_cast<float>(hip_bfloat16::round_to_bfloat16(0x1.01p0f)), 1.0f);  // a tie
  hip_bfloat16 z;
  z = 0x1.0181p0f;  // assignment from float rounds to nearest even
  CHECK_EQ(z.data, ref_rne(0x1.0181p0f));
  z = 700 - 1000;   // an int, through float (quantVLLM does this)
  CHECK_EQ(static_cast<float>(z), -300.0f);
  std::ostringstream os;
  os << hip_bfloat16(1.5f);
  CHECK(os.str() == "1.5");
}

// ---- hip_complex.h.
__global__ void k_complex(const hipFloatComplex* a, const hipFloatComplex* b,
                          hipFloatComplex* f, hipDoubleComplex* d) {
  int i = threadIdx.x;
  hipFloatComplex x = a[i], y = b[i];
  f[8 * i] = hipCaddf(x, y);
  f[8 * i + 1] = hipCsubf(x, y);
  f[8 * i + 2] = hipCmulf(x, y);
  f[8 * i + 3] = hipCdivf(x, y);
  f[8 * i + 4] = hipConjf(x);
  f[8 * i + 5] = make_hipFloatComplex(hipCabsf(x), hipCsqabsf(x));
  f[8 * i + 6] = hipCfmaf(x, y, x);
  f[8 * i + 7] = make_hipComplex(hipCrealf(y), hipCimagf(y));
  hipDoubleComplex p = hipComplexFloatToDouble(x), q = hipComplexFloatToDouble(y);
  d[4 * i] = hipCmul(p, q);
  d[4 * i + 1] = hipCdiv(p, q);
  d[4 * i + 2] = hipCfma(p, q, hipCsub(hipCadd(p, q), q));
  d[4 * i + 3] = make_hipDoubleComplex(hipCabs(p), hipCreal(hipConj(q)) + hipCimag(hipConj(q)));
}

static void test_complex() {
  const int n = 4;
  hipFloatComplex a[n] = {{3, 4}, {1, -2}, {0.5f, 0.25f}, {-6, 8}};
  hipFloatComplex b[n] = {{1, 2}, {-3, 1}, {2, -2}, {0.5f, 1}};
  hipFloatComplex *da, *db, *df;
  hipDoubleComplex* dd;
  HIP_CHECK(hipMalloc(&da, sizeof a));
  HIP_CHECK(hipMalloc(&db, sizeof b));
  HIP_CHECK(hipMalloc(&df, 8 * sizeof a));
  HIP_CHECK(hipMalloc(&dd, 4 * n * sizeof(hipDoubleComplex)));
  HIP_CHECK(hipMemcpy(da, a, sizeof a, hipMemcpyHostToDevice));
  HIP_CHECK(hipMemcpy(db, b, sizeof b, hipMemcpyHostToDevice));
  k_complex<<<1, n>>>(da, db, df, dd);
  hipFloatComplex f[8 * n];
  hipDoubleComplex d[4 * n];
  HIP_CHECK(hipMemcpy(f, df, sizeof f, hipMemcpyDeviceToHost));
  HIP_CHECK(hipMemcpy(d, dd, sizeof d, hipMemcpyDeviceToHost));
  // The operands are small dyadic numbers: every result below is exact
  // (the quotients' denominators divide them exactly, or are compared
  // with the same double arithmetic).
  for (int i = 0; i < n; i++) {
    double ar = a[i].x, ai = a[i].y, br = b[i].x, bi = b[i].y;
    double den = br * br + bi * bi;
    double want[8][2] = {{ar + br, ai + bi},
                         {ar - br, ai - bi},
                         {ar * br - ai * bi, ai * br + ar * bi},
                         {(ar * br + ai * bi) / den, (ai * br - ar * bi) / den},
                         {ar, -ai},
                         {std::hypot(ar, ai), ar * ar + ai * ai},
                         {ar * br - ai * bi + ar, ai * br + ar * bi + ai},
                         {br, bi}};
    for (int k = 0; k < 8; k++) {
      if (k == 5) {  // hypot: within an ulp or two (libdevice's is 3 ulp)
        CHECK(std::fabs(f[8 * i + k].x - want[k][0]) <= 4e-7 * want[k][0]);
        CHECK_EQ(f[8 * i + k].y, static_cast<float>(want[k][1]));
        continue;
      }
      CHECK_EQ(f[8 * i + k].x, static_cast<float>(want[k][0]));
      CHECK_EQ(f[8 * i + k].y, static_cast<float>(want[k][1]));
    }
    CHECK_EQ(d[4 * i].x, ar * br - ai * bi);
    CHECK_EQ(d[4 * i].y, ai * br + ar * bi);
    CHECK_EQ(d[4 * i + 1].x, (ar * br + ai * bi) / den);
    CHECK_EQ(d[4 * i + 1].y, (ai * br - ar * bi) / den);
    CHECK_EQ(d[4 * i + 2].x, ar * br - ai * bi + ar);
    CHECK_EQ(d[4 * i + 2].y, ai * br + ar * bi + ai);
    CHECK(std::fabs(d[4 * i + 3].x - std::hypot(ar, ai)) <= 1e-15 * std::hypot(ar, ai));
    CHECK_EQ(d[4 * i + 3].y, br - bi);
  }
  // No overflow on the way.
  CHECK(std::fabs(hipCabsf(make_hipFloatComplex(3e30f, 4e30f)) - 5e30f) <= 1e24f);
  hipFloatComplex z = hipComplexDoubleToFloat(make_hipDoubleComplex(1.5, -2.5));
  CHECK(z.x == 1.5f && z.y == -2.5f);
  HIP_CHECK(hipFree(da));
  HIP_CHECK(hipFree(db));
  HIP_CHECK(hipFree(df));
  HIP_CHECK(hipFree(dd));
}

// ---- Load/store hints and nontemporal builtins; half2 from integers.
__global__ void k_hints(const float* in, float* out, const float4* v4,
                        float4* o4, __half2* h) {
  int i = threadIdx.x;
  float s = __ldg(in + i) + __ldcg(in + i) + __ldca(in + i) + __ldcs(in + i) +
            __ldlu(in + i) + __ldcv(in + i);
  s += __builtin_nontemporal_load(in + i);
  __builtin_nontemporal_store(s, out + i);
  float4 v = __ldg(v4 + i);
  __stcs(o4 + 4 * i, v);
  __stwb(o4 + 4 * i + 1, __ldcs(v4 + i));
  __stcg(o4 + 4 * i + 2, __ldlu(v4 + i));
  __stwt(o4 + 4 * i + 3, make_float4(0, 0, 0, 0));
  __stcs(out + 32 + i, 1);  // the value takes the pointer's type
  h[2 * i] = half2(1) + __half2(i);
  h[2 * i + 1] = __half2(__half(static_cast<long>(i)), __half(2u)) *
                 __half2(0.5f);
}

static void test_hints() {
  const int n = 32;
  float in[n];
  float4 v[n];
  for (int i = 0; i < n; i++) {
    in[i] = static_cast<float>(i);
    v[i] = make_float4(i, i + 1, i + 2, i + 3);
  }
  float *din, *dout;
  float4 *dv, *dov;
  __half2* dh;
  HIP_CHECK(hipMalloc(&din, sizeof in));
  HIP_CHECK(hipMalloc(&dout, 2 * sizeof in));
  HIP_CHECK(hipMalloc(&dv, sizeof v));
  HIP_CHECK(hipMalloc(&dov, 4 * sizeof v));
  HIP_CHECK(hipMalloc(&dh, 2 * n * sizeof(__half2)));
  HIP_CHECK(hipMemcpy(din, in, sizeof in, hipMemcpyHostToDevice));
  HIP_CHECK(hipMemcpy(dv, v, sizeof v, hipMemcpyHostToDevice));
  k_hints<<<1, n>>>(din, dout, dv, dov, dh);
  float out[2 * n];
  float4 ov[4 * n];
  __half2 h[2 * n];
  HIP_CHECK(hipMemcpy(out, dout, sizeof out, hipMemcpyDeviceToHost));
  HIP_CHECK(hipMemcpy(ov, dov, sizeof ov, hipMemcpyDeviceToHost));
  HIP_CHECK(hipMemcpy(h, dh, sizeof h, hipMemcpyDeviceToHost));
  int bad = 0;
  for (int i = 0; i < n; i++) {
    bad += out[i] != 7.0f * i;
    bad += out[n + i] != 1.0f;
    for (int k = 0; k < 3; k++)
      bad += ov[4 * i + k].x != i || ov[4 * i + k].w != i + 3;
    bad += ov[4 * i + 3].y != 0;
    bad += __low2float(h[2 * i]) != 1.0f + i || __high2float(h[2 * i]) != 1.0f + i;
    bad += __low2float(h[2 * i + 1]) != 0.5f * i ||
           __high2float(h[2 * i + 1]) != 1.0f;
  }
  CHECK_EQ(bad, 0);
  // __half from any integer type, as HIP's.
  CHECK_EQ(__half2float(__half(static_cast<char>(3))), 3.0f);
  CHECK_EQ(__half2float(__half(true)), 1.0f);
  CHECK_EQ(__half2float(__half(70000ul)), INFINITY);
  CHECK_EQ(__half2float(__half(-5l)), -5.0f);
  HIP_CHECK(hipFree(din));
  HIP_CHECK(hipFree(dout));
  HIP_CHECK(hipFree(dv));
  HIP_CHECK(hipFree(dov));
  HIP_CHECK(hipFree(dh));
}

int main() {
  test_bfloat16();
  test_complex();
  test_hints();
  return test_summary("numeric_headers");
}
