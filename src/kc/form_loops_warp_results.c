/* kc's region form: the results of warp collectives (form_loops.h,
 * form_loops_warp.c). After the thread loop of the region a collective
 * ends, one loop nest over the block's warps and their lanes computes each
 * thread's result from the operands in per-thread storage into the call's
 * per-thread slot, which the later regions read: shuffles from the source
 * lane's operand, votes, ballots, matches and reductions over the lanes
 * that took part (threads not marked as returned; a thread past the
 * block's end does not exist). */
#include <stdlib.h>
#include <string.h>

#include "form_loops.h"
#include "hip/hipc/kc_warp.h"

struct wctx {
  struct fl_state* s;
  struct fl_emit* e;
  LLVMBuilderRef b;
  const struct fl_warp* w;
  LLVMValueRef call;
  LLVMValueRef wb, n;          /* the warp's first thread, its lanes */
  LLVMValueRef uni[FL_WR_N];   /* uniform operands, loaded once */
  LLVMTypeRef i1, i8, i32, i64;
};

struct wloop {
  LLVMBasicBlockRef from, head;
  LLVMValueRef iv;
};

static LLVMBasicBlockRef block(struct wctx* c, const char* name) {
  return LLVMAppendBasicBlockInContext(c->s->cx, c->e->run, name);
}

/* A do-while loop over iv = 0, step, ... while iv < bound (bound > 0). */
static void loop_begin(struct wctx* c, struct wloop* L, const char* name) {
  L->from = LLVMGetInsertBlock(c->b);
  L->head = block(c, name);
  LLVMBuildBr(c->b, L->head);
  LLVMPositionBuilderAtEnd(c->b, L->head);
  L->iv = LLVMBuildPhi(c->b, c->i32, name);
}

/* Closes the loop; returns the latch (for the accumulators' phis). */
static LLVMBasicBlockRef loop_end(struct wctx* c, struct wloop* L,
                                  LLVMValueRef step, LLVMValueRef bound) {
  LLVMValueRef next = LLVMBuildNUWAdd(c->b, L->iv, step, "");
  LLVMBasicBlockRef latch = LLVMGetInsertBlock(c->b), out = block(c, "");
  LLVMBuildCondBr(c->b, LLVMBuildICmp(c->b, LLVMIntULT, next, bound, ""),
                  L->head, out);
  LLVMValueRef vals[2] = {LLVMConstInt(c->i32, 0, 0), next};
  LLVMBasicBlockRef from[2] = {L->from, latch};
  LLVMAddIncoming(L->iv, vals, from, 2);
  LLVMPositionBuilderAtEnd(c->b, out);
  return latch;
}

/* An accumulator of loop L: a phi at its head starting at `init`. */
static LLVMValueRef acc_begin(struct wctx* c, struct wloop* L,
                              LLVMValueRef init) {
  LLVMBasicBlockRef at = LLVMGetInsertBlock(c->b);
  LLVMValueRef first = LLVMGetFirstInstruction(L->head);
  while (first && LLVMIsAPHINode(first)) first = LLVMGetNextInstruction(first);
  if (first)
    LLVMPositionBuilderBefore(c->b, first);
  else
    LLVMPositionBuilderAtEnd(c->b, L->head);
  LLVMValueRef p = LLVMBuildPhi(c->b, LLVMTypeOf(init), "acc");
  LLVMAddIncoming(p, &init, &L->from, 1);
  LLVMPositionBuilderAtEnd(c->b, at);
  return p;
}

static LLVMValueRef elem(struct wctx* c, const struct fl_slot* sl,
                         LLVMValueRef t) {
  LLVMValueRef i = LLVMBuildZExt(c->b, t, c->i64, "");
  return LLVMBuildInBoundsGEP2(c->b, sl->ty, sl->base, &i, 1, "");
}

/* Operand `r` as thread t holds it. */
static LLVMValueRef opnd(struct wctx* c, unsigned r, LLVMValueRef t) {
  switch (c->w->cls[r]) {
    case FL_OP_CONST:
      return LLVMGetOperand(c->call, (unsigned)c->w->arg[r]);
    case FL_OP_UNIFORM:
      return c->uni[r];
    case FL_OP_TID: {
      unsigned k = 0;
      while (c->s->bars[k] != c->call) k++;
      return hipc__form_loops_perm_operand(c->s, k, c->b, t);
    }
    default: {
      const struct fl_slot* sl = &c->s->slots[c->w->slot[r]];
      LLVMValueRef l = LLVMBuildLoad2(c->b, sl->ty, elem(c, sl, t), "");
      LLVMSetAlignment(l, sl->align);
      hipc__form_loops_tag(c->s, l, c->w->slot[r]);
      /* A narrow shuffle word (hipc__form_loops_warp_slots). */
      if (sl->ty != LLVMTypeOf(LLVMGetOperand(c->call, (unsigned)c->w->arg[r])))
        l = LLVMBuildZExt(c->b, l, c->i64, "");
      return l;
    }
  }
}

/* 1 (i1) when thread t took part: it has not returned. */
static LLVMValueRef active(struct wctx* c, LLVMValueRef t) {
  if (!c->e->exited) return LLVMConstInt(c->i1, 1, 0);
  LLVMValueRef i = LLVMBuildZExt(c->b, t, c->i64, "");
  LLVMValueRef f = LLVMBuildLoad2(
      c->b, c->i8, LLVMBuildInBoundsGEP2(c->b, c->i8, c->e->exited, &i, 1, ""),
      "");
  hipc__form_loops_tag(c->s, f, c->s->nslots);
  return LLVMBuildICmp(c->b, LLVMIntEQ, f, LLVMConstInt(c->i8, 0, 0), "");
}

/* Bit `lane` of a 64-bit mask, as i1. */
static LLVMValueRef bit(struct wctx* c, LLVMValueRef m, LLVMValueRef lane) {
  LLVMValueRef sh = LLVMBuildLShr(c->b, m, LLVMBuildZExt(c->b, lane, c->i64, ""),
                                  "");
  return LLVMBuildTrunc(c->b, sh, c->i1, "");
}

/* `bit` as a 64-bit word at position lane. */
static LLVMValueRef at_lane(struct wctx* c, LLVMValueRef b1, LLVMValueRef lane) {
  return LLVMBuildShl(c->b, LLVMBuildZExt(c->b, b1, c->i64, ""),
                      LLVMBuildZExt(c->b, lane, c->i64, ""), "");
}

static LLVMValueRef sel(struct wctx* c, LLVMValueRef k, LLVMValueRef a,
                        LLVMValueRef b) {
  return LLVMBuildSelect(c->b, k, a, b, "");
}

/* A shuffle's result for lane l (thread t) of the warp. */
static LLVMValueRef shuffle(struct wctx* c, LLVMValueRef l, LLVMValueRef t) {
  LLVMBuilderRef b = c->b;
  LLVMValueRef own = opnd(c, FL_WR_V, t), p = opnd(c, FL_WR_P, t);
  LLVMValueRef wd = opnd(c, FL_WR_WIDTH, t);
  LLVMValueRef one = LLVMConstInt(c->i32, 1, 0);
  LLVMValueRef wm = LLVMBuildSub(b, wd, one, "");
  LLVMValueRef seg = LLVMBuildAnd(b, l, LLVMBuildNot(b, wm, ""), "seg");
  LLVMValueRef src, out;
  switch (c->w->kind) {
    case FL_W_SHFL_IDX:
      src = LLVMBuildAdd(b, seg, LLVMBuildAnd(b, p, wm, ""), "");
      out = LLVMConstInt(c->i1, 0, 0);
      break;
    case FL_W_SHFL_UP:
      src = LLVMBuildSub(b, l, p, "");
      out = LLVMBuildICmp(b, LLVMIntSLT, src, seg, "");
      break;
    case FL_W_SHFL_DOWN:
      src = LLVMBuildAdd(b, l, p, "");
      out = LLVMBuildICmp(b, LLVMIntUGE,
                          LLVMBuildAdd(b, LLVMBuildAnd(b, l, wm, ""), p, ""),
                          wd, "");
      break;
    default: /* xor */
      src = LLVMBuildXor(b, l, p, "");
      out = LLVMBuildOr(
          b,
          LLVMBuildICmp(b, LLVMIntSGE, src, LLVMBuildAdd(b, seg, wd, ""), ""),
          LLVMBuildICmp(b, LLVMIntSLT, src, LLVMConstInt(c->i32, 0, 0), ""),
          "");
      break;
  }
  /* A source lane exists when it is in [0, n) of this warp. Its word is
   * read under a branch: with a uniform delta the addresses are
   * consecutive, which the vectoriser turns into masked loads. */
  LLVMValueRef in = LLVMBuildAnd(
      b, LLVMBuildNot(b, out, ""),
      LLVMBuildICmp(b, LLVMIntULT, src, c->n, ""), "");
  /* A 64-bit word, or a vector of them (form_loops_group.c). */
  LLVMValueRef zero = LLVMConstNull(LLVMTypeOf(own));
  LLVMBasicBlockRef from = LLVMGetInsertBlock(b), rd = block(c, "src");
  LLVMBasicBlockRef join = block(c, "");
  LLVMBuildCondBr(b, in, rd, join);
  LLVMPositionBuilderAtEnd(b, rd);
  LLVMValueRef st = LLVMBuildAdd(b, c->wb, src, "");
  LLVMValueRef val = sel(c, active(c, st), opnd(c, FL_WR_V, st), zero);
  LLVMBasicBlockRef rd_end = LLVMGetInsertBlock(b);
  LLVMBuildBr(b, join);
  LLVMPositionBuilderAtEnd(b, join);
  LLVMValueRef got = LLVMBuildPhi(b, LLVMTypeOf(own), "");
  LLVMValueRef vals[2] = {zero, val};
  LLVMBasicBlockRef blocks[2] = {from, rd_end};
  LLVMAddIncoming(got, vals, blocks, 2);
  return sel(c, out, own, got);
}

/* One step of a reduction (kc_warp.c's fold), on 64-bit words. */
static LLVMValueRef fold(struct wctx* c, LLVMValueRef a, LLVMValueRef x) {
  LLVMBuilderRef b = c->b;
  unsigned op = (unsigned)LLVMConstIntGetZExtValue(LLVMGetOperand(c->call, 2));
  unsigned ty = (unsigned)LLVMConstIntGetZExtValue(LLVMGetOperand(c->call, 3));
  if (op == HIPC_KC_RED_AND) return LLVMBuildAnd(b, a, x, "");
  if (op == HIPC_KC_RED_OR) return LLVMBuildOr(b, a, x, "");
  if (op == HIPC_KC_RED_XOR) return LLVMBuildXor(b, a, x, "");
  int wide = ty == HIPC_KC_TYPE_I64 || ty == HIPC_KC_TYPE_U64 ||
             ty == HIPC_KC_TYPE_F64;
  LLVMTypeRef it = wide ? c->i64 : c->i32;
  LLVMValueRef u = wide ? a : LLVMBuildTrunc(b, a, c->i32, "");
  LLVMValueRef v = wide ? x : LLVMBuildTrunc(b, x, c->i32, "");
  LLVMValueRef r;
  if (ty == HIPC_KC_TYPE_F32 || ty == HIPC_KC_TYPE_F64) {
    LLVMTypeRef ft = ty == HIPC_KC_TYPE_F32 ? LLVMFloatTypeInContext(c->s->cx)
                                            : LLVMDoubleTypeInContext(c->s->cx);
    LLVMValueRef fu = LLVMBuildBitCast(b, u, ft, ""),
                 fv = LLVMBuildBitCast(b, v, ft, "");
    LLVMValueRef fr;
    if (op == HIPC_KC_RED_ADD)
      fr = LLVMBuildFAdd(b, fu, fv, "");
    else if (op == HIPC_KC_RED_MIN) /* y < x ? y : x */
      fr = sel(c, LLVMBuildFCmp(b, LLVMRealOLT, fv, fu, ""), fv, fu);
    else /* x < y ? y : x */
      fr = sel(c, LLVMBuildFCmp(b, LLVMRealOLT, fu, fv, ""), fv, fu);
    r = LLVMBuildBitCast(b, fr, it, "");
  } else if (op == HIPC_KC_RED_ADD) {
    r = LLVMBuildAdd(b, u, v, "");
  } else {
    int sgn = ty == HIPC_KC_TYPE_I32 || ty == HIPC_KC_TYPE_I64;
    LLVMIntPredicate lt = sgn ? LLVMIntSLT : LLVMIntULT;
    if (op == HIPC_KC_RED_MIN)
      r = sel(c, LLVMBuildICmp(b, lt, v, u, ""), v, u);
    else
      r = sel(c, LLVMBuildICmp(b, lt, u, v, ""), v, u);
  }
  return wide ? r : LLVMBuildZExt(b, r, c->i64, "");
}

/* Per warp, before its lanes' results: the active lanes and those with a
 * non-zero predicate (votes), or the reduction of the lanes of the mask. */
struct warp_facts {
  LLVMValueRef act, nz, red, have;
};

static void warp_pass(struct wctx* c, struct warp_facts* f) {
  int kind = c->w->kind;
  if (kind == FL_W_MATCH_ANY || kind == FL_W_MATCH_ALL || kind <= FL_W_SHFL_XOR)
    return;
  LLVMValueRef zero = LLVMConstInt(c->i64, 0, 0);
  struct wloop L;
  loop_begin(c, &L, "lane0");
  LLVMValueRef act = acc_begin(c, &L, zero), nz = acc_begin(c, &L, zero);
  LLVMValueRef red = acc_begin(c, &L, zero);
  LLVMValueRef have = acc_begin(c, &L, LLVMConstInt(c->i1, 0, 0));
  LLVMValueRef t = LLVMBuildAdd(c->b, c->wb, L.iv, "t");
  LLVMValueRef a = active(c, t);
  LLVMValueRef act2 = LLVMBuildOr(c->b, act, at_lane(c, a, L.iv), "");
  LLVMValueRef nz2 = nz, red2 = red, have2 = have;
  if (kind == FL_W_BALLOT || kind == FL_W_ANY || kind == FL_W_ALL ||
      kind == FL_W_EXCHANGE) {
    LLVMValueRef p = opnd(c, kind == FL_W_EXCHANGE ? FL_WR_V : FL_WR_P, t);
    LLVMValueRef pn = LLVMBuildAnd(
        c->b, a,
        LLVMBuildICmp(c->b, LLVMIntNE, p, LLVMConstNull(LLVMTypeOf(p)), ""), "");
    nz2 = LLVMBuildOr(c->b, nz, at_lane(c, pn, L.iv), "");
  }
  if (kind == FL_W_REDUCE) {
    /* The lanes of the mask that took part, folded in lane order. */
    LLVMValueRef in =
        LLVMBuildAnd(c->b, a, bit(c, opnd(c, FL_WR_MASK, t), L.iv), "");
    LLVMValueRef x = opnd(c, FL_WR_V, t);
    LLVMValueRef next = sel(c, have, fold(c, red, x), x);
    red2 = sel(c, in, next, red);
    have2 = LLVMBuildOr(c->b, have, in, "");
  }
  LLVMBasicBlockRef latch = loop_end(c, &L, LLVMConstInt(c->i32, 1, 0), c->n);
  LLVMAddIncoming(act, &act2, &latch, 1);
  LLVMAddIncoming(nz, &nz2, &latch, 1);
  LLVMAddIncoming(red, &red2, &latch, 1);
  LLVMAddIncoming(have, &have2, &latch, 1);
  f->act = act2;
  f->nz = nz2;
  f->red = red2;
  f->have = have2;
}

/* match_any / match_all for thread t: the lanes of its mask that took part
 * and hold its value; *lanes_out those lanes that took part. */
static LLVMValueRef match(struct wctx* c, LLVMValueRef t,
                          LLVMValueRef* lanes_out) {
  LLVMValueRef mine = opnd(c, FL_WR_V, t), m = opnd(c, FL_WR_MASK, t);
  LLVMValueRef zero = LLVMConstInt(c->i64, 0, 0);
  struct wloop L;
  loop_begin(c, &L, "other");
  LLVMValueRef same = acc_begin(c, &L, zero), lanes = acc_begin(c, &L, zero);
  LLVMValueRef u = LLVMBuildAdd(c->b, c->wb, L.iv, "");
  LLVMValueRef a = LLVMBuildAnd(c->b, active(c, u), bit(c, m, L.iv), "");
  LLVMValueRef eq =
      LLVMBuildICmp(c->b, LLVMIntEQ, opnd(c, FL_WR_V, u), mine, "");
  LLVMValueRef same2 = LLVMBuildOr(
      c->b, same, at_lane(c, LLVMBuildAnd(c->b, a, eq, ""), L.iv), "");
  LLVMValueRef lanes2 = LLVMBuildOr(c->b, lanes, at_lane(c, a, L.iv), "");
  LLVMBasicBlockRef latch = loop_end(c, &L, LLVMConstInt(c->i32, 1, 0), c->n);
  LLVMAddIncoming(same, &same2, &latch, 1);
  LLVMAddIncoming(lanes, &lanes2, &latch, 1);
  *lanes_out = lanes2;
  return same2;
}

/* exchange: writes the warp's snapshot; returns its address. */
static LLVMValueRef snapshot(struct wctx* c, const struct warp_facts* f) {
  LLVMBuilderRef b = c->b;
  const struct fl_slot* sl = &c->s->slots[c->w->snap];
  LLVMValueRef at = elem(c, sl, LLVMBuildUDiv(b, c->wb, c->e->warp, ""));
  LLVMValueRef i2[2] = {LLVMConstInt(c->i64, 0, 0), NULL};
  LLVMBuildStore(b, f->act, at);
  i2[1] = LLVMConstInt(c->i64, 1, 0);
  LLVMBuildStore(b, f->nz, LLVMBuildInBoundsGEP2(b, sl->ty, at, i2, 2, ""));
  /* value[lane]: the lane's word when it took part, else 0. */
  struct wloop L;
  loop_begin(c, &L, "snap");
  LLVMValueRef in = LLVMBuildICmp(b, LLVMIntULT, L.iv, c->n, "");
  LLVMValueRef u = sel(c, in, LLVMBuildAdd(b, c->wb, L.iv, ""), c->wb);
  LLVMValueRef ok = LLVMBuildAnd(b, in, active(c, u), "");
  LLVMValueRef v = sel(c, ok, opnd(c, FL_WR_V, u), LLVMConstInt(c->i64, 0, 0));
  i2[1] = LLVMBuildAdd(b, LLVMBuildZExt(b, L.iv, c->i64, ""),
                       LLVMConstInt(c->i64, 2, 0), "");
  LLVMBuildStore(b, v, LLVMBuildInBoundsGEP2(b, sl->ty, at, i2, 2, ""));
  loop_end(c, &L, LLVMConstInt(c->i32, 1, 0), LLVMConstInt(c->i32, 64, 0));
  return at;
}

/* Thread t's result (lane l); NULL for syncwarp. */
static LLVMValueRef result(struct wctx* c, const struct warp_facts* f,
                           LLVMValueRef l, LLVMValueRef t) {
  LLVMBuilderRef b = c->b;
  switch (c->w->kind) {
    case FL_W_SHFL_IDX:
    case FL_W_SHFL_UP:
    case FL_W_SHFL_DOWN:
    case FL_W_SHFL_XOR:
      return shuffle(c, l, t);
    case FL_W_BALLOT:
      return LLVMBuildAnd(b, f->nz, opnd(c, FL_WR_MASK, t), "");
    case FL_W_ANY: {
      LLVMValueRef m = LLVMBuildAnd(b, f->nz, opnd(c, FL_WR_MASK, t), "");
      return LLVMBuildZExt(
          b, LLVMBuildICmp(b, LLVMIntNE, m, LLVMConstInt(c->i64, 0, 0), ""),
          c->i32, "");
    }
    case FL_W_ALL: {
      LLVMValueRef m = opnd(c, FL_WR_MASK, t);
      return LLVMBuildZExt(
          b,
          LLVMBuildICmp(b, LLVMIntEQ, LLVMBuildAnd(b, f->nz, m, ""),
                        LLVMBuildAnd(b, f->act, m, ""), ""),
          c->i32, "");
    }
    case FL_W_ACTIVEMASK:
      return f->act;
    case FL_W_REDUCE:
      return sel(c, f->have, f->red, opnd(c, FL_WR_V, t));
    case FL_W_EXCHANGE:
      return f->red;
    case FL_W_MATCH_ANY: {
      LLVMValueRef lanes;
      return match(c, t, &lanes);
    }
    case FL_W_MATCH_ALL: {
      LLVMValueRef lanes, same = match(c, t, &lanes);
      LLVMValueRef all = LLVMBuildICmp(b, LLVMIntEQ, same, lanes, "");
      LLVMValueRef p = opnd(c, FL_WR_PTR, t);
      if (!LLVMIsNull(p)) {
        /* *pred = all, where the caller passed a pointer; a thread that
         * did not take part stored no pointer. */
        LLVMBasicBlockRef put = block(c, "pred"), on = block(c, "");
        LLVMBuildCondBr(b,
                        LLVMBuildAnd(b, active(c, t),
                                     LLVMBuildIsNotNull(b, p, ""), ""),
                        put, on);
        LLVMPositionBuilderAtEnd(b, put);
        LLVMSetAlignment(
            LLVMBuildStore(b, LLVMBuildZExt(b, all, c->i32, ""), p), 4);
        LLVMBuildBr(b, on);
        LLVMPositionBuilderAtEnd(b, on);
      }
      return sel(c, all, lanes, LLVMConstInt(c->i64, 0, 0));
    }
    default:
      return NULL;
  }
}

LLVMBasicBlockRef hipc__form_loops_warp_results(struct fl_state* s,
                                                unsigned k,
                                                LLVMBasicBlockRef next) {
  const struct fl_warp* w = &s->warp[k];
  /* syncwarp: the cut was all it needed; an inlined shuffle: computed
   * where it is used. */
  if (w->res < 0 || w->inl) return next;
  struct wctx c;
  memset(&c, 0, sizeof c);
  c.s = s;
  c.e = s->e;
  c.w = w;
  c.call = s->bars[k];
  c.i1 = LLVMInt1TypeInContext(s->cx);
  c.i8 = LLVMInt8TypeInContext(s->cx);
  c.i32 = LLVMInt32TypeInContext(s->cx);
  c.i64 = LLVMInt64TypeInContext(s->cx);
  c.b = LLVMCreateBuilderInContext(s->cx);
  LLVMBasicBlockRef start = block(&c, "warp.results");
  LLVMPositionBuilderAtEnd(c.b, start);
  for (unsigned r = 0; r < FL_WR_N; r++)
    if (w->cls[r] == FL_OP_UNIFORM) {
      const struct fl_slot* sl = &s->slots[w->slot[r]];
      c.uni[r] = LLVMBuildLoad2(c.b, sl->ty, sl->base, "");
      LLVMSetAlignment(c.uni[r], sl->align);
      hipc__form_loops_tag(s, c.uni[r], w->slot[r]);
    }
  /* The warps from `hi` on have returned. */
  LLVMValueRef upto =
      c.e->hi ? LLVMBuildLoad2(c.b, c.i32, c.e->hi, "hi") : c.e->count;
  /* for (wb = 0; wb < upto; wb += warpSize) */
  struct wloop W;
  loop_begin(&c, &W, "warp");
  c.wb = W.iv;
  LLVMValueRef left = LLVMBuildSub(c.b, c.e->count, c.wb, "");
  c.n = sel(&c, LLVMBuildICmp(c.b, LLVMIntULT, left, c.e->warp, ""), left,
            c.e->warp);
  /* A warp whose lanes all returned has no results to compute (the
   * common `if (tid < warpSize)` leaves most warps so). */
  LLVMBasicBlockRef skip = NULL;
  if (c.e->exited) {
    struct wloop A;
    loop_begin(&c, &A, "any");
    LLVMValueRef any = acc_begin(&c, &A, LLVMConstInt(c.i1, 0, 0));
    LLVMValueRef any2 =
        LLVMBuildOr(c.b, any, active(&c, LLVMBuildAdd(c.b, c.wb, A.iv, "")),
                    "");
    LLVMBasicBlockRef latch = loop_end(&c, &A, LLVMConstInt(c.i32, 1, 0), c.n);
    LLVMAddIncoming(any, &any2, &latch, 1);
    LLVMBasicBlockRef work = block(&c, "warp.live");
    skip = block(&c, "warp.skip");
    LLVMBuildCondBr(c.b, any2, work, skip);
    LLVMPositionBuilderAtEnd(c.b, work);
  }
  struct warp_facts f;
  memset(&f, 0, sizeof f);
  warp_pass(&c, &f);
  if (w->kind == FL_W_EXCHANGE) f.red = snapshot(&c, &f);
  /* A compile-time permutation: full warps by one shufflevector. */
  LLVMBasicBlockRef joined = NULL;
  if (w->perm_ok)
    joined = hipc__form_loops_perm_results(s, k, c.b, c.wb, c.n);
  /* for (l = 0; l < n; l++): thread wb + l */
  struct wloop L;
  loop_begin(&c, &L, "lane");
  LLVMValueRef t = LLVMBuildAdd(c.b, c.wb, L.iv, "t");
  LLVMValueRef v = result(&c, &f, L.iv, t);
  const struct fl_slot* rs = &s->slots[w->res];
  if (LLVMTypeOf(v) != rs->ty)
    v = LLVMBuildTruncOrBitCast(c.b, v, rs->ty, "");
  LLVMValueRef put = LLVMBuildStore(c.b, v, elem(&c, rs, t));
  LLVMSetAlignment(put, rs->align);
  hipc__form_loops_tag(s, put, (unsigned)w->res);
  loop_end(&c, &L, LLVMConstInt(c.i32, 1, 0), c.n);
  if (joined) {
    LLVMBuildBr(c.b, joined);
    LLVMPositionBuilderAtEnd(c.b, joined);
  }
  if (skip) {
    LLVMBuildBr(c.b, skip);
    LLVMPositionBuilderAtEnd(c.b, skip);
  }
  loop_end(&c, &W, c.e->warp, upto);
  LLVMBuildBr(c.b, next);
  LLVMDisposeBuilder(c.b);
  return start;
}
