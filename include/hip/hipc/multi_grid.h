/* What a kernel on an NVIDIA GPU knows of the cooperative launch it runs
 * in, shared by the CUDA backend (src/backend/cuda/coop.c), which writes
 * it, and the NVPTX half of cooperative groups (hip/hipc/cg_nvptx.h),
 * which reads it. Nothing here is part of HIP's API.
 *
 * Each GPU module (one per source file) that uses multi_grid_group has one
 * `__hipc_multi_grid` variable of this type. Before every cooperative
 * launch of one of its kernels the backend writes it in stream order, so
 * the kernel finds its grid's place among the grids of the launch. It is
 * zero (taken as one grid) until the module's first cooperative launch. */
#ifndef HIPC_MULTI_GRID_H
#define HIPC_MULTI_GRID_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The grids of one launch meet in page-locked, mapped host memory, which
 * every GPU of the process reaches: one 32-bit counter per grid, written
 * only by its own grid (the number of multi-grid barriers the grid has
 * reached), read by all. No atomic read-modify-write crosses devices
 * (atomics on mapped host memory are not atomic between GPUs). */
#define HIPC_MULTI_GRID_MAX 16

typedef struct hipc_multi_grid_info {
  unsigned* arrivals;      /* num_grids counters; NULL for one grid */
  uint32_t grid_rank;      /* this grid's index in the launch */
  uint32_t num_grids;      /* 0 before any cooperative launch: one grid */
  uint64_t multi_threads;  /* threads of every grid of the launch */
  uint64_t thread_offset;  /* threads of the grids before this one */
} hipc_multi_grid_info;

#ifdef __cplusplus
}
#endif

#endif /* HIPC_MULTI_GRID_H */
