/* The warp functions of kc's kernels (hip/hipc/kc_warp.h, which documents
 * their semantics) over the CPU device's warp rendezvous. Each computes,
 * from the snapshot of every lane's word, what the CPU device's headers
 * (hip/hipc/warp.h, warp_sync.h) compute inline for the other compile, so
 * both compiles give the same results. */
#include "hip/hipc/kc_warp.h"

#include <stdint.h>
#include <string.h>

#include "hip/hipc/kernel.h"

/* The calling thread's lane. */
static int lane_id(void) {
  return (int)(hipc_thread_linear() & (hipc_tls.warp_size - 1));
}

static int segment_base(int lane, int width) { return lane & ~(width - 1); }

/* Every lane deposits `v` and reads lane `src` (its own `v` when src < 0). */
static uint64_t shuffle(uint64_t mask, uint64_t v, int src, uintptr_t site) {
  const hipc_warp_snapshot* s = hipc_cpu_warp_exchange_mask(v, site, mask);
  return src < 0 ? v : s->value[src];
}

uint64_t __hipc_kc_shfl_idx(uint64_t mask, uint64_t v, int32_t src_lane,
                            int32_t width, uintptr_t site) {
  int src = segment_base(lane_id(), width) + (src_lane & (width - 1));
  return shuffle(mask, v, src, site);
}

uint64_t __hipc_kc_shfl_up(uint64_t mask, uint64_t v, uint32_t delta,
                           int32_t width, uintptr_t site) {
  int lane = lane_id();
  int src = lane - (int)delta;
  if (src < segment_base(lane, width)) src = -1;
  return shuffle(mask, v, src, site);
}

uint64_t __hipc_kc_shfl_down(uint64_t mask, uint64_t v, uint32_t delta,
                             int32_t width, uintptr_t site) {
  int lane = lane_id();
  int out = (unsigned)(lane & (width - 1)) + delta >= (unsigned)width;
  return shuffle(mask, v, out ? -1 : lane + (int)delta, site);
}

uint64_t __hipc_kc_shfl_xor(uint64_t mask, uint64_t v, int32_t lane_mask,
                            int32_t width, uintptr_t site) {
  int lane = lane_id();
  int src = lane ^ lane_mask;
  int end = segment_base(lane, width) + width;
  return shuffle(mask, v, src >= end || src < 0 ? -1 : src, site);
}

uint64_t __hipc_kc_ballot(uint64_t mask, int32_t pred, uintptr_t site) {
  return hipc_cpu_warp_exchange_mask(pred != 0, site, mask)->nonzero & mask;
}

int32_t __hipc_kc_any(uint64_t mask, int32_t pred, uintptr_t site) {
  return __hipc_kc_ballot(mask, pred, site) != 0;
}

int32_t __hipc_kc_all(uint64_t mask, int32_t pred, uintptr_t site) {
  const hipc_warp_snapshot* s =
      hipc_cpu_warp_exchange_mask(pred != 0, site, mask);
  return (s->nonzero & mask) == (s->active & mask);
}

uint64_t __hipc_kc_activemask(uintptr_t site) {
  return hipc_cpu_warp_exchange(0, site)->active;
}

static uint64_t match_lanes(const hipc_warp_snapshot* s, uint64_t lanes,
                            uint64_t mine) {
  uint64_t r = 0;
  for (uint64_t m = lanes; m; m &= m - 1) {
    int l = __builtin_ctzll(m);
    if (s->value[l] == mine) r |= 1ull << l;
  }
  return r;
}

uint64_t __hipc_kc_match_any(uint64_t mask, uint64_t v, uintptr_t site) {
  const hipc_warp_snapshot* s = hipc_cpu_warp_exchange_mask(v, site, mask);
  return match_lanes(s, s->active & mask, v);
}

uint64_t __hipc_kc_match_all(uint64_t mask, uint64_t v, int32_t* pred,
                             uintptr_t site) {
  const hipc_warp_snapshot* s = hipc_cpu_warp_exchange_mask(v, site, mask);
  uint64_t lanes = s->active & mask;
  int same = match_lanes(s, lanes, v) == lanes;
  if (pred) *pred = same;
  return same ? lanes : 0;
}

void __hipc_kc_syncwarp(uint64_t mask, uintptr_t site) {
  hipc_cpu_warp_exchange_mask(0, site, mask);
  /* The lanes of a warp run on one worker: ordering their accesses only
   * needs the compiler's cooperation, as __threadfence_block. */
  __atomic_signal_fence(__ATOMIC_SEQ_CST);
}

/* One step of a reduction, in the type the code names. */
static uint64_t fold(uint64_t a, uint64_t b, uint32_t op, uint32_t type) {
  switch (op) {
    case HIPC_KC_RED_AND: return a & b;
    case HIPC_KC_RED_OR: return a | b;
    case HIPC_KC_RED_XOR: return a ^ b;
    default: break;
  }
#define HIPC_KC_FOLD(T, FROM, TO)                                       \
  do {                                                                  \
    T x = FROM(a), y = FROM(b), r;                                      \
    if (op == HIPC_KC_RED_ADD) r = x + y;                               \
    else if (op == HIPC_KC_RED_MIN) r = y < x ? y : x;                  \
    else r = x < y ? y : x;                                             \
    return TO(r);                                                       \
  } while (0)
  switch (type) {
    case HIPC_KC_TYPE_I32:
      /* Additions wrap: computed unsigned, compared signed. */
      if (op == HIPC_KC_RED_ADD) return (uint32_t)((uint32_t)a + (uint32_t)b);
      HIPC_KC_FOLD(int32_t, (int32_t)(uint32_t), (uint32_t));
    case HIPC_KC_TYPE_U32: HIPC_KC_FOLD(uint32_t, (uint32_t), (uint64_t));
    case HIPC_KC_TYPE_I64:
      if (op == HIPC_KC_RED_ADD) return a + b;
      HIPC_KC_FOLD(int64_t, (int64_t), (uint64_t));
    case HIPC_KC_TYPE_U64: HIPC_KC_FOLD(uint64_t, (uint64_t), (uint64_t));
    case HIPC_KC_TYPE_F32: {
      float x, y, r;
      uint32_t wa = (uint32_t)a, wb = (uint32_t)b, wr;
      memcpy(&x, &wa, 4);
      memcpy(&y, &wb, 4);
      r = op == HIPC_KC_RED_ADD ? x + y
          : op == HIPC_KC_RED_MIN ? (y < x ? y : x)
                                  : (x < y ? y : x);
      memcpy(&wr, &r, 4);
      return wr;
    }
    default: {
      double x, y, r;
      uint64_t wr;
      memcpy(&x, &a, 8);
      memcpy(&y, &b, 8);
      r = op == HIPC_KC_RED_ADD ? x + y
          : op == HIPC_KC_RED_MIN ? (y < x ? y : x)
                                  : (x < y ? y : x);
      memcpy(&wr, &r, 8);
      return wr;
    }
  }
#undef HIPC_KC_FOLD
}

uint64_t __hipc_kc_reduce(uint64_t mask, uint64_t v, uint32_t op,
                          uint32_t type, uintptr_t site) {
  const hipc_warp_snapshot* s = hipc_cpu_warp_exchange_mask(v, site, mask);
  uint64_t lanes = mask & s->active;
  if (!lanes) return v;
  uint64_t acc = s->value[__builtin_ctzll(lanes)];
  for (uint64_t m = lanes & (lanes - 1); m; m &= m - 1)
    acc = fold(acc, s->value[__builtin_ctzll(m)], op, type);
  return acc;
}

const hipc_warp_snapshot* __hipc_kc_exchange(uint64_t mask, uint64_t v,
                                             uintptr_t site) {
  return hipc_cpu_warp_exchange_mask(v, site, mask);
}
