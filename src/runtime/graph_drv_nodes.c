/* The driver API's graph nodes: hipDrvGraphAddMemcpyNode (HIP_MEMCPY3D)
 * and hipDrvGraphAddMemsetNode (HIP_MEMSET_NODE_PARAMS), made into the
 * runtime's copy and fill nodes and checked as hipGraphAddMemcpyNode and
 * hipGraphAddMemsetNode check them. The context is not used: hipc's
 * contexts are its devices, and the nodes run on the launch's. */
#include <string.h>

#include "graph.h"

/* One side of a driver copy as a pitched pointer and position; arrays
 * (whose positions count elements, not bytes) are not taken. */
static int drv_side(hipMemoryType type, const void* host, const void* dev,
                    hipArray_t array, size_t pitch, size_t height,
                    size_t width, hipPitchedPtr* ptr) {
  const void* p;
  if (type == hipMemoryTypeHost)
    p = host;
  else if (type == hipMemoryTypeDevice || type == hipMemoryTypeUnified ||
           type == hipMemoryTypeManaged)
    p = dev;
  else
    return -1;
  (void)array;
  *ptr = (hipPitchedPtr){(void*)p, pitch, width, height};
  return 0;
}

/* AMD's checks of a driver copy's side: the width within the pitch, the
 * rows within the side's height, and (memory hipc allocated) the last
 * byte within the allocation; all hipErrorInvalidValue. */
static int drv_side_ok(const hipPitchedPtr* p, size_t x, size_t y, size_t z,
                       size_t width, size_t height, size_t depth) {
  if (width > p->pitch) return 0;
  if (p->ysize && y + height > p->ysize) return 0;
  if (!width || !height || !depth) return 1;
  hipc_alloc a;
  if (!hipc__alloc_find(p->ptr, &a)) return 1; /* pageable host memory */
  size_t rows = p->ysize ? p->ysize : height;
  size_t last = ((z + depth - 1) * rows + y + height - 1) * p->pitch + x +
                width;
  return (size_t)((char*)p->ptr - (char*)a.base) + last <= a.size;
}

hipError_t hipDrvGraphAddMemcpyNode(hipGraphNode_t* phGraphNode,
                                    hipGraph_t hGraph,
                                    const hipGraphNode_t* dependencies,
                                    size_t numDependencies,
                                    const HIP_MEMCPY3D* copyParams,
                                    hipCtx_t ctx) {
  HIPC_API_ENTER();
  (void)ctx;
  HIPC_RETURN_IF(!copyParams, hipErrorInvalidValue);
  const HIP_MEMCPY3D* c = copyParams;
  hipMemcpy3DParms p;
  memset(&p, 0, sizeof p);
  size_t w = c->WidthInBytes;
  if (drv_side(c->srcMemoryType, c->srcHost, c->srcDevice, c->srcArray,
               c->srcPitch ? c->srcPitch : w, c->srcHeight, w,
               &p.srcPtr) != 0 ||
      drv_side(c->dstMemoryType, c->dstHost, c->dstDevice, c->dstArray,
               c->dstPitch ? c->dstPitch : w, c->dstHeight, w,
               &p.dstPtr) != 0)
    HIPC_RETURN(hipErrorInvalidValue);
  p.srcPos = (hipPos){c->srcXInBytes, c->srcY, c->srcZ};
  p.dstPos = (hipPos){c->dstXInBytes, c->dstY, c->dstZ};
  p.extent = (hipExtent){w, c->Height, c->Depth};
  p.kind = hipMemcpyDefault;
  if (!drv_side_ok(&p.srcPtr, c->srcXInBytes, c->srcY, c->srcZ, w, c->Height,
                   c->Depth) ||
      !drv_side_ok(&p.dstPtr, c->dstXInBytes, c->dstY, c->dstZ, w, c->Height,
                   c->Depth))
    HIPC_RETURN(hipErrorInvalidValue);
  HIPC_RETURN(hipGraphAddMemcpyNode(phGraphNode, hGraph, dependencies,
                                    numDependencies, &p));
}

hipError_t hipDrvGraphAddMemsetNode(hipGraphNode_t* phGraphNode,
                                    hipGraph_t hGraph,
                                    const hipGraphNode_t* dependencies,
                                    size_t numDependencies,
                                    const HIP_MEMSET_NODE_PARAMS* memsetParams,
                                    hipCtx_t ctx) {
  HIPC_API_ENTER();
  (void)ctx;
  HIPC_RETURN_IF(!memsetParams, hipErrorInvalidValue);
  hipMemsetParams p;
  memset(&p, 0, sizeof p);
  p.dst = memsetParams->dst;
  p.pitch = memsetParams->pitch;
  p.value = memsetParams->value;
  p.elementSize = memsetParams->elementSize;
  p.width = memsetParams->width;
  p.height = memsetParams->height;
  HIPC_RETURN(hipGraphAddMemsetNode(phGraphNode, hGraph, dependencies,
                                    numDependencies, &p));
}
