/* The CPU device's worker pool, queues and jobs.
 *
 * Each queue (stream) is a FIFO of jobs; only its oldest job is dispatched,
 * i.e. on the device's active list, where any worker takes units (blocks, or
 * chunks of a copy) from it with one atomic add. The worker that finishes a
 * job's last unit completes it: the queue's next job is dispatched and
 * waiting host threads are woken.
 *
 * Locking: the device lock guards the active list, every queue's job list,
 * `refs`, and the counters in cpu_device. Units are claimed without it. Idle
 * workers spin briefly on `dispatch_seq` before sleeping on `work_cv`, so
 * that back-to-back launches do not pay a wake-up each. */
#define _GNU_SOURCE
#include <sched.h>
#include <stdlib.h>
#include <string.h>

#include "cpu.h"

static _Thread_local cpu_worker* self_worker;

cpu_worker* hipc__pool_self(void) { return self_worker; }

static void cpu_relax(void) {
#if defined(__x86_64__)
  __builtin_ia32_pause();
#elif defined(__aarch64__)
  __asm__ volatile("yield");
#endif
}

/* Under the lock. */
static void dispatch(cpu_device* dev, cpu_job* j) {
  j->dispatched = 1;
  j->active_next = NULL;
  if (dev->active_tail)
    dev->active_tail->active_next = j;
  else
    dev->active = j;
  dev->active_tail = j;
  atomic_fetch_add_explicit(&dev->dispatch_seq, 1, memory_order_release);
  if (dev->sleepers) pthread_cond_broadcast(&dev->work_cv);
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

/* Under the lock: the job's last unit finished. */
static void complete(cpu_device* dev, cpu_job* j) {
  hipc_queue* q = j->queue;
  j->complete = 1;
  deactivate(dev, j);
  /* head and pending are read without the lock by spinning waiters. */
  __atomic_store_n(&q->head, j->next, __ATOMIC_RELEASE);
  if (!q->head) q->tail = NULL;
  __atomic_fetch_sub(&dev->pending, 1, __ATOMIC_RELEASE);
  atomic_fetch_add_explicit(&q->finished, 1, memory_order_release);
  if (q->head) dispatch(dev, q->head);
  if (dev->waiters) pthread_cond_broadcast(&dev->idle_cv);
}

static void job_free(cpu_job* j) {
  if (j->release) j->release(j);
  free(j);
}

void hipc__pool_enqueue(hipc_queue* q, cpu_job* j) {
  cpu_device* dev = q->dev;
  j->queue = q;
  j->next = NULL;
  if (!j->chunk) j->chunk = 1;
  atomic_init(&j->next_unit, 0);
  atomic_init(&j->done_units, 0);
  pthread_mutex_lock(&dev->lock);
  __atomic_fetch_add(&dev->pending, 1, __ATOMIC_RELAXED);
  if (q->tail) {
    q->tail->next = j;
    q->tail = j;
  } else {
    __atomic_store_n(&q->head, j, __ATOMIC_RELAXED);
    q->tail = j;
    dispatch(dev, j);
  }
  pthread_mutex_unlock(&dev->lock);
}

/* Under the lock: the first active job with units left, or NULL. */
static cpu_job* find_work(cpu_device* dev) {
  for (cpu_job* j = dev->active; j; j = j->active_next)
    if (atomic_load_explicit(&j->next_unit, memory_order_relaxed) < j->units)
      return j;
  return NULL;
}

static void work_on(cpu_worker* w, cpu_job* j) {
  cpu_device* dev = w->dev;
  int finished_last = 0;
  for (;;) {
    uint64_t first = atomic_fetch_add_explicit(&j->next_unit, j->chunk,
                                               memory_order_relaxed);
    if (first >= j->units) break;
    uint64_t n = j->units - first < j->chunk ? j->units - first : j->chunk;
    j->run(j, w, first, n);
    uint64_t done = atomic_fetch_add_explicit(&j->done_units, n,
                                              memory_order_acq_rel) + n;
    if (done == j->units) finished_last = 1;
  }
  pthread_mutex_lock(&dev->lock);
  if (finished_last) complete(dev, j);
  else deactivate(dev, j);  /* every unit is taken */
  int last_ref = --j->refs == 0 && j->complete;
  pthread_mutex_unlock(&dev->lock);
  if (last_ref) job_free(j);
}

static void* worker_main(void* arg) {
  cpu_worker* w = arg;
  cpu_device* dev = w->dev;
  self_worker = w;
  hipc_tls.warp_size = dev->warp_size;
  hipc__fault_thread_init(w);
  pthread_mutex_lock(&dev->lock);
  for (;;) {
    cpu_job* j = find_work(dev);
    if (j) {
      j->refs++;
      pthread_mutex_unlock(&dev->lock);
      work_on(w, j);
      pthread_mutex_lock(&dev->lock);
      continue;
    }
    if (dev->shutdown) break;
    /* Spin a little before sleeping: launches often come back to back. */
    unsigned seq = atomic_load_explicit(&dev->dispatch_seq,
                                        memory_order_acquire);
    pthread_mutex_unlock(&dev->lock);
    for (int i = 0; i < 4000; ++i) {
      if (atomic_load_explicit(&dev->dispatch_seq, memory_order_acquire) !=
          seq)
        break;
      cpu_relax();
    }
    pthread_mutex_lock(&dev->lock);
    if (find_work(dev) || dev->shutdown) continue;
    dev->sleepers++;
    pthread_cond_wait(&dev->work_cv, &dev->lock);
    dev->sleepers--;
  }
  pthread_mutex_unlock(&dev->lock);
  hipc__fault_thread_fini(w);
  hipc__sched_destroy(w->sched);
  hipc__coop_thread_fini();
  free(w->dyn_shared);
  return NULL;
}

int hipc__pool_start(cpu_device* dev) {
  pthread_mutex_init(&dev->lock, NULL);
  pthread_cond_init(&dev->work_cv, NULL);
  pthread_cond_init(&dev->idle_cv, NULL);
  dev->workers = calloc((size_t)dev->nworkers, sizeof *dev->workers);
  if (!dev->workers) return -1;
  pthread_attr_t attr;
  pthread_attr_init(&attr);
  /* Blocks run their first threads on the worker's own stack. */
  pthread_attr_setstacksize(&attr, 8u << 20);
  for (int i = 0; i < dev->nworkers; ++i) {
    cpu_worker* w = &dev->workers[i];
    w->dev = dev;
    w->index = i;
    w->sched = hipc__sched_create(dev->stack_size, dev->warp_size);
    if (!w->sched || pthread_create(&w->thread, &attr, worker_main, w) != 0) {
      hipc__sched_destroy(w->sched);
      w->sched = NULL;
      dev->nworkers = i;
      break;
    }
  }
  pthread_attr_destroy(&attr);
  return dev->nworkers > 0 ? 0 : -1;
}

void hipc__pool_stop(cpu_device* dev) {
  pthread_mutex_lock(&dev->lock);
  dev->shutdown = 1;
  pthread_cond_broadcast(&dev->work_cv);
  pthread_mutex_unlock(&dev->lock);
  for (int i = 0; i < dev->nworkers; ++i)
    pthread_join(dev->workers[i].thread, NULL);
  free(dev->workers);
  dev->workers = NULL;
}

/* Waits until `done()` holds, spinning briefly before sleeping. */
static void wait_until(cpu_device* dev, int (*done)(void*), void* arg) {
  for (int i = 0; i < 2000; ++i) {
    if (done(arg)) return;
    cpu_relax();
  }
  pthread_mutex_lock(&dev->lock);
  while (!done(arg)) {
    dev->waiters++;
    pthread_cond_wait(&dev->idle_cv, &dev->lock);
    dev->waiters--;
  }
  pthread_mutex_unlock(&dev->lock);
}

static int queue_idle(void* arg) {
  hipc_queue* q = arg;
  return __atomic_load_n(&q->head, __ATOMIC_ACQUIRE) == NULL;
}

static int device_idle(void* arg) {
  cpu_device* dev = arg;
  return __atomic_load_n(&dev->pending, __ATOMIC_ACQUIRE) == 0;
}

hipError_t hipc__pool_queue_sync(hipc_queue* q) {
  if (self_worker) return hipErrorNotSupported; /* from a callback */
  wait_until(q->dev, queue_idle, q);
  return hipSuccess;
}

hipError_t hipc__pool_device_sync(cpu_device* dev) {
  if (self_worker) return hipErrorNotSupported;
  wait_until(dev, device_idle, dev);
  return hipSuccess;
}
