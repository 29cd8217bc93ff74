/* The GPU pass's strided addresses in unrolled loops (docs/nvidia.md, "The
 * device pass"), after LLVM's optimiser.
 *
 * An unrolled loop over `p[c * C]` (with the invariant part of the index
 * in `p`: nvptx_split.c) addresses each copy as
 * `gep p, sext(mul nsw (c + k), C)`, k = 0, 1, ...: with loop strength
 * reduction off, each load recomputes a 32-bit product and widens it.
 * nvcc's PTX steps a 64-bit pointer by the stride instead (`add.s64` of
 * `C * 8` per load); given that form, ptxas gave HeCBench contract's
 * double kernel nvcc's 40 registers and three loads in flight per loop,
 * against 32 registers and one (hipc's PTX edited by hand the same way).
 *
 * Within one block, GEPs of one base and element type whose single index
 * is `mul nsw X, S` or its `sext` (where IndVarSimplify widened `c`, a
 * 64-bit multiply per load), X being `c`, `add nsw c, k` or `or disjoint
 * c, k` with k a constant, form a chain: each after the first becomes
 * `gep prev, (k - k_prev) * sext(S)`, prev the chain's previous GEP.
 * Sound because the `nsw` products are exact: (c + k) * S = c * S +
 * k * S in 64 bits. The new GEPs drop `inbounds`. NVPTX reads memory
 * through `ld.global.nc` only where it finds a kernel's `noalias readonly`
 * argument within six steps up the address; a chain is deeper, so where
 * the chain's base has such a root, its loads are marked
 * `!invariant.load`, which NVPTX takes as leave to use `ld.global.nc` (the
 * memory is not written while the kernel runs). On by default;
 * HIPC_NVPTX_CHAIN=0 turns it off (hipc-kc reads it). */
#include <string.h>

#include "kc/kc.h"
#include "kc/nvptx_ir.h"
#include "kc/nvptx_uniform.h"

/* Chains followed at once in one block. */
#define MAX_CHAINS 32

struct chain {
  LLVMValueRef base, c, s;  /* the GEPs' base, X's variable part, S */
  LLVMTypeRef ty;           /* the GEPs' element type */
  long long k;              /* the last member's constant */
  LLVMValueRef last, s64;   /* the last member; sext(S) once made */
  int nc;                   /* the base's root is read-only (readonly_root) */
};

/* Whether `p`, through GEPs and casts, is a kernel's `noalias readonly`
 * (or `readnone`) pointer argument. */
static int readonly_root(LLVMModuleRef m, LLVMValueRef p) {
  for (int depth = 0; depth < 64 && LLVMIsAInstruction(p); depth++) {
    LLVMOpcode op = LLVMGetInstructionOpcode(p);
    if (op != LLVMGetElementPtr && op != LLVMBitCast &&
        op != LLVMAddrSpaceCast)
      return 0;
    p = LLVMGetOperand(p, 0);
  }
  if (!LLVMIsAArgument(p))
    return 0;
  LLVMValueRef fn = LLVMGetParamParent(p);
  unsigned idx = 0;
  while (LLVMGetParam(fn, idx) != p)
    idx++;
  unsigned noalias = LLVMGetEnumAttributeKindForName("noalias", 7);
  unsigned ro = LLVMGetEnumAttributeKindForName("readonly", 8);
  unsigned rn = LLVMGetEnumAttributeKindForName("readnone", 8);
  return hipc__nvptx_is_kernel(m, fn) &&
         LLVMGetEnumAttributeAtIndex(fn, idx + 1, noalias) != NULL &&
         (LLVMGetEnumAttributeAtIndex(fn, idx + 1, ro) != NULL ||
          LLVMGetEnumAttributeAtIndex(fn, idx + 1, rn) != NULL);
}

/* Marks the loads through `g` (and through GEPs of it, `depth` deep)
 * `!invariant.load`. */
static void mark_loads(LLVMValueRef g, int depth) {
  LLVMContextRef ctx = LLVMGetTypeContext(LLVMTypeOf(g));
  unsigned kind = LLVMGetMDKindIDInContext(ctx, "invariant.load", 14);
  LLVMValueRef empty = LLVMMetadataAsValue(ctx, LLVMMDNodeInContext2(ctx,
                                                                     NULL, 0));
  for (LLVMUseRef u = LLVMGetFirstUse(g); u != NULL; u = LLVMGetNextUse(u)) {
    LLVMValueRef user = LLVMGetUser(u);
    if (LLVMIsALoadInst(user) && !LLVMGetVolatile(user))
      LLVMSetMetadata(user, kind, empty);
    else if (LLVMIsAGetElementPtrInst(user) && depth > 0 &&
             LLVMGetOperand(user, 0) == g)
      mark_loads(user, depth - 1);
  }
}

/* Splits `x` into c + k: an `add nsw` or `or disjoint` of a constant, or
 * `x` itself with k = 0. */
static void offset_of(LLVMValueRef x, LLVMValueRef *c, long long *k) {
  *c = x;
  *k = 0;
  if (!LLVMIsAInstruction(x))
    return;
  LLVMOpcode op = LLVMGetInstructionOpcode(x);
  if (op != LLVMAdd && op != LLVMOr)
    return;
  LLVMValueRef r = LLVMGetOperand(x, 1);
  if (!LLVMIsAConstantInt(r))
    return;
  if ((op == LLVMAdd && LLVMGetNSW(x)) ||
      (op == LLVMOr && LLVMGetIsDisjoint(x))) {
    *c = LLVMGetOperand(x, 0);
    *k = LLVMConstIntGetSExtValue(r);
  }
}

/* Whether `g` is a GEP of one index `mul nsw X, S` or `sext` of one
 * (X = c + k). */
static int strided(LLVMValueRef g, LLVMValueRef *c, long long *k,
                   LLVMValueRef *s) {
  if (!LLVMIsAGetElementPtrInst(g) || LLVMGetNumIndices(g) != 1)
    return 0;
  LLVMValueRef m = LLVMGetOperand(g, 1);
  /* 64-bit indices only: the step's product is then exact (a 32-bit
   * one may wrap where neither member's index does). */
  if (LLVMGetTypeKind(LLVMTypeOf(m)) != LLVMIntegerTypeKind ||
      LLVMGetIntTypeWidth(LLVMTypeOf(m)) != 64)
    return 0;
  if (LLVMIsAInstruction(m) && LLVMGetInstructionOpcode(m) == LLVMSExt)
    m = LLVMGetOperand(m, 0);
  if (!LLVMIsAInstruction(m) || LLVMGetInstructionOpcode(m) != LLVMMul ||
      !LLVMGetNSW(m))
    return 0;
  offset_of(LLVMGetOperand(m, 0), c, k);
  *s = LLVMGetOperand(m, 1);
  return 1;
}

/* `g` (c + k) as the next member of `ch`: a GEP from the last one. */
static void extend(LLVMBuilderRef b, struct chain *ch, LLVMValueRef g,
                   long long k) {
  LLVMTypeRef i64 = LLVMTypeOf(LLVMGetOperand(g, 1));
  LLVMPositionBuilderBefore(b, g);
  if (ch->s64 == NULL)
    ch->s64 = LLVMTypeOf(ch->s) == i64 ? ch->s
                                       : LLVMBuildSExt(b, ch->s, i64, "");
  LLVMValueRef step = ch->s64;
  if (k - ch->k != 1)
    step = LLVMBuildMul(b, ch->s64, LLVMConstInt(i64, (unsigned long long)
                                                    (k - ch->k), 1), "");
  LLVMValueRef n = LLVMBuildGEP2(b, ch->ty, ch->last, &step, 1, "");
  LLVMReplaceAllUsesWith(g, n);
  if (ch->nc)
    mark_loads(n, 4);
  LLVMInstructionEraseFromParent(g);
  ch->last = n;
  ch->k = k;
}

static unsigned chain_block(LLVMModuleRef m, LLVMBuilderRef b,
                            LLVMBasicBlockRef bb) {
  struct chain ch[MAX_CHAINS];
  size_t n = 0;
  unsigned done = 0;
  LLVMValueRef next;
  for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i != NULL; i = next) {
    next = LLVMGetNextInstruction(i);
    LLVMValueRef c, s;
    long long k;
    if (!strided(i, &c, &k, &s))
      continue;
    LLVMValueRef base = LLVMGetOperand(i, 0);
    LLVMTypeRef ty = LLVMGetGEPSourceElementType(i);
    size_t j = 0;
    while (j < n && !(ch[j].base == base && ch[j].c == c && ch[j].s == s &&
                      ch[j].ty == ty))
      j++;
    if (j < n && k != ch[j].k) {
      extend(b, &ch[j], i, k);
      done++;
    } else if (j == n && n < MAX_CHAINS) {
      ch[n++] = (struct chain){base, c, s, ty, k, i, NULL,
                               readonly_root(m, base)};
    }
  }
  return done;
}

unsigned hipc__nvptx_chain_strides(LLVMModuleRef m) {
  if (hipc__util_switched_off("HIPC_NVPTX_CHAIN"))
    return 0;
  unsigned n = 0;
  LLVMBuilderRef b = LLVMCreateBuilderInContext(LLVMGetModuleContext(m));
  for (LLVMValueRef fn = LLVMGetFirstFunction(m); fn != NULL;
       fn = LLVMGetNextFunction(fn))
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb != NULL;
         bb = LLVMGetNextBasicBlock(bb))
      n += chain_block(m, b, bb);
  LLVMDisposeBuilder(b);
  return n;
}
