/* Internal interface of the CPU device (src/backend/cpu). */
#ifndef HIPC_CPU_H
#define HIPC_CPU_H

#include <pthread.h>
#include <setjmp.h>
#include <stdatomic.h>
#include <stdint.h>

#include "backend/backend.h"

typedef struct cpu_device cpu_device;
typedef struct cpu_worker cpu_worker;
typedef struct cpu_job cpu_job;
typedef struct cpu_sched cpu_sched;

/* -- sched.c: running one block's threads on one worker. */

/* Creates the scheduler state of one worker; stacks of `stack_size` bytes. */
cpu_sched* hipc__sched_create(size_t stack_size, uint32_t warp_size);
void hipc__sched_destroy(cpu_sched* s);
/* Runs every thread of block `b` of kernel `d` to completion on the calling
 * worker. */
void hipc__sched_run_block(cpu_sched* s, const hipc_kernel_desc* d,
                           hipc_cpu_block* b);
/* The fiber stack of the running thread (NULL on the worker's own stack),
 * for the fault handler. */
const void* hipc__sched_current_stack(const cpu_sched* s, size_t* size);

/* -- pool.c: workers, queues and jobs. */

/* A unit of queued work. A kernel is `units` blocks taken by any number of
 * workers; a copy or a fill is split into chunks the same way. */
struct cpu_job {
  cpu_job* next;            /* in its queue, then in the active list */
  cpu_job* active_next;
  hipc_queue* queue;
  /* Runs units [first, first + n) on worker `w`. */
  void (*run)(cpu_job* j, cpu_worker* w, uint64_t first, uint64_t n);
  void (*release)(cpu_job* j);  /* frees kind-specific resources */
  uint64_t units;
  uint64_t chunk;           /* units a worker takes at once */
  atomic_ullong next_unit;
  atomic_ullong done_units;
  int refs;                 /* workers inside run(); under the device lock */
  int complete;
  int dispatched;
};

struct hipc_queue {
  cpu_device* dev;
  cpu_job* head;            /* oldest unfinished job (the dispatched one) */
  cpu_job* tail;
  unsigned flags;
  int priority;
  atomic_ulong finished;    /* jobs completed, for spinning waiters */
};

struct cpu_worker {
  cpu_device* dev;
  pthread_t thread;
  int index;
  cpu_sched* sched;
  void* dyn_shared;         /* the block's dynamic shared memory */
  size_t dyn_shared_size;
  const char* kernel_name;  /* while running a kernel, for fault reports */
  void* altstack;
  /* Fault handling (fault.c): while `fault_armed`, a fault in kernel code
   * jumps back to `fault_jmp`, and the block is re-run with the precise
   * thread loop (`precise` set) so that the report names the thread. */
  sigjmp_buf fault_jmp;
  volatile int fault_armed;
  volatile int precise;
  volatile int fault_sig;
};

struct cpu_device {
  pthread_mutex_t lock;
  pthread_cond_t work_cv;   /* workers wait here for work */
  pthread_cond_t idle_cv;   /* host threads wait here for queues to drain */
  cpu_job* active;          /* dispatched jobs with units left to take */
  cpu_job* active_tail;
  atomic_uint dispatch_seq; /* bumped at every dispatch */
  int sleepers;             /* workers in cond_wait */
  int waiters;              /* host threads in cond_wait */
  int pending;              /* jobs enqueued and not complete */
  int shutdown;
  int nworkers;
  cpu_worker* workers;
  uint32_t warp_size;
  size_t stack_size;
  hipc_queue* null_queue;
};

int hipc__pool_start(cpu_device* dev);
void hipc__pool_stop(cpu_device* dev);
/* Appends `j` to `q` (dispatching it if the queue was idle). */
void hipc__pool_enqueue(hipc_queue* q, cpu_job* j);
hipError_t hipc__pool_queue_sync(hipc_queue* q);
hipError_t hipc__pool_device_sync(cpu_device* dev);

/* The worker the calling thread is, or NULL on other threads. */
cpu_worker* hipc__pool_self(void);

/* -- device_lib.c */
/* Flushes what kernels printed to stdout (called when a worker is done
 * with a kernel's blocks, so that the output is out by the time the host
 * sees the kernel complete). */
void hipc__cpu_flush_printf(void);

/* -- fault.c */
void hipc__fault_install(void);
int hipc__fault_thread_init(cpu_worker* w);
void hipc__fault_thread_fini(cpu_worker* w);

/* Prints "hipc: <msg>" with the current kernel, block and thread, and
 * aborts. Async-signal-safe. */
_Noreturn void hipc__cpu_kernel_fatal(const char* msg);
/* Reports a kernel fault that did not recur when its block ran again. */
_Noreturn void hipc__cpu_fault_unreproduced(cpu_worker* w);

#endif /* HIPC_CPU_H */
