/* kc's region form: shuffles computed where their results are used
 * (form_loops.h). A shuffle cuts the regions like any warp collective, and
 * its operands are in per-thread storage once the region before it is
 * done; form_loops_warp.c then computes every thread's result in a loop
 * nest of its own, which the next region reads back. When every use of the
 * result is in the region that starts at the shuffle, that region's thread
 * loop can read the source lane's operand itself: the loop nest, the
 * result's array and a pass over the block go, and with a uniform delta
 * the reads are consecutive, which the vectoriser turns into plain vector
 * loads. The operands must still be those of the shuffle's run, so the
 * region may not reach the shuffle again (a thread would overwrite its
 * operand before a later thread read it), and may return only where no
 * thread's exit flag changes before a later thread reads it (the region
 * ends the kernel, or the source lane is never an earlier thread). Source lanes outside the
 * block read padding (FL_PAD elements around the operand's array and the
 * exit flags), whose values are masked. */
#include <stdlib.h>

#include "form_loops.h"

/* 1 when every use of `call` is in a segment of region r and of no other. */
static int used_only_in(struct fl_state* s, LLVMValueRef call, unsigned r) {
  for (LLVMUseRef u = LLVMGetFirstUse(call); u; u = LLVMGetNextUse(u)) {
    LLVMValueRef user = LLVMGetUser(u);
    if (!LLVMIsAInstruction(user)) return 0;
    unsigned n = LLVMIsAPHINode(user) ? LLVMCountIncoming(user) : 1;
    for (unsigned j = 0; j < n; j++) {
      LLVMBasicBlockRef from = NULL;
      if (LLVMIsAPHINode(user)) {
        if (LLVMGetIncomingValue(user, j) != call) continue;
        from = LLVMGetIncomingBlock(user, j);
      }
      unsigned g = hipc__form_loops_use_seg(s, user, from);
      for (unsigned q = 0; q < s->nregions; q++)
        if (s->in_region[(size_t)q * s->nsegs + g] != (q == r)) return 0;
    }
  }
  return 1;
}

void hipc__form_loops_shfl_plan(struct fl_state* s) {
  unsigned char* bar = calloc(s->nbars + 1, 1);
  if (!bar) abort();
  for (unsigned k = 0; k < s->nbars; k++) {
    struct fl_warp* w = &s->warp[k];
    /* A compile-time permutation: one shufflevector per full warp in the
     * results loop (form_loops_perm.c) beats a gather per vector here. */
    if (w->perm_ok || getenv("HIPC_KC_NO_SHFL_INLINE")) continue;
    if (w->kind < FL_W_SHFL_IDX || w->kind > FL_W_SHFL_XOR || w->res < 0 ||
        w->cls[FL_WR_V] != FL_OP_THREAD)
      continue;
    int ret = 0;
    unsigned nbar = hipc__form_loops_ends(s, k + 1, bar, &ret);
    /* A region that ends only by returning writes no exit flag (its
     * threads are done for good); one that may also reach a barrier sets
     * exited[t] as thread t ends, which a shuffle down (source lane at or
     * after t, read before that lane runs) never sees. */
    if (ret && nbar > 0 && w->kind != FL_W_SHFL_DOWN) continue;
    if (bar[k] || !used_only_in(s, s->bars[k], k + 1)) continue;
    w->inl = 1;
    s->slots[w->slot[FL_WR_V]].pad = 1;
    s->pad_exits = s->need_exit_flags;
  }
  free(bar);
}

/* The address of element t + d (d: i32, from -FL_PAD to FL_PAD; NULL: 0)
 * of an array of `ty` at `base`, as two steps: the first is consecutive in
 * the thread loop's t, which the vectoriser sees. */
static LLVMValueRef elem_at(struct fl_emit* e, LLVMTypeRef ty,
                            LLVMValueRef base, LLVMValueRef d) {
  LLVMValueRef x = LLVMBuildZExt(e->b, e->t, e->i64, "");
  LLVMValueRef at = LLVMBuildInBoundsGEP2(e->b, ty, base, &x, 1, "");
  if (!d) return at;
  x = LLVMBuildSExt(e->b, d, e->i64, "");
  return LLVMBuildInBoundsGEP2(e->b, ty, at, &x, 1, "");
}

/* Element t + d of slot `k`'s array (its copy when it has one). */
static LLVMValueRef load_at(struct fl_state* s, unsigned k, LLVMValueRef d) {
  struct fl_emit* e = s->e;
  const struct fl_slot* sl = &s->slots[k];
  LLVMValueRef at = sl->base;
  if (sl->per_thread) at = elem_at(e, sl->ty, sl->base, d);
  LLVMValueRef l = LLVMBuildLoad2(e->b, sl->ty, at, "");
  LLVMSetAlignment(l, sl->align);
  hipc__form_loops_tag(s, l, k);
  return l;
}

/* The running thread's operand of role r. */
static LLVMValueRef own(struct fl_state* s, const struct fl_warp* w,
                        LLVMValueRef call, unsigned r) {
  if (w->cls[r] == FL_OP_CONST) return LLVMGetOperand(call, (unsigned)w->arg[r]);
  return load_at(s, w->slot[r], NULL);
}

LLVMValueRef hipc__form_loops_shfl_result(struct fl_state* s, unsigned k) {
  struct fl_emit* e = s->e;
  LLVMBuilderRef b = e->b;
  const struct fl_warp* w = &s->warp[k];
  LLVMValueRef call = s->bars[k];
  LLVMValueRef zero32 = LLVMConstInt(e->i32, 0, 0);
  LLVMValueRef lim = LLVMConstInt(e->i32, FL_PAD, 0);
  LLVMValueRef l = LLVMBuildURem(b, e->t, e->warp, "lane");
  LLVMValueRef wb = LLVMBuildSub(b, e->t, l, "");
  /* The warp's lanes: fewer in a block's last, partial warp. */
  LLVMValueRef left = LLVMBuildSub(b, e->count, wb, "");
  LLVMValueRef n = LLVMBuildSelect(
      b, LLVMBuildICmp(b, LLVMIntULT, left, e->warp, ""), left, e->warp, "");
  LLVMValueRef mine = own(s, w, call, FL_WR_V);
  LLVMValueRef p = own(s, w, call, FL_WR_P), wd = own(s, w, call, FL_WR_WIDTH);
  LLVMValueRef wm = LLVMBuildSub(b, wd, LLVMConstInt(e->i32, 1, 0), "");
  LLVMValueRef seg = LLVMBuildAnd(b, l, LLVMBuildNot(b, wm, ""), "");
  /* A delta of a warp or more leaves the segment: its address stays in
   * the padding. */
  LLVMValueRef near = LLVMBuildSelect(
      b, LLVMBuildICmp(b, LLVMIntULT, p, lim, ""), p, lim, "");
  LLVMValueRef mask63 = LLVMConstInt(e->i32, FL_PAD - 1, 0);
  /* The source lane src, at thread t + d. */
  LLVMValueRef src, out, d;
  switch (w->kind) {
    case FL_W_SHFL_IDX:
      src = LLVMBuildAdd(b, seg, LLVMBuildAnd(b, p, wm, ""), "");
      out = LLVMConstInt(LLVMInt1TypeInContext(s->cx), 0, 0);
      d = LLVMBuildSub(b, LLVMBuildAnd(b, src, mask63, ""), l, "");
      break;
    case FL_W_SHFL_UP:
      src = LLVMBuildSub(b, l, p, "");
      out = LLVMBuildICmp(b, LLVMIntSLT, src, seg, "");
      d = LLVMBuildNeg(b, near, "");
      break;
    case FL_W_SHFL_DOWN:
      src = LLVMBuildAdd(b, l, p, "");
      out = LLVMBuildICmp(b, LLVMIntUGE,
                          LLVMBuildAdd(b, LLVMBuildAnd(b, l, wm, ""), p, ""),
                          wd, "");
      d = near;
      break;
    default: /* xor */
      src = LLVMBuildXor(b, l, p, "");
      out = LLVMBuildOr(
          b, LLVMBuildICmp(b, LLVMIntSGE, src, LLVMBuildAdd(b, seg, wd, ""), ""),
          LLVMBuildICmp(b, LLVMIntSLT, src, zero32, ""), "");
      d = LLVMBuildSub(b, LLVMBuildAnd(b, src, mask63, ""), l, "");
      break;
  }
  /* The source lane is in [0, n) of this warp and has not returned. */
  LLVMValueRef in = LLVMBuildAnd(b, LLVMBuildNot(b, out, ""),
                                 LLVMBuildICmp(b, LLVMIntULT, src, n, ""), "");
  if (e->exited) {
    LLVMValueRef f = LLVMBuildLoad2(b, e->i8, elem_at(e, e->i8, e->exited, d), "");
    hipc__form_loops_tag(s, f, s->nslots);
    in = LLVMBuildAnd(
        b, in, LLVMBuildICmp(b, LLVMIntEQ, f, LLVMConstInt(e->i8, 0, 0), ""),
        "");
  }
  LLVMValueRef v;
  if (w->kind == FL_W_SHFL_IDX || w->kind == FL_W_SHFL_XOR) {
    /* A source lane that differs between threads: element wb + (src mod
     * 64) from the array's start, an index of 32 bits (a block has at most
     * 1024 threads) on a base the thread loop does not move, which the
     * vectoriser makes one gather of 32-bit indices where the target has
     * gathers (AVX2, AVX-512, SVE) instead of one address per lane. */
    const struct fl_slot* sl = &s->slots[w->slot[FL_WR_V]];
    LLVMValueRef ix = LLVMBuildNUWAdd(b, wb, LLVMBuildAnd(b, src, mask63, ""), "");
    ix = LLVMBuildSExt(b, ix, e->i64, "");
    v = LLVMBuildLoad2(b, sl->ty, LLVMBuildInBoundsGEP2(b, sl->ty, sl->base, &ix, 1, ""), "");
    LLVMSetAlignment(v, sl->align);
    hipc__form_loops_tag(s, v, w->slot[FL_WR_V]);
  } else {
    v = load_at(s, w->slot[FL_WR_V], d);
  }
  LLVMValueRef got =
      LLVMBuildSelect(b, in, v, LLVMConstNull(LLVMTypeOf(v)), "");
  LLVMValueRef r = LLVMBuildSelect(b, out, mine, got, "");
  /* A narrow word (hipc__form_loops_warp_slots) as the call returns it. */
  if (LLVMTypeOf(r) != LLVMTypeOf(call))
    r = LLVMBuildZExt(b, r, LLVMTypeOf(call), "");
  return r;
}
