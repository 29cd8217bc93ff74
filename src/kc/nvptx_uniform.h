/* Values every lane of a thread block shares (nvptx_uniform.c), for hipc's
 * NVPTX IR passes: a loop count all lanes share keeps the lanes that meet
 * at a warp collective the same when the loop is unrolled
 * (nvptx_unroll.c), and a branch on a shared condition never splits a
 * warp (nvptx_select.c). */
#ifndef HIPC_KC_NVPTX_UNIFORM_H
#define HIPC_KC_NVPTX_UNIFORM_H

#include <llvm-c/Core.h>

/* Whether every lane of a block has the same `v`: constants, a kernel's
 * arguments, the block and grid indices and sizes, and integer arithmetic,
 * compares and selects of them. */
int hipc__nvptx_uniform(LLVMModuleRef m, LLVMValueRef v);

/* Whether `f` is a kernel (!nvvm.annotations names it "kernel"). */
int hipc__nvptx_is_kernel(LLVMModuleRef m, LLVMValueRef f);

#endif /* HIPC_KC_NVPTX_UNIFORM_H */
