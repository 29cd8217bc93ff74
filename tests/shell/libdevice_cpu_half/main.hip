// The same numbers through either compile path: each libdevice function of
// libhipc (what the kernel compiler's code calls) against the kernel
// language's function as the CPU half of hipc's headers computes it
// (hip/hipc/math_float.h, intrinsics_float.h, intrinsics_int.h, fp16.h,
// ...), bit for bit, at special and random arguments. Host code: on the
// CPU device the headers' functions are the same in host and device code.
#include <hip/hip_fp16.h>
#include <hip/hip_runtime.h>

#include <cstdint>
#include <cstdio>
#include <cstring>

// Host code only: clang's front end compiles the file for the device too,
// where these names are libdevice's own (device-only) functions.
#ifndef __HIP_DEVICE_COMPILE__
extern "C" {
#define F1(n) float __nv_##n(float);
#define D1(n) double __nv_##n(double);
#define F2(n) float __nv_##n(float, float);
#define D2(n) double __nv_##n(double, double);
#define R4(T, n, P) T __nv_##n##_rn P; T __nv_##n##_rz P; T __nv_##n##_ru P; \
  T __nv_##n##_rd P;
F1(rsqrtf) F1(rcbrtf) F1(sinpif) F1(cospif) F1(erfcxf) F1(erfinvf)
F1(erfcinvf) F1(normcdff) F1(normcdfinvf) F1(cyl_bessel_i0f)
F1(cyl_bessel_i1f) F1(fast_sinf) F1(fast_cosf) F1(fast_tanf) F1(fast_expf)
F1(fast_exp10f) F1(fast_logf) F1(fast_log2f) F1(fast_log10f) F1(saturatef)
F1(frsqrt_rn)
D1(rsqrt) D1(rcbrt) D1(sinpi) D1(cospi) D1(erfcx) D1(erfinv) D1(erfcinv)
D1(normcdf) D1(normcdfinv) D1(cyl_bessel_i0) D1(cyl_bessel_i1)
F2(fast_fdividef) F2(fast_powf) F2(rhypotf) D2(rhypot)
R4(float, fadd, (float, float)) R4(float, fsub, (float, float))
R4(float, fmul, (float, float)) R4(float, fdiv, (float, float))
R4(float, fmaf, (float, float, float)) R4(float, fmaf_ieee, (float, float, float))
R4(float, fsqrt, (float)) R4(float, frcp, (float))
R4(double, dadd, (double, double)) R4(double, dsub, (double, double))
R4(double, dmul, (double, double)) R4(double, ddiv, (double, double))
R4(double, fma, (double, double, double)) R4(double, dsqrt, (double))
R4(double, drcp, (double))
R4(int, float2int, (float)) R4(unsigned, float2uint, (float))
R4(long long, float2ll, (float)) R4(unsigned long long, float2ull, (float))
R4(int, double2int, (double)) R4(unsigned, double2uint, (double))
R4(long long, double2ll, (double)) R4(unsigned long long, double2ull, (double))
R4(float, int2float, (int)) R4(float, uint2float, (unsigned))
R4(float, ll2float, (long long)) R4(float, ull2float, (unsigned long long))
R4(double, ll2double, (long long)) R4(double, ull2double, (unsigned long long))
R4(float, double2float, (double))
#undef F1
#undef D1
#undef F2
#undef D2
#undef R4
float __nv_powif(float, int);
double __nv_powi(double, int);
void __nv_sincospif(float, float*, float*);
void __nv_sincospi(double, double*, double*);
void __nv_fast_sincosf(float, float*, float*);
float __nv_norm3df(float, float, float), __nv_rnorm3df(float, float, float);
float __nv_norm4df(float, float, float, float),
    __nv_rnorm4df(float, float, float, float);
double __nv_norm3d(double, double, double), __nv_rnorm3d(double, double, double);
double __nv_norm4d(double, double, double, double),
    __nv_rnorm4d(double, double, double, double);
float __nv_normf(int, const float*), __nv_rnormf(int, const float*);
double __nv_norm(int, const double*), __nv_rnorm(int, const double*);
double __nv_int2double_rn(int), __nv_uint2double_rn(unsigned);
int __nv_float_as_int(float);
unsigned __nv_float_as_uint(float);
float __nv_int_as_float(int), __nv_uint_as_float(unsigned);
unsigned long long __nv_double_as_longlong(double);
double __nv_longlong_as_double(long long);
int __nv_double2hiint(double), __nv_double2loint(double);
double __nv_hiloint2double(int, int);
unsigned short __nv_float2half_rn(float);
float __nv_half2float(unsigned short);
int __nv_brev(int), __nv_clz(int), __nv_clzll(long long), __nv_ffs(int),
    __nv_ffsll(long long), __nv_popc(unsigned), __nv_popcll(unsigned long long);
long long __nv_brevll(long long);
int __nv_mul24(int, int), __nv_mulhi(int, int);
unsigned __nv_umul24(unsigned, unsigned), __nv_umulhi(unsigned, unsigned);
long long __nv_mul64hi(long long, long long);
unsigned long long __nv_umul64hi(unsigned long long, unsigned long long);
int __nv_byte_perm(int, int, int), __nv_sad(int, int, int);
unsigned __nv_usad(unsigned, unsigned, unsigned);
int __nv_hadd(int, int), __nv_rhadd(int, int), __nv_uhadd(unsigned, unsigned);
unsigned __nv_urhadd(unsigned, unsigned);
int __nv_abs(int), __nv_min(int, int), __nv_max(int, int);
unsigned __nv_umin(unsigned, unsigned), __nv_umax(unsigned, unsigned);
long long __nv_llmin(long long, long long), __nv_llmax(long long, long long);
unsigned long long __nv_ullmin(unsigned long long, unsigned long long),
    __nv_ullmax(unsigned long long, unsigned long long);
}

static uint64_t state = 0x243f6a8885a308d3ull;
static uint64_t rnd() {
  state ^= state >> 12;
  state ^= state << 25;
  state ^= state >> 27;
  return state * 0x2545f4914f6cdd1dull;
}
static long checks, fails;

static uint64_t bits(float v) {
  uint32_t u;
  std::memcpy(&u, &v, 4);
  return u;
}
static uint64_t bits(double v) {
  uint64_t u;
  std::memcpy(&u, &v, 8);
  return u;
}
template <typename T>
static uint64_t bits(T v) {
  return static_cast<uint64_t>(v);
}
template <typename T>
static bool is_nan(T v) {
  return v != v;
}
// got (libdevice) and want (the headers) are the same bits, or both NaN.
template <typename T, typename U>
static void same(const char* name, T got, U want, double x) {
  checks++;
  if ((is_nan(got) && is_nan(want)) || bits(got) == bits(static_cast<T>(want)))
    return;
  if (fails++ < 20)
    std::fprintf(stderr, "%s(%a): libdevice %#llx, headers %#llx\n", name, x,
                 static_cast<unsigned long long>(bits(got)),
                 static_cast<unsigned long long>(bits(static_cast<T>(want))));
}

static const float fspecial[] = {0.0f, -0.0f, 1.0f, -1.0f, 0.5f, -0.5f,
                                 2.5f, -2.5f, 1.5f, 3.0f, 1e-40f, -1e-45f,
                                 3e38f, -3e38f, 2147483520.0f, 2147483648.0f,
                                 -2147483648.0f, 4294967296.0f, 9.3e18f,
                                 2e19f, 65504.0f, 65520.0f, 0.999f,
                                 __builtin_inff(), -__builtin_inff(),
                                 __builtin_nanf("")};
static float fval(int k) {
  const int ns = sizeof fspecial / sizeof fspecial[0];
  if (k < ns) return fspecial[k];
  uint64_t r = rnd();
  if (r & 1) {
    uint32_t u = static_cast<uint32_t>(r >> 32);
    float f;
    std::memcpy(&f, &u, 4);
    return f;
  }
  return static_cast<float>(static_cast<int64_t>(r >> 40) - (1 << 23)) /
         static_cast<float>(1 << ((r >> 8) % 24));
}
static double dval(int k) {
  if (k < 26) return fspecial[k] * (k % 3 == 0 ? 1.0 : 1.0000000001);
  uint64_t r = rnd();
  if (r & 1) {
    uint64_t u = rnd();
    double d;
    std::memcpy(&d, &u, 8);
    return d;
  }
  return static_cast<double>(static_cast<int64_t>(r >> 11) - (1ll << 52)) /
         static_cast<double>(1ull << ((r >> 3) % 53));
}

int main() {
  const int n = 20000;
#define S1(NV, HIP, V, X) same(#HIP, NV(X), HIP(X), X)
  for (int k = 0; k < n; k++) {
    float x = fval(k), y = fval(k + 7), z = fval(k + 3);
    double a = dval(k), b = dval(k + 5), c = dval(k + 1);
    // Float math beyond the C library.
    S1(__nv_rsqrtf, rsqrtf, f, x);
    S1(__nv_rcbrtf, rcbrtf, f, x);
    S1(__nv_sinpif, sinpif, f, x);
    S1(__nv_cospif, cospif, f, x);
    S1(__nv_erfcxf, erfcxf, f, x);
    S1(__nv_erfinvf, erfinvf, f, x);
    S1(__nv_erfcinvf, erfcinvf, f, x);
    S1(__nv_normcdff, normcdff, f, x);
    S1(__nv_normcdfinvf, normcdfinvf, f, x);
    S1(__nv_cyl_bessel_i0f, cyl_bessel_i0f, f, x);
    S1(__nv_cyl_bessel_i1f, cyl_bessel_i1f, f, x);
    S1(__nv_fast_sinf, __sinf, f, x);
    S1(__nv_fast_cosf, __cosf, f, x);
    S1(__nv_fast_tanf, __tanf, f, x);
    S1(__nv_fast_expf, __expf, f, x);
    S1(__nv_fast_exp10f, __exp10f, f, x);
    S1(__nv_fast_logf, __logf, f, x);
    S1(__nv_fast_log2f, __log2f, f, x);
    S1(__nv_fast_log10f, __log10f, f, x);
    S1(__nv_saturatef, __saturatef, f, x);
    S1(__nv_frsqrt_rn, __frsqrt_rn, f, x);
    same("__fdividef", __nv_fast_fdividef(x, y), __fdividef(x, y), x);
    same("__powf", __nv_fast_powf(x, y), __powf(x, y), x);
    same("rhypotf", __nv_rhypotf(x, y), rhypotf(x, y), x);
    same("powif", __nv_powif(x, k % 41 - 20), powif(x, k % 41 - 20), x);
    same("norm3df", __nv_norm3df(x, y, z), norm3df(x, y, z), x);
    same("rnorm3df", __nv_rnorm3df(x, y, z), rnorm3df(x, y, z), x);
    same("norm4df", __nv_norm4df(x, y, z, x), norm4df(x, y, z, x), x);
    same("rnorm4df", __nv_rnorm4df(x, y, z, y), rnorm4df(x, y, z, y), x);
    float fv[3] = {x, y, z};
    same("normf", __nv_normf(3, fv), normf(3, fv), x);
    same("rnormf", __nv_rnormf(3, fv), rnormf(3, fv), x);
    float s1, c1, s2, c2;
    __nv_sincospif(x, &s1, &c1);
    sincospif(x, &s2, &c2);
    same("sincospif.s", s1, s2, x);
    same("sincospif.c", c1, c2, x);
    __nv_fast_sincosf(x, &s1, &c1);
    __sincosf(x, &s2, &c2);
    same("__sincosf.s", s1, s2, x);
    same("__sincosf.c", c1, c2, x);
    // Double math beyond the C library.
    S1(__nv_rsqrt, rsqrt, d, a);
    S1(__nv_rcbrt, rcbrt, d, a);
    S1(__nv_sinpi, sinpi, d, a);
    S1(__nv_cospi, cospi, d, a);
    S1(__nv_erfcx, erfcx, d, a);
    S1(__nv_erfinv, erfinv, d, a);
    S1(__nv_erfcinv, erfcinv, d, a);
    S1(__nv_normcdf, normcdf, d, a);
    S1(__nv_normcdfinv, normcdfinv, d, a);
    S1(__nv_cyl_bessel_i0, cyl_bessel_i0, d, a);
    S1(__nv_cyl_bessel_i1, cyl_bessel_i1, d, a);
    same("rhypot", __nv_rhypot(a, b), rhypot(a, b), a);
    same("powi", __nv_powi(a, k % 41 - 20), powi(a, k % 41 - 20), a);
    same("norm3d", __nv_norm3d(a, b, c), norm3d(a, b, c), a);
    same("rnorm3d", __nv_rnorm3d(a, b, c), rnorm3d(a, b, c), a);
    same("norm4d", __nv_norm4d(a, b, c, a), norm4d(a, b, c, a), a);
    same("rnorm4d", __nv_rnorm4d(a, b, c, b), rnorm4d(a, b, c, b), a);
    double dv[3] = {a, b, c};
    same("norm", __nv_norm(3, dv), norm(3, dv), a);
    same("rnorm", __nv_rnorm(3, dv), rnorm(3, dv), a);
    double s3, c3, s4, c4;
    __nv_sincospi(a, &s3, &c3);
    sincospi(a, &s4, &c4);
    same("sincospi.s", s3, s4, a);
    same("sincospi.c", c3, c4, a);
    // Rounded arithmetic in every direction.
#define R4_2(NV, HIP, X, Y)                              \
  same(#HIP "_rn", __nv_##NV##_rn(X, Y), HIP##_rn(X, Y), X); \
  same(#HIP "_rz", __nv_##NV##_rz(X, Y), HIP##_rz(X, Y), X); \
  same(#HIP "_ru", __nv_##NV##_ru(X, Y), HIP##_ru(X, Y), X); \
  same(#HIP "_rd", __nv_##NV##_rd(X, Y), HIP##_rd(X, Y), X)
#define R4_1(NV, HIP, X)                           \
  same(#HIP "_rn", __nv_##NV##_rn(X), HIP##_rn(X), X); \
  same(#HIP "_rz", __nv_##NV##_rz(X), HIP##_rz(X), X); \
  same(#HIP "_ru", __nv_##NV##_ru(X), HIP##_ru(X), X); \
  same(#HIP "_rd", __nv_##NV##_rd(X), HIP##_rd(X), X)
#define R4_3(NV, HIP, X, Y, Z)                                 \
  same(#HIP "_rn", __nv_##NV##_rn(X, Y, Z), HIP##_rn(X, Y, Z), X); \
  same(#HIP "_rz", __nv_##NV##_rz(X, Y, Z), HIP##_rz(X, Y, Z), X); \
  same(#HIP "_ru", __nv_##NV##_ru(X, Y, Z), HIP##_ru(X, Y, Z), X); \
  same(#HIP "_rd", __nv_##NV##_rd(X, Y, Z), HIP##_rd(X, Y, Z), X)
    R4_2(fadd, __fadd, x, y);
    R4_2(fsub, __fsub, x, y);
    R4_2(fmul, __fmul, x, y);
    R4_2(fdiv, __fdiv, x, y);
    R4_3(fmaf, __fmaf, x, y, z);
    R4_3(fmaf_ieee, __fmaf_ieee, x, y, z);
    R4_1(fsqrt, __fsqrt, x);
    R4_1(frcp, __frcp, x);
    R4_2(dadd, __dadd, a, b);
    R4_2(dsub, __dsub, a, b);
    R4_2(dmul, __dmul, a, b);
    R4_2(ddiv, __ddiv, a, b);
    R4_3(fma, __fma, a, b, c);
    R4_1(dsqrt, __dsqrt, a);
    R4_1(drcp, __drcp, a);
    // Conversions.
    R4_1(float2int, __float2int, x);
    R4_1(float2uint, __float2uint, x);
    R4_1(float2ll, __float2ll, x);
    R4_1(float2ull, __float2ull, x);
    R4_1(double2int, __double2int, a);
    R4_1(double2uint, __double2uint, a);
    R4_1(double2ll, __double2ll, a);
    R4_1(double2ull, __double2ull, a);
    R4_1(double2float, __double2float, a);
    uint64_t r = rnd() >> (k % 64);
    int i = static_cast<int>(static_cast<uint32_t>(r));
    unsigned u = static_cast<unsigned>(r);
    long long ll = static_cast<long long>(k & 1 ? r : 0 - r);
    R4_1(int2float, __int2float, i);
    R4_1(uint2float, __uint2float, u);
    R4_1(ll2float, __ll2float, ll);
    R4_1(ull2float, __ull2float, r);
    R4_1(ll2double, __ll2double, ll);
    R4_1(ull2double, __ull2double, r);
    same("__int2double_rn", __nv_int2double_rn(i), __int2double_rn(i), i);
    same("__uint2double_rn", __nv_uint2double_rn(u), __uint2double_rn(u), u);
    same("__float_as_int", __nv_float_as_int(x), __float_as_int(x), x);
    same("__float_as_uint", __nv_float_as_uint(x), __float_as_uint(x), x);
    same("__int_as_float", __nv_int_as_float(i), __int_as_float(i), i);
    same("__uint_as_float", __nv_uint_as_float(u), __uint_as_float(u), u);
    same("__double_as_longlong", __nv_double_as_longlong(a),
         __double_as_longlong(a), a);
    same("__longlong_as_double", __nv_longlong_as_double(ll),
         __longlong_as_double(ll), 0);
    same("__double2hiint", __nv_double2hiint(a), __double2hiint(a), a);
    same("__double2loint", __nv_double2loint(a), __double2loint(a), a);
    same("__hiloint2double", __nv_hiloint2double(i, static_cast<int>(k)),
         __hiloint2double(i, static_cast<int>(k)), i);
    same("__float2half_rn", __nv_float2half_rn(x),
         __half_as_ushort(__float2half_rn(x)), x);
    unsigned short h = static_cast<unsigned short>(r);
    same("__half2float", __nv_half2float(h), __half2float(__ushort_as_half(h)),
         h);
    // Integer functions.
    uint64_t r2 = rnd() >> (k % 61);
    int j = static_cast<int>(static_cast<uint32_t>(r2));
    unsigned v = static_cast<unsigned>(r2);
    long long l2 = static_cast<long long>(r2 << (k % 3));
    same("__brev", __nv_brev(i), __brev(u), i);
    same("__brevll", __nv_brevll(ll),
         __brevll(static_cast<unsigned long long>(ll)), i);
    same("__clz", __nv_clz(i), __clz(i), i);
    same("__clzll", __nv_clzll(ll), __clzll(ll), i);
    same("__ffs", __nv_ffs(i), __ffs(i), i);
    same("__ffsll", __nv_ffsll(ll), __ffsll(ll), i);
    same("__popc", __nv_popc(u), __popc(u), i);
    same("__popcll", __nv_popcll(r), __popcll(r), i);
    same("__mul24", __nv_mul24(i, j), __mul24(i, j), i);
    same("__umul24", __nv_umul24(u, v), __umul24(u, v), i);
    same("__mulhi", __nv_mulhi(i, j), __mulhi(i, j), i);
    same("__umulhi", __nv_umulhi(u, v), __umulhi(u, v), i);
    same("__mul64hi", __nv_mul64hi(ll, l2), __mul64hi(ll, l2), i);
    same("__umul64hi", __nv_umul64hi(r, r2), __umul64hi(r, r2), i);
    same("__byte_perm", __nv_byte_perm(i, j, k), __byte_perm(u, v, k), i);
    same("__sad", __nv_sad(i, j, k), __sad(i, j, k), i);
    same("__usad", __nv_usad(u, v, k), __usad(u, v, k), i);
    same("__hadd", __nv_hadd(i, j), __hadd(i, j), i);
    same("__rhadd", __nv_rhadd(i, j), __rhadd(i, j), i);
    same("__uhadd", __nv_uhadd(u, v), __uhadd(u, v), i);
    same("__urhadd", __nv_urhadd(u, v), __urhadd(u, v), i);
    if (i != INT_MIN) same("abs", __nv_abs(i), abs(i), i);
    same("min", __nv_min(i, j), min(i, j), i);
    same("max", __nv_max(i, j), max(i, j), i);
    same("umin", __nv_umin(u, v), umin(u, v), i);
    same("umax", __nv_umax(u, v), umax(u, v), i);
    same("llmin", __nv_llmin(ll, l2), llmin(ll, l2), i);
    same("llmax", __nv_llmax(ll, l2), llmax(ll, l2), i);
    same("ullmin", __nv_ullmin(r, r2), ullmin(r, r2), i);
    same("ullmax", __nv_ullmax(r, r2), ullmax(r, r2), i);
  }
  std::printf("%ld comparisons, %ld differ\n", checks, fails);
  return fails != 0;
}
#endif  // __HIP_DEVICE_COMPILE__
