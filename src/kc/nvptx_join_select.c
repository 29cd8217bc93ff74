/* The GPU pass's selects for small arms of a branch whose join has other
 * predecessors (docs/nvidia.md, "The device pass").
 *
 * A two-pointer merge `if (a == b) {...} else if (a < b) i++; else j++;`
 * leaves clang's optimiser as
 *
 *   A:  c = icmp slt a, b; br c, B, C
 *   B:  i1 = add i, 1; br J
 *   C:  j1 = add j, 1; br J
 *   J:  i' = phi [.., E], [i1, B], [i, C]; j' = phi [.., E], [j, B], [j1, C]
 *
 * SimplifyCFG folds such a diamond into selects only where J has no other
 * predecessor (E, the first arm, here). nvcc's front end makes
 * `i += a < b; j += a >= b`, and ptxas then predicates the whole loop
 * body; hipc's branch stayed a branch with a reconvergence point in every
 * trip (HeCBench jaccard's intersection kernel, where a warp's lanes merge
 * lists of different lengths: 1.14-1.17 times nvcc's time). Here B's and
 * C's instructions move into A, and J's phis take `select c, vB, vC` from
 * A in place of their B and C entries.
 *
 * Only where it is cheap and exact: B and C are entered from A alone,
 * branch to the same J, and hold at most MAX_ARM instructions each, all
 * free of side effects, memory and traps (integer and floating-point
 * arithmetic without division, comparisons, selects, casts, GEPs), used
 * only in their block or by J's phis. An instruction moved into A may
 * compute poison (an `nsw` add that wraps on the path not taken), which
 * only the select's unchosen side sees. HIPC_NVPTX_JOIN=0 leaves the
 * branches. */

#include <stddef.h>

#include "kc/kc.h"
#include "kc/nvptx_ir.h"

/* Instructions an arm may hold (besides its branch). */
#define MAX_ARM 4

static int cheap(LLVMValueRef v) {
  switch (LLVMGetInstructionOpcode(v)) {
  case LLVMAdd: case LLVMSub: case LLVMMul: case LLVMShl: case LLVMLShr:
  case LLVMAShr: case LLVMAnd: case LLVMOr: case LLVMXor: case LLVMFAdd:
  case LLVMFSub: case LLVMFMul: case LLVMFNeg: case LLVMICmp:
  case LLVMFCmp: case LLVMSelect: case LLVMTrunc: case LLVMZExt:
  case LLVMSExt: case LLVMBitCast: case LLVMGetElementPtr: case LLVMFreeze:
    return 1;
  default:
    return 0;
  }
}

/* Whether `bb` is entered only by the terminator `from`. */
static int only_from(LLVMBasicBlockRef bb, LLVMValueRef from) {
  for (LLVMUseRef u = LLVMGetFirstUse(LLVMBasicBlockAsValue(bb)); u != NULL;
       u = LLVMGetNextUse(u))
    if (LLVMGetUser(u) != from)
      return 0;
  return 1;
}

/* The block an arm `arm` (entered from `from`) falls into, or NULL where
 * it is not a small arm of cheap instructions. */
static LLVMBasicBlockRef arm_join(LLVMBasicBlockRef arm, LLVMValueRef from) {
  if (!only_from(arm, from))
    return NULL;
  LLVMValueRef br = LLVMGetBasicBlockTerminator(arm);
  if (br == NULL || !LLVMIsABranchInst(br) || LLVMIsConditional(br))
    return NULL;
  LLVMBasicBlockRef join = LLVMGetSuccessor(br, 0);
  unsigned n = 0;
  for (LLVMValueRef v = LLVMGetFirstInstruction(arm); v != br;
       v = LLVMGetNextInstruction(v)) {
    if (++n > MAX_ARM || !cheap(v))
      return NULL;
    for (LLVMUseRef u = LLVMGetFirstUse(v); u != NULL; u = LLVMGetNextUse(u)) {
      LLVMValueRef user = LLVMGetUser(u);
      LLVMBasicBlockRef ub = LLVMGetInstructionParent(user);
      if (ub != arm && !(ub == join && LLVMIsAPHINode(user)))
        return NULL;
    }
  }
  return join;
}

/* Folds A's branch to the arms t and f into selects, or returns 0. */
static int fold(LLVMBuilderRef b, LLVMBasicBlockRef a) {
  LLVMValueRef br = LLVMGetBasicBlockTerminator(a);
  if (br == NULL || !LLVMIsABranchInst(br) || !LLVMIsConditional(br))
    return 0;
  LLVMBasicBlockRef t = LLVMGetSuccessor(br, 0), f = LLVMGetSuccessor(br, 1);
  if (t == f || t == a || f == a)
    return 0;
  LLVMBasicBlockRef join = arm_join(t, br);
  if (join == NULL || join != arm_join(f, br) || join == a || join == t ||
      join == f)
    return 0;
  /* Every phi of the join takes a value from each arm (one edge each, so
   * one entry). */
  for (LLVMValueRef p = LLVMGetFirstInstruction(join);
       p != NULL && LLVMIsAPHINode(p); p = LLVMGetNextInstruction(p))
    if (hipc__nvptx_incoming(p, t) == NULL ||
        hipc__nvptx_incoming(p, f) == NULL)
      return 0;
  /* The arms' instructions into A, in order, before its branch. */
  LLVMBasicBlockRef arms[2] = {t, f};
  for (int k = 0; k < 2; k++) {
    LLVMValueRef arm_br = LLVMGetBasicBlockTerminator(arms[k]), next;
    for (LLVMValueRef v = LLVMGetFirstInstruction(arms[k]); v != arm_br;
         v = next) {
      next = LLVMGetNextInstruction(v);
      LLVMInstructionRemoveFromParent(v);
      LLVMPositionBuilderBefore(b, br);
      LLVMInsertIntoBuilder(b, v);
    }
  }
  /* Each phi rebuilt: its other entries, then A's select (the C API
   * removes no incoming entry). */
  LLVMValueRef cond = LLVMGetCondition(br);
  LLVMValueRef next;
  for (LLVMValueRef p = LLVMGetFirstInstruction(join);
       p != NULL && LLVMIsAPHINode(p); p = next) {
    next = LLVMGetNextInstruction(p);
    LLVMValueRef vt = hipc__nvptx_incoming(p, t);
    LLVMValueRef vf = hipc__nvptx_incoming(p, f);
    LLVMPositionBuilderBefore(b, br);
    LLVMValueRef v = vt == vf ? vt : LLVMBuildSelect(b, cond, vt, vf, "");
    LLVMPositionBuilderBefore(b, p);
    LLVMValueRef q = LLVMBuildPhi(b, LLVMTypeOf(p), "");
    for (unsigned k = 0; k < LLVMCountIncoming(p); k++) {
      LLVMBasicBlockRef from = LLVMGetIncomingBlock(p, k);
      if (from != t && from != f) {
        LLVMValueRef in = LLVMGetIncomingValue(p, k);
        LLVMAddIncoming(q, &in, &from, 1);
      }
    }
    LLVMAddIncoming(q, &v, &a, 1);
    LLVMReplaceAllUsesWith(p, q);
    LLVMInstructionEraseFromParent(p);
  }
  /* A falls into the join; the empty arms go. */
  LLVMPositionBuilderBefore(b, br);
  LLVMBuildBr(b, join);
  LLVMInstructionEraseFromParent(br);
  LLVMDeleteBasicBlock(t);
  LLVMDeleteBasicBlock(f);
  return 1;
}

unsigned hipc__nvptx_join_selects(LLVMModuleRef m) {
  if (hipc__util_switched_off("HIPC_NVPTX_JOIN"))
    return 0;
  unsigned done = 0;
  LLVMBuilderRef b = LLVMCreateBuilderInContext(LLVMGetModuleContext(m));
  for (LLVMValueRef fn = LLVMGetFirstFunction(m); fn != NULL;
       fn = LLVMGetNextFunction(fn))
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb != NULL;
         bb = LLVMGetNextBasicBlock(bb))
      while (fold(b, bb))
        done++;
  LLVMDisposeBuilder(b);
  return done;
}
