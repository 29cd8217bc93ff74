// BUILD-WITH: -L$BUILD/lib -Wl,-rpath,$BUILD/lib -lhipc -lm
/* src/kc/libdevice_map.h promises that kc may call the C library's
 * function or an LLVM intrinsic in place of a libdevice function: here
 * each pair gives the same bits at sample arguments (zeros of both signs,
 * infinities, NaN, halfway cases, large and tiny values). The intrinsics
 * are represented by the C functions their LLVM LangRef entries name as
 * their meaning (llvm.sqrt.f32 is sqrtf, llvm.minnum.f32 is fminf, ...),
 * the integer ones by definitions written out here. Types are
 * tests/shell/libdevice_map.sh's part. */
#define _GNU_SOURCE /* exp10, sincos */
#include <limits.h>

#include "libdevice_test.h"

/* -- The C library pairs: each __nv_ function is declared with its C
 * library twin's type (__nv_nan and __nv_nanf take signed char in libhipc,
 * the same pointer in IR), and a checker for that type compares them. */
static const float fv[] = {0.0f, -0.0f, 1.0f, -1.0f, 0.5f, -0.5f, 1.5f,
                           2.5f, -2.5f, 3.7f, 0.1f, 10.0f, 88.0f, -87.0f,
                           1e-40f, -1e-38f, 1e20f, -3e38f, INFINITY,
                           -INFINITY, NAN, 0.999f, 1.001f, 7e5f};
static const double dv[] = {0.0, -0.0, 1.0, -1.0, 0.5, -0.5, 1.5, 2.5,
                            -2.5, 3.7, 0.1, 10.0, 700.0, -700.0, 1e-310,
                            -1e-300, 1e200, -1e308, INFINITY, -INFINITY,
                            NAN, 0.999, 1.001, 7e5};
static const int iv[] = {0, 1, -1, 2, 5, -3, 30, -200, 1000, INT_MAX,
                         INT_MIN};
#define NF (sizeof fv / sizeof fv[0])
#define ND (sizeof dv / sizeof dv[0])
#define NI (sizeof iv / sizeof iv[0])

static int same_f(float a, float b) {
  return (isnan(a) && isnan(b)) || ld_fbits(a) == ld_fbits(b);
}
static int same_d(double a, double b) {
  return (isnan(a) && isnan(b)) || ld_dbits(a) == ld_dbits(b);
}
static void report(int ok, const char* nv, double x) {
  check_count++;
  if (!ok) {
    fprintf(stderr, "%s differs from its twin at %a\n", nv, x);
    check_failures++;
  }
}

#define LOOP_F for (size_t i = 0; i < NF; i++)
#define LOOP_D for (size_t i = 0; i < ND; i++)
#define LOOP_FF LOOP_F for (size_t j = 0; j < NF; j++)
#define LOOP_DD LOOP_D for (size_t j = 0; j < ND; j++)
typedef float f_f(float);
typedef double d_d(double);
typedef float f_ff(float, float);
typedef double d_dd(double, double);
static void f1(const char* n, f_f* a, f_f* b) {
  LOOP_F report(same_f(a(fv[i]), b(fv[i])), n, fv[i]);
}
static void d1(const char* n, d_d* a, d_d* b) {
  LOOP_D report(same_d(a(dv[i]), b(dv[i])), n, dv[i]);
}
static void f2(const char* n, f_ff* a, f_ff* b) {
  LOOP_FF report(same_f(a(fv[i], fv[j]), b(fv[i], fv[j])), n, fv[i]);
}
static void d2(const char* n, d_dd* a, d_dd* b) {
  LOOP_DD report(same_d(a(dv[i], dv[j]), b(dv[i], dv[j])), n, dv[i]);
}
static void f_i(const char* n, float (*a)(float, int), float (*b)(float, int)) {
  LOOP_F for (size_t j = 0; j < NI; j++)
    report(same_f(a(fv[i], iv[j]), b(fv[i], iv[j])), n, fv[i]);
}
static void d_i(const char* n, double (*a)(double, int),
                double (*b)(double, int)) {
  LOOP_D for (size_t j = 0; j < NI; j++)
    report(same_d(a(dv[i], iv[j]), b(dv[i], iv[j])), n, dv[i]);
}
static void i_f(const char* n, int (*a)(float), int (*b)(float)) {
  LOOP_F report(a(fv[i]) == b(fv[i]), n, fv[i]);
}
static void i_d(const char* n, int (*a)(double), int (*b)(double)) {
  LOOP_D report(a(dv[i]) == b(dv[i]), n, dv[i]);
}
/* llrint and llround: only where the result is defined (|x| < 2^62). */
static void ll_f(const char* n, long long (*a)(float), long long (*b)(float)) {
  LOOP_F if (fabsf(fv[i]) < 0x1p62f) report(a(fv[i]) == b(fv[i]), n, fv[i]);
}
static void ll_d(const char* n, long long (*a)(double),
                 long long (*b)(double)) {
  LOOP_D if (fabs(dv[i]) < 0x1p62) report(a(dv[i]) == b(dv[i]), n, dv[i]);
}
static void i_fn(const char* n, float (*a)(int, float), float (*b)(int, float)) {
  LOOP_F for (size_t j = 0; j < 7; j++)
    report(same_f(a(iv[j], fv[i]), b(iv[j], fv[i])), n, fv[i]);
}
static void i_dn(const char* n, double (*a)(int, double),
                 double (*b)(int, double)) {
  LOOP_D for (size_t j = 0; j < 7; j++)
    report(same_d(a(iv[j], dv[i]), b(iv[j], dv[i])), n, dv[i]);
}
static void f_ip(const char* n, float (*a)(float, int*), float (*b)(float, int*)) {
  LOOP_F {
    int p = 0, q = 0;
    float x = a(fv[i], &p), y = b(fv[i], &q);
    report(same_f(x, y) && (!isfinite(fv[i]) || p == q), n, fv[i]);
  }
}
static void d_ip(const char* n, double (*a)(double, int*),
                 double (*b)(double, int*)) {
  LOOP_D {
    int p = 0, q = 0;
    double x = a(dv[i], &p), y = b(dv[i], &q);
    report(same_d(x, y) && (!isfinite(dv[i]) || p == q), n, dv[i]);
  }
}
static void f_fp(const char* n, float (*a)(float, float*),
                 float (*b)(float, float*)) {
  LOOP_F {
    float p = 0, q = 0;
    float x = a(fv[i], &p), y = b(fv[i], &q);
    report(same_f(x, y) && same_f(p, q), n, fv[i]);
  }
}
static void d_dp(const char* n, double (*a)(double, double*),
                 double (*b)(double, double*)) {
  LOOP_D {
    double p = 0, q = 0;
    double x = a(dv[i], &p), y = b(dv[i], &q);
    report(same_d(x, y) && same_d(p, q), n, dv[i]);
  }
}
static void f_ffip(const char* n, float (*a)(float, float, int*),
                   float (*b)(float, float, int*)) {
  LOOP_FF {
    int p = 0, q = 0;
    float x = a(fv[i], fv[j], &p), y = b(fv[i], fv[j], &q);
    report(same_f(x, y) && (isnan(x) || (p & 7) == (q & 7)), n, fv[i]);
  }
}
static void d_ddip(const char* n, double (*a)(double, double, int*),
                   double (*b)(double, double, int*)) {
  LOOP_DD {
    int p = 0, q = 0;
    double x = a(dv[i], dv[j], &p), y = b(dv[i], dv[j], &q);
    report(same_d(x, y) && (isnan(x) || (p & 7) == (q & 7)), n, dv[i]);
  }
}
static void v_fpp(const char* n, void (*a)(float, float*, float*),
                  void (*b)(float, float*, float*)) {
  LOOP_F {
    float s1, c1, s2, c2;
    a(fv[i], &s1, &c1);
    b(fv[i], &s2, &c2);
    report(same_f(s1, s2) && same_f(c1, c2), n, fv[i]);
  }
}
static void v_dpp(const char* n, void (*a)(double, double*, double*),
                  void (*b)(double, double*, double*)) {
  LOOP_D {
    double s1, c1, s2, c2;
    a(dv[i], &s1, &c1);
    b(dv[i], &s2, &c2);
    report(same_d(s1, s2) && same_d(c1, c2), n, dv[i]);
  }
}
static const char* tags[] = {"", "0", "1", "0x123", "junk"};
static void f_tag(const char* n, float (*a)(const char*),
                  float (*b)(const char*)) {
  for (int i = 0; i < 5; i++)
    report(ld_fbits(a(tags[i])) == ld_fbits(b(tags[i])), n, i);
}
static void d_tag(const char* n, double (*a)(const char*),
                  double (*b)(const char*)) {
  for (int i = 0; i < 5; i++)
    report(ld_dbits(a(tags[i])) == ld_dbits(b(tags[i])), n, i);
}

#define HIPC_KC_LIBM(nv, fn) extern __typeof__(fn) nv;
#include "kc/libdevice_map.h"

static void libm_pairs(void) {
#define HIPC_KC_LIBM(nv, fn)                                          \
  _Generic(&fn,                                                       \
      f_f*: f1, d_d*: d1, f_ff*: f2, d_dd*: d2,                       \
      float (*)(float, int): f_i, double (*)(double, int): d_i,       \
      int (*)(float): i_f, int (*)(double): i_d,                      \
      long long (*)(float): ll_f, long long (*)(double): ll_d,        \
      float (*)(int, float): i_fn, double (*)(int, double): i_dn,     \
      float (*)(float, int*): f_ip, double (*)(double, int*): d_ip,   \
      float (*)(float, float*): f_fp, double (*)(double, double*): d_dp, \
      float (*)(float, float, int*): f_ffip,                          \
      double (*)(double, double, int*): d_ddip,                       \
      void (*)(float, float*, float*): v_fpp,                         \
      void (*)(double, double*, double*): v_dpp,                      \
      float (*)(const char*): f_tag,                                  \
      double (*)(const char*): d_tag)(#nv, nv, fn);
#include "kc/libdevice_map.h"
}

/* -- The intrinsics: by name, the C meaning and the libdevice type. */
typedef void any_fn(void);
enum kind { F1, D1, F2, D2, F3, D3, POPC, BREV, BREVLL, I2, U2, L2, UL2 };

static int popc_ref(unsigned x) {
  int n = 0;
  for (; x; x >>= 1) n += x & 1;
  return n;
}
static int brev_ref(int x) {
  uint32_t u = (uint32_t)x, r = 0;
  for (int i = 0; i < 32; i++) r |= ((u >> i) & 1u) << (31 - i);
  return (int)r;
}
static long long brevll_ref(long long x) {
  uint64_t u = (uint64_t)x, r = 0;
  for (int i = 0; i < 64; i++) r |= ((u >> i) & 1u) << (63 - i);
  return (long long)r;
}
static int smin_ref(int a, int b) { return a < b ? a : b; }
static int smax_ref(int a, int b) { return a > b ? a : b; }
static unsigned umin_ref(unsigned a, unsigned b) { return a < b ? a : b; }
static unsigned umax_ref(unsigned a, unsigned b) { return a > b ? a : b; }
static long long lmin_ref(long long a, long long b) { return a < b ? a : b; }
static long long lmax_ref(long long a, long long b) { return a > b ? a : b; }
static unsigned long long ulmin_ref(unsigned long long a,
                                    unsigned long long b) {
  return a < b ? a : b;
}
static unsigned long long ulmax_ref(unsigned long long a,
                                    unsigned long long b) {
  return a > b ? a : b;
}

static const struct {
  const char* name;
  enum kind kind;
  any_fn* ref;
} meaning[] = {
#define R(n, k, f) {n, k, (any_fn*)f},
    R("llvm.fabs.f32", F1, fabsf) R("llvm.fabs.f64", D1, fabs)
    R("llvm.sqrt.f32", F1, sqrtf) R("llvm.sqrt.f64", D1, sqrt)
    R("llvm.fma.f32", F3, fmaf) R("llvm.fma.f64", D3, fma)
    R("llvm.floor.f32", F1, floorf) R("llvm.floor.f64", D1, floor)
    R("llvm.ceil.f32", F1, ceilf) R("llvm.ceil.f64", D1, ceil)
    R("llvm.trunc.f32", F1, truncf) R("llvm.trunc.f64", D1, trunc)
    R("llvm.rint.f32", F1, rintf) R("llvm.rint.f64", D1, rint)
    R("llvm.nearbyint.f32", F1, nearbyintf)
    R("llvm.nearbyint.f64", D1, nearbyint)
    R("llvm.round.f32", F1, roundf) R("llvm.round.f64", D1, round)
    R("llvm.copysign.f32", F2, copysignf) R("llvm.copysign.f64", D2, copysign)
    R("llvm.minnum.f32", F2, fminf) R("llvm.minnum.f64", D2, fmin)
    R("llvm.maxnum.f32", F2, fmaxf) R("llvm.maxnum.f64", D2, fmax)
    R("llvm.ctpop.i32", POPC, popc_ref)
    R("llvm.bitreverse.i32", BREV, brev_ref)
    R("llvm.bitreverse.i64", BREVLL, brevll_ref)
    R("llvm.smin.i32", I2, smin_ref) R("llvm.smax.i32", I2, smax_ref)
    R("llvm.umin.i32", U2, umin_ref) R("llvm.umax.i32", U2, umax_ref)
    R("llvm.smin.i64", L2, lmin_ref) R("llvm.smax.i64", L2, lmax_ref)
    R("llvm.umin.i64", UL2, ulmin_ref) R("llvm.umax.i64", UL2, ulmax_ref)
#undef R
};

/* libdevice's types of the functions the intrinsic list names. */
float __nv_fabsf(float), __nv_sqrtf(float), __nv_fsqrt_rn(float),
    __nv_floorf(float), __nv_ceilf(float), __nv_truncf(float),
    __nv_rintf(float), __nv_nearbyintf(float), __nv_roundf(float);
double __nv_fabs(double), __nv_sqrt(double), __nv_dsqrt_rn(double),
    __nv_floor(double), __nv_ceil(double), __nv_trunc(double),
    __nv_rint(double), __nv_nearbyint(double), __nv_round(double);
float __nv_copysignf(float, float), __nv_fminf(float, float),
    __nv_fmaxf(float, float);
double __nv_copysign(double, double), __nv_fmin(double, double),
    __nv_fmax(double, double);
float __nv_fmaf(float, float, float), __nv_fmaf_rn(float, float, float),
    __nv_fmaf_ieee_rn(float, float, float);
double __nv_fma(double, double, double), __nv_fma_rn(double, double, double);
int __nv_popc(unsigned), __nv_brev(int);
long long __nv_brevll(long long);
int __nv_min(int, int), __nv_max(int, int);
unsigned __nv_umin(unsigned, unsigned), __nv_umax(unsigned, unsigned);
long long __nv_llmin(long long, long long), __nv_llmax(long long, long long);
unsigned long long __nv_ullmin(unsigned long long, unsigned long long),
    __nv_ullmax(unsigned long long, unsigned long long);

static void intrinsic(const char* nv, const char* name, any_fn* f) {
  size_t m = 0;
  while (m < sizeof meaning / sizeof meaning[0] &&
         strcmp(meaning[m].name, name) != 0)
    m++;
  check_count++;
  if (m == sizeof meaning / sizeof meaning[0]) {
    fprintf(stderr, "%s: no meaning known for %s\n", nv, name);
    check_failures++;
    return;
  }
  any_fn* g = meaning[m].ref;
  switch (meaning[m].kind) {
    case F1: f1(nv, (f_f*)f, (f_f*)g); break;
    case D1: d1(nv, (d_d*)f, (d_d*)g); break;
    case F2: f2(nv, (f_ff*)f, (f_ff*)g); break;
    case D2: d2(nv, (d_dd*)f, (d_dd*)g); break;
    case F3: {
      float (*a)(float, float, float) = (float (*)(float, float, float))f;
      float (*b)(float, float, float) = (float (*)(float, float, float))g;
      LOOP_FF for (size_t k = 0; k < NF; k += 3)
        report(same_f(a(fv[i], fv[j], fv[k]), b(fv[i], fv[j], fv[k])), nv,
               fv[i]);
      break;
    }
    case D3: {
      double (*a)(double, double, double) =
          (double (*)(double, double, double))f;
      double (*b)(double, double, double) =
          (double (*)(double, double, double))g;
      LOOP_DD for (size_t k = 0; k < ND; k += 3)
        report(same_d(a(dv[i], dv[j], dv[k]), b(dv[i], dv[j], dv[k])), nv,
               dv[i]);
      break;
    }
    default:
      for (int k = 0; k < 2000; k++) {
        uint64_t x = ld_rand64() >> (k % 64), y = ld_rand64() >> (k % 61);
        if (k & 1) y = x ^ (k & 2 ? 0 : 1ull << 63);
        int ok = 0;
        switch (meaning[m].kind) {
          case POPC: ok = ((int (*)(unsigned))f)((unsigned)x) ==
                          ((int (*)(unsigned))g)((unsigned)x); break;
          case BREV: ok = ((int (*)(int))f)((int)(uint32_t)x) ==
                          ((int (*)(int))g)((int)(uint32_t)x); break;
          case BREVLL: ok = ((long long (*)(long long))f)((long long)x) ==
                            ((long long (*)(long long))g)((long long)x); break;
          case I2: {
            int (*a)(int, int) = (int (*)(int, int))f,
                (*b)(int, int) = (int (*)(int, int))g;
            int p = (int)(uint32_t)x, q = (int)(uint32_t)y;
            ok = a(p, q) == b(p, q);
            break;
          }
          case U2: {
            unsigned (*a)(unsigned, unsigned) =
                (unsigned (*)(unsigned, unsigned))f;
            unsigned (*b)(unsigned, unsigned) =
                (unsigned (*)(unsigned, unsigned))g;
            ok = a((unsigned)x, (unsigned)y) == b((unsigned)x, (unsigned)y);
            break;
          }
          case L2: {
            long long (*a)(long long, long long) =
                (long long (*)(long long, long long))f;
            long long (*b)(long long, long long) =
                (long long (*)(long long, long long))g;
            ok = a((long long)x, (long long)y) == b((long long)x, (long long)y);
            break;
          }
          default: {
            unsigned long long (*a)(unsigned long long, unsigned long long) =
                (unsigned long long (*)(unsigned long long,
                                        unsigned long long))f;
            unsigned long long (*b)(unsigned long long, unsigned long long) =
                (unsigned long long (*)(unsigned long long,
                                        unsigned long long))g;
            ok = a(x, y) == b(x, y);
            break;
          }
        }
        report(ok, nv, (double)x);
      }
  }
}

static void intrinsic_pairs(void) {
#define HIPC_KC_INTRINSIC(nv, name) intrinsic(#nv, name, (any_fn*)nv);
#include "kc/libdevice_map.h"
}

int main(void) {
  libm_pairs();
  intrinsic_pairs();
  return check_summary("test_libdevice_map");
}
