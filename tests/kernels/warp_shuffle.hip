// Warp shuffles at the device's warp size (the suite runs this at 64 and
// 32): __shfl (constant and per-lane source, sources >= width wrap modulo
// width), __shfl_up, __shfl_down and __shfl_xor for every width from 1 to
// warpSize and for int, unsigned, float, double and long long. The host
// computes each expected value from HIP's documented semantics:
//   __shfl:      lane (src mod width) of the caller's width-wide segment
//   __shfl_up:   lane - delta, or the caller's own value when
//                lane-in-segment < delta
//   __shfl_down: lane + delta, or its own value when
//                lane-in-segment + delta >= width
//   __shfl_xor:  lane ^ mask, or its own value when that lane lies past the
//                end of the caller's segment (earlier segments are readable,
//                as CUDA documents for width < warpSize)
#include <vector>

#include "common.h"

enum op { SHFL = 0, SHFL_LANE = 1, UP = 2, DOWN = 3, XOR = 4, DOWN_DEFAULT = 5 };

template <typename T>
__global__ void k_shuffle(const T* in, T* out, int which, int width,
                          const int* params, int np, int* ws_seen) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  int n = gridDim.x * blockDim.x;
  int lane = threadIdx.x % warpSize;
  if (t == 0) *ws_seen = warpSize;
  T v = in[t];
  for (int i = 0; i < np; i++) {
    int p = params[i];
    T r;
    switch (which) {
      case SHFL: r = __shfl(v, p, width); break;
      case SHFL_LANE: r = __shfl(v, lane * 7 + p, width); break;
      case UP: r = __shfl_up(v, static_cast<unsigned>(p), width); break;
      case DOWN: r = __shfl_down(v, static_cast<unsigned>(p), width); break;
      case XOR: r = __shfl_xor(v, p, width); break;
      default: r = __shfl_down(v, static_cast<unsigned>(p)); break;
    }
    out[i * n + t] = r;
  }
}

// The expected result for thread t (threads numbered within a block of
// `block` threads; warps of `ws` lanes).
template <typename T>
static T expect(const std::vector<T>& in, int t, int block, int ws, int which,
                int width, int p) {
  int base_t = t - t % block;         // first thread of the block
  int tb = t % block;                 // thread in block
  int warp_first = base_t + tb - tb % ws;
  int lane = tb % ws;
  int seg = lane - lane % width;      // first lane of the segment
  int in_seg = lane % width;
  int src;
  switch (which) {
    case SHFL: src = seg + ((p % width) + width) % width; break;
    case SHFL_LANE: src = seg + ((lane * 7 + p) % width + width) % width; break;
    case UP: src = in_seg < p ? lane : lane - p; break;
    case DOWN:
    case DOWN_DEFAULT: src = in_seg + p >= width ? lane : lane + p; break;
    default: {
      int x = lane ^ p;
      src = x >= seg + width ? lane : x;
    }
  }
  return in[warp_first + src];
}

template <typename T>
static void run_type(const char* tname, const std::vector<T>& values, int ws) {
  const int blocks = 2, block = 128, n = blocks * block;
  T *din = nullptr, *dout = nullptr;
  int *dparams = nullptr, *dws = nullptr;
  HIP_CHECK(hipMalloc(&din, n * sizeof(T)));
  HIP_CHECK(hipMalloc(&dout, 16 * n * sizeof(T)));
  HIP_CHECK(hipMalloc(&dparams, 16 * sizeof(int)));
  HIP_CHECK(hipMalloc(&dws, sizeof(int)));
  HIP_CHECK(hipMemcpy(din, values.data(), n * sizeof(T), hipMemcpyHostToDevice));
  std::vector<T> got(16 * n);
  for (int which = SHFL; which <= DOWN_DEFAULT; which++) {
    for (int width = 1; width <= ws; width *= 2) {
      if (which == DOWN_DEFAULT && width != ws) continue;
      std::vector<int> params;
      if (which == SHFL)
        params = {0, 1, 3, width - 1, width, width + 2, 63, 100, -1};
      else if (which == SHFL_LANE)
        params = {0, 5};
      else if (which == XOR)
        params = {0, 1, 2, 3, 5, width / 2, width - 1, 16, 31, ws - 1};
      else
        params = {0, 1, 2, 3, 7, width - 1, width, 31};
      int np = static_cast<int>(params.size());
      HIP_CHECK(hipMemcpy(dparams, params.data(), np * sizeof(int),
                          hipMemcpyHostToDevice));
      k_shuffle<T><<<blocks, block>>>(din, dout, which, width, dparams, np, dws);
      HIP_CHECK(hipDeviceSynchronize());
      HIP_CHECK(hipMemcpy(got.data(), dout, np * n * sizeof(T),
                          hipMemcpyDeviceToHost));
      for (int i = 0; i < np; i++) {
        std::vector<T> want(n);
        for (int t = 0; t < n; t++)
          want[t] = expect(values, t, block, ws, which, width, params[i]);
        if (!CHECK_ARRAY(&got[i * n], want.data(), n))
          std::fprintf(stderr, "  type %s op %d width %d param %d\n", tname,
                       which, width, params[i]);
      }
    }
  }
  int seen = 0;
  HIP_CHECK(hipMemcpy(&seen, dws, sizeof(int), hipMemcpyDeviceToHost));
  CHECK_EQ(seen, ws);
  HIP_CHECK(hipFree(din));
  HIP_CHECK(hipFree(dout));
  HIP_CHECK(hipFree(dparams));
  HIP_CHECK(hipFree(dws));
}

static const int N = 256;

static void test_int(int ws) {
  std::vector<int> v(N);
  for (int i = 0; i < N; i++) v[i] = i * 1000 - 50000;
  run_type("int", v, ws);
}
static void test_unsigned(int ws) {
  std::vector<unsigned> v(N);
  for (int i = 0; i < N; i++) v[i] = 0xF0000000u + unsigned(i) * 12345u;
  run_type("unsigned", v, ws);
}
static void test_float(int ws) {
  std::vector<float> v(N);
  for (int i = 0; i < N; i++) v[i] = i * 0.5f - 17.25f;
  run_type("float", v, ws);
}
static void test_double(int ws) {
  std::vector<double> v(N);
  for (int i = 0; i < N; i++) v[i] = i * 1e10 + 0.125;  // not a float
  run_type("double", v, ws);
}
static void test_long_long(int ws) {
  std::vector<long long> v(N);
  for (int i = 0; i < N; i++) v[i] = (1LL << 40) * i - i;  // not 32-bit
  run_type("long long", v, ws);
}

// Only some lanes shuffle (the others take the other branch and do no warp
// operation); lanes that shuffle read only lanes that shuffle too.
__global__ void k_divergent(const int* in, int* out) {
  int t = threadIdx.x;
  int lane = t % warpSize;
  int v = in[t];
  int r;
  if (lane % 4 == 0)
    r = __shfl_xor(v, 4);  // partner is also a multiple of 4
  else
    r = -v;
  out[t] = r;
}

static void test_divergent_shuffle(int ws) {
  const int n = 128;
  std::vector<int> h(n), want(n), got(n);
  for (int i = 0; i < n; i++) h[i] = i * 13 + 1;
  for (int t = 0; t < n; t++) {
    int lane = t % ws;
    int partner = t - lane + (lane ^ 4);
    want[t] = lane % 4 == 0 ? h[partner] : -h[t];
  }
  int *din = nullptr, *dout = nullptr;
  HIP_CHECK(hipMalloc(&din, n * sizeof(int)));
  HIP_CHECK(hipMalloc(&dout, n * sizeof(int)));
  HIP_CHECK(hipMemcpy(din, h.data(), n * sizeof(int), hipMemcpyHostToDevice));
  k_divergent<<<1, n>>>(din, dout);
  HIP_CHECK(hipDeviceSynchronize());
  HIP_CHECK(hipMemcpy(got.data(), dout, n * sizeof(int), hipMemcpyDeviceToHost));
  CHECK_ARRAY(got.data(), want.data(), n);
  HIP_CHECK(hipFree(din));
  HIP_CHECK(hipFree(dout));
}

int main() {
  int ws = test::device_warp_size();
  CHECK(ws == 32 || ws == 64);
  test_int(ws);
  test_unsigned(ws);
  test_float(ws);
  test_double(ws);
  test_long_long(ws);
  test_divergent_shuffle(ws);
  return test_summary("warp_shuffle");
}
