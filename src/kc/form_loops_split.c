/* kc's region form, after a region's x loop is written (form_loops.h): the
 * loop is versioned on block-wide conditions and split where a
 * thread-index guard changes its value. GPU code guards work with the
 * thread index against a block-wide bound:
 *
 *   for (stride = blockDim.x / 2; stride >= warpSize; stride /= 2) {
 *     if (tid < stride) s[tid] += s[tid + stride];     (a tree reduction)
 *     __syncthreads();
 *   }
 *   if (tid < warpSize) { ... }   if (tid == 0) out[b] = v;
 *
 * In the x loop over [lo, xb) such a guard is a branch on the induction
 * variable, which keeps the loop from vectorising (a conditional store
 * needs masked stores, and every thread pays for the test). With m the
 * point where the guard changes, the loop becomes two: [lo, m) with the
 * guard replaced by its value there, and [m, xb) with the other value.
 * Each copy is then straight code that LLVM vectorises (or, where the
 * guard skipped everything, folds away). This is index-set splitting
 * (Wolfe, "High Performance Compilers for Parallel Computing", 1996),
 * which LLVM's pipeline does not do.
 *
 * A region often holds several paths chosen by block-wide conditions
 * (the reduction's `stride >= warpSize` decides between the loop body and
 * the code after the loop; "no thread has returned" between reading exit
 * flags or not), each with its own guard. So first the loop is versioned
 * on each such condition (unswitching, as LLVM's SimpleLoopUnswitch does,
 * but before the guards are split, and without its size threshold), then
 * each version is split at the guards its live code holds. A work list
 * takes the copies on until FL_SPLIT_LOOPS loops exist.
 *
 * The guard is an integer compare of x (or x widened) with a value the
 * loop does not change: a constant, an argument, a value computed before
 * the loop, or pure arithmetic on those (moved before the loop). Loops
 * whose values are used after them, or larger than FL_SPLIT_MAX
 * instructions, stay as they are. HIPC_KC_NO_SPLIT=1 turns all of it off
 * (for comparisons). */
#include <stdlib.h>
#include <string.h>

#include "form_loops.h"
#include "form_loops_split.h"

/* The largest loop (instructions) that is copied, and the most copies
 * one x loop becomes. */
enum { FL_SPLIT_MAX = 1500, FL_SPLIT_LOOPS = 16 };

static void add_block(struct split* p, LLVMBasicBlockRef b) {
  if (p->n == p->cap) {
    p->cap = p->cap ? 2 * p->cap : 16;
    p->bb = realloc(p->bb, p->cap * sizeof *p->bb);
    if (!p->bb) abort();
  }
  p->bb[p->n++] = b;
  hipc__form_loops_map_put(&p->in, b, 1);
}

static int has_block(const struct split* p, LLVMBasicBlockRef b) {
  uintptr_t v;
  return hipc__form_loops_map_get(&p->in, b, &v);
}

int hipc__form_loops_split_in_loop(const struct split* p, LLVMValueRef v) {
  return LLVMIsAInstruction(v) && has_block(p, LLVMGetInstructionParent(v));
}

/* The blocks reachable from the header without leaving by the latch; 0
 * when that reaches past the loop (then it is not the plain loop the
 * region form writes). */
static int collect(struct split* p) {
  add_block(p, p->l.head);
  for (unsigned i = 0; i < p->n; i++) {
    LLVMBasicBlockRef b = p->bb[i];
    if (b == p->l.latch) continue;
    LLVMValueRef t = LLVMGetBasicBlockTerminator(b);
    if (!t) return 0;
    unsigned ns = LLVMGetNumSuccessors(t);
    for (unsigned k = 0; k < ns; k++) {
      LLVMBasicBlockRef to = LLVMGetSuccessor(t, k);
      if (to == p->l.pre || to == p->l.exit) return 0;
      if (!has_block(p, to)) add_block(p, to);
    }
  }
  if (!has_block(p, p->l.latch)) return 0;
  /* No value of the loop is used after it, and the exit has no phis. */
  LLVMValueRef first = LLVMGetFirstInstruction(p->l.exit);
  if (first && LLVMIsAPHINode(first)) return 0;
  unsigned count = 0;
  for (unsigned i = 0; i < p->n; i++)
    for (LLVMValueRef v = LLVMGetFirstInstruction(p->bb[i]); v;
         v = LLVMGetNextInstruction(v)) {
      if (++count > FL_SPLIT_MAX) return 0;
      for (LLVMUseRef u = LLVMGetFirstUse(v); u; u = LLVMGetNextUse(u))
        if (!hipc__form_loops_split_in_loop(p, LLVMGetUser(u))) return 0;
    }
  /* The live blocks: a branch made constant by an earlier step leads to
   * one of its targets only (the other's code is dead, left to LLVM). */
  LLVMBasicBlockRef* todo = malloc(p->n * sizeof *todo);
  if (!todo) abort();
  unsigned nt = 0;
  todo[nt++] = p->l.head;
  hipc__form_loops_map_put(&p->live, p->l.head, 1);
  while (nt) {
    LLVMBasicBlockRef b = todo[--nt];
    if (b == p->l.latch) continue;
    LLVMValueRef t = LLVMGetBasicBlockTerminator(b);
    unsigned ns = LLVMGetNumSuccessors(t);
    int only = -1;
    if (LLVMIsABranchInst(t) && LLVMIsConditional(t) &&
        LLVMIsAConstantInt(LLVMGetCondition(t)))
      only = LLVMConstIntGetZExtValue(LLVMGetCondition(t)) ? 0 : 1;
    for (unsigned k = 0; k < ns; k++) {
      uintptr_t seen;
      LLVMBasicBlockRef to = LLVMGetSuccessor(t, k);
      if ((only >= 0 && (int)k != only) ||
          hipc__form_loops_map_get(&p->live, to, &seen))
        continue;
      hipc__form_loops_map_put(&p->live, to, 1);
      todo[nt++] = to;
    }
  }
  free(todo);
  return 1;
}

int hipc__form_loops_split_is_live(const struct split* p, LLVMBasicBlockRef b) {
  uintptr_t v;
  return hipc__form_loops_map_get(&p->live, b, &v);
}

/* 1 when `v` keeps its value through the loop; pure arithmetic of the loop
 * on such values counts too, and is moved before the loop (*move). */
int hipc__form_loops_split_invariant(struct split* p, LLVMValueRef v, int depth,
                                     int move) {
  if (!hipc__form_loops_split_in_loop(p, v)) return 1;
  if (depth > 8 || LLVMIsAPHINode(v)) return 0;
  switch (LLVMGetInstructionOpcode(v)) {
    case LLVMAdd: case LLVMSub: case LLVMMul: case LLVMShl: case LLVMLShr:
    case LLVMAShr: case LLVMAnd: case LLVMOr: case LLVMXor: case LLVMTrunc:
    case LLVMZExt: case LLVMSExt: case LLVMICmp: case LLVMSelect:
      break;
    default:
      return 0;
  }
  unsigned n = LLVMGetNumOperands(v);
  for (unsigned i = 0; i < n; i++)
    if (!hipc__form_loops_split_invariant(p, LLVMGetOperand(v, i), depth + 1,
                                          move))
      return 0;
  if (move) {
    LLVMBuilderRef b = LLVMCreateBuilderInContext(p->s->cx);
    LLVMPositionBuilderBefore(b, LLVMGetBasicBlockTerminator(p->l.pre));
    LLVMInstructionRemoveFromParent(v);
    LLVMInsertIntoBuilder(b, v);
    LLVMDisposeBuilder(b);
  }
  return 1;
}

/* x itself, or x zero- or sign-extended (x is never negative). */
int hipc__form_loops_split_is_x(const struct split* p, LLVMValueRef v) {
  if (v == p->l.iv) return 1;
  if (!LLVMIsAInstruction(v)) return 0;
  LLVMOpcode op = LLVMGetInstructionOpcode(v);
  return (op == LLVMZExt || op == LLVMSExt) && LLVMGetOperand(v, 0) == p->l.iv;
}

LLVMIntPredicate hipc__form_loops_split_swapped(LLVMIntPredicate q) {
  switch (q) {
    case LLVMIntULT: return LLVMIntUGT;
    case LLVMIntULE: return LLVMIntUGE;
    case LLVMIntUGT: return LLVMIntULT;
    case LLVMIntUGE: return LLVMIntULE;
    case LLVMIntSLT: return LLVMIntSGT;
    case LLVMIntSLE: return LLVMIntSGE;
    case LLVMIntSGT: return LLVMIntSLT;
    case LLVMIntSGE: return LLVMIntSLE;
    default: return q;
  }
}

/* A guard of the loop: `x pred u` (*q, *u). NULL when there is none. */
static LLVMValueRef find_guard(struct split* p, LLVMIntPredicate* q,
                               LLVMValueRef* u) {
  for (unsigned i = 0; i < p->n; i++)
    for (LLVMValueRef v = LLVMGetFirstInstruction(p->bb[i]); v;
         v = LLVMGetNextInstruction(v)) {
      if (!LLVMIsAICmpInst(v) || !hipc__form_loops_split_is_live(p, p->bb[i]))
        continue;
      /* The region form's llvm.assume(x < 1024) guards nothing. */
      LLVMUseRef u1 = LLVMGetFirstUse(v);
      if (u1 && LLVMIsACallInst(LLVMGetUser(u1))) continue;
      LLVMValueRef a = LLVMGetOperand(v, 0), b = LLVMGetOperand(v, 1);
      LLVMIntPredicate pr = LLVMGetICmpPredicate(v);
      if (hipc__form_loops_split_is_x(p, b) &&
          !hipc__form_loops_split_is_x(p, a)) {
        LLVMValueRef t = a;
        a = b;
        b = t;
        pr = hipc__form_loops_split_swapped(pr);
      }
      if (!hipc__form_loops_split_is_x(p, a) ||
          hipc__form_loops_split_is_x(p, b))
        continue;
      if (pr == LLVMIntEQ || pr == LLVMIntNE) {
        /* x == 0 is x < 1 */
        if (!LLVMIsAConstantInt(b) || LLVMConstIntGetZExtValue(b) != 0)
          continue;
      }
      unsigned w = LLVMGetIntTypeWidth(LLVMTypeOf(b));
      if (w != 32 && w != 64) continue;
      if (!hipc__form_loops_split_invariant(p, b, 0, 0)) continue;
      hipc__form_loops_split_invariant(p, b, 0, 1);
      *q = pr;
      *u = b;
      return v;
    }
  return NULL;
}

/* A branch of the loop on a value the loop does not change (a block-wide
 * condition: `stride >= warpSize`, "no thread has returned"). */
static LLVMValueRef find_uniform(struct split* p) {
  for (unsigned i = 0; i < p->n; i++) {
    if (p->bb[i] == p->l.latch || !hipc__form_loops_split_is_live(p, p->bb[i]))
      continue;
    LLVMValueRef t = LLVMGetBasicBlockTerminator(p->bb[i]);
    if (!t || !LLVMIsABranchInst(t) || !LLVMIsConditional(t)) continue;
    LLVMValueRef c = LLVMGetCondition(t);
    if (LLVMIsAConstant(c) || !hipc__form_loops_split_invariant(p, c, 0, 0))
      continue;
    hipc__form_loops_split_invariant(p, c, 0, 1);
    return t;
  }
  return NULL;
}

/* The split point m (i32) before the loop, within [lo, end], and whether
 * the guard holds below it. */
static LLVMValueRef split_point(struct split* p, LLVMBuilderRef b,
                                LLVMIntPredicate q, LLVMValueRef u,
                                LLVMValueRef end, int* lower) {
  LLVMTypeRef ty = LLVMTypeOf(u);
  LLVMTypeRef i32 = LLVMInt32TypeInContext(p->s->cx);
  int wide = ty != i32;
  LLVMValueRef lo = wide ? LLVMBuildZExt(b, p->l.lo, ty, "") : p->l.lo;
  LLVMValueRef hi = wide ? LLVMBuildZExt(b, end, ty, "") : end;
  LLVMValueRef zero = LLVMConstInt(ty, 0, 0), one = LLVMConstInt(ty, 1, 0);
  int inclusive = q == LLVMIntULE || q == LLVMIntUGT || q == LLVMIntSLE ||
                  q == LLVMIntSGT;
  int is_signed = q == LLVMIntSLT || q == LLVMIntSLE || q == LLVMIntSGT ||
                  q == LLVMIntSGE;
  *lower = q == LLVMIntULT || q == LLVMIntULE || q == LLVMIntSLT ||
           q == LLVMIntSLE || q == LLVMIntEQ;
  /* g: the first x where the guard changes, before clamping */
  LLVMValueRef g = u;
  if (q == LLVMIntEQ || q == LLVMIntNE) {
    g = one; /* x == 0 is x < 1 */
  } else if (inclusive) {
    /* x <= u is x < u + 1; u + 1 wrapping means "always" */
    LLVMValueRef all = LLVMBuildICmp(
        b, LLVMIntEQ, u,
        is_signed ? LLVMConstInt(ty, wide ? INT64_MAX : INT32_MAX, 0)
                  : LLVMConstAllOnes(ty),
        "");
    g = LLVMBuildSelect(b, all, hi, LLVMBuildAdd(b, u, one, ""), "");
  }
  if (is_signed) /* x is never negative */
    g = LLVMBuildSelect(b, LLVMBuildICmp(b, LLVMIntSLT, u, zero, ""), zero, g,
                        "");
  LLVMValueRef m =
      LLVMBuildSelect(b, LLVMBuildICmp(b, LLVMIntULT, g, lo, ""), lo, g, "");
  m = LLVMBuildSelect(b, LLVMBuildICmp(b, LLVMIntUGT, m, hi, ""), hi, m, "");
  return wide ? LLVMBuildTrunc(b, m, i32, "split") : m;
}

LLVMValueRef hipc__form_loops_split_mapped(struct fl_map* vm, LLVMValueRef v) {
  uintptr_t w;
  return hipc__form_loops_map_get(vm, v, &w) ? (LLVMValueRef)w : v;
}

static LLVMBasicBlockRef mapped_bb(struct fl_map* vm, LLVMBasicBlockRef b) {
  return LLVMValueAsBasicBlock(
      hipc__form_loops_split_mapped(vm, LLVMBasicBlockAsValue(b)));
}

/* A copy of the loop's blocks; its header's phis enter from `from`, the iv
 * starting at `start` (NULL: where the loop's starts). Fills `vm`. */
static void copy_loop(struct split* p, struct fl_map* vm,
                      LLVMBasicBlockRef from, LLVMValueRef start) {
  LLVMContextRef cx = p->s->cx;
  LLVMValueRef fn = LLVMGetBasicBlockParent(p->l.head);
  LLVMBuilderRef b = LLVMCreateBuilderInContext(cx);
  for (unsigned i = 0; i < p->n; i++)
    hipc__form_loops_map_put(
        vm, LLVMBasicBlockAsValue(p->bb[i]),
        (uintptr_t)LLVMBasicBlockAsValue(
            LLVMAppendBasicBlockInContext(cx, fn, "split")));
  for (unsigned i = 0; i < p->n; i++) {
    LLVMPositionBuilderAtEnd(b, mapped_bb(vm, p->bb[i]));
    for (LLVMValueRef v = LLVMGetFirstInstruction(p->bb[i]); v;
         v = LLVMGetNextInstruction(v)) {
      LLVMValueRef c;
      if (LLVMIsAPHINode(v)) {
        c = LLVMBuildPhi(b, LLVMTypeOf(v), "");
      } else {
        c = LLVMInstructionClone(v);
        LLVMInsertIntoBuilder(b, c);
      }
      hipc__form_loops_map_put(vm, v, (uintptr_t)c);
    }
  }
  for (unsigned i = 0; i < p->n; i++)
    for (LLVMValueRef v = LLVMGetFirstInstruction(p->bb[i]); v;
         v = LLVMGetNextInstruction(v)) {
      LLVMValueRef c = hipc__form_loops_split_mapped(vm, v);
      if (LLVMIsAPHINode(v)) {
        unsigned k = LLVMCountIncoming(v);
        for (unsigned j = 0; j < k; j++) {
          LLVMBasicBlockRef ib = LLVMGetIncomingBlock(v, j);
          LLVMValueRef iv = LLVMGetIncomingValue(v, j);
          if (!has_block(p, ib)) {
            if (v == p->l.iv && start) iv = start;
            ib = from;
          } else {
            ib = mapped_bb(vm, ib);
            iv = hipc__form_loops_split_mapped(vm, iv);
          }
          LLVMAddIncoming(c, &iv, &ib, 1);
        }
        continue;
      }
      unsigned n = LLVMGetNumOperands(c);
      for (unsigned j = 0; j < n; j++) {
        LLVMValueRef o = LLVMGetOperand(c, j);
        LLVMValueRef t = hipc__form_loops_split_mapped(vm, o);
        if (t != o) LLVMSetOperand(c, j, t);
      }
    }
  /* the copy is a loop of its own */
  hipc__form_loops_x_hints(
      p->s->e, LLVMGetBasicBlockTerminator(mapped_bb(vm, p->l.latch)));
  LLVMDisposeBuilder(b);
}

/* The header's phis of the original loop now enter from `from`. */
static void reenter(struct split* p, LLVMBasicBlockRef from) {
  LLVMBuilderRef b = LLVMCreateBuilderInContext(p->s->cx);
  LLVMValueRef v = LLVMGetFirstInstruction(p->l.head);
  while (v && LLVMIsAPHINode(v)) {
    LLVMValueRef next = LLVMGetNextInstruction(v);
    LLVMPositionBuilderBefore(b, v);
    LLVMValueRef phi = LLVMBuildPhi(b, LLVMTypeOf(v), "");
    unsigned k = LLVMCountIncoming(v);
    for (unsigned j = 0; j < k; j++) {
      LLVMBasicBlockRef ib = LLVMGetIncomingBlock(v, j);
      LLVMValueRef iv = LLVMGetIncomingValue(v, j);
      if (ib == p->l.pre) ib = from;
      LLVMAddIncoming(phi, &iv, &ib, 1);
    }
    LLVMReplaceAllUsesWith(v, phi);
    if (v == p->l.iv) p->l.iv = phi;
    LLVMInstructionEraseFromParent(v);
    v = next;
  }
  p->l.pre = from;
  LLVMDisposeBuilder(b);
}

/* The latch's `next < bound` compare. */
LLVMValueRef hipc__form_loops_split_latch_cmp(LLVMBasicBlockRef latch) {
  LLVMValueRef br = LLVMGetBasicBlockTerminator(latch);
  if (!br || !LLVMIsABranchInst(br) || !LLVMIsConditional(br)) return NULL;
  LLVMValueRef c = LLVMGetCondition(br);
  return LLVMIsAICmpInst(c) ? c : NULL;
}

/* The loop that the copy in `vm` is. */
static struct loop copied(const struct loop* l, struct fl_map* vm,
                          LLVMBasicBlockRef pre, LLVMValueRef lo) {
  struct loop c = *l;
  c.pre = pre;
  c.head = mapped_bb(vm, l->head);
  c.latch = mapped_bb(vm, l->latch);
  c.iv = hipc__form_loops_split_mapped(vm, l->iv);
  c.lo = lo;
  return c;
}

static LLVMBasicBlockRef block_to(struct split* p, const char* name,
                                  LLVMBasicBlockRef to) {
  LLVMBasicBlockRef bb = LLVMAppendBasicBlockInContext(
      p->s->cx, LLVMGetBasicBlockParent(p->l.head), name);
  LLVMBuilderRef b = LLVMCreateBuilderInContext(p->s->cx);
  LLVMPositionBuilderAtEnd(b, bb);
  LLVMBuildBr(b, to);
  LLVMDisposeBuilder(b);
  return bb;
}

/* Versions the loop on `cond`, a value computed before it: this loop
 * where it holds, the copy (*other) where not. `vm` maps the loop's
 * values to the copy's (the caller frees it). */
void hipc__form_loops_split_version(struct split* p, LLVMValueRef cond,
                                    struct loop* other, struct fl_map* vm) {
  LLVMContextRef cx = p->s->cx;
  LLVMBasicBlockRef pa = block_to(p, "uniform.t", p->l.head);
  LLVMBasicBlockRef pb = LLVMAppendBasicBlockInContext(
      cx, LLVMGetBasicBlockParent(p->l.head), "uniform.f");
  memset(vm, 0, sizeof *vm);
  copy_loop(p, vm, pb, NULL);
  LLVMBuilderRef b = LLVMCreateBuilderInContext(cx);
  LLVMPositionBuilderAtEnd(b, pb);
  LLVMBuildBr(b, mapped_bb(vm, p->l.head));
  *other = copied(&p->l, vm, pb, p->l.lo);
  LLVMValueRef pt = LLVMGetBasicBlockTerminator(p->l.pre);
  LLVMPositionBuilderBefore(b, pt);
  LLVMBuildCondBr(b, cond, pa, pb);
  LLVMInstructionEraseFromParent(pt);
  reenter(p, pa);
  LLVMDisposeBuilder(b);
}

/* Versions the loop on the uniform branch `br`: taken in this loop, not
 * taken in the copy (*other). */
static void unswitch(struct split* p, LLVMValueRef br, struct loop* other) {
  LLVMTypeRef i1 = LLVMInt1TypeInContext(p->s->cx);
  struct fl_map vm;
  hipc__form_loops_split_version(p, LLVMGetCondition(br), other, &vm);
  LLVMSetCondition(hipc__form_loops_split_mapped(&vm, br),
                   LLVMConstInt(i1, 0, 0));
  LLVMSetCondition(br, LLVMConstInt(i1, 1, 0));
  hipc__form_loops_map_free(&vm);
}

/* The end of the loop's range: a do-while loop runs lo at least. */
LLVMValueRef hipc__form_loops_split_loop_end(struct split* p,
                                             LLVMBuilderRef b) {
  LLVMValueRef lo1 = LLVMBuildAdd(
      b, p->l.lo, LLVMConstInt(LLVMInt32TypeInContext(p->s->cx), 1, 0), "");
  return LLVMBuildSelect(b, LLVMBuildICmp(b, LLVMIntULT, p->l.bound, lo1, ""),
                         lo1, p->l.bound, "");
}

/* Splits the loop at its guard: [lo, m) stays here, [m, end) is the copy
 * (*other). */
static void split_at(struct split* p, LLVMValueRef guard, LLVMIntPredicate q,
                     LLVMValueRef u, LLVMValueRef lc, struct loop* other) {
  LLVMContextRef cx = p->s->cx;
  LLVMValueRef fn = LLVMGetBasicBlockParent(p->l.head);
  LLVMValueRef pt = LLVMGetBasicBlockTerminator(p->l.pre);
  LLVMBuilderRef b = LLVMCreateBuilderInContext(cx);
  LLVMPositionBuilderBefore(b, pt);
  LLVMValueRef end = hipc__form_loops_split_loop_end(p, b);
  int lower;
  LLVMValueRef m = split_point(p, b, q, u, end, &lower);
  LLVMBasicBlockRef ga = LLVMAppendBasicBlockInContext(cx, fn, "split.lo");
  LLVMBasicBlockRef gb = LLVMAppendBasicBlockInContext(cx, fn, "split.hi");
  struct fl_map vm;
  memset(&vm, 0, sizeof vm);
  copy_loop(p, &vm, gb, m);
  LLVMValueRef guard2 = hipc__form_loops_split_mapped(&vm, guard);
  *other = copied(&p->l, &vm, gb, m);
  LLVMBasicBlockRef head2 = other->head;
  hipc__form_loops_map_free(&vm);
  /* pre -> ga: this loop when m > lo; gb: the copy when m < end */
  LLVMSetSuccessor(pt, 0, ga);
  LLVMPositionBuilderAtEnd(b, ga);
  LLVMBuildCondBr(b, LLVMBuildICmp(b, LLVMIntUGT, m, p->l.lo, ""), p->l.head,
                  gb);
  reenter(p, ga);
  LLVMPositionBuilderAtEnd(b, gb);
  LLVMBuildCondBr(b, LLVMBuildICmp(b, LLVMIntULT, m, end, ""), head2,
                  p->l.exit);
  /* this loop stops at m and goes on to gb */
  LLVMValueRef lbr = LLVMGetBasicBlockTerminator(p->l.latch);
  LLVMSetOperand(lc, 1, m);
  p->l.bound = m;
  for (unsigned k = 0; k < LLVMGetNumSuccessors(lbr); k++)
    if (LLVMGetSuccessor(lbr, k) == p->l.exit) LLVMSetSuccessor(lbr, k, gb);
  p->l.exit = gb;
  LLVMValueRef t = LLVMConstInt(LLVMInt1TypeInContext(cx), 1, 0);
  LLVMValueRef f = LLVMConstInt(LLVMInt1TypeInContext(cx), 0, 0);
  LLVMReplaceAllUsesWith(guard, lower ? t : f);
  LLVMReplaceAllUsesWith(guard2, lower ? f : t);
  LLVMInstructionEraseFromParent(guard);
  LLVMInstructionEraseFromParent(guard2);
  LLVMDisposeBuilder(b);
}

/* One step on the loop: 1 when it made a copy (*other). */
static int step(struct split* p, struct loop* other) {
  LLVMValueRef lc = hipc__form_loops_split_latch_cmp(p->l.latch);
  LLVMValueRef pt = LLVMGetBasicBlockTerminator(p->l.pre);
  if (!lc || LLVMGetOperand(lc, 1) != p->l.bound || !pt ||
      !LLVMIsABranchInst(pt) || LLVMIsConditional(pt) || !collect(p))
    return 0;
  LLVMValueRef br = find_uniform(p);
  if (br) {
    unswitch(p, br, other);
    return 1;
  }
  if (hipc__form_loops_split_affine(p, other)) return 1;
  LLVMIntPredicate q;
  LLVMValueRef u;
  LLVMValueRef guard = find_guard(p, &q, &u);
  if (!guard) return 0;
  split_at(p, guard, q, u, lc, other);
  return 1;
}

void hipc__form_loops_split(struct fl_state* s, LLVMBasicBlockRef pre,
                            LLVMBasicBlockRef head, LLVMBasicBlockRef latch,
                            LLVMBasicBlockRef exit, LLVMValueRef iv,
                            LLVMValueRef bound) {
  static int off = -1;
  if (off < 0) {
    const char* v = getenv("HIPC_KC_NO_SPLIT");
    off = v && *v && strcmp(v, "0") != 0;
  }
  if (off) return;
  struct loop work[FL_SPLIT_LOOPS];
  struct fl_map refused;
  memset(&refused, 0, sizeof refused);
  unsigned n = 1;
  work[0] = (struct loop){pre, head, latch, exit, iv,
                          LLVMConstInt(LLVMInt32TypeInContext(s->cx), 0, 0),
                          bound};
  for (unsigned i = 0; i < n && n < FL_SPLIT_LOOPS; i++) {
    struct split p;
    memset(&p, 0, sizeof p);
    p.s = s;
    p.l = work[i];
    p.refused = &refused;
    struct loop other;
    /* each loop is stepped until it has nothing to split or the budget is
     * spent; the copies join the work list */
    while (n < FL_SPLIT_LOOPS && step(&p, &other)) {
      work[n++] = other;
      free(p.bb);
      p.bb = NULL;
      p.n = p.cap = 0;
      hipc__form_loops_map_free(&p.in);
      hipc__form_loops_map_free(&p.live);
    }
    work[i] = p.l;
    free(p.bb);
    hipc__form_loops_map_free(&p.in);
    hipc__form_loops_map_free(&p.live);
  }
  hipc__form_loops_map_free(&refused);
}
