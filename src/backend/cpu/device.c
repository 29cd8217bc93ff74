/* The CPU device: its properties, memory, queues and the ops table. */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "cpu.h"
#include "tsan_fiber.h"
#include "runtime/env.h"

static int cpu_probe(void) { return hipc__cpu_device_count(); }

/* The processor's model name from /proc/cpuinfo, if there is one. */
static void cpu_model(char* out, size_t size) {
  snprintf(out, size, "CPU");
  FILE* f = fopen("/proc/cpuinfo", "r");
  if (!f) return;
  char line[512];
  while (fgets(line, sizeof line, f)) {
    if (strncmp(line, "model name", 10) != 0) continue;
    char* v = strchr(line, ':');
    if (!v) break;
    v += strspn(v + 1, " \t") + 1;
    v[strcspn(v, "\n")] = 0;
    snprintf(out, size, "%s", v);
    break;
  }
  fclose(f);
}

/* 64-bit FNV-1a of `n` bytes, from `h`. */
static uint64_t fnv1a(uint64_t h, const void* s, size_t n) {
  const unsigned char* c = s;
  for (size_t i = 0; i < n; ++i) {
    h ^= c[i];
    h *= 0x100000001b3ull;
  }
  return h;
}

/* A UUID for the CPU device, the same on every run on one machine: hashed
 * from systemd's machine ID (/etc/machine-id, else D-Bus's copy, else the
 * host name) and the device's ordinal, with RFC 9562's version 8
 * (vendor-specific) and variant bits. */
static void machine_uuid(char out[16], int ordinal) {
  char id[256] = "";
  static const char* const files[] = {"/etc/machine-id",
                                      "/var/lib/dbus/machine-id"};
  for (size_t i = 0; i < 2 && !id[0]; ++i) {
    FILE* f = fopen(files[i], "r");
    if (!f) continue;
    if (!fgets(id, sizeof id, f)) id[0] = 0;
    fclose(f);
  }
  if (!id[0] && gethostname(id, sizeof id - 1) != 0) id[0] = 0;
  char tag[32];
  snprintf(tag, sizeof tag, "hipc-cpu-device-%d", ordinal);
  uint64_t h1 = fnv1a(0xcbf29ce484222325ull, id, strlen(id));
  h1 = fnv1a(h1, tag, strlen(tag));
  uint64_t h2 = fnv1a(h1 ^ 0x9e3779b97f4a7c15ull, tag, strlen(tag));
  h2 = fnv1a(h2, id, strlen(id));
  for (int i = 0; i < 8; ++i) {
    out[i] = (char)(h1 >> (8 * i));
    out[8 + i] = (char)(h2 >> (8 * i));
  }
  out[6] = (char)((out[6] & 0x0f) | 0x80);
  out[8] = (char)((out[8] & 0x3f) | 0x80);
}

static void fill_props(hipDeviceProp_t* p, const cpu_device* d, int index) {
  memset(p, 0, sizeof *p);
  char model[200];
  cpu_model(model, sizeof model);
  snprintf(p->name, sizeof p->name, "hipc CPU device (%s)", model);
  snprintf(p->gcnArchName, sizeof p->gcnArchName, "hipc-cpu");
  long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGESIZE);
  p->totalGlobalMem = (size_t)pages * (size_t)page;
  p->sharedMemPerBlock = 64 * 1024;
  p->sharedMemPerBlockOptin = p->sharedMemPerBlock; /* nothing to opt into */
  /* A "multiprocessor" is a worker thread. What it can hold at once only
   * matters to cooperative launches, whose blocks are all in flight
   * together (coop.c); these limits size them. */
  p->maxSharedMemoryPerMultiProcessor = 2048 * 1024;
  p->sharedMemPerMultiprocessor = 2048 * 1024;
  p->regsPerBlock = 65536;
  p->regsPerMultiprocessor = 65536;
  p->warpSize = (int)d->warp_size;
  p->memPitch = 2147483647; /* what hipDeviceAttributeMaxPitch can say */
  p->maxThreadsPerBlock = 1024;
  p->maxThreadsDim[0] = p->maxThreadsDim[1] = p->maxThreadsDim[2] = 1024;
  p->maxGridSize[0] = 2147483647;
  p->maxGridSize[1] = p->maxGridSize[2] = 65535;
  p->clockRate = 1000000; /* kHz: clock(), clock64() and wall_clock64()
                             count nanoseconds (hip/hipc/clock.h) */
  p->memoryClockRate = 1000000;
  p->memoryBusWidth = 64;
  p->totalConstMem = 64 * 1024;
  p->major = 9;
  p->minor = 0;
  p->multiProcessorCount = d->nworkers;
  p->maxThreadsPerMultiProcessor = 2048;
  p->maxBlocksPerMultiProcessor = 32;
  p->cooperativeLaunch = 1;
  p->cooperativeMultiDeviceLaunch = 1;
  p->cooperativeMultiDeviceUnmatchedFunc = 1;
  p->cooperativeMultiDeviceUnmatchedGridDim = 1;
  p->cooperativeMultiDeviceUnmatchedBlockDim = 1;
  p->cooperativeMultiDeviceUnmatchedSharedMem = 1;
  long l2 = sysconf(_SC_LEVEL2_CACHE_SIZE);
  p->l2CacheSize = l2 > 0 ? (int)l2 : 1 << 20;
  p->computeMode = 0;
  p->concurrentKernels = 1;
  p->streamPrioritiesSupported = 1;
  p->hostRegisterSupported = 1;
  p->canUseHostPointerForRegisteredMem = 1; /* one address space */
  p->canMapHostMemory = 1;
  p->integrated = 1;
  p->unifiedAddressing = 1;
  p->managedMemory = 1;
  p->memoryPoolsSupported = 1; /* src/runtime/mempool.c */
  p->concurrentManagedAccess = 1;
  p->pageableMemoryAccess = 1;
  p->directManagedMemAccessFromHost = 1;
  p->hostNativeAtomicSupported = 1;
  p->textureAlignment = 256;
  p->texturePitchAlignment = 256;
  p->clockInstructionRate = 1000000;
  p->isLargeBar = 1;
  machine_uuid(p->uuid.bytes, index);
  /* What kernels on the CPU device can do: every atomic (int32, int64,
   * float add and exchange, in global and __shared__ memory), doubles,
   * warp votes, ballots and shuffles, funnel shifts, system-scope fences,
   * __syncthreads_count/and/or, surfaces, 3D grids. Not dynamic
   * parallelism (no kernel launches from kernels). */
  p->arch.hasGlobalInt32Atomics = p->arch.hasGlobalFloatAtomicExch = 1;
  p->arch.hasSharedInt32Atomics = p->arch.hasSharedFloatAtomicExch = 1;
  p->arch.hasFloatAtomicAdd = p->arch.hasGlobalInt64Atomics = 1;
  p->arch.hasSharedInt64Atomics = p->arch.hasDoubles = 1;
  p->arch.hasWarpVote = p->arch.hasWarpBallot = p->arch.hasWarpShuffle = 1;
  p->arch.hasFunnelShift = p->arch.hasThreadFenceSystem = 1;
  p->arch.hasSyncThreadsExt = p->arch.hasSurfaceFuncs = 1;
  p->arch.has3dGrid = 1;
  p->arch.hasDynamicParallelism = 0;
}

static hipError_t cpu_queue_create(hipc_device* dev, unsigned flags,
                                   int priority, hipc_queue** out) {
  hipc_queue* q = calloc(1, sizeof *q);
  if (!q) return hipErrorOutOfMemory;
  q->dev = dev->impl;
  q->flags = flags;
  q->priority = priority;
  atomic_init(&q->enqueued, 0);
  atomic_init(&q->finished, 0);
  *out = q;
  return hipSuccess;
}

static void cpu_queue_destroy(hipc_queue* q) {
  hipc__pool_queue_sync(q);
  /* The worker that retired the last job may still be advancing `q` under
   * the device lock: wait for it to let go. */
  pthread_mutex_lock(q->dev->lock);
  pthread_mutex_unlock(q->dev->lock);
  free(q);
}

static hipError_t cpu_queue_query(hipc_queue* q) {
  if (__atomic_load_n(&q->head, __ATOMIC_ACQUIRE)) return hipErrorNotReady;
  hipc_tsan_acquire(q->dev);
  return hipSuccess;
}

static hipError_t cpu_device_sync(hipc_device* dev) {
  return hipc__pool_device_sync(dev->impl);
}

static hipError_t cpu_init(hipc_device* dev, int index) {
  cpu_device* d = calloc(1, sizeof *d);
  if (!d) return hipErrorOutOfMemory;
  d->index = index;
  d->nworkers = hipc__cpu_worker_count(hipc__cpu_device_count());
  static const char* const warp_sizes[] = {"64", "32", NULL};
  d->warp_size = hipc__env_choice("HIPC_WARP_SIZE", warp_sizes, 0) ? 32 : 64;
  d->stack_size = (size_t)hipc__env_int("HIPC_CPU_STACK_KB",
                                        HIPC_CPU_STACK_KB_MIN,
                                        HIPC_CPU_STACK_KB_MAX, 256) * 1024;
  d->queue_depth = (int)hipc__env_int("HIPC_QUEUE_DEPTH", 1, 1 << 20, 1024);
  hipc__check_on = hipc__checking();
  hipc__fault_install();
  if (hipc__pool_start(d) != 0) {
    free(d);
    return hipErrorInitializationError;
  }
  dev->impl = d;
  fill_props(&dev->props, d, index);
  /* Tell the devices apart where programs look (hipDeviceGetPCIBusId). */
  dev->props.pciBusID = index;
  dev->props.pciDeviceID = 0;
  hipError_t e = cpu_queue_create(dev, 0, 0, &dev->null_queue);
  d->null_queue = dev->null_queue;
  return e;
}

/* Device, pinned and managed memory: heap.c's mappings, 256-byte aligned
 * like a GPU allocation, never next to the runtime's own data. */
static hipError_t cpu_alloc(hipc_device* dev, size_t size, void** out) {
  (void)dev;
  void* p = hipc__heap_alloc(size);
  if (!p) return hipErrorOutOfMemory;
  *out = p;
  return hipSuccess;
}

static hipError_t cpu_release(hipc_device* dev, void* ptr) {
  (void)dev;
  return hipc__heap_free(ptr) == 0 ? hipSuccess : hipErrorInvalidValue;
}

/* -- kernels */

void hipc__cpu_kernel_args_free(kernel_job* k) {
  if (k->args != k->inline_args) free(k->args);
  k->args = NULL;
}

static void kernel_release(cpu_job* j) {
  kernel_job* k = (kernel_job*)j;
  if (k->coop) hipc__coop_release(k);
  hipc__cpu_kernel_args_free(k);
  hipc__job_cache_put(k);
}

/* A fresh state `b` for a block of `k`. */
static void init_block(hipc_cpu_block* b, const kernel_job* k) {
  memset(b, 0, sizeof *b);
  b->count = k->threads;
  b->dim = k->block;
  b->args = k->args;
}

/* Prepares block `u` of `k`: its indices in `ts` and its state in `b`. */
static void set_block(hipc_thread_state* ts, const kernel_job* k,
                      hipc_cpu_block* b, uint64_t u, uint64_t gx,
                      uint64_t gxy) {
  ts->block_idx.x = (uint32_t)(u % gx);
  ts->block_idx.y = (uint32_t)((u / gx) % k->grid.y);
  ts->block_idx.z = (uint32_t)(u / gxy);
  init_block(b, k);
}

/* A fault hit block `u`: run it again from the start with the precise
 * thread loop, on fresh fibers (the old ones were abandoned mid-block), so
 * that the fault handler can name the thread. The program ends either way:
 * the fault recurs and is reported, or it does not and that is reported. */
static _Noreturn void rerun_precise(cpu_worker* w, kernel_job* k,
                                    uint64_t u) {
  hipc_thread_state* ts = &hipc_tls;
  hipc_kernel_desc d = *k->desc;
  d.run = d.run_precise;
  cpu_sched* s = hipc__sched_create(w->dev->stack_size, w->dev->warp_size);
  if (s) {
    w->sched = s;
    w->precise = 1;
    hipc_cpu_block b;
    uint64_t gx = k->grid.x;
    set_block(ts, k, &b, u, gx, gx * k->grid.y);
    hipc__sched_run_block(s, &d, &b);
  }
  hipc__cpu_fault_unreproduced(w);
}

void hipc__cpu_kernel_run(cpu_job* j, cpu_worker* w, uint64_t first,
                          uint64_t n) {
  kernel_job* k = (kernel_job*)j;
  if (k->shmem > w->dyn_shared_size) {
    free(w->dyn_shared);
    w->dyn_shared = aligned_alloc(64, (k->shmem + 63) & ~(size_t)63);
    w->dyn_shared_size = w->dyn_shared ? k->shmem : 0;
    if (!w->dyn_shared) hipc__cpu_kernel_fatal("out of memory for shared");
  }
  /* kc's kernels: the static __shared__ segment, one per worker as the
   * blocks of a plain launch run one after the other. */
  size_t stat = k->desc->static_shared;
  if (stat > w->static_shared_size) {
    free(w->static_shared);
    w->static_shared = aligned_alloc(64, (stat + 63) & ~(size_t)63);
    w->static_shared_size = w->static_shared ? stat : 0;
    if (!w->static_shared) hipc__cpu_kernel_fatal("out of memory for shared");
  }
  hipc_thread_state* ts = &hipc_tls;
  ts->block_dim = k->block;
  ts->grid_dim = k->grid;
  ts->warp_size = w->dev->warp_size;
  ts->dyn_shared = w->dyn_shared;
  ts->static_shared = w->static_shared;
  w->kernel_name = k->name;
  if (hipc__check_on) hipc__check_kernel_begin(w, k);
  uint64_t gx = k->grid.x, gxy = gx * k->grid.y;
  /* `u` lives across sigsetjmp: volatile, so a fault's jump back finds
   * the block that faulted. */
  volatile uint64_t u = first;
  if (sigsetjmp(w->fault_jmp, 0) != 0) rerun_precise(w, k, u);
  w->fault_armed = 1;
  /* The first block's indices by division, the next ones by carrying x
   * into y and y into z: no 64-bit divisions per block. */
  hipc_cpu_block b;
  set_block(ts, k, &b, u, gx, gxy);
  dim3 idx = ts->block_idx;
  for (;;) {
    hipc__sched_run_block(w->sched, k->desc, &b);
    if (++u >= first + n) break;
    if (++idx.x == k->grid.x) {
      idx.x = 0;
      if (++idx.y == k->grid.y) {
        idx.y = 0;
        ++idx.z;
      }
    }
    ts->block_idx = idx;
    init_block(&b, k);
  }
  w->fault_armed = 0;
  w->kernel_name = NULL;
  hipc__cpu_flush_printf();
}

int hipc__cpu_kernel_prepare(kernel_job* k, const hipc_launch* l,
                             int nworkers) {
  const hipc_kernel_desc* d = l->kernel;
  size_t align = d->args_align < 16 ? 16 : d->args_align;
  /* kc's kernel without parameters has an empty buffer: allocate one
   * alignment unit anyway (aligned_alloc of 0 may return NULL). */
  size_t bytes = (d->args_size + align - 1) & ~(align - 1);
  if (bytes <= sizeof k->inline_args && align <= 16)
    k->args = k->inline_args;
  else if (!(k->args = aligned_alloc(align, bytes ? bytes : align)))
    return -1;
  if (d->pack) {
    d->pack(l->args, k->args);
  } else {
    /* kc's kernels (docs/frontend.md): parameter i at param_offsets[i]. */
    for (uint32_t i = 0; i < d->num_params; ++i)
      memcpy((char*)k->args + d->param_offsets[i], l->args[i],
             d->param_sizes[i]);
  }
  k->desc = d;
  k->name = l->name;
  if (hipc__check_on) hipc__check_prepare(k);
  k->grid = l->grid;
  k->block = l->block;
  k->threads = l->block.x * l->block.y * l->block.z;
  k->shmem = l->shmem;
  k->job.run = hipc__cpu_kernel_run;
  k->job.release = kernel_release;
  k->job.units = (uint64_t)l->grid.x * l->grid.y * l->grid.z;
  /* Several blocks per claim when there are many, fewer atomics. */
  uint64_t per = k->job.units / ((uint64_t)nworkers * 16);
  k->job.chunk = per < 1 ? 1 : per > 64 ? 64 : per;
  return 0;
}

static hipError_t cpu_launch(hipc_queue* q, const hipc_launch* l) {
  kernel_job* k = hipc__job_cache_get();
  if (!k) return hipErrorOutOfMemory;
  if (hipc__cpu_kernel_prepare(k, l, q->dev->nworkers) != 0) {
    hipc__job_cache_put(k);
    return hipErrorOutOfMemory;
  }
  if (l->coop) {
    /* Blocks in flight together; a worker claims one at a time. */
    if (hipc__coop_prepare(k, l) != 0) {
      hipc__cpu_kernel_args_free(k);
      hipc__job_cache_put(k);
      return hipErrorOutOfMemory;
    }
    k->job.run = hipc__coop_run;
    k->job.chunk = 1;
  }
  hipc__pool_enqueue(q, &k->job);
  return hipSuccess;
}

/* -- events */

/* -- host and managed memory: all of it is host memory */

static hipError_t cpu_host_alloc(hipc_device* dev, size_t size,
                                 unsigned flags, void** out) {
  (void)flags;
  return cpu_alloc(dev, size, out);
}

static hipError_t cpu_managed_alloc(hipc_device* dev, size_t size,
                                    unsigned flags, void** out) {
  (void)flags;
  return cpu_alloc(dev, size, out);
}

static hipError_t cpu_host_register(hipc_device* dev, void* ptr,
                                    size_t size, unsigned flags) {
  (void)dev;
  (void)ptr;
  (void)size;
  (void)flags;
  return hipSuccess;
}

static hipError_t cpu_host_unregister(hipc_device* dev, void* ptr) {
  (void)dev;
  (void)ptr;
  return hipSuccess;
}

static hipError_t cpu_host_device_pointer(hipc_device* dev, void* host,
                                          void** out) {
  (void)dev;
  *out = host; /* one address space */
  return hipSuccess;
}

/* -- peers: every CPU device's memory is the host's, so each reaches the
 *    others' directly; nothing to map. Copies between them go through
 *    the ordinary copy path (memcpy, one address space). */

static hipError_t cpu_peer_can_access(hipc_device* dev, hipc_device* peer,
                                      int* out) {
  (void)dev;
  (void)peer;
  *out = 1;
  return hipSuccess;
}

static hipError_t cpu_peer_access(hipc_device* dev, hipc_device* peer,
                                  int enable) {
  (void)dev;
  (void)peer;
  (void)enable;
  return hipSuccess;
}

const hipc_backend_ops hipc_cpu_ops = {
    .name = "cpu",
    .host_memory = 1,
    .probe = cpu_probe,
    .init = cpu_init,
    .alloc = cpu_alloc,
    .release = cpu_release,
    .queue_create = cpu_queue_create,
    .queue_destroy = cpu_queue_destroy,
    .queue_sync = hipc__pool_queue_sync,
    .queue_query = cpu_queue_query,
    .launch = cpu_launch,
    .memcpy = hipc__cpu_memcpy,
    .memset = hipc__cpu_memset,
    .device_sync = cpu_device_sync,
    .memcpy_2d = hipc__cpu_memcpy_2d,
    .memset_2d = hipc__cpu_memset_2d,
    .event_create = hipc__cpu_event_create,
    .event_destroy = hipc__cpu_event_destroy,
    .event_record = hipc__cpu_event_record,
    .event_query = hipc__cpu_event_query,
    .event_sync = hipc__cpu_event_sync,
    .event_elapsed = hipc__pool_event_elapsed,
    .event_time = hipc__pool_event_time,
    .queue_wait_event = hipc__cpu_wait_event,
    .queue_host_fn = hipc__cpu_queue_host_fn,
    .queue_claim = hipc__pool_claim,
    .queue_run_claimed = hipc__pool_run_claimed,
    .ipc_export = hipc__cpu_ipc_export,
    .ipc_open = hipc__cpu_ipc_open,
    .ipc_close = hipc__cpu_ipc_close,
    .event_ipc_export = hipc__cpu_event_ipc_export,
    .event_ipc_open = hipc__cpu_event_ipc_open,
    .vm_granularity = hipc__cpu_vm_granularity,
    .vm_reserve = hipc__cpu_vm_reserve,
    .vm_free = hipc__cpu_vm_free,
    .vm_create = hipc__cpu_vm_create,
    .vm_release = hipc__cpu_vm_release,
    .vm_map = hipc__cpu_vm_map,
    .vm_unmap = hipc__cpu_vm_unmap,
    .vm_access = hipc__cpu_vm_access,
    .vm_export_fd = hipc__cpu_vm_export_fd,
    .vm_import_fd = hipc__cpu_vm_import_fd,
    .queue_throttle = hipc__pool_throttle,
    .host_alloc = cpu_host_alloc,
    .host_release = cpu_release,
    .host_register = cpu_host_register,
    .host_unregister = cpu_host_unregister,
    .host_device_pointer = cpu_host_device_pointer,
    .managed_alloc = cpu_managed_alloc,
    .prefetch = NULL, /* managed memory never moves */
    .peer_can_access = cpu_peer_can_access,
    .peer_access = cpu_peer_access,
    .batch_create = hipc__cpu_batch_create,
    .batch_enqueue = hipc__cpu_batch_enqueue,
    .batch_destroy = hipc__cpu_batch_destroy,
};
