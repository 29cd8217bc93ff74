// Integer intrinsics of the kernel language (__brev, __clz, __ffs, __popc,
// __mul24, __mulhi, __byte_perm, __funnelshift_*, __sad, __hadd, ...) and the
// integer min/max overloads. Plain C++ on the CPU device; the same
// definitions serve host code. In hipcc's device pass (__NVPTX__) the
// device versions of the functions CUDA has come from clang's CUDA headers
// (these stay, __host__ only); AMD's own (__lastbit_*, __bitextract_*,
// __bitinsert_*, __fns32/64) and min/max are defined here for both.
#ifndef HIPC_INTRINSICS_INT_H
#define HIPC_INTRINSICS_INT_H

#include <type_traits>

#include "hip/hipc/qualifiers.h"

#define HIPC_HD __host__ __device__ inline
// The functions CUDA has too: in hipcc's device pass (__NVPTX__) these
// definitions serve host code only (which the device pass parses, never
// emits), next to clang's __device__ ones, which the GPU code calls.
#if defined(__NVPTX__)
#define HIPC_CUDA_HD __host__ inline
#else
#define HIPC_CUDA_HD HIPC_HD
#endif


HIPC_CUDA_HD unsigned int __brev(unsigned int x) {
  x = ((x >> 1) & 0x55555555u) | ((x & 0x55555555u) << 1);
  x = ((x >> 2) & 0x33333333u) | ((x & 0x33333333u) << 2);
  x = ((x >> 4) & 0x0f0f0f0fu) | ((x & 0x0f0f0f0fu) << 4);
  return __builtin_bswap32(x);
}
HIPC_CUDA_HD unsigned long long __brevll(unsigned long long x) {
  return (static_cast<unsigned long long>(__brev(static_cast<unsigned>(x)))
          << 32) |
         __brev(static_cast<unsigned>(x >> 32));
}

HIPC_CUDA_HD int __clz(int x) {
  return x == 0 ? 32 : __builtin_clz(static_cast<unsigned>(x));
}
HIPC_CUDA_HD int __clzll(long long x) {
  return x == 0 ? 64 : __builtin_clzll(static_cast<unsigned long long>(x));
}

// The position of the least significant set bit, counted from 1; 0 for 0.
HIPC_CUDA_HD unsigned int __ffs(unsigned int x) {
  return static_cast<unsigned>(__builtin_ffs(static_cast<int>(x)));
}
HIPC_CUDA_HD unsigned int __ffs(int x) {
  return static_cast<unsigned>(__builtin_ffs(x));
}
HIPC_CUDA_HD unsigned int __ffsll(unsigned long long x) {
  return static_cast<unsigned>(__builtin_ffsll(static_cast<long long>(x)));
}
HIPC_CUDA_HD unsigned int __ffsll(long long x) {
  return static_cast<unsigned>(__builtin_ffsll(x));
}

HIPC_CUDA_HD unsigned int __popc(unsigned int x) {
  return static_cast<unsigned>(__builtin_popcount(x));
}
HIPC_CUDA_HD unsigned int __popcll(unsigned long long x) {
  return static_cast<unsigned>(__builtin_popcountll(x));
}

// Products of the low 24 bits (sign-extended for __mul24), low 32 bits kept.
HIPC_CUDA_HD int __mul24(int x, int y) {
  long long a = static_cast<int>(static_cast<unsigned>(x) << 8) >> 8;
  long long b = static_cast<int>(static_cast<unsigned>(y) << 8) >> 8;
  return static_cast<int>(static_cast<unsigned>(a * b));
}
HIPC_CUDA_HD unsigned int __umul24(unsigned int x, unsigned int y) {
  return (x & 0xffffffu) * (y & 0xffffffu);
}

// The high halves of full products.
HIPC_CUDA_HD int __mulhi(int x, int y) {
  return static_cast<int>((static_cast<long long>(x) * y) >> 32);
}
HIPC_CUDA_HD unsigned int __umulhi(unsigned int x, unsigned int y) {
  return static_cast<unsigned>((static_cast<unsigned long long>(x) * y) >> 32);
}
HIPC_CUDA_HD long long __mul64hi(long long x, long long y) {
  return static_cast<long long>((static_cast<__int128>(x) * y) >> 64);
}
HIPC_CUDA_HD unsigned long long __umul64hi(unsigned long long x,
                                      unsigned long long y) {
  return static_cast<unsigned long long>(
      (static_cast<unsigned __int128>(x) * y) >> 64);
}

// Byte i of the result is byte ((s >> 4i) & 7) of the 8 bytes y:x.
HIPC_CUDA_HD unsigned int __byte_perm(unsigned int x, unsigned int y,
                                 unsigned int s) {
  unsigned long long v = (static_cast<unsigned long long>(y) << 32) | x;
  unsigned int r = 0;
  for (int i = 0; i < 4; i++) {
    unsigned sel = (s >> (4 * i)) & 7u;
    r |= static_cast<unsigned>((v >> (8 * sel)) & 0xffu) << (8 * i);
  }
  return r;
}

// hi:lo shifted left (the high word kept) or right (the low word kept), by
// shift & 31 (_l, _r) or min(shift, 32) (_lc, _rc).
HIPC_CUDA_HD unsigned int __funnelshift_l(unsigned int lo, unsigned int hi,
                                     unsigned int shift) {
  unsigned long long v = (static_cast<unsigned long long>(hi) << 32) | lo;
  return static_cast<unsigned>((v << (shift & 31u)) >> 32);
}
HIPC_CUDA_HD unsigned int __funnelshift_lc(unsigned int lo, unsigned int hi,
                                      unsigned int shift) {
  unsigned long long v = (static_cast<unsigned long long>(hi) << 32) | lo;
  return static_cast<unsigned>((v << (shift < 32u ? shift : 32u)) >> 32);
}
HIPC_CUDA_HD unsigned int __funnelshift_r(unsigned int lo, unsigned int hi,
                                     unsigned int shift) {
  unsigned long long v = (static_cast<unsigned long long>(hi) << 32) | lo;
  return static_cast<unsigned>(v >> (shift & 31u));
}
HIPC_CUDA_HD unsigned int __funnelshift_rc(unsigned int lo, unsigned int hi,
                                      unsigned int shift) {
  unsigned long long v = (static_cast<unsigned long long>(hi) << 32) | lo;
  return static_cast<unsigned>(v >> (shift < 32u ? shift : 32u));
}

// |x - y| + z, with the difference taken without overflow.
HIPC_CUDA_HD unsigned int __sad(int x, int y, unsigned int z) {
  return (x > y ? static_cast<unsigned>(x) - static_cast<unsigned>(y)
                : static_cast<unsigned>(y) - static_cast<unsigned>(x)) +
         z;
}
HIPC_CUDA_HD unsigned int __usad(unsigned int x, unsigned int y, unsigned int z) {
  return (x > y ? x - y : y - x) + z;
}

// Averages without overflow: (x + y) >> 1 and (x + y + 1) >> 1.
HIPC_CUDA_HD int __hadd(int x, int y) {
  return static_cast<int>((static_cast<long long>(x) + y) >> 1);
}
HIPC_CUDA_HD int __rhadd(int x, int y) {
  return static_cast<int>((static_cast<long long>(x) + y + 1) >> 1);
}
HIPC_CUDA_HD unsigned int __uhadd(unsigned int x, unsigned int y) {
  return static_cast<unsigned>((static_cast<unsigned long long>(x) + y) >> 1);
}
HIPC_CUDA_HD unsigned int __urhadd(unsigned int x, unsigned int y) {
  return static_cast<unsigned>((static_cast<unsigned long long>(x) + y + 1) >>
                               1);
}


// AMD's: the position of the least significant set bit counted from 0, and
// -1 (all ones) for 0.
HIPC_HD unsigned int __lastbit_u32_u32(unsigned int x) {
  return x ? static_cast<unsigned>(__builtin_ctz(x)) : ~0u;
}
HIPC_HD unsigned int __lastbit_u32_u64(unsigned long long x) {
  return x ? static_cast<unsigned>(__builtin_ctzll(x)) : ~0u;
}

// AMD's bit-field operations: `width` bits at `offset` (both taken modulo
// the word size).
HIPC_HD unsigned int __bitextract_u32(unsigned int src, unsigned int offset,
                                      unsigned int width) {
  offset &= 31u;
  width &= 31u;
  return (src >> offset) & ((1u << width) - 1u);
}
HIPC_HD unsigned long long __bitextract_u64(unsigned long long src,
                                            unsigned int offset,
                                            unsigned int width) {
  offset &= 63u;
  width &= 63u;
  return (src >> offset) & ((1ull << width) - 1ull);
}
HIPC_HD unsigned int __bitinsert_u32(unsigned int src0, unsigned int src1,
                                     unsigned int offset, unsigned int width) {
  offset &= 31u;
  width &= 31u;
  unsigned mask = ((1u << width) - 1u) << offset;
  return (src0 & ~mask) | ((src1 << offset) & mask);
}
HIPC_HD unsigned long long __bitinsert_u64(unsigned long long src0,
                                           unsigned long long src1,
                                           unsigned int offset,
                                           unsigned int width) {
  offset &= 63u;
  width &= 63u;
  unsigned long long mask = ((1ull << width) - 1ull) << offset;
  return (src0 & ~mask) | ((src1 << offset) & mask);
}

// The position of the offset-th set bit of `mask` counted from bit `base`
// upward (offset > 0) or downward (offset < 0), base included; with offset
// 0, base itself when that bit is set. All ones when there is none (PTX's
// fns).
HIPC_HD unsigned int __fns64(unsigned long long mask, unsigned int base,
                             int offset) {
  if (base > 63) return ~0u;
  if (offset == 0) return (mask >> base) & 1u ? base : ~0u;
  int step = offset > 0 ? 1 : -1;
  int left = offset > 0 ? offset : -offset;
  for (int i = static_cast<int>(base); i >= 0 && i < 64; i += step)
    if (((mask >> i) & 1u) && --left == 0) return static_cast<unsigned>(i);
  return ~0u;
}
HIPC_HD unsigned int __fns32(unsigned int mask, unsigned int base, int offset) {
  return base > 31 ? ~0u : __fns64(mask, base, offset);
}
HIPC_CUDA_HD unsigned int __fns(unsigned int mask, unsigned int base, int offset) {
  return __fns32(mask, base, offset);
}

// min and max of any two arithmetic values, in their common type (the
// usual arithmetic conversions: min(int, unsigned) compares as unsigned,
// max(x, 0) with a float x gives a float). Floating point: fmin/fmax, where a
// NaN loses to a number. One template instead of HIP's list of overloads,
// which would make max(x, 0) ambiguous.
namespace hipc {
template <typename R>
HIPC_HD R min2(R a, R b) {
  return b < a ? b : a;
}
template <typename R>
HIPC_HD R max2(R a, R b) {
  return a < b ? b : a;
}
HIPC_HD float min2(float a, float b) { return __builtin_fminf(a, b); }
HIPC_HD float max2(float a, float b) { return __builtin_fmaxf(a, b); }
HIPC_HD double min2(double a, double b) { return __builtin_fmin(a, b); }
HIPC_HD double max2(double a, double b) { return __builtin_fmax(a, b); }
template <typename T, typename U>
using minmax_t = std::enable_if_t<std::is_arithmetic<T>::value &&
                                      std::is_arithmetic<U>::value,
                                  std::common_type_t<T, U>>;
}  // namespace hipc
template <typename T, typename U>
HIPC_HD hipc::minmax_t<T, U> min(T a, U b) {
  using R = hipc::minmax_t<T, U>;
  return hipc::min2(static_cast<R>(a), static_cast<R>(b));
}
template <typename T, typename U>
HIPC_HD hipc::minmax_t<T, U> max(T a, U b) {
  using R = hipc::minmax_t<T, U>;
  return hipc::max2(static_cast<R>(a), static_cast<R>(b));
}
HIPC_CUDA_HD unsigned int umin(unsigned int a, unsigned int b) { return min(a, b); }
HIPC_CUDA_HD unsigned int umax(unsigned int a, unsigned int b) { return max(a, b); }
HIPC_CUDA_HD long long llmin(long long a, long long b) { return min(a, b); }
HIPC_CUDA_HD long long llmax(long long a, long long b) { return max(a, b); }
HIPC_CUDA_HD unsigned long long ullmin(unsigned long long a, unsigned long long b) {
  return min(a, b);
}
HIPC_CUDA_HD unsigned long long ullmax(unsigned long long a, unsigned long long b) {
  return max(a, b);
}

#undef HIPC_HD
#undef HIPC_CUDA_HD

#endif  // HIPC_INTRINSICS_INT_H
