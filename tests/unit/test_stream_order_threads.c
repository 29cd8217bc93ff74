/* Stream order holds whatever host thread enqueues the work (issue 17),
 * the C twin of tests/kernels/stream_order_threads.hip: its kernel is
 * registered by hand (as in test_gpu_module.c), so that it builds and runs
 * under every sanitizer, `make test-tsan` included, and on the CPU device
 * alone.
 *
 * Eight host threads share one blocking stream `s` and the null stream.
 * Writers fill a buffer uniformly (kernels, async and blocking fills,
 * blocking device-to-device copies); readers copy it out (async into
 * pageable memory, blocking, async into pinned memory then an event or a
 * stream sync) and check every byte: a copy that runs in its place in the
 * stream sees one writer's value throughout, a copy that overlaps a writer
 * (a torn copy) sees two. Host functions enqueued by one thread run in the
 * order it enqueued them. A copy on the null stream of the blocking
 * stream's buffer orders against the writers on `s` too. */
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>

#include "check.h"
#include "hip/hipc/kernel.h"

#define N (256 * 1024)  /* ints: 1 MiB per buffer */
#define READS 40        /* copies each reader checks */
#define MAX_WRITES 4000 /* a writer stops here even if readers lag */

/* -- the kernel kset(d, v): d[i] = v, one thread per int */

typedef struct kset_args {
  int* d;
  int v;
} kset_args;

static void kset(int* d, int v) { (void)d, (void)v; } /* the launch key */

static void kset_pack(void* const* a, void* dst) {
  kset_args* k = dst;
  k->d = *(int* const*)a[0];
  k->v = *(const int*)a[1];
}

static void kset_run(hipc_cpu_block* b) {
  const kset_args* k = b->args;
  for (uint32_t t = b->next; t < b->count; ++t)
    k->d[hipc_tls.block_idx.x * b->dim.x + t] = k->v;
  b->next = b->count;
}

static const uint32_t kset_sizes[] = {8, 4};
static const hipc_kernel_desc kset_desc = {
    (const void*)kset, "F = &kset,", 0, 0, 2, kset_sizes, sizeof(kset_args),
    _Alignof(kset_args), kset_pack, kset_run, kset_run, NULL, NULL, 0, NULL,
    NULL};

__attribute__((constructor)) static void register_kset(void) {
  hipc_register_kernel(&kset_desc);
}

static hipError_t launch_kset(int* d, int v, hipStream_t st) {
  void* args[] = {&d, &v};
  return hipLaunchKernel((const void*)kset, (dim3){N / 256, 1, 1},
                         (dim3){256, 1, 1}, args, 0, st);
}

/* -- the threads */

static int* dS;     /* written on `s` */
static int* dN;     /* written on the null stream */
static int* dConst; /* uniform, the source of device copies */
static hipStream_t s;
static atomic_int readers_left;
static atomic_int torn;
static atomic_int out_of_order;
static atomic_int api_errors;

#define OK(expr)                                                     \
  do {                                                               \
    hipError_t ok_e_ = (expr);                                       \
    if (ok_e_ != hipSuccess) {                                       \
      fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #expr, \
              hipGetErrorName(ok_e_));                               \
      atomic_fetch_add(&api_errors, 1);                              \
    }                                                                \
  } while (0)

/* Every byte of the copy `h` holds one writer's value. */
static void note(const int* h, const char* what) {
  for (int i = 1; i < N; i++)
    if (h[i] != h[0]) {
      if (atomic_fetch_add(&torn, 1) < 5)
        fprintf(stderr, "torn copy: %s (int %d: %#x, int 0: %#x)\n", what,
                i, (unsigned)h[i], (unsigned)h[0]);
      return;
    }
}

/* Writers pace themselves on an event every few writes (waiting for one
 * record never starves, whatever the other threads enqueue). */
static void pace(hipEvent_t ev, hipStream_t st, int i) {
  if (i % 16 != 15) return;
  OK(hipEventRecord(ev, st));
  OK(hipEventSynchronize(ev));
}

static int writing(int i) {
  return i < MAX_WRITES && atomic_load(&readers_left) > 0;
}

static void* kernel_writer(void* arg) { /* kernels on s */
  (void)arg;
  hipEvent_t ev;
  OK(hipEventCreateWithFlags(&ev, hipEventDisableTiming));
  for (int i = 0; writing(i); i++) {
    OK(launch_kset(dS, 0x10000 + i, s));
    pace(ev, s, i);
  }
  OK(hipEventDestroy(ev));
  return NULL;
}

typedef struct seq_arg {
  int* next; /* what the next host function expects */
  int n;
} seq_arg;

static void check_order(void* p) {
  seq_arg* a = p;
  if (a->n != *a->next) atomic_fetch_add(&out_of_order, 1);
  *a->next = a->n + 1;
  free(a);
}

static void* fill_writer(void* arg) { /* async fills and host functions */
  (void)arg;
  hipEvent_t ev;
  OK(hipEventCreateWithFlags(&ev, hipEventDisableTiming));
  int next = 0, n = 0;
  for (int i = 0; writing(i); i++) {
    OK(hipMemsetAsync(dS, 1 + i % 200, N * sizeof(int), s));
    if (i % 4 == 0) {
      seq_arg* a = malloc(sizeof *a);
      a->next = &next;
      a->n = n++;
      OK(hipLaunchHostFunc(s, check_order, a));
    }
    pace(ev, s, i);
  }
  OK(hipStreamSynchronize(s));
  if (next != n) atomic_fetch_add(&out_of_order, 1); /* one did not run */
  OK(hipEventDestroy(ev));
  return NULL;
}

static void* null_writer(void* arg) { /* on the null stream */
  (void)arg;
  hipEvent_t ev;
  OK(hipEventCreateWithFlags(&ev, hipEventDisableTiming));
  for (int i = 0; writing(i); i++) {
    switch (i % 4) {
      case 0: OK(launch_kset(dN, 0x20000 + i, NULL)); break;
      case 1: OK(hipMemset(dN, 1 + i % 200, N * sizeof(int))); break;
      case 2:
        OK(hipMemcpy(dN, dConst, N * sizeof(int), hipMemcpyDeviceToDevice));
        break;
      default: OK(hipMemsetAsync(dN, 1 + i % 100, N * sizeof(int), NULL));
    }
    pace(ev, NULL, i);
  }
  OK(hipEventDestroy(ev));
  return NULL;
}

static void* async_pageable_reader(void* arg) { /* s, pageable memory */
  (void)arg;
  int* h = malloc(N * sizeof *h);
  for (int i = 0; i < READS; i++) {
    OK(hipMemcpyAsync(h, dS, N * sizeof(int), hipMemcpyDeviceToHost, s));
    note(h, "hipMemcpyAsync to pageable memory on s");
  }
  free(h);
  atomic_fetch_sub(&readers_left, 1);
  return NULL;
}

static void* blocking_reader(void* arg) { /* null stream, both buffers */
  (void)arg;
  int* h = malloc(N * sizeof *h);
  for (int i = 0; i < READS; i++) {
    OK(hipMemcpy(h, dN, N * sizeof(int), hipMemcpyDeviceToHost));
    note(h, "hipMemcpy of the null stream's buffer");
    OK(hipMemcpy(h, dS, N * sizeof(int), hipMemcpyDeviceToHost));
    note(h, "hipMemcpy (null stream) of s's buffer");
  }
  free(h);
  atomic_fetch_sub(&readers_left, 1);
  return NULL;
}

static void* event_reader(void* arg) { /* s, pinned memory, an event */
  (void)arg;
  int* h = NULL;
  OK(hipHostMalloc((void**)&h, N * sizeof(int), 0));
  hipEvent_t ev;
  OK(hipEventCreate(&ev));
  for (int i = 0; i < READS; i++) {
    OK(hipMemcpyAsync(h, dS, N * sizeof(int), hipMemcpyDeviceToHost, s));
    OK(hipEventRecord(ev, s));
    OK(hipEventSynchronize(ev));
    note(h, "hipMemcpyAsync to pinned memory on s, then an event");
  }
  OK(hipEventDestroy(ev));
  OK(hipHostFree(h));
  atomic_fetch_sub(&readers_left, 1);
  return NULL;
}

static void* sync_reader(void* arg) { /* pinned memory, stream syncs */
  (void)arg;
  int* h = NULL;
  OK(hipHostMalloc((void**)&h, N * sizeof(int), 0));
  for (int i = 0; i < READS; i++) {
    OK(hipMemcpyAsync(h, dN, N * sizeof(int), hipMemcpyDeviceToHost, NULL));
    OK(hipStreamSynchronize(NULL));
    note(h, "hipMemcpyAsync to pinned memory on null, then a sync");
    OK(hipMemcpyAsync(h, dS, N * sizeof(int), hipMemcpyDeviceToHost, s));
    OK(hipStreamSynchronize(s));
    note(h, "hipMemcpyAsync to pinned memory on s, then a sync");
  }
  OK(hipHostFree(h));
  atomic_fetch_sub(&readers_left, 1);
  return NULL;
}

int main(void) {
  CHECK_ERR(hipMalloc((void**)&dS, N * sizeof(int)), hipSuccess);
  CHECK_ERR(hipMalloc((void**)&dN, N * sizeof(int)), hipSuccess);
  CHECK_ERR(hipMalloc((void**)&dConst, N * sizeof(int)), hipSuccess);
  CHECK_ERR(hipMemset(dS, 0, N * sizeof(int)), hipSuccess);
  CHECK_ERR(hipMemset(dN, 0, N * sizeof(int)), hipSuccess);
  CHECK_ERR(hipMemset(dConst, 0x5a, N * sizeof(int)), hipSuccess);
  CHECK_ERR(hipStreamCreate(&s), hipSuccess);
  void* (*fns[8])(void*) = {kernel_writer,   fill_writer,  null_writer,
                            kernel_writer,   async_pageable_reader,
                            blocking_reader, event_reader, sync_reader};
  atomic_store(&readers_left, 4);
  pthread_t th[8];
  for (int i = 0; i < 8; i++)
    CHECK_EQ(pthread_create(&th[i], NULL, fns[i], NULL), 0);
  for (int i = 0; i < 8; i++) CHECK_EQ(pthread_join(th[i], NULL), 0);
  CHECK_ERR(hipDeviceSynchronize(), hipSuccess);
  CHECK_EQ(atomic_load(&api_errors), 0);
  CHECK_EQ(atomic_load(&torn), 0);
  CHECK_EQ(atomic_load(&out_of_order), 0);
  CHECK_ERR(hipStreamDestroy(s), hipSuccess);
  CHECK_ERR(hipFree(dS), hipSuccess);
  CHECK_ERR(hipFree(dN), hipSuccess);
  CHECK_ERR(hipFree(dConst), hipSuccess);
  return check_summary("test_stream_order_threads");
}
