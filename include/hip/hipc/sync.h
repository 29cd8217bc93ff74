// hipcc's device pass: the GPU half, which defines HIPC_SYNC_H (so the CPU
// code below is skipped).
#if defined(__NVPTX__)
#include "hip/hipc/sync_nvptx.h"
#endif
// Block-level synchronisation and memory fences.
#ifndef HIPC_SYNC_H
#define HIPC_SYNC_H

#include "hip/hipc/kernel.h"

inline void __syncthreads() { hipc_cpu_syncthreads(); }

// A barrier that also reduces a predicate over the threads that meet there
// (threads that have exited do not count), returning the result to all.
inline int __syncthreads_count(int predicate) {
  unsigned arrived;
  return static_cast<int>(hipc_cpu_syncthreads_count(predicate, &arrived));
}
inline int __syncthreads_and(int predicate) {
  unsigned arrived;
  unsigned n = hipc_cpu_syncthreads_count(predicate, &arrived);
  return n == arrived;
}
inline int __syncthreads_or(int predicate) {
  unsigned arrived;
  return hipc_cpu_syncthreads_count(predicate, &arrived) != 0;
}

// Threads of a block share one worker thread; fences only need to stop the
// compiler (and, for grid/system scope, the CPU) from reordering.
inline void __threadfence_block() { __atomic_signal_fence(__ATOMIC_SEQ_CST); }
#if defined(__SANITIZE_THREAD__)
#define HIPC_TSAN_FENCE 1
#elif defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define HIPC_TSAN_FENCE 1
#endif
#endif
#ifdef HIPC_TSAN_FENCE
// ThreadSanitizer does not follow stand-alone fences (g++ refuses them under
// -fsanitize=thread): there a fence is a read-modify-write of one shared
// word, which TSan sees as synchronising every fence with the ones before.
inline unsigned& hipc_tsan_fence_word() {
  static unsigned w;
  return w;
}
inline void __threadfence() {
  __atomic_fetch_add(&hipc_tsan_fence_word(), 0u, __ATOMIC_SEQ_CST);
}
#else
inline void __threadfence() { __atomic_thread_fence(__ATOMIC_SEQ_CST); }
#endif
inline void __threadfence_system() { __threadfence(); }

#endif  // HIPC_SYNC_H
