/* Interprocess events of the CPU device (hipEventInterprocess,
 * hipIpcGetEventHandle, hipIpcOpenEventHandle).
 *
 * Such an event's state is two counters in a page of shared memory (a
 * memfd) that every process holding the event maps: `recorded`, the
 * number of the latest record, and `completed`, the highest record that
 * has completed. A record (in any of the processes) takes the next number
 * and enqueues a host function that raises `completed` to it once the
 * stream's work before it has finished; a query compares the two; a
 * synchronize polls; a stream wait enqueues a host function that polls
 * until the record that was the latest at the time of the call has
 * completed (it holds one of the device's workers meanwhile). The handle
 * names the memfd as a memory handle does (ipc.c). */
#define _GNU_SOURCE /* memfd_create */
#include <sched.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "cpu.h"

#define EVENT_MAGIC 0x3145504943504948ull /* "HIPCIPE1" */

typedef struct shared_state {
  uint64_t magic;
  uint64_t recorded;
  uint64_t completed;
} shared_state;

/* This process's hold on the shared page: the event's, plus one per host
 * function in flight. */
struct cpu_ipc_event {
  shared_state* s;
  int fd;
  uint64_t ino, dev;
  int refs;
};

typedef struct event_handle {
  uint64_t magic;
  int32_t pid;
  int32_t fd;
  uint64_t ino, dev;
} event_handle;
_Static_assert(sizeof(event_handle) <= HIP_IPC_HANDLE_SIZE, "handle size");

static void unref(cpu_ipc_event* x) {
  if (__atomic_sub_fetch(&x->refs, 1, __ATOMIC_ACQ_REL) > 0) return;
  munmap(x->s, sizeof *x->s);
  close(x->fd);
  free(x);
}

/* Maps the shared page of `fd` (taken over) for a new event. */
static hipError_t attach(hipc_device* dev, int fd, unsigned flags,
                         hipc_event** out) {
  struct stat st;
  cpu_ipc_event* x = calloc(1, sizeof *x);
  if (!x || fstat(fd, &st) != 0 || (size_t)st.st_size < sizeof(shared_state))
    goto fail;
  x->s = mmap(NULL, sizeof *x->s, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
  if (x->s == MAP_FAILED) goto fail;
  x->fd = fd;
  x->ino = (uint64_t)st.st_ino;
  x->dev = (uint64_t)st.st_dev;
  x->refs = 1;
  hipError_t e = hipc__pool_event_create(dev->impl, flags, out);
  if (e != hipSuccess) {
    munmap(x->s, sizeof *x->s);
    free(x);
    close(fd);
    return e;
  }
  (*out)->ipc = x;
  return hipSuccess;
fail:
  free(x);
  close(fd);
  return hipErrorOutOfMemory;
}

hipError_t hipc__cpu_event_create(hipc_device* dev, unsigned flags,
                                  hipc_event** out) {
  if (!(flags & hipEventInterprocess))
    return hipc__pool_event_create(dev->impl, flags, out);
  int fd = memfd_create("hipc-ipc-event", MFD_CLOEXEC);
  if (fd < 0) return hipErrorOutOfMemory;
  if (ftruncate(fd, sizeof(shared_state)) != 0) {
    close(fd);
    return hipErrorOutOfMemory;
  }
  hipError_t e = attach(dev, fd, flags, out);
  if (e == hipSuccess) (*out)->ipc->s->magic = EVENT_MAGIC;
  return e;
}

void hipc__cpu_event_destroy(hipc_event* e) {
  if (e->ipc) unref(e->ipc);
  hipc__pool_event_destroy(e);
}

/* A host function's hold on the page and the record it is about. */
typedef struct step {
  cpu_ipc_event* x;
  uint64_t seq;
} step;

static void complete_fn(void* arg) {
  step* st = arg;
  uint64_t* c = &st->x->s->completed;
  uint64_t cur = __atomic_load_n(c, __ATOMIC_ACQUIRE);
  while (cur < st->seq &&
         !__atomic_compare_exchange_n(c, &cur, st->seq, 1, __ATOMIC_ACQ_REL,
                                      __ATOMIC_ACQUIRE)) {
  }
  unref(st->x);
  free(st);
}

static int reached(const cpu_ipc_event* x, uint64_t seq) {
  return __atomic_load_n(&x->s->completed, __ATOMIC_ACQUIRE) >= seq;
}

static void poll_until(const cpu_ipc_event* x, uint64_t seq) {
  for (unsigned i = 0; !reached(x, seq); ++i) {
    if (i < 1000) {
      sched_yield();
    } else {
      struct timespec ts = {0, 50000};
      nanosleep(&ts, NULL);
    }
  }
}

static void wait_fn(void* arg) {
  step* st = arg;
  poll_until(st->x, st->seq);
  unref(st->x);
  free(st);
}

/* Enqueues fn with a hold on `x` for record `seq`. */
static hipError_t enqueue(hipc_queue* q, void (*fn)(void*), cpu_ipc_event* x,
                          uint64_t seq) {
  step* st = malloc(sizeof *st);
  if (!st) return hipErrorOutOfMemory;
  st->x = x;
  st->seq = seq;
  __atomic_add_fetch(&x->refs, 1, __ATOMIC_ACQ_REL);
  hipError_t e = hipc__cpu_queue_host_fn(q, fn, st);
  if (e != hipSuccess) {
    unref(x);
    free(st);
  }
  return e;
}

hipError_t hipc__cpu_event_record(hipc_event* e, hipc_queue* q) {
  if (!e->ipc) return hipc__pool_event_record(e, q);
  uint64_t seq =
      __atomic_add_fetch(&e->ipc->s->recorded, 1, __ATOMIC_ACQ_REL);
  return enqueue(q, complete_fn, e->ipc, seq);
}

hipError_t hipc__cpu_event_query(hipc_event* e) {
  if (!e->ipc) return hipc__pool_event_query(e);
  uint64_t seq = __atomic_load_n(&e->ipc->s->recorded, __ATOMIC_ACQUIRE);
  return reached(e->ipc, seq) ? hipSuccess : hipErrorNotReady;
}

hipError_t hipc__cpu_event_sync(hipc_event* e) {
  if (!e->ipc) return hipc__pool_event_sync(e);
  poll_until(e->ipc,
             __atomic_load_n(&e->ipc->s->recorded, __ATOMIC_ACQUIRE));
  return hipSuccess;
}

hipError_t hipc__cpu_wait_event(hipc_queue* q, hipc_event* e) {
  if (!e->ipc) return hipc__pool_wait_event(q, e);
  uint64_t seq = __atomic_load_n(&e->ipc->s->recorded, __ATOMIC_ACQUIRE);
  if (reached(e->ipc, seq)) return hipSuccess;
  return enqueue(q, wait_fn, e->ipc, seq);
}

hipError_t hipc__cpu_event_ipc_export(hipc_event* e, void* handle) {
  if (!e->ipc) return hipErrorInvalidConfiguration;
  event_handle h;
  memset(&h, 0, sizeof h);
  h.magic = EVENT_MAGIC;
  h.pid = (int32_t)getpid();
  h.fd = e->ipc->fd;
  h.ino = e->ipc->ino;
  h.dev = e->ipc->dev;
  memset(handle, 0, HIP_IPC_HANDLE_SIZE);
  memcpy(handle, &h, sizeof h);
  return hipSuccess;
}

hipError_t hipc__cpu_event_ipc_open(hipc_device* dev, const void* handle,
                                    hipc_event** out) {
  event_handle h;
  memcpy(&h, handle, sizeof h);
  if (h.magic != EVENT_MAGIC) return hipErrorInvalidValue;
  if (h.pid == (int32_t)getpid()) return hipErrorInvalidContext;
  int fd = hipc__cpu_ipc_open_fd(h.pid, h.fd);
  if (fd < 0) return hipErrorInvalidValue;
  struct stat st;
  if (fstat(fd, &st) != 0 || (uint64_t)st.st_ino != h.ino ||
      (uint64_t)st.st_dev != h.dev) {
    close(fd);
    return hipErrorInvalidValue;
  }
  return attach(dev, fd, hipEventInterprocess | hipEventDisableTiming, out);
}
