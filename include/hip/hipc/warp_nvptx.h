// Warp functions in hipcc's device pass (NVPTX): HIP's interface (64-bit
// masks, `width` on shuffles, any arithmetic type up to 8 bytes) over
// NVIDIA's 32-lane warps. Masks returned have their upper 32 bits clear;
// masks passed in use their lower 32 bits. The forms without _sync act on
// the lanes that are active at the call (__activemask()).
// Included by hip/hipc/warp.h.
#ifndef HIPC_WARP_NVPTX_H
#define HIPC_WARP_NVPTX_H
#define HIPC_WARP_H  // the CPU half (warp.h) is skipped

#include <type_traits>

#include "hip/hipc/indices_nvptx.h"
#include "hip/hipc/warp_types.h"

namespace hipc {
namespace nvptx {

template <typename T>
using shuffleable =
    std::enable_if_t<std::is_arithmetic<T>::value &&
                         (sizeof(T) <= sizeof(unsigned long long)),
                     T>;

HIPC_NVPTX_FN unsigned active() { return __nvvm_activemask(); }

// The c operand of shfl.sync: the segment mask (the lane bits above a
// `width`-wide segment) in bits 8..12, the clamp lane in bits 0..4.
HIPC_NVPTX_FN int shfl_c(int width, int clamp) {
  if (width <= 0 || width > 32) width = 32;
  return ((32 - width) << 8) | clamp;
}

// shfl reads 5 bits of its lane operand: a delta of 32 or more (which, as
// in HIP, leaves every lane with its own value) becomes 32, whose low bits
// are 0, and so does an xor mask with bits above the warp.
HIPC_NVPTX_FN int lane_delta(unsigned delta) {
  return delta > 32u ? 32 : static_cast<int>(delta);
}
HIPC_NVPTX_FN int lane_xor(int mask) { return (mask & ~31) != 0 ? 0 : mask; }

enum shfl_mode { shfl_idx, shfl_up, shfl_down, shfl_bfly };

template <shfl_mode M>
HIPC_NVPTX_FN unsigned shfl32(unsigned mask, unsigned v, int b, int c) {
  switch (M) {
    case shfl_idx:
      return __nvvm_shfl_sync_idx_i32(mask, v, b, c);
    case shfl_up:
      return __nvvm_shfl_sync_up_i32(mask, v, b, c);
    case shfl_down:
      return __nvvm_shfl_sync_down_i32(mask, v, b, c);
    default:
      return __nvvm_shfl_sync_bfly_i32(mask, v, b, c);
  }
}

// Shuffles the bits of `v`: one 32-bit shuffle, two for 8-byte types.
template <shfl_mode M, typename T>
HIPC_NVPTX_FN T shuffle(unsigned mask, T v, int b, int c) {
  unsigned long long u = 0;
  __builtin_memcpy(&u, &v, sizeof(T));
  unsigned long long r = shfl32<M>(mask, static_cast<unsigned>(u), b, c);
  if (sizeof(T) > 4)
    r |= static_cast<unsigned long long>(
             shfl32<M>(mask, static_cast<unsigned>(u >> 32), b, c))
         << 32;
  T out;
  __builtin_memcpy(&out, &r, sizeof(T));
  return out;
}

// A reduction over the lanes of `mask` for types without a redux
// instruction: every lane reads every lane's value.
template <typename T, typename F>
HIPC_NVPTX_FN T reduce_lanes(unsigned mask, T v, F f) {
  T acc = v;
  bool first = true;
  for (int l = 0; l < 32; ++l) {
    if (!(mask >> l & 1u)) continue;
    T x = shuffle<shfl_idx>(mask, v, l, 31);
    acc = first ? x : f(acc, x);
    first = false;
  }
  return acc;
}

}  // namespace nvptx
}  // namespace hipc

// ---- Shuffles -----------------------------------------------------------

template <typename T>
HIPC_NVPTX_FN hipc::nvptx::shuffleable<T> __shfl_sync(unsigned long long mask,
                                                      T var, int src_lane,
                                                      int width = warpSize) {
  return hipc::nvptx::shuffle<hipc::nvptx::shfl_idx>(
      static_cast<unsigned>(mask), var, src_lane,
      hipc::nvptx::shfl_c(width, 31));
}
template <typename T>
HIPC_NVPTX_FN hipc::nvptx::shuffleable<T> __shfl_up_sync(
    unsigned long long mask, T var, unsigned int delta, int width = warpSize) {
  return hipc::nvptx::shuffle<hipc::nvptx::shfl_up>(
      static_cast<unsigned>(mask), var, hipc::nvptx::lane_delta(delta),
      hipc::nvptx::shfl_c(width, 0));
}
template <typename T>
HIPC_NVPTX_FN hipc::nvptx::shuffleable<T> __shfl_down_sync(
    unsigned long long mask, T var, unsigned int delta, int width = warpSize) {
  return hipc::nvptx::shuffle<hipc::nvptx::shfl_down>(
      static_cast<unsigned>(mask), var, hipc::nvptx::lane_delta(delta),
      hipc::nvptx::shfl_c(width, 31));
}
template <typename T>
HIPC_NVPTX_FN hipc::nvptx::shuffleable<T> __shfl_xor_sync(
    unsigned long long mask, T var, int lane_mask, int width = warpSize) {
  return hipc::nvptx::shuffle<hipc::nvptx::shfl_bfly>(
      static_cast<unsigned>(mask), var, hipc::nvptx::lane_xor(lane_mask),
      hipc::nvptx::shfl_c(width, 31));
}

template <typename T>
HIPC_NVPTX_FN hipc::nvptx::shuffleable<T> __shfl(T var, int src_lane,
                                                 int width = warpSize) {
  return __shfl_sync(hipc::nvptx::active(), var, src_lane, width);
}
template <typename T>
HIPC_NVPTX_FN hipc::nvptx::shuffleable<T> __shfl_up(T var, unsigned int delta,
                                                    int width = warpSize) {
  return __shfl_up_sync(hipc::nvptx::active(), var, delta, width);
}
template <typename T>
HIPC_NVPTX_FN hipc::nvptx::shuffleable<T> __shfl_down(T var, unsigned int delta,
                                                      int width = warpSize) {
  return __shfl_down_sync(hipc::nvptx::active(), var, delta, width);
}
template <typename T>
HIPC_NVPTX_FN hipc::nvptx::shuffleable<T> __shfl_xor(T var, int lane_mask,
                                                     int width = warpSize) {
  return __shfl_xor_sync(hipc::nvptx::active(), var, lane_mask, width);
}

// ---- Votes and masks ----------------------------------------------------

HIPC_NVPTX_FN unsigned long long __activemask() {
  return hipc::nvptx::active();
}
HIPC_NVPTX_FN unsigned long long __ballot_sync(unsigned long long mask,
                                               int predicate) {
  return __nvvm_vote_ballot_sync(static_cast<unsigned>(mask), predicate != 0);
}
HIPC_NVPTX_FN int __any_sync(unsigned long long mask, int predicate) {
  return __nvvm_vote_any_sync(static_cast<unsigned>(mask), predicate != 0);
}
HIPC_NVPTX_FN int __all_sync(unsigned long long mask, int predicate) {
  return __nvvm_vote_all_sync(static_cast<unsigned>(mask), predicate != 0);
}
HIPC_NVPTX_FN unsigned long long __ballot(int predicate) {
  return __ballot_sync(hipc::nvptx::active(), predicate);
}
HIPC_NVPTX_FN int __any(int predicate) {
  return __any_sync(hipc::nvptx::active(), predicate);
}
HIPC_NVPTX_FN int __all(int predicate) {
  return __all_sync(hipc::nvptx::active(), predicate);
}
HIPC_NVPTX_FN int __lane_id() {
  return static_cast<int>(__nvvm_read_ptx_sreg_laneid());
}
HIPC_NVPTX_FN void __syncwarp(unsigned long long mask = 0xffffffffull) {
  __nvvm_bar_warp_sync(static_cast<unsigned>(mask));
}

// ---- Match and reduce ---------------------------------------------------

#if __CUDA_ARCH__ >= 700
template <typename T>
HIPC_NVPTX_FN unsigned long long __match_any_sync(unsigned long long mask,
                                                  T value) {
  unsigned long long b = 0;
  __builtin_memcpy(&b, &value, sizeof(T));
  return sizeof(T) > 4
             ? __nvvm_match_any_sync_i64(static_cast<unsigned>(mask), b)
             : __nvvm_match_any_sync_i32(static_cast<unsigned>(mask),
                                         static_cast<unsigned>(b));
}
template <typename T>
HIPC_NVPTX_FN unsigned long long __match_all_sync(unsigned long long mask,
                                                  T value, int* pred) {
  unsigned long long b = 0;
  __builtin_memcpy(&b, &value, sizeof(T));
  return sizeof(T) > 4
             ? __nvvm_match_all_sync_i64p(static_cast<unsigned>(mask), b, pred)
             : __nvvm_match_all_sync_i32p(static_cast<unsigned>(mask),
                                          static_cast<unsigned>(b), pred);
}
// The forms without a mask (HIP's): the lanes active at the call.
template <typename T>
HIPC_NVPTX_FN unsigned long long __match_any(T value) {
  return __match_any_sync(__activemask(), value);
}
template <typename T>
HIPC_NVPTX_FN unsigned long long __match_all(T value, int* pred) {
  return __match_all_sync(__activemask(), value, pred);
}
#endif

// redux.sync covers 32-bit integers (sm_80 and later); other types (add,
// min and max take floating point too) and older GPUs go through shuffles.
#if __CUDA_ARCH__ >= 800
#define HIPC_NVPTX_REDUX(sredux, uredux)                            \
  if (std::is_integral<T>::value && sizeof(T) == 4)                 \
    return std::is_signed<T>::value                                 \
               ? static_cast<T>(sredux(static_cast<int>(value), m)) \
               : static_cast<T>(uredux(static_cast<unsigned>(value), m));
#else
#define HIPC_NVPTX_REDUX(sredux, uredux)
#endif
// The types of HIP's __reduce_*_sync: hip/hipc/warp_types.h.
#define HIPC_NVPTX_REDUCE(name, op, sredux, uredux, kind, types)             \
  template <typename T>                                                      \
  HIPC_NVPTX_FN T name(unsigned long long mask, T value) {                   \
    static_assert(hipc::kind<T>(), #name " takes " types);           \
    const unsigned m = static_cast<unsigned>(mask);                          \
    HIPC_NVPTX_REDUX(sredux, uredux)                                         \
    return hipc::nvptx::reduce_lanes(m, value, [](T a, T b) { return op; }); \
  }
#define HIPC_NVPTX_ARITH \
  "int, unsigned, long long, unsigned long long, float or double"
#define HIPC_NVPTX_LOGIC "unsigned, int, long long or unsigned long long"
HIPC_NVPTX_REDUCE(__reduce_add_sync, a + b, __nvvm_redux_sync_add,
                  __nvvm_redux_sync_add, reduce_arith_type, HIPC_NVPTX_ARITH)
HIPC_NVPTX_REDUCE(__reduce_min_sync, b < a ? b : a, __nvvm_redux_sync_min,
                  __nvvm_redux_sync_umin, reduce_arith_type, HIPC_NVPTX_ARITH)
HIPC_NVPTX_REDUCE(__reduce_max_sync, b > a ? b : a, __nvvm_redux_sync_max,
                  __nvvm_redux_sync_umax, reduce_arith_type, HIPC_NVPTX_ARITH)
HIPC_NVPTX_REDUCE(__reduce_and_sync, a& b, __nvvm_redux_sync_and,
                  __nvvm_redux_sync_and, reduce_logic_type, HIPC_NVPTX_LOGIC)
HIPC_NVPTX_REDUCE(__reduce_or_sync, a | b, __nvvm_redux_sync_or,
                  __nvvm_redux_sync_or, reduce_logic_type, HIPC_NVPTX_LOGIC)
HIPC_NVPTX_REDUCE(__reduce_xor_sync, a ^ b, __nvvm_redux_sync_xor,
                  __nvvm_redux_sync_xor, reduce_logic_type, HIPC_NVPTX_LOGIC)
#undef HIPC_NVPTX_ARITH
#undef HIPC_NVPTX_LOGIC
#undef HIPC_NVPTX_REDUCE
#undef HIPC_NVPTX_REDUX

#endif  // HIPC_WARP_NVPTX_H
