/* The GPU pass's population-count idiom (docs/nvidia.md, "The device
 * pass"): a loop that clears the lowest set bit of `x` until none is left,
 * counting its trips,
 *
 *     for (c = 0; x; c++) x &= x - 1;
 *
 * is `c = popcount(x)`, one `popc` on NVIDIA GPUs, which is what nvcc
 * makes of it. LLVM's loop idiom pass makes it `llvm.ctpop` only for
 * targets that report fast hardware population count, and NVPTX (LLVM 19)
 * does not, so clang keeps the loop: HeCBench popcount's `pc3` kernel took
 * 4.35 times nvcc's time.
 *
 * The loop this pass takes is the rotated single-block form clang's -O3
 * leaves:
 *
 *   B:  x  = phi [x0, P], [a, B]
 *       c  = phi [c0, P], [c + K, B]        (any number of counters, K
 *       d  = add x, -1                       constant)
 *       a  = and d, x
 *       br (icmp eq a, 0), EXIT, B          (or icmp ne, B, EXIT)
 *
 * with nothing else in B. It runs n = popcount(x0) times when x0 != 0 and
 * once when x0 == 0 (n = popcount(x0) + (x0 == 0), which is popcount(x0)
 * alone when P branches to B only for x0 != 0). After the loop a counter's
 * increment is c0 + K*n and the counter itself c0 + K*(n - 1); `a` is 0.
 * The pass computes these in P, replaces the uses outside B with them and
 * makes B's branch leave at once; simplifycfg and instcombine (run after it
 * by nvptx_ir.c) remove what is left of the loop. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "kc/nvptx_ir.h"

#define MAX_COUNTERS 8

struct pc_loop {
  LLVMBasicBlockRef body, pre, exit;
  LLVMValueRef br, cond, x, x0, dec, and;
  int exit_on_true;
  LLVMValueRef counters[MAX_COUNTERS], incs[MAX_COUNTERS],
      steps[MAX_COUNTERS];
  unsigned ncounters;
};

static int is_const_int(LLVMValueRef v, long long want) {
  return LLVMIsAConstantInt(v) && LLVMConstIntGetSExtValue(v) == want;
}

/* `d` is x - 1 (add x, -1 or sub x, 1). */
static int is_dec_of(LLVMValueRef d, LLVMValueRef x) {
  if (!LLVMIsAInstruction(d))
    return 0;
  LLVMOpcode op = LLVMGetInstructionOpcode(d);
  if (op == LLVMAdd)
    return (LLVMGetOperand(d, 0) == x && is_const_int(LLVMGetOperand(d, 1), -1)) ||
           (LLVMGetOperand(d, 1) == x && is_const_int(LLVMGetOperand(d, 0), -1));
  if (op == LLVMSub)
    return LLVMGetOperand(d, 0) == x && is_const_int(LLVMGetOperand(d, 1), 1);
  return 0;
}

/* The phi's incoming values from `body` and from the one other block. */
static int phi_split(LLVMValueRef phi, LLVMBasicBlockRef body,
                     LLVMValueRef *in_body, LLVMValueRef *in_pre,
                     LLVMBasicBlockRef *pre) {
  if (LLVMCountIncoming(phi) != 2)
    return 0;
  for (unsigned i = 0; i < 2; i++) {
    LLVMBasicBlockRef from = LLVMGetIncomingBlock(phi, i);
    LLVMValueRef v = LLVMGetIncomingValue(phi, i);
    if (from == body) {
      *in_body = v;
    } else {
      if (*pre != NULL && *pre != from)
        return 0;
      *pre = from;
      *in_pre = v;
    }
  }
  return *in_body != NULL && *in_pre != NULL;
}

/* The loop's shape (the comment at the top), or 0. */
static int match_loop(LLVMBasicBlockRef b, struct pc_loop *L) {
  memset(L, 0, sizeof *L);
  L->body = b;
  struct nvptx_self_loop s;
  if (!hipc__nvptx_self_loop(b, &s))
    return 0;
  /* Leave when a == 0. */
  L->br = s.br;
  L->exit = s.exit;
  L->cond = s.cond;
  L->exit_on_true = s.exit_on_true;
  LLVMValueRef l = LLVMGetOperand(L->cond, 0), r = LLVMGetOperand(L->cond, 1);
  L->and = is_const_int(r, 0) ? l : is_const_int(l, 0) ? r : NULL;
  if (L->and == NULL || !LLVMIsAInstruction(L->and) ||
      LLVMGetInstructionOpcode(L->and) != LLVMAnd ||
      LLVMGetInstructionParent(L->and) != b)
    return 0;
  /* a = and d, x with d = x - 1 and x the phi. */
  for (unsigned k = 0; k < 2 && L->x == NULL; k++) {
    LLVMValueRef x = LLVMGetOperand(L->and, k);
    LLVMValueRef d = LLVMGetOperand(L->and, 1 - k);
    if (LLVMIsAPHINode(x) && LLVMGetInstructionParent(x) == b &&
        is_dec_of(d, x) && LLVMGetInstructionParent(d) == b)
      L->x = x, L->dec = d;
  }
  if (L->x == NULL)
    return 0;
  LLVMValueRef in_body = NULL;
  if (!phi_split(L->x, b, &in_body, &L->x0, &L->pre) || in_body != L->and)
    return 0;
  /* Every other instruction: a counter phi or its increment. */
  for (LLVMValueRef i = LLVMGetFirstInstruction(b); i != NULL;
       i = LLVMGetNextInstruction(i)) {
    if (i == L->x || i == L->dec || i == L->and || i == L->cond ||
        i == L->br)
      continue;
    if (LLVMIsAPHINode(i)) {
      LLVMValueRef inc = NULL, c0 = NULL;
      if (!phi_split(i, b, &inc, &c0, &L->pre) || L->ncounters == MAX_COUNTERS)
        return 0;
      if (!LLVMIsAInstruction(inc) || LLVMGetInstructionOpcode(inc) != LLVMAdd ||
          LLVMGetInstructionParent(inc) != b)
        return 0;
      LLVMValueRef k = LLVMGetOperand(inc, 0) == i ? LLVMGetOperand(inc, 1)
                       : LLVMGetOperand(inc, 1) == i ? LLVMGetOperand(inc, 0)
                                                     : NULL;
      if (k == NULL || !LLVMIsAConstantInt(k))
        return 0;
      L->counters[L->ncounters] = i;
      L->incs[L->ncounters] = inc;
      L->steps[L->ncounters++] = k;
      continue;
    }
    /* A counter's increment (the phis come first). */
    int inc = 0;
    for (unsigned k = 0; k < L->ncounters; k++)
      inc |= i == L->incs[k];
    if (!inc)
      return 0;
  }
  return 1;
}

/* Whether `v`'s only users are in block `b`. */
static int used_only_in(LLVMValueRef v, LLVMBasicBlockRef b) {
  for (LLVMUseRef u = LLVMGetFirstUse(v); u != NULL; u = LLVMGetNextUse(u))
    if (LLVMGetInstructionParent(LLVMGetUser(u)) != b)
      return 0;
  return 1;
}

/* Replaces every use of `v` outside block `b` with `with`. */
static void replace_outside(LLVMValueRef v, LLVMBasicBlockRef b,
                            LLVMValueRef with) {
  LLVMValueRef users[64];
  unsigned n = 0;
  for (LLVMUseRef u = LLVMGetFirstUse(v); u != NULL && n < 64;
       u = LLVMGetNextUse(u)) {
    LLVMValueRef user = LLVMGetUser(u);
    if (LLVMGetInstructionParent(user) != b)
      users[n++] = user;
  }
  for (unsigned i = 0; i < n; i++) {
    int ops = LLVMGetNumOperands(users[i]);
    for (int k = 0; k < ops; k++)
      if (LLVMGetOperand(users[i], k) == v)
        LLVMSetOperand(users[i], (unsigned)k, with);
  }
}

/* The exit's phis of [c0, pre] and [last, body] take `last` from both. */
static void merge_exit_phis(const struct pc_loop *L, LLVMValueRef c0,
                            LLVMValueRef last) {
  for (LLVMValueRef i = LLVMGetFirstInstruction(L->exit);
       i != NULL && LLVMIsAPHINode(i); i = LLVMGetNextInstruction(i)) {
    unsigned n = LLVMCountIncoming(i);
    int from_body = 0;
    for (unsigned k = 0; k < n; k++)
      from_body |= LLVMGetIncomingBlock(i, k) == L->body &&
                   LLVMGetIncomingValue(i, k) == last;
    for (unsigned k = 0; from_body && k < n; k++)
      if (LLVMGetIncomingBlock(i, k) == L->pre &&
          LLVMGetIncomingValue(i, k) == c0)
        LLVMSetOperand(i, k, last);
  }
}

/* Whether the block before the loop enters it only when x0 != 0. */
static int guarded(const struct pc_loop *L) {
  LLVMValueRef t = LLVMGetBasicBlockTerminator(L->pre);
  if (t == NULL || !LLVMIsABranchInst(t) || !LLVMIsConditional(t))
    return 0;
  LLVMValueRef c = LLVMGetCondition(t);
  if (!LLVMIsAICmpInst(c))
    return 0;
  LLVMValueRef l = LLVMGetOperand(c, 0), r = LLVMGetOperand(c, 1);
  if (!((l == L->x0 && is_const_int(r, 0)) ||
        (r == L->x0 && is_const_int(l, 0))))
    return 0;
  LLVMIntPredicate p = LLVMGetICmpPredicate(c);
  /* The successor taken when x0 != 0. */
  unsigned nonzero = p == LLVMIntEQ ? 1 : p == LLVMIntNE ? 0 : 2;
  return nonzero < 2 && LLVMGetSuccessor(t, nonzero) == L->body &&
         LLVMGetSuccessor(t, 1 - nonzero) != L->body;
}

/* Rewrites a matched loop; 0 when a value it computes is used in a way the
 * rewrite does not cover. */
static int rewrite(LLVMModuleRef m, const struct pc_loop *L) {
  if (!used_only_in(L->x, L->body) || !used_only_in(L->dec, L->body) ||
      !used_only_in(L->cond, L->body))
    return 0;
  LLVMContextRef ctx = LLVMGetModuleContext(m);
  LLVMTypeRef xt = LLVMTypeOf(L->x);
  unsigned id = LLVMLookupIntrinsicID("llvm.ctpop", 10);
  LLVMValueRef ctpop = LLVMGetIntrinsicDeclaration(m, id, &xt, 1);
  LLVMTypeRef fty = LLVMIntrinsicGetType(ctx, id, &xt, 1);
  /* In the block before the loop, which dominates every use outside it. */
  LLVMBuilderRef b = LLVMCreateBuilderInContext(ctx);
  LLVMPositionBuilderBefore(b, LLVMGetBasicBlockTerminator(L->pre));
  LLVMValueRef x0 = L->x0;
  LLVMValueRef n = LLVMBuildCall2(b, fty, ctpop, &x0, 1, "popc");
  int guard = guarded(L);
  if (!guard) {
    /* A loop entered with x0 == 0 runs once. */
    LLVMValueRef zero = LLVMBuildICmp(b, LLVMIntEQ, x0,
                                      LLVMConstInt(xt, 0, 0), "popc.zero");
    n = LLVMBuildAdd(b, n, LLVMBuildZExt(b, zero, xt, ""), "popc.trips");
  }
  for (unsigned i = 0; i < L->ncounters; i++) {
    LLVMValueRef c = L->counters[i];
    LLVMTypeRef ct = LLVMTypeOf(c);
    LLVMValueRef inc = NULL, c0 = NULL;
    LLVMBasicBlockRef pre = NULL;
    phi_split(c, L->body, &inc, &c0, &pre);
    unsigned cw = LLVMGetIntTypeWidth(ct), xw = LLVMGetIntTypeWidth(xt);
    LLVMValueRef nc = cw < xw   ? LLVMBuildTrunc(b, n, ct, "")
                      : cw > xw ? LLVMBuildZExt(b, n, ct, "")
                                : n;
    LLVMValueRef last = LLVMBuildAdd(
        b, c0, LLVMBuildMul(b, L->steps[i], nc, ""), "popc.count");
    replace_outside(inc, L->body, last);
    /* The guard's way round the loop gives c0, which is `last` too. */
    if (guard)
      merge_exit_phis(L, c0, last);
    replace_outside(c, L->body, LLVMBuildSub(b, last, L->steps[i], ""));
  }
  replace_outside(L->and, L->body, LLVMConstInt(xt, 0, 0));
  LLVMDisposeBuilder(b);
  /* Leave after the first trip: the body has no effects. */
  LLVMSetCondition(L->br, LLVMConstInt(LLVMInt1TypeInContext(ctx),
                                       L->exit_on_true ? 1 : 0, 0));
  return 1;
}

unsigned hipc__nvptx_popcount(LLVMModuleRef m) {
  unsigned done = 0;
  for (LLVMValueRef f = LLVMGetFirstFunction(m); f != NULL;
       f = LLVMGetNextFunction(f)) {
    for (LLVMBasicBlockRef b = LLVMGetFirstBasicBlock(f); b != NULL;
         b = LLVMGetNextBasicBlock(b)) {
      struct pc_loop L;
      if (match_loop(b, &L) && rewrite(m, &L))
        done++;
    }
  }
  return done;
}
