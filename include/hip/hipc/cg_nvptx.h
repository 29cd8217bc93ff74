// Cooperative groups in hipcc's device pass (NVPTX): the same classes and
// functions as the CPU half (hip/hip_cooperative_groups.h) over NVIDIA's
// hardware. Included by hip/hip_cooperative_groups.h, whose CPU half it
// skips.
//
// - thread_block: bar.sync (__syncthreads).
// - Lane groups (thread_block_tile<N> with N <= 32, tiled_partition of up
//   to 32 threads, coalesced_group): a lane mask of the 32-lane warp; the
//   collectives are the _sync warp instructions over that mask (shfl.sync,
//   vote.sync, match.sync, bar.warp.sync), each member reading the lane of
//   the rank it wants. Masks returned (ballot, match_*) are 64-bit, by rank,
//   as HIP's; the upper half is zero.
// - Tiles wider than a warp (tiled_partition(parent, n), n > 32) sync the
//   whole block, as on the CPU device.
// - grid_group::sync(): a barrier in global memory (grid_sync below), valid
//   in a kernel launched cooperatively (hipLaunchCooperativeKernel, i.e.
//   cuLaunchCooperativeKernel), where every block of the grid is resident.
// - multi_grid_group: the grids of hipLaunchCooperativeKernelMultiDevice,
//   one per GPU. The backend writes each grid's place in the launch to the
//   module's __hipc_multi_grid before the launch (hip/hipc/multi_grid.h);
//   sync() is multi_grid_sync below. In any other launch it is the one
//   grid.
// - reduce / inclusive_scan / exclusive_scan: every member reads every
//   member's value by shuffles and folds them in rank order (the CPU
//   half's order, so results agree bit for bit).
#ifndef HIPC_CG_NVPTX_H
#define HIPC_CG_NVPTX_H
#define HIP_COOPERATIVE_GROUPS_H  // the CPU half is skipped

#include <cstdint>
#include <limits>
#include <type_traits>
#include <utility>

#include "hip/hip_runtime.h"
#include "hip/hipc/multi_grid.h"

#define HIPC_CG_FN HIPC_NVPTX_FN

// The grid barrier's state, one per module (per source file: there is no
// relocatable device code), zero when the module is loaded: [0] counts
// the blocks that have arrived, [1] is the generation, bumped each time
// the barrier opens. Its unmangled __hipc_ name keeps it out of hipcc's
// table of variables (the host compile has no such variable); weak, so
// that copies from several sources could be linked into one.
extern "C" __device__ __attribute__((weak)) unsigned __hipc_grid_barrier[2];
// The grid's place among the grids of a cooperative launch, written by the
// CUDA backend before each cooperative launch of a kernel of this module
// (found with cuModuleGetGlobal: a plain definition, visible in every
// module that includes this header; modules are never linked together).
extern "C" {
__device__ hipc_multi_grid_info __hipc_multi_grid;
}

#include "hip/hipc/cg_types.h"

namespace cooperative_groups {

namespace detail {

HIPC_CG_FN uint32_t popc(uint64_t m) {
  return static_cast<uint32_t>(__builtin_popcountll(m));
}
// Lanes below `lane`.
HIPC_CG_FN uint64_t below(uint32_t lane) {
  return lane ? ~0ull >> (64 - lane) : 0;
}
// The lane of the member of rank i (i < popc(m)).
HIPC_CG_FN uint32_t nth(uint64_t m, uint32_t i) {
  uint32_t low = static_cast<uint32_t>(__builtin_ctzll(m));
  uint64_t run = m >> low;
  if ((run & (run + 1)) == 0) return low + i;  // contiguous: a tile
  // Rolled: ptxas unrolled it 31 times at each shuffle of a tile (4600
  // instructions for HeCBench groupnorm's 10 shfl_xor, nvcc's: 10).
#pragma nounroll
  for (; i; --i) m &= m - 1;
  return static_cast<uint32_t>(__builtin_ctzll(m));
}
// The bits of `v` at the members of `m`, packed by rank.
HIPC_CG_FN uint64_t compact(uint64_t v, uint64_t m) {
  uint32_t low = static_cast<uint32_t>(__builtin_ctzll(m | (1ull << 63)));
  uint64_t run = m >> low;
  if ((run & (run + 1)) == 0) return (v & m) >> low;
  uint64_t r = 0;
#pragma nounroll
  for (uint32_t k = 0; m; ++k, m &= m - 1)
    if (v & m & (~m + 1)) r |= 1ull << k;
  return r;
}
HIPC_CG_FN uint32_t block_threads() {
  return blockDim.x * blockDim.y * blockDim.z;
}
HIPC_CG_FN uint32_t block_rank() {
  return threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
}
HIPC_CG_FN uint32_t warp_width() { return 32; }
// A tiled_partition size that is not a power of two traps (the CPU device
// reports it).
HIPC_CG_FN void bad_tile_size() { __builtin_trap(); }
// Warps are cut from the block's threads in linear order.
HIPC_CG_FN uint32_t lane() { return block_rank() & 31u; }
// The lanes of the caller's warp that exist (the last warp of a block may
// be partial).
HIPC_CG_FN uint64_t warp_lanes() {
  uint32_t n = block_threads() - (block_rank() & ~31u);
  return n >= 32 ? 0xffffffffull : (1ull << n) - 1;
}
// The `n`-wide tile (n a power of two up to 32) of the warp holding `lane`.
HIPC_CG_FN uint64_t tile_lanes(uint32_t lane, uint32_t n) {
  uint64_t m = n >= 32 ? 0xffffffffull : ((1ull << n) - 1) << (lane & ~(n - 1));
  return m & warp_lanes();
}
// The members of `parent` whose rank lies in [lo, lo + n).
HIPC_CG_FN uint64_t rank_range(uint64_t parent, uint32_t lo, uint32_t n) {
  uint64_t r = 0;
  for (uint32_t k = 0; parent; ++k, parent &= parent - 1)
    if (k >= lo && k - lo < n) r |= parent & (~parent + 1);
  return r;
}
HIPC_CG_FN uint64_t grid_blocks() {
  return static_cast<uint64_t>(gridDim.x) * gridDim.y * gridDim.z;
}
HIPC_CG_FN uint64_t grid_block_rank() {
  return blockIdx.x + static_cast<uint64_t>(gridDim.x) *
                          (blockIdx.y + static_cast<uint64_t>(gridDim.y) *
                                            blockIdx.z);
}

// The grid barrier. Thread 0 of each block, after its block's barrier,
// reads the generation, publishes the block's writes (__threadfence) and
// arrives; the last block to arrive resets the count and bumps the
// generation, which releases the others, spinning until it changes. The
// generation cannot move before every block has arrived, so the one read
// before arriving is the current one; the count is back to zero before
// any block can arrive at the next barrier. Needs every block resident
// (a cooperative launch) and one grid at a time per module.
//
// The last block to arrive: resets the count and opens the next
// generation.
HIPC_CG_FN void open_generation() {
  atomicExch(&__hipc_grid_barrier[0], 0u);
  __threadfence();
  atomicAdd(&__hipc_grid_barrier[1], 1u);
}
// The others: spin until the generation moves past `seen`.
HIPC_CG_FN void wait_generation(volatile unsigned* gen, unsigned seen) {
  while (*gen == seen) {
#if __CUDA_ARCH__ >= 700
    __nvvm_nanosleep(64);
#endif
  }
}
HIPC_CG_FN void grid_sync() {
  __syncthreads();
  if (block_rank() == 0) {
    const unsigned blocks = static_cast<unsigned>(grid_blocks());
    volatile unsigned* gen = &__hipc_grid_barrier[1];
    const unsigned seen = *gen;
    __threadfence();
    if (atomicAdd(&__hipc_grid_barrier[0], 1u) == blocks - 1) {
      open_generation();
    } else {
      wait_generation(gen, seen);
    }
    __threadfence();
  }
  __syncthreads();
}

// System-scope accesses to the multi-grid counters, in mapped host memory
// that other GPUs write: an acquiring load and a releasing store.
HIPC_CG_FN unsigned load_acquire_sys(const unsigned* p) {
  unsigned v;
#if __CUDA_ARCH__ >= 700
  asm volatile("ld.acquire.sys.global.u32 %0, [%1];"
               : "=r"(v) : "l"(p) : "memory");
#else
  v = *static_cast<const volatile unsigned*>(p);
  __threadfence_system();
#endif
  return v;
}
HIPC_CG_FN void store_release_sys(unsigned* p, unsigned v) {
#if __CUDA_ARCH__ >= 700
  asm volatile("st.release.sys.global.u32 [%0], %1;" :: "l"(p), "r"(v)
               : "memory");
#else
  __threadfence_system();
  *static_cast<volatile unsigned*>(p) = v;
#endif
}

// The barrier of the grids of a multi-device launch: the grid barrier
// above, where the last block of each grid to arrive, before it opens its
// grid's barrier, meets the other grids. Each grid counts the multi-grid
// barriers it has reached in its own counter (arrivals[grid_rank], written
// by that grid alone, with release at system scope) and waits until every
// grid's counter has reached its own. Every block makes its writes
// visible to the whole system (__threadfence_system) before it arrives,
// so that what the grids wrote before the barrier, in any memory, is seen
// after it on every GPU. One grid alone: the grid barrier.
HIPC_CG_FN void multi_grid_sync() {
  unsigned* arrivals = __hipc_multi_grid.arrivals;
  const uint32_t grids = __hipc_multi_grid.num_grids;
  if (grids <= 1 || !arrivals) {
    grid_sync();
    return;
  }
  __syncthreads();
  if (block_rank() == 0) {
    const unsigned blocks = static_cast<unsigned>(grid_blocks());
    volatile unsigned* gen = &__hipc_grid_barrier[1];
    const unsigned seen = *gen;
    __threadfence_system();
    if (atomicAdd(&__hipc_grid_barrier[0], 1u) == blocks - 1) {
      unsigned* mine = arrivals + __hipc_multi_grid.grid_rank;
      const unsigned reached = load_acquire_sys(mine) + 1;
      __threadfence_system();
      store_release_sys(mine, reached);
      for (uint32_t g = 0; g < grids; ++g)
        while (static_cast<int>(load_acquire_sys(arrivals + g) - reached) <
               0) {
#if __CUDA_ARCH__ >= 700
          __nvvm_nanosleep(256);
#endif
        }
      open_generation();
    } else {
      wait_generation(gen, seen);
    }
    __threadfence_system();
  }
  __syncthreads();
}

// Shuffles a trivially copyable value of up to 32 bytes from `src` (a lane
// of `mask`, which every lane of `mask` calls with), 4 bytes at a time.
template <typename T>
HIPC_CG_FN T shfl_lane(uint64_t mask, T v, uint32_t src) {
  static_assert(std::is_trivially_copyable<T>::value && sizeof(T) <= 32,
                "group operations take trivially copyable values of up to "
                "32 bytes");
  constexpr unsigned words = (sizeof(T) + 3) / 4;
  unsigned w[words] = {};
  __builtin_memcpy(w, &v, sizeof(T));
  for (unsigned i = 0; i < words; ++i)
    w[i] = __nvvm_shfl_sync_idx_i32(static_cast<unsigned>(mask), w[i],
                                    static_cast<int>(src), 31);
  T out = v;
  __builtin_memcpy(&out, w, sizeof(T));
  return out;
}

struct lane_access;

}  // namespace detail
class coalesced_group;

// The base of every group. A group of lanes of one warp (a tile of up to
// 32 threads, a coalesced group) has a non-zero `mask_`.
class thread_group {
 protected:
  uint32_t type_;
  uint32_t size_;
  uint32_t rank_;
  uint32_t meta_rank_ = 0;
  uint32_t meta_size_ = 1;
  uint64_t mask_ = 0;

  HIPC_CG_FN thread_group(uint32_t type, uint32_t size, uint32_t rank)
      : type_(type), size_(size), rank_(rank) {}

  friend HIPC_CG_FN thread_group tiled_partition(const thread_group& parent,
                                                 unsigned int tile_size);
  friend struct detail::lane_access;

 public:
  HIPC_CG_FN uint32_t size() const { return size_; }
  HIPC_CG_FN uint32_t num_threads() const { return size_; }
  HIPC_CG_FN uint32_t thread_rank() const { return rank_; }
  HIPC_CG_FN uint32_t cg_type() const { return type_; }
  // A grid (or multi-grid) group cannot tell here whether the launch was
  // cooperative: it reports itself valid (README, "NVIDIA").
  HIPC_CG_FN bool is_valid() const { return size_ != 0; }
  HIPC_CG_FN void sync() const {
    switch (type_) {
      case internal::cg_grid: detail::grid_sync(); break;
      case internal::cg_multi_grid: detail::multi_grid_sync(); break;
      case internal::cg_workgroup: __syncthreads(); break;
      default:
        // Tiles wider than a warp synchronise the whole block.
        if (mask_) __syncwarp(mask_);
        else __syncthreads();
    }
  }
};

namespace detail {
struct lane_access {
  static HIPC_CG_FN uint64_t mask(const thread_group& g) { return g.mask_; }
  static HIPC_CG_FN coalesced_group coalesced(uint64_t mask);  // below
};
}  // namespace detail

// -- the block

class thread_block : public thread_group {
  friend HIPC_CG_FN thread_block this_thread_block();
  HIPC_CG_FN thread_block()
      : thread_group(internal::cg_workgroup, detail::block_threads(),
                     detail::block_rank()) {}

 public:
  HIPC_CG_FN dim3 group_index() const { return blockIdx; }
  HIPC_CG_FN dim3 thread_index() const { return threadIdx; }
  HIPC_CG_FN dim3 group_dim() const { return blockDim; }
  HIPC_CG_FN dim3 dim_threads() const { return blockDim; }
  HIPC_CG_FN uint32_t size() const { return detail::block_threads(); }
  HIPC_CG_FN uint32_t num_threads() const { return detail::block_threads(); }
  HIPC_CG_FN uint32_t thread_rank() const { return detail::block_rank(); }
  HIPC_CG_FN bool is_valid() const { return true; }
  HIPC_CG_FN void sync() const { __syncthreads(); }
  // The split barrier: barrier_wait() is the whole barrier.
  struct arrival_token {};
  HIPC_CG_FN arrival_token barrier_arrive() const { return {}; }
  HIPC_CG_FN void barrier_wait(arrival_token&&) const { __syncthreads(); }
};

HIPC_CG_FN thread_block this_thread_block() { return thread_block(); }

// -- the grid

class grid_group : public thread_group {
  friend HIPC_CG_FN grid_group this_grid();
  HIPC_CG_FN grid_group() : thread_group(internal::cg_grid, 0, 0) {
    size_ = static_cast<uint32_t>(num_threads());
    rank_ = static_cast<uint32_t>(thread_rank());
  }

 public:
  HIPC_CG_FN unsigned long long num_threads() const {
    return detail::grid_blocks() * detail::block_threads();
  }
  HIPC_CG_FN unsigned long long size() const { return num_threads(); }
  HIPC_CG_FN unsigned long long thread_rank() const {
    return detail::grid_block_rank() * detail::block_threads() +
           detail::block_rank();
  }
  HIPC_CG_FN unsigned long long block_rank() const {
    return detail::grid_block_rank();
  }
  HIPC_CG_FN unsigned long long num_blocks() const {
    return detail::grid_blocks();
  }
  HIPC_CG_FN dim3 block_index() const { return blockIdx; }
  HIPC_CG_FN dim3 group_dim() const { return gridDim; }
  HIPC_CG_FN dim3 dim_blocks() const { return gridDim; }
  HIPC_CG_FN bool is_valid() const { return true; }
  HIPC_CG_FN void sync() const { detail::grid_sync(); }
  struct arrival_token {};
  HIPC_CG_FN arrival_token barrier_arrive() const { return {}; }
  HIPC_CG_FN void barrier_wait(arrival_token&&) const { detail::grid_sync(); }
};

HIPC_CG_FN grid_group this_grid() { return grid_group(); }

// -- the grids of a multi-device launch (one grid in any other launch)

class multi_grid_group : public thread_group {
  friend HIPC_CG_FN multi_grid_group this_multi_grid();
  HIPC_CG_FN multi_grid_group() : thread_group(internal::cg_multi_grid, 0, 0) {
    size_ = static_cast<uint32_t>(num_threads());
    rank_ = static_cast<uint32_t>(thread_rank());
  }
  HIPC_CG_FN static bool several() {
    return __hipc_multi_grid.num_grids > 1;
  }

 public:
  HIPC_CG_FN uint32_t num_grids() const {
    return several() ? __hipc_multi_grid.num_grids : 1;
  }
  HIPC_CG_FN uint32_t grid_rank() const {
    return several() ? __hipc_multi_grid.grid_rank : 0;
  }
  HIPC_CG_FN unsigned long long num_threads() const {
    return several() ? __hipc_multi_grid.multi_threads
                     : detail::grid_blocks() * detail::block_threads();
  }
  HIPC_CG_FN unsigned long long size() const { return num_threads(); }
  HIPC_CG_FN unsigned long long thread_rank() const {
    return (several() ? __hipc_multi_grid.thread_offset : 0) +
           detail::grid_block_rank() * detail::block_threads() +
           detail::block_rank();
  }
  HIPC_CG_FN bool is_valid() const { return true; }
  HIPC_CG_FN void sync() const { detail::multi_grid_sync(); }
};

HIPC_CG_FN multi_grid_group this_multi_grid() { return multi_grid_group(); }

// -- groups of lanes of one warp: tiles and coalesced groups

class lane_group : public thread_group {
 protected:
  // The first lane where the members are consecutive lanes (a tile of a
  // block: shuffles need no search of the mask), else 32.
  uint32_t low_ = 32;
  HIPC_CG_FN lane_group(uint32_t type, uint64_t mask)
      : thread_group(type, detail::popc(mask),
                     detail::popc(mask & detail::below(detail::lane()))) {
    mask_ = mask;
  }
  // The value of the member of rank `rank`, or the caller's own when there
  // is none. Every member must call it (one shfl.sync over the group).
  template <typename T>
  HIPC_CG_FN T read(T var, int64_t rank) const {
    uint32_t src = rank < 0 || rank >= static_cast<int64_t>(size_)
                       ? detail::lane()
                   : low_ < 32 ? low_ + static_cast<uint32_t>(rank)
                               : detail::nth(mask_,
                                             static_cast<uint32_t>(rank));
    return detail::shfl_lane(mask_, var, src);
  }

 public:
  template <typename T>
  HIPC_CG_FN T shfl(T var, int src_rank) const {
    return read(var, static_cast<uint32_t>(src_rank) % size_);
  }
  template <typename T>
  HIPC_CG_FN T shfl_down(T var, unsigned int delta) const {
    return read(var, static_cast<int64_t>(rank_) + delta);
  }
  template <typename T>
  HIPC_CG_FN T shfl_up(T var, unsigned int delta) const {
    return read(var, static_cast<int64_t>(rank_) - delta);
  }
  template <typename T>
  HIPC_CG_FN T shfl_xor(T var, unsigned int lane_mask) const {
    return read(var, static_cast<int64_t>(rank_ ^ lane_mask));
  }
  // Bit i: the predicate of the member of rank i.
  HIPC_CG_FN unsigned long long ballot(int pred) const {
    return detail::compact(__ballot_sync(mask_, pred), mask_);
  }
  HIPC_CG_FN int any(int pred) const { return __any_sync(mask_, pred); }
  HIPC_CG_FN int all(int pred) const { return __all_sync(mask_, pred); }
#if __CUDA_ARCH__ >= 700
  // The members (bit i: rank i) whose value equals the caller's.
  template <typename T>
  HIPC_CG_FN unsigned long long match_any(T value) const {
    return detail::compact(__match_any_sync(mask_, value), mask_);
  }
  // Every member when all of them hold the same value (pred = 1), else 0.
  template <typename T>
  HIPC_CG_FN unsigned long long match_all(T value, int& pred) const {
    unsigned long long m = __match_all_sync(mask_, value, &pred);
    return pred ? detail::compact(m, mask_) : 0;
  }
#endif
  HIPC_CG_FN void sync() const { __syncwarp(mask_); }
  HIPC_CG_FN uint32_t meta_group_rank() const { return meta_rank_; }
  HIPC_CG_FN uint32_t meta_group_size() const { return meta_size_; }
};

// A tile of N threads (a power of two up to NVIDIA's warp of 32). ParentT
// is the group it was cut from (void: any).
template <unsigned int N, typename ParentT = void>
class thread_block_tile;

template <unsigned int N>
class thread_block_tile<N, void> : public lane_group {
  static_assert(N > 0 && N <= 32 && (N & (N - 1)) == 0,
                "a tile has a power of two of threads, at most 32 on an "
                "NVIDIA GPU (its warp size)");

 protected:
  HIPC_CG_FN thread_block_tile(uint64_t parent_mask, uint32_t parent_rank,
                               uint32_t parent_size)
      : lane_group(internal::cg_tiled_group,
                   parent_mask ? detail::rank_range(parent_mask,
                                                    parent_rank / N * N, N)
                               : detail::tile_lanes(detail::lane(), N)) {
    meta_rank_ = parent_rank / N;
    meta_size_ = (parent_size + N - 1) / N;
    if (!parent_mask) low_ = detail::lane() & ~(N - 1);
  }

  template <unsigned int M, typename P>
  friend HIPC_CG_FN thread_block_tile<M, P> tiled_partition(const P& parent);

 public:
  static constexpr unsigned int num_threads() { return N; }
  static constexpr unsigned int size() { return N; }
  HIPC_CG_FN uint32_t thread_rank() const { return rank_; }
  HIPC_CG_FN bool is_valid() const { return true; }
  // The source rank wraps at N, as in hip_cooperative_groups.h, also in a
  // block's last tile when that has fewer than N threads.
  template <typename T>
  HIPC_CG_FN T shfl(T var, int src_rank) const {
    return this->read(var, static_cast<uint32_t>(src_rank) % N);
  }
};

template <unsigned int N, typename ParentT>
class thread_block_tile : public thread_block_tile<N, void> {
  using thread_block_tile<N, void>::thread_block_tile;
  template <unsigned int M, typename P>
  friend HIPC_CG_FN thread_block_tile<M, P> tiled_partition(const P& parent);
};

// -- coalesced groups

// The lanes of a warp that are active together (__activemask()).
class coalesced_group : public lane_group {
  friend HIPC_CG_FN coalesced_group coalesced_threads();
  friend HIPC_CG_FN coalesced_group tiled_partition(
      const coalesced_group& parent, unsigned int tile_size);
  friend struct detail::lane_access;
  explicit HIPC_CG_FN coalesced_group(uint64_t mask)
      : lane_group(internal::cg_coalesced_group, mask) {}
};

HIPC_CG_FN coalesced_group detail::lane_access::coalesced(uint64_t mask) {
  return coalesced_group(mask);
}

HIPC_CG_FN coalesced_group coalesced_threads() {
  return coalesced_group(__activemask());
}

// The members of `parent` (a coalesced group or a tile) whose `pred` is the
// caller's, as a coalesced group (ranks in lane order).
template <typename G, std::enable_if_t<std::is_base_of<lane_group, G>::value,
                                       int> = 0>
HIPC_CG_FN coalesced_group binary_partition(const G& parent, bool pred) {
  uint64_t m = detail::lane_access::mask(parent);
  uint64_t yes = __ballot_sync(m, pred) & m;
  return detail::lane_access::coalesced(pred ? yes : m & ~yes);
}

}  // namespace cooperative_groups

#include "hip/hipc/cg_shared.h"

namespace cooperative_groups {

// -- algorithms: reduce, inclusive_scan, exclusive_scan

namespace detail {

// The fold of the values of the members of rank below `end` (every member
// takes part in every shuffle); `own` when `end` is 0.
template <typename V, typename Op>
HIPC_CG_FN V fold_ranks(uint64_t mask, uint32_t size, V own, uint32_t end,
                        Op& op) {
  V r = own;
  for (uint32_t i = 0; i < size; ++i) {
    V x = shfl_lane(mask, own, nth(mask, i));
    if (i == 0) r = x;
    else if (i < end) r = op(r, x);
  }
  return r;
}
}  // namespace detail

template <typename Group, typename T, typename Op,
          detail::lane_group_only<Group> = 0>
HIPC_CG_FN std::decay_t<T> reduce(const Group& g, T&& val, Op&& op) {
  using V = std::decay_t<T>;
  return detail::fold_ranks(detail::lane_access::mask(g), g.size(),
                            static_cast<V>(val), g.size(), op);
}

template <typename Group, typename T, typename Op,
          detail::lane_group_only<Group> = 0>
HIPC_CG_FN std::decay_t<T> inclusive_scan(const Group& g, T&& val, Op&& op) {
  using V = std::decay_t<T>;
  return detail::fold_ranks(detail::lane_access::mask(g), g.size(),
                            static_cast<V>(val), g.thread_rank() + 1, op);
}

template <typename Group, typename T, typename Op,
          detail::lane_group_only<Group> = 0>
HIPC_CG_FN std::decay_t<T> exclusive_scan(const Group& g, T&& val, Op&& op) {
  using V = std::decay_t<T>;
  uint32_t rank = g.thread_rank();
  V r = detail::fold_ranks(detail::lane_access::mask(g), g.size(),
                           static_cast<V>(val), rank, op);
  return rank == 0 ? detail::identity<V, std::decay_t<Op>>::get() : r;
}

template <typename Group, typename T, detail::lane_group_only<Group> = 0>
HIPC_CG_FN std::decay_t<T> inclusive_scan(const Group& g, T&& val) {
  return inclusive_scan(g, std::forward<T>(val), plus<std::decay_t<T>>());
}

template <typename Group, typename T, detail::lane_group_only<Group> = 0>
HIPC_CG_FN std::decay_t<T> exclusive_scan(const Group& g, T&& val) {
  return exclusive_scan(g, std::forward<T>(val), plus<std::decay_t<T>>());
}

}  // namespace cooperative_groups

#undef HIPC_CG_FN

#endif  // HIPC_CG_NVPTX_H
