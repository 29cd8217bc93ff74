/* The GPU pass's unrolling of warp-collective loops (docs/nvidia.md, "The
 * device pass"). LLVM never unrolls a loop holding a convergent call (a
 * vote, shuffle or `activemask`) by a count it does not know at compile
 * time: the remainder iterations would add control flow around the call.
 * nvcc does unroll such loops (by 4, the remainder after), and HeCBench
 * vote's loops of `__any`/`__all` took 1.6 times nvcc's time rolled. HIP's
 * warp functions act on the lanes active at the call (`__activemask()`).
 *
 * The loops taken are single blocks B, entered from one block P, counted by
 * an induction variable i from S in steps of 1 to a bound N that is not a
 * constant (`icmp eq/ne (i + 1), N` decides), S and N the same on every
 * lane (computed from constants, the kernel's arguments and the block and
 * grid indices and sizes: the lanes that enter take the same way through
 * the copies, so each collective meets the same lanes as before), holding a call to a warp
 * intrinsic and no call that is not an intrinsic (no block barrier), and at
 * most MAX_BODY instructions. Values of B used after it must be used by
 * phis of the exit block. The loop becomes
 *
 *   pick:  T = N - S; R = T & 3; br T >= 4 ? main : B
 *   main:  four copies of B's body; br i + 4 == N - R ? mid : main
 *   mid:   br R == 0 ? exit : B
 *   B:     the loop as it was, entered from pick or mid (the remainder)
 *
 * T is taken modulo 2^w: a loop entered with S == N (2^w trips) takes B
 * alone, as before. */
#include <stdlib.h>
#include <string.h>

#include "kc/nvptx_ir.h"

#define MAX_BODY 48
#define UNROLL 4

struct ur_loop {
  LLVMBasicBlockRef body, pre, exit;
  LLVMValueRef br, iv, inc, bound;
  int exit_on_true;
  LLVMValueRef insts[MAX_BODY]; /* B's instructions, phis first */
  unsigned n, nphis;
};

static int starts_with(const char *s, size_t len, const char *prefix) {
  size_t p = strlen(prefix);
  return len >= p && strncmp(s, prefix, p) == 0;
}

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
    if (starts_with(name, len, warp[i]))
      return 1;
  if (starts_with(name, len, "llvm.nvvm.barrier") ||
      starts_with(name, len, "llvm.nvvm.bar."))
    return -1;
  return 0;
}

static int in_block(LLVMValueRef v, LLVMBasicBlockRef b) {
  return LLVMIsAInstruction(v) && LLVMGetInstructionParent(v) == b;
}

/* The phi's value from `from`. */
static LLVMValueRef incoming(LLVMValueRef phi, LLVMBasicBlockRef from) {
  for (unsigned i = 0; i < LLVMCountIncoming(phi); i++)
    if (LLVMGetIncomingBlock(phi, i) == from)
      return LLVMGetIncomingValue(phi, i);
  return NULL;
}

/* Uses outside B are phis of the exit, reached from B. */
static int uses_ok(const struct ur_loop *L, LLVMValueRef v) {
  for (LLVMUseRef u = LLVMGetFirstUse(v); u != NULL; u = LLVMGetNextUse(u)) {
    LLVMValueRef user = LLVMGetUser(u);
    LLVMBasicBlockRef at = LLVMGetInstructionParent(user);
    if (at == L->body)
      continue;
    if (at != L->exit || !LLVMIsAPHINode(user))
      return 0;
    for (unsigned i = 0; i < LLVMCountIncoming(user); i++)
      if (LLVMGetIncomingValue(user, i) == v &&
          LLVMGetIncomingBlock(user, i) != L->body)
        return 0;
  }
  return 1;
}

/* Whether `f` is a kernel (!nvvm.annotations names it "kernel"). */
static int is_kernel(LLVMModuleRef m, LLVMValueRef f) {
  unsigned n = LLVMGetNamedMetadataNumOperands(m, "nvvm.annotations");
  if (n == 0)
    return 0;
  LLVMValueRef *nodes = malloc(n * sizeof *nodes);
  LLVMGetNamedMetadataOperands(m, "nvvm.annotations", nodes);
  int found = 0;
  for (unsigned i = 0; i < n && !found; i++) {
    unsigned k = LLVMGetMDNodeNumOperands(nodes[i]);
    if (k < 2)
      continue;
    LLVMValueRef ops[8];
    if (k > 8)
      k = 8;
    LLVMGetMDNodeOperands(nodes[i], ops);
    unsigned len = 0;
    const char *s = ops[1] != NULL ? LLVMGetMDString(ops[1], &len) : NULL;
    found = ops[0] == f && s != NULL && len == 6 && !strncmp(s, "kernel", 6);
  }
  free(nodes);
  return found;
}

/* Whether every lane of a block has the same `v`: constants, a kernel's
 * arguments, the block and grid indices and sizes, and what is computed
 * from them. */
static int uniform(LLVMModuleRef m, LLVMValueRef v, int depth) {
  if (LLVMIsAConstant(v))
    return 1;
  if (LLVMIsAArgument(v))
    return is_kernel(m, LLVMGetParamParent(v));
  if (!LLVMIsAInstruction(v) || depth > 8)
    return 0;
  if (LLVMIsACallInst(v)) {
    LLVMValueRef f = LLVMGetCalledValue(v);
    size_t len = 0;
    const char *name = f != NULL ? LLVMGetValueName2(f, &len) : "";
    return starts_with(name, len, "llvm.nvvm.read.ptx.sreg.ntid.") ||
           starts_with(name, len, "llvm.nvvm.read.ptx.sreg.ctaid.") ||
           starts_with(name, len, "llvm.nvvm.read.ptx.sreg.nctaid.");
  }
  switch (LLVMGetInstructionOpcode(v)) {
  case LLVMAdd: case LLVMSub: case LLVMMul: case LLVMShl: case LLVMLShr:
  case LLVMAShr: case LLVMAnd: case LLVMOr: case LLVMXor: case LLVMZExt:
  case LLVMSExt: case LLVMTrunc: case LLVMICmp: case LLVMSelect:
  case LLVMUDiv: case LLVMSDiv: case LLVMURem: case LLVMSRem:
    break;
  default:
    return 0;
  }
  int n = LLVMGetNumOperands(v);
  for (int i = 0; i < n; i++)
    if (!uniform(m, LLVMGetOperand(v, (unsigned)i), depth + 1))
      return 0;
  return 1;
}

static int match_loop(LLVMModuleRef m, LLVMBasicBlockRef b,
                      struct ur_loop *L) {
  memset(L, 0, sizeof *L);
  L->body = b;
  struct nvptx_self_loop s;
  if (!hipc__nvptx_self_loop(b, &s))
    return 0;
  L->br = s.br;
  L->exit = s.exit;
  L->exit_on_true = s.exit_on_true;
  LLVMValueRef cond = s.cond;
  /* (i + 1) against N. */
  for (unsigned k = 0; k < 2 && L->inc == NULL; k++) {
    LLVMValueRef a = LLVMGetOperand(cond, k), n = LLVMGetOperand(cond, 1 - k);
    if (!in_block(a, b) || LLVMGetInstructionOpcode(a) != LLVMAdd ||
        in_block(n, b) || LLVMIsAConstant(n))
      continue;
    for (unsigned j = 0; j < 2; j++) {
      LLVMValueRef phi = LLVMGetOperand(a, j), one = LLVMGetOperand(a, 1 - j);
      if (LLVMIsAPHINode(phi) && in_block(phi, b) &&
          LLVMIsAConstantInt(one) && LLVMConstIntGetZExtValue(one) == 1 &&
          incoming(phi, b) == a)
        L->iv = phi, L->inc = a, L->bound = n;
    }
  }
  if (L->iv == NULL)
    return 0;
  int warp = 0;
  for (LLVMValueRef i = LLVMGetFirstInstruction(b); i != NULL;
       i = LLVMGetNextInstruction(i)) {
    if (L->n == MAX_BODY)
      return 0;
    L->insts[L->n++] = i;
    if (LLVMIsAPHINode(i)) {
      if (LLVMCountIncoming(i) != 2)
        return 0;
      for (unsigned k = 0; k < 2; k++) {
        LLVMBasicBlockRef from = LLVMGetIncomingBlock(i, k);
        if (from == b)
          continue;
        if (L->pre != NULL && L->pre != from)
          return 0;
        L->pre = from;
      }
      L->nphis++;
      continue;
    }
    if (LLVMIsACallInst(i)) {
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
  if (!warp || L->pre == NULL || incoming(L->iv, L->pre) == NULL)
    return 0;
  /* The same trips on every lane, so that the lanes that meet at each
   * collective are the same after the change. */
  return uniform(m, L->bound, 0) && uniform(m, incoming(L->iv, L->pre), 0);
}

/* The copy of `v` in the current copy of the body, or `v` itself. */
static LLVMValueRef mapped(const struct ur_loop *L, LLVMValueRef *cur,
                           LLVMValueRef v) {
  for (unsigned i = 0; i < L->n; i++)
    if (L->insts[i] == v)
      return cur[i] != NULL ? cur[i] : v;
  return v;
}

static void unroll(LLVMModuleRef m, const struct ur_loop *L) {
  LLVMContextRef ctx = LLVMGetModuleContext(m);
  LLVMBuilderRef b = LLVMCreateBuilderInContext(ctx);
  LLVMBasicBlockRef pick = LLVMInsertBasicBlockInContext(ctx, L->body,
                                                         "unroll.pick");
  LLVMBasicBlockRef main = LLVMInsertBasicBlockInContext(ctx, L->body,
                                                         "unroll.main");
  LLVMBasicBlockRef mid = LLVMInsertBasicBlockInContext(ctx, L->body,
                                                        "unroll.mid");
  /* pick: P's edge to B goes there. */
  LLVMValueRef pt = LLVMGetBasicBlockTerminator(L->pre);
  for (unsigned k = 0; k < LLVMGetNumSuccessors(pt); k++)
    if (LLVMGetSuccessor(pt, k) == L->body)
      LLVMSetSuccessor(pt, k, pick);
  LLVMTypeRef it = LLVMTypeOf(L->iv);
  LLVMPositionBuilderAtEnd(b, pick);
  LLVMValueRef start = incoming(L->iv, L->pre);
  LLVMValueRef trips = LLVMBuildSub(b, L->bound, start, "unroll.trips");
  LLVMValueRef rem = LLVMBuildAnd(b, trips, LLVMConstInt(it, UNROLL - 1, 0),
                                  "unroll.rem");
  LLVMValueRef stop = LLVMBuildSub(b, L->bound, rem, "unroll.stop");
  LLVMBuildCondBr(b,
                  LLVMBuildICmp(b, LLVMIntUGE, trips,
                                LLVMConstInt(it, UNROLL, 0), ""),
                  main, L->body);
  /* main: phis, then the copies. */
  LLVMValueRef *cur = calloc(L->n, sizeof *cur);
  LLVMValueRef *next = calloc(L->n, sizeof *next);
  LLVMValueRef *last = calloc(L->n, sizeof *last);
  LLVMValueRef mphis[MAX_BODY];
  LLVMPositionBuilderAtEnd(b, main);
  for (unsigned i = 0; i < L->nphis; i++) {
    LLVMValueRef phi = L->insts[i];
    mphis[i] = LLVMBuildPhi(b, LLVMTypeOf(phi), "");
    LLVMValueRef v = incoming(phi, L->pre);
    LLVMAddIncoming(mphis[i], &v, &pick, 1);
    cur[i] = mphis[i];
  }
  for (int copy = 0; copy < UNROLL; copy++) {
    for (unsigned i = L->nphis; i < L->n; i++) {
      LLVMValueRef inst = L->insts[i];
      if (inst == L->br)
        continue;
      LLVMValueRef c = LLVMInstructionClone(inst);
      int ops = LLVMGetNumOperands(c);
      for (int k = 0; k < ops; k++)
        LLVMSetOperand(c, (unsigned)k,
                       mapped(L, cur, LLVMGetOperand(inst, (unsigned)k)));
      LLVMInsertIntoBuilder(b, c);
      cur[i] = c;
    }
    /* The phis of the next copy: this copy's values from B. */
    for (unsigned i = 0; i < L->nphis; i++)
      next[i] = mapped(L, cur, incoming(L->insts[i], L->body));
    for (unsigned i = 0; i < L->nphis; i++)
      last[i] = cur[i], cur[i] = next[i];
  }
  for (unsigned i = 0; i < L->nphis; i++)
    LLVMAddIncoming(mphis[i], &cur[i], &main, 1);
  LLVMValueRef iv_end = cur[0];
  for (unsigned i = 0; i < L->nphis; i++)
    if (L->insts[i] == L->iv)
      iv_end = cur[i];
  LLVMBuildCondBr(b, LLVMBuildICmp(b, LLVMIntEQ, iv_end, stop, ""), mid,
                  main);
  /* mid: the remainder in B, or done. */
  LLVMPositionBuilderAtEnd(b, mid);
  LLVMBuildCondBr(b,
                  LLVMBuildICmp(b, LLVMIntEQ, rem, LLVMConstInt(it, 0, 0), ""),
                  L->exit, L->body);
  /* The exit's phis: from mid, what they take from B, as the last copy
   * left it. */
  for (LLVMValueRef e = LLVMGetFirstInstruction(L->exit);
       e != NULL && LLVMIsAPHINode(e); e = LLVMGetNextInstruction(e)) {
    LLVMValueRef v = incoming(e, L->body);
    if (v == NULL)
      continue;
    for (unsigned i = 0; i < L->n; i++)
      if (L->insts[i] == v)
        v = i < L->nphis ? last[i] : cur[i];
    LLVMAddIncoming(e, &v, &mid, 1);
  }
  /* B's phis: from pick as from P before, from mid the values after main
   * (the phi slots of `cur` hold a next copy's). */
  for (unsigned i = 0; i < L->nphis; i++) {
    LLVMValueRef phi = L->insts[i];
    LLVMPositionBuilderBefore(b, phi);
    LLVMValueRef np = LLVMBuildPhi(b, LLVMTypeOf(phi), "");
    LLVMValueRef vals[3] = {incoming(phi, L->pre), incoming(phi, L->body),
                            cur[i]};
    LLVMBasicBlockRef from[3] = {pick, L->body, mid};
    LLVMAddIncoming(np, vals, from, 3);
    LLVMReplaceAllUsesWith(phi, np);
    LLVMInstructionEraseFromParent(phi);
  }
  LLVMDisposeBuilder(b);
  free(cur);
  free(next);
  free(last);
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
      if (match_loop(m, blocks[i], &L)) {
        unroll(m, &L);
        done++;
      }
    }
    free(blocks);
  }
  return done;
}
