/* A function's control-flow graph (src/llvm_cfg) with one natural loop's
 * blocks marked (host_divrem.c): the C API has no loop or dominator
 * analysis. */
#ifndef HIPC_HOST_LOOPS_H
#define HIPC_HOST_LOOPS_H

#include <llvm-c/Core.h>

#include "llvm_cfg/llvm_cfg.h"

struct graph {
  struct llvm_cfg cfg;
  unsigned char *in_loop; /* the current loop's blocks */
};

/* The graph of function `fn`; 0 where it has no blocks. */
int hipc__host_graph_init(struct graph *g, LLVMValueRef fn);
void hipc__host_graph_free(struct graph *g);
/* Marks in_loop the blocks that reach `latch` without passing `hdr`, and
 * hdr; 0 where the entry block is among them (hdr does not dominate the
 * latch: no natural loop). */
int hipc__host_mark_loop(struct graph *g, unsigned hdr, unsigned latch);
/* Whether `v` is an instruction of a block marked in_loop. */
int hipc__host_in_loop(const struct graph *g, LLVMValueRef v);

#endif
