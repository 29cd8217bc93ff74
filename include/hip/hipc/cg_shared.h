// The parts of cooperative groups that are the same C++ on the CPU device
// and in hipcc's device pass: the partitions (each half's detail:: gives
// warp_width() and bad_tile_size()), tiles of a coalesced group, the free
// functions, the functors of the algorithms and what exclusive_scan starts
// from. Included by hip/hip_cooperative_groups.h (CPU) and
// hip/hipc/cg_nvptx.h (NVPTX) after their coalesced_group, with HIPC_CG_FN
// defined as each half qualifies its functions.
#ifndef HIPC_CG_SHARED_H
#define HIPC_CG_SHARED_H

#include <limits>
#include <type_traits>

namespace cooperative_groups {

// -- partitions

// The tile of `N` threads of `parent` (a thread_block, a tile or a
// thread_group) that holds the caller; meta_group_rank() is its index in
// the parent.
template <unsigned int N, typename ParentT>
HIPC_CG_FN thread_block_tile<N, ParentT> tiled_partition(
    const ParentT& parent) {
  return thread_block_tile<N, ParentT>(
      detail::lane_access::mask(parent), parent.thread_rank(), parent.size());
}

// The tile of `tile_size` threads (a power of two; anything else is
// detail::bad_tile_size()) of `parent` that holds the caller. Tiles wider
// than a warp sync the whole block.
HIPC_CG_FN thread_group tiled_partition(const thread_group& parent,
                                        unsigned int tile_size) {
  thread_group g(internal::cg_tiled_group, 0, 0);
  if (tile_size == 0 || (tile_size & (tile_size - 1))) detail::bad_tile_size();
  uint32_t n = tile_size;
  uint64_t pm = parent.mask_;
  uint32_t pr = parent.rank_, ps = parent.size_;
  if (pm) {
    g.mask_ = detail::rank_range(pm, pr / n * n, n);
  } else if (n <= detail::warp_width()) {
    g.mask_ = detail::tile_lanes(detail::lane(), n);
  }
  if (g.mask_) {
    g.size_ = detail::popc(g.mask_);
    g.rank_ = detail::popc(g.mask_ & detail::below(detail::lane()));
  } else {
    g.size_ = ps - pr / n * n < n ? ps - pr / n * n : n;
    g.rank_ = pr % n;
  }
  g.meta_rank_ = pr / n;
  g.meta_size_ = (ps + n - 1) / n;
  return g;
}

// Tiles of a coalesced group, by rank.
HIPC_CG_FN coalesced_group tiled_partition(const coalesced_group& parent,
                                           unsigned int tile_size) {
  uint32_t n = tile_size ? tile_size : 1;
  coalesced_group g(detail::rank_range(detail::lane_access::mask(parent),
                                       parent.thread_rank() / n * n, n));
  g.meta_rank_ = parent.thread_rank() / n;
  g.meta_size_ = (parent.size() + n - 1) / n;
  return g;
}

// -- free functions

template <typename G>
HIPC_CG_FN void sync(const G& g) {
  g.sync();
}
template <typename G>
HIPC_CG_FN auto group_size(const G& g) {
  return g.size();
}
template <typename G>
HIPC_CG_FN auto thread_rank(const G& g) {
  return g.thread_rank();
}

// -- the functors of reduce, inclusive_scan and exclusive_scan

template <typename T>
struct plus {
  HIPC_CG_FN T operator()(const T& a, const T& b) const { return a + b; }
};
template <typename T>
struct less {  // the smaller
  HIPC_CG_FN T operator()(const T& a, const T& b) const {
    return b < a ? b : a;
  }
};
template <typename T>
struct greater {  // the larger
  HIPC_CG_FN T operator()(const T& a, const T& b) const {
    return a < b ? b : a;
  }
};
template <typename T>
struct bit_and {
  HIPC_CG_FN T operator()(const T& a, const T& b) const { return a & b; }
};
template <typename T>
struct bit_or {
  HIPC_CG_FN T operator()(const T& a, const T& b) const { return a | b; }
};
template <typename T>
struct bit_xor {
  HIPC_CG_FN T operator()(const T& a, const T& b) const { return a ^ b; }
};

namespace detail {
// What exclusive_scan gives the first member: the operation's identity
// (AMD's choice), T{} for any other operation.
template <typename T, typename Op>
struct identity {
  static HIPC_CG_FN T get() { return T{}; }
};
template <typename T>
struct identity<T, less<T>> {
  static HIPC_CG_FN T get() {
    return std::numeric_limits<T>::has_infinity
               ? std::numeric_limits<T>::infinity()
               : std::numeric_limits<T>::max();
  }
};
template <typename T>
struct identity<T, greater<T>> {
  static HIPC_CG_FN T get() {
    return std::numeric_limits<T>::has_infinity
               ? -std::numeric_limits<T>::infinity()
               : std::numeric_limits<T>::lowest();
  }
};
template <typename T>
struct identity<T, bit_and<T>> {
  static HIPC_CG_FN T get() { return static_cast<T>(~T{}); }
};

template <typename Group>
using lane_group_only =
    std::enable_if_t<std::is_base_of<lane_group, Group>::value, int>;
}  // namespace detail

}  // namespace cooperative_groups

#endif  // HIPC_CG_SHARED_H
