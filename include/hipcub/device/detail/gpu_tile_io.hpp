// Building blocks of hipCUB's GPU kernels (gpu_reduce_scan.hpp): a
// thread's run of consecutive items loaded and stored with 16-byte vector
// accesses when the iterator is a suitably aligned pointer, warp shuffles
// of any trivially copyable type (in 64-bit words), in-order warp
// reductions and scans, and volatile reads for values other blocks publish.
#ifndef HIPCUB_DEVICE_DETAIL_GPU_TILE_IO_HPP
#define HIPCUB_DEVICE_DETAIL_GPU_TILE_IO_HPP

#include <cstdint>
#include <type_traits>

#include "hipcub/config.hpp"

BEGIN_HIPCUB_NAMESPACE
namespace detail {
namespace gpu {

// The element type of a pointer iterator; void for other iterators.
template <typename It>
struct pointee {
  using type = void;
};
template <typename T>
struct pointee<T*> {
  using type = std::remove_cv_t<T>;
};

// Whether runs of I items of `It` can move as 16-byte vectors: It must be
// a pointer whose runs fill whole vectors (alignment is checked at run
// time by vector_aligned).
template <int I, typename It>
constexpr bool vector_type_ok() {
  using T = typename pointee<It>::type;
  if constexpr (std::is_void<T>::value) {
    return false;
  } else {
    return std::is_trivially_copyable<T>::value && (I * sizeof(T)) % 16 == 0;
  }
}
template <int I, typename It>
inline bool vector_aligned(It p) {
  if constexpr (vector_type_ok<I, It>())
    return reinterpret_cast<uintptr_t>(p) % 16 == 0;
  else
    return false;
}

typedef unsigned u32x4 __attribute__((ext_vector_type(4)));

// One 16-byte load. In the GPU pass an explicit ld.global.v4: LLVM would
// otherwise split a vector whose lanes are used one by one into scalar
// loads (and merge them with the bounds-checked tail's).
__device__ inline u32x4 load_vector(const u32x4* p) {
#if defined(__NVPTX__) && !defined(__HIPC_KC__)
  u32x4 r;
  asm("{ .reg .u64 g; cvta.to.global.u64 g, %4;\n"
      "ld.global.v4.u32 {%0, %1, %2, %3}, [g]; }"
      : "=r"(r.x), "=r"(r.y), "=r"(r.z), "=r"(r.w)
      : "l"(p));
  return r;
#else
  return *p;
#endif
}

// v[k] = in[b + k], k < I; VEC: as 16-byte vectors (b a multiple of I).
template <int I, bool VEC, typename Acc, typename In>
__device__ inline void load_run(In in, long long b, Acc (&v)[I]) {
  if constexpr (VEC) {
    using T = typename pointee<In>::type;
    constexpr int NV = int(I * sizeof(T) / 16);
    const u32x4* q = reinterpret_cast<const u32x4*>(in + b);
    u32x4 w[NV];
#pragma unroll
    for (int j = 0; j < NV; ++j) w[j] = load_vector(q + j);
    T t[I];
    __builtin_memcpy(t, w, sizeof(t));
#pragma unroll
    for (int k = 0; k < I; ++k) v[k] = static_cast<Acc>(t[k]);
  } else {
#pragma unroll
    for (int k = 0; k < I; ++k) v[k] = static_cast<Acc>(in[b + k]);
  }
}

// out[b + k] = v[k], k < I; VEC as for load_run.
template <int I, bool VEC, typename Acc, typename Out>
__device__ inline void store_run(Out out, long long b, const Acc (&v)[I]) {
  if constexpr (VEC) {
    using T = typename pointee<Out>::type;
    constexpr int NV = int(I * sizeof(T) / 16);
    T t[I];
#pragma unroll
    for (int k = 0; k < I; ++k) t[k] = static_cast<T>(v[k]);
    u32x4 w[NV];
    __builtin_memcpy(w, t, sizeof(t));
    u32x4* q = reinterpret_cast<u32x4*>(out + b);
#pragma unroll
    for (int j = 0; j < NV; ++j) q[j] = w[j];
  } else {
#pragma unroll
    for (int k = 0; k < I; ++k) out[b + k] = v[k];
  }
}

// Warp-striped 16-byte vectors through shared memory: a warp's run of
// warpSize * I items of T moves as vectors lane after lane (coalesced),
// and lane l holds items l * I .. l * I + I - 1 of the run. `sh` is the
// warp's room for the run; odd I keeps the lanes' scalar accesses free of
// bank conflicts. T must divide 16 bytes, the run start 16-byte aligned.
template <typename T>
constexpr bool striped_type_ok() {
  return std::is_trivially_copyable<T>::value && 16 % sizeof(T) == 0;
}
template <int I, typename T, typename Acc>
__device__ inline void load_striped(const T* in, Acc (&v)[I], T* sh,
                                    int lane) {
  constexpr int PER = int(16 / sizeof(T));      // items a vector
  constexpr int J = (I + PER - 1) / PER;        // vectors a lane, at most
  int ws = warpSize, nvec = ws * I / PER;
  const u32x4* g = reinterpret_cast<const u32x4*>(in);
  u32x4* s = reinterpret_cast<u32x4*>(sh);
  u32x4 r[J];
#pragma unroll
  for (int j = 0; j < J; ++j)
    if (I % PER == 0 || j * ws + lane < nvec)
      r[j] = load_vector(g + j * ws + lane);
#pragma unroll
  for (int j = 0; j < J; ++j)
    if (I % PER == 0 || j * ws + lane < nvec) s[j * ws + lane] = r[j];
  __syncwarp();
#pragma unroll
  for (int k = 0; k < I; ++k) v[k] = static_cast<Acc>(sh[lane * I + k]);
  __syncwarp();
}
template <int I, typename T, typename Acc>
__device__ inline void store_striped(T* out, const Acc (&v)[I], T* sh,
                                     int lane) {
  constexpr int PER = int(16 / sizeof(T));
  constexpr int J = (I + PER - 1) / PER;
  int ws = warpSize, nvec = ws * I / PER;
#pragma unroll
  for (int k = 0; k < I; ++k) sh[lane * I + k] = static_cast<T>(v[k]);
  __syncwarp();
  u32x4* g = reinterpret_cast<u32x4*>(out);
  const u32x4* s = reinterpret_cast<const u32x4*>(sh);
#pragma unroll
  for (int j = 0; j < J; ++j)
    if (I % PER == 0 || j * ws + lane < nvec)
      g[j * ws + lane] = s[j * ws + lane];
  __syncwarp();
}

// Shuffles of any trivially copyable T, one 32-bit word at a time.
template <typename T>
struct words {
  static constexpr int N = int((sizeof(T) + 3) / 4);
  unsigned w[N];
};
template <typename T>
__device__ inline T shfl_down_any(const T& v, unsigned d) {
  words<T> a{};
  __builtin_memcpy(a.w, &v, sizeof(T));
#pragma unroll
  for (int i = 0; i < words<T>::N; ++i) a.w[i] = __shfl_down(a.w[i], d);
  T r;
  __builtin_memcpy(&r, a.w, sizeof(T));
  return r;
}
template <typename T>
__device__ inline T shfl_up_any(const T& v, unsigned d) {
  words<T> a{};
  __builtin_memcpy(a.w, &v, sizeof(T));
#pragma unroll
  for (int i = 0; i < words<T>::N; ++i) a.w[i] = __shfl_up(a.w[i], d);
  T r;
  __builtin_memcpy(&r, a.w, sizeof(T));
  return r;
}

// Lane 0 gets the combination, in lane order, of the values of lanes
// 0..last (other lanes get partial results).
template <typename Acc, typename Op>
__device__ inline Acc warp_reduce_upto(Acc v, int lane, int last, Op op) {
  for (int off = 1; off < warpSize; off <<= 1) {
    Acc o = shfl_down_any(v, off);
    if (lane + off <= last) v = op(v, o);
  }
  return v;
}

// Inclusive scan in lane order: lane i gets lanes 0..i combined.
template <typename Acc, typename Op>
__device__ inline Acc warp_inclusive(Acc v, int lane, Op op) {
  for (int off = 1; off < warpSize; off <<= 1) {
    Acc o = shfl_up_any(v, off);
    if (lane >= off) v = op(o, v);
  }
  return v;
}

// A read that bypasses caches other blocks' writes may not reach (the
// look-back reads what other blocks publish while they run).
template <typename T>
__device__ inline T load_volatile(const T* p) {
  T r;
  if constexpr (sizeof(T) % 4 == 0 && alignof(T) >= 4) {
    unsigned w[sizeof(T) / 4];
    const volatile unsigned* q = reinterpret_cast<const volatile unsigned*>(p);
#pragma unroll
    for (unsigned i = 0; i < sizeof(T) / 4; ++i) w[i] = q[i];
    __builtin_memcpy(&r, w, sizeof(T));
  } else {
    unsigned char b[sizeof(T)];
    const volatile unsigned char* q =
        reinterpret_cast<const volatile unsigned char*>(p);
    for (unsigned i = 0; i < sizeof(T); ++i) b[i] = q[i];
    __builtin_memcpy(&r, b, sizeof(T));
  }
  return r;
}

}  // namespace gpu
}  // namespace detail
END_HIPCUB_NAMESPACE

#endif  // HIPCUB_DEVICE_DETAIL_GPU_TILE_IO_HPP
