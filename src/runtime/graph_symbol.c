/* Copy nodes to and from device symbols: hipGraphAddMemcpyNodeToSymbol,
 * hipGraphAddMemcpyNodeFromSymbol and their SetParams forms (of a graph's
 * node and of an instantiated graph's).
 *
 * A symbol (the host-side address of a __device__, __constant__ or
 * __managed__ variable) is resolved when the node is made or changed, to
 * the variable's storage on the current device plus `offset`; the node is
 * then an ordinary 1D copy node (hipGraphNodeTypeMemcpy). Checks as for
 * hipMemcpyToSymbol: an unknown symbol is hipErrorInvalidSymbol, a NULL
 * buffer or a range past the variable's end hipErrorInvalidValue, a
 * direction that does not go to (or from) device memory
 * hipErrorInvalidMemcpyDirection. */
#include "internal.h"

/* Whether `p` is memory a device-to-device copy may name as AMD's runtime
 * sees it: memory hipc allocated (device, pinned, managed). Pageable host
 * memory and a variable's host-side address are host memory there, even
 * where the CPU device could reach them. */
static int device_side(const void* p) {
  hipc_alloc a;
  return hipc__alloc_find(p, &a);
}

/* The storage of `symbol` + `offset`, for `count` bytes copied in
 * direction `kind` to or from `other`; `to`: the symbol is the
 * destination. */
static hipError_t resolve(const void* symbol, const void* other,
                          size_t count, size_t offset, hipMemcpyKind kind,
                          int to, void** out) {
  if (!symbol) return hipErrorInvalidSymbol;
  size_t size;
  hipError_t e = hipGetSymbolSize(&size, symbol);
  if (e != hipSuccess) return e;
  if (count == 0 || offset > size || count > size - offset)
    return hipErrorInvalidValue;
  switch (kind) {
    case hipMemcpyDefault: break;
    case hipMemcpyDeviceToDevice:
      if (!device_side(other)) return hipErrorInvalidValue;
      break;
    case hipMemcpyHostToDevice:
      if (!to) return hipErrorInvalidMemcpyDirection;
      break;
    case hipMemcpyDeviceToHost:
      if (to) return hipErrorInvalidMemcpyDirection;
      break;
    default: return hipErrorInvalidMemcpyDirection;
  }
  void* base;
  e = hipGetSymbolAddress(&base, symbol);
  if (e != hipSuccess) return e;
  *out = (char*)base + offset;
  return hipSuccess;
}

hipError_t hipGraphAddMemcpyNodeToSymbol(hipGraphNode_t* pGraphNode,
                                         hipGraph_t graph,
                                         const hipGraphNode_t* pDependencies,
                                         size_t numDependencies,
                                         const void* symbol, const void* src,
                                         size_t count, size_t offset,
                                         hipMemcpyKind kind) {
  HIPC_API_ENTER();
  HIPC_RETURN_IF(!pGraphNode || !graph || !src, hipErrorInvalidValue);
  void* dst;
  hipError_t e = resolve(symbol, src, count, offset, kind, 1, &dst);
  HIPC_RETURN_IF(e != hipSuccess, e);
  HIPC_RETURN(hipGraphAddMemcpyNode1D(pGraphNode, graph, pDependencies,
                                      numDependencies, dst, src, count,
                                      kind));
}

hipError_t hipGraphAddMemcpyNodeFromSymbol(
    hipGraphNode_t* pGraphNode, hipGraph_t graph,
    const hipGraphNode_t* pDependencies, size_t numDependencies, void* dst,
    const void* symbol, size_t count, size_t offset, hipMemcpyKind kind) {
  HIPC_API_ENTER();
  HIPC_RETURN_IF(!pGraphNode || !graph || !dst, hipErrorInvalidValue);
  void* src;
  hipError_t e = resolve(symbol, dst, count, offset, kind, 0, &src);
  HIPC_RETURN_IF(e != hipSuccess, e);
  HIPC_RETURN(hipGraphAddMemcpyNode1D(pGraphNode, graph, pDependencies,
                                      numDependencies, dst, src, count,
                                      kind));
}

hipError_t hipGraphMemcpyNodeSetParamsToSymbol(hipGraphNode_t node,
                                               const void* symbol,
                                               const void* src, size_t count,
                                               size_t offset,
                                               hipMemcpyKind kind) {
  HIPC_API_ENTER();
  HIPC_RETURN_IF(!node || !src, hipErrorInvalidValue);
  void* dst;
  hipError_t e = resolve(symbol, src, count, offset, kind, 1, &dst);
  HIPC_RETURN_IF(e != hipSuccess, e);
  HIPC_RETURN(hipGraphMemcpyNodeSetParams1D(node, dst, src, count, kind));
}

hipError_t hipGraphMemcpyNodeSetParamsFromSymbol(hipGraphNode_t node,
                                                 void* dst,
                                                 const void* symbol,
                                                 size_t count, size_t offset,
                                                 hipMemcpyKind kind) {
  HIPC_API_ENTER();
  HIPC_RETURN_IF(!node || !dst, hipErrorInvalidValue);
  void* src;
  hipError_t e = resolve(symbol, dst, count, offset, kind, 0, &src);
  HIPC_RETURN_IF(e != hipSuccess, e);
  HIPC_RETURN(hipGraphMemcpyNodeSetParams1D(node, dst, src, count, kind));
}

hipError_t hipGraphExecMemcpyNodeSetParamsToSymbol(
    hipGraphExec_t hGraphExec, hipGraphNode_t node, const void* symbol,
    const void* src, size_t count, size_t offset, hipMemcpyKind kind) {
  HIPC_API_ENTER();
  HIPC_RETURN_IF(!hGraphExec || !node || !src, hipErrorInvalidValue);
  void* dst;
  hipError_t e = resolve(symbol, src, count, offset, kind, 1, &dst);
  HIPC_RETURN_IF(e != hipSuccess, e);
  HIPC_RETURN(hipGraphExecMemcpyNodeSetParams1D(hGraphExec, node, dst, src,
                                                count, kind));
}

hipError_t hipGraphExecMemcpyNodeSetParamsFromSymbol(
    hipGraphExec_t hGraphExec, hipGraphNode_t node, void* dst,
    const void* symbol, size_t count, size_t offset, hipMemcpyKind kind) {
  HIPC_API_ENTER();
  HIPC_RETURN_IF(!hGraphExec || !node || !dst, hipErrorInvalidValue);
  void* src;
  hipError_t e = resolve(symbol, dst, count, offset, kind, 0, &src);
  HIPC_RETURN_IF(e != hipSuccess, e);
  HIPC_RETURN(hipGraphExecMemcpyNodeSetParams1D(hGraphExec, node, dst, src,
                                                count, kind));
}
