/* A parallel loop for the CPU kernels of hipc's HIP libraries: [0, n)
 * split into contiguous ranges, one per thread (HIPC_CPU_THREADS, else the
 * online cores), each at least `min_chunk` long; the calling thread runs
 * one of them. Returns once all have run. */
#ifndef HIPC_LIB_PARALLEL_H
#define HIPC_LIB_PARALLEL_H

#include <stdint.h>

typedef void (*hipc_range_fn)(void* ctx, int64_t begin, int64_t end);

__attribute__((visibility("hidden"))) void hipc_parallel_for(
    int64_t n, int64_t min_chunk, hipc_range_fn fn, void* ctx);

#endif
