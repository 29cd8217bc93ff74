/* The C interface between the kernel-language headers (compiled into the
 * user's program) and the hipc runtime. Nothing here is part of HIP's API;
 * every name starts with hipc_.
 *
 * A kernel registers one `hipc_kernel_desc` when the program starts (built
 * by the runtime from clang's registration and kc's image: docs/frontend.md).
 * On the CPU device a block is described by a `hipc_cpu_block`, and the
 * calling worker's thread-local `hipc_tls` holds the built-in indices that
 * kc's code reads.
 */
#ifndef HIPC_KERNEL_H
#define HIPC_KERNEL_H

#include <stddef.h>
#include <stdint.h>

#include "hip/hip_runtime_api.h"

#ifdef __cplusplus
extern "C" {
#endif

struct hipc_cpu_block;

/* What the runtime knows about one kernel (one template instantiation). The
 * object lives in the user's program, for the whole run. */
typedef struct hipc_kernel_desc {
  const void* host_fn;     /* the kernel's host address: the lookup key */
  const char* signature;   /* __PRETTY_FUNCTION__ of the registrar, parsed
                              by the runtime for the kernel's name */
  uint32_t max_threads;    /* __launch_bounds__ maximum, 0 when absent */
  uint32_t min_warps;      /* __launch_bounds__ second value, 0 if absent */
  uint32_t num_params;
  const uint32_t* param_sizes;
  size_t args_size;        /* size and alignment of the packed arguments */
  size_t args_align;
  /* Copies the arguments pointed to by `args[i]` into `dst` (args_size
   * bytes aligned to args_align). NULL for kc's kernels: the CPU device
   * copies each to param_offsets[i] itself. */
  void (*pack)(void* const* args, void* dst);
  /* Runs threads of the block `b` until none is left to start (the CPU
   * device's thread loop, with the kernel body inlined into it). */
  void (*run)(struct hipc_cpu_block* b);
  /* The same, with threadIdx stored before every thread starts even where
   * the body does not read it: used to re-run a block that faulted, so that
   * the report names the exact thread (`run` may keep the index in
   * registers). */
  void (*run_precise)(struct hipc_cpu_block* b);
  /* (kc's kernels: `run` is NULL in the fiber form and `run_precise`
   * always; the CPU device then runs its generic thread loop over
   * `thread`, src/backend/cpu/thread_loop.c.) */
  /* alignof each parameter (num_params entries): where each one lies in
   * the packed buffer of hipModuleLaunchKernel's `extra`. */
  const uint32_t* param_aligns;
  /* Kernels compiled by kc (docs/frontend.md); NULL/0 for the rewriter's.
   * `thread` runs one thread reading its arguments from the packed buffer;
   * when `run` is NULL the runtime's generic thread loop calls it. */
  void (*thread)(const void* args);
  /* Bytes of the block's static __shared__ segment (hipc_tls.static_shared). */
  uint32_t static_shared;
  /* Where each parameter lies in the packed buffer (NULL: the rewriter's
   * std::tuple layout, which `pack` knows). */
  const uint32_t* param_offsets;
  /* kc's checking form (HIPC_CHECK): `thread` instrumented; NULL if none.
   * (Descriptors are made by libhipc only, so the struct may grow.) */
  void (*check)(const void* args);
} hipc_kernel_desc;

/* Registers `d` (idempotent per host_fn). Safe before main and from any
 * thread. */
HIPC_API void hipc_register_kernel(const hipc_kernel_desc* d);

/* __device__, __constant__ and __managed__ variables. hipcc's rewriter
 * emits one registration per variable definition at namespace scope
 * (src/hipcc/rewrite_symbols.c), run when the program starts; the record is
 * the host object's address (on the CPU device, the variable's storage and
 * the key that hipMemcpyToSymbol and friends are given), its size, its name
 * as written and its kind, as in hipc_gpu_var (hip/hipc/gpu_module.h).
 * Idempotent per address (a header's `inline` variable registers from every
 * translation unit). Returns 0, so that it can initialise a static. */
#define HIPC_SYMBOL_DEVICE 0
#define HIPC_SYMBOL_CONSTANT 1
#define HIPC_SYMBOL_MANAGED 2
/* Or'ed into `kind` for a const variable: its storage may be read-only, so
 * the symbol API refuses to write it (hipErrorNotSupported). */
#define HIPC_SYMBOL_READONLY 0x100
HIPC_API int hipc_register_symbol(const void* host_addr, const char* name,
                                  size_t size, int kind);
/* A __managed__ variable: hipcc turns its definition into `storage` and a
 * reference bound, when the program starts, to what this returns: the
 * variable's managed memory in the image of the first GPU when a GPU
 * module defines it (the storage's value copied in), else `storage`
 * itself (the CPU device). Either way host code, the CPU device's kernels
 * and the GPUs' kernels share one object. Never NULL for a non-NULL
 * `storage` (docs/nvidia.md, "Managed variables on GPUs"). */
HIPC_API void* hipc_managed_bind(void* storage, size_t size);
#ifdef __cplusplus
} /* extern "C" */
namespace hipc {
/* HIPC_SYMBOL_READONLY for the address of a const variable, 0 otherwise:
 * what the registration hipcc emits ors into the kind (no header needed). */
constexpr int symbol_readonly(void*) { return 0; }
constexpr int symbol_readonly(volatile void*) { return 0; }
constexpr int symbol_readonly(const void*) { return HIPC_SYMBOL_READONLY; }
constexpr int symbol_readonly(const volatile void*) {
  return HIPC_SYMBOL_READONLY;
}
}  // namespace hipc
extern "C" {
#endif

/* The state of one block on the CPU device. The public fields are read and
 * written by the inlined thread loop; the rest belongs to the scheduler. */
typedef struct hipc_cpu_block {
  /* The next thread to start (linear index and threadIdx). The thread loop
   * keeps its position in registers and the scheduler brings these up to
   * date whenever a thread parks; then it bumps `parks`, which tells a loop
   * that resumes to reload its position from here. */
  uint32_t next;
  dim3 next_idx;
  uint64_t parks;       /* 64-bit: no kernel store of a 32-bit value may alias it */
  uint32_t count;       /* threads in the block */
  dim3 dim;             /* blockDim */
  void* args;           /* packed arguments */
  void* sched;          /* scheduler state (src/backend/cpu) */
} hipc_cpu_block;

/* Per host thread (and per CPU-device worker) state. On a worker it holds
 * the built-in indices of the thread that runs; on any thread it holds the
 * launch configuration pushed by __hipPushCallConfiguration. */
typedef struct hipc_thread_state {
  dim3 thread_idx;
  dim3 block_idx;
  dim3 block_dim;
  dim3 grid_dim;
  uint32_t warp_size;
  void* dyn_shared;         /* the block's dynamic shared memory */
  hipc_cpu_block* block;
  /* kc's kernels: the block's static __shared__ segment. */
  void* static_shared;
  /* Cooperative launches only (hip/hipc/coop.h), else NULL. */
  const struct hipc_coop_info* coop;
  /* Set while a kernel's region form (kc's K.run) runs: no
   * thread can wait then, so the collectives refuse to. */
  int in_regions;
  /* Launch configuration pushed by <<<>>> / hipLaunchKernelGGL. */
  int launch_pending;
  dim3 launch_grid;
  dim3 launch_block;
  size_t launch_shmem;
  hipStream_t launch_stream;
} hipc_thread_state;

/* One instance per thread. initial-exec keeps an access to one instruction
 * even from position-independent code; libhipc is never dlopen'ed after
 * start-up by design (it is a link-time dependency of every HIP program). */
extern __thread hipc_thread_state hipc_tls
    __attribute__((tls_model("initial-exec")));

/* The running thread's index in its block, x fastest. */
static inline uint32_t hipc_thread_linear(void) {
  const hipc_thread_state* ts = &hipc_tls;
  return ts->thread_idx.x +
         ts->block_dim.x * (ts->thread_idx.y + ts->block_dim.y * ts->thread_idx.z);
}

/* True while a launch configuration is pushed and not yet consumed: the
 * kernel prologue then launches instead of running the body. */
static inline int hipc_launch_pending(void) {
  return hipc_tls.launch_pending;
}

/* CPU-device collectives, called by the kernel-language headers. */
HIPC_API void hipc_cpu_syncthreads(void);
/* __syncthreads that also counts: returns how many of the threads that
 * met at the barrier passed a non-zero `predicate`, and sets `*arrived` to
 * how many met there (threads that exited do not count). */
HIPC_API unsigned hipc_cpu_syncthreads_count(int predicate,
                                             unsigned* arrived);
/* Warp rendezvous: every participating lane deposits `v`; the returned
 * snapshot holds each lane's value (index = lane) and the mask of lanes that
 * took part. It stays valid until the calling lane's next collective.
 * `site` identifies the source location of the collective (lanes meet per
 * site, see src/backend/cpu/sched.c). */
typedef struct hipc_warp_snapshot {
  uint64_t active;      /* lanes that took part */
  uint64_t nonzero;     /* lanes whose value was non-zero */
  uint64_t value[64];
} hipc_warp_snapshot;
HIPC_API const hipc_warp_snapshot* hipc_cpu_warp_exchange(uint64_t v,
                                                          uintptr_t site);
/* The same for the lanes of `mask` (the _sync functions): it completes as
 * soon as those lanes have arrived, without waiting for the others. */
HIPC_API const hipc_warp_snapshot* hipc_cpu_warp_exchange_mask(
    uint64_t v, uintptr_t site, uint64_t mask);

#ifdef __cplusplus
}
#endif

#endif /* HIPC_KERNEL_H */
