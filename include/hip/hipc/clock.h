// Timers of the kernel language: clock(), clock64(), wall_clock64().
//
// On the CPU device all three read CLOCK_MONOTONIC in nanoseconds, which
// matches what the device reports: hipDeviceAttributeClockRate and
// hipDeviceAttributeWallClockRate are both 1000000 kHz, one tick per
// nanosecond. The differences of readings are what a program uses.
//
// clock() is also the C library's (process CPU time): a kernel must get the
// device counter and host code the C function. So `clock()` is a macro for
// `clock(::hipc::clock_tag())`, an overload that reads the device counter
// when called by a kernel thread and calls the C library's clock()
// otherwise; `std::clock()` and `::clock()` work the same way, and `clock`
// without a call still names the C function.
#ifndef HIPC_CLOCK_H
#define HIPC_CLOCK_H
// In hipcc's device pass (__NVPTX__) the GPU's counters are used instead
// (hip/hipc/libdevice_nvptx.h).
#if !defined(__NVPTX__)

#include <time.h>

#include <ctime>

#include "hip/hipc/kernel.h"
#include "hip/hipc/qualifiers.h"

namespace hipc {
struct clock_tag {};
inline long long monotonic_ns() {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return static_cast<long long>(ts.tv_sec) * 1000000000LL + ts.tv_nsec;
}
}  // namespace hipc

__host__ __device__ inline long long clock64() { return hipc::monotonic_ns(); }
__host__ __device__ inline long long wall_clock64() {
  return hipc::monotonic_ns();
}
__host__ __device__ inline clock_t clock(hipc::clock_tag) {
  return hipc_tls.block ? static_cast<clock_t>(hipc::monotonic_ns())
                        : ::clock();
}
namespace std {
using ::clock;  // brings the overload above into std:: too
}
#define clock() clock(::hipc::clock_tag())

#endif  // !__NVPTX__
#endif  // HIPC_CLOCK_H
