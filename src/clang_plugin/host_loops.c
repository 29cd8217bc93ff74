/* The blocks of a natural loop on a function's control-flow graph
 * (host_loops.h). */
#include <stdlib.h>
#include <string.h>

#include "host_loops.h"

int hipc__host_graph_init(struct graph *g, LLVMValueRef fn) {
  memset(g, 0, sizeof *g);
  if (LLVMCountBasicBlocks(fn) == 0)
    return 0;
  hipc__cfg_build(&g->cfg, fn);
  g->in_loop = calloc(g->cfg.n, 1);
  if (g->in_loop == NULL)
    abort();
  return 1;
}

void hipc__host_graph_free(struct graph *g) {
  hipc__cfg_free(&g->cfg);
  free(g->in_loop);
}

int hipc__host_mark_loop(struct graph *g, unsigned hdr, unsigned latch) {
  const struct llvm_cfg *c = &g->cfg;
  memset(g->in_loop, 0, c->n);
  unsigned *work = malloc(c->n * sizeof *work), nw = 0;
  if (work == NULL)
    abort();
  g->in_loop[hdr] = 1;
  if (!g->in_loop[latch]) {
    g->in_loop[latch] = 1;
    work[nw++] = latch;
  }
  while (nw > 0) {
    unsigned b = work[--nw];
    for (unsigned k = c->pred_start[b]; k < c->pred_start[b + 1]; k++) {
      unsigned p = c->preds[k];
      if (!g->in_loop[p]) {
        g->in_loop[p] = 1;
        work[nw++] = p;
      }
    }
  }
  free(work);
  return !g->in_loop[0];
}

int hipc__host_in_loop(const struct graph *g, LLVMValueRef v) {
  if (!LLVMIsAInstruction(v))
    return 0;
  unsigned i = hipc__cfg_index(&g->cfg, LLVMGetInstructionParent(v));
  return i < g->cfg.n && g->in_loop[i];
}
