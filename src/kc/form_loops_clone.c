/* kc's region form, step 6 (form_loops.h): the code of one region for one
 * thread, copied from the working function into the x loop of K.run.
 * Segments are copied in reverse post-order of the region's control flow,
 * so that a definition that dominates a use (from the region's entry) is
 * copied before it; other uses read the value's slot or recompute it
 * (form_loops_live.c). Thread indices become the loops' induction
 * variables, block-wide ones the entry's values, allocas the thread's
 * element of their arrays. A barrier or a return ends the thread's run of
 * the region: the copy records where it went and goes on to the next
 * thread. */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include <llvm-c/DebugInfo.h>

#include "form_loops.h"
#include "hip/hipc/kernel.h"

static LLVMValueRef at_thread(struct fl_state* s, const struct fl_slot* sl,
                              LLVMBuilderRef b) {
  struct fl_emit* e = s->e;
  if (!sl->per_thread) return sl->base;
  LLVMValueRef i = LLVMBuildZExt(b, e->t, e->i64, "");
  if (sl->size % sl->align == 0)
    return LLVMBuildInBoundsGEP2(b, sl->ty, sl->base, &i, 1, "");
  LLVMValueRef off = LLVMBuildMul(
      b, i,
      LLVMConstInt(e->i64, (sl->size + sl->align - 1) / sl->align * sl->align,
                   0),
      "");
  return LLVMBuildInBoundsGEP2(b, e->i8, sl->base, &off, 1, "");
}

static const struct fl_slot* slot(const struct fl_state* s, LLVMValueRef v) {
  uintptr_t k = 0;
  return hipc__form_loops_map_get(&s->slot_of, v, &k) ? &s->slots[k - 1] : NULL;
}

/* Values that are the same in every region: indices and allocas, made
 * once per thread in the x loop's header. */
static LLVMValueRef fixed(struct fl_state* s, LLVMValueRef v) {
  struct fl_emit* e = s->e;
  unsigned d = 0;
  int kind = hipc__form_loops_index(v, &d);
  if (!kind && !LLVMIsAAllocaInst(v)) return NULL;
  uintptr_t have = 0;
  if (hipc__form_loops_map_get(&e->val, v, &have)) return (LLVMValueRef)have;
  LLVMValueRef out = NULL;
  switch (kind) {
    case FL_IDX_TID:
      out = e->idx[d];
      break;
    case FL_IDX_NTID:
      out = e->dim[d];
      break;
    case FL_IDX_CTAID:
      out = e->bidx[d];
      break;
    case FL_IDX_NCTAID:
      out = e->gdim[d];
      break;
    case FL_IDX_WARPSIZE:
      out = e->warp;
      break;
    case FL_IDX_LANEID:
      out = LLVMBuildURem(e->bx, e->t, e->warp, "lane");
      break;
    default:
      if (LLVMIsAAllocaInst(v)) out = at_thread(s, slot(s, v), e->bx);
  }
  if (out) hipc__form_loops_map_put(&e->val, v, (uintptr_t)out);
  return out;
}

static LLVMValueRef operand(struct fl_state* s, LLVMValueRef v, unsigned su);

/* Recomputes pure arithmetic at the builder's position. */
static LLVMValueRef recompute(struct fl_state* s, LLVMValueRef v, unsigned su) {
  unsigned n = LLVMGetNumOperands(v);
  LLVMValueRef ops[8];
  if (n > 8) abort(); /* pure_opcode() instructions have at most 3 */
  for (unsigned o = 0; o < n; o++)
    ops[o] = operand(s, LLVMGetOperand(v, o), su);
  LLVMValueRef c = LLVMInstructionClone(v);
  LLVMInsertIntoBuilder(s->e->b, c);
  for (unsigned o = 0; o < n; o++) LLVMSetOperand(c, o, ops[o]);
  return c;
}

/* The value of operand `v` for a use in segment `su` of the region. */
static LLVMValueRef operand(struct fl_state* s, LLVMValueRef v, unsigned su) {
  struct fl_emit* e = s->e;
  if (LLVMIsAArgument(v) && LLVMGetParamParent(v) == s->fn) {
    unsigned n = LLVMCountParams(s->fn);
    for (unsigned i = 0; i < n; i++)
      if (LLVMGetParam(s->fn, i) == v) return e->params[i];
  }
  if (!LLVMIsAInstruction(v)) return v;
  LLVMValueRef f = fixed(s, v);
  if (f) return f;
  int bk = hipc__form_loops_barrier_kind(v);
  if (bk == FL_BAR_WARP) {
    unsigned k = 0;
    while (s->bars[k] != v) k++;
    if (s->warp[k].inl) return hipc__form_loops_shfl_result(s, k);
    /* A collective's result: computed after the region that reaches it,
     * never in the same run of a region as its use. */
    const struct fl_slot* sl = slot(s, v);
    if (!sl) {
      hipc__form_loops_fail(s, v, "internal error: a collective without slot");
      return LLVMGetUndef(LLVMTypeOf(v));
    }
    LLVMValueRef l = LLVMBuildLoad2(e->b, sl->ty, at_thread(s, sl, e->b), "");
    LLVMSetAlignment(l, sl->align);
    hipc__form_loops_tag(s, l, (unsigned)(sl - s->slots));
    /* A shuffle of a 32-bit word keeps 32 bits (form_loops_warp.c). */
    if (sl->ty != LLVMTypeOf(v)) l = LLVMBuildZExt(e->b, l, LLVMTypeOf(v), "");
    return l;
  }
  if (bk) {
    unsigned k = 0;
    while (s->bars[k] != v) k++;
    return LLVMBuildLoad2(e->b, e->i32, e->res[k], "");
  }
  uintptr_t have = 0;
  if (hipc__form_loops_dominated(s, v, e->r, su)) {
    if (hipc__form_loops_map_get(&e->val, v, &have)) return (LLVMValueRef)have;
    hipc__form_loops_fail(s, v, "internal error: a value used before its copy");
    return LLVMGetUndef(LLVMTypeOf(v));
  }
  const struct fl_slot* sl = slot(s, v);
  if (sl && !sl->per_thread) {
    /* One copy for the block: read once, before the region's loops. */
    if (hipc__form_loops_map_get(&e->hoisted, (void*)sl, &have))
      return (LLVMValueRef)have;
    LLVMValueRef l = LLVMBuildLoad2(e->bp, sl->ty, sl->base, "");
    LLVMSetAlignment(l, sl->align);
    hipc__form_loops_tag(s, l, (unsigned)(sl - s->slots));
    hipc__form_loops_map_put(&e->hoisted, (void*)sl, (uintptr_t)l);
    hipc__form_loops_debug_values(s, v, l, e->bp);
    return l;
  }
  if (sl) {
    LLVMValueRef l = LLVMBuildLoad2(e->b, sl->ty, at_thread(s, sl, e->b), "");
    LLVMSetAlignment(l, sl->align);
    hipc__form_loops_tag(s, l, (unsigned)(sl - s->slots));
    hipc__form_loops_debug_values(s, v, l, e->b); /* -g: read back */
    return l;
  }
  if (hipc__form_loops_remat(s, v)) return recompute(s, v, su);
  hipc__form_loops_fail(s, v, "internal error: a value without a slot");
  return LLVMGetUndef(LLVMTypeOf(v));
}

/* Reverse post-order of the region's segments from its entry. */
static unsigned order(struct fl_state* s, unsigned* out) {
  const unsigned char* in = s->in_region + (size_t)s->e->r * s->nsegs;
  unsigned char* seen = calloc(s->nsegs, 1);
  unsigned* stack = malloc((s->nsegs + 1) * sizeof *stack);
  unsigned* next = calloc(s->nsegs, sizeof *next);
  if (!seen || !stack || !next) abort();
  unsigned sp = 0, n = 0, entry = hipc__form_loops_region_entry(s, s->e->r);
  stack[sp++] = entry;
  seen[entry] = 1;
  while (sp) {
    unsigned g = stack[sp - 1], succ[FL_MAX_SUCCS];
    unsigned k = hipc__form_loops_succs(s, g, succ, FL_MAX_SUCCS);
    if (next[g] < k) {
      unsigned c = succ[next[g]++];
      if (in[c] && !seen[c]) {
        seen[c] = 1;
        stack[sp++] = c;
      }
      continue;
    }
    out[n++] = g;
    sp--;
  }
  for (unsigned i = 0; i < n / 2; i++) {
    unsigned t = out[i];
    out[i] = out[n - 1 - i];
    out[n - 1 - i] = t;
  }
  free(seen);
  free(stack);
  free(next);
  return n;
}

/* Lifetime markers are dropped: they would mark per-thread array elements
 * (what allocas become), which are not allocas. */
static int lifetime(LLVMValueRef u) {
  if (!LLVMIsACallInst(u)) return 0;
  LLVMValueRef callee = LLVMGetCalledValue(u);
  if (!LLVMIsAFunction(callee)) return 0;
  size_t len;
  const char* n = LLVMGetValueName2(callee, &len);
  return strncmp(n, "llvm.lifetime.", 14) == 0;
}

/* A thread's run of the region ends at barrier k. */
static void end_at_barrier(struct fl_state* s, unsigned g, unsigned k) {
  struct fl_emit* e = s->e;
  LLVMValueRef bar = s->bars[k];
  /* A warp collective: the thread's operands, for the results loop. */
  const struct fl_warp* w = &s->warp[k];
  for (unsigned r = 0; w->kind && r < FL_WR_N; r++) {
    if (w->cls[r] != FL_OP_UNIFORM && w->cls[r] != FL_OP_THREAD) continue;
    const struct fl_slot* sl = &s->slots[w->slot[r]];
    LLVMValueRef v = operand(s, LLVMGetOperand(bar, (unsigned)w->arg[r]), g);
    /* A narrow shuffle word (hipc__form_loops_warp_slots): its low half. */
    if (LLVMTypeOf(v) != sl->ty) v = LLVMBuildTrunc(e->b, v, sl->ty, "");
    LLVMValueRef st = LLVMBuildStore(e->b, v, at_thread(s, sl, e->b));
    LLVMSetAlignment(st, sl->align);
    hipc__form_loops_tag(s, st, (unsigned)(sl - s->slots));
  }
  if (e->acc[k]) {
    LLVMValueRef p = operand(s, LLVMGetOperand(bar, 0), g);
    LLVMValueRef one = LLVMBuildZExt(
        e->b,
        LLVMBuildICmp(e->b, LLVMIntNE, p, LLVMConstNull(LLVMTypeOf(p)), ""),
        e->i32, "");
    LLVMValueRef a = LLVMBuildLoad2(e->b, e->i32, e->acc[k], "");
    switch (hipc__form_loops_barrier_kind(bar)) {
      case FL_BAR_POPC:
        a = LLVMBuildAdd(e->b, a, one, "");
        break;
      case FL_BAR_AND:
        a = LLVMBuildAnd(e->b, a, one, "");
        break;
      default:
        a = LLVMBuildOr(e->b, a, one, "");
        break;
    }
    LLVMBuildStore(e->b, a, e->acc[k]);
  }
  hipc__form_loops_end(e, e->end_of[k], 0);
  LLVMBuildBr(e->b, e->xl);
}

/* The x latch marks the thread as returned (form_loops_emit.c). */
static void end_at_return(struct fl_state* s) {
  struct fl_emit* e = s->e;
  hipc__form_loops_end(e, 0, 1);
  LLVMBuildBr(e->b, e->xl);
}

/* A call that may report the running thread (the runtime's assertion and
 * trap messages read hipc_tls.thread_idx): anything but an intrinsic, a
 * libdevice function (math, which kc maps to libm or intrinsics) or a
 * function that touches no memory. */
static int names_thread(LLVMValueRef call) {
  LLVMValueRef callee = LLVMGetCalledValue(call);
  if (!LLVMIsAFunction(callee)) return 1;
  size_t len;
  const char* n = LLVMGetValueName2(callee, &len);
  if (strncmp(n, "llvm.", 5) == 0 || strncmp(n, "__nv_", 5) == 0) return 0;
  const char* k = "memory";
  LLVMAttributeRef mem = LLVMGetEnumAttributeAtIndex(
      callee, LLVMAttributeFunctionIndex,
      LLVMGetEnumAttributeKindForName(k, strlen(k)));
  return !mem || LLVMGetEnumAttributeValue(mem) != 0;
}

/* K.run keeps thread indices in registers; before such a call it stores
 * them where the fiber form keeps them. Calls stop vectorisation anyway. */
static void set_thread_idx(struct fl_state* s) {
  struct fl_emit* e = s->e;
  LLVMValueRef tls = hipc__form_loops_tls(s);
  for (unsigned d = 0; d < 3; d++) {
    LLVMValueRef off = LLVMConstInt(
        e->i64, offsetof(hipc_thread_state, thread_idx) + 4 * d, 0);
    LLVMValueRef at = LLVMBuildInBoundsGEP2(e->b, e->i8, tls, &off, 1, "");
    LLVMSetAlignment(LLVMBuildStore(e->b, e->idx[d], at), 4);
  }
}

static void store_slot(struct fl_state* s, LLVMValueRef u, LLVMValueRef c) {
  const struct fl_slot* sl = slot(s, u);
  if (!sl || sl->is_alloca) return;
  LLVMValueRef st = LLVMBuildStore(s->e->b, c, at_thread(s, sl, s->e->b));
  LLVMSetAlignment(st, sl->align);
  hipc__form_loops_tag(s, st, (unsigned)(sl - s->slots));
}

/* 1 when the copy `c` is there before the region's loops: a constant, an
 * argument, or an instruction of K.run's entry or the region's first
 * block. */
static int before_loops(struct fl_state* s, LLVMValueRef c) {
  if (!LLVMIsAInstruction(c)) return 1;
  LLVMBasicBlockRef bb = LLVMGetInstructionParent(c);
  return bb == s->e->pre[s->e->r] || bb == LLVMGetEntryBasicBlock(s->e->run);
}

/* The segments every thread that runs the region runs exactly once: its
 * entry, and each segment that the one before branches to unconditionally
 * when no other segment of the region leads to it (a loop's header just
 * after the barrier at the end of its body, say). */
static void mark_once(struct fl_state* s, unsigned char* once) {
  const unsigned char* in = s->in_region + (size_t)s->e->r * s->nsegs;
  unsigned* npred = calloc(s->nsegs, sizeof *npred);
  unsigned* succ = malloc(FL_MAX_SUCCS * sizeof *succ);
  if (!npred || !succ) abort();
  for (unsigned g = 0; g < s->nsegs; g++) {
    if (!in[g]) continue;
    unsigned k = hipc__form_loops_succs(s, g, succ, FL_MAX_SUCCS);
    for (unsigned i = 0; i < k; i++) npred[succ[i]]++;
  }
  unsigned g = hipc__form_loops_region_entry(s, s->e->r);
  once[g] = 1;
  while (hipc__form_loops_succs(s, g, succ, FL_MAX_SUCCS) == 1) {
    unsigned c = succ[0];
    if (!in[c] || once[c] || npred[c] != 1) break;
    once[c] = 1;
    g = c;
  }
  free(npred);
  free(succ);
}

/* A uniform value with a slot, computed where every thread of the region
 * goes once (mark_once) from values known before the loops, is
 * computed and stored once, before them: the loops then read an invariant
 * and store nothing to the slot (a store to one address in every iteration
 * would keep them scalar). The region is only entered when some thread
 * runs it, so the value is one a thread would have stored. */
static LLVMValueRef hoist(struct fl_state* s, LLVMValueRef u, unsigned g,
                          LLVMValueRef* ops, unsigned n) {
  struct fl_emit* e = s->e;
  const struct fl_slot* sl = slot(s, u);
  if (!sl || sl->per_thread || sl->is_alloca ||
      !e->once[g] ||
      !hipc__form_loops_pure_opcode(LLVMGetInstructionOpcode(u)))
    return NULL;
  for (unsigned o = 0; o < n; o++)
    if (!before_loops(s, ops[o])) return NULL;
  LLVMValueRef c = LLVMInstructionClone(u);
  LLVMInsertIntoBuilder(e->bp, c);
  for (unsigned o = 0; o < n; o++)
    if (ops[o] != LLVMGetOperand(u, o)) LLVMSetOperand(c, o, ops[o]);
  LLVMValueRef st = LLVMBuildStore(e->bp, c, sl->base);
  LLVMSetAlignment(st, sl->align);
  hipc__form_loops_tag(s, st, (unsigned)(sl - s->slots));
  return c;
}

/* A segment after the region's entry that every thread runs once has one
 * way in from the region (mark_once). */
static int straight(const struct fl_state* s, unsigned g) {
  return s->e->once[g] && g != hipc__form_loops_region_entry(s, s->e->r);
}

/* The incoming value of phi `u` (of a straight() segment) from the region,
 * and the segment it comes from. */
static LLVMValueRef only_incoming(struct fl_state* s, LLVMValueRef u,
                                  unsigned* su) {
  const unsigned char* in = s->in_region + (size_t)s->e->r * s->nsegs;
  unsigned k = LLVMCountIncoming(u);
  for (unsigned j = 0; j < k; j++) {
    *su = hipc__form_loops_use_seg(s, u, LLVMGetIncomingBlock(u, j));
    if (in[*su]) return LLVMGetIncomingValue(u, j);
  }
  abort(); /* mark_once saw an edge from the region */
}

/* With -g, where a thread's run of a region starts: the parameters, the
 * indices and allocas (fixed()), and the values earlier regions left in
 * slots, read from the thread's element (a load that only the debug
 * record uses). Only the kernel's own variables: those of the functions
 * inlined into it are many (a library's), and their frames are gone. A
 * value the region computes again is described anew where it does. */
static void debug_earlier(struct fl_state* s) {
  struct fl_emit* e = s->e;
  hipc__form_loops_debug_params(s, e->b);
  for (unsigned k = 0; k < s->ndbg; k++) {
    LLVMValueRef v = s->dbg[k].v;
    if (!LLVMIsAInstruction(v) || !hipc__form_loops_debug_kernel_var(s, k))
      continue;
    LLVMValueRef fx = fixed(s, v);
    const struct fl_slot* sl = fx ? NULL : slot(s, v);
    if (fx)
      hipc__form_loops_debug_one(s, k, fx, e->b);
    else if (sl && !sl->is_alloca && sl->base) {
      LLVMValueRef l =
          LLVMBuildLoad2(e->b, sl->ty, at_thread(s, sl, e->b), "");
      LLVMSetAlignment(l, sl->align);
      hipc__form_loops_tag(s, l, (unsigned)(sl - s->slots));
      if (sl->ty != LLVMTypeOf(v)) l = LLVMBuildZExt(e->b, l, LLVMTypeOf(v), "");
      hipc__form_loops_debug_one(s, k, l, e->b);
    }
  }
}

static void copy_segment(struct fl_state* s, unsigned g) {
  struct fl_emit* e = s->e;
  const struct fl_seg* sg = &s->segs[g];
  LLVMPositionBuilderAtEnd(e->b, e->cb[g]);
  /* With -g at -O0: the variables' homes where a thread's run starts. */
  if (s->ndbg && hipc__form_loops_debug_homes() &&
      g == hipc__form_loops_region_entry(s, e->r) &&
      !LLVMIsAPHINode(sg->first))
    debug_earlier(s);
  /* Phis' slots are written after the block's last phi. */
  LLVMValueRef phis = NULL;
  for (LLVMValueRef u = sg->first;; u = LLVMGetNextInstruction(u)) {
    if (phis && !LLVMIsAPHINode(u)) {
      for (LLVMValueRef p = phis; p != u; p = LLVMGetNextInstruction(p)) {
        uintptr_t c = 0;
        if (hipc__form_loops_map_get(&e->val, p, &c)) {
          store_slot(s, p, (LLVMValueRef)c);
          hipc__form_loops_debug_values(s, p, (LLVMValueRef)c, e->b);
        }
      }
      phis = NULL;
    }
    if (u == sg->bar) {
      end_at_barrier(s, g, (unsigned)sg->bar_id);
      return;
    }
    if (LLVMIsAReturnInst(u)) {
      end_at_return(s);
      return;
    }
    LLVMValueRef fx = fixed(s, u);
    if (fx) hipc__form_loops_debug_values(s, u, fx, e->b);
    if (fx || lifetime(u)) continue;
    LLVMValueRef c;
    if (LLVMIsAPHINode(u) && straight(s, g)) {
      /* One way in: the value that comes by it (which hoist() may find
       * known before the loops). */
      unsigned su = 0;
      LLVMValueRef v = only_incoming(s, u, &su);
      c = operand(s, v, su);
      if (!phis) phis = u;
    } else if (LLVMIsAPHINode(u)) {
      c = LLVMBuildPhi(e->b, LLVMTypeOf(u), "");
      if (!phis) phis = u;
    } else {
      unsigned n = LLVMGetNumOperands(u);
      LLVMValueRef* ops = calloc(n + 1, sizeof *ops);
      if (!ops) abort();
      for (unsigned o = 0; o < n; o++) {
        LLVMValueRef v = LLVMGetOperand(u, o);
        ops[o] = LLVMValueIsBasicBlock(v) ? v : operand(s, v, g);
      }
      c = hoist(s, u, g, ops, n);
      if (c) {
        free(ops);
        hipc__form_loops_map_put(&e->val, u, (uintptr_t)c);
        hipc__form_loops_debug_values(s, u, c, e->bp);
        continue;
      }
      /* An atomic on shared memory: plain code (form_loops_atomic.c). */
      c = hipc__form_loops_plain_atomic(s, u, ops);
      if (!c && LLVMIsACallInst(u) && names_thread(u)) set_thread_idx(s);
      if (!c) {
        c = LLVMInstructionClone(u);
        LLVMInsertIntoBuilder(e->b, c);
        /* The builder gives what it inserts its own location. */
        LLVMInstructionSetDebugLoc(c, LLVMInstructionGetDebugLoc(u));
        for (unsigned o = 0; o < n; o++)
          if (ops[o] != LLVMGetOperand(u, o)) LLVMSetOperand(c, o, ops[o]);
      }
      free(ops);
      if (LLVMIsATerminatorInst(u)) {
        unsigned ns = LLVMGetNumSuccessors(u);
        for (unsigned i = 0; i < ns; i++) {
          uintptr_t b = 0;
          hipc__form_loops_map_get(&s->block_index, LLVMGetSuccessor(u, i), &b);
          LLVMSetSuccessor(c, i, e->cb[s->first_seg[b]]);
        }
        return;
      }
    }
    hipc__form_loops_map_put(&e->val, u, (uintptr_t)c);
    if (!LLVMIsAPHINode(u)) {
      store_slot(s, u, c);
      hipc__form_loops_debug_values(s, u, c, e->b);
    }
  }
}

LLVMBasicBlockRef hipc__form_loops_clone(struct fl_state* s) {
  struct fl_emit* e = s->e;
  const unsigned char* in = s->in_region + (size_t)e->r * s->nsegs;
  unsigned* rpo = malloc((s->nsegs + 1) * sizeof *rpo);
  if (!rpo) abort();
  unsigned n = order(s, rpo);
  e->once = calloc(s->nsegs, 1);
  if (!e->once) abort();
  mark_once(s, e->once);
  memset(e->cb, 0, s->nsegs * sizeof *e->cb);
  for (unsigned i = 0; i < n; i++)
    e->cb[rpo[i]] = LLVMAppendBasicBlockInContext(s->cx, e->run, "");
  for (unsigned i = 0; i < n; i++) copy_segment(s, rpo[i]);
  /* The phis' incoming values, now that every block has its copy. */
  for (unsigned i = 0; i < n; i++) {
    const struct fl_seg* sg = &s->segs[rpo[i]];
    if (sg->first != LLVMGetFirstInstruction(sg->bb) || straight(s, rpo[i]))
      continue;
    for (LLVMValueRef u = sg->first; u && LLVMIsAPHINode(u);
         u = LLVMGetNextInstruction(u)) {
      uintptr_t c = 0;
      hipc__form_loops_map_get(&e->val, u, &c);
      unsigned k = LLVMCountIncoming(u);
      /* One entry per incoming edge, as the copied terminators have them
       * (a switch may have two cases to one block). */
      for (unsigned j = 0; j < k; j++) {
        unsigned su =
            hipc__form_loops_use_seg(s, u, LLVMGetIncomingBlock(u, j));
        if (!in[su]) continue;
        LLVMPositionBuilderBefore(e->b, LLVMGetBasicBlockTerminator(e->cb[su]));
        LLVMValueRef v = operand(s, LLVMGetIncomingValue(u, j), su);
        LLVMAddIncoming((LLVMValueRef)c, &v, &e->cb[su], 1);
      }
    }
  }
  LLVMBasicBlockRef start = e->cb[hipc__form_loops_region_entry(s, e->r)];
  free(rpo);
  free(e->once);
  e->once = NULL;
  return s->note ? NULL : start;
}
