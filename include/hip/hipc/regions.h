// The region form of kernels with barriers (docs/internals.md, "Regions").
//
// hipcc splits a kernel whose __syncthreads() calls sit in analysable places
// into regions (the code between barriers) and emits a *region function*
// that runs each region as a loop over the block's threads, threadIdx.x
// innermost, with the region's code inlined: no fiber, no context switch,
// and a loop the host compiler can vectorise. Locals that live across a
// barrier are kept in per-thread slots (`slot<T>`, one element per thread)
// in a per-worker arena. This header holds the helpers that code uses.
#ifndef HIPC_REGIONS_H
#define HIPC_REGIONS_H

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <new>
#include <type_traits>

#include "hip/hipc/indices.h"
#include "hip/hipc/kernel.h"

extern "C" {
// A per-worker buffer of at least `bytes` bytes, 64-byte aligned; its
// contents are not kept from one call to the next.
HIPC_API void* hipc_cpu_region_arena(size_t bytes);
// Reports (with kernel, block and the running thread) that the threads of a
// block disagree on the condition of a loop that contains __syncthreads,
// and aborts.
HIPC_API void hipc_cpu_region_nonuniform(void) __attribute__((noreturn));
}

#if defined(__clang__)
#define HIPC_REGIONS_NO_INTERLEAVE _Pragma("clang loop interleave_count(1)")
#else
#define HIPC_REGIONS_NO_INTERLEAVE
#endif

namespace hipc {

// The storage type of a variable: cv and `__restrict__` dropped.
template <typename T>
struct unqualified {
  using type = std::remove_cv_t<T>;
};
template <typename T>
struct unqualified<T* __restrict__> {
  using type = T*;
};
template <typename T>
struct unqualified<T* const __restrict__> {
  using type = T*;
};

// One per-thread variable: element t belongs to the block's thread t
// (linear index). `T` is the variable's declared type, const included.
template <typename T>
struct slot {
  using U = typename unqualified<T>::type;
  U* p;
  T* at(uint32_t t) const { return p + t; }
  // Never defined: lets decltype name the variable's type (`auto` slots).
  operator T&() const;
};

// The type that `auto x = e;` gives `x`.
template <typename E>
using auto_t = typename unqualified<std::decay_t<E>>::type;

// The block that a region function runs: its size, the slots' arena, the
// threads that returned.
struct region_block {
  hipc_thread_state* ts;
  uint32_t n, dx, dy, dz;
  uint32_t live;
  size_t bytes = 0;
  char* base = nullptr;
  unsigned char* done = nullptr;
  bool any_done = false;

  region_block() : ts(&hipc_tls) {
    const hipc_cpu_block* b = ts->block;
    n = b->count;
    dx = b->dim.x;
    dy = b->dim.y;
    dz = b->dim.z;
    live = n;
  }

  // Slots are laid out first (plan: offsets), then the arena is taken
  // (commit) and the offsets become addresses (bind).
  template <typename T>
  void plan(slot<T>& s) {
    using U = typename slot<T>::U;
    bytes = (bytes + alignof(U) - 1) & ~(alignof(U) - 1);
    s.p = reinterpret_cast<U*>(bytes);
    bytes += sizeof(U) * n;
  }
  void commit(bool need_done) {
    size_t off = bytes;
    size_t all = bytes + (need_done ? n : 0);
    base = static_cast<char*>(hipc_cpu_region_arena(all));
    if (need_done) {
      done = reinterpret_cast<unsigned char*>(base + off);
      std::memset(done, 0, n);
    }
  }
  template <typename T>
  void bind(slot<T>& s) {
    using U = typename slot<T>::U;
    s.p = reinterpret_cast<U*>(base + reinterpret_cast<std::uintptr_t>(s.p));
  }

  // Thread t (linear index) returned from the kernel.
  void exit(uint32_t t) {
    done[t] = 1;
    any_done = true;
    --live;
  }
  bool all_done() const { return live == 0; }

  // Runs f(t) for every thread of the block (every live one when
  // `Checked`), row by row with threadIdx.x the inner induction variable,
  // as the thread loop of hip/hipc/launch.h does.
  template <bool Checked, typename F>
  __attribute__((always_inline)) void loop(F& f) {
    hipc_thread_state* s = ts;
    uint32_t row = 0;
    for (uint32_t z = 0; z < dz; ++z)
      for (uint32_t y = 0; y < dy; ++y, row += dx) {
        s->thread_idx.y = y;
        s->thread_idx.z = z;
        // Rows are short (blockDim.x is often 16 to 256): one vector of
        // threads per iteration, not several interleaved, or a 16-wide row
        // would never reach the vector loop.
        HIPC_REGIONS_NO_INTERLEAVE
        for (uint32_t x = 0; x < dx; ++x) {
          if (Checked && done[row + x]) continue;
          s->thread_idx.x = x;
          f(row + x);
        }
      }
  }
  template <bool MayExit, typename F>
  __attribute__((always_inline)) void run(F&& f) {
    if (MayExit && any_done)
      loop<true>(f);
    else
      loop<false>(f);
  }

  // The same for a piece under a predicated `if`: only threads [r[0],
  // r[1]) (linear indices) can have taken its branch, so a block of one
  // row runs only those; f still checks each thread's predicate.
  template <bool MayExit, typename F>
  __attribute__((always_inline)) void run_range(const uint32_t* r, F&& f) {
    if (dy != 1 || dz != 1) {
      run<MayExit>(f);
      return;
    }
    hipc_thread_state* s = ts;
    s->thread_idx.y = 0;
    s->thread_idx.z = 0;
    const uint32_t hi = r[1];
    for (uint32_t x = r[0]; x < hi; ++x) {
      if (MayExit && any_done && done[x]) continue;
      s->thread_idx.x = x;
      f(x);
    }
  }

  // The condition of a loop around barriers: f(t) for every live thread;
  // all must agree (GPU rules make anything else undefined behaviour).
  // False when no thread is left. The check is a reduction, which the
  // compiler can vectorise; a disagreement is looked for thread by thread.
  template <typename F>
  bool cond(F&& f) {
    if (live == 0) return false;
    bool all = true, any = false;
    auto g = [&](uint32_t t) {
      bool c = f(t);
      all &= c;
      any |= c;
    };
    if (any_done)
      loop<true>(g);
    else
      loop<false>(g);
    if (all != any) {
      int first = -1;
      auto h = [&](uint32_t t) {
        int c = f(t) ? 1 : 0;
        if (first < 0)
          first = c;
        else if (c != first)
          hipc_cpu_region_nonuniform();
      };
      if (any_done)
        loop<true>(h);
      else
        loop<false>(h);
    }
    return any;
  }
};

// Warp shuffles split a kernel too (rewrite_regions_warp.c): every thread
// stores the value it shuffles in its element of the exchange slot
// (rx_put), then every thread reads the element of the lane it gets
// (rx_idx/up/down/xor), with the lane arithmetic of hip/hipc/warp.h. A
// source lane that is out of range, not in the block, returned, or (under a
// predicated `if`, `pred`) did not take the branch gives the thread its own
// value.
// What the reads need of the block, taken once before a thread loop (the
// loop's stores to threadIdx could otherwise alias the block's fields).
struct rx_ctx {
  uint32_t wmask, n;
  const unsigned char* done;
};
inline rx_ctx rx_context(const region_block& rb) {
  return rx_ctx{rb.ts->warp_size - 1, rb.n, rb.any_done ? rb.done : nullptr};
}

template <typename T>
__attribute__((always_inline)) inline void rx_put(slot<unsigned long long>& b,
                                                  uint32_t t, T v) {
  static_assert(std::is_trivially_copyable<T>::value && sizeof(T) <= 8,
                "a shuffled value is at most 64 bits");
  unsigned long long w = 0;
  std::memcpy(&w, &v, sizeof(T));
  b.p[t] = w;
}

template <typename T>
__attribute__((always_inline)) inline T rx_read(
    const rx_ctx rb, const slot<unsigned long long>& b, uint32_t t,
    const unsigned char* pred, int want, const unsigned* range, int src,
    uint32_t lane) {
  uint32_t s = t;
  if (src >= 0 && static_cast<uint32_t>(src) <= rb.wmask) {
    uint32_t c = t - lane + static_cast<uint32_t>(src);
    // Under a predicate, only threads in the branch's range have a
    // predicate element written (run_range).
    if (c < rb.n && !(rb.done && rb.done[c]) &&
        !(pred && (c < range[0] || c >= range[1] || pred[c] != want)))
      s = c;
  }
  T v;
  std::memcpy(&v, &b.p[s], sizeof(T));
  return v;
}

inline uint32_t rx_lane(const rx_ctx rb, uint32_t t) { return t & rb.wmask; }

template <typename T>
inline T rx_idx(const rx_ctx rb, const slot<unsigned long long>& b,
                uint32_t t, const unsigned char* pred, int want,
                const unsigned* range, int src_lane, int width = warpSize) {
  int lane = static_cast<int>(rx_lane(rb, t));
  int src = (lane & ~(width - 1)) + (src_lane & (width - 1));
  return rx_read<T>(rb, b, t, pred, want, range, src, lane);
}

template <typename T>
inline T rx_up(const rx_ctx rb, const slot<unsigned long long>& b,
               uint32_t t, const unsigned char* pred, int want,
               const unsigned* range, unsigned int delta,
               int width = warpSize) {
  int lane = static_cast<int>(rx_lane(rb, t));
  int src = lane - static_cast<int>(delta);
  if (src < (lane & ~(width - 1))) src = -1;
  return rx_read<T>(rb, b, t, pred, want, range, src, lane);
}

template <typename T>
inline T rx_down(const rx_ctx rb, const slot<unsigned long long>& b,
                 uint32_t t, const unsigned char* pred, int want,
                 const unsigned* range, unsigned int delta,
                 int width = warpSize) {
  int lane = static_cast<int>(rx_lane(rb, t));
  bool out = (lane & (width - 1)) + delta >= static_cast<unsigned>(width);
  int src = out ? -1 : lane + static_cast<int>(delta);
  return rx_read<T>(rb, b, t, pred, want, range, src, lane);
}

template <typename T>
inline T rx_xor(const rx_ctx rb, const slot<unsigned long long>& b,
                uint32_t t, const unsigned char* pred, int want,
                const unsigned* range, int lane_mask, int width = warpSize) {
  int lane = static_cast<int>(rx_lane(rb, t));
  int src = lane ^ lane_mask;
  int end = (lane & ~(width - 1)) + width;
  return rx_read<T>(rb, b, t, pred, want, range, src >= end || src < 0 ? -1 : src,
                    lane);
}

}  // namespace hipc

#endif  // HIPC_REGIONS_H
