// Warp functions: shuffles, votes, masks. 64-bit masks at every warp size.
//
// On the CPU device the lanes of a warp meet in hipc_cpu_warp_exchange():
// each deposits a 64-bit word and gets back a snapshot of every lane's word,
// from which it computes its own result here, inline.
#ifndef HIPC_WARP_H
#define HIPC_WARP_H

// hipcc's device pass (clang, NVPTX) uses the GPU half.
#if defined(__NVPTX__)
#include "hip/hipc/warp_nvptx.h"
#else

#include <cstdint>
#include <cstring>
#include <type_traits>

#include "hip/hipc/indices.h"
#include "hip/hipc/kernel.h"

namespace hipc {

// Where a warp function is called from: a default argument evaluated at the
// caller, so that lanes of a divergent warp that reach different
// collectives can tell them apart.
struct site {
  uintptr_t id;
  static uintptr_t make(const char* file, unsigned line) {
    return reinterpret_cast<uintptr_t>(file) * 31u + line;
  }
};
#define HIPC_SITE                                                   \
  ::hipc::site {                                                    \
    ::hipc::site::make(__builtin_FILE(), __builtin_LINE())          \
  }

inline int lane_id() {
  return static_cast<int>(hipc_thread_linear() & (hipc_tls.warp_size - 1));
}

template <typename T>
using shuffleable = std::enable_if_t<
    std::is_arithmetic<T>::value && (sizeof(T) <= sizeof(uint64_t)), T>;

template <typename T>
inline uint64_t to_bits(T v) {
  uint64_t b = 0;
  std::memcpy(&b, &v, sizeof(T));
  return b;
}

template <typename T>
inline T from_bits(uint64_t b) {
  T v;
  std::memcpy(&v, &b, sizeof(T));
  return v;
}

// Every lane deposits `v` and reads lane `src` (its own when src < 0).
template <typename T>
inline T shuffle(T v, int src, site where) {
  const hipc_warp_snapshot* s = hipc_cpu_warp_exchange(to_bits(v), where.id);
  return src < 0 ? v : from_bits<T>(s->value[src]);
}

// The first lane of the `width`-wide segment that holds the calling lane.
inline int segment_base(int lane, int width) { return lane & ~(width - 1); }

}  // namespace hipc

template <typename T>
inline hipc::shuffleable<T> __shfl(T var, int src_lane, int width = warpSize,
                                   hipc::site where = HIPC_SITE) {
  int lane = hipc::lane_id();
  return hipc::shuffle(
      var, hipc::segment_base(lane, width) + (src_lane & (width - 1)), where);
}

template <typename T>
inline hipc::shuffleable<T> __shfl_up(T var, unsigned int delta,
                                      int width = warpSize,
                                      hipc::site where = HIPC_SITE) {
  int lane = hipc::lane_id();
  int src = lane - static_cast<int>(delta);
  return hipc::shuffle(var, src < hipc::segment_base(lane, width) ? -1 : src,
                       where);
}

template <typename T>
inline hipc::shuffleable<T> __shfl_down(T var, unsigned int delta,
                                        int width = warpSize,
                                        hipc::site where = HIPC_SITE) {
  int lane = hipc::lane_id();
  bool out = (lane & (width - 1)) + delta >= static_cast<unsigned>(width);
  return hipc::shuffle(var, out ? -1 : lane + static_cast<int>(delta), where);
}

template <typename T>
inline hipc::shuffleable<T> __shfl_xor(T var, int lane_mask,
                                       int width = warpSize,
                                       hipc::site where = HIPC_SITE) {
  int lane = hipc::lane_id();
  int src = lane ^ lane_mask;
  int end = hipc::segment_base(lane, width) + width;
  return hipc::shuffle(var, src >= end || src < 0 ? -1 : src, where);
}

inline unsigned long long __ballot(int predicate,
                                   hipc::site where = HIPC_SITE) {
  return hipc_cpu_warp_exchange(predicate != 0, where.id)->nonzero;
}

inline int __any(int predicate, hipc::site where = HIPC_SITE) {
  return hipc_cpu_warp_exchange(predicate != 0, where.id)->nonzero != 0;
}

inline int __all(int predicate, hipc::site where = HIPC_SITE) {
  const hipc_warp_snapshot* s = hipc_cpu_warp_exchange(predicate != 0, where.id);
  return s->nonzero == s->active;
}

inline unsigned long long __activemask(hipc::site where = HIPC_SITE) {
  return hipc_cpu_warp_exchange(0, where.id)->active;
}

inline int __lane_id() { return hipc::lane_id(); }

#endif  // __NVPTX__

#endif  // HIPC_WARP_H
