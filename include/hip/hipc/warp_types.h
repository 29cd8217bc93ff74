// The argument types the warp functions take, shared by the CPU half
// (warp_sync.h), the GPU pass (warp_nvptx.h) and the CPU device's clang
// pass (warp_kc.h). constexpr: in clang's CUDA mode that makes them host
// and device functions alike.
#ifndef HIPC_WARP_TYPES_H
#define HIPC_WARP_TYPES_H

#include <cstdint>
#include <type_traits>

namespace hipc {

// A `_sync` function's mask: a 64-bit integer, as in HIP (a 32-bit one is a
// compile error rather than a silently truncated mask).
template <typename MaskT>
constexpr uint64_t sync_mask(MaskT mask) {
  static_assert(std::is_integral<MaskT>::value && sizeof(MaskT) == 8,
                "the mask of a HIP _sync warp function must be a 64-bit "
                "integer (unsigned long long), e.g. __activemask() or ~0ull");
  return static_cast<uint64_t>(mask);
}

// The types __match_any / __match_all take: 32- and 64-bit integers,
// float, double. Values are compared as bit patterns.
template <typename T>
using matchable = std::enable_if_t<
    (std::is_integral<T>::value && (sizeof(T) == 4 || sizeof(T) == 8)) ||
        std::is_same<T, float>::value || std::is_same<T, double>::value,
    unsigned long long>;

// The types of HIP's __reduce_*_sync: int, unsigned, long long, unsigned
// long long, and float or double for add, min and max.
template <typename T>
constexpr bool reduce_logic_type() {
  return std::is_same<T, int>::value || std::is_same<T, unsigned>::value ||
         std::is_same<T, long long>::value ||
         std::is_same<T, unsigned long long>::value;
}
template <typename T>
constexpr bool reduce_arith_type() {
  return reduce_logic_type<T>() || std::is_same<T, float>::value ||
         std::is_same<T, double>::value;
}

}  // namespace hipc

#endif  // HIPC_WARP_TYPES_H
