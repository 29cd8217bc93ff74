/* The GPU pass's addresses of constant arrays in loops as pointer steps,
 * nvcc's form (docs/nvidia.md, "The device pass").
 *
 * In a loop over `__constant__ int table[N]`, LLVM's GEP `table[j + k]`
 * becomes `mul.wide.u32 %rd, %r_j, 4; add.s64 %rd, table, %rd` in the PTX
 * and loads `[%rd + 4k]`, LLVM's loop strength reduction being off in the
 * GPU pass (it recomputed HeCBench contract's unrolled addresses). nvcc's
 * PTX steps a 64-bit pointer instead (`add.s64 %rd, %rd, 512`). ptxas
 * unrolls both, but only in nvcc's form do the addresses become constants
 * after its unrolling: HeCBench cmembench's kernels, loops of constant
 * loads, ran at 1.38/0.63/0.58 ms against nvcc's 0.35/0.42/0.28 with LDC
 * through registers where nvcc's use the uniform datapath's ULDC of
 * constant offsets; their cubins' `.text` equal nvcc's in size with the
 * pointer steps.
 *
 * In a loop of one block that runs a constant count, for a header phi P stepped by a constant S
 * (`add P, S`), each GEP `gep T, G, ext(X)` of a constant base G (a
 * global, or an expression of one, not in shared or local memory) with X = P or P + C (`add` or `or
 * disjoint`, C a constant) becomes `gep i8, Q, C * size(T)`, Q a new phi
 * of G + ext(P) * size(T) stepped by S * size(T). That is exact where
 * ext(P + C) = ext(P) + C and ext(P + S) = ext(P) + S for every value the
 * original computes without poison: `zext` with `nuw` on both sums (an
 * `or disjoint` cannot carry), or `sext` (or `zext nneg`, which equals it
 * where not poison) with `nsw` on both; an index of 64 bits always (the
 * address is computed modulo 2^64 too). A GEP that the flags make poison
 * may take any value. HIPC_NVPTX_PSTEP=0 leaves the loops as they are.
 */
#include <stdlib.h>
#include <string.h>

#include <llvm-c/Target.h>

#include "kc/kc.h"
#include "kc/nvptx_ir.h"

/* How an index extends to the GEP's 64 bits: zero- or sign-extended, or
 * 64 bits already (sums modulo 2^64, as the address's). */
enum { ZEXT = 1, SEXT = 2, WIDE = 4 };

/* X's offset from `p` as *c and the modes in which the sum is exact; 0
 * when X is neither P nor P + C. */
static unsigned offset_of(LLVMValueRef x, LLVMValueRef p, LLVMValueRef *c) {
  *c = NULL;
  if (x == p)
    return ZEXT | SEXT | WIDE;
  if (!LLVMIsAInstruction(x) || LLVMGetOperand(x, 0) != p ||
      !LLVMIsAConstantInt(LLVMGetOperand(x, 1)))
    return 0;
  *c = LLVMGetOperand(x, 1);
  switch (LLVMGetInstructionOpcode(x)) {
  case LLVMOr:
    return LLVMGetIsDisjoint(x) ? ZEXT | SEXT | WIDE : 0;
  case LLVMAdd:
    return (LLVMGetNUW(x) ? ZEXT : 0) | (LLVMGetNSW(x) ? SEXT : 0) | WIDE;
  default:
    return 0;
  }
}

/* The modes in which `index` (a GEP's) extends exactly, *x the value it
 * extends or itself; 0 when it is not a 64-bit integer. */
static unsigned ext_modes(LLVMValueRef index, LLVMValueRef *x) {
  LLVMTypeRef t = LLVMTypeOf(index);
  if (!LLVMIsAInstruction(index) || LLVMGetTypeKind(t) != LLVMIntegerTypeKind ||
      LLVMGetIntTypeWidth(t) != 64)
    return 0;
  *x = index;
  switch (LLVMGetInstructionOpcode(index)) {
  case LLVMZExt:
    *x = LLVMGetOperand(index, 0);
    return ZEXT | (LLVMGetNNeg(index) ? SEXT : 0);
  case LLVMSExt:
    *x = LLVMGetOperand(index, 0);
    return SEXT;
  default:
    return WIDE;
  }
}

/* The size of the elements a GEP of `base` steps over and its index, for
 * `gep T, G, i` and `gep [N x T], G, 0, i`; 0 otherwise. */
static unsigned long long element(LLVMTargetDataRef td, LLVMValueRef gep,
                                  LLVMValueRef *index) {
  LLVMTypeRef t = LLVMGetGEPSourceElementType(gep);
  unsigned n = LLVMGetNumIndices(gep);
  if (n == 2) {
    LLVMValueRef z = LLVMGetOperand(gep, 1);
    if (LLVMGetTypeKind(t) != LLVMArrayTypeKind ||
        !LLVMIsAConstantInt(z) || LLVMConstIntGetZExtValue(z) != 0)
      return 0;
    t = LLVMGetElementType(t);
  } else if (n != 1) {
    return 0;
  }
  if (!LLVMTypeIsSized(t))
    return 0;
  *index = LLVMGetOperand(gep, n);
  return LLVMABISizeOfType(td, t);
}

/* Whether `base` is a global outside shared and local memory (NVPTX's
 * address spaces 3 and 5: nvcc addresses shared memory in 32 bits), or an
 * expression of one. */
static int constant_base(LLVMValueRef base) {
  while (LLVMIsAConstantExpr(base)) {
    LLVMOpcode op = LLVMGetConstOpcode(base);
    if (op != LLVMAddrSpaceCast && op != LLVMGetElementPtr &&
        op != LLVMBitCast)
      return 0;
    base = LLVMGetOperand(base, 0);
  }
  if (!LLVMIsAGlobalVariable(base))
    return 0;
  unsigned as = LLVMGetPointerAddressSpace(LLVMTypeOf(base));
  return as != 3 && as != 5;
}

/* A pointer step made for one phi, base, element size and mode. */
struct step {
  LLVMValueRef p, base, q;
  unsigned long long size;
  unsigned mode;
};

struct loop {
  LLVMBasicBlockRef b, pre; /* the loop's block and its one entry */
  LLVMValueRef br;
  LLVMTargetDataRef td;
  LLVMTypeRef i8, i64;
  struct step *steps;
  unsigned n_steps, cap;
};

static LLVMValueRef i64_of(struct loop *l, LLVMValueRef c, unsigned mode,
                           unsigned long long size) {
  long long v = mode == SEXT ? LLVMConstIntGetSExtValue(c)
                             : (long long)LLVMConstIntGetZExtValue(c);
  return LLVMConstInt(l->i64, (unsigned long long)v * size, 0);
}

/* Gives the loop an entry block of its own where its entry also branches
 * elsewhere (a loop after a loop: the back end would otherwise copy the
 * second loop's start values in the first one's body, every trip, and
 * ptxas then does not unroll the second). The C API cannot change a phi's
 * incoming block: the loop's phis are made anew. */
static void own_preheader(struct loop *l) {
  LLVMValueRef t = LLVMGetBasicBlockTerminator(l->pre);
  if (LLVMGetNumSuccessors(t) == 1)
    return;
  LLVMContextRef ctx = LLVMGetTypeContext(l->i8);
  LLVMBuilderRef bld = LLVMCreateBuilderInContext(ctx);
  LLVMBasicBlockRef e =
      LLVMInsertBasicBlockInContext(ctx, l->b, "pstep.preheader");
  LLVMPositionBuilderAtEnd(bld, e);
  LLVMBuildBr(bld, l->b);
  for (unsigned i = 0; i < LLVMGetNumSuccessors(t); i++)
    if (LLVMGetSuccessor(t, i) == l->b)
      LLVMSetSuccessor(t, i, e);
  LLVMValueRef next;
  for (LLVMValueRef p = LLVMGetFirstInstruction(l->b);
       p != NULL && LLVMIsAPHINode(p); p = next) {
    next = LLVMGetNextInstruction(p);
    LLVMPositionBuilderBefore(bld, p);
    size_t len;
    const char *name = LLVMGetValueName2(p, &len);
    char *copy = malloc(len + 1);
    memcpy(copy, name, len);
    copy[len] = 0;
    LLVMValueRef q = LLVMBuildPhi(bld, LLVMTypeOf(p), "");
    for (unsigned i = 0; i < LLVMCountIncoming(p); i++) {
      LLVMValueRef v = LLVMGetIncomingValue(p, i);
      LLVMBasicBlockRef from = LLVMGetIncomingBlock(p, i);
      if (from == l->pre)
        from = e;
      LLVMAddIncoming(q, &v, &from, 1);
    }
    LLVMReplaceAllUsesWith(p, q);
    LLVMInstructionEraseFromParent(p);
    LLVMSetValueName2(q, copy, len);
    free(copy);
  }
  LLVMDisposeBuilder(bld);
  l->pre = e;
}

/* Whether block `b` has a GEP of a constant base, which the loop's
 * rewrite needs. */
static int has_constant_gep(LLVMBasicBlockRef b) {
  for (LLVMValueRef i = LLVMGetFirstInstruction(b); i != NULL;
       i = LLVMGetNextInstruction(i))
    if (LLVMIsAGetElementPtrInst(i) && constant_base(LLVMGetOperand(i, 0)))
      return 1;
  return 0;
}

/* The pointer phi for (p, base, size, mode), made on first use. */
static LLVMValueRef pointer(struct loop *l, LLVMValueRef p, LLVMValueRef s,
                            LLVMValueRef base, unsigned long long size,
                            unsigned mode) {
  for (unsigned i = 0; i < l->n_steps; i++) {
    struct step *t = &l->steps[i];
    if (t->p == p && t->base == base && t->size == size && t->mode == mode)
      return t->q;
  }
  LLVMBuilderRef bld = LLVMCreateBuilderInContext(LLVMGetTypeContext(l->i8));
  LLVMValueRef start = hipc__nvptx_incoming(p, l->pre);
  LLVMPositionBuilderBefore(bld, LLVMGetBasicBlockTerminator(l->pre));
  LLVMValueRef wide = mode == ZEXT   ? LLVMBuildZExt(bld, start, l->i64, "")
                      : mode == SEXT ? LLVMBuildSExt(bld, start, l->i64, "")
                                     : start;
  LLVMValueRef off =
      LLVMBuildMul(bld, wide, LLVMConstInt(l->i64, size, 0), "pstep.off");
  LLVMValueRef q0 = LLVMBuildGEP2(bld, l->i8, base, &off, 1, "pstep.start");
  LLVMPositionBuilderBefore(bld, LLVMGetFirstInstruction(l->b));
  LLVMValueRef q = LLVMBuildPhi(bld, LLVMTypeOf(base), "pstep");
  LLVMPositionBuilderBefore(bld, l->br);
  LLVMValueRef by = i64_of(l, s, mode, size);
  LLVMValueRef qn = LLVMBuildGEP2(bld, l->i8, q, &by, 1, "pstep.next");
  LLVMValueRef vals[2] = {q0, qn};
  LLVMBasicBlockRef from[2] = {l->pre, l->b};
  LLVMAddIncoming(q, vals, from, 2);
  LLVMDisposeBuilder(bld);
  if (l->n_steps == l->cap) {
    l->cap = l->cap ? 2 * l->cap : 4;
    l->steps = realloc(l->steps, l->cap * sizeof *l->steps);
  }
  l->steps[l->n_steps++] = (struct step){p, base, q, size, mode};
  return q;
}

/* Erases `v` and the instructions only it used, where nothing else does. */
static void erase_dead(LLVMValueRef v) {
  while (v != NULL && LLVMIsAInstruction(v) && !LLVMIsAPHINode(v) &&
         LLVMGetFirstUse(v) == NULL) {
    LLVMValueRef op = LLVMGetNumOperands(v) > 0 ? LLVMGetOperand(v, 0) : NULL;
    LLVMValueRef idx = LLVMIsAGetElementPtrInst(v)
                           ? LLVMGetOperand(v, LLVMGetNumIndices(v))
                           : NULL;
    LLVMInstructionEraseFromParent(v);
    v = idx != NULL ? idx : op;
  }
}

/* Rewrites `gep` where it has the shape the header's comment names;
 * returns 1 when it did. */
static int rewrite_gep(struct loop *l, LLVMValueRef gep) {
  LLVMValueRef base = LLVMGetOperand(gep, 0);
  if (!constant_base(base))
    return 0;
  LLVMValueRef index, x, c;
  unsigned long long size = element(l->td, gep, &index);
  unsigned modes = size ? ext_modes(index, &x) : 0;
  if (!modes || !LLVMIsAInstruction(x) || LLVMGetNumOperands(x) == 0)
    return 0;
  LLVMValueRef p = LLVMIsAPHINode(x) ? x : LLVMGetOperand(x, 0);
  if (!LLVMIsAPHINode(p) || LLVMGetInstructionParent(p) != l->b ||
      LLVMCountIncoming(p) != 2 || hipc__nvptx_incoming(p, l->pre) == NULL)
    return 0;
  LLVMValueRef n = hipc__nvptx_incoming(p, l->b);
  if (n == NULL || !LLVMIsAInstruction(n) ||
      LLVMGetInstructionOpcode(n) != LLVMAdd || LLVMGetOperand(n, 0) != p ||
      !LLVMIsAConstantInt(LLVMGetOperand(n, 1)))
    return 0;
  modes &= offset_of(x, p, &c);
  modes &= (LLVMGetNUW(n) ? ZEXT : 0) | (LLVMGetNSW(n) ? SEXT : 0) | WIDE;
  if (!modes)
    return 0;
  unsigned mode = modes & WIDE ? WIDE : modes & ZEXT ? ZEXT : SEXT;
  LLVMValueRef q = pointer(l, p, LLVMGetOperand(n, 1), base, size, mode);
  LLVMBuilderRef bld = LLVMCreateBuilderInContext(LLVMGetTypeContext(l->i8));
  LLVMPositionBuilderBefore(bld, gep);
  LLVMValueRef off = c != NULL ? i64_of(l, c, mode, size)
                               : LLVMConstInt(l->i64, 0, 0);
  LLVMValueRef v = LLVMBuildGEP2(bld, l->i8, q, &off, 1, "pstep.at");
  LLVMDisposeBuilder(bld);
  LLVMReplaceAllUsesWith(gep, v);
  erase_dead(gep);
  return 1;
}

/* The loop's one entry when `b` is a loop of one block entered from one
 * other block; NULL otherwise. */
static LLVMBasicBlockRef self_loop(LLVMBasicBlockRef b, LLVMValueRef *br) {
  *br = LLVMGetBasicBlockTerminator(b);
  if (*br == NULL || !LLVMIsABranchInst(*br) || !LLVMIsConditional(*br) ||
      (LLVMGetSuccessor(*br, 0) != b && LLVMGetSuccessor(*br, 1) != b))
    return NULL;
  LLVMBasicBlockRef pre = NULL;
  for (LLVMUseRef u = LLVMGetFirstUse(LLVMBasicBlockAsValue(b)); u != NULL;
       u = LLVMGetNextUse(u)) {
    LLVMValueRef t = LLVMGetUser(u);
    if (!LLVMIsATerminatorInst(t))
      continue;
    LLVMBasicBlockRef from = LLVMGetInstructionParent(t);
    if (from == b)
      continue;
    if (pre != NULL && pre != from)
      return NULL;
    pre = from;
  }
  return pre;
}

/* Whether the loop of block `b` runs a count known at compile time: it
 * branches on a constant comparison of a counter of `b` that starts at a
 * constant (P or P + K for a phi P). Only such loops does ptxas unroll
 * entirely, every address becoming a constant: in a loop of run-time
 * count (HeCBench fhd's over its constant array of samples) the pointer
 * step made the kernel 26% slower (0.284 s against 0.224). */
static int counted(LLVMBasicBlockRef b, LLVMValueRef br,
                   LLVMBasicBlockRef pre) {
  LLVMValueRef cmp = LLVMGetCondition(br);
  if (!LLVMIsAICmpInst(cmp) || !LLVMIsAConstantInt(LLVMGetOperand(cmp, 1)))
    return 0;
  LLVMValueRef x = LLVMGetOperand(cmp, 0);
  if (!LLVMIsAInstruction(x))
    return 0;
  if (!LLVMIsAPHINode(x)) {
    LLVMOpcode op = LLVMGetInstructionOpcode(x);
    if ((op != LLVMAdd && op != LLVMOr) ||
        !LLVMIsAConstantInt(LLVMGetOperand(x, 1)))
      return 0;
    x = LLVMGetOperand(x, 0);
  }
  if (!LLVMIsAPHINode(x) || LLVMGetInstructionParent(x) != b)
    return 0;
  LLVMValueRef start = hipc__nvptx_incoming(x, pre);
  return start != NULL && LLVMIsAConstantInt(start);
}

unsigned hipc__nvptx_pointer_steps(LLVMModuleRef m) {
  if (hipc__util_switched_off("HIPC_NVPTX_PSTEP"))
    return 0;
  LLVMContextRef ctx = LLVMGetModuleContext(m);
  struct loop l = {.td = LLVMGetModuleDataLayout(m),
                   .i8 = LLVMInt8TypeInContext(ctx),
                   .i64 = LLVMInt64TypeInContext(ctx)};
  unsigned n = 0;
  for (LLVMValueRef f = LLVMGetFirstFunction(m); f != NULL;
       f = LLVMGetNextFunction(f)) {
    for (l.b = LLVMGetFirstBasicBlock(f); l.b != NULL;
         l.b = LLVMGetNextBasicBlock(l.b)) {
      l.pre = self_loop(l.b, &l.br);
      if (l.pre == NULL)
        continue;
      if (!counted(l.b, l.br, l.pre) || !has_constant_gep(l.b))
        continue;
      own_preheader(&l);
      l.n_steps = 0;
      LLVMValueRef next;
      for (LLVMValueRef i = LLVMGetFirstInstruction(l.b); i != NULL;
           i = next) {
        next = LLVMGetNextInstruction(i);
        if (LLVMIsAGetElementPtrInst(i))
          n += (unsigned)rewrite_gep(&l, i);
      }
    }
  }
  free(l.steps);
  return n;
}
