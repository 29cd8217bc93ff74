/* The stream-ordered allocator in a stream capture: hipMallocAsync and
 * hipMallocFromPoolAsync on a capturing stream add a memory alloc node,
 * hipFreeAsync a memory free node (graph_mem.c), after the stream's
 * captured work, as CUDA and AMD's runtime record them.
 *
 * The address is returned at capture time: the alloc node's memory is
 * allocated when the node is made and belongs to the graph (and its
 * executable graph) from then on, so it is valid in every launch between
 * the alloc node and its free node, whether that free was captured in the
 * same graph, another graph, or is the user's hipFree/hipFreeAsync after a
 * launch. A captured free of memory allocated outside the graphs
 * (hipMallocAsync, hipMalloc) is a free node too; a launch frees that
 * memory in stream order, as hipFreeAsync would have. */
#include <string.h>

#include "graph.h"

hipError_t hipc__capture_mem_alloc(hipStream_t s,
                                   const hipMemPoolProps* props, size_t size,
                                   void** ptr) {
  if (!hipc__capture_any()) return HIPC_NOT_CAPTURING;
  pthread_mutex_lock(&hipc__graph_lock);
  hipStream_t st;
  struct hipc_stream_capture* sc = hipc__capture_of(s, &st);
  int invalidated = sc && !hipc__capture_graph(sc);
  int device = st ? st->dev->ordinal : -1;
  pthread_mutex_unlock(&hipc__graph_lock);
  if (!sc) return HIPC_NOT_CAPTURING;
  if (invalidated) return hipErrorStreamCaptureInvalidated;
  if (size == 0) { /* as outside a capture: no memory, no node */
    *ptr = NULL;
    return hipSuccess;
  }
  hipMemAllocNodeParams p;
  memset(&p, 0, sizeof p);
  if (props) {
    p.poolProps = *props;
  } else {
    p.poolProps.allocType = hipMemAllocationTypePinned;
    p.poolProps.location.type = hipMemLocationTypeDevice;
    p.poolProps.location.id = device;
  }
  p.bytesize = size;
  /* The memory first, without the graph lock (allocating may wait). */
  struct hipc_graph_alloc* a = NULL;
  void* mem = NULL;
  hipError_t e = hipc__graph_mem_capture_alloc(&p, &a, &mem);
  if (e != hipSuccess) return e;
  pthread_mutex_lock(&hipc__graph_lock);
  sc = hipc__capture_of(s, &st); /* it may have ended meanwhile */
  hipGraphNode_t n = NULL;
  if (!sc)
    e = hipErrorStreamCaptureInvalidated;
  else if (!(n = hipc__node_new(hipGraphNodeTypeMemAlloc)))
    e = hipErrorOutOfMemory;
  if (n) {
    hipc__graph_mem_attach_alloc(n, a); /* the node owns the record */
    a = NULL;
    e = hipc__capture_add(sc, n); /* frees the node on failure */
    if (e == hipSuccess) *ptr = mem;
  }
  pthread_mutex_unlock(&hipc__graph_lock);
  if (a) hipc__graph_mem_drop(a);
  return e;
}

hipError_t hipc__capture_mem_free(hipStream_t s, void* ptr) {
  if (!hipc__capture_any()) return HIPC_NOT_CAPTURING;
  pthread_mutex_lock(&hipc__graph_lock);
  hipStream_t st;
  struct hipc_stream_capture* sc = hipc__capture_of(s, &st);
  hipError_t e = HIPC_NOT_CAPTURING;
  if (sc) {
    hipGraph_t g = hipc__capture_graph(sc);
    hipGraphNode_t n = g ? hipc__node_new(hipGraphNodeTypeMemFree) : NULL;
    if (!g)
      e = hipErrorStreamCaptureInvalidated;
    else if (!n)
      e = hipErrorOutOfMemory;
    else if ((e = hipc__graph_mem_attach_free(g, n, ptr)) != hipSuccess)
      hipc__node_free(n);
    else
      e = hipc__capture_add(sc, n);
  }
  pthread_mutex_unlock(&hipc__graph_lock);
  return e;
}
