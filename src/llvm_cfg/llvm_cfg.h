/* A function's control-flow graph on LLVM's C API, shared by hipc-kc's
 * NVPTX passes and hipc's clang plugin (llvm_cfg.c). */
#ifndef HIPC_LLVM_CFG_H
#define HIPC_LLVM_CFG_H

#include <llvm-c/Core.h>

/* A function's CFG (llvm_cfg.c): blocks numbered in function order,
 * predecessors of block i in preds[pred_start[i] .. pred_start[i + 1]),
 * reverse post-order numbers from the entry (n: unreached) and the back
 * edges back_from[k] -> back_to[k] (block numbers) in the order the
 * depth-first search met them. */
struct llvm_cfg_slot {
  LLVMBasicBlockRef b;
  unsigned i;
};
struct llvm_cfg {
  unsigned n;
  LLVMBasicBlockRef *b;
  struct llvm_cfg_slot *sorted; /* by block, for the look-up */
  unsigned *pred_start, *preds;
  unsigned *rpo;
  unsigned nback, *back_from, *back_to;
};
void hipc__cfg_build(struct llvm_cfg *g, LLVMValueRef f);
void hipc__cfg_free(struct llvm_cfg *g);
/* Block `b`'s number, or g->n when it is not the function's. */
unsigned hipc__cfg_index(const struct llvm_cfg *g, LLVMBasicBlockRef b);
/* How many successors `b` has. */
unsigned hipc__cfg_succs(LLVMBasicBlockRef b);

#endif /* HIPC_LLVM_CFG_H */
