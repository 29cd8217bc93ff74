// An integer division by zero in a kernel does not end the program on the
// CPU device, as on a GPU: the quotient has every bit set and the remainder
// is the dividend; INT_MIN / -1 gives INT_MIN, remainder 0. 32- and 64-bit,
// signed and unsigned, divisors read from memory (so that the compiler
// cannot see them), in many threads of several blocks. (CPU device only:
// GPUs leave these values unspecified.)
#include <climits>
#include <cstdint>
#include <vector>

#include "common.h"

const int BLOCKS = 4, THREADS = 64, N = BLOCKS * THREADS;

struct Out {
  int q32, r32;
  unsigned uq32, ur32;
  long long q64, r64;
  unsigned long long uq64, ur64;
  int ovq, ovr;
};

__global__ void k_div(const int* a, const int* b, const int* m_in,
                      const int* d_in, Out* out) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  int x = a[t], y = b[t];
  out[t].q32 = x / y;
  out[t].r32 = x % y;
  out[t].uq32 = static_cast<unsigned>(x) / static_cast<unsigned>(y);
  out[t].ur32 = static_cast<unsigned>(x) % static_cast<unsigned>(y);
  long long X = static_cast<long long>(x) * 3000000000LL, Y = y;
  out[t].q64 = X / Y;
  out[t].r64 = X % Y;
  out[t].uq64 = static_cast<unsigned long long>(X) /
                static_cast<unsigned long long>(Y);
  out[t].ur64 = static_cast<unsigned long long>(X) %
                static_cast<unsigned long long>(Y);
  int m = m_in[t], d = d_in[t];
  out[t].ovq = m / d;
  out[t].ovr = m % d;
}

int main() {
  std::vector<int> a(N), b(N), m(N), d(N);
  for (int i = 0; i < N; i++) {
    a[i] = i * 7 - 500;
    b[i] = i % 3 == 0 ? 0 : i % 11 + 1;  // every third divisor is zero
    m[i] = b[i] == 0 ? INT_MIN : a[i];    // and INT_MIN / -1 there
    d[i] = b[i] == 0 ? -1 : b[i];
  }
  int *da, *db, *dm, *dd;
  Out* dout;
  HIP_CHECK(hipMalloc(&da, N * sizeof(int)));
  HIP_CHECK(hipMalloc(&db, N * sizeof(int)));
  HIP_CHECK(hipMalloc(&dm, N * sizeof(int)));
  HIP_CHECK(hipMalloc(&dd, N * sizeof(int)));
  HIP_CHECK(hipMalloc(&dout, N * sizeof(Out)));
  HIP_CHECK(hipMemcpy(dm, m.data(), N * sizeof(int), hipMemcpyHostToDevice));
  HIP_CHECK(hipMemcpy(dd, d.data(), N * sizeof(int), hipMemcpyHostToDevice));
  HIP_CHECK(hipMemcpy(da, a.data(), N * sizeof(int), hipMemcpyHostToDevice));
  HIP_CHECK(hipMemcpy(db, b.data(), N * sizeof(int), hipMemcpyHostToDevice));
  k_div<<<BLOCKS, THREADS>>>(da, db, dm, dd, dout);
  HIP_CHECK(hipGetLastError());
  HIP_CHECK(hipDeviceSynchronize());
  std::vector<Out> out(N);
  HIP_CHECK(hipMemcpy(out.data(), dout, N * sizeof(Out), hipMemcpyDeviceToHost));
  int bad = 0;
  for (int i = 0; i < N; i++) {
    const Out& o = out[i];
    int x = a[i], y = b[i];
    long long X = static_cast<long long>(x) * 3000000000LL;
    bool ok;
    if (y == 0) {
      ok = o.q32 == -1 && o.r32 == x && o.uq32 == UINT_MAX &&
           o.ur32 == static_cast<unsigned>(x) && o.q64 == -1 && o.r64 == X &&
           o.uq64 == ULLONG_MAX &&
           o.ur64 == static_cast<unsigned long long>(X) &&
           o.ovq == INT_MIN && o.ovr == 0;
    } else {
      unsigned long long UX = static_cast<unsigned long long>(X);
      ok = o.q32 == x / y && o.r32 == x % y &&
           o.uq32 == static_cast<unsigned>(x) / static_cast<unsigned>(y) &&
           o.ur32 == static_cast<unsigned>(x) % static_cast<unsigned>(y) &&
           o.q64 == X / y && o.r64 == X % y &&
           o.uq64 == UX / static_cast<unsigned long long>(y) &&
           o.ur64 == UX % static_cast<unsigned long long>(y) &&
           o.ovq == x / y && o.ovr == x % y;
    }
    if (!ok && bad++ < 5)
      std::fprintf(stderr, "thread %d: x %d y %d: q32 %d r32 %d q64 %lld ovq %d\n",
                   i, x, y, o.q32, o.r32, o.q64, o.ovq);
  }
  CHECK_EQ(bad, 0);
  HIP_CHECK(hipFree(da));
  HIP_CHECK(hipFree(db));
  HIP_CHECK(hipFree(dm));
  HIP_CHECK(hipFree(dd));
  HIP_CHECK(hipFree(dout));
  return test_summary("int_div_zero");
}
