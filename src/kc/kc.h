/* hipc-kc, the kernel compiler: the state its passes share and the passes
 * themselves (docs/frontend.md, "kc's output object"). Each pass is one
 * file and one function over the module; main.c runs them in order. */
#ifndef HIPC_KC_H
#define HIPC_KC_H

#include <stdint.h>

#include <llvm-c/Core.h>
#include <llvm-c/Target.h>
#include <llvm-c/TargetMachine.h>

#include "kc/params.h"

/* One __global__ function of the module. */
struct kc_kernel {
  LLVMValueRef fn;           /* the kernel as clang made it */
  char* name;                /* its mangled name */
  uint32_t max_threads;      /* __launch_bounds__ (maxntid x*y*z), or 0 */
  uint32_t min_warps;        /* __launch_bounds__' second value (minctasm) */
  struct kc_param_layout layout;
  LLVMValueRef thread;       /* void K.thread(ptr args) */
  LLVMValueRef run;          /* void K.run(ptr block) (region form), or NULL */
  LLVMValueRef check;        /* void K.check(ptr args) (check.c), or NULL */
  char* note;                /* why the fiber form (or the region form's note) */
  uint32_t static_shared;    /* the bytes of the segment its code reaches */
};

/* One __device__/__constant__/__managed__ variable the runtime can reach. */
struct kc_var {
  char* name;                /* the device name (as the host registers it) */
  LLVMValueRef storage;      /* the internal global (a void* slot: managed) */
  uint64_t size;             /* bytes of the variable itself */
  uint32_t flags;            /* HIPC_KC_VAR_* */
};

struct kc_ctx {
  /* Options. */
  const char* in_path;
  const char* out_path;
  const char* id;
  const char* cpu;           /* NULL: the triple's generic CPU */
  const char* features;      /* NULL: none */
  const char* triple;        /* NULL: the host's */
  int opt_level;             /* 0..3 */
  int debug;                 /* -g: keep debug information */
  int verbose;               /* -v: each kernel's form on stderr */
  int emit_ll;               /* --emit-ll: textual IR instead of an object */
  int printf_buffered;       /* --printf-buffered: device printf returns 0
                                (hipcc -mprintf-kind=buffered, AMD's) */
  int ptx_asm_aborts;        /* --ptx-asm-aborts: inline assembly aborts
                                the kernel where reached instead of failing
                                the compile (hipcc's builds for GPUs) */
  const char* managed_names; /* --managed-names F: hipcc's GPU pass reads
                                the __managed__ variables' names there */
  const char* constant_names; /* --constant-names F: and the explicit
                                 __constant__ variables' names there */

  LLVMContextRef llctx;
  LLVMModuleRef mod;
  LLVMTargetMachineRef tm;
  LLVMTargetDataRef td;
  char* host_triple;

  struct kc_kernel* kernels;
  unsigned num_kernels;
  struct kc_var* vars;
  unsigned num_vars;
  uint32_t static_shared;    /* bytes of the block's __shared__ segment */
  /* shared_size.c: the functions that use the segment, and how far. */
  struct kc_shared_end {
    LLVMValueRef fn;
    uint64_t end;
  }* shared_ends;
  unsigned num_shared_ends;
};

/* diag.c: errors name the source line where debug information has it and
 * a kernel that reaches the offending code. Both exit with status 1. */
_Noreturn void hipc__diag_fail(struct kc_ctx* c, LLVMValueRef where,
                               const char* fmt, ...)
    __attribute__((format(printf, 3, 4)));
_Noreturn void hipc__diag_fatal(const char* fmt, ...)
    __attribute__((format(printf, 1, 2)));
/* The user's source file (the module's), else hipc-kc's input; *len its
 * length. */
const char* hipc__diag_source_file(struct kc_ctx* c, size_t* len);
void* hipc__diag_xmalloc(size_t n);
char* hipc__diag_strdup(const char* s);

/* load.c: reads the module and retargets it to the host (step 1). */
void hipc__load_module(struct kc_ctx* c);
/* kernels.c: finds the kernels in !nvvm.annotations, then drops it. */
void hipc__kernels_collect(struct kc_ctx* c);
/* link.c: every definition but the kernels internal, dead code removed. */
void hipc__link_internalize(struct kc_ctx* c, int keep_kernels);
/* The prefix of the device code's names that other translation units
 * share: C++ __device__ functions and external __device__ variables. */
#define HIPC_KC_DEV_PREFIX "__hipc_dev_"
/* The section the kc pass's headers give `__managed__` variables
 * (hip/hipc/qualifiers_nvptx.h), which marks `extern __managed__`
 * declarations (globals.c). */
#define HIPC_KC_MANAGED_SECTION ".hipc_managed"
/* shared_size.c: notes that `fn` uses the static __shared__ segment up to
 * byte `end`; then sets each kernel's static_shared from what its code
 * (the kernel, K.thread, K.run and what they call) reaches. */
void hipc__shared_size_note(struct kc_ctx* c, LLVMValueRef fn, uint64_t end);
void hipc__shared_size_kernels(struct kc_ctx* c);
void hipc__link_drop_dead(struct kc_ctx* c);
/* simplify.c: every function simplified on its own (not at -O0). */
void hipc__simplify_functions(struct kc_ctx* c);
/* thread_fn.c: K.thread for each kernel (step 3). */
void hipc__thread_fn_build(struct kc_ctx* c);
/* check.c: K.check, the instrumented copy of K.thread (step 3b). */
void hipc__check_build(struct kc_ctx* c);
/* globals.c: the address spaces of variables (step 4). */
void hipc__globals_lower(struct kc_ctx* c);
/* intrinsics.c, atomics.c: the nvvm intrinsics and CUDA's calls (step 5). */
void hipc__intrinsics_lower(struct kc_ctx* c);
int hipc__atomics_lower_call(struct kc_ctx* c, LLVMValueRef call,
                             const char* name);
/* image.c: the image and its constructor (step 6). */
void hipc__image_emit(struct kc_ctx* c);
/* emit.c: optimisation and the output file (step 7). */
void hipc__optimise(struct kc_ctx* c);
void hipc__emit_output(struct kc_ctx* c);
/* hipc__optimise's two halves: debug information stripped (without -g)
 * and the module verified; the pipeline of `opt_level` over `m`. */
void hipc__optimise_prepare(struct kc_ctx* c);
void hipc__run_pipeline(LLVMModuleRef m, LLVMTargetMachineRef tm,
                        int opt_level);
/* split.c, split_run.c: optimisation and code generation in parallel, the
 * kernels' big functions spread over modules of their own, one a thread,
 * whose objects `ld -r` joins. Returns 0, having done nothing, where that
 * does not pay (one big function, -g, --emit-ll, HIPC_KC_JOBS=1). */
int hipc__split_compile(struct kc_ctx* c);

/* util.c: helpers over the C API. */
LLVMValueRef hipc__util_get_fn(struct kc_ctx* c, const char* name,
                               LLVMTypeRef ret, LLVMTypeRef* params,
                               unsigned n);
LLVMValueRef hipc__util_callee(LLVMValueRef call);
const char* hipc__util_name(LLVMValueRef v);
/* The first point of `fn`'s entry block after its allocas. */
void hipc__util_position_entry(LLVMBuilderRef b, LLVMValueRef fn);
/* A pointer to the field at `offset` of the calling thread's hipc_tls. */
LLVMValueRef hipc__util_tls_field(struct kc_ctx* c, LLVMBuilderRef b,
                                  uint64_t offset);
LLVMTypeRef hipc__util_ptr(struct kc_ctx* c);
LLVMTypeRef hipc__util_i32(struct kc_ctx* c);
LLVMTypeRef hipc__util_i64(struct kc_ctx* c);
/* How many instructions `f` has. */
unsigned hipc__util_fn_size(LLVMValueRef f);
/* 1 where the environment sets `var` to "0": a pass that is on by default
 * (the GPU pass's HIPC_NVPTX_* switches) turned off. */
int hipc__util_switched_off(const char* var);

/* constexpr.c: turns the constant expressions that use any of `globals`
 * into instructions, in every function, so that each use of those globals
 * is an operand of an instruction. Fails where a constant outside an
 * instruction (another global's initialiser) uses one. */
void hipc__constexpr_expand(struct kc_ctx* c, LLVMValueRef* globals,
                            unsigned n);
/* Folds addrspacecast pairs that come back to their first type. */
void hipc__constexpr_fold_casts(struct kc_ctx* c);

#endif /* HIPC_KC_H */
