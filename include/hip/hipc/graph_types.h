/* Types of the stream-ordered allocator (hipMallocAsync, hipMemPool*) and
 * of graphs (hipGraph*, stream capture). Values as AMD's HIP documents
 * them (which are CUDA's). */
#ifndef HIPC_GRAPH_TYPES_H
#define HIPC_GRAPH_TYPES_H

#include <stddef.h>

#include "api_types.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- Memory pools ------------------------------------------------------ */

typedef struct ihipMemPoolHandle_t* hipMemPool_t;

typedef enum hipMemPoolAttr {
  hipMemPoolReuseFollowEventDependencies = 0x1, /* int */
  hipMemPoolReuseAllowOpportunistic = 0x2,      /* int */
  hipMemPoolReuseAllowInternalDependencies = 0x3, /* int */
  hipMemPoolAttrReleaseThreshold = 0x4,         /* uint64_t */
  hipMemPoolAttrReservedMemCurrent = 0x5,       /* uint64_t, read-only */
  hipMemPoolAttrReservedMemHigh = 0x6,          /* uint64_t, reset to 0 */
  hipMemPoolAttrUsedMemCurrent = 0x7,           /* uint64_t, read-only */
  hipMemPoolAttrUsedMemHigh = 0x8               /* uint64_t, reset to 0 */
} hipMemPoolAttr;

typedef enum hipMemLocationType {
  hipMemLocationTypeInvalid = 0,
  hipMemLocationTypeDevice = 1
} hipMemLocationType;

typedef struct hipMemLocation {
  hipMemLocationType type;
  int id; /* the device ordinal */
} hipMemLocation;

typedef enum hipMemAccessFlags {
  hipMemAccessFlagsProtNone = 0,
  hipMemAccessFlagsProtRead = 1,
  hipMemAccessFlagsProtReadWrite = 3
} hipMemAccessFlags;

typedef struct hipMemAccessDesc {
  hipMemLocation location;
  hipMemAccessFlags flags;
} hipMemAccessDesc;

typedef enum hipMemAllocationType {
  hipMemAllocationTypeInvalid = 0x0,
  hipMemAllocationTypePinned = 0x1,
  hipMemAllocationTypeMax = 0x7FFFFFFF
} hipMemAllocationType;

typedef enum hipMemAllocationHandleType {
  hipMemHandleTypeNone = 0x0,
  hipMemHandleTypePosixFileDescriptor = 0x1,
  hipMemHandleTypeWin32 = 0x2,
  hipMemHandleTypeWin32Kmt = 0x4
} hipMemAllocationHandleType;

typedef struct hipMemPoolProps {
  hipMemAllocationType allocType;
  hipMemAllocationHandleType handleTypes;
  hipMemLocation location;
  void* win32SecurityAttributes;
  size_t maxSize; /* 0: no limit */
  unsigned char reserved[56];
} hipMemPoolProps;

typedef struct hipMemPoolPtrExportData {
  unsigned char reserved[64];
} hipMemPoolPtrExportData;

/* Graph memory nodes (hipGraphAddMemAllocNode): the allocation's pool
 * properties and size in, its address (dptr) out. */
typedef struct hipMemAllocNodeParams {
  hipMemPoolProps poolProps;
  const hipMemAccessDesc* accessDescs;
  size_t accessDescCount;
  size_t bytesize;
  void* dptr;
} hipMemAllocNodeParams;

typedef enum hipGraphMemAttributeType {
  hipGraphMemAttrUsedMemCurrent = 0,
  hipGraphMemAttrUsedMemHigh,
  hipGraphMemAttrReservedMemCurrent,
  hipGraphMemAttrReservedMemHigh
} hipGraphMemAttributeType;

/* ---- Graphs ------------------------------------------------------------ */

/* An edge's ports and type (hipStreamBeginCaptureToGraph); hipc's edges
 * are the default ones (all zero). */
typedef struct hipGraphEdgeData {
  unsigned char from_port;
  unsigned char reserved[5];
  unsigned char to_port;
  unsigned char type;
} hipGraphEdgeData;

typedef struct ihipGraph* hipGraph_t;
typedef struct hipGraphNode* hipGraphNode_t;
typedef struct hipGraphExec* hipGraphExec_t;

typedef enum hipGraphNodeType {
  hipGraphNodeTypeKernel = 0,
  hipGraphNodeTypeMemcpy = 1,
  hipGraphNodeTypeMemset = 2,
  hipGraphNodeTypeHost = 3,
  hipGraphNodeTypeGraph = 4,
  hipGraphNodeTypeEmpty = 5,
  hipGraphNodeTypeWaitEvent = 6,
  hipGraphNodeTypeEventRecord = 7,
  hipGraphNodeTypeExtSemaphoreSignal = 8,
  hipGraphNodeTypeExtSemaphoreWait = 9,
  hipGraphNodeTypeMemAlloc = 10,
  hipGraphNodeTypeMemFree = 11,
  hipGraphNodeTypeMemcpyFromSymbol = 12,
  hipGraphNodeTypeMemcpyToSymbol = 13,
  hipGraphNodeTypeCount
} hipGraphNodeType;

typedef struct hipKernelNodeParams {
  dim3 blockDim;
  void** extra;
  void* func;
  dim3 gridDim;
  void** kernelParams;
  unsigned int sharedMemBytes;
} hipKernelNodeParams;

typedef struct hipMemsetParams {
  void* dst;
  unsigned int elementSize; /* 1, 2 or 4 */
  size_t height;
  size_t pitch;
  unsigned int value;
  size_t width; /* in elements */
} hipMemsetParams;

typedef struct hipHostNodeParams {
  hipHostFn_t fn;
  void* userData;
} hipHostNodeParams;

/* hipDrvGraphAddMemsetNode's parameters (the driver API's layout). */
typedef struct HIP_MEMSET_NODE_PARAMS {
  hipDeviceptr_t dst;
  size_t pitch;
  unsigned int value;
  unsigned int elementSize;
  size_t width;
  size_t height;
} HIP_MEMSET_NODE_PARAMS;

/* hipGraphAddNode's parameters: a node of any kind hipc has. */
typedef struct hipMemcpyNodeParams {
  int flags;
  int reserved[3];
  hipMemcpy3DParms copyParams;
} hipMemcpyNodeParams;

typedef struct hipChildGraphNodeParams {
  hipGraph_t graph;
} hipChildGraphNodeParams;

typedef struct hipEventWaitNodeParams {
  hipEvent_t event;
} hipEventWaitNodeParams;

typedef struct hipEventRecordNodeParams {
  hipEvent_t event;
} hipEventRecordNodeParams;

typedef struct hipMemFreeNodeParams {
  void* dptr;
} hipMemFreeNodeParams;

typedef struct hipGraphNodeParams {
  hipGraphNodeType type;
  int reserved0[3];
  union {
    long long reserved1[29];
    hipKernelNodeParams kernel;
    hipMemcpyNodeParams memcpy;
    hipMemsetParams memset;
    hipHostNodeParams host;
    hipChildGraphNodeParams graph;
    hipEventWaitNodeParams eventWait;
    hipEventRecordNodeParams eventRecord;
    hipMemAllocNodeParams alloc;
    hipMemFreeNodeParams free;
  };
  long long reserved2;
} hipGraphNodeParams;

typedef enum hipGraphExecUpdateResult {
  hipGraphExecUpdateSuccess = 0x0,
  hipGraphExecUpdateError = 0x1,
  hipGraphExecUpdateErrorTopologyChanged = 0x2,
  hipGraphExecUpdateErrorNodeTypeChanged = 0x3,
  hipGraphExecUpdateErrorFunctionChanged = 0x4,
  hipGraphExecUpdateErrorParametersChanged = 0x5,
  hipGraphExecUpdateErrorNotSupported = 0x6,
  hipGraphExecUpdateErrorUnsupportedFunctionChange = 0x7
} hipGraphExecUpdateResult;

/* Kernel node attributes (hipGraphKernelNodeSetAttribute): an L2 access
 * policy window, the cooperative flag and a priority (AMD's values). On
 * the CPU device they are kept and reported, and change nothing. */
typedef enum hipAccessProperty {
  hipAccessPropertyNormal = 0,
  hipAccessPropertyStreaming = 1,
  hipAccessPropertyPersisting = 2,
} hipAccessProperty;

typedef struct hipAccessPolicyWindow {
  void* base_ptr;
  hipAccessProperty hitProp;
  float hitRatio;
  hipAccessProperty missProp;
  size_t num_bytes;
} hipAccessPolicyWindow;

typedef enum hipKernelNodeAttrID {
  hipKernelNodeAttributeAccessPolicyWindow = 1,
  hipKernelNodeAttributeCooperative = 2,
  hipKernelNodeAttributePriority = 8,
} hipKernelNodeAttrID;

typedef union hipKernelNodeAttrValue {
  hipAccessPolicyWindow accessPolicyWindow;
  int cooperative;
  int priority;
} hipKernelNodeAttrValue;

typedef enum hipGraphInstantiateFlags {
  hipGraphInstantiateFlagAutoFreeOnLaunch = 1,
  hipGraphInstantiateFlagUpload = 2,
  hipGraphInstantiateFlagDeviceLaunch = 4,
  hipGraphInstantiateFlagUseNodePriority = 8
} hipGraphInstantiateFlags;

typedef enum hipGraphInstantiateResult {
  hipGraphInstantiateSuccess = 0,
  hipGraphInstantiateError = 1,
  hipGraphInstantiateInvalidStructure = 2,
  hipGraphInstantiateNodeOperationNotSupported = 3,
  hipGraphInstantiateMultipleDevicesNotSupported = 4
} hipGraphInstantiateResult;

/* hipGraphInstantiateWithParams' flags in, result and error node out. */
typedef struct hipGraphInstantiateParams {
  hipGraphNode_t errNode_out;
  unsigned long long flags;
  hipGraphInstantiateResult result_out;
  hipStream_t uploadStream;
} hipGraphInstantiateParams;

typedef enum hipGraphDebugDotFlags {
  hipGraphDebugDotFlagsVerbose = 1 << 0,
  hipGraphDebugDotFlagsKernelNodeParams = 1 << 2,
  hipGraphDebugDotFlagsMemcpyNodeParams = 1 << 3,
  hipGraphDebugDotFlagsMemsetNodeParams = 1 << 4,
  hipGraphDebugDotFlagsHostNodeParams = 1 << 5,
  hipGraphDebugDotFlagsEventNodeParams = 1 << 6,
  hipGraphDebugDotFlagsExtSemasSignalNodeParams = 1 << 7,
  hipGraphDebugDotFlagsExtSemasWaitNodeParams = 1 << 8,
  hipGraphDebugDotFlagsKernelNodeAttributes = 1 << 9,
  hipGraphDebugDotFlagsHandles = 1 << 10
} hipGraphDebugDotFlags;

typedef enum hipStreamUpdateCaptureDependenciesFlags {
  hipStreamAddCaptureDependencies = 0,
  hipStreamSetCaptureDependencies = 1
} hipStreamUpdateCaptureDependenciesFlags;

/* User objects: a pointer and its destructor, kept alive by references
 * (the program's and graphs'). */
typedef struct hipUserObject* hipUserObject_t;
typedef enum hipUserObjectFlags {
  hipUserObjectNoDestructorSync = 0x1
} hipUserObjectFlags;
typedef enum hipUserObjectRetainFlags {
  hipGraphUserObjectMove = 0x1
} hipUserObjectRetainFlags;

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* HIPC_GRAPH_TYPES_H */
