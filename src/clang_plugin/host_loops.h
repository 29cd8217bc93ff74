/* The blocks of a function and their predecessors, and a loop's blocks
 * (host_divrem.c): the C API has no loop or dominator analysis. */
#ifndef HIPC_HOST_LOOPS_H
#define HIPC_HOST_LOOPS_H

#include <stddef.h>

#include <llvm-c/Core.h>

/* The blocks of a function, their predecessors, and one loop's set. */
struct graph {
  LLVMBasicBlockRef *bb;    /* in function order */
  size_t n;
  struct slot { LLVMBasicBlockRef b; size_t i; } *sorted; /* by address */
  size_t **pred;            /* pred[i]: indices, npred[i] of them */
  size_t *npred, *cap;
  unsigned char *in_loop;   /* the current loop's blocks */
};

/* The graph of function `fn`; 0 where it has no blocks. */
int hipc__host_graph_init(struct graph *g, LLVMValueRef fn);
void hipc__host_graph_free(struct graph *g);
/* `b`'s index, g->n for a block made after the graph. */
size_t hipc__host_block_index(const struct graph *g, LLVMBasicBlockRef b);
/* Marks in_loop the blocks that reach `latch` without passing `hdr`, and
 * hdr; 0 where the entry block is among them (hdr does not dominate the
 * latch: no natural loop). */
int hipc__host_mark_loop(struct graph *g, size_t hdr, size_t latch);
/* Whether `v` is an instruction of a block marked in_loop. */
int hipc__host_in_loop(const struct graph *g, LLVMValueRef v);

#endif
