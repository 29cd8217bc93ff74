// Floating-point intrinsics in a kernel: the rounding-mode families
// (__fadd_r*, __fsub_r*, __fmul_r*, __fdiv_r*, __fmaf_r*, __frcp_r*,
// __fsqrt_r*, the double __dadd_r* ... __fma_r*, __drcp_r*, __dsqrt_r*),
// conversions (__float2int_r*, __int2float_r*, __ll2double_r*,
// __double2float_r*, ...) and reinterpretations, against host references:
// the operation run on the host with fesetround (between volatile accesses,
// so the compiler keeps it inside the mode), integer conversions from exact
// long double comparisons, and hand-picked cases (signed zeros, overflow,
// subnormals).
#include <cfenv>
#include <cfloat>
#include <climits>
#include <cmath>
#include <cstring>
#include <vector>

#include "common.h"

const int MODES = 4;  // rn, rz, ru, rd: the order of the outputs below
const int FE[MODES] = {FE_TONEAREST, FE_TOWARDZERO, FE_UPWARD, FE_DOWNWARD};

struct fin {
  float a, b, c;
  double x, y, z;
  long long ll;
};
// Per input and mode: 7 float results, 7 double results, 6 conversions.
struct fout {
  float f[7];
  double d[7];
  float cf[4];
  double cd[2];
};

#define FAMILY(M)                                          \
  o.f[0] = __fadd_##M(v.a, v.b);                           \
  o.f[1] = __fsub_##M(v.a, v.b);                           \
  o.f[2] = __fmul_##M(v.a, v.b);                           \
  o.f[3] = __fdiv_##M(v.a, v.b);                           \
  o.f[4] = __fmaf_##M(v.a, v.b, v.c);                      \
  o.f[5] = __frcp_##M(v.b);                                \
  o.f[6] = __fsqrt_##M(v.c);                               \
  o.d[0] = __dadd_##M(v.x, v.y);                           \
  o.d[1] = __dsub_##M(v.x, v.y);                           \
  o.d[2] = __dmul_##M(v.x, v.y);                           \
  o.d[3] = __ddiv_##M(v.x, v.y);                           \
  o.d[4] = __fma_##M(v.x, v.y, v.z);                       \
  o.d[5] = __drcp_##M(v.y);                                \
  o.d[6] = __dsqrt_##M(v.z);                               \
  o.cf[0] = __int2float_##M(static_cast<int>(v.ll));       \
  o.cf[1] = __uint2float_##M(static_cast<unsigned>(v.ll)); \
  o.cf[2] = __ll2float_##M(v.ll);                          \
  o.cf[3] = __double2float_##M(v.x);                       \
  o.cd[0] = __ll2double_##M(v.ll);                         \
  o.cd[1] = __ull2double_##M(static_cast<unsigned long long>(v.ll));

__global__ void k_round(const fin* in, fout* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  fin v = in[i];
  fout o;
  FAMILY(rn) out[MODES * i] = o;
  FAMILY(rz) out[MODES * i + 1] = o;
  FAMILY(ru) out[MODES * i + 2] = o;
  FAMILY(rd) out[MODES * i + 3] = o;
}

// v (exact in long double) rounded to T in direction `mode`: the nearest
// value, moved one step when it lies on the wrong side of v.
template <typename T>
static T convert(long double v, int mode) {
  T c = static_cast<T>(v);
  long double cl = c;
  if (std::isnan(v) || cl == v) return c;
  bool above = cl > v;
  if ((mode == 1 && (v > 0) == above) || (mode == 3 && above))
    c = std::nextafter(c, above ? -INFINITY : INFINITY);
  else if (mode == 2 && !above)
    c = std::nextafter(c, static_cast<T>(INFINITY));
  return c;
}

// The host reference: each operation between volatile loads and a volatile
// store, with the rounding mode set around them.
static void reference(const fin& in, int mode, fout& o) {
  volatile float a = in.a, b = in.b, c = in.c;
  volatile double x = in.x, y = in.y, z = in.z;
  volatile float rf;
  volatile double rd;
  std::fesetround(FE[mode]);
#define F(k, e) \
  rf = (e);     \
  o.f[k] = rf;
#define D(k, e) \
  rd = (e);     \
  o.d[k] = rd;
  F(0, a + b)
  F(1, a - b) F(2, a * b) F(3, a / b) F(4, std::fma(a, b, c)) F(5, 1.0f / b)
      F(6, std::sqrt(c)) D(0, x + y) D(1, x - y) D(2, x * y) D(3, x / y)
          D(4, std::fma(x, y, z)) D(5, 1.0 / y) D(6, std::sqrt(z))
#undef F
#undef D
              std::fesetround(FE_TONEAREST);
  // Conversions from exact comparisons instead (a host compiler may convert
  // unsigned 64-bit integers with a sequence that assumes round-to-nearest).
  long long l = in.ll;
  o.cf[0] = convert<float>(static_cast<int>(l), mode);
  o.cf[1] = convert<float>(static_cast<unsigned>(l), mode);
  o.cf[2] = convert<float>(l, mode);
  o.cf[3] = convert<float>(in.x, mode);
  o.cd[0] = convert<double>(l, mode);
  o.cd[1] = convert<double>(static_cast<unsigned long long>(l), mode);
}

template <typename T>
static bool same(T a, T b) {  // bit-identical, any NaN equal to any NaN
  if (std::isnan(a) && std::isnan(b)) return true;
  return std::memcmp(&a, &b, sizeof a) == 0;
}

static void test_rounding() {
  std::vector<fin> in;
  const float fs[] = {0.0f,     -0.0f,   1.0f,        -1.0f,   3.0f,
                      0.1f,     FLT_MAX, -FLT_MAX,    FLT_MIN, 1e-45f,
                      INFINITY, NAN,     16777217.0f, 1e30f};
  const double ds[] = {0.0,
                       -0.0,
                       1.0,
                       -1.0,
                       3.0,
                       0.1,
                       DBL_MAX,
                       -DBL_MAX,
                       DBL_MIN,
                       5e-324,
                       INFINITY,
                       NAN,
                       9007199254740993.0,
                       1e300};
  const long long ls[] = {
      0,         -1,         16777217,        -16777219, 0x7fffffffffffffffll,
      LLONG_MIN, 0x20000001, (1ll << 53) + 1, 123456789};
  for (float a : fs)
    for (float b : fs) in.push_back({a, b, a, static_cast<double>(a), b, a, 7});
  for (double x : ds)
    for (double y : ds) in.push_back({1, 3, 2, x, y, x, -5});
  for (long long l : ls) in.push_back({1, 3, 2, 0.1, 3, 2, l});
  uint64_t s = 777;
  auto rnd = [&s]() {
    s = s * 6364136223846793005ull + 1442695040888963407ull;
    return s;
  };
  while (in.size() < 3000) {
    uint64_t r1 = rnd(), r2 = rnd(), r3 = rnd();
    float a = std::ldexp(static_cast<float>(r1 >> 40) - 8388608.0f,
                         static_cast<int>(r1 % 60) - 30);
    float b = std::ldexp(static_cast<float>(r2 >> 40) + 1.0f,
                         static_cast<int>(r2 % 40) - 20);
    float c = std::ldexp(static_cast<float>(r3 >> 41),
                         static_cast<int>(r3 % 50) - 25);
    double x = std::ldexp(static_cast<double>(r1 >> 11) - 0x1p52,
                          static_cast<int>(r2 % 200) - 100);
    double y = std::ldexp(static_cast<double>(r2 >> 11) + 1.0,
                          static_cast<int>(r3 % 100) - 50);
    double z = std::ldexp(static_cast<double>(r3 >> 11),
                          static_cast<int>(r1 % 90) - 45);
    if (in.size() % 5 == 0) {  // results in the subnormal range
      x = std::ldexp(x, -1000);
      b = std::ldexp(b, 100);
    }
    in.push_back(
        {a, b, c, x, y, z, static_cast<long long>(r1 ^ (r2 >> (r3 % 64)))});
  }
  int n = static_cast<int>(in.size());
  fin* din;
  fout* dout;
  HIP_CHECK(hipMalloc(&din, n * sizeof(fin)));
  HIP_CHECK(hipMalloc(&dout, n * MODES * sizeof(fout)));
  HIP_CHECK(hipMemcpy(din, in.data(), n * sizeof(fin), hipMemcpyHostToDevice));
  k_round<<<(n + 127) / 128, 128>>>(din, dout, n);
  std::vector<fout> got(static_cast<size_t>(n) * MODES);
  HIP_CHECK(hipMemcpy(got.data(), dout, got.size() * sizeof(fout),
                      hipMemcpyDeviceToHost));
  const char* mname[MODES] = {"rn", "rz", "ru", "rd"};
  int bad = 0, order_bad = 0;
  for (int i = 0; i < n; i++) {
    for (int m = 0; m < MODES; m++) {
      fout w;
      reference(in[i], m, w);
      const fout& g = got[static_cast<size_t>(i) * MODES + m];
      for (int k = 0; k < 7; k++) {
        if (!same(g.f[k], w.f[k]) && bad++ < 8)
          std::fprintf(stderr, "float op %d _%s(%a, %a, %a): got %a want %a\n",
                       k, mname[m], in[i].a, in[i].b, in[i].c, g.f[k], w.f[k]);
        if (!same(g.d[k], w.d[k]) && bad++ < 8)
          std::fprintf(stderr, "double op %d _%s(%a, %a, %a): got %a want %a\n",
                       k, mname[m], in[i].x, in[i].y, in[i].z, g.d[k], w.d[k]);
      }
      for (int k = 0; k < 4; k++)
        if (!same(g.cf[k], w.cf[k]) && bad++ < 8)
          std::fprintf(stderr, "conversion %d _%s(%lld / %a): got %a want %a\n",
                       k, mname[m], in[i].ll, in[i].x, g.cf[k], w.cf[k]);
      for (int k = 0; k < 2; k++)
        if (!same(g.cd[k], w.cd[k]) && bad++ < 8)
          std::fprintf(stderr, "conversion %d _%s(%lld): got %a want %a\n",
                       k + 4, mname[m], in[i].ll, g.cd[k], w.cd[k]);
    }
    // Independent of the host's modes: rd <= rn <= ru, ru - rd at most one
    // step, rz the one of rd, ru nearer zero.
    const fout* g = &got[static_cast<size_t>(i) * MODES];
    for (int k = 0; k < 7; k++) {
      double rn = g[0].d[k], rz = g[1].d[k], ru = g[2].d[k], rd = g[3].d[k];
      if (std::isnan(rn)) continue;
      bool ok = rd <= rn && rn <= ru &&
                (ru == rd || std::nextafter(rd, INFINITY) == ru) &&
                (rz == (rn >= 0 ? rd : ru) || rz == rn);
      float frn = g[0].f[k], frz = g[1].f[k], fru = g[2].f[k], frd = g[3].f[k];
      if (!std::isnan(frn))
        ok = ok && frd <= frn && frn <= fru &&
             (fru == frd || std::nextafter(frd, INFINITY) == fru) &&
             (frz == (frn >= 0 ? frd : fru) || frz == frn);
      if (!ok && order_bad++ < 4)
        std::fprintf(stderr, "order broken: input %d op %d\n", i, k);
    }
  }
  CHECK_EQ(bad, 0);
  CHECK_EQ(order_bad, 0);
  HIP_CHECK(hipFree(din));
  HIP_CHECK(hipFree(dout));
}

// Hand-picked cases, known without any rounding-mode machinery.
__global__ void k_cases(float* f, double* d, long long* l) {
  f[0] = __fadd_rd(1.0f, -1.0f);    // -0 in round-down
  f[1] = __fadd_ru(1.0f, -1.0f);    // +0
  f[2] = __fmul_rz(FLT_MAX, 2.0f);  // FLT_MAX, not inf
  f[3] = __fmul_ru(FLT_MAX, 2.0f);  // inf
  f[4] = __fadd_ru(1.0f, 1e-30f);   // next float after 1
  f[5] = __fadd_rd(1.0f, 1e-30f);   // 1
  f[6] = __fdiv_rd(1.0f, 3.0f);
  f[7] = __fdiv_ru(1.0f, 3.0f);
  f[8] = __fmul_ru(1e-45f, 0.5f);  // the smallest subnormal
  f[9] = __fmul_rn(1e-45f, 0.5f);  // 0 (tie to even)
  f[10] = __fsqrt_rd(2.0f);
  f[11] = __fsqrt_ru(2.0f);
  f[12] = __saturatef(-3.0f) + __saturatef(0.25f) * 2 + __saturatef(7.0f) * 4 +
          __saturatef(NAN) * 8;
  d[0] = __dadd_rd(1.0, -1.0);
  d[1] = __dadd_ru(1.0, 0x1p-80);
  d[2] = __dsqrt_rz(2.0);
  d[3] = __drcp_ru(3.0);
  d[4] = __hiloint2double(__double2hiint(-2.5), __double2loint(-2.5));
  d[5] = __longlong_as_double(__double_as_longlong(1.5) + 1);
  d[6] = __int_as_float(__float_as_int(1.0f) + 1);
  d[7] = __uint_as_float(__float_as_uint(2.0f) + 2);
  l[0] = __float2int_rn(2.5f);
  l[1] = __float2int_rn(3.5f);
  l[2] = __float2int_rd(-0.5f);
  l[3] = __float2int_ru(-0.5f);
  l[4] = __float2int_rz(-1.9f);
  l[5] = __float2int_rn(3e9f);                           // saturates
  l[6] = __float2uint_rn(-5.0f);                         // 0
  l[7] = __float2int_rn(NAN);                            // 0
  l[8] = __double2ll_rd(-1e30);                          // LLONG_MIN
  l[9] = static_cast<long long>(__double2ull_ru(1e30));  // ULLONG_MAX
  l[10] = __float2ll_ru(2.25f);
  l[11] = __double2uint_rz(4294967295.9);
  l[12] = __int2float_rd(16777217) == 16777216.0f;
  l[13] = __int2float_ru(16777217) == 16777218.0f;
  l[14] = __ll2float_rz(-16777219) == -16777218.0f;
  l[15] = __double2float_rd(0.1) < 0.1 && __double2float_ru(0.1) > 0.1;
  // Constant arguments, which a compiler may fold (NaN and out-of-range
  // values included).
  l[16] = __float2ll_rz(NAN);                                 // 0
  l[17] = __double2int_rz(-1e10);                             // INT_MIN
  l[18] = static_cast<long long>(__float2ull_rz(-1.0f));      // 0
  l[19] = __ull2float_rz(~0ull) == 0x1.fffffep63f;            // not 2^64
}

static void test_cases() {
  float* df;
  double* dd;
  long long* dl;
  HIP_CHECK(hipMalloc(&df, 16 * sizeof(float)));
  HIP_CHECK(hipMalloc(&dd, 8 * sizeof(double)));
  HIP_CHECK(hipMalloc(&dl, 20 * sizeof(long long)));
  k_cases<<<1, 1>>>(df, dd, dl);
  float f[16];
  double d[8];
  long long l[20];
  HIP_CHECK(hipMemcpy(f, df, sizeof f, hipMemcpyDeviceToHost));
  HIP_CHECK(hipMemcpy(d, dd, sizeof d, hipMemcpyDeviceToHost));
  HIP_CHECK(hipMemcpy(l, dl, sizeof l, hipMemcpyDeviceToHost));
  CHECK(f[0] == 0 && std::signbit(f[0]));
  CHECK(f[1] == 0 && !std::signbit(f[1]));
  CHECK_EQ(f[2], FLT_MAX);
  CHECK(std::isinf(f[3]));
  CHECK_EQ(f[4], 1.0f + 0x1p-23f);
  CHECK_EQ(f[5], 1.0f);
  CHECK_EQ(f[6], 0x1.555554p-2f);  // 1/3 = 0x1.5555555...p-2
  CHECK_EQ(f[7], 0x1.555556p-2f);
  CHECK_EQ(f[8], 0x1p-149f);
  CHECK_EQ(f[9], 0.0f);
  CHECK_EQ(f[10], 0x1.6a09e6p0f);  // sqrt(2) = 0x1.6a09e667f...p0
  CHECK_EQ(f[11], 0x1.6a09e8p0f);
  CHECK_EQ(f[12], 0.5f + 4.0f);
  CHECK(d[0] == 0 && std::signbit(d[0]));
  CHECK_EQ(d[1], 1.0 + 0x1p-52);
  CHECK_EQ(d[2], 0x1.6a09e667f3bccp0);  // sqrt(2) = 0x1.6a09e667f3bcc908...p0
  CHECK_EQ(d[3], 0x1.5555555555556p-2);
  CHECK_EQ(d[4], -2.5);
  CHECK_EQ(d[5], 1.5 + 0x1p-52);
  CHECK_EQ(d[6], 1.0 + 0x1p-23);
  CHECK_EQ(d[7], 2.0 + 0x1p-21);
  const long long want[20] = {2, 4, -1,        0,  -1, INT_MAX,
                              0, 0, LLONG_MIN, -1, 3,  4294967295ll,
                              1, 1, 1,         1,  0,  INT_MIN,
                              0, 1};
  for (int i = 0; i < 20; i++) CHECK_EQ(l[i], want[i]);
  HIP_CHECK(hipFree(df));
  HIP_CHECK(hipFree(dd));
  HIP_CHECK(hipFree(dl));
}

// Conversions to integers over many values: all 32 of them (float or
// double to int, uint, ll or ull, in the four directions), against
// nearbyint/trunc/ceil/floor of the exact value and the type's range (NaN
// gives 0), for values from both sides of each range's ends.
#define TO_INT(M)                                                      \
  M(float, int, INT_MIN, INT_MAX) M(float, uint, 0, UINT_MAX)           \
  M(float, ll, LLONG_MIN, LLONG_MAX) M(float, ull, 0, ULLONG_MAX)       \
  M(double, int, INT_MIN, INT_MAX) M(double, uint, 0, UINT_MAX)         \
  M(double, ll, LLONG_MIN, LLONG_MAX) M(double, ull, 0, ULLONG_MAX)
const int N_TO_INT = 32;

__global__ void k_to_int(const double* x, long long* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  double v = x[i];
  float f = static_cast<float>(v);
  long long* o = out + N_TO_INT * i;
#define DEV(FROM, TO, LO, HI)                                           \
  *o++ = static_cast<long long>(__##FROM##2##TO##_rn(FROM##_arg(f, v))); \
  *o++ = static_cast<long long>(__##FROM##2##TO##_rz(FROM##_arg(f, v))); \
  *o++ = static_cast<long long>(__##FROM##2##TO##_ru(FROM##_arg(f, v))); \
  *o++ = static_cast<long long>(__##FROM##2##TO##_rd(FROM##_arg(f, v)));
#define float_arg(f, v) f
#define double_arg(f, v) v
  TO_INT(DEV)
#undef DEV
}

static long long sat(long double v, long double lo, long double hi) {
  if (std::isnan(v)) return 0;
  if (v < lo) v = lo;
  if (v > hi) v = hi;
  return static_cast<long long>(static_cast<unsigned long long>(
      v < 0 ? static_cast<unsigned long long>(static_cast<long long>(v))
            : static_cast<unsigned long long>(v)));
}

static void test_to_int() {
  std::vector<double> x = {
      0.5,   1.5,      2.5,       -0.5,         -2.5,         1e10,
      -1e10, 3e19,     -3e19,     4294967295.5, 2147483647.5, -2147483648.5,
      NAN,   INFINITY, -INFINITY, 9.2e18,       -9.3e18,      -NAN,
      -0.0,  0x1p63,   -0x1p63,   0x1p64,       -0x1p64,      0x1p32,
      -0.75, 0.75,     -1.0,      4294967296.5, -2147483649.0};
  for (int i = 0; i < 2000; i++) x.push_back((i - 1000) * 0.37 + (i % 7) * 1e9);
  int n = static_cast<int>(x.size());
  double* dx;
  long long* dout;
  HIP_CHECK(hipMalloc(&dx, n * sizeof(double)));
  HIP_CHECK(hipMalloc(&dout, n * N_TO_INT * sizeof(long long)));
  HIP_CHECK(hipMemcpy(dx, x.data(), n * sizeof(double), hipMemcpyHostToDevice));
  k_to_int<<<(n + 127) / 128, 128>>>(dx, dout, n);
  std::vector<long long> got(static_cast<size_t>(n) * N_TO_INT);
  HIP_CHECK(hipMemcpy(got.data(), dout, got.size() * sizeof(long long),
                      hipMemcpyDeviceToHost));
  static const char* const names[N_TO_INT] = {
#define NAME(FROM, TO, LO, HI)                                           \
  "__" #FROM "2" #TO "_rn", "__" #FROM "2" #TO "_rz", "__" #FROM "2" #TO \
  "_ru", "__" #FROM "2" #TO "_rd",
      TO_INT(NAME)
#undef NAME
  };
  int bad = 0;
  for (int i = 0; i < n; i++) {
    long double f = static_cast<float>(x[i]), v = x[i];
    long long want[N_TO_INT], *w = want;
#define REF(FROM, TO, LO, HI)                                      \
  for (long double r : {std::nearbyint(FROM##_arg(f, v)),          \
                        std::trunc(FROM##_arg(f, v)),              \
                        std::ceil(FROM##_arg(f, v)),               \
                        std::floor(FROM##_arg(f, v))})             \
    *w++ = sat(r, static_cast<long double>(LO), static_cast<long double>(HI));
    TO_INT(REF)
#undef REF
    for (int k = 0; k < N_TO_INT; k++)
      if (got[static_cast<size_t>(i) * N_TO_INT + k] != want[k] && bad++ < 16)
        std::fprintf(stderr, "%s(%.17g): got %lld want %lld\n", names[k],
                     x[i], got[static_cast<size_t>(i) * N_TO_INT + k], want[k]);
  }
  CHECK_EQ(bad, 0);
  HIP_CHECK(hipFree(dx));
  HIP_CHECK(hipFree(dout));
}

#undef float_arg
#undef double_arg
#undef TO_INT

int main() {
  test_rounding();
  test_cases();
  test_to_int();
  return test_summary("intrinsics_float");
}
