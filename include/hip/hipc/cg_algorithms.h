// cooperative_groups::reduce, inclusive_scan and exclusive_scan over a tile
// or a coalesced group, with the functors plus, less, greater, bit_and,
// bit_or and bit_xor of hip/hipc/cg_shared.h (included by
// hip/hip_cooperative_groups.h).
//
// Each member gathers every member's value through the warp rendezvous
// (lane_group::gather) and computes its own result, in rank order.
#ifndef HIPC_CG_ALGORITHMS_H
#define HIPC_CG_ALGORITHMS_H

#include <limits>
#include <type_traits>
#include <utility>

namespace cooperative_groups {

// The operation folded over every member's value, in rank order; every
// member gets the result.
template <typename Group, typename T, typename Op,
          detail::lane_group_only<Group> = 0>
std::decay_t<T> reduce(const Group& g, T&& val, Op&& op,
                       ::hipc::site where = HIPC_SITE) {
  using V = std::decay_t<T>;
  V all[64]{};
  uint32_t n = g.gather(static_cast<V>(val), all, where);
  V r = all[0];
  for (uint32_t i = 1; i < n; ++i) r = op(r, all[i]);
  return r;
}

// The operation folded over the values of the members up to and including
// the caller (inclusive) or before it (exclusive).
template <typename Group, typename T, typename Op,
          detail::lane_group_only<Group> = 0>
std::decay_t<T> inclusive_scan(const Group& g, T&& val, Op&& op,
                               ::hipc::site where = HIPC_SITE) {
  using V = std::decay_t<T>;
  V all[64]{};
  g.gather(static_cast<V>(val), all, where);
  V r = all[0];
  for (uint32_t i = 1; i <= g.thread_rank(); ++i) r = op(r, all[i]);
  return r;
}

template <typename Group, typename T, typename Op,
          detail::lane_group_only<Group> = 0>
std::decay_t<T> exclusive_scan(const Group& g, T&& val, Op&& op,
                               ::hipc::site where = HIPC_SITE) {
  using V = std::decay_t<T>;
  V all[64]{};
  g.gather(static_cast<V>(val), all, where);
  uint32_t rank = g.thread_rank();
  if (rank == 0) return detail::identity<V, std::decay_t<Op>>::get();
  V r = all[0];
  for (uint32_t i = 1; i < rank; ++i) r = op(r, all[i]);
  return r;
}

// Without an operation: plus.
template <typename Group, typename T, detail::lane_group_only<Group> = 0>
std::decay_t<T> inclusive_scan(const Group& g, T&& val,
                               ::hipc::site where = HIPC_SITE) {
  return inclusive_scan(g, std::forward<T>(val), plus<std::decay_t<T>>(),
                        where);
}

template <typename Group, typename T, detail::lane_group_only<Group> = 0>
std::decay_t<T> exclusive_scan(const Group& g, T&& val,
                               ::hipc::site where = HIPC_SITE) {
  return exclusive_scan(g, std::forward<T>(val), plus<std::decay_t<T>>(),
                        where);
}

}  // namespace cooperative_groups

#endif  // HIPC_CG_ALGORITHMS_H
