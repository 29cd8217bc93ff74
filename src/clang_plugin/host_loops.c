/* A function's blocks and predecessors, and the blocks of a natural
 * loop (host_loops.h). */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "host_loops.h"

static int slot_cmp(const void *x, const void *y) {
  uintptr_t a = (uintptr_t)((const struct slot *)x)->b;
  uintptr_t b = (uintptr_t)((const struct slot *)y)->b;
  return a < b ? -1 : a > b;
}

/* `b`'s index, g->n for a block made after the graph. */
size_t hipc__host_block_index(const struct graph *g, LLVMBasicBlockRef b) {
  struct slot key = {b, 0};
  const struct slot *s =
      bsearch(&key, g->sorted, g->n, sizeof *g->sorted, slot_cmp);
  return s != NULL ? s->i : g->n;
}

static void pred_add(struct graph *g, size_t to, size_t from) {
  if (g->npred[to] == g->cap[to]) {
    g->cap[to] = g->cap[to] ? 2 * g->cap[to] : 4;
    g->pred[to] = realloc(g->pred[to], g->cap[to] * sizeof **g->pred);
    if (g->pred[to] == NULL)
      abort();
  }
  g->pred[to][g->npred[to]++] = from;
}

int hipc__host_graph_init(struct graph *g, LLVMValueRef fn) {
  memset(g, 0, sizeof *g);
  g->n = LLVMCountBasicBlocks(fn);
  if (g->n == 0)
    return 0;
  g->bb = malloc(g->n * sizeof *g->bb);
  g->pred = calloc(g->n, sizeof *g->pred);
  g->npred = calloc(g->n, sizeof *g->npred);
  g->cap = calloc(g->n, sizeof *g->cap);
  g->in_loop = calloc(g->n, 1);
  if (!g->bb || !g->pred || !g->npred || !g->cap || !g->in_loop)
    abort();
  LLVMGetBasicBlocks(fn, g->bb);
  g->sorted = malloc(g->n * sizeof *g->sorted);
  if (g->sorted == NULL)
    abort();
  for (size_t i = 0; i < g->n; i++)
    g->sorted[i] = (struct slot){g->bb[i], i};
  qsort(g->sorted, g->n, sizeof *g->sorted, slot_cmp);
  for (size_t i = 0; i < g->n; i++) {
    LLVMValueRef t = LLVMGetBasicBlockTerminator(g->bb[i]);
    if (t == NULL)
      continue;
    unsigned ns = LLVMGetNumSuccessors(t);
    for (unsigned k = 0; k < ns; k++) {
      size_t s = hipc__host_block_index(g, LLVMGetSuccessor(t, k));
      if (s < g->n)
        pred_add(g, s, i);
    }
  }
  return 1;
}

void hipc__host_graph_free(struct graph *g) {
  for (size_t i = 0; i < g->n; i++)
    free(g->pred[i]);
  free(g->pred);
  free(g->npred);
  free(g->cap);
  free(g->bb);
  free(g->sorted);
  free(g->in_loop);
}

/* Marks in_loop the blocks that reach `latch` without passing `hdr`, and
 * hdr; 0 where the entry block is among them (hdr does not dominate the
 * latch: no natural loop). */
int hipc__host_mark_loop(struct graph *g, size_t hdr, size_t latch) {
  memset(g->in_loop, 0, g->n);
  size_t *work = malloc(g->n * sizeof *work), nw = 0;
  if (work == NULL)
    abort();
  g->in_loop[hdr] = 1;
  if (!g->in_loop[latch]) {
    g->in_loop[latch] = 1;
    work[nw++] = latch;
  }
  while (nw > 0) {
    size_t b = work[--nw];
    for (size_t k = 0; k < g->npred[b]; k++) {
      size_t p = g->pred[b][k];
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
  size_t i = hipc__host_block_index(g, LLVMGetInstructionParent(v));
  return i < g->n && g->in_loop[i];
}

