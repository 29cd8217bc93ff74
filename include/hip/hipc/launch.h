// hipcc's device pass: the GPU half, which defines HIPC_LAUNCH_H (so the CPU
// code below is skipped).
#if defined(__NVPTX__)
#include "hip/hipc/launch_nvptx.h"
#elif defined(__HIPC_CLANG_HOST__)
#include "hip/hipc/launch_clang.h"
#endif
// Kernel registration and launch (C++). hipcc rewrites every __global__
// definition so that its body starts with a prologue that names
// `hipc::kernel<Sig, F, MaxThreads, MinWarps>` (see docs/internals.md):
// that instantiates the registration below for every kernel and every
// template instantiation the program uses, and turns a call made right after
// __hipPushCallConfiguration (what `<<<>>>` becomes) into hipLaunchKernel.
#ifndef HIPC_LAUNCH_H
#define HIPC_LAUNCH_H

#include <cstddef>
#include <new>
#include <tuple>
#include <type_traits>
#include <utility>

#include "hip/hipc/kernel.h"
#include "hip/hipc/regions.h"

namespace hipc {

// F is the kernel (what the program names and launches: a stub that
// launches), Body the function that holds its body (what a thread runs).
// Regions, when not no_regions, is regions_fn<Sig, R> with R the kernel's
// region function (hip/hipc/regions.h): it runs a whole block, region by
// region, and is what `run` calls; `run_precise` (the re-run of a faulting
// block) always runs Body on fibers. (A type rather than a pointer that may
// be null: comparing a function's address with nullptr is not a constant
// expression everywhere.)
struct no_regions {};
template <typename Sig, Sig R>
struct regions_fn {
  static constexpr Sig fn = R;
};

template <typename Sig, Sig F, Sig Body, unsigned MaxThreads,
          unsigned MinWarps, typename Regions = no_regions>
struct kernel;

template <typename... P, void (*F)(P...), void (*Body)(P...),
          unsigned MaxThreads, unsigned MinWarps, typename Regions>
struct kernel<void (*)(P...), F, Body, MaxThreads, MinWarps, Regions> {
  using args_t = std::tuple<std::decay_t<P>...>;

  template <std::size_t... I>
  static void pack_args(void* const* a, void* dst, std::index_sequence<I...>) {
    ::new (dst) args_t(*static_cast<const std::decay_t<P>*>(a[I])...);
    (void)a;
  }
  static void pack(void* const* a, void* dst) {
    pack_args(a, dst, std::index_sequence_for<P...>{});
  }

  // The CPU device's thread loop for one block: starts threads one after the
  // other until none is left. A thread that blocks is parked by the
  // scheduler, which then calls run() again on a fresh fiber. The position
  // lives in registers; the scheduler publishes it in `b` when a thread
  // parks and bumps b->parks, the sign for this loop to reload it (after a
  // park, another fiber may have started later threads). flatten inlines the
  // kernel body (and what it calls) into the loop: a thread costs a loop
  // iteration.
  template <bool Precise>
  __attribute__((flatten)) static void run_loop(hipc_cpu_block* b) {
    // A private copy: the kernel's stores cannot alias it, so its arguments
    // stay in registers.
    args_t a = *static_cast<const args_t*>(b->args);
    hipc_thread_state* ts = &hipc_tls;
    // Never set on a worker; storing it here lets the compiler see that
    // the kernel prologue's launch branch is dead inside the loop.
    ts->launch_pending = 0;
    const uint32_t n = b->count, dx = b->dim.x, dy = b->dim.y;
    uint32_t t = b->next;
    uint64_t parks = b->parks;
    dim3 id = b->next_idx;
    while (t < n) {
      // One row (fixed y and z) at a time: the inner loop's induction
      // variable is threadIdx.x itself, which lets the compiler vectorise
      // a barrier-free kernel body.
      ts->thread_idx.y = id.y;
      ts->thread_idx.z = id.z;
      const uint32_t row = t - id.x;
      uint32_t x = id.x;
      for (; x < dx; ++x) {
        ts->thread_idx.x = x;
        if (Precise) __asm__ volatile("" : : : "memory");
        std::apply(Body, a);
        if (__builtin_expect(b->parks != parks, 0)) break;
      }
      if (x < dx) {  // a thread parked: the scheduler has the position
        t = b->next;
        id = b->next_idx;
        parks = b->parks;
        continue;
      }
      t = row + dx;
      id.x = 0;
      if (++id.y == dy) {
        id.y = 0;
        ++id.z;
      }
    }
    b->next = t;
  }

  // The region form: one call runs every thread of the block; no thread is
  // left for the scheduler to start.
  __attribute__((flatten)) static void run_regions(hipc_cpu_block* b) {
    args_t a = *static_cast<const args_t*>(b->args);
    hipc_tls.launch_pending = 0;
    hipc_tls.in_regions = 1;
    std::apply(Regions::fn, a);
    hipc_tls.in_regions = 0;
    b->next = b->count;
  }

  static void run(hipc_cpu_block* b) {
    if constexpr (!std::is_same_v<Regions, no_regions>)
      run_regions(b);
    else
      run_loop<false>(b);
  }
  static void run_precise(hipc_cpu_block* b) { run_loop<true>(b); }

  static const char* signature() { return __PRETTY_FUNCTION__; }

  static constexpr uint32_t param_sizes[sizeof...(P) + 1] = {
      static_cast<uint32_t>(sizeof(std::decay_t<P>))..., 0};
  static constexpr uint32_t param_aligns[sizeof...(P) + 1] = {
      static_cast<uint32_t>(alignof(std::decay_t<P>))..., 0};

  // A function-local static: initialised on first use, so that the
  // registration below never sees it half-built (the initialisation order
  // of a template's static members is unspecified).
  static const hipc_kernel_desc* descriptor() {
    static const hipc_kernel_desc desc = {
        reinterpret_cast<const void*>(F), signature(), MaxThreads, MinWarps,
        sizeof...(P), param_sizes, sizeof(args_t), alignof(args_t), &pack,
        &run, &run_precise, param_aligns, nullptr, 0, nullptr};
    return &desc;
  }

  static inline const int reg = (hipc_register_kernel(descriptor()), 0);

  // Called by the kernel's prologue on the host thread that pushed a launch
  // configuration.
  static void launch(void** args) {
    __asm__ volatile("" : : "r"(&reg));  // odr-use: registers at start-up
    dim3 grid, block;
    std::size_t shmem;
    hipStream_t stream;
    (void)__hipPopCallConfiguration(&grid, &block, &shmem, &stream);
    // Errors are recorded for hipGetLastError, as a launch returns nothing.
    (void)hipLaunchKernel(reinterpret_cast<const void*>(F), grid, block, args,
                          shmem, stream);
  }
};

// The fallback form, for kernels hipcc cannot split (see
// docs/internals.md): the kernel's own body starts with a launch test, and
// threads run the kernel itself.
template <typename Sig, Sig F, unsigned MaxThreads, unsigned MinWarps>
struct kernel_inline : kernel<Sig, F, F, MaxThreads, MinWarps> {};

// `extern __shared__ T name[];` becomes `static dynamic_shared<T> name;`: an
// empty object that stands for the current block's dynamic shared memory.
template <typename T>
struct dynamic_shared {
  T* get() const { return static_cast<T*>(hipc_tls.dyn_shared); }
  operator T*() const { return get(); }
  template <typename U>
  explicit operator U*() const { return reinterpret_cast<U*>(get()); }
  T& operator[](std::ptrdiff_t i) const { return get()[i]; }
};

}  // namespace hipc

#define HIP_DYNAMIC_SHARED(type, var) static ::hipc::dynamic_shared<type> var;
#define HIP_DYNAMIC_SHARED_ATTRIBUTE
#define HIP_KERNEL_NAME(...) __VA_ARGS__

// hipLaunchKernelGGL(kernel, grid, block, shmem, stream, args...): the same
// path as <<<>>>: push the configuration, then call the kernel.
#define hipLaunchKernelGGL(kernel, grid, block, shmem, stream, ...)        \
  ((void)__hipPushCallConfiguration((grid), (block), (shmem), (stream)), \
   (void)(kernel)(__VA_ARGS__))

#endif  // HIPC_LAUNCH_H
