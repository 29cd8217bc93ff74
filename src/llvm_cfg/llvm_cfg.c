/* A function's control-flow graph on LLVM's C API (llvm_cfg.h): the
 * blocks numbered, each block's number found by binary search, the
 * predecessors (the C API gives successors only), and one depth-first
 * search from the entry that numbers the blocks in reverse post-order and
 * lists the back edges, an edge to a block on the search's stack (clang's
 * CFGs are reducible), in the order the search meets them. Used by
 * hipc-kc's NVPTX passes (the unroller's loop nesting, nvptx_unroller.c;
 * the compares made again after loops, nvptx_remat_cmp.c) and by hipc's
 * clang plugin (the loops of host_divrem.c, through host_loops.c); built
 * into both. */
#include <stdint.h>
#include <stdlib.h>

#include "llvm_cfg/llvm_cfg.h"

/* Blocks ordered by their addresses as integers. */
static int by_block(const void *x, const void *y) {
  uintptr_t a = (uintptr_t)((const struct llvm_cfg_slot *)x)->b;
  uintptr_t c = (uintptr_t)((const struct llvm_cfg_slot *)y)->b;
  return a < c ? -1 : a > c;
}

unsigned hipc__cfg_index(const struct llvm_cfg *g,
                               LLVMBasicBlockRef b) {
  struct llvm_cfg_slot key = {b, 0};
  struct llvm_cfg_slot *s =
      bsearch(&key, g->sorted, g->n, sizeof key, by_block);
  return s != NULL ? s->i : g->n;
}

unsigned hipc__cfg_succs(LLVMBasicBlockRef b) {
  LLVMValueRef t = LLVMGetBasicBlockTerminator(b);
  return t != NULL ? LLVMGetNumSuccessors(t) : 0;
}

static unsigned succ(const struct llvm_cfg *g, unsigned i, unsigned k) {
  return hipc__cfg_index(
      g, LLVMGetSuccessor(LLVMGetBasicBlockTerminator(g->b[i]), k));
}

/* Reverse post-order numbers and back edges (g->n blocks, `edges` edges). */
static void search(struct llvm_cfg *g, unsigned edges) {
  unsigned n = g->n;
  g->rpo = malloc(n * sizeof *g->rpo);
  g->back_from = malloc((edges ? edges : 1) * sizeof *g->back_from);
  g->back_to = malloc((edges ? edges : 1) * sizeof *g->back_to);
  unsigned char *state = calloc(n, 1); /* 1: on the stack, 2: done */
  unsigned *stack = malloc(n * sizeof *stack), *next = calloc(n, sizeof *next);
  if (!g->rpo || !g->back_from || !g->back_to || !state || !stack || !next)
    abort();
  for (unsigned i = 0; i < n; i++)
    g->rpo[i] = n; /* unreached */
  g->nback = 0;
  unsigned depth = 0, post = n;
  stack[depth++] = 0;
  state[0] = 1;
  while (depth > 0) {
    unsigned x = stack[depth - 1];
    if (next[x] < hipc__cfg_succs(g->b[x])) {
      unsigned y = succ(g, x, next[x]++);
      if (state[y] == 1) {
        g->back_from[g->nback] = x;
        g->back_to[g->nback++] = y;
      } else if (state[y] == 0) {
        state[y] = 1;
        stack[depth++] = y;
      }
    } else {
      state[x] = 2;
      g->rpo[x] = --post;
      depth--;
    }
  }
  free(state);
  free(stack);
  free(next);
}

void hipc__cfg_build(struct llvm_cfg *g, LLVMValueRef f) {
  g->n = LLVMCountBasicBlocks(f);
  g->b = malloc((g->n + 1) * sizeof *g->b);
  g->sorted = malloc((g->n + 1) * sizeof *g->sorted);
  g->pred_start = calloc(g->n + 1, sizeof *g->pred_start);
  if (!g->b || !g->sorted || !g->pred_start)
    abort();
  LLVMGetBasicBlocks(f, g->b);
  for (unsigned i = 0; i < g->n; i++)
    g->sorted[i] = (struct llvm_cfg_slot){g->b[i], i};
  qsort(g->sorted, g->n, sizeof *g->sorted, by_block);
  unsigned edges = 0;
  for (unsigned i = 0; i < g->n; i++)
    for (unsigned k = 0; k < hipc__cfg_succs(g->b[i]); k++, edges++)
      g->pred_start[succ(g, i, k) + 1]++;
  for (unsigned i = 0; i < g->n; i++)
    g->pred_start[i + 1] += g->pred_start[i];
  g->preds = malloc((edges ? edges : 1) * sizeof *g->preds);
  unsigned *fill = calloc(g->n + 1, sizeof *fill);
  if (!g->preds || !fill)
    abort();
  for (unsigned i = 0; i < g->n; i++)
    for (unsigned k = 0; k < hipc__cfg_succs(g->b[i]); k++) {
      unsigned s = succ(g, i, k);
      g->preds[g->pred_start[s] + fill[s]++] = i;
    }
  free(fill);
  search(g, edges);
}

void hipc__cfg_free(struct llvm_cfg *g) {
  free(g->b);
  free(g->sorted);
  free(g->pred_start);
  free(g->preds);
  free(g->rpo);
  free(g->back_from);
  free(g->back_to);
}
