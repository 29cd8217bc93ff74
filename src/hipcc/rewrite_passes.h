/* The rewrites that hipcc's rewriter (rewrite.c) applies to the tokens, one
 * file each. Each attaches edits to tokens (lex.h); rewrite.c emits them.
 */
#ifndef HIPC_HIPCC_REWRITE_PASSES_H
#define HIPC_HIPCC_REWRITE_PASSES_H

#include "lex.h"

/* Records the launch whose `<<<` starts at token `i` (rewrite_launch.c).
 * Returns -1 on error. */
int hipc__rewrite_launch_find(struct rw *rw, long i);

/* Rewrites the `__global__` declaration or definition whose `__global__`
 * token is `g` (rewrite_kernel.c). Returns -1 on error. */
int hipc__rewrite_kernel_edit(struct rw *rw, long g);

/* Rewrites the `__shared__` variable whose `__shared__` token is `i`
 * (rewrite_shared.c). */
void hipc__rewrite_shared_edit(struct rw *rw, long i);

/* Computes `rw->ns`, which tells for every token whether it is at
 * namespace scope (rewrite_symbols.c). */
void hipc__rewrite_symbols_scan(struct rw *rw);

/* Checks that the `__shared__` token `i` is where HIP allows it: at
 * namespace scope or in a `__device__` or `__global__` function (a
 * lambda's included). Returns -1, with the error recorded, otherwise
 * (rewrite_symbols.c). */
int hipc__rewrite_shared_scope(struct rw *rw, long i);

/* Removes the `__device__`, `__constant__` or `__managed__` token `i`,
 * registering the variable it declares if that is a definition at
 * namespace scope (rewrite_symbols.c). */
void hipc__rewrite_symbol_edit(struct rw *rw, long i);

#endif /* HIPC_HIPCC_REWRITE_PASSES_H */
