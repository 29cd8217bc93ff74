/* Batches of an executable graph on a GPU: CUDA graphs.
 *
 * The runtime hands over each run of kernel, copy, fill and host nodes of
 * an executable graph in one topological order (src/runtime/graph_exec.c);
 * here the run becomes a CUDA graph of the same operations chained in that
 * order, instantiated once, and each launch of the HIP graph is one
 * cuGraphLaunch on the stream: the driver submits the whole run at once
 * instead of one call per node. Kernel arguments are copied into the
 * kernel nodes when they are made, as HIP's kernel nodes copy theirs.
 *
 * What a CUDA graph cannot hold as the runtime asks for it is refused with
 * hipErrorNotSupported, and the runtime issues those nodes one by one as
 * before: copies with a side the driver does not know (pageable host
 * memory, the CPU device's), fills of anything but device memory, and
 * kernels without GPU code. */
#include <stdint.h>
#include <stdlib.h>

#include "cuda_backend.h"

struct hipc_batch {
  cuda_device* dev;
  CUgraph graph;
  CUgraphExec exec;
};

static int has_graphs(void) {
  return hipc_cu.GraphCreate && hipc_cu.GraphDestroy &&
         hipc_cu.GraphAddKernelNode && hipc_cu.GraphAddMemcpyNode &&
         hipc_cu.GraphAddMemsetNode && hipc_cu.GraphAddHostNode &&
         hipc_cu.GraphInstantiateWithFlags && hipc_cu.GraphLaunch &&
         hipc_cu.GraphExecDestroy;
}

/* Adds operation `o` after `*prev` (if any); *prev becomes its node. */
static hipError_t add_op(cuda_device* d, CUgraph g, const hipc_op* o,
                         CUgraphNode* prev) {
  CUgraphNode node;
  const CUgraphNode* deps = *prev ? prev : NULL;
  size_t ndeps = *prev ? 1 : 0;
  CUresult r;
  switch (o->kind) {
    case HIPC_OP_LAUNCH: {
      CUfunction f;
      hipError_t e = hipc__cuda_function_of(
          d, o->launch.kernel, o->launch.name,
          o->launch.block.x * o->launch.block.y * o->launch.block.z, &f);
      if (e != hipSuccess) return hipErrorNotSupported;
      CUDA_KERNEL_NODE_PARAMS p = {
          f, o->launch.grid.x, o->launch.grid.y, o->launch.grid.z,
          o->launch.block.x, o->launch.block.y, o->launch.block.z,
          (unsigned)o->launch.shmem, o->launch.args, NULL};
      r = hipc_cu.GraphAddKernelNode(&node, g, deps, ndeps, &p);
      break;
    }
    case HIPC_OP_COPY: {
      if (!hipc__cuda_memory_type(o->src) || !hipc__cuda_memory_type(o->dst))
        return hipErrorNotSupported;
      CUDA_MEMCPY3D p = {0};
      p.srcMemoryType = p.dstMemoryType = CU_MEMORYTYPE_UNIFIED;
      p.srcDevice = (CUdeviceptr)(uintptr_t)o->src;
      p.dstDevice = (CUdeviceptr)(uintptr_t)o->dst;
      p.srcPitch = o->spitch;
      p.dstPitch = o->dpitch;
      p.srcHeight = p.dstHeight = o->height;
      p.WidthInBytes = o->width;
      p.Height = o->height;
      p.Depth = 1;
      r = hipc_cu.GraphAddMemcpyNode(&node, g, deps, ndeps, &p, d->ctx);
      break;
    }
    case HIPC_OP_FILL: {
      if (hipc__cuda_memory_type(o->dst) != CU_MEMORYTYPE_DEVICE)
        return hipErrorNotSupported;
      CUDA_MEMSET_NODE_PARAMS p = {(CUdeviceptr)(uintptr_t)o->dst,
                                   o->dpitch, o->value, o->elem_size,
                                   o->width, o->height};
      r = hipc_cu.GraphAddMemsetNode(&node, g, deps, ndeps, &p, d->ctx);
      break;
    }
    case HIPC_OP_HOST: {
      CUDA_HOST_NODE_PARAMS p = {o->fn, o->arg};
      r = hipc_cu.GraphAddHostNode(&node, g, deps, ndeps, &p);
      break;
    }
    default:
      return hipErrorNotSupported;
  }
  if (r != CUDA_SUCCESS) return hipc__cuda_error(r);
  *prev = node;
  return hipSuccess;
}

hipError_t hipc__cuda_batch_create(hipc_device* dev, const hipc_op* ops,
                                   size_t n, hipc_batch** out,
                                   size_t* entries) {
  if (!has_graphs()) return hipErrorNotSupported;
  cuda_device* d = dev->impl;
  HIPC_CU_CHECK(hipc__cuda_bind(d));
  hipc_batch* b = calloc(1, sizeof *b);
  if (!b) return hipErrorOutOfMemory;
  b->dev = d;
  CUresult r = hipc_cu.GraphCreate(&b->graph, 0);
  if (r != CUDA_SUCCESS) {
    free(b);
    return hipc__cuda_error(r);
  }
  hipError_t e = hipSuccess;
  CUgraphNode prev = NULL;
  for (size_t i = 0; i < n && e == hipSuccess; ++i)
    e = add_op(d, b->graph, &ops[i], &prev);
  if (e == hipSuccess) {
    r = hipc_cu.GraphInstantiateWithFlags(&b->exec, b->graph, 0);
    if (r != CUDA_SUCCESS) e = hipc__cuda_error(r);
  }
  if (e != hipSuccess) {
    (void)hipc_cu.GraphDestroy(b->graph);
    free(b);
    return e;
  }
  *out = b;
  *entries = 1;
  return hipSuccess;
}

hipError_t hipc__cuda_batch_enqueue(hipc_queue* q, hipc_batch* b) {
  HIPC_CU_CHECK(hipc__cuda_bind(q->dev));
  HIPC_CU_CHECK(hipc_cu.GraphLaunch(b->exec, q->stream));
  return hipSuccess;
}

void hipc__cuda_batch_destroy(hipc_batch* b) {
  if (hipc__cuda_bind(b->dev) == CUDA_SUCCESS) {
    (void)hipc_cu.GraphExecDestroy(b->exec);
    (void)hipc_cu.GraphDestroy(b->graph);
  }
  free(b);
}
