/* The GPU pass's unrolling of grid-stride loops (docs/nvidia.md, "The
 * device pass").
 *
 *   for (int i = tid; i < n; i += gridDim.x * blockDim.x) sum += in[i];
 *
 * steps by a value known only at run time, so its trip count takes a
 * division. LLVM's NVPTX cost model enables runtime unrolling but refuses
 * a trip count that costs a division, so clang leaves such a loop rolled:
 * one load in flight per thread. nvcc unrolls it by 4 (the division, a
 * remainder loop, then four loads per trip), and HeCBench simpleMultiDevice's
 * reduction of 32M floats over 8192 threads took 1.35 times nvcc's time.
 *
 * This pass finds such loops after clang's -O3: a loop of one block B
 * that steps an induction variable i by a loop-invariant value that is
 * not a constant (`i + s`, s defined outside B), goes on while i + s is
 * below a loop-invariant bound (signed or unsigned), holds a load, at most
 * MAX_BODY instructions, no call but LLVM's target-independent intrinsics
 * (no barrier, no warp collective, no device function), and has no unroll
 * metadata of its own (the user's `#pragma unroll`, or the remainder loop
 * of an earlier unrolling). It gives each `llvm.loop.unroll.count` 4,
 * which lets LLVM's unroller pay for the division (its run:
 * nvptx_unroller.c). Where i + s may wrap
 * (no `nsw`/`nuw`: the source added an unsigned grid size to an int),
 * LLVM cannot count the trips, so the loop is versioned first: a copy
 * whose step cannot wrap (s > 0, start and bound at most the largest
 * value less s) is the one unrolled (version()).
 * HIPC_NVPTX_STRIDE_UNROLL=0 leaves the loops. */
#include <stdlib.h>

#include <llvm-c/Support.h>

#include "kc/kc.h"
#include "kc/nvptx_ir.h"

#define MAX_BODY 40
#define UNROLL 4

static int in_block(LLVMValueRef v, LLVMBasicBlockRef b) {
  return LLVMIsAInstruction(v) && LLVMGetInstructionParent(v) == b;
}

/* A value the same on every trip: defined outside B. */
static int invariant(LLVMValueRef v, LLVMBasicBlockRef b) {
  return !in_block(v, b);
}

/* Whether B's instructions allow unrolling: few, a load among them, and
 * calls only of target-independent intrinsics. */
static int body_ok(LLVMBasicBlockRef b) {
  unsigned n = 0, loads = 0;
  for (LLVMValueRef v = LLVMGetFirstInstruction(b); v != NULL;
       v = LLVMGetNextInstruction(v)) {
    if (++n > MAX_BODY)
      return 0;
    if (LLVMIsALoadInst(v))
      loads++;
    if (LLVMIsACallInst(v) || LLVMIsAInvokeInst(v)) {
      LLVMValueRef f = LLVMGetCalledValue(v);
      size_t len;
      const char *name =
          f != NULL && LLVMIsAFunction(f) ? LLVMGetValueName2(f, &len) : NULL;
      if (name == NULL || LLVMGetIntrinsicID(f) == 0 ||
          hipc__nvptx_starts_with(name, len, "llvm.nvvm."))
        return 0;
    }
    if (LLVMIsAFenceInst(v) || LLVMIsAAtomicRMWInst(v) ||
        LLVMIsAAtomicCmpXchgInst(v))
      return 0;
  }
  return loads > 0;
}

/* Whether the loop's metadata says anything about unrolling. */
static int has_unroll_md(LLVMValueRef loop_md) {
  unsigned n = LLVMGetMDNodeNumOperands(loop_md);
  LLVMValueRef *ops = malloc((n ? n : 1) * sizeof *ops);
  LLVMGetMDNodeOperands(loop_md, ops);
  int found = 0;
  for (unsigned i = 1; i < n && !found; i++) {
    unsigned k = ops[i] != NULL ? LLVMGetMDNodeNumOperands(ops[i]) : 0;
    if (k == 0)
      continue;
    LLVMValueRef *sub = malloc(k * sizeof *sub);
    LLVMGetMDNodeOperands(ops[i], sub);
    LLVMValueRef first = sub[0];
    free(sub);
    unsigned len = 0;
    const char *s = first != NULL ? LLVMGetMDString(first, &len) : NULL;
    found = s != NULL && hipc__nvptx_starts_with(s, len, "llvm.loop.unroll");
  }
  free(ops);
  return found;
}

/* B's shape: phi i (from P and from B), step = i + s (s invariant, not a
 * constant), continuing while `step < n` (signed or unsigned, n
 * invariant), P the only other predecessor, ending in `br B`. */
struct sloop {
  LLVMBasicBlockRef b, pre, exit;
  LLVMValueRef br, phi, step, stride, bound;
  int is_signed;
};

static LLVMIntPredicate inverse(LLVMIntPredicate p) {
  switch (p) {
  case LLVMIntSLT:
    return LLVMIntSGE;
  case LLVMIntSGE:
    return LLVMIntSLT;
  case LLVMIntSGT:
    return LLVMIntSLE;
  case LLVMIntSLE:
    return LLVMIntSGT;
  case LLVMIntULT:
    return LLVMIntUGE;
  case LLVMIntUGE:
    return LLVMIntULT;
  case LLVMIntUGT:
    return LLVMIntULE;
  case LLVMIntULE:
    return LLVMIntUGT;
  default:
    return p;
  }
}

static int match(LLVMBasicBlockRef b, struct sloop *L) {
  L->b = b;
  L->br = LLVMGetBasicBlockTerminator(b);
  if (L->br == NULL || !LLVMIsABranchInst(L->br) || !LLVMIsConditional(L->br))
    return 0;
  int back0 = LLVMGetSuccessor(L->br, 0) == b;
  if (back0 == (LLVMGetSuccessor(L->br, 1) == b))
    return 0;
  L->exit = LLVMGetSuccessor(L->br, back0 ? 1 : 0);
  LLVMValueRef cond = LLVMGetCondition(L->br);
  if (!LLVMIsAICmpInst(cond) || !in_block(cond, b))
    return 0;
  LLVMIntPredicate p = LLVMGetICmpPredicate(cond);
  if (!back0)
    p = inverse(p);
  LLVMValueRef x = LLVMGetOperand(cond, 0), y = LLVMGetOperand(cond, 1);
  if (p == LLVMIntSGT || p == LLVMIntUGT) { /* n > step */
    LLVMValueRef t = x;
    x = y;
    y = t;
    p = p == LLVMIntSGT ? LLVMIntSLT : LLVMIntULT;
  }
  if (p != LLVMIntSLT && p != LLVMIntULT)
    return 0;
  L->is_signed = p == LLVMIntSLT;
  L->step = x;
  L->bound = y;
  if (!invariant(y, b) || !in_block(x, b) ||
      LLVMGetInstructionOpcode(x) != LLVMAdd)
    return 0;
  LLVMValueRef a = LLVMGetOperand(x, 0), c = LLVMGetOperand(x, 1);
  L->phi = LLVMIsAPHINode(a) && in_block(a, b) ? a : c;
  L->stride = L->phi == a ? c : a;
  if (!LLVMIsAPHINode(L->phi) || !in_block(L->phi, b) ||
      !invariant(L->stride, b) || LLVMIsAConstant(L->stride) ||
      LLVMCountIncoming(L->phi) != 2 || hipc__nvptx_incoming(L->phi, b) != x)
    return 0;
  L->pre = LLVMGetIncomingBlock(L->phi, 0) == b
               ? LLVMGetIncomingBlock(L->phi, 1)
               : LLVMGetIncomingBlock(L->phi, 0);
  return 1;
}

/* Whether every use of B's values outside B is a phi of the exit, reached
 * from B (so that a second copy of the loop can feed the same phis). */
static int uses_ok(const struct sloop *L) {
  for (LLVMValueRef v = LLVMGetFirstInstruction(L->b); v != NULL;
       v = LLVMGetNextInstruction(v))
    for (LLVMUseRef u = LLVMGetFirstUse(v); u != NULL; u = LLVMGetNextUse(u)) {
      LLVMValueRef user = LLVMGetUser(u);
      LLVMBasicBlockRef at = LLVMGetInstructionParent(user);
      if (at == L->b)
        continue;
      if (at != L->exit || !LLVMIsAPHINode(user))
        return 0;
      for (unsigned i = 0; i < LLVMCountIncoming(user); i++)
        if (LLVMGetIncomingValue(user, i) == v &&
            LLVMGetIncomingBlock(user, i) != L->b)
          return 0;
    }
  return 1;
}

/* The copy of B's value `v` (itself where it is not B's). */
static LLVMValueRef remap(const struct sloop *L, LLVMValueRef *orig,
                          LLVMValueRef *copy, unsigned n, LLVMValueRef v) {
  if (!in_block(v, L->b))
    return v;
  for (unsigned i = 0; i < n; i++)
    if (orig[i] == v)
      return copy[i];
  return v;
}

/* The loop's step may wrap (the source added an unsigned grid size to an
 * int), so LLVM cannot count its trips. Versions it: where the step cannot
 * wrap (s > 0 and the start and n at most the largest value less s), a
 * copy of B whose step says so (nsw or nuw) runs; else B as it was.
 * Returns the copy, or NULL when B's shape does not allow it. */
static LLVMBasicBlockRef version(LLVMContextRef ctx, const struct sloop *L) {
  LLVMValueRef pre_br = LLVMGetBasicBlockTerminator(L->pre);
  if (pre_br == NULL || !LLVMIsABranchInst(pre_br) ||
      LLVMIsConditional(pre_br) || LLVMGetSuccessor(pre_br, 0) != L->b ||
      !uses_ok(L))
    return NULL;
  unsigned n = 0;
  for (LLVMValueRef v = LLVMGetFirstInstruction(L->b); v != NULL;
       v = LLVMGetNextInstruction(v))
    n++;
  LLVMValueRef *orig = malloc(n * sizeof *orig),
               *copy = malloc(n * sizeof *copy);
  LLVMBuilderRef bld = LLVMCreateBuilderInContext(ctx);
  LLVMValueRef fn = LLVMGetBasicBlockParent(L->b);
  LLVMBasicBlockRef b2 = LLVMAppendBasicBlockInContext(ctx, fn, "stride.fast");
  LLVMMoveBasicBlockBefore(b2, L->b);
  /* The copy: phis first (filled below), then the rest, remapped. */
  LLVMPositionBuilderAtEnd(bld, b2);
  unsigned k = 0;
  for (LLVMValueRef v = LLVMGetFirstInstruction(L->b); v != NULL;
       v = LLVMGetNextInstruction(v), k++) {
    orig[k] = v;
    if (LLVMIsAPHINode(v)) {
      copy[k] = LLVMBuildPhi(bld, LLVMTypeOf(v), "");
    } else {
      copy[k] = LLVMInstructionClone(v);
      LLVMInsertIntoBuilder(bld, copy[k]);
    }
  }
  for (unsigned i = 0; i < n; i++) {
    if (LLVMIsAPHINode(orig[i])) {
      LLVMValueRef vals[2] = {
          hipc__nvptx_incoming(orig[i], L->pre),
          remap(L, orig, copy, n, hipc__nvptx_incoming(orig[i], L->b))};
      LLVMBasicBlockRef from[2] = {L->pre, b2};
      LLVMAddIncoming(copy[i], vals, from, 2);
      continue;
    }
    unsigned ops = (unsigned)LLVMGetNumOperands(orig[i]);
    for (unsigned o = 0; o < ops; o++) {
      LLVMValueRef op = LLVMGetOperand(orig[i], o);
      if (LLVMIsABasicBlock(op) || LLVMValueIsBasicBlock(op))
        continue;
      LLVMSetOperand(copy[i], o, remap(L, orig, copy, n, op));
    }
  }
  LLVMValueRef br2 = remap(L, orig, copy, n, L->br);
  for (unsigned s = 0; s < 2; s++)
    if (LLVMGetSuccessor(br2, s) == L->b)
      LLVMSetSuccessor(br2, s, b2);
  LLVMValueRef step2 = remap(L, orig, copy, n, L->step);
  if (L->is_signed)
    LLVMSetNSW(step2, 1);
  else
    LLVMSetNUW(step2, 1);
  /* The exit's phis take the copy's values from the copy. */
  for (LLVMValueRef phi = LLVMGetFirstInstruction(L->exit);
       phi != NULL && LLVMIsAPHINode(phi); phi = LLVMGetNextInstruction(phi)) {
    LLVMValueRef v = hipc__nvptx_incoming(phi, L->b);
    if (v == NULL)
      continue;
    LLVMValueRef nv = remap(L, orig, copy, n, v);
    LLVMAddIncoming(phi, &nv, &b2, 1);
  }
  /* The guard, in P: the copy runs where the step cannot wrap. */
  LLVMPositionBuilderBefore(bld, pre_br);
  LLVMTypeRef ty = LLVMTypeOf(L->step);
  LLVMValueRef start = hipc__nvptx_incoming(L->phi, L->pre), ok;
  if (L->is_signed) {
    unsigned w = LLVMGetIntTypeWidth(ty);
    LLVMValueRef max = LLVMConstInt(ty, (~0ULL >> (65 - w)), 0);
    LLVMValueRef lim = LLVMBuildSub(bld, max, L->stride, "stride.lim");
    ok = LLVMBuildAnd(
        bld,
        LLVMBuildICmp(bld, LLVMIntSGT, L->stride, LLVMConstInt(ty, 0, 0), ""),
        LLVMBuildAnd(bld, LLVMBuildICmp(bld, LLVMIntSLE, L->bound, lim, ""),
                     LLVMBuildICmp(bld, LLVMIntSLE, start, lim, ""), ""),
        "stride.ok");
  } else {
    LLVMValueRef lim = LLVMBuildNot(bld, L->stride, "stride.lim");
    ok = LLVMBuildAnd(bld, LLVMBuildICmp(bld, LLVMIntULE, L->bound, lim, ""),
                      LLVMBuildICmp(bld, LLVMIntULE, start, lim, ""),
                      "stride.ok");
  }
  LLVMBuildCondBr(bld, ok, b2, L->b);
  LLVMInstructionEraseFromParent(pre_br);
  LLVMDisposeBuilder(bld);
  free(orig);
  free(copy);
  return b2;
}

/* Marks B (or a copy of it that cannot wrap) when it is such a loop; 1
 * when it did. */
static int mark_loop(LLVMContextRef ctx, LLVMBasicBlockRef b, unsigned kind) {
  struct sloop L;
  if (!match(b, &L))
    return 0;
  LLVMValueRef old = LLVMGetMetadata(L.br, kind);
  if ((old != NULL && has_unroll_md(old)) || !body_ok(b))
    return 0;
  int no_wrap = L.is_signed ? LLVMGetNSW(L.step) : LLVMGetNUW(L.step);
  LLVMValueRef br = L.br;
  if (!no_wrap) {
    LLVMBasicBlockRef b2 = version(ctx, &L);
    if (b2 == NULL)
      return 0;
    br = LLVMGetBasicBlockTerminator(b2);
  }
  if (old != NULL)
    LLVMSetMetadata(br, kind, old); /* the copy's ID starts from B's */
  hipc__nvptx_loop_property(
      ctx, &br, 1, kind, "llvm.loop.unroll.count",
      LLVMConstInt(LLVMInt32TypeInContext(ctx), UNROLL, 0));
  return 1;
}

unsigned hipc__nvptx_unroll_stride_loops(LLVMModuleRef m) {
  if (hipc__util_switched_off("HIPC_NVPTX_STRIDE_UNROLL"))
    return 0;
  LLVMContextRef ctx = LLVMGetModuleContext(m);
  unsigned kind = LLVMGetMDKindIDInContext(ctx, "llvm.loop", 9);
  unsigned n = 0;
  for (LLVMValueRef f = LLVMGetFirstFunction(m); f != NULL;
       f = LLVMGetNextFunction(f)) {
    /* The blocks as they were: versioning adds copies, which need no
     * second look. */
    unsigned nb = LLVMCountBasicBlocks(f);
    if (nb == 0)
      continue;
    LLVMBasicBlockRef *bs = malloc(nb * sizeof *bs);
    LLVMGetBasicBlocks(f, bs);
    for (unsigned i = 0; i < nb; i++)
      n += (unsigned)mark_loop(ctx, bs[i], kind);
    free(bs);
  }
  return n;
}
