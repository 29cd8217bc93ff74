/* kc's region form: guards on the thread index plus a block-wide value
 * (form_loops_split.c splits thread loops at guards on the thread index).
 * `blockIdx.x * blockDim.x + threadIdx.x < n` is, in the x loop, `x + c <
 * u` with c and u the same for the whole loop; it becomes `x < u - c`
 * compared in 64 bits, which the split handles like any guard. That is
 * exact while x + c does not wrap over the loop's range: sure with `nsw`
 * or `nuw` to match the compare, else the loop is first versioned on it
 * (the copy keeps the guard, and is not rewritten again). */
#include <stddef.h>
#include <stdint.h>

#include "form_loops_split.h"

static int is_signed_pred(LLVMIntPredicate q) {
  return q == LLVMIntSLT || q == LLVMIntSLE || q == LLVMIntSGT ||
         q == LLVMIntSGE;
}

static LLVMIntPredicate signed_pred(LLVMIntPredicate q) {
  switch (q) {
    case LLVMIntULT: return LLVMIntSLT;
    case LLVMIntULE: return LLVMIntSLE;
    case LLVMIntUGT: return LLVMIntSGT;
    case LLVMIntUGE: return LLVMIntSGE;
    default: return q;
  }
}

/* `x + c pred u` with c and u block-wide, 32-bit (the global index
 * `blockIdx.x * blockDim.x + threadIdx.x < n`): the operand `x + c` (*sum,
 * x at operand *xi of it), NULL when the loop has none. */
static LLVMValueRef find_affine(struct split* p, LLVMValueRef* sum,
                                unsigned* xi, LLVMValueRef* u,
                                LLVMIntPredicate* q) {
  LLVMTypeRef i32 = LLVMInt32TypeInContext(p->s->cx);
  LLVMValueRef latch =
      hipc__form_loops_split_latch_cmp(p->l.latch); /* x + 1 < bound */
  for (unsigned i = 0; i < p->n; i++)
    for (LLVMValueRef v = LLVMGetFirstInstruction(p->bb[i]); v;
         v = LLVMGetNextInstruction(v)) {
      uintptr_t no;
      if (!LLVMIsAICmpInst(v) || v == latch ||
          !hipc__form_loops_split_is_live(p, p->bb[i]) ||
          hipc__form_loops_map_get(p->refused, v, &no))
        continue;
      LLVMUseRef u1 = LLVMGetFirstUse(v);
      if (u1 && LLVMIsACallInst(LLVMGetUser(u1))) continue; /* an assume */
      LLVMIntPredicate pr = LLVMGetICmpPredicate(v);
      if (pr == LLVMIntEQ || pr == LLVMIntNE) continue;
      LLVMValueRef a = LLVMGetOperand(v, 0), b = LLVMGetOperand(v, 1);
      if (LLVMTypeOf(a) != i32) continue;
      for (int side = 0; side < 2; side++) {
        LLVMValueRef t = side ? b : a, o = side ? a : b;
        if (!LLVMIsAInstruction(t) || LLVMGetInstructionOpcode(t) != LLVMAdd ||
            !hipc__form_loops_split_in_loop(p, t))
          continue;
        unsigned k = hipc__form_loops_split_is_x(p, LLVMGetOperand(t, 0))   ? 0
                     : hipc__form_loops_split_is_x(p, LLVMGetOperand(t, 1)) ? 1
                                                                            : 2;
        if (k == 2 || LLVMGetOperand(t, k) != p->l.iv) continue;
        if (!hipc__form_loops_split_invariant(p, LLVMGetOperand(t, 1 - k), 0,
                                              0) ||
            !hipc__form_loops_split_invariant(p, o, 0, 0))
          continue;
        hipc__form_loops_split_invariant(p, LLVMGetOperand(t, 1 - k), 0, 1);
        hipc__form_loops_split_invariant(p, o, 0, 1);
        *sum = t;
        *xi = k;
        *u = o;
        *q = side ? hipc__form_loops_split_swapped(pr) : pr;
        return v;
      }
    }
  return NULL;
}

/* The guard `x + c pred u` becomes `x pred' u - c` in 64 bits, which
 * find_guard splits. Exact while x + c does not wrap over the loop's
 * range: sure with nsw or nuw to match the compare, else the loop is
 * versioned on it (the copy keeps the guard). Returns 1 when it made a
 * copy (*other). */
int hipc__form_loops_split_affine(struct split* p, struct loop* other) {
  LLVMValueRef sum, u;
  unsigned xi;
  LLVMIntPredicate q;
  LLVMValueRef g = find_affine(p, &sum, &xi, &u, &q);
  if (!g) return 0;
  LLVMContextRef cx = p->s->cx;
  LLVMTypeRef i64 = LLVMInt64TypeInContext(cx);
  int sgn = is_signed_pred(q);
  int sure = sgn ? LLVMGetNSW(sum) : LLVMGetNUW(sum);
  LLVMValueRef c = LLVMGetOperand(sum, 1 - xi);
  LLVMBuilderRef b = LLVMCreateBuilderInContext(cx);
  LLVMPositionBuilderBefore(b, LLVMGetBasicBlockTerminator(p->l.pre));
  LLVMValueRef c64 =
      sgn ? LLVMBuildSExt(b, c, i64, "") : LLVMBuildZExt(b, c, i64, "");
  LLVMValueRef u64 =
      sgn ? LLVMBuildSExt(b, u, i64, "") : LLVMBuildZExt(b, u, i64, "");
  LLVMValueRef bound = LLVMBuildSub(b, u64, c64, "affine");
  int copied_loop = 0;
  if (!sure) {
    /* the largest x + c, in 64 bits, within the 32-bit range */
    LLVMValueRef last = LLVMBuildAdd(
        b, c64,
        LLVMBuildZExt(
            b,
            LLVMBuildSub(b, hipc__form_loops_split_loop_end(p, b),
                         LLVMConstInt(LLVMInt32TypeInContext(cx), 1, 0), ""),
            i64, ""),
        "");
    LLVMValueRef nowrap = LLVMBuildICmp(
        b, LLVMIntSLE, last,
        LLVMConstInt(i64, sgn ? INT32_MAX : UINT32_MAX, 0), "nowrap");
    struct fl_map vm;
    hipc__form_loops_split_version(p, nowrap, other, &vm);
    hipc__form_loops_map_put(p->refused, hipc__form_loops_split_mapped(&vm, g),
                             1);
    hipc__form_loops_map_free(&vm);
    copied_loop = 1;
  }
  /* x is never negative, and x and u - c fit in 64 bits: a signed compare
   * there is the compare of the numbers */
  LLVMPositionBuilderBefore(b, g);
  LLVMValueRef x64 = LLVMBuildZExt(b, p->l.iv, i64, "");
  LLVMValueRef n = LLVMBuildICmp(b, signed_pred(q), x64, bound, "");
  LLVMReplaceAllUsesWith(g, n);
  LLVMInstructionEraseFromParent(g);
  LLVMDisposeBuilder(b);
  return copied_loop;
}
