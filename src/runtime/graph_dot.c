/* hipGraphDebugDotPrint: a graph in Graphviz's DOT language, one record
 * per node (its kind and, with hipGraphDebugDotFlagsVerbose or the flag of
 * its kind, its parameters), child graphs as clusters. */
#include <stdio.h>

#include "graph.h"

static const char* kind_name(hipGraphNodeType t) {
  switch (t) {
    case hipGraphNodeTypeKernel: return "KERNEL";
    case hipGraphNodeTypeMemcpy: return "MEMCPY";
    case hipGraphNodeTypeMemset: return "MEMSET";
    case hipGraphNodeTypeHost: return "HOST";
    case hipGraphNodeTypeGraph: return "GRAPH";
    case hipGraphNodeTypeEmpty: return "EMPTY";
    case hipGraphNodeTypeWaitEvent: return "WAIT_EVENT";
    case hipGraphNodeTypeEventRecord: return "EVENT_RECORD";
    default: return "OTHER";
  }
}

/* The label of `n`: its kind and, when `flags` ask, its parameters. */
static void label(FILE* f, hipGraphNode_t n, unsigned flags) {
  int v = flags & hipGraphDebugDotFlagsVerbose;
  fprintf(f, "%s", kind_name(n->type));
  switch (n->type) {
    case hipGraphNodeTypeKernel:
      fprintf(f, "\\n%s", n->u.kernel.k ? n->u.kernel.k->name : "?");
      if (v || (flags & hipGraphDebugDotFlagsKernelNodeParams)) {
        const hipKernelNodeParams* p = &n->u.kernel.p;
        fprintf(f, "\\ngrid (%u,%u,%u) block (%u,%u,%u) shared %u",
                p->gridDim.x, p->gridDim.y, p->gridDim.z, p->blockDim.x,
                p->blockDim.y, p->blockDim.z, p->sharedMemBytes);
      }
      break;
    case hipGraphNodeTypeMemcpy:
      if (v || (flags & hipGraphDebugDotFlagsMemcpyNodeParams)) {
        const hipMemcpy3DParms* p = &n->u.copy;
        fprintf(f, "\\n%p -> %p\\n%zu x %zu x %zu, kind %d", p->srcPtr.ptr,
                p->dstPtr.ptr, p->extent.width, p->extent.height,
                p->extent.depth, (int)p->kind);
      }
      break;
    case hipGraphNodeTypeMemset:
      if (v || (flags & hipGraphDebugDotFlagsMemsetNodeParams)) {
        const hipMemsetParams* p = &n->u.fill;
        fprintf(f, "\\n%p = 0x%x\\n%zu x %zu of %u bytes, pitch %zu", p->dst,
                p->value, p->width, p->height, p->elementSize, p->pitch);
      }
      break;
    case hipGraphNodeTypeHost:
      if (v || (flags & hipGraphDebugDotFlagsHostNodeParams))
        fprintf(f, "\\nfn %p data %p", (void*)(uintptr_t)n->u.host.fn,
                n->u.host.userData);
      break;
    case hipGraphNodeTypeWaitEvent:
    case hipGraphNodeTypeEventRecord:
      if (v || (flags & hipGraphDebugDotFlagsEventNodeParams))
        fprintf(f, "\\nevent %p", (void*)n->u.event);
      break;
    default:
      break;
  }
}

/* Writes the nodes and edges of `g`; node names are "n<address>". */
static void body(FILE* f, hipGraph_t g, unsigned flags, int depth) {
  for (size_t i = 0; i < g->nnodes; ++i) {
    hipGraphNode_t n = g->nodes[i];
    fprintf(f, "%*s\"n%p\" [shape=record, label=\"{", 2 * depth, "",
            (void*)n);
    label(f, n, flags);
    fprintf(f, "}\"];\n");
    if (n->type == hipGraphNodeTypeGraph) {
      fprintf(f, "%*ssubgraph \"cluster_%p\" {\n%*slabel=\"child of %p\";\n",
              2 * depth, "", (void*)n, 2 * depth + 2, "", (void*)n);
      body(f, n->u.child, flags, depth + 1);
      fprintf(f, "%*s}\n", 2 * depth, "");
    }
  }
  for (size_t i = 0; i < g->nnodes; ++i) {
    hipGraphNode_t n = g->nodes[i];
    for (size_t d = 0; d < n->ndeps; ++d)
      fprintf(f, "%*s\"n%p\" -> \"n%p\";\n", 2 * depth, "",
              (void*)n->deps[d], (void*)n);
  }
}

hipError_t hipGraphDebugDotPrint(hipGraph_t graph, const char* path,
                                 unsigned int flags) {
  HIPC_API_ENTER();
  HIPC_RETURN_IF(!path, hipErrorInvalidValue);
  pthread_mutex_lock(&hipc__graph_lock);
  hipError_t e = hipSuccess;
  if (!hipc__graph_ok(graph)) {
    e = hipErrorInvalidValue;
  } else {
    FILE* f = fopen(path, "w");
    if (!f) {
      e = hipErrorOperatingSystem;
    } else {
      fprintf(f, "digraph \"graph_%p\" {\n  compound=true;\n", (void*)graph);
      body(f, graph, flags, 1);
      fprintf(f, "}\n");
      if (fclose(f) != 0) e = hipErrorOperatingSystem;
    }
  }
  pthread_mutex_unlock(&hipc__graph_lock);
  HIPC_RETURN(e);
}
