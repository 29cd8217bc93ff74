/* kc's region form, the end of step 1 (form_loops.h, after the cleanup of
 * form_loops_prep.c): shuffles that do not wait for each other become one.
 * Each collective cuts the regions, so a kernel that shuffles every element
 * of a thread's array by the same lane mask (a butterfly over the warp, as
 * in a Hadamard or FFT step, unrolled) has a region, a thread loop and its
 * slots per element: HeCBench hadamard's biggest kernel had 1,041 regions
 * and LLVM's pipeline ran over 20 minutes on it. Where, in one block,
 * shuffles of the same kind, mask, lane operand and width follow each other
 * with only pure code between them (arithmetic, casts, compares, selects,
 * address arithmetic and intrinsics without memory effects; no loads,
 * stores or other calls), and none's operand depends on another's result,
 * they are one call of `NAME.gN` on a vector of their N words: one cut,
 * one slot, one results loop or one read of the source lane. The pure code
 * between them moves before the call when no result reaches it, after it
 * otherwise (it stays in order on each side). Every thread runs the same
 * straight code, so every thread meets the shuffles in the new order; and
 * a shuffle does not synchronise memory, so no load or store crosses one.
 *
 * Only kernels with FL_GROUP_MIN shuffles or more, where the regions are
 * what costs: fewer keep the per-shuffle paths (the permutations of
 * form_loops_perm.c, the rows of form_loops_fuse.c), which the vector
 * shuffles do not take. Not with -g (debug records would have to move
 * too). HIPC_KC_NO_SHFL_GROUP=1 turns it off. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <llvm-c/DebugInfo.h>

#include "form_loops.h"

/* The most words in one grouped shuffle (its slot: 4 or 8 bytes each per
 * thread). */
#define FL_GROUP_MAX 32
/* Kernels with fewer shuffles than this are left as they are. */
#define FL_GROUP_MIN 64

static int is_shfl(LLVMValueRef i) {
  int k = hipc__form_loops_warp_kind(i);
  if (k < FL_W_SHFL_IDX || k > FL_W_SHFL_XOR) return 0;
  /* Not one made here, and of the headers' signature (64-bit words). */
  LLVMTypeRef t = LLVMTypeOf(i);
  return LLVMGetTypeKind(t) == LLVMIntegerTypeKind &&
         LLVMGetIntTypeWidth(t) == 64 && LLVMGetNumArgOperands(i) == 5;
}

/* 1 when `a` and `b` may share a call: same callee, mask, lane and width. */
static int same_key(LLVMValueRef a, LLVMValueRef b) {
  if (LLVMGetCalledValue(a) != LLVMGetCalledValue(b)) return 0;
  for (unsigned k = 0; k < 4; k++)
    if (k != 1 && LLVMGetOperand(a, k) != LLVMGetOperand(b, k)) return 0;
  return 1;
}

/* 1 when `i` may move across a shuffle: no memory, no control. */
static int pure(LLVMValueRef i) {
  switch (LLVMGetInstructionOpcode(i)) {
    case LLVMAdd: case LLVMFAdd: case LLVMSub: case LLVMFSub:
    case LLVMMul: case LLVMFMul: case LLVMUDiv: case LLVMSDiv:
    case LLVMFDiv: case LLVMURem: case LLVMSRem: case LLVMFRem:
    case LLVMShl: case LLVMLShr: case LLVMAShr: case LLVMAnd:
    case LLVMOr: case LLVMXor: case LLVMFNeg:
    case LLVMTrunc: case LLVMZExt: case LLVMSExt: case LLVMFPToUI:
    case LLVMFPToSI: case LLVMUIToFP: case LLVMSIToFP: case LLVMFPTrunc:
    case LLVMFPExt: case LLVMBitCast: case LLVMICmp: case LLVMFCmp:
    case LLVMSelect: case LLVMGetElementPtr: case LLVMExtractElement:
    case LLVMInsertElement: case LLVMShuffleVector: case LLVMExtractValue:
    case LLVMInsertValue: case LLVMFreeze:
      return 1;
    case LLVMCall: {
      /* An intrinsic that touches no memory (llvm.fma, llvm.fabs, ...). */
      LLVMValueRef f = LLVMGetCalledValue(i);
      if (!LLVMIsAFunction(f) || !LLVMGetIntrinsicID(f)) return 0;
      unsigned kind = LLVMGetEnumAttributeKindForName("memory", 6);
      LLVMAttributeRef a =
          LLVMGetEnumAttributeAtIndex(f, LLVMAttributeFunctionIndex, kind);
      return a && LLVMGetEnumAttributeValue(a) == 0;
    }
    default:
      return 0;
  }
}

/* The low 32 bits of a 64-bit word whose upper half is 0
 * (hipc__form_loops_high_zero). */
static LLVMValueRef low_word(LLVMBuilderRef b, LLVMValueRef v) {
  if (LLVMIsAZExtInst(v) &&
      LLVMGetIntTypeWidth(LLVMTypeOf(LLVMGetOperand(v, 0))) == 32)
    return LLVMGetOperand(v, 0);
  return LLVMBuildTrunc(
      b, v, LLVMInt32TypeInContext(LLVMGetTypeContext(LLVMTypeOf(v))), "");
}

/* The declaration of the grouped shuffle of `n` words of `wt`. */
static LLVMValueRef group_fn(LLVMModuleRef m, LLVMValueRef one, unsigned n,
                             LLVMTypeRef wt) {
  size_t len;
  const char* base = LLVMGetValueName2(LLVMGetCalledValue(one), &len);
  char name[96];
  snprintf(name, sizeof name, "%.*s.g%u.i%u", (int)len, base, n,
           LLVMGetIntTypeWidth(wt));
  LLVMValueRef f = LLVMGetNamedFunction(m, name);
  if (f) return f;
  LLVMTypeRef vt = LLVMVectorType(wt, n);
  LLVMTypeRef p[5] = {LLVMTypeOf(LLVMGetOperand(one, 0)), vt,
                      LLVMTypeOf(LLVMGetOperand(one, 2)),
                      LLVMTypeOf(LLVMGetOperand(one, 3)),
                      LLVMTypeOf(LLVMGetOperand(one, 4))};
  return LLVMAddFunction(m, name, LLVMFunctionType(vt, p, 5, 0));
}

struct group {
  LLVMValueRef call[FL_GROUP_MAX];
  unsigned n;
  struct fl_map dep; /* instructions after call[0] that a result reaches */
};

/* Makes one call of the group's members (n >= 2). */
static void rewrite(struct fl_state* s, struct group* g) {
  LLVMValueRef first = g->call[0], last = g->call[g->n - 1];
  LLVMBuilderRef b = LLVMCreateBuilderInContext(s->cx);
  LLVMPositionBuilderBefore(b, first);
  /* What the results do not reach goes before the call. */
  for (LLVMValueRef i = LLVMGetNextInstruction(first), next; i != last;
       i = next) {
    next = LLVMGetNextInstruction(i);
    if (hipc__form_loops_map_get(&g->dep, i, NULL)) continue;
    LLVMInstructionRemoveFromParent(i);
    LLVMInsertIntoBuilder(b, i);
  }
  int narrow = 1;
  for (unsigned k = 0; k < g->n && narrow; k++)
    narrow = hipc__form_loops_high_zero(LLVMGetOperand(g->call[k], 1));
  LLVMTypeRef i32 = LLVMInt32TypeInContext(s->cx);
  LLVMTypeRef wt = narrow ? i32 : LLVMInt64TypeInContext(s->cx);
  LLVMValueRef vec = LLVMGetUndef(LLVMVectorType(wt, g->n));
  for (unsigned k = 0; k < g->n; k++) {
    LLVMValueRef v = LLVMGetOperand(g->call[k], 1);
    if (narrow) v = low_word(b, v);
    vec = LLVMBuildInsertElement(b, vec, v, LLVMConstInt(i32, k, 0), "");
  }
  LLVMValueRef f = group_fn(s->m, first, g->n, wt);
  LLVMValueRef args[5] = {LLVMGetOperand(first, 0), vec,
                          LLVMGetOperand(first, 2), LLVMGetOperand(first, 3),
                          LLVMGetOperand(first, 4)};
  LLVMValueRef all =
      LLVMBuildCall2(b, LLVMGlobalGetValueType(f), f, args, 5, "shfl.group");
  for (unsigned k = 0; k < g->n; k++) {
    LLVMValueRef r =
        LLVMBuildExtractElement(b, all, LLVMConstInt(i32, k, 0), "");
    if (narrow) r = LLVMBuildZExt(b, r, LLVMTypeOf(g->call[k]), "");
    LLVMReplaceAllUsesWith(g->call[k], r);
  }
  for (unsigned k = 0; k < g->n; k++)
    LLVMInstructionEraseFromParent(g->call[k]);
  LLVMDisposeBuilder(b);
}

static void close_group(struct fl_state* s, struct group* g) {
  if (g->n >= 2) rewrite(s, g);
  g->n = 0;
  hipc__form_loops_map_free(&g->dep);
}

/* 1 when an operand of `i` is a member's result or reached by one. */
static int reached(const struct group* g, LLVMValueRef i) {
  unsigned n = (unsigned)LLVMGetNumOperands(i);
  for (unsigned k = 0; k < n; k++) {
    LLVMValueRef o = LLVMGetOperand(i, k);
    if (LLVMIsAInstruction(o) && hipc__form_loops_map_get(&g->dep, o, NULL))
      return 1;
  }
  return 0;
}

void hipc__form_loops_group(struct fl_state* s) {
  if (getenv("HIPC_KC_NO_SHFL_GROUP") || LLVMGetSubprogram(s->kernel)) return;
  unsigned count = 0;
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(s->fn); bb;
       bb = LLVMGetNextBasicBlock(bb))
    for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i;
         i = LLVMGetNextInstruction(i))
      count += is_shfl(i);
  if (count < FL_GROUP_MIN) return;
  struct group g;
  memset(&g, 0, sizeof g);
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(s->fn); bb;
       bb = LLVMGetNextBasicBlock(bb)) {
    for (LLVMValueRef i = LLVMGetFirstInstruction(bb), next; i; i = next) {
      /* Rewriting moves and erases only instructions before `i`. */
      next = LLVMGetNextInstruction(i);
      if (is_shfl(i)) {
        int joins = g.n > 0 && g.n < FL_GROUP_MAX &&
                    same_key(g.call[0], i) && !reached(&g, i);
        if (!joins) close_group(s, &g);
        g.call[g.n++] = i;
        hipc__form_loops_map_put(&g.dep, i, 1);
      } else if (g.n && pure(i)) {
        if (reached(&g, i)) hipc__form_loops_map_put(&g.dep, i, 1);
      } else {
        close_group(s, &g);
      }
    }
    close_group(s, &g);
  }
}

void hipc__form_loops_group_release(LLVMModuleRef m) {
  for (LLVMValueRef f = LLVMGetFirstFunction(m), next; f; f = next) {
    next = LLVMGetNextFunction(f);
    size_t len;
    const char* name = LLVMGetValueName2(f, &len);
    if (strncmp(name, "__hipc_kc_shfl_", 15) == 0 && strstr(name, ".g") &&
        !LLVMGetFirstUse(f))
      LLVMDeleteFunction(f);
  }
}
