/* kc's region form (docs/frontend.md): a kernel becomes one function,
 * `void K.run(hipc_cpu_block *b)`, that runs a whole block as loops over its
 * threads, cut at the barriers into regions (Karrenberg and Hack, CC 2012).
 * The entry point is hipc__kc_form_loops; the rest of this header is shared
 * by the pass's files (form_loops*.c), one step per file, in this order:
 *
 *   prep     the working copy: the kernel and all it calls inlined, cleaned
 *   regions  blocks cut after each barrier (segments); each region's
 *            segments (reachable from its entry without crossing a barrier)
 *   uniform  divergence; every barrier met by all threads still running
 *   live     values used across barriers: slots, one copy or per thread
 *   emit     K.run: block-wide values once (entry), a z/y/x loop nest per
 *            region
 *   clone    a region's code for one thread, inside its x loop
 *   warp     warp collectives: cuts like barriers, and after a region's
 *            loop a loop nest over warps and lanes computing the results
 *            (warp_results)
 *   fuse     rows of shuffles with straight code between them as one
 *            vector loop over full warps (used by emit)
 *   wrap     K.run choosing between the bodies made per warp size and
 *            for one-row blocks (form_loops.c makes them)
 *   atomic   atomics on __shared__ memory as plain code (used by clone)
 *   debug    with -g: subprograms for the functions made, variables in
 *            K.run (used by prep, clone and form_loops.c)
 *
 * A kernel that uses the warp size gets its K.run as a body with the warp
 * size as a parameter, called with the constants 32 and 64 (wrap); one
 * with three barriers or collectives or more, a body for one-row blocks
 * too (HIPC_KC_NO_FLAT=1 makes none).
 * KC_LOOPS_DEBUG=1 in hipc-kc's environment prints the working copy and
 * its divergent values. HIPC_NO_REGIONS=1 keeps every kernel on fibers.
 * For comparisons: KC_NO_UNROLL=1 leaves loops with collectives rolled
 * (form_loops_unroll.c), HIPC_KC_NO_SHFL_INLINE=1 gives every shuffle its
 * results loop (form_loops_shfl.c), HIPC_KC_NO_SHFL_PERM=1 moves no warp
 * by a shufflevector (form_loops_perm.c), HIPC_KC_NO_SHFL_FUSE=1 runs no
 * row of shuffles as vector code (form_loops_fuse.c). */
#ifndef HIPC_KC_FORM_LOOPS_H
#define HIPC_KC_FORM_LOOPS_H

#include <stdint.h>

#include <llvm-c/Core.h>

#if defined(__has_include)
#if __has_include("params.h")
#include "params.h"
#endif
#endif

/* params.h (kc's) defines the same structure under HIPC_KC_PARAMS_H. */
#if !defined(KC_PARAM_LAYOUT_DEFINED) && !defined(HIPC_KC_PARAMS_H)
#define KC_PARAM_LAYOUT_DEFINED
/* Where each kernel parameter lies in the packed argument buffer. */
struct kc_param_layout {
  unsigned n;
  uint32_t *offset, *size, *align;
  uint32_t args_size, args_align;
};
#endif

/* Builds `K.run` for `kernel` in `m` (the IR retargeted to the host, address
 * spaces and nvvm intrinsics not yet lowered) without touching `kernel`.
 * Returns 1 and sets *run_out, or returns 0 and sets *note to a malloc'd
 * reason why the kernel keeps the fiber form. */
int hipc__kc_form_loops(LLVMModuleRef m, LLVMValueRef kernel,
                        const struct kc_param_layout* layout,
                        LLVMValueRef* run_out, char** note);

/* The atomicrmw operation of the nvvm atomic intrinsic whose name, after
 * "llvm.nvvm.atomic.", is `suffix` (add.gen.i.*, exch.gen.i.*, ...): 1, or
 * 0 for one that is not a plain read-modify-write (cas, inc, dec). */
/* (form_loops_atomic.c; kc's atomics.c lowers by it too.) */
int hipc__atomics_rmw_op(const char* suffix, LLVMAtomicRMWBinOp* op);

/* ---- Internal: shared by form_loops*.c. ---- */

/* A map from LLVM objects to small integers (open addressing). */
struct fl_map {
  void** key;
  uintptr_t* val;
  unsigned cap, n;
};
void hipc__form_loops_map_put(struct fl_map* m, void* k, uintptr_t v);
/* Returns 1 and sets *v when `k` is in the map. */
int hipc__form_loops_map_get(const struct fl_map* m, void* k, uintptr_t* v);
void hipc__form_loops_map_free(struct fl_map* m);

/* What the barrier intrinsic `call` is: 0 none, 1 barrier0, 2 popc, 3 and,
 * 4 or. */
enum { FL_BAR_NONE, FL_BAR_PLAIN, FL_BAR_POPC, FL_BAR_AND, FL_BAR_OR,
       FL_BAR_WARP /* a warp collective (form_loops_warp.c) */ };
int hipc__form_loops_barrier_kind(LLVMValueRef inst);

/* The most successors a terminator may have (a switch's cases). */
#define FL_MAX_SUCCS 1024

/* A straight piece of a block: from `first` up to a barrier call (`bar`,
 * which ends the segment) or to the block's terminator (`bar` NULL). */
struct fl_seg {
  LLVMBasicBlockRef bb;
  unsigned block;     /* index of bb */
  LLVMValueRef first; /* first instruction */
  LLVMValueRef bar;   /* the barrier that ends it, or NULL */
  int bar_id;         /* index of `bar` in fl_state.bars, or -1 */
};

/* A variable's debug record in the working copy (form_loops_debug.c):
 * llvm.dbg.value or llvm.dbg.declare of `v`. */
struct fl_dbg {
  LLVMValueRef v;
  LLVMValueRef var, expr; /* the call's metadata operands */
  LLVMMetadataRef loc;
  int declare;
  unsigned next; /* the next record of v (index + 1), or 0 */
};

/* The work of one call of hipc__kc_form_loops. */
struct fl_state {
  LLVMModuleRef m;
  LLVMContextRef cx;
  LLVMValueRef kernel; /* the original, never changed */
  LLVMValueRef fn;     /* the working copy, everything inlined */
  const struct kc_param_layout* layout;
  char* note; /* the reason of a fallback */
  /* Blocks of fn in layout order, and their indices. */
  unsigned nblocks;
  LLVMBasicBlockRef* blocks;
  struct fl_map block_index;
  /* Barrier calls, in order; region k+1 starts after bars[k]. */
  unsigned nbars;
  LLVMValueRef* bars;
  /* Segments; a block's segments are consecutive from first_seg[block]. */
  unsigned nsegs;
  struct fl_seg* segs;
  unsigned* first_seg;
  struct fl_map seg_of_inst; /* instruction -> its segment */
  /* Regions: region r's segments (a bitset of nsegs bits per region),
   * nregions = nbars + 1. */
  unsigned nregions;
  unsigned char* in_region; /* nregions * nsegs bytes */
  /* Uniformity (form_loops_uniform.c): values that may differ between
   * the block's threads. */
  struct fl_map divergent;
  /* Per block: 1 when a barrier can follow (or is in it). Code in other
   * blocks runs after the last barrier a thread meets. */
  unsigned char* reaches_bar;
  /* Calls through pointers: checked once, and whether they are fine. */
  int pointers_checked, pointers_ok;
  /* 1 when the kernel calls a warp collective (form_loops_prep.c). */
  int has_warp;
  /* The warp size the copy is made for (32 or 64; 0: any), and 1 when the
   * kernel reads it (the copy then has it as a constant) or has warp
   * collectives: K.run then chooses between the two sizes' bodies. */
  unsigned warp_const;
  int warp_used, by_warp;
  /* 1 for the copy made for blocks of one row (blockDim.y == blockDim.z
   * == 1), where blockDim.y and .z are the constant 1; K.run calls it for
   * those (form_loops_wrap.c). */
  int flat;
  /* 1 when a thread may return while others go on to a barrier. */
  int need_exit_flags;
  /* 1 when the exit flags have FL_PAD bytes before and after them. */
  int pad_exits;
  /* Storage of values that live across barriers and of allocas
   * (form_loops_live.c); slot_of maps a value to its index + 1. */
  unsigned nslots;
  struct fl_slot* slots;
  struct fl_map slot_of;
  struct fl_map remat; /* value -> 1 recomputable, 2 not */
  /* Scope metadata of the slots (hipc__form_loops_tag), built lazily. */
  LLVMValueRef* scopes;
  /* Per barrier: what a warp collective needs (form_loops_warp.c). */
  struct fl_warp* warp;
  /* Per barrier: how many shuffles after it make a row with it, fused
   * into vector code (form_loops_fuse.c); 0 none. */
  unsigned* fuse;
  /* Segment successors (CSR) and the dominator tree of region
   * dom_region - 1, numbered by a walk (form_loops_dom.c). */
  unsigned *succ_off, *succ;
  unsigned dom_region;
  unsigned *dom_in, *dom_out;
  unsigned char* dom_reach;
  /* The forward cache: segments of region fwd_region reachable from the
   * end of segment fwd_from (+1; 0: empty). */
  unsigned fwd_from, fwd_region;
  unsigned char* fwd;
  /* Emission (form_loops_emit.c, form_loops_clone.c). */
  struct fl_emit* e;
  /* -g (form_loops_debug.c): the copy's subprogram, which K.run takes,
   * and the copy's variable records, by value (dbg_of: index + 1 of the
   * value's last record). */
  LLVMMetadataRef dbg_sp;
  struct fl_dbg* dbg;
  unsigned ndbg;
  struct fl_map dbg_of;
  /* The variables' homes in K.run (allocas the debugger reads). */
  struct fl_home {
    LLVMValueRef var;
    LLVMMetadataRef loc;
    LLVMTypeRef ty;
    LLVMValueRef slot;
  }* homes;
  unsigned nhomes;
};

/* Where a value that crosses a barrier, or an alloca, is kept. */
struct fl_slot {
  LLVMValueRef v;
  LLVMTypeRef ty; /* element type */
  uint64_t size;  /* bytes per thread (alloc size) */
  unsigned align;
  int per_thread;           /* else one copy for the block */
  int is_alloca;            /* an alloca of the kernel */
  int reread;   /* a thread may read it after writing it in one run of a
                   region (a path from the definition to a use) */
  int tail_use; /* read after the last barrier a thread meets */
  int fixed_form;           /* laid out by form_loops_warp.c, kept as is */
  int pad; /* FL_PAD elements before and after the array (form_loops_shfl.c) */
  LLVMValueRef base;        /* in K.run: array base or the copy */
};

/* Records a fallback reason (printf-style), located at `at` when it has a
 * debug location; returns 0 so that callers can `return fail(...)`. */
int hipc__form_loops_fail(struct fl_state* s, LLVMValueRef at, const char* fmt,
                          ...) __attribute__((format(printf, 3, 4)));

/* Tags a load or store of slot `scope`'s array (s->nslots: the exit
 * flags) as disjoint from the other slots' (form_loops.c). */
void hipc__form_loops_tag(struct fl_state* s, LLVMValueRef access,
                          unsigned scope);

/* form_loops_debug.c: with -g (the kernel has a DISubprogram). */
/* A subprogram named `name` for `fn`, a function kc makes for `kernel`, at
 * the kernel's line, in kc's compile unit; NULL when the kernel has none. */
LLVMMetadataRef hipc__form_loops_debug_sp(LLVMModuleRef m, LLVMValueRef fn,
                                          LLVMValueRef kernel,
                                          const char* name);
/* Gives `call` a location in `sp` (its function's subprogram; NULL: none),
 * as LLVM requires of a call of a function with debug information. */
void hipc__form_loops_debug_call_loc(LLVMValueRef call, LLVMMetadataRef sp);
/* Finishes the module's subprograms (after the last one is made). */
void hipc__form_loops_debug_done(LLVMModuleRef m);
/* hipc-kc's optimisation level: 0 for -O0, where K.run's variables get
 * homes (form_loops_debug.c); then 1 when they do. */
void hipc__form_loops_debug_optimised(int on);
int hipc__form_loops_debug_homes(void);
/* prep: the copy's subprogram and its `call` of the kernel's location. */
void hipc__form_loops_debug_copy(struct fl_state* s, LLVMValueRef call);
/* prep, after the cleanup: notes and removes the copy's variable records. */
void hipc__form_loops_debug_collect(struct fl_state* s);
/* clone: the records of `v` (of the copy) for `copy`, at `b`. */
void hipc__form_loops_debug_values(struct fl_state* s, LLVMValueRef v,
                                   LLVMValueRef copy, LLVMBuilderRef b);
/* clone: record `k` (of s->dbg) for `copy`, at `b`. */
void hipc__form_loops_debug_one(struct fl_state* s, unsigned k,
                                LLVMValueRef copy, LLVMBuilderRef b);
/* 1 when record `k` is of a variable of the kernel itself (not of a
 * function inlined into it). */
int hipc__form_loops_debug_kernel_var(const struct fl_state* s, unsigned k);
/* clone: the parameters' records at a region's start, at `b`. */
void hipc__form_loops_debug_params(struct fl_state* s, LLVMBuilderRef b);
/* K.run (or its body for one warp size) takes the copy's subprogram. */
void hipc__form_loops_debug_move(struct fl_state* s, LLVMValueRef body);
/* Turns the llvm.dbg.* calls written into K.run into records. */
void hipc__form_loops_debug_settle(LLVMModuleRef m);
void hipc__form_loops_debug_release(struct fl_state* s);

/* form_loops_prep.c: copies the kernel into s->fn, inlines every defined
 * callee and cleans the copy up. */
int hipc__form_loops_prepare(struct fl_state* s);
/* form_loops_unroll.c: marks the loops of s->fn that hold a warp
 * collective for unrolling (up to 32 times, by the cleanup of step 1). */
void hipc__form_loops_mark_unroll(struct fl_state* s);
/* form_loops_regions.c: blocks, barriers, segments and regions. */
int hipc__form_loops_regions(struct fl_state* s);
/* form_loops_uniform.c: divergence and where barriers may be. */
int hipc__form_loops_uniform(struct fl_state* s);
/* form_loops_emit.c: writes K.run, or with s->by_warp set its body for
 * s->warp_const lanes, K.run.N(b, N). */
int hipc__form_loops_emit(struct fl_state* s, LLVMValueRef* run_out);

/* The successors (segment indices) of segment `seg` within a region: none
 * after a barrier, else the first segments of the terminator's targets. */
unsigned hipc__form_loops_succs(const struct fl_state* s, unsigned seg,
                                unsigned* out, unsigned cap);
/* The segment where region r starts. */
unsigned hipc__form_loops_region_entry(const struct fl_state* s, unsigned r);

/* 1 when the value may differ between the threads of a block. */
int hipc__form_loops_divergent(const struct fl_state* s, LLVMValueRef v);

/* The state of K.run while it is written. */
struct fl_emit {
  LLVMBuilderRef b;      /* where code goes */
  LLVMBuilderRef bx;     /* before the x loop header's terminator */
  LLVMValueRef run, blk; /* K.run and its parameter */
  LLVMTypeRef i8, i32, i64, ptr;
  LLVMValueRef dim[3]; /* blockDim (the loops' bounds) */
  LLVMValueRef bidx[3], gdim[3], warp;
  LLVMValueRef* params;    /* the kernel's arguments */
  LLVMValueRef exited;     /* per-thread i8 flags, or NULL */
  LLVMValueRef count;      /* i32: the block's threads */
  LLVMValueRef hi;         /* i32 alloca: threads from it on have returned
                              (with exit flags), else NULL */
  LLVMValueRef nexit;      /* i32 alloca: how many threads have returned */
  LLVMValueRef nret;       /* i32 alloca: how many in this run of a region */
  LLVMValueRef dense;      /* i1: every thread below the x bound runs */
  LLVMValueRef* cnt;       /* per end id (1 + the index of a barrier among
                              the region's ends): i32 alloca, how many
                              threads went there in a run of the region */
  LLVMValueRef *acc, *res; /* per barrier: count/and/or, its result */
  LLVMBasicBlockRef* pre;  /* per region: its first block */
  LLVMBasicBlockRef done;  /* the return */
  LLVMValueRef fatal;      /* hipc_cpu_region_nonuniform */
  LLVMValueRef opaque;     /* i32 alloca holding 0, or NULL (emit.c) */
  /* The region being written. */
  unsigned r;
  int vote, check, mark_exit; /* what its ends do (form_loops_emit.c) */
  unsigned* end_of;           /* per barrier: its end id in this region */
  unsigned nends;             /* each way to the x latch: the block, and */
  LLVMBasicBlockRef* end_blk; /* the end id of the barrier it went to (0: */
  LLVMValueRef* end_id;       /* returned, or skipped as exited) */
  LLVMValueRef* end_ret;      /* i32 1 where the thread returned */
  LLVMValueRef idx[3], t, lane;
  LLVMBasicBlockRef xh, xl;
  struct fl_map val;     /* original value -> its copy here */
  LLVMBuilderRef bp;     /* at the end of the region's first block */
  struct fl_map hoisted; /* one-copy slot -> its value at the region's start */
  LLVMBasicBlockRef* cb; /* per segment: its copy here */
  unsigned char* once;   /* per segment: every thread runs it once */
};

/* form_loops_wrap.c: 1 when the kernel whose region form `s` made as
 * `body` is worth a copy for one-row blocks (it has three barriers or
 * collectives or more, the body is not too big to copy, and kc
 * optimises). */
int hipc__form_loops_flat_wanted(const struct fl_state* s, LLVMValueRef body);
/* Sets whether kc optimises (hipc-kc -O1 and up: copies for one-row
 * blocks are made; at -O0 they are not). 1 until set. */
void hipc__form_loops_set_optimising(int on);
/* K.run over the bodies made per warp size, [0] for 32 lanes and [1] for
 * 64 (body[0] NULL: one body, not by warp size), each called with its
 * warp size; where flat[k] is not NULL, it is called instead for one-row
 * blocks. */
LLVMValueRef hipc__form_loops_wrap(struct fl_state* s,
                                   const LLVMValueRef body[2],
                                   const LLVMValueRef flat[2]);

/* form_loops_entry.c: K.run's entry block (block-wide values, arguments,
 * storage), and its helpers: a pointer `off` bytes past `base`, and an i32
 * loaded from there. */
void hipc__form_loops_entry(struct fl_state* s, struct fl_emit* e);
LLVMValueRef hipc__form_loops_byte_ptr(struct fl_emit* e, LLVMValueRef base,
                                       uint64_t off);
LLVMValueRef hipc__form_loops_load_u32(struct fl_emit* e, LLVMValueRef base,
                                       uint64_t off, const char* name);

/* The runtime's thread-local hipc_tls (declared when the module has none). */
LLVMValueRef hipc__form_loops_tls(struct fl_state* s);

/* form_loops_clone.c: writes region e->r's code for one thread, entered
 * from the x loop header; its ends branch to e->xl. Returns the block to
 * enter, or NULL after hipc__form_loops_fail. */
LLVMBasicBlockRef hipc__form_loops_clone(struct fl_state* s);

/* form_loops_emit.c: an x loop's metadata (no interleaving). */
void hipc__form_loops_x_hints(struct fl_emit* e, LLVMValueRef br);
/* form_loops_split.c: splits the x loop (header `head`, entered from `pre`,
 * latch `latch` leaving to `exit`, induction variable `iv` up to `bound`)
 * where a guard on the thread index changes value. */
void hipc__form_loops_split(struct fl_state* s, LLVMBasicBlockRef pre,
                            LLVMBasicBlockRef head, LLVMBasicBlockRef latch,
                            LLVMBasicBlockRef exit, LLVMValueRef iv,
                            LLVMValueRef bound);

/* form_loops_interchange.c: interchanges a block-strided loop of the x
 * loop's body with the x loop (same arguments as split; *iv may be
 * replaced). Returns the block that now enters the x loop's header. */
LLVMBasicBlockRef hipc__form_loops_interchange(struct fl_state* s,
                                               LLVMBasicBlockRef pre,
                                               LLVMBasicBlockRef head,
                                               LLVMBasicBlockRef latch,
                                               LLVMValueRef* iv,
                                               LLVMValueRef bound);

/* form_loops_emit.c: the thread's run of the region ends here (the
 * builder's block), at the barrier whose end id is `id` (0: none). The x
 * latch counts the threads per end id: add reductions, which the
 * vectoriser carries through the loop. */
void hipc__form_loops_end(struct fl_emit* e, unsigned id, int ret);

/* form_loops_warp.c: a warp collective (the __hipc_kc_* functions of
 * hip/hipc/kc_warp.h) cuts the regions like a barrier: each thread that
 * reaches it stores its operands (per-thread arrays, or one copy when the
 * same for all, or nothing when constant), and after the region's loop a
 * loop nest over the block's warps and their lanes computes every thread's
 * result from them into the call's per-thread slot. */
enum {
  FL_W_NONE,
  FL_W_SHFL_IDX,
  FL_W_SHFL_UP,
  FL_W_SHFL_DOWN,
  FL_W_SHFL_XOR,
  FL_W_BALLOT,
  FL_W_ANY,
  FL_W_ALL,
  FL_W_ACTIVEMASK,
  FL_W_MATCH_ANY,
  FL_W_MATCH_ALL,
  FL_W_SYNCWARP,
  FL_W_REDUCE,
  FL_W_EXCHANGE
};
/* The operands' roles. */
enum { FL_WR_MASK, FL_WR_V, FL_WR_P, FL_WR_WIDTH, FL_WR_PTR, FL_WR_N };
/* FL_OP_TID: a function of the thread index alone, computed again in the
 * results loop (form_loops_perm.c), kept nowhere. */
enum { FL_OP_NONE, FL_OP_CONST, FL_OP_UNIFORM, FL_OP_THREAD, FL_OP_TID };
struct fl_warp {
  int kind;               /* FL_W_*, FL_W_NONE for a barrier */
  int arg[FL_WR_N];       /* the call's argument of each role, or -1 */
  int cls[FL_WR_N];       /* FL_OP_* */
  unsigned slot[FL_WR_N]; /* the slot of a non-constant operand */
  int res;                /* the result's slot, or -1 */
  unsigned snap;          /* exchange: the slot of its warps' snapshots */
  int inl; /* a shuffle computed where it is used (form_loops_shfl.c) */
  /* A shuffle whose source lane is a fixed function of the lane, known at
   * compile time (form_loops_perm.c): 0 not, 1 always, 2 in 1-D blocks
   * (it reads threadIdx.x). perm[l]: lane l's source lane in a full warp
   * of active lanes, or the warp size for 0. */
  int perm_ok;
  unsigned char perm[64];
};
/* Which collective the function `name` is (FL_W_*). */
int hipc__form_loops_warp_name(const char* name);
/* Which collective `call` is (FL_W_*), by the callee's name. */
int hipc__form_loops_warp_kind(LLVMValueRef call);
/* 1 when the 64-bit word `a` has its upper half zero: a value of 32 bits
 * or fewer zero-extended, or masked to its low half. */
int hipc__form_loops_high_zero(LLVMValueRef a);
/* Checks the collectives and adds their slots (in the live step). */
int hipc__form_loops_warp_slots(struct fl_state* s);
/* The block that computes barrier k's results in K.run, then goes to
 * `next`; `next` itself when it has none. */
LLVMBasicBlockRef hipc__form_loops_warp_results(struct fl_state* s,
                                                unsigned k,
                                                LLVMBasicBlockRef next);
/* form_loops_shfl.c: marks the shuffles whose results are all used in the
 * region that starts after them, where no thread returns or meets the
 * shuffle again: those read their source lanes' operands where the result
 * is used, in that region's loop, and have no results loop. */
#define FL_PAD 64
void hipc__form_loops_shfl_plan(struct fl_state* s);
/* form_loops_group.c: at the end of step 1, independent shuffles of the
 * same kind, mask, lane and width in a row become one call of NAME.gN on
 * a vector of their words (kernels with many shuffles). */
void hipc__form_loops_group(struct fl_state* s);
/* Drops the grouped shuffles' declarations no function calls any more. */
void hipc__form_loops_group_release(LLVMModuleRef m);
/* form_loops_perm.c: sets w->perm_ok and w->perm of shuffle k when its
 * source lane is a compile-time permutation of a full warp's lanes. */
void hipc__form_loops_shfl_perm(struct fl_state* s, unsigned k);
/* Shuffle k's FL_OP_TID source operand for thread t (i32), at `b`. */
LLVMValueRef hipc__form_loops_perm_operand(struct fl_state* s, unsigned k,
                                           LLVMBuilderRef b, LLVMValueRef t);
/* In shuffle k's results loop nest, at `b` (inside the loop over warps;
 * wb: the warp's first thread, n: its lanes): the results of a full warp
 * of active lanes (in a 1-D block for perm_ok 2) by one shufflevector.
 * Leaves `b` where the other warps go (to the lane loop) and returns the
 * block where both ways meet, which the caller branches to. */
LLVMBasicBlockRef hipc__form_loops_perm_results(struct fl_state* s,
                                                unsigned k, LLVMBuilderRef b,
                                                LLVMValueRef wb,
                                                LLVMValueRef n);
/* form_loops_fuse.c: finds the rows of shuffles to fuse (s->fuse), after
 * hipc__form_loops_shfl_plan. */
void hipc__form_loops_fuse_plan(struct fl_state* s);
/* The block that runs the row starting at barrier k as vector code when
 * every warp taking part is full, and goes on after the row's last
 * shuffle; else goes to `normal`. `normal` itself when k starts no row. */
LLVMBasicBlockRef hipc__form_loops_fuse(struct fl_state* s, unsigned k,
                                        LLVMBasicBlockRef normal);
/* Such a shuffle's (barrier k's) result for the thread at s->e->b. */
LLVMValueRef hipc__form_loops_shfl_result(struct fl_state* s, unsigned k);
/* form_loops_emit.c: marks in `bar` the barriers where region r's threads
 * may go; *ret 1 when some may return. Returns how many barriers. */
unsigned hipc__form_loops_ends(struct fl_state* s, unsigned r,
                               unsigned char* bar, int* ret);
/* form_loops_live.c: a new slot for `v` (or the one it has). */
struct fl_slot* hipc__form_loops_add_slot(struct fl_state* s, LLVMValueRef v,
                                          LLVMTypeRef ty);

/* form_loops_atomic.c: the copy of `u` (operands already mapped: `ops`)
 * as plain code at s->e->b when it is an atomic read-modify-write of
 * __shared__ memory, else NULL (nothing emitted). */
LLVMValueRef hipc__form_loops_plain_atomic(struct fl_state* s, LLVMValueRef u,
                                           LLVMValueRef* ops);

/* form_loops_live.c: decides which values get slots. */
int hipc__form_loops_live(struct fl_state* s);
/* form_loops_dom.c: 1 when a use in segment `su` of region r is the one
 * computed earlier in the same run of region r. */
int hipc__form_loops_dominated(struct fl_state* s, LLVMValueRef v, unsigned r,
                               unsigned su);
/* 1 when instructions of opcode `op` have no side effect and read no
 * memory (arithmetic, casts, compares, selects, GEPs). */
int hipc__form_loops_pure_opcode(LLVMOpcode op);
/* 1 when `v` is pure arithmetic on indices, parameters and constants, which
 * a later region recomputes rather than keeps. */
int hipc__form_loops_remat(struct fl_state* s, LLVMValueRef v);
/* 1 when segment `to` can be reached from the end of segment `from`
 * within region r (form_loops_dom.c). */
int hipc__form_loops_reaches(struct fl_state* s, unsigned r, unsigned from,
                             unsigned to);
/* Which index intrinsic `v` calls: 0 none, else FL_IDX_*. */
enum {
  FL_IDX_NONE,
  FL_IDX_TID,
  FL_IDX_NTID,
  FL_IDX_CTAID,
  FL_IDX_NCTAID,
  FL_IDX_WARPSIZE,
  FL_IDX_LANEID
};
int hipc__form_loops_index(LLVMValueRef v, unsigned* dim);
/* The segment that holds the use of an operand by `user` (for a phi, the
 * end of the incoming block `from`). */
unsigned hipc__form_loops_use_seg(const struct fl_state* s, LLVMValueRef user,
                                  LLVMBasicBlockRef from);

/* Segment index of `inst` (an instruction of s->fn). */
unsigned hipc__form_loops_seg_of(const struct fl_state* s, LLVMValueRef inst);

#endif /* HIPC_KC_FORM_LOOPS_H */
