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
  unsigned w = LLVMGetIntTypeWidth(ty);
  LLVMValueRef kk = w > 32   ? LLVMBuildZExt(o->b, k, ty, "")
                    : w < 32 ? LLVMBuildTrunc(o->b, k, ty, "")
                             : k;
  return LLVMBuildAdd(o->b, start, LLVMBuildMul(o->b, kk, step, ""), "ic.iv");
}

static void hints(struct out* o, LLVMValueRef br) {
  hipc__form_loops_x_hints(o->c->s->e, br);
}

/* Adds to `n` (i32) 1 when thread `x`, in the loop, passes the header's
 * test in round `k`. */
static LLVMValueRef count_in(struct out* o, LLVMValueRef n, LLVMValueRef x,
                             LLVMValueRef k, LLVMValueRef in_loop) {
  struct dense_plan* d = &o->d;
  LLVMValueRef iv = hipc__ic_dense_iv(o, x, k);
  LLVMValueRef l = LLVMGetOperand(d->cmp, 0), r = LLVMGetOperand(d->cmp, 1);
  LLVMValueRef t = LLVMBuildICmp(o->b, LLVMGetICmpPredicate(d->cmp),
                                 l == d->iv ? iv : l, r == d->iv ? iv : r, "");
  if (!d->stay_if_true) t = LLVMBuildNot(o->b, t, "");
  if (in_loop) t = LLVMBuildAnd(o->b, in_loop, t, "");
  return LLVMBuildAdd(o->b, n, LLVMBuildZExt(o->b, t, o->i32, ""), "");
}

LLVMBasicBlockRef hipc__ic_write_dense(struct out* o, LLVMBasicBlockRef from,
                                       LLVMBasicBlockRef kh, LLVMValueRef k) {
  struct ic* c = o->c;
  if (!o->dense) return NULL;
  struct dense_plan d = o->d;
  LLVMValueRef zero32 = LLVMConstInt(o->i32, 0, 0),
               one32 = LLVMConstInt(o->i32, 1, 0),
               zero8 = LLVMConstInt(o->i8, 0, 0);
  LLVMBasicBlockRef ck = hipc__ic_new_block(o, "ic.check");
  LLVMBasicBlockRef ckx = hipc__ic_new_block(o, "ic.check.end");
  LLVMBasicBlockRef dk = hipc__ic_new_block(o, "ic.dense.k");
  LLVMBasicBlockRef dh = hipc__ic_new_block(o, "ic.dense");
  LLVMBasicBlockRef dl = hipc__ic_new_block(o, "ic.dense.latch");
  LLVMBasicBlockRef dend = hipc__ic_new_block(o, "ic.dense.end");

  /* round 0: every thread in the loop, and staying in it */
  LLVMPositionBuilderAtEnd(o->b, ck);
  LLVMValueRef cx = LLVMBuildPhi(o->b, o->i32, "ic.x");
  LLVMValueRef n0 = LLVMBuildPhi(o->b, o->i32, "ic.in");
  LLVMValueRef a = hipc__ic_load_at(o, o->act, o->i8, cx);
  LLVMValueRef n1 = count_in(o, n0, cx, zero32,
                             LLVMBuildICmp(o->b, LLVMIntNE, a, zero8, ""));
  LLVMValueRef cx1 = LLVMBuildNUWAdd(o->b, cx, one32, "");
  hints(o, LLVMBuildCondBr(o->b, LLVMBuildICmp(o->b, LLVMIntULT, cx1, c->xb, ""),
                           ck, ckx));
  LLVMAddIncoming(cx, &zero32, &from, 1);
  LLVMAddIncoming(cx, &cx1, &ck, 1);
  LLVMAddIncoming(n0, &zero32, &from, 1);
  LLVMAddIncoming(n0, &n1, &ck, 1);
  LLVMPositionBuilderAtEnd(o->b, ckx);
  LLVMBuildCondBr(o->b, LLVMBuildICmp(o->b, LLVMIntEQ, n1, c->xb, ""), dk, kh);
  LLVMAddIncoming(k, &zero32, &ckx, 1);

  /* dense round kd; the loop counts who passes the test of round kd + 1 */
  LLVMPositionBuilderAtEnd(o->b, dk);
  LLVMValueRef kd = LLVMBuildPhi(o->b, o->i32, "ic.kd");
  LLVMValueRef kd1 = LLVMBuildAdd(o->b, kd, one32, "");
  LLVMBuildBr(o->b, dh);
  LLVMPositionBuilderAtEnd(o->b, dh);
  LLVMValueRef dx = LLVMBuildPhi(o->b, o->i32, "ic.x");
  LLVMValueRef nd = LLVMBuildPhi(o->b, o->i32, "ic.in");
  hipc__form_loops_map_free(&o->vm);
  hipc__form_loops_map_put(&o->vm, c->x, (uintptr_t)dx);
  for (unsigned i = 0; i < c->nins; i++)
    hipc__form_loops_map_put(
        &o->vm, c->ins[i],
        (uintptr_t)hipc__ic_load_at(o, o->ains[i], LLVMTypeOf(c->ins[i]), dx));
  for (unsigned i = 0; i < c->nphis; i++) {
    LLVMTypeRef ty = LLVMTypeOf(c->phis[i]);
    LLVMValueRef v = i == d.iv_index ? hipc__ic_dense_iv(o, dx, kd)
                                     : hipc__ic_load_at(o, o->aphis[i], ty, dx);
    hipc__form_loops_map_put(&o->vm, c->phis[i], (uintptr_t)v);
  }
  hipc__ic_copy_blocks(o, &c->loop, c->h);
  LLVMBasicBlockRef h2 =
      LLVMValueAsBasicBlock(hipc__ic_mapped(&o->vm, LLVMBasicBlockAsValue(c->h)));
  LLVMPositionBuilderAtEnd(o->b, dh);
  LLVMBuildBr(o->b, h2);
  /* the header goes on into the loop */
  LLVMInstructionEraseFromParent(LLVMGetBasicBlockTerminator(h2));
  LLVMPositionBuilderAtEnd(o->b, h2);
  LLVMBuildBr(o->b, LLVMValueAsBasicBlock(
                        hipc__ic_mapped(&o->vm, LLVMBasicBlockAsValue(d.cont))));
  /* the back edge stores the header's next values */
  LLVMBasicBlockRef back2 = LLVMValueAsBasicBlock(
      hipc__ic_mapped(&o->vm, LLVMBasicBlockAsValue(d.back)));
  hipc__ic_retarget_succ(LLVMGetBasicBlockTerminator(back2), h2, dl);
  LLVMPositionBuilderAtEnd(o->b, dl);
  for (unsigned i = 0; i < c->nphis; i++) {
    LLVMValueRef phi = c->phis[i];
    if (i == d.iv_index) continue;
    unsigned np = LLVMCountIncoming(phi);
    for (unsigned j = 0; j < np; j++)
      if (LLVMGetIncomingBlock(phi, j) == d.back)
        hipc__ic_store_at(o, o->aphis[i],
                          hipc__ic_mapped(&o->vm, LLVMGetIncomingValue(phi, j)),
                          dx);
  }
  LLVMValueRef nd1 = count_in(o, nd, dx, kd1, NULL);
  LLVMValueRef dx1 = LLVMBuildNUWAdd(o->b, dx, one32, "");
  hints(o, LLVMBuildCondBr(o->b, LLVMBuildICmp(o->b, LLVMIntULT, dx1, c->xb, ""),
                           dh, dend));
  LLVMAddIncoming(dx, &zero32, &dk, 1);
  LLVMAddIncoming(dx, &dx1, &dl, 1);
  LLVMAddIncoming(nd, &zero32, &dk, 1);
  LLVMAddIncoming(nd, &nd1, &dl, 1);
  LLVMPositionBuilderAtEnd(o->b, dend);
  LLVMBuildCondBr(o->b, LLVMBuildICmp(o->b, LLVMIntEQ, nd1, c->xb, ""), dk, kh);
  LLVMAddIncoming(kd, &zero32, &ckx, 1);
  LLVMAddIncoming(kd, &kd1, &dend, 1);
  LLVMAddIncoming(k, &kd1, &dend, 1);
  hipc__form_loops_map_free(&o->vm);
  return ck;
}
