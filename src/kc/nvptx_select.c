/* The GPU pass's branches for selects between costly values on a shared
 * condition (docs/nvidia.md, "The device pass"). clang's -O3 if-converts
 * `if (c) x = sqrtf(a); else x = sqrtf(b) + e;` into both square roots and
 * a select (SimplifyCFG counts llvm.sqrt as one cheap instruction); on the
 * GPU a square root or a division rounded to nearest is a sequence of some
 * ten instructions with a slow path. nvcc keeps the branch: HeCBench
 * adam's kernel, whose loop picks one of two square roots by a kernel
 * argument, computed both with hipc (1.17 times nvcc's kernel time).
 *
 * Where every lane of the block has the same condition (nvptx_uniform.c),
 * so that a branch never splits a warp, a select whose true or false value
 * is computed for it alone in its block (a chain of instructions without
 * side effects, used by the select and each other only) and whose chain
 * holds a square root or a division becomes a branch again:
 *
 *   B:  P; t = sqrt(a); f = sqrt(b) + e; x = select c, t, f; R
 *
 * becomes
 *
 *   B0: P; br c, T, F        (B's predecessors branch to B0, its phis too)
 *   T:  t = sqrt(a); br B
 *   F:  f = sqrt(b) + e; br B
 *   B:  x = phi [t, T], [f, F]; R
 *
 * An arm without a chain goes from B0 to B directly. It runs after the
 * clean-up of the other passes, whose SimplifyCFG would make the select
 * again. HIPC_NVPTX_SELECT=0 leaves the selects. */
#include <stdlib.h>
#include <string.h>

#include "kc/kc.h"
#include "kc/nvptx_ir.h"
#include "kc/nvptx_uniform.h"

#define MAX_CHAIN 64

struct arm {
  LLVMValueRef insts[MAX_CHAIN]; /* in the block's order */
  unsigned n;
  int costly;
};

static int in_arm(const struct arm *a, LLVMValueRef v) {
  for (unsigned i = 0; i < a->n; i++)
    if (a->insts[i] == v)
      return 1;
  return 0;
}

static int name_starts(LLVMValueRef f, const char *prefix) {
  size_t len;
  const char *name = LLVMGetValueName2(f, &len);
  return len >= strlen(prefix) && strncmp(name, prefix, strlen(prefix)) == 0;
}

/* 2: costly and movable; 1: movable; 0: stays (side effects, memory,
 * control flow, phis). */
static int movable(LLVMValueRef i) {
  if (LLVMIsACallInst(i)) {
    LLVMValueRef f = LLVMGetCalledValue(i);
    if (f == NULL || !LLVMIsAFunction(f) || LLVMGetIntrinsicID(f) == 0)
      return 0;
    if (name_starts(f, "llvm.sqrt.") || name_starts(f, "llvm.nvvm.sqrt.") ||
        name_starts(f, "llvm.nvvm.div."))
      return 2;
    return name_starts(f, "llvm.fabs.") || name_starts(f, "llvm.fma.") ||
           name_starts(f, "llvm.fmuladd.") || name_starts(f, "llvm.nvvm.fabs.") ||
           name_starts(f, "llvm.nvvm.fma.") || name_starts(f, "llvm.nvvm.add.") ||
           name_starts(f, "llvm.nvvm.mul.");
  }
  switch (LLVMGetInstructionOpcode(i)) {
  case LLVMFDiv: case LLVMFRem:
    return 2;
  case LLVMFAdd: case LLVMFSub: case LLVMFMul: case LLVMFNeg: case LLVMAdd:
  case LLVMSub: case LLVMMul: case LLVMShl: case LLVMLShr: case LLVMAShr:
  case LLVMAnd: case LLVMOr: case LLVMXor: case LLVMZExt: case LLVMSExt:
  case LLVMTrunc: case LLVMFPExt: case LLVMFPTrunc: case LLVMSIToFP:
  case LLVMUIToFP: case LLVMFPToSI: case LLVMFPToUI: case LLVMBitCast:
  case LLVMICmp: case LLVMFCmp: case LLVMSelect:
    return 1;
  default:
    return 0;
  }
}

/* The chain of operand `k` (1: true, 2: false) of `sel`: the instructions
 * before it in its block that only it (as that operand) and the chain
 * use, found walking back from it. */
static void find_arm(LLVMValueRef sel, unsigned k, struct arm *a) {
  memset(a, 0, sizeof *a);
  LLVMValueRef other = LLVMGetOperand(sel, 3 - k);
  for (LLVMValueRef i = LLVMGetPreviousInstruction(sel);
       i != NULL && !LLVMIsAPHINode(i); i = LLVMGetPreviousInstruction(i)) {
    int kind = movable(i);
    if (kind == 0 || i == other || a->n == MAX_CHAIN)
      continue;
    int only = LLVMGetFirstUse(i) != NULL;
    for (LLVMUseRef u = LLVMGetFirstUse(i); u != NULL && only;
         u = LLVMGetNextUse(u)) {
      LLVMValueRef user = LLVMGetUser(u);
      only = user == sel ? LLVMGetOperand(sel, k) == i &&
                               LLVMGetOperand(sel, 0) != i
                         : in_arm(a, user);
    }
    if (!only)
      continue;
    /* Walking back: shift to keep the block's order. */
    memmove(a->insts + 1, a->insts, a->n * sizeof *a->insts);
    a->insts[0] = i;
    a->n++;
    a->costly |= kind == 2;
  }
}

/* Moves the arm's instructions to the end of `to`. */
static void move_arm(LLVMBuilderRef b, const struct arm *a,
                     LLVMBasicBlockRef to) {
  LLVMPositionBuilderAtEnd(b, to);
  for (unsigned i = 0; i < a->n; i++) {
    LLVMInstructionRemoveFromParent(a->insts[i]);
    LLVMInsertIntoBuilder(b, a->insts[i]);
  }
}

/* Whether every terminator of `f` is one whose successors can be set. */
static int plain_branches(LLVMValueRef f) {
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(f); bb != NULL;
       bb = LLVMGetNextBasicBlock(bb)) {
    LLVMValueRef t = LLVMGetBasicBlockTerminator(bb);
    if (t == NULL || !(LLVMIsABranchInst(t) || LLVMIsASwitchInst(t) ||
                       LLVMIsAReturnInst(t) || LLVMIsAUnreachableInst(t)))
      return 0;
  }
  return 1;
}

static void branch(LLVMModuleRef m, LLVMValueRef f, LLVMValueRef sel,
                   const struct arm *t, const struct arm *e) {
  LLVMContextRef ctx = LLVMGetModuleContext(m);
  LLVMBuilderRef b = LLVMCreateBuilderInContext(ctx);
  LLVMBasicBlockRef blk = LLVMGetInstructionParent(sel);
  LLVMBasicBlockRef head = LLVMInsertBasicBlockInContext(ctx, blk, "sel.head");
  /* B's predecessors (B itself, if it loops) branch to B0. */
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(f); bb != NULL;
       bb = LLVMGetNextBasicBlock(bb)) {
    LLVMValueRef term = LLVMGetBasicBlockTerminator(bb);
    for (unsigned k = 0; bb != head && k < LLVMGetNumSuccessors(term); k++)
      if (LLVMGetSuccessor(term, k) == blk)
        LLVMSetSuccessor(term, k, head);
  }
  /* B0: what comes before the select, but the arms. */
  LLVMPositionBuilderAtEnd(b, head);
  LLVMValueRef next;
  for (LLVMValueRef i = LLVMGetFirstInstruction(blk); i != sel; i = next) {
    next = LLVMGetNextInstruction(i);
    if (in_arm(t, i) || in_arm(e, i))
      continue;
    LLVMInstructionRemoveFromParent(i);
    LLVMInsertIntoBuilder(b, i);
  }
  LLVMBasicBlockRef tb = head, eb = head;
  if (t->n > 0) {
    tb = LLVMInsertBasicBlockInContext(ctx, blk, "sel.true");
    move_arm(b, t, tb);
    LLVMBuildBr(b, blk);
  }
  if (e->n > 0) {
    eb = LLVMInsertBasicBlockInContext(ctx, blk, "sel.false");
    move_arm(b, e, eb);
    LLVMBuildBr(b, blk);
  }
  LLVMPositionBuilderAtEnd(b, head);
  LLVMBuildCondBr(b, LLVMGetOperand(sel, 0), t->n > 0 ? tb : blk,
                  e->n > 0 ? eb : blk);
  /* B: the phi for the select. */
  LLVMPositionBuilderBefore(b, LLVMGetFirstInstruction(blk));
  LLVMValueRef phi = LLVMBuildPhi(b, LLVMTypeOf(sel), "");
  LLVMValueRef vals[2] = {LLVMGetOperand(sel, 1), LLVMGetOperand(sel, 2)};
  LLVMBasicBlockRef from[2] = {tb, eb};
  LLVMAddIncoming(phi, vals, from, 2);
  LLVMReplaceAllUsesWith(sel, phi);
  LLVMInstructionEraseFromParent(sel);
  LLVMDisposeBuilder(b);
}

/* The first select of `bb` that becomes a branch, or NULL. */
static LLVMValueRef find_select(LLVMModuleRef m, LLVMBasicBlockRef bb,
                                struct arm *t, struct arm *e) {
  for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i != NULL;
       i = LLVMGetNextInstruction(i)) {
    if (LLVMGetInstructionOpcode(i) != LLVMSelect)
      continue;
    LLVMValueRef c = LLVMGetOperand(i, 0);
    if (LLVMGetTypeKind(LLVMTypeOf(c)) != LLVMIntegerTypeKind ||
        LLVMIsAConstant(c) || !hipc__nvptx_uniform(m, c))
      continue;
    find_arm(i, 1, t);
    find_arm(i, 2, e);
    if (t->costly || e->costly)
      return i;
  }
  return NULL;
}

unsigned hipc__nvptx_select_branches(LLVMModuleRef m) {
  if (hipc__util_switched_off("HIPC_NVPTX_SELECT"))
    return 0;
  unsigned done = 0;
  struct arm *t = malloc(sizeof *t), *e = malloc(sizeof *e);
  for (LLVMValueRef f = LLVMGetFirstFunction(m); f != NULL;
       f = LLVMGetNextFunction(f)) {
    if (LLVMCountBasicBlocks(f) == 0 || !plain_branches(f))
      continue;
    /* A block again after each change: the select's block keeps what
     * follows it, which may hold another. */
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(f); bb != NULL;
         bb = LLVMGetNextBasicBlock(bb)) {
      LLVMValueRef sel;
      while ((sel = find_select(m, bb, t, e)) != NULL) {
        branch(m, f, sel, t, e);
        done++;
      }
    }
  }
  free(t);
  free(e);
  return done;
}
