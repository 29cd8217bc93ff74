/* libdevice on the CPU device: integer and bit functions (see
 * libdevice.h), with the results of hip/hipc/intrinsics_int.h. libdevice
 * passes 32-bit words as int where CUDA's functions take unsigned; the
 * functions here work on the unsigned bits and convert back, which is
 * defined for every value (the conversion to int is GCC's and clang's
 * documented modulo 2^32). */
#include "backend/cpu/libdevice.h"

/* -- Bit reversal, leading zeros, first set bit, population count. */
HIPC_API int __nv_brev(int x) {
  uint32_t v = (uint32_t)x;
  v = ((v >> 1) & 0x55555555u) | ((v & 0x55555555u) << 1);
  v = ((v >> 2) & 0x33333333u) | ((v & 0x33333333u) << 2);
  v = ((v >> 4) & 0x0f0f0f0fu) | ((v & 0x0f0f0f0fu) << 4);
  return (int)__builtin_bswap32(v);
}
HIPC_API long long __nv_brevll(long long x) {
  uint64_t v = (uint64_t)x;
  uint64_t lo = (uint32_t)__nv_brev((int)(uint32_t)(v >> 32));
  uint64_t hi = (uint32_t)__nv_brev((int)(uint32_t)v);
  return (long long)((hi << 32) | lo);
}
HIPC_API int __nv_clz(int x) {
  return x == 0 ? 32 : __builtin_clz((unsigned)x);
}
HIPC_API int __nv_clzll(long long x) {
  return x == 0 ? 64 : __builtin_clzll((unsigned long long)x);
}
/* The position of the least significant set bit, from 1; 0 for 0. */
HIPC_API int __nv_ffs(int x) { return __builtin_ffs(x); }
HIPC_API int __nv_ffsll(long long x) { return __builtin_ffsll(x); }
HIPC_API int __nv_popc(unsigned int x) { return __builtin_popcount(x); }
HIPC_API int __nv_popcll(unsigned long long x) {
  return __builtin_popcountll(x);
}

/* -- Products. The 24-bit ones multiply the low 24 bits (sign-extended
 * for __mul24) and keep the low 32 bits of the product. */
HIPC_API int __nv_mul24(int x, int y) {
  int64_t a = (int64_t)(((uint32_t)x & 0xffffffu) ^ 0x800000u) - 0x800000;
  int64_t b = (int64_t)(((uint32_t)y & 0xffffffu) ^ 0x800000u) - 0x800000;
  return (int)(uint32_t)(uint64_t)(a * b);
}
HIPC_API unsigned int __nv_umul24(unsigned int x, unsigned int y) {
  return (x & 0xffffffu) * (y & 0xffffffu);
}
/* The high halves of full products (__int128: GCC's and clang's on 64-bit
 * targets, which are the CPU device's). */
__extension__ typedef __int128 ld_i128;
__extension__ typedef unsigned __int128 ld_u128;
HIPC_API int __nv_mulhi(int x, int y) {
  return (int)(((int64_t)x * y) >> 32);
}
HIPC_API unsigned int __nv_umulhi(unsigned int x, unsigned int y) {
  return (unsigned)(((uint64_t)x * y) >> 32);
}
HIPC_API long long __nv_mul64hi(long long x, long long y) {
  return (long long)(((ld_i128)x * y) >> 64);
}
HIPC_API unsigned long long __nv_umul64hi(unsigned long long x,
                                          unsigned long long y) {
  return (unsigned long long)(((ld_u128)x * y) >> 64);
}

/* -- Byte i of the result is byte ((s >> 4i) & 7) of the 8 bytes y:x. */
HIPC_API int __nv_byte_perm(int x, int y, int s) {
  uint64_t v = ((uint64_t)(uint32_t)y << 32) | (uint32_t)x;
  uint32_t r = 0;
  for (int i = 0; i < 4; i++) {
    unsigned sel = ((uint32_t)s >> (4 * i)) & 7u;
    r |= (uint32_t)((v >> (8 * sel)) & 0xffu) << (8 * i);
  }
  return (int)r;
}

/* -- |x - y| + z, the difference taken without overflow (modulo 2^32). */
HIPC_API int __nv_sad(int x, int y, int z) {
  uint32_t d = x > y ? (uint32_t)x - (uint32_t)y : (uint32_t)y - (uint32_t)x;
  return (int)(d + (uint32_t)z);
}
HIPC_API unsigned int __nv_usad(unsigned int x, unsigned int y,
                                unsigned int z) {
  return (x > y ? x - y : y - x) + z;
}

/* -- Averages without overflow: (x + y) >> 1 and (x + y + 1) >> 1. */
HIPC_API int __nv_hadd(int x, int y) {
  return (int)(((int64_t)x + y) >> 1);
}
HIPC_API int __nv_rhadd(int x, int y) {
  return (int)(((int64_t)x + y + 1) >> 1);
}
HIPC_API int __nv_uhadd(unsigned int x, unsigned int y) {
  return (int)(uint32_t)(((uint64_t)x + y) >> 1);
}
HIPC_API unsigned int __nv_urhadd(unsigned int x, unsigned int y) {
  return (unsigned)(((uint64_t)x + y + 1) >> 1);
}

/* -- Absolute values: |INT_MIN| wraps to INT_MIN, as on the GPU (abs.s32). */
HIPC_API int __nv_abs(int x) {
  return (int)(x < 0 ? 0u - (uint32_t)x : (uint32_t)x);
}
HIPC_API long long __nv_llabs(long long x) {
  return (long long)(x < 0 ? 0u - (uint64_t)x : (uint64_t)x);
}

/* -- Minima and maxima. */
HIPC_API int __nv_min(int x, int y) { return y < x ? y : x; }
HIPC_API int __nv_max(int x, int y) { return x < y ? y : x; }
HIPC_API unsigned int __nv_umin(unsigned int x, unsigned int y) {
  return y < x ? y : x;
}
HIPC_API unsigned int __nv_umax(unsigned int x, unsigned int y) {
  return x < y ? y : x;
}
HIPC_API long long __nv_llmin(long long x, long long y) {
  return y < x ? y : x;
}
HIPC_API long long __nv_llmax(long long x, long long y) {
  return x < y ? y : x;
}
HIPC_API unsigned long long __nv_ullmin(unsigned long long x,
                                        unsigned long long y) {
  return y < x ? y : x;
}
HIPC_API unsigned long long __nv_ullmax(unsigned long long x,
                                        unsigned long long y) {
  return x < y ? y : x;
}
