/* kc's region form: shuffles whose source lane is a permutation known at
 * compile time (form_loops.h). `__shfl_xor(v, 16)`, `__shfl(v, 0)` and a
 * source lane computed from threadIdx.x alone (`(lane + 1) & 31`, the
 * 4x4 transpose `base + (lane % 4) * 4 + lane / 4`) give every lane of a
 * full warp a source lane that depends on the lane only. kc evaluates the
 * source operand for every threadIdx.x of a block (0 to 1023) and, when
 * each lane's source is the same in every warp, the shuffle's results loop
 * computes a warp whose lanes are all there and active by one vector load,
 * one shufflevector with that constant mask and one vector store, instead
 * of a load per lane or a gather in the next region's loop. Other warps (a
 * block's last, partial warp; lanes that returned; a block with y or z
 * extents when the operand reads threadIdx.x) take the lane loop, which
 * computes each thread's source lane again from its thread index (the
 * operand is then kept nowhere: no store per thread in the region before).
 * The IR stays target-independent: each target lowers the shufflevector
 * its own way.
 * HIPC_KC_NO_SHFL_PERM=1 in hipc-kc's environment turns it off. */
#include <stdlib.h>

#include "form_loops.h"

#define MAX_TID 1024
#define BUDGET 256 /* evaluated operations per thread index */

struct ev {
  struct fl_state* s;
  uint32_t tid;
  int uses_tid;
  unsigned left;
};

static uint64_t low(uint64_t x, unsigned bits) {
  return bits >= 64 ? x : x & ((UINT64_C(1) << bits) - 1);
}

static int64_t sgn(uint64_t x, unsigned bits) {
  if (bits >= 64) return (int64_t)x;
  uint64_t m = UINT64_C(1) << (bits - 1);
  return (int64_t)((low(x, bits) ^ m) - m);
}

static int cmp(LLVMIntPredicate p, uint64_t a, uint64_t b, unsigned bits) {
  int64_t x = sgn(a, bits), y = sgn(b, bits);
  switch (p) {
    case LLVMIntEQ: return a == b;
    case LLVMIntNE: return a != b;
    case LLVMIntUGT: return a > b;
    case LLVMIntUGE: return a >= b;
    case LLVMIntULT: return a < b;
    case LLVMIntULE: return a <= b;
    case LLVMIntSGT: return x > y;
    case LLVMIntSGE: return x >= y;
    case LLVMIntSLT: return x < y;
    default: return x <= y;
  }
}

/* The value of integer `v` for thread index c->tid of a 1-D block (its
 * low `bits` bits); 0 when it is not a function of that index alone. */
static int eval(struct ev* c, LLVMValueRef v, uint64_t* out) {
  if (!c->left--) return 0;
  LLVMTypeRef ty = LLVMTypeOf(v);
  if (LLVMGetTypeKind(ty) != LLVMIntegerTypeKind) return 0;
  unsigned bits = LLVMGetIntTypeWidth(ty);
  if (bits > 64) return 0;
  if (LLVMIsAConstantInt(v)) {
    *out = low(LLVMConstIntGetZExtValue(v), bits);
    return 1;
  }
  if (!LLVMIsAInstruction(v)) return 0;
  unsigned d;
  switch (hipc__form_loops_index(v, &d)) {
    case FL_IDX_TID: /* a 1-D block's */
      c->uses_tid = 1;
      *out = d == 0 ? c->tid : 0;
      return 1;
    case FL_IDX_LANEID:
      if (!c->s->warp_const) return 0;
      c->uses_tid = 1;
      *out = c->tid % c->s->warp_const;
      return 1;
    case FL_IDX_WARPSIZE:
      if (!c->s->warp_const) return 0;
      *out = c->s->warp_const;
      return 1;
    case FL_IDX_NONE:
      break;
    default:
      return 0;
  }
  LLVMOpcode op = LLVMGetInstructionOpcode(v);
  uint64_t a = 0, b = 0;
  if (op == LLVMFreeze) return eval(c, LLVMGetOperand(v, 0), out);
  if (op == LLVMZExt || op == LLVMSExt || op == LLVMTrunc) {
    LLVMValueRef x = LLVMGetOperand(v, 0);
    if (!eval(c, x, &a)) return 0;
    unsigned from = LLVMGetIntTypeWidth(LLVMTypeOf(x));
    *out = low(op == LLVMSExt ? (uint64_t)sgn(a, from) : a, bits);
    return 1;
  }
  if (op == LLVMSelect) { /* both arms: remit() copies both */
    uint64_t y, z;
    if (!eval(c, LLVMGetOperand(v, 0), &a) ||
        !eval(c, LLVMGetOperand(v, 1), &y) || !eval(c, LLVMGetOperand(v, 2), &z))
      return 0;
    *out = a ? y : z;
    return 1;
  }
  if (LLVMGetNumOperands(v) != 2 || !eval(c, LLVMGetOperand(v, 0), &a) ||
      !eval(c, LLVMGetOperand(v, 1), &b))
    return 0;
  if (op == LLVMICmp) {
    unsigned w = LLVMGetIntTypeWidth(LLVMTypeOf(LLVMGetOperand(v, 0)));
    *out = (uint64_t)cmp(LLVMGetICmpPredicate(v), a, b, w);
    return 1;
  }
  uint64_t r;
  switch (op) {
    case LLVMAdd: r = a + b; break;
    case LLVMSub: r = a - b; break;
    case LLVMMul: r = a * b; break;
    case LLVMAnd: r = a & b; break;
    case LLVMOr: r = a | b; break;
    case LLVMXor: r = a ^ b; break;
    case LLVMShl:
      if (b >= bits) return 0;
      r = a << b;
      break;
    case LLVMLShr:
      if (b >= bits) return 0;
      r = a >> b;
      break;
    case LLVMAShr:
      if (b >= bits) return 0;
      r = (uint64_t)(sgn(a, bits) >> b);
      break;
    case LLVMUDiv:
    case LLVMURem:
      /* A constant divisor: the lane loop computes it for any thread
       * (operand()) without a trap. */
      if (!b || !LLVMIsAConstantInt(LLVMGetOperand(v, 1))) return 0;
      r = op == LLVMUDiv ? a / b : a % b;
      break;
    case LLVMSDiv:
    case LLVMSRem: {
      int64_t x = sgn(a, bits), y = sgn(b, bits);
      if (!y || y == -1 || !LLVMIsAConstantInt(LLVMGetOperand(v, 1)))
        return 0;
      (void)x;
      r = (uint64_t)(op == LLVMSDiv ? x / y : x % y);
      break;
    }
    default:
      return 0;
  }
  *out = low(r, bits);
  return 1;
}

/* Lane l's source as form_loops_warp.c's lane loop computes it for a full
 * warp (n = w lanes, all active): a lane, or w for 0. */
static unsigned source(int kind, int32_t l, int32_t p, int32_t wd,
                       uint32_t w) {
  int32_t wm = (int32_t)((uint32_t)wd - 1u);
  int32_t seg = l & ~wm;
  if (kind == FL_W_SHFL_IDX) {
    uint32_t src = (uint32_t)seg + (uint32_t)(p & wm);
    return src < w ? src : w;
  }
  int32_t src;
  if (kind == FL_W_SHFL_DOWN) {
    /* Past the segment's end: the lane's own value. */
    if ((uint32_t)(l & wm) + (uint32_t)p >= (uint32_t)wd) return (unsigned)l;
    src = (int32_t)((uint32_t)l + (uint32_t)p);
  } else if (kind == FL_W_SHFL_UP) {
    /* Before the segment's start: the lane's own value. */
    src = (int32_t)((uint32_t)l - (uint32_t)p);
    if (src < seg) return (unsigned)l;
  } else {
    src = l ^ p;
    if (src >= (int32_t)((uint32_t)seg + (uint32_t)wd) || src < 0)
      return (unsigned)l;
  }
  return (uint32_t)src < w ? (unsigned)src : w;
}

void hipc__form_loops_shfl_perm(struct fl_state* s, unsigned k) {
  struct fl_warp* w = &s->warp[k];
  w->perm_ok = 0;
  unsigned ws = s->warp_const;
  if (!ws || ws > 64 || getenv("HIPC_KC_NO_SHFL_PERM")) return;
  LLVMValueRef call = s->bars[k];
  if (w->kind < FL_W_SHFL_IDX || w->kind > FL_W_SHFL_XOR ||
      w->cls[FL_WR_V] != FL_OP_THREAD)
    return;
  /* A grouped shuffle's words (form_loops_group.c) take the lane loop. */
  if (LLVMGetTypeKind(LLVMTypeOf(call)) == LLVMVectorTypeKind) return;
  LLVMValueRef p = LLVMGetOperand(call, (unsigned)w->arg[FL_WR_P]);
  LLVMValueRef width = LLVMGetOperand(call, (unsigned)w->arg[FL_WR_WIDTH]);
  if (!LLVMIsAConstantInt(width)) return;
  int32_t wd = (int32_t)LLVMConstIntGetSExtValue(width);
  int seen[64];
  for (unsigned l = 0; l < ws; l++) seen[l] = -1;
  struct ev c = {s, 0, 0, 0};
  for (uint32_t tid = 0; tid < MAX_TID; tid++) {
    uint64_t pv;
    c.tid = tid;
    c.left = BUDGET;
    if (!eval(&c, p, &pv)) return;
    unsigned l = tid % ws;
    int src = (int)source(w->kind, (int32_t)l, (int32_t)(uint32_t)pv, wd, ws);
    if (seen[l] < 0)
      seen[l] = src;
    else if (seen[l] != src)
      return;
    /* An operand that does not read the thread index: one warp says all. */
    if (!c.uses_tid && tid + 1 == ws) break;
  }
  for (unsigned l = 0; l < ws; l++) w->perm[l] = (unsigned char)seen[l];
  w->perm_ok = c.uses_tid ? 2 : 1;
}

LLVMBasicBlockRef hipc__form_loops_perm_results(struct fl_state* s,
                                                unsigned k, LLVMBuilderRef b,
                                                LLVMValueRef wb,
                                                LLVMValueRef n) {
  struct fl_emit* e = s->e;
  const struct fl_warp* w = &s->warp[k];
  unsigned ws = s->warp_const;
  LLVMValueRef ok = LLVMBuildICmp(b, LLVMIntEQ, n, e->warp, "full");
  if (w->perm_ok == 2) {
    LLVMValueRef one = LLVMConstInt(e->i32, 1, 0);
    ok = LLVMBuildAnd(b, ok, LLVMBuildICmp(b, LLVMIntEQ, e->dim[1], one, ""), "");
    ok = LLVMBuildAnd(b, ok, LLVMBuildICmp(b, LLVMIntEQ, e->dim[2], one, ""), "");
  }
  LLVMValueRef at = LLVMBuildZExt(b, wb, e->i64, "");
  if (e->exited) {
    /* Every lane active: the warp's exit flags all 0. */
    LLVMTypeRef fv = LLVMVectorType(e->i8, ws);
    LLVMValueRef f = LLVMBuildLoad2(
        b, fv, LLVMBuildInBoundsGEP2(b, e->i8, e->exited, &at, 1, ""), "");
    LLVMSetAlignment(f, 1);
    hipc__form_loops_tag(s, f, s->nslots);
    LLVMValueRef z = LLVMBuildICmp(b, LLVMIntEQ, f, LLVMConstNull(fv), "");
    LLVMTypeRef bt = LLVMIntTypeInContext(s->cx, ws);
    z = LLVMBuildBitCast(b, z, bt, "");
    ok = LLVMBuildAnd(
        b, ok, LLVMBuildICmp(b, LLVMIntEQ, z, LLVMConstAllOnes(bt), ""), "");
  }
  LLVMValueRef fn = e->run;
  LLVMBasicBlockRef vec = LLVMAppendBasicBlockInContext(s->cx, fn, "warp.perm");
  LLVMBasicBlockRef lanes = LLVMAppendBasicBlockInContext(s->cx, fn, "warp.lanes");
  LLVMBasicBlockRef join = LLVMAppendBasicBlockInContext(s->cx, fn, "warp.joined");
  LLVMBuildCondBr(b, ok, vec, lanes);
  LLVMPositionBuilderAtEnd(b, vec);
  const struct fl_slot* sl = &s->slots[w->slot[FL_WR_V]];
  const struct fl_slot* rs = &s->slots[w->res];
  LLVMTypeRef vt = LLVMVectorType(sl->ty, ws);
  LLVMValueRef x = LLVMBuildLoad2(
      b, vt, LLVMBuildInBoundsGEP2(b, sl->ty, sl->base, &at, 1, ""), "");
  LLVMSetAlignment(x, sl->align);
  hipc__form_loops_tag(s, x, w->slot[FL_WR_V]);
  LLVMValueRef mask[64];
  for (unsigned l = 0; l < ws; l++)
    mask[l] = LLVMConstInt(e->i32, w->perm[l], 0);
  LLVMValueRef y = LLVMBuildShuffleVector(b, x, LLVMConstNull(vt),
                                          LLVMConstVector(mask, ws), "perm");
  LLVMTypeRef rt = LLVMVectorType(rs->ty, ws);
  if (rs->ty != sl->ty) y = LLVMBuildIntCast2(b, y, rt, 0, "");
  LLVMValueRef put = LLVMBuildStore(
      b, y, LLVMBuildInBoundsGEP2(b, rs->ty, rs->base, &at, 1, ""));
  LLVMSetAlignment(put, rs->align);
  hipc__form_loops_tag(s, put, (unsigned)w->res);
  LLVMBuildBr(b, join);
  LLVMPositionBuilderAtEnd(b, lanes);
  return join;
}

/* The copy of `v` (an operand eval() accepted) at `b` for the thread whose
 * indices are idx[0..2] (i32), lane `lane`. */
static LLVMValueRef remit(struct fl_state* s, LLVMBuilderRef b, LLVMValueRef v,
                          LLVMValueRef idx[3], LLVMValueRef lane) {
  if (!LLVMIsAInstruction(v)) return v;
  unsigned d;
  switch (hipc__form_loops_index(v, &d)) {
    case FL_IDX_TID:
      return idx[d];
    case FL_IDX_LANEID:
      return lane;
    case FL_IDX_WARPSIZE:
      return s->e->warp;
    default:
      break;
  }
  LLVMOpcode op = LLVMGetInstructionOpcode(v);
  LLVMValueRef a = remit(s, b, LLVMGetOperand(v, 0), idx, lane);
  if (op == LLVMFreeze) return a;
  if (op == LLVMZExt || op == LLVMSExt || op == LLVMTrunc)
    return LLVMBuildCast(b, op, a, LLVMTypeOf(v), "");
  LLVMValueRef x = remit(s, b, LLVMGetOperand(v, 1), idx, lane);
  if (op == LLVMSelect)
    return LLVMBuildSelect(b, a, x, remit(s, b, LLVMGetOperand(v, 2), idx, lane),
                           "");
  if (op == LLVMICmp) return LLVMBuildICmp(b, LLVMGetICmpPredicate(v), a, x, "");
  return LLVMBuildBinOp(b, op, a, x, "");
}

LLVMValueRef hipc__form_loops_perm_operand(struct fl_state* s, unsigned k,
                                           LLVMBuilderRef b, LLVMValueRef t) {
  struct fl_emit* e = s->e;
  const struct fl_warp* w = &s->warp[k];
  LLVMValueRef idx[3];
  idx[0] = LLVMBuildURem(b, t, e->dim[0], "");
  LLVMValueRef q = LLVMBuildUDiv(b, t, e->dim[0], "");
  idx[1] = LLVMBuildURem(b, q, e->dim[1], "");
  idx[2] = LLVMBuildUDiv(b, q, e->dim[1], "");
  LLVMValueRef lane = LLVMBuildURem(b, t, e->warp, "");
  return remit(s, b, LLVMGetOperand(s->bars[k], (unsigned)w->arg[FL_WR_P]),
               idx, lane);
}
