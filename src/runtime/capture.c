/* Stream capture: work enqueued on a capturing stream becomes nodes of a
 * graph instead of running.
 *
 * A capture begins on one stream (its origin) and spreads to others that
 * wait for an event recorded in it (fork); they must come back into the
 * origin through events before the capture ends (join), else
 * hipErrorStreamCaptureUnjoined. Each capturing stream keeps the nodes the
 * next captured work depends on (`deps`). hipEventRecord on a capturing
 * stream records those nodes into the event; hipStreamWaitEvent adds them.
 *
 * Misuse, with CUDA's and AMD's codes: work that cannot be captured (and
 * synchronising or querying a capturing stream) is
 * hipErrorStreamCaptureUnsupported and invalidates the capture; work on the
 * null stream while a blocking stream of its device captures is
 * hipErrorStreamCaptureImplicit (the same); an invalidated capture ends with
 * hipErrorStreamCaptureInvalidated. Calls that are unsafe during capture
 * (hipMalloc, hipFree, hipDeviceSynchronize) are refused with
 * hipErrorStreamCaptureUnsupported as the capture modes and
 * hipThreadExchangeStreamCaptureMode say.
 *
 * Everything here is under the graph lock. `active` (any capture at all)
 * is also read without it, so that streams pay one load when nothing
 * captures. */
#include <stdlib.h>
#include <string.h>

#include "capture_internal.h"

/* Events recorded in a capture, with the nodes they stand for. */
typedef struct captured_event {
  hipEvent_t ev;
  capture* c;
  hipGraphNode_t* deps;
  size_t ndeps;
} captured_event;

static int active;              /* hipc__ncaps, read without the lock */
capture** hipc__caps;           /* the captures in progress */
size_t hipc__ncaps;
static size_t capcaps;
static unsigned long long next_id = 1;
static captured_event* events;
static size_t nevents, capevents;
static __thread int thread_mode; /* hipStreamCaptureMode, 0: global */

static int any_active(void) {
  return __atomic_load_n(&active, __ATOMIC_ACQUIRE) != 0;
}

/* The capture state of user handle `s`, or NULL; *st the stream. */
static struct hipc_stream_capture* state_of(hipStream_t s, hipStream_t* st) {
  hipc_device* dev;
  *st = NULL;
  if (hipc__stream_lookup(s, &dev, st) != hipSuccess || !*st) return NULL;
  return (*st)->capture;
}

int hipc__capture_set_deps(struct hipc_stream_capture* sc, hipGraphNode_t* d,
                           size_t n) {
  if (n > sc->capdeps) {
    hipGraphNode_t* t = realloc(sc->deps, n * sizeof *t);
    if (!t) return -1;
    sc->deps = t;
    sc->capdeps = n;
  }
  memcpy(sc->deps, d, n * sizeof *d);
  sc->ndeps = n;
  return 0;
}

int hipc__capture_add_deps(struct hipc_stream_capture* sc, hipGraphNode_t* d,
                           size_t n) {
  for (size_t i = 0; i < n; ++i) {
    int seen = 0;
    for (size_t k = 0; k < sc->ndeps && !seen; ++k) seen = sc->deps[k] == d[i];
    if (seen) continue;
    if (sc->ndeps == sc->capdeps) {
      size_t nc = sc->capdeps ? sc->capdeps * 2 : 4;
      hipGraphNode_t* t = realloc(sc->deps, nc * sizeof *t);
      if (!t) return -1;
      sc->deps = t;
      sc->capdeps = nc;
    }
    sc->deps[sc->ndeps++] = d[i];
  }
  return 0;
}

/* Makes `st` take part in `c` after `deps`. */
static hipError_t join(capture* c, hipStream_t st, hipGraphNode_t* deps,
                       size_t n) {
  struct hipc_stream_capture* sc = calloc(1, sizeof *sc);
  if (!sc) return hipErrorOutOfMemory;
  sc->c = c;
  if (c->nstreams == c->cap) {
    size_t nc = c->cap ? c->cap * 2 : 4;
    hipStream_t* t = realloc(c->streams, nc * sizeof *t);
    if (!t) {
      free(sc);
      return hipErrorOutOfMemory;
    }
    c->streams = t;
    c->cap = nc;
  }
  if (hipc__capture_set_deps(sc, deps, n) != 0) {
    free(sc);
    return hipErrorOutOfMemory;
  }
  c->streams[c->nstreams++] = st;
  st->capture = sc;
  return hipSuccess;
}

static void leave(hipStream_t st) {
  struct hipc_stream_capture* sc = st->capture;
  st->capture = NULL;
  free(sc->deps);
  free(sc);
}

/* Ends `c`: every stream leaves it, its events are forgotten, the
 * counters drop. The graph is the caller's. */
static void end(capture* c) {
  for (size_t i = 0; i < c->nstreams; ++i) leave(c->streams[i]);
  for (size_t i = 0; i < nevents;) {
    if (events[i].c == c) {
      free(events[i].deps);
      events[i] = events[--nevents];
    } else {
      ++i;
    }
  }
  for (size_t i = 0; i < hipc__ncaps; ++i)
    if (hipc__caps[i] == c) hipc__caps[i] = hipc__caps[--hipc__ncaps];
  __atomic_store_n(&active, (int)hipc__ncaps, __ATOMIC_RELEASE);
  free(c->streams);
  free(c);
}

/* Adds `n` to the capture of `sc`, after its deps; `n` is freed on
 * failure. */
static hipError_t add_node(struct hipc_stream_capture* sc, hipGraphNode_t n) {
  if (sc->c->invalidated) {
    hipc__node_free(n);
    return hipErrorStreamCaptureInvalidated;
  }
  hipError_t e = hipc__graph_add(sc->c->graph, n, sc->deps, sc->ndeps);
  if (e == hipSuccess && hipc__capture_set_deps(sc, &n, 1) != 0)
    e = hipErrorOutOfMemory;
  return e;
}

/* The shape of every hook: NOT_CAPTURING fast, else a node made by
 * `make` added to the stream's capture. */
#define HOOK(s, type, make)                                       \
  if (!any_active()) return HIPC_NOT_CAPTURING;                   \
  pthread_mutex_lock(&hipc__graph_lock);                          \
  hipStream_t st;                                                 \
  struct hipc_stream_capture* sc = state_of(s, &st);              \
  hipError_t e = HIPC_NOT_CAPTURING;                              \
  if (sc) {                                                       \
    hipGraphNode_t n = hipc__node_new(type);                      \
    e = n ? (make) : hipErrorOutOfMemory;                         \
    if (n && e != hipSuccess)                                     \
      hipc__node_free(n);                                         \
    else if (n)                                                   \
      e = add_node(sc, n);                                        \
  }                                                               \
  pthread_mutex_unlock(&hipc__graph_lock);                        \
  return e;

static hipError_t make_kernel(hipGraphNode_t n, const hipc_kernel* k,
                              dim3 grid, dim3 block, void** args,
                              size_t shmem) {
  hipKernelNodeParams p = {.blockDim = block, .func = (void*)k->host_fn,
                           .gridDim = grid, .kernelParams = args,
                           .sharedMemBytes = (unsigned)shmem};
  return hipc__node_set_kernel(n, &p);
}

hipError_t hipc__capture_kernel(hipStream_t s, const hipc_kernel* k,
                                dim3 grid, dim3 block, void** args,
                                size_t shmem) {
  HOOK(s, hipGraphNodeTypeKernel, make_kernel(n, k, grid, block, args, shmem))
}

static hipError_t make_copy(hipGraphNode_t n, void* dst, size_t dpitch,
                            const void* src, size_t spitch, size_t width,
                            size_t height, hipMemcpyKind kind) {
  hipMemcpy3DParms p =
      hipc__copy_params_2d(dst, dpitch, src, spitch, width, height, kind);
  return hipc__node_set_copy(n, &p);
}

hipError_t hipc__capture_copy(hipStream_t s, void* dst, size_t dpitch,
                              const void* src, size_t spitch, size_t width,
                              size_t height, hipMemcpyKind kind) {
  HOOK(s, hipGraphNodeTypeMemcpy,
       make_copy(n, dst, dpitch, src, spitch, width, height, kind))
}

static hipError_t make_fill(hipGraphNode_t n, void* dst, size_t pitch,
                            uint32_t value, unsigned elem_size, size_t width,
                            size_t height) {
  hipMemsetParams p = {.dst = dst, .elementSize = elem_size,
                       .height = height, .pitch = pitch, .value = value,
                       .width = width};
  return hipc__node_set_fill(n, &p);
}

hipError_t hipc__capture_fill(hipStream_t s, void* dst, size_t pitch,
                              uint32_t value, unsigned elem_size,
                              size_t width, size_t height) {
  HOOK(s, hipGraphNodeTypeMemset,
       make_fill(n, dst, pitch, value, elem_size, width, height))
}

static hipError_t make_host(hipGraphNode_t n, hipHostFn_t fn, void* user) {
  n->u.host.fn = fn;
  n->u.host.userData = user;
  return hipSuccess;
}

hipError_t hipc__capture_host_fn(hipStream_t s, hipHostFn_t fn, void* user) {
  HOOK(s, hipGraphNodeTypeHost, make_host(n, fn, user))
}

static hipError_t make_child(hipGraphNode_t n, hipGraph_t g) {
  hipGraph_t c = hipc__graph_clone(g);
  if (!c) return hipErrorOutOfMemory;
  c->owner = n;
  n->u.child = c;
  return hipSuccess;
}

hipError_t hipc__capture_child(hipStream_t s, hipGraph_t g) {
  HOOK(s, hipGraphNodeTypeGraph, make_child(n, g))
}

/* -- for capture_mem.c */

int hipc__capture_any(void) { return any_active(); }

struct hipc_stream_capture* hipc__capture_of(hipStream_t s, hipStream_t* st) {
  return state_of(s, st);
}

hipGraph_t hipc__capture_graph(struct hipc_stream_capture* sc) {
  return sc->c->invalidated ? NULL : sc->c->graph;
}

hipError_t hipc__capture_add(struct hipc_stream_capture* sc,
                             hipGraphNode_t n) {
  return add_node(sc, n);
}

static captured_event* find_event(hipEvent_t ev) {
  for (size_t i = 0; i < nevents; ++i)
    if (events[i].ev == ev) return &events[i];
  return NULL;
}

int hipc__capture_event_captured(hipEvent_t ev) {
  if (!any_active()) return 0;
  pthread_mutex_lock(&hipc__graph_lock);
  int r = find_event(ev) != NULL;
  pthread_mutex_unlock(&hipc__graph_lock);
  return r;
}

hipError_t hipc__capture_event_record(hipEvent_t ev, hipStream_t s) {
  if (!any_active()) return HIPC_NOT_CAPTURING;
  pthread_mutex_lock(&hipc__graph_lock);
  hipStream_t st;
  struct hipc_stream_capture* sc = state_of(s, &st);
  captured_event* ce = find_event(ev);
  hipError_t e = HIPC_NOT_CAPTURING;
  if (!sc) {
    /* Recorded outside capture: it stands for no nodes any more. */
    if (ce) {
      free(ce->deps);
      *ce = events[--nevents];
    }
  } else {
    hipc_device* dev;
    hipc_event* impl;
    e = hipc__event_resolve(ev, &dev, &impl);
    if (e == hipSuccess && sc->c->invalidated)
      e = hipErrorStreamCaptureInvalidated;
    if (e == hipSuccess && !ce) {
      if (nevents == capevents) {
        size_t nc = capevents ? capevents * 2 : 8;
        captured_event* t = realloc(events, nc * sizeof *t);
        if (t) {
          events = t;
          capevents = nc;
        }
      }
      if (nevents < capevents) {
        ce = &events[nevents++];
        memset(ce, 0, sizeof *ce);
        ce->ev = ev;
      } else {
        e = hipErrorOutOfMemory;
      }
    }
    if (e == hipSuccess) {
      hipGraphNode_t* d = malloc((sc->ndeps + 1) * sizeof *d);
      if (d) {
        memcpy(d, sc->deps, sc->ndeps * sizeof *d);
        free(ce->deps);
        ce->deps = d;
        ce->ndeps = sc->ndeps;
        ce->c = sc->c;
      } else {
        e = hipErrorOutOfMemory;
      }
    }
  }
  pthread_mutex_unlock(&hipc__graph_lock);
  return e;
}

hipError_t hipc__capture_wait_event(hipStream_t s, hipEvent_t ev) {
  if (!any_active()) return HIPC_NOT_CAPTURING;
  pthread_mutex_lock(&hipc__graph_lock);
  hipStream_t st;
  struct hipc_stream_capture* sc = state_of(s, &st);
  captured_event* ce = find_event(ev);
  hipError_t e = HIPC_NOT_CAPTURING;
  if (ce && !sc) {
    /* A fork: the stream joins the event's capture. */
    if (!st)
      e = hipErrorStreamCaptureImplicit; /* the null stream cannot */
    else if (ce->c->invalidated)
      e = hipErrorStreamCaptureInvalidated;
    else
      e = join(ce->c, st, ce->deps, ce->ndeps);
  } else if (ce && sc) {
    if (ce->c != sc->c)
      e = hipErrorStreamCaptureIsolation;
    else
      e = hipc__capture_add_deps(sc, ce->deps, ce->ndeps) == 0
              ? hipSuccess
              : hipErrorOutOfMemory;
  } else if (sc) {
    /* An event from outside the capture: the graph waits for it. */
    hipGraphNode_t n = hipc__node_new(hipGraphNodeTypeWaitEvent);
    if (!n) {
      e = hipErrorOutOfMemory;
    } else {
      n->u.event = ev;
      e = add_node(sc, n);
    }
  }
  pthread_mutex_unlock(&hipc__graph_lock);
  return e;
}

/* -- the stream side (internal.h) */

hipError_t hipc__capture_check_work(hipStream_t st, hipc_device* dev) {
  if (!any_active()) return hipSuccess;
  pthread_mutex_lock(&hipc__graph_lock);
  hipError_t e = hipSuccess;
  if (st && st->capture) {
    st->capture->c->invalidated = 1;
    e = hipErrorStreamCaptureUnsupported;
  } else if (!st) {
    /* The null stream synchronises with every blocking stream. */
    e = hipc__stream_capture_implicit(dev);
  }
  pthread_mutex_unlock(&hipc__graph_lock);
  return e;
}

/* Called by stream.c (under the graph lock) for each blocking stream of
 * the null stream's device. */
int hipc__capture_invalidate(hipStream_t st) {
  if (!st->capture) return 0;
  st->capture->c->invalidated = 1;
  return 1;
}

hipError_t hipc__capture_unsafe(int invalidate) {
  if (!any_active()) return hipSuccess;
  if (thread_mode == hipStreamCaptureModeRelaxed) return hipSuccess;
  /* Global captures of any thread (this thread in global mode), and this
   * thread's thread-local ones; `invalidate`: they end invalidated. */
  int hit = 0;
  pthread_mutex_lock(&hipc__graph_lock);
  for (size_t i = 0; i < hipc__ncaps; ++i) {
    capture* c = hipc__caps[i];
    int mine = pthread_equal(c->thread, pthread_self());
    if ((c->mode == hipStreamCaptureModeGlobal &&
         (mine || thread_mode == hipStreamCaptureModeGlobal)) ||
        (c->mode == hipStreamCaptureModeThreadLocal && mine)) {
      hit = 1;
      if (invalidate) c->invalidated = 1;
    }
  }
  pthread_mutex_unlock(&hipc__graph_lock);
  return hit ? hipErrorStreamCaptureUnsupported : hipSuccess;
}

void hipc__capture_stream_gone(hipStream_t st) {
  if (!any_active()) return;
  pthread_mutex_lock(&hipc__graph_lock);
  if (st->capture) {
    capture* c = st->capture->c;
    c->invalidated = 1;
    if (c->origin == st) {
      if (!c->user_graph) hipc__graph_free(c->graph);
      end(c);
    } else {
      for (size_t i = 0; i < c->nstreams; ++i)
        if (c->streams[i] == st) c->streams[i] = c->streams[--c->nstreams];
      leave(st);
    }
  }
  pthread_mutex_unlock(&hipc__graph_lock);
}

/* -- the API */

/* Begins a capture of `stream` into a new graph, or (`user`) into the
 * user's graph `graph` after its nodes `deps`. */
static hipError_t begin(hipStream_t stream, hipGraph_t graph,
                        const hipGraphNode_t* deps, size_t ndeps,
                        hipStreamCaptureMode mode) {
  if ((unsigned)mode > hipStreamCaptureModeRelaxed) return hipErrorInvalidValue;
  hipc_device* dev;
  hipStream_t st;
  hipError_t e = hipc__stream_lookup(stream, &dev, &st);
  if (e != hipSuccess) return e;
  if (!st) return hipErrorStreamCaptureUnsupported;
  capture* c = calloc(1, sizeof *c);
  if (!c) return hipErrorOutOfMemory;
  c->user_graph = graph != NULL;
  c->graph = graph ? graph : hipc__graph_new();
  if (!c->graph) {
    free(c);
    return hipErrorOutOfMemory;
  }
  c->mode = mode;
  c->thread = pthread_self();
  c->origin = st;
  pthread_mutex_lock(&hipc__graph_lock);
  if (st->capture) {
    e = hipErrorIllegalState;
  } else if (graph && !hipc__graph_ok(graph)) {
    e = hipErrorInvalidValue;
  } else {
    for (size_t i = 0; i < ndeps && e == hipSuccess; ++i)
      if (!hipc__node_ok(deps[i]) || deps[i]->graph != graph)
        e = hipErrorInvalidValue;
  }
  if (e == hipSuccess) {
    e = join(c, st, (hipGraphNode_t*)deps, ndeps);
    if (e == hipSuccess && hipc__ncaps == capcaps) {
      size_t nc = capcaps ? capcaps * 2 : 8;
      capture** t = realloc(hipc__caps, nc * sizeof *t);
      if (t) {
        hipc__caps = t;
        capcaps = nc;
      }
    }
    /* Its nodes are live handles while it is built. */
    if (e == hipSuccess &&
        (hipc__ncaps == capcaps ||
         (!graph && hipc__graph_publish(c->graph) != 0))) {
      leave(st);
      e = hipErrorOutOfMemory;
    }
  }
  if (e == hipSuccess) {
    c->id = next_id++;
    hipc__caps[hipc__ncaps++] = c;
    __atomic_store_n(&active, (int)hipc__ncaps, __ATOMIC_RELEASE);
  } else {
    if (!graph) hipc__graph_free(c->graph);
    free(c->streams);
    free(c);
  }
  pthread_mutex_unlock(&hipc__graph_lock);
  return e;
}

hipError_t hipStreamBeginCapture(hipStream_t stream,
                                 hipStreamCaptureMode mode) {
  HIPC_API_ENTER();
  HIPC_RETURN(begin(stream, NULL, NULL, 0, mode));
}

hipError_t hipStreamBeginCaptureToGraph(hipStream_t stream, hipGraph_t graph,
                                        const hipGraphNode_t* dependencies,
                                        const hipGraphEdgeData* dependencyData,
                                        size_t numDependencies,
                                        hipStreamCaptureMode mode) {
  HIPC_API_ENTER();
  (void)dependencyData; /* default edges only */
  HIPC_RETURN_IF(!graph || (numDependencies && !dependencies),
                 hipErrorInvalidValue);
  HIPC_RETURN(begin(stream, graph, dependencies, numDependencies, mode));
}

/* Whether every stream that joined `c` came back into its origin: each
 * node a side stream would depend on next is followed by some node, or is
 * one the origin would depend on. */
static int joined(capture* c) {
  struct hipc_stream_capture* o = c->origin->capture;
  for (size_t i = 0; i < c->nstreams; ++i) {
    struct hipc_stream_capture* sc = c->streams[i]->capture;
    if (sc == o) continue;
    for (size_t d = 0; d < sc->ndeps; ++d) {
      int ok = sc->deps[d]->nouts > 0;
      for (size_t k = 0; k < o->ndeps && !ok; ++k) ok = o->deps[k] == sc->deps[d];
      if (!ok) return 0;
    }
  }
  return 1;
}

hipError_t hipStreamEndCapture(hipStream_t stream, hipGraph_t* pGraph) {
  HIPC_API_ENTER();
  HIPC_RETURN_IF(!pGraph, hipErrorInvalidValue);
  hipc_device* dev;
  hipStream_t st;
  hipError_t e = hipc__stream_lookup(stream, &dev, &st);
  HIPC_RETURN_IF(e != hipSuccess, e);
  pthread_mutex_lock(&hipc__graph_lock);
  capture* c = st && st->capture ? st->capture->c : NULL;
  if (!c) {
    e = hipErrorIllegalState;
  } else if (c->origin != st) {
    e = hipErrorStreamCaptureUnmatched;
  } else if (c->mode != hipStreamCaptureModeRelaxed &&
             !pthread_equal(c->thread, pthread_self())) {
    e = hipErrorStreamCaptureWrongThread;
  } else {
    hipGraph_t g = c->graph;
    int user = c->user_graph;
    if (c->invalidated)
      e = hipErrorStreamCaptureInvalidated;
    else if (!joined(c))
      e = hipErrorStreamCaptureUnjoined;
    end(c);
    if (e != hipSuccess && !user) hipc__graph_free(g);
    *pGraph = e == hipSuccess ? g : NULL;
  }
  pthread_mutex_unlock(&hipc__graph_lock);
  HIPC_RETURN(e);
}

hipError_t hipThreadExchangeStreamCaptureMode(hipStreamCaptureMode* mode) {
  HIPC_API_ENTER();
  HIPC_RETURN_IF(!mode || (unsigned)*mode > hipStreamCaptureModeRelaxed,
                 hipErrorInvalidValue);
  int old = thread_mode;
  thread_mode = *mode;
  *mode = (hipStreamCaptureMode)old;
  HIPC_RETURN(hipSuccess);
}
