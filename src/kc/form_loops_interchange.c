/* kc's region form, after a region's x loop is written (form_loops.h):
 * a loop inside the thread's code that strides by a block-wide step is
 * interchanged with the x loop. GPU code walks arrays with grid-stride and
 * block-stride loops:
 *
 *   for (i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
 *        i += blockDim.x * gridDim.x)
 *     sum += in[i];
 *
 * Inside the x loop over the block's threads that is one thread's whole
 * walk after the other's, each at a stride of megabytes, never vectorised
 * across threads. After the interchange the stride loop is outside and
 * the threads inside: iteration k of every thread still in its loop runs,
 * then iteration k + 1, so consecutive threads touch consecutive elements.
 * Threads of a block with no barrier between them may run in any
 * interleaving, so the order is one a GPU may take too.
 *
 * The x loop's body is A (from the x header to the stride loop's
 * preheader P), the loop L, and the code after L's single exit. Before
 * the x loop (for each row of threads) two loops are written:
 *
 *   for x: A (a copy); at P: state[x] = L's inputs, act[x] = 1
 *          (elsewhere act[x] = 0)
 *   do { any = 0;
 *        for x: if (act[x]) { one iteration of L (a copy) from state[x];
 *                  back edge: state[x] = the header's next values, any = 1;
 *                  exit: out[x] = L's values used after it, act[x] = 0 } }
 *   while (any);
 *
 * and in the x loop, L is replaced by loads of out[x]. A must compute
 * without side effects or loads (it runs twice and must take the same path
 * both times): thread indices, arithmetic, compares, branches. The
 * per-thread arrays (blockDim.x elements) are allocas of K.run.
 *
 * Only loops with dense rounds (form_loops_interchange_dense.c) are
 * taken: there most rounds need no flags and vectorise. At run time, per
 * row of threads, the interchanged loops run only when thread 0 stays
 * IC_MIN_ROUNDS rounds and thread 1 starts one element after thread 0;
 * else the x loop runs with L in it, as before. HIPC_KC_NO_INTERCHANGE=1
 * (hipc-kc's environment) turns it off; with KC_LOOPS_DEBUG=1 hipc-kc
 * says which regions it interchanged. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "form_loops_interchange.h"

void hipc__ic_set_add(struct bbset* s, LLVMBasicBlockRef b) {
  if (s->n == s->cap) {
    s->cap = s->cap ? 2 * s->cap : 16;
    s->bb = realloc(s->bb, s->cap * sizeof *s->bb);
    if (!s->bb) abort();
  }
  s->bb[s->n++] = b;
  hipc__form_loops_map_put(&s->in, b, s->n); /* its index + 1 */
}

int hipc__ic_set_has(const struct bbset* s, LLVMBasicBlockRef b) {
  uintptr_t v;
  return hipc__form_loops_map_get(&s->in, b, &v);
}

void hipc__ic_set_free(struct bbset* s) {
  free(s->bb);
  hipc__form_loops_map_free(&s->in);
  memset(s, 0, sizeof *s);
}

int hipc__ic_in_set(const struct bbset* s, LLVMValueRef v) {
  return LLVMIsAInstruction(v) && hipc__ic_set_has(s, LLVMGetInstructionParent(v));
}

/* The body's predecessor lists (c->pstart, c->plist), built once after
 * collect_body: the loop search asks for the predecessors of every block
 * of the body, and scanning the body for each took minutes on bodies of
 * thousands of blocks (HeCBench quantAQLM's unrolled half-precision FMAs:
 * 368 s). A block's predecessors are listed in body order, each once. */
static int distinct_succ(LLVMValueRef t, unsigned k) {
  LLVMBasicBlockRef s = LLVMGetSuccessor(t, k);
  for (unsigned j = 0; j < k; j++)
    if (LLVMGetSuccessor(t, j) == s) return 0;
  return 1;
}

static int body_index(const struct ic* c, LLVMBasicBlockRef b, unsigned* i) {
  uintptr_t v;
  if (!hipc__form_loops_map_get(&c->body.in, b, &v)) return 0;
  *i = (unsigned)v - 1;
  return 1;
}

static void build_preds(struct ic* c) {
  unsigned n = c->body.n, total = 0, idx;
  c->pstart = calloc(n + 1, sizeof *c->pstart);
  unsigned* fill = calloc(n + 1, sizeof *fill);
  if (!c->pstart || !fill) abort();
  for (int pass = 0; pass < 2; pass++) {
    for (unsigned i = 0; i < n; i++) {
      LLVMValueRef t = LLVMGetBasicBlockTerminator(c->body.bb[i]);
      unsigned ns = t ? LLVMGetNumSuccessors(t) : 0;
      for (unsigned k = 0; k < ns; k++) {
        if (!distinct_succ(t, k) || !body_index(c, LLVMGetSuccessor(t, k), &idx))
          continue;
        if (pass == 0) c->pstart[idx + 1]++;
        else c->plist[c->pstart[idx] + fill[idx]++] = c->body.bb[i];
      }
    }
    if (pass == 0) {
      for (unsigned i = 0; i < n; i++) c->pstart[i + 1] += c->pstart[i];
      total = c->pstart[n];
      c->plist = malloc((total ? total : 1) * sizeof *c->plist);
      if (!c->plist) abort();
    }
  }
  free(fill);
}

/* The predecessors of `b` among the body's blocks (at most `cap` written;
 * returns how many there are). */
static unsigned preds(const struct ic* c, LLVMBasicBlockRef b,
                      LLVMBasicBlockRef* out, unsigned cap) {
  unsigned i;
  if (!body_index(c, b, &i)) return 0;
  unsigned n = c->pstart[i + 1] - c->pstart[i];
  for (unsigned k = 0; k < n && k < cap; k++) out[k] = c->plist[c->pstart[i] + k];
  return n;
}

/* The x loop's blocks, from the header to the latch. */
static int collect_body(struct ic* c) {
  hipc__ic_set_add(&c->body, c->xh);
  for (unsigned i = 0; i < c->body.n; i++) {
    LLVMBasicBlockRef b = c->body.bb[i];
    if (b == c->xl) continue;
    LLVMValueRef t = LLVMGetBasicBlockTerminator(b);
    if (!t) return 0;
    unsigned ns = LLVMGetNumSuccessors(t);
    for (unsigned k = 0; k < ns; k++) {
      LLVMBasicBlockRef to = LLVMGetSuccessor(t, k);
      if (to == c->pre) return 0;
      if (!hipc__ic_set_has(&c->body, to)) hipc__ic_set_add(&c->body, to);
    }
  }
  if (!hipc__ic_set_has(&c->body, c->xl) || c->body.n >= 4096) return 0;
  build_preds(c);
  return 1;
}

/* The natural loop of the back edge q -> h: blocks that reach q without
 * passing h. 0 when the x header is among them (no back edge). */
static int natural_loop(struct ic* c, LLVMBasicBlockRef h,
                        LLVMBasicBlockRef q, struct bbset* l) {
  LLVMBasicBlockRef pb[64];
  hipc__ic_set_add(l, h);
  if (!hipc__ic_set_has(l, q)) hipc__ic_set_add(l, q);
  for (unsigned i = 1; i < l->n; i++) {
    LLVMBasicBlockRef b = l->bb[i];
    if (b == c->xh) return 0;
    unsigned np = preds(c, b, pb, 64);
    if (np > 64) return 0;
    for (unsigned k = 0; k < np; k++)
      if (!hipc__ic_set_has(l, pb[k])) hipc__ic_set_add(l, pb[k]);
  }
  return 1;
}

/* 1 when `v` is the same for every run of the x loop body. */
int hipc__ic_outside(const struct ic* c, LLVMValueRef v) {
  return !hipc__ic_in_set(&c->body, v);
}

/* 1 when `v` is block-wide: from outside the x loop, or arithmetic on
 * such values (LLVM has not yet hoisted `blockDim.x * gridDim.x`). */
int hipc__ic_invariant(const struct ic* c, LLVMValueRef v, int depth) {
  if (hipc__ic_outside(c, v)) return 1;
  if (depth > 4 || !LLVMIsAInstruction(v)) return 0;
  switch (LLVMGetInstructionOpcode(v)) {
    case LLVMAdd: case LLVMSub: case LLVMMul: case LLVMShl:
    case LLVMAnd: case LLVMOr: case LLVMXor:
    case LLVMZExt: case LLVMSExt: case LLVMTrunc:
      break;
    default:
      return 0;
  }
  unsigned n = LLVMGetNumOperands(v);
  for (unsigned j = 0; j < n; j++)
    if (!hipc__ic_invariant(c, LLVMGetOperand(v, j), depth + 1)) return 0;
  return 1;
}

/* The header's phi is the stride loop's induction: it enters with a value
 * computed in the body (from the thread index) and steps by a value from
 * outside the x loop. */
int hipc__ic_is_stride_phi(const struct ic* c, LLVMValueRef phi) {
  if (LLVMGetTypeKind(LLVMTypeOf(phi)) != LLVMIntegerTypeKind) return 0;
  int entry = 0, step = 0;
  unsigned k = LLVMCountIncoming(phi);
  for (unsigned j = 0; j < k; j++) {
    LLVMBasicBlockRef ib = LLVMGetIncomingBlock(phi, j);
    LLVMValueRef iv = LLVMGetIncomingValue(phi, j);
    if (!hipc__ic_set_has(&c->loop, ib)) {
      entry = hipc__ic_in_set(&c->body, iv);
      continue;
    }
    if (!LLVMIsAInstruction(iv) || LLVMGetInstructionOpcode(iv) != LLVMAdd)
      return 0;
    LLVMValueRef a = LLVMGetOperand(iv, 0), b = LLVMGetOperand(iv, 1);
    if (!((a == phi && hipc__ic_invariant(c, b, 0)) || (b == phi && hipc__ic_invariant(c, a, 0))))
      return 0;
    step = 1;
  }
  return entry && step;
}

/* Finds L: a loop of the body with one entry (from P) and one exit edge,
 * whose header has a stride induction. */
static int find_loop(struct ic* c) {
  LLVMBasicBlockRef pb[64];
  for (unsigned i = 1; i < c->body.n; i++) {
    LLVMBasicBlockRef h = c->body.bb[i];
    if (h == c->xl) continue;
    unsigned np = preds(c, h, pb, 64);
    if (np > 64) continue;
    for (unsigned k = 0; k < np; k++) {
      hipc__ic_set_free(&c->loop);
      if (!natural_loop(c, h, pb[k], &c->loop)) continue;
      /* all back edges of h belong to the loop */
      for (unsigned j = 0; j < np; j++) {
        struct bbset l2 = {0};
        if (!hipc__ic_set_has(&c->loop, pb[j]) && natural_loop(c, h, pb[j], &l2))
          for (unsigned m = 0; m < l2.n; m++)
            if (!hipc__ic_set_has(&c->loop, l2.bb[m])) hipc__ic_set_add(&c->loop, l2.bb[m]);
        hipc__ic_set_free(&l2);
      }
      LLVMBasicBlockRef p = NULL;
      int ok = 1;
      for (unsigned j = 0; j < np; j++)
        if (!hipc__ic_set_has(&c->loop, pb[j])) {
          if (p) ok = 0;
          p = pb[j];
        }
      if (!ok || !p || hipc__ic_set_has(&c->loop, c->xl)) continue;
      int stride = 0;
      for (LLVMValueRef v = LLVMGetFirstInstruction(h); v && LLVMIsAPHINode(v);
           v = LLVMGetNextInstruction(v))
        stride |= hipc__ic_is_stride_phi(c, v);
      if (!stride) continue;
      /* one exit edge */
      unsigned nex = 0;
      for (unsigned j = 0; j < c->loop.n; j++) {
        LLVMValueRef t = LLVMGetBasicBlockTerminator(c->loop.bb[j]);
        unsigned ns = LLVMGetNumSuccessors(t);
        for (unsigned m = 0; m < ns; m++) {
          LLVMBasicBlockRef to = LLVMGetSuccessor(t, m);
          if (hipc__ic_set_has(&c->loop, to)) continue;
          nex++;
          c->ex_from = c->loop.bb[j];
          c->ex_to = to;
        }
      }
      if (nex != 1 || !LLVMIsABranchInst(LLVMGetBasicBlockTerminator(c->ex_from)))
        continue;
      c->h = h;
      c->p = p;
      return 1;
    }
  }
  return 0;
}

/* A: blocks on the way from the x header to P (outside L). */
static int collect_prefix(struct ic* c) {
  struct bbset fwd = {0}, back = {0};
  hipc__ic_set_add(&fwd, c->xh);
  for (unsigned i = 0; i < fwd.n; i++) {
    LLVMBasicBlockRef b = fwd.bb[i];
    if (b == c->xl || b == c->p) continue;
    LLVMValueRef t = LLVMGetBasicBlockTerminator(b);
    unsigned ns = LLVMGetNumSuccessors(t);
    for (unsigned k = 0; k < ns; k++) {
      LLVMBasicBlockRef to = LLVMGetSuccessor(t, k);
      if (!hipc__ic_set_has(&c->loop, to) && !hipc__ic_set_has(&fwd, to)) hipc__ic_set_add(&fwd, to);
    }
  }
  LLVMBasicBlockRef pb[64];
  hipc__ic_set_add(&back, c->p);
  for (unsigned i = 0; i < back.n; i++) {
    if (back.bb[i] == c->xh) continue;
    unsigned np = preds(c, back.bb[i], pb, 64);
    if (np > 64) np = 0;
    for (unsigned k = 0; k < np; k++)
      if (!hipc__ic_set_has(&c->loop, pb[k]) && !hipc__ic_set_has(&back, pb[k]))
        hipc__ic_set_add(&back, pb[k]);
  }
  int ok = hipc__ic_set_has(&fwd, c->p);
  for (unsigned i = 0; i < fwd.n && ok; i++)
    if (hipc__ic_set_has(&back, fwd.bb[i])) hipc__ic_set_add(&c->a, fwd.bb[i]);
  hipc__ic_set_free(&fwd);
  hipc__ic_set_free(&back);
  if (!ok || !hipc__ic_set_has(&c->a, c->xh)) return 0;
  /* No cycle in A: no edge of A goes back to the x header, and every
   * block's predecessors in A come before it in a walk from the header. */
  unsigned insts = 0;
  for (unsigned i = 0; i < c->a.n; i++) {
    LLVMBasicBlockRef b = c->a.bb[i];
    LLVMValueRef t = LLVMGetBasicBlockTerminator(b);
    unsigned ns = LLVMGetNumSuccessors(t);
    for (unsigned k = 0; k < ns; k++) {
      LLVMBasicBlockRef to = LLVMGetSuccessor(t, k);
      if (to == c->xh) return 0;
      if (hipc__ic_set_has(&c->a, to)) {
        /* to must come later in A's order (fwd is a breadth-first walk;
         * an edge to an earlier block would be a cycle) */
        for (unsigned m = 0; m <= i; m++)
          if (c->a.bb[m] == to) return 0;
      }
    }
    if (!LLVMIsABranchInst(t)) return 0;
    for (LLVMValueRef v = LLVMGetFirstInstruction(b); v;
         v = LLVMGetNextInstruction(v)) {
      if (++insts > IC_MAX_INSTS) return 0;
      if (LLVMIsAPHINode(v)) {
        if (b == c->xh) {
          if (v != c->x) return 0;
          continue;
        }
        unsigned k = LLVMCountIncoming(v);
        for (unsigned j = 0; j < k; j++)
          if (!hipc__ic_set_has(&c->a, LLVMGetIncomingBlock(v, j))) return 0;
        continue;
      }
      if (LLVMIsACallInst(v)) {
        LLVMValueRef f = LLVMGetCalledValue(v);
        size_t len;
        const char* name = LLVMIsAFunction(f) ? LLVMGetValueName2(f, &len) : "";
        /* debug records, and the x loop's own assumption (tid.x < 1024,
         * form_loops_emit.c): no effect, so they may run twice */
        if (strncmp(name, "llvm.dbg.", 9) != 0 &&
            strcmp(name, "llvm.assume") != 0)
          return 0;
        continue;
      }
      if (LLVMIsALoadInst(v) || LLVMIsAStoreInst(v) || LLVMIsAAllocaInst(v) ||
          LLVMIsAAtomicRMWInst(v) || LLVMIsAAtomicCmpXchgInst(v) ||
          LLVMIsAFenceInst(v) || LLVMIsAInvokeInst(v))
        return 0;
    }
  }
  return 1;
}

/* L's inputs from A, and its values used after it. */
static int collect_values(struct ic* c) {
  unsigned insts = 0;
  for (unsigned i = 0; i < c->loop.n; i++)
    for (LLVMValueRef v = LLVMGetFirstInstruction(c->loop.bb[i]); v;
         v = LLVMGetNextInstruction(v)) {
      if (++insts > IC_MAX_INSTS) return 0;
      if (LLVMIsAAllocaInst(v)) return 0;
      if (LLVMIsAPHINode(v) && c->loop.bb[i] == c->h) {
        if (c->nphis == IC_MAX_VALUES) return 0;
        c->phis[c->nphis++] = v;
      }
      unsigned n = LLVMGetNumOperands(v);
      for (unsigned j = 0; j < n; j++) {
        LLVMValueRef o = LLVMGetOperand(v, j);
        if (!hipc__ic_in_set(&c->body, o) || hipc__ic_in_set(&c->loop, o) || o == c->x) continue;
        if (!hipc__ic_in_set(&c->a, o)) return 0;
        unsigned m = 0;
        while (m < c->nins && c->ins[m] != o) m++;
        if (m == c->nins) {
          if (c->nins == IC_MAX_VALUES) return 0;
          c->ins[c->nins++] = o;
        }
      }
      for (LLVMUseRef u = LLVMGetFirstUse(v); u; u = LLVMGetNextUse(u))
        if (!hipc__ic_in_set(&c->loop, LLVMGetUser(u))) {
          if (c->nouts == IC_MAX_VALUES) return 0;
          c->outs[c->nouts++] = v;
          break;
        }
    }
  /* The per-thread arrays live on the worker's stack: scalars only, at
   * most IC_MAX_ARRAYS of them (8 bytes x 1024 threads each). */
  if (c->nins + c->nphis + c->nouts > IC_MAX_ARRAYS) return 0;
  LLVMValueRef* lists[3] = {c->ins, c->phis, c->outs};
  unsigned counts[3] = {c->nins, c->nphis, c->nouts};
  for (unsigned l = 0; l < 3; l++)
    for (unsigned i = 0; i < counts[l]; i++) {
      LLVMTypeRef ty = LLVMTypeOf(lists[l][i]);
      switch (LLVMGetTypeKind(ty)) {
        case LLVMIntegerTypeKind:
          if (LLVMGetIntTypeWidth(ty) > 64) return 0;
          break;
        case LLVMHalfTypeKind: case LLVMBFloatTypeKind:
        case LLVMFloatTypeKind: case LLVMDoubleTypeKind:
        case LLVMPointerTypeKind:
          break;
        default:
          return 0;
      }
    }
  return 1;
}

static int disabled(void) {
  static int v = -1;
  if (v < 0) {
    const char* e = getenv("HIPC_KC_NO_INTERCHANGE");
    v = e && *e && strcmp(e, "0") != 0;
  }
  return v;
}

LLVMBasicBlockRef hipc__form_loops_interchange(struct fl_state* s,
                                               LLVMBasicBlockRef pre,
                                               LLVMBasicBlockRef head,
                                               LLVMBasicBlockRef latch,
                                               LLVMValueRef* ivp,
                                               LLVMValueRef bound) {
  LLVMValueRef iv = *ivp;
  if (disabled()) return pre;
  struct ic c = {.s = s, .pre = pre, .xh = head, .xl = latch, .x = iv,
                 .xb = bound};
  LLVMValueRef dim = s->e->dim[0];
  LLVMBasicBlockRef entry = LLVMGetEntryBasicBlock(s->e->run);
  int step = 0;
  struct dense_plan plan;
  int ok = LLVMIsAInstruction(dim) && LLVMGetInstructionParent(dim) == entry &&
           LLVMGetInstructionParent(iv) == head &&
           LLVMGetBasicBlockTerminator(pre) && ++step &&
           collect_body(&c) && ++step && find_loop(&c) && ++step &&
           collect_prefix(&c) && ++step && collect_values(&c) && ++step &&
           hipc__ic_dense_plan(&c, &plan);
  LLVMBasicBlockRef enter = pre;
  if (getenv("KC_LOOPS_DEBUG")) {
    size_t len;
    fprintf(stderr, "kc: %s: region %u: %s (%d)\n",
            LLVMGetValueName2(s->kernel, &len), s->e->r,
            ok ? "stride loop interchanged" : "no interchange", step);
  }
  if (ok) {
    struct out o = {.c = &c};
    o.b = LLVMCreateBuilderInContext(s->cx);
    o.i8 = LLVMInt8TypeInContext(s->cx);
    o.i32 = LLVMInt32TypeInContext(s->cx);
    o.i64 = LLVMInt64TypeInContext(s->cx);
    LLVMValueRef arrs[3 * IC_MAX_VALUES];
    o.ains = arrs;
    o.aphis = arrs + IC_MAX_VALUES;
    o.aouts = arrs + 2 * IC_MAX_VALUES;
    LLVMValueRef after = LLVMGetNextInstruction(dim);
    if (after) LLVMPositionBuilderBefore(o.b, after);
    else LLVMPositionBuilderAtEnd(o.b, entry);
    o.act = hipc__ic_array(&o, o.i8);
    for (unsigned i = 0; i < c.nins; i++) o.ains[i] = hipc__ic_array(&o, LLVMTypeOf(c.ins[i]));
    for (unsigned i = 0; i < c.nphis; i++)
      o.aphis[i] = hipc__ic_array(&o, LLVMTypeOf(c.phis[i]));
    for (unsigned i = 0; i < c.nouts; i++)
      o.aouts[i] = hipc__ic_array(&o, LLVMTypeOf(c.outs[i]));
    o.dense = 1;
    o.d = plan;
    LLVMBasicBlockRef it = hipc__ic_write_iterations(&o, head, &enter);
    hipc__form_loops_map_free(&o.vm);
    LLVMBasicBlockRef first = hipc__ic_write_prefix(&o, it);
    hipc__form_loops_map_free(&o.vm);
    /* pre: the interchanged loops when thread 0 stays long enough in L,
     * else the x loop as it was; both enter it through xpre */
    LLVMValueRef term = LLVMGetBasicBlockTerminator(pre);
    LLVMPositionBuilderBefore(o.b, term);
    LLVMValueRef use = hipc__ic_dense_worth(&o);
    LLVMBasicBlockRef xpre = hipc__ic_new_block(&o, "ic.xpre");
    LLVMPositionBuilderAtEnd(o.b, xpre);
    LLVMBuildBr(o.b, head);
    hipc__ic_retarget_succ(LLVMGetBasicBlockTerminator(enter), head, xpre);
    LLVMInstructionEraseFromParent(term);
    LLVMPositionBuilderAtEnd(o.b, pre);
    LLVMBuildCondBr(o.b, use, first, xpre);
    for (LLVMValueRef v = LLVMGetFirstInstruction(head); v && LLVMIsAPHINode(v);) {
      LLVMValueRef nv = LLVMGetNextInstruction(v);
      LLVMValueRef n = hipc__ic_phi_retarget(o.b, v, pre, xpre, NULL);
      if (v == c.x) c.x = *ivp = n;
      v = nv;
    }
    enter = xpre;
    hipc__ic_replace_loop(&o, use);
    LLVMDisposeBuilder(o.b);
  }
  hipc__ic_set_free(&c.body);
  hipc__ic_set_free(&c.loop);
  hipc__ic_set_free(&c.a);
  free(c.pstart);
  free(c.plist);
  return enter;
}
