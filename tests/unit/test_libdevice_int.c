/* libdevice on the CPU device, integer and bit functions
 * (src/backend/cpu/libdevice_int.c): against bit-by-bit definitions and
 * wider arithmetic at random and extreme arguments, and hand-computed
 * values. The SIMD functions are in test_libdevice_simd.c. */
#include <limits.h>

#include "libdevice_test.h"

int __nv_brev(int);
long long __nv_brevll(long long);
int __nv_clz(int);
int __nv_clzll(long long);
int __nv_ffs(int);
int __nv_ffsll(long long);
int __nv_popc(unsigned);
int __nv_popcll(unsigned long long);
int __nv_mul24(int, int);
unsigned __nv_umul24(unsigned, unsigned);
int __nv_mulhi(int, int);
unsigned __nv_umulhi(unsigned, unsigned);
long long __nv_mul64hi(long long, long long);
unsigned long long __nv_umul64hi(unsigned long long, unsigned long long);
int __nv_byte_perm(int, int, int);
int __nv_sad(int, int, int);
unsigned __nv_usad(unsigned, unsigned, unsigned);
int __nv_hadd(int, int);
int __nv_rhadd(int, int);
int __nv_uhadd(unsigned, unsigned);
unsigned __nv_urhadd(unsigned, unsigned);
int __nv_abs(int);
long long __nv_llabs(long long);
int __nv_min(int, int), __nv_max(int, int);
unsigned __nv_umin(unsigned, unsigned), __nv_umax(unsigned, unsigned);
long long __nv_llmin(long long, long long), __nv_llmax(long long, long long);
unsigned long long __nv_ullmin(unsigned long long, unsigned long long),
    __nv_ullmax(unsigned long long, unsigned long long);

/* 32-bit arguments: random words, half of them with few bits set. */
static uint32_t arg32(void) {
  static const uint32_t edge[] = {0, 1, 0x80000000u, 0x7fffffffu,
                                  0xffffffffu, 0x00ffffffu, 0xff800000u};
  uint32_t r = ld_rand32();
  switch (r & 7) {
    case 0: return edge[(r >> 3) % 7];
    case 1: return ld_rand32() & ld_rand32() & ld_rand32();
    case 2: return 1u << ((r >> 3) & 31);
    default: return ld_rand32();
  }
}
static uint64_t arg64(void) {
  return ((uint64_t)arg32() << 32) | arg32();
}

/* 64 x 64 -> high 64 bits from 32-bit limbs (no 128-bit type). */
static uint64_t umulhi64_ref(uint64_t a, uint64_t b) {
  uint64_t al = (uint32_t)a, ah = a >> 32, bl = (uint32_t)b, bh = b >> 32;
  uint64_t ll = al * bl, lh = al * bh, hl = ah * bl, hh = ah * bh;
  uint64_t mid = (ll >> 32) + (uint32_t)lh + (uint32_t)hl;
  return hh + (lh >> 32) + (hl >> 32) + (mid >> 32);
}
/* Signed: the unsigned high word minus the corrections for negative
 * operands (a = au - 2^64 when a < 0). */
static int64_t mulhi64_ref(int64_t a, int64_t b) {
  uint64_t h = umulhi64_ref((uint64_t)a, (uint64_t)b);
  if (a < 0) h -= (uint64_t)b;
  if (b < 0) h -= (uint64_t)a;
  return (int64_t)h;
}
static int64_t floor_half(int64_t s) { return s >= 0 ? s / 2 : -((-s + 1) / 2); }
static int64_t sext24(uint32_t v) {
  int64_t r = v & 0xffffff;
  return r >= 0x800000 ? r - 0x1000000 : r;
}

static void scalar(void) {
  for (int k = 0; k < 20000; k++) {
    uint32_t a = arg32(), b = arg32(), c = arg32();
    uint64_t A = arg64(), B = arg64();
    uint32_t rev = 0;
    for (int i = 0; i < 32; i++) rev |= ((a >> i) & 1u) << (31 - i);
    CHECK_EQ((uint32_t)__nv_brev((int)a), rev);
    uint64_t rev64 = 0;
    for (int i = 0; i < 64; i++) rev64 |= ((A >> i) & 1u) << (63 - i);
    CHECK_EQ((uint64_t)__nv_brevll((long long)A), rev64);
    int clz = 0, clz64 = 0, ffs = 0, ffs64 = 0, pop = 0, pop64 = 0;
    while (clz < 32 && !((a << clz) & 0x80000000u)) clz++;
    while (clz64 < 64 && !((A << clz64) >> 63)) clz64++;
    for (int i = 31; i >= 0; i--) if ((a >> i) & 1) ffs = i + 1;
    for (int i = 63; i >= 0; i--) if ((A >> i) & 1) ffs64 = i + 1;
    for (int i = 0; i < 32; i++) pop += (a >> i) & 1;
    for (int i = 0; i < 64; i++) pop64 += (A >> i) & 1;
    CHECK_EQ(__nv_clz((int)a), clz);
    CHECK_EQ(__nv_clzll((long long)A), clz64);
    CHECK_EQ(__nv_ffs((int)a), ffs);
    CHECK_EQ(__nv_ffsll((long long)A), ffs64);
    CHECK_EQ(__nv_popc(a), pop);
    CHECK_EQ(__nv_popcll(A), pop64);
    CHECK_EQ((uint32_t)__nv_mul24((int)a, (int)b),
             (uint32_t)(uint64_t)(sext24(a) * sext24(b)));
    CHECK_EQ(__nv_umul24(a, b),
             (uint32_t)((uint64_t)(a & 0xffffff) * (b & 0xffffff)));
    CHECK_EQ(__nv_mulhi((int)a, (int)b),
             (int32_t)(((int64_t)(int32_t)a * (int32_t)b) >> 32));
    CHECK_EQ(__nv_umulhi(a, b), (uint32_t)(((uint64_t)a * b) >> 32));
    CHECK_EQ((uint64_t)__nv_umul64hi(A, B), umulhi64_ref(A, B));
    CHECK_EQ(__nv_mul64hi((long long)A, (long long)B),
             mulhi64_ref((int64_t)A, (int64_t)B));
    /* Byte permutation: the 8 bytes of b:a, picked by c's nibbles. */
    unsigned char bytes[8];
    for (int i = 0; i < 4; i++) {
      bytes[i] = (unsigned char)(a >> (8 * i));
      bytes[i + 4] = (unsigned char)(b >> (8 * i));
    }
    uint32_t perm = 0;
    for (int i = 0; i < 4; i++)
      perm |= (uint32_t)bytes[(c >> (4 * i)) & 7] << (8 * i);
    CHECK_EQ((uint32_t)__nv_byte_perm((int)a, (int)b, (int)c), perm);
    int64_t sa = (int32_t)a, sb = (int32_t)b;
    int64_t diff = sa > sb ? sa - sb : sb - sa;
    CHECK_EQ((uint32_t)__nv_sad((int)a, (int)b, (int)c),
             (uint32_t)(uint64_t)(diff + c));
    CHECK_EQ(__nv_usad(a, b, c),
             (uint32_t)((a > b ? (uint64_t)a - b : (uint64_t)b - a) + c));
    CHECK_EQ(__nv_hadd((int)a, (int)b), floor_half(sa + sb));
    CHECK_EQ(__nv_rhadd((int)a, (int)b), floor_half(sa + sb + 1));
    CHECK_EQ((uint32_t)__nv_uhadd(a, b), (uint32_t)(((uint64_t)a + b) / 2));
    CHECK_EQ(__nv_urhadd(a, b), (uint32_t)(((uint64_t)a + b + 1) / 2));
    CHECK_EQ(__nv_min((int)a, (int)b), sa < sb ? sa : sb);
    CHECK_EQ(__nv_max((int)a, (int)b), sa < sb ? sb : sa);
    CHECK_EQ(__nv_umin(a, b), a < b ? a : b);
    CHECK_EQ(__nv_umax(a, b), a < b ? b : a);
    CHECK_EQ(__nv_llmin((long long)A, (long long)B),
             (int64_t)A < (int64_t)B ? (int64_t)A : (int64_t)B);
    CHECK_EQ(__nv_llmax((long long)A, (long long)B),
             (int64_t)A < (int64_t)B ? (int64_t)B : (int64_t)A);
    CHECK(__nv_ullmin(A, B) == (A < B ? A : B));
    CHECK(__nv_ullmax(A, B) == (A < B ? B : A));
    CHECK_EQ(__nv_abs((int)a), sa < 0 ? (int32_t)(uint32_t)-sa : sa);
  }
  /* Hand-computed. */
  CHECK_EQ((uint32_t)__nv_brev(1), 0x80000000u);
  CHECK_EQ((uint32_t)__nv_brev(0x12345678), 0x1e6a2c48u);
  CHECK_EQ((uint64_t)__nv_brevll(1), 0x8000000000000000ull);
  CHECK_EQ(__nv_clz(0), 32);
  CHECK_EQ(__nv_clz(-1), 0);
  CHECK_EQ(__nv_clzll(0), 64);
  CHECK_EQ(__nv_clzll(1), 63);
  CHECK_EQ(__nv_ffs(0), 0);
  CHECK_EQ(__nv_ffs(INT_MIN), 32);
  CHECK_EQ(__nv_ffsll(LLONG_MIN), 64);
  CHECK_EQ(__nv_popc(0xffffffffu), 32);
  CHECK_EQ(__nv_popcll(~0ull), 64);
  CHECK_EQ(__nv_mul24(0x00800000, 2), (int)0xff000000); /* -2^23 * 2 */
  CHECK_EQ(__nv_mul24(0x7f000003, 5), 15);              /* high byte ignored */
  CHECK_EQ(__nv_umul24(0xffffffffu, 0xffffffffu), 0xfe000001u);
  CHECK_EQ(__nv_mulhi(INT_MIN, INT_MIN), 0x40000000);
  CHECK_EQ(__nv_mulhi(-1, 1), -1);
  CHECK_EQ(__nv_umulhi(0xffffffffu, 0xffffffffu), 0xfffffffeu);
  CHECK(__nv_umul64hi(~0ull, ~0ull) == ~0ull - 1);
  CHECK_EQ(__nv_mul64hi(LLONG_MIN, -1), 0);
  CHECK_EQ(__nv_mul64hi(-1, 1), -1);
  CHECK_EQ((uint32_t)__nv_byte_perm(0x33221100, 0x77665544, 0x7531),
           0x77553311u);
  CHECK_EQ((uint32_t)__nv_byte_perm(0x33221100, 0x77665544, 0x0123),
           0x00112233u);
  CHECK_EQ((uint32_t)__nv_sad(INT_MIN, INT_MAX, 1), 0u); /* 2^32 - 1 + 1 */
  CHECK_EQ(__nv_sad(-3, 4, 10), 17);
  CHECK_EQ(__nv_usad(3, 10, 1), 8u);
  CHECK_EQ(__nv_hadd(INT_MAX, INT_MAX), INT_MAX);
  CHECK_EQ(__nv_hadd(-3, 0), -2);
  CHECK_EQ(__nv_rhadd(-3, 0), -1);
  CHECK_EQ(__nv_rhadd(INT_MAX, INT_MAX), INT_MAX);
  CHECK_EQ((uint32_t)__nv_uhadd(0xffffffffu, 0xffffffffu), 0xffffffffu);
  CHECK_EQ(__nv_urhadd(0xffffffffu, 0xfffffffeu), 0xffffffffu);
  CHECK_EQ(__nv_abs(INT_MIN), INT_MIN);
  CHECK_EQ(__nv_abs(-5), 5);
  CHECK_EQ(__nv_llabs(LLONG_MIN), LLONG_MIN);
  CHECK_EQ(__nv_llabs(-5), 5);
  CHECK_EQ(__nv_umin(1, 0xffffffffu), 1u);
  CHECK_EQ(__nv_min(1, -1), -1);
}

int main(void) {
  scalar();
  return check_summary("test_libdevice_int");
}
