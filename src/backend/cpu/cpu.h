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
typedef struct cpu_bsched cpu_bsched;
typedef struct cpu_coop cpu_coop;

/* -- sched.c: running one block's threads on one worker. */

/* Creates the scheduler state of one worker; stacks of `stack_size` bytes. */
cpu_sched* hipc__sched_create(size_t stack_size, uint32_t warp_size);
void hipc__sched_destroy(cpu_sched* s);
/* Runs every thread of block `b` of kernel `d` to completion on the calling
 * worker. */
void hipc__sched_run_block(cpu_sched* s, const hipc_kernel_desc* d,
                           hipc_cpu_block* b);
/* -- thread_loop.c: the thread loop of kernels compiled by kc (fiber
 * form), which give a function that runs one thread instead of a loop. */
void hipc__thread_loop_run(void (*thread)(const void* args),
                           hipc_cpu_block* b);
/* Runs threads of block `b` of kernel `d` until none is left to start:
 * d->run, or the generic thread loop over d->thread where run is NULL (a
 * kernel compiled by kc in the fiber form, or the precise re-run of a kc
 * kernel, whose run_precise is NULL). */
static inline void hipc__sched_run_threads(const hipc_kernel_desc* d,
                                           hipc_cpu_block* b) {
  if (d->run)
    d->run(b);
  else
    hipc__thread_loop_run(d->thread, b);
}
/* The fiber stack of the running thread (NULL on the worker's own stack),
 * for the fault handler. */
const void* hipc__sched_current_stack(const cpu_sched* s, size_t* size);

/* Blocks of a cooperative launch (coop.c): several are in flight on one
 * worker, each with its own scheduling state. */
cpu_bsched* hipc__sched_block_create(void);
void hipc__sched_block_destroy(cpu_bsched* bs);
/* Makes the state of a block that completed ready for another block. */
void hipc__sched_block_reset(cpu_bsched* bs);
/* Runs block `b` (`bs` fresh from block_create, or suspended and since
 * released) on the calling worker until it completes (returns 1) or its
 * threads all wait at a grid barrier that other blocks have yet to reach
 * (returns 0: the block is suspended). `owner` is passed back to
 * hipc__coop_arrive. */
int hipc__sched_block_step(cpu_sched* s, cpu_bsched* bs,
                           const hipc_kernel_desc* d, hipc_cpu_block* b,
                           void* owner);
/* Frees the idle fibers beyond the first `keep` (after a cooperative launch,
 * which may have needed many). */
void hipc__sched_trim(cpu_sched* s, uint32_t keep);
/* The grid barrier that suspended `bs` was released. */
void hipc__sched_block_release(cpu_bsched* bs);
/* Called (on the block's worker) when every live thread of the block
 * `owner` waits at a grid (`multi` 0) or multi-grid sync: the block arrives
 * at that barrier. Returns 1 when the arrival released it. */
int hipc__coop_arrive(void* owner, int multi);

/* -- pool.c: workers, queues and jobs. */

/* What a job is. Work runs on the workers in units; a marker (an event's
 * record) and a wait (for an event) need no worker: they complete as soon
 * as they reach the head of their queue (a wait: once its event has
 * completed the record it waits for). */
enum { CPU_JOB_WORK, CPU_JOB_MARKER, CPU_JOB_WAIT };

/* A unit of queued work. A kernel is `units` blocks taken by any number of
 * workers; a copy or a fill is split into chunks the same way. */
struct cpu_job {
  cpu_job* next;            /* in its queue */
  cpu_job* active_next;     /* in the active list */
  hipc_queue* queue;
  int kind;                 /* CPU_JOB_* */
  /* Runs units [first, first + n) on worker `w`. */
  void (*run)(cpu_job* j, cpu_worker* w, uint64_t first, uint64_t n);
  /* Frees the job and what it holds; NULL: the job is one allocation,
   * freed with free(). */
  void (*release)(cpu_job* j);
  uint64_t units;
  uint64_t chunk;           /* units a worker takes at once */
  atomic_ullong next_unit;
  atomic_ullong done_units;
  int refs;                 /* workers inside run(); under the device lock */
  int complete;
  int dispatched;
  int host_ok;              /* a copy, fill or host function: a host
                               thread waiting for its queue may run
                               units too */
  int host_fn;              /* a host function (waiters spin longer) */
  /* A marker: its event and record number, and the waits that wait for
   * it (`refs` counts them: a marker is freed once complete and no wait
   * refers to it). A wait: the marker it waits for (`target`). */
  hipc_event* event;
  uint64_t seq;
  cpu_job* waiters;
  cpu_job* target;
  cpu_job* wait_next;       /* a dispatched wait, in its marker's list */
};

struct hipc_queue {
  cpu_device* dev;
  cpu_job* head;            /* oldest unfinished job (the dispatched one) */
  cpu_job* tail;
  unsigned flags;
  int priority;             /* lower runs first, as in HIP */
  hipc_queue* todo_next;    /* pool.c's list of queues to advance */
  int in_todo;
  /* Jobs appended (written under the device lock) and jobs completed, in
   * queue order: a job is complete once `finished` reaches its ticket
   * (the value of `enqueued` just after it was appended). */
  atomic_ulong enqueued;
  atomic_ulong finished;
  atomic_int host_ok_jobs;  /* host_ok jobs enqueued and not retired */
  cpu_job claim;            /* hipc__pool_claim's job, while it runs */
};

/* An event (pool.c). Every field is under the device lock; `last` is also
 * read without it. */
struct hipc_event {
  cpu_device* dev;
  unsigned flags;
  uint64_t recorded;        /* number of the latest record, 0 for none */
  cpu_job* last;            /* the marker of the latest record while it is
                               pending, else NULL */
  uint64_t time_seq;        /* the latest record that completed */
  uint64_t time_ns;         /* CLOCK_MONOTONIC when it did */
  int refs;                 /* the user's, plus one per pending marker */
  struct cpu_ipc_event* ipc; /* hipEventInterprocess: the shared state
                               (ipc_event.c), else NULL */
};
/* Kernel arguments up to this many bytes (and aligned to at most 16) live
 * in the job itself; larger blocks are allocated. */
#define KERNEL_INLINE_ARGS 192

/* A kernel launch: `units` blocks. */
typedef struct kernel_job {
  cpu_job job;
  const hipc_kernel_desc* desc;
  const char* name;
  dim3 grid, block;
  uint32_t threads;
  size_t shmem;
  void* args;               /* packed: inline_args, or allocated */
  struct cpu_grid* coop;    /* cooperative launches only (coop.c) */
  _Alignas(16) unsigned char inline_args[KERNEL_INLINE_ARGS];
} kernel_job;

/* -- device.c: kernels */
/* Fills `k` for launch `l` (not cooperative): its packed arguments (in
 * the job, or allocated: hipc__cpu_kernel_args_free) and its units; 0, or
 * -1 when out of memory. */
int hipc__cpu_kernel_prepare(kernel_job* k, const hipc_launch* l,
                             int nworkers);
/* Frees the packed arguments of `k` if they were allocated. */
void hipc__cpu_kernel_args_free(kernel_job* k);

/* -- job_cache.c: kernel jobs are recycled, not freed. */
/* A zeroed kernel job, or NULL when out of memory. */
kernel_job* hipc__job_cache_get(void);
/* Gives back a job from hipc__job_cache_get (its arguments already freed):
 * any thread may, while others get jobs. */
void hipc__job_cache_put(kernel_job* k);
/* Runs blocks [first, first + n) of kernel job `j` on worker `w`. */
void hipc__cpu_kernel_run(cpu_job* j, cpu_worker* w, uint64_t first,
                          uint64_t n);

/* -- batch.c: executable graphs as single jobs */
hipError_t hipc__cpu_batch_create(hipc_device* dev, const hipc_op* ops,
                                  size_t n, hipc_batch** out,
                                  size_t* entries);
hipError_t hipc__cpu_batch_enqueue(hipc_queue* q, hipc_batch* b);
void hipc__cpu_batch_destroy(hipc_batch* b);

/* -- coop.c: cooperative launches. */
/* Makes the grid state of a cooperative launch `l` of `k`; 0 or -1. */
int hipc__coop_prepare(kernel_job* k, const hipc_launch* l);
/* The job's run function for a cooperative launch. */
void hipc__coop_run(cpu_job* j, cpu_worker* w, uint64_t first, uint64_t n);
void hipc__coop_release(kernel_job* k);
/* Frees what the calling worker keeps for cooperative launches. */
void hipc__coop_thread_fini(void);

struct cpu_worker {
  cpu_device* dev;
  void* coop;               /* coop.c's state while running a cooperative
                               launch */
  pthread_t thread;
  int index;
  atomic_uint wake;         /* futex word: 0 while parked, 1 once woken */
  cpu_worker* sleep_next;   /* in the device's `sleeping` stack */
  cpu_sched* sched;
  void* dyn_shared;         /* the block's dynamic shared memory */
  size_t dyn_shared_size;
  void* static_shared;      /* the block's static __shared__ segment (kc) */
  size_t static_shared_size;
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
  int index;                /* among the CPU devices */
  pthread_mutex_t* lock;    /* shared by every CPU device (pool.c) */
  cpu_worker* sleeping;     /* parked workers, the latest first (a stack
                               under the lock; each sleeps on its `wake`) */
  atomic_uint done_seq;     /* bumped at every job completion; host threads
                               that wait for the device sleep on it */
  atomic_int host_waiters;  /* host threads asleep on done_seq */
  int spinners;             /* workers spinning for work */
  int spin_claims;          /* of those, the ones a dispatch counted on to
                               take its job instead of waking a sleeper */
  int max_spinners;         /* at most this many spin at once (wake.h) */
  cpu_job* active;          /* dispatched jobs with units left to take */
  cpu_job* active_tail;
  atomic_uint dispatch_seq; /* bumped at every dispatch */
  int sleepers;             /* workers parked (on `sleeping`) */
  int pending;              /* jobs enqueued and not complete */
  int queue_depth;          /* unfinished jobs a queue holds before a
                               launching thread waits (HIPC_QUEUE_DEPTH) */
  int shutdown;
  int nworkers;             /* the pool's size */
  int started;              /* the workers were started (at first work) */
  int running;              /* workers that did start */
  cpu_worker* workers;
  uint32_t warp_size;
  size_t stack_size;
  hipc_queue* null_queue;
};

int hipc__pool_start(cpu_device* dev);
void hipc__pool_stop(cpu_device* dev);
/* Appends `j` to `q` (dispatching it if the queue was idle); returns its
 * ticket, for hipc__pool_wait. */
uint64_t hipc__pool_enqueue(hipc_queue* q, cpu_job* j);
/* Blocks until the job with `ticket` (and so everything before it on `q`)
 * has completed. The calling thread runs units of the queue's copies and
 * fills meanwhile. Not on a worker (hipErrorNotSupported). */
hipError_t hipc__pool_wait(hipc_queue* q, uint64_t ticket);
/* Blocks until what was enqueued on `q` before the call has completed
 * (work other threads enqueue meanwhile is not waited for). */
hipError_t hipc__pool_queue_sync(hipc_queue* q);
/* Back-pressure: blocks until `q` has room for `n` more jobs below
 * queue_depth (is empty when `n` is more than that; a no-op on a worker,
 * which the queue may need to drain). */
void hipc__pool_throttle(hipc_queue* q, size_t n);
hipError_t hipc__pool_device_sync(cpu_device* dev);
/* The calling thread as the next job of the idle queue `q`: a claim is a
 * job at the queue's head that no worker runs (NULL when `q` has work);
 * work enqueued behind it waits, as behind any job, until
 * hipc__pool_run_claimed has run fn(arg) on the calling thread (as in a
 * callback: it may not wait for a queue) and completed it. */
void* hipc__pool_claim(hipc_queue* q);
void hipc__pool_run_claimed(void* claim, void (*fn)(void*), void* arg);
/* Shared with pool_event.c, under the device lock: appends `j` to its
 * queue and returns its ticket; drops a reference to an event, freeing it
 * with the last; drops a wait's reference to marker `m`, freeing it with
 * the last once complete. */
uint64_t hipc__pool_append(cpu_device* dev, hipc_queue* q, cpu_job* j);
void hipc__pool_event_unref(hipc_event* e);
void hipc__pool_marker_unref(cpu_job* m);
/* Waits (without the lock) until `done(arg)` holds, spinning for up to
 * HIPC_CPU_SPIN_US first (`spin` 0: sleeps at once; 2: for up to
 * hipc__spin_hostfn_ns), then sleeping on done_seq, which every
 * completion bumps. */
void hipc__pool_wait_until(cpu_device* dev, int (*done)(void*), void* arg,
                           int spin);

/* -- events, on top of the pool (pool_event.c) */
hipError_t hipc__pool_event_create(cpu_device* dev, unsigned flags,
                                   hipc_event** out);
void hipc__pool_event_destroy(hipc_event* e);
hipError_t hipc__pool_event_record(hipc_event* e, hipc_queue* q);
hipError_t hipc__pool_event_query(hipc_event* e);
hipError_t hipc__pool_event_sync(hipc_event* e);
hipError_t hipc__pool_event_elapsed(float* ms, hipc_event* start,
                                    hipc_event* stop);
/* The CLOCK_MONOTONIC time of the latest record's completion. */
hipError_t hipc__pool_event_time(hipc_event* e, uint64_t* ns);
hipError_t hipc__pool_wait_event(hipc_queue* q, hipc_event* e);

/* The worker the calling thread is, or NULL on other threads. */
cpu_worker* hipc__pool_self(void);
/* Whether the calling thread runs a host function (as a worker, or as a
 * host thread that waits for its queue): it may not wait then. */
int hipc__pool_in_callback(void);

/* -- copy.c: the backend's copy, fill and host-function ops */
hipError_t hipc__cpu_memcpy(hipc_queue* q, void* dst, const void* src,
                            size_t n, int blocking);
hipError_t hipc__cpu_memset(hipc_queue* q, void* dst, int value, size_t n,
                            int blocking);
hipError_t hipc__cpu_memcpy_2d(hipc_queue* q, void* dst, size_t dpitch,
                               const void* src, size_t spitch, size_t width,
                               size_t height, int blocking);
hipError_t hipc__cpu_memset_2d(hipc_queue* q, void* dst, size_t pitch,
                               uint32_t value, unsigned elem_size,
                               size_t width, size_t height, int blocking);
hipError_t hipc__cpu_queue_host_fn(hipc_queue* q, void (*fn)(void*),
                                   void* arg);
/* -- heap.c: the device's memory, in mappings of its own (see heap.c). */
/* `size` bytes, 256-byte aligned, or NULL. */
void* hipc__heap_alloc(size_t size);
/* Frees what hipc__heap_alloc returned: 0, or -1 for anything else. */
int hipc__heap_free(void* p);
/* The mapping of the device's memory that holds the allocation at `p`
 * (what hipc__heap_alloc returned): its own mapping for a big one, the
 * slab for a small one. 0, or -1 when `p` is not the device's. */
int hipc__heap_region(const void* p, char** start, size_t* len);

/* -- ipc.c: interprocess memory (memfd-backed regions of the heap). */
hipError_t hipc__cpu_ipc_export(hipc_device* dev, void* base, size_t size,
                                void* handle);
hipError_t hipc__cpu_ipc_open(hipc_device* dev, const void* handle,
                              void** out, size_t* size);
hipError_t hipc__cpu_ipc_close(hipc_device* dev, void* ptr, size_t size);
/* The heap unmaps the region at `start`: it is no longer exported. */
void hipc__cpu_ipc_forget(void* start);
/* A descriptor of process `pid`'s descriptor `fd` (same user), or -1. */
int hipc__cpu_ipc_open_fd(int32_t pid, int32_t fd);

/* -- ipc_event.c: events, interprocess ones included (the event ops). */
typedef struct cpu_ipc_event cpu_ipc_event;
hipError_t hipc__cpu_event_create(hipc_device* dev, unsigned flags,
                                  hipc_event** out);
void hipc__cpu_event_destroy(hipc_event* e);
hipError_t hipc__cpu_event_record(hipc_event* e, hipc_queue* q);
hipError_t hipc__cpu_event_query(hipc_event* e);
hipError_t hipc__cpu_event_sync(hipc_event* e);
hipError_t hipc__cpu_wait_event(hipc_queue* q, hipc_event* e);
hipError_t hipc__cpu_event_ipc_export(hipc_event* e, void* handle);
hipError_t hipc__cpu_event_ipc_open(hipc_device* dev, const void* handle,
                                    hipc_event** out);

/* -- vmm.c: virtual memory (the vm_* ops of backend.h). */
size_t hipc__cpu_vm_granularity(hipc_device* dev);
hipError_t hipc__cpu_vm_reserve(hipc_device* dev, size_t size, size_t align,
                                void* hint, void** out);
hipError_t hipc__cpu_vm_free(hipc_device* dev, void* ptr, size_t size);
hipError_t hipc__cpu_vm_create(hipc_device* dev, size_t size, void** out);
void hipc__cpu_vm_release(hipc_device* dev, void* phys);
hipError_t hipc__cpu_vm_map(hipc_device* dev, void* ptr, size_t size,
                            void* phys, size_t offset);
hipError_t hipc__cpu_vm_unmap(hipc_device* dev, void* ptr, size_t size);
hipError_t hipc__cpu_vm_access(hipc_device* dev, void* ptr, size_t size,
                               int flags);
hipError_t hipc__cpu_vm_export_fd(hipc_device* dev, void* phys, int* fd);
hipError_t hipc__cpu_vm_import_fd(hipc_device* dev, int fd, size_t* size,
                                  void** phys);

/* -- topology.c: how many CPU devices, how many workers each. */
int hipc__cpu_device_count(void);
int hipc__cpu_worker_count(int ndevices);

/* -- device_lib.c */
/* Flushes what kernels printed to stdout (called when a worker is done
 * with a kernel's blocks, so that the output is out by the time the host
 * sees the kernel complete). */
void hipc__cpu_flush_printf(void);

/* -- fault.c */
void hipc__fault_install(void);
/* div_fault.c: for a SIGFPE of an integer division in a kernel (`ctx` the
 * handler's ucontext_t), gives the division a GPU's result and steps over
 * it; 0 when the instruction is not a division it decodes. */
int hipc__div_fault_resume(void* ctx);
int hipc__fault_thread_init(cpu_worker* w);
void hipc__fault_thread_fini(cpu_worker* w);

/* Prints "hipc: <msg>" with the current kernel, block and thread, and
 * aborts. Async-signal-safe. */
_Noreturn void hipc__cpu_kernel_fatal(const char* msg);
/* Reports a kernel fault that did not recur when its block ran again. */
_Noreturn void hipc__cpu_fault_unreproduced(cpu_worker* w);

#endif /* HIPC_CPU_H */
