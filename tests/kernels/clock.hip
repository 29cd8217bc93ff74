// Timers: a kernel spins for 30 ms by its own clock64() (the length taken
// from hipDeviceAttributeClockRate) and reads wall_clock64() and clock()
// around the spin. The host's steady clock must see at least that long, and
// not vastly longer; wall_clock64() over hipDeviceAttributeWallClockRate
// must agree with clock64() over the clock rate. Host code still gets the
// C library's clock().
#include <chrono>
#include <ctime>

#include "common.h"

struct stamps {
  long long c0, c1, w0, w1;
  long long k0, k1;  // clock()
};

__global__ void k_spin(long long ticks, stamps* s) {
  stamps r;
  auto k0 = clock();
  r.w0 = wall_clock64();
  r.c0 = clock64();
  do {
    r.c1 = clock64();
  } while (r.c1 - r.c0 < ticks);
  r.w1 = wall_clock64();
  auto k1 = clock();
  // On NVIDIA GPUs clock() is the SM's 32-bit counter (as in CUDA): the
  // difference is taken modulo 2^32 there.
  r.k0 = 0;
  r.k1 = sizeof k1 < 8 ? static_cast<long long>(static_cast<unsigned>(k1) -
                                                static_cast<unsigned>(k0))
                       : static_cast<long long>(k1 - k0);
  *s = r;
}

int main() {
  int clock_khz = 0, wall_khz = 0;
  HIP_CHECK(hipDeviceGetAttribute(&clock_khz, hipDeviceAttributeClockRate, 0));
  HIP_CHECK(
      hipDeviceGetAttribute(&wall_khz, hipDeviceAttributeWallClockRate, 0));
  CHECK(clock_khz > 0);
  CHECK(wall_khz > 0);
  const double ms = 30;
  stamps* d;
  HIP_CHECK(hipMalloc(&d, sizeof(stamps)));
  auto t0 = std::chrono::steady_clock::now();
  k_spin<<<1, 1>>>(static_cast<long long>(ms * clock_khz), d);
  HIP_CHECK(hipDeviceSynchronize());
  auto t1 = std::chrono::steady_clock::now();
  stamps s;
  HIP_CHECK(hipMemcpy(&s, d, sizeof s, hipMemcpyDeviceToHost));
  double host_ms = std::chrono::duration<double, std::milli>(t1 - t0).count();
  double clock_ms = static_cast<double>(s.c1 - s.c0) / clock_khz;
  double wall_ms = static_cast<double>(s.w1 - s.w0) / wall_khz;
  double k_ms = static_cast<double>(s.k1 - s.k0) / clock_khz;
  std::printf(
      "spin: host %.2f ms, clock64 %.2f ms, wall_clock64 %.2f ms, "
      "clock %.2f ms\n",
      host_ms, clock_ms, wall_ms, k_ms);
  CHECK(clock_ms >= ms);
  CHECK(host_ms >= ms);        // the device clock does not run fast
  CHECK(host_ms < ms + 2000);  // nor slow (a loaded machine is slow)
  CHECK(wall_ms >= clock_ms * 0.999 && wall_ms <= clock_ms * 1.01 + 1);
  CHECK(k_ms >= clock_ms && k_ms <= wall_ms * 1.01 + 1);
  // On the host, clock() is the C library's process time.
  std::clock_t a = std::clock(), b = clock(), c = ::clock();
  CHECK(a <= b && b <= c && c - a < CLOCKS_PER_SEC);
  HIP_CHECK(hipFree(d));
  return test_summary("clock");
}
