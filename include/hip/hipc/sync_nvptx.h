// Block-level synchronisation and memory fences in hipcc's device pass
// (NVPTX). __syncthreads() itself is a clang builtin (bar.sync 0).
// Included by hip/hipc/sync.h.
#ifndef HIPC_SYNC_NVPTX_H
#define HIPC_SYNC_NVPTX_H

#include "hip/hipc/qualifiers_nvptx.h"

// A barrier that also counts, ands or ors one predicate over the block.
__device__ __forceinline__ int __syncthreads_count(int predicate) {
  return __nvvm_bar0_popc(predicate);
}
__device__ __forceinline__ int __syncthreads_and(int predicate) {
  return __nvvm_bar0_and(predicate);
}
__device__ __forceinline__ int __syncthreads_or(int predicate) {
  return __nvvm_bar0_or(predicate);
}

__device__ __forceinline__ void __threadfence_block() { __nvvm_membar_cta(); }
__device__ __forceinline__ void __threadfence() { __nvvm_membar_gl(); }
__device__ __forceinline__ void __threadfence_system() { __nvvm_membar_sys(); }

#endif  // HIPC_SYNC_NVPTX_H
