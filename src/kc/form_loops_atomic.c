/* kc's region form: atomics on __shared__ memory become plain code. K.run
 * runs a whole block on one worker, one thread after the other, and no
 * other worker touches the block's shared segment (a cooperative launch
 * gives each block its own), so a read-modify-write there needs no atomic
 * instruction: a load, the operation and a store, which the vectoriser can
 * turn into a reduction (a shared counter) and which cost far less than a
 * locked instruction in every case. Only where the pointer provably points
 * into shared memory: derived by address arithmetic and casts from an
 * addrspace(3) global of the IR (before kc lowers those globals). The fiber
 * form keeps its atomics (threads of other blocks never share them either,
 * but nothing is gained there). */
#include <string.h>

#include "form_loops.h"

/* 1 when pointer `p` is derived from a __shared__ variable. */
static int into_shared(LLVMValueRef p) {
  for (unsigned depth = 0; depth < 64; depth++) {
    if (LLVMGetPointerAddressSpace(LLVMTypeOf(p)) == 3) return 1;
    if (LLVMIsAGlobalVariable(p)) return 0;
    if (LLVMIsAGetElementPtrInst(p) || LLVMIsABitCastInst(p) ||
        LLVMIsAAddrSpaceCastInst(p)) {
      p = LLVMGetOperand(p, 0);
      continue;
    }
    if (LLVMIsAConstantExpr(p)) {
      LLVMOpcode op = LLVMGetConstOpcode(p);
      if (op == LLVMGetElementPtr || op == LLVMBitCast ||
          op == LLVMAddrSpaceCast) {
        p = LLVMGetOperand(p, 0);
        continue;
      }
    }
    return 0;
  }
  return 0;
}

static int starts(const char* s, const char* p) {
  return strncmp(s, p, strlen(p)) == 0;
}

int hipc__atomics_rmw_op(const char* suffix, LLVMAtomicRMWBinOp* op) {
  static const struct {
    const char* prefix;
    LLVMAtomicRMWBinOp op;
  } ops[] = {
      {"add.gen.i.", LLVMAtomicRMWBinOpAdd},
      {"add.gen.f.", LLVMAtomicRMWBinOpFAdd},
      {"exch.gen.i.", LLVMAtomicRMWBinOpXchg},
      {"max.gen.i.", LLVMAtomicRMWBinOpMax},
      {"min.gen.i.", LLVMAtomicRMWBinOpMin},
      {"and.gen.i.", LLVMAtomicRMWBinOpAnd},
      {"or.gen.i.", LLVMAtomicRMWBinOpOr},
      {"xor.gen.i.", LLVMAtomicRMWBinOpXor},
  };
  for (size_t i = 0; i < sizeof ops / sizeof *ops; i++)
    if (starts(suffix, ops[i].prefix)) {
      *op = ops[i].op;
      return 1;
    }
  return 0;
}

/* The read-modify-write of `u` (atomicrmw, or an nvvm atomic intrinsic) as
 * an atomicrmw operation; 0 for none that is done here. */
static int rmw_op(LLVMValueRef u, LLVMAtomicRMWBinOp* op) {
  if (LLVMIsAAtomicRMWInst(u)) {
    if (LLVMGetVolatile(u)) return 0;
    *op = LLVMGetAtomicRMWBinOp(u);
    return 1;
  }
  if (!LLVMIsACallInst(u) || !LLVMIsAFunction(LLVMGetCalledValue(u)))
    return 0;
  size_t len;
  const char* n = LLVMGetValueName2(LLVMGetCalledValue(u), &len);
  if (!starts(n, "llvm.nvvm.atomic.")) return 0;
  n += strlen("llvm.nvvm.atomic.");
  /* As kc's lowering reads them (atomics.c). */
  if (hipc__atomics_rmw_op(n, op)) return 1;
  return 0;
}

static LLVMValueRef apply(LLVMBuilderRef b, LLVMAtomicRMWBinOp op,
                          LLVMValueRef old, LLVMValueRef v) {
  switch (op) {
    case LLVMAtomicRMWBinOpXchg: return v;
    case LLVMAtomicRMWBinOpAdd: return LLVMBuildAdd(b, old, v, "");
    case LLVMAtomicRMWBinOpSub: return LLVMBuildSub(b, old, v, "");
    case LLVMAtomicRMWBinOpAnd: return LLVMBuildAnd(b, old, v, "");
    case LLVMAtomicRMWBinOpOr: return LLVMBuildOr(b, old, v, "");
    case LLVMAtomicRMWBinOpXor: return LLVMBuildXor(b, old, v, "");
    case LLVMAtomicRMWBinOpMax:
      return LLVMBuildSelect(b, LLVMBuildICmp(b, LLVMIntSGT, old, v, ""), old,
                             v, "");
    case LLVMAtomicRMWBinOpMin:
      return LLVMBuildSelect(b, LLVMBuildICmp(b, LLVMIntSLT, old, v, ""), old,
                             v, "");
    case LLVMAtomicRMWBinOpUMax:
      return LLVMBuildSelect(b, LLVMBuildICmp(b, LLVMIntUGT, old, v, ""), old,
                             v, "");
    case LLVMAtomicRMWBinOpUMin:
      return LLVMBuildSelect(b, LLVMBuildICmp(b, LLVMIntULT, old, v, ""), old,
                             v, "");
    case LLVMAtomicRMWBinOpFAdd: return LLVMBuildFAdd(b, old, v, "");
    case LLVMAtomicRMWBinOpFSub: return LLVMBuildFSub(b, old, v, "");
    default: return NULL; /* nand, fmax/fmin, wrapping inc/dec: kept */
  }
}

LLVMValueRef hipc__form_loops_plain_atomic(struct fl_state* s, LLVMValueRef u,
                                           LLVMValueRef* ops) {
  LLVMBuilderRef b = s->e->b;
  LLVMAtomicRMWBinOp op;
  if (rmw_op(u, &op)) {
    if (!into_shared(LLVMGetOperand(u, 0))) return NULL;
    LLVMTypeRef ty = LLVMTypeOf(u);
    /* Decide before emitting anything: apply() on a scratch builder would
     * leave code behind, so check the kinds it takes. */
    switch (op) {
      case LLVMAtomicRMWBinOpXchg: case LLVMAtomicRMWBinOpAdd:
      case LLVMAtomicRMWBinOpSub: case LLVMAtomicRMWBinOpAnd:
      case LLVMAtomicRMWBinOpOr: case LLVMAtomicRMWBinOpXor:
      case LLVMAtomicRMWBinOpMax: case LLVMAtomicRMWBinOpMin:
      case LLVMAtomicRMWBinOpUMax: case LLVMAtomicRMWBinOpUMin:
        if (LLVMGetTypeKind(ty) != LLVMIntegerTypeKind &&
            op != LLVMAtomicRMWBinOpXchg)
          return NULL;
        break;
      case LLVMAtomicRMWBinOpFAdd: case LLVMAtomicRMWBinOpFSub:
        break;
      default:
        return NULL;
    }
    LLVMValueRef old = LLVMBuildLoad2(b, ty, ops[0], "");
    LLVMValueRef nv = apply(b, op, old, ops[1]);
    LLVMBuildStore(b, nv, ops[0]);
    return old;
  }
  if (LLVMIsAAtomicCmpXchgInst(u)) {
    if (LLVMGetVolatile(u) || !into_shared(LLVMGetOperand(u, 0))) return NULL;
    LLVMValueRef cmp = ops[1], nv = ops[2];
    if (LLVMGetTypeKind(LLVMTypeOf(cmp)) != LLVMIntegerTypeKind) return NULL;
    LLVMValueRef old = LLVMBuildLoad2(b, LLVMTypeOf(cmp), ops[0], "");
    LLVMValueRef eq = LLVMBuildICmp(b, LLVMIntEQ, old, cmp, "");
    LLVMBuildStore(b, LLVMBuildSelect(b, eq, nv, old, ""), ops[0]);
    LLVMValueRef r = LLVMGetUndef(LLVMTypeOf(u));
    r = LLVMBuildInsertValue(b, r, old, 0, "");
    return LLVMBuildInsertValue(b, r, eq, 1, "");
  }
  return NULL;
}
