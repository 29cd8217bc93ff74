/* librccl's GPU-to-GPU path (gpu_peer.c) and its reduction kernel
 * (peer_kernels.hip): C and C++. */
#ifndef HIPC_RCCL_PEER_H
#define HIPC_RCCL_PEER_H

#include <stddef.h>

#include "rccl/rccl.h"
#include <hip/hip_runtime_api.h>

#ifdef __cplusplus
extern "C" {
#endif

/* At most this many ranks take the GPU-to-GPU path (one GPU each). */
#define RCCL_PEER_MAX 8

typedef struct rccl_peer_inputs {
  const void* p[RCCL_PEER_MAX];
} rccl_peer_inputs;

/* Whether the kernel was built for NVIDIA GPUs. */
int rccl__peer_kernels_on_gpu(void);
/* Whether the kernel reduces datatype `t` (integers, fp32, fp64). */
int rccl__peer_type_ok(ncclDataType_t t);
/* Enqueues out[i] = in->p[0][i] op ... op in->p[nin - 1][i], i < n, on
 * `s` (op: sum, prod, max, min, or avg: the sum divided by nin in the
 * type, as librccl's host path divides). */
hipError_t rccl__peer_reduce(void* out, const rccl_peer_inputs* in, int nin,
                             size_t n, ncclDataType_t t, ncclRedOp_t op,
                             hipStream_t s);

/* The small all-reduce in one kernel (gpu_peer.c): each rank's "box" is
 * device memory the others map through IPC, its flag then two slots of
 * RCCL_SMALL_SLOT bytes used by turns (call `seq` uses slot seq % 2). */
#define RCCL_SMALL_SLOT ((size_t)64 << 10)
#define RCCL_SMALL_FLAG 256 /* bytes before the slots */
#define RCCL_SMALL_BOX (RCCL_SMALL_FLAG + 2 * RCCL_SMALL_SLOT)

typedef struct rccl_small_boxes {
  char* p[RCCL_PEER_MAX];  /* every rank's box, this one's included */
} rccl_small_boxes;

/* Enqueues on `s`, one block: this rank's `n` elements of `in` copied
 * into slot seq % 2 of its box, its flag set to `seq`; a wait until every
 * rank's flag reaches `seq`; out = every rank's slot reduced in rank
 * order (avg: the sum divided by nranks). */
hipError_t rccl__small_allreduce(void* out, const void* in, size_t n,
                                 ncclDataType_t t, ncclRedOp_t op,
                                 const rccl_small_boxes* boxes, int nranks,
                                 int rank, unsigned long long seq,
                                 hipStream_t s);

#ifdef __cplusplus
}
#endif

#endif /* HIPC_RCCL_PEER_H */
