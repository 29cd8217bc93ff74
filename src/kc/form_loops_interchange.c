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
 * per-thread arrays (blockDim.x elements) are allocas of K.run. Per
 * thread, each iteration's state goes through memory: the gain is the
 * order of the accesses and the vector loop across threads.
 * HIPC_KC_NO_INTERCHANGE=1 (hipc-kc's environment) turns it off. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "form_loops.h"

/* The largest loop and prefix (instructions), the most values carried. */
enum { IC_MAX_INSTS = 2000, IC_MAX_VALUES = 64 };

struct bbset {
  unsigned n, cap;
  LLVMBasicBlockRef* bb;
  struct fl_map in;
};

struct ic {
  struct fl_state* s;
  LLVMBasicBlockRef pre, xh, xl;
  LLVMValueRef x, xb;
  struct bbset body, loop, a;
  LLVMBasicBlockRef h, p, ex_from, ex_to;
  /* L's inputs defined in A (x itself excluded), the header's phis, and
   * L's values used after it. */
  LLVMValueRef ins[IC_MAX_VALUES], phis[IC_MAX_VALUES], outs[IC_MAX_VALUES];
  unsigned nins, nphis, nouts;
};

static void set_add(struct bbset* s, LLVMBasicBlockRef b) {
  if (s->n == s->cap) {
    s->cap = s->cap ? 2 * s->cap : 16;
    s->bb = realloc(s->bb, s->cap * sizeof *s->bb);
    if (!s->bb) abort();
  }
  s->bb[s->n++] = b;
  hipc__form_loops_map_put(&s->in, b, 1);
}

static int set_has(const struct bbset* s, LLVMBasicBlockRef b) {
  uintptr_t v;
  return hipc__form_loops_map_get(&s->in, b, &v);
}

static void set_free(struct bbset* s) {
  free(s->bb);
  hipc__form_loops_map_free(&s->in);
  memset(s, 0, sizeof *s);
}

static int in_set(const struct bbset* s, LLVMValueRef v) {
  return LLVMIsAInstruction(v) && set_has(s, LLVMGetInstructionParent(v));
}

/* The predecessors of `b` among the body's blocks (at most `cap`). */
static unsigned preds(const struct ic* c, LLVMBasicBlockRef b,
                      LLVMBasicBlockRef* out, unsigned cap) {
  unsigned n = 0;
  for (unsigned i = 0; i < c->body.n; i++) {
    LLVMValueRef t = LLVMGetBasicBlockTerminator(c->body.bb[i]);
    unsigned ns = LLVMGetNumSuccessors(t);
    for (unsigned k = 0; k < ns; k++)
      if (LLVMGetSuccessor(t, k) == b) {
        if (n < cap) out[n] = c->body.bb[i];
        n++;
        break;
      }
  }
  return n;
}

/* The x loop's blocks, from the header to the latch. */
static int collect_body(struct ic* c) {
  set_add(&c->body, c->xh);
  for (unsigned i = 0; i < c->body.n; i++) {
    LLVMBasicBlockRef b = c->body.bb[i];
    if (b == c->xl) continue;
    LLVMValueRef t = LLVMGetBasicBlockTerminator(b);
    if (!t) return 0;
    unsigned ns = LLVMGetNumSuccessors(t);
    for (unsigned k = 0; k < ns; k++) {
      LLVMBasicBlockRef to = LLVMGetSuccessor(t, k);
      if (to == c->pre) return 0;
      if (!set_has(&c->body, to)) set_add(&c->body, to);
    }
  }
  return set_has(&c->body, c->xl) && c->body.n < 4096;
}

/* The natural loop of the back edge q -> h: blocks that reach q without
 * passing h. 0 when the x header is among them (no back edge). */
static int natural_loop(struct ic* c, LLVMBasicBlockRef h,
                        LLVMBasicBlockRef q, struct bbset* l) {
  LLVMBasicBlockRef pb[64];
  set_add(l, h);
  if (!set_has(l, q)) set_add(l, q);
  for (unsigned i = 1; i < l->n; i++) {
    LLVMBasicBlockRef b = l->bb[i];
    if (b == c->xh) return 0;
    unsigned np = preds(c, b, pb, 64);
    if (np > 64) return 0;
    for (unsigned k = 0; k < np; k++)
      if (!set_has(l, pb[k])) set_add(l, pb[k]);
  }
  return 1;
}

/* 1 when `v` is the same for every run of the x loop body. */
static int outside(const struct ic* c, LLVMValueRef v) {
  return !in_set(&c->body, v);
}

/* 1 when `v` is block-wide: from outside the x loop, or arithmetic on
 * such values (LLVM has not yet hoisted `blockDim.x * gridDim.x`). */
static int invariant(const struct ic* c, LLVMValueRef v, int depth) {
  if (outside(c, v)) return 1;
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
    if (!invariant(c, LLVMGetOperand(v, j), depth + 1)) return 0;
  return 1;
}

/* The header's phi is the stride loop's induction: it enters with a value
 * computed in the body (from the thread index) and steps by a value from
 * outside the x loop. */
static int is_stride_phi(const struct ic* c, LLVMValueRef phi) {
  if (LLVMGetTypeKind(LLVMTypeOf(phi)) != LLVMIntegerTypeKind) return 0;
  int entry = 0, step = 0;
  unsigned k = LLVMCountIncoming(phi);
  for (unsigned j = 0; j < k; j++) {
    LLVMBasicBlockRef ib = LLVMGetIncomingBlock(phi, j);
    LLVMValueRef iv = LLVMGetIncomingValue(phi, j);
    if (!set_has(&c->loop, ib)) {
      entry = in_set(&c->body, iv);
      continue;
    }
    if (!LLVMIsAInstruction(iv) || LLVMGetInstructionOpcode(iv) != LLVMAdd)
      return 0;
    LLVMValueRef a = LLVMGetOperand(iv, 0), b = LLVMGetOperand(iv, 1);
    if (!((a == phi && invariant(c, b, 0)) || (b == phi && invariant(c, a, 0))))
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
      set_free(&c->loop);
      if (!natural_loop(c, h, pb[k], &c->loop)) continue;
      /* all back edges of h belong to the loop */
      for (unsigned j = 0; j < np; j++) {
        struct bbset l2 = {0};
        if (!set_has(&c->loop, pb[j]) && natural_loop(c, h, pb[j], &l2))
          for (unsigned m = 0; m < l2.n; m++)
            if (!set_has(&c->loop, l2.bb[m])) set_add(&c->loop, l2.bb[m]);
        set_free(&l2);
      }
      LLVMBasicBlockRef p = NULL;
      int ok = 1;
      for (unsigned j = 0; j < np; j++)
        if (!set_has(&c->loop, pb[j])) {
          if (p) ok = 0;
          p = pb[j];
        }
      if (!ok || !p || set_has(&c->loop, c->xl)) continue;
      int stride = 0;
      for (LLVMValueRef v = LLVMGetFirstInstruction(h); v && LLVMIsAPHINode(v);
           v = LLVMGetNextInstruction(v))
        stride |= is_stride_phi(c, v);
      if (!stride) continue;
      /* one exit edge */
      unsigned nex = 0;
      for (unsigned j = 0; j < c->loop.n; j++) {
        LLVMValueRef t = LLVMGetBasicBlockTerminator(c->loop.bb[j]);
        unsigned ns = LLVMGetNumSuccessors(t);
        for (unsigned m = 0; m < ns; m++) {
          LLVMBasicBlockRef to = LLVMGetSuccessor(t, m);
          if (set_has(&c->loop, to)) continue;
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
  set_add(&fwd, c->xh);
  for (unsigned i = 0; i < fwd.n; i++) {
    LLVMBasicBlockRef b = fwd.bb[i];
    if (b == c->xl || b == c->p) continue;
    LLVMValueRef t = LLVMGetBasicBlockTerminator(b);
    unsigned ns = LLVMGetNumSuccessors(t);
    for (unsigned k = 0; k < ns; k++) {
      LLVMBasicBlockRef to = LLVMGetSuccessor(t, k);
      if (!set_has(&c->loop, to) && !set_has(&fwd, to)) set_add(&fwd, to);
    }
  }
  LLVMBasicBlockRef pb[64];
  set_add(&back, c->p);
  for (unsigned i = 0; i < back.n; i++) {
    if (back.bb[i] == c->xh) continue;
    unsigned np = preds(c, back.bb[i], pb, 64);
    if (np > 64) np = 0;
    for (unsigned k = 0; k < np; k++)
      if (!set_has(&c->loop, pb[k]) && !set_has(&back, pb[k]))
        set_add(&back, pb[k]);
  }
  int ok = set_has(&fwd, c->p);
  for (unsigned i = 0; i < fwd.n && ok; i++)
    if (set_has(&back, fwd.bb[i])) set_add(&c->a, fwd.bb[i]);
  set_free(&fwd);
  set_free(&back);
  if (!ok || !set_has(&c->a, c->xh)) return 0;
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
      if (set_has(&c->a, to)) {
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
          if (!set_has(&c->a, LLVMGetIncomingBlock(v, j))) return 0;
        continue;
      }
      if (LLVMIsACallInst(v)) {
        LLVMValueRef f = LLVMGetCalledValue(v);
        size_t len;
        const char* name = LLVMIsAFunction(f) ? LLVMGetValueName2(f, &len) : "";
        if (strncmp(name, "llvm.dbg.", 9) != 0) return 0;
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
        if (!in_set(&c->body, o) || in_set(&c->loop, o) || o == c->x) continue;
        if (!in_set(&c->a, o)) return 0;
        unsigned m = 0;
        while (m < c->nins && c->ins[m] != o) m++;
        if (m == c->nins) {
          if (c->nins == IC_MAX_VALUES) return 0;
          c->ins[c->nins++] = o;
        }
      }
      for (LLVMUseRef u = LLVMGetFirstUse(v); u; u = LLVMGetNextUse(u))
        if (!in_set(&c->loop, LLVMGetUser(u))) {
          if (c->nouts == IC_MAX_VALUES) return 0;
          c->outs[c->nouts++] = v;
          break;
        }
    }
  return 1;
}

/* ---- Writing the loops. ---- */

struct out {
  struct ic* c;
  LLVMBuilderRef b;
  LLVMTypeRef i8, i32, i64;
  LLVMValueRef act, *ains, *aphis, *aouts; /* the per-thread arrays */
  struct fl_map vm;
};

static LLVMValueRef mapped(struct fl_map* vm, LLVMValueRef v) {
  uintptr_t w;
  return hipc__form_loops_map_get(vm, v, &w) ? (LLVMValueRef)w : v;
}

static LLVMBasicBlockRef new_block(struct out* o, const char* name) {
  return LLVMAppendBasicBlockInContext(
      o->c->s->cx, LLVMGetBasicBlockParent(o->c->xh), name);
}

static LLVMValueRef elem(struct out* o, LLVMValueRef arr, LLVMTypeRef ty,
                         LLVMValueRef x) {
  LLVMValueRef i = LLVMBuildZExt(o->b, x, o->i64, "");
  return LLVMBuildInBoundsGEP2(o->b, ty, arr, &i, 1, "");
}

static void store_at(struct out* o, LLVMValueRef arr, LLVMValueRef v,
                     LLVMValueRef x) {
  LLVMBuildStore(o->b, v, elem(o, arr, LLVMTypeOf(v), x));
}

static LLVMValueRef load_at(struct out* o, LLVMValueRef arr, LLVMTypeRef ty,
                            LLVMValueRef x) {
  return LLVMBuildLoad2(o->b, ty, elem(o, arr, ty, x), "");
}

/* Copies `set`'s blocks (instructions, then operands and phis through
 * o->vm); phis of `skip_phis_of` are already mapped and not copied. */
static void copy_blocks(struct out* o, const struct bbset* set,
                        LLVMBasicBlockRef skip_phis_of) {
  for (unsigned i = 0; i < set->n; i++)
    hipc__form_loops_map_put(
        &o->vm, LLVMBasicBlockAsValue(set->bb[i]),
        (uintptr_t)LLVMBasicBlockAsValue(new_block(o, "ic")));
  for (unsigned i = 0; i < set->n; i++) {
    LLVMPositionBuilderAtEnd(
        o->b, LLVMValueAsBasicBlock(mapped(&o->vm, LLVMBasicBlockAsValue(set->bb[i]))));
    for (LLVMValueRef v = LLVMGetFirstInstruction(set->bb[i]); v;
         v = LLVMGetNextInstruction(v)) {
      LLVMValueRef cv;
      if (LLVMIsAPHINode(v)) {
        if (set->bb[i] == skip_phis_of) continue;
        cv = LLVMBuildPhi(o->b, LLVMTypeOf(v), "");
      } else {
        cv = LLVMInstructionClone(v);
        LLVMInsertIntoBuilder(o->b, cv);
      }
      hipc__form_loops_map_put(&o->vm, v, (uintptr_t)cv);
    }
  }
  for (unsigned i = 0; i < set->n; i++)
    for (LLVMValueRef v = LLVMGetFirstInstruction(set->bb[i]); v;
         v = LLVMGetNextInstruction(v)) {
      if (LLVMIsAPHINode(v)) {
        if (set->bb[i] == skip_phis_of) continue;
        LLVMValueRef cv = mapped(&o->vm, v);
        unsigned k = LLVMCountIncoming(v);
        for (unsigned j = 0; j < k; j++) {
          LLVMBasicBlockRef ib = LLVMValueAsBasicBlock(
              mapped(&o->vm, LLVMBasicBlockAsValue(LLVMGetIncomingBlock(v, j))));
          LLVMValueRef iv = mapped(&o->vm, LLVMGetIncomingValue(v, j));
          LLVMAddIncoming(cv, &iv, &ib, 1);
        }
        continue;
      }
      LLVMValueRef cv = mapped(&o->vm, v);
      unsigned n = LLVMGetNumOperands(cv);
      for (unsigned j = 0; j < n; j++) {
        LLVMValueRef op = LLVMGetOperand(cv, j);
        LLVMValueRef t = mapped(&o->vm, op);
        if (t != op) LLVMSetOperand(cv, j, t);
      }
    }
}

/* A phi's incoming block `from` becomes `to` (the phi is rebuilt). */
static LLVMValueRef phi_retarget(LLVMBuilderRef b, LLVMValueRef phi,
                         LLVMBasicBlockRef from, LLVMBasicBlockRef to,
                         struct fl_map* values) {
  LLVMPositionBuilderBefore(b, phi);
  LLVMValueRef n = LLVMBuildPhi(b, LLVMTypeOf(phi), "");
  unsigned k = LLVMCountIncoming(phi);
  for (unsigned j = 0; j < k; j++) {
    LLVMBasicBlockRef ib = LLVMGetIncomingBlock(phi, j);
    LLVMValueRef iv = LLVMGetIncomingValue(phi, j);
    if (ib == from) {
      ib = to;
      if (values) iv = mapped(values, iv);
    }
    LLVMAddIncoming(n, &iv, &ib, 1);
  }
  LLVMReplaceAllUsesWith(phi, n);
  LLVMInstructionEraseFromParent(phi);
  return n;
}

static void retarget_succ(LLVMValueRef term, LLVMBasicBlockRef from,
                          LLVMBasicBlockRef to) {
  unsigned ns = LLVMGetNumSuccessors(term);
  for (unsigned k = 0; k < ns; k++)
    if (LLVMGetSuccessor(term, k) == from) LLVMSetSuccessor(term, k, to);
}

static LLVMValueRef array(struct out* o, LLVMTypeRef ty) {
  return LLVMBuildArrayAlloca(o->b, ty, o->c->s->e->dim[0], "ic.state");
}

/* for x: A; at P the inputs are stored and act[x] = 1. Returns the loop's
 * first block; it leaves to `next`. */
static LLVMBasicBlockRef write_prefix(struct out* o, LLVMBasicBlockRef next) {
  struct ic* c = o->c;
  LLVMBasicBlockRef head = new_block(o, "ic.pre");
  LLVMBasicBlockRef latch = new_block(o, "ic.pre.latch");
  LLVMBasicBlockRef go = new_block(o, "ic.pre.go");
  LLVMBasicBlockRef skip = new_block(o, "ic.pre.skip");
  LLVMPositionBuilderAtEnd(o->b, head);
  LLVMValueRef px = LLVMBuildPhi(o->b, o->i32, "ic.x");
  hipc__form_loops_map_put(&o->vm, c->x, (uintptr_t)px);
  copy_blocks(o, &c->a, c->xh);
  LLVMPositionBuilderAtEnd(o->b, head);
  LLVMBuildBr(o->b, LLVMValueAsBasicBlock(mapped(&o->vm, LLVMBasicBlockAsValue(c->xh))));
  /* exits of A: to L (go) or elsewhere (skip) */
  for (unsigned i = 0; i < c->a.n; i++) {
    LLVMValueRef t = LLVMGetBasicBlockTerminator(LLVMValueAsBasicBlock(
        mapped(&o->vm, LLVMBasicBlockAsValue(c->a.bb[i]))));
    unsigned ns = LLVMGetNumSuccessors(t);
    for (unsigned k = 0; k < ns; k++) {
      LLVMBasicBlockRef to = LLVMGetSuccessor(t, k);
      if (to == c->h) LLVMSetSuccessor(t, k, go);
      else if (set_has(&c->body, to)) LLVMSetSuccessor(t, k, skip);
    }
  }
  LLVMPositionBuilderAtEnd(o->b, go);
  for (unsigned i = 0; i < c->nins; i++)
    store_at(o, o->ains[i], mapped(&o->vm, c->ins[i]), px);
  for (unsigned i = 0; i < c->nphis; i++) {
    LLVMValueRef phi = c->phis[i];
    unsigned k = LLVMCountIncoming(phi);
    for (unsigned j = 0; j < k; j++)
      if (LLVMGetIncomingBlock(phi, j) == c->p)
        store_at(o, o->aphis[i], mapped(&o->vm, LLVMGetIncomingValue(phi, j)), px);
  }
  store_at(o, o->act, LLVMConstInt(o->i8, 1, 0), px);
  LLVMBuildBr(o->b, latch);
  LLVMPositionBuilderAtEnd(o->b, skip);
  store_at(o, o->act, LLVMConstInt(o->i8, 0, 0), px);
  LLVMBuildBr(o->b, latch);
  LLVMPositionBuilderAtEnd(o->b, latch);
  LLVMValueRef nx = LLVMBuildNUWAdd(o->b, px, LLVMConstInt(o->i32, 1, 0), "");
  LLVMValueRef br = LLVMBuildCondBr(
      o->b, LLVMBuildICmp(o->b, LLVMIntULT, nx, c->xb, ""), head, next);
  hipc__form_loops_x_hints(c->s->e, br);
  LLVMValueRef vals[2] = {LLVMConstInt(o->i32, 0, 0), nx};
  LLVMBasicBlockRef from[2] = {c->pre, latch};
  LLVMAddIncoming(px, vals, from, 2);
  return head;
}

/* do { for x: one iteration of L for the threads still in it } while
 * (any); leaves to `next`. Returns the first block. */
static LLVMBasicBlockRef write_iterations(struct out* o, LLVMBasicBlockRef next,
                                          LLVMBasicBlockRef* last) {
  struct ic* c = o->c;
  LLVMBasicBlockRef kh = new_block(o, "ic.k");
  LLVMBasicBlockRef qh = new_block(o, "ic.it");
  LLVMBasicBlockRef run = new_block(o, "ic.it.run");
  LLVMBasicBlockRef latch = new_block(o, "ic.it.latch");
  LLVMBasicBlockRef kl = new_block(o, "ic.k.latch");
  LLVMBasicBlockRef ex = new_block(o, "ic.it.exit");
  LLVMPositionBuilderAtEnd(o->b, kh);
  LLVMBuildBr(o->b, qh);
  LLVMPositionBuilderAtEnd(o->b, qh);
  LLVMValueRef qx = LLVMBuildPhi(o->b, o->i32, "ic.x");
  LLVMValueRef any = LLVMBuildPhi(o->b, o->i8, "ic.any");
  LLVMValueRef a = load_at(o, o->act, o->i8, qx);
  LLVMBuildCondBr(o->b, LLVMBuildICmp(o->b, LLVMIntNE, a, LLVMConstInt(o->i8, 0, 0), ""),
                  run, latch);
  LLVMPositionBuilderAtEnd(o->b, run);
  hipc__form_loops_map_free(&o->vm);
  hipc__form_loops_map_put(&o->vm, c->x, (uintptr_t)qx);
  for (unsigned i = 0; i < c->nins; i++)
    hipc__form_loops_map_put(
        &o->vm, c->ins[i],
        (uintptr_t)load_at(o, o->ains[i], LLVMTypeOf(c->ins[i]), qx));
  for (unsigned i = 0; i < c->nphis; i++)
    hipc__form_loops_map_put(
        &o->vm, c->phis[i],
        (uintptr_t)load_at(o, o->aphis[i], LLVMTypeOf(c->phis[i]), qx));
  copy_blocks(o, &c->loop, c->h);
  LLVMPositionBuilderAtEnd(o->b, run);
  LLVMBuildBr(o->b, LLVMValueAsBasicBlock(mapped(&o->vm, LLVMBasicBlockAsValue(c->h))));
  /* back edges: store the header's next values; the exit: the outputs */
  LLVMValueRef still = NULL;
  LLVMPositionBuilderAtEnd(o->b, latch);
  still = LLVMBuildPhi(o->b, o->i8, "ic.still");
  LLVMValueRef zero8 = LLVMConstInt(o->i8, 0, 0), one8 = LLVMConstInt(o->i8, 1, 0);
  LLVMAddIncoming(still, &zero8, &qh, 1);
  LLVMAddIncoming(still, &zero8, &ex, 1);
  for (unsigned i = 0; i < c->loop.n; i++) {
    LLVMBasicBlockRef cb =
        LLVMValueAsBasicBlock(mapped(&o->vm, LLVMBasicBlockAsValue(c->loop.bb[i])));
    LLVMValueRef t = LLVMGetBasicBlockTerminator(cb);
    unsigned ns = LLVMGetNumSuccessors(t);
    for (unsigned k = 0; k < ns; k++) {
      LLVMBasicBlockRef to = LLVMGetSuccessor(t, k);
      if (to == LLVMValueAsBasicBlock(mapped(&o->vm, LLVMBasicBlockAsValue(c->h)))) {
        LLVMBasicBlockRef back = new_block(o, "ic.it.back");
        LLVMSetSuccessor(t, k, back);
        LLVMPositionBuilderAtEnd(o->b, back);
        for (unsigned m = 0; m < c->nphis; m++) {
          LLVMValueRef phi = c->phis[m];
          unsigned np = LLVMCountIncoming(phi);
          for (unsigned j = 0; j < np; j++)
            if (LLVMGetIncomingBlock(phi, j) == c->loop.bb[i])
              store_at(o, o->aphis[m], mapped(&o->vm, LLVMGetIncomingValue(phi, j)), qx);
        }
        LLVMBuildBr(o->b, latch);
        LLVMAddIncoming(still, &one8, &back, 1);
      } else if (to == c->ex_to && c->loop.bb[i] == c->ex_from) {
        LLVMSetSuccessor(t, k, ex);
      }
    }
  }
  LLVMPositionBuilderAtEnd(o->b, ex);
  for (unsigned i = 0; i < c->nouts; i++)
    store_at(o, o->aouts[i], mapped(&o->vm, c->outs[i]), qx);
  store_at(o, o->act, zero8, qx);
  LLVMBuildBr(o->b, latch);
  LLVMPositionBuilderAtEnd(o->b, latch);
  LLVMValueRef any2 = LLVMBuildOr(o->b, any, still, "");
  LLVMValueRef nx = LLVMBuildNUWAdd(o->b, qx, LLVMConstInt(o->i32, 1, 0), "");
  LLVMValueRef br = LLVMBuildCondBr(
      o->b, LLVMBuildICmp(o->b, LLVMIntULT, nx, c->xb, ""), qh, kl);
  hipc__form_loops_x_hints(c->s->e, br);
  LLVMValueRef zero32 = LLVMConstInt(o->i32, 0, 0);
  LLVMAddIncoming(qx, &zero32, &kh, 1);
  LLVMAddIncoming(qx, &nx, &latch, 1);
  LLVMAddIncoming(any, &zero8, &kh, 1);
  LLVMAddIncoming(any, &any2, &latch, 1);
  LLVMPositionBuilderAtEnd(o->b, kl);
  LLVMBuildCondBr(o->b, LLVMBuildICmp(o->b, LLVMIntNE, any2, zero8, ""), kh, next);
  *last = kl;
  return kh;
}

/* In the x loop, L becomes the loads of its outputs. */
static void replace_loop(struct out* o) {
  struct ic* c = o->c;
  LLVMBasicBlockRef r = new_block(o, "ic.out");
  retarget_succ(LLVMGetBasicBlockTerminator(c->p), c->h, r);
  LLVMPositionBuilderAtEnd(o->b, r);
  struct fl_map loaded = {0};
  for (unsigned i = 0; i < c->nouts; i++)
    hipc__form_loops_map_put(
        &loaded, c->outs[i],
        (uintptr_t)load_at(o, o->aouts[i], LLVMTypeOf(c->outs[i]), c->x));
  LLVMBuildBr(o->b, c->ex_to);
  /* the exit block's phis enter from r */
  LLVMValueRef v = LLVMGetFirstInstruction(c->ex_to);
  while (v && LLVMIsAPHINode(v)) {
    LLVMValueRef nv = LLVMGetNextInstruction(v);
    phi_retarget(o->b, v, c->ex_from, r, &loaded);
    v = nv;
  }
  /* other uses after L */
  for (unsigned i = 0; i < c->nouts; i++) {
    LLVMValueRef def = c->outs[i], ld = mapped(&loaded, def);
    LLVMUseRef u = LLVMGetFirstUse(def);
    while (u) {
      LLVMUseRef nu = LLVMGetNextUse(u);
      LLVMValueRef user = LLVMGetUser(u);
      if (!in_set(&c->loop, user)) {
        unsigned n = LLVMGetNumOperands(user);
        for (unsigned j = 0; j < n; j++)
          if (LLVMGetOperand(user, j) == def) LLVMSetOperand(user, j, ld);
      }
      u = nu;
    }
  }
  hipc__form_loops_map_free(&loaded);
  /* L's blocks go */
  for (unsigned i = 0; i < c->loop.n; i++)
    for (LLVMValueRef w = LLVMGetFirstInstruction(c->loop.bb[i]); w;
         w = LLVMGetNextInstruction(w))
      if (LLVMGetTypeKind(LLVMTypeOf(w)) != LLVMVoidTypeKind)
        LLVMReplaceAllUsesWith(w, LLVMGetPoison(LLVMTypeOf(w)));
  for (unsigned i = 0; i < c->loop.n; i++)
    LLVMDeleteBasicBlock(c->loop.bb[i]);
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
  int ok = LLVMIsAInstruction(dim) && LLVMGetInstructionParent(dim) == entry &&
           LLVMGetInstructionParent(iv) == head &&
           LLVMGetBasicBlockTerminator(pre) && ++step &&
           collect_body(&c) && ++step && find_loop(&c) && ++step &&
           collect_prefix(&c) && ++step && collect_values(&c);
  LLVMBasicBlockRef enter = pre;
  if (getenv("KC_IC_DUMP")) LLVMDumpValue(s->e->run);
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
    o.act = array(&o, o.i8);
    for (unsigned i = 0; i < c.nins; i++) o.ains[i] = array(&o, LLVMTypeOf(c.ins[i]));
    for (unsigned i = 0; i < c.nphis; i++)
      o.aphis[i] = array(&o, LLVMTypeOf(c.phis[i]));
    for (unsigned i = 0; i < c.nouts; i++)
      o.aouts[i] = array(&o, LLVMTypeOf(c.outs[i]));
    LLVMBasicBlockRef it = write_iterations(&o, head, &enter);
    hipc__form_loops_map_free(&o.vm);
    LLVMBasicBlockRef first = write_prefix(&o, it);
    hipc__form_loops_map_free(&o.vm);
    /* pre -> the prefix loop; the x loop enters from the iterations' end */
    retarget_succ(LLVMGetBasicBlockTerminator(pre), head, first);
    for (LLVMValueRef v = LLVMGetFirstInstruction(head); v && LLVMIsAPHINode(v);) {
      LLVMValueRef nv = LLVMGetNextInstruction(v);
      LLVMValueRef n = phi_retarget(o.b, v, pre, enter, NULL);
      if (v == c.x) c.x = *ivp = n;
      v = nv;
    }
    replace_loop(&o);
    LLVMDisposeBuilder(o.b);
  }
  set_free(&c.body);
  set_free(&c.loop);
  set_free(&c.a);
  return enter;
}
