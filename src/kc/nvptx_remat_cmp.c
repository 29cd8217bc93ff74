/* The GPU pass's compares recomputed after loops (docs/nvidia.md, "The
 * device pass"). LLVM's GVN makes one value of two equal compares: a tile
 * of points loaded under `if (i + 256 * t < n)` before a loop and stored
 * under the same guard after it keeps each guard's predicate live across
 * the loop. A GPU thread has 7 predicate registers; ptxas keeps the others
 * in general registers, which the loop's own values need: HeCBench
 * pnpoly's 32-point kernel took 140 registers against nvcc's 116 (one
 * block of 256 threads a multiprocessor instead of two) and ran 1.47 times
 * nvcc's time. nvcc computes such guards again after the loop.
 *
 * Here, in a function with FEW_PREDICATES or more integer compares live
 * across a loop (defined before the loop's header, used after its latch
 * in block order), each such use outside the compare's block gets a copy
 * of the compare, and of an operand that is an add, sub, or, xor, and,
 * shl or mul with a constant, built before the user: what stays live is
 * the operands' operands (the thread's index, the bound), which the loop
 * usually needs anyway. Uses in phis keep the value. HIPC_NVPTX_REMAT=0
 * leaves the compares. */

#include <stdlib.h>
#include <string.h>

#include "kc/kc.h"
#include "kc/nvptx_ir.h"

/* Fewer compares live across loops than this fit the predicate
 * registers. */
#define FEW_PREDICATES 8

/* Whether the use of `cmp` by `user` (not a phi) crosses a loop of `g`:
 * the compare's block comes before a loop's header and the user after the
 * loop's latch, in reverse post-order. */
static int crosses_loop(const struct llvm_cfg *g, LLVMValueRef cmp,
                        LLVMValueRef user) {
  LLVMBasicBlockRef d = LLVMGetInstructionParent(cmp);
  LLVMBasicBlockRef u = LLVMGetInstructionParent(user);
  if (d == u || LLVMIsAPHINode(user))
    return 0;
  unsigned id = hipc__cfg_index(g, d), iu = hipc__cfg_index(g, u);
  if (id >= g->n || iu >= g->n)
    return 0;
  unsigned rd = g->rpo[id], ru = g->rpo[iu];
  if (rd >= g->n || ru >= g->n || rd >= ru)
    return 0;
  for (unsigned k = 0; k < g->nback; k++) {
    unsigned h = g->rpo[g->back_to[k]], l = g->rpo[g->back_from[k]];
    if (h > rd && l < ru && h <= l)
      return 1;
  }
  return 0;
}

static int cheap_step(LLVMValueRef v) {
  if (!LLVMIsAInstruction(v) || LLVMIsAPHINode(v))
    return 0;
  switch (LLVMGetInstructionOpcode(v)) {
  case LLVMAdd:
  case LLVMSub:
  case LLVMOr:
  case LLVMXor:
  case LLVMAnd:
  case LLVMShl:
  case LLVMMul:
    return LLVMIsAConstantInt(LLVMGetOperand(v, 1)) ||
           LLVMIsAConstantInt(LLVMGetOperand(v, 0));
  default:
    return 0;
  }
}

/* `v` through an empty inline-assembly move: the same value, which the
 * back end's common-subexpression elimination cannot merge with `v`'s
 * other uses (it would give the copies the first compare's predicate
 * again); ptxas drops the move. */
static LLVMValueRef opaque(LLVMBuilderRef b, LLVMValueRef v) {
  LLVMTypeRef t = LLVMTypeOf(v);
  int wide = LLVMGetIntTypeWidth(t) == 64;
  LLVMTypeRef ft = LLVMFunctionType(t, &t, 1, 0);
  const char *code = wide ? "mov.b64 $0, $1;" : "mov.b32 $0, $1;";
  const char *cons = wide ? "=l,l" : "=r,r";
  LLVMValueRef asm_ = LLVMGetInlineAsm(ft, code, strlen(code), cons,
                                       strlen(cons), 0, 0,
                                       LLVMInlineAsmDialectATT, 0);
  return LLVMBuildCall2(b, ft, asm_, &v, 1, "");
}

/* An integer of 32 or 64 bits that is not a constant. */
static int launderable(LLVMValueRef v) {
  LLVMTypeRef t = LLVMTypeOf(v);
  return !LLVMIsAConstant(v) && LLVMGetTypeKind(t) == LLVMIntegerTypeKind &&
         (LLVMGetIntTypeWidth(t) == 32 || LLVMGetIntTypeWidth(t) == 64);
}

/* A copy of `cmp` (and of its cheap-step operands) before `at`, one leaf
 * made opaque. */
static LLVMValueRef copy_before(LLVMValueRef cmp, LLVMValueRef at) {
  LLVMBuilderRef b =
      LLVMCreateBuilderInContext(LLVMGetTypeContext(LLVMTypeOf(cmp)));
  LLVMPositionBuilderBefore(b, at);
  LLVMValueRef ops[2];
  int hidden = 0;
  for (unsigned k = 0; k < 2; k++) {
    LLVMValueRef v = LLVMGetOperand(cmp, k);
    if (cheap_step(v)) {
      LLVMValueRef c = LLVMInstructionClone(v);
      unsigned j = LLVMIsAConstantInt(LLVMGetOperand(v, 0)) ? 1 : 0;
      if (!hidden && launderable(LLVMGetOperand(v, j))) {
        LLVMSetOperand(c, j, opaque(b, LLVMGetOperand(v, j)));
        hidden = 1;
      }
      LLVMInsertIntoBuilder(b, c);
      v = c;
    } else if (!hidden && launderable(v)) {
      v = opaque(b, v);
      hidden = 1;
    }
    ops[k] = v;
  }
  LLVMValueRef c =
      LLVMBuildICmp(b, LLVMGetICmpPredicate(cmp), ops[0], ops[1], "remat");
  LLVMDisposeBuilder(b);
  return c;
}

static unsigned remat_function(LLVMValueRef fn) {
  /* Each use is checked against every loop: big functions are left
   * alone. */
  unsigned nb = LLVMCountBasicBlocks(fn);
  if (nb < 3 || nb > 4000)
    return 0;
  struct llvm_cfg o;
  hipc__cfg_build(&o, fn);
  unsigned n = 0;
  if (o.nback == 0)
    goto done;
  /* Count the compares that cross a loop first. */
  unsigned crossing = 0;
  for (int pass = 0; pass < 2; pass++) {
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb;
         bb = LLVMGetNextBasicBlock(bb))
      for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i;
           i = LLVMGetNextInstruction(i)) {
        if (!LLVMIsAICmpInst(i) || !(launderable(LLVMGetOperand(i, 0)) ||
                                     launderable(LLVMGetOperand(i, 1))))
          continue;
        int crosses = 0;
        for (LLVMUseRef u = LLVMGetFirstUse(i); u;) {
          LLVMUseRef nu = LLVMGetNextUse(u);
          LLVMValueRef user = LLVMGetUser(u);
          if (LLVMIsAInstruction(user) && crosses_loop(&o, i, user)) {
            crosses = 1;
            if (pass == 1) {
              /* Which operand of `user` this use is. */
              unsigned nops = (unsigned)LLVMGetNumOperands(user);
              for (unsigned k = 0; k < nops; k++)
                if (LLVMGetOperandUse(user, k) == u) {
                  LLVMSetOperand(user, k, copy_before(i, user));
                  n++;
                  break;
                }
            }
          }
          u = nu;
        }
        crossing += crosses;
      }
    if (pass == 0 && crossing < FEW_PREDICATES)
      break;
  }
done:
  hipc__cfg_free(&o);
  return n;
}

unsigned hipc__nvptx_remat_compares(LLVMModuleRef m) {
  if (hipc__util_switched_off("HIPC_NVPTX_REMAT"))
    return 0;
  unsigned n = 0;
  for (LLVMValueRef f = LLVMGetFirstFunction(m); f; f = LLVMGetNextFunction(f))
    if (!LLVMIsDeclaration(f))
      n += remat_function(f);
  return n;
}
