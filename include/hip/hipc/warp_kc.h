// Warp functions in kc's CPU device pass (__HIPC_KC__): the interface and
// semantics of the CPU device's half (hip/hipc/warp.h, warp_sync.h) --
// 64-bit masks, the warp size chosen at run time, lanes meeting per call
// site -- as calls to libhipc's __hipc_kc_* functions (hip/hipc/kc_warp.h)
// instead of NVIDIA's warp instructions. Included by hip/hipc/warp.h.
#ifndef HIPC_WARP_KC_H
#define HIPC_WARP_KC_H
#define HIPC_WARP_H        // the CPU half (warp.h) is skipped
#define HIPC_WARP_NVPTX_H  // and so is the GPU's

#include <cstdint>
#include <type_traits>

#include "hip/hipc/indices_nvptx.h"
#include "hip/hipc/kc_warp.h"
#include "hip/hipc/sync_nvptx.h"
#include "hip/hipc/warp_types.h"

namespace hipc {

// Where a warp function is called from: a default argument evaluated at
// the caller, as on the CPU device (hip/hipc/warp.h).
struct site {
  uintptr_t id;
  static HIPC_NVPTX_FN uintptr_t make(const char* file, unsigned line) {
    return reinterpret_cast<uintptr_t>(file) * 31u + line;
  }
};
#define HIPC_SITE                                                   \
  ::hipc::site {                                                    \
    ::hipc::site::make(__builtin_FILE(), __builtin_LINE())          \
  }

HIPC_NVPTX_FN int lane_id() {
  return static_cast<int>(__nvvm_read_ptx_sreg_laneid());
}

template <typename T>
using shuffleable = std::enable_if_t<
    std::is_arithmetic<T>::value && (sizeof(T) <= sizeof(uint64_t)), T>;

template <typename T>
HIPC_NVPTX_FN uint64_t to_bits(T v) {
  uint64_t b = 0;
  __builtin_memcpy(&b, &v, sizeof(T));
  return b;
}

template <typename T>
HIPC_NVPTX_FN T from_bits(uint64_t b) {
  T v;
  __builtin_memcpy(&v, &b, sizeof(T));
  return v;
}

// The HIPC_KC_TYPE_* code of a reduction's type.
template <typename T>
constexpr uint32_t kc_type() {
  return std::is_same<T, float>::value    ? HIPC_KC_TYPE_F32
         : std::is_same<T, double>::value ? HIPC_KC_TYPE_F64
         : sizeof(T) == 8 ? (std::is_signed<T>::value ? HIPC_KC_TYPE_I64
                                                      : HIPC_KC_TYPE_U64)
                          : (std::is_signed<T>::value ? HIPC_KC_TYPE_I32
                                                      : HIPC_KC_TYPE_U32);
}

template <typename T>
HIPC_NVPTX_FN T kc_reduce(uint64_t mask, T var, uint32_t op, site where) {
  return from_bits<T>(
      __hipc_kc_reduce(mask, to_bits(var), op, kc_type<T>(), where.id));
}

}  // namespace hipc

// ---- The forms without a mask: the whole warp ------------------------------

template <typename T>
HIPC_NVPTX_FN hipc::shuffleable<T> __shfl(T var, int src_lane,
                                          int width = warpSize,
                                          hipc::site where = HIPC_SITE) {
  return hipc::from_bits<T>(__hipc_kc_shfl_idx(~0ull, hipc::to_bits(var),
                                               src_lane, width, where.id));
}
template <typename T>
HIPC_NVPTX_FN hipc::shuffleable<T> __shfl_up(T var, unsigned int delta,
                                             int width = warpSize,
                                             hipc::site where = HIPC_SITE) {
  return hipc::from_bits<T>(__hipc_kc_shfl_up(~0ull, hipc::to_bits(var),
                                              delta, width, where.id));
}
template <typename T>
HIPC_NVPTX_FN hipc::shuffleable<T> __shfl_down(T var, unsigned int delta,
                                               int width = warpSize,
                                               hipc::site where = HIPC_SITE) {
  return hipc::from_bits<T>(__hipc_kc_shfl_down(~0ull, hipc::to_bits(var),
                                                delta, width, where.id));
}
template <typename T>
HIPC_NVPTX_FN hipc::shuffleable<T> __shfl_xor(T var, int lane_mask,
                                              int width = warpSize,
                                              hipc::site where = HIPC_SITE) {
  return hipc::from_bits<T>(__hipc_kc_shfl_xor(~0ull, hipc::to_bits(var),
                                               lane_mask, width, where.id));
}

HIPC_NVPTX_FN unsigned long long __ballot(int predicate,
                                          hipc::site where = HIPC_SITE) {
  return __hipc_kc_ballot(~0ull, predicate != 0, where.id);
}
HIPC_NVPTX_FN int __any(int predicate, hipc::site where = HIPC_SITE) {
  return __hipc_kc_any(~0ull, predicate != 0, where.id);
}
HIPC_NVPTX_FN int __all(int predicate, hipc::site where = HIPC_SITE) {
  return __hipc_kc_all(~0ull, predicate != 0, where.id);
}
HIPC_NVPTX_FN unsigned long long __activemask(hipc::site where = HIPC_SITE) {
  return __hipc_kc_activemask(where.id);
}
HIPC_NVPTX_FN int __lane_id() { return hipc::lane_id(); }

template <typename T>
HIPC_NVPTX_FN hipc::matchable<T> __match_any(T value,
                                             hipc::site where = HIPC_SITE) {
  return __hipc_kc_match_any(~0ull, hipc::to_bits(value), where.id);
}
template <typename T>
HIPC_NVPTX_FN hipc::matchable<T> __match_all(T value, int* pred,
                                             hipc::site where = HIPC_SITE) {
  return __hipc_kc_match_all(~0ull, hipc::to_bits(value), pred, where.id);
}

HIPC_NVPTX_FN void __syncwarp(hipc::site where = HIPC_SITE) {
  __hipc_kc_syncwarp(~0ull, where.id);
}

// ---- The _sync forms ------------------------------------------------------

#ifndef HIP_DISABLE_WARP_SYNC_BUILTINS

template <typename MaskT>
HIPC_NVPTX_FN void __syncwarp(MaskT mask, hipc::site where = HIPC_SITE) {
  __hipc_kc_syncwarp(hipc::sync_mask(mask), where.id);
}

template <typename MaskT, typename T>
HIPC_NVPTX_FN hipc::shuffleable<T> __shfl_sync(MaskT mask, T var,
                                               int src_lane,
                                               int width = warpSize,
                                               hipc::site where = HIPC_SITE) {
  return hipc::from_bits<T>(__hipc_kc_shfl_idx(
      hipc::sync_mask(mask), hipc::to_bits(var), src_lane, width, where.id));
}
template <typename MaskT, typename T>
HIPC_NVPTX_FN hipc::shuffleable<T> __shfl_up_sync(
    MaskT mask, T var, unsigned int delta, int width = warpSize,
    hipc::site where = HIPC_SITE) {
  return hipc::from_bits<T>(__hipc_kc_shfl_up(
      hipc::sync_mask(mask), hipc::to_bits(var), delta, width, where.id));
}
template <typename MaskT, typename T>
HIPC_NVPTX_FN hipc::shuffleable<T> __shfl_down_sync(
    MaskT mask, T var, unsigned int delta, int width = warpSize,
    hipc::site where = HIPC_SITE) {
  return hipc::from_bits<T>(__hipc_kc_shfl_down(
      hipc::sync_mask(mask), hipc::to_bits(var), delta, width, where.id));
}
template <typename MaskT, typename T>
HIPC_NVPTX_FN hipc::shuffleable<T> __shfl_xor_sync(
    MaskT mask, T var, int lane_mask, int width = warpSize,
    hipc::site where = HIPC_SITE) {
  return hipc::from_bits<T>(__hipc_kc_shfl_xor(
      hipc::sync_mask(mask), hipc::to_bits(var), lane_mask, width, where.id));
}

template <typename MaskT>
HIPC_NVPTX_FN unsigned long long __ballot_sync(MaskT mask, int predicate,
                                               hipc::site where = HIPC_SITE) {
  return __hipc_kc_ballot(hipc::sync_mask(mask), predicate != 0, where.id);
}
template <typename MaskT>
HIPC_NVPTX_FN int __any_sync(MaskT mask, int predicate,
                             hipc::site where = HIPC_SITE) {
  return __hipc_kc_any(hipc::sync_mask(mask), predicate != 0, where.id);
}
template <typename MaskT>
HIPC_NVPTX_FN int __all_sync(MaskT mask, int predicate,
                             hipc::site where = HIPC_SITE) {
  return __hipc_kc_all(hipc::sync_mask(mask), predicate != 0, where.id);
}

template <typename MaskT, typename T>
HIPC_NVPTX_FN hipc::matchable<T> __match_any_sync(
    MaskT mask, T value, hipc::site where = HIPC_SITE) {
  return __hipc_kc_match_any(hipc::sync_mask(mask), hipc::to_bits(value),
                             where.id);
}
template <typename MaskT, typename T>
HIPC_NVPTX_FN hipc::matchable<T> __match_all_sync(
    MaskT mask, T value, int* pred, hipc::site where = HIPC_SITE) {
  return __hipc_kc_match_all(hipc::sync_mask(mask), hipc::to_bits(value),
                             pred, where.id);
}

#define HIPC_KC_REDUCE(NAME, OP, KIND, TYPES)                               \
  template <typename MaskT, typename T>                                     \
  HIPC_NVPTX_FN T NAME(MaskT mask, T var, hipc::site where = HIPC_SITE) {   \
    static_assert(hipc::KIND<T>(), #NAME " takes " TYPES);                  \
    return hipc::kc_reduce(hipc::sync_mask(mask), var, OP, where);          \
  }
#define HIPC_KC_ARITH \
  "int, unsigned, long long, unsigned long long, float or double"
#define HIPC_KC_LOGIC "unsigned, int, long long or unsigned long long"
HIPC_KC_REDUCE(__reduce_add_sync, HIPC_KC_RED_ADD, reduce_arith_type,
               HIPC_KC_ARITH)
HIPC_KC_REDUCE(__reduce_min_sync, HIPC_KC_RED_MIN, reduce_arith_type,
               HIPC_KC_ARITH)
HIPC_KC_REDUCE(__reduce_max_sync, HIPC_KC_RED_MAX, reduce_arith_type,
               HIPC_KC_ARITH)
HIPC_KC_REDUCE(__reduce_and_sync, HIPC_KC_RED_AND, reduce_logic_type,
               HIPC_KC_LOGIC)
HIPC_KC_REDUCE(__reduce_or_sync, HIPC_KC_RED_OR, reduce_logic_type,
               HIPC_KC_LOGIC)
HIPC_KC_REDUCE(__reduce_xor_sync, HIPC_KC_RED_XOR, reduce_logic_type,
               HIPC_KC_LOGIC)
#undef HIPC_KC_ARITH
#undef HIPC_KC_LOGIC
#undef HIPC_KC_REDUCE

#endif  // HIP_DISABLE_WARP_SYNC_BUILTINS

#endif  // HIPC_WARP_KC_H
