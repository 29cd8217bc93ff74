/* hipc-kc's loop interchange, writing the loops (the plan is in
 * form_loops_interchange.c): the prefix loop, the rounds over the threads
 * still in the stride loop, and the x loop's loads of the results. */
#include <stdlib.h>
#include <string.h>

#include "form_loops_interchange.h"



LLVMValueRef hipc__ic_mapped(struct fl_map* vm, LLVMValueRef v) {
  uintptr_t w;
  return hipc__form_loops_map_get(vm, v, &w) ? (LLVMValueRef)w : v;
}

LLVMBasicBlockRef hipc__ic_new_block(struct out* o, const char* name) {
  return LLVMAppendBasicBlockInContext(
      o->c->s->cx, LLVMGetBasicBlockParent(o->c->xh), name);
}

static LLVMValueRef elem(struct out* o, LLVMValueRef arr, LLVMTypeRef ty,
                         LLVMValueRef x) {
  LLVMValueRef i = LLVMBuildZExt(o->b, x, o->i64, "");
  return LLVMBuildInBoundsGEP2(o->b, ty, arr, &i, 1, "");
}

void hipc__ic_store_at(struct out* o, LLVMValueRef arr, LLVMValueRef v,
                     LLVMValueRef x) {
  LLVMBuildStore(o->b, v, elem(o, arr, LLVMTypeOf(v), x));
}

LLVMValueRef hipc__ic_load_at(struct out* o, LLVMValueRef arr, LLVMTypeRef ty,
                            LLVMValueRef x) {
  return LLVMBuildLoad2(o->b, ty, elem(o, arr, ty, x), "");
}

/* Copies `set`'s blocks (instructions, then operands and phis through
 * o->vm); phis of `skip_phis_of` are already mapped and not copied. */
void hipc__ic_copy_blocks(struct out* o, const struct bbset* set,
                        LLVMBasicBlockRef skip_phis_of) {
  for (unsigned i = 0; i < set->n; i++)
    hipc__form_loops_map_put(
        &o->vm, LLVMBasicBlockAsValue(set->bb[i]),
        (uintptr_t)LLVMBasicBlockAsValue(hipc__ic_new_block(o, "ic")));
  for (unsigned i = 0; i < set->n; i++) {
    LLVMPositionBuilderAtEnd(
        o->b, LLVMValueAsBasicBlock(hipc__ic_mapped(&o->vm, LLVMBasicBlockAsValue(set->bb[i]))));
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
        LLVMValueRef cv = hipc__ic_mapped(&o->vm, v);
        unsigned k = LLVMCountIncoming(v);
        for (unsigned j = 0; j < k; j++) {
          LLVMBasicBlockRef ib = LLVMValueAsBasicBlock(
              hipc__ic_mapped(&o->vm, LLVMBasicBlockAsValue(LLVMGetIncomingBlock(v, j))));
          LLVMValueRef iv = hipc__ic_mapped(&o->vm, LLVMGetIncomingValue(v, j));
          LLVMAddIncoming(cv, &iv, &ib, 1);
        }
        continue;
      }
      LLVMValueRef cv = hipc__ic_mapped(&o->vm, v);
      unsigned n = LLVMGetNumOperands(cv);
      for (unsigned j = 0; j < n; j++) {
        LLVMValueRef op = LLVMGetOperand(cv, j);
        LLVMValueRef t = hipc__ic_mapped(&o->vm, op);
        if (t != op) LLVMSetOperand(cv, j, t);
      }
    }
}

/* A phi's incoming block `from` becomes `to` (the phi is rebuilt). */
LLVMValueRef hipc__ic_phi_retarget(LLVMBuilderRef b, LLVMValueRef phi,
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
      if (values) iv = hipc__ic_mapped(values, iv);
    }
    LLVMAddIncoming(n, &iv, &ib, 1);
  }
  LLVMReplaceAllUsesWith(phi, n);
  LLVMInstructionEraseFromParent(phi);
  return n;
}

void hipc__ic_retarget_succ(LLVMValueRef term, LLVMBasicBlockRef from,
                          LLVMBasicBlockRef to) {
  unsigned ns = LLVMGetNumSuccessors(term);
  for (unsigned k = 0; k < ns; k++)
    if (LLVMGetSuccessor(term, k) == from) LLVMSetSuccessor(term, k, to);
}

LLVMValueRef hipc__ic_array(struct out* o, LLVMTypeRef ty) {
  return LLVMBuildArrayAlloca(o->b, ty, o->c->s->e->dim[0], "ic.state");
}

/* for x: A; at P the inputs are stored and act[x] = 1. Returns the loop's
 * first block; it leaves to `next`. */
LLVMBasicBlockRef hipc__ic_write_prefix(struct out* o, LLVMBasicBlockRef next) {
  struct ic* c = o->c;
  LLVMBasicBlockRef head = hipc__ic_new_block(o, "ic.pre");
  LLVMBasicBlockRef latch = hipc__ic_new_block(o, "ic.pre.latch");
  LLVMBasicBlockRef go = hipc__ic_new_block(o, "ic.pre.go");
  LLVMBasicBlockRef skip = hipc__ic_new_block(o, "ic.pre.skip");
  LLVMPositionBuilderAtEnd(o->b, head);
  LLVMValueRef px = LLVMBuildPhi(o->b, o->i32, "ic.x");
  hipc__form_loops_map_put(&o->vm, c->x, (uintptr_t)px);
  hipc__ic_copy_blocks(o, &c->a, c->xh);
  LLVMPositionBuilderAtEnd(o->b, head);
  LLVMBuildBr(o->b, LLVMValueAsBasicBlock(hipc__ic_mapped(&o->vm, LLVMBasicBlockAsValue(c->xh))));
  /* exits of A: to L (go) or elsewhere (skip) */
  for (unsigned i = 0; i < c->a.n; i++) {
    LLVMValueRef t = LLVMGetBasicBlockTerminator(LLVMValueAsBasicBlock(
        hipc__ic_mapped(&o->vm, LLVMBasicBlockAsValue(c->a.bb[i]))));
    unsigned ns = LLVMGetNumSuccessors(t);
    for (unsigned k = 0; k < ns; k++) {
      LLVMBasicBlockRef to = LLVMGetSuccessor(t, k);
      if (to == c->h) LLVMSetSuccessor(t, k, go);
      else if (hipc__ic_set_has(&c->body, to)) LLVMSetSuccessor(t, k, skip);
    }
  }
  LLVMPositionBuilderAtEnd(o->b, go);
  for (unsigned i = 0; i < c->nins; i++)
    hipc__ic_store_at(o, o->ains[i], hipc__ic_mapped(&o->vm, c->ins[i]), px);
  for (unsigned i = 0; i < c->nphis; i++) {
    LLVMValueRef phi = c->phis[i];
    unsigned k = LLVMCountIncoming(phi);
    for (unsigned j = 0; j < k; j++)
      if (LLVMGetIncomingBlock(phi, j) == c->p)
        hipc__ic_store_at(o, o->aphis[i], hipc__ic_mapped(&o->vm, LLVMGetIncomingValue(phi, j)), px);
  }
  hipc__ic_store_at(o, o->act, LLVMConstInt(o->i8, 1, 0), px);
  LLVMBuildBr(o->b, latch);
  LLVMPositionBuilderAtEnd(o->b, skip);
  hipc__ic_store_at(o, o->act, LLVMConstInt(o->i8, 0, 0), px);
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
LLVMBasicBlockRef hipc__ic_write_iterations(struct out* o, LLVMBasicBlockRef next,
                                          LLVMBasicBlockRef* last) {
  struct ic* c = o->c;
  LLVMBasicBlockRef kh = hipc__ic_new_block(o, "ic.k");
  LLVMBasicBlockRef qh = hipc__ic_new_block(o, "ic.it");
  LLVMBasicBlockRef run = hipc__ic_new_block(o, "ic.it.run");
  LLVMBasicBlockRef latch = hipc__ic_new_block(o, "ic.it.latch");
  LLVMBasicBlockRef kl = hipc__ic_new_block(o, "ic.k.latch");
  LLVMBasicBlockRef ex = hipc__ic_new_block(o, "ic.it.exit");
  LLVMBasicBlockRef kentry = hipc__ic_new_block(o, "ic.k.entry");
  LLVMPositionBuilderAtEnd(o->b, kh);
  LLVMValueRef k = LLVMBuildPhi(o->b, o->i32, "ic.k");
  LLVMPositionBuilderAtEnd(o->b, qh);
  LLVMValueRef qx = LLVMBuildPhi(o->b, o->i32, "ic.x");
  LLVMValueRef any = LLVMBuildPhi(o->b, o->i8, "ic.any");
  LLVMValueRef a = hipc__ic_load_at(o, o->act, o->i8, qx);
  LLVMBuildCondBr(o->b, LLVMBuildICmp(o->b, LLVMIntNE, a, LLVMConstInt(o->i8, 0, 0), ""),
                  run, latch);
  LLVMPositionBuilderAtEnd(o->b, run);
  hipc__form_loops_map_free(&o->vm);
  hipc__form_loops_map_put(&o->vm, c->x, (uintptr_t)qx);
  for (unsigned i = 0; i < c->nins; i++)
    hipc__form_loops_map_put(
        &o->vm, c->ins[i],
        (uintptr_t)hipc__ic_load_at(o, o->ains[i], LLVMTypeOf(c->ins[i]), qx));
  for (unsigned i = 0; i < c->nphis; i++)
    hipc__form_loops_map_put(
        &o->vm, c->phis[i],
        (uintptr_t)(o->dense && i == o->d.iv_index
                        ? hipc__ic_dense_iv(o, qx, k)
                        : hipc__ic_load_at(o, o->aphis[i],
                                           LLVMTypeOf(c->phis[i]), qx)));
  hipc__ic_copy_blocks(o, &c->loop, c->h);
  LLVMPositionBuilderAtEnd(o->b, run);
  LLVMBuildBr(o->b, LLVMValueAsBasicBlock(hipc__ic_mapped(&o->vm, LLVMBasicBlockAsValue(c->h))));
  /* back edges: store the header's next values; the exit: the outputs */
  LLVMValueRef still = NULL;
  LLVMPositionBuilderAtEnd(o->b, latch);
  still = LLVMBuildPhi(o->b, o->i8, "ic.still");
  LLVMValueRef zero8 = LLVMConstInt(o->i8, 0, 0), one8 = LLVMConstInt(o->i8, 1, 0);
  LLVMAddIncoming(still, &zero8, &qh, 1);
  LLVMAddIncoming(still, &zero8, &ex, 1);
  for (unsigned i = 0; i < c->loop.n; i++) {
    LLVMBasicBlockRef cb =
        LLVMValueAsBasicBlock(hipc__ic_mapped(&o->vm, LLVMBasicBlockAsValue(c->loop.bb[i])));
    LLVMValueRef t = LLVMGetBasicBlockTerminator(cb);
    unsigned ns = LLVMGetNumSuccessors(t);
    for (unsigned k = 0; k < ns; k++) {
      LLVMBasicBlockRef to = LLVMGetSuccessor(t, k);
      if (to == LLVMValueAsBasicBlock(hipc__ic_mapped(&o->vm, LLVMBasicBlockAsValue(c->h)))) {
        LLVMBasicBlockRef back = hipc__ic_new_block(o, "ic.it.back");
        LLVMSetSuccessor(t, k, back);
        LLVMPositionBuilderAtEnd(o->b, back);
        for (unsigned m = 0; m < c->nphis; m++) {
          LLVMValueRef phi = c->phis[m];
          if (o->dense && m == o->d.iv_index) continue;
          unsigned np = LLVMCountIncoming(phi);
          for (unsigned j = 0; j < np; j++)
            if (LLVMGetIncomingBlock(phi, j) == c->loop.bb[i])
              hipc__ic_store_at(o, o->aphis[m], hipc__ic_mapped(&o->vm, LLVMGetIncomingValue(phi, j)), qx);
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
    hipc__ic_store_at(o, o->aouts[i], hipc__ic_mapped(&o->vm, c->outs[i]), qx);
  hipc__ic_store_at(o, o->act, zero8, qx);
  LLVMBuildBr(o->b, latch);
  LLVMPositionBuilderAtEnd(o->b, latch);
  LLVMValueRef any2 = LLVMBuildOr(o->b, any, still, "");
  LLVMValueRef nx = LLVMBuildNUWAdd(o->b, qx, LLVMConstInt(o->i32, 1, 0), "");
  LLVMValueRef br = LLVMBuildCondBr(
      o->b, LLVMBuildICmp(o->b, LLVMIntULT, nx, c->xb, ""), qh, kl);
  hipc__form_loops_x_hints(c->s->e, br);
  LLVMValueRef zero32 = LLVMConstInt(o->i32, 0, 0);
  hipc__form_loops_map_free(&o->vm);
  LLVMPositionBuilderAtEnd(o->b, kh);
  LLVMBuildBr(o->b, qh);
  LLVMAddIncoming(qx, &zero32, &kh, 1);
  LLVMAddIncoming(qx, &nx, &latch, 1);
  LLVMAddIncoming(any, &zero8, &kh, 1);
  LLVMAddIncoming(any, &any2, &latch, 1);
  LLVMPositionBuilderAtEnd(o->b, kl);
  LLVMValueRef k1 = LLVMBuildAdd(o->b, k, LLVMConstInt(o->i32, 1, 0), "");
  LLVMBuildCondBr(o->b, LLVMBuildICmp(o->b, LLVMIntNE, any2, zero8, ""), kh, next);
  LLVMAddIncoming(k, &k1, &kl, 1);
  /* the dense rounds come first, then the general ones */
  LLVMBasicBlockRef dense = hipc__ic_write_dense(o, kentry, kh, k);
  LLVMPositionBuilderAtEnd(o->b, kentry);
  LLVMBuildBr(o->b, dense ? dense : kh);
  if (!dense) LLVMAddIncoming(k, &zero32, &kentry, 1);
  *last = kl;
  return kentry;
}

/* In the x loop, L becomes the loads of its outputs. */
void hipc__ic_replace_loop(struct out* o, LLVMValueRef use) {
  struct ic* c = o->c;
  LLVMBasicBlockRef r = hipc__ic_new_block(o, "ic.out");
  LLVMBasicBlockRef choose = hipc__ic_new_block(o, "ic.choose");
  hipc__ic_retarget_succ(LLVMGetBasicBlockTerminator(c->p), c->h, choose);
  LLVMPositionBuilderAtEnd(o->b, choose);
  LLVMBuildCondBr(o->b, use, r, c->h);
  for (LLVMValueRef v = LLVMGetFirstInstruction(c->h); v && LLVMIsAPHINode(v);) {
    LLVMValueRef nv = LLVMGetNextInstruction(v);
    LLVMValueRef n = hipc__ic_phi_retarget(o->b, v, c->p, choose, NULL);
    for (unsigned i = 0; i < c->nphis; i++)
      if (c->phis[i] == v) c->phis[i] = n;
    for (unsigned i = 0; i < c->nouts; i++)
      if (c->outs[i] == v) c->outs[i] = n;
    v = nv;
  }
  LLVMPositionBuilderAtEnd(o->b, r);
  struct fl_map loaded = {0};
  for (unsigned i = 0; i < c->nouts; i++)
    hipc__form_loops_map_put(
        &loaded, c->outs[i],
        (uintptr_t)hipc__ic_load_at(o, o->aouts[i], LLVMTypeOf(c->outs[i]), c->x));
  LLVMBuildBr(o->b, c->ex_to);
  /* the exit block's phis enter from r too */
  LLVMValueRef first = LLVMGetFirstInstruction(c->ex_to);
  for (LLVMValueRef v = first; v && LLVMIsAPHINode(v); v = LLVMGetNextInstruction(v)) {
    unsigned k = LLVMCountIncoming(v);
    for (unsigned j = 0; j < k; j++)
      if (LLVMGetIncomingBlock(v, j) == c->ex_from) {
        LLVMValueRef in = hipc__ic_mapped(&loaded, LLVMGetIncomingValue(v, j));
        LLVMAddIncoming(v, &in, &r, 1);
        break;
      }
  }
  /* other uses after L read a phi of the two ways */
  LLVMBasicBlockRef preds[64];
  unsigned np = 0;
  for (unsigned i = 0; i < c->body.n; i++) {
    LLVMValueRef t = LLVMGetBasicBlockTerminator(c->body.bb[i]);
    unsigned ns = LLVMGetNumSuccessors(t);
    for (unsigned k = 0; k < ns; k++)
      if (LLVMGetSuccessor(t, k) == c->ex_to && np < 64) {
        preds[np++] = c->body.bb[i];
        break;
      }
  }
  for (unsigned i = 0; i < c->nouts; i++) {
    LLVMValueRef def = c->outs[i], phi = NULL;
    LLVMUseRef u = LLVMGetFirstUse(def);
    while (u) {
      LLVMUseRef nu = LLVMGetNextUse(u);
      LLVMValueRef user = LLVMGetUser(u);
      if (!hipc__ic_in_set(&c->loop, user) &&
          !(LLVMIsAPHINode(user) && LLVMGetInstructionParent(user) == c->ex_to)) {
        if (!phi) {
          LLVMValueRef at = LLVMGetFirstInstruction(c->ex_to);
          while (LLVMIsAPHINode(at)) at = LLVMGetNextInstruction(at);
          LLVMPositionBuilderBefore(o->b, at);
          phi = LLVMBuildPhi(o->b, LLVMTypeOf(def), "ic.after");
          for (unsigned k = 0; k < np; k++) {
            LLVMValueRef in = preds[k] == c->ex_from ? def
                                                     : LLVMGetPoison(LLVMTypeOf(def));
            LLVMAddIncoming(phi, &in, &preds[k], 1);
          }
          LLVMValueRef ld = hipc__ic_mapped(&loaded, def);
          LLVMAddIncoming(phi, &ld, &r, 1);
        }
        unsigned n = LLVMGetNumOperands(user);
        for (unsigned j = 0; j < n; j++)
          if (LLVMGetOperand(user, j) == def) LLVMSetOperand(user, j, phi);
      }
      u = nu;
    }
  }
  hipc__form_loops_map_free(&loaded);
}

