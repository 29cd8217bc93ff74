// Atomic functions (CPU device): GCC/Clang __atomic builtins, which are
// correct between the worker threads that run different blocks.
#ifndef HIPC_ATOMIC_H
#define HIPC_ATOMIC_H

// hipcc's device pass (clang, NVPTX) uses the GPU half.
#if defined(__NVPTX__)
#include "hip/hipc/atomic_nvptx.h"
#else

#include <type_traits>

namespace hipc {

template <typename T, typename F>
inline T atomic_update(T* p, F f) {
  T old = __atomic_load_n(p, __ATOMIC_RELAXED);
  while (!__atomic_compare_exchange_n(p, &old, f(old), true, __ATOMIC_SEQ_CST,
                                      __ATOMIC_RELAXED)) {
  }
  return old;
}

// Floating point values go through their bit pattern.
template <typename T, typename Bits, typename F>
inline T atomic_update_fp(T* p, F f) {
  static_assert(sizeof(T) == sizeof(Bits), "size");
  Bits* q = reinterpret_cast<Bits*>(p);
  Bits old = __atomic_load_n(q, __ATOMIC_RELAXED);
  for (;;) {
    T o;
    __builtin_memcpy(&o, &old, sizeof o);
    T n = f(o);
    Bits nb;
    __builtin_memcpy(&nb, &n, sizeof nb);
    if (__atomic_compare_exchange_n(q, &old, nb, true, __ATOMIC_SEQ_CST,
                                    __ATOMIC_RELAXED))
      return o;
  }
}

template <typename T>
using atomic_int = std::enable_if_t<std::is_integral<T>::value, T>;

// The value parameter does not take part in deduction, so that
// atomicAdd(&unsigned_counter, 1) works as with HIP's overloads.
template <typename T>
struct identity {
  using type = T;
};
template <typename T>
using nd = typename identity<T>::type;

}  // namespace hipc

template <typename T>
inline hipc::atomic_int<T> atomicAdd(T* p, hipc::nd<T> v) {
  return __atomic_fetch_add(p, v, __ATOMIC_SEQ_CST);
}
inline float atomicAdd(float* p, float v) {
  return hipc::atomic_update_fp<float, unsigned>(p,
                                                 [v](float o) { return o + v; });
}
inline double atomicAdd(double* p, double v) {
  return hipc::atomic_update_fp<double, unsigned long long>(
      p, [v](double o) { return o + v; });
}
template <typename T>
inline hipc::atomic_int<T> atomicSub(T* p, hipc::nd<T> v) {
  return __atomic_fetch_sub(p, v, __ATOMIC_SEQ_CST);
}
inline float atomicSub(float* p, float v) { return atomicAdd(p, -v); }
inline double atomicSub(double* p, double v) { return atomicAdd(p, -v); }
template <typename T>
inline hipc::atomic_int<T> atomicAnd(T* p, hipc::nd<T> v) {
  return __atomic_fetch_and(p, v, __ATOMIC_SEQ_CST);
}
template <typename T>
inline hipc::atomic_int<T> atomicOr(T* p, hipc::nd<T> v) {
  return __atomic_fetch_or(p, v, __ATOMIC_SEQ_CST);
}
template <typename T>
inline hipc::atomic_int<T> atomicXor(T* p, hipc::nd<T> v) {
  return __atomic_fetch_xor(p, v, __ATOMIC_SEQ_CST);
}
template <typename T>
inline hipc::atomic_int<T> atomicExch(T* p, hipc::nd<T> v) {
  return __atomic_exchange_n(p, v, __ATOMIC_SEQ_CST);
}
inline float atomicExch(float* p, float v) {
  return hipc::atomic_update_fp<float, unsigned>(p, [v](float) { return v; });
}
inline double atomicExch(double* p, double v) {
  return hipc::atomic_update_fp<double, unsigned long long>(
      p, [v](double) { return v; });
}
template <typename T>
inline hipc::atomic_int<T> atomicMin(T* p, hipc::nd<T> v) {
  return hipc::atomic_update(p, [v](T o) { return v < o ? v : o; });
}
template <typename T>
inline hipc::atomic_int<T> atomicMax(T* p, hipc::nd<T> v) {
  return hipc::atomic_update(p, [v](T o) { return v > o ? v : o; });
}
inline float atomicMin(float* p, float v) {
  return hipc::atomic_update_fp<float, unsigned>(
      p, [v](float o) { return v < o ? v : o; });
}
inline float atomicMax(float* p, float v) {
  return hipc::atomic_update_fp<float, unsigned>(
      p, [v](float o) { return v > o ? v : o; });
}
inline double atomicMin(double* p, double v) {
  return hipc::atomic_update_fp<double, unsigned long long>(
      p, [v](double o) { return v < o ? v : o; });
}
inline double atomicMax(double* p, double v) {
  return hipc::atomic_update_fp<double, unsigned long long>(
      p, [v](double o) { return v > o ? v : o; });
}
template <typename T>
inline hipc::atomic_int<T> atomicCAS(T* p, hipc::nd<T> compare, hipc::nd<T> v) {
  __atomic_compare_exchange_n(p, &compare, v, false, __ATOMIC_SEQ_CST,
                              __ATOMIC_SEQ_CST);
  return compare;
}
// atomicInc/atomicDec wrap as HIP documents: ((old >= limit) ? 0 : old + 1)
// and ((old == 0 || old > limit) ? limit : old - 1).
inline unsigned atomicInc(unsigned* p, unsigned limit) {
  return hipc::atomic_update(
      p, [limit](unsigned o) { return o >= limit ? 0u : o + 1; });
}
inline unsigned atomicDec(unsigned* p, unsigned limit) {
  return hipc::atomic_update(p, [limit](unsigned o) {
    return (o == 0 || o > limit) ? limit : o - 1;
  });
}

#endif  // __NVPTX__

#endif  // HIPC_ATOMIC_H
