// hipCUB's Traits<T> and NumericTraits<T>: a type's category and the radix
// sorts' bit twiddling (TwiddleIn makes unsigned order the key's order,
// TwiddleOut undoes it), as CUB's. Programs that sort bits themselves (top-k
// selections, radix passes of their own) use these.
#ifndef HIPCUB_UTIL_TRAITS_HPP
#define HIPCUB_UTIL_TRAITS_HPP

#include "hipcub/config.hpp"

#include <hip/hip_bf16.h>
#include <hip/hip_bfloat16.h>
#include <hip/hip_fp16.h>

BEGIN_HIPCUB_NAMESPACE

enum Category { NOT_A_NUMBER, SIGNED_INTEGER, UNSIGNED_INTEGER, FLOATING_POINT };

template <Category C, bool Primitive, bool Null, typename Bits, typename T>
struct BaseTraits {
  static constexpr Category CATEGORY = C;
  enum { PRIMITIVE = Primitive, NULL_TYPE = Null };
};

// Unsigned integers: their bits are their order.
template <typename Bits, typename T>
struct BaseTraits<UNSIGNED_INTEGER, true, false, Bits, T> {
  typedef Bits UnsignedBits;
  static constexpr Category CATEGORY = UNSIGNED_INTEGER;
  static constexpr Bits LOWEST_KEY = Bits(0);
  static constexpr Bits MAX_KEY = Bits(~Bits(0));
  enum { PRIMITIVE = true, NULL_TYPE = false };
  HIPCUB_HOST_DEVICE static Bits TwiddleIn(Bits key) { return key; }
  HIPCUB_HOST_DEVICE static Bits TwiddleOut(Bits key) { return key; }
  HIPCUB_HOST_DEVICE static T Max() { return T(MAX_KEY); }
  HIPCUB_HOST_DEVICE static T Lowest() { return T(LOWEST_KEY); }
};

// Signed integers: the sign bit flipped.
template <typename Bits, typename T>
struct BaseTraits<SIGNED_INTEGER, true, false, Bits, T> {
  typedef Bits UnsignedBits;
  static constexpr Category CATEGORY = SIGNED_INTEGER;
  static constexpr Bits HIGH_BIT = Bits(Bits(1) << (sizeof(Bits) * 8 - 1));
  static constexpr Bits LOWEST_KEY = HIGH_BIT;
  static constexpr Bits MAX_KEY = Bits(~HIGH_BIT);
  enum { PRIMITIVE = true, NULL_TYPE = false };
  HIPCUB_HOST_DEVICE static Bits TwiddleIn(Bits key) { return Bits(key ^ HIGH_BIT); }
  HIPCUB_HOST_DEVICE static Bits TwiddleOut(Bits key) { return Bits(key ^ HIGH_BIT); }
  HIPCUB_HOST_DEVICE static T Max() { T v; __builtin_memcpy(&v, &MAX_KEY, sizeof(T)); return v; }
  HIPCUB_HOST_DEVICE static T Lowest() { T v; __builtin_memcpy(&v, &LOWEST_KEY, sizeof(T)); return v; }
};

// Floating point: every bit of negatives flipped, the sign bit of the rest.
template <typename Bits, typename T>
struct BaseTraits<FLOATING_POINT, true, false, Bits, T> {
  typedef Bits UnsignedBits;
  static constexpr Category CATEGORY = FLOATING_POINT;
  static constexpr Bits HIGH_BIT = Bits(Bits(1) << (sizeof(Bits) * 8 - 1));
  static constexpr Bits LOWEST_KEY = Bits(~Bits(0));
  static constexpr Bits MAX_KEY = Bits(Bits(~Bits(0)) >> 1);
  enum { PRIMITIVE = true, NULL_TYPE = false };
  HIPCUB_HOST_DEVICE static Bits TwiddleIn(Bits key) {
    return Bits(key ^ ((key & HIGH_BIT) ? Bits(~Bits(0)) : HIGH_BIT));
  }
  HIPCUB_HOST_DEVICE static Bits TwiddleOut(Bits key) {
    return Bits(key ^ ((key & HIGH_BIT) ? HIGH_BIT : Bits(~Bits(0))));
  }
  HIPCUB_HOST_DEVICE static T Max() { return std::numeric_limits<T>::max(); }
  HIPCUB_HOST_DEVICE static T Lowest() { return std::numeric_limits<T>::lowest(); }
};

template <typename T>
struct NumericTraits : BaseTraits<NOT_A_NUMBER, false, false, T, T> {};

#define HIPCUB_NUMERIC_TRAITS(T, C, Bits) \
  template <>                             \
  struct NumericTraits<T> : BaseTraits<C, true, false, Bits, T> {};
HIPCUB_NUMERIC_TRAITS(char, (std::numeric_limits<char>::is_signed ? SIGNED_INTEGER : UNSIGNED_INTEGER), unsigned char)
HIPCUB_NUMERIC_TRAITS(signed char, SIGNED_INTEGER, unsigned char)
HIPCUB_NUMERIC_TRAITS(short, SIGNED_INTEGER, unsigned short)
HIPCUB_NUMERIC_TRAITS(int, SIGNED_INTEGER, unsigned int)
HIPCUB_NUMERIC_TRAITS(long, SIGNED_INTEGER, unsigned long)
HIPCUB_NUMERIC_TRAITS(long long, SIGNED_INTEGER, unsigned long long)
HIPCUB_NUMERIC_TRAITS(unsigned char, UNSIGNED_INTEGER, unsigned char)
HIPCUB_NUMERIC_TRAITS(unsigned short, UNSIGNED_INTEGER, unsigned short)
HIPCUB_NUMERIC_TRAITS(unsigned int, UNSIGNED_INTEGER, unsigned int)
HIPCUB_NUMERIC_TRAITS(unsigned long, UNSIGNED_INTEGER, unsigned long)
HIPCUB_NUMERIC_TRAITS(unsigned long long, UNSIGNED_INTEGER, unsigned long long)
HIPCUB_NUMERIC_TRAITS(bool, UNSIGNED_INTEGER, unsigned char)
HIPCUB_NUMERIC_TRAITS(float, FLOATING_POINT, unsigned int)
HIPCUB_NUMERIC_TRAITS(double, FLOATING_POINT, unsigned long long)
#undef HIPCUB_NUMERIC_TRAITS

// The 16-bit floats: bits as above, Max and Lowest from the bit patterns.
template <typename T>
struct half_traits : BaseTraits<FLOATING_POINT, true, false, unsigned short, T> {
  HIPCUB_HOST_DEVICE static T Max() { return from_bits(0x7f7f, 0x7bff); }
  HIPCUB_HOST_DEVICE static T Lowest() { return from_bits(0xff7f, 0xfbff); }

 private:
  HIPCUB_HOST_DEVICE static T from_bits(unsigned short bf16, unsigned short f16) {
    unsigned short b = std::is_same<T, __half>::value ? f16 : bf16;
    T v;
    __builtin_memcpy(&v, &b, sizeof(v));
    return v;
  }
};
template <> struct NumericTraits<__half> : half_traits<__half> {};
template <> struct NumericTraits<__hip_bfloat16> : half_traits<__hip_bfloat16> {};
template <> struct NumericTraits<hip_bfloat16> : half_traits<hip_bfloat16> {};

template <typename T>
struct Traits : NumericTraits<typename std::remove_cv<T>::type> {};

END_HIPCUB_NAMESPACE

#endif  // HIPCUB_UTIL_TRAITS_HPP
