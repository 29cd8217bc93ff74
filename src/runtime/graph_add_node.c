/* hipGraphAddNode: a node of any kind hipc has, from the kind-tagged
 * hipGraphNodeParams, through the kind's own hipGraphAdd*Node (its checks
 * and codes). Kinds hipc has no nodes for (semaphores, conditionals) and
 * unknown kinds are hipErrorInvalidValue. */
#include "graph.h"

hipError_t hipGraphAddNode(hipGraphNode_t* pGraphNode, hipGraph_t graph,
                           const hipGraphNode_t* pDependencies,
                           size_t numDependencies,
                           hipGraphNodeParams* nodeParams) {
  HIPC_API_ENTER();
  HIPC_RETURN_IF(!pGraphNode || !graph || !nodeParams ||
                     (numDependencies && !pDependencies),
                 hipErrorInvalidValue);
  hipGraphNodeParams* p = nodeParams;
  hipGraphNode_t* out = pGraphNode;
  const hipGraphNode_t* deps = pDependencies;
  size_t nd = numDependencies;
  switch (p->type) {
    case hipGraphNodeTypeKernel:
      HIPC_RETURN(hipGraphAddKernelNode(out, graph, deps, nd, &p->kernel));
    case hipGraphNodeTypeMemcpy:
      HIPC_RETURN(hipGraphAddMemcpyNode(out, graph, deps, nd,
                                        &p->memcpy.copyParams));
    case hipGraphNodeTypeMemset:
      HIPC_RETURN(hipGraphAddMemsetNode(out, graph, deps, nd, &p->memset));
    case hipGraphNodeTypeHost:
      HIPC_RETURN(hipGraphAddHostNode(out, graph, deps, nd, &p->host));
    case hipGraphNodeTypeGraph:
      HIPC_RETURN(hipGraphAddChildGraphNode(out, graph, deps, nd,
                                            p->graph.graph));
    case hipGraphNodeTypeEmpty:
      HIPC_RETURN(hipGraphAddEmptyNode(out, graph, deps, nd));
    case hipGraphNodeTypeWaitEvent:
      HIPC_RETURN(hipGraphAddEventWaitNode(out, graph, deps, nd,
                                           p->eventWait.event));
    case hipGraphNodeTypeEventRecord:
      HIPC_RETURN(hipGraphAddEventRecordNode(out, graph, deps, nd,
                                             p->eventRecord.event));
    case hipGraphNodeTypeMemAlloc:
      HIPC_RETURN(hipGraphAddMemAllocNode(out, graph, deps, nd, &p->alloc));
    case hipGraphNodeTypeMemFree:
      HIPC_RETURN(hipGraphAddMemFreeNode(out, graph, deps, nd, p->free.dptr));
    default:
      HIPC_RETURN(hipErrorInvalidValue);
  }
}
