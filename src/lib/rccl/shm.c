/* Ranks of one process: shared memory. Every rank's buffers are reachable
 * from every other's host function (CPU devices' memory is host memory),
 * so a collective is: each rank posts its operation, the ranks meet at a
 * barrier, each reads its peers' buffers directly and writes its own
 * results, and they meet again so that no rank returns (and lets its
 * stream reuse its buffers) while a peer still reads them. Reductions are
 * split into one segment per rank, reduced in rank order (so that every
 * rank ends with the same bits), then gathered.
 *
 * Sends and receives go through mailboxes: a send posts its buffer to the
 * peer's box, a receive takes the first post from its peer in order and
 * copies it, and the sender returns once its posts are taken. A batch
 * (a group's sends and receives) posts every send before it waits for any
 * receive, so matched pairs never deadlock, whatever their order.
 *
 * The ranks meet in a "clique", found by the unique id's nonce; ranks that
 * join it need not wait for each other (one thread may create them all,
 * as ncclCommInitAll does): a collective's first barrier does that. */
#include <stdlib.h>
#include <string.h>

#include "internal.h"

typedef struct barrier {
  int arrived;
  unsigned long gen;
} barrier;

typedef struct mail {
  struct mail* next;
  int src;
  const void* buf;
  size_t bytes;
  int done;
} mail;

typedef struct slot {
  const rccl_op* op;
  const void* send;   /* the input the peers read (a snapshot if needed) */
  void* seg;          /* this rank's reduced segment */
} slot;

typedef struct clique {
  struct clique* next;
  uint64_t key;
  int nranks;
  int refs;
  pthread_mutex_t lock;
  pthread_cond_t cv;
  int aborted;
  barrier coll;       /* the collectives' (stream order) */
  barrier ctl;        /* splits' (host order) */
  unsigned char* present;
  slot* slots;
  mail** boxes;       /* per receiving rank, oldest first */
  int* split_color;
  int* split_key;
} clique;

typedef struct shm_ctx {
  clique* q;
  unsigned long splits; /* splits so far, the same count on every rank */
} shm_ctx;

static pthread_mutex_t registry_lock = PTHREAD_MUTEX_INITIALIZER;
static clique* registry;

static clique* clique_new(uint64_t key, int nranks) {
  clique* q = calloc(1, sizeof *q);
  if (!q) return NULL;
  q->key = key;
  q->nranks = nranks;
  q->present = calloc((size_t)nranks, 1);
  q->slots = calloc((size_t)nranks, sizeof *q->slots);
  q->boxes = calloc((size_t)nranks, sizeof *q->boxes);
  q->split_color = calloc((size_t)nranks, sizeof(int));
  q->split_key = calloc((size_t)nranks, sizeof(int));
  if (!q->present || !q->slots || !q->boxes || !q->split_color ||
      !q->split_key) {
    free(q->present);
    free(q->slots);
    free(q->boxes);
    free(q->split_color);
    free(q->split_key);
    free(q);
    return NULL;
  }
  pthread_mutex_init(&q->lock, NULL);
  pthread_cond_init(&q->cv, NULL);
  return q;
}

ncclResult_t rccl__shm_join(ncclComm_t comm, uint64_t key, int nranks,
                            int rank) {
  shm_ctx* x = calloc(1, sizeof *x);
  if (!x) return rccl__fail(ncclSystemError, "out of memory");
  pthread_mutex_lock(&registry_lock);
  clique* q = registry;
  while (q && q->key != key) q = q->next;
  ncclResult_t r = ncclSuccess;
  if (q && q->nranks != nranks) {
    r = rccl__fail(ncclInvalidUsage, "nranks %d, but the communicator "
                   "has %d ranks", nranks, q->nranks);
  } else if (q && q->present[rank]) {
    r = rccl__fail(ncclInvalidUsage, "rank %d joined twice", rank);
  } else if (!q) {
    q = clique_new(key, nranks);
    if (!q) r = rccl__fail(ncclSystemError, "out of memory");
    else {
      q->next = registry;
      registry = q;
    }
  }
  if (r == ncclSuccess) {
    q->present[rank] = 1;
    q->refs++;
    x->q = q;
    comm->ctx = x;
    comm->rank = rank;
    comm->nranks = nranks;
  } else {
    free(x);
  }
  pthread_mutex_unlock(&registry_lock);
  return r;
}

static void shm_destroy(ncclComm_t comm) {
  shm_ctx* x = comm->ctx;
  if (!x) return;
  clique* q = x->q;
  pthread_mutex_lock(&registry_lock);
  q->present[comm->rank] = 0;
  if (--q->refs == 0) {
    clique** p = &registry;
    while (*p != q) p = &(*p)->next;
    *p = q->next;
    pthread_mutex_destroy(&q->lock);
    pthread_cond_destroy(&q->cv);
    free(q->present);
    free(q->slots);
    free(q->boxes);
    free(q->split_color);
    free(q->split_key);
    free(q);
  }
  pthread_mutex_unlock(&registry_lock);
  free(x);
  comm->ctx = NULL;
}

static void shm_abort(ncclComm_t comm) {
  shm_ctx* x = comm->ctx;
  if (!x) return;
  pthread_mutex_lock(&x->q->lock);
  x->q->aborted = 1;
  pthread_cond_broadcast(&x->q->cv);
  pthread_mutex_unlock(&x->q->lock);
}

/* Waits until every rank arrived at `b`; ncclRemoteError once a rank of
 * the clique aborted. */
static ncclResult_t meet(clique* q, barrier* b) {
  pthread_mutex_lock(&q->lock);
  unsigned long gen = b->gen;
  if (++b->arrived == q->nranks) {
    b->arrived = 0;
    b->gen++;
    pthread_cond_broadcast(&q->cv);
  } else {
    while (b->gen == gen && !q->aborted) pthread_cond_wait(&q->cv, &q->lock);
  }
  int aborted = q->aborted;
  pthread_mutex_unlock(&q->lock);
  return aborted ? rccl__fail(ncclRemoteError, "a peer aborted the "
                              "communicator")
                 : ncclSuccess;
}

#define MEET(q)                                                            \
  do {                                                                     \
    ncclResult_t meet_r_ = meet((q), &(q)->coll);                          \
    if (meet_r_ != ncclSuccess) {                                          \
      r = meet_r_;                                                         \
      goto out;                                                            \
    }                                                                      \
  } while (0)

/* [lo, hi): the segment of `count` elements that `rank` of `n` reduces. */
static void segment(size_t count, int n, int rank, size_t* lo, size_t* hi) {
  size_t per = (count + (size_t)n - 1) / (size_t)n;
  *lo = per * (size_t)rank;
  *hi = *lo + per;
  if (*lo > count) *lo = count;
  if (*hi > count) *hi = count;
}

/* Reduces elements [lo, hi) of every rank's input (at element `base` of
 * it) in rank order into a new buffer. */
static void* reduce_range(clique* q, const rccl_op* o, size_t base,
                          size_t lo, size_t hi) {
  size_t es = rccl__type_size(o->type);
  void* t = malloc((hi - lo) * es + 1);
  if (!t) return NULL;
  memcpy(t, (const char*)q->slots[0].send + (base + lo) * es,
         (hi - lo) * es);
  for (int k = 1; k < q->nranks; ++k)
    rccl__reduce(t, (const char*)q->slots[k].send + (base + lo) * es,
                 hi - lo, o->type, o->op);
  return t;
}

static ncclResult_t collective(ncclComm_t comm, const rccl_op* o) {
  clique* q = ((shm_ctx*)comm->ctx)->q;
  int me = comm->rank, n = q->nranks;
  size_t es = rccl__type_size(o->type), c = o->count;
  ncclResult_t r = ncclSuccess;
  void* snapshot = NULL;
  void* seg = NULL;
  slot* s = &q->slots[me];
  s->op = o;
  s->send = o->send;
  s->seg = NULL;
  /* All-to-all in place: the peers read a snapshot of the input. */
  if ((o->kind == OP_ALLTOALL || o->kind == OP_ALLTOALLV) &&
      o->send == o->recv && o->send) {
    size_t total = 0;
    for (int k = 0; k < n; ++k) {
      size_t end = o->kind == OP_ALLTOALL
                       ? c * (size_t)(k + 1)
                       : o->v[n + k] + o->v[k];
      if (end > total) total = end;
    }
    snapshot = malloc(total * es + 1);
    if (!snapshot) return rccl__fail(ncclSystemError, "out of memory");
    memcpy(snapshot, o->send, total * es);
    s->send = snapshot;
  }
  MEET(q);
  switch (o->kind) {
    case OP_ALLREDUCE:
    case OP_REDUCE: {
      size_t lo, hi;
      segment(c, n, me, &lo, &hi);
      seg = reduce_range(q, o, 0, lo, hi);
      if (!seg) {
        r = rccl__fail(ncclSystemError, "out of memory");
        /* The peers still need this rank at the barriers. */
      }
      s->seg = seg;
      MEET(q);
      if (r == ncclSuccess &&
          (o->kind == OP_ALLREDUCE || me == o->root)) {
        for (int k = 0; k < n; ++k) {
          segment(c, n, k, &lo, &hi);
          if (hi > lo && q->slots[k].seg)
            memcpy((char*)o->recv + lo * es, q->slots[k].seg,
                   (hi - lo) * es);
        }
      }
      break;
    }
    case OP_REDUCESCATTER:
      seg = reduce_range(q, o, (size_t)me * c, 0, c);
      if (!seg) r = rccl__fail(ncclSystemError, "out of memory");
      MEET(q); /* every peer has read this rank's input */
      if (seg) memcpy(o->recv, seg, c * es);
      break;
    case OP_BROADCAST: {
      const void* src = q->slots[o->root].send;
      if (o->recv != src && c) memmove(o->recv, src, c * es);
      break;
    }
    case OP_ALLGATHER:
      for (int k = 0; k < n; ++k) {
        char* dst = (char*)o->recv + (size_t)k * c * es;
        if (dst != q->slots[k].send && c)
          memmove(dst, q->slots[k].send, c * es);
      }
      break;
    case OP_ALLTOALL:
      for (int k = 0; k < n; ++k)
        if (c)
          memcpy((char*)o->recv + (size_t)k * c * es,
                 (const char*)q->slots[k].send + (size_t)me * c * es,
                 c * es);
      break;
    case OP_ALLTOALLV:
      for (int k = 0; k < n; ++k) {
        const rccl_op* p = q->slots[k].op;
        size_t sent = p->v[me], want = o->v[2 * n + k];
        size_t m = sent < want ? sent : want;
        if (m)
          memcpy((char*)o->recv + o->v[3 * n + k] * es,
                 (const char*)q->slots[k].send + p->v[n + me] * es, m * es);
      }
      break;
  }
  MEET(q);
out:
  free(seg);
  free(snapshot);
  return r;
}

/* A batch of sends and receives: [first, end). */
static ncclResult_t p2p(ncclComm_t comm, rccl_op* first, rccl_op* end) {
  clique* q = ((shm_ctx*)comm->ctx)->q;
  int me = comm->rank;
  size_t nsend = 0;
  for (rccl_op* o = first; o != end; o = o->next) nsend += o->kind == OP_SEND;
  mail* posts = calloc(nsend + 1, sizeof *posts);
  if (!posts) return rccl__fail(ncclSystemError, "out of memory");
  ncclResult_t r = ncclSuccess;
  pthread_mutex_lock(&q->lock);
  size_t i = 0;
  for (rccl_op* o = first; o != end; o = o->next) {
    if (o->kind != OP_SEND) continue;
    mail* m = &posts[i++];
    m->src = me;
    m->buf = o->send;
    m->bytes = o->count * rccl__type_size(o->type);
    mail** p = &q->boxes[o->root];
    while (*p) p = &(*p)->next;
    *p = m;
  }
  pthread_cond_broadcast(&q->cv);
  for (rccl_op* o = first; o != end && !q->aborted; o = o->next) {
    if (o->kind != OP_RECV) continue;
    mail* m = NULL;
    for (;;) {
      mail** p = &q->boxes[me];
      while (*p && (*p)->src != o->root) p = &(*p)->next;
      if ((m = *p)) {
        *p = m->next;
        break;
      }
      if (q->aborted) break;
      pthread_cond_wait(&q->cv, &q->lock);
    }
    if (!m) break;
    pthread_mutex_unlock(&q->lock);
    size_t want = o->count * rccl__type_size(o->type);
    memcpy(o->recv, m->buf, m->bytes < want ? m->bytes : want);
    pthread_mutex_lock(&q->lock);
    m->done = 1;
    pthread_cond_broadcast(&q->cv);
  }
  for (size_t k = 0; k < nsend; ++k)
    while (!posts[k].done && !q->aborted) pthread_cond_wait(&q->cv, &q->lock);
  if (q->aborted) {
    /* Takes back the posts no peer took. */
    for (int d = 0; d < q->nranks; ++d) {
      mail** p = &q->boxes[d];
      while (*p)
        if ((*p) >= posts && (*p) < posts + nsend) *p = (*p)->next;
        else p = &(*p)->next;
    }
    r = rccl__fail(ncclRemoteError, "a peer aborted the communicator");
  }
  pthread_mutex_unlock(&q->lock);
  free(posts);
  return r;
}

static ncclResult_t shm_run(ncclComm_t comm, rccl_op* ops) {
  rccl_op* o = ops;
  while (o) {
    ncclResult_t r;
    if (o->kind == OP_SEND || o->kind == OP_RECV) {
      rccl_op* end = o;
      while (end && (end->kind == OP_SEND || end->kind == OP_RECV))
        end = end->next;
      r = p2p(comm, o, end);
      o = end;
    } else {
      r = collective(comm, o);
      o = o->next;
    }
    if (r != ncclSuccess) return r;
  }
  return ncclSuccess;
}

/* Every rank posts its color and key; each works out its new rank and
 * joins the clique of its color, named by the parent's key, the number
 * of splits so far and the color. */
static ncclResult_t shm_split(ncclComm_t parent, int color, int key,
                              ncclComm_t comm) {
  shm_ctx* x = parent->ctx;
  clique* q = x->q;
  int me = parent->rank, n = q->nranks;
  q->split_color[me] = color;
  q->split_key[me] = key;
  ncclResult_t r = meet(q, &q->ctl);
  if (r != ncclSuccess) return r;
  int newrank = 0, newn = 0;
  for (int k = 0; k < n; ++k) {
    if (q->split_color[k] != color) continue;
    newn++;
    if (q->split_key[k] < key || (q->split_key[k] == key && k < me))
      newrank++;
  }
  unsigned long gen = ++x->splits;
  r = meet(q, &q->ctl); /* the posts may be reused */
  if (r != ncclSuccess || color < 0) return r;
  uint64_t k = q->key * 0x9e3779b97f4a7c15ull + gen * 0x100000001b3ull +
               (uint64_t)color;
  return rccl__shm_join(comm, k, newn, newrank);
}

const void* rccl__shm_clique(ncclComm_t comm) {
  if (comm->tr != &rccl__shm || !comm->ctx) return NULL;
  return ((shm_ctx*)comm->ctx)->q;
}

const rccl_transport rccl__shm = {
    .name = "shm",
    .run = shm_run,
    .split = shm_split,
    .destroy = shm_destroy,
    .abort = shm_abort,
};
