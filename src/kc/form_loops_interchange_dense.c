/* hipc-kc's loop interchange, dense rounds (form_loops_interchange.c has
 * the plan). A round where every thread of the row is still in the stride
 * loop and stays in it is most of a grid-stride loop's rounds; it needs
 * neither the per-thread flags nor the exit, and the stride induction
 * needs no state: in round k it is start(x) + k * step, which the
 * vectoriser sees as consecutive in x. So before each round a loop over
 * the threads checks (vectorised, an and-reduction) that each is still in
 * the loop and passes the loop header's test; if all do, the round is a
 * copy of the loop's body with the header's test removed:
 *
 *   k: all = 1; for x: all &= act[x] && test(iv[x]);
 *      if (all) { for x: body with iv = start(x) + k * step, the other
 *                 header values from state[x]; state[x] = next values }
 *      else the general round (form_loops_interchange_emit.c)
 *
 * This needs a loop whose only exit is its header's test of the stride
 * induction against a block-wide bound (`for (i = ...; i < n; i += s)`
 * with no break), one back edge, and a start that is arithmetic on the
 * thread index and block-wide values. */
#include <stdlib.h>
#include <string.h>

#include "form_loops_interchange.h"

static int pure_op(LLVMOpcode op) {
  switch (op) {
    case LLVMAdd: case LLVMSub: case LLVMMul: case LLVMShl: case LLVMLShr:
    case LLVMAShr: case LLVMAnd: case LLVMOr: case LLVMXor: case LLVMZExt:
    case LLVMSExt: case LLVMTrunc: case LLVMICmp: case LLVMSelect:
      return 1;
    default:
      return 0;
  }
}

/* 1 when `v` can be computed again from the thread index and block-wide
 * values. */
static int expr_ok(const struct ic* c, LLVMValueRef v, int depth) {
  if (v == c->x || hipc__ic_outside(c, v)) return 1;
  if (depth > 8 || !LLVMIsAInstruction(v) || LLVMIsAPHINode(v) ||
      !pure_op(LLVMGetInstructionOpcode(v)))
    return 0;
  unsigned n = LLVMGetNumOperands(v);
  for (unsigned j = 0; j < n; j++)
    if (!expr_ok(c, LLVMGetOperand(v, j), depth + 1)) return 0;
  return 1;
}

static LLVMValueRef expr_copy(struct out* o, LLVMValueRef v, LLVMValueRef x) {
  if (v == o->c->x) return x;
  if (hipc__ic_outside(o->c, v)) return v;
  unsigned n = LLVMGetNumOperands(v);
  LLVMValueRef ops[3];
  for (unsigned j = 0; j < n && j < 3; j++)
    ops[j] = expr_copy(o, LLVMGetOperand(v, j), x);
  LLVMValueRef cv = LLVMInstructionClone(v);
  LLVMInsertIntoBuilder(o->b, cv);
  for (unsigned j = 0; j < n && j < 3; j++) LLVMSetOperand(cv, j, ops[j]);
  return cv;
}

static int is_dbg_call(LLVMValueRef v) {
  if (!LLVMIsACallInst(v)) return 0;
  LLVMValueRef f = LLVMGetCalledValue(v);
  size_t len;
  return LLVMIsAFunction(f) &&
         strncmp(LLVMGetValueName2(f, &len), "llvm.dbg.", 9) == 0;
}

int hipc__ic_dense_plan(const struct ic* c, struct dense_plan* d) {
  const char* off = getenv("HIPC_KC_NO_INTERCHANGE_DENSE");
  if (off && *off && strcmp(off, "0") != 0) return 0;
  memset(d, 0, sizeof *d);
  if (c->ex_from != c->h) return 0;
  LLVMValueRef t = LLVMGetBasicBlockTerminator(c->h);
  if (!LLVMIsABranchInst(t) || !LLVMIsConditional(t)) return 0;
  LLVMValueRef cmp = LLVMGetCondition(t);
  if (!LLVMIsAICmpInst(cmp) || LLVMGetInstructionParent(cmp) != c->h) return 0;
  LLVMUseRef u = LLVMGetFirstUse(cmp);
  if (!u || LLVMGetNextUse(u)) return 0;
  for (LLVMValueRef v = LLVMGetFirstInstruction(c->h); v;
       v = LLVMGetNextInstruction(v))
    if (!LLVMIsAPHINode(v) && v != cmp && v != t && !is_dbg_call(v)) return 0;
  LLVMBasicBlockRef s0 = LLVMGetSuccessor(t, 0), s1 = LLVMGetSuccessor(t, 1);
  d->stay_if_true = hipc__ic_set_has(&c->loop, s0);
  d->cont = d->stay_if_true ? s0 : s1;
  if (!hipc__ic_set_has(&c->loop, d->cont) ||
      hipc__ic_set_has(&c->loop, d->stay_if_true ? s1 : s0))
    return 0;
  LLVMValueRef a = LLVMGetOperand(cmp, 0), b = LLVMGetOperand(cmp, 1);
  LLVMValueRef iv = NULL;
  if (hipc__ic_outside(c, b) && LLVMIsAPHINode(a) &&
      LLVMGetInstructionParent(a) == c->h)
    iv = a;
  else if (hipc__ic_outside(c, a) && LLVMIsAPHINode(b) &&
           LLVMGetInstructionParent(b) == c->h)
    iv = b;
  if (!iv || !hipc__ic_is_stride_phi(c, iv)) return 0;
  unsigned k = LLVMCountIncoming(iv), backs = 0;
  for (unsigned j = 0; j < k; j++) {
    LLVMBasicBlockRef ib = LLVMGetIncomingBlock(iv, j);
    LLVMValueRef in = LLVMGetIncomingValue(iv, j);
    if (ib == c->p) {
      d->start = in;
    } else {
      backs++;
      d->back = ib;
      LLVMValueRef x = LLVMGetOperand(in, 0);
      d->step = x == iv ? LLVMGetOperand(in, 1) : x;
    }
  }
  if (backs != 1 || !d->start || !expr_ok(c, d->start, 0) ||
      !expr_ok(c, d->step, 0))
    return 0;
  for (unsigned i = 0; i < c->nphis; i++)
    if (c->phis[i] == iv) d->iv_index = i;
  d->iv = iv;
  d->cmp = cmp;
  return 1;
}

LLVMValueRef hipc__ic_dense_iv(struct out* o, LLVMValueRef x, LLVMValueRef k) {
  LLVMTypeRef ty = LLVMTypeOf(o->d.iv);
  LLVMValueRef start = expr_copy(o, o->d.start, x);
  LLVMValueRef step = expr_copy(o, o->d.step, x);
  o->d.step_value = step;
  unsigned w = LLVMGetIntTypeWidth(ty);
  LLVMValueRef kk = w > 32   ? LLVMBuildZExt(o->b, k, ty, "")
                    : w < 32 ? LLVMBuildTrunc(o->b, k, ty, "")
                             : k;
  return LLVMBuildAdd(o->b, start, LLVMBuildMul(o->b, kk, step, ""), "ic.iv");
}

static void hints(struct out* o, LLVMValueRef br) {
  hipc__form_loops_x_hints(o->c->s->e, br);
}

/* i1: thread `x`, in the loop, passes the header's test in round `k`. */
static LLVMValueRef passes(struct out* o, LLVMValueRef x, LLVMValueRef k) {
  struct dense_plan* d = &o->d;
  LLVMValueRef iv = hipc__ic_dense_iv(o, x, k);
  LLVMValueRef l = LLVMGetOperand(d->cmp, 0), r = LLVMGetOperand(d->cmp, 1);
  LLVMValueRef t = LLVMBuildICmp(o->b, LLVMGetICmpPredicate(d->cmp),
                                 l == d->iv ? iv : l, r == d->iv ? iv : r, "");
  return d->stay_if_true ? t : LLVMBuildNot(o->b, t, "");
}

/* The stay test as `iv P bound` (iv on the left, P true to stay). */
static LLVMIntPredicate stay_pred(const struct dense_plan* d, LLVMValueRef* bound) {
  LLVMIntPredicate p = LLVMGetICmpPredicate(d->cmp);
  LLVMValueRef l = LLVMGetOperand(d->cmp, 0), r = LLVMGetOperand(d->cmp, 1);
  static const LLVMIntPredicate swap[][2] = {
      {LLVMIntSLT, LLVMIntSGT}, {LLVMIntSLE, LLVMIntSGE},
      {LLVMIntULT, LLVMIntUGT}, {LLVMIntULE, LLVMIntUGE}};
  static const LLVMIntPredicate inv[][2] = {
      {LLVMIntSLT, LLVMIntSGE}, {LLVMIntSLE, LLVMIntSGT},
      {LLVMIntULT, LLVMIntUGE}, {LLVMIntULE, LLVMIntUGT},
      {LLVMIntEQ, LLVMIntNE}};
  if (l != d->iv) {
    for (unsigned i = 0; i < 4; i++) {
      if (swap[i][0] == p) {
        p = swap[i][1];
        break;
      }
      if (swap[i][1] == p) {
        p = swap[i][0];
        break;
      }
    }
    *bound = l;
  } else {
    *bound = r;
  }
  if (!d->stay_if_true)
    for (unsigned i = 0; i < 5; i++) {
      if (inv[i][0] == p) {
        p = inv[i][1];
        break;
      }
      if (inv[i][1] == p) {
        p = inv[i][0];
        break;
      }
    }
  return p;
}

/* i1: thread `x` passes the header's test in rounds kd .. kd + nr - 1.
 * For `iv < bound` (or <=, signed or unsigned) with a step s >= 0 whose
 * (nr - 1) * s does not wrap, that is the test of the last round and
 * iv(kd) <= iv(kd + nr - 1) (no wrap in between): two compares, not nr. */
static LLVMValueRef passes_all(struct out* o, LLVMValueRef x, LLVMValueRef kd,
                               unsigned nr) {
  LLVMValueRef bound;
  LLVMIntPredicate p = stay_pred(&o->d, &bound);
  int sgn = p == LLVMIntSLT || p == LLVMIntSLE;
  if (nr == 1 || !(sgn || p == LLVMIntULT || p == LLVMIntULE)) {
    LLVMValueRef all = NULL;
    for (unsigned r = 0; r < nr; r++) {
      LLVMValueRef t =
          passes(o, x, LLVMBuildAdd(o->b, kd, LLVMConstInt(o->i32, r, 0), ""));
      all = all ? LLVMBuildAnd(o->b, all, t, "") : t;
    }
    return all;
  }
  LLVMValueRef a = hipc__ic_dense_iv(o, x, kd);
  LLVMValueRef b = hipc__ic_dense_iv(
      o, x, LLVMBuildAdd(o->b, kd, LLVMConstInt(o->i32, nr - 1, 0), ""));
  LLVMTypeRef ty = LLVMTypeOf(a);
  unsigned w = LLVMGetIntTypeWidth(ty);
  /* s <= max / (nr - 1), where max is the signed or unsigned largest */
  unsigned long long mx = sgn ? (w >= 64 ? ~0ull >> 1 : (1ull << (w - 1)) - 1)
                              : (w >= 64 ? ~0ull : (1ull << w) - 1);
  LLVMValueRef s = LLVMBuildICmp(o->b, LLVMIntULE, o->d.step_value,
                                 LLVMConstInt(ty, mx / (nr - 1), 0), "");
  LLVMValueRef last = LLVMBuildICmp(o->b, p, b, bound, "");
  LLVMValueRef order =
      LLVMBuildICmp(o->b, sgn ? LLVMIntSLE : LLVMIntULE, a, b, "");
  return LLVMBuildAnd(o->b, s, LLVMBuildAnd(o->b, last, order, ""), "");
}

LLVMValueRef hipc__ic_dense_worth(struct out* o) {
  LLVMValueRef zero = LLVMConstInt(o->i32, 0, 0);
  LLVMValueRef one = LLVMConstInt(o->i32, 1, 0);
  LLVMValueRef long_enough = passes_all(o, zero, zero, IC_MIN_ROUNDS);
  /* consecutive threads start at consecutive elements: `idx * 2` with
   * `in[i] + in[i + 1]` reads its pairs better thread by thread */
  LLVMValueRef s0 = hipc__ic_dense_iv(o, zero, zero);
  LLVMValueRef s1 = hipc__ic_dense_iv(o, one, zero);
  LLVMValueRef unit =
      LLVMBuildICmp(o->b, LLVMIntEQ, LLVMBuildSub(o->b, s1, s0, ""),
                    LLVMConstInt(LLVMTypeOf(s0), 1, 0), "");
  return LLVMBuildAnd(o->b, long_enough, unit, "");
}

/* How many rounds one dense loop runs (copies of L's body per thread). */
static unsigned rounds_per_loop(const struct ic* c) {
  unsigned n = 0;
  for (unsigned i = 0; i < c->loop.n; i++)
    for (LLVMValueRef v = LLVMGetFirstInstruction(c->loop.bb[i]); v;
         v = LLVMGetNextInstruction(v))
      n++;
  return n <= 60 ? 4 : n <= 200 ? 2 : 1;
}

LLVMBasicBlockRef hipc__ic_write_dense(struct out* o, LLVMBasicBlockRef from,
                                       LLVMBasicBlockRef kh, LLVMValueRef k) {
  struct ic* c = o->c;
  if (!o->dense) return NULL;
  struct dense_plan d = o->d;
  unsigned nr = rounds_per_loop(c);
  LLVMValueRef zero32 = LLVMConstInt(o->i32, 0, 0),
               one32 = LLVMConstInt(o->i32, 1, 0),
               zero8 = LLVMConstInt(o->i8, 0, 0);
  LLVMBasicBlockRef ck0 = hipc__ic_new_block(o, "ic.check.k");
  LLVMBasicBlockRef ck = hipc__ic_new_block(o, "ic.check");
  LLVMBasicBlockRef ckx = hipc__ic_new_block(o, "ic.check.end");
  LLVMBasicBlockRef dh = hipc__ic_new_block(o, "ic.dense");
  LLVMBasicBlockRef dl = hipc__ic_new_block(o, "ic.dense.latch");
  LLVMBasicBlockRef dend = hipc__ic_new_block(o, "ic.dense.end");

  /* rounds kd .. kd + nr - 1: every thread in the loop, staying in it */
  LLVMPositionBuilderAtEnd(o->b, ck0);
  LLVMValueRef kd = LLVMBuildPhi(o->b, o->i32, "ic.kd");
  LLVMBuildBr(o->b, ck);
  LLVMPositionBuilderAtEnd(o->b, ck);
  LLVMValueRef cx = LLVMBuildPhi(o->b, o->i32, "ic.x");
  LLVMValueRef n0 = LLVMBuildPhi(o->b, o->i32, "ic.in");
  LLVMValueRef a = hipc__ic_load_at(o, o->act, o->i8, cx);
  LLVMValueRef in = LLVMBuildAnd(o->b, LLVMBuildICmp(o->b, LLVMIntNE, a, zero8, ""),
                                 passes_all(o, cx, kd, nr), "");
  LLVMValueRef n1 = LLVMBuildAdd(o->b, n0, LLVMBuildZExt(o->b, in, o->i32, ""), "");
  LLVMValueRef cx1 = LLVMBuildNUWAdd(o->b, cx, one32, "");
  hints(o, LLVMBuildCondBr(o->b, LLVMBuildICmp(o->b, LLVMIntULT, cx1, c->xb, ""),
                           ck, ckx));
  LLVMAddIncoming(cx, &zero32, &ck0, 1);
  LLVMAddIncoming(cx, &cx1, &ck, 1);
  LLVMAddIncoming(n0, &zero32, &ck0, 1);
  LLVMAddIncoming(n0, &n1, &ck, 1);
  LLVMPositionBuilderAtEnd(o->b, ckx);
  LLVMBuildCondBr(o->b, LLVMBuildICmp(o->b, LLVMIntEQ, n1, c->xb, ""), dh, kh);
  LLVMAddIncoming(k, &kd, &ckx, 1);

  /* nr rounds for each thread, its header values in registers between
   * them: nr copies of L's body, each one's back edge entering the next */
  LLVMPositionBuilderAtEnd(o->b, dh);
  LLVMValueRef dx = LLVMBuildPhi(o->b, o->i32, "ic.x");
  LLVMValueRef ins[IC_MAX_VALUES], cur[IC_MAX_VALUES];
  for (unsigned i = 0; i < c->nins; i++)
    ins[i] = hipc__ic_load_at(o, o->ains[i], LLVMTypeOf(c->ins[i]), dx);
  for (unsigned i = 0; i < c->nphis; i++)
    cur[i] = i == d.iv_index
                 ? NULL
                 : hipc__ic_load_at(o, o->aphis[i], LLVMTypeOf(c->phis[i]), dx);
  LLVMBasicBlockRef at = dh; /* the block that enters the next copy */
  for (unsigned r = 0; r < nr; r++) {
    hipc__form_loops_map_free(&o->vm);
    hipc__form_loops_map_put(&o->vm, c->x, (uintptr_t)dx);
    for (unsigned i = 0; i < c->nins; i++)
      hipc__form_loops_map_put(&o->vm, c->ins[i], (uintptr_t)ins[i]);
    LLVMPositionBuilderAtEnd(o->b, at);
    for (unsigned i = 0; i < c->nphis; i++) {
      LLVMValueRef v =
          i == d.iv_index
              ? hipc__ic_dense_iv(
                    o, dx, LLVMBuildAdd(o->b, kd, LLVMConstInt(o->i32, r, 0), ""))
              : cur[i];
      hipc__form_loops_map_put(&o->vm, c->phis[i], (uintptr_t)v);
    }
    hipc__ic_copy_blocks(o, &c->loop, c->h);
    LLVMBasicBlockRef h2 = LLVMValueAsBasicBlock(
        hipc__ic_mapped(&o->vm, LLVMBasicBlockAsValue(c->h)));
    LLVMPositionBuilderAtEnd(o->b, at);
    LLVMBuildBr(o->b, h2);
    /* the header goes on into the loop */
    LLVMInstructionEraseFromParent(LLVMGetBasicBlockTerminator(h2));
    LLVMPositionBuilderAtEnd(o->b, h2);
    LLVMBuildBr(o->b, LLVMValueAsBasicBlock(hipc__ic_mapped(
                          &o->vm, LLVMBasicBlockAsValue(d.cont))));
    LLVMBasicBlockRef back2 = LLVMValueAsBasicBlock(
        hipc__ic_mapped(&o->vm, LLVMBasicBlockAsValue(d.back)));
    LLVMBasicBlockRef next = r + 1 < nr ? hipc__ic_new_block(o, "ic.dense.r") : dl;
    hipc__ic_retarget_succ(LLVMGetBasicBlockTerminator(back2), h2, next);
    for (unsigned i = 0; i < c->nphis; i++) {
      LLVMValueRef phi = c->phis[i];
      if (i == d.iv_index) continue;
      unsigned np = LLVMCountIncoming(phi);
      for (unsigned j = 0; j < np; j++)
        if (LLVMGetIncomingBlock(phi, j) == d.back)
          cur[i] = hipc__ic_mapped(&o->vm, LLVMGetIncomingValue(phi, j));
    }
    at = next;
  }
  LLVMPositionBuilderAtEnd(o->b, dl);
  for (unsigned i = 0; i < c->nphis; i++)
    if (i != d.iv_index) hipc__ic_store_at(o, o->aphis[i], cur[i], dx);
  LLVMValueRef dx1 = LLVMBuildNUWAdd(o->b, dx, one32, "");
  hints(o, LLVMBuildCondBr(o->b, LLVMBuildICmp(o->b, LLVMIntULT, dx1, c->xb, ""),
                           dh, dend));
  LLVMAddIncoming(dx, &zero32, &ckx, 1);
  LLVMAddIncoming(dx, &dx1, &dl, 1);
  LLVMPositionBuilderAtEnd(o->b, dend);
  LLVMValueRef kn = LLVMBuildAdd(o->b, kd, LLVMConstInt(o->i32, nr, 0), "");
  LLVMBuildBr(o->b, ck0);
  LLVMAddIncoming(kd, &zero32, &from, 1);
  LLVMAddIncoming(kd, &kn, &dend, 1);
  hipc__form_loops_map_free(&o->vm);
  return ck0;
}
