/* The CPU device's worker pool, queues and jobs.
 *
 * Each queue (stream) is a FIFO of jobs; only its oldest job is dispatched,
 * i.e. on the device's active list, where any worker takes units (blocks, or
 * chunks of a copy) from it with one atomic add. The worker that finishes a
 * job's last unit completes it: the queue's next job is dispatched and
 * waiting host threads are woken. Jobs of higher-priority queues (a lower
 * number) come first on the active list.
 *
 * Events (pool_event.c) are jobs too. Recording one enqueues a marker job
 * and waiting for one (hipStreamWaitEvent) a wait job; neither needs a
 * worker: a marker completes (and with it that record of its event) as
 * soon as it is the head of its queue, i.e. everything before it has
 * finished, and a wait at the head of its queue completes once the marker
 * it waits for (the event's latest record when the wait was enqueued)
 * has, so queues depend on each other without any host thread blocking.
 * An event is freed when the user has destroyed it and no marker refers
 * to it any more; a marker once it is complete and no wait refers to it.
 * A host thread may also claim an idle queue (hipc__pool_claim): a job
 * with no units at its head, on no active list, that the thread completes
 * once it has run its host function (hipc_launch_host_func_now).
 *
 * Locking: the device lock guards the active list, every queue's job list,
 * `refs`, the parked workers and the counters in cpu_device. Units are
 * claimed without it. Idle workers spin briefly on `dispatch_seq` (a few at
 * a time, wake.h) before parking, each on a futex word of its own, so that
 * back-to-back launches do not pay a wake-up each and a dispatch wakes
 * exactly the workers its job can use. Host threads that wait spin briefly
 * too (longer while a worker runs a host function they wait for), then
 * sleep on `done_seq`, which a completion wakes only when some thread
 * sleeps there. */
#define _GNU_SOURCE
#include <sched.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "cpu.h"
#include "tsan_fiber.h"
#include "wake.h"

static _Thread_local cpu_worker* self_worker
    __attribute__((tls_model("initial-exec"))); /* read at every launch */
/* Host functions this host thread runs for a queue it waits on
 * (hipc__pool_wait): inside one it may not wait, as a worker may not. */
static _Thread_local int callback_depth
    __attribute__((tls_model("initial-exec")));

int hipc__pool_in_callback(void) { return self_worker || callback_depth; }

cpu_worker* hipc__pool_self(void) { return self_worker; }

#define cpu_relax hipc__cpu_relax
#define now_ns hipc__now_ns

static void* worker_main(void* arg);
static void start_workers(cpu_device* dev);

/* Under the lock: wakes the most recently parked worker. */
static void wake_one(cpu_device* dev) {
  cpu_worker* w = dev->sleeping;
  dev->sleeping = w->sleep_next;
  dev->sleepers--;
  atomic_store_explicit(&w->wake, 1, memory_order_release);
  hipc__futex_wake(&w->wake, 1);
}

/* Under the lock: puts work job `j` on the active list, behind the jobs of
 * queues with the same or a higher priority (a lower number). */
static void activate(cpu_job* j) {
  cpu_device* dev = j->queue->dev;
  start_workers(dev);
  int prio = j->queue->priority;
  cpu_job** p = &dev->active;
  if (dev->active_tail && dev->active_tail->queue->priority <= prio)
    p = &dev->active_tail->active_next; /* the common case: append */
  else
    while (*p && (*p)->queue->priority <= prio) p = &(*p)->active_next;
  j->active_next = *p;
  *p = j;
  if (!j->active_next) dev->active_tail = j;
  atomic_fetch_add_explicit(&dev->dispatch_seq, 1, memory_order_release);
  /* Wake only the workers the job can use beyond the spinners not yet
   * counted on by another dispatch (each looks for work under the lock
   * before it parks): none for a host function while a worker spins, not
   * the whole pool. */
  uint64_t want = j->units;
  uint64_t free_spinners = (uint64_t)(dev->spinners - dev->spin_claims);
  uint64_t claim = want < free_spinners ? want : free_spinners;
  dev->spin_claims += (int)claim;
  want -= claim;
  while (want-- && dev->sleeping) wake_one(dev);
}

/* Under the lock: takes `j` off the active list if it is there. */
static void deactivate(cpu_device* dev, cpu_job* j) {
  cpu_job** p = &dev->active;
  cpu_job* prev = NULL;
  while (*p && *p != j) {
    prev = *p;
    p = &(*p)->active_next;
  }
  if (!*p) return;
  *p = j->active_next;
  if (dev->active_tail == j) dev->active_tail = prev;
  j->active_next = NULL;
}

static void job_free(cpu_job* j) {
  if (j->release)
    j->release(j);
  else
    free(j);
}

void hipc__pool_event_unref(hipc_event* e) {
  if (--e->refs == 0) free(e);
}

/* Under the lock: `j`, the head of its queue, is done. Takes it off the
 * queue and wakes host threads that wait; the caller advances the queue. */
static void retire(cpu_job* j) {
  hipc_queue* q = j->queue;
  cpu_device* dev = q->dev;
  __atomic_store_n(&j->complete, 1, __ATOMIC_RELEASE);
  if (j->host_ok)
    atomic_fetch_sub_explicit(&q->host_ok_jobs, 1, memory_order_relaxed);
  /* head and pending are read without the lock by spinning waiters. */
  __atomic_store_n(&q->head, j->next, __ATOMIC_RELEASE);
  if (!q->head) q->tail = NULL;
  __atomic_fetch_sub(&dev->pending, 1, __ATOMIC_RELEASE);
  atomic_fetch_add_explicit(&q->finished, 1, memory_order_release);
  /* seq_cst, against wait_until's: either the sleeper sees the new
   * sequence number or this sees the sleeper. */
  atomic_fetch_add(&dev->done_seq, 1);
  if (atomic_load(&dev->host_waiters) > 0)
    hipc__futex_wake(&dev->done_seq, INT_MAX);
}

static void todo_push(hipc_queue** todo, hipc_queue* q) {
  if (q->in_todo) return;
  q->in_todo = 1;
  q->todo_next = *todo;
  *todo = q;
}

void hipc__pool_marker_unref(cpu_job* m) {
  if (--m->refs == 0 && m->complete) free(m);
}

/* Under the lock: marker `m` has completed (it is retired). Its record is
 * done; its waits complete, and their queues go on the to-do list. */
static void marker_complete(cpu_job* m, hipc_queue** todo) {
  hipc_event* e = m->event;
  if (m->seq > e->time_seq) {
    e->time_seq = m->seq;
    e->time_ns = now_ns();
  }
  if (e->last == m) __atomic_store_n(&e->last, NULL, __ATOMIC_RELEASE);
  while (m->waiters) {
    cpu_job* w = m->waiters;
    m->waiters = w->wait_next;
    retire(w);
    todo_push(todo, w->queue);
    m->refs--;
    free(w);
  }
  m->event = NULL;
  hipc__pool_event_unref(e);
}

/* Under the lock: starts the head job of every queue on the to-do list
 * (and of the queues whose waits that releases). Work goes to the active
 * list; markers and satisfied waits complete on the spot, and the next job
 * of their queue is considered in turn; a wait for a pending marker joins
 * that marker's list. Iterative, so that long chains of events cannot
 * overflow the stack. */
static void advance(hipc_queue* q) {
  hipc_queue* todo = NULL;
  todo_push(&todo, q);
  while (todo) {
    q = todo;
    todo = q->todo_next;
    q->in_todo = 0;
    cpu_job* j;
    while ((j = q->head) && !j->dispatched) {
      j->dispatched = 1;
      if (j->kind == CPU_JOB_WORK) {
        /* A claim (no units) is for its host thread: no worker wakes. */
        if (j->units) activate(j);
        break;
      }
      if (j->kind == CPU_JOB_WAIT && !j->target->complete) {
        j->wait_next = j->target->waiters;
        j->target->waiters = j;
        break;
      }
      retire(j);
      if (j->kind == CPU_JOB_MARKER) {
        marker_complete(j, &todo);
        if (j->refs == 0) free(j);
      } else {
        hipc__pool_marker_unref(j->target);
        free(j);
      }
    }
  }
}

/* Under the lock: the job's last unit finished. */
static void complete(cpu_device* dev, cpu_job* j) {
  deactivate(dev, j);
  retire(j);
  advance(j->queue);
}

uint64_t hipc__pool_append(cpu_device* dev, hipc_queue* q, cpu_job* j) {
  j->queue = q;
  j->next = NULL;
  __atomic_fetch_add(&dev->pending, 1, __ATOMIC_RELAXED);
  uint64_t ticket =
      atomic_fetch_add_explicit(&q->enqueued, 1, memory_order_release) + 1;
  if (q->tail) {
    q->tail->next = j;
    q->tail = j;
  } else {
    __atomic_store_n(&q->head, j, __ATOMIC_RELAXED);
    q->tail = j;
    advance(q);
  }
  return ticket;
}

uint64_t hipc__pool_enqueue(hipc_queue* q, cpu_job* j) {
  cpu_device* dev = q->dev;
  j->kind = CPU_JOB_WORK;
  if (!j->chunk) j->chunk = 1;
  atomic_init(&j->next_unit, 0);
  atomic_init(&j->done_units, 0);
  if (j->host_ok)
    atomic_fetch_add_explicit(&q->host_ok_jobs, 1, memory_order_relaxed);
  pthread_mutex_lock(dev->lock);
  uint64_t ticket = hipc__pool_append(dev, q, j);
  pthread_mutex_unlock(dev->lock);
  return ticket;
}

/* -- a host function the calling thread runs as the queue's next job */

void* hipc__pool_claim(hipc_queue* q) {
  if (atomic_load_explicit(&q->enqueued, memory_order_acquire) !=
      atomic_load_explicit(&q->finished, memory_order_acquire))
    return NULL; /* busy: no allocation, no lock */
  cpu_device* dev = q->dev;
  pthread_mutex_lock(dev->lock);
  if (q->head) { /* work came in meanwhile */
    pthread_mutex_unlock(dev->lock);
    return NULL;
  }
  /* The queue's own job: an idle queue has no claim in it. */
  cpu_job* j = &q->claim;
  memset(j, 0, sizeof *j);
  j->kind = CPU_JOB_WORK;
  j->units = 0; /* nothing for a worker: never on the active list */
  j->chunk = 1;
  hipc__pool_append(dev, q, j); /* dispatched at once: the queue's head */
  pthread_mutex_unlock(dev->lock);
  return j;
}

void hipc__pool_run_claimed(void* claim, void (*fn)(void*), void* arg) {
  cpu_job* j = claim;
  cpu_device* dev = j->queue->dev;
  hipc_tsan_acquire(dev);
  callback_depth++; /* it may not wait for its own queue, as a worker */
  fn(arg);
  callback_depth--;
  hipc_tsan_release(dev);
  pthread_mutex_lock(dev->lock);
  complete(dev, j); /* the work enqueued behind it goes on */
  pthread_mutex_unlock(dev->lock);
}

/* Under the lock: the first active job with units left, or NULL. */
static cpu_job* find_work(cpu_device* dev) {
  for (cpu_job* j = dev->active; j; j = j->active_next)
    if (atomic_load_explicit(&j->next_unit, memory_order_relaxed) < j->units)
      return j;
  return NULL;
}

/* Runs units of `j` (a reference taken) until none is left to take: on
 * worker `w`, or on a host thread that waits for the job's queue (`w`
 * NULL: copies, fills and host functions only, which do not use it; the
 * thread counts as in a callback while it runs them). Returns with the lock
 * held (a worker goes on looking for work under it); the job, if this
 * dropped its last reference, is freed first. */
static void work_on(cpu_device* dev, cpu_worker* w, cpu_job* j) {
  int finished_last = 0;
  for (;;) {
    uint64_t first = atomic_fetch_add_explicit(&j->next_unit, j->chunk,
                                               memory_order_relaxed);
    if (first >= j->units) break;
    uint64_t n = j->units - first < j->chunk ? j->units - first : j->chunk;
    if (!w) callback_depth++;
    j->run(j, w, first, n);
    if (!w) callback_depth--;
    hipc_tsan_release(dev);
    uint64_t done = atomic_fetch_add_explicit(&j->done_units, n,
                                              memory_order_acq_rel) + n;
    if (done == j->units) finished_last = 1;
  }
  pthread_mutex_lock(dev->lock);
  if (finished_last) complete(dev, j);
  else deactivate(dev, j);  /* every unit is taken */
  /* A job is freed by the last thread inside it, once complete: a kernel
   * job only goes back to the job cache (two atomics), and a batch frees
   * its arrays, so this stays under the lock rather than pay another
   * lock round trip per job. */
  if (--j->refs == 0 && j->complete) job_free(j);
}

static void* worker_main(void* arg) {
  cpu_worker* w = arg;
  cpu_device* dev = w->dev;
  self_worker = w;
  hipc_tls.warp_size = dev->warp_size;
  hipc__fault_thread_init(w);
  pthread_mutex_lock(dev->lock);
  for (;;) {
    cpu_job* j = find_work(dev);
    if (j) {
      j->refs++;
      pthread_mutex_unlock(dev->lock);
      work_on(dev, w, j); /* returns with the lock held */
      continue;
    }
    if (dev->shutdown) break;
    /* Spin a little before parking, launches often come back to back;
     * counted in `spinners` until the check under the lock below, so that
     * activate need not wake a sleeper for what a spinner will take. */
    uint64_t spin_ns = hipc__spin_ns();
    if (spin_ns && dev->spinners < dev->max_spinners) {
      dev->spinners++;
      unsigned seq = atomic_load_explicit(&dev->dispatch_seq,
                                          memory_order_acquire);
      pthread_mutex_unlock(dev->lock);
      uint64_t until = now_ns() + spin_ns;
      for (unsigned i = 1;; ++i) {
        if (atomic_load_explicit(&dev->dispatch_seq,
                                 memory_order_acquire) != seq)
          break;
        hipc__spin_pause(i);
        if (i % 64 == 0 && now_ns() > until) break;
      }
      pthread_mutex_lock(dev->lock);
      /* This worker now takes the first job with units left: that serves
       * a claim if there is one. */
      dev->spinners--;
      if (dev->spin_claims) dev->spin_claims--;
      if (find_work(dev) || dev->shutdown) continue;
    }
    /* Park on this worker's own word until a dispatch (wake_one) or the
     * shutdown wakes exactly this worker. */
    atomic_store_explicit(&w->wake, 0, memory_order_relaxed);
    w->sleep_next = dev->sleeping;
    dev->sleeping = w;
    dev->sleepers++;
    pthread_mutex_unlock(dev->lock);
    while (!atomic_load_explicit(&w->wake, memory_order_acquire))
      hipc__futex_wait(&w->wake, 0);
    pthread_mutex_lock(dev->lock);
  }
  pthread_mutex_unlock(dev->lock);
  hipc__fault_thread_fini(w);
  hipc__sched_destroy(w->sched);
  hipc__coop_thread_fini();
  free(w->dyn_shared);
  free(w->static_shared);
  return NULL;
}

/* Every CPU device's queues, jobs and events are under one lock
 * (hipc__queue_lock), so that a queue of one device may wait for an event
 * of another (a wait job sits in the marker's list whichever device either
 * belongs to). */
int hipc__pool_start(cpu_device* dev) {
  dev->lock = hipc__queue_lock();
  dev->max_spinners = hipc__max_spinners(dev->nworkers);
  dev->workers = calloc((size_t)dev->nworkers, sizeof *dev->workers);
  return dev->workers ? 0 : -1;
}

/* Under the lock: starts the device's workers if they are not running yet
 * (a device's pool starts with its first work, so that devices a process
 * never uses cost no threads). The new workers wait for the lock. */
static void start_workers(cpu_device* dev) {
  if (dev->started) return;
  dev->started = 1;
  pthread_attr_t attr;
  pthread_attr_init(&attr);
  /* Blocks run their first threads on the worker's own stack. */
  pthread_attr_setstacksize(&attr, 8u << 20);
  int n = 0;
  for (int i = 0; i < dev->nworkers; ++i) {
    cpu_worker* w = &dev->workers[n];
    w->dev = dev;
    w->index = n;
    w->sched = hipc__sched_create(dev->stack_size, dev->warp_size);
    if (!w->sched || pthread_create(&w->thread, &attr, worker_main, w) != 0) {
      hipc__sched_destroy(w->sched);
      w->sched = NULL;
      continue;
    }
    n++;
  }
  pthread_attr_destroy(&attr);
  dev->running = n;
  if (n == 0) hipc__cpu_kernel_fatal("cannot start the CPU device's workers");
}

void hipc__pool_stop(cpu_device* dev) {
  pthread_mutex_lock(dev->lock);
  dev->shutdown = 1;
  while (dev->sleeping) wake_one(dev);
  pthread_mutex_unlock(dev->lock);
  for (int i = 0; i < dev->running; ++i)
    pthread_join(dev->workers[i].thread, NULL);
  free(dev->workers);
  dev->workers = NULL;
}

void hipc__pool_wait_until(cpu_device* dev, int (*done)(void*), void* arg,
                           int spin) {
  uint64_t spin_ns = spin == 2 ? hipc__spin_hostfn_ns()
                     : spin    ? hipc__spin_ns()
                               : 0;
  uint64_t until = spin_ns ? now_ns() + spin_ns : 0;
  for (unsigned i = 1; until; ++i) {
    if (done(arg)) {
      hipc_tsan_acquire(dev);
      return;
    }
    hipc__spin_pause(i);
    if (i % 64 == 0 && now_ns() > until) break;
  }
  atomic_fetch_add(&dev->host_waiters, 1);
  for (;;) {
    unsigned seq = atomic_load(&dev->done_seq);
    if (done(arg)) break;
    hipc__futex_wait(&dev->done_seq, seq);
  }
  atomic_fetch_sub(&dev->host_waiters, 1);
  hipc_tsan_acquire(dev);
}


static int device_idle(void* arg) {
  cpu_device* dev = arg;
  return __atomic_load_n(&dev->pending, __ATOMIC_ACQUIRE) == 0;
}

typedef struct ticket_wait {
  hipc_queue* q;
  uint64_t ticket;
} ticket_wait;

static int ticket_done(void* arg) {
  ticket_wait* t = arg;
  return atomic_load_explicit(&t->q->finished, memory_order_acquire) >=
         t->ticket;
}

/* Under the lock: the head job of `q` when the calling host thread may
 * run some of its units (a copy, a fill or a host function with units
 * left). */
static cpu_job* helpable(hipc_queue* q) {
  cpu_job* j = q->head;
  if (!j || !j->dispatched || j->kind != CPU_JOB_WORK || !j->host_ok ||
      atomic_load_explicit(&j->next_unit, memory_order_relaxed) >= j->units)
    return NULL;
  return j;
}

hipError_t hipc__pool_wait(hipc_queue* q, uint64_t ticket) {
  if (hipc__pool_in_callback())
    return hipErrorNotSupported; /* from a callback */
  cpu_device* dev = q->dev;
  ticket_wait t = {q, ticket};
  /* Copies, fills and host functions at the head of the queue, ours
   * included, run on this thread too: a blocking copy on an idle queue
   * needs no hand-over, and neither does a host function the thread then
   * waits for (librccl's collectives, `hipLaunchHostFunc` + synchronize):
   * it runs here once everything before it on the queue is done, as it
   * would on a worker, while this thread would only be waiting. A queue
   * with none of them (kernels only) costs no lock here. */
  int spin = 1;
  while (atomic_load_explicit(&q->host_ok_jobs, memory_order_relaxed) &&
         !ticket_done(&t)) {
    pthread_mutex_lock(dev->lock);
    cpu_job* j = helpable(q);
    if (j) j->refs++;
    else if (q->head && q->head->host_fn) spin = 2; /* a worker runs it */
    pthread_mutex_unlock(dev->lock);
    if (!j) break;
    work_on(dev, NULL, j);
    pthread_mutex_unlock(dev->lock);
  }
  hipc__pool_wait_until(dev, ticket_done, &t, spin);
  return hipSuccess;
}

hipError_t hipc__pool_queue_sync(hipc_queue* q) {
  return hipc__pool_wait(
      q, atomic_load_explicit(&q->enqueued, memory_order_acquire));
}

typedef struct room_wait {
  hipc_queue* q;
  uint64_t n; /* at most queue_depth */
} room_wait;

static int has_room(void* arg) {
  room_wait* r = arg;
  uint64_t in = atomic_load_explicit(&r->q->enqueued, memory_order_acquire);
  uint64_t out =
      atomic_load_explicit(&r->q->finished, memory_order_acquire);
  return in - out + r->n <= (uint64_t)r->q->dev->queue_depth;
}

void hipc__pool_throttle(hipc_queue* q, size_t n) {
  uint64_t depth = (uint64_t)q->dev->queue_depth;
  room_wait r = {q, n < 1 ? 1 : n > depth ? depth : n};
  if (hipc__pool_in_callback() || has_room(&r)) return;
  hipc__pool_wait_until(q->dev, has_room, &r, 1);
}

hipError_t hipc__pool_device_sync(cpu_device* dev) {
  if (hipc__pool_in_callback()) return hipErrorNotSupported;
  hipc__pool_wait_until(dev, device_idle, dev, 1);
  return hipSuccess;
}
