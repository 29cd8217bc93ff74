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

/* `__managed__` (rewrite_managed.c), called by hipc__rewrite_symbol_edit
 * for a declaration [s, k) (k: the first declarator's end) that defines a
 * managed variable: the storage's specifiers (static, no extern). */
void hipc__rewrite_managed_specifiers(struct rw *rw, long s, long k);
/* One declarator of a managed variable, named by tokens [nb, ne] and
 * ending at `k` (declaration starting at `s`; `q`, `n`: the qualifier's
 * token and the declarator's index). A definition (`define`) becomes the
 * storage; the reference to append after the `;` is returned (malloc'd).
 * A declaration declares the reference; NULL is returned. */
char *hipc__rewrite_managed_declarator(struct rw *rw, long q, int n, long s,
                                       long k, long nb, long ne,
                                       int define);
/* Analyses the body (`{` at `body`, `}` at `rbrace`) of a kernel being
 * split, whose parameter list is `(` at `lparen` ... `)` at `rparen`
 * (rewrite_regions.c). Returns 1 when it runs in region form: the
 * region function `__hipc_regions_NAME` (declared as `HEADER SPECS
 * __hipc_regions_NAME(SIG)`) is then emitted right after the body by
 * hipc__rewrite_regions_finish, and the stub must name it. Returns 0 when
 * the kernel stays on fibers (also when HIPC_NO_REGIONS is set). */
int hipc__rewrite_regions_plan(struct rw *rw, long body, long rbrace,
                               const char *header, const char *specs,
                               const char *name, const char *sig,
                               const char *tparams, long lparen,
                               long rparen);

/* After every pass: emits the region functions planned (when `emit`) and
 * frees the pass's state. */
void hipc__rewrite_regions_finish(struct rw *rw, int emit);

#endif /* HIPC_HIPCC_REWRITE_PASSES_H */
