/* A function's control-flow graph for hipc's NVPTX passes (nvptx_ir.h):
 * the blocks numbered, each block's number found by binary search, the
 * predecessors (the C API gives successors only), and one depth-first
 * search from the entry that numbers the blocks in reverse post-order and
 * lists the back edges, an edge to a block on the search's stack (clang's
 * CFGs are reducible), in the order the search meets them. Used by the
 * unroller's loop nesting (nvptx_unroller.c) and the compares made again
 * after loops (nvptx_remat_cmp.c). */
#include <stdlib.h>

#include "kc/nvptx_ir.h"

static int by_block(const void *x, const void *y) {
  const struct nvptx_cfg_slot *a = x, *c = y;
  return a->b < c->b ? -1 : a->b > c->b;
}

unsigned hipc__nvptx_cfg_index(const struct nvptx_cfg *g,
                               LLVMBasicBlockRef b) {
  struct nvptx_cfg_slot key = {b, 0};
  struct nvptx_cfg_slot *s =
      bsearch(&key, g->sorted, g->n, sizeof key, by_block);
  return s != NULL ? s->i : g->n;
}

unsigned hipc__nvptx_cfg_succs(LLVMBasicBlockRef b) {
  LLVMValueRef t = LLVMGetBasicBlockTerminator(b);
  return t != NULL ? LLVMGetNumSuccessors(t) : 0;
}

static unsigned succ(const struct nvptx_cfg *g, unsigned i, unsigned k) {
  return hipc__nvptx_cfg_index(
      g, LLVMGetSuccessor(LLVMGetBasicBlockTerminator(g->b[i]), k));
}

/* Reverse post-order numbers and back edges (g->n blocks, `edges` edges). */
static void search(struct nvptx_cfg *g, unsigned edges) {
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
    if (next[x] < hipc__nvptx_cfg_succs(g->b[x])) {
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

void hipc__nvptx_cfg_build(struct nvptx_cfg *g, LLVMValueRef f) {
  g->n = LLVMCountBasicBlocks(f);
  g->b = malloc((g->n + 1) * sizeof *g->b);
  g->sorted = malloc((g->n + 1) * sizeof *g->sorted);
  g->pred_start = calloc(g->n + 1, sizeof *g->pred_start);
  if (!g->b || !g->sorted || !g->pred_start)
    abort();
  LLVMGetBasicBlocks(f, g->b);
  for (unsigned i = 0; i < g->n; i++)
    g->sorted[i] = (struct nvptx_cfg_slot){g->b[i], i};
  qsort(g->sorted, g->n, sizeof *g->sorted, by_block);
  unsigned edges = 0;
  for (unsigned i = 0; i < g->n; i++)
    for (unsigned k = 0; k < hipc__nvptx_cfg_succs(g->b[i]); k++, edges++)
      g->pred_start[succ(g, i, k) + 1]++;
  for (unsigned i = 0; i < g->n; i++)
    g->pred_start[i + 1] += g->pred_start[i];
  g->preds = malloc((edges ? edges : 1) * sizeof *g->preds);
  unsigned *fill = calloc(g->n + 1, sizeof *fill);
  if (!g->preds || !fill)
    abort();
  for (unsigned i = 0; i < g->n; i++)
    for (unsigned k = 0; k < hipc__nvptx_cfg_succs(g->b[i]); k++) {
      unsigned s = succ(g, i, k);
      g->preds[g->pred_start[s] + fill[s]++] = i;
    }
  free(fill);
  search(g, edges);
}

void hipc__nvptx_cfg_free(struct nvptx_cfg *g) {
  free(g->b);
  free(g->sorted);
  free(g->pred_start);
  free(g->preds);
  free(g->rpo);
  free(g->back_from);
  free(g->back_to);
}
