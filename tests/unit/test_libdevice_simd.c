/* libdevice on the CPU device, the SIMD video functions (src/backend/cpu/
 * libdevice_simd.c): each against a lane-by-lane definition (the lanes
 * unpacked into arrays, the operation written out per function) at random
 * and extreme lane values, and hand-computed words. */
#include "libdevice_test.h"

typedef int v2_fn(int, int);
typedef int v1_fn(int);

#define DECL(n) v2_fn __nv_##n##2, __nv_##n##4;
DECL(vabsdiffs) DECL(vabsdiffu) DECL(vadd) DECL(vaddss) DECL(vaddus)
DECL(vavgs) DECL(vavgu) DECL(vhaddu) DECL(vmaxs) DECL(vmaxu) DECL(vmins)
DECL(vminu) DECL(vsub) DECL(vsubss) DECL(vsubus) DECL(vsads) DECL(vsadu)
DECL(vcmpeq) DECL(vcmpne) DECL(vcmpges) DECL(vcmpgts) DECL(vcmples)
DECL(vcmplts) DECL(vcmpgeu) DECL(vcmpgtu) DECL(vcmpleu) DECL(vcmpltu)
DECL(vseteq) DECL(vsetne) DECL(vsetges) DECL(vsetgts) DECL(vsetles)
DECL(vsetlts) DECL(vsetgeu) DECL(vsetgtu) DECL(vsetleu) DECL(vsetltu)
#undef DECL
v1_fn __nv_vabs2, __nv_vabs4, __nv_vabsss2, __nv_vabsss4, __nv_vneg2,
    __nv_vneg4, __nv_vnegss2, __nv_vnegss4;

enum op {
  ABS, ABSSS, NEG, NEGSS, ABSDIFFS, ABSDIFFU, ADD, ADDSS, ADDUS, SUB, SUBSS,
  SUBUS, AVGS, AVGU, HADDU, MAXS, MAXU, MINS, MINU, EQ, NE, GES, GTS, LES,
  LTS, GEU, GTU, LEU, LTU, SADS, SADU
};

/* Lane i of x, of n lanes: unsigned and signed. */
static long long lane_u(uint32_t x, int n, int i) {
  int w = 32 / n;
  return (x >> (w * i)) & ((1u << w) - 1);
}
static long long lane_s(uint32_t x, int n, int i) {
  int w = 32 / n;
  long long u = lane_u(x, n, i);
  return u >= (1ll << (w - 1)) ? u - (1ll << w) : u;
}
static long long clamp(long long v, long long lo, long long hi) {
  return v < lo ? lo : v > hi ? hi : v;
}

/* The expected word (or sum, for the SADs), n = 2 or 4 lanes. Comparisons
 * give `ones` (all ones for vcmp, 1 for vset) where they hold. */
static uint32_t expect(enum op op, uint32_t a, uint32_t b, int n,
                       long long ones) {
  int w = 32 / n;
  long long smax = (1ll << (w - 1)) - 1, smin = -(1ll << (w - 1));
  long long umax = (1ll << w) - 1, sum = 0;
  uint32_t r = 0;
  for (int i = 0; i < n; i++) {
    long long sa = lane_s(a, n, i), sb = lane_s(b, n, i);
    long long ua = lane_u(a, n, i), ub = lane_u(b, n, i), v = 0;
    switch (op) {
      case ABS: v = sa < 0 ? -sa : sa; break;
      case ABSSS: v = clamp(sa < 0 ? -sa : sa, smin, smax); break;
      case NEG: v = -sa; break;
      case NEGSS: v = clamp(-sa, smin, smax); break;
      case ABSDIFFS: v = sa > sb ? sa - sb : sb - sa; break;
      case ABSDIFFU: v = ua > ub ? ua - ub : ub - ua; break;
      case ADD: v = ua + ub; break;
      case ADDSS: v = clamp(sa + sb, smin, smax); break;
      case ADDUS: v = clamp(ua + ub, 0, umax); break;
      case SUB: v = ua - ub; break;
      case SUBSS: v = clamp(sa - sb, smin, smax); break;
      case SUBUS: v = clamp(ua - ub, 0, umax); break;
      /* (a + b + 1) / 2 rounded down, for either sign. */
      case AVGS: {
        long long s = sa + sb + 1;
        v = s >= 0 ? s / 2 : -((-s + 1) / 2);
        break;
      }
      case AVGU: v = (ua + ub + 1) / 2; break;
      case HADDU: v = (ua + ub) / 2; break;
      case MAXS: v = sa > sb ? sa : sb; break;
      case MAXU: v = ua > ub ? ua : ub; break;
      case MINS: v = sa < sb ? sa : sb; break;
      case MINU: v = ua < ub ? ua : ub; break;
      case EQ: v = ua == ub ? ones : 0; break;
      case NE: v = ua != ub ? ones : 0; break;
      case GES: v = sa >= sb ? ones : 0; break;
      case GTS: v = sa > sb ? ones : 0; break;
      case LES: v = sa <= sb ? ones : 0; break;
      case LTS: v = sa < sb ? ones : 0; break;
      case GEU: v = ua >= ub ? ones : 0; break;
      case GTU: v = ua > ub ? ones : 0; break;
      case LEU: v = ua <= ub ? ones : 0; break;
      case LTU: v = ua < ub ? ones : 0; break;
      case SADS: sum += sa > sb ? sa - sb : sb - sa; break;
      case SADU: sum += ua > ub ? ua - ub : ub - ua; break;
    }
    r |= (uint32_t)((unsigned long long)v & (unsigned long long)umax)
         << (w * i);
  }
  return op == SADS || op == SADU ? (uint32_t)sum : r;
}

static const struct {
  const char* name;
  enum op op;
  v2_fn *f2, *f4;
  int set; /* a vset (1 per lane) rather than a vcmp (all ones) */
} two[] = {
#define T(n, op) {#n, op, __nv_##n##2, __nv_##n##4, 0},
    T(vabsdiffs, ABSDIFFS) T(vabsdiffu, ABSDIFFU) T(vadd, ADD)
    T(vaddss, ADDSS) T(vaddus, ADDUS) T(vsub, SUB) T(vsubss, SUBSS)
    T(vsubus, SUBUS) T(vavgs, AVGS) T(vavgu, AVGU) T(vhaddu, HADDU)
    T(vmaxs, MAXS) T(vmaxu, MAXU) T(vmins, MINS) T(vminu, MINU)
    T(vsads, SADS) T(vsadu, SADU) T(vcmpeq, EQ) T(vcmpne, NE)
    T(vcmpges, GES) T(vcmpgts, GTS) T(vcmples, LES) T(vcmplts, LTS)
    T(vcmpgeu, GEU) T(vcmpgtu, GTU) T(vcmpleu, LEU) T(vcmpltu, LTU)
#undef T
#define S(n, op) {#n, op, __nv_##n##2, __nv_##n##4, 1},
    S(vseteq, EQ) S(vsetne, NE) S(vsetges, GES) S(vsetgts, GTS)
    S(vsetles, LES) S(vsetlts, LTS) S(vsetgeu, GEU) S(vsetgtu, GTU)
    S(vsetleu, LEU) S(vsetltu, LTU)
#undef S
};
static const struct {
  const char* name;
  enum op op;
  v1_fn *f2, *f4;
} one[] = {
    {"vabs", ABS, __nv_vabs2, __nv_vabs4},
    {"vabsss", ABSSS, __nv_vabsss2, __nv_vabsss4},
    {"vneg", NEG, __nv_vneg2, __nv_vneg4},
    {"vnegss", NEGSS, __nv_vnegss2, __nv_vnegss4},
};

/* Words whose lanes are often extreme: 0, 1, the signed minimum and
 * maximum, all ones. */
static uint32_t word(void) {
  static const uint8_t bytes[] = {0x00, 0x01, 0x7f, 0x80, 0xff, 0xfe, 0x81};
  uint32_t r = ld_rand32();
  if (r & 1) return ld_rand32();
  uint32_t v = 0;
  for (int i = 0; i < 4; i++) {
    r = ld_rand32();
    v |= (uint32_t)(r & 8 ? bytes[(r >> 4) % 7] : (r >> 8) & 0xff) << (8 * i);
  }
  return v;
}

static void random_lanes(void) {
  for (size_t i = 0; i < sizeof two / sizeof two[0]; i++) {
    int bad = 0;
    for (int k = 0; k < 20000; k++) {
      uint32_t a = word(), b = k & 15 ? word() : a; /* equal lanes too */
      uint32_t g2 = (uint32_t)two[i].f2((int)a, (int)b);
      uint32_t g4 = (uint32_t)two[i].f4((int)a, (int)b);
      uint32_t w2 = expect(two[i].op, a, b, 2, two[i].set ? 1 : -1);
      uint32_t w4 = expect(two[i].op, a, b, 4, two[i].set ? 1 : -1);
      if ((g2 != w2 || g4 != w4) && bad++ < 3)
        fprintf(stderr, "__nv_%s(%#x, %#x): got %#x/%#x, expected %#x/%#x\n",
                two[i].name, a, b, g2, g4, w2, w4);
    }
    check_count++;
    if (bad) check_failures++;
  }
  for (size_t i = 0; i < sizeof one / sizeof one[0]; i++) {
    int bad = 0;
    for (int k = 0; k < 20000; k++) {
      uint32_t a = word();
      uint32_t g2 = (uint32_t)one[i].f2((int)a), g4 = (uint32_t)one[i].f4((int)a);
      uint32_t w2 = expect(one[i].op, a, 0, 2, 0);
      uint32_t w4 = expect(one[i].op, a, 0, 4, 0);
      if ((g2 != w2 || g4 != w4) && bad++ < 3)
        fprintf(stderr, "__nv_%s(%#x): got %#x/%#x, expected %#x/%#x\n",
                one[i].name, a, g2, g4, w2, w4);
    }
    check_count++;
    if (bad) check_failures++;
  }
}

#define W(x) ((int)(uint32_t)(x))
static void hand_computed(void) {
  CHECK_EQ((uint32_t)__nv_vadd2(W(0x7fff0001), W(0x00010001)), 0x80000002u);
  CHECK_EQ((uint32_t)__nv_vaddss2(W(0x7fff0001), W(0x00010001)), 0x7fff0002u);
  CHECK_EQ((uint32_t)__nv_vaddss2(W(0x80000000), W(0xffff0000)), 0x80000000u);
  CHECK_EQ((uint32_t)__nv_vaddus2(W(0xffff0001), W(0x00010001)), 0xffff0002u);
  CHECK_EQ((uint32_t)__nv_vadd4(W(0xff010203), W(0x01010101)), 0x00020304u);
  CHECK_EQ((uint32_t)__nv_vaddus4(W(0xff010203), W(0x01ff0101)), 0xffff0304u);
  CHECK_EQ((uint32_t)__nv_vaddss4(W(0x7f80ff01), W(0x01ff0101)), 0x7f800002u);
  CHECK_EQ((uint32_t)__nv_vsub2(W(0x00000001), W(0x00010002)), 0xffffffffu);
  CHECK_EQ((uint32_t)__nv_vsubus2(W(0x00000005), W(0x00010002)), 0x00000003u);
  CHECK_EQ((uint32_t)__nv_vsubss4(W(0x80007f00), W(0x0101ff00)), 0x80ff7f00u);
  CHECK_EQ((uint32_t)__nv_vabs2(W(0x8000ffff)), 0x80000001u);
  CHECK_EQ((uint32_t)__nv_vabsss2(W(0x8000ffff)), 0x7fff0001u);
  CHECK_EQ((uint32_t)__nv_vabs4(W(0x80ff017f)), 0x8001017fu);
  CHECK_EQ((uint32_t)__nv_vabsss4(W(0x80ff017f)), 0x7f01017fu);
  CHECK_EQ((uint32_t)__nv_vneg2(W(0x80000001)), 0x8000ffffu);
  CHECK_EQ((uint32_t)__nv_vnegss2(W(0x80000001)), 0x7fffffffu);
  CHECK_EQ((uint32_t)__nv_vnegss4(W(0x80010000)), 0x7fff0000u);
  CHECK_EQ((uint32_t)__nv_vabsdiffs2(W(0x7fff0001), W(0x8000ffff)),
           0xffff0002u);
  CHECK_EQ((uint32_t)__nv_vabsdiffu4(W(0x00ff1020), W(0xff002010)),
           0xffff1010u);
  /* Averages: signed rounds half up, -1 and 0 average to 0; unsigned. */
  CHECK_EQ((uint32_t)__nv_vavgs2(W(0xffff0003), W(0x00000004)), 0x00000004u);
  CHECK_EQ((uint32_t)__nv_vavgs2(W(0xfffd8000), W(0x00008000)), 0xffff8000u);
  CHECK_EQ((uint32_t)__nv_vavgu4(W(0xff000103), W(0xff010104)), 0xff010104u);
  CHECK_EQ((uint32_t)__nv_vhaddu4(W(0xff000103), W(0xff010104)), 0xff000103u);
  CHECK_EQ((uint32_t)__nv_vhaddu2(W(0xffff0003), W(0xffff0004)), 0xffff0003u);
  CHECK_EQ((uint32_t)__nv_vmaxs2(W(0x8000ffff), W(0x00000001)), 0x00000001u);
  CHECK_EQ((uint32_t)__nv_vmaxu2(W(0x8000ffff), W(0x00000001)), 0x8000ffffu);
  CHECK_EQ((uint32_t)__nv_vmins4(W(0x80ff0102), W(0x7f000201)), 0x80ff0101u);
  CHECK_EQ((uint32_t)__nv_vminu4(W(0x80ff0102), W(0x7f000201)), 0x7f000101u);
  CHECK_EQ((uint32_t)__nv_vcmpeq2(W(0x12345678), W(0x12340000)), 0xffff0000u);
  CHECK_EQ((uint32_t)__nv_vseteq2(W(0x12345678), W(0x12340000)), 0x00010000u);
  CHECK_EQ((uint32_t)__nv_vcmpgts4(W(0x01ff8000), W(0x00007f00)), 0xff000000u);
  CHECK_EQ((uint32_t)__nv_vcmpgtu4(W(0x01ff8000), W(0x00007f00)), 0xffffff00u);
  CHECK_EQ((uint32_t)__nv_vsetles4(W(0x01ff8000), W(0x00007f00)), 0x00010101u);
  CHECK_EQ((uint32_t)__nv_vsetltu2(W(0x0001ffff), W(0x00020000)), 0x00010000u);
  CHECK_EQ((uint32_t)__nv_vcmpne4(W(0x01020304), W(0x01000300)), 0x00ff00ffu);
  CHECK_EQ(__nv_vsads2(W(0x7fff8000), W(0x80007fff)), 0xffff + 0xffff);
  CHECK_EQ(__nv_vsadu4(W(0xff000102), W(0x00ff0201)), 255 + 255 + 1 + 1);
  CHECK_EQ(__nv_vsads4(W(0xff000102), W(0x00ff0201)), 1 + 1 + 1 + 1);
}

int main(void) {
  random_lanes();
  hand_computed();
  return check_summary("test_libdevice_simd");
}
