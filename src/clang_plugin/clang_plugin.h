/* hipc's clang pass plugin (plugin.cpp registers it with clang): the host
 * pass's fold of constant long double math (host_fold.c), its loop
 * interchange (host_interchange.c) and its counting of collapsed loops'
 * indices (host_divrem.c). */
#ifndef HIPC_CLANG_PLUGIN_H
#define HIPC_CLANG_PLUGIN_H

#include <llvm-c/Types.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Replaces in function `fn` each call of a long double logl, log2l,
 * log10l, expl, exp2l, sqrtl or powl (or its llvm.* intrinsic) on
 * constants by its value; returns how many it replaced. */
int hipc_host_fold_function(LLVMValueRef fn);

/* Interchanges in function `fn` each two-loop nest whose inner loop
 * strides memory in larger steps than its outer one, where the order of
 * the iterations cannot change the result; returns how many it swapped
 * (HIPC_HOST_INTERCHANGE=0: none). */
int hipc_host_interchange_function(LLVMValueRef fn);

/* Replaces in function `fn` the divisions and remainders of each loop's
 * counter by loop-invariant numbers with counting (OpenMP's collapsed
 * loops); returns how many it replaced (HIPC_HOST_DIVREM=0: none). */
int hipc_host_divrem_function(LLVMValueRef fn);

#ifdef __cplusplus
}
#endif

#endif
