// Kernel arguments of mixed types: char, short, unsigned, long long, float,
// double, bool, enums, structs by value (small, padded, large), pointers and
// const pointers. Every thread stores what it received.
#include <cstring>
#include <vector>

#include "common.h"

enum class color : short { red = 3, green = -9 };

struct small {
  char c;
  double d;
  int arr[3];
};

struct big {
  int v[96];  // 384 bytes
  char tag;
};

struct seen {
  char c;
  short s;
  unsigned u;
  long long ll;
  float f;
  double d;
  bool b;
  color col;
  small sm;
  int big_sum;
  char big_tag;
  int via_ptr;
  unsigned char uc;
};

__global__ void k_mixed(seen* out, char c, short s, unsigned u, long long ll,
                        float f, double d, bool b, color col, small sm,
                        big bg, const int* p, unsigned char uc) {
  seen& r = out[blockIdx.x * blockDim.x + threadIdx.x];
  r.c = c;
  r.s = s;
  r.u = u;
  r.ll = ll;
  r.f = f;
  r.d = d;
  r.b = b;
  r.col = col;
  r.sm = sm;
  int sum = 0;
  for (int i = 0; i < 96; i++) sum += bg.v[i];
  r.big_sum = sum;
  r.big_tag = bg.tag;
  r.via_ptr = p[threadIdx.x];
  r.uc = uc;
}

static void test_mixed_arguments() {
  const int blocks = 3, threads = 20, n = blocks * threads;
  seen* d = nullptr;
  int* dp = nullptr;
  HIP_CHECK(hipMalloc(&d, n * sizeof(seen)));
  HIP_CHECK(hipMemset(d, 0, n * sizeof(seen)));
  HIP_CHECK(hipMalloc(&dp, threads * sizeof(int)));
  std::vector<int> hp(threads);
  for (int i = 0; i < threads; i++) hp[i] = 1000 - 37 * i;
  HIP_CHECK(hipMemcpy(dp, hp.data(), threads * sizeof(int), hipMemcpyHostToDevice));

  small sm{'Q', -2.75e-300, {7, -8, 9}};
  big bg;
  int big_sum = 0;
  for (int i = 0; i < 96; i++) {
    bg.v[i] = i * i - 50;
    big_sum += bg.v[i];
  }
  bg.tag = 'Z';
  const char c = -5;
  const short s = -31000;
  const unsigned u = 0xDEADBEEFu;
  const long long ll = -(1LL << 50) + 12345;
  const float f = 3.5e30f;
  const double dd = -1.0 / 3.0;
  const unsigned char uc = 250;
  k_mixed<<<blocks, threads>>>(d, c, s, u, ll, f, dd, true, color::green, sm,
                               bg, dp, uc);
  CHECK_ERR(hipGetLastError(), hipSuccess);
  HIP_CHECK(hipDeviceSynchronize());
  std::vector<seen> h(n);
  HIP_CHECK(hipMemcpy(h.data(), d, n * sizeof(seen), hipMemcpyDeviceToHost));
  int bad = 0;
  for (int i = 0; i < n && bad < 3; i++) {
    const seen& r = h[i];
    bool ok = CHECK_EQ(r.c, c) & CHECK_EQ(r.s, s) & CHECK_EQ(r.u, u) &
              CHECK_EQ(r.ll, ll) & CHECK_EQ(r.f, f) & CHECK_EQ(r.d, dd) &
              CHECK_EQ(r.b, true) & CHECK_EQ(r.col, color::green) &
              CHECK_EQ(r.sm.c, sm.c) & CHECK_EQ(r.sm.d, sm.d) &
              CHECK_EQ(r.sm.arr[0], 7) & CHECK_EQ(r.sm.arr[1], -8) &
              CHECK_EQ(r.sm.arr[2], 9) & CHECK_EQ(r.big_sum, big_sum) &
              CHECK_EQ(r.big_tag, 'Z') &
              CHECK_EQ(r.via_ptr, hp[i % threads]) & CHECK_EQ(r.uc, uc);
    if (!ok) {
      std::fprintf(stderr, "  (record %d)\n", i);
      bad++;
    }
  }
  HIP_CHECK(hipFree(d));
  HIP_CHECK(hipFree(dp));
}

// The arguments are copied at launch: changing the host variables right
// after the launch does not change what the kernel sees.
__global__ void k_copy_value(int* out, small sm) {
  out[threadIdx.x] = sm.arr[threadIdx.x % 3] + static_cast<int>(sm.d);
}

static void test_arguments_copied_at_launch() {
  int* d = nullptr;
  HIP_CHECK(hipMalloc(&d, 64 * sizeof(int)));
  small sm{'a', 100.0, {1, 2, 3}};
  for (int r = 0; r < 20; r++) {
    sm.arr[0] = r;
    sm.d = 100.0 * r;
    k_copy_value<<<1, 64>>>(d, sm);
    sm.arr[0] = -999;  // too late for the launch above
    sm.d = -1e9;
  }
  HIP_CHECK(hipDeviceSynchronize());
  std::vector<int> h(64), want(64);
  for (int i = 0; i < 64; i++) want[i] = (i % 3 == 0 ? 19 : i % 3 + 1) + 1900;
  HIP_CHECK(hipMemcpy(h.data(), d, 64 * sizeof(int), hipMemcpyDeviceToHost));
  CHECK_ARRAY(h.data(), want.data(), 64);
  HIP_CHECK(hipFree(d));
}

// Unnamed parameters and default arguments.
__global__ void k_unnamed(int* out, int, int b = 5) { out[threadIdx.x] = b; }

static void test_unnamed_and_default_parameters() {
  int* d = nullptr;
  HIP_CHECK(hipMalloc(&d, 4 * sizeof(int)));
  k_unnamed<<<1, 4>>>(d, 1);
  HIP_CHECK(hipDeviceSynchronize());
  int h[4] = {0, 0, 0, 0};
  HIP_CHECK(hipMemcpy(h, d, sizeof h, hipMemcpyDeviceToHost));
  int want[4] = {5, 5, 5, 5};
  CHECK_ARRAY(h, want, 4);
  k_unnamed<<<1, 4>>>(d, 1, -2);
  HIP_CHECK(hipDeviceSynchronize());
  HIP_CHECK(hipMemcpy(h, d, sizeof h, hipMemcpyDeviceToHost));
  int want2[4] = {-2, -2, -2, -2};
  CHECK_ARRAY(h, want2, 4);
  HIP_CHECK(hipFree(d));
}

int main() {
  test_mixed_arguments();
  test_arguments_copied_at_launch();
  test_unnamed_and_default_parameters();
  return test_summary("launch_args");
}
