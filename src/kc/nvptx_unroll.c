/* The GPU pass's unrolling of warp-collective loops (docs/nvidia.md, "The
 * device pass"). LLVM never unrolls a loop holding a convergent call (a
 * vote, shuffle or `activemask`) by a count it does not know at compile
 * time: the remainder iterations would add control flow around the call.
 * nvcc does unroll such loops (by 4, the remainder after), and HeCBench
 * vote's loops of `__any`/`__all` took 1.6 times nvcc's time rolled. HIP's
 * warp functions act on the lanes active at the call (`__activemask()`).
 *
 * The loops taken have a header H entered from one block P and a latch X
 * (H itself for a loop of one block), the only block that branches back to
 * H and the only one that leaves the loop, to its exit E. The blocks
 * between H and X form no loop of their own and end in branches or
 * switches. An induction variable i (a phi of H) counts from S in steps of
 * 1 to a bound N that is not a constant (`icmp eq/ne (i + 1), N` in X
 * decides), S and N the same on every lane (computed from constants, the
 * kernel's arguments and the block and grid indices and sizes). The body
 * holds a call to a warp intrinsic and no call that is not an intrinsic
 * (no block barrier), at most MAX_BLOCKS blocks and MAX_BODY instructions.
 * Values of the loop used after it must be used by phis of E, from X. The
 * loop becomes
 *
 *   pick:  T = N - S; R = T & 3; br T >= 4 ? main : H
 *   main:  four copies of the body, each copy's latch going on to the next
 *          copy's header; br i + 4 == N - R ? mid : main
 *   mid:   br R == 0 ? E : H
 *   H..X:  the loop as it was, entered from pick or mid (the remainder)
 *
 * Convergence: every lane that enters makes the same number of trips, so
 * all take the same way through pick, main and mid. Within a copy the
 * branches are the body's own on the same values, and each copy's latch
 * joins them again before the next copy as the loop's latch did before
 * the next trip, so each collective meets the lanes it met before.
 *
 * T is taken modulo 2^w: a loop entered with S == N (2^w trips) takes the
 * original loop alone, as before. */
#include <stdlib.h>
#include <string.h>

#include "kc/nvptx_ir.h"
#include "kc/nvptx_uniform.h"

#define MAX_BODY 64
#define MAX_BLOCKS 8
#define UNROLL 4

struct ur_loop {
  LLVMBasicBlockRef head, latch, pre, exit;
  LLVMBasicBlockRef blocks[MAX_BLOCKS]; /* head first, in an order where
                                           each block follows its preds */
  unsigned nblocks;
  LLVMValueRef iv, inc, bound;
  LLVMValueRef insts[MAX_BODY]; /* the blocks' instructions, in their
                                   order: the header's phis first */
  unsigned n, nphis;
  int exit_single; /* the latch is the exit's one predecessor */
};

/* 1: a warp collective; 0: another intrinsic; -1: anything else. */
static int call_kind(LLVMValueRef call) {
  LLVMValueRef f = LLVMGetCalledValue(call);
  if (f == NULL || !LLVMIsAFunction(f) || LLVMGetIntrinsicID(f) == 0)
    return -1;
  size_t len;
  const char *name = LLVMGetValueName2(f, &len);
  static const char *const warp[] = {"llvm.nvvm.vote.", "llvm.nvvm.shfl.",
                                     "llvm.nvvm.match.",
                                     "llvm.nvvm.activemask"};
  for (size_t i = 0; i < sizeof warp / sizeof *warp; i++)
    if (hipc__nvptx_starts_with(name, len, warp[i]))
      return 1;
  if (hipc__nvptx_starts_with(name, len, "llvm.nvvm.barrier") ||
      hipc__nvptx_starts_with(name, len, "llvm.nvvm.bar."))
    return -1;
  return 0;
}

static int block_index(const struct ur_loop *L, LLVMBasicBlockRef b) {
  for (unsigned i = 0; i < L->nblocks; i++)
    if (L->blocks[i] == b)
      return (int)i;
  return -1;
}

static int in_loop(const struct ur_loop *L, LLVMValueRef v) {
  return LLVMIsAInstruction(v) &&
         block_index(L, LLVMGetInstructionParent(v)) >= 0;
}

/* Uses outside the loop are phis of the exit, reached from the latch, or,
 * where the latch is the exit's one predecessor, anything (unroll() gives
 * those uses a phi in the exit first). */
static int uses_ok(const struct ur_loop *L, LLVMValueRef v) {
  for (LLVMUseRef u = LLVMGetFirstUse(v); u != NULL; u = LLVMGetNextUse(u)) {
    LLVMValueRef user = LLVMGetUser(u);
    if (!LLVMIsAInstruction(user))
      return 0;
    LLVMBasicBlockRef at = LLVMGetInstructionParent(user);
    if (block_index(L, at) >= 0 || L->exit_single)
      continue;
    if (at != L->exit || !LLVMIsAPHINode(user))
      return 0;
    for (unsigned i = 0; i < LLVMCountIncoming(user); i++)
      if (LLVMGetIncomingValue(user, i) == v &&
          LLVMGetIncomingBlock(user, i) != L->latch)
        return 0;
  }
  return 1;
}

/* Uses of `v` after the loop that are not phis of the exit take it from a
 * phi of the exit, so that the exit can gain a predecessor (LCSSA). */
static void exit_phi(LLVMBuilderRef b, const struct ur_loop *L,
                     LLVMValueRef v) {
  LLVMValueRef phi = NULL;
  LLVMUseRef next;
  for (LLVMUseRef u = LLVMGetFirstUse(v); u != NULL; u = next) {
    next = LLVMGetNextUse(u);
    LLVMValueRef user = LLVMGetUser(u);
    LLVMBasicBlockRef at = LLVMGetInstructionParent(user);
    if (block_index(L, at) >= 0 || (at == L->exit && LLVMIsAPHINode(user)))
      continue;
    if (phi == NULL) {
      LLVMPositionBuilderBefore(b, LLVMGetFirstInstruction(L->exit));
      phi = LLVMBuildPhi(b, LLVMTypeOf(v), "");
      LLVMBasicBlockRef latch = L->latch;
      LLVMAddIncoming(phi, &v, &latch, 1);
    }
    int ops = LLVMGetNumOperands(user);
    for (int k = 0; k < ops; k++)
      if (LLVMGetOperand(user, (unsigned)k) == v)
        LLVMSetOperand(user, (unsigned)k, phi);
    /* Setting the user's operands dropped its uses of `v`, `next` among
     * them where the user took `v` twice: start again. */
    next = LLVMGetFirstUse(v);
  }
}

/* The blocks from the header to the latch: those reached from the header
 * without leaving by the latch, none branching to the header but the
 * latch, none leaving the loop but by the latch, none entered from
 * outside but the header (from `pre`), and without a cycle among them.
 * They are stored so that each follows the blocks that branch to it. */
static int find_blocks(LLVMValueRef f, struct ur_loop *L) {
  LLVMBasicBlockRef seen[MAX_BLOCKS];
  unsigned nseen = 0, indeg[MAX_BLOCKS] = {0};
  seen[nseen++] = L->head;
  for (unsigned i = 0; i < nseen; i++) {
    if (seen[i] == L->latch)
      continue;
    LLVMValueRef t = LLVMGetBasicBlockTerminator(seen[i]);
    if (t == NULL || (!LLVMIsABranchInst(t) && !LLVMIsASwitchInst(t)))
      return 0;
    for (unsigned k = 0; k < LLVMGetNumSuccessors(t); k++) {
      LLVMBasicBlockRef s = LLVMGetSuccessor(t, k);
      if (s == L->head || s == L->exit)
        return 0;
      unsigned j = 0;
      while (j < nseen && seen[j] != s)
        j++;
      if (j == nseen) {
        if (nseen == MAX_BLOCKS)
          return 0;
        seen[nseen++] = s;
      }
      indeg[j]++;
    }
  }
  unsigned latch_at = 0;
  while (latch_at < nseen && seen[latch_at] != L->latch)
    latch_at++;
  if (latch_at == nseen)
    return 0;
  /* The header's predecessors are `pre` and the latch; the other blocks'
   * are in the loop. Whether the exit has other predecessors than the
   * latch, on the way. */
  L->exit_single = 1;
  for (LLVMBasicBlockRef b = LLVMGetFirstBasicBlock(f); b != NULL;
       b = LLVMGetNextBasicBlock(b)) {
    unsigned j = 0;
    while (j < nseen && seen[j] != b)
      j++;
    if (j < nseen)
      continue;
    LLVMValueRef t = LLVMGetBasicBlockTerminator(b);
    for (unsigned k = 0; t != NULL && k < LLVMGetNumSuccessors(t); k++) {
      LLVMBasicBlockRef s = LLVMGetSuccessor(t, k);
      if (s == L->exit)
        L->exit_single = 0;
      for (unsigned i = 0; i < nseen; i++) {
        if (seen[i] != s)
          continue;
        if (s != L->head || (L->pre != NULL && L->pre != b))
          return 0;
        L->pre = b;
      }
    }
  }
  if (L->pre == NULL)
    return 0;
  /* The order: a block once every block in the loop that branches to it
   * is placed (Kahn's); a block left over lies on a cycle. */
  unsigned done[MAX_BLOCKS] = {0};
  L->nblocks = 0;
  while (L->nblocks < nseen) {
    unsigned j = 0;
    while (j < nseen && (done[j] || indeg[j] != 0))
      j++;
    if (j == nseen)
      return 0;
    done[j] = 1;
    L->blocks[L->nblocks++] = seen[j];
    if (seen[j] == L->latch)
      continue;
    LLVMValueRef t = LLVMGetBasicBlockTerminator(seen[j]);
    for (unsigned k = 0; k < LLVMGetNumSuccessors(t); k++)
      for (unsigned i = 0; i < nseen; i++)
        if (seen[i] == LLVMGetSuccessor(t, k))
          indeg[i]--;
  }
  return L->blocks[0] == L->head;
}

/* The induction variable: the condition compares (i + 1) with N, N from
 * outside the loop and not a constant, i a phi of the header that takes
 * i + 1 from the latch. */
static int find_counter(struct ur_loop *L, LLVMValueRef cond) {
  for (unsigned k = 0; k < 2; k++) {
    LLVMValueRef a = LLVMGetOperand(cond, k), n = LLVMGetOperand(cond, 1 - k);
    if (!in_loop(L, a) || LLVMGetInstructionOpcode(a) != LLVMAdd ||
        in_loop(L, n) || LLVMIsAConstant(n))
      continue;
    for (unsigned j = 0; j < 2; j++) {
      LLVMValueRef phi = LLVMGetOperand(a, j), one = LLVMGetOperand(a, 1 - j);
      if (LLVMIsAPHINode(phi) && LLVMIsAInstruction(phi) &&
          LLVMGetInstructionParent(phi) == L->head && LLVMIsAConstantInt(one) &&
          LLVMConstIntGetZExtValue(one) == 1 &&
          hipc__nvptx_incoming(phi, L->latch) == a) {
        L->iv = phi, L->inc = a, L->bound = n;
        return 1;
      }
    }
  }
  return 0;
}

/* Whether `latch` closes a loop this pass unrolls; fills `L`. */
static int match_loop(LLVMModuleRef m, LLVMValueRef f, LLVMBasicBlockRef latch,
                      struct ur_loop *L) {
  memset(L, 0, sizeof *L);
  L->latch = latch;
  LLVMValueRef br = LLVMGetBasicBlockTerminator(latch);
  if (br == NULL || !LLVMIsABranchInst(br) || !LLVMIsConditional(br))
    return 0;
  LLVMValueRef cond = LLVMGetCondition(br);
  if (!LLVMIsAICmpInst(cond) || LLVMGetInstructionParent(cond) != latch)
    return 0;
  LLVMIntPredicate p = LLVMGetICmpPredicate(cond);
  if (p != LLVMIntEQ && p != LLVMIntNE)
    return 0;
  /* eq leaves when true, ne when false. */
  L->exit = LLVMGetSuccessor(br, p == LLVMIntEQ ? 0 : 1);
  L->head = LLVMGetSuccessor(br, p == LLVMIntEQ ? 1 : 0);
  if (L->exit == L->head || !find_blocks(f, L) || !find_counter(L, cond))
    return 0;
  int warp = 0;
  for (unsigned b = 0; b < L->nblocks; b++)
    for (LLVMValueRef i = LLVMGetFirstInstruction(L->blocks[b]); i != NULL;
         i = LLVMGetNextInstruction(i)) {
      if (L->n == MAX_BODY)
        return 0;
      L->insts[L->n++] = i;
      if (LLVMIsAPHINode(i) && b == 0) {
        if (LLVMCountIncoming(i) != 2 ||
            hipc__nvptx_incoming(i, L->pre) == NULL ||
            hipc__nvptx_incoming(i, L->latch) == NULL)
          return 0;
        L->nphis++;
      } else if (LLVMIsACallInst(i)) {
        int kind = call_kind(i);
        if (kind < 0)
          return 0;
        warp |= kind;
      } else if (LLVMIsAInvokeInst(i) || LLVMIsACallBrInst(i)) {
        return 0;
      }
      if (!uses_ok(L, i))
        return 0;
    }
  /* The same trips on every lane, so that the lanes that meet at each
   * collective are the same after the change. */
  return warp && hipc__nvptx_uniform(m, L->bound) &&
         hipc__nvptx_uniform(m, hipc__nvptx_incoming(L->iv, L->pre));
}

/* A copy of the body: its blocks, and its value of each instruction. */
struct ur_copy {
  LLVMBasicBlockRef blocks[MAX_BLOCKS];
  LLVMValueRef vals[MAX_BODY];
};

/* The copy's value of `v` (an instruction or block of the loop), or `v`. */
static LLVMValueRef mapped(const struct ur_loop *L, const struct ur_copy *c,
                           LLVMValueRef v) {
  if (LLVMValueIsBasicBlock(v)) {
    int j = block_index(L, LLVMValueAsBasicBlock(v));
    return j >= 0 ? LLVMBasicBlockAsValue(c->blocks[j]) : v;
  }
  for (unsigned i = 0; i < L->n; i++)
    if (L->insts[i] == v)
      return c->vals[i] != NULL ? c->vals[i] : v;
  return v;
}

/* Fills the copy's blocks (made already) with the body, its header's phis
 * standing for `phis` (the values the trip starts from); the latch's
 * branch is left to the caller. */
static void copy_body(LLVMBuilderRef b, const struct ur_loop *L,
                      struct ur_copy *c, LLVMValueRef *phis) {
  for (unsigned i = 0; i < L->nphis; i++)
    c->vals[i] = phis[i];
  unsigned i = L->nphis;
  for (unsigned k = 0; k < L->nblocks; k++) {
    LLVMPositionBuilderAtEnd(b, c->blocks[k]);
    for (; i < L->n && LLVMGetInstructionParent(L->insts[i]) == L->blocks[k];
         i++) {
      LLVMValueRef inst = L->insts[i];
      if (LLVMIsAPHINode(inst))
        c->vals[i] = LLVMBuildPhi(b, LLVMTypeOf(inst), "");
      else if (inst != LLVMGetBasicBlockTerminator(L->latch))
        LLVMInsertIntoBuilder(b, c->vals[i] = LLVMInstructionClone(inst));
    }
  }
  /* The operands once every value of the copy exists. */
  for (i = L->nphis; i < L->n; i++) {
    LLVMValueRef inst = L->insts[i], v = c->vals[i];
    if (v == NULL)
      continue;
    if (LLVMIsAPHINode(inst)) {
      for (unsigned k = 0; k < LLVMCountIncoming(inst); k++) {
        LLVMValueRef in = mapped(L, c, LLVMGetIncomingValue(inst, k));
        LLVMBasicBlockRef from = LLVMValueAsBasicBlock(
            mapped(L, c, LLVMBasicBlockAsValue(LLVMGetIncomingBlock(inst, k))));
        LLVMAddIncoming(v, &in, &from, 1);
      }
      continue;
    }
    int ops = LLVMGetNumOperands(v);
    for (int k = 0; k < ops; k++)
      LLVMSetOperand(v, (unsigned)k,
                     mapped(L, c, LLVMGetOperand(inst, (unsigned)k)));
  }
}

static void unroll(LLVMModuleRef m, const struct ur_loop *L) {
  LLVMContextRef ctx = LLVMGetModuleContext(m);
  LLVMBuilderRef b = LLVMCreateBuilderInContext(ctx);
  if (L->exit_single)
    for (unsigned i = 0; i < L->n; i++)
      exit_phi(b, L, L->insts[i]);
  LLVMBasicBlockRef pick =
      LLVMInsertBasicBlockInContext(ctx, L->head, "unroll.pick");
  struct ur_copy *copies = calloc(UNROLL, sizeof *copies);
  for (int k = 0; k < UNROLL; k++)
    for (unsigned j = 0; j < L->nblocks; j++)
      copies[k].blocks[j] = LLVMInsertBasicBlockInContext(
          ctx, L->head, k == 0 && j == 0 ? "unroll.main" : "unroll.copy");
  LLVMBasicBlockRef main = copies[0].blocks[0];
  LLVMBasicBlockRef mid =
      LLVMInsertBasicBlockInContext(ctx, L->head, "unroll.mid");
  /* pick: P's edge to H goes there. */
  LLVMValueRef pt = LLVMGetBasicBlockTerminator(L->pre);
  for (unsigned k = 0; k < LLVMGetNumSuccessors(pt); k++)
    if (LLVMGetSuccessor(pt, k) == L->head)
      LLVMSetSuccessor(pt, k, pick);
  LLVMTypeRef it = LLVMTypeOf(L->iv);
  LLVMPositionBuilderAtEnd(b, pick);
  LLVMValueRef start = hipc__nvptx_incoming(L->iv, L->pre);
  LLVMValueRef trips = LLVMBuildSub(b, L->bound, start, "unroll.trips");
  LLVMValueRef rem =
      LLVMBuildAnd(b, trips, LLVMConstInt(it, UNROLL - 1, 0), "unroll.rem");
  LLVMValueRef stop = LLVMBuildSub(b, L->bound, rem, "unroll.stop");
  LLVMBuildCondBr(
      b, LLVMBuildICmp(b, LLVMIntUGE, trips, LLVMConstInt(it, UNROLL, 0), ""),
      main, L->head);
  /* main: the header's phis, then the copies, each starting from the
   * values the one before leaves for the latch's edge. */
  LLVMValueRef phis[MAX_BODY], mphis[MAX_BODY];
  LLVMPositionBuilderAtEnd(b, main);
  for (unsigned i = 0; i < L->nphis; i++) {
    LLVMValueRef v = hipc__nvptx_incoming(L->insts[i], L->pre);
    mphis[i] = phis[i] = LLVMBuildPhi(b, LLVMTypeOf(L->insts[i]), "");
    LLVMAddIncoming(mphis[i], &v, &pick, 1);
  }
  unsigned latch_at = (unsigned)block_index(L, L->latch);
  for (int k = 0; k < UNROLL; k++) {
    copy_body(b, L, &copies[k], phis);
    LLVMValueRef next[MAX_BODY];
    for (unsigned i = 0; i < L->nphis; i++)
      next[i] =
          mapped(L, &copies[k], hipc__nvptx_incoming(L->insts[i], L->latch));
    memcpy(phis, next, L->nphis * sizeof *phis);
    if (k + 1 < UNROLL) {
      LLVMPositionBuilderAtEnd(b, copies[k].blocks[latch_at]);
      LLVMBuildBr(b, copies[k + 1].blocks[0]);
    }
  }
  const struct ur_copy *last = &copies[UNROLL - 1];
  LLVMBasicBlockRef last_latch = last->blocks[latch_at];
  for (unsigned i = 0; i < L->nphis; i++)
    LLVMAddIncoming(mphis[i], &phis[i], &last_latch, 1);
  LLVMPositionBuilderAtEnd(b, last_latch);
  LLVMBuildCondBr(
      b, LLVMBuildICmp(b, LLVMIntEQ, mapped(L, last, L->inc), stop, ""), mid,
      main);
  /* mid: the remainder in the loop, or done. */
  LLVMPositionBuilderAtEnd(b, mid);
  LLVMBuildCondBr(b,
                  LLVMBuildICmp(b, LLVMIntEQ, rem, LLVMConstInt(it, 0, 0), ""),
                  L->exit, L->head);
  /* The exit's phis: from mid, what they take from the latch, as the last
   * copy left it. */
  for (LLVMValueRef e = LLVMGetFirstInstruction(L->exit);
       e != NULL && LLVMIsAPHINode(e); e = LLVMGetNextInstruction(e)) {
    LLVMValueRef v = hipc__nvptx_incoming(e, L->latch);
    if (v == NULL)
      continue;
    v = mapped(L, last, v);
    LLVMAddIncoming(e, &v, &mid, 1);
  }
  /* The header's phis: from pick as from P before, from mid the values
   * after main. */
  for (unsigned i = 0; i < L->nphis; i++) {
    LLVMValueRef phi = L->insts[i];
    LLVMPositionBuilderBefore(b, phi);
    LLVMValueRef np = LLVMBuildPhi(b, LLVMTypeOf(phi), "");
    LLVMValueRef vals[3] = {hipc__nvptx_incoming(phi, L->pre),
                            hipc__nvptx_incoming(phi, L->latch), phis[i]};
    LLVMBasicBlockRef from[3] = {pick, L->latch, mid};
    LLVMAddIncoming(np, vals, from, 3);
    LLVMReplaceAllUsesWith(phi, np);
    LLVMInstructionEraseFromParent(phi);
  }
  LLVMDisposeBuilder(b);
  free(copies);
}

unsigned hipc__nvptx_unroll_warp_loops(LLVMModuleRef m) {
  unsigned done = 0;
  for (LLVMValueRef f = LLVMGetFirstFunction(m); f != NULL;
       f = LLVMGetNextFunction(f)) {
    /* The blocks first: unrolling adds blocks. */
    unsigned n = LLVMCountBasicBlocks(f);
    if (n == 0)
      continue;
    LLVMBasicBlockRef *blocks = malloc(n * sizeof *blocks);
    LLVMGetBasicBlocks(f, blocks);
    for (unsigned i = 0; i < n; i++) {
      struct ur_loop L;
      if (match_loop(m, f, blocks[i], &L)) {
        unroll(m, &L);
        done++;
      }
    }
    free(blocks);
  }
  return done;
}
