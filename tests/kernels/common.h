// Shared by the kernel tests (tests/kernels/*.hip).
//
//   HIP_CHECK(expr)        an API call that must succeed; aborts with
//                          file:line and the error's name otherwise
//   CHECK(cond)            counts and prints a failed condition
//   CHECK_EQ(got, want)    prints both values; `want` is converted to the
//                          type of `got`
//   CHECK_ERR(expr, want)  a hipError_t with the expected value
//   CHECK_ARRAY(got, want, n)  element-wise; prints the first mismatches
//
// main() ends with `return test_summary("name");`: 0 when every check
// passed, 1 otherwise.
#ifndef HIPC_TESTS_KERNELS_COMMON_H
#define HIPC_TESTS_KERNELS_COMMON_H

#include <hip/hip_runtime.h>

#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <type_traits>

#define HIP_CHECK(expr)                                                    \
  do {                                                                     \
    hipError_t hip_check_e_ = (expr);                                      \
    if (hip_check_e_ != hipSuccess) {                                      \
      std::fprintf(stderr, "%s:%d: %s failed: %s (%d)\n", __FILE__,       \
                   __LINE__, #expr, hipGetErrorName(hip_check_e_),         \
                   static_cast<int>(hip_check_e_));                        \
      std::abort();                                                        \
    }                                                                      \
  } while (0)

namespace test {

// Atomic: tests check from several host threads at once.
inline std::atomic<int>& failures() {
  static std::atomic<int> n{0};
  return n;
}
inline std::atomic<int>& checks() {
  static std::atomic<int> n{0};
  return n;
}

inline void show(long long v) { std::fprintf(stderr, "%lld", v); }
inline void show(unsigned long long v) {
  std::fprintf(stderr, "%llu (%#llx)", v, v);
}
inline void show(double v) { std::fprintf(stderr, "%.17g", v); }
inline void show(const void* v) { std::fprintf(stderr, "%p", v); }

template <typename T>
void show_value(const T& v) {
  if constexpr (std::is_same<T, bool>::value)
    show(static_cast<long long>(v));
  else if constexpr (std::is_floating_point<T>::value)
    show(static_cast<double>(v));
  else if constexpr (std::is_pointer<T>::value)
    show(static_cast<const void*>(v));
  else if constexpr (std::is_enum<T>::value)
    show(static_cast<long long>(v));
  else if constexpr (std::is_signed<T>::value)
    show(static_cast<long long>(v));
  else
    show(static_cast<unsigned long long>(v));
}

inline bool check(bool ok, const char* expr, const char* file, int line) {
  checks()++;
  if (!ok) {
    failures()++;
    std::fprintf(stderr, "%s:%d: check failed: %s\n", file, line, expr);
  }
  return ok;
}

template <typename G, typename W>
bool check_eq(const G& got, const W& want, const char* gs, const char* ws,
              const char* file, int line) {
  checks()++;
  G w = static_cast<G>(want);
  if (got == w) return true;
  failures()++;
  std::fprintf(stderr, "%s:%d: check failed: %s == %s\n  got:      ", file,
               line, gs, ws);
  show_value(got);
  std::fprintf(stderr, "\n  expected: ");
  show_value(w);
  std::fprintf(stderr, "\n");
  return false;
}

inline bool check_err(hipError_t got, hipError_t want, const char* expr,
                      const char* file, int line) {
  checks()++;
  if (got == want) return true;
  failures()++;
  std::fprintf(stderr,
               "%s:%d: check failed: %s\n  got:      %s (%d)\n"
               "  expected: %s (%d)\n",
               file, line, expr, hipGetErrorName(got), static_cast<int>(got),
               hipGetErrorName(want), static_cast<int>(want));
  return false;
}

// Compares n elements; prints up to 8 mismatches and their count.
template <typename T>
bool check_array(const T* got, const T* want, size_t n, const char* gs,
                 const char* ws, const char* file, int line) {
  checks()++;
  size_t bad = 0;
  for (size_t i = 0; i < n; i++) {
    if (got[i] == want[i]) continue;
    if (bad == 0)
      std::fprintf(stderr, "%s:%d: check failed: %s[i] == %s[i], i < %zu\n",
                   file, line, gs, ws, n);
    if (bad < 8) {
      std::fprintf(stderr, "  [%zu] got ", i);
      show_value(got[i]);
      std::fprintf(stderr, ", expected ");
      show_value(want[i]);
      std::fprintf(stderr, "\n");
    }
    bad++;
  }
  if (bad) {
    failures()++;
    std::fprintf(stderr, "  %zu of %zu elements differ\n", bad, n);
  }
  return bad == 0;
}

inline int summary(const char* name) {
  if (failures()) {
    std::fprintf(stderr, "%s: %d of %d check(s) failed\n", name,
                 failures().load(), checks().load());
    return 1;
  }
  std::printf("%s: all %d checks passed\n", name, checks().load());
  return 0;
}

// The device's warp size, as the host API reports it. (Through the
// attribute: warpsize.hip tests hipDeviceProp_t::warpSize itself.)
inline int device_warp_size() {
  int ws = 0;
  HIP_CHECK(hipDeviceGetAttribute(&ws, hipDeviceAttributeWarpSize, 0));
  return ws;
}

}  // namespace test

// Tests combine checks with a bitwise & on purpose: every check runs and
// reports, even after one fails.
#if defined(__clang__)
#pragma clang diagnostic ignored "-Wbitwise-instead-of-logical"
#endif

#define CHECK(cond) ::test::check(static_cast<bool>(cond), #cond, __FILE__, __LINE__)
#define CHECK_EQ(got, want) \
  ::test::check_eq((got), (want), #got, #want, __FILE__, __LINE__)
#define CHECK_ERR(expr, want) \
  ::test::check_err((expr), (want), #expr, __FILE__, __LINE__)
#define CHECK_ARRAY(got, want, n) \
  ::test::check_array((got), (want), (n), #got, #want, __FILE__, __LINE__)

inline int test_summary(const char* name) { return ::test::summary(name); }

#endif  // HIPC_TESTS_KERNELS_COMMON_H
