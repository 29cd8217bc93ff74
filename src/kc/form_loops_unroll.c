/* kc's region form, part of step 1 (form_loops_prep.c): loops that hold a
 * warp collective are marked for unrolling, up to FL_UNROLL times. Each
 * collective cuts the regions like a barrier; in a loop, the region after
 * it goes round the loop to the same collective again, so its result has
 * to be computed in a loop nest of its own and read back
 * (form_loops_warp.c). Unrolled, the collectives follow each other in
 * straight code, and a shuffle's result is computed where it is used
 * (form_loops_shfl.c). LLVM's full unrolling alone leaves a 16-round
 * shuffle loop rolled (its size estimate counts the calls); the loop's
 * `llvm.loop.unroll.count` makes loop-unroll-full unroll every such loop
 * whose trip count is known and at most FL_UNROLL, and no other. */
#include <stdlib.h>
#include <string.h>

#include <llvm-c/DebugInfo.h>

#include "form_loops.h"

/* The most times a loop with a collective is unrolled. */
#define FL_UNROLL 16

/* Predecessor lists of the blocks of `fn`, by block index (CSR). */
struct preds {
  unsigned n, *off, *list;
  struct fl_map index;
  LLVMBasicBlockRef* blocks;
};

static void preds_build(LLVMValueRef fn, struct preds* p) {
  memset(p, 0, sizeof *p);
  p->n = LLVMCountBasicBlocks(fn);
  p->blocks = malloc((p->n + 1) * sizeof *p->blocks);
  p->off = calloc(p->n + 2, sizeof *p->off);
  if (!p->blocks || !p->off) abort();
  LLVMGetBasicBlocks(fn, p->blocks);
  for (unsigned i = 0; i < p->n; i++)
    hipc__form_loops_map_put(&p->index, p->blocks[i], i);
  unsigned total = 0;
  for (int pass = 0; pass < 2; pass++) {
    unsigned* fill = pass ? calloc(p->n + 1, sizeof *fill) : NULL;
    if (pass && !fill) abort();
    for (unsigned i = 0; i < p->n; i++) {
      LLVMValueRef t = LLVMGetBasicBlockTerminator(p->blocks[i]);
      unsigned ns = t ? LLVMGetNumSuccessors(t) : 0;
      for (unsigned k = 0; k < ns; k++) {
        uintptr_t j = 0;
        hipc__form_loops_map_get(&p->index, LLVMGetSuccessor(t, k), &j);
        if (!pass)
          p->off[j + 1]++;
        else
          p->list[p->off[j] + fill[j]++] = i;
      }
    }
    if (!pass) {
      for (unsigned j = 0; j < p->n; j++) p->off[j + 1] += p->off[j];
      total = p->off[p->n];
      p->list = malloc((total + 1) * sizeof *p->list);
      if (!p->list) abort();
    }
    free(fill);
  }
}

static void preds_free(struct preds* p) {
  free(p->off);
  free(p->list);
  free(p->blocks);
  hipc__form_loops_map_free(&p->index);
}

static int has_collective(LLVMBasicBlockRef bb) {
  for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i;
       i = LLVMGetNextInstruction(i))
    if (hipc__form_loops_warp_kind(i)) return 1;
  return 0;
}

/* 1 when the loop of back edge latch -> header holds a collective: the
 * blocks that reach the latch without passing the header. 0 as well when
 * the walk meets the entry (the edge is no back edge). */
static int loop_has_collective(const struct preds* p, unsigned latch,
                               unsigned header, unsigned char* seen) {
  memset(seen, 0, p->n);
  unsigned* stack = malloc((p->n + 1) * sizeof *stack);
  if (!stack) abort();
  unsigned sp = 0;
  int found = has_collective(p->blocks[header]), back = 1;
  seen[header] = 1;
  if (!seen[latch]) {
    seen[latch] = 1;
    stack[sp++] = latch;
  }
  while (sp && back) {
    unsigned b = stack[--sp];
    if (b == 0) back = 0; /* the entry: not a loop of this header */
    found |= has_collective(p->blocks[b]);
    for (unsigned k = p->off[b]; k < p->off[b + 1]; k++)
      if (!seen[p->list[k]]) {
        seen[p->list[k]] = 1;
        stack[sp++] = p->list[k];
      }
  }
  free(stack);
  return back && found;
}

/* The loop ID of `br` with an unroll count added (a new self-referring
 * node: operand 0 is the node itself, as LLVM's loop IDs are). */
static void add_unroll_count(struct fl_state* s, LLVMValueRef br,
                             unsigned kind) {
  LLVMValueRef old = LLVMGetMetadata(br, kind);
  unsigned n = old ? LLVMGetMDNodeNumOperands(old) : 0;
  LLVMValueRef* ops = calloc(n + 1, sizeof *ops);
  LLVMMetadataRef* md = calloc(n + 2, sizeof *md);
  if (!ops || !md) abort();
  if (old) LLVMGetMDNodeOperands(old, ops);
  LLVMMetadataRef tmp = LLVMTemporaryMDNode(s->cx, NULL, 0);
  unsigned m = 0;
  md[m++] = tmp;
  for (unsigned i = 1; i < n; i++) md[m++] = LLVMValueAsMetadata(ops[i]);
  const char* key = "llvm.loop.unroll.count";
  LLVMMetadataRef count[2] = {
      LLVMMDStringInContext2(s->cx, key, strlen(key)),
      LLVMValueAsMetadata(LLVMConstInt(LLVMInt32TypeInContext(s->cx), FL_UNROLL, 0))};
  md[m++] = LLVMMDNodeInContext2(s->cx, count, 2);
  LLVMMetadataRef id = LLVMMDNodeInContext2(s->cx, md, m);
  LLVMMetadataReplaceAllUsesWith(tmp, id);
  LLVMSetMetadata(br, kind, LLVMMetadataAsValue(s->cx, id));
  free(ops);
  free(md);
}

void hipc__form_loops_mark_unroll(struct fl_state* s) {
  unsigned kind = LLVMGetMDKindIDInContext(s->cx, "llvm.loop", 9);
  struct preds p;
  preds_build(s->fn, &p);
  unsigned char* seen = malloc(p.n + 1);
  if (!seen) abort();
  for (unsigned i = 0; i < p.n; i++) {
    LLVMValueRef t = LLVMGetBasicBlockTerminator(p.blocks[i]);
    if (!t || !LLVMIsABranchInst(t) || !LLVMGetMetadata(t, kind)) continue;
    unsigned ns = LLVMGetNumSuccessors(t);
    for (unsigned k = 0; k < ns; k++) {
      uintptr_t h = 0;
      hipc__form_loops_map_get(&p.index, LLVMGetSuccessor(t, k), &h);
      if (loop_has_collective(&p, i, (unsigned)h, seen)) {
        add_unroll_count(s, t, kind);
        break;
      }
    }
  }
  free(seen);
  preds_free(&p);
}
