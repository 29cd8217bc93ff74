// Atomic functions in hipcc's device pass (NVPTX): PTX atom instructions
// through clang's __nvvm_atom_* builtins. Plain forms act at device scope,
// _block forms at block scope (atom.cta), _system forms at system scope
// (atom.sys: visible to the host and other GPUs). Like HIP's, they are
// relaxed: order other accesses with __threadfence*. Any integer type of
// 4 or 8 bytes (atomicExch: HIP's four), float and double (min and max: a NaN loses to a number;
// compare-and-swap compares bit patterns). Included by hip/hipc/atomic.h.
#ifndef HIPC_ATOMIC_NVPTX_H
#define HIPC_ATOMIC_NVPTX_H
#define HIPC_ATOMIC_H  // the CPU half (atomic.h) is skipped

#include <type_traits>

#include "hip/hipc/atomic_exch.h"
#include "hip/hipc/qualifiers_nvptx.h"

namespace hipc {
namespace nvptx {

enum scope { dev, cta, sys };

// The builtin `op` at scope S: __nvvm_atom_OP, __nvvm_atom_cta_OP or
// __nvvm_atom_sys_OP.
#define HIPC_ATOM(S, op, ...)                                    \
  (S == ::hipc::nvptx::cta   ? __nvvm_atom_cta_##op(__VA_ARGS__) \
   : S == ::hipc::nvptx::sys ? __nvvm_atom_sys_##op(__VA_ARGS__) \
                             : __nvvm_atom_##op(__VA_ARGS__))

template <typename T>
using atomic_int = std::enable_if_t<
    std::is_integral<T>::value && (sizeof(T) == 4 || sizeof(T) == 8), T>;


template <typename T>
struct identity {
  using type = T;
};
// The value parameters do not take part in deduction, so that
// atomicAdd(&unsigned_counter, 1) works as with HIP's overloads.
template <typename T>
using nd = typename identity<T>::type;

// Integers by size: 4-byte ones as int, 8-byte ones as long long.
#define HIPC_ATOM_INT(S, op, p, v)                                          \
  (sizeof(*p) == 4                                                          \
       ? static_cast<T>(HIPC_ATOM(S, op##_gen_i, reinterpret_cast<int*>(p), \
                                  static_cast<int>(v)))                     \
       : static_cast<T>(HIPC_ATOM(S, op##_gen_ll,                           \
                                  reinterpret_cast<long long*>(p),          \
                                  static_cast<long long>(v))))

template <scope S, typename T>
HIPC_NVPTX_FN T add(T* p, T v) {
  return HIPC_ATOM_INT(S, add, p, v);
}
template <scope S, typename T>
HIPC_NVPTX_FN T exch(T* p, T v) {
  return HIPC_ATOM_INT(S, xchg, p, v);
}
template <scope S, typename T>
HIPC_NVPTX_FN T and_(T* p, T v) {
  return HIPC_ATOM_INT(S, and, p, v);
}
template <scope S, typename T>
HIPC_NVPTX_FN T or_(T* p, T v) {
  return HIPC_ATOM_INT(S, or, p, v);
}
template <scope S, typename T>
HIPC_NVPTX_FN T xor_(T* p, T v) {
  return HIPC_ATOM_INT(S, xor, p, v);
}

template <scope S, typename T>
HIPC_NVPTX_FN T cas(T* p, T cmp, T v) {
  return sizeof(T) == 4
             ? static_cast<T>(HIPC_ATOM(S, cas_gen_i, reinterpret_cast<int*>(p),
                                        static_cast<int>(cmp),
                                        static_cast<int>(v)))
             : static_cast<T>(HIPC_ATOM(
                   S, cas_gen_ll, reinterpret_cast<long long*>(p),
                   static_cast<long long>(cmp), static_cast<long long>(v)));
}

// Unsigned min and max at block or system scope: PTX written out, since
// clang 19 lowers __nvvm_atom_{cta,sys}_{min,max}_gen_u* to the signed
// instructions (measured on an H200: atomicMin_system(&u, 0) left
// 0xffffffff in place).
#if defined(__HIPC_KC__)
// kc's CPU device pass: one atomic read-modify-write, whatever the scope
// (a CPU's atomics are coherent across every thread).
#define HIPC_ATOM_SCOPED_U(op)                            \
  template <scope S, typename T>                          \
  HIPC_NVPTX_FN T op##_scoped_u(T* p, T v) {              \
    return __atomic_fetch_##op(p, v, __ATOMIC_SEQ_CST);   \
  }
#else
#define HIPC_ATOM_SCOPED_U(op)                                               \
  template <scope S, typename T>                                             \
  HIPC_NVPTX_FN T op##_scoped_u(T* p, T v) {                                 \
    if (sizeof(T) == 4) {                                                    \
      unsigned old, x = static_cast<unsigned>(v);                            \
      if (S == cta)                                                          \
        asm volatile("atom.cta." #op ".u32 %0, [%1], %2;"                    \
                     : "=r"(old) : "l"(p), "r"(x) : "memory");               \
      else                                                                   \
        asm volatile("atom.sys." #op ".u32 %0, [%1], %2;"                    \
                     : "=r"(old) : "l"(p), "r"(x) : "memory");               \
      return static_cast<T>(old);                                            \
    }                                                                        \
    unsigned long long old, x = static_cast<unsigned long long>(v);          \
    if (S == cta)                                                            \
      asm volatile("atom.cta." #op ".u64 %0, [%1], %2;"                      \
                   : "=l"(old) : "l"(p), "l"(x) : "memory");                 \
    else                                                                     \
      asm volatile("atom.sys." #op ".u64 %0, [%1], %2;"                      \
                   : "=l"(old) : "l"(p), "l"(x) : "memory");                 \
    return static_cast<T>(old);                                              \
  }
#endif
HIPC_ATOM_SCOPED_U(min)
HIPC_ATOM_SCOPED_U(max)
#undef HIPC_ATOM_SCOPED_U

// min and max depend on the signedness too.
#define HIPC_ATOM_MINMAX(name, op)                                        \
  template <scope S, typename T>                                          \
  HIPC_NVPTX_FN T name(T* p, T v) {                                       \
    if (std::is_signed<T>::value) return HIPC_ATOM_INT(S, op, p, v);      \
    if (S != dev) return op##_scoped_u<S>(p, v);                          \
    return sizeof(T) == 4                                                 \
               ? static_cast<T>(HIPC_ATOM(S, op##_gen_ui,                 \
                                          reinterpret_cast<unsigned*>(p), \
                                          static_cast<unsigned>(v)))      \
               : static_cast<T>(                                          \
                     HIPC_ATOM(S, op##_gen_ull,                           \
                               reinterpret_cast<unsigned long long*>(p),  \
                               static_cast<unsigned long long>(v)));      \
  }
HIPC_ATOM_MINMAX(min, min)
HIPC_ATOM_MINMAX(max, max)
#undef HIPC_ATOM_MINMAX

// Floating point operations without an instruction: a compare-and-swap
// loop on the bit pattern. An update that leaves the value as it is
// stores nothing.
template <scope S, typename F, typename Bits, typename Op>
HIPC_NVPTX_FN F fp_update(F* p, Op op) {
  Bits* q = reinterpret_cast<Bits*>(p);
  Bits old = *reinterpret_cast<volatile Bits*>(q);
  for (;;) {
    F o = __builtin_bit_cast(F, old);
    Bits nb = __builtin_bit_cast(Bits, op(o));
    if (nb == old) return o;
    Bits seen = cas<S>(q, old, nb);
    if (seen == old) return o;
    old = seen;
  }
}

// fmin / fmax: a NaN loses to a number (as on the CPU device).
template <typename F>
HIPC_NVPTX_FN F fp_min(F a, F b) {
  return (b < a || a != a) ? b : a;
}
template <typename F>
HIPC_NVPTX_FN F fp_max(F a, F b) {
  return (b > a || a != a) ? b : a;
}

// compare-and-swap of a float or double: bit patterns are compared.
template <scope S, typename F, typename Bits>
HIPC_NVPTX_FN F fp_cas(F* p, F compare, F v) {
  return __builtin_bit_cast(
      F, cas<S>(reinterpret_cast<Bits*>(p), __builtin_bit_cast(Bits, compare),
                __builtin_bit_cast(Bits, v)));
}

}  // namespace nvptx
}  // namespace hipc

// Every function comes in three scopes: NAME, NAME_block, NAME_system.
#define HIPC_NVPTX_ATOMICS(SUFFIX, S)                                       \
  template <typename T>                                                     \
  HIPC_NVPTX_FN hipc::nvptx::atomic_int<T> atomicAdd##SUFFIX(               \
      T* p, hipc::nvptx::nd<T> v) {                                         \
    return hipc::nvptx::add<S>(p, v);                                       \
  }                                                                         \
  HIPC_NVPTX_FN float atomicAdd##SUFFIX(float* p, float v) {                \
    return HIPC_ATOM(S, add_gen_f, p, v);                                   \
  }                                                                         \
  HIPC_NVPTX_FN double atomicAdd##SUFFIX(double* p, double v) {             \
    return HIPC_ATOM(S, add_gen_d, p, v);                                   \
  }                                                                         \
  template <typename T>                                                     \
  HIPC_NVPTX_FN hipc::nvptx::atomic_int<T> atomicSub##SUFFIX(               \
      T* p, hipc::nvptx::nd<T> v) {                                         \
    return hipc::nvptx::add<S>(p, static_cast<T>(T(0) - v));                \
  }                                                                         \
  HIPC_NVPTX_FN float atomicSub##SUFFIX(float* p, float v) {                \
    return HIPC_ATOM(S, add_gen_f, p, -v);                                  \
  }                                                                         \
  HIPC_NVPTX_FN double atomicSub##SUFFIX(double* p, double v) {             \
    return HIPC_ATOM(S, add_gen_d, p, -v);                                  \
  }                                                                         \
  template <typename T>                                                     \
  HIPC_NVPTX_FN hipc::exch_int<T> atomicExch##SUFFIX(                \
      T* p, hipc::nvptx::nd<T> v) {                                         \
    return hipc::nvptx::exch<S>(p, v);                                      \
  }                                                                         \
  HIPC_NVPTX_FN float atomicExch##SUFFIX(float* p, float v) {               \
    return __builtin_bit_cast(                                              \
        float, hipc::nvptx::exch<S>(reinterpret_cast<int*>(p),              \
                                    __builtin_bit_cast(int, v)));           \
  }                                                                         \
  HIPC_NVPTX_FN double atomicExch##SUFFIX(double* p, double v) {            \
    return __builtin_bit_cast(                                              \
        double, hipc::nvptx::exch<S>(reinterpret_cast<long long*>(p),       \
                                     __builtin_bit_cast(long long, v)));    \
  }                                                                         \
  template <typename T>                                                     \
  HIPC_NVPTX_FN hipc::nvptx::atomic_int<T> atomicAnd##SUFFIX(               \
      T* p, hipc::nvptx::nd<T> v) {                                         \
    return hipc::nvptx::and_<S>(p, v);                                      \
  }                                                                         \
  template <typename T>                                                     \
  HIPC_NVPTX_FN hipc::nvptx::atomic_int<T> atomicOr##SUFFIX(                \
      T* p, hipc::nvptx::nd<T> v) {                                         \
    return hipc::nvptx::or_<S>(p, v);                                       \
  }                                                                         \
  template <typename T>                                                     \
  HIPC_NVPTX_FN hipc::nvptx::atomic_int<T> atomicXor##SUFFIX(               \
      T* p, hipc::nvptx::nd<T> v) {                                         \
    return hipc::nvptx::xor_<S>(p, v);                                      \
  }                                                                         \
  template <typename T>                                                     \
  HIPC_NVPTX_FN hipc::nvptx::atomic_int<T> atomicMin##SUFFIX(               \
      T* p, hipc::nvptx::nd<T> v) {                                         \
    return hipc::nvptx::min<S>(p, v);                                       \
  }                                                                         \
  template <typename T>                                                     \
  HIPC_NVPTX_FN hipc::nvptx::atomic_int<T> atomicMax##SUFFIX(               \
      T* p, hipc::nvptx::nd<T> v) {                                         \
    return hipc::nvptx::max<S>(p, v);                                       \
  }                                                                         \
  HIPC_NVPTX_FN float atomicMin##SUFFIX(float* p, float v) {                \
    return hipc::nvptx::fp_update<S, float, int>(                           \
        p, [v](float o) { return hipc::nvptx::fp_min(o, v); });             \
  }                                                                         \
  HIPC_NVPTX_FN float atomicMax##SUFFIX(float* p, float v) {                \
    return hipc::nvptx::fp_update<S, float, int>(                           \
        p, [v](float o) { return hipc::nvptx::fp_max(o, v); });             \
  }                                                                         \
  HIPC_NVPTX_FN double atomicMin##SUFFIX(double* p, double v) {             \
    return hipc::nvptx::fp_update<S, double, long long>(                    \
        p, [v](double o) { return hipc::nvptx::fp_min(o, v); });            \
  }                                                                         \
  HIPC_NVPTX_FN double atomicMax##SUFFIX(double* p, double v) {             \
    return hipc::nvptx::fp_update<S, double, long long>(                    \
        p, [v](double o) { return hipc::nvptx::fp_max(o, v); });            \
  }                                                                         \
  template <typename T>                                                     \
  HIPC_NVPTX_FN hipc::nvptx::atomic_int<T> atomicCAS##SUFFIX(               \
      T* p, hipc::nvptx::nd<T> compare, hipc::nvptx::nd<T> v) {             \
    return hipc::nvptx::cas<S>(p, compare, v);                              \
  }                                                                         \
  HIPC_NVPTX_FN float atomicCAS##SUFFIX(float* p, float compare, float v) { \
    return hipc::nvptx::fp_cas<S, float, int>(p, compare, v);               \
  }                                                                         \
  HIPC_NVPTX_FN double atomicCAS##SUFFIX(double* p, double compare,         \
                                         double v) {                        \
    return hipc::nvptx::fp_cas<S, double, long long>(p, compare, v);        \
  }                                                                         \
  HIPC_NVPTX_FN unsigned atomicInc##SUFFIX(unsigned* p, unsigned limit) {   \
    return HIPC_ATOM(S, inc_gen_ui, p, limit);                              \
  }                                                                         \
  HIPC_NVPTX_FN unsigned atomicDec##SUFFIX(unsigned* p, unsigned limit) {   \
    return HIPC_ATOM(S, dec_gen_ui, p, limit);                              \
  }

HIPC_NVPTX_ATOMICS(, ::hipc::nvptx::dev)
// AMD's fast (unsafe) and CAS-loop (safe) float additions: on NVIDIA GPUs
// both are the atom.add instruction.
HIPC_NVPTX_FN float unsafeAtomicAdd(float* p, float v) {
  return atomicAdd(p, v);
}
HIPC_NVPTX_FN double unsafeAtomicAdd(double* p, double v) {
  return atomicAdd(p, v);
}
HIPC_NVPTX_FN float safeAtomicAdd(float* p, float v) { return atomicAdd(p, v); }
HIPC_NVPTX_FN double safeAtomicAdd(double* p, double v) {
  return atomicAdd(p, v);
}
// AMD's min/max forms: atomicMin/atomicMax.
#define HIPC_NVPTX_MINMAX(T)                                                   \
  HIPC_NVPTX_FN T unsafeAtomicMin(T* p, T v) { return atomicMin(p, v); }      \
  HIPC_NVPTX_FN T safeAtomicMin(T* p, T v) { return atomicMin(p, v); }        \
  HIPC_NVPTX_FN T unsafeAtomicMax(T* p, T v) { return atomicMax(p, v); }      \
  HIPC_NVPTX_FN T safeAtomicMax(T* p, T v) { return atomicMax(p, v); }
HIPC_NVPTX_MINMAX(float)
HIPC_NVPTX_MINMAX(double)
#undef HIPC_NVPTX_MINMAX
HIPC_NVPTX_ATOMICS(_block, ::hipc::nvptx::cta)
HIPC_NVPTX_ATOMICS(_system, ::hipc::nvptx::sys)
#undef HIPC_NVPTX_ATOMICS
#undef HIPC_ATOM_INT
#undef HIPC_ATOM

#endif  // HIPC_ATOMIC_NVPTX_H
