// hipcc's device pass: the GPU half, which defines HIPC_ATOMIC_H (so the CPU
// code below is skipped).
#if defined(__NVPTX__)
#include "hip/hipc/atomic_nvptx.h"
#endif
// Atomic functions (CPU device): GCC/Clang __atomic builtins, which are
// correct between the worker threads that run different blocks.
//
// Every function of the reference's table, for int, unsigned, unsigned
// long, unsigned long long, long long (and any other integer type; atomicExch
// HIP's four only), float and double; the `_system` and `_block` forms (the
// same operations: on the CPU device every scope is the whole process); safeAtomicAdd/Min/Max
// and unsafeAtomicAdd/Min/Max. All are sequentially consistent.
#ifndef HIPC_ATOMIC_H
#define HIPC_ATOMIC_H

#include <type_traits>

#include "hip/hipc/atomic_exch.h"

namespace hipc {

template <typename T, typename F>
inline T atomic_update(T* p, F f) {
  T old = __atomic_load_n(p, __ATOMIC_RELAXED);
  while (!__atomic_compare_exchange_n(p, &old, f(old), true, __ATOMIC_SEQ_CST,
                                      __ATOMIC_RELAXED)) {
  }
  return old;
}

template <typename T>
using fp_bits = std::conditional_t<sizeof(T) == 4, unsigned, unsigned long long>;

// Floating point values go through their bit pattern. With `keep`, an
// update that leaves the value as it is stores nothing (min/max).
template <typename T, typename F>
inline T atomic_update_fp(T* p, F f, bool keep = false) {
  using Bits = fp_bits<T>;
  static_assert(sizeof(T) == sizeof(Bits), "size");
  Bits* q = reinterpret_cast<Bits*>(p);
  Bits old = __atomic_load_n(q, __ATOMIC_SEQ_CST);
  for (;;) {
    T o;
    __builtin_memcpy(&o, &old, sizeof o);
    T n = f(o);
    Bits nb;
    __builtin_memcpy(&nb, &n, sizeof nb);
    if (keep && nb == old) return o;
    if (__atomic_compare_exchange_n(q, &old, nb, true, __ATOMIC_SEQ_CST,
                                    __ATOMIC_SEQ_CST))
      return o;
  }
}

// fmin / fmax: a NaN loses to a number.
template <typename T>
inline T fp_min(T a, T b) {
  return (b < a || a != a) ? b : a;
}
template <typename T>
inline T fp_max(T a, T b) {
  return (b > a || a != a) ? b : a;
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

// ---- Integers -------------------------------------------------------------

template <typename T>
inline hipc::atomic_int<T> atomicAdd(T* p, hipc::nd<T> v) {
  return __atomic_fetch_add(p, v, __ATOMIC_SEQ_CST);
}
template <typename T>
inline hipc::atomic_int<T> atomicSub(T* p, hipc::nd<T> v) {
  return __atomic_fetch_sub(p, v, __ATOMIC_SEQ_CST);
}
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
// atomicExch takes HIP's integer types only (int, unsigned int, unsigned
// long, unsigned long long; float and double below): long, long long or
// char is an error, as with AMD's overloads.
template <typename T>
inline hipc::exch_int<T> atomicExch(T* p, hipc::nd<T> v) {
  return __atomic_exchange_n(p, v, __ATOMIC_SEQ_CST);
}
template <typename T>
inline hipc::atomic_int<T> atomicMin(T* p, hipc::nd<T> v) {
  return hipc::atomic_update(p, [v](T o) { return v < o ? v : o; });
}
template <typename T>
inline hipc::atomic_int<T> atomicMax(T* p, hipc::nd<T> v) {
  return hipc::atomic_update(p, [v](T o) { return v > o ? v : o; });
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

// ---- float and double -----------------------------------------------------

#define HIPC_ATOMIC_FP(T)                                                     \
  inline T atomicAdd(T* p, T v) {                                             \
    return hipc::atomic_update_fp(p, [v](T o) { return o + v; });             \
  }                                                                           \
  inline T atomicSub(T* p, T v) {                                             \
    return hipc::atomic_update_fp(p, [v](T o) { return o - v; });             \
  }                                                                           \
  inline T atomicExch(T* p, T v) {                                            \
    return hipc::atomic_update_fp(p, [v](T) { return v; });                   \
  }                                                                           \
  inline T atomicMin(T* p, T v) {                                             \
    return hipc::atomic_update_fp(                                            \
        p, [v](T o) { return hipc::fp_min(o, v); }, true);                    \
  }                                                                           \
  inline T atomicMax(T* p, T v) {                                             \
    return hipc::atomic_update_fp(                                            \
        p, [v](T o) { return hipc::fp_max(o, v); }, true);                    \
  }                                                                           \
  /* Compares bit patterns, as the hardware does. */                          \
  inline T atomicCAS(T* p, T compare, T v) {                                  \
    hipc::fp_bits<T> c, n;                                                    \
    __builtin_memcpy(&c, &compare, sizeof c);                                 \
    __builtin_memcpy(&n, &v, sizeof n);                                       \
    __atomic_compare_exchange_n(reinterpret_cast<hipc::fp_bits<T>*>(p), &c,   \
                                n, false, __ATOMIC_SEQ_CST,                   \
                                __ATOMIC_SEQ_CST);                            \
    T r;                                                                      \
    __builtin_memcpy(&r, &c, sizeof r);                                       \
    return r;                                                                 \
  }                                                                           \
  /* AMD's fast and CAS-loop float atomics are one and the same here. */      \
  inline T unsafeAtomicAdd(T* p, T v) { return atomicAdd(p, v); }             \
  inline T safeAtomicAdd(T* p, T v) { return atomicAdd(p, v); }               \
  inline T unsafeAtomicMin(T* p, T v) { return atomicMin(p, v); }             \
  inline T safeAtomicMin(T* p, T v) { return atomicMin(p, v); }               \
  inline T unsafeAtomicMax(T* p, T v) { return atomicMax(p, v); }             \
  inline T safeAtomicMax(T* p, T v) { return atomicMax(p, v); }

HIPC_ATOMIC_FP(float)
HIPC_ATOMIC_FP(double)
#undef HIPC_ATOMIC_FP

// ---- Scoped forms ---------------------------------------------------------

// atomicX_system and atomicX_block: the same operation (overloads and
// deduction included) under another name.
#define HIPC_ATOMIC_SCOPED(NAME)                                              \
  template <typename... A>                                                    \
  inline auto NAME##_system(A... a) -> decltype(NAME(a...)) {                 \
    return NAME(a...);                                                        \
  }                                                                           \
  template <typename... A>                                                    \
  inline auto NAME##_block(A... a) -> decltype(NAME(a...)) {                  \
    return NAME(a...);                                                        \
  }

HIPC_ATOMIC_SCOPED(atomicAdd)
HIPC_ATOMIC_SCOPED(atomicSub)
HIPC_ATOMIC_SCOPED(atomicExch)
HIPC_ATOMIC_SCOPED(atomicMin)
HIPC_ATOMIC_SCOPED(atomicMax)
HIPC_ATOMIC_SCOPED(atomicCAS)
HIPC_ATOMIC_SCOPED(atomicAnd)
HIPC_ATOMIC_SCOPED(atomicOr)
HIPC_ATOMIC_SCOPED(atomicXor)
HIPC_ATOMIC_SCOPED(atomicInc)
HIPC_ATOMIC_SCOPED(atomicDec)
#undef HIPC_ATOMIC_SCOPED

#endif  // HIPC_ATOMIC_H
