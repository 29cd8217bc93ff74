/* User objects: hipUserObjectCreate / Retain / Release and the references
 * graphs hold (hipGraphRetainUserObject / hipGraphReleaseUserObject).
 *
 * An object counts references; when a release brings the count to zero
 * or below, its destructor runs once, on the releasing thread (CUDA runs
 * it on an internal thread; either way it must not call the API).
 * Releases past zero succeed and change nothing more, as AMD's runtime
 * answers (hip-tests release a program's reference after a graph's has
 * destroyed the object). A handle is never freed, so that a stale one is
 * still recognised: an object is small and programs make few.
 *
 * A graph's references: hipGraphRetainUserObject adds `count` to what the
 * graph holds and, without hipGraphUserObjectMove, to the object's count
 * (with it, the caller's references move to the graph); destroying the
 * graph releases what it still holds. Clones and executable graphs hold
 * none of their own. Under the graph lock (graph references) and the
 * object's own lock (counts). */
#include <stdlib.h>

#include "graph.h"

#define USER_OBJECT_MAGIC 0x686f626au /* "hobj" */

struct hipUserObject {
  uint32_t magic;
  pthread_mutex_t lock;
  long long count;
  int destroyed;
  void* ptr;
  hipHostFn_t destroy;
  struct hipUserObject* next; /* every object made */
};

static pthread_mutex_t list_lock = PTHREAD_MUTEX_INITIALIZER;
static struct hipUserObject* objects;

/* Whether `o` is an object this library made (compared, never read, before
 * it is found). */
static int known(hipUserObject_t o) {
  if (!o) return 0;
  pthread_mutex_lock(&list_lock);
  struct hipUserObject* p = objects;
  while (p && p != o) p = p->next;
  pthread_mutex_unlock(&list_lock);
  return p != NULL;
}

/* Adds `delta` to the count; runs the destructor when it first drops to
 * zero or below. */
static void adjust(hipUserObject_t o, long long delta) {
  pthread_mutex_lock(&o->lock);
  o->count += delta;
  int run = o->count <= 0 && !o->destroyed;
  if (run) o->destroyed = 1;
  pthread_mutex_unlock(&o->lock);
  if (run) o->destroy(o->ptr);
}

hipError_t hipUserObjectCreate(hipUserObject_t* object_out, void* ptr,
                               hipHostFn_t destroy,
                               unsigned int initialRefcount,
                               unsigned int flags) {
  HIPC_API_ENTER();
  HIPC_RETURN_IF(!object_out || !destroy || initialRefcount == 0 ||
                     initialRefcount > INT32_MAX ||
                     flags != hipUserObjectNoDestructorSync,
                 hipErrorInvalidValue);
  struct hipUserObject* o = calloc(1, sizeof *o);
  HIPC_RETURN_IF(!o, hipErrorOutOfMemory);
  o->magic = USER_OBJECT_MAGIC;
  pthread_mutex_init(&o->lock, NULL);
  o->count = initialRefcount;
  o->ptr = ptr;
  o->destroy = destroy;
  pthread_mutex_lock(&list_lock);
  o->next = objects;
  objects = o;
  pthread_mutex_unlock(&list_lock);
  *object_out = o;
  HIPC_RETURN(hipSuccess);
}

hipError_t hipUserObjectRetain(hipUserObject_t object, unsigned int count) {
  HIPC_API_ENTER();
  HIPC_RETURN_IF(!known(object) || count == 0 || count > INT32_MAX,
                 hipErrorInvalidValue);
  adjust(object, (long long)count);
  HIPC_RETURN(hipSuccess);
}

hipError_t hipUserObjectRelease(hipUserObject_t object, unsigned int count) {
  HIPC_API_ENTER();
  HIPC_RETURN_IF(!known(object) || count == 0 || count > INT32_MAX,
                 hipErrorInvalidValue);
  adjust(object, -(long long)count);
  HIPC_RETURN(hipSuccess);
}

/* Under the graph lock: the entry of `o` in `g`'s references, made when
 * `make`; NULL when absent (or out of memory). */
static hipc_graph_ref* graph_ref(hipGraph_t g, hipUserObject_t o, int make) {
  for (size_t i = 0; i < g->nrefs; ++i)
    if (g->refs[i].object == o) return &g->refs[i];
  if (!make) return NULL;
  hipc_graph_ref* t = realloc(g->refs, (g->nrefs + 1) * sizeof *t);
  if (!t) return NULL;
  g->refs = t;
  t[g->nrefs] = (hipc_graph_ref){o, 0};
  return &t[g->nrefs++];
}

hipError_t hipGraphRetainUserObject(hipGraph_t graph, hipUserObject_t object,
                                    unsigned int count, unsigned int flags) {
  HIPC_API_ENTER();
  HIPC_RETURN_IF(!known(object) || count == 0 || count > INT32_MAX ||
                     (flags & ~(unsigned)hipGraphUserObjectMove),
                 hipErrorInvalidValue);
  pthread_mutex_lock(&hipc__graph_lock);
  hipError_t e = hipErrorInvalidValue;
  if (hipc__graph_ok(graph)) {
    hipc_graph_ref* r = graph_ref(graph, object, 1);
    e = r ? hipSuccess : hipErrorOutOfMemory;
    if (r) r->count += count;
  }
  pthread_mutex_unlock(&hipc__graph_lock);
  if (e == hipSuccess && !(flags & hipGraphUserObjectMove))
    adjust(object, (long long)count);
  HIPC_RETURN(e);
}

hipError_t hipGraphReleaseUserObject(hipGraph_t graph, hipUserObject_t object,
                                     unsigned int count) {
  HIPC_API_ENTER();
  HIPC_RETURN_IF(!known(object) || count == 0 || count > INT32_MAX,
                 hipErrorInvalidValue);
  pthread_mutex_lock(&hipc__graph_lock);
  hipError_t e = hipErrorInvalidValue;
  if (hipc__graph_ok(graph)) {
    hipc_graph_ref* r = graph_ref(graph, object, 0);
    /* Released past what the graph holds: the graph holds none. */
    if (r) r->count = r->count > count ? r->count - count : 0;
    e = hipSuccess;
  }
  pthread_mutex_unlock(&hipc__graph_lock);
  if (e == hipSuccess) adjust(object, -(long long)count);
  HIPC_RETURN(e);
}

void hipc__graph_release_objects(hipGraph_t g) {
  for (size_t i = 0; i < g->nrefs; ++i)
    if (g->refs[i].count)
      adjust(g->refs[i].object, -(long long)g->refs[i].count);
  free(g->refs);
  g->refs = NULL;
  g->nrefs = 0;
}
