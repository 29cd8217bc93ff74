/* The GPU pass's loop exits in nvcc's form (docs/nvidia.md, "The device
 * pass"): a counted loop's latch tests the induction variable's next value
 * and branches back when the test holds.
 *
 * After LLVM unrolls `for (j = 0; j < 1024; j += 4)` by 32, the latch
 * tests the last copy's index, `(j | 124) < 1020` (instcombine makes the
 * add an `or disjoint`, j being a multiple of 128). nvcc's latch tests the
 * incremented variable, `j + 128 < 1024`. ptxas recognises a counted loop
 * only in the second form: it unrolls nvcc's loop of 8 trips entirely,
 * every load's address becoming a constant (HeCBench cmembench: 1024
 * `ULDC` of c[0x3][imm] in nvcc's kernel, against a rolled loop of `LDC`
 * through a register in hipc's; 1.25 ms against 0.35 ms a launch). And a
 * latch that leaves when its test holds is `@p bra exit; bra.uni header`
 * in PTX (the NVPTX back end does not reverse branches) where nvcc's
 * branch back, `@p bra header`.
 *
 * For a header phi P whose value from latch B is P + S (S a constant), B's
 * branch on `icmp pred X, C` (C a constant) with X = P + K (`add` or `or
 * disjoint`, K a constant) or X = P becomes a branch back on
 * `icmp q (P + S), C - K + S`, q the test under which the loop goes on,
 * where that is exact:
 *   - q is `ne`: always (modular arithmetic);
 *   - q is `<` or `<=` (signed or unsigned), S > 0, X cannot wrap (its
 *     `nuw`/`nsw`, or `or disjoint`), the new bound is in the type's range,
 *     and P starts at a constant, from which the last value the latch
 *     sees, the first one that fails the test, is computed: P + S must not
 *     wrap there either;
 *   - q is signed `>` or `>=` and S < 0 alike.
 * The new P + S is an `add` of its own without `nuw`/`nsw` (the rewrite
 * must not branch on a value those flags make poison); the back end merges
 * it with the latch's. HIPC_NVPTX_LATCH=0 leaves the latches as they are.
 */

#include <stddef.h>

#include "kc/kc.h"
#include "kc/nvptx_ir.h"

typedef __int128 wide;

/* `v` (a ConstantInt) zero- or sign-extended. */
static wide value(LLVMValueRef v, int sign) {
  return sign ? (wide)LLVMConstIntGetSExtValue(v)
              : (wide)LLVMConstIntGetZExtValue(v);
}

/* X's offset from `p`: 1 and *k, and whether X = P + K cannot wrap in
 * that signedness (*exact); 0 when X is neither P nor P + K. */
static int offset_of(LLVMValueRef x, LLVMValueRef p, int sign, wide *k,
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
  *k = value(LLVMGetOperand(x, 1), sign);
  if (op == LLVMOr) {
    if (!LLVMGetIsDisjoint(x))
      return 0;
    *exact = !sign || *k >= 0;
  } else {
    *exact = sign ? LLVMGetNSW(x) : LLVMGetNUW(x);
  }
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

/* The constant P takes from every predecessor of its block but `b`, or
 * NULL. */
static LLVMValueRef start_of(LLVMValueRef p, LLVMBasicBlockRef b) {
  LLVMValueRef s = NULL;
  for (unsigned i = 0; i < LLVMCountIncoming(p); i++) {
    if (LLVMGetIncomingBlock(p, i) == b)
      continue;
    LLVMValueRef v = LLVMGetIncomingValue(p, i);
    if (!LLVMIsAConstantInt(v) || (s != NULL && v != s))
      return NULL;
    s = v;
  }
  return s;
}

struct latch {
  LLVMValueRef p, x;  /* the phi, the value tested */
  LLVMBasicBlockRef b; /* the latch */
  LLVMIntPredicate q; /* the test under which the loop goes on */
  LLVMValueRef c;     /* its constant */
  wide s;             /* the step */
  unsigned width;
};

/* The bound for `q (P + S), bound` equivalent to the loop's test, or 0
 * where the rewrite would not be exact (the header's comment). */
static int new_bound(const struct latch *l, wide *out) {
  wide one = 1, k;
  int exact;
  if (l->q == LLVMIntNE) {
    if (!offset_of(l->x, l->p, 0, &k, &exact))
      return 0;
    wide mod = one << l->width, r = (value(l->c, 0) - k + l->s) % mod;
    *out = r < 0 ? r + mod : r;
    return 1;
  }
  int sign = l->q == LLVMIntSLT || l->q == LLVMIntSLE ||
             l->q == LLVMIntSGT || l->q == LLVMIntSGE;
  int up = l->q == LLVMIntULT || l->q == LLVMIntULE || l->q == LLVMIntSLT ||
           l->q == LLVMIntSLE;
  int down = l->q == LLVMIntSGT || l->q == LLVMIntSGE;
  LLVMValueRef sv = start_of(l->p, l->b);
  if ((!up && !down) || sv == NULL ||
      !offset_of(l->x, l->p, sign, &k, &exact) || !exact)
    return 0;
  wide lo = sign ? -(one << (l->width - 1)) : 0;
  wide hi = sign ? (one << (l->width - 1)) - 1 : (one << l->width) - 1;
  wide s = l->s, p0 = value(sv, sign), c = value(l->c, sign);
  /* In exact integers the loop goes on while P < lim (up) or P > lim
   * (down): its last P is the first at or past lim. */
  wide lim = c - k + (l->q == LLVMIntULE || l->q == LLVMIntSLE) -
             (l->q == LLVMIntSGE);
  wide last;
  if (up) {
    if (s <= 0 || lim < lo || lim > hi)
      return 0;
    last = p0 >= lim ? p0 : p0 + (lim - p0 + s - 1) / s * s;
    if (last + s > hi)
      return 0;
  } else {
    if (s >= 0 || lim < lo || lim > hi)
      return 0;
    last = p0 <= lim ? p0 : p0 - (p0 - lim - s - 1) / -s * -s;
    if (last + s < lo)
      return 0;
  }
  wide r = c - k + s;
  if (r < lo || r > hi)
    return 0;
  *out = r;
  return 1;
}

/* Makes the latch branch `br` of block `b` test the next value of an
 * induction variable of its successor `h` and branch back when the test
 * holds, where it tests an offset of one; returns 1 when it did. */
static int rewrite_latch(LLVMBasicBlockRef b, LLVMBasicBlockRef h,
                         LLVMValueRef br) {
  LLVMValueRef cmp = LLVMGetCondition(br);
  if (!LLVMIsAICmpInst(cmp) || !LLVMIsAConstantInt(LLVMGetOperand(cmp, 1)))
    return 0;
  struct latch l = {.x = LLVMGetOperand(cmp, 0), .b = b};
  LLVMTypeRef t = LLVMTypeOf(l.x);
  l.width = LLVMGetIntTypeWidth(t);
  if (l.width > 64)
    return 0;
  int back_on_true = LLVMGetSuccessor(br, 0) == h;
  LLVMIntPredicate pred = LLVMGetICmpPredicate(cmp);
  l.q = back_on_true ? pred : inverse(pred);
  l.c = LLVMGetOperand(cmp, 1);
  for (l.p = LLVMGetFirstInstruction(h); l.p && LLVMIsAPHINode(l.p);
       l.p = LLVMGetNextInstruction(l.p)) {
    if (LLVMTypeOf(l.p) != t)
      continue;
    LLVMValueRef n = hipc__nvptx_incoming(l.p, b);
    if (n == NULL || !LLVMIsAInstruction(n) ||
        LLVMGetInstructionOpcode(n) != LLVMAdd ||
        LLVMGetOperand(n, 0) != l.p ||
        !LLVMIsAConstantInt(LLVMGetOperand(n, 1)))
      continue;
    if (n == l.x && back_on_true)
      return 0; /* nvcc's form already */
    l.s = value(LLVMGetOperand(n, 1), 1);
    wide r;
    if (!new_bound(&l, &r))
      continue;
    LLVMBuilderRef bld = LLVMCreateBuilderInContext(LLVMGetTypeContext(t));
    LLVMPositionBuilderBefore(bld, br);
    LLVMValueRef next = LLVMGetNUW(n) || LLVMGetNSW(n)
                            ? LLVMBuildAdd(bld, l.p, LLVMGetOperand(n, 1),
                                           "latch.next")
                            : n;
    LLVMValueRef bound = LLVMConstInt(t, (unsigned long long)r, 0);
    LLVMSetCondition(br, LLVMBuildICmp(bld, l.q, next, bound, "latch"));
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
  if (hipc__util_switched_off("HIPC_NVPTX_LATCH"))
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
