// hipcc's device pass: the GPU half, which defines HIPC_WARP_H (so the CPU
// code below is skipped).
#if defined(__NVPTX__) && defined(__HIPC_KC__)
#include "hip/hipc/warp_kc.h"
#elif defined(__NVPTX__)
#include "hip/hipc/warp_nvptx.h"
#endif
// Warp functions: shuffles, votes, masks. 64-bit masks at every warp size.
//
// On the CPU device the lanes of a warp meet in hipc_cpu_warp_exchange():
// each deposits a 64-bit word and gets back a snapshot of every lane's word,
// from which it computes its own result here, inline.
#ifndef HIPC_WARP_H
#define HIPC_WARP_H

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
// The collective waits for the lanes of `mask` (the _sync forms) or, by
// default, for the whole warp.
template <typename T>
inline T shuffle(T v, int src, site where, uint64_t mask = ~0ull) {
  const hipc_warp_snapshot* s =
      hipc_cpu_warp_exchange_mask(to_bits(v), where.id, mask);
  return src < 0 ? v : from_bits<T>(s->value[src]);
}

// The first lane of the `width`-wide segment that holds the calling lane.
inline int segment_base(int lane, int width) { return lane & ~(width - 1); }

// The lane each shuffle reads, or -1 for the caller's own value.
inline int src_idx(int src_lane, int width) {
  return segment_base(lane_id(), width) + (src_lane & (width - 1));
}
inline int src_up(unsigned delta, int width) {
  int lane = lane_id();
  int src = lane - static_cast<int>(delta);
  return src < segment_base(lane, width) ? -1 : src;
}
inline int src_down(unsigned delta, int width) {
  int lane = lane_id();
  bool out = (lane & (width - 1)) + delta >= static_cast<unsigned>(width);
  return out ? -1 : lane + static_cast<int>(delta);
}
inline int src_xor(int lane_mask, int width) {
  int lane = lane_id();
  int src = lane ^ lane_mask;
  int end = segment_base(lane, width) + width;
  return src >= end || src < 0 ? -1 : src;
}

}  // namespace hipc

template <typename T>
inline hipc::shuffleable<T> __shfl(T var, int src_lane, int width = warpSize,
                                   hipc::site where = HIPC_SITE) {
  return hipc::shuffle(var, hipc::src_idx(src_lane, width), where);
}

template <typename T>
inline hipc::shuffleable<T> __shfl_up(T var, unsigned int delta,
                                      int width = warpSize,
                                      hipc::site where = HIPC_SITE) {
  return hipc::shuffle(var, hipc::src_up(delta, width), where);
}

template <typename T>
inline hipc::shuffleable<T> __shfl_down(T var, unsigned int delta,
                                        int width = warpSize,
                                        hipc::site where = HIPC_SITE) {
  return hipc::shuffle(var, hipc::src_down(delta, width), where);
}

template <typename T>
inline hipc::shuffleable<T> __shfl_xor(T var, int lane_mask,
                                       int width = warpSize,
                                       hipc::site where = HIPC_SITE) {
  return hipc::shuffle(var, hipc::src_xor(lane_mask, width), where);
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

// The _sync forms, __match_*, __reduce_*_sync and __syncwarp.
#include "hip/hipc/warp_sync.h"

#endif  // HIPC_WARP_H
