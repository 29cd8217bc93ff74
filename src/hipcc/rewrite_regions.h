/* The region form of kernels with barriers (rewrite_regions*.c;
 * docs/internals.md, "Regions"). Shared by the analysis, the emission and
 * the call check. */
#ifndef HIPC_HIPCC_REWRITE_REGIONS_H
#define HIPC_HIPCC_REWRITE_REGIONS_H

#include "lex.h"

/* A statement of a scope that spans a barrier (the kernel body, a loop body
 * or a block that contains a barrier). */
enum { N_STMT, N_DECL, N_HOIST, N_BARRIER, N_LOOP, N_BLOCK, N_IF, N_SHFL };

struct rnode {
  int kind;
  long a, b;           /* tokens [a, b) */
  int piece;           /* N_STMT, N_DECL: the region piece it belongs to */
  int uni;             /* N_STMT, N_DECL: runs once per block (uniform) */
  /* N_DECL: specifiers [sa, sb), declarators vars [v0, v0 + nv). */
  long sa, sb;
  int v0, nv;
  /* N_LOOP: 'f', 'w' or 'd'; clause token ranges (empty: a == b); the
   * for-init declaration node (-1: none) and the pieces of init/cond/inc. */
  int loop;
  long ia, ib, ca, cb, xa, xb;
  int init_decl, init_piece, cond_piece, inc_piece;
  int init_uni, cond_uni, inc_uni;  /* clauses that run once per block */
  /* N_LOOP, N_BLOCK: the body's statements. N_IF: two N_BLOCKs, the
   * branches (the second empty without `else`); its condition is [ca, cb)
   * and is uniform (cond_uni), or is a *predicated* if (`pred` >= 0): it
   * holds warp shuffles and no barrier, and each thread's branch is kept in
   * predicate slot `__hipc_p<pred>` (1 then, 2 else, 0 neither). */
  int *kids, nk;
  int pred;
  /* N_SHFL: an expression statement [a, b) around one warp shuffle: its
   * name token `sh`, first argument [ea, eb), the ',' after it `comma`,
   * the call's ')' `rc`; `piece` writes the argument to the exchange slot
   * and `piece2` runs the statement with the lane's result. */
  long sh, ea, eb, comma, rc;
  int piece2;
};

/* A local declared directly in a spanning scope. */
struct rvar {
  long name;           /* its token */
  long pa, pb;         /* pointer operators before the name */
  long da, db;         /* array dimensions after it */
  long ia, ib;         /* initializer: `= e`, `{...}`, `(...)` or empty */
  long vis, end;       /* visible in tokens [vis, end) */
  int node, piece;     /* its declaration and piece */
  int is_auto, is_ref;
  int is_param;        /* a kernel parameter the body assigns: per thread */
  int slot, view;      /* kept per thread: in view `__hipc_v<view>` */
  int uni, uview;      /* the same in every thread: in `__hipc_u<uview>` */
  int remat;           /* recomputed from its initializer where named */
};

/* A region piece: consecutive statements, a for-init, a condition or an
 * increment; each runs as one thread loop. */
struct rpiece {
  long a, b;
};

/* One kernel in region form, analysed, waiting to be emitted. */
struct rkernel {
  long body, rbrace;
  char *header;        /* `template <...>` (no defaults) or "" */
  char *specs;         /* specifiers and return type, as in the stub */
  char *name, *sig;
  struct rnode *n;
  int nn, capn;
  int top;             /* the node of the kernel body (an N_BLOCK) */
  struct rvar *v;
  int nv, capv;
  struct rpiece *p;
  int np, capp;
  int *piece_of;       /* per body token: its piece, or -1 */
  int nviews, nuviews;
  int has_return;
  int nshfl, npreds;   /* shuffle statements, predicated ifs */
  long *params;        /* the name tokens of the kernel's parameters */
  int nparams;
  const char *tparams; /* its template parameters, `T, N` ("": none) */
  struct rkernel *next;
};

/* The state of the region pass for one text (`rw->regions`). */
struct rstate {
  struct rkernel *head, *tail;
  /* Function definitions of the whole text, for the call check: name token
   * and body braces. Built on first use. */
  long *def_name, *def_open, *def_close;
  long ndefs, capdefs;
  int defs_built;
  long *ix_head, *ix_next;  /* definitions by name: hash buckets */
  unsigned long ix_mask;
};

/* The pass's state for `rw`, made on first use, with the definitions of
 * the text indexed by name (rewrite_regions_calls.c). */
struct rstate *hipc__regions_state(struct rw *rw);

/* Whether a function named like token `name` may write an argument passed
 * to it by name: some definition of that name in the text takes a
 * parameter by non-const reference (rewrite_regions_calls.c). */
int hipc__regions_callee_writes(struct rw *rw, long name);

/* Helpers shared by the region pass's files (rewrite_regions_slots.c). */
int hipc__regions_plain_name(struct rw *rw, long k);
int hipc__regions_same_name(struct rw *rw, long a, long b);
int hipc__regions_lookup(struct rkernel *K, struct rw *rw, long k);
int hipc__regions_mutated(struct rw *rw, long k);
int hipc__regions_param(struct rkernel *K, struct rw *rw, long k);

/* Appends a variable to K->v (rewrite_regions.c). */
void hipc__regions_add_var(struct rkernel *K, struct rvar v);

/* Adds the parameters (list `(` at `lp` ... `)` at `rp`) that the body
 * assigns as per-thread variables, and records every parameter's name
 * (rewrite_regions_slots.c). */
void hipc__regions_add_params(struct rw *rw, struct rkernel *K, long lp,
                              long rp);
/* Decides which variables are slots and numbers the views; -1 where a
 * variable would need a slot it cannot have (rewrite_regions_slots.c). */
int hipc__regions_choose_slots(struct rw *rw, struct rkernel *K);

/* Finds the variables and statements that are the same in every thread
 * (`uni`) and the variables that can be recomputed (`remat`)
 * (rewrite_regions_uniform.c). Runs before the pieces are formed. */
void hipc__regions_uniform(struct rw *rw, struct rkernel *K);

/* Whether the expression [a, b) depends on threadIdx, directly or through
 * the variables it names (rewrite_regions_uniform.c). */
int hipc__regions_thread_dependent(struct rw *rw, struct rkernel *K, long a,
                                   long b);

/* Whether the body [a, b) of a kernel may reach a block- or warp-level
 * collective other than its own `__syncthreads();` statements (the tokens
 * with `skip[k - a]` set), directly or through the functions it calls, as
 * far as names tell (rewrite_regions_calls.c). */
int hipc__regions_calls_collective(struct rw *rw, long a, long b,
                                   const char *skip);

/* Whether [a, b) calls a warp shuffle that the region form can split at
 * (`__shfl`, `__shfl_up`, `__shfl_down`, `__shfl_xor`)
 * (rewrite_regions_warp.c). */
int hipc__regions_has_shfl(struct rw *rw, long a, long b);

/* Checks that the statement [a, b) has the shape of a split shuffle (one
 * such call, not under `?:`, `&&`, `||`, a comma or another call's
 * parentheses) and fills `out`'s sh, ea, eb, comma, rc; -1 if not
 * (rewrite_regions_warp.c). */
int hipc__regions_shfl_stmt(struct rw *rw, long a, long b, struct rnode *out);

/* Numbers the predicated ifs (a condition that is not uniform around
 * shuffles and no barrier) and checks what they hold; -1 where an `if`
 * cannot be predicated (rewrite_regions_warp.c). */
int hipc__regions_predicate(struct rw *rw, struct rkernel *K);

/* Emits kernel `k`'s region function (rewrite_regions_emit.c), returning
 * it malloc'd. */
char *hipc__regions_emit_kernel(struct rw *rw, struct rkernel *k);

#endif /* HIPC_HIPCC_REWRITE_REGIONS_H */
