/* hipc-kc's GPU mode: IR passes of hipc's own for the NVIDIA device pass
 * (docs/nvidia.md, "The device pass"), between clang's -O3 and the NVPTX
 * back end. */
#ifndef HIPC_KC_NVPTX_IR_H
#define HIPC_KC_NVPTX_IR_H

#include <llvm-c/Core.h>

/* hipc-kc --nvptx-ir IN.bc -o OUT.bc [-v] */
int hipc__nvptx_ir_main(int argc, char **argv);

/* Population-count loops made llvm.ctpop (nvptx_popcount.c); returns how
 * many. */
unsigned hipc__nvptx_popcount(LLVMModuleRef m);

/* Counted loops of warp collectives unrolled by 4, the remainder after
 * (nvptx_unroll.c); returns how many. */
unsigned hipc__nvptx_unroll_warp_loops(LLVMModuleRef m);

#endif /* HIPC_KC_NVPTX_IR_H */
