/* kc's region form, step 5 (form_loops.h): writes `void K.run(ptr b)`.
 *
 * The entry block reads everything that is the same for the whole block
 * once and lays out the per-thread storage (form_loops_entry.c).
 * Each region is then a z, y, x loop nest over the block's threads with
 * threadIdx.x innermost, whose body is the region's code for one thread
 * (form_loops_clone.c). A thread's run of a region ends at a barrier or at
 * a return; after the loops, the barrier the threads went to (the same for
 * all: form_loops_uniform.c made sure, and a region that could end at two
 * checks at run time) picks the next region. A thread that returns while
 * others go on to a barrier is marked in a per-thread flag that the later
 * regions skip. */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <llvm-c/DebugInfo.h>

#include "form_loops.h"
#include "hip/hipc/kernel.h"

/* How region r ends: which barriers, and whether by returning. */
unsigned hipc__form_loops_ends(struct fl_state* s, unsigned r,
                               unsigned char* bar, int* ret) {
  const unsigned char* in = s->in_region + (size_t)r * s->nsegs;
  unsigned n = 0;
  memset(bar, 0, s->nbars + 1);
  *ret = 0;
  for (unsigned g = 0; g < s->nsegs; g++) {
    if (!in[g]) continue;
    if (s->segs[g].bar) {
      n += !bar[s->segs[g].bar_id];
      bar[s->segs[g].bar_id] = 1;
    } else if (LLVMIsAReturnInst(LLVMGetBasicBlockTerminator(s->segs[g].bb))) {
      *ret = 1;
    }
  }
  return n;
}

static LLVMValueRef loop_phi(struct fl_emit* e, const char* name) {
  return LLVMBuildPhi(e->b, e->i32, name);
}

/* Loop metadata for an x loop: no interleaving. Blocks are short (64 to
 * 1024 threads, often fewer once threads return), and an interleaved
 * vector body of 4 * 32 lanes would leave them all to the scalar rest. */
void hipc__form_loops_x_hints(struct fl_emit* e, LLVMValueRef br) {
  LLVMContextRef cx = LLVMGetTypeContext(e->i32);
  const char* ic = "llvm.loop.interleave.count";
  LLVMMetadataRef hint[2] = {
      LLVMMDStringInContext2(cx, ic, strlen(ic)),
      LLVMValueAsMetadata(LLVMConstInt(e->i32, 1, 0))};
  LLVMMetadataRef self = LLVMTemporaryMDNode(cx, NULL, 0);
  LLVMMetadataRef ops[2] = {self, LLVMMDNodeInContext2(cx, hint, 2)};
  LLVMMetadataRef loop = LLVMMDNodeInContext2(cx, ops, 2);
  LLVMMetadataReplaceAllUsesWith(self, loop);
  LLVMSetMetadata(br, LLVMGetMDKindIDInContext(cx, "llvm.loop", 9),
                  LLVMMetadataAsValue(cx, loop));
}

/* Closes a do-while loop over [0, bound) of induction variable `iv`. */
static void loop_latch(struct fl_emit* e, LLVMValueRef iv, LLVMValueRef bound,
                       LLVMBasicBlockRef head, LLVMBasicBlockRef from,
                       LLVMBasicBlockRef out, LLVMBasicBlockRef latch) {
  LLVMValueRef next = LLVMBuildNUWAdd(e->b, iv, LLVMConstInt(e->i32, 1, 0), "");
  LLVMValueRef br = LLVMBuildCondBr(
      e->b, LLVMBuildICmp(e->b, LLVMIntULT, next, bound, ""), head, out);
  if (head == e->xh) hipc__form_loops_x_hints(e, br);
  LLVMValueRef zero = LLVMConstInt(e->i32, 0, 0);
  LLVMValueRef vals[2] = {zero, next};
  LLVMBasicBlockRef blocks[2] = {from, latch};
  LLVMAddIncoming(iv, vals, blocks, 2);
}

/* while (h >= n && the n exit flags below h are all set) h -= n, with
 * one load of n bytes per step; from the current block, ending at a new
 * one. Returns the final h. */
static LLVMValueRef hi_steps(struct fl_state* s, struct fl_emit* e,
                             LLVMValueRef h0, unsigned n) {
  LLVMBasicBlockRef from = LLVMGetInsertBlock(e->b);
  LLVMBasicBlockRef words = LLVMAppendBasicBlockInContext(s->cx, e->run, "hi8");
  LLVMBasicBlockRef word = LLVMAppendBasicBlockInContext(s->cx, e->run, "");
  LLVMBasicBlockRef done = LLVMAppendBasicBlockInContext(s->cx, e->run, "");
  LLVMValueRef step = LLVMConstInt(e->i32, n, 0);
  LLVMTypeRef wty = LLVMIntTypeInContext(s->cx, 8 * n);
  uint64_t ones[4] = {0x0101010101010101ull, 0x0101010101010101ull,
                      0x0101010101010101ull, 0x0101010101010101ull};
  LLVMBuildBr(e->b, words);
  LLVMPositionBuilderAtEnd(e->b, words);
  LLVMValueRef hw = LLVMBuildPhi(e->b, e->i32, "");
  LLVMBuildCondBr(e->b, LLVMBuildICmp(e->b, LLVMIntUGE, hw, step, ""), word,
                  done);
  LLVMPositionBuilderAtEnd(e->b, word);
  LLVMValueRef below = LLVMBuildSub(e->b, hw, step, "");
  LLVMValueRef ix = LLVMBuildZExt(e->b, below, e->i64, "");
  LLVMValueRef w = LLVMBuildLoad2(
      e->b, wty, LLVMBuildInBoundsGEP2(e->b, e->i8, e->exited, &ix, 1, ""), "");
  LLVMSetAlignment(w, 1);
  LLVMBuildCondBr(
      e->b,
      LLVMBuildICmp(e->b, LLVMIntEQ, w,
                    LLVMConstIntOfArbitraryPrecision(wty, n / 8, ones), ""),
      words, done);
  LLVMValueRef wv[2] = {h0, below};
  LLVMBasicBlockRef wf[2] = {from, word};
  LLVMAddIncoming(hw, wv, wf, 2);
  LLVMPositionBuilderAtEnd(e->b, done);
  LLVMValueRef h = LLVMBuildPhi(e->b, e->i32, "");
  LLVMValueRef hv[2] = {hw, hw};
  LLVMBasicBlockRef hf[2] = {words, word};
  LLVMAddIncoming(h, hv, hf, 2);
  return h;
}

/* After a region where threads returned: hi = one past the last thread
 * that has not, a scan down from the old hi over the exit flags, 32 and
 * then eight at a time while they are all set (the common `if (tid < n)
 * {...}` leaves a run of returned threads at the top). Ends at a new
 * block. */
static void lower_hi(struct fl_state* s, struct fl_emit* e) {
  LLVMValueRef h0 = LLVMBuildLoad2(e->b, e->i32, e->hi, "");
  LLVMValueRef hw = hi_steps(s, e, hi_steps(s, e, h0, 32), 8);
  LLVMBasicBlockRef pre = LLVMGetInsertBlock(e->b);
  LLVMBasicBlockRef head = LLVMAppendBasicBlockInContext(s->cx, e->run, "hi");
  LLVMBasicBlockRef look = LLVMAppendBasicBlockInContext(s->cx, e->run, "");
  LLVMBasicBlockRef out = LLVMAppendBasicBlockInContext(s->cx, e->run, "");
  LLVMValueRef one = LLVMConstInt(e->i32, 1, 0);
  LLVMBuildBr(e->b, head);
  /* then one at a time */
  LLVMPositionBuilderAtEnd(e->b, head);
  LLVMValueRef h = LLVMBuildPhi(e->b, e->i32, "");
  LLVMBuildCondBr(
      e->b, LLVMBuildICmp(e->b, LLVMIntEQ, h, LLVMConstInt(e->i32, 0, 0), ""),
      out, look);
  LLVMPositionBuilderAtEnd(e->b, look);
  LLVMValueRef below = LLVMBuildSub(e->b, h, one, "");
  LLVMValueRef i = LLVMBuildZExt(e->b, below, e->i64, "");
  LLVMValueRef f = LLVMBuildLoad2(
      e->b, e->i8, LLVMBuildInBoundsGEP2(e->b, e->i8, e->exited, &i, 1, ""),
      "");
  LLVMBuildCondBr(
      e->b, LLVMBuildICmp(e->b, LLVMIntNE, f, LLVMConstInt(e->i8, 0, 0), ""),
      head, out);
  LLVMValueRef vals[2] = {hw, below};
  LLVMBasicBlockRef from[2] = {pre, look};
  LLVMAddIncoming(h, vals, from, 2);
  LLVMPositionBuilderAtEnd(e->b, out);
  LLVMBuildStore(e->b, h, e->hi);
}

void hipc__form_loops_end(struct fl_emit* e, unsigned id, int ret) {
  e->end_blk[e->nends] = LLVMGetInsertBlock(e->b);
  e->end_ret[e->nends] = LLVMConstInt(e->i32, (unsigned)ret, 0);
  e->end_id[e->nends++] = LLVMConstInt(e->i32, id, 0);
}

/* After a region whose threads may go to different barriers: more than one
 * end reached stops the program. Returns the block where it goes on. */
static LLVMBasicBlockRef agree(struct fl_state* s, struct fl_emit* e,
                               LLVMValueRef ends) {
  LLVMValueRef many =
      LLVMBuildICmp(e->b, LLVMIntUGT, ends, LLVMConstInt(e->i32, 1, 0), "");
  LLVMBasicBlockRef die =
      LLVMAppendBasicBlockInContext(s->cx, e->run, "disagree");
  LLVMBasicBlockRef ok = LLVMAppendBasicBlockInContext(s->cx, e->run, "");
  LLVMBuildCondBr(e->b, many, die, ok);
  LLVMPositionBuilderAtEnd(e->b, die);
  if (!e->fatal) {
    e->fatal = LLVMGetNamedFunction(s->m, "hipc_cpu_region_nonuniform");
    if (!e->fatal)
      e->fatal = LLVMAddFunction(
          s->m, "hipc_cpu_region_nonuniform",
          LLVMFunctionType(LLVMVoidTypeInContext(s->cx), NULL, 0, 0));
  }
  LLVMBuildCall2(e->b, LLVMGlobalGetValueType(e->fatal), e->fatal, NULL, 0, "");
  LLVMBuildUnreachable(e->b);
  LLVMPositionBuilderAtEnd(e->b, ok);
  return ok;
}

/* A thread index is below 1024 (launches check maxThreadsDim and
 * maxThreadsPerBlock): said to LLVM, `(int)tid % 64` becomes `tid & 63`. */
static void assume_small(struct fl_state* s, struct fl_emit* e,
                         LLVMValueRef v) {
  unsigned id = LLVMLookupIntrinsicID("llvm.assume", 11);
  LLVMValueRef fn = LLVMGetIntrinsicDeclaration(s->m, id, NULL, 0);
  LLVMValueRef c = LLVMBuildICmp(e->b, LLVMIntULT, v,
                                 LLVMConstInt(e->i32, 1024, 0), "");
  LLVMBuildCall2(e->b, LLVMGlobalGetValueType(fn), fn, &c, 1, "");
}

/* Regions in a row are one chain to LLVM's ScalarEvolution. To prove a
 * fact at a loop, it walks back from block to single predecessor (and
 * from a loop header to the block before the loop) over every region
 * before it and asks each branch on the way: with a hundred regions in a
 * row (hipCUB's radix sort), IndVarSimplify spent 6 of a K.run's 9
 * seconds there, quadratic in the regions, and cutting the chain at every
 * fourth region still left 2 seconds. In a K.run of CHAIN_REGIONS regions
 * or more, each region's first block gets a second way to the region's
 * end, on a volatile load of 0 compared with -1, which the walk does not
 * pass: one load per region per block at run time. Smaller kernels keep
 * the whole chain (cut at every region, bench/'s reduce ran 3-10% slower
 * in noisy runs): regions share values through memory, but a fact from
 * an earlier region may still help. */
enum { CHAIN_REGIONS = 16 };

/* The first block's branch to the region's loops (zh), or around them to
 * `post` where the chain is cut. */
static LLVMValueRef enter_loops(struct fl_state* s, struct fl_emit* e,
                                LLVMBasicBlockRef zh, LLVMBasicBlockRef post) {
  if (s->nregions < CHAIN_REGIONS)
    return LLVMBuildBr(e->b, zh);
  if (!e->opaque) {
    LLVMBuilderRef a = LLVMCreateBuilderInContext(s->cx);
    LLVMValueRef first =
        LLVMGetFirstInstruction(LLVMGetEntryBasicBlock(e->run));
    LLVMPositionBuilderBefore(a, first);
    e->opaque = LLVMBuildAlloca(a, e->i32, "chain");
    LLVMPositionBuilderBefore(a, first);
    LLVMBuildStore(a, LLVMConstInt(e->i32, 0, 0), e->opaque);
    LLVMDisposeBuilder(a);
  }
  LLVMValueRef v = LLVMBuildLoad2(e->b, e->i32, e->opaque, "");
  LLVMSetVolatile(v, 1);
  LLVMValueRef never = LLVMBuildICmp(e->b, LLVMIntEQ, v,
                                     LLVMConstAllOnes(e->i32), "");
  return LLVMBuildCondBr(e->b, never, post, zh);
}

static int region(struct fl_state* s, struct fl_emit* e, unsigned r,
                  unsigned char* bar) {
  int ret;
  unsigned nbar = hipc__form_loops_ends(s, r, bar, &ret);
  e->r = r;
  e->vote = nbar >= 2 || (nbar == 1 && ret);
  e->check = nbar >= 2;
  e->mark_exit = s->need_exit_flags && ret && nbar >= 1;
  for (unsigned k = 0, n = 0; k < s->nbars; k++)
    if (bar[k]) e->end_of[k] = ++n;
  LLVMBasicBlockRef zh = LLVMAppendBasicBlockInContext(s->cx, e->run, "z");
  LLVMBasicBlockRef yh = LLVMAppendBasicBlockInContext(s->cx, e->run, "y");
  e->xh = LLVMAppendBasicBlockInContext(s->cx, e->run, "x");
  e->xl = LLVMAppendBasicBlockInContext(s->cx, e->run, "x.next");
  LLVMBasicBlockRef yl = LLVMAppendBasicBlockInContext(s->cx, e->run, "y.next");
  LLVMBasicBlockRef zl = LLVMAppendBasicBlockInContext(s->cx, e->run, "z.next");
  LLVMBasicBlockRef post =
      LLVMAppendBasicBlockInContext(s->cx, e->run, "after");

  LLVMPositionBuilderAtEnd(e->b, e->pre[r]);
  for (unsigned k = 0; k < s->nbars; k++) {
    if (!bar[k] || !e->acc[k]) continue;
    int and = hipc__form_loops_barrier_kind(s->bars[k]) == FL_BAR_AND;
    LLVMBuildStore(e->b, LLVMConstInt(e->i32, and, 0), e->acc[k]);
  }
  /* With one barrier and exits, hi says whether any thread went on. */
  int one_way = e->mark_exit && nbar == 1;
  for (unsigned j = 1; e->vote && !one_way && j <= nbar; j++) {
    if (!e->cnt[j]) {
      /* Counters are allocas of the entry, made when first needed. */
      LLVMBuilderRef a = LLVMCreateBuilderInContext(s->cx);
      LLVMPositionBuilderBefore(
          a, LLVMGetFirstInstruction(LLVMGetEntryBasicBlock(e->run)));
      e->cnt[j] = LLVMBuildAlloca(a, e->i32, "cnt");
      LLVMDisposeBuilder(a);
    }
    LLVMBuildStore(e->b, LLVMConstInt(e->i32, 0, 0), e->cnt[j]);
  }
  if (e->mark_exit) {
    LLVMBuildStore(e->b, LLVMConstInt(e->i32, 0, 0), e->nret);
  }
  e->nends = 0;
  /* Threads from `hi` on have returned: in a one-dimensional block the
   * x loop stops there (after `if (tid < warpSize) {...}` most do). */
  LLVMValueRef xb = e->dim[0];
  if (e->hi) {
    LLVMValueRef h = LLVMBuildLoad2(e->b, e->i32, e->hi, "");
    LLVMValueRef flat = LLVMBuildICmp(
        e->b, LLVMIntEQ, LLVMBuildMul(e->b, e->dim[1], e->dim[2], ""),
        LLVMConstInt(e->i32, 1, 0), "");
    LLVMValueRef lower = LLVMBuildICmp(e->b, LLVMIntULT, h, e->dim[0], "");
    xb = LLVMBuildSelect(e->b, LLVMBuildAnd(e->b, flat, lower, ""), h,
                         e->dim[0], "xb");
    /* Dense: no thread below the bound has returned (the returned ones all
     * lie from `hi` on, which a flat block's loop stops at). The loops then
     * skip no thread, and LLVM unswitches them on it: no flag is read. */
    LLVMValueRef n = LLVMBuildLoad2(e->b, e->i32, e->nexit, "");
    LLVMValueRef above = LLVMBuildSelect(
        e->b, flat, LLVMBuildSub(e->b, e->count, h, ""),
        LLVMConstInt(e->i32, 0, 0), "");
    e->dense = LLVMBuildICmp(e->b, LLVMIntEQ, n, above, "dense");
  }
  LLVMPositionBuilderBefore(e->bp, enter_loops(s, e, zh, post));
  hipc__form_loops_map_free(&e->hoisted);
  LLVMPositionBuilderAtEnd(e->b, zh);
  LLVMValueRef z = loop_phi(e, "tid.z");
  LLVMBuildBr(e->b, yh);
  LLVMPositionBuilderAtEnd(e->b, yh);
  LLVMValueRef y = loop_phi(e, "tid.y");
  LLVMValueRef row = LLVMBuildNUWMul(
      e->b, e->dim[0],
      LLVMBuildNUWAdd(e->b, y, LLVMBuildNUWMul(e->b, e->dim[1], z, ""), ""),
      "");
  LLVMBuildBr(e->b, e->xh);
  LLVMPositionBuilderAtEnd(e->b, e->xh);
  LLVMValueRef x = loop_phi(e, "tid.x");
  e->idx[0] = x;
  e->idx[1] = y;
  e->idx[2] = z;
  e->t = LLVMBuildNUWAdd(e->b, row, x, "t");
  assume_small(s, e, x);
  e->lane = NULL;
  LLVMBasicBlockRef body = LLVMAppendBasicBlockInContext(s->cx, e->run, "body");
  if (s->need_exit_flags && r > 0) {
    LLVMBasicBlockRef chk = LLVMAppendBasicBlockInContext(s->cx, e->run, "");
    LLVMBuildCondBr(e->b, e->dense, body, chk);
    LLVMPositionBuilderAtEnd(e->b, chk);
    LLVMValueRef f = LLVMBuildLoad2(
        e->b, e->i8,
        LLVMBuildInBoundsGEP2(e->b, e->i8, e->exited, &e->t, 1, ""), "");
    hipc__form_loops_tag(s, f, s->nslots);
    hipc__form_loops_end(e, 0, 0);
    LLVMBuildCondBr(
        e->b, LLVMBuildICmp(e->b, LLVMIntNE, f, LLVMConstInt(e->i8, 0, 0), ""),
        e->xl, body);
  } else {
    LLVMBuildBr(e->b, body);
  }
  LLVMPositionBuilderBefore(e->bx, LLVMGetBasicBlockTerminator(e->xh));

  LLVMBasicBlockRef start = hipc__form_loops_clone(s);
  if (!start) return 0;
  LLVMPositionBuilderAtEnd(e->b, body);
  LLVMBuildBr(e->b, start);

  LLVMPositionBuilderAtEnd(e->b, e->xl);
  LLVMValueRef one = NULL;
  if (e->mark_exit) {
    one = LLVMBuildPhi(e->b, e->i32, "ret");
    LLVMAddIncoming(one, e->end_ret, e->end_blk, e->nends);
  }
  LLVMValueRef id = NULL;
  if (e->vote && !one_way) {
    id = LLVMBuildPhi(e->b, e->i32, "end");
    LLVMAddIncoming(id, e->end_id, e->end_blk, e->nends);
  }
  if (one) {
    /* exited[t] |= returned: a store in every iteration, which vectorises
     * without masked byte stores (AVX2 has none). */
    LLVMValueRef at =
        LLVMBuildInBoundsGEP2(e->b, e->i8, e->exited, &e->t, 1, "");
    LLVMValueRef f = LLVMBuildLoad2(e->b, e->i8, at, "");
    hipc__form_loops_tag(s, f, s->nslots);
    hipc__form_loops_tag(
        s,
        LLVMBuildStore(
            e->b,
            LLVMBuildOr(e->b, f, LLVMBuildTrunc(e->b, one, e->i8, ""), ""), at),
        s->nslots);
  }
  if (e->vote && !one_way) {
    /* Per end: how many threads went there (add reductions, which LLVM 19
     * vectorises next to others where it leaves min/max pairs scalar). */
    for (unsigned j = 1; j <= nbar; j++) {
      LLVMValueRef hit = LLVMBuildZExt(
          e->b,
          LLVMBuildICmp(e->b, LLVMIntEQ, id, LLVMConstInt(e->i32, j, 0), ""),
          e->i32, "");
      LLVMBuildStore(
          e->b,
          LLVMBuildAdd(e->b, LLVMBuildLoad2(e->b, e->i32, e->cnt[j], ""), hit,
                       ""),
          e->cnt[j]);
    }
  }
  if (one) {
    LLVMBuildStore(
        e->b,
        LLVMBuildAdd(e->b, LLVMBuildLoad2(e->b, e->i32, e->nret, ""), one, ""),
        e->nret);
  }
  loop_latch(e, x, xb, e->xh, yh, yl, e->xl);
  LLVMBasicBlockRef xpre =
      hipc__form_loops_interchange(s, yh, e->xh, e->xl, &x, xb);
  hipc__form_loops_split(s, xpre, e->xh, e->xl, yl, x, xb);
  LLVMPositionBuilderAtEnd(e->b, yl);
  loop_latch(e, y, e->dim[1], yh, zh, zl, yl);
  LLVMPositionBuilderAtEnd(e->b, zl);
  loop_latch(e, z, e->dim[2], zh, e->pre[r], post, zl);

  /* Where the threads went. */
  LLVMPositionBuilderAtEnd(e->b, post);
  if (e->mark_exit) {
    LLVMBuildStore(
        e->b,
        LLVMBuildAdd(e->b, LLVMBuildLoad2(e->b, e->i32, e->nexit, ""),
                     LLVMBuildLoad2(e->b, e->i32, e->nret, ""), ""),
        e->nexit);
    /* Only when some thread returned in this run: hi moves down. */
    LLVMValueRef n = LLVMBuildLoad2(e->b, e->i32, e->nret, "");
    LLVMBasicBlockRef scan = LLVMAppendBasicBlockInContext(s->cx, e->run, "");
    LLVMBasicBlockRef same = LLVMAppendBasicBlockInContext(s->cx, e->run, "");
    LLVMBuildCondBr(
        e->b, LLVMBuildICmp(e->b, LLVMIntEQ, n, LLVMConstInt(e->i32, 0, 0), ""),
        same, scan);
    LLVMPositionBuilderAtEnd(e->b, scan);
    lower_hi(s, e);
    LLVMBuildBr(e->b, same);
    LLVMPositionBuilderAtEnd(e->b, same);
  }
  LLVMValueRef next = NULL;
  if (one_way) {
    /* With one barrier and exits, a thread left below hi went on. */
    next = LLVMBuildZExt(
        e->b,
        LLVMBuildICmp(e->b, LLVMIntNE, LLVMBuildLoad2(e->b, e->i32, e->hi, ""),
                      LLVMConstInt(e->i32, 0, 0), ""),
        e->i32, "next");
  } else if (e->vote) {
    /* The end some thread went to (0: all returned); two stop the program. */
    LLVMValueRef zero = LLVMConstInt(e->i32, 0, 0), ends = zero;
    next = zero;
    for (unsigned j = 1; j <= nbar; j++) {
      LLVMValueRef some =
          LLVMBuildICmp(e->b, LLVMIntNE,
                        LLVMBuildLoad2(e->b, e->i32, e->cnt[j], ""), zero, "");
      ends =
          LLVMBuildAdd(e->b, ends, LLVMBuildZExt(e->b, some, e->i32, ""), "");
      next = LLVMBuildSelect(e->b, some, LLVMConstInt(e->i32, j, 0), next, "");
    }
    if (e->check) post = agree(s, e, ends);
  }
  LLVMValueRef sw = e->vote ? LLVMBuildSwitch(e->b, next, e->done, nbar) : NULL;
  for (unsigned k = 0; k < s->nbars; k++) {
    if (!bar[k]) continue;
    LLVMBasicBlockRef to = e->pre[k + 1];
    if (e->acc[k]) {
      to = LLVMAppendBasicBlockInContext(s->cx, e->run, "result");
      LLVMPositionBuilderAtEnd(e->b, to);
      LLVMBuildStore(e->b, LLVMBuildLoad2(e->b, e->i32, e->acc[k], ""),
                     e->res[k]);
      LLVMBuildBr(e->b, e->pre[k + 1]);
      LLVMPositionBuilderAtEnd(e->b, post);
    }
    if (hipc__form_loops_barrier_kind(s->bars[k]) == FL_BAR_WARP) {
      to = hipc__form_loops_warp_results(s, k, to);
      if (!to) return 0;
      to = hipc__form_loops_fuse(s, k, to);
      LLVMPositionBuilderAtEnd(e->b, post);
    }
    if (sw)
      LLVMAddCase(sw, LLVMConstInt(e->i32, e->end_of[k], 0), to);
    else
      LLVMBuildBr(e->b, to);
  }
  if (!sw && !nbar) LLVMBuildBr(e->b, e->done);
  return 1;
}

/* 1 when the working copy reads the warp size or a lane, or has a warp
 * collective. */
static int uses_warp(struct fl_state* s) {
  for (unsigned b = 0; b < s->nblocks; b++)
    for (LLVMValueRef i = LLVMGetFirstInstruction(s->blocks[b]); i;
         i = LLVMGetNextInstruction(i)) {
      unsigned d;
      int k = hipc__form_loops_index(i, &d);
      if (k == FL_IDX_WARPSIZE || k == FL_IDX_LANEID ||
          hipc__form_loops_warp_kind(i))
        return 1;
    }
  return 0;
}

int hipc__form_loops_emit(struct fl_state* s, LLVMValueRef* run_out) {
  struct fl_emit e;
  memset(&e, 0, sizeof e);
  s->e = &e;
  e.i8 = LLVMInt8TypeInContext(s->cx);
  e.i32 = LLVMInt32TypeInContext(s->cx);
  e.i64 = LLVMInt64TypeInContext(s->cx);
  e.ptr = LLVMPointerTypeInContext(s->cx, 0);

  unsigned char* bar = calloc(s->nbars + 1, 1);
  if (!bar) abort();

  size_t len;
  const char* kname = LLVMGetValueName2(s->kernel, &len);
  char* name = malloc(len + 12);
  if (!name) abort();
  memcpy(name, kname, len);
  strcpy(name + len, ".run");
  /* A kernel that uses the warp size gets a body per warp size (the CPU
   * device's 32 or 64, s->warp_const: form_loops.c makes both), with the
   * size as a parameter too, which K.run calls with the constant
   * (hipc__form_loops_by_warp): inlined, each copy has its modulos,
   * shuffle loops and results loops on a constant. */
  int by_warp = s->warp_used || uses_warp(s);
  s->by_warp = by_warp;
  LLVMTypeRef bp[2] = {e.ptr, e.i32};
  LLVMTypeRef fty =
      LLVMFunctionType(LLVMVoidTypeInContext(s->cx), bp, by_warp ? 2 : 1, 0);
  /* The copy for one-row blocks is K.run.f, or K.run.N.f by warp size. */
  if (by_warp)
    snprintf(name + len, 12, ".run.%u%s", s->warp_const ? s->warp_const : 0,
             s->flat ? ".f" : "");
  else if (s->flat)
    snprintf(name + len, 12, ".run.f");
  e.run = LLVMAddFunction(s->m, name, fty);
  *run_out = e.run;
  LLVMSetLinkage(e.run, LLVMInternalLinkage);
  /* The kernel's string attributes (floating-point modes, target) hold
   * for its code in K.run too. */
  unsigned na =
      LLVMGetAttributeCountAtIndex(s->kernel, LLVMAttributeFunctionIndex);
  LLVMAttributeRef* attrs = calloc(na + 1, sizeof *attrs);
  if (!attrs) abort();
  LLVMGetAttributesAtIndex(s->kernel, LLVMAttributeFunctionIndex, attrs);
  for (unsigned i = 0; i < na; i++)
    if (LLVMIsStringAttribute(attrs[i]))
      LLVMAddAttributeAtIndex(e.run, LLVMAttributeFunctionIndex, attrs[i]);
  free(attrs);
  e.blk = LLVMGetParam(e.run, 0);
  LLVMSetValueName2(e.blk, "b", 1);
  e.b = LLVMCreateBuilderInContext(s->cx);
  e.bx = LLVMCreateBuilderInContext(s->cx);
  e.bp = LLVMCreateBuilderInContext(s->cx);
  LLVMPositionBuilderAtEnd(
      e.b, LLVMAppendBasicBlockInContext(s->cx, e.run, "entry"));
  hipc__form_loops_shfl_plan(s);
  hipc__form_loops_fuse_plan(s);
  hipc__form_loops_entry(s, &e);
  LLVMBasicBlockRef entry_end = LLVMGetInsertBlock(e.b);
  e.pre = calloc(s->nregions, sizeof *e.pre);
  e.cb = calloc(s->nsegs, sizeof *e.cb);
  e.end_of = calloc(s->nbars + 1, sizeof *e.end_of);
  e.cnt = calloc(s->nbars + 2, sizeof *e.cnt);
  e.end_blk = calloc(s->nsegs + 1, sizeof *e.end_blk);
  e.end_id = calloc(s->nsegs + 1, sizeof *e.end_id);
  e.end_ret = calloc(s->nsegs + 1, sizeof *e.end_ret);
  if (!e.pre || !e.cb || !e.end_of || !e.cnt || !e.end_blk || !e.end_id ||
      !e.end_ret)
    abort();
  for (unsigned r = 0; r < s->nregions; r++)
    e.pre[r] = LLVMAppendBasicBlockInContext(s->cx, e.run, "region");
  e.done = LLVMAppendBasicBlockInContext(s->cx, e.run, "done");
  LLVMPositionBuilderAtEnd(e.b, entry_end);
  LLVMBuildBr(e.b, e.pre[0]);
  int ok = 1;
  for (unsigned r = 0; ok && r < s->nregions; r++) {
    /* A region no barrier leads to (its barrier is unreachable) is empty. */
    int reached = r == 0;
    for (unsigned q = 0; q < s->nregions && !reached; q++)
      reached = s->in_region[(size_t)q * s->nsegs +
                             hipc__form_loops_seg_of(s, s->bars[r - 1])];
    if (!reached) {
      LLVMPositionBuilderAtEnd(e.b, e.pre[r]);
      LLVMBuildUnreachable(e.b);
      continue;
    }
    hipc__form_loops_map_free(&e.val);
    ok = region(s, &e, r, bar);
  }
  if (ok) {
    LLVMPositionBuilderAtEnd(e.b, e.done);
    LLVMBuildStore(
        e.b,
        hipc__form_loops_load_u32(&e, e.blk, offsetof(hipc_cpu_block, count),
                                  ""),
        hipc__form_loops_byte_ptr(&e, e.blk, offsetof(hipc_cpu_block, next)));
    LLVMBuildStore(
        e.b, LLVMConstInt(e.i32, 0, 0),
        hipc__form_loops_byte_ptr(&e, hipc__form_loops_tls(s),
                                  offsetof(hipc_thread_state, in_regions)));
    LLVMBuildRetVoid(e.b);
  }
  free(name);
  hipc__form_loops_map_free(&e.val);
  LLVMDisposeBuilder(e.b);
  LLVMDisposeBuilder(e.bx);
  LLVMDisposeBuilder(e.bp);
  hipc__form_loops_map_free(&e.hoisted);
  free(e.params);
  free(e.acc);
  free(e.res);
  free(e.pre);
  free(e.cb);
  free(e.end_of);
  free(e.cnt);
  free(e.end_blk);
  free(e.end_id);
  free(e.end_ret);
  free(bar);
  s->e = NULL;
  return ok;
}
