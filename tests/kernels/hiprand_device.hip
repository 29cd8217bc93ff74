// hipRAND device API in kernels: hiprand_init with subsequences and
// offsets, hiprand and hiprand4 for XORWOW, Philox4x32-10, MRG32k3a and
// Sobol32 against the reference generators of hiprand_ref.h (subsequence
// jumps computed there by matrix powers, independently of the library's
// skip-ahead tables), and the conversions.
#include <cstdint>
#include <cstring>
#include <vector>

#include "common.h"
#include "hiprand_ref.h"
#include <hiprand/hiprand_kernel.h>

constexpr int T = 6;  // subsequences (threads)
constexpr int K = 9;  // values per thread

__global__ void xorwow_values(unsigned* out, unsigned long long seed,
                              unsigned long long offset) {
  int i = threadIdx.x;
  hiprandState_t s;
  hiprand_init(seed, i, offset, &s);
  for (int k = 0; k < K; k++)
    out[i * K + k] = hiprand(&s);
}

__global__ void philox_values(unsigned* out, unsigned long long seed,
                              unsigned long long offset) {
  int i = threadIdx.x;
  hiprandStatePhilox4_32_10_t s;
  hiprand_init(seed, i, offset + 3 * i, &s);
  out[i * 12] = hiprand(&s);
  uint4 a = hiprand4(&s), b = hiprand4(&s);
  unsigned v[8] = {a.x, a.y, a.z, a.w, b.x, b.y, b.z, b.w};
  for (int k = 0; k < 8; k++)
    out[i * 12 + 1 + k] = v[k];
  float4 u = hiprand_uniform4(&s);  // values 9..12
  out[i * 12 + 9] = static_cast<unsigned>(u.x * 4294967296.0);
  out[i * 12 + 10] = static_cast<unsigned>(u.w * 4294967296.0);
  double2 d = hiprand_uniform2_double(&s);  // values 13..16
  out[i * 12 + 11] = static_cast<unsigned>(d.y * 4294967296.0);
}

__global__ void mrg_values(unsigned* out, unsigned long long seed,
                           unsigned long long offset) {
  int i = threadIdx.x;
  hiprandStateMRG32k3a_t s;
  hiprand_init(seed, i, offset, &s);
  for (int k = 0; k < K; k++)
    out[i * K + k] = hiprand(&s);
}

__global__ void sobol_values(unsigned* out, const unsigned* vectors,
                             unsigned offset) {
  int i = threadIdx.x;
  hiprandStateSobol32_t s;
  hiprand_init(vectors + 32 * i, offset, &s);
  for (int k = 0; k < K; k++)
    out[i * K + k] = hiprand(&s);
  skipahead(1000u, &s);
  out[T * K + i] = hiprand(&s);
}

// Scrambled Sobol32: the plain sequence of the same vectors xor c.
__global__ void scrambled_values(unsigned* out, const unsigned* vectors,
                                 unsigned c, unsigned offset) {
  hiprandStateScrambledSobol32_t s;
  hiprandStateSobol32_t p;
  hiprand_init(vectors, c, offset, &s);
  hiprand_init(vectors, offset, &p);
  unsigned bad = 0;
  for (int k = 0; k < 100; k++)
    bad += hiprand(&s) != (hiprand(&p) ^ c);
  skipahead(77u, &s);
  skipahead(77u, &p);
  bad += hiprand(&s) != (hiprand(&p) ^ c);
  out[0] = bad;
}

// Uniform floats and doubles, and a pair of normals, for XORWOW.
__global__ void xorwow_conversions(float* f, double* d, float* n,
                                   unsigned long long seed) {
  hiprandStateXORWOW_t s;
  hiprand_init(seed, 0, 0, &s);
  f[0] = hiprand_uniform(&s);
  d[0] = hiprand_uniform_double(&s);
  float2 p = hiprand_normal2(&s);
  n[0] = p.x;
  n[1] = p.y;
  n[2] = hiprand_normal(&s);  // the first of a new pair
  n[3] = hiprand_normal(&s);  // its second
}

static unsigned fails;

static void compare(const char* what, const unsigned* got,
                    const unsigned* want, int n) {
  for (int k = 0; k < n; k++)
    if (got[k] != want[k]) {
      std::fprintf(stderr, "%s: value %d is %#x, expected %#x\n", what, k,
                   got[k], want[k]);
      fails++;
      return;
    }
}

static void test_xorwow() {
  const unsigned long long seed = 0xabcdef0123ull, offset = 5;
  unsigned *d, got[T * K], want[T * K];
  HIP_CHECK(hipMalloc(&d, sizeof got));
  hipLaunchKernelGGL(xorwow_values, dim3(1), dim3(T), 0, 0, d, seed, offset);
  HIP_CHECK(hipMemcpy(got, d, sizeof got, hipMemcpyDeviceToHost));
  static ref_gf2 jump;  // T^(2^67)
  ref_gf2_xorshift_pow2(&jump, 67);
  ref_xorwow r;
  ref_xorwow_seed(&r, seed);
  for (int i = 0; i < T; i++) {
    ref_xorwow q = r;
    for (unsigned k = 0; k < offset; k++)
      ref_xorwow_next(&q);
    for (int k = 0; k < K; k++)
      want[i * K + k] = ref_xorwow_next(&q);
    ref_gf2_apply(&jump, r.x, r.x);  // the Weyl counter moves by 0 mod 2^32
  }
  compare("xorwow", got, want, T * K);

  // A large offset, 2^40 + 3, through T^(2^40).
  hipLaunchKernelGGL(xorwow_values, dim3(1), dim3(1), 0, 0, d, seed,
                     (1ull << 40) + 3);
  HIP_CHECK(hipMemcpy(got, d, K * 4, hipMemcpyDeviceToHost));
  static ref_gf2 j40;
  ref_gf2_xorshift_pow2(&j40, 40);
  ref_xorwow_seed(&r, seed);
  ref_gf2_apply(&j40, r.x, r.x);
  r.d += (uint32_t)(362437ull * (1ull << 40));
  for (int k = 0; k < 3; k++)
    ref_xorwow_next(&r);
  for (int k = 0; k < K; k++)
    want[k] = ref_xorwow_next(&r);
  compare("xorwow offset 2^40+3", got, want, K);
  HIP_CHECK(hipFree(d));
}

static void test_philox() {
  const unsigned long long seed = 0x0123456789ull, offset = 0x3fffffffdull;
  unsigned *d, got[T * 12], want[T * 12];
  HIP_CHECK(hipMalloc(&d, sizeof got));
  hipLaunchKernelGGL(philox_values, dim3(1), dim3(T), 0, 0, d, seed, offset);
  HIP_CHECK(hipMemcpy(got, d, sizeof got, hipMemcpyDeviceToHost));
  for (int i = 0; i < T; i++) {
    uint64_t p = offset + 3 * i;
    for (int k = 0; k < 9; k++)
      want[i * 12 + k] = ref_philox_value(seed, i, p + k);
    want[i * 12 + 9] = static_cast<unsigned>(
        ref_uniform(ref_philox_value(seed, i, p + 9)) * 4294967296.0);
    want[i * 12 + 10] = static_cast<unsigned>(
        ref_uniform(ref_philox_value(seed, i, p + 12)) * 4294967296.0);
    double u = ref_uniform_double(ref_philox_value(seed, i, p + 15),
                                  ref_philox_value(seed, i, p + 16));
    want[i * 12 + 11] = static_cast<unsigned>(u * 4294967296.0);
  }
  compare("philox", got, want, T * 12);
  HIP_CHECK(hipFree(d));
}

// r = a * b mod m (3x3).
static void mat_mul(uint64_t r[9], const uint64_t a[9], const uint64_t b[9],
                    uint64_t m) {
  uint64_t t[9];
  for (int i = 0; i < 3; i++)
    for (int j = 0; j < 3; j++) {
      unsigned __int128 s = 0;
      for (int k = 0; k < 3; k++)
        s += (unsigned __int128)a[3 * i + k] * b[3 * k + j];
      t[3 * i + j] = (uint64_t)(s % m);
    }
  std::memcpy(r, t, sizeof t);
}

static void mat_vec(const uint64_t a[9], double v[3], uint64_t m) {
  uint64_t r[3];
  for (int i = 0; i < 3; i++) {
    unsigned __int128 s = 0;
    for (int k = 0; k < 3; k++)
      s += (unsigned __int128)a[3 * i + k] * (uint64_t)v[k];
    r[i] = (uint64_t)(s % m);
  }
  for (int i = 0; i < 3; i++)
    v[i] = (double)r[i];
}

static void test_mrg() {
  const uint64_t m1 = 4294967087u, m2 = 4294944443u;
  uint64_t a1[9] = {0, 1, 0, 0, 0, 1, m1 - 810728u, 1403580u, 0};
  uint64_t a2[9] = {0, 1, 0, 0, 0, 1, m2 - 1370589u, 0, 527612u};
  for (int i = 0; i < 76; i++) {
    mat_mul(a1, a1, a1, m1);
    mat_mul(a2, a2, a2, m2);
  }
  for (int sd = 0; sd < 2; sd++) {
    const unsigned long long seed = sd ? 987654321987ull : 0, offset = 11;
    unsigned *d, got[T * K], want[T * K];
    HIP_CHECK(hipMalloc(&d, sizeof got));
    hipLaunchKernelGGL(mrg_values, dim3(1), dim3(T), 0, 0, d, seed, offset);
    HIP_CHECK(hipMemcpy(got, d, sizeof got, hipMemcpyDeviceToHost));
    ref_mrg r;
    ref_mrg_seed(&r, seed);
    for (int i = 0; i < T; i++) {
      ref_mrg q = r;
      for (unsigned k = 0; k < offset; k++)
        ref_mrg_next(&q);
      for (int k = 0; k < K; k++)
        want[i * K + k] = static_cast<unsigned>(
            ref_mrg_next(&q) * (1.0 / 4294967088.0) * 4294967296.0);
      mat_vec(a1, r.s1, m1);
      mat_vec(a2, r.s2, m2);
    }
    compare("mrg32k3a", got, want, T * K);
    HIP_CHECK(hipFree(d));
  }
}

static void test_sobol() {
  const unsigned offset = 37;
  std::vector<unsigned> v(32 * T);
  for (int i = 0; i < T; i++) {
    uint32_t rv[33];
    ref_sobol_v(i + 1, rv);
    std::memcpy(&v[32 * i], rv + 1, 32 * 4);
  }
  unsigned *dv, *d, got[T * K + T], want[T * K + T];
  HIP_CHECK(hipMalloc(&dv, 32 * T * 4));
  HIP_CHECK(hipMalloc(&d, sizeof got));
  HIP_CHECK(hipMemcpy(dv, v.data(), 32 * T * 4, hipMemcpyHostToDevice));
  hipLaunchKernelGGL(sobol_values, dim3(1), dim3(T), 0, 0, d, dv, offset);
  HIP_CHECK(hipMemcpy(got, d, sizeof got, hipMemcpyDeviceToHost));
  std::vector<uint32_t> pts(offset + K + 1001);
  for (int i = 0; i < T; i++) {
    ref_sobol_points(i + 1, pts.data(), pts.size());
    for (int k = 0; k < K; k++)
      want[i * K + k] = pts[offset + k];
    want[T * K + i] = pts[offset + K + 1000];
  }
  compare("sobol32", got, want, T * K + T);
  hipLaunchKernelGGL(scrambled_values, dim3(1), dim3(1), 0, 0, d, dv,
                     0x9e3779b9u, offset);
  HIP_CHECK(hipMemcpy(got, d, 4, hipMemcpyDeviceToHost));
  CHECK_EQ(got[0], 0u);
  HIP_CHECK(hipFree(dv));
  HIP_CHECK(hipFree(d));
}

static void test_conversions() {
  const unsigned long long seed = 99;
  float *df, f, n[4];
  double *dd, dbl;
  float* dn;
  HIP_CHECK(hipMalloc(&df, 4));
  HIP_CHECK(hipMalloc(&dd, 8));
  HIP_CHECK(hipMalloc(&dn, 16));
  hipLaunchKernelGGL(xorwow_conversions, dim3(1), dim3(1), 0, 0, df, dd, dn,
                     seed);
  HIP_CHECK(hipMemcpy(&f, df, 4, hipMemcpyDeviceToHost));
  HIP_CHECK(hipMemcpy(&dbl, dd, 8, hipMemcpyDeviceToHost));
  HIP_CHECK(hipMemcpy(n, dn, 16, hipMemcpyDeviceToHost));
  ref_xorwow r;
  ref_xorwow_seed(&r, seed);
  uint32_t u[7];
  for (int k = 0; k < 7; k++)
    u[k] = ref_xorwow_next(&r);
  CHECK_EQ(f, ref_uniform(u[0]));
  CHECK_EQ(dbl, ref_uniform_double(u[1], u[2]));
  for (int p = 0; p < 2; p++) {
    double a = ref_uniform(u[3 + 2 * p]), b = ref_uniform(u[4 + 2 * p]);
    double rr = std::sqrt(-2 * std::log(a)), t = 6.283185307179586 * b;
    CHECK(std::fabs(n[2 * p] - rr * std::sin(t)) < 1e-5);
    CHECK(std::fabs(n[2 * p + 1] - rr * std::cos(t)) < 1e-5);
  }
  HIP_CHECK(hipFree(df));
  HIP_CHECK(hipFree(dd));
  HIP_CHECK(hipFree(dn));
}

int main() {
  test_xorwow();
  test_philox();
  test_mrg();
  test_sobol();
  test_conversions();
  CHECK_EQ(fails, 0u);
  return test_summary("hiprand_device");
}
