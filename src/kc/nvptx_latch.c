/* The GPU pass's loop exits in nvcc's form (docs/nvidia.md, "The device
 * pass"): a latch that tests an offset of the induction variable against a
 * constant is made to test the variable's next value.
 *
 * After LLVM unrolls `for (j = 0; j < 1024; j += 4)` by 32, the latch
 * tests the last copy's index, `(j | 124) < 1020` (instcombine makes the
 * add an `or disjoint`, j being a multiple of 128). nvcc's latch tests the
 * incremented variable, `j + 128 < 1024`. ptxas recognises a counted loop
 * only in the second form: it unrolls nvcc's loop of 8 trips entirely,
 * every load's address becoming a constant (HeCBench cmembench: 1024
 * `ULDC` of c[0x3][imm] in nvcc's kernel, against a rolled loop of `LDC`
 * through a register in hipc's; 1.25 ms against 0.35 ms a launch).
 *
 * For a header phi P whose value from latch B is N = P + S (S constant),
 * B's branch on `icmp pred X, C` (C constant) with X = P + K, as `add` or
 * `or disjoint` with K constant, or X = P, is made `icmp pred N, C - K + S`
 * where that is exact: for eq/ne always (modular); for unsigned
 * predicates when X and N cannot wrap (nuw, or disjoint), S > 0, C >= K
 * and the new constant fits; for signed ones with nsw (or disjoint with
 * K >= 0) and the new constant in range. N is the value that leaves B for
 * the header, so it dominates B's branch. A latch that leaves when its
 * test holds (`@p bra exit; bra.uni header` in PTX, the NVPTX back end
 * not reversing branches) gets the inverse test and goes back when it
 * holds, as nvcc's do (`@p bra header`). HIPC_NVPTX_LATCH=0 leaves the
 * latches as LLVM made them. */
#include <stdlib.h>
#include <string.h>

#include "kc/nvptx_ir.h"

/* X's offset from `p`: 1 and *k (zero- or sign-extended per `sign`) and
 * whether X cannot wrap that way (*exact); 0 when X is not P + K. */
static int offset_of(LLVMValueRef x, LLVMValueRef p, int sign, __int128 *k,
                     int *exact) {
  if (x == p) {
    *k = 0;
    *exact = 1;
    return 1;
  }
  if (!LLVMIsAInstruction(x))
    return 0;
  LLVMOpcode op = LLVMGetInstructionOpcode(x);
  if ((op != LLVMAdd && op != LLVMOr) || LLVMGetOperand(x, 0) != p ||
      !LLVMIsAConstantInt(LLVMGetOperand(x, 1)))
    return 0;
  LLVMValueRef c = LLVMGetOperand(x, 1);
  *k = sign ? (__int128)LLVMConstIntGetSExtValue(c)
            : (__int128)LLVMConstIntGetZExtValue(c);
  if (op == LLVMOr) {
    if (!LLVMGetIsDisjoint(x))
      return 0;
    *exact = !sign || *k >= 0;
  } else {
    *exact = sign ? LLVMGetNSW(x) : LLVMGetNUW(x);
  }
  return 1;
}

static int is_signed(LLVMIntPredicate p) {
  return p == LLVMIntSLT || p == LLVMIntSLE || p == LLVMIntSGT ||
         p == LLVMIntSGE;
}

/* The new constant for `pred X, c` as `pred N, c'`, or 0 where the rewrite
 * is not exact. */
static int new_bound(LLVMIntPredicate pred, unsigned width, LLVMValueRef x,
                     LLVMValueRef p, LLVMValueRef n, __int128 c,
                     __int128 *out) {
  int sign = is_signed(pred), modular = pred == LLVMIntEQ ||
                                        pred == LLVMIntNE;
  __int128 k;
  int exact;
  if (!offset_of(x, p, sign, &k, &exact))
    return 0;
  LLVMValueRef sv = LLVMGetOperand(n, 1);
  __int128 s = sign || modular ? (__int128)LLVMConstIntGetSExtValue(sv)
                               : (__int128)LLVMConstIntGetZExtValue(sv);
  __int128 r = c - k + s;
  __int128 one = 1;
  if (modular) {
    __int128 mod = one << width;
    r %= mod;
    if (r < 0)
      r += mod;
    *out = r;
    return 1;
  }
  if (!exact)
    return 0;
  if (sign) {
    __int128 lo = -(one << (width - 1)), hi = (one << (width - 1)) - 1;
    if (!LLVMGetNSW(n) || r < lo || r > hi)
      return 0;
  } else {
    if (!LLVMGetNUW(n) || s <= 0 || c < k || r > (one << width) - 1)
      return 0;
  }
  *out = r;
  return 1;
}

static LLVMIntPredicate inverse(LLVMIntPredicate p) {
  switch (p) {
  case LLVMIntEQ: return LLVMIntNE;
  case LLVMIntNE: return LLVMIntEQ;
  case LLVMIntULT: return LLVMIntUGE;
  case LLVMIntUGE: return LLVMIntULT;
  case LLVMIntULE: return LLVMIntUGT;
  case LLVMIntUGT: return LLVMIntULE;
  case LLVMIntSLT: return LLVMIntSGE;
  case LLVMIntSGE: return LLVMIntSLT;
  case LLVMIntSLE: return LLVMIntSGT;
  default: return LLVMIntSLE; /* LLVMIntSGT */
  }
}

/* Makes the latch branch `br` of block `b` test the next value of an
 * induction variable of its successor `h` (a phi there) where it tests an
 * offset of it, and branch back to `h` when the test holds; returns 1
 * when it changed the branch. */
static int rewrite_latch(LLVMBasicBlockRef b, LLVMBasicBlockRef h,
                         LLVMValueRef br) {
  LLVMValueRef cmp = LLVMGetCondition(br);
  if (!LLVMIsAICmpInst(cmp) || !LLVMIsAConstantInt(LLVMGetOperand(cmp, 1)))
    return 0;
  LLVMValueRef x = LLVMGetOperand(cmp, 0), cv = LLVMGetOperand(cmp, 1);
  LLVMTypeRef t = LLVMTypeOf(x);
  unsigned width = LLVMGetIntTypeWidth(t);
  if (width > 64)
    return 0;
  LLVMIntPredicate pred = LLVMGetICmpPredicate(cmp);
  __int128 c = is_signed(pred) ? (__int128)LLVMConstIntGetSExtValue(cv)
                               : (__int128)LLVMConstIntGetZExtValue(cv);
  for (LLVMValueRef p = LLVMGetFirstInstruction(h); p && LLVMIsAPHINode(p);
       p = LLVMGetNextInstruction(p)) {
    if (LLVMTypeOf(p) != t)
      continue;
    LLVMValueRef n = hipc__nvptx_incoming(p, b);
    if (n == NULL || !LLVMIsAInstruction(n) ||
        LLVMGetInstructionOpcode(n) != LLVMAdd ||
        LLVMGetOperand(n, 0) != p ||
        !LLVMIsAConstantInt(LLVMGetOperand(n, 1)))
      continue;
    __int128 r = c;
    if (n != x && !new_bound(pred, width, x, p, n, c, &r))
      continue;
    int back_on_true = LLVMGetSuccessor(br, 0) == h;
    if (n == x && back_on_true)
      return 0; /* nvcc's form already */
    LLVMBuilderRef bld = LLVMCreateBuilderInContext(LLVMGetTypeContext(t));
    LLVMPositionBuilderBefore(bld, br);
    LLVMValueRef bound = LLVMConstInt(t, (unsigned long long)r, 0);
    LLVMIntPredicate q = back_on_true ? pred : inverse(pred);
    LLVMSetCondition(br, LLVMBuildICmp(bld, q, n, bound, "latch"));
    LLVMDisposeBuilder(bld);
    if (!back_on_true) {
      LLVMBasicBlockRef exit = LLVMGetSuccessor(br, 0);
      LLVMSetSuccessor(br, 0, h);
      LLVMSetSuccessor(br, 1, exit);
    }
    if (LLVMGetFirstUse(cmp) == NULL)
      LLVMInstructionEraseFromParent(cmp);
    return 1;
  }
  return 0;
}

unsigned hipc__nvptx_canonical_latches(LLVMModuleRef m) {
  const char *e = getenv("HIPC_NVPTX_LATCH");
  if (e != NULL && strcmp(e, "0") == 0)
    return 0;
  unsigned n = 0;
  for (LLVMValueRef f = LLVMGetFirstFunction(m); f != NULL;
       f = LLVMGetNextFunction(f)) {
    for (LLVMBasicBlockRef b = LLVMGetFirstBasicBlock(f); b != NULL;
         b = LLVMGetNextBasicBlock(b)) {
      LLVMValueRef br = LLVMGetBasicBlockTerminator(b);
      if (br == NULL || !LLVMIsABranchInst(br) || !LLVMIsConditional(br))
        continue;
      for (unsigned i = 0; i < 2; i++)
        if (rewrite_latch(b, LLVMGetSuccessor(br, i), br)) {
          n++;
          break;
        }
    }
  }
  return n;
}
