/* Stream capture, the queries: hipStreamIsCapturing,
 * hipStreamGetCaptureInfo(_v2) and hipStreamUpdateCaptureDependencies.
 * capture.c starts, feeds and ends captures; this file only reads their
 * state (and replaces a stream's dependencies), under the graph lock. */
#include "capture_internal.h"

/* Whether a stream that synchronises with the null stream of `dev` (not
 * hipStreamNonBlocking) captures in a mode other than relaxed: the null
 * stream's work would join that capture implicitly. */
static int blocking_capture(const hipc_device* dev) {
  for (size_t i = 0; i < hipc__ncaps; ++i) {
    capture* c = hipc__caps[i];
    if (c->mode == hipStreamCaptureModeRelaxed) continue;
    for (size_t j = 0; j < c->nstreams; ++j) {
      hipStream_t s = c->streams[j];
      if (s->dev == dev && !(s->flags & hipStreamNonBlocking)) return 1;
    }
  }
  return 0;
}

/* The capture status of `stream` (*sc its state, NULL when none). The null
 * stream's, while a blocking stream captures, is AMD's
 * hipErrorStreamCaptureImplicit. */
static hipError_t status_of(hipStream_t stream, hipStreamCaptureStatus* out,
                            struct hipc_stream_capture** sc) {
  hipc_device* dev;
  hipStream_t st;
  hipError_t e = hipc__stream_lookup(stream, &dev, &st);
  if (e != hipSuccess) return e;
  /* The null stream (0 or hipStreamLegacy), while a blocking stream
   * captures (AMD's answer). */
  if (!st && blocking_capture(dev)) return hipErrorStreamCaptureImplicit;
  *sc = st ? st->capture : NULL;
  *out = !*sc                ? hipStreamCaptureStatusNone
         : (*sc)->c->invalidated ? hipStreamCaptureStatusInvalidated
                                 : hipStreamCaptureStatusActive;
  return hipSuccess;
}

hipError_t hipStreamIsCapturing(hipStream_t stream,
                                hipStreamCaptureStatus* pCaptureStatus) {
  HIPC_API_ENTER();
  HIPC_RETURN_IF(!pCaptureStatus, hipErrorInvalidValue);
  struct hipc_stream_capture* sc;
  pthread_mutex_lock(&hipc__graph_lock);
  hipError_t e = status_of(stream, pCaptureStatus, &sc);
  pthread_mutex_unlock(&hipc__graph_lock);
  HIPC_RETURN(e);
}

hipError_t hipStreamGetCaptureInfo_v2(
    hipStream_t stream, hipStreamCaptureStatus* captureStatus_out,
    unsigned long long* id_out, hipGraph_t* graph_out,
    const hipGraphNode_t** dependencies_out, size_t* numDependencies_out) {
  HIPC_API_ENTER();
  HIPC_RETURN_IF(!captureStatus_out, hipErrorInvalidValue);
  struct hipc_stream_capture* sc;
  pthread_mutex_lock(&hipc__graph_lock);
  hipError_t e = status_of(stream, captureStatus_out, &sc);
  if (e == hipSuccess && sc) {
    if (id_out) *id_out = sc->c->id;
    if (graph_out) *graph_out = sc->c->graph;
    if (dependencies_out) *dependencies_out = sc->deps;
    if (numDependencies_out) *numDependencies_out = sc->ndeps;
  }
  pthread_mutex_unlock(&hipc__graph_lock);
  HIPC_RETURN(e);
}

hipError_t hipStreamGetCaptureInfo(hipStream_t stream,
                                   hipStreamCaptureStatus* pCaptureStatus,
                                   unsigned long long* pId) {
  HIPC_API_ENTER();
  return hipStreamGetCaptureInfo_v2(stream, pCaptureStatus, pId, NULL, NULL,
                                    NULL);
}

hipError_t hipStreamUpdateCaptureDependencies(hipStream_t stream,
                                              hipGraphNode_t* dependencies,
                                              size_t numDependencies,
                                              unsigned int flags) {
  HIPC_API_ENTER();
  HIPC_RETURN_IF(flags > hipStreamSetCaptureDependencies,
                 hipErrorInvalidValue);
  HIPC_RETURN_IF(numDependencies && !dependencies, hipErrorInvalidValue);
  hipStreamCaptureStatus status;
  struct hipc_stream_capture* sc;
  pthread_mutex_lock(&hipc__graph_lock);
  hipError_t e = status_of(stream, &status, &sc);
  if (e == hipSuccess && status != hipStreamCaptureStatusActive)
    e = hipErrorIllegalState;
  for (size_t i = 0; i < numDependencies && e == hipSuccess; ++i)
    if (!hipc__node_ok(dependencies[i]) ||
        dependencies[i]->graph != sc->c->graph)
      e = hipErrorInvalidValue;
  if (e == hipSuccess) {
    int r = flags == hipStreamSetCaptureDependencies
                ? hipc__capture_set_deps(sc, dependencies, numDependencies)
                : hipc__capture_add_deps(sc, dependencies, numDependencies);
    if (r != 0) e = hipErrorOutOfMemory;
  }
  pthread_mutex_unlock(&hipc__graph_lock);
  HIPC_RETURN(e);
}
