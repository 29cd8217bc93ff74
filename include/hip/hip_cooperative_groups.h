// Cooperative groups: namespace cooperative_groups (HIP's
// hip_cooperative_groups.h).
//
// Thin C++ over the CPU device's scheduler: a thread_block syncs with
// __syncthreads; tiles of up to a warp and coalesced groups are sets of
// lanes of one warp (a 64-bit lane mask) whose collectives go through the
// warp rendezvous (hipc_cpu_warp_exchange, hip/hipc/warp.h), each lane
// computing its own result from the snapshot of every lane's value; the
// grid and multi-grid groups sync through the cooperative launch's
// barriers (hip/hipc/coop.h, src/backend/cpu/coop.c).
// hipcc's device pass: the GPU half (hip/hipc/cg_nvptx.h), which defines
// HIP_COOPERATIVE_GROUPS_H (so the CPU code below is skipped).
//
// kc's CPU device pass (__HIPC_KC__) uses this CPU half too, so that both
// compiles of a kernel for the CPU device behave alike: there every
// function is __host__ __device__ (the pragma below), and what the CPU
// device keeps in hipc_tls is read through the accessors of detail::
// (hip/hipc/cg_kc.h: the NVPTX special registers, which kc lowers to
// hipc_tls, and libhipc's hipc_kc_* functions).
#if defined(__NVPTX__) && !defined(__HIPC_KC__)
#include "hip/hipc/cg_nvptx.h"
#endif
#ifndef HIP_COOPERATIVE_GROUPS_H
#define HIP_COOPERATIVE_GROUPS_H

#include "hip/hip_runtime.h"

#include <cstdint>
#include <type_traits>

#include "hip/hipc/coop.h"

#include "hip/hipc/cg_types.h"

#if defined(__HIPC_KC__)
#include "hip/hipc/cg_kc.h"
#endif
#if defined(__HIPC_KC__) || defined(__HIPC_CLANG_HOST__)
#pragma clang force_cuda_host_device begin
#endif

namespace cooperative_groups {

namespace detail {

#if !defined(__HIPC_KC__)
// What the CPU device keeps per thread (hip/hipc/kernel.h).
inline dim3 block_dim() { return hipc_tls.block_dim; }
inline dim3 block_idx() { return hipc_tls.block_idx; }
inline dim3 grid_dim() { return hipc_tls.grid_dim; }
inline dim3 thread_idx() { return hipc_tls.thread_idx; }
inline uint32_t linear_tid() { return hipc_thread_linear(); }
inline uint32_t warp_size() {
  return static_cast<uint32_t>(::hipc::warp_size());
}
inline const hipc_coop_info* coop() { return hipc_tls.coop; }
inline const hipc_warp_snapshot* exchange(uint64_t v, uintptr_t site) {
  return hipc_cpu_warp_exchange(v, site);
}
inline void syncthreads() { hipc_cpu_syncthreads(); }
inline void grid_sync(int multi) { hipc_cpu_grid_sync(multi); }
inline void kernel_error(const char* msg) { hipc_cpu_kernel_error(msg); }
#endif

// A value a tile or a coalesced group can shuffle: up to 8 bytes, copied
// bit for bit.
template <typename T>
using shuffleable = std::enable_if_t<
    std::is_trivially_copyable<T>::value && (sizeof(T) <= 8), T>;

inline uint32_t popc(uint64_t m) {
  return static_cast<uint32_t>(__builtin_popcountll(m));
}
// Lanes below `lane`.
inline uint64_t below(uint32_t lane) {
  return lane ? ~0ull >> (64 - lane) : 0;
}
// The lane of the i-th member (i < popc(m)).
inline uint32_t nth(uint64_t m, uint32_t i) {
  for (; i; --i) m &= m - 1;
  return static_cast<uint32_t>(__builtin_ctzll(m));
}
// The bits of `v` at the members of `m`, packed by rank (a software pext).
inline uint64_t compact(uint64_t v, uint64_t m) {
  uint64_t r = 0;
  for (uint32_t k = 0; m; ++k, m &= m - 1)
    if (v & m & (~m + 1)) r |= 1ull << k;
  return r;
}
inline uint32_t block_threads() {
  const dim3 d = block_dim();
  return d.x * d.y * d.z;
}
inline uint32_t block_rank() { return linear_tid(); }
inline uint32_t warp_width() { return warp_size(); }
// A tiled_partition size that is not a power of two: reported, aborts.
inline void bad_tile_size() {
  kernel_error("tiled_partition: the tile size is not a power of two");
}
inline uint32_t lane() {
  return block_rank() & (warp_size() - 1);
}
// The lanes of the calling thread's warp that exist (the last warp of a
// block may be partial).
inline uint64_t warp_lanes() {
  uint32_t ws = warp_size();
  uint32_t base = block_rank() - lane();
  uint32_t n = block_threads() - base;
  if (n > ws) n = ws;
  return n >= 64 ? ~0ull : (1ull << n) - 1;
}
// The `n`-wide tile (n a power of two up to the warp size) of a warp that
// holds `lane`.
inline uint64_t tile_lanes(uint32_t lane, uint32_t n) {
  uint64_t m = n >= 64 ? ~0ull : ((1ull << n) - 1) << (lane & ~(n - 1));
  return m & warp_lanes();
}
// The members of `parent` whose rank lies in [lo, lo + n).
inline uint64_t rank_range(uint64_t parent, uint32_t lo, uint32_t n) {
  uint64_t r = 0;
  for (uint32_t k = 0; parent; ++k, parent &= parent - 1)
    if (k >= lo && k - lo < n) r |= parent & (~parent + 1);
  return r;
}
inline uint64_t grid_blocks() {
  const dim3 g = grid_dim();
  return static_cast<uint64_t>(g.x) * g.y * g.z;
}
inline uint64_t grid_block_rank() {
  const dim3 b = block_idx(), g = grid_dim();
  return b.x + static_cast<uint64_t>(g.x) * (b.y + static_cast<uint64_t>(g.y) * b.z);
}

}  // namespace detail

namespace detail {
struct lane_access;
}
class coalesced_group;

// The base of every group. A group of lanes of one warp (a tile of up to
// the warp size, a coalesced group) has a non-zero `mask_`.
class thread_group {
 protected:
  uint32_t type_;
  uint32_t size_;
  uint32_t rank_;
  uint32_t meta_rank_ = 0;
  uint32_t meta_size_ = 1;
  uint64_t mask_ = 0;

  thread_group(uint32_t type, uint32_t size, uint32_t rank)
      : type_(type), size_(size), rank_(rank) {}

  // A collective of a lane group: every member deposits `v`.
  const hipc_warp_snapshot* exchange(uint64_t v, ::hipc::site where) const {
    return detail::exchange(v, where.id);
  }

  friend thread_group tiled_partition(const thread_group& parent,
                                      unsigned int tile_size);
  friend struct detail::lane_access;

 public:
  uint32_t size() const { return size_; }
  uint32_t num_threads() const { return size_; }
  uint32_t thread_rank() const { return rank_; }
  uint32_t cg_type() const { return type_; }
  bool is_valid() const {
    switch (type_) {
      case internal::cg_grid: return detail::coop() != nullptr;
      case internal::cg_multi_grid:
        return detail::coop() != nullptr && detail::coop()->multi_device;
      default: return size_ != 0;
    }
  }
  void sync(::hipc::site where = HIPC_SITE) const {
    switch (type_) {
      case internal::cg_grid: detail::grid_sync(0); break;
      case internal::cg_multi_grid: detail::grid_sync(1); break;
      case internal::cg_workgroup: detail::syncthreads(); break;
      default:
        // Tiles wider than a warp synchronise the whole block.
        if (mask_) (void)exchange(0, where);
        else detail::syncthreads();
    }
  }
};

namespace detail {
// The lanes of a group (0 unless it is a lane group).
struct lane_access {
  static uint64_t mask(const thread_group& g) { return g.mask_; }
  static coalesced_group coalesced(uint64_t mask);  // defined below
};
}  // namespace detail

// -- the block

class thread_block : public thread_group {
  friend thread_block this_thread_block();
  thread_block()
      : thread_group(internal::cg_workgroup, detail::block_threads(),
                     detail::block_rank()) {}

 public:
  dim3 group_index() const { return detail::block_idx(); }
  dim3 thread_index() const { return detail::thread_idx(); }
  dim3 group_dim() const { return detail::block_dim(); }
  dim3 dim_threads() const { return detail::block_dim(); }
  uint32_t size() const { return detail::block_threads(); }
  uint32_t num_threads() const { return detail::block_threads(); }
  uint32_t thread_rank() const { return detail::block_rank(); }
  bool is_valid() const { return true; }
  void sync() const { detail::syncthreads(); }
  // The split barrier: here barrier_wait() is the whole barrier (it waits
  // for every thread to reach barrier_wait, which implies its arrival).
  struct arrival_token {};
  arrival_token barrier_arrive() const { return {}; }
  void barrier_wait(arrival_token&&) const { detail::syncthreads(); }
};

inline thread_block this_thread_block() { return thread_block(); }

// -- the grid

class grid_group : public thread_group {
  friend grid_group this_grid();
  grid_group() : thread_group(internal::cg_grid, 0, 0) {
    size_ = static_cast<uint32_t>(num_threads());
    rank_ = static_cast<uint32_t>(thread_rank());
  }

 public:
  unsigned long long num_threads() const {
    return detail::grid_blocks() * detail::block_threads();
  }
  unsigned long long size() const { return num_threads(); }
  unsigned long long thread_rank() const {
    return detail::grid_block_rank() * detail::block_threads() +
           detail::block_rank();
  }
  unsigned long long block_rank() const { return detail::grid_block_rank(); }
  unsigned long long num_blocks() const { return detail::grid_blocks(); }
  dim3 block_index() const { return detail::block_idx(); }
  dim3 group_dim() const { return detail::grid_dim(); }
  dim3 dim_blocks() const { return detail::grid_dim(); }
  // Only a cooperative launch can sync its grid.
  bool is_valid() const { return detail::coop() != nullptr; }
  void sync() const { detail::grid_sync(0); }
  // The split barrier, as thread_block's.
  struct arrival_token {};
  arrival_token barrier_arrive() const { return {}; }
  void barrier_wait(arrival_token&&) const { detail::grid_sync(0); }
};

inline grid_group this_grid() { return grid_group(); }

// -- the grids of a multi-device launch

class multi_grid_group : public thread_group {
  friend multi_grid_group this_multi_grid();
  multi_grid_group() : thread_group(internal::cg_multi_grid, 0, 0) {
    size_ = static_cast<uint32_t>(num_threads());
    rank_ = static_cast<uint32_t>(thread_rank());
  }
  static unsigned long long own_threads() {
    return detail::grid_blocks() * detail::block_threads();
  }

 public:
  uint32_t num_grids() const {
    return detail::coop() ? detail::coop()->num_grids : 1;
  }
  uint32_t grid_rank() const {
    return detail::coop() ? detail::coop()->grid_rank : 0;
  }
  unsigned long long num_threads() const {
    return detail::coop() ? detail::coop()->multi_threads : own_threads();
  }
  unsigned long long size() const { return num_threads(); }
  unsigned long long thread_rank() const {
    unsigned long long in_grid =
        detail::grid_block_rank() * detail::block_threads() +
        detail::block_rank();
    return (detail::coop() ? detail::coop()->thread_offset : 0) + in_grid;
  }
  // Only hipLaunchCooperativeKernelMultiDevice can sync its grids.
  bool is_valid() const {
    return detail::coop() != nullptr && detail::coop()->multi_device;
  }
  void sync() const { detail::grid_sync(1); }
};

inline multi_grid_group this_multi_grid() { return multi_grid_group(); }

// -- groups of lanes of one warp: tiles and coalesced groups

// The collectives of a lane group, computed from the warp's snapshot.
class lane_group : public thread_group {
 protected:
  lane_group(uint32_t type, uint64_t mask)
      : thread_group(type, detail::popc(mask),
                     detail::popc(mask & detail::below(detail::lane()))) {
    mask_ = mask;
  }

  template <typename T>
  T read(const hipc_warp_snapshot* s, T own, int64_t rank) const {
    if (rank < 0 || rank >= static_cast<int64_t>(size_)) return own;
    return ::hipc::from_bits<T>(
        s->value[detail::nth(mask_, static_cast<uint32_t>(rank))]);
  }

 public:
  template <typename T>
  detail::shuffleable<T> shfl(T var, int src_rank,
                              ::hipc::site where = HIPC_SITE) const {
    const hipc_warp_snapshot* s = exchange(::hipc::to_bits(var), where);
    int64_t r = static_cast<int64_t>(static_cast<uint32_t>(src_rank) % size_);
    return read(s, var, r);
  }
  template <typename T>
  detail::shuffleable<T> shfl_down(T var, unsigned int delta,
                                   ::hipc::site where = HIPC_SITE) const {
    const hipc_warp_snapshot* s = exchange(::hipc::to_bits(var), where);
    return read(s, var, static_cast<int64_t>(rank_) + delta);
  }
  template <typename T>
  detail::shuffleable<T> shfl_up(T var, unsigned int delta,
                                 ::hipc::site where = HIPC_SITE) const {
    const hipc_warp_snapshot* s = exchange(::hipc::to_bits(var), where);
    return read(s, var, static_cast<int64_t>(rank_) - delta);
  }
  template <typename T>
  detail::shuffleable<T> shfl_xor(T var, unsigned int lane_mask,
                                  ::hipc::site where = HIPC_SITE) const {
    const hipc_warp_snapshot* s = exchange(::hipc::to_bits(var), where);
    return read(s, var, static_cast<int64_t>(rank_ ^ lane_mask));
  }
  // Bit i: the predicate of the member of rank i.
  unsigned long long ballot(int pred, ::hipc::site where = HIPC_SITE) const {
    return detail::compact(exchange(pred != 0, where)->nonzero, mask_);
  }
  int any(int pred, ::hipc::site where = HIPC_SITE) const {
    return (exchange(pred != 0, where)->nonzero & mask_) != 0;
  }
  int all(int pred, ::hipc::site where = HIPC_SITE) const {
    const hipc_warp_snapshot* s = exchange(pred != 0, where);
    return (s->nonzero & mask_) == (s->active & mask_);
  }
  // The members (bit i: rank i) whose value equals the caller's.
  template <typename T>
  unsigned long long match_any(T value, ::hipc::site where = HIPC_SITE) const {
    uint64_t own = ::hipc::to_bits(value);
    const hipc_warp_snapshot* s = exchange(own, where);
    uint64_t same = 0;
    for (uint64_t m = mask_ & s->active; m; m &= m - 1) {
      uint32_t l = static_cast<uint32_t>(__builtin_ctzll(m));
      if (s->value[l] == own) same |= 1ull << l;
    }
    return detail::compact(same, mask_);
  }
  // Every member when all of them hold the same value (pred = 1), else 0.
  template <typename T>
  unsigned long long match_all(T value, int& pred,
                               ::hipc::site where = HIPC_SITE) const {
    uint64_t own = ::hipc::to_bits(value);
    const hipc_warp_snapshot* s = exchange(own, where);
    uint64_t members = mask_ & s->active;
    pred = 1;
    for (uint64_t m = members; m; m &= m - 1)
      if (s->value[__builtin_ctzll(m)] != own) pred = 0;
    return pred ? detail::compact(members, mask_) : 0;
  }
  void sync(::hipc::site where = HIPC_SITE) const { (void)exchange(0, where); }
  // Every member's `v` (trivially copyable, up to 32 bytes), by rank, into
  // out[0 .. size()); returns how many members took part.
  template <typename T>
  uint32_t gather(const T& v, T* out, ::hipc::site where) const {
    static_assert(std::is_trivially_copyable<T>::value && sizeof(T) <= 32,
                  "group operations take trivially copyable values of up "
                  "to 32 bytes");
    constexpr size_t words = (sizeof(T) + 7) / 8;
    uint64_t w[words] = {};
    __builtin_memcpy(w, &v, sizeof(T));
    uint64_t members = 0;
    for (size_t c = 0; c < words; ++c) {
      const hipc_warp_snapshot* s = exchange(w[c], where);
      if (c == 0) members = mask_ & s->active;
      uint32_t k = 0;
      for (uint64_t m = members; m; m &= m - 1, ++k) {
        uint64_t word = s->value[__builtin_ctzll(m)];
        size_t off = c * 8, len = sizeof(T) - off < 8 ? sizeof(T) - off : 8;
        __builtin_memcpy(reinterpret_cast<char*>(&out[k]) + off, &word, len);
      }
    }
    return detail::popc(members);
  }
  uint32_t meta_group_rank() const { return meta_rank_; }
  uint32_t meta_group_size() const { return meta_size_; }
};

// A tile of N threads (a power of two up to the warp size). ParentT is the
// group it was cut from (void: any).
template <unsigned int N, typename ParentT = void>
class thread_block_tile;

template <unsigned int N>
class thread_block_tile<N, void> : public lane_group {
  static_assert(N > 0 && N <= 64 && (N & (N - 1)) == 0,
                "a tile has a power of two of threads, at most 64");

 protected:
  // Cut from a group of `parent_size` threads in which the caller has rank
  // `parent_rank`; `parent_mask` is the parent's lanes when it is a lane
  // group, 0 when it is a block.
  thread_block_tile(uint64_t parent_mask, uint32_t parent_rank,
                    uint32_t parent_size)
      : lane_group(internal::cg_tiled_group,
                   parent_mask ? detail::rank_range(parent_mask,
                                                    parent_rank / N * N, N)
                               : detail::tile_lanes(detail::lane(), N)) {
    if (__builtin_expect(N > detail::warp_size(), 0))
      detail::kernel_error("thread_block_tile wider than the warp "
                           "(HIPC_WARP_SIZE)");
    meta_rank_ = parent_rank / N;
    meta_size_ = (parent_size + N - 1) / N;
  }

  template <unsigned int M, typename P>
  friend thread_block_tile<M, P> tiled_partition(const P& parent);

 public:
  static constexpr unsigned int num_threads() { return N; }
  static constexpr unsigned int size() { return N; }
  uint32_t thread_rank() const { return rank_; }
  bool is_valid() const { return true; }
  // The source rank wraps at the tile's width N, as AMD's __shfl(var,
  // src, N) does, also in a block's last tile when that has fewer than N
  // threads (a rank past its members then reads the caller's own value).
  template <typename T>
  detail::shuffleable<T> shfl(T var, int src_rank,
                              ::hipc::site where = HIPC_SITE) const {
    const hipc_warp_snapshot* s = exchange(::hipc::to_bits(var), where);
    return read(s, var,
                static_cast<int64_t>(static_cast<uint32_t>(src_rank) % N));
  }
};

template <unsigned int N, typename ParentT>
class thread_block_tile : public thread_block_tile<N, void> {
  using thread_block_tile<N, void>::thread_block_tile;
  template <unsigned int M, typename P>
  friend thread_block_tile<M, P> tiled_partition(const P& parent);
};

// -- coalesced groups

// The lanes of a warp that reached this point together (in divergent code,
// the lanes on the caller's side of the branch); ranks follow lane order.
class coalesced_group : public lane_group {
  friend coalesced_group coalesced_threads(::hipc::site where);
  friend coalesced_group tiled_partition(const coalesced_group& parent,
                                         unsigned int tile_size);
  friend struct detail::lane_access;
  explicit coalesced_group(uint64_t mask)
      : lane_group(internal::cg_coalesced_group, mask) {}
};

inline coalesced_group detail::lane_access::coalesced(uint64_t mask) {
  return coalesced_group(mask);
}

inline coalesced_group coalesced_threads(::hipc::site where = HIPC_SITE) {
  return coalesced_group(detail::exchange(0, where.id)->active);
}


}  // namespace cooperative_groups

#define HIPC_CG_FN inline
#include "hip/hipc/cg_shared.h"
#undef HIPC_CG_FN

namespace cooperative_groups {
// The members of `parent` (a coalesced group or a tile) whose `pred` is the
// caller's, as a coalesced group (ranks in lane order).
template <typename G, detail::lane_group_only<G> = 0>
inline coalesced_group binary_partition(const G& parent, bool pred,
                                        ::hipc::site where = HIPC_SITE) {
  uint64_t m = detail::lane_access::mask(parent);
  const hipc_warp_snapshot* s = detail::exchange(pred, where.id);
  uint64_t members = m & s->active, yes = members & s->nonzero;
  return detail::lane_access::coalesced(pred ? yes : members & ~yes);
}
}  // namespace cooperative_groups
#include "hip/hipc/cg_algorithms.h"

#if defined(__HIPC_KC__) || defined(__HIPC_CLANG_HOST__)
#pragma clang force_cuda_host_device end
#endif

#endif  // HIP_COOPERATIVE_GROUPS_H
