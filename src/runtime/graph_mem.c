/* Graph memory nodes: hipGraphAddMemAllocNode, hipGraphAddMemFreeNode,
 * their parameters, and the device's graph memory attributes.
 *
 * An alloc node's memory is allocated when the node is added (its address
 * is the node's dptr, fixed for the graph's life, as AMD's runtime gives
 * it then) and belongs to an allocation record shared by the node, its
 * free node and their copies in executable graphs. A launch makes the
 * allocation "used" at the alloc node and free at the free node, or at the
 * user's hipFree/hipFreeAsync of the address when the graph has no free
 * node; only these are counted in the device's attributes (UsedMem*:
 * allocations in use; ReservedMem*: memory the graphs hold, given back to
 * the count by hipDeviceGraphMemTrim). The memory itself is released when
 * no node refers to it and it is not in use. */
#include <stdlib.h>

#include "graph.h"

#define MAX_DEVICES 64

typedef struct hipc_graph_alloc {
  struct hipc_graph_alloc* next;
  void* ptr;
  size_t size;
  int dev;
  hipMemAllocNodeParams params; /* as given (accessDescs is the caller's
                                   pointer, which AMD's runtime returns) */
  unsigned refs;  /* nodes referring to it */
  unsigned execs; /* copies of its alloc node in executable graphs */
  hipGraphNode_t origin; /* its alloc node as added */
  int used;       /* made used by a launch and not yet freed */
  int reserved;   /* counted in ReservedMemCurrent (until a trim) */
  int external;   /* a captured free of memory from outside the graphs
                     (hipMallocAsync, hipMalloc): not listed, not the
                     graphs' to release; its free node frees it */
} hipc_graph_alloc;

/* The records and the counters, under `mem_lock` (taken after the graph
 * lock where both are held). */
static pthread_mutex_t mem_lock = PTHREAD_MUTEX_INITIALIZER;
static hipc_graph_alloc* allocs;
static size_t used_now[MAX_DEVICES], used_high[MAX_DEVICES];
static size_t reserved_now[MAX_DEVICES], reserved_high[MAX_DEVICES];

static hipc_graph_alloc* find(const void* p) {
  for (hipc_graph_alloc* a = allocs; a; a = a->next)
    if (a->ptr == p) return a;
  return NULL;
}

static void unlink_alloc(hipc_graph_alloc* a) {
  for (hipc_graph_alloc** pp = &allocs; *pp; pp = &(*pp)->next)
    if (*pp == a) {
      *pp = a->next;
      return;
    }
}

/* Under mem_lock: releases `a` when nothing holds it; the memory is freed
 * by the caller (returned), outside the lock. */
static void* drop_if_unheld(hipc_graph_alloc* a) {
  if (a->refs || a->used) return NULL;
  if (a->external) {
    free(a);
    return NULL;
  }
  unlink_alloc(a);
  void* p = a->ptr;
  if (a->reserved && a->dev >= 0 && a->dev < MAX_DEVICES)
    reserved_now[a->dev] -= a->size; /* given back with the memory */
  free(a);
  return p;
}

static void set_used(hipc_graph_alloc* a, int used) {
  if (a->dev < 0 || a->dev >= MAX_DEVICES || a->used == used) return;
  a->used = used;
  if (used) {
    used_now[a->dev] += a->size;
    if (used_now[a->dev] > used_high[a->dev])
      used_high[a->dev] = used_now[a->dev];
    if (!a->reserved) {
      a->reserved = 1;
      reserved_now[a->dev] += a->size;
      if (reserved_now[a->dev] > reserved_high[a->dev])
        reserved_high[a->dev] = reserved_now[a->dev];
    }
  } else {
    used_now[a->dev] -= a->size;
  }
}

void hipc__graph_mem_ref(hipGraphNode_t n) {
  if (!n->u.mem) return;
  pthread_mutex_lock(&mem_lock);
  n->u.mem->refs++;
  /* Graphs with memory nodes are copied only by hipGraphInstantiate. */
  if (n->type == hipGraphNodeTypeMemAlloc) n->u.mem->execs++;
  pthread_mutex_unlock(&mem_lock);
}

void hipc__graph_mem_unref(hipGraphNode_t n) {
  hipc_graph_alloc* a = n->u.mem;
  if (!a) return;
  n->u.mem = NULL;
  pthread_mutex_lock(&mem_lock);
  a->refs--;
  if (n == a->origin)
    a->origin = NULL;
  else if (n->type == hipGraphNodeTypeMemAlloc)
    a->execs--;
  void* p = drop_if_unheld(a);
  pthread_mutex_unlock(&mem_lock);
  if (p) hipc__free(p);
}

hipError_t hipc__graph_mem_issue(hipGraphNode_t n, hipStream_t stream) {
  if (!n->u.mem) return hipSuccess;
  /* A captured free of memory from outside the graphs frees it in stream
   * order, as the hipFreeAsync it stands for. */
  if (n->u.mem->external) return hipFreeAsync(n->u.mem->ptr, stream);
  pthread_mutex_lock(&mem_lock);
  set_used(n->u.mem, n->type == hipGraphNodeTypeMemAlloc);
  pthread_mutex_unlock(&mem_lock);
  return hipSuccess;
}

int hipc__graph_mem_user_free(void* ptr, hipError_t* result) {
  if (!ptr) return 0;
  pthread_mutex_lock(&mem_lock);
  hipc_graph_alloc* a = find(ptr);
  void* p = NULL;
  if (a) {
    set_used(a, 0);
    p = drop_if_unheld(a);
  }
  pthread_mutex_unlock(&mem_lock);
  if (!a) return 0;
  /* As hipFree: after the device's work (the memory is released when no
   * graph holds it any more). */
  *result = p ? hipc__free(p) : hipDeviceSynchronize();
  return 1;
}

int hipc__graph_mem_instantiated(hipGraph_t g) {
  int r = 0;
  pthread_mutex_lock(&mem_lock);
  for (size_t i = 0; i < g->nnodes && !r; ++i) {
    hipGraphNode_t n = g->nodes[i];
    r = n->type == hipGraphNodeTypeMemAlloc && n->u.mem && n->u.mem->execs;
  }
  pthread_mutex_unlock(&mem_lock);
  return r;
}

int hipc__graph_has_mem(hipGraph_t g) {
  for (size_t i = 0; i < g->nnodes; ++i) {
    hipGraphNode_t n = g->nodes[i];
    if (n->type == hipGraphNodeTypeMemAlloc ||
        n->type == hipGraphNodeTypeMemFree)
      return 1;
    if (n->type == hipGraphNodeTypeGraph && n->u.child &&
        hipc__graph_has_mem(n->u.child))
      return 1;
  }
  return 0;
}

/* -- adding nodes */

static hipError_t check_alloc_params(const hipMemAllocNodeParams* p) {
  if (!p) return hipErrorInvalidValue;
  int count = hipc__device_count();
  const hipMemPoolProps* pp = &p->poolProps;
  if (pp->allocType != hipMemAllocationTypePinned ||
      pp->location.type != hipMemLocationTypeDevice ||
      pp->location.id < 0 || pp->location.id >= count ||
      p->bytesize == 0 || p->accessDescCount > (size_t)count ||
      (p->accessDescCount && !p->accessDescs))
    return hipErrorInvalidValue;
  for (size_t i = 0; i < p->accessDescCount; ++i) {
    const hipMemAccessDesc* d = &p->accessDescs[i];
    if (d->location.type != hipMemLocationTypeDevice ||
        d->location.id < 0 || d->location.id >= count)
      return hipErrorInvalidValue;
  }
  return hipSuccess;
}

/* Allocates the record and memory of alloc parameters `p` on their
 * device (the current device is kept). */
static hipError_t new_alloc(const hipMemAllocNodeParams* p,
                            hipc_graph_alloc** out) {
  hipc_graph_alloc* a = calloc(1, sizeof *a);
  if (!a) return hipErrorOutOfMemory;
  int cur = 0;
  hipError_t e = hipGetDevice(&cur);
  if (e == hipSuccess && cur != p->poolProps.location.id)
    e = hipSetDevice(p->poolProps.location.id);
  void* mem = NULL;
  if (e == hipSuccess) e = hipc__malloc(&mem, p->bytesize); /* memory.c */
  if (cur != p->poolProps.location.id) hipSetDevice(cur);
  if (e != hipSuccess) {
    free(a);
    return e;
  }
  a->ptr = mem;
  a->size = p->bytesize;
  a->dev = p->poolProps.location.id;
  a->params = *p;
  a->params.dptr = mem;
  a->refs = 1;
  *out = a;
  return hipSuccess;
}

hipError_t hipGraphAddMemAllocNode(hipGraphNode_t* pGraphNode,
                                   hipGraph_t graph,
                                   const hipGraphNode_t* pDependencies,
                                   size_t numDependencies,
                                   hipMemAllocNodeParams* pNodeParams) {
  HIPC_API_ENTER();
  HIPC_RETURN_IF(!pGraphNode || !graph || (numDependencies && !pDependencies),
                 hipErrorInvalidValue);
  hipError_t e = check_alloc_params(pNodeParams);
  HIPC_RETURN_IF(e != hipSuccess, e);
  hipc_graph_alloc* a = NULL;
  e = new_alloc(pNodeParams, &a);
  HIPC_RETURN_IF(e != hipSuccess, e);
  pthread_mutex_lock(&mem_lock);
  a->next = allocs;
  allocs = a;
  pthread_mutex_unlock(&mem_lock);
  void* dptr = a->ptr;
  pthread_mutex_lock(&hipc__graph_lock);
  hipGraphNode_t n = NULL;
  if (!hipc__graph_ok(graph))
    e = hipErrorInvalidValue;
  else if (!(n = hipc__node_new(hipGraphNodeTypeMemAlloc)))
    e = hipErrorOutOfMemory;
  if (n) {
    n->u.mem = a; /* the node's reference (freed with it on failure) */
    a->origin = n;
    e = hipc__graph_add(graph, n, pDependencies, numDependencies);
  }
  pthread_mutex_unlock(&hipc__graph_lock);
  if (!n) { /* the record still holds its first reference */
    pthread_mutex_lock(&mem_lock);
    a->refs--;
    void* p = drop_if_unheld(a);
    pthread_mutex_unlock(&mem_lock);
    if (p) hipc__free(p);
  }
  if (e == hipSuccess) {
    *pGraphNode = n;
    pNodeParams->dptr = dptr;
  }
  HIPC_RETURN(e);
}

hipError_t hipGraphAddMemFreeNode(hipGraphNode_t* pGraphNode,
                                  hipGraph_t graph,
                                  const hipGraphNode_t* pDependencies,
                                  size_t numDependencies, void* dev_ptr) {
  HIPC_API_ENTER();
  HIPC_ARG_PTR("dev_ptr", dev_ptr);
  HIPC_RETURN_IF(!pGraphNode || !graph || !dev_ptr ||
                     (numDependencies && !pDependencies),
                 hipErrorInvalidValue);
  pthread_mutex_lock(&hipc__graph_lock);
  hipError_t e = hipc__graph_ok(graph) ? hipSuccess : hipErrorInvalidValue;
  pthread_mutex_lock(&mem_lock);
  hipc_graph_alloc* a = e == hipSuccess ? find(dev_ptr) : NULL;
  if (a) a->refs++;
  pthread_mutex_unlock(&mem_lock);
  /* Only an alloc node's address, freed once in the graph. */
  if (e == hipSuccess && !a) e = hipErrorInvalidValue;
  for (size_t i = 0; e == hipSuccess && i < graph->nnodes; ++i)
    if (graph->nodes[i]->type == hipGraphNodeTypeMemFree &&
        graph->nodes[i]->u.mem == a)
      e = hipErrorInvalidValue;
  hipGraphNode_t n = NULL;
  if (e == hipSuccess && !(n = hipc__node_new(hipGraphNodeTypeMemFree)))
    e = hipErrorOutOfMemory;
  if (n) {
    n->u.mem = a;
    a = NULL; /* the node's reference now */
    e = hipc__graph_add(graph, n, pDependencies, numDependencies);
    if (e == hipSuccess) *pGraphNode = n;
  }
  pthread_mutex_unlock(&hipc__graph_lock);
  if (a) {
    pthread_mutex_lock(&mem_lock);
    a->refs--;
    void* p = drop_if_unheld(a);
    pthread_mutex_unlock(&mem_lock);
    if (p) hipc__free(p);
  }
  HIPC_RETURN(e);
}

/* -- stream capture (capture.c) */

hipError_t hipc__graph_mem_capture_alloc(const hipMemAllocNodeParams* p,
                                         struct hipc_graph_alloc** out,
                                         void** dptr) {
  hipError_t e = check_alloc_params(p);
  if (e == hipSuccess) e = new_alloc(p, out);
  if (e != hipSuccess) return e;
  *dptr = (*out)->ptr;
  pthread_mutex_lock(&mem_lock);
  (*out)->next = allocs;
  allocs = *out;
  pthread_mutex_unlock(&mem_lock);
  return hipSuccess;
}

void hipc__graph_mem_attach_alloc(hipGraphNode_t n,
                                  struct hipc_graph_alloc* a) {
  pthread_mutex_lock(&mem_lock);
  n->u.mem = a; /* the record's first reference */
  a->origin = n;
  pthread_mutex_unlock(&mem_lock);
}

/* Drops one reference of `a`, releasing it (and its memory) at the last. */
static void unref_record(hipc_graph_alloc* a) {
  pthread_mutex_lock(&mem_lock);
  a->refs--;
  void* p = drop_if_unheld(a);
  pthread_mutex_unlock(&mem_lock);
  if (p) hipc__free(p);
}

void hipc__graph_mem_drop(struct hipc_graph_alloc* a) { unref_record(a); }

hipError_t hipc__graph_mem_attach_free(hipGraph_t g, hipGraphNode_t n,
                                       void* ptr) {
  pthread_mutex_lock(&mem_lock);
  hipc_graph_alloc* a = find(ptr);
  if (a) a->refs++;
  pthread_mutex_unlock(&mem_lock);
  if (!a) {
    /* Memory of hipMallocAsync or hipMalloc & co., freed when the graph
     * runs; anything else (freed, interior, registered) is refused, as
     * hipFreeAsync refuses it. */
    hipc_alloc m;
    if (!hipc__alloc_find(ptr, &m) || m.base != ptr || m.registered)
      return hipErrorInvalidValue;
    if (!(a = calloc(1, sizeof *a))) return hipErrorOutOfMemory;
    a->ptr = ptr;
    a->size = m.size;
    a->dev = m.dev->ordinal;
    a->refs = 1;
    a->external = 1;
  }
  /* Freed once in a graph. */
  for (size_t i = 0; i < g->nnodes; ++i)
    if (g->nodes[i]->type == hipGraphNodeTypeMemFree && g->nodes[i]->u.mem &&
        g->nodes[i]->u.mem->ptr == ptr) {
      unref_record(a);
      return hipErrorInvalidValue;
    }
  n->u.mem = a;
  return hipSuccess;
}

/* -- parameters */

hipError_t hipGraphMemAllocNodeGetParams(hipGraphNode_t node,
                                         hipMemAllocNodeParams* pNodeParams) {
  HIPC_API_ENTER();
  HIPC_RETURN_IF(!node || !pNodeParams, hipErrorInvalidValue);
  pthread_mutex_lock(&hipc__graph_lock);
  hipError_t e = hipErrorInvalidValue;
  if (hipc__node_ok(node) && node->type == hipGraphNodeTypeMemAlloc &&
      node->u.mem) {
    *pNodeParams = node->u.mem->params;
    e = hipSuccess;
  }
  pthread_mutex_unlock(&hipc__graph_lock);
  HIPC_RETURN(e);
}

hipError_t hipGraphMemFreeNodeGetParams(hipGraphNode_t node, void* dev_ptr) {
  HIPC_API_ENTER();
  HIPC_RETURN_IF(!node || !dev_ptr, hipErrorInvalidValue);
  pthread_mutex_lock(&hipc__graph_lock);
  hipError_t e = hipErrorInvalidValue;
  if (hipc__node_ok(node) && node->type == hipGraphNodeTypeMemFree &&
      node->u.mem) {
    *(void**)dev_ptr = node->u.mem->ptr;
    e = hipSuccess;
  }
  pthread_mutex_unlock(&hipc__graph_lock);
  HIPC_RETURN(e);
}

/* -- the device's attributes */

static int device_ok(int device) {
  return device >= 0 && device < hipc__device_count() &&
         device < MAX_DEVICES;
}

hipError_t hipDeviceGetGraphMemAttribute(int device,
                                         hipGraphMemAttributeType attr,
                                         void* value) {
  HIPC_API_ENTER();
  HIPC_RETURN_IF(!device_ok(device), hipErrorInvalidDevice);
  HIPC_RETURN_IF(!value, hipErrorInvalidValue);
  hipError_t e = hipSuccess;
  pthread_mutex_lock(&mem_lock);
  switch (attr) {
    case hipGraphMemAttrUsedMemCurrent:
      *(size_t*)value = used_now[device];
      break;
    case hipGraphMemAttrUsedMemHigh:
      *(size_t*)value = used_high[device];
      break;
    case hipGraphMemAttrReservedMemCurrent:
      *(size_t*)value = reserved_now[device];
      break;
    case hipGraphMemAttrReservedMemHigh:
      *(size_t*)value = reserved_high[device];
      break;
    default:
      e = hipErrorInvalidValue;
  }
  pthread_mutex_unlock(&mem_lock);
  HIPC_RETURN(e);
}

/* Only the high-water marks can be set, and only to 0, which resets them
 * to the current amounts (the other attributes are hipErrorInvalidValue). */
hipError_t hipDeviceSetGraphMemAttribute(int device,
                                         hipGraphMemAttributeType attr,
                                         void* value) {
  HIPC_API_ENTER();
  HIPC_RETURN_IF(!device_ok(device), hipErrorInvalidDevice);
  /* The kind first: `value` is not read for the others. */
  HIPC_RETURN_IF(attr != hipGraphMemAttrUsedMemHigh &&
                     attr != hipGraphMemAttrReservedMemHigh,
                 hipErrorInvalidValue);
  HIPC_RETURN_IF(!value || *(const size_t*)value != 0, hipErrorInvalidValue);
  pthread_mutex_lock(&mem_lock);
  if (attr == hipGraphMemAttrUsedMemHigh)
    used_high[device] = used_now[device];
  else
    reserved_high[device] = reserved_now[device];
  pthread_mutex_unlock(&mem_lock);
  HIPC_RETURN(hipSuccess);
}

/* Memory the graphs reserve but do not use is given back: it leaves
 * ReservedMemCurrent (hipc keeps the addresses with their graphs). */
hipError_t hipDeviceGraphMemTrim(int device) {
  HIPC_API_ENTER();
  HIPC_RETURN_IF(!device_ok(device), hipErrorInvalidDevice);
  hipError_t e = hipDeviceSynchronize();
  pthread_mutex_lock(&mem_lock);
  for (hipc_graph_alloc* a = allocs; a; a = a->next)
    if (a->dev == device && a->reserved && !a->used) {
      a->reserved = 0;
      reserved_now[device] -= a->size;
    }
  pthread_mutex_unlock(&mem_lock);
  HIPC_RETURN(e);
}
