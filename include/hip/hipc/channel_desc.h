// hipCreateChannelDesc<T>(): the channel format of an element type, for
// hipMallocArray and the resource descriptors. The scalar types char,
// signed char, unsigned char, short, unsigned short, int, unsigned int and
// float, and their 1-, 2- and 4-component vector types, have a format; any
// other type gets {0, 0, 0, 0, hipChannelFormatKindNone}, as in HIP.
// Included by hip/hip_runtime_api.h in C++.
#ifndef HIPC_CHANNEL_DESC_H
#define HIPC_CHANNEL_DESC_H

#include "hip/hip_vector_types.h"

namespace hipc {
template <typename T>
struct channel_of {
  static constexpr int bits = 0, count = 0;
  static constexpr hipChannelFormatKind kind = hipChannelFormatKindNone;
};
template <typename T, hipChannelFormatKind K>
struct channel_scalar {
  static constexpr int bits = 8 * static_cast<int>(sizeof(T)), count = 1;
  static constexpr hipChannelFormatKind kind = K;
};
// char is signed on the platforms hipc runs on, as HIP assumes.
template <> struct channel_of<char>
    : channel_scalar<char, hipChannelFormatKindSigned> {};
template <> struct channel_of<signed char>
    : channel_scalar<signed char, hipChannelFormatKindSigned> {};
template <> struct channel_of<unsigned char>
    : channel_scalar<unsigned char, hipChannelFormatKindUnsigned> {};
template <> struct channel_of<short>
    : channel_scalar<short, hipChannelFormatKindSigned> {};
template <> struct channel_of<unsigned short>
    : channel_scalar<unsigned short, hipChannelFormatKindUnsigned> {};
template <> struct channel_of<int>
    : channel_scalar<int, hipChannelFormatKindSigned> {};
template <> struct channel_of<unsigned int>
    : channel_scalar<unsigned int, hipChannelFormatKindUnsigned> {};
template <> struct channel_of<float>
    : channel_scalar<float, hipChannelFormatKindFloat> {};
template <typename T, unsigned N>
struct channel_of<HIP_vector_type<T, N>> {
  static constexpr bool ok = N != 3 && channel_of<T>::count == 1;
  static constexpr int bits = ok ? channel_of<T>::bits : 0;
  static constexpr int count = ok ? static_cast<int>(N) : 0;
  static constexpr hipChannelFormatKind kind =
      ok ? channel_of<T>::kind : hipChannelFormatKindNone;
};
}  // namespace hipc

template <typename T>
inline hipChannelFormatDesc hipCreateChannelDesc() {
  using C = hipc::channel_of<T>;
  return hipCreateChannelDesc(C::bits, C::count > 1 ? C::bits : 0,
                              C::count > 2 ? C::bits : 0,
                              C::count > 3 ? C::bits : 0, C::kind);
}

// 16-bit floating-point channels.
inline hipChannelFormatDesc hipCreateChannelDescHalf() {
  return hipCreateChannelDesc(16, 0, 0, 0, hipChannelFormatKindFloat);
}
inline hipChannelFormatDesc hipCreateChannelDescHalf1() {
  return hipCreateChannelDescHalf();
}
inline hipChannelFormatDesc hipCreateChannelDescHalf2() {
  return hipCreateChannelDesc(16, 16, 0, 0, hipChannelFormatKindFloat);
}
inline hipChannelFormatDesc hipCreateChannelDescHalf4() {
  return hipCreateChannelDesc(16, 16, 16, 16, hipChannelFormatKindFloat);
}

#endif  // HIPC_CHANNEL_DESC_H
