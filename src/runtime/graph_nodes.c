/* The nodes of a graph: adding each kind, and getting and setting their
 * parameters. A node owns copies of what it was given (a kernel's
 * arguments, a child graph), as CUDA and AMD's runtime copy them.
 *
 * Errors are AMD's: NULL or foreign handles, parameters of the wrong node
 * kind and malformed parameters are hipErrorInvalidValue; a kernel node's
 * launch configuration is checked as hipLaunchKernel checks it. */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "graph.h"

#define MAX_EXTRA_KEYS 16

/* -- kernels */

/* Points args[i] at the arguments in the buffer of `extra` (as
 * hipModuleLaunchKernel's `extra`). */
static hipError_t unpack_extra(const hipc_kernel_desc* d, void** extra,
                               void** args) {
  char* buf = NULL;
  size_t* size = NULL;
  for (int i = 0;; i += 2) {
    if (i >= 2 * MAX_EXTRA_KEYS) return hipErrorInvalidValue;
    if (extra[i] == HIP_LAUNCH_PARAM_END) break;
    if (extra[i] == HIP_LAUNCH_PARAM_BUFFER_POINTER)
      buf = extra[i + 1];
    else if (extra[i] == HIP_LAUNCH_PARAM_BUFFER_SIZE)
      size = extra[i + 1];
    else
      return hipErrorInvalidValue;
  }
  if (d->num_params == 0) return hipSuccess;
  if (!buf || !size) return hipErrorInvalidValue;
  size_t off = 0;
  for (uint32_t i = 0; i < d->num_params; ++i) {
    size_t a = d->param_aligns && d->param_aligns[i] ? d->param_aligns[i] : 1;
    off = d->param_offsets ? d->param_offsets[i] : (off + a - 1) / a * a;
    args[i] = buf + off;
    off += d->param_sizes[i];
  }
  return *size < off ? hipErrorInvalidValue : hipSuccess;
}

/* Lays out the parameters of `d` in a node's argument buffer: each at a
 * multiple of its alignment (at least 16); off[i] (if given) receives
 * their offsets. Returns the buffer's size. The buffer is aligned to
 * BUF_ALIGN. */
#define BUF_ALIGN 64
static size_t layout(const hipc_kernel_desc* d, size_t* off) {
  size_t at = 0;
  for (uint32_t i = 0; i < d->num_params; ++i) {
    size_t a = d->param_aligns && d->param_aligns[i] > 16 ? d->param_aligns[i]
                                                          : 16;
    if (a > BUF_ALIGN) a = BUF_ALIGN;
    at = (at + a - 1) / a * a;
    if (off) off[i] = at;
    at += d->param_sizes[i];
  }
  return (at + BUF_ALIGN - 1) / BUF_ALIGN * BUF_ALIGN;
}

hipError_t hipc__node_set_kernel(hipGraphNode_t n,
                                 const hipKernelNodeParams* p) {
  if (!p || !p->func) return hipErrorInvalidValue;
  if (p->kernelParams && p->extra) return hipErrorInvalidValue;
  const hipc_kernel* k = hipc__kernel_find(p->func);
  int module_fn = 0;
  if (!k) { /* a module's function handle, as AMD accepts */
    const hipc_kernel_desc* md = hipc__module_function_desc(p->func);
    if (md) k = hipc__kernel_find(md->host_fn);
    module_fn = k != NULL;
  }
  if (!k) return hipErrorInvalidDeviceFunction;
  const hipc_kernel_desc* d = k->desc;
  if (d->num_params && !p->kernelParams && !p->extra)
    return hipErrorInvalidValue;
  hipc_device* dev;
  hipError_t e = hipc__current_device(&dev);
  if (e != hipSuccess) return e;
  e = hipc__check_config(&dev->props, k, p->gridDim, p->blockDim,
                         p->sharedMemBytes);
  if (e != hipSuccess) return e;
  void* local[64];
  void** src = p->kernelParams;
  if (p->extra) {
    if (d->num_params > 64) return hipErrorInvalidValue;
    e = unpack_extra(d, p->extra, local);
    if (e != hipSuccess) return e;
    src = local;
  }
  size_t* off = calloc(d->num_params + 1, sizeof *off);
  size_t bytes = off ? layout(d, off) : 0;
  void* buf = off ? aligned_alloc(BUF_ALIGN, bytes ? bytes : BUF_ALIGN) : NULL;
  void** ptrs = calloc(d->num_params + 1, sizeof *ptrs);
  if (!buf || !ptrs) {
    free(off);
    free(buf);
    free(ptrs);
    return hipErrorOutOfMemory;
  }
  for (uint32_t i = 0; i < d->num_params; ++i) {
    ptrs[i] = (char*)buf + off[i];
    memcpy(ptrs[i], src[i], d->param_sizes[i]);
  }
  free(off);
  if (n->type == hipGraphNodeTypeKernel) hipc__node_free_params(n);
  n->u.kernel.p = *p;
  n->u.kernel.p.kernelParams = ptrs;
  n->u.kernel.p.extra = NULL;
  n->u.kernel.k = k;
  n->u.kernel.module_fn = module_fn;
  n->u.kernel.buf = buf;
  n->u.kernel.ptrs = ptrs;
  return hipSuccess;
}

/* -- copies and fills */

hipMemcpy3DParms hipc__copy_params_2d(void* dst, size_t dpitch,
                                      const void* src, size_t spitch,
                                      size_t width, size_t height,
                                      hipMemcpyKind kind) {
  hipMemcpy3DParms p;
  memset(&p, 0, sizeof p);
  p.srcPtr = (hipPitchedPtr){(void*)src, spitch, width, height};
  p.dstPtr = (hipPitchedPtr){dst, dpitch, width, height};
  p.extent = (hipExtent){width, height, 1};
  p.kind = kind;
  return p;
}

hipError_t hipc__node_set_copy(hipGraphNode_t n, const hipMemcpy3DParms* p) {
  if (!p) return hipErrorInvalidValue;
  if (!HIPC_KIND_VALID(p->kind))
    return hipErrorInvalidMemcpyDirection;
  if ((p->srcArray && p->srcPtr.ptr) || (p->dstArray && p->dstPtr.ptr))
    return hipErrorInvalidValue;
  hipExtent x = p->extent;
  if (x.width && x.height && x.depth) {
    if (!p->srcArray && !p->srcPtr.ptr) return hipErrorInvalidValue;
    if (!p->dstArray && !p->dstPtr.ptr) return hipErrorInvalidValue;
    /* AMD's codes: a pitch under the width is an invalid pitch; a pitch
     * of the device's maximum or more, or a row that starts too far into
     * it, an invalid value. */
    if ((!p->srcArray && x.width > p->srcPtr.pitch) ||
        (!p->dstArray && x.width > p->dstPtr.pitch))
      return hipErrorInvalidPitchValue;
    hipc_device* dev;
    /* The maximum as hipDeviceAttributeMaxPitch reports it (an int). */
    size_t max_pitch = SIZE_MAX;
    if (hipc__current_device(&dev) == hipSuccess)
      max_pitch = dev->props.memPitch < INT_MAX ? dev->props.memPitch
                                                : (size_t)INT_MAX;
    int rows = x.height > 1 || x.depth > 1; /* else the pitch is unused */
    if (rows && ((!p->srcArray && p->srcPtr.pitch >= max_pitch) ||
                 (!p->dstArray && p->dstPtr.pitch >= max_pitch)))
      return hipErrorInvalidValue;
    if ((!p->srcArray && x.width + p->srcPos.x > p->srcPtr.pitch) ||
        (!p->dstArray && x.width + p->dstPos.x > p->dstPtr.pitch))
      return hipErrorInvalidValue;
    /* Slices of several rows: the rows must fit the slice height (ysize);
     * and every side must lie inside its allocation. */
    if (x.depth > 1 &&
        ((!p->srcArray && p->srcPtr.ysize &&
          p->srcPos.y + x.height > p->srcPtr.ysize) ||
         (!p->dstArray && p->dstPtr.ysize &&
          p->dstPos.y + x.height > p->dstPtr.ysize)))
      return hipErrorInvalidValue;
    if (!hipc__copy_in_bounds(p)) return hipErrorInvalidValue;
  }
  n->u.copy = *p;
  /* AMD's copy "without compute units": every copy is one here. */
  if (p->kind == hipMemcpyDeviceToDeviceNoCU)
    n->u.copy.kind = hipMemcpyDeviceToDevice;
  return hipSuccess;
}

hipError_t hipc__node_set_fill(hipGraphNode_t n, const hipMemsetParams* p) {
  if (!p || !p->dst) return hipErrorInvalidValue;
  unsigned es = p->elementSize;
  if (es != 1 && es != 2 && es != 4) return hipErrorInvalidValue;
  if (p->width == 0 || p->height == 0) return hipErrorInvalidValue;
  if (p->width > SIZE_MAX / es) return hipErrorInvalidValue;
  size_t row = p->width * es;
  if (p->height > 1 && row > p->pitch) return hipErrorInvalidValue;
  size_t n_bytes = p->height > 1 ? p->pitch * (p->height - 1) + row : row;
  if (!hipc__alloc_in_bounds(p->dst, n_bytes)) return hipErrorInvalidValue;
  n->u.fill = *p;
  return hipSuccess;
}

/* The bytes a pitched side of a copy spans from `pos` (SIZE_MAX when
 * that overflows). */
static size_t side_span(const hipPitchedPtr* pp, hipPos pos, hipExtent x,
                        const char** start) {
  size_t rows = (x.depth - 1) * pp->ysize + (x.height - 1);
  size_t first = (pos.z * pp->ysize + pos.y) * pp->pitch + pos.x;
  if (pp->pitch && rows > (SIZE_MAX - x.width) / pp->pitch) return SIZE_MAX;
  *start = (const char*)pp->ptr + first;
  return rows * pp->pitch + x.width;
}

hipError_t hipc__node_check_memory(hipGraphNode_t n, const hipc_device* dev) {
  if (n->disabled) return hipSuccess; /* runs nothing */
  if (n->type == hipGraphNodeTypeMemset) {
    const hipMemsetParams* p = &n->u.fill;
    size_t row = p->width * p->elementSize;
    size_t bytes = p->height > 1 ? p->pitch * (p->height - 1) + row : row;
    return hipc__check_device_ptr(dev, p->dst, bytes);
  }
  if (n->type != hipGraphNodeTypeMemcpy) return hipSuccess;
  const hipMemcpy3DParms* p = &n->u.copy;
  hipExtent x = p->extent;
  if (!x.width || !x.height || !x.depth) return hipSuccess;
  const char* at;
  hipError_t e = hipSuccess;
  if (!p->dstArray) {
    size_t s = side_span(&p->dstPtr, p->dstPos, x, &at);
    e = s == SIZE_MAX ? hipErrorInvalidValue
                      : hipc__check_copy_side(dev, at, s,
                                              HIPC_KIND_DST_DEVICE(p->kind));
  }
  if (e == hipSuccess && !p->srcArray) {
    size_t s = side_span(&p->srcPtr, p->srcPos, x, &at);
    e = s == SIZE_MAX ? hipErrorInvalidValue
                      : hipc__check_copy_side(dev, at, s,
                                              HIPC_KIND_SRC_DEVICE(p->kind));
  }
  return e;
}

/* Whether each pitched side of copy `p` lies inside its allocation
 * (untracked memory passes; arrays are not checked here). */
int hipc__copy_in_bounds(const hipMemcpy3DParms* p) {
  hipExtent x = p->extent;
  if (!x.width || !x.height || !x.depth) return 1;
  const char* at;
  if (!p->dstArray && p->dstPtr.ptr) {
    size_t s = side_span(&p->dstPtr, p->dstPos, x, &at);
    if (s == SIZE_MAX || !hipc__alloc_in_bounds(at, s)) return 0;
  }
  if (!p->srcArray && p->srcPtr.ptr) {
    size_t s = side_span(&p->srcPtr, p->srcPos, x, &at);
    if (s == SIZE_MAX || !hipc__alloc_in_bounds(at, s)) return 0;
  }
  return 1;
}

/* -- common */

void hipc__node_free_params(hipGraphNode_t n) {
  if (n->type == hipGraphNodeTypeKernel) {
    free(n->u.kernel.buf);
    free(n->u.kernel.ptrs);
    n->u.kernel.buf = NULL;
    n->u.kernel.ptrs = NULL;
  } else if (n->type == hipGraphNodeTypeGraph && n->u.child) {
    hipc__graph_free(n->u.child);
    n->u.child = NULL;
  } else if (n->type == hipGraphNodeTypeMemAlloc ||
             n->type == hipGraphNodeTypeMemFree) {
    hipc__graph_mem_unref(n); /* graph_mem.c */
  }
}

hipError_t hipc__node_copy_params(hipGraphNode_t dst, hipGraphNode_t src) {
  if (src->type == hipGraphNodeTypeKernel) {
    if (!src->u.kernel.k) return hipErrorInvalidValue;
    const hipc_kernel_desc* d = src->u.kernel.k->desc;
    size_t bytes = layout(d, NULL);
    void* buf = aligned_alloc(BUF_ALIGN, bytes ? bytes : BUF_ALIGN);
    void** ptrs = calloc(d->num_params + 1, sizeof *ptrs);
    if (!buf || !ptrs) {
      free(buf);
      free(ptrs);
      return hipErrorOutOfMemory;
    }
    memcpy(buf, src->u.kernel.buf, bytes);
    for (uint32_t i = 0; i < d->num_params; ++i)
      ptrs[i] = (char*)buf + ((char*)src->u.kernel.ptrs[i] -
                              (char*)src->u.kernel.buf);
    if (dst->type == hipGraphNodeTypeKernel) hipc__node_free_params(dst);
    dst->u.kernel = src->u.kernel;
    dst->u.kernel.buf = buf;
    dst->u.kernel.ptrs = ptrs;
    dst->u.kernel.p.kernelParams = ptrs;
    return hipSuccess;
  }
  if (src->type == hipGraphNodeTypeGraph) {
    hipGraph_t c = hipc__graph_clone(src->u.child);
    if (!c) return hipErrorOutOfMemory;
    c->owner = dst;
    dst->u.child = c;
    return hipSuccess;
  }
  dst->u = src->u;
  if (src->type == hipGraphNodeTypeMemAlloc ||
      src->type == hipGraphNodeTypeMemFree)
    hipc__graph_mem_ref(dst); /* graph_mem.c */
  return hipSuccess;
}

/* Adds node `n` (parameters set) to `g`: the common tail of every
 * hipGraphAdd*Node. Under the lock. */
static hipError_t add(hipGraphNode_t* out, hipGraph_t g,
                      const hipGraphNode_t* deps, size_t ndeps,
                      hipGraphNode_t n) {
  hipError_t e = hipc__graph_add(g, n, deps, ndeps);
  if (e == hipSuccess) *out = n;
  return e;
}

/* Checks what every hipGraphAdd*Node checks first; under the lock. */
static hipError_t check_add(hipGraphNode_t* out, hipGraph_t g) {
  return out && hipc__graph_ok(g) ? hipSuccess : hipErrorInvalidValue;
}

#define ADD_BEGIN(type)                                   \
  pthread_mutex_lock(&hipc__graph_lock);                  \
  hipError_t e = check_add(pGraphNode, graph);            \
  hipGraphNode_t n = NULL;                                \
  if (e == hipSuccess && !(n = hipc__node_new(type)))     \
    e = hipErrorOutOfMemory;

#define ADD_END(set)                                      \
  if (e == hipSuccess) {                                  \
    e = (set);                                            \
    if (e == hipSuccess)                                  \
      e = add(pGraphNode, graph, pDependencies, numDependencies, n); \
    else                                                  \
      hipc__node_free(n);                                 \
  }                                                       \
  pthread_mutex_unlock(&hipc__graph_lock);                \
  HIPC_RETURN(e);

hipError_t hipGraphAddKernelNode(hipGraphNode_t* pGraphNode, hipGraph_t graph,
                                 const hipGraphNode_t* pDependencies,
                                 size_t numDependencies,
                                 const hipKernelNodeParams* pNodeParams) {
  HIPC_API_ENTER();
  ADD_BEGIN(hipGraphNodeTypeKernel)
  ADD_END(hipc__node_set_kernel(n, pNodeParams))
}

hipError_t hipGraphAddMemcpyNode(hipGraphNode_t* pGraphNode, hipGraph_t graph,
                                 const hipGraphNode_t* pDependencies,
                                 size_t numDependencies,
                                 const hipMemcpy3DParms* pCopyParams) {
  HIPC_API_ENTER();
  ADD_BEGIN(hipGraphNodeTypeMemcpy)
  ADD_END(hipc__node_set_copy(n, pCopyParams))
}

/* A linear copy of `count` bytes, checked as hipMemcpy checks it. */
static hipError_t set_copy_1d(hipGraphNode_t n, void* dst, const void* src,
                              size_t count, hipMemcpyKind kind) {
  if (kind == hipMemcpyDeviceToDeviceNoCU) kind = hipMemcpyDeviceToDevice;
  if (!HIPC_KIND_VALID(kind)) return hipErrorInvalidMemcpyDirection;
  /* AMD refuses a copy of nothing and a copy onto itself or overlapping
   * its source. */
  if (count == 0 || !dst || !src || hipc__ranges_overlap(dst, src, count))
    return hipErrorInvalidValue;
  if (count && (!hipc__alloc_in_bounds(dst, count) ||
                !hipc__alloc_in_bounds(src, count)))
    return hipErrorInvalidValue;
  hipMemcpy3DParms p =
      hipc__copy_params_2d(dst, count, src, count, count, 1, kind);
  return hipc__node_set_copy(n, &p);
}

hipError_t hipGraphAddMemcpyNode1D(hipGraphNode_t* pGraphNode,
                                   hipGraph_t graph,
                                   const hipGraphNode_t* pDependencies,
                                   size_t numDependencies, void* dst,
                                   const void* src, size_t count,
                                   hipMemcpyKind kind) {
  HIPC_API_ENTER();
  ADD_BEGIN(hipGraphNodeTypeMemcpy)
  ADD_END(set_copy_1d(n, dst, src, count, kind))
}

hipError_t hipGraphAddMemsetNode(hipGraphNode_t* pGraphNode, hipGraph_t graph,
                                 const hipGraphNode_t* pDependencies,
                                 size_t numDependencies,
                                 const hipMemsetParams* pMemsetParams) {
  HIPC_API_ENTER();
  ADD_BEGIN(hipGraphNodeTypeMemset)
  ADD_END(hipc__node_set_fill(n, pMemsetParams))
}

static hipError_t set_host(hipGraphNode_t n, const hipHostNodeParams* p) {
  if (!p || !p->fn) return hipErrorInvalidValue;
  n->u.host = *p;
  return hipSuccess;
}

hipError_t hipGraphAddHostNode(hipGraphNode_t* pGraphNode, hipGraph_t graph,
                               const hipGraphNode_t* pDependencies,
                               size_t numDependencies,
                               const hipHostNodeParams* pNodeParams) {
  HIPC_API_ENTER();
  ADD_BEGIN(hipGraphNodeTypeHost)
  ADD_END(set_host(n, pNodeParams))
}

static hipError_t set_child(hipGraphNode_t n, hipGraph_t graph,
                            hipGraph_t child) {
  /* The child is cloned now, before `n` joins `graph`: a graph may be its
   * own child (its nodes so far), as AMD and CUDA allow. */
  (void)graph;
  if (!hipc__graph_ok(child)) return hipErrorInvalidValue;
  /* As AMD's runtime: memory nodes are not allowed in a child graph. */
  if (hipc__graph_has_mem(child)) return hipErrorNotSupported;
  hipGraph_t c = hipc__graph_clone(child);
  if (!c) return hipErrorOutOfMemory;
  c->owner = n;
  n->u.child = c;
  return hipSuccess;
}

hipError_t hipGraphAddChildGraphNode(hipGraphNode_t* pGraphNode,
                                     hipGraph_t graph,
                                     const hipGraphNode_t* pDependencies,
                                     size_t numDependencies,
                                     hipGraph_t childGraph) {
  HIPC_API_ENTER();
  ADD_BEGIN(hipGraphNodeTypeGraph)
  ADD_END(set_child(n, graph, childGraph))
}

hipError_t hipGraphAddEmptyNode(hipGraphNode_t* pGraphNode, hipGraph_t graph,
                                const hipGraphNode_t* pDependencies,
                                size_t numDependencies) {
  HIPC_API_ENTER();
  ADD_BEGIN(hipGraphNodeTypeEmpty)
  ADD_END(hipSuccess)
}

static hipError_t set_event(hipGraphNode_t n, hipEvent_t ev) {
  hipc_device* dev;
  hipc_event* impl;
  if (hipc__event_resolve(ev, &dev, &impl) != hipSuccess)
    return hipErrorInvalidValue;
  n->u.event = ev;
  return hipSuccess;
}

hipError_t hipGraphAddEventRecordNode(hipGraphNode_t* pGraphNode,
                                      hipGraph_t graph,
                                      const hipGraphNode_t* pDependencies,
                                      size_t numDependencies,
                                      hipEvent_t event) {
  HIPC_API_ENTER();
  ADD_BEGIN(hipGraphNodeTypeEventRecord)
  ADD_END(set_event(n, event))
}

hipError_t hipGraphAddEventWaitNode(hipGraphNode_t* pGraphNode,
                                    hipGraph_t graph,
                                    const hipGraphNode_t* pDependencies,
                                    size_t numDependencies,
                                    hipEvent_t event) {
  HIPC_API_ENTER();
  ADD_BEGIN(hipGraphNodeTypeWaitEvent)
  ADD_END(set_event(n, event))
}

/* -- parameters of existing nodes */

/* Locks, checks `node` is live and of `type` and `out` non-NULL, runs
 * `body`, unlocks and returns. */
#define NODE_ACCESS(node, kind, out, body)                         \
  pthread_mutex_lock(&hipc__graph_lock);                           \
  hipError_t e = hipSuccess;                                       \
  if (!(out) || !hipc__node_ok(node) || (node)->type != (kind))    \
    e = hipErrorInvalidValue;                                      \
  else {                                                           \
    body;                                                          \
  }                                                                \
  pthread_mutex_unlock(&hipc__graph_lock);                         \
  HIPC_RETURN(e);

hipError_t hipGraphKernelNodeGetParams(hipGraphNode_t node,
                                       hipKernelNodeParams* pNodeParams) {
  HIPC_API_ENTER();
  NODE_ACCESS(node, hipGraphNodeTypeKernel, pNodeParams,
              *pNodeParams = node->u.kernel.p)
}

hipError_t hipGraphKernelNodeSetParams(hipGraphNode_t node,
                                       const hipKernelNodeParams* pNodeParams) {
  HIPC_API_ENTER();
  NODE_ACCESS(node, hipGraphNodeTypeKernel, pNodeParams,
              e = hipc__node_set_kernel(node, pNodeParams))
}

hipError_t hipGraphMemcpyNodeGetParams(hipGraphNode_t node,
                                       hipMemcpy3DParms* pNodeParams) {
  HIPC_API_ENTER();
  NODE_ACCESS(node, hipGraphNodeTypeMemcpy, pNodeParams,
              *pNodeParams = node->u.copy)
}

hipError_t hipGraphMemcpyNodeSetParams(hipGraphNode_t node,
                                       const hipMemcpy3DParms* pNodeParams) {
  HIPC_API_ENTER();
  NODE_ACCESS(node, hipGraphNodeTypeMemcpy, pNodeParams,
              e = hipc__node_set_copy(node, pNodeParams))
}

hipError_t hipGraphMemcpyNodeSetParams1D(hipGraphNode_t node, void* dst,
                                         const void* src, size_t count,
                                         hipMemcpyKind kind) {
  HIPC_API_ENTER();
  NODE_ACCESS(node, hipGraphNodeTypeMemcpy, node,
              e = set_copy_1d(node, dst, src, count, kind))
}

hipError_t hipGraphMemsetNodeGetParams(hipGraphNode_t node,
                                       hipMemsetParams* pNodeParams) {
  HIPC_API_ENTER();
  NODE_ACCESS(node, hipGraphNodeTypeMemset, pNodeParams,
              *pNodeParams = node->u.fill)
}

hipError_t hipGraphMemsetNodeSetParams(hipGraphNode_t node,
                                       const hipMemsetParams* pNodeParams) {
  HIPC_API_ENTER();
  NODE_ACCESS(node, hipGraphNodeTypeMemset, pNodeParams,
              e = hipc__node_set_fill(node, pNodeParams))
}

hipError_t hipGraphHostNodeGetParams(hipGraphNode_t node,
                                     hipHostNodeParams* pNodeParams) {
  HIPC_API_ENTER();
  NODE_ACCESS(node, hipGraphNodeTypeHost, pNodeParams,
              *pNodeParams = node->u.host)
}

hipError_t hipGraphHostNodeSetParams(hipGraphNode_t node,
                                     const hipHostNodeParams* pNodeParams) {
  HIPC_API_ENTER();
  NODE_ACCESS(node, hipGraphNodeTypeHost, pNodeParams,
              e = set_host(node, pNodeParams))
}

hipError_t hipGraphChildGraphNodeGetGraph(hipGraphNode_t node,
                                          hipGraph_t* pGraph) {
  HIPC_API_ENTER();
  NODE_ACCESS(node, hipGraphNodeTypeGraph, pGraph, *pGraph = node->u.child)
}

hipError_t hipGraphEventRecordNodeGetEvent(hipGraphNode_t node,
                                           hipEvent_t* event_out) {
  HIPC_API_ENTER();
  NODE_ACCESS(node, hipGraphNodeTypeEventRecord, event_out,
              *event_out = node->u.event)
}

hipError_t hipGraphEventRecordNodeSetEvent(hipGraphNode_t node,
                                           hipEvent_t event) {
  HIPC_API_ENTER();
  NODE_ACCESS(node, hipGraphNodeTypeEventRecord, node,
              e = set_event(node, event))
}

hipError_t hipGraphEventWaitNodeGetEvent(hipGraphNode_t node,
                                         hipEvent_t* event_out) {
  HIPC_API_ENTER();
  NODE_ACCESS(node, hipGraphNodeTypeWaitEvent, event_out,
              *event_out = node->u.event)
}

hipError_t hipGraphEventWaitNodeSetEvent(hipGraphNode_t node,
                                         hipEvent_t event) {
  HIPC_API_ENTER();
  NODE_ACCESS(node, hipGraphNodeTypeWaitEvent, node,
              e = set_event(node, event))
}
