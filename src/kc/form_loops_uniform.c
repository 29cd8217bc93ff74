/* kc's region form, step 3 (form_loops.h): which values may differ between
 * the threads of a block (divergence), and whether every barrier is met by
 * all the block's threads that have not returned.
 *
 * A value is divergent when it reads a thread index, memory (except a
 * kernel's by-value parameter), an alloca's address, the result of a call
 * with side effects, or a divergent operand; a phi is divergent when
 * threads may reach it along different paths: inside the zone of a
 * divergent branch (the blocks between it and its immediate post-dominator)
 * or at that post-dominator, and so is a value defined in such a zone and
 * used outside it (a loop that threads leave at different times). That
 * analysis decides which values need a copy per thread.
 *
 * Barriers are placed by a second one, which trusts loads whose address is
 * uniform (GPU rules require a branch around a barrier to go the same way
 * in all threads; a loop bound or a flag read from memory is the common
 * case). Only blocks from which a barrier can be reached matter: a thread
 * that takes a branch to code that meets no further barrier has, as far as
 * the barriers are concerned, left the block (the region form then marks it
 * done), so the control flow is analysed with such edges cut. A barrier
 * inside the zone of a divergent branch of that graph would be met by some
 * threads and not others: the kernel keeps its fibers. A loop around a
 * barrier whose exit condition is divergent is such a case too (its body is
 * in the zone of the exiting branch). Where a trusted load does differ at
 * run time, the threads either return (exit flags) or meet different
 * barriers, which K.run reports (form_loops_emit.c). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "form_loops.h"

static int starts(const char* s, const char* p) {
  return strncmp(s, p, strlen(p)) == 0;
}

int hipc__form_loops_divergent(const struct fl_state* s, LLVMValueRef v) {
  return hipc__form_loops_map_get(&s->divergent, v, NULL);
}

/* A pointer into one of the kernel's by-value parameters, which every
 * thread sees with the same contents. */
static int into_byval(const struct fl_state* s, LLVMValueRef p) {
  while (LLVMIsAGetElementPtrInst(p) || LLVMIsABitCastInst(p))
    p = LLVMGetOperand(p, 0);
  if (!LLVMIsAArgument(p) || LLVMGetParamParent(p) != s->fn) return 0;
  unsigned n = LLVMCountParams(s->fn);
  for (unsigned i = 0; i < n; i++)
    if (LLVMGetParam(s->fn, i) == p) {
      const char* k = "byval";
      return LLVMGetEnumAttributeAtIndex(
                 s->kernel, i + 1,
                 LLVMGetEnumAttributeKindForName(k, strlen(k))) != NULL;
    }
  return 0;
}

/* 1: divergent whatever its operands; 0: divergent iff an operand is;
 * 2: uniform whatever its operands. With `trust`, a load is uniform when
 * its address is (see hipc__form_loops_uniform). */
static int seed(const struct fl_state* s, LLVMValueRef i, int trust) {
  switch (LLVMGetInstructionOpcode(i)) {
    case LLVMAlloca:
    case LLVMAtomicRMW:
    case LLVMAtomicCmpXchg:
    case LLVMVAArg:
      return 1;
    case LLVMLoad:
      return trust || into_byval(s, LLVMGetOperand(i, 0)) ? 0 : 1;
    case LLVMCall: {
      LLVMValueRef callee = LLVMGetCalledValue(i);
      if (!LLVMIsAFunction(callee)) return 1;
      size_t len;
      const char* n = LLVMGetValueName2(callee, &len);
      /* A collective's result differs between warps, and lanes. */
      if (hipc__form_loops_barrier_kind(i) == FL_BAR_WARP) return 1;
      if (hipc__form_loops_barrier_kind(i)) return 2;
      if (starts(n, "llvm.nvvm.read.ptx.sreg.")) {
        n += strlen("llvm.nvvm.read.ptx.sreg.");
        if (starts(n, "ntid.") || starts(n, "ctaid.") || starts(n, "nctaid.") ||
            strcmp(n, "warpsize") == 0)
          return 2;
        return 1;
      }
      const char* k = "memory";
      LLVMAttributeRef mem = LLVMGetEnumAttributeAtIndex(
          callee, LLVMAttributeFunctionIndex,
          LLVMGetEnumAttributeKindForName(k, strlen(k)));
      return mem && LLVMGetEnumAttributeValue(mem) == 0 ? 0 : 1;
    }
    default:
      return 0;
  }
}

static int mark(struct fl_map* d, LLVMValueRef v) {
  if (hipc__form_loops_map_get(d, v, NULL)) return 0;
  hipc__form_loops_map_put(d, v, 1);
  return 1;
}

/* One sweep of the operand rule over every instruction. */
static int propagate(struct fl_state* s, struct fl_map* dv, int trust) {
  int changed = 0;
  for (unsigned b = 0; b < s->nblocks; b++)
    for (LLVMValueRef i = LLVMGetFirstInstruction(s->blocks[b]); i;
         i = LLVMGetNextInstruction(i)) {
      if (hipc__form_loops_map_get(dv, i, NULL)) continue;
      int k = seed(s, i, trust);
      if (k == 2) continue;
      int d = k == 1;
      unsigned n = LLVMGetNumOperands(i);
      for (unsigned o = 0; o < n && !d; o++)
        d = hipc__form_loops_map_get(dv, LLVMGetOperand(i, o), NULL);
      if (d) changed |= mark(dv, i);
    }
  return changed;
}

struct pdom {
  unsigned n, words; /* nodes: blocks, then the virtual exit */
  uint64_t* set;     /* n * words */
  unsigned* ipdom;   /* n: the exit's index when it is the exit */
};

static int has(const uint64_t* set, unsigned i) {
  return (set[i / 64] >> (i % 64)) & 1;
}

/* Successors of block b in the graph of barrier-reaching blocks; with
 * `exit`, an edge to code that meets no further barrier (or a return) goes
 * to the virtual exit s->nblocks instead. */
static unsigned succs(const struct fl_state* s, unsigned b, unsigned* out,
                      int exit) {
  LLVMValueRef t = LLVMGetBasicBlockTerminator(s->blocks[b]);
  unsigned n = LLVMGetNumSuccessors(t), k = 0;
  for (unsigned i = 0; i < n; i++) {
    uintptr_t j = 0;
    hipc__form_loops_map_get(&s->block_index, LLVMGetSuccessor(t, i), &j);
    if (!s->reaches_bar[j]) {
      if (!exit) continue;
      j = s->nblocks;
    }
    unsigned dup = 0;
    for (unsigned q = 0; q < k; q++) dup |= out[q] == j;
    if (!dup) out[k++] = (unsigned)j;
  }
  if (!n && exit) out[k++] = s->nblocks;
  return k;
}

static int postdominators(struct fl_state* s, struct pdom* p) {
  unsigned nb = s->nblocks, exit = nb;
  p->n = nb + 1;
  p->words = (p->n + 63) / 64;
  p->set = calloc((size_t)p->n * p->words, sizeof *p->set);
  p->ipdom = calloc(p->n, sizeof *p->ipdom);
  unsigned* sc = calloc(nb + 1, sizeof *sc);
  if (!p->set || !p->ipdom || !sc) abort();
  for (unsigned b = 0; b < p->n; b++) {
    uint64_t* x = p->set + (size_t)b * p->words;
    if (b == exit)
      x[b / 64] |= 1ull << (b % 64);
    else if (s->reaches_bar[b])
      memset(x, 0xff, p->words * sizeof *x);
  }
  for (int changed = 1; changed;) {
    changed = 0;
    for (unsigned b = nb; b-- > 0;) {
      if (!s->reaches_bar[b]) continue;
      unsigned k = succs(s, b, sc, 1);
      uint64_t* x = p->set + (size_t)b * p->words;
      for (unsigned w = 0; w < p->words; w++) {
        uint64_t v = ~0ull;
        for (unsigned q = 0; q < k; q++)
          v &= p->set[(size_t)sc[q] * p->words + w];
        if (w == b / 64) v |= 1ull << (b % 64);
        if (v != x[w]) {
          x[w] = v;
          changed = 1;
        }
      }
    }
  }
  free(sc);
  for (unsigned b = 0; b < nb; b++) {
    if (!s->reaches_bar[b]) continue;
    const uint64_t* x = p->set + (size_t)b * p->words;
    /* A block in an endless loop keeps every node as post-dominator. */
    if (!has(x, exit))
      return hipc__form_loops_fail(s, LLVMGetBasicBlockTerminator(s->blocks[b]),
                                   "a barrier in a loop that never ends");
    unsigned best = exit, most = 0;
    for (unsigned d = 0; d < p->n; d++) {
      if (d == b || !has(x, d)) continue;
      unsigned c = 0;
      for (unsigned w = 0; w < p->words; w++)
        c += (unsigned)__builtin_popcountll(p->set[(size_t)d * p->words + w]);
      if (c > most) {
        most = c;
        best = d;
      }
    }
    p->ipdom[b] = best;
  }
  return 1;
}

/* The zone of the divergent branch ending block x: blocks reachable from
 * its successors before its immediate post-dominator. Returns how many. */
static unsigned zone(const struct fl_state* s, const struct pdom* p, unsigned x,
                     unsigned char* in, unsigned* stack) {
  unsigned sc[FL_MAX_SUCCS], sp = 0, n = 0;
  memset(in, 0, s->nblocks);
  /* Threads that go to code without barriers have left, as far as the
   * barriers are concerned: only the other successors start the zone. */
  unsigned k = succs(s, x, sc, 0);
  if (k < 2) return 0;
  /* Blocks are marked when pushed, so the stack holds each at most once. */
  for (unsigned q = 0; q < k; q++)
    if (sc[q] != p->ipdom[x] && !in[sc[q]]) {
      in[sc[q]] = 1;
      stack[sp++] = sc[q];
    }
  while (sp) {
    unsigned b = stack[--sp];
    n++;
    unsigned m = succs(s, b, sc, 1);
    for (unsigned q = 0; q < m; q++)
      if (sc[q] != p->ipdom[x] && sc[q] != s->nblocks && !in[sc[q]]) {
        in[sc[q]] = 1;
        stack[sp++] = sc[q];
      }
  }
  return n;
}

static int divergent_branch(const struct fl_state* s, const struct fl_map* d,
                            unsigned b) {
  LLVMValueRef t = LLVMGetBasicBlockTerminator(s->blocks[b]);
  if (LLVMIsABranchInst(t) && LLVMIsConditional(t))
    return hipc__form_loops_map_get(d, LLVMGetCondition(t), NULL);
  if (LLVMIsASwitchInst(t))
    return hipc__form_loops_map_get(d, LLVMGetOperand(t, 0), NULL);
  return 0;
}

static int mark_zone(struct fl_state* s, struct fl_map* d, const struct pdom* p,
                     unsigned x, const unsigned char* in) {
  int changed = 0;
  /* Threads meet again at the post-dominator, from different paths. */
  if (p->ipdom[x] < s->nblocks)
    for (LLVMValueRef i = LLVMGetFirstInstruction(s->blocks[p->ipdom[x]]);
         i && LLVMIsAPHINode(i); i = LLVMGetNextInstruction(i))
      changed |= mark(d, i);
  for (unsigned b = 0; b < s->nblocks; b++) {
    if (!in[b]) continue;
    for (LLVMValueRef i = LLVMGetFirstInstruction(s->blocks[b]); i;
         i = LLVMGetNextInstruction(i)) {
      if (LLVMIsAPHINode(i)) changed |= mark(d, i);
      for (LLVMUseRef u = LLVMGetFirstUse(i); u; u = LLVMGetNextUse(u)) {
        LLVMBasicBlockRef ub = LLVMGetInstructionParent(LLVMGetUser(u));
        uintptr_t j = 0;
        hipc__form_loops_map_get(&s->block_index, ub, &j);
        if (!in[j]) changed |= mark(d, i);
      }
    }
  }
  return changed;
}

/* The divergence fixpoint into `d`: the operand rule, then the zones of
 * the divergent branches, until nothing changes. */
static void analyse(struct fl_state* s, struct fl_map* d, int trust,
                    const struct pdom* p, unsigned char* in, unsigned* stack) {
  for (int changed = 1; changed;) {
    changed = 0;
    while (propagate(s, d, trust)) changed = 1;
    for (unsigned b = 0; b < s->nblocks; b++)
      if (s->reaches_bar[b] && divergent_branch(s, d, b) &&
          zone(s, p, b, in, stack))
        changed |= mark_zone(s, d, p, b, in);
  }
}

int hipc__form_loops_uniform(struct fl_state* s) {
  unsigned nb = s->nblocks;
  s->reaches_bar = calloc(nb + 1, 1);
  unsigned char* in = calloc(nb + 1, 1);
  unsigned* stack = calloc((size_t)nb + 2, sizeof *stack);
  if (!s->reaches_bar || !in || !stack) abort();
  for (unsigned k = 0; k < s->nbars; k++)
    s->reaches_bar[s->segs[hipc__form_loops_seg_of(s, s->bars[k])].block] = 1;
  for (int changed = 1; changed;) {
    changed = 0;
    for (unsigned b = 0; b < nb; b++) {
      if (s->reaches_bar[b]) continue;
      LLVMValueRef t = LLVMGetBasicBlockTerminator(s->blocks[b]);
      unsigned n = LLVMGetNumSuccessors(t);
      for (unsigned i = 0; i < n; i++) {
        uintptr_t j = 0;
        hipc__form_loops_map_get(&s->block_index, LLVMGetSuccessor(t, i), &j);
        if (s->reaches_bar[j]) {
          s->reaches_bar[b] = 1;
          changed = 1;
          break;
        }
      }
    }
  }
  struct pdom p = {0};
  int ok = postdominators(s, &p);
  struct fl_map varying = {0};
  if (ok) {
    analyse(s, &s->divergent, 0, &p, in, stack);
    analyse(s, &varying, 1, &p, in, stack);
  }
  /* A branch whose condition reads memory at an address that is the same
   * for all threads (a loop bound, a flag in shared memory) is taken to be
   * the same for all, as GPU rules require of one around a barrier: the
   * barriers are placed by `varying`. If the threads do disagree at run
   * time, they return (the exit flags make that right) or meet different
   * barriers (which the region's vote reports). */
  for (unsigned b = 0; ok && b < nb; b++)
    if (s->reaches_bar[b] && divergent_branch(s, &s->divergent, b) &&
        !divergent_branch(s, &varying, b))
      s->need_exit_flags = 1;
  /* A divergent branch to code that meets no further barrier: some threads
   * may return while others go on to a barrier (else all the live threads
   * of a region agree on whether they return). A branch after the last
   * barrier of its block, to blocks none of which meets one, is no such
   * branch: every thread there is past its barriers. */
  for (unsigned b = 0; ok && b < nb; b++) {
    if (!s->reaches_bar[b] || !divergent_branch(s, &s->divergent, b)) continue;
    LLVMValueRef t = LLVMGetBasicBlockTerminator(s->blocks[b]);
    unsigned n = LLVMGetNumSuccessors(t), on = 0, off = 0;
    for (unsigned i = 0; i < n; i++) {
      uintptr_t j = 0;
      hipc__form_loops_map_get(&s->block_index, LLVMGetSuccessor(t, i), &j);
      if (s->reaches_bar[j])
        on = 1;
      else
        off = 1;
    }
    if (on && off) s->need_exit_flags = 1;
  }
  if (getenv("KC_LOOPS_DEBUG")) {
    char* text = LLVMPrintValueToString(s->fn);
    fprintf(stderr, "%s", text);
    LLVMDisposeMessage(text);
    for (unsigned b = 0; b < nb; b++)
      for (LLVMValueRef i = LLVMGetFirstInstruction(s->blocks[b]); i;
           i = LLVMGetNextInstruction(i))
        if (hipc__form_loops_divergent(s, i)) {
          text = LLVMPrintValueToString(i);
          fprintf(stderr, "divergent: %s\n", text);
          LLVMDisposeMessage(text);
        }
    for (unsigned b = 0; b < nb; b++)
      fprintf(stderr, "block %u reaches_bar %d ipdom %u\n", b,
              s->reaches_bar[b], p.ipdom[b]);
  }
  /* Every barrier must be outside every divergent zone. */
  for (unsigned b = 0; ok && b < nb; b++) {
    if (!s->reaches_bar[b] || !divergent_branch(s, &varying, b) ||
        !zone(s, &p, b, in, stack))
      continue;
    for (unsigned k = 0; ok && k < s->nbars; k++)
      if (in[s->segs[hipc__form_loops_seg_of(s, s->bars[k])].block])
        ok = hipc__form_loops_fail(
            s, s->bars[k],
            "a barrier under a branch that depends on the thread index");
  }
  hipc__form_loops_map_free(&varying);
  free(p.set);
  free(p.ipdom);
  free(in);
  free(stack);
  return ok;
}
