/* Changing an instantiated graph's nodes: hipGraphExec*NodeSetParams and
 * hipGraphNodeSetEnabled / GetEnabled; and hipGraphInstantiateWithParams.
 *
 * Each change goes to the executable graph's own copy of the node (the
 * graph it came from is untouched) and the launch plan is made again.
 * A disabled node (kernel, memcpy or memset only, as CUDA and AMD allow)
 * stays in the plan and does nothing when launched, until enabled again. */
#include "graph.h"

static hipError_t set_kernel(hipGraphNode_t n, const void* p) {
  return hipc__node_set_kernel(n, p);
}
/* An instantiated 2D memset node keeps its shape (AMD: only its value and
 * destination change). */
static hipError_t set_fill(hipGraphNode_t n, const void* v) {
  const hipMemsetParams* p = v;
  const hipMemsetParams* o = &n->u.fill;
  if (o->height > 1 &&
      (p->width != o->width || p->height != o->height ||
       p->pitch != o->pitch || p->elementSize != o->elementSize))
    return hipErrorInvalidValue;
  return hipc__node_set_fill(n, p);
}
/* An instantiated copy node keeps its direction (AMD: changing it is
 * hipErrorInvalidValue), and its new memory must lie inside
 * allocations. */
static hipError_t set_copy(hipGraphNode_t n, const void* v) {
  const hipMemcpy3DParms* p = v;
  hipMemcpyKind k = p->kind == hipMemcpyDeviceToDeviceNoCU
                        ? hipMemcpyDeviceToDevice
                        : p->kind;
  if (k != n->u.copy.kind || !hipc__copy_in_bounds(p))
    return hipErrorInvalidValue;
  return hipc__node_set_copy(n, p);
}
static hipError_t set_host(hipGraphNode_t n, const void* p) {
  const hipHostNodeParams* h = p;
  if (!h->fn) return hipErrorInvalidValue;
  n->u.host = *h;
  return hipSuccess;
}

hipError_t hipGraphExecKernelNodeSetParams(
    hipGraphExec_t hGraphExec, hipGraphNode_t node,
    const hipKernelNodeParams* pNodeParams) {
  HIPC_API_ENTER();
  HIPC_RETURN(hipc__graph_exec_set(hGraphExec, node, hipGraphNodeTypeKernel,
                                   pNodeParams, set_kernel, 1));
}

hipError_t hipGraphExecMemsetNodeSetParams(hipGraphExec_t hGraphExec,
                                           hipGraphNode_t node,
                                           const hipMemsetParams* pNodeParams) {
  HIPC_API_ENTER();
  HIPC_RETURN(hipc__graph_exec_set(hGraphExec, node, hipGraphNodeTypeMemset,
                                   pNodeParams, set_fill, 1));
}

hipError_t hipGraphExecHostNodeSetParams(
    hipGraphExec_t hGraphExec, hipGraphNode_t node,
    const hipHostNodeParams* pNodeParams) {
  HIPC_API_ENTER();
  HIPC_RETURN(hipc__graph_exec_set(hGraphExec, node, hipGraphNodeTypeHost,
                                   pNodeParams, set_host, 1));
}

hipError_t hipGraphExecMemcpyNodeSetParams1D(hipGraphExec_t hGraphExec,
                                             hipGraphNode_t node, void* dst,
                                             const void* src, size_t count,
                                             hipMemcpyKind kind) {
  HIPC_API_ENTER();
  HIPC_RETURN_IF(
      count == 0 || !dst || !src || hipc__ranges_overlap(dst, src, count),
      hipErrorInvalidValue);
  hipMemcpy3DParms p =
      hipc__copy_params_2d(dst, count, src, count, count, 1, kind);
  HIPC_RETURN(hipc__graph_exec_set(hGraphExec, node, hipGraphNodeTypeMemcpy,
                                   &p, set_copy, 1));
}


hipError_t hipGraphExecMemcpyNodeSetParams(hipGraphExec_t hGraphExec,
                                           hipGraphNode_t node,
                                           hipMemcpy3DParms* pNodeParams) {
  HIPC_API_ENTER();
  HIPC_RETURN(hipc__graph_exec_set(hGraphExec, node, hipGraphNodeTypeMemcpy,
                                   pNodeParams, set_copy, 1));
}

static hipError_t set_event(hipGraphNode_t n, const void* p) {
  hipEvent_t ev = (hipEvent_t)p;
  hipc_device* dev;
  hipc_event* impl;
  if (hipc__event_resolve(ev, &dev, &impl) != hipSuccess)
    return hipErrorInvalidValue;
  n->u.event = ev;
  return hipSuccess;
}

hipError_t hipGraphExecEventRecordNodeSetEvent(hipGraphExec_t hGraphExec,
                                               hipGraphNode_t hNode,
                                               hipEvent_t event) {
  HIPC_API_ENTER();
  HIPC_RETURN(hipc__graph_exec_set(hGraphExec, hNode, hipGraphNodeTypeEventRecord,
                                   event, set_event, 1));
}

hipError_t hipGraphExecEventWaitNodeSetEvent(hipGraphExec_t hGraphExec,
                                             hipGraphNode_t hNode,
                                             hipEvent_t event) {
  HIPC_API_ENTER();
  HIPC_RETURN(hipc__graph_exec_set(hGraphExec, hNode, hipGraphNodeTypeWaitEvent,
                                   event, set_event, 1));
}

static int switchable(hipGraphNode_t n) {
  return n->type == hipGraphNodeTypeKernel ||
         n->type == hipGraphNodeTypeMemcpy ||
         n->type == hipGraphNodeTypeMemset;
}

static hipError_t set_enabled(hipGraphNode_t n, const void* p) {
  if (!switchable(n)) return hipErrorInvalidValue;
  n->disabled = !*(const unsigned*)p;
  return hipSuccess;
}

static hipError_t get_enabled(hipGraphNode_t n, const void* p) {
  if (!switchable(n)) return hipErrorInvalidValue;
  *(unsigned*)(uintptr_t)p = !n->disabled;
  return hipSuccess;
}

hipError_t hipGraphNodeSetEnabled(hipGraphExec_t hGraphExec,
                                  hipGraphNode_t hNode,
                                  unsigned int isEnabled) {
  HIPC_API_ENTER();
  HIPC_RETURN(hipc__graph_exec_set(hGraphExec, hNode, HIPC_ANY_NODE,
                                   &isEnabled, set_enabled, 1));
}

hipError_t hipGraphNodeGetEnabled(hipGraphExec_t hGraphExec,
                                  hipGraphNode_t hNode,
                                  unsigned int* isEnabled) {
  HIPC_API_ENTER();
  HIPC_RETURN_IF(!isEnabled, hipErrorInvalidValue);
  HIPC_RETURN(hipc__graph_exec_set(hGraphExec, hNode, HIPC_ANY_NODE,
                                   isEnabled, get_enabled, 0));
}

/* AMD accepts AutoFreeOnLaunch and Upload here (other flags, such as
 * Upload | UseNodePriority, are hipErrorInvalidValue with
 * hipGraphInstantiateError). */
hipError_t hipGraphInstantiateWithParams(
    hipGraphExec_t* pGraphExec, hipGraph_t graph,
    hipGraphInstantiateParams* instantiateParams) {
  HIPC_API_ENTER();
  hipGraphInstantiateParams* p = instantiateParams;
  HIPC_RETURN_IF(!pGraphExec || !graph || !p, hipErrorInvalidValue);
  p->errNode_out = NULL;
  p->result_out = hipGraphInstantiateError;
  HIPC_RETURN_IF(p->flags & ~(unsigned long long)(
                                hipGraphInstantiateFlagAutoFreeOnLaunch |
                                hipGraphInstantiateFlagUpload),
                 hipErrorInvalidValue);
  hipError_t e = hipGraphInstantiateWithFlags(pGraphExec, graph, p->flags);
  HIPC_RETURN_IF(e != hipSuccess, e);
  if (p->flags & hipGraphInstantiateFlagUpload) {
    e = hipGraphUpload(*pGraphExec, p->uploadStream);
    if (e != hipSuccess) {
      (void)hipGraphExecDestroy(*pGraphExec);
      *pGraphExec = NULL;
      HIPC_RETURN(e);
    }
  }
  p->result_out = hipGraphInstantiateSuccess;
  HIPC_RETURN(hipSuccess);
}
