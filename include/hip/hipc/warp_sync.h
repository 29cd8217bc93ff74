// Warp functions with a lane mask (the _sync forms), __match_any /
// __match_all, __reduce_*_sync and __syncwarp. Included by warp.h.
//
// The mask names the lanes that take part; as in HIP it must be a 64-bit
// integer (a static_assert says so otherwise) and every lane it names must
// make the same call with the same mask. On the CPU device such a call
// completes as soon as the lanes of the mask have arrived. Results only
// involve lanes that took part: a shuffle from a lane that did not reads 0
// (undefined in HIP), a ballot has no bit outside the mask, a reduction
// folds the lanes of the mask that arrived.
//
// HIP_DISABLE_WARP_SYNC_BUILTINS leaves out the _sync forms, as in HIP.
// __reduce_*_sync takes int, unsigned, long long, unsigned long long,
// float and double (arithmetic) and unsigned, int, long long, unsigned
// long long (logical): AMD's HIP wants HIP_ENABLE_EXTRA_WARP_SYNC_TYPES
// defined for all but int/unsigned and unsigned; hipc always takes them.
#ifndef HIPC_WARP_SYNC_H
#define HIPC_WARP_SYNC_H

#include <cstdint>
#include <type_traits>

#include "hip/hipc/sync.h"
#include "hip/hipc/warp.h"
#include "hip/hipc/warp_types.h"

namespace hipc {

inline unsigned long long match_any(const hipc_warp_snapshot* s,
                                    uint64_t lanes, uint64_t mine) {
  unsigned long long r = 0;
  for (uint64_t m = lanes; m; m &= m - 1) {
    int l = __builtin_ctzll(m);
    if (s->value[l] == mine) r |= 1ull << l;
  }
  return r;
}

inline unsigned long long match_all(const hipc_warp_snapshot* s,
                                    uint64_t lanes, uint64_t mine,
                                    int* pred) {
  bool same = match_any(s, lanes, mine) == lanes;
  if (pred) *pred = same;
  return same ? lanes : 0;
}


// Folds the values of the lanes of `mask` that arrived, in lane order.
// Integer additions wrap, as on a GPU.
template <typename T, typename Op>
inline T reduce(uint64_t mask, T var, site where, Op op) {
  const hipc_warp_snapshot* s =
      hipc_cpu_warp_exchange_mask(to_bits(var), where.id, mask);
  uint64_t lanes = mask & s->active;
  if (!lanes) return var;
  T acc = from_bits<T>(s->value[__builtin_ctzll(lanes)]);
  for (uint64_t m = lanes & (lanes - 1); m; m &= m - 1)
    acc = op(acc, from_bits<T>(s->value[__builtin_ctzll(m)]));
  return acc;
}

template <typename T>
inline T wrap_add(T a, T b) {
  if constexpr (std::is_integral<T>::value) {
    using U = std::make_unsigned_t<T>;
    return static_cast<T>(static_cast<U>(a) + static_cast<U>(b));
  } else {
    return a + b;
  }
}

}  // namespace hipc

template <typename T>
inline hipc::matchable<T> __match_any(T value, hipc::site where = HIPC_SITE) {
  uint64_t mine = hipc::to_bits(value);
  const hipc_warp_snapshot* s = hipc_cpu_warp_exchange(mine, where.id);
  return hipc::match_any(s, s->active, mine);
}

template <typename T>
inline hipc::matchable<T> __match_all(T value, int* pred,
                                      hipc::site where = HIPC_SITE) {
  uint64_t mine = hipc::to_bits(value);
  const hipc_warp_snapshot* s = hipc_cpu_warp_exchange(mine, where.id);
  return hipc::match_all(s, s->active, mine, pred);
}

// A warp barrier for the lanes of the mask; it orders their memory
// accesses as __threadfence_block does.
inline void __syncwarp(hipc::site where = HIPC_SITE) {
  hipc_cpu_warp_exchange(0, where.id);
  __threadfence_block();
}

#ifndef HIP_DISABLE_WARP_SYNC_BUILTINS

template <typename MaskT>
inline void __syncwarp(MaskT mask, hipc::site where = HIPC_SITE) {
  hipc_cpu_warp_exchange_mask(0, where.id, hipc::sync_mask(mask));
  __threadfence_block();
}

template <typename MaskT, typename T>
inline hipc::shuffleable<T> __shfl_sync(MaskT mask, T var, int src_lane,
                                        int width = warpSize,
                                        hipc::site where = HIPC_SITE) {
  return hipc::shuffle(var, hipc::src_idx(src_lane, width), where,
                       hipc::sync_mask(mask));
}

template <typename MaskT, typename T>
inline hipc::shuffleable<T> __shfl_up_sync(MaskT mask, T var,
                                           unsigned int delta,
                                           int width = warpSize,
                                           hipc::site where = HIPC_SITE) {
  return hipc::shuffle(var, hipc::src_up(delta, width), where,
                       hipc::sync_mask(mask));
}

template <typename MaskT, typename T>
inline hipc::shuffleable<T> __shfl_down_sync(MaskT mask, T var,
                                             unsigned int delta,
                                             int width = warpSize,
                                             hipc::site where = HIPC_SITE) {
  return hipc::shuffle(var, hipc::src_down(delta, width), where,
                       hipc::sync_mask(mask));
}

template <typename MaskT, typename T>
inline hipc::shuffleable<T> __shfl_xor_sync(MaskT mask, T var, int lane_mask,
                                            int width = warpSize,
                                            hipc::site where = HIPC_SITE) {
  return hipc::shuffle(var, hipc::src_xor(lane_mask, width), where,
                       hipc::sync_mask(mask));
}

template <typename MaskT>
inline unsigned long long __ballot_sync(MaskT mask, int predicate,
                                        hipc::site where = HIPC_SITE) {
  uint64_t m = hipc::sync_mask(mask);
  return hipc_cpu_warp_exchange_mask(predicate != 0, where.id, m)->nonzero &
         m;
}

template <typename MaskT>
inline int __any_sync(MaskT mask, int predicate,
                      hipc::site where = HIPC_SITE) {
  return __ballot_sync(mask, predicate, where) != 0;
}

template <typename MaskT>
inline int __all_sync(MaskT mask, int predicate,
                      hipc::site where = HIPC_SITE) {
  uint64_t m = hipc::sync_mask(mask);
  const hipc_warp_snapshot* s =
      hipc_cpu_warp_exchange_mask(predicate != 0, where.id, m);
  return (s->nonzero & m) == (s->active & m);
}

template <typename MaskT, typename T>
inline hipc::matchable<T> __match_any_sync(MaskT mask, T value,
                                           hipc::site where = HIPC_SITE) {
  uint64_t m = hipc::sync_mask(mask), mine = hipc::to_bits(value);
  const hipc_warp_snapshot* s = hipc_cpu_warp_exchange_mask(mine, where.id, m);
  return hipc::match_any(s, s->active & m, mine);
}

template <typename MaskT, typename T>
inline hipc::matchable<T> __match_all_sync(MaskT mask, T value, int* pred,
                                           hipc::site where = HIPC_SITE) {
  uint64_t m = hipc::sync_mask(mask), mine = hipc::to_bits(value);
  const hipc_warp_snapshot* s = hipc_cpu_warp_exchange_mask(mine, where.id, m);
  return hipc::match_all(s, s->active & m, mine, pred);
}

#define HIPC_REDUCE_ARITH(NAME, EXPR)                                       \
  template <typename MaskT, typename T>                                     \
  inline T NAME(MaskT mask, T var, hipc::site where = HIPC_SITE) {          \
    static_assert(hipc::reduce_arith_type<T>(),                             \
                  #NAME " takes int, unsigned, long long, unsigned long " \
                  "long, float or double");                                 \
    return hipc::reduce(hipc::sync_mask(mask), var, where,                  \
                        [](T a, T b) { return EXPR; });                     \
  }
#define HIPC_REDUCE_LOGIC(NAME, OP)                                         \
  template <typename MaskT, typename T>                                     \
  inline T NAME(MaskT mask, T var, hipc::site where = HIPC_SITE) {          \
    static_assert(hipc::reduce_logic_type<T>(),                             \
                  #NAME " takes unsigned, int, long long or unsigned "   \
                  "long long");                                             \
    return hipc::reduce(hipc::sync_mask(mask), var, where,                  \
                        [](T a, T b) { return static_cast<T>(a OP b); });   \
  }

HIPC_REDUCE_ARITH(__reduce_add_sync, hipc::wrap_add(a, b))
HIPC_REDUCE_ARITH(__reduce_min_sync, b < a ? b : a)
HIPC_REDUCE_ARITH(__reduce_max_sync, a < b ? b : a)
HIPC_REDUCE_LOGIC(__reduce_and_sync, &)
HIPC_REDUCE_LOGIC(__reduce_or_sync, |)
HIPC_REDUCE_LOGIC(__reduce_xor_sync, ^)

#undef HIPC_REDUCE_ARITH
#undef HIPC_REDUCE_LOGIC

#endif  // HIP_DISABLE_WARP_SYNC_BUILTINS

#endif  // HIPC_WARP_SYNC_H
