// Types of hipCUB's API: NullType, KeyValuePair, DoubleBuffer, Uninitialized,
// Traits (util_traits.hpp) and small helpers.
#ifndef HIPCUB_UTIL_TYPE_HPP
#define HIPCUB_UTIL_TYPE_HPP

#include "hipcub/config.hpp"
#include "hipcub/util/util_traits.hpp"

#include <hip/hip_fp16.h>

#include <cstring>

BEGIN_HIPCUB_NAMESPACE

struct NullType {
  template <typename T>
  HIPCUB_HOST_DEVICE NullType& operator=(const T&) { return *this; }
  HIPCUB_HOST_DEVICE bool operator==(const NullType&) const { return true; }
  HIPCUB_HOST_DEVICE bool operator!=(const NullType&) const { return false; }
};

template <typename Key, typename Value>
struct KeyValuePair {
  typedef Key Key_t;
  typedef Value Value_t;
  Key key;
  Value value;
  HIPCUB_HOST_DEVICE KeyValuePair() = default;
  HIPCUB_HOST_DEVICE KeyValuePair(const Key& k, const Value& v)
      : key(k), value(v) {}
  HIPCUB_HOST_DEVICE bool operator!=(const KeyValuePair& b) const {
    return value != b.value || key != b.key;
  }
  HIPCUB_HOST_DEVICE bool operator==(const KeyValuePair& b) const {
    return !(*this != b);
  }
};

// A pair of buffers for the ping-pong sorts; `selector` names the current.
template <typename T>
struct DoubleBuffer {
  T* d_buffers[2];
  int selector;
  HIPCUB_HOST_DEVICE DoubleBuffer() : d_buffers{nullptr, nullptr}, selector(0) {}
  HIPCUB_HOST_DEVICE DoubleBuffer(T* current, T* alternate)
      : d_buffers{current, alternate}, selector(0) {}
  HIPCUB_HOST_DEVICE T* Current() { return d_buffers[selector]; }
  HIPCUB_HOST_DEVICE T* Alternate() { return d_buffers[selector ^ 1]; }
};

// Storage for a T that has no constructor run (for __shared__ unions).
template <typename T>
struct Uninitialized {
  alignas(T) unsigned char storage[sizeof(T)];
  HIPCUB_HOST_DEVICE T& Alias() { return *reinterpret_cast<T*>(storage); }
};

namespace detail {
// Storage of N items of T without constructors.
template <typename T, int N>
struct raw_array {
  alignas(T) unsigned char bytes[sizeof(T) * (N > 0 ? N : 1)];
  HIPCUB_HOST_DEVICE T* data() { return reinterpret_cast<T*>(bytes); }
  HIPCUB_HOST_DEVICE T& operator[](int i) { return data()[i]; }
};

template <typename T>
struct unsigned_bits_of;
template <> struct unsigned_bits_of<char> { typedef unsigned char type; };
template <> struct unsigned_bits_of<signed char> { typedef unsigned char type; };
template <> struct unsigned_bits_of<unsigned char> { typedef unsigned char type; };
template <> struct unsigned_bits_of<bool> { typedef unsigned char type; };
template <> struct unsigned_bits_of<short> { typedef unsigned short type; };
template <> struct unsigned_bits_of<unsigned short> { typedef unsigned short type; };
template <> struct unsigned_bits_of<int> { typedef unsigned int type; };
template <> struct unsigned_bits_of<unsigned int> { typedef unsigned int type; };
template <> struct unsigned_bits_of<long> { typedef unsigned long type; };
template <> struct unsigned_bits_of<unsigned long> { typedef unsigned long type; };
template <> struct unsigned_bits_of<long long> { typedef unsigned long long type; };
template <> struct unsigned_bits_of<unsigned long long> { typedef unsigned long long type; };
template <> struct unsigned_bits_of<float> { typedef unsigned int type; };
template <> struct unsigned_bits_of<double> { typedef unsigned long long type; };
template <> struct unsigned_bits_of<__half> { typedef unsigned short type; };

// A key's bits in an order where unsigned comparison is the key's order
// (sign bit flipped for signed integers; for floats, all bits of negatives
// and the sign bit of the others), the radix sorts' digits come from this.
template <typename Key>
struct radix_key {
  typedef typename unsigned_bits_of<Key>::type bits;
  static constexpr bool is_float =
      std::is_floating_point<Key>::value || std::is_same<Key, __half>::value;
  static constexpr bool is_signed = std::is_signed<Key>::value || is_float;
  static constexpr bits high = bits(bits(1) << (sizeof(bits) * 8 - 1));
  HIPCUB_HOST_DEVICE static bits encode(Key k) {
    bits b;
    __builtin_memcpy(&b, &k, sizeof(b));
    if (is_float) return (b & high) ? bits(~b) : bits(b ^ high);
    if (is_signed) return bits(b ^ high);
    return b;
  }
  HIPCUB_HOST_DEVICE static Key decode(bits b) {
    if (is_float) b = (b & high) ? bits(b ^ high) : bits(~b);
    else if (is_signed) b = bits(b ^ high);
    Key k;
    __builtin_memcpy(&k, &b, sizeof(b));
    return k;
  }
};

// A trivially copyable T moved through 32-bit shuffles, word by word.
template <typename T>
HIPCUB_DEVICE __forceinline__ T shfl_down_any(T v, unsigned delta, int width) {
  if constexpr (std::is_arithmetic<T>::value && sizeof(T) <= 8) {
    return __shfl_down(v, delta, width);
  } else {
    constexpr int words = (sizeof(T) + 3) / 4;
    unsigned int w[words] = {};
    __builtin_memcpy(w, &v, sizeof(T));
    for (int i = 0; i < words; ++i) w[i] = __shfl_down(w[i], delta, width);
    T r;
    __builtin_memcpy(&r, w, sizeof(T));
    return r;
  }
}
template <typename T>
HIPCUB_DEVICE __forceinline__ T shfl_up_any(T v, unsigned delta, int width) {
  if constexpr (std::is_arithmetic<T>::value && sizeof(T) <= 8) {
    return __shfl_up(v, delta, width);
  } else {
    constexpr int words = (sizeof(T) + 3) / 4;
    unsigned int w[words] = {};
    __builtin_memcpy(w, &v, sizeof(T));
    for (int i = 0; i < words; ++i) w[i] = __shfl_up(w[i], delta, width);
    T r;
    __builtin_memcpy(&r, w, sizeof(T));
    return r;
  }
}
template <typename T>
HIPCUB_DEVICE __forceinline__ T shfl_any(T v, int src, int width) {
  if constexpr (std::is_arithmetic<T>::value && sizeof(T) <= 8) {
    return __shfl(v, src, width);
  } else {
    constexpr int words = (sizeof(T) + 3) / 4;
    unsigned int w[words] = {};
    __builtin_memcpy(w, &v, sizeof(T));
    for (int i = 0; i < words; ++i) w[i] = __shfl(w[i], src, width);
    T r;
    __builtin_memcpy(&r, w, sizeof(T));
    return r;
  }
}

// The run-time width of a logical warp of `logical` lanes.
HIPCUB_DEVICE __forceinline__ int warp_width(int logical) {
  int hw = warpSize;
  return logical < hw ? logical : hw;
}

// The value type of an input iterator or pointer.
template <typename It>
using value_t = typename std::iterator_traits<It>::value_type;

// The value type an output iterator takes, or `Fallback` where it has none
// (discard iterators, back inserters).
template <typename It, typename Fallback>
struct output_value {
  typedef typename std::iterator_traits<It>::value_type v;
  typedef typename std::conditional<std::is_void<v>::value, Fallback, v>::type
      type;
};
}  // namespace detail

template <typename T>
HIPCUB_HOST_DEVICE constexpr T DivideAndRoundUp(T n, T d) {
  return (n + d - 1) / d;
}

END_HIPCUB_NAMESPACE

#endif  // HIPCUB_UTIL_TYPE_HPP
