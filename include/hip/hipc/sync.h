// Block-level synchronisation and memory fences.
#ifndef HIPC_SYNC_H
#define HIPC_SYNC_H

// hipcc's device pass (clang, NVPTX) uses the GPU half.
#if defined(__NVPTX__)
#include "hip/hipc/sync_nvptx.h"
#else

#include "hip/hipc/kernel.h"

inline void __syncthreads() { hipc_cpu_syncthreads(); }

// Threads of a block share one worker thread; fences only need to stop the
// compiler (and, for grid/system scope, the CPU) from reordering.
inline void __threadfence_block() { __atomic_signal_fence(__ATOMIC_SEQ_CST); }
inline void __threadfence() { __atomic_thread_fence(__ATOMIC_SEQ_CST); }
inline void __threadfence_system() { __atomic_thread_fence(__ATOMIC_SEQ_CST); }

#endif  // __NVPTX__

#endif  // HIPC_SYNC_H
