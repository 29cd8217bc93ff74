/* Declarations of the stream-ordered allocator, graphs and stream capture
 * (included by hip/hip_runtime_api.h, after HIPC_API is defined). */
#ifndef HIPC_GRAPH_API_H
#define HIPC_GRAPH_API_H

#include "graph_types.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- Stream-ordered memory --------------------------------------------- */

HIPC_API hipError_t hipMallocAsync(void** dev_ptr, size_t size,
                                   hipStream_t stream);
HIPC_API hipError_t hipFreeAsync(void* dev_ptr, hipStream_t stream);
HIPC_API hipError_t hipMallocFromPoolAsync(void** dev_ptr, size_t size,
                                           hipMemPool_t mem_pool,
                                           hipStream_t stream);
HIPC_API hipError_t hipMemPoolCreate(hipMemPool_t* mem_pool,
                                     const hipMemPoolProps* pool_props);
HIPC_API hipError_t hipMemPoolDestroy(hipMemPool_t mem_pool);
HIPC_API hipError_t hipDeviceGetDefaultMemPool(hipMemPool_t* mem_pool,
                                               int device);
HIPC_API hipError_t hipDeviceSetMemPool(int device, hipMemPool_t mem_pool);
HIPC_API hipError_t hipDeviceGetMemPool(hipMemPool_t* mem_pool, int device);
HIPC_API hipError_t hipMemPoolSetAttribute(hipMemPool_t mem_pool,
                                           hipMemPoolAttr attr, void* value);
HIPC_API hipError_t hipMemPoolGetAttribute(hipMemPool_t mem_pool,
                                           hipMemPoolAttr attr, void* value);
HIPC_API hipError_t hipMemPoolTrimTo(hipMemPool_t mem_pool,
                                     size_t min_bytes_to_hold);
HIPC_API hipError_t hipMemPoolSetAccess(hipMemPool_t mem_pool,
                                        const hipMemAccessDesc* desc_list,
                                        size_t count);
HIPC_API hipError_t hipMemPoolGetAccess(hipMemAccessFlags* flags,
                                        hipMemPool_t mem_pool,
                                        hipMemLocation* location);
HIPC_API hipError_t hipMemPoolExportToShareableHandle(
    void* shared_handle, hipMemPool_t mem_pool,
    hipMemAllocationHandleType handle_type, unsigned int flags);
HIPC_API hipError_t hipMemPoolImportFromShareableHandle(
    hipMemPool_t* mem_pool, void* shared_handle,
    hipMemAllocationHandleType handle_type, unsigned int flags);
HIPC_API hipError_t hipMemPoolExportPointer(hipMemPoolPtrExportData* export_data,
                                            void* dev_ptr);
HIPC_API hipError_t hipMemPoolImportPointer(
    void** dev_ptr, hipMemPool_t mem_pool,
    hipMemPoolPtrExportData* export_data);

/* ---- Graphs ------------------------------------------------------------ */

HIPC_API hipError_t hipGraphCreate(hipGraph_t* pGraph, unsigned int flags);
HIPC_API hipError_t hipGraphDestroy(hipGraph_t graph);
HIPC_API hipError_t hipGraphClone(hipGraph_t* pGraphClone,
                                  hipGraph_t originalGraph);
HIPC_API hipError_t hipGraphNodeFindInClone(hipGraphNode_t* pNode,
                                            hipGraphNode_t originalNode,
                                            hipGraph_t clonedGraph);
HIPC_API hipError_t hipGraphAddDependencies(hipGraph_t graph,
                                            const hipGraphNode_t* from,
                                            const hipGraphNode_t* to,
                                            size_t numDependencies);
HIPC_API hipError_t hipGraphRemoveDependencies(hipGraph_t graph,
                                               const hipGraphNode_t* from,
                                               const hipGraphNode_t* to,
                                               size_t numDependencies);
HIPC_API hipError_t hipGraphGetNodes(hipGraph_t graph, hipGraphNode_t* nodes,
                                     size_t* numNodes);
HIPC_API hipError_t hipGraphGetRootNodes(hipGraph_t graph,
                                         hipGraphNode_t* pRootNodes,
                                         size_t* pNumRootNodes);
HIPC_API hipError_t hipGraphGetEdges(hipGraph_t graph, hipGraphNode_t* from,
                                     hipGraphNode_t* to, size_t* numEdges);
HIPC_API hipError_t hipGraphNodeGetDependencies(hipGraphNode_t node,
                                                hipGraphNode_t* pDependencies,
                                                size_t* pNumDependencies);
HIPC_API hipError_t hipGraphNodeGetDependentNodes(
    hipGraphNode_t node, hipGraphNode_t* pDependentNodes,
    size_t* pNumDependentNodes);
HIPC_API hipError_t hipGraphNodeGetType(hipGraphNode_t node,
                                        hipGraphNodeType* pType);
HIPC_API hipError_t hipGraphDestroyNode(hipGraphNode_t node);
HIPC_API hipError_t hipGraphDebugDotPrint(hipGraph_t graph, const char* path,
                                          unsigned int flags);

/* Nodes. */
HIPC_API hipError_t hipGraphAddKernelNode(
    hipGraphNode_t* pGraphNode, hipGraph_t graph,
    const hipGraphNode_t* pDependencies, size_t numDependencies,
    const hipKernelNodeParams* pNodeParams);
HIPC_API hipError_t hipGraphAddMemcpyNode(
    hipGraphNode_t* pGraphNode, hipGraph_t graph,
    const hipGraphNode_t* pDependencies, size_t numDependencies,
    const hipMemcpy3DParms* pCopyParams);
HIPC_API hipError_t hipGraphAddMemcpyNode1D(
    hipGraphNode_t* pGraphNode, hipGraph_t graph,
    const hipGraphNode_t* pDependencies, size_t numDependencies, void* dst,
    const void* src, size_t count, hipMemcpyKind kind);
HIPC_API hipError_t hipGraphAddMemsetNode(
    hipGraphNode_t* pGraphNode, hipGraph_t graph,
    const hipGraphNode_t* pDependencies, size_t numDependencies,
    const hipMemsetParams* pMemsetParams);
HIPC_API hipError_t hipGraphAddHostNode(hipGraphNode_t* pGraphNode,
                                        hipGraph_t graph,
                                        const hipGraphNode_t* pDependencies,
                                        size_t numDependencies,
                                        const hipHostNodeParams* pNodeParams);
HIPC_API hipError_t hipGraphAddChildGraphNode(
    hipGraphNode_t* pGraphNode, hipGraph_t graph,
    const hipGraphNode_t* pDependencies, size_t numDependencies,
    hipGraph_t childGraph);
HIPC_API hipError_t hipGraphAddEmptyNode(hipGraphNode_t* pGraphNode,
                                         hipGraph_t graph,
                                         const hipGraphNode_t* pDependencies,
                                         size_t numDependencies);
HIPC_API hipError_t hipGraphAddEventRecordNode(
    hipGraphNode_t* pGraphNode, hipGraph_t graph,
    const hipGraphNode_t* pDependencies, size_t numDependencies,
    hipEvent_t event);
HIPC_API hipError_t hipGraphAddEventWaitNode(
    hipGraphNode_t* pGraphNode, hipGraph_t graph,
    const hipGraphNode_t* pDependencies, size_t numDependencies,
    hipEvent_t event);

/* A kernel node's attributes (hipKernelNodeAttrID). */
HIPC_API hipError_t hipGraphKernelNodeSetAttribute(
    hipGraphNode_t hNode, hipKernelNodeAttrID attr,
    const hipKernelNodeAttrValue* value);
HIPC_API hipError_t hipGraphKernelNodeGetAttribute(
    hipGraphNode_t hNode, hipKernelNodeAttrID attr,
    hipKernelNodeAttrValue* value);
HIPC_API hipError_t hipGraphKernelNodeCopyAttributes(hipGraphNode_t hSrc,
                                                     hipGraphNode_t hDst);
HIPC_API hipError_t hipGraphKernelNodeGetParams(
    hipGraphNode_t node, hipKernelNodeParams* pNodeParams);
HIPC_API hipError_t hipGraphKernelNodeSetParams(
    hipGraphNode_t node, const hipKernelNodeParams* pNodeParams);
HIPC_API hipError_t hipGraphMemcpyNodeGetParams(hipGraphNode_t node,
                                                hipMemcpy3DParms* pNodeParams);
HIPC_API hipError_t hipGraphMemcpyNodeSetParams(
    hipGraphNode_t node, const hipMemcpy3DParms* pNodeParams);
HIPC_API hipError_t hipGraphMemcpyNodeSetParams1D(hipGraphNode_t node,
                                                  void* dst, const void* src,
                                                  size_t count,
                                                  hipMemcpyKind kind);
/* Copies to and from a device symbol: 1D copy nodes to its storage on
 * the current device + `offset` (src/runtime/graph_symbol.c). */
HIPC_API hipError_t hipGraphAddMemcpyNodeToSymbol(
    hipGraphNode_t* pGraphNode, hipGraph_t graph,
    const hipGraphNode_t* pDependencies, size_t numDependencies,
    const void* symbol, const void* src, size_t count, size_t offset,
    hipMemcpyKind kind);
HIPC_API hipError_t hipGraphAddMemcpyNodeFromSymbol(
    hipGraphNode_t* pGraphNode, hipGraph_t graph,
    const hipGraphNode_t* pDependencies, size_t numDependencies, void* dst,
    const void* symbol, size_t count, size_t offset, hipMemcpyKind kind);
HIPC_API hipError_t hipGraphMemcpyNodeSetParamsToSymbol(
    hipGraphNode_t node, const void* symbol, const void* src, size_t count,
    size_t offset, hipMemcpyKind kind);
HIPC_API hipError_t hipGraphMemcpyNodeSetParamsFromSymbol(
    hipGraphNode_t node, void* dst, const void* symbol, size_t count,
    size_t offset, hipMemcpyKind kind);
HIPC_API hipError_t hipGraphExecMemcpyNodeSetParamsToSymbol(
    hipGraphExec_t hGraphExec, hipGraphNode_t node, const void* symbol,
    const void* src, size_t count, size_t offset, hipMemcpyKind kind);
HIPC_API hipError_t hipGraphExecMemcpyNodeSetParamsFromSymbol(
    hipGraphExec_t hGraphExec, hipGraphNode_t node, void* dst,
    const void* symbol, size_t count, size_t offset, hipMemcpyKind kind);
/* User objects (src/runtime/user_object.c): `destroy(ptr)` runs, on the
 * thread whose release drops the last reference, once. */
HIPC_API hipError_t hipUserObjectCreate(hipUserObject_t* object_out,
                                        void* ptr, hipHostFn_t destroy,
                                        unsigned int initialRefcount,
                                        unsigned int flags);
HIPC_API hipError_t hipUserObjectRetain(hipUserObject_t object,
                                        unsigned int count HIPC_DEFAULT(1));
HIPC_API hipError_t hipUserObjectRelease(hipUserObject_t object,
                                         unsigned int count HIPC_DEFAULT(1));
HIPC_API hipError_t hipGraphRetainUserObject(
    hipGraph_t graph, hipUserObject_t object,
    unsigned int count HIPC_DEFAULT(1), unsigned int flags HIPC_DEFAULT(0));
HIPC_API hipError_t hipGraphReleaseUserObject(
    hipGraph_t graph, hipUserObject_t object,
    unsigned int count HIPC_DEFAULT(1));
HIPC_API hipError_t hipGraphMemsetNodeGetParams(hipGraphNode_t node,
                                                hipMemsetParams* pNodeParams);
HIPC_API hipError_t hipGraphMemsetNodeSetParams(
    hipGraphNode_t node, const hipMemsetParams* pNodeParams);
HIPC_API hipError_t hipGraphHostNodeGetParams(hipGraphNode_t node,
                                              hipHostNodeParams* pNodeParams);
HIPC_API hipError_t hipGraphHostNodeSetParams(
    hipGraphNode_t node, const hipHostNodeParams* pNodeParams);
HIPC_API hipError_t hipGraphChildGraphNodeGetGraph(hipGraphNode_t node,
                                                   hipGraph_t* pGraph);
HIPC_API hipError_t hipGraphEventRecordNodeGetEvent(hipGraphNode_t node,
                                                    hipEvent_t* event_out);
HIPC_API hipError_t hipGraphEventRecordNodeSetEvent(hipGraphNode_t node,
                                                    hipEvent_t event);
HIPC_API hipError_t hipGraphEventWaitNodeGetEvent(hipGraphNode_t node,
                                                  hipEvent_t* event_out);
HIPC_API hipError_t hipGraphEventWaitNodeSetEvent(hipGraphNode_t node,
                                                  hipEvent_t event);

/* Executable graphs. */
HIPC_API hipError_t hipGraphInstantiate(hipGraphExec_t* pGraphExec,
                                        hipGraph_t graph,
                                        hipGraphNode_t* pErrorNode,
                                        char* pLogBuffer, size_t bufferSize);
/* hipGraphInstantiateWithFlags with the result in `params` (flags:
 * AutoFreeOnLaunch, Upload to params->uploadStream). */
HIPC_API hipError_t hipGraphInstantiateWithParams(
    hipGraphExec_t* pGraphExec, hipGraph_t graph,
    hipGraphInstantiateParams* instantiateParams);
HIPC_API hipError_t hipGraphInstantiateWithFlags(hipGraphExec_t* pGraphExec,
                                                 hipGraph_t graph,
                                                 unsigned long long flags);
HIPC_API hipError_t hipGraphLaunch(hipGraphExec_t graphExec,
                                   hipStream_t stream);
HIPC_API hipError_t hipGraphUpload(hipGraphExec_t graphExec,
                                   hipStream_t stream);
HIPC_API hipError_t hipGraphExecDestroy(hipGraphExec_t graphExec);
HIPC_API hipError_t hipGraphExecUpdate(
    hipGraphExec_t hGraphExec, hipGraph_t hGraph,
    hipGraphNode_t* hErrorNode_out,
    hipGraphExecUpdateResult* updateResult_out);
HIPC_API hipError_t hipGraphExecKernelNodeSetParams(
    hipGraphExec_t hGraphExec, hipGraphNode_t node,
    const hipKernelNodeParams* pNodeParams);
HIPC_API hipError_t hipGraphExecMemcpyNodeSetParams1D(
    hipGraphExec_t hGraphExec, hipGraphNode_t node, void* dst,
    const void* src, size_t count, hipMemcpyKind kind);
HIPC_API hipError_t hipGraphExecMemcpyNodeSetParams(
    hipGraphExec_t hGraphExec, hipGraphNode_t node,
    hipMemcpy3DParms* pNodeParams);
HIPC_API hipError_t hipGraphExecEventRecordNodeSetEvent(
    hipGraphExec_t hGraphExec, hipGraphNode_t hNode, hipEvent_t event);
HIPC_API hipError_t hipGraphExecEventWaitNodeSetEvent(
    hipGraphExec_t hGraphExec, hipGraphNode_t hNode, hipEvent_t event);
/* Switches a kernel, memcpy or memset node of an executable graph off (it
 * does nothing when launched) and on again. */
HIPC_API hipError_t hipGraphNodeSetEnabled(hipGraphExec_t hGraphExec,
                                           hipGraphNode_t hNode,
                                           unsigned int isEnabled);
HIPC_API hipError_t hipGraphNodeGetEnabled(hipGraphExec_t hGraphExec,
                                           hipGraphNode_t hNode,
                                           unsigned int* isEnabled);
HIPC_API hipError_t hipGraphExecMemsetNodeSetParams(
    hipGraphExec_t hGraphExec, hipGraphNode_t node,
    const hipMemsetParams* pNodeParams);
HIPC_API hipError_t hipGraphExecHostNodeSetParams(
    hipGraphExec_t hGraphExec, hipGraphNode_t node,
    const hipHostNodeParams* pNodeParams);
/* The executable graph's copy of child-graph node `node` takes the
 * parameters of `childGraph`, which must have the same shape. */
HIPC_API hipError_t hipGraphExecChildGraphNodeSetParams(
    hipGraphExec_t hGraphExec, hipGraphNode_t node, hipGraph_t childGraph);

/* A node of the kind nodeParams->type says (graph_add_node.c). */
HIPC_API hipError_t hipGraphAddNode(hipGraphNode_t* pGraphNode,
                                    hipGraph_t graph,
                                    const hipGraphNode_t* pDependencies,
                                    size_t numDependencies,
                                    hipGraphNodeParams* nodeParams);

/* The driver API's copy and fill nodes (graph_drv_nodes.c); `ctx` is
 * not used: the nodes are the current device's. */
struct HIP_MEMCPY3D;
HIPC_API hipError_t hipDrvGraphAddMemcpyNode(
    hipGraphNode_t* phGraphNode, hipGraph_t hGraph,
    const hipGraphNode_t* dependencies, size_t numDependencies,
    const struct HIP_MEMCPY3D* copyParams, hipCtx_t ctx);
HIPC_API hipError_t hipDrvGraphAddMemsetNode(
    hipGraphNode_t* phGraphNode, hipGraph_t hGraph,
    const hipGraphNode_t* dependencies, size_t numDependencies,
    const HIP_MEMSET_NODE_PARAMS* memsetParams, hipCtx_t ctx);

/* ---- Graph memory nodes (graph_mem.c) ---------------------------------- */

HIPC_API hipError_t hipGraphAddMemAllocNode(
    hipGraphNode_t* pGraphNode, hipGraph_t graph,
    const hipGraphNode_t* pDependencies, size_t numDependencies,
    hipMemAllocNodeParams* pNodeParams);
HIPC_API hipError_t hipGraphMemAllocNodeGetParams(
    hipGraphNode_t node, hipMemAllocNodeParams* pNodeParams);
HIPC_API hipError_t hipGraphAddMemFreeNode(hipGraphNode_t* pGraphNode,
                                           hipGraph_t graph,
                                           const hipGraphNode_t* pDependencies,
                                           size_t numDependencies,
                                           void* dev_ptr);
HIPC_API hipError_t hipGraphMemFreeNodeGetParams(hipGraphNode_t node,
                                                 void* dev_ptr);
HIPC_API hipError_t hipDeviceGetGraphMemAttribute(int device,
                                                  hipGraphMemAttributeType attr,
                                                  void* value);
HIPC_API hipError_t hipDeviceSetGraphMemAttribute(int device,
                                                  hipGraphMemAttributeType attr,
                                                  void* value);
HIPC_API hipError_t hipDeviceGraphMemTrim(int device);

/* ---- Stream capture ---------------------------------------------------- */

HIPC_API hipError_t hipStreamBeginCapture(hipStream_t stream,
                                          hipStreamCaptureMode mode);
HIPC_API hipError_t hipStreamBeginCaptureToGraph(
    hipStream_t stream, hipGraph_t graph, const hipGraphNode_t* dependencies,
    const hipGraphEdgeData* dependencyData, size_t numDependencies,
    hipStreamCaptureMode mode);
HIPC_API hipError_t hipStreamEndCapture(hipStream_t stream,
                                        hipGraph_t* pGraph);
HIPC_API hipError_t hipStreamIsCapturing(hipStream_t stream,
                                         hipStreamCaptureStatus* pCaptureStatus);
HIPC_API hipError_t hipStreamGetCaptureInfo(
    hipStream_t stream, hipStreamCaptureStatus* pCaptureStatus,
    unsigned long long* pId);
HIPC_API hipError_t hipStreamGetCaptureInfo_v2(
    hipStream_t stream, hipStreamCaptureStatus* captureStatus_out,
    unsigned long long* id_out HIPC_DEFAULT(NULL),
    hipGraph_t* graph_out HIPC_DEFAULT(NULL),
    const hipGraphNode_t** dependencies_out HIPC_DEFAULT(NULL),
    size_t* numDependencies_out HIPC_DEFAULT(NULL));
HIPC_API hipError_t hipStreamUpdateCaptureDependencies(
    hipStream_t stream, hipGraphNode_t* dependencies, size_t numDependencies,
    unsigned int flags);
HIPC_API hipError_t hipThreadExchangeStreamCaptureMode(
    hipStreamCaptureMode* mode);

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* HIPC_GRAPH_API_H */
