/* Graphs as data: creation, nodes and their dependencies, queries, clone
 * and destruction. Node parameters are graph_nodes.c's, executable graphs
 * graph_exec.c's.
 *
 * Handles are checked before use: a graph against the set of live graphs,
 * a node by its magic number and its graph, so that NULL and destroyed
 * handles are hipErrorInvalidValue (AMD's code for them). Graphs owned by a
 * child-graph node are not user handles to destroy. */
#include <stdlib.h>
#include <string.h>

#include "graph.h"

pthread_mutex_t hipc__graph_lock = PTHREAD_MUTEX_INITIALIZER;

static hipGraph_t* live;
static size_t nlive, cap;

static int live_index(hipGraph_t g) {
  for (size_t i = 0; i < nlive; ++i)
    if (live[i] == g) return (int)i;
  return -1;
}

int hipc__graph_ok(hipGraph_t g) {
  if (!g || g->magic != HIPC_GRAPH_MAGIC) return 0;
  /* A child graph is reached through its (live) owner. */
  return g->owner ? hipc__node_ok(g->owner) : live_index(g) >= 0;
}

int hipc__node_ok(hipGraphNode_t n) {
  return n && n->magic == HIPC_NODE_MAGIC && hipc__graph_ok(n->graph);
}

hipGraph_t hipc__graph_new(void) {
  hipGraph_t g = calloc(1, sizeof *g);
  if (g) g->magic = HIPC_GRAPH_MAGIC;
  return g;
}

int hipc__graph_publish(hipGraph_t g) {
  if (nlive == cap) {
    size_t ncap = cap ? cap * 2 : 16;
    hipGraph_t* t = realloc(live, ncap * sizeof *t);
    if (!t) return -1;
    live = t;
    cap = ncap;
  }
  live[nlive++] = g;
  return 0;
}

hipGraphNode_t hipc__node_new(hipGraphNodeType type) {
  hipGraphNode_t n = calloc(1, sizeof *n);
  if (!n) return NULL;
  n->magic = HIPC_NODE_MAGIC;
  n->type = type;
  return n;
}

void hipc__node_free(hipGraphNode_t n) {
  hipc__node_free_params(n);
  free(n->deps);
  free(n->outs);
  n->magic = 0;
  free(n);
}

void hipc__graph_free(hipGraph_t g) {
  int i = live_index(g);
  if (i >= 0) live[i] = live[--nlive];
  for (size_t k = 0; k < g->nnodes; ++k) hipc__node_free(g->nodes[k]);
  free(g->nodes);
  hipc__graph_release_objects(g);
  g->magic = 0;
  free(g);
}

/* Appends `x` to the array `*a` of `*n` entries (capacity `*c`). */
static int push(hipGraphNode_t** a, size_t* n, size_t* c, hipGraphNode_t x) {
  if (*n == *c) {
    size_t nc = *c ? *c * 2 : 4;
    hipGraphNode_t* t = realloc(*a, nc * sizeof *t);
    if (!t) return -1;
    *a = t;
    *c = nc;
  }
  (*a)[(*n)++] = x;
  return 0;
}

static int contains(hipGraphNode_t* a, size_t n, hipGraphNode_t x) {
  for (size_t i = 0; i < n; ++i)
    if (a[i] == x) return 1;
  return 0;
}

static void drop(hipGraphNode_t* a, size_t* n, hipGraphNode_t x) {
  for (size_t i = 0; i < *n; ++i)
    if (a[i] == x) {
      memmove(a + i, a + i + 1, (*n - i - 1) * sizeof *a);
      --*n;
      return;
    }
}

/* Adds the edge from -> to (both of one graph); 0 or -1. */
static int link_nodes(hipGraphNode_t from, hipGraphNode_t to) {
  if (push(&to->deps, &to->ndeps, &to->capdeps, from) != 0) return -1;
  if (push(&from->outs, &from->nouts, &from->capouts, to) != 0) {
    --to->ndeps;
    return -1;
  }
  return 0;
}

hipError_t hipc__graph_add(hipGraph_t g, hipGraphNode_t n,
                           const hipGraphNode_t* deps, size_t ndeps) {
  hipError_t e = hipSuccess;
  if (ndeps && !deps) e = hipErrorInvalidValue;
  for (size_t i = 0; i < ndeps && e == hipSuccess; ++i) {
    if (!hipc__node_ok(deps[i]) || deps[i]->graph != g) e = hipErrorInvalidValue;
    for (size_t j = 0; j < i && e == hipSuccess; ++j)
      if (deps[j] == deps[i]) e = hipErrorInvalidValue;
  }
  if (e == hipSuccess &&
      push(&g->nodes, &g->nnodes, &g->cap, n) != 0)
    e = hipErrorOutOfMemory;
  if (e != hipSuccess) {
    hipc__node_free(n);
    return e;
  }
  n->graph = g;
  for (size_t i = 0; i < ndeps; ++i)
    if (link_nodes(deps[i], n) != 0) return hipErrorOutOfMemory;
  return hipSuccess;
}

/* Removes `n` and its edges from its graph, then frees it. */
static void remove_node(hipGraphNode_t n) {
  hipGraph_t g = n->graph;
  for (size_t i = 0; i < n->ndeps; ++i)
    drop(n->deps[i]->outs, &n->deps[i]->nouts, n);
  for (size_t i = 0; i < n->nouts; ++i)
    drop(n->outs[i]->deps, &n->outs[i]->ndeps, n);
  drop(g->nodes, &g->nnodes, n);
  hipc__node_free(n);
}


hipGraph_t hipc__graph_clone(hipGraph_t g) {
  hipGraph_t c = hipc__graph_new();
  if (!c) return NULL;
  c->nodes = calloc(g->nnodes ? g->nnodes : 1, sizeof *c->nodes);
  if (!c->nodes) goto fail;
  c->cap = g->nnodes;
  for (size_t i = 0; i < g->nnodes; ++i) g->nodes[i]->idx = i;
  for (size_t i = 0; i < g->nnodes; ++i) {
    hipGraphNode_t o = g->nodes[i], n = hipc__node_new(o->type);
    if (!n) goto fail;
    n->graph = c;
    n->clone_of = o;
    c->nodes[c->nnodes++] = n;
    if (hipc__node_copy_params(n, o) != hipSuccess) goto fail;
    if (n->type == hipGraphNodeTypeGraph) n->u.child->owner = n;
  }
  for (size_t i = 0; i < g->nnodes; ++i) {
    hipGraphNode_t o = g->nodes[i];
    for (size_t d = 0; d < o->ndeps; ++d)
      if (link_nodes(c->nodes[o->deps[d]->idx], c->nodes[i]) != 0)
        goto fail;
  }
  return c;
fail:
  hipc__graph_free(c);
  return NULL;
}

/* -- the API */

hipError_t hipGraphCreate(hipGraph_t* pGraph, unsigned int flags) {
  HIPC_API_ENTER();
  HIPC_RETURN_IF(!pGraph || flags != 0, hipErrorInvalidValue);
  hipGraph_t g = hipc__graph_new();
  HIPC_RETURN_IF(!g, hipErrorOutOfMemory);
  pthread_mutex_lock(&hipc__graph_lock);
  int r = hipc__graph_publish(g);
  pthread_mutex_unlock(&hipc__graph_lock);
  if (r != 0) {
    free(g);
    HIPC_RETURN(hipErrorOutOfMemory);
  }
  *pGraph = g;
  HIPC_RETURN(hipSuccess);
}

hipError_t hipGraphDestroy(hipGraph_t graph) {
  HIPC_API_ENTER();
  pthread_mutex_lock(&hipc__graph_lock);
  int ok = graph && live_index(graph) >= 0;
  if (ok) hipc__graph_free(graph);
  pthread_mutex_unlock(&hipc__graph_lock);
  HIPC_RETURN(ok ? hipSuccess : hipErrorInvalidValue);
}

hipError_t hipGraphClone(hipGraph_t* pGraphClone, hipGraph_t originalGraph) {
  HIPC_API_ENTER();
  HIPC_RETURN_IF(!pGraphClone, hipErrorInvalidValue);
  pthread_mutex_lock(&hipc__graph_lock);
  hipError_t e = hipSuccess;
  hipGraph_t c = NULL;
  if (!hipc__graph_ok(originalGraph))
    e = hipErrorInvalidValue;
  else if (hipc__graph_has_mem(originalGraph)) /* as AMD's runtime */
    e = hipErrorNotSupported;
  else if (!(c = hipc__graph_clone(originalGraph)))
    e = hipErrorOutOfMemory;
  else if (hipc__graph_publish(c) != 0) {
    hipc__graph_free(c);
    e = hipErrorOutOfMemory;
  }
  pthread_mutex_unlock(&hipc__graph_lock);
  if (e == hipSuccess) *pGraphClone = c;
  HIPC_RETURN(e);
}

hipError_t hipGraphNodeFindInClone(hipGraphNode_t* pNode,
                                   hipGraphNode_t originalNode,
                                   hipGraph_t clonedGraph) {
  HIPC_API_ENTER();
  HIPC_RETURN_IF(!pNode, hipErrorInvalidValue);
  pthread_mutex_lock(&hipc__graph_lock);
  hipError_t e = hipErrorInvalidValue;
  if (hipc__graph_ok(clonedGraph) && hipc__node_ok(originalNode))
    for (size_t i = 0; i < clonedGraph->nnodes; ++i)
      if (clonedGraph->nodes[i]->clone_of == originalNode) {
        *pNode = clonedGraph->nodes[i];
        e = hipSuccess;
        break;
      }
  pthread_mutex_unlock(&hipc__graph_lock);
  HIPC_RETURN(e);
}

/* Checks the edge lists of hipGraphAdd/RemoveDependencies. */
static hipError_t check_edges(hipGraph_t g, const hipGraphNode_t* from,
                              const hipGraphNode_t* to, size_t n) {
  if (!hipc__graph_ok(g)) return hipErrorInvalidValue;
  if (n && (!from || !to)) return hipErrorInvalidValue;
  for (size_t i = 0; i < n; ++i)
    if (!hipc__node_ok(from[i]) || !hipc__node_ok(to[i]) ||
        from[i]->graph != g || to[i]->graph != g || from[i] == to[i])
      return hipErrorInvalidValue;
  return hipSuccess;
}

hipError_t hipGraphAddDependencies(hipGraph_t graph,
                                   const hipGraphNode_t* from,
                                   const hipGraphNode_t* to,
                                   size_t numDependencies) {
  HIPC_API_ENTER();
  pthread_mutex_lock(&hipc__graph_lock);
  hipError_t e = check_edges(graph, from, to, numDependencies);
  /* An edge that is already there is hipErrorInvalidValue, as in CUDA. */
  for (size_t i = 0; i < numDependencies && e == hipSuccess; ++i)
    if (contains(to[i]->deps, to[i]->ndeps, from[i]))
      e = hipErrorInvalidValue;
  for (size_t i = 0; i < numDependencies && e == hipSuccess; ++i)
    if (link_nodes(from[i], to[i]) != 0) e = hipErrorOutOfMemory;
  pthread_mutex_unlock(&hipc__graph_lock);
  HIPC_RETURN(e);
}

hipError_t hipGraphRemoveDependencies(hipGraph_t graph,
                                      const hipGraphNode_t* from,
                                      const hipGraphNode_t* to,
                                      size_t numDependencies) {
  HIPC_API_ENTER();
  pthread_mutex_lock(&hipc__graph_lock);
  hipError_t e = check_edges(graph, from, to, numDependencies);
  for (size_t i = 0; i < numDependencies && e == hipSuccess; ++i)
    if (!contains(to[i]->deps, to[i]->ndeps, from[i]))
      e = hipErrorInvalidValue;
  for (size_t i = 0; i < numDependencies && e == hipSuccess; ++i) {
    drop(to[i]->deps, &to[i]->ndeps, from[i]);
    drop(from[i]->outs, &from[i]->nouts, to[i]);
  }
  pthread_mutex_unlock(&hipc__graph_lock);
  HIPC_RETURN(e);
}

/* The query convention: with `out` NULL, *count is set to the number of
 * entries; otherwise up to *count are written (the rest of `out` NULL) and
 * *count is set to the number written. */
static void report(hipGraphNode_t* out, size_t* count, hipGraphNode_t* a,
                   size_t n) {
  if (!out) {
    *count = n;
    return;
  }
  size_t k = n < *count ? n : *count;
  memcpy(out, a, k * sizeof *a);
  for (size_t i = k; i < *count; ++i) out[i] = NULL;
  *count = k;
}

hipError_t hipGraphGetNodes(hipGraph_t graph, hipGraphNode_t* nodes,
                            size_t* numNodes) {
  HIPC_API_ENTER();
  HIPC_RETURN_IF(!numNodes, hipErrorInvalidValue);
  pthread_mutex_lock(&hipc__graph_lock);
  int ok = hipc__graph_ok(graph);
  if (ok) report(nodes, numNodes, graph->nodes, graph->nnodes);
  pthread_mutex_unlock(&hipc__graph_lock);
  HIPC_RETURN(ok ? hipSuccess : hipErrorInvalidValue);
}

hipError_t hipGraphGetRootNodes(hipGraph_t graph, hipGraphNode_t* pRootNodes,
                                size_t* pNumRootNodes) {
  HIPC_API_ENTER();
  HIPC_RETURN_IF(!pNumRootNodes, hipErrorInvalidValue);
  pthread_mutex_lock(&hipc__graph_lock);
  hipError_t e = hipSuccess;
  if (!hipc__graph_ok(graph)) {
    e = hipErrorInvalidValue;
  } else {
    hipGraphNode_t* roots = malloc((graph->nnodes + 1) * sizeof *roots);
    if (!roots) {
      e = hipErrorOutOfMemory;
    } else {
      size_t n = 0;
      for (size_t i = 0; i < graph->nnodes; ++i)
        if (graph->nodes[i]->ndeps == 0) roots[n++] = graph->nodes[i];
      report(pRootNodes, pNumRootNodes, roots, n);
      free(roots);
    }
  }
  pthread_mutex_unlock(&hipc__graph_lock);
  HIPC_RETURN(e);
}

hipError_t hipGraphGetEdges(hipGraph_t graph, hipGraphNode_t* from,
                            hipGraphNode_t* to, size_t* numEdges) {
  HIPC_API_ENTER();
  HIPC_RETURN_IF(!numEdges || (!from) != (!to), hipErrorInvalidValue);
  pthread_mutex_lock(&hipc__graph_lock);
  int ok = hipc__graph_ok(graph);
  if (ok) {
    size_t n = 0;
    for (size_t i = 0; i < graph->nnodes; ++i) {
      hipGraphNode_t t = graph->nodes[i];
      for (size_t d = 0; d < t->ndeps; ++d, ++n)
        if (from && n < *numEdges) {
          from[n] = t->deps[d];
          to[n] = t;
        }
    }
    if (from) {
      for (size_t i = n; i < *numEdges; ++i) from[i] = to[i] = NULL;
      if (n > *numEdges) n = *numEdges;
    }
    *numEdges = n;
  }
  pthread_mutex_unlock(&hipc__graph_lock);
  HIPC_RETURN(ok ? hipSuccess : hipErrorInvalidValue);
}

hipError_t hipGraphNodeGetDependencies(hipGraphNode_t node,
                                       hipGraphNode_t* pDependencies,
                                       size_t* pNumDependencies) {
  HIPC_API_ENTER();
  HIPC_RETURN_IF(!pNumDependencies, hipErrorInvalidValue);
  pthread_mutex_lock(&hipc__graph_lock);
  int ok = hipc__node_ok(node);
  if (ok) report(pDependencies, pNumDependencies, node->deps, node->ndeps);
  pthread_mutex_unlock(&hipc__graph_lock);
  HIPC_RETURN(ok ? hipSuccess : hipErrorInvalidValue);
}

hipError_t hipGraphNodeGetDependentNodes(hipGraphNode_t node,
                                         hipGraphNode_t* pDependentNodes,
                                         size_t* pNumDependentNodes) {
  HIPC_API_ENTER();
  HIPC_RETURN_IF(!pNumDependentNodes, hipErrorInvalidValue);
  pthread_mutex_lock(&hipc__graph_lock);
  int ok = hipc__node_ok(node);
  if (ok) report(pDependentNodes, pNumDependentNodes, node->outs, node->nouts);
  pthread_mutex_unlock(&hipc__graph_lock);
  HIPC_RETURN(ok ? hipSuccess : hipErrorInvalidValue);
}

hipError_t hipGraphNodeGetType(hipGraphNode_t node, hipGraphNodeType* pType) {
  HIPC_API_ENTER();
  HIPC_RETURN_IF(!pType, hipErrorInvalidValue);
  pthread_mutex_lock(&hipc__graph_lock);
  int ok = hipc__node_ok(node);
  if (ok) *pType = node->type;
  pthread_mutex_unlock(&hipc__graph_lock);
  HIPC_RETURN(ok ? hipSuccess : hipErrorInvalidValue);
}

hipError_t hipGraphDestroyNode(hipGraphNode_t node) {
  HIPC_API_ENTER();
  pthread_mutex_lock(&hipc__graph_lock);
  int ok = hipc__node_ok(node);
  if (ok) remove_node(node);
  pthread_mutex_unlock(&hipc__graph_lock);
  HIPC_RETURN(ok ? hipSuccess : hipErrorInvalidValue);
}
