/* Loop interchange in host code, where gcc (nvcc's host compiler) does it.
 *
 * HeCBench layout fills its input column by column, `data[i + j * 4096] =
 * ...` in a loop over j inside one over i: every store lands 16 KiB from
 * the last. gcc -O3 interchanges the two loops (-floop-interchange); LLVM
 * 19's LoopInterchange is off by default and, turned on, declines this
 * linearized index (its cache model cannot delinearize a constant
 * stride): 171 ms for a 4096 by 4096 fill against gcc's 57 here.
 *
 * hipc_host_interchange_function swaps the two loops of a nest of the shape
 * LLVM's simplification pipeline leaves before the vectorizer:
 *
 *   hdr:   i = phi [si, pre], [i', latch]; pure instructions; br inner
 *   inner: j = phi [sj, hdr], [j', inner]; pure instructions, stores;
 *          j' = add j, tj; icmp eq/ne j', Nj; br (exit to latch)
 *   latch: i' = add i, ti; icmp eq/ne i', Ni; br (back to hdr)
 *
 * with constant starts, steps and bounds, and only where it is exact and
 * pays:
 * - exact: nothing in the nest reads memory or calls anything, so the
 *   result is the memory its stores leave; every store's address is
 *   base + c0 + ci*i + cj*j (invariant base, constant c's, computed
 *   without wrapping over the loops' ranges, which are known), and no two
 *   iterations store to the same byte (the iteration's footprint fits
 *   below the smaller stride, the larger stride steps over a whole run of
 *   the smaller), so the order of the iterations changes nothing;
 * - pays: the inner loop's stride is larger than the outer's and at least
 *   a cache line (128 bytes), so that after the swap the inner loop walks
 *   memory in the smaller stride.
 * The swap: hdr's pure instructions move to the top of inner (where both
 * counters are defined); in inner, the uses of i and j trade places; the
 * two counters trade start, step and bound. The vectorizer then sees a
 * contiguous inner loop; LICM hoists what moved in.
 *
 * HIPC_HOST_INTERCHANGE=0 turns it off, =report names on stderr each
 * function where it swapped a nest (tests/hipcc/hipcc_host_interchange.sh).
 * Registered with clang by
 * plugin.cpp at the vectorizer's start (docs/internals.md, step 4 of "How
 * a HIP source is compiled"). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <llvm-c/Core.h>
#include <llvm-c/Target.h>

#include "clang_plugin.h"
#include "host_nest.h"

/* The smallest inner stride (bytes) worth an interchange. */
#define MIN_STRIDE 128
/* Stores one nest may hold. */
#define MAX_STORES 16

/* Reads the counter of `phi` (block `loop` loops back to `head`, the
 * block of the phi; `entry` enters it); 0 where it is not one. */
static int read_counter(LLVMValueRef phi, LLVMBasicBlockRef entry,
                        LLVMBasicBlockRef loop, LLVMBasicBlockRef head,
                        struct counter *c) {
  memset(c, 0, sizeof *c);
  c->phi = phi;
  if (LLVMGetTypeKind(LLVMTypeOf(phi)) != LLVMIntegerTypeKind ||
      LLVMCountIncoming(phi) != 2)
    return 0;
  LLVMValueRef from_entry = NULL;
  for (unsigned k = 0; k < 2; k++) {
    LLVMBasicBlockRef b = LLVMGetIncomingBlock(phi, k);
    if (b == entry)
      from_entry = LLVMGetIncomingValue(phi, k);
    else if (b == loop)
      c->next = LLVMGetIncomingValue(phi, k);
  }
  if (!hipc__host_const_int(from_entry, &c->start) || c->next == NULL ||
      !LLVMIsAInstruction(c->next) ||
      LLVMGetInstructionOpcode(c->next) != LLVMAdd ||
      LLVMGetInstructionParent(c->next) != loop)
    return 0;
  if (LLVMGetOperand(c->next, 0) == phi)
    c->step_op = 1;
  else if (LLVMGetOperand(c->next, 1) == phi)
    c->step_op = 0;
  else
    return 0;
  if (!hipc__host_const_int(LLVMGetOperand(c->next, c->step_op), &c->step) ||
      c->step == 0)
    return 0;
  /* The loop's branch on a test of next against a constant bound. */
  LLVMValueRef br = LLVMGetBasicBlockTerminator(loop);
  if (br == NULL || !LLVMIsABranchInst(br) || !LLVMIsConditional(br))
    return 0;
  c->cmp = LLVMGetCondition(br);
  if (!LLVMIsAICmpInst(c->cmp) || LLVMGetInstructionParent(c->cmp) != loop)
    return 0;
  if (LLVMGetSuccessor(br, 0) == head && LLVMGetSuccessor(br, 1) != head)
    c->back_if_true = 1;
  else if (LLVMGetSuccessor(br, 1) != head || LLVMGetSuccessor(br, 0) == head)
    return 0;
  /* next P bound, or phi P bound (next P bound + step). */
  LLVMIntPredicate p = LLVMGetICmpPredicate(c->cmp);
  LLVMValueRef x = LLVMGetOperand(c->cmp, 0), y = LLVMGetOperand(c->cmp, 1);
  if (y == c->next || y == phi) { /* bound P x: x P' bound */
    LLVMValueRef t = x;
    x = y;
    y = t;
    p = p == LLVMIntULT ? LLVMIntUGT : p == LLVMIntUGT ? LLVMIntULT
      : p == LLVMIntSLT ? LLVMIntSGT : p == LLVMIntSGT ? LLVMIntSLT : p;
  }
  long long bound;
  if ((x != c->next && x != phi) || !hipc__host_const_int(y, &bound) ||
      (x == phi && __builtin_add_overflow(bound, c->step, &bound)))
    return 0;
  /* Trips (at least two), values as signed integers of the counter's
   * width: leave on next == bound, or go on while next < bound (next >
   * bound going down); unsigned tests where every value is positive. */
  unsigned bits = LLVMGetIntTypeWidth(LLVMTypeOf(phi));
  long long span, step = c->step;
  if (__builtin_sub_overflow(bound, c->start, &span))
    return 0;
  if ((p == LLVMIntEQ && !c->back_if_true) ||
      (p == LLVMIntNE && c->back_if_true)) {
    if (span % step != 0)
      return 0;
    c->trips = span / step;
  } else if (c->back_if_true &&
             (((p == LLVMIntULT || p == LLVMIntSLT) && step > 0) ||
              ((p == LLVMIntUGT || p == LLVMIntSGT) && step < 0))) {
    if ((p == LLVMIntULT || p == LLVMIntUGT) && (c->start < 0 || bound < 0))
      return 0;
    c->trips = span / step + (span % step != 0);
  } else {
    return 0;
  }
  if (c->trips < 2 ||
      __builtin_mul_overflow(step, c->trips, &c->end) ||
      __builtin_add_overflow(c->end, c->start, &c->end) ||
      !hipc__host_fits(c->end < c->start ? c->end : c->start,
                       c->end < c->start ? c->start : c->end, bits))
    return 0;
  long long last = c->start + c->step * (c->trips - 1);
  c->lo = c->start < last ? c->start : last;
  c->hi = c->start < last ? last : c->start;
  return 1;
}

/* Whether `v` computes without side effects, reads nothing, and cannot
 * trap. */
static int pure(LLVMValueRef v) {
  switch (LLVMGetInstructionOpcode(v)) {
  case LLVMAdd: case LLVMSub: case LLVMMul: case LLVMShl: case LLVMLShr:
  case LLVMAShr: case LLVMAnd: case LLVMOr: case LLVMXor: case LLVMFAdd:
  case LLVMFSub: case LLVMFMul: case LLVMFDiv: case LLVMFNeg:
  case LLVMTrunc: case LLVMZExt: case LLVMSExt: case LLVMFPToUI:
  case LLVMFPToSI: case LLVMUIToFP: case LLVMSIToFP: case LLVMFPTrunc:
  case LLVMFPExt: case LLVMBitCast: case LLVMGetElementPtr: case LLVMICmp:
  case LLVMFCmp: case LLVMSelect: case LLVMExtractElement:
  case LLVMInsertElement: case LLVMShuffleVector: case LLVMFreeze:
    return 1;
  default:
    return 0;
  }
}

/* Whether every use of `v` is in one of the blocks a or b. */
static int used_in(LLVMValueRef v, LLVMBasicBlockRef a, LLVMBasicBlockRef b) {
  for (LLVMUseRef u = LLVMGetFirstUse(v); u != NULL; u = LLVMGetNextUse(u)) {
    LLVMValueRef user = LLVMGetUser(u);
    if (!LLVMIsAInstruction(user))
      return 0;
    LLVMBasicBlockRef ub = LLVMGetInstructionParent(user);
    if (ub != a && ub != b)
      return 0;
  }
  return 1;
}

/* Whether `v` is a call of a debug-info intrinsic (llvm.dbg.*). */
static int debug_call(LLVMValueRef v) {
  if (!LLVMIsACallInst(v))
    return 0;
  LLVMValueRef f = LLVMGetCalledValue(v);
  size_t len;
  const char *name = f != NULL && LLVMIsAFunction(f) ? LLVMGetValueName2(f, &len)
                                                     : "";
  return strncmp(name, "llvm.dbg.", 9) == 0;
}

/* Reads the nest whose inner loop is the single block `inner`. */
static int read_nest(LLVMBasicBlockRef inner, struct nest *n) {
  memset(n, 0, sizeof *n);
  n->inner = inner;
  LLVMValueRef phi_j = LLVMGetFirstInstruction(inner);
  if (phi_j == NULL || !LLVMIsAPHINode(phi_j) ||
      LLVMIsAPHINode(LLVMGetNextInstruction(phi_j)) ||
      LLVMCountIncoming(phi_j) != 2)
    return 0;
  for (unsigned k = 0; k < 2; k++)
    if (LLVMGetIncomingBlock(phi_j, k) != inner)
      n->hdr = LLVMGetIncomingBlock(phi_j, k);
  if (n->hdr == NULL || n->hdr == inner ||
      !read_counter(phi_j, n->hdr, inner, inner, &n->j))
    return 0;
  /* hdr falls into inner; inner leaves to the latch. */
  LLVMValueRef hbr = LLVMGetBasicBlockTerminator(n->hdr);
  LLVMValueRef ibr = LLVMGetBasicBlockTerminator(inner);
  if (hbr == NULL || !LLVMIsABranchInst(hbr) || LLVMIsConditional(hbr) ||
      LLVMGetSuccessor(hbr, 0) != inner)
    return 0;
  n->latch = LLVMGetSuccessor(ibr, 0) == inner ? LLVMGetSuccessor(ibr, 1)
                                               : LLVMGetSuccessor(ibr, 0);
  if (n->latch == n->hdr)
    return 0;
  LLVMValueRef phi_i = LLVMGetFirstInstruction(n->hdr);
  if (phi_i == NULL || !LLVMIsAPHINode(phi_i) ||
      LLVMIsAPHINode(LLVMGetNextInstruction(phi_i)) ||
      LLVMCountIncoming(phi_i) != 2)
    return 0;
  LLVMBasicBlockRef pre = NULL;
  for (unsigned k = 0; k < 2; k++)
    if (LLVMGetIncomingBlock(phi_i, k) != n->latch)
      pre = LLVMGetIncomingBlock(phi_i, k);
  if (pre == NULL || !read_counter(phi_i, pre, n->latch, n->hdr, &n->i) ||
      LLVMTypeOf(phi_i) != LLVMTypeOf(phi_j))
    return 0;
  /* The latch: i', its test and the branch; no phi (nothing of the inner
   * loop is used after it). */
  for (LLVMValueRef v = LLVMGetFirstInstruction(n->latch); v != NULL;
       v = LLVMGetNextInstruction(v))
    if (v != n->i.next && v != n->i.cmp && !LLVMIsATerminatorInst(v) &&
        !debug_call(v))
      return 0;
  if (LLVMGetInstructionParent(n->i.cmp) != n->latch)
    return 0;
  /* Only inner enters the latch, only pre and the latch enter hdr. */
  for (LLVMUseRef u = LLVMGetFirstUse(LLVMBasicBlockAsValue(n->latch));
       u != NULL; u = LLVMGetNextUse(u))
    if (LLVMGetUser(u) != ibr)
      return 0;
  for (LLVMUseRef u = LLVMGetFirstUse(LLVMBasicBlockAsValue(n->hdr));
       u != NULL; u = LLVMGetNextUse(u)) {
    LLVMValueRef user = LLVMGetUser(u);
    if (user != n->i.phi && user != hbr &&
        LLVMGetInstructionParent(user) != pre &&
        user != LLVMGetBasicBlockTerminator(n->latch))
      return 0;
  }
  return 1;
}

/* Checks the nest's instructions and fills `st` with its stores. */
static int read_body(const struct nest *n, LLVMValueRef *st, int *nst) {
  *nst = 0;
  for (LLVMValueRef v = LLVMGetNextInstruction(n->i.phi);
       v != NULL && !LLVMIsATerminatorInst(v); v = LLVMGetNextInstruction(v))
    if (!debug_call(v) && (!pure(v) || !used_in(v, n->hdr, n->inner)))
      return 0;
  for (LLVMValueRef v = LLVMGetNextInstruction(n->j.phi);
       v != NULL && !LLVMIsATerminatorInst(v); v = LLVMGetNextInstruction(v)) {
    if (v == n->j.next || v == n->j.cmp || debug_call(v))
      continue;
    if (LLVMIsAStoreInst(v)) {
      if (LLVMGetVolatile(v) || LLVMGetOrdering(v) != LLVMAtomicOrderingNotAtomic ||
          *nst == MAX_STORES)
        return 0;
      st[(*nst)++] = v;
    } else if (!pure(v) || !used_in(v, n->inner, n->inner)) {
      return 0;
    }
  }
  /* The counters' own uses: the phis, the increments, the tests. */
  for (LLVMUseRef u = LLVMGetFirstUse(n->i.phi); u != NULL;
       u = LLVMGetNextUse(u)) {
    LLVMValueRef user = LLVMGetUser(u);
    if (!LLVMIsAInstruction(user) ||
        (LLVMGetInstructionParent(user) != n->hdr &&
         LLVMGetInstructionParent(user) != n->inner && user != n->i.next &&
         user != n->i.cmp))
      return 0;
  }
  if (!used_in(n->j.phi, n->inner, n->inner) ||
      !used_in(n->j.next, n->inner, n->inner) ||
      !used_in(n->i.next, n->hdr, n->latch))
    return 0;
  return *nst > 0;
}

/* Whether the stores `st` of the nest may run in either loop order and
 * the swap pays. */
static int exact_and_pays(const struct nest *n, LLVMTargetDataRef td,
                          LLVMValueRef *st, int nst) {
  struct affine a0 = {0};
  long long first = 0, end = 0;
  for (int k = 0; k < nst; k++) {
    struct affine a = hipc__host_ptr_affine(n, td, LLVMGetOperand(st[k], 1), 0);
    if (!a.ok || a.base == NULL)
      return 0;
    long long size = (long long)LLVMStoreSizeOfType(
        td, LLVMTypeOf(LLVMGetOperand(st[k], 0)));
    if (k == 0) {
      a0 = a;
      first = a.c0;
      end = a.c0 + size;
    } else if (a.base != a0.base || a.ci != a0.ci || a.cj != a0.cj) {
      return 0;
    } else {
      first = a.c0 < first ? a.c0 : first;
      end = a.c0 + size > end ? a.c0 + size : end;
    }
  }
  /* Strides per trip of each loop. */
  long long foot = end - first, si, sj;
  if (__builtin_mul_overflow(a0.ci, n->i.step, &si) ||
      __builtin_mul_overflow(a0.cj, n->j.step, &sj))
    return 0;
  si = llabs(si);
  sj = llabs(sj);
  /* The smaller stride over its counter's run, then the larger. */
  long long small = si < sj ? si : sj, big = si < sj ? sj : si;
  long long runs = si < sj ? n->i.trips : n->j.trips;
  long long span;
  if (small < foot || __builtin_mul_overflow(small, runs - 1, &span) ||
      __builtin_add_overflow(span, foot, &span) || big < span)
    return 0;
  return sj > si && sj >= MIN_STRIDE;
}

/* Gives counter `c` (its phi entering from `entry`) the start, step and
 * trips of `from`: its test becomes next != end (next == end where its
 * branch goes back on false). */
static void take_range(struct counter *c, LLVMBasicBlockRef entry,
                       const struct counter *from) {
  LLVMTypeRef t = LLVMTypeOf(c->phi);
  for (unsigned k = 0; k < 2; k++)
    if (LLVMGetIncomingBlock(c->phi, k) == entry)
      /* a phi's operands are its incoming values */
      LLVMSetOperand(c->phi, k,
                     LLVMConstInt(t, (unsigned long long)from->start, 1));
  LLVMSetOperand(c->next, c->step_op,
                 LLVMConstInt(t, (unsigned long long)from->step, 1));
  LLVMSetNSW(c->next, 1);
  LLVMSetNUW(c->next, from->step > 0 && from->start >= 0);
  LLVMBuilderRef b = LLVMCreateBuilderInContext(LLVMGetTypeContext(t));
  LLVMPositionBuilderBefore(b, c->cmp);
  LLVMValueRef cmp = LLVMBuildICmp(
      b, c->back_if_true ? LLVMIntNE : LLVMIntEQ, c->next,
      LLVMConstInt(t, (unsigned long long)from->end, 1), "");
  LLVMDisposeBuilder(b);
  LLVMReplaceAllUsesWith(c->cmp, cmp);
  LLVMInstructionEraseFromParent(c->cmp);
  c->cmp = cmp;
}

/* A list of uses of one value, to point elsewhere. */
struct uses {
  LLVMValueRef *user;
  unsigned *op;
  size_t n, cap;
};

static void uses_add(struct uses *l, LLVMUseRef u) {
  LLVMValueRef user = LLVMGetUser(u);
  if (l->n == l->cap) {
    l->cap = l->cap ? 2 * l->cap : 16;
    l->user = realloc(l->user, l->cap * sizeof *l->user);
    l->op = realloc(l->op, l->cap * sizeof *l->op);
    if (l->user == NULL || l->op == NULL)
      abort();
  }
  /* A use knows its user, not its operand's index: find it. */
  for (int k = 0; k < LLVMGetNumOperands(user); k++)
    if (LLVMGetOperandUse(user, (unsigned)k) == u) {
      l->user[l->n] = user;
      l->op[l->n++] = (unsigned)k;
      return;
    }
}

/* Points every use of the list at `v`, and frees the list. */
static void uses_point(struct uses *l, LLVMValueRef v) {
  for (size_t k = 0; k < l->n; k++)
    LLVMSetOperand(l->user[k], l->op[k], v);
  free(l->user);
  free(l->op);
}

static void swap_loops(struct nest *n, LLVMBasicBlockRef pre) {
  /* hdr's instructions to the top of inner, in order. */
  LLVMValueRef anchor = LLVMGetNextInstruction(n->j.phi);
  LLVMBuilderRef b = LLVMCreateBuilderInContext(
      LLVMGetTypeContext(LLVMTypeOf(n->j.phi)));
  LLVMValueRef next;
  for (LLVMValueRef v = LLVMGetNextInstruction(n->i.phi);
       v != NULL && !LLVMIsATerminatorInst(v); v = next) {
    next = LLVMGetNextInstruction(v);
    if (debug_call(v)) {
      LLVMInstructionEraseFromParent(v);
      continue;
    }
    LLVMInstructionRemoveFromParent(v);
    LLVMPositionBuilderBefore(b, anchor);
    LLVMInsertIntoBuilder(b, v);
  }
  LLVMDisposeBuilder(b);
  /* In inner, i and j trade places: both lists of uses first, then the
   * operands they name. */
  struct uses ui = {0}, uj = {0};
  for (LLVMUseRef u = LLVMGetFirstUse(n->i.phi); u != NULL;
       u = LLVMGetNextUse(u))
    if (LLVMGetInstructionParent(LLVMGetUser(u)) == n->inner)
      uses_add(&ui, u);
  for (LLVMUseRef u = LLVMGetFirstUse(n->j.phi); u != NULL;
       u = LLVMGetNextUse(u))
    if (LLVMGetUser(u) != n->j.next && LLVMGetUser(u) != n->j.cmp)
      uses_add(&uj, u);
  uses_point(&ui, n->j.phi);
  uses_point(&uj, n->i.phi);
  /* The counters trade ranges. */
  struct counter ci = n->i, cj = n->j;
  take_range(&n->i, pre, &cj);
  take_range(&n->j, n->hdr, &ci);
}

int hipc_host_interchange_function(LLVMValueRef fn) {
  const char *e = getenv("HIPC_HOST_INTERCHANGE");
  if (e != NULL && strcmp(e, "0") == 0)
    return 0;
  int report = e != NULL && strcmp(e, "report") == 0;
  LLVMModuleRef m = LLVMGetGlobalParent(fn);
  LLVMTargetDataRef td = LLVMCreateTargetData(LLVMGetDataLayoutStr(m));
  int done = 0;
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb != NULL;
       bb = LLVMGetNextBasicBlock(bb)) {
    struct nest n;
    LLVMValueRef st[MAX_STORES];
    int nst;
    if (!read_nest(bb, &n) || !read_body(&n, st, &nst) ||
        !exact_and_pays(&n, td, st, nst))
      continue;
    LLVMBasicBlockRef pre = NULL;
    for (unsigned k = 0; k < 2; k++)
      if (LLVMGetIncomingBlock(n.i.phi, k) != n.latch)
        pre = LLVMGetIncomingBlock(n.i.phi, k);
    swap_loops(&n, pre);
    done++;
    if (report) {
      size_t len;
      fprintf(stderr, "hipc: %s: loop nest interchanged\n",
              LLVMGetValueName2(fn, &len));
    }
  }
  LLVMDisposeTargetData(td);
  return done;
}
