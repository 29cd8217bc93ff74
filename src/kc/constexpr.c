/* Constant expressions that use a global, turned into instructions. Globals
 * that become per-block or per-thread values (__shared__ variables, the
 * slots of __managed__ ones) can only be replaced where each use is an
 * instruction's operand; clang writes most uses as constant expressions
 * (`getelementptr (... addrspacecast (ptr addrspace(3) @s to ptr) ...)`).
 * The C API has no convertConstantExprsToInstructions, hence this file. */
#include <stdlib.h>

#include "kc/kc.h"

struct targets {
  LLVMValueRef* g;
  unsigned n;
};

static int is_target(const struct targets* t, LLVMValueRef v) {
  for (unsigned i = 0; i < t->n; i++)
    if (t->g[i] == v) return 1;
  return 0;
}

/* Whether the constant `v` is, or is built from, one of the targets. */
static int uses_target(const struct targets* t, LLVMValueRef v, int depth) {
  if (is_target(t, v)) return 1;
  if (depth > 64 || LLVMIsAGlobalValue(v)) return 0;
  if (!LLVMIsAConstantExpr(v) && !LLVMIsAConstantStruct(v) &&
      !LLVMIsAConstantArray(v) && !LLVMIsAConstantVector(v))
    return 0;
  int n = LLVMGetNumOperands(v);
  for (int i = 0; i < n; i++)
    if (uses_target(t, LLVMGetOperand(v, (unsigned)i), depth + 1)) return 1;
  return 0;
}

/* The instruction that computes `ce` from the operands `ops`. */
static LLVMValueRef build(struct kc_ctx* c, LLVMBuilderRef b, LLVMValueRef ce,
                          LLVMValueRef* ops, unsigned n, LLVMValueRef user) {
  LLVMOpcode op = LLVMGetConstOpcode(ce);
  switch (op) {
    case LLVMGetElementPtr: {
      LLVMTypeRef src = LLVMGetGEPSourceElementType(ce);
      return LLVMIsInBounds(ce)
                 ? LLVMBuildInBoundsGEP2(b, src, ops[0], ops + 1, n - 1, "")
                 : LLVMBuildGEP2(b, src, ops[0], ops + 1, n - 1, "");
    }
    case LLVMAddrSpaceCast:
    case LLVMBitCast:
    case LLVMPtrToInt:
    case LLVMIntToPtr:
    case LLVMTrunc:
      return LLVMBuildCast(b, op, ops[0], LLVMTypeOf(ce), "");
    case LLVMAdd:
    case LLVMSub:
    case LLVMMul:
    case LLVMShl:
    case LLVMXor:
      return LLVMBuildBinOp(b, op, ops[0], ops[1], "");
    default:
      hipc__diag_fail(c, user,
                      "unsupported constant expression (opcode %d) using a "
                      "__shared__ or __managed__ variable",
                      (int)op);
  }
}

/* The instructions that compute the constant expression `ce`, built where
 * `b` stands. Operands that use a target are expanded first. */
static LLVMValueRef materialize(struct kc_ctx* c, const struct targets* t,
                                LLVMBuilderRef b, LLVMValueRef ce,
                                LLVMValueRef user) {
  if (!LLVMIsAConstantExpr(ce) || !uses_target(t, ce, 0)) return ce;
  unsigned n = (unsigned)LLVMGetNumOperands(ce);
  LLVMValueRef ops[16];
  if (n > 16)
    hipc__diag_fail(c, user, "unsupported constant expression (%u operands)",
                    n);
  for (unsigned i = 0; i < n; i++)
    ops[i] = materialize(c, t, b, LLVMGetOperand(ce, i), user);
  /* IRBuilder folds an operation on constants back into a constant: a
   * frozen copy of the first operand stands in while the instruction is
   * built, then the operand is put back. */
  LLVMValueRef stand_in = NULL;
  int all_const = 1;
  for (unsigned i = 0; i < n; i++)
    if (!LLVMIsConstant(ops[i])) all_const = 0;
  if (all_const) {
    stand_in = LLVMBuildFreeze(b, ops[0], "");
    ops[0] = stand_in;
  }
  LLVMValueRef r = build(c, b, ce, ops, n, user);
  if (stand_in) {
    LLVMSetOperand(r, 0, LLVMGetOperand(stand_in, 0));
    LLVMInstructionEraseFromParent(stand_in);
  }
  return r;
}

/* Whether a constant still matters: some chain of users ends in an
 * instruction or a global's initialiser. Dead constant expressions linger
 * in LLVM's uniquing tables after their last instruction user is gone. */
static int live_constant(LLVMValueRef v, int depth) {
  if (depth > 64) return 1;
  for (LLVMUseRef u = LLVMGetFirstUse(v); u; u = LLVMGetNextUse(u)) {
    LLVMValueRef user = LLVMGetUser(u);
    if (LLVMIsAInstruction(user) || LLVMIsAGlobalValue(user)) return 1;
    if (live_constant(user, depth + 1)) return 1;
  }
  return 0;
}

void hipc__constexpr_expand(struct kc_ctx* c, LLVMValueRef* globals,
                            unsigned n) {
  struct targets t = {globals, n};
  LLVMBuilderRef b = LLVMCreateBuilderInContext(c->llctx);
  for (LLVMValueRef f = LLVMGetFirstFunction(c->mod); f;
       f = LLVMGetNextFunction(f))
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(f); bb;
         bb = LLVMGetNextBasicBlock(bb))
      for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i;
           i = LLVMGetNextInstruction(i)) {
        int nops = LLVMGetNumOperands(i);
        for (int k = 0; k < nops; k++) {
          LLVMValueRef op = LLVMGetOperand(i, (unsigned)k);
          if (!op || is_target(&t, op) || !uses_target(&t, op, 0)) continue;
          if (!LLVMIsAConstantExpr(op))
            hipc__diag_fail(c, i,
                            "unsupported constant aggregate holding a "
                            "__shared__ or __managed__ variable's address");
          /* A PHI's operand is computed at the end of its incoming block. */
          if (LLVMIsAPHINode(i))
            LLVMPositionBuilderBefore(
                b, LLVMGetBasicBlockTerminator(
                       LLVMGetIncomingBlock(i, (unsigned)k)));
          else
            LLVMPositionBuilderBefore(b, i);
          LLVMValueRef v = materialize(c, &t, b, op, i);
          LLVMSetOperand(i, (unsigned)k, v);
          /* A PHI names each predecessor with one value, however many
           * edges come from it. */
          if (LLVMIsAPHINode(i))
            for (int j = k + 1; j < nops; j++)
              if (LLVMGetOperand(i, (unsigned)j) == op &&
                  LLVMGetIncomingBlock(i, (unsigned)j) ==
                      LLVMGetIncomingBlock(i, (unsigned)k))
                LLVMSetOperand(i, (unsigned)j, v);
        }
      }
  LLVMDisposeBuilder(b);
  /* What is left must be uses by other constants: globals' initialisers. */
  for (unsigned g = 0; g < n; g++)
    for (LLVMUseRef u = LLVMGetFirstUse(globals[g]); u; u = LLVMGetNextUse(u)) {
      LLVMValueRef user = LLVMGetUser(u);
      if (LLVMIsAInstruction(user)) continue;
      if (!LLVMIsAGlobalValue(user) && !live_constant(user, 0)) continue;
      hipc__diag_fatal("%s: the address of %s is used in a global's "
                       "initialiser: unsupported on the CPU device",
                       c->in_path, hipc__util_name(globals[g]));
    }
}

/* addrspacecast(addrspacecast(x)) of x's own type is x: after globals
 * move to address space 0, clang's casts to the generic space pair up
 * with the casts kc makes back to the variable's space. */
void hipc__constexpr_fold_casts(struct kc_ctx* c) {
  for (LLVMValueRef f = LLVMGetFirstFunction(c->mod); f;
       f = LLVMGetNextFunction(f))
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(f); bb;
         bb = LLVMGetNextBasicBlock(bb)) {
      LLVMValueRef i = LLVMGetFirstInstruction(bb);
      while (i) {
        LLVMValueRef next = LLVMGetNextInstruction(i);
        if (LLVMGetInstructionOpcode(i) == LLVMAddrSpaceCast) {
          LLVMValueRef src = LLVMGetOperand(i, 0);
          int is_cast = (LLVMIsAInstruction(src) &&
                         LLVMGetInstructionOpcode(src) == LLVMAddrSpaceCast) ||
                        (LLVMIsAConstantExpr(src) &&
                         LLVMGetConstOpcode(src) == LLVMAddrSpaceCast);
          if (is_cast) {
            LLVMValueRef orig = LLVMGetOperand(src, 0);
            if (LLVMTypeOf(orig) == LLVMTypeOf(i)) {
              LLVMReplaceAllUsesWith(i, orig);
              LLVMInstructionEraseFromParent(i);
              if (LLVMIsAInstruction(src) && !LLVMGetFirstUse(src))
                LLVMInstructionEraseFromParent(src);
            }
          }
        }
        i = next;
      }
    }
}
