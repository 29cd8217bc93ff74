/* Executable graphs: instantiation, launch, updates and destruction.
 *
 * An executable graph keeps a private clone of its graph (later changes to
 * the graph do not reach it) and the clone's nodes in one topological
 * order, child graphs spliced in. A launch runs them in that order on the
 * stream, which keeps every dependency. How:
 * - where the backend has batches (the CPU device), each run of kernel,
 *   copy, fill and host nodes is one backend batch, prepared at
 *   instantiation and enqueued as one piece of work per launch;
 * - on NVIDIA GPUs each such run is one CUDA graph, launched with one
 *   cuGraphLaunch (src/backend/cuda/graph.c);
 * - event nodes, copies with arrays, and what a backend's batch cannot
 *   hold (batch_create: hipErrorNotSupported) go node by node through the
 *   runtime's ordinary entry points (hipc__node_issue) on the stream.
 * A batch goes through hipc__work_begin_n / hipc__work_end like any other
 * work (stream order, room on the queue for all its entries), after its
 * copy and fill nodes' memory has been checked against the allocation
 * table as hipMemcpy and hipMemset check theirs: memory freed since the
 * graph was made is refused, not written.
 * A launch into a capturing stream adds the graph as a child-graph node.
 * Launches of one executable graph are serialised by its lock against
 * updates; the batches they enqueued stay valid until they have run. */
#include <stdlib.h>
#include <string.h>

#include "graph.h"

typedef struct step {
  hipc_batch* batch; /* NULL: order[first] issued on its own */
  size_t first;      /* the first node of the step in `order` */
  size_t entries;    /* queue entries the batch enqueues (batch_create) */
  int memory;        /* the batch has memcpy or memset nodes */
} step;

struct hipGraphExec {
  uint32_t magic;
  pthread_mutex_t lock;
  hipGraph_t graph;       /* the private clone */
  hipc_device* dev;       /* the device the batches were made for */
  hipGraphNode_t* order;  /* topological, children spliced, no empties */
  size_t norder;
  step* steps;
  size_t nsteps;
};

static pthread_mutex_t live_lock = PTHREAD_MUTEX_INITIALIZER;
static hipGraphExec_t* live;
static size_t nlive, cap;

static int live_index(hipGraphExec_t x) {
  for (size_t i = 0; i < nlive; ++i)
    if (live[i] == x) return (int)i;
  return -1;
}

/* -- ordering */

/* Appends the nodes of `g` to x->order in a topological order (Kahn's,
 * in the order nodes were added); -1 on a cycle or no memory. */
static int flatten(hipGraphExec_t x, hipGraph_t g, size_t* capo) {
  size_t n = g->nnodes;
  size_t* indeg = calloc(n ? n : 1, sizeof *indeg);
  hipGraphNode_t* ready = malloc((n ? n : 1) * sizeof *ready);
  int rc = -1;
  if (!indeg || !ready) goto out;
  size_t head = 0, tail = 0;
  for (size_t i = 0; i < n; ++i) {
    g->nodes[i]->idx = i;
    indeg[i] = g->nodes[i]->ndeps;
    if (!indeg[i]) ready[tail++] = g->nodes[i];
  }
  while (head < tail) {
    hipGraphNode_t v = ready[head++];
    if (v->type == hipGraphNodeTypeGraph) {
      if (flatten(x, v->u.child, capo) != 0) goto out;
      for (size_t i = 0; i < n; ++i) g->nodes[i]->idx = i; /* reused */
    } else if (v->type != hipGraphNodeTypeEmpty) {
      if (x->norder == *capo) {
        size_t nc = *capo ? *capo * 2 : 16;
        hipGraphNode_t* t = realloc(x->order, nc * sizeof *t);
        if (!t) goto out;
        x->order = t;
        *capo = nc;
      }
      x->order[x->norder++] = v;
    }
    for (size_t o = 0; o < v->nouts; ++o) {
      size_t k = v->outs[o]->idx;
      if (--indeg[k] == 0) ready[tail++] = g->nodes[k];
    }
  }
  rc = tail == n ? 0 : -1;
out:
  free(indeg);
  free(ready);
  return rc;
}

/* -- issuing one node through the ordinary entry points */

static hipError_t issue_fill(const hipMemsetParams* p, hipStream_t s) {
  if (p->elementSize == 1)
    return hipMemset2DAsync(p->dst, hipc__fill_pitch(p), (int)p->value, p->width,
                            p->height, s);
  hipError_t e = hipSuccess;
  for (size_t y = 0; y < p->height && e == hipSuccess; ++y) {
    void* row = (char*)p->dst + y * hipc__fill_pitch(p);
    e = p->elementSize == 2
            ? hipMemsetD16Async(row, (unsigned short)p->value, p->width, s)
            : hipMemsetD32Async(row, (int)p->value, p->width, s);
  }
  return e;
}

hipError_t hipc__node_issue(hipGraphNode_t n, hipStream_t s) {
  if (n->disabled) return hipSuccess;
  switch (n->type) {
    case hipGraphNodeTypeKernel: {
      const hipKernelNodeParams* p = &n->u.kernel.p;
      /* A module's function runs as hipModuleLaunchKernel runs it (on a
       * GPU, from the module's code object). */
      if (n->u.kernel.module_fn)
        return hipModuleLaunchKernel(
            (hipFunction_t)p->func, p->gridDim.x, p->gridDim.y, p->gridDim.z,
            p->blockDim.x, p->blockDim.y, p->blockDim.z, p->sharedMemBytes, s,
            p->kernelParams, NULL);
      return hipLaunchKernel(p->func, p->gridDim, p->blockDim,
                             p->kernelParams, p->sharedMemBytes, s);
    }
    case hipGraphNodeTypeMemcpy:
      return hipMemcpy3DAsync(&n->u.copy, s);
    case hipGraphNodeTypeMemset:
      return issue_fill(&n->u.fill, s);
    case hipGraphNodeTypeHost:
      return hipLaunchHostFunc(s, n->u.host.fn, n->u.host.userData);
    case hipGraphNodeTypeEventRecord:
      return hipEventRecord(n->u.event, s);
    case hipGraphNodeTypeWaitEvent:
      return hipStreamWaitEvent(s, n->u.event, 0);
    case hipGraphNodeTypeMemAlloc:
    case hipGraphNodeTypeMemFree:
      return hipc__graph_mem_issue(n, s); /* graph_mem.c */
    default:
      return hipSuccess;
  }
}

/* -- batches */

/* The batch operations of node `n`, appended to ops (room for `max`); the
 * count, or -1 when the node cannot be batched. */
static int node_ops(hipGraphNode_t n, hipc_op* ops, size_t max) {
  memset(ops, 0, sizeof *ops);
  if (n->disabled) return 0;
  switch (n->type) {
    case hipGraphNodeTypeKernel: {
      const hipKernelNodeParams* p = &n->u.kernel.p;
      ops->kind = HIPC_OP_LAUNCH;
      ops->launch = (hipc_launch){.kernel = n->u.kernel.k->desc,
                                  .name = n->u.kernel.k->name,
                                  .grid = p->gridDim, .block = p->blockDim,
                                  .shmem = p->sharedMemBytes,
                                  .args = p->kernelParams};
      return 1;
    }
    case hipGraphNodeTypeMemset: {
      const hipMemsetParams* p = &n->u.fill;
      ops->kind = HIPC_OP_FILL;
      ops->dst = p->dst;
      ops->dpitch = hipc__fill_pitch(p);
      ops->width = p->width;
      ops->height = p->height;
      ops->value = p->value;
      ops->elem_size = p->elementSize;
      return 1;
    }
    case hipGraphNodeTypeHost:
      ops->kind = HIPC_OP_HOST;
      ops->fn = n->u.host.fn;
      ops->arg = n->u.host.userData;
      return 1;
    case hipGraphNodeTypeMemcpy: {
      const hipMemcpy3DParms* p = &n->u.copy;
      if (p->srcArray || p->dstArray) return -1;
      hipExtent x = p->extent;
      if (!x.width || !x.height || !x.depth) return 0;
      if (x.depth > max) return -1;
      for (size_t z = 0; z < x.depth; ++z) {
        hipc_op* o = &ops[z];
        memset(o, 0, sizeof *o);
        hipPitchedPtr s = p->srcPtr, d = p->dstPtr;
        o->kind = HIPC_OP_COPY;
        o->src = (char*)s.ptr +
                 ((p->srcPos.z + z) * s.ysize + p->srcPos.y) * s.pitch +
                 p->srcPos.x;
        o->dst = (char*)d.ptr +
                 ((p->dstPos.z + z) * d.ysize + p->dstPos.y) * d.pitch +
                 p->dstPos.x;
        o->spitch = s.pitch;
        o->dpitch = d.pitch;
        o->width = x.width;
        o->height = x.height;
      }
      return (int)x.depth;
    }
    default:
      return -1;
  }
}

static void drop_plan(hipGraphExec_t x) {
  for (size_t i = 0; i < x->nsteps; ++i)
    if (x->steps[i].batch) x->dev->ops->batch_destroy(x->steps[i].batch);
  free(x->steps);
  x->steps = NULL;
  x->nsteps = 0;
}

#define MAX_SLICES 256

/* Makes the steps of x->order for x->dev. */
static hipError_t make_plan(hipGraphExec_t x) {
  drop_plan(x);
  x->steps = calloc(x->norder ? x->norder : 1, sizeof *x->steps);
  if (!x->steps) return hipErrorOutOfMemory;
  const hipc_backend_ops* ops = x->dev->ops;
  hipc_op* run = NULL;
  size_t nrun = 0, caprun = 0, run_first = 0;
  hipError_t e = hipSuccess;
  for (size_t i = 0; i <= x->norder && e == hipSuccess; ++i) {
    int k = -1;
    if (i < x->norder && ops->batch_create) {
      if (caprun - nrun < MAX_SLICES) {
        size_t nc = caprun + 2 * MAX_SLICES;
        hipc_op* t = realloc(run, nc * sizeof *t);
        if (!t) {
          e = hipErrorOutOfMemory;
          break;
        }
        run = t;
        caprun = nc;
      }
      k = node_ops(x->order[i], run + nrun, MAX_SLICES);
    }
    if (k >= 0) {
      if (!nrun) run_first = i;
      nrun += (size_t)k;
      continue;
    }
    if (nrun) { /* close the run before this node */
      step* st = &x->steps[x->nsteps];
      st->first = run_first;
      st->memory = 0;
      for (size_t k2 = run_first; k2 < i; ++k2)
        st->memory |= x->order[k2]->type == hipGraphNodeTypeMemcpy ||
                      x->order[k2]->type == hipGraphNodeTypeMemset;
      e = ops->batch_create(x->dev, run, nrun, &st->batch, &st->entries);
      if (e == hipSuccess) {
        ++x->nsteps;
      } else if (e == hipErrorNotSupported) {
        /* what the backend's batches cannot hold: node by node */
        for (size_t k2 = run_first; k2 < i; ++k2)
          x->steps[x->nsteps++] = (step){NULL, k2, 0, 0};
        e = hipSuccess;
      }
      nrun = 0;
    }
    if (i < x->norder && e == hipSuccess)
      x->steps[x->nsteps++] = (step){NULL, i, 0, 0};
  }
  free(run);
  return e;
}

/* -- the API */

static hipError_t instantiate(hipGraphExec_t* out, hipGraph_t graph) {
  if (!out) return hipErrorInvalidValue;
  hipc_device* dev;
  hipError_t e = hipc__current_device(&dev);
  if (e != hipSuccess) return e;
  hipGraphExec_t x = calloc(1, sizeof *x);
  if (!x) return hipErrorOutOfMemory;
  pthread_mutex_init(&x->lock, NULL);
  x->magic = HIPC_EXEC_MAGIC;
  x->dev = dev;
  pthread_mutex_lock(&hipc__graph_lock);
  if (!hipc__graph_ok(graph)) {
    e = hipErrorInvalidValue;
  } else if (hipc__graph_mem_instantiated(graph)) { /* graph_mem.c */
    e = hipErrorNotSupported;
  } else if (!(x->graph = hipc__graph_clone(graph))) {
    e = hipErrorOutOfMemory;
  } else {
    size_t capo = 0;
    if (flatten(x, x->graph, &capo) != 0) e = hipErrorInvalidValue;
  }
  if (e == hipSuccess) e = make_plan(x);
  pthread_mutex_unlock(&hipc__graph_lock);
  if (e == hipSuccess) {
    pthread_mutex_lock(&live_lock);
    if (nlive == cap) {
      size_t ncap = cap ? cap * 2 : 16;
      hipGraphExec_t* t = realloc(live, ncap * sizeof *t);
      if (t) {
        live = t;
        cap = ncap;
      }
    }
    if (nlive < cap)
      live[nlive++] = x;
    else
      e = hipErrorOutOfMemory;
    pthread_mutex_unlock(&live_lock);
  }
  if (e != hipSuccess) {
    drop_plan(x);
    if (x->graph) {
      pthread_mutex_lock(&hipc__graph_lock);
      hipc__graph_free(x->graph);
      pthread_mutex_unlock(&hipc__graph_lock);
    }
    free(x->order);
    free(x);
    return e;
  }
  *out = x;
  return hipSuccess;
}

hipError_t hipGraphInstantiate(hipGraphExec_t* pGraphExec, hipGraph_t graph,
                               hipGraphNode_t* pErrorNode, char* pLogBuffer,
                               size_t bufferSize) {
  HIPC_API_ENTER();
  if (pErrorNode) *pErrorNode = NULL;
  if (pLogBuffer && bufferSize) pLogBuffer[0] = 0;
  HIPC_RETURN(instantiate(pGraphExec, graph));
}

hipError_t hipGraphInstantiateWithFlags(hipGraphExec_t* pGraphExec,
                                        hipGraph_t graph,
                                        unsigned long long flags) {
  HIPC_API_ENTER();
  /* One flag at most, as AMD's runtime takes them (a combination is
   * hipErrorInvalidValue). AutoFreeOnLaunch: an alloc node's memory is
   * the graph's for every launch anyway (graph_mem.c); Upload has nothing
   * to upload; device launch is not there. */
  HIPC_RETURN_IF(flags != 0 && flags != hipGraphInstantiateFlagAutoFreeOnLaunch &&
                     flags != hipGraphInstantiateFlagUpload &&
                     flags != hipGraphInstantiateFlagUseNodePriority,
                 hipErrorInvalidValue);
  HIPC_RETURN(instantiate(pGraphExec, graph));
}

/* Takes `x` (locked) when it is live; 0 otherwise. */
static int take(hipGraphExec_t x) {
  if (!x) return 0;
  pthread_mutex_lock(&live_lock);
  int ok = live_index(x) >= 0;
  if (ok) pthread_mutex_lock(&x->lock);
  pthread_mutex_unlock(&live_lock);
  return ok;
}

hipError_t hipGraphExecDestroy(hipGraphExec_t graphExec) {
  HIPC_API_ENTER();
  HIPC_RETURN_IF(!graphExec, hipErrorInvalidValue);
  pthread_mutex_lock(&live_lock);
  int i = live_index(graphExec);
  if (i >= 0) live[i] = live[--nlive];
  pthread_mutex_unlock(&live_lock);
  HIPC_RETURN_IF(i < 0, hipErrorInvalidValue);
  /* A launch still in another thread holds the lock. */
  pthread_mutex_lock(&graphExec->lock);
  pthread_mutex_unlock(&graphExec->lock);
  drop_plan(graphExec); /* enqueued batches finish on their own */
  pthread_mutex_lock(&hipc__graph_lock);
  hipc__graph_free(graphExec->graph);
  pthread_mutex_unlock(&hipc__graph_lock);
  pthread_mutex_destroy(&graphExec->lock);
  free(graphExec->order);
  graphExec->magic = 0;
  free(graphExec);
  HIPC_RETURN(hipSuccess);
}

/* The end in `order` of step `i`. */
static size_t step_end(hipGraphExec_t x, size_t i) {
  return i + 1 < x->nsteps ? x->steps[i + 1].first : x->norder;
}

/* Checks the memory of the copy and fill nodes of batch step `i`. */
static hipError_t check_memory(hipGraphExec_t x, size_t i) {
  hipError_t e = hipSuccess;
  for (size_t k = x->steps[i].first; k < step_end(x, i) && !e; ++k)
    e = hipc__node_check_memory(x->order[k], x->dev);
  return e;
}

/* Whether an enabled copy node of step i writes pageable host memory
 * (memory hipc does not track). As hipMemcpyAsync to pageable memory, the
 * launch then returns once the step is done: AMD's runtime does, and
 * hip-tests read such a graph's results right after hipGraphLaunch. */
static int writes_pageable(hipGraphExec_t x, size_t i) {
  for (size_t k = x->steps[i].first; k < step_end(x, i); ++k) {
    hipGraphNode_t n = x->order[k];
    hipc_alloc a;
    if (n->type == hipGraphNodeTypeMemcpy && !n->disabled &&
        !n->u.copy.dstArray && n->u.copy.dstPtr.ptr &&
        !hipc__alloc_find(n->u.copy.dstPtr.ptr, &a))
      return 1;
  }
  return 0;
}

hipError_t hipGraphLaunch(hipGraphExec_t graphExec, hipStream_t stream) {
  HIPC_API_ENTER();
  HIPC_ARG_PTR("graphExec", graphExec);
  HIPC_RETURN_IF(!take(graphExec), hipErrorInvalidValue);
  hipGraphExec_t x = graphExec;
  hipError_t e = hipc__capture_child(stream, x->graph);
  if (e != HIPC_NOT_CAPTURING) {
    pthread_mutex_unlock(&x->lock);
    HIPC_RETURN(e);
  }
  hipc_device* dev;
  hipc_queue* q;
  e = hipc__stream_resolve(stream, &dev, &q);
  for (size_t i = 0; i < x->nsteps && e == hipSuccess; ++i) {
    step* st = &x->steps[i];
    if (st->batch && dev == x->dev) {
      e = st->memory ? check_memory(x, i) : hipSuccess;
      hipc_work w;
      if (e == hipSuccess) e = hipc__work_begin_n(stream, st->entries, &w);
      if (e == hipSuccess)
        e = hipc__work_end(&w, w.dev->ops->batch_enqueue(w.q, st->batch),
                           st->memory && writes_pageable(x, i));
    } else if (st->batch) {
      /* Launched on another device than it was made for: node by node.
       * The batch covers the nodes up to the next step's. */
      for (size_t k = st->first; k < step_end(x, i) && e == hipSuccess; ++k)
        e = hipc__node_issue(x->order[k], stream);
    } else {
      e = hipc__node_issue(x->order[st->first], stream);
    }
  }
  pthread_mutex_unlock(&x->lock);
  HIPC_RETURN(e);
}

hipError_t hipGraphUpload(hipGraphExec_t graphExec, hipStream_t stream) {
  HIPC_API_ENTER();
  HIPC_RETURN_IF(!take(graphExec), hipErrorInvalidValue);
  pthread_mutex_unlock(&graphExec->lock);
  hipc_device* dev;
  hipc_queue* q;
  HIPC_RETURN(hipc__stream_resolve(stream, &dev, &q));
}

/* The node of x's clone that is (a copy of) `node`, or NULL. */
static hipGraphNode_t find(hipGraphExec_t x, hipGraphNode_t node) {
  for (size_t i = 0; i < x->norder; ++i)
    if (x->order[i]->clone_of == node) return x->order[i];
  return NULL;
}

/* The common part of hipGraphExec*NodeSetParams and hipGraphNodeSet/
 * GetEnabled (graph_exec_params.c): `set` applied to the exec's copy of
 * `node` (of `type`, or any type for HIPC_ANY_NODE), then a new plan when
 * `replan`. */
hipError_t hipc__graph_exec_set(hipGraphExec_t x, hipGraphNode_t node,
                                hipGraphNodeType type, const void* params,
                                hipError_t (*set)(hipGraphNode_t,
                                                  const void*),
                                int replan) {
  if (!params || !take(x)) return hipErrorInvalidValue;
  pthread_mutex_lock(&hipc__graph_lock);
  hipError_t e = hipErrorInvalidValue;
  hipGraphNode_t n = hipc__node_ok(node) ? find(x, node) : NULL;
  if (n && (type == HIPC_ANY_NODE || n->type == type)) e = set(n, params);
  if (e == hipSuccess && replan) e = make_plan(x);
  pthread_mutex_unlock(&hipc__graph_lock);
  pthread_mutex_unlock(&x->lock);
  return e;
}

/* Whether `a` and `b` have the same shape: node kinds and edges, child
 * graphs included; *bad is the first node of `b` that differs. */
static hipGraphExecUpdateResult same_shape(hipGraph_t a, hipGraph_t b,
                                           hipGraphNode_t* bad) {
  if (a->nnodes != b->nnodes) {
    *bad = NULL;
    return hipGraphExecUpdateErrorTopologyChanged;
  }
  for (size_t i = 0; i < a->nnodes; ++i) a->nodes[i]->idx = i;
  for (size_t i = 0; i < a->nnodes; ++i) {
    hipGraphNode_t x = a->nodes[i], y = b->nodes[i];
    *bad = y;
    if (x->type != y->type) return hipGraphExecUpdateErrorNodeTypeChanged;
    /* A copy node keeps its direction (as hipGraphExecMemcpyNodeSetParams
     * says). */
    if (x->type == hipGraphNodeTypeMemcpy && x->u.copy.kind != y->u.copy.kind)
      return hipGraphExecUpdateErrorParametersChanged;
    if (x->ndeps != y->ndeps) return hipGraphExecUpdateErrorTopologyChanged;
    for (size_t d = 0; d < x->ndeps; ++d) {
      size_t k = x->deps[d]->idx;
      if (b->nodes[k] != y->deps[d])
        return hipGraphExecUpdateErrorTopologyChanged;
    }
    if (x->type == hipGraphNodeTypeGraph) {
      hipGraphExecUpdateResult r = same_shape(x->u.child, y->u.child, bad);
      if (r != hipGraphExecUpdateSuccess) return r;
      for (size_t k = 0; k < a->nnodes; ++k) a->nodes[k]->idx = k;
    }
  }
  return hipGraphExecUpdateSuccess;
}

/* Copies the parameters of `b`'s nodes into `a`'s (same shape). */
static hipError_t take_params(hipGraph_t a, hipGraph_t b) {
  hipError_t e = hipSuccess;
  for (size_t i = 0; i < a->nnodes && e == hipSuccess; ++i) {
    hipGraphNode_t x = a->nodes[i], y = b->nodes[i];
    if (x->type == hipGraphNodeTypeGraph)
      e = take_params(x->u.child, y->u.child);
    else
      e = hipc__node_copy_params(x, y);
  }
  return e;
}

hipError_t hipGraphExecUpdate(hipGraphExec_t hGraphExec, hipGraph_t hGraph,
                              hipGraphNode_t* hErrorNode_out,
                              hipGraphExecUpdateResult* updateResult_out) {
  HIPC_API_ENTER();
  HIPC_RETURN_IF(!hErrorNode_out || !updateResult_out, hipErrorInvalidValue);
  *hErrorNode_out = NULL;
  HIPC_RETURN_IF(!take(hGraphExec), hipErrorInvalidValue);
  hipGraphExec_t x = hGraphExec;
  pthread_mutex_lock(&hipc__graph_lock);
  hipError_t e = hipSuccess;
  if (!hipc__graph_ok(hGraph)) {
    e = hipErrorInvalidValue;
    *updateResult_out = hipGraphExecUpdateError;
  } else {
    hipGraphNode_t bad = NULL;
    hipGraphExecUpdateResult r = same_shape(x->graph, hGraph, &bad);
    *updateResult_out = r;
    if (r != hipGraphExecUpdateSuccess) {
      *hErrorNode_out = bad;
      e = hipErrorGraphExecUpdateFailure;
    } else {
      e = take_params(x->graph, hGraph);
      if (e == hipSuccess) e = make_plan(x);
      if (e != hipSuccess) *updateResult_out = hipGraphExecUpdateError;
    }
  }
  pthread_mutex_unlock(&hipc__graph_lock);
  pthread_mutex_unlock(&x->lock);
  HIPC_RETURN(e);
}

/* The node of `g` (child graphs searched too) that is a copy of `node`. */
static hipGraphNode_t find_in(hipGraph_t g, hipGraphNode_t node) {
  for (size_t i = 0; i < g->nnodes; ++i) {
    hipGraphNode_t n = g->nodes[i];
    if (n->clone_of == node) return n;
    if (n->type == hipGraphNodeTypeGraph) {
      hipGraphNode_t c = find_in(n->u.child, node);
      if (c) return c;
    }
  }
  return NULL;
}

/* The parameters of `childGraph` (the same shape as the child graph the
 * node was instantiated with: otherwise hipErrorInvalidValue, as AMD says)
 * become those of the executable graph's copy of child-graph node
 * `node`. */
hipError_t hipGraphExecChildGraphNodeSetParams(hipGraphExec_t hGraphExec,
                                               hipGraphNode_t node,
                                               hipGraph_t childGraph) {
  HIPC_API_ENTER();
  HIPC_RETURN_IF(!node || !childGraph || !take(hGraphExec),
                 hipErrorInvalidValue);
  hipGraphExec_t x = hGraphExec;
  pthread_mutex_lock(&hipc__graph_lock);
  hipError_t e = hipErrorInvalidValue;
  hipGraphNode_t n = hipc__node_ok(node) && hipc__graph_ok(childGraph)
                         ? find_in(x->graph, node)
                         : NULL;
  hipGraphNode_t bad;
  if (n && n->type == hipGraphNodeTypeGraph && childGraph != node->graph &&
      same_shape(n->u.child, childGraph, &bad) == hipGraphExecUpdateSuccess) {
    e = take_params(n->u.child, childGraph);
    if (e == hipSuccess) e = make_plan(x);
  }
  pthread_mutex_unlock(&hipc__graph_lock);
  pthread_mutex_unlock(&x->lock);
  HIPC_RETURN(e);
}
