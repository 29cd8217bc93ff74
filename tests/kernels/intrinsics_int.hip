// Integer intrinsics in a kernel against host references written the slow,
// obvious way (bit loops, 64-bit or split arithmetic), over random inputs
// and edge values; also the integer min/max overloads.
#include <cstdint>
#include <cmath>
#include <cstdlib>
#include <type_traits>
#include <vector>

#include "common.h"

struct in_t {
  unsigned a, b, c;
  unsigned long long p, q;
};

const int NOUT = 36;

__global__ void k_int(const in_t* in, unsigned long long* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  in_t v = in[i];
  int sa = static_cast<int>(v.a), sb = static_cast<int>(v.b);
  long long sp = static_cast<long long>(v.p), sq = static_cast<long long>(v.q);
  unsigned long long* o = out + NOUT * i;
  o[0] = __brev(v.a);
  o[1] = __brevll(v.p);
  o[2] = static_cast<unsigned>(__clz(sa));
  o[3] = static_cast<unsigned>(__clzll(sp));
  o[4] = __ffs(v.a);
  o[5] = __ffs(sa);
  o[6] = __ffsll(v.p);
  o[7] = __ffsll(sp);
  o[8] = __popc(v.a);
  o[9] = __popcll(v.p);
  o[10] = static_cast<unsigned>(__mul24(sa, sb));
  o[11] = __umul24(v.a, v.b);
  o[12] = static_cast<unsigned>(__mulhi(sa, sb));
  o[13] = __umulhi(v.a, v.b);
  o[14] = static_cast<unsigned long long>(__mul64hi(sp, sq));
  o[15] = __umul64hi(v.p, v.q);
  o[16] = __byte_perm(v.a, v.b, v.c);
  o[17] = __funnelshift_l(v.a, v.b, v.c);
  o[18] = __funnelshift_lc(v.a, v.b, v.c % 40);
  o[19] = __funnelshift_r(v.a, v.b, v.c);
  o[20] = __funnelshift_rc(v.a, v.b, v.c % 40);
  o[21] = __sad(sa, sb, v.c);
  o[22] = __usad(v.a, v.b, v.c);
  o[23] = static_cast<unsigned>(__hadd(sa, sb));
  o[24] = static_cast<unsigned>(__rhadd(sa, sb));
  o[25] = __uhadd(v.a, v.b);
  o[26] = __urhadd(v.a, v.b);
  o[27] = __lastbit_u32_u32(v.a);
  o[28] = __lastbit_u32_u64(v.p);
  o[29] = __bitextract_u32(v.a, v.b, v.c);
  o[30] = __bitextract_u64(v.p, v.b, v.c);
  o[31] = __bitinsert_u32(v.a, v.b, v.c, v.c >> 8);
  o[32] = __bitinsert_u64(v.p, v.q, v.c, v.c >> 8);
  o[33] = __fns32(v.a, v.b % 34, static_cast<int>(v.c % 11) - 5);
  o[34] = static_cast<unsigned>(min(sa, sb)) ^
          (static_cast<unsigned long long>(max(v.a, v.b)) << 32);
  o[35] = static_cast<unsigned long long>(max(sp, sq)) ^ min(v.p, v.q) ^
          static_cast<unsigned long long>(min(sa, v.b));
}

// ---- References.
static unsigned bit(unsigned long long x, int i) { return (x >> i) & 1u; }
static unsigned long long rev(unsigned long long x, int bits) {
  unsigned long long r = 0;
  for (int i = 0; i < bits; i++)
    r |= static_cast<unsigned long long>(bit(x, i)) << (bits - 1 - i);
  return r;
}
static unsigned clz(unsigned long long x, int bits) {
  unsigned n = 0;
  for (int i = bits - 1; i >= 0 && !bit(x, i); i--) n++;
  return n;
}
static unsigned ffs(unsigned long long x, int bits) {
  for (int i = 0; i < bits; i++)
    if (bit(x, i)) return i + 1;
  return 0;
}
static unsigned popc(unsigned long long x) {
  unsigned n = 0;
  for (int i = 0; i < 64; i++) n += bit(x, i);
  return n;
}
static long long sext24(unsigned x) {
  long long v = x & 0xffffff;
  return v >= 0x800000 ? v - 0x1000000 : v;
}
// The high 64 bits of a 128-bit product, from 32-bit halves.
static unsigned long long umulhi64(unsigned long long a, unsigned long long b) {
  unsigned long long al = a & 0xffffffff, ah = a >> 32, bl = b & 0xffffffff,
                     bh = b >> 32;
  unsigned long long ll = al * bl, lh = al * bh, hl = ah * bl, hh = ah * bh;
  unsigned long long mid = (ll >> 32) + (lh & 0xffffffff) + (hl & 0xffffffff);
  return hh + (lh >> 32) + (hl >> 32) + (mid >> 32);
}
static unsigned long long mulhi64(long long a, long long b) {
  // Signed: subtract the two's-complement corrections.
  unsigned long long h = umulhi64(static_cast<unsigned long long>(a),
                                  static_cast<unsigned long long>(b));
  if (a < 0) h -= static_cast<unsigned long long>(b);
  if (b < 0) h -= static_cast<unsigned long long>(a);
  return h;
}
static unsigned field(unsigned long long x, int from, int width) {
  unsigned long long r = 0;
  for (int i = 0; i < width; i++)
    r |= static_cast<unsigned long long>(bit(x, from + i)) << i;
  return static_cast<unsigned>(r);
}
static unsigned long long field64(unsigned long long x, int from, int width) {
  unsigned long long r = 0;
  for (int i = 0; i < width && from + i < 64; i++)
    r |= static_cast<unsigned long long>(bit(x, from + i)) << i;
  return r;
}
static unsigned long long insert(unsigned long long dst, unsigned long long src,
                                 int off, int width, int bits) {
  for (int i = 0; i < width && off + i < bits; i++) {
    unsigned long long m = 1ull << (off + i);
    dst = bit(src, i) ? dst | m : dst & ~m;
  }
  return dst;
}
static unsigned fns(unsigned mask, unsigned base, int offset) {
  if (base > 31) return ~0u;
  if (offset == 0) return bit(mask, base) ? base : ~0u;
  int count = 0;
  for (int i = static_cast<int>(base); i >= 0 && i<32; i += offset> 0 ? 1 : -1)
    if (bit(mask, i) && ++count == std::abs(offset)) return i;
  return ~0u;
}

static void reference(const in_t& v, unsigned long long* w) {
  int sa = static_cast<int>(v.a), sb = static_cast<int>(v.b);
  long long sp = static_cast<long long>(v.p), sq = static_cast<long long>(v.q);
  w[0] = rev(v.a, 32);
  w[1] = rev(v.p, 64);
  w[2] = clz(v.a, 32);
  w[3] = clz(v.p, 64);
  w[4] = w[5] = ffs(v.a, 32);
  w[6] = w[7] = ffs(v.p, 64);
  w[8] = popc(v.a);
  w[9] = popc(v.p);
  w[10] = static_cast<unsigned>(sext24(v.a) * sext24(v.b));
  w[11] = static_cast<unsigned>((v.a & 0xffffffull) * (v.b & 0xffffffull));
  w[12] = static_cast<unsigned>((static_cast<long long>(sa) * sb) >> 32);
  w[13] =
      static_cast<unsigned>((static_cast<unsigned long long>(v.a) * v.b) >> 32);
  w[14] = mulhi64(sp, sq);
  w[15] = umulhi64(v.p, v.q);
  unsigned char bytes[8];
  for (int i = 0; i < 4; i++) {
    bytes[i] = static_cast<unsigned char>(v.a >> (8 * i));
    bytes[4 + i] = static_cast<unsigned char>(v.b >> (8 * i));
  }
  unsigned bp = 0;
  for (int i = 0; i < 4; i++)
    bp |= static_cast<unsigned>(bytes[(v.c >> (4 * i)) & 7]) << (8 * i);
  w[16] = bp;
  unsigned s = v.c & 31, sc = v.c % 40 < 32 ? v.c % 40 : 32;
  w[17] = s == 0 ? v.b : (v.b << s) | (v.a >> (32 - s));
  w[18] = sc == 32 ? v.a : sc == 0 ? v.b : (v.b << sc) | (v.a >> (32 - sc));
  w[19] = s == 0 ? v.a : (v.a >> s) | (v.b << (32 - s));
  w[20] = sc == 32 ? v.b : sc == 0 ? v.a : (v.a >> sc) | (v.b << (32 - sc));
  w[21] =
      static_cast<unsigned>(std::llabs(static_cast<long long>(sa) - sb) + v.c);
  w[22] = static_cast<unsigned>(std::llabs(static_cast<long long>(v.a) - v.b) +
                                v.c);
  long long sum = static_cast<long long>(sa) + sb;
  w[23] = static_cast<unsigned>(
      static_cast<int>(sum >= 0 ? sum / 2 : -((-sum + 1) / 2)));
  w[24] = static_cast<unsigned>(
      static_cast<int>(sum + 1 >= 0 ? (sum + 1) / 2 : -((-(sum + 1) + 1) / 2)));
  w[25] =
      static_cast<unsigned>((static_cast<unsigned long long>(v.a) + v.b) / 2);
  w[26] = static_cast<unsigned>(
      (static_cast<unsigned long long>(v.a) + v.b + 1) / 2);
  w[27] = ffs(v.a, 32) - 1u;
  w[28] = ffs(v.p, 64) - 1u;
  w[29] = field(v.a, v.b & 31, v.c & 31);
  w[30] = field64(v.p, v.b & 63, v.c & 63);
  w[31] = insert(v.a, v.b, v.c & 31, (v.c >> 8) & 31, 32);
  w[32] = insert(v.p, v.q, v.c & 63, (v.c >> 8) & 63, 64);
  w[33] = fns(v.a, v.b % 34, static_cast<int>(v.c % 11) - 5);
  w[34] = static_cast<unsigned>(sa < sb ? sa : sb) ^
          (static_cast<unsigned long long>(v.a > v.b ? v.a : v.b) << 32);
  w[35] = static_cast<unsigned long long>(sp > sq ? sp : sq) ^
          (v.p < v.q ? v.p : v.q) ^
          (static_cast<unsigned>(sa) < v.b ? static_cast<unsigned>(sa) : v.b);
}

// Values worked out by hand, computed in a kernel (the intrinsics are
// device functions in HIP).
__global__ void k_hand(unsigned long long* o) {
  o[0] = static_cast<unsigned long long>(__brev(1u));
  o[1] = static_cast<unsigned long long>(__clz(0));
  o[2] = static_cast<unsigned long long>(__ffs(0));
  o[3] = static_cast<unsigned long long>(__ffsll(1ll << 40));
  o[4] = static_cast<unsigned long long>(
      __byte_perm(0x33221100u, 0x77665544u, 0x1054u));
  o[5] =
      static_cast<unsigned long long>(__funnelshift_lc(0x80000000u, 1u, 100u));
  o[6] = static_cast<unsigned long long>(__mul64hi(-1, 1));
  o[7] = static_cast<unsigned long long>(__hadd(-3, 0));
  o[8] = static_cast<unsigned long long>(__rhadd(-3, 0));
  o[9] = static_cast<unsigned long long>(__sad(-5, 5, 1u));
  o[10] = static_cast<unsigned long long>(__fns32(0xf0u, 0, 2));
  o[11] = static_cast<unsigned long long>(__fns32(0xf0u, 6, -3));
  o[12] = static_cast<unsigned long long>(__fns32(0xf0u, 6, -4));
  o[13] = static_cast<unsigned long long>(__fns32(0xaaaaaaaau, 3, 1));
  o[14] = static_cast<unsigned long long>(__fns32(0xaaaaaaaau, 3, -1));
  o[15] = static_cast<unsigned long long>(__fns32(0xaaaaaaaau, 2, 1));
  o[16] = static_cast<unsigned long long>(__fns32(0xaaaaaaaau, 2, -1));
  o[17] = static_cast<unsigned long long>(max(2.5f, 3));
  o[18] = static_cast<unsigned long long>(min(-1, 1u));
  o[19] = static_cast<unsigned long long>(max(-1, 1u));
  o[20] = static_cast<unsigned long long>(min(static_cast<double>(NAN), 1.0));
  o[21] = static_cast<unsigned long long>(max(2.0, 0));
  o[22] = static_cast<unsigned long long>(min(5ll, 7));
  o[23] = static_cast<unsigned long long>(umax(3u, 9u));
  o[24] = static_cast<unsigned long long>(llmin(-3ll, 2ll));
  o[25] = static_cast<unsigned long long>(ullmax(3ull, 1ull << 40));
  o[26] = std::is_same<decltype(max(2.5f, 3)), float>::value;
}

static void test_by_hand() {
  const int n = 27;
  unsigned long long* d;
  HIP_CHECK(hipMalloc(&d, n * sizeof(unsigned long long)));
  k_hand<<<1, 1>>>(d);
  unsigned long long got[n];
  HIP_CHECK(hipMemcpy(got, d, sizeof got, hipMemcpyDeviceToHost));
  const unsigned long long want[n] = {
      static_cast<unsigned long long>(0x80000000u),  // __brev(1u)
      static_cast<unsigned long long>(32),           // __clz(0)
      static_cast<unsigned long long>(0u),           // __ffs(0)
      static_cast<unsigned long long>(41u),          // __ffsll(1ll << 40)
      static_cast<unsigned long long>(
          0x11005544u),  // __byte_perm(0x33221100u, 0x77665544u, 0x1054u)
      static_cast<unsigned long long>(
          0x80000000u),  // __funnelshift_lc(0x80000000u, 1u, 100u)
      static_cast<unsigned long long>(-1ll),  // __mul64hi(-1, 1)
      static_cast<unsigned long long>(-2),    // __hadd(-3, 0)
      static_cast<unsigned long long>(-1),    // __rhadd(-3, 0)
      static_cast<unsigned long long>(11u),   // __sad(-5, 5, 1u)
      static_cast<unsigned long long>(5u),    // __fns32(0xf0u, 0, 2)
      static_cast<unsigned long long>(4u),    // __fns32(0xf0u, 6, -3)
      static_cast<unsigned long long>(~0u),   // __fns32(0xf0u, 6, -4)
      static_cast<unsigned long long>(3u),    // __fns32(0xaaaaaaaau, 3, 1)
      static_cast<unsigned long long>(3u),    // __fns32(0xaaaaaaaau, 3, -1)
      static_cast<unsigned long long>(3u),    // __fns32(0xaaaaaaaau, 2, 1)
      static_cast<unsigned long long>(1u),    // __fns32(0xaaaaaaaau, 2, -1)
      static_cast<unsigned long long>(3.0f),  // max(2.5f, 3)
      static_cast<unsigned long long>(1u),    // min(-1, 1u)
      static_cast<unsigned long long>(0xffffffffu),  // max(-1, 1u)
      static_cast<unsigned long long>(
          1.0),  // min(static_cast<double>(NAN), 1.0)
      static_cast<unsigned long long>(2.0),         // max(2.0, 0)
      static_cast<unsigned long long>(5ll),         // min(5ll, 7)
      static_cast<unsigned long long>(9u),          // umax(3u, 9u)
      static_cast<unsigned long long>(-3ll),        // llmin(-3ll, 2ll)
      static_cast<unsigned long long>(1ull << 40),  // ullmax(3ull, 1ull << 40)
      1};
  for (int i = 0; i < n; i++) {
    if (got[i] != want[i])
      std::fprintf(stderr, "hand value %d: got %#llx want %#llx\n", i, got[i],
                   want[i]);
    CHECK_EQ(got[i], want[i]);
  }
  HIP_CHECK(hipFree(d));
}

int main() {
  std::vector<in_t> in;
  const unsigned edges[] = {0u,          1u,          2u,          0x7fffffffu,
                            0x80000000u, 0xffffffffu, 0x00800000u, 0xff800000u,
                            0x12345678u, 32u,         31u};
  for (unsigned a : edges)
    for (unsigned b : edges)
      in.push_back({a, b, b * 7u + a,
                    (static_cast<unsigned long long>(a) << 32) | b,
                    (static_cast<unsigned long long>(b) << 32) | ~a});
  uint64_t s = 12345;
  auto next = [&s]() {
    s = s * 6364136223846793005ull + 1442695040888963407ull;
    return s;
  };
  while (in.size() < 4096) {
    unsigned long long r1 = next(), r2 = next(), r3 = next();
    // Sparse bit patterns too, so that clz/ffs see every position.
    if (in.size() % 4 == 0) r1 &= r1 >> (r3 % 64);
    in.push_back({static_cast<unsigned>(r1), static_cast<unsigned>(r2),
                  static_cast<unsigned>(r3), r1 ^ (r2 << 17), r3 * 3});
  }
  int n = static_cast<int>(in.size());
  in_t* din;
  unsigned long long* dout;
  HIP_CHECK(hipMalloc(&din, n * sizeof(in_t)));
  HIP_CHECK(hipMalloc(&dout, n * NOUT * sizeof(unsigned long long)));
  HIP_CHECK(hipMemcpy(din, in.data(), n * sizeof(in_t), hipMemcpyHostToDevice));
  k_int<<<(n + 127) / 128, 128>>>(din, dout, n);
  std::vector<unsigned long long> got(static_cast<size_t>(n) * NOUT);
  HIP_CHECK(hipMemcpy(got.data(), dout, got.size() * sizeof(got[0]),
                      hipMemcpyDeviceToHost));
  int bad[NOUT] = {};
  for (int i = 0; i < n; i++) {
    unsigned long long want[NOUT];
    reference(in[i], want);
    for (int j = 0; j < NOUT; j++)
      if (got[static_cast<size_t>(i) * NOUT + j] != want[j] && bad[j]++ < 3)
        std::fprintf(
            stderr,
            "result %d for a=%#x b=%#x c=%#x p=%#llx q=%#llx: got %#llx "
            "want %#llx\n",
            j, in[i].a, in[i].b, in[i].c, in[i].p, in[i].q,
            got[static_cast<size_t>(i) * NOUT + j], want[j]);
  }
  for (int j = 0; j < NOUT; j++) CHECK_EQ(bad[j], 0);
  test_by_hand();
  HIP_CHECK(hipFree(din));
  HIP_CHECK(hipFree(dout));
  return test_summary("intrinsics_int");
}
