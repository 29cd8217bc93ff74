/* Internal interface of graphs (graph*.c) and stream capture (capture.c).
 *
 * Every graph, node and executable graph is reached under one lock,
 * `hipc__graph_lock` (graph.c): graph calls are short, and capture from
 * several streams into one graph must be serialised anyway. Lock order:
 * the graph lock before the stream set's and any backend lock. */
#ifndef HIPC_GRAPH_H
#define HIPC_GRAPH_H

#include "internal.h"

#define HIPC_GRAPH_MAGIC 0x68677270u /* "hgrp" */
#define HIPC_NODE_MAGIC 0x686e6f64u  /* "hnod" */
#define HIPC_EXEC_MAGIC 0x68657865u  /* "hexe" */

/* What a hook returns when the stream it was given is not capturing: the
 * caller goes on with its ordinary work. Never seen by users. */
#define HIPC_NOT_CAPTURING ((hipError_t)-1)

struct hipGraphNode {
  uint32_t magic;
  hipGraph_t graph;
  hipGraphNodeType type;
  hipGraphNode_t* deps; /* the nodes it depends on */
  size_t ndeps, capdeps;
  hipGraphNode_t* outs; /* the nodes that depend on it */
  size_t nouts, capouts;
  hipGraphNode_t clone_of; /* the node this one is a copy of, or NULL */
  size_t idx; /* scratch: its index in graph->nodes, set by whoever needs
                 it under the graph lock (clone, flatten) */
  int disabled; /* an executable graph's node switched off
                   (hipGraphNodeSetEnabled): launched, it does nothing */
  union {
    struct {
      hipKernelNodeParams p; /* p.kernelParams points at `ptrs` */
      const hipc_kernel* k;
      void* buf;   /* the arguments' bytes */
      void** ptrs; /* one pointer per parameter, into `buf` */
      int module_fn; /* p.func is a module's hipFunction_t */
      hipAccessPolicyWindow window; /* attributes (graph_attr.c) */
      int cooperative, priority;
    } kernel;
    hipMemcpy3DParms copy;
    hipMemsetParams fill;
    hipHostNodeParams host;
    hipEvent_t event;
    hipGraph_t child; /* owned by the node */
    struct hipc_graph_alloc* mem; /* memory alloc and free nodes: the
                                     allocation, counted (graph_mem.c) */
  } u;
};

/* References a graph holds on a user object (hipGraphRetainUserObject). */
typedef struct hipc_graph_ref {
  hipUserObject_t object;
  unsigned long long count;
} hipc_graph_ref;

struct ihipGraph {
  uint32_t magic;
  hipc_graph_ref* refs; /* user objects it holds (user_object.c) */
  size_t nrefs;
  hipGraphNode_t* nodes; /* in the order they were added */
  size_t nnodes, cap;
  hipGraphNode_t owner; /* the child-graph node that owns it, or NULL */
};

extern pthread_mutex_t hipc__graph_lock;

/* -- graph.c (all under the graph lock) */
/* Whether `g` / `n` are live (user handles). */
int hipc__graph_ok(hipGraph_t g);
int hipc__node_ok(hipGraphNode_t n);
/* A new graph (unregistered: not a user handle until hipc__graph_publish). */
hipGraph_t hipc__graph_new(void);
/* Makes `g` a live user handle; 0, or -1 when out of memory. */
int hipc__graph_publish(hipGraph_t g);
/* Frees `g`, its nodes and their child graphs. */
void hipc__graph_free(hipGraph_t g);
/* A node of `type` (params zeroed), not yet in a graph. */
hipGraphNode_t hipc__node_new(hipGraphNodeType type);
/* Frees an unattached node's parameters and the node. */
void hipc__node_free(hipGraphNode_t n);
/* Adds `n` to `g` after `deps` (checked: each a node of `g`, no
 * repeats); on failure `n` is freed. */
hipError_t hipc__graph_add(hipGraph_t g, hipGraphNode_t n,
                           const hipGraphNode_t* deps, size_t ndeps);
/* A deep copy of `g` whose nodes record their originals in clone_of. */
hipGraph_t hipc__graph_clone(hipGraph_t g);

/* -- user_object.c */
/* Drops every reference `g` holds on user objects (hipc__graph_free). */
void hipc__graph_release_objects(hipGraph_t g);

/* -- graph_nodes.c (under the graph lock) */
/* Copies the parameters of `src` into `dst` (same type; a child graph is
 * cloned). */
hipError_t hipc__node_copy_params(hipGraphNode_t dst, hipGraphNode_t src);
/* Frees what the parameters of `n` own. */
void hipc__node_free_params(hipGraphNode_t n);
/* Checks and stores `p` in kernel node `n` (the arguments copied). */
hipError_t hipc__node_set_kernel(hipGraphNode_t n,
                                 const hipKernelNodeParams* p);
hipError_t hipc__node_set_copy(hipGraphNode_t n, const hipMemcpy3DParms* p);
hipError_t hipc__node_set_fill(hipGraphNode_t n, const hipMemsetParams* p);
/* The pitch a memset node's rows are written with: its own, or (one row,
 * where the pitch is unused and kept as the user gave it, for
 * hipGraphMemsetNodeGetParams) the row's bytes. */
static inline size_t hipc__fill_pitch(const hipMemsetParams* p) {
  return p->height > 1 ? p->pitch : p->width * p->elementSize;
}
/* Whether each pitched side of copy `p` lies inside its allocation. */
int hipc__copy_in_bounds(const hipMemcpy3DParms* p);
/* Whether the `count` bytes at `a` and at `b` overlap (a 1D copy node's
 * sides: AMD refuses it). */
static inline int hipc__ranges_overlap(const void* a, const void* b,
                                       size_t count) {
  uintptr_t x = (uintptr_t)a, y = (uintptr_t)b;
  return x < y ? y - x < count : x - y < count;
}
/* A 2D copy as the parameters of a memcpy node. */
hipMemcpy3DParms hipc__copy_params_2d(void* dst, size_t dpitch,
                                      const void* src, size_t spitch,
                                      size_t width, size_t height,
                                      hipMemcpyKind kind);

/* Checks the memory of a memcpy or memset node for work on `dev` as
 * hipMemcpy3DAsync and hipMemset check theirs (the allocation table: freed
 * or foreign device pointers, overruns); hipSuccess for other nodes. */
hipError_t hipc__node_check_memory(hipGraphNode_t n, const hipc_device* dev);

/* -- graph_exec.c */
/* `set` applied to executable graph `x`'s copy of `node` (of `type`, or of
 * any type for HIPC_ANY_NODE) under the graph lock; the launch plan made
 * again after a change when `replan`. hipErrorInvalidValue for a bad
 * handle, a node not in `x` or of another type. */
#define HIPC_ANY_NODE ((hipGraphNodeType)-1)
hipError_t hipc__graph_exec_set(hipGraphExec_t x, hipGraphNode_t node,
                                hipGraphNodeType type, const void* params,
                                hipError_t (*set)(hipGraphNode_t,
                                                  const void*),
                                int replan);
/* Runs node `n` (not a child graph) on `stream` through the runtime's
 * ordinary entry points. */
hipError_t hipc__node_issue(hipGraphNode_t n, hipStream_t stream);

/* -- graph_mem.c: memory alloc and free nodes */
/* A copy of alloc or free node `n` shares its allocation: one more
 * reference (hipc__node_copy_params). */
void hipc__graph_mem_ref(hipGraphNode_t n);
/* Drops the reference of `n` (hipc__node_free_params); the memory goes
 * when no node refers to it and no launch left it allocated. */
void hipc__graph_mem_unref(hipGraphNode_t n);
/* Runs alloc or free node `n` in a launch: the allocation becomes used
 * or free (the device's graph memory attributes follow). */
hipError_t hipc__graph_mem_issue(hipGraphNode_t n, hipStream_t stream);
/* Whether an alloc node of `g` has a copy in an executable graph (AMD's
 * runtime instantiates such a graph once at a time). */
int hipc__graph_mem_instantiated(hipGraph_t g);
/* Whether `g` (or a child graph of it) holds a memory node. */
int hipc__graph_has_mem(hipGraph_t g);
/* For hipMallocAsync in a capture: the memory of alloc parameters `p`
 * (checked as hipGraphAddMemAllocNode checks them; *dptr) and its record, with
 * one reference, which hipc__graph_mem_attach_alloc gives to alloc node
 * `n` or hipc__graph_mem_drop drops. Without the graph lock. */
hipError_t hipc__graph_mem_capture_alloc(const hipMemAllocNodeParams* p,
                                         struct hipc_graph_alloc** out,
                                         void** dptr);
void hipc__graph_mem_attach_alloc(hipGraphNode_t n,
                                  struct hipc_graph_alloc* a);
void hipc__graph_mem_drop(struct hipc_graph_alloc* a);
/* For hipFreeAsync in a capture into `g`: makes `n` a free node of `ptr`,
 * an alloc node's memory or memory allocated outside the graphs (freed by
 * hipFreeAsync when the node runs). hipErrorInvalidValue for anything
 * else and for a second free of `ptr` in `g`. Under the graph lock. */
hipError_t hipc__graph_mem_attach_free(hipGraph_t g, hipGraphNode_t n,
                                       void* ptr);

/* -- capture.c: hooks for the entry points that enqueue work. Each takes
 *    the user's stream handle and returns HIPC_NOT_CAPTURING when it is
 *    not capturing (cheap when nothing captures anywhere). */
hipError_t hipc__capture_kernel(hipStream_t s, const hipc_kernel* k,
                                dim3 grid, dim3 block, void** args,
                                size_t shmem);
hipError_t hipc__capture_copy(hipStream_t s, void* dst, size_t dpitch,
                              const void* src, size_t spitch, size_t width,
                              size_t height, hipMemcpyKind kind);
hipError_t hipc__capture_fill(hipStream_t s, void* dst, size_t pitch,
                              uint32_t value, unsigned elem_size,
                              size_t width, size_t height);
hipError_t hipc__capture_host_fn(hipStream_t s, hipHostFn_t fn, void* user);
hipError_t hipc__capture_child(hipStream_t s, hipGraph_t g);
/* What capture_mem.c needs of capture.c (under the graph lock but
 * hipc__capture_any): whether anything captures; the capture state of
 * stream handle `s` (NULL when it does not capture; *st the stream); its
 * graph (NULL once invalidated); `n` added after the stream's deps (freed
 * on failure). */
struct hipc_stream_capture;
int hipc__capture_any(void);
struct hipc_stream_capture* hipc__capture_of(hipStream_t s, hipStream_t* st);
hipGraph_t hipc__capture_graph(struct hipc_stream_capture* sc);
hipError_t hipc__capture_add(struct hipc_stream_capture* sc,
                             hipGraphNode_t n);
/* capture_mem.c: hipMallocAsync / hipMallocFromPoolAsync (`props` the pool's, NULL for
 * the device's default) and hipFreeAsync: alloc and free nodes. */
hipError_t hipc__capture_mem_alloc(hipStream_t s,
                                   const hipMemPoolProps* props, size_t size,
                                   void** ptr);
hipError_t hipc__capture_mem_free(hipStream_t s, void* ptr);
/* hipEventRecord / hipStreamWaitEvent. */
hipError_t hipc__capture_event_record(hipEvent_t e, hipStream_t s);
hipError_t hipc__capture_wait_event(hipStream_t s, hipEvent_t e);
/* Whether `e` was last recorded into a capture still in progress
 * (hipEventQuery and hipEventSynchronize: hipErrorCapturedEvent). */
int hipc__capture_event_captured(hipEvent_t e);

#endif /* HIPC_GRAPH_H */
