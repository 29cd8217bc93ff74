/* Quotients and remainders of a loop's counter, counted instead of divided
 * (host pass), as gcc (nvcc's host compiler) lowers OpenMP's collapse.
 *
 * clang lowers `#pragma omp parallel for collapse(3)` over i, j, k to one
 * loop over a 64-bit counter t and recovers the indices at every iteration:
 * i = t / (nj*nk), u = t % (nj*nk), j = u / nk, k = u % nk, four divisions
 * by numbers only known at run time. gcc divides once per thread and then
 * counts k up, carrying into j and i. HeCBench concat's host reference (a
 * collapse(3) copy) took 0.95 s against g++'s 0.26 here.
 *
 * hipc_host_divrem_function does gcc's counting in any loop of the shape
 * LLVM leaves at the end of its pipeline:
 *
 *   pre:    ...; br hdr
 *   hdr:    t = phi [t0, pre], [t', latch]; ...   (the loop: blocks that
 *   ...     reach latch without passing hdr, hdr dominating them)
 *   latch:  t' = add t, 1; ...; br ... hdr ...
 *
 * where t0 is known not negative and t cannot wrap (64 bits, or an add
 * without signed wrap). Each division and remainder in the loop of t (or
 * of t widened) by a number defined outside the loop becomes a pair of
 * phis q and r: at pre q0 = t0 / D, r0 = t0 % D (D = 1 where it is 0,
 * which the loop's first division would have divided by); at the latch
 * r' = r + 1, and where r' reaches |D|, r' = 0 and q' = q + sign(D). A
 * remainder r is itself such a counter, one that goes to 0 where it
 * wraps: divisions of r by another invariant get the same pair, reset to 0
 * with it. With t >= 0, signed division and remainder are exact this way
 * for every divisor (q steps by -1 for a negative one; |INT_MIN| is never
 * reached), unsigned ones for every divisor.
 *
 * What is not negative: constants, zero extensions, a non-negative value's
 * sign extension, `and` with a non-negative constant, smax with a
 * non-negative value, and the lower bound libomp writes for a loop it
 * splits (`__kmpc_for_static_init_4/8`, `__kmpc_dispatch_next_4/8`): never
 * below the one clang gave it, 0 for a normalised loop, with a positive
 * step.
 *
 * Registered by plugin.cpp at the end of the optimiser, after the
 * vectorizer has had the loop as it was. HIPC_HOST_DIVREM=0 turns it off,
 * =report names on stderr each function and how many divisions it counted
 * (tests/hipcc/hipcc_host_divrem.sh). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <llvm-c/Core.h>

#include "clang_plugin.h"
#include "host_loops.h"

/* Counters and divisor groups one loop may hold. */
#define MAX_COUNTERS 16
#define MAX_GROUPS 16

static int is_named_call(LLVMValueRef v, const char *const *names) {
  if (!LLVMIsACallInst(v))
    return 0;
  LLVMValueRef callee = LLVMGetCalledValue(v);
  if (callee == NULL || !LLVMIsAFunction(callee))
    return 0;
  size_t len;
  const char *s = LLVMGetValueName2(callee, &len);
  for (; *names != NULL; names++)
    if (strcmp(s, *names) == 0)
      return 1;
  return 0;
}

static const char *const static_init[] = {"__kmpc_for_static_init_4",
                                          "__kmpc_for_static_init_8", NULL};
static const char *const dispatch_next[] = {"__kmpc_dispatch_next_4",
                                            "__kmpc_dispatch_next_8", NULL};
static const char *const dispatch_init[] = {"__kmpc_dispatch_init_4",
                                            "__kmpc_dispatch_init_8", NULL};

static int nonneg(LLVMValueRef v, int depth);

static int positive_const(LLVMValueRef v) {
  return LLVMIsAConstantInt(v) && LLVMConstIntGetSExtValue(v) > 0;
}

/* Whether every __kmpc_dispatch_init_4/8 of function `fn` starts at a
 * non-negative bound with a positive step. */
static int dispatch_inits_nonneg(LLVMValueRef fn, int depth) {
  for (LLVMBasicBlockRef b = LLVMGetFirstBasicBlock(fn); b != NULL;
       b = LLVMGetNextBasicBlock(b))
    for (LLVMValueRef i = LLVMGetFirstInstruction(b); i != NULL;
         i = LLVMGetNextInstruction(i))
      if (is_named_call(i, dispatch_init) &&
          (LLVMGetNumArgOperands(i) < 6 ||
           !nonneg(LLVMGetOperand(i, 3), depth + 1) ||
           !positive_const(LLVMGetOperand(i, 5))))
        return 0;
  return 1;
}

/* Whether `slot`, an alloca, only ever holds non-negative values: stores
 * of them, and libomp's lower bounds (its argument `plower`). */
static int nonneg_slot(LLVMValueRef slot, int depth) {
  if (!LLVMIsAAllocaInst(slot))
    return 0;
  for (LLVMUseRef u = LLVMGetFirstUse(slot); u != NULL; u = LLVMGetNextUse(u)) {
    LLVMValueRef user = LLVMGetUser(u);
    if (LLVMIsALoadInst(user))
      continue;
    if (LLVMIsAStoreInst(user)) {
      if (LLVMGetOperand(user, 1) != slot ||
          !nonneg(LLVMGetOperand(user, 0), depth + 1))
        return 0;
      continue;
    }
    if (LLVMIsAIntrinsicInst(user)) { /* lifetime markers */
      size_t len;
      const char *s = LLVMGetValueName2(LLVMGetCalledValue(user), &len);
      if (strncmp(s, "llvm.lifetime.", 14) == 0)
        continue;
      return 0;
    }
    if (is_named_call(user, static_init) &&
        LLVMGetNumArgOperands(user) >= 9 && LLVMGetOperand(user, 4) == slot &&
        LLVMGetOperand(user, 5) != slot && LLVMGetOperand(user, 6) != slot &&
        positive_const(LLVMGetOperand(user, 7))) {
      continue;
    }
    if (is_named_call(user, dispatch_next) &&
        LLVMGetNumArgOperands(user) >= 6 && LLVMGetOperand(user, 3) == slot &&
        LLVMGetOperand(user, 4) != slot && LLVMGetOperand(user, 5) != slot &&
        dispatch_inits_nonneg(LLVMGetBasicBlockParent(
                                  LLVMGetInstructionParent(user)),
                              depth)) {
      continue;
    }
    return 0;
  }
  return 1;
}

/* Whether integer `v` is known not to be negative (as signed). */
static int nonneg(LLVMValueRef v, int depth) {
  if (depth > 6)
    return 0;
  if (LLVMIsAConstantInt(v))
    return LLVMGetIntTypeWidth(LLVMTypeOf(v)) <= 64 &&
           LLVMConstIntGetSExtValue(v) >= 0;
  if (!LLVMIsAInstruction(v))
    return 0;
  switch (LLVMGetInstructionOpcode(v)) {
  case LLVMZExt:
    return 1;
  case LLVMSExt:
    return nonneg(LLVMGetOperand(v, 0), depth + 1);
  case LLVMAnd:
    return nonneg(LLVMGetOperand(v, 0), depth + 1) ||
           nonneg(LLVMGetOperand(v, 1), depth + 1);
  case LLVMSelect:
    return nonneg(LLVMGetOperand(v, 1), depth + 1) &&
           nonneg(LLVMGetOperand(v, 2), depth + 1);
  case LLVMLoad:
    return nonneg_slot(LLVMGetOperand(v, 0), depth);
  case LLVMCall: {
    if (!LLVMIsAIntrinsicInst(v))
      return 0;
    size_t len;
    const char *s = LLVMGetValueName2(LLVMGetCalledValue(v), &len);
    if (strncmp(s, "llvm.smax.", 10) == 0)
      return nonneg(LLVMGetOperand(v, 0), depth + 1) ||
             nonneg(LLVMGetOperand(v, 1), depth + 1);
    if (strncmp(s, "llvm.smin.", 10) == 0)
      return nonneg(LLVMGetOperand(v, 0), depth + 1) &&
             nonneg(LLVMGetOperand(v, 1), depth + 1);
    return 0;
  }
  default:
    return 0;
  }
}

/* A value that steps by 1 each iteration, or goes to 0 where group
 * `parent`'s remainder does (-1: never); `init` its first value. */
struct counter {
  LLVMValueRef v, init;
  int parent;
};

/* The phis replacing divisions of one counter by one divisor: q and r,
 * which step by qstep and 1 and wrap at lim. */
struct group {
  LLVMValueRef x, d, q, r, q0, r0, lim, qstep;
  int is_signed, parent;
};

struct loop {
  struct graph *g;
  LLVMBasicBlockRef pre, hdr, latch;
  LLVMBuilderRef b;
  struct counter c[MAX_COUNTERS];
  struct group gr[MAX_GROUPS];
  int nc, ng, done;
};

static void at_pre(struct loop *l) {
  LLVMPositionBuilderBefore(l->b, LLVMGetBasicBlockTerminator(l->pre));
}

/* The pair of phis for dividing counter `c` by `d` (their values from
 * the latch come later: emit_latch), and the counter its remainder is. */
static int make_group(struct loop *l, const struct counter *c, LLVMValueRef d,
                      int is_signed) {
  if (l->ng == MAX_GROUPS || l->nc == MAX_COUNTERS)
    return -1;
  struct group *gr = &l->gr[l->ng];
  LLVMTypeRef t = LLVMTypeOf(c->v);
  LLVMValueRef zero = LLVMConstInt(t, 0, 0), one = LLVMConstInt(t, 1, 0);
  gr->x = c->v;
  gr->d = d;
  gr->is_signed = is_signed;
  gr->parent = c->parent;
  at_pre(l);
  LLVMValueRef safe = LLVMBuildSelect(
      l->b, LLVMBuildICmp(l->b, LLVMIntEQ, d, zero, ""), one, d, "");
  gr->q0 = is_signed ? LLVMBuildSDiv(l->b, c->init, safe, "")
                     : LLVMBuildUDiv(l->b, c->init, safe, "");
  gr->r0 = is_signed ? LLVMBuildSRem(l->b, c->init, safe, "")
                     : LLVMBuildURem(l->b, c->init, safe, "");
  gr->lim = d;
  gr->qstep = one;
  if (is_signed) {
    LLVMValueRef neg = LLVMBuildICmp(l->b, LLVMIntSLT, d, zero, "");
    gr->lim = LLVMBuildSelect(l->b, neg, LLVMBuildNeg(l->b, d, ""), d, "");
    gr->qstep = LLVMBuildSelect(l->b, neg, LLVMConstAllOnes(t), one, "");
  }
  LLVMPositionBuilderBefore(l->b, LLVMGetFirstInstruction(l->hdr));
  gr->q = LLVMBuildPhi(l->b, t, "hipc.q");
  gr->r = LLVMBuildPhi(l->b, t, "hipc.r");
  l->c[l->nc++] = (struct counter){gr->r, gr->r0, l->ng};
  return l->ng++;
}

/* Replaces the divisions and remainders of counter `c` in the loop; adds
 * its widenings as counters. */
static void count_divisions(struct loop *l, const struct counter *c0) {
  struct counter c = *c0;
  LLVMValueRef users[64];
  int nu = 0;
  for (LLVMUseRef u = LLVMGetFirstUse(c.v); u != NULL && nu < 64;
       u = LLVMGetNextUse(u)) {
    LLVMValueRef user = LLVMGetUser(u);
    if (hipc__host_in_loop(l->g, user))
      users[nu++] = user;
  }
  for (int k = 0; k < nu; k++) {
    LLVMValueRef i = users[k];
    int seen = 0; /* one instruction using the counter twice */
    for (int j = 0; j < k; j++)
      seen |= users[j] == i;
    if (seen)
      continue;
    LLVMOpcode op = LLVMGetInstructionOpcode(i);
    /* Widened, or narrowed where it fits (trunc nsw: a counter that
     * rises from 0 fits at every iteration before, the first too). */
    if ((op == LLVMZExt || op == LLVMSExt ||
         (op == LLVMTrunc && LLVMGetNSW(i))) &&
        l->nc < MAX_COUNTERS) {
      at_pre(l);
      LLVMTypeRef t = LLVMTypeOf(i);
      LLVMValueRef init = op == LLVMZExt   ? LLVMBuildZExt(l->b, c.init, t, "")
                          : op == LLVMSExt ? LLVMBuildSExt(l->b, c.init, t, "")
                                           : LLVMBuildTrunc(l->b, c.init, t, "");
      l->c[l->nc++] = (struct counter){i, init, c.parent};
      continue;
    }
    int is_signed = op == LLVMSDiv || op == LLVMSRem;
    if (op != LLVMSDiv && op != LLVMSRem && op != LLVMUDiv && op != LLVMURem)
      continue;
    LLVMValueRef d = LLVMGetOperand(i, 1);
    if (LLVMGetOperand(i, 0) != c.v || d == c.v || LLVMIsAConstant(d) ||
        hipc__host_in_loop(l->g, d))
      continue;
    int g = 0;
    while (g < l->ng && !(l->gr[g].x == c.v && l->gr[g].d == d &&
                          l->gr[g].is_signed == is_signed))
      g++;
    if (g == l->ng && (g = make_group(l, &c, d, is_signed)) < 0)
      continue;
    int quot = op == LLVMSDiv || op == LLVMUDiv;
    LLVMReplaceAllUsesWith(i, quot ? l->gr[g].q : l->gr[g].r);
    LLVMInstructionEraseFromParent(i);
    l->done++;
  }
}

/* Phi `phi` again with `from` as its incoming block where it had `was`
 * (the C API cannot change one in place). */
static void retarget_phi(LLVMBuilderRef b, LLVMValueRef phi,
                         LLVMBasicBlockRef was, LLVMBasicBlockRef from) {
  unsigned n = LLVMCountIncoming(phi), hit = 0;
  LLVMValueRef vals[n ? n : 1];
  LLVMBasicBlockRef blocks[n ? n : 1];
  for (unsigned k = 0; k < n; k++) {
    vals[k] = LLVMGetIncomingValue(phi, k);
    blocks[k] = LLVMGetIncomingBlock(phi, k);
    if (blocks[k] == was) {
      blocks[k] = from;
      hit = 1;
    }
  }
  if (!hit)
    return;
  LLVMPositionBuilderBefore(b, phi);
  size_t len;
  const char *name = LLVMGetValueName2(phi, &len);
  LLVMValueRef np = LLVMBuildPhi(b, LLVMTypeOf(phi), "");
  LLVMAddIncoming(np, vals, blocks, n);
  LLVMReplaceAllUsesWith(phi, np);
  LLVMSetValueName2(np, name, len);
  LLVMInstructionEraseFromParent(phi);
}

/* retarget_phi for each phi of block `b`. */
static void retarget_phis(LLVMBuilderRef bld, LLVMBasicBlockRef b,
                          LLVMBasicBlockRef was, LLVMBasicBlockRef from) {
  LLVMValueRef phi = LLVMGetFirstInstruction(b);
  while (phi != NULL && LLVMIsAPHINode(phi)) {
    LLVMValueRef next = LLVMGetNextInstruction(phi);
    retarget_phi(bld, phi, was, from);
    phi = next;
  }
}

/* The groups' next values. In the latch, every remainder steps by 1 and
 * one branch asks whether any reached its limit: rarely (once in |D|
 * iterations for the innermost), so the common path is an add and a
 * compare a group, as gcc's counting. Where one did, block `carry` wraps
 * it, steps its quotient and resets the groups under it; block `cont`
 * (which takes over the latch's branch back) joins the two. */
static void emit_latch(struct loop *l) {
  LLVMContextRef ctx = LLVMGetTypeContext(LLVMTypeOf(l->gr[0].q));
  LLVMValueRef fn = LLVMGetBasicBlockParent(l->latch);
  LLVMBasicBlockRef after = LLVMGetNextBasicBlock(l->latch);
  LLVMBasicBlockRef carry =
      after ? LLVMInsertBasicBlockInContext(ctx, after, "hipc.carry")
            : LLVMAppendBasicBlockInContext(ctx, fn, "hipc.carry");
  LLVMBasicBlockRef cont =
      after ? LLVMInsertBasicBlockInContext(ctx, after, "hipc.cont")
            : LLVMAppendBasicBlockInContext(ctx, fn, "hipc.cont");
  LLVMValueRef term = LLVMGetBasicBlockTerminator(l->latch);
  LLVMValueRef r1[MAX_GROUPS], wrap[MAX_GROUPS], out[MAX_GROUPS];
  LLVMValueRef rs[MAX_GROUPS], qs[MAX_GROUPS], any = NULL;
  LLVMPositionBuilderBefore(l->b, term);
  for (int g = 0; g < l->ng; g++) {
    struct group *gr = &l->gr[g];
    r1[g] = LLVMBuildAdd(l->b, gr->r, LLVMConstInt(LLVMTypeOf(gr->r), 1, 0),
                         "");
    wrap[g] = LLVMBuildICmp(l->b, LLVMIntEQ, r1[g], gr->lim, "");
    any = any ? LLVMBuildOr(l->b, any, wrap[g], "") : wrap[g];
  }
  LLVMInstructionRemoveFromParent(term);
  LLVMPositionBuilderAtEnd(l->b, l->latch);
  LLVMBuildCondBr(l->b, any, carry, cont);
  LLVMPositionBuilderAtEnd(l->b, carry);
  for (int g = 0; g < l->ng; g++) {
    struct group *gr = &l->gr[g];
    LLVMValueRef zero = LLVMConstInt(LLVMTypeOf(gr->r), 0, 0);
    rs[g] = LLVMBuildSelect(l->b, wrap[g], zero, r1[g], "");
    qs[g] = LLVMBuildSelect(l->b, wrap[g],
                            LLVMBuildAdd(l->b, gr->q, gr->qstep, ""), gr->q,
                            "");
    out[g] = wrap[g];
    if (gr->parent >= 0) { /* the counter divided went to 0 */
      LLVMValueRef reset = out[gr->parent];
      rs[g] = LLVMBuildSelect(l->b, reset, zero, rs[g], "");
      qs[g] = LLVMBuildSelect(l->b, reset, zero, qs[g], "");
      out[g] = LLVMBuildOr(l->b, reset, wrap[g], "");
    }
  }
  LLVMBuildBr(l->b, cont);
  LLVMPositionBuilderAtEnd(l->b, cont);
  LLVMInsertIntoBuilder(l->b, term);
  /* The latch's successors now come from cont. */
  for (unsigned s = 0; s < LLVMGetNumSuccessors(term); s++)
    retarget_phis(l->b, LLVMGetSuccessor(term, s), l->latch, cont);
  LLVMPositionBuilderBefore(l->b, term);
  for (int g = 0; g < l->ng; g++) {
    struct group *gr = &l->gr[g];
    LLVMBasicBlockRef two[2] = {l->latch, carry}, in[2] = {l->pre, cont};
    LLVMValueRef rv[2] = {r1[g], rs[g]}, qv[2] = {gr->q, qs[g]};
    LLVMValueRef rn = LLVMBuildPhi(l->b, LLVMTypeOf(gr->r), "");
    LLVMAddIncoming(rn, rv, two, 2);
    LLVMValueRef qn = LLVMBuildPhi(l->b, LLVMTypeOf(gr->q), "");
    LLVMAddIncoming(qn, qv, two, 2);
    LLVMValueRef r_in[2] = {gr->r0, rn}, q_in[2] = {gr->q0, qn};
    LLVMAddIncoming(gr->r, r_in, in, 2);
    LLVMAddIncoming(gr->q, q_in, in, 2);
  }
}

/* Gives the loop a block of its own to enter by, where the block before
 * it branches elsewhere too (LLVM's last passes leave a loop's guard
 * branching straight to it): the initial quotients go there. 0 where the
 * entering branch cannot be changed. */
static int own_preheader(struct loop *l) {
  LLVMValueRef term = LLVMGetBasicBlockTerminator(l->pre);
  unsigned ns = LLVMGetNumSuccessors(term);
  if (ns == 1)
    return 1;
  if (!LLVMIsABranchInst(term) && !LLVMIsASwitchInst(term))
    return 0;
  LLVMBasicBlockRef pre = LLVMInsertBasicBlockInContext(
      LLVMGetTypeContext(LLVMTypeOf(term)), l->hdr, "hipc.pre");
  for (unsigned s = 0; s < ns; s++)
    if (LLVMGetSuccessor(term, s) == l->hdr)
      LLVMSetSuccessor(term, s, pre);
  LLVMPositionBuilderAtEnd(l->b, pre);
  LLVMBuildBr(l->b, l->hdr);
  retarget_phis(l->b, l->hdr, l->pre, pre);
  l->pre = pre;
  return 1;
}

/* Whether `next`, the counter's value for the next iteration, is t + 1
 * that cannot wrap. */
static int steps_by_one(LLVMValueRef t, LLVMValueRef next) {
  if (!LLVMIsAInstruction(next) || LLVMGetInstructionOpcode(next) != LLVMAdd)
    return 0;
  LLVMValueRef a = LLVMGetOperand(next, 0), b = LLVMGetOperand(next, 1);
  LLVMValueRef one = a == t ? b : b == t ? a : NULL;
  if (one == NULL || !LLVMIsAConstantInt(one) ||
      LLVMConstIntGetZExtValue(one) != 1)
    return 0;
  /* From t0 >= 0 a 64-bit counter needs 2^63 steps to wrap. */
  return LLVMGetIntTypeWidth(LLVMTypeOf(t)) >= 64 || LLVMGetNSW(next);
}

/* The loop's counters: the header's phis that start at a value not
 * negative and step by 1. */
static void read_counters(struct loop *l) {
  l->nc = 0;
  for (LLVMValueRef phi = LLVMGetFirstInstruction(l->hdr);
       phi != NULL && LLVMIsAPHINode(phi) && l->nc < MAX_COUNTERS;
       phi = LLVMGetNextInstruction(phi)) {
    if (LLVMGetTypeKind(LLVMTypeOf(phi)) != LLVMIntegerTypeKind ||
        LLVMGetIntTypeWidth(LLVMTypeOf(phi)) > 64 ||
        LLVMCountIncoming(phi) != 2)
      continue;
    unsigned ip = LLVMGetIncomingBlock(phi, 0) == l->pre ? 0 : 1;
    LLVMValueRef init = LLVMGetIncomingValue(phi, ip);
    LLVMValueRef next = LLVMGetIncomingValue(phi, 1 - ip);
    if (LLVMGetIncomingBlock(phi, ip) != l->pre ||
        LLVMGetIncomingBlock(phi, 1 - ip) != l->latch ||
        !steps_by_one(phi, next) || !nonneg(init, 0))
      continue;
    l->c[l->nc++] = (struct counter){phi, init, -1};
  }
}

/* Whether instruction `i` divides by a number not constant. */
static int divides_by_variable(LLVMValueRef i) {
  LLVMOpcode op = LLVMGetInstructionOpcode(i);
  return (op == LLVMSDiv || op == LLVMSRem || op == LLVMUDiv ||
          op == LLVMURem) &&
         !LLVMIsAConstant(LLVMGetOperand(i, 1));
}

/* Whether counter value `v` (or its widening or narrowing) is divided
 * in the loop by a number defined outside it: whether count_divisions
 * will change anything. */
static int divided(const struct loop *l, LLVMValueRef v, int depth) {
  for (LLVMUseRef u = LLVMGetFirstUse(v); u != NULL; u = LLVMGetNextUse(u)) {
    LLVMValueRef i = LLVMGetUser(u);
    if (!hipc__host_in_loop(l->g, i))
      continue;
    LLVMOpcode op = LLVMGetInstructionOpcode(i);
    if (divides_by_variable(i) && LLVMGetOperand(i, 0) == v &&
        LLVMGetOperand(i, 1) != v &&
        !hipc__host_in_loop(l->g, LLVMGetOperand(i, 1)))
      return 1;
    if ((op == LLVMZExt || op == LLVMSExt ||
         (op == LLVMTrunc && LLVMGetNSW(i))) &&
        depth < 4 && divided(l, i, depth + 1))
      return 1;
  }
  return 0;
}

/* The loop entered from block `pre` at block `hdr` and back from `latch`
 * (in_loop marked): its counters' divisions. */
static int count_loop(struct graph *g, unsigned pre, unsigned hdr,
                      unsigned latch) {
  struct loop l;
  memset(&l, 0, sizeof l);
  l.g = g;
  l.pre = g->cfg.b[pre];
  l.hdr = g->cfg.b[hdr];
  l.latch = g->cfg.b[latch];
  read_counters(&l);
  int any = 0;
  for (int k = 0; k < l.nc && !any; k++)
    any = divided(&l, l.c[k].v, 0);
  if (!any)
    return 0;
  l.b = LLVMCreateBuilderInContext(LLVMGetTypeContext(LLVMTypeOf(l.c[0].v)));
  if (own_preheader(&l)) {
    read_counters(&l); /* the phis were made again */
    for (int k = 0; k < l.nc; k++) {
      struct counter c = l.c[k];
      count_divisions(&l, &c);
    }
    if (l.ng > 0)
      emit_latch(&l);
  }
  LLVMDisposeBuilder(l.b);
  return l.done;
}

/* Counts the divisions of one loop of `fn`; 0 where no loop has any. */
static int count_one_loop(LLVMValueRef fn) {
  struct graph g;
  if (!hipc__host_graph_init(&g, fn))
    return 0;
  int done = 0;
  const struct llvm_cfg *c = &g.cfg;
  for (unsigned h = 0; h < c->n && done == 0; h++) {
    const unsigned *p = &c->preds[c->pred_start[h]];
    if (c->pred_start[h + 1] - c->pred_start[h] != 2 || p[0] == p[1])
      continue;
    unsigned a = p[0], b = p[1];
    /* The latch is the predecessor the header dominates. */
    if (hipc__host_mark_loop(&g, h, b) && !g.in_loop[a])
      done = count_loop(&g, a, h, b);
    else if (hipc__host_mark_loop(&g, h, a) && !g.in_loop[b])
      done = count_loop(&g, b, h, a);
  }
  hipc__host_graph_free(&g);
  return done;
}

int hipc_host_divrem_function(LLVMValueRef fn) {
  const char *e = getenv("HIPC_HOST_DIVREM");
  if (e != NULL && strcmp(e, "0") == 0)
    return 0;
  unsigned optnone = LLVMGetEnumAttributeKindForName("optnone", 7);
  if (LLVMGetEnumAttributeAtIndex(fn, LLVMAttributeFunctionIndex, optnone))
    return 0;
  int any = 0;
  for (LLVMBasicBlockRef b = LLVMGetFirstBasicBlock(fn); b != NULL && !any;
       b = LLVMGetNextBasicBlock(b))
    for (LLVMValueRef i = LLVMGetFirstInstruction(b); i != NULL && !any;
         i = LLVMGetNextInstruction(i))
      any = divides_by_variable(i);
  if (!any)
    return 0;
  /* A loop at a time, the graph made again after each: counting adds
   * blocks and edges. Each round removes divisions, so it ends. */
  int done = 0, n;
  while ((n = count_one_loop(fn)) > 0)
    done += n;
  if (done > 0 && e != NULL && strcmp(e, "report") == 0) {
    size_t len;
    fprintf(stderr, "hipc: %s: %d divisions of loop counters counted\n",
            LLVMGetValueName2(fn, &len), done);
  }
  return done;
}
