/* Short vector types: char1 ... double4, and their make_* functions.
 *
 * In C++ every type is `HIP_vector_type<T, N>`, a standard-layout struct
 * with the members x, y, z, w (as many as N) and HIP's operators: the
 * element-wise arithmetic, bitwise (integer types) and compound-assignment
 * operators, unary -, ~, ++ and --, == and != (true when every component
 * compares so), and scalar-vector mixes, where the scalar is broadcast to
 * every component. Size and alignment are HIP's: N components of T,
 * aligned to N * sizeof(T) for N = 1, 2, 4 and to sizeof(T) for N = 3
 * (float4: 16 bytes aligned to 16; float3: 12 bytes aligned to 4).
 *
 * In C the same names are plain structs with the same layout.
 *
 * Include hip/hip_vector_types.h (or hip/hip_runtime.h), not this file. */
#ifndef HIPC_VECTOR_TYPES_H
#define HIPC_VECTOR_TYPES_H

#ifdef __cplusplus

#include <type_traits>

#include "hip/hipc/qualifiers.h"

namespace hipc {

// The members, with HIP's alignment.
template <typename T, unsigned N>
struct vec_base;
template <typename T>
struct alignas(sizeof(T)) vec_base<T, 1> {
  T x;
};
template <typename T>
struct alignas(2 * sizeof(T)) vec_base<T, 2> {
  T x, y;
};
template <typename T>
struct vec_base<T, 3> {
  T x, y, z;
};
template <typename T>
struct alignas(4 * sizeof(T)) vec_base<T, 4> {
  T x, y, z, w;
};

// a << b on the bits (as a GPU shifts): a negative a is shifted as
// unsigned, which C++17 leaves undefined for signed types.
template <typename T>
__host__ __device__ inline T shl(T a, T b) {
  return static_cast<T>(static_cast<std::make_unsigned_t<decltype(+a)>>(+a)
                        << b);
}

template <typename U, typename T>
using if_scalar = std::enable_if_t<
    std::is_arithmetic<U>::value && std::is_convertible<U, T>::value, int>;

}  // namespace hipc

template <typename T, unsigned N>
struct HIP_vector_type : hipc::vec_base<T, N> {
  static_assert(N >= 1 && N <= 4, "1 to 4 components");
  using value_type = T;

  __host__ __device__ T* elems() { return reinterpret_cast<T*>(this); }
  __host__ __device__ const T* elems() const {
    return reinterpret_cast<const T*>(this);
  }

  HIP_vector_type() = default;
  // One scalar: every component (explicit, as in HIP).
  template <typename U, hipc::if_scalar<U, T> = 0>
  __host__ __device__ explicit HIP_vector_type(U v) {
    for (unsigned i = 0; i < N; ++i) elems()[i] = static_cast<T>(v);
  }
  // One value per component: float4 v(1, 2, 3, 4), float4 v{1, 2, 3, 4}.
  template <typename... Us,
            std::enable_if_t<(N > 1) && sizeof...(Us) == N, int> = 0>
  __host__ __device__ HIP_vector_type(Us... v) {
    const T list[N] = {static_cast<T>(v)...};
    for (unsigned i = 0; i < N; ++i) elems()[i] = list[i];
  }

  // Element-wise compound assignment with a vector or a broadcast scalar.
#define HIPC_VEC_COMPOUND(op, cond)                                            \
  template <typename V = T, std::enable_if_t<cond, int> = 0>                   \
  __host__ __device__ HIP_vector_type& operator op(const HIP_vector_type& o) { \
    for (unsigned i = 0; i < N; ++i) elems()[i] op o.elems()[i];               \
    return *this;                                                              \
  }                                                                            \
  template <typename U, hipc::if_scalar<U, T> = 0, typename V = T,             \
            std::enable_if_t<cond, int> = 0>                                   \
  __host__ __device__ HIP_vector_type& operator op(U s) {                      \
    return *this op HIP_vector_type(s);                                        \
  }
  HIPC_VEC_COMPOUND(+=, true)
  HIPC_VEC_COMPOUND(-=, true)
  HIPC_VEC_COMPOUND(*=, true)
  HIPC_VEC_COMPOUND(/=, true)
  HIPC_VEC_COMPOUND(%=, std::is_integral<V>::value)
  HIPC_VEC_COMPOUND(&=, std::is_integral<V>::value)
  HIPC_VEC_COMPOUND(|=, std::is_integral<V>::value)
  HIPC_VEC_COMPOUND(^=, std::is_integral<V>::value)
  HIPC_VEC_COMPOUND(>>=, std::is_integral<V>::value)
#undef HIPC_VEC_COMPOUND
  template <typename V = T,
            std::enable_if_t<std::is_integral<V>::value, int> = 0>
  __host__ __device__ HIP_vector_type& operator<<=(const HIP_vector_type& o) {
    for (unsigned i = 0; i < N; ++i)
      elems()[i] = hipc::shl(elems()[i], o.elems()[i]);
    return *this;
  }
  template <typename U, hipc::if_scalar<U, T> = 0, typename V = T,
            std::enable_if_t<std::is_integral<V>::value, int> = 0>
  __host__ __device__ HIP_vector_type& operator<<=(U s) {
    return *this <<= HIP_vector_type(s);
  }

  __host__ __device__ HIP_vector_type& operator++() {
    return *this += HIP_vector_type(1);
  }
  __host__ __device__ HIP_vector_type operator++(int) {
    HIP_vector_type old = *this;
    ++*this;
    return old;
  }
  __host__ __device__ HIP_vector_type& operator--() {
    return *this -= HIP_vector_type(1);
  }
  __host__ __device__ HIP_vector_type operator--(int) {
    HIP_vector_type old = *this;
    --*this;
    return old;
  }

  __host__ __device__ HIP_vector_type operator+() const { return *this; }
  template <typename V = T, std::enable_if_t<std::is_signed<V>::value, int> = 0>
  __host__ __device__ HIP_vector_type operator-() const {
    HIP_vector_type r;
    for (unsigned i = 0; i < N; ++i) r.elems()[i] = static_cast<T>(-elems()[i]);
    return r;
  }
  template <typename V = T,
            std::enable_if_t<std::is_integral<V>::value, int> = 0>
  __host__ __device__ HIP_vector_type operator~() const {
    HIP_vector_type r;
    for (unsigned i = 0; i < N; ++i) r.elems()[i] = static_cast<T>(~elems()[i]);
    return r;
  }
};

// Binary operators: vector op vector, vector op scalar, scalar op vector.
#define HIPC_VEC_BINARY(op, cond)                                          \
  template <typename T, unsigned N, std::enable_if_t<cond, int> = 0>       \
  __host__ __device__ inline HIP_vector_type<T, N> operator op(            \
      const HIP_vector_type<T, N>& a, const HIP_vector_type<T, N>& b) {    \
    HIP_vector_type<T, N> r = a;                                           \
    return r op## = b;                                                     \
  }                                                                        \
  template <typename T, unsigned N, typename U, hipc::if_scalar<U, T> = 0, \
            std::enable_if_t<cond, int> = 0>                               \
  __host__ __device__ inline HIP_vector_type<T, N> operator op(            \
      const HIP_vector_type<T, N>& a, U s) {                               \
    HIP_vector_type<T, N> r = a;                                           \
    return r op## = HIP_vector_type<T, N>(s);                              \
  }                                                                        \
  template <typename T, unsigned N, typename U, hipc::if_scalar<U, T> = 0, \
            std::enable_if_t<cond, int> = 0>                               \
  __host__ __device__ inline HIP_vector_type<T, N> operator op(            \
      U s, const HIP_vector_type<T, N>& b) {                               \
    HIP_vector_type<T, N> r(s);                                            \
    return r op## = b;                                                     \
  }
HIPC_VEC_BINARY(+, true)
HIPC_VEC_BINARY(-, true)
HIPC_VEC_BINARY(*, true)
HIPC_VEC_BINARY(/, true)
HIPC_VEC_BINARY(%, std::is_integral<T>::value)
HIPC_VEC_BINARY(&, std::is_integral<T>::value)
HIPC_VEC_BINARY(|, std::is_integral<T>::value)
HIPC_VEC_BINARY(^, std::is_integral<T>::value)
HIPC_VEC_BINARY(<<, std::is_integral<T>::value)
HIPC_VEC_BINARY(>>, std::is_integral<T>::value)
#undef HIPC_VEC_BINARY

// == is true when every component is equal, != when any differs (HIP's
// rule: one bool, not a vector of results).
template <typename T, unsigned N>
__host__ __device__ inline bool operator==(const HIP_vector_type<T, N>& a,
                                           const HIP_vector_type<T, N>& b) {
  bool eq = true;
  for (unsigned i = 0; i < N; ++i) eq = eq && a.elems()[i] == b.elems()[i];
  return eq;
}
template <typename T, unsigned N, typename U, hipc::if_scalar<U, T> = 0>
__host__ __device__ inline bool operator==(const HIP_vector_type<T, N>& a,
                                           U s) {
  return a == HIP_vector_type<T, N>(s);
}
template <typename T, unsigned N, typename U, hipc::if_scalar<U, T> = 0>
__host__ __device__ inline bool operator==(U s,
                                           const HIP_vector_type<T, N>& b) {
  return HIP_vector_type<T, N>(s) == b;
}
template <typename T, unsigned N>
__host__ __device__ inline bool operator!=(const HIP_vector_type<T, N>& a,
                                           const HIP_vector_type<T, N>& b) {
  return !(a == b);
}
template <typename T, unsigned N, typename U, hipc::if_scalar<U, T> = 0>
__host__ __device__ inline bool operator!=(const HIP_vector_type<T, N>& a,
                                           U s) {
  return !(a == s);
}
template <typename T, unsigned N, typename U, hipc::if_scalar<U, T> = 0>
__host__ __device__ inline bool operator!=(U s,
                                           const HIP_vector_type<T, N>& b) {
  return !(s == b);
}

#define HIPC_VEC_TYPES(name, T)                                           \
  typedef HIP_vector_type<T, 1> name##1;                                  \
  typedef HIP_vector_type<T, 2> name##2;                                  \
  typedef HIP_vector_type<T, 3> name##3;                                  \
  typedef HIP_vector_type<T, 4> name##4;                                  \
  __host__ __device__ inline name##1 make_##name##1(T x) {                \
    name##1 r;                                                            \
    r.x = x;                                                              \
    return r;                                                             \
  }                                                                       \
  __host__ __device__ inline name##2 make_##name##2(T x, T y) {           \
    return name##2(x, y);                                                 \
  }                                                                       \
  __host__ __device__ inline name##3 make_##name##3(T x, T y, T z) {      \
    return name##3(x, y, z);                                              \
  }                                                                       \
  __host__ __device__ inline name##4 make_##name##4(T x, T y, T z, T w) { \
    return name##4(x, y, z, w);                                           \
  }

#else /* C */

#define HIPC_VEC_TYPES(name, T)                              \
  typedef struct __attribute__((aligned(sizeof(T)))) {       \
    T x;                                                     \
  } name##1;                                                 \
  typedef struct __attribute__((aligned(2 * sizeof(T)))) {   \
    T x, y;                                                  \
  } name##2;                                                 \
  typedef struct {                                           \
    T x, y, z;                                               \
  } name##3;                                                 \
  typedef struct __attribute__((aligned(4 * sizeof(T)))) {   \
    T x, y, z, w;                                            \
  } name##4;                                                 \
  static inline name##1 make_##name##1(T x) {                \
    name##1 r = {x};                                         \
    return r;                                                \
  }                                                          \
  static inline name##2 make_##name##2(T x, T y) {           \
    name##2 r = {x, y};                                      \
    return r;                                                \
  }                                                          \
  static inline name##3 make_##name##3(T x, T y, T z) {      \
    name##3 r = {x, y, z};                                   \
    return r;                                                \
  }                                                          \
  static inline name##4 make_##name##4(T x, T y, T z, T w) { \
    name##4 r = {x, y, z, w};                                \
    return r;                                                \
  }

#endif /* __cplusplus */

HIPC_VEC_TYPES(char, char)
HIPC_VEC_TYPES(uchar, unsigned char)
HIPC_VEC_TYPES(short, short)
HIPC_VEC_TYPES(ushort, unsigned short)
HIPC_VEC_TYPES(int, int)
HIPC_VEC_TYPES(uint, unsigned int)
HIPC_VEC_TYPES(long, long)
HIPC_VEC_TYPES(ulong, unsigned long)
HIPC_VEC_TYPES(longlong, long long)
HIPC_VEC_TYPES(ulonglong, unsigned long long)
HIPC_VEC_TYPES(float, float)
HIPC_VEC_TYPES(double, double)
#undef HIPC_VEC_TYPES

#endif /* HIPC_VECTOR_TYPES_H */
