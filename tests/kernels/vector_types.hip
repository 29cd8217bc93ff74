// Short vector types: sizes and alignment as HIP's, make_*, every operator
// family (element-wise arithmetic, bitwise, shifts, compound assignment,
// unary, ++/--, ==/!=, scalar broadcast on either side) computed in a
// kernel and compared with the same arithmetic done component by component
// on the host.
#include <cstring>
#include <vector>

#include "common.h"

static_assert(sizeof(float4) == 16 && alignof(float4) == 16, "float4");
static_assert(sizeof(float3) == 12 && alignof(float3) == 4, "float3");
static_assert(sizeof(float2) == 8 && alignof(float2) == 8, "float2");
static_assert(sizeof(float1) == 4 && alignof(float1) == 4, "float1");
static_assert(sizeof(double4) == 32 && alignof(double4) == 32, "double4");
static_assert(sizeof(double3) == 24 && alignof(double3) == 8, "double3");
static_assert(sizeof(char3) == 3 && alignof(char3) == 1, "char3");
static_assert(sizeof(char4) == 4 && alignof(char4) == 4, "char4");
static_assert(sizeof(uchar2) == 2 && alignof(uchar2) == 2, "uchar2");
static_assert(sizeof(short4) == 8 && alignof(short4) == 8, "short4");
static_assert(sizeof(ushort3) == 6, "ushort3");
static_assert(sizeof(int4) == 16 && alignof(int4) == 16, "int4");
static_assert(sizeof(uint2) == 8 && alignof(uint2) == 8, "uint2");
static_assert(sizeof(long2) == 16 && alignof(long2) == 16, "long2");
static_assert(sizeof(ulonglong4) == 32, "ulonglong4");
static_assert(sizeof(longlong3) == 24, "longlong3");
static_assert(std::is_trivially_copyable<float4>::value, "copyable");
static_assert(std::is_standard_layout<int3>::value, "layout");
static_assert(std::is_same<decltype(float4().w), float>::value, "w");
static_assert(std::is_same<int2::value_type, int>::value, "value_type");

const int N = 256;

__global__ void k_int(const int4* a, const int4* b, int4* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  int4 x = a[i], y = b[i];
  int4* o = out + 12 * i;
  o[0] = x + y;
  o[1] = x - y;
  o[2] = x * y;
  o[3] = x / y;
  o[4] = x % y;
  o[5] = (x & y) | (x ^ 3);
  o[6] = (x << 2) >> 1;
  o[7] = -x + ~y;
  o[8] = 7 - x * 2;
  int4 c = x;
  c += y;
  c *= 3;
  c -= 1;
  c ^= y;
  c <<= 1;
  c |= 1;
  c &= ~4;
  c %= 1000;
  o[9] = c;
  int4 d = x;
  int4 e = d++;
  ++d;
  o[10] = d + e--;
  o[11] = make_int4(x == y, x != y, x == x, x == 5);
}

__global__ void k_float(const float4* a, const float4* b, float4* out,
                        float3* out3, double2* outd) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float4 x = a[i], y = b[i];
  out[3 * i] = x * y + 1.5f;
  out[3 * i + 1] = 2.0f / (x - y);
  float4 c = -x;
  c /= 4.0f;
  c += y;
  out[3 * i + 2] = c;
  float3 p = make_float3(x.x, x.y, x.z);
  out3[i] = p * p - make_float3(y.w, y.w, y.w);
  double2 d = make_double2(x.x, y.y);
  outd[i] = d * 0.5 + make_double2(1.0, -1.0);
}

static void test_int() {
  std::vector<int4> a(N), b(N), got(12 * N);
  for (int i = 0; i < N; i++) {
    a[i] = make_int4(i - 100, 3 * i + 1, -i * 7, i * i);
    b[i] = make_int4(i % 13 + 1, -(i % 5) - 1, i + 2, 9);
  }
  int4 *da, *db, *dout;
  HIP_CHECK(hipMalloc(&da, N * sizeof(int4)));
  HIP_CHECK(hipMalloc(&db, N * sizeof(int4)));
  HIP_CHECK(hipMalloc(&dout, 12 * N * sizeof(int4)));
  HIP_CHECK(hipMemcpy(da, a.data(), N * sizeof(int4), hipMemcpyHostToDevice));
  HIP_CHECK(hipMemcpy(db, b.data(), N * sizeof(int4), hipMemcpyHostToDevice));
  k_int<<<N / 64, 64>>>(da, db, dout, N);
  HIP_CHECK(hipMemcpy(got.data(), dout, 12 * N * sizeof(int4),
                      hipMemcpyDeviceToHost));
  int bad = 0;
  for (int i = 0; i < N; i++) {
    const int* x = &a[i].x;
    const int* y = &b[i].x;
    int want[12][4];
    bool all_eq = true;
    for (int k = 0; k < 4; k++) all_eq = all_eq && x[k] == y[k];
    bool all5 = true;
    for (int k = 0; k < 4; k++) all5 = all5 && x[k] == 5;
    for (int k = 0; k < 4; k++) {
      want[0][k] = x[k] + y[k];
      want[1][k] = x[k] - y[k];
      want[2][k] = x[k] * y[k];
      want[3][k] = x[k] / y[k];
      want[4][k] = x[k] % y[k];
      want[5][k] = (x[k] & y[k]) | (x[k] ^ 3);
      want[6][k] = static_cast<int>(static_cast<unsigned>(x[k]) << 2) >> 1;
      want[7][k] = -x[k] + ~y[k];
      want[8][k] = 7 - x[k] * 2;
      int c = x[k];
      c += y[k];
      c *= 3;
      c -= 1;
      c ^= y[k];
      c = static_cast<int>(static_cast<unsigned>(c) << 1);
      c |= 1;
      c &= ~4;
      c %= 1000;
      want[9][k] = c;
      want[10][k] = (x[k] + 2) + x[k];
    }
    want[11][0] = all_eq;
    want[11][1] = !all_eq;
    want[11][2] = 1;
    want[11][3] = all5;
    for (int j = 0; j < 12; j++)
      if (std::memcmp(&got[12 * i + j], want[j], sizeof(int4)) != 0) {
        if (bad++ < 5)
          std::fprintf(stderr, "int4 op %d, element %d: got %d %d %d %d\n", j,
                       i, got[12 * i + j].x, got[12 * i + j].y,
                       got[12 * i + j].z, got[12 * i + j].w);
      }
  }
  CHECK_EQ(bad, 0);
  HIP_CHECK(hipFree(da));
  HIP_CHECK(hipFree(db));
  HIP_CHECK(hipFree(dout));
}

static void test_float() {
  std::vector<float4> a(N), b(N), got(3 * N);
  std::vector<float3> got3(N);
  std::vector<double2> gotd(N);
  for (int i = 0; i < N; i++) {
    a[i] = make_float4(i * 0.25f, -1.5f * i, 3.0f, i + 0.5f);
    b[i] = make_float4(0.5f, i * 0.125f + 1, -2.0f, 7.0f);
  }
  float4 *da, *db, *dout;
  float3* d3;
  double2* dd;
  HIP_CHECK(hipMalloc(&da, N * sizeof(float4)));
  HIP_CHECK(hipMalloc(&db, N * sizeof(float4)));
  HIP_CHECK(hipMalloc(&dout, 3 * N * sizeof(float4)));
  HIP_CHECK(hipMalloc(&d3, N * sizeof(float3)));
  HIP_CHECK(hipMalloc(&dd, N * sizeof(double2)));
  HIP_CHECK(hipMemcpy(da, a.data(), N * sizeof(float4), hipMemcpyHostToDevice));
  HIP_CHECK(hipMemcpy(db, b.data(), N * sizeof(float4), hipMemcpyHostToDevice));
  k_float<<<N / 32, 32>>>(da, db, dout, d3, dd);
  HIP_CHECK(hipMemcpy(got.data(), dout, 3 * N * sizeof(float4),
                      hipMemcpyDeviceToHost));
  HIP_CHECK(
      hipMemcpy(got3.data(), d3, N * sizeof(float3), hipMemcpyDeviceToHost));
  HIP_CHECK(
      hipMemcpy(gotd.data(), dd, N * sizeof(double2), hipMemcpyDeviceToHost));
  int bad = 0;
  for (int i = 0; i < N; i++) {
    const float* x = &a[i].x;
    const float* y = &b[i].x;
    const float* g0 = &got[3 * i].x;
    const float* g1 = &got[3 * i + 1].x;
    const float* g2 = &got[3 * i + 2].x;
    for (int k = 0; k < 4; k++) {
      volatile float prod = x[k] * y[k];  // no contraction into an fma
      if (g0[k] != prod + 1.5f) bad++;
      if (g1[k] != 2.0f / (x[k] - y[k])) bad++;
      if (g2[k] != -x[k] / 4.0f + y[k]) bad++;
    }
    const float* g3 = &got3[i].x;
    for (int k = 0; k < 3; k++) {
      volatile float sq = x[k] * x[k];
      if (g3[k] != sq - y[3]) bad++;
    }
    if (gotd[i].x != double(x[0]) * 0.5 + 1.0) bad++;
    if (gotd[i].y != double(y[1]) * 0.5 - 1.0) bad++;
  }
  CHECK_EQ(bad, 0);
  HIP_CHECK(hipFree(da));
  HIP_CHECK(hipFree(db));
  HIP_CHECK(hipFree(dout));
  HIP_CHECK(hipFree(d3));
  HIP_CHECK(hipFree(dd));
}

// Host code: constructors, make_*, members of every type.
static void test_host() {
  float4 f(2.0f);
  CHECK(f == make_float4(2, 2, 2, 2));
  float4 g{1, 2, 3, 4};
  CHECK_EQ(g.z, 3.0f);
  CHECK(g != f);
  CHECK(2.0f == f);
  uchar4 u = make_uchar4(250, 1, 2, 3);
  u += static_cast<unsigned char>(10);
  CHECK_EQ(u.x, 4);  // wraps as unsigned char arithmetic does
  CHECK_EQ(u.w, 13);
  char2 c = make_char2(-3, 4);
  c = -c;
  CHECK_EQ(c.x, 3);
  CHECK_EQ(c.y, -4);
  short3 s = make_short3(1, 2, 3);
  s = s * static_cast<short>(3) + s;
  CHECK_EQ(s.z, 12);
  ushort1 us = make_ushort1(7);
  us >>= 1;
  CHECK_EQ(us.x, 3);
  uint2 ui = make_uint2(1u, 0xffffffffu);
  ui = ~ui;
  CHECK_EQ(ui.x, 0xfffffffeu);
  CHECK_EQ(ui.y, 0u);
  long3 l = make_long3(1L << 40, -5L, 6L);
  l %= 4L;
  CHECK_EQ(l.x, 0L);
  CHECK_EQ(l.y, -1L);
  ulong4 ul = make_ulong4(1, 2, 3, 4) * 2UL;
  CHECK_EQ(ul.w, 8UL);
  longlong2 ll = make_longlong2(-9, 9) / 2LL;
  CHECK_EQ(ll.x, -4LL);
  ulonglong3 ull = make_ulonglong3(1ULL << 63, 1, 2) >> 63ULL;
  CHECK_EQ(ull.x, 1ULL);
  CHECK_EQ(ull.y, 0ULL);
  double3 d = make_double3(1.5, 2.5, 3.5);
  d -= 0.5;
  CHECK_EQ(d.y, 2.0);
  double1 d1 = make_double1(4.0);
  d1 = 1.0 / d1;
  CHECK_EQ(d1.x, 0.25);
  int1 i1 = make_int1(5);
  i1++;
  --i1;
  --i1;
  CHECK_EQ(i1.x, 4);
  int4 zero{};
  CHECK(zero == 0);
  uint3 u3 = make_uint3(1, 2, 3);
  CHECK_EQ(&u3.z - &u3.x, 2);
}

// Every element type and width: the element-wise operators computed in a
// kernel against the same operation done per component (in the element
// type) on the host.
template <typename V>
__global__ void k_all(const V* a, const V* b, V* out) {
  int i = threadIdx.x;
  V x = a[i], y = b[i];
  out[8 * i] = x + y;
  out[8 * i + 1] = x - y;
  out[8 * i + 2] = x * y;
  out[8 * i + 3] = x / y;
  V c = x;
  c += 3;
  c *= y;
  out[8 * i + 4] = c;
  out[8 * i + 5] = 2 - x;
  out[8 * i + 6] = 0 - y;  // unary - exists for signed types only
  out[8 * i + 7] = x == x && !(x != x) ? y : x;
}

template <typename T, unsigned N>
static void test_type(const char* name) {
  using V = HIP_vector_type<T, N>;
  const int n = 32;
  V a[n], b[n], got[8 * n];
  for (int i = 0; i < n; i++)
    for (unsigned k = 0; k < N; k++) {
      a[i].elems()[k] = static_cast<T>(i * 3 + k + 1);
      b[i].elems()[k] = static_cast<T>(
          std::is_signed<T>::value ? (i % 5) - 8.0 + k : (i % 5) + 1.0 + k);
    }
  V *da, *db, *dout;
  HIP_CHECK(hipMalloc(&da, sizeof a));
  HIP_CHECK(hipMalloc(&db, sizeof b));
  HIP_CHECK(hipMalloc(&dout, sizeof got));
  HIP_CHECK(hipMemcpy(da, a, sizeof a, hipMemcpyHostToDevice));
  HIP_CHECK(hipMemcpy(db, b, sizeof b, hipMemcpyHostToDevice));
  k_all<V><<<1, n>>>(da, db, dout);
  HIP_CHECK(hipMemcpy(got, dout, sizeof got, hipMemcpyDeviceToHost));
  int bad = 0;
  for (int i = 0; i < n; i++)
    for (unsigned k = 0; k < N; k++) {
      T x = a[i].elems()[k], y = b[i].elems()[k];
      T c = static_cast<T>(static_cast<T>(x + 3) * y);
      T want[8] = {static_cast<T>(x + y),
                   static_cast<T>(x - y),
                   static_cast<T>(x * y),
                   static_cast<T>(x / y),
                   c,
                   static_cast<T>(2 - x),
                   static_cast<T>(0 - y),
                   y};
      for (int j = 0; j < 8; j++)
        if (got[8 * i + j].elems()[k] != want[j]) bad++;
    }
  if (bad) std::fprintf(stderr, "%s%u: %d wrong components\n", name, N, bad);
  CHECK_EQ(bad, 0);
  HIP_CHECK(hipFree(da));
  HIP_CHECK(hipFree(db));
  HIP_CHECK(hipFree(dout));
}

template <typename T>
static void test_widths(const char* name) {
  test_type<T, 1>(name);
  test_type<T, 2>(name);
  test_type<T, 3>(name);
  test_type<T, 4>(name);
}

int main() {
  test_widths<char>("char");
  test_widths<unsigned char>("uchar");
  test_widths<short>("short");
  test_widths<unsigned short>("ushort");
  test_widths<int>("int");
  test_widths<unsigned int>("uint");
  test_widths<long>("long");
  test_widths<unsigned long>("ulong");
  test_widths<long long>("longlong");
  test_widths<unsigned long long>("ulonglong");
  test_widths<float>("float");
  test_widths<double>("double");
  test_int();
  test_float();
  test_host();
  return test_summary("vector_types");
}
