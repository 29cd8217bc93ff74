/* Stream capture's state, shared by capture.c (begin, add work, end) and
 * capture_query.c (status queries). Everything here is under the graph
 * lock (hipc__graph_lock). */
#ifndef HIPC_CAPTURE_INTERNAL_H
#define HIPC_CAPTURE_INTERNAL_H

#include "graph.h"

typedef struct capture {
  hipGraph_t graph;
  hipStreamCaptureMode mode;
  unsigned long long id;
  pthread_t thread;
  int invalidated;
  int user_graph; /* hipStreamBeginCaptureToGraph: `graph` is the user's */
  hipStream_t origin;
  hipStream_t* streams; /* every stream taking part, origin included */
  size_t nstreams, cap;
} capture;

struct hipc_stream_capture {
  capture* c;
  hipGraphNode_t* deps;
  size_t ndeps, capdeps;
};

extern capture** hipc__caps; /* the captures in progress */
extern size_t hipc__ncaps;

/* Sets or adds to the nodes the next work of a capturing stream depends
 * on; -1 when out of memory. */
int hipc__capture_set_deps(struct hipc_stream_capture* sc, hipGraphNode_t* d,
                           size_t n);
int hipc__capture_add_deps(struct hipc_stream_capture* sc, hipGraphNode_t* d,
                           size_t n);

#endif
