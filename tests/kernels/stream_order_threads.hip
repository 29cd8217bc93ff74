// Stream order holds whatever host thread enqueues the work (issue 17):
// eight host threads share one blocking stream `s` and the null stream.
// Writers fill a buffer uniformly (kernels, async and blocking fills,
// blocking device-to-device copies); readers copy it out (async into
// pageable memory, blocking, async into pinned memory then an event or a
// stream sync) and check every byte: a copy that runs in its place in the
// stream sees one writer's value throughout, a copy that overlaps a writer
// (a torn copy) sees two. Host functions enqueued by one thread run in the
// order it enqueued them. A copy on the null stream of the blocking
// stream's buffer orders against the writers on `s` too.
#include <pthread.h>

#include <atomic>

#include "common.h"

#define N (256 * 1024)      // ints: 1 MiB per buffer
#define READS 60            // copies each reader checks
#define MAX_WRITES 4000     // a writer stops here even if readers lag

__global__ void kset(int* d, int v) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < N) d[i] = v;
}

static int* dS;             // written on `s`
static int* dN;             // written on the null stream
static int* dConst;         // uniform, the source of device copies
static hipStream_t s;
static std::atomic<int> readers_left;
static std::atomic<int> torn;
static std::atomic<int> callbacks_out_of_order;

// Whether the n ints at h are all the same (every byte checked).
static bool uniform(const int* h) {
  for (int i = 1; i < N; i++)
    if (h[i] != h[0]) return false;
  return true;
}

static void note(const int* h, const char* what) {
  if (!uniform(h)) {
    if (torn.fetch_add(1) < 5) std::fprintf(stderr, "torn copy: %s\n", what);
  }
}

// Writers pace themselves on an event every few writes (waiting for one
// record never starves, whatever the other threads enqueue).
static void pace(hipEvent_t ev, hipStream_t st, int i) {
  if (i % 16 != 15) return;
  HIP_CHECK(hipEventRecord(ev, st));
  HIP_CHECK(hipEventSynchronize(ev));
}

struct seq_state {
  int next;   // what the next callback expects
};
struct seq_arg {
  seq_state* st;
  int n;
};

static void check_order(void* p) {
  seq_arg* a = static_cast<seq_arg*>(p);
  if (a->n != a->st->next) callbacks_out_of_order.fetch_add(1);
  a->st->next = a->n + 1;
  delete a;
}

static void* kernel_writer(void*) {  // kernels on s
  hipEvent_t ev;
  HIP_CHECK(hipEventCreateWithFlags(&ev, hipEventDisableTiming));
  for (int i = 0; i < MAX_WRITES && readers_left.load() > 0; i++) {
    kset<<<N / 256, 256, 0, s>>>(dS, 0x10000 + i);
    pace(ev, s, i);
  }
  HIP_CHECK(hipEventDestroy(ev));
  return nullptr;
}

static void* fill_writer(void*) {  // async fills and host functions on s
  hipEvent_t ev;
  HIP_CHECK(hipEventCreateWithFlags(&ev, hipEventDisableTiming));
  seq_state st = {0};
  int n = 0;
  for (int i = 0; i < MAX_WRITES && readers_left.load() > 0; i++) {
    HIP_CHECK(hipMemsetAsync(dS, 1 + i % 200, N * sizeof(int), s));
    if (i % 4 == 0) HIP_CHECK(hipLaunchHostFunc(s, check_order,
                                                new seq_arg{&st, n++}));
    pace(ev, s, i);
  }
  HIP_CHECK(hipStreamSynchronize(s));
  CHECK_EQ(st.next, n);
  HIP_CHECK(hipEventDestroy(ev));
  return nullptr;
}

static void* null_writer(void*) {  // kernels, fills and copies on null
  hipEvent_t ev;
  HIP_CHECK(hipEventCreateWithFlags(&ev, hipEventDisableTiming));
  for (int i = 0; i < MAX_WRITES && readers_left.load() > 0; i++) {
    switch (i % 4) {
      case 0: kset<<<N / 256, 256>>>(dN, 0x20000 + i); break;
      case 1: HIP_CHECK(hipMemset(dN, 1 + i % 200, N * sizeof(int))); break;
      case 2:
        HIP_CHECK(hipMemcpy(dN, dConst, N * sizeof(int),
                            hipMemcpyDeviceToDevice));
        break;
      default:
        HIP_CHECK(hipMemsetAsync(dN, 1 + i % 100, N * sizeof(int), 0));
    }
    pace(ev, 0, i);
  }
  HIP_CHECK(hipEventDestroy(ev));
  return nullptr;
}

static void* async_pageable_reader(void*) {  // s, pageable memory
  int* h = new int[N];
  for (int i = 0; i < READS; i++) {
    HIP_CHECK(hipMemcpyAsync(h, dS, N * sizeof(int), hipMemcpyDeviceToHost,
                             s));
    note(h, "hipMemcpyAsync to pageable memory on s");
  }
  delete[] h;
  readers_left.fetch_sub(1);
  return nullptr;
}

static void* blocking_reader(void*) {  // null stream, both buffers
  int* h = new int[N];
  for (int i = 0; i < READS; i++) {
    HIP_CHECK(hipMemcpy(h, dN, N * sizeof(int), hipMemcpyDeviceToHost));
    note(h, "hipMemcpy of the null stream's buffer");
    HIP_CHECK(hipMemcpy(h, dS, N * sizeof(int), hipMemcpyDeviceToHost));
    note(h, "hipMemcpy (null stream) of s's buffer");
  }
  delete[] h;
  readers_left.fetch_sub(1);
  return nullptr;
}

static void* event_reader(void*) {  // s, pinned memory, an event
  int* h;
  HIP_CHECK(hipHostMalloc((void**)&h, N * sizeof(int), 0));
  hipEvent_t ev;
  HIP_CHECK(hipEventCreate(&ev));
  for (int i = 0; i < READS; i++) {
    HIP_CHECK(hipMemcpyAsync(h, dS, N * sizeof(int), hipMemcpyDeviceToHost,
                             s));
    HIP_CHECK(hipEventRecord(ev, s));
    HIP_CHECK(hipEventSynchronize(ev));
    note(h, "hipMemcpyAsync to pinned memory on s, then an event");
  }
  HIP_CHECK(hipEventDestroy(ev));
  HIP_CHECK(hipHostFree(h));
  readers_left.fetch_sub(1);
  return nullptr;
}

static void* sync_reader(void*) {  // pinned memory, stream syncs
  int* h;
  HIP_CHECK(hipHostMalloc((void**)&h, N * sizeof(int), 0));
  for (int i = 0; i < READS; i++) {
    HIP_CHECK(hipMemcpyAsync(h, dN, N * sizeof(int), hipMemcpyDeviceToHost,
                             0));
    HIP_CHECK(hipStreamSynchronize(0));
    note(h, "hipMemcpyAsync to pinned memory on null, then a sync");
    HIP_CHECK(hipMemcpyAsync(h, dS, N * sizeof(int), hipMemcpyDeviceToHost,
                             s));
    HIP_CHECK(hipStreamSynchronize(s));
    note(h, "hipMemcpyAsync to pinned memory on s, then a sync");
  }
  HIP_CHECK(hipHostFree(h));
  readers_left.fetch_sub(1);
  return nullptr;
}

int main() {
  HIP_CHECK(hipMalloc((void**)&dS, N * sizeof(int)));
  HIP_CHECK(hipMalloc((void**)&dN, N * sizeof(int)));
  HIP_CHECK(hipMalloc((void**)&dConst, N * sizeof(int)));
  HIP_CHECK(hipMemset(dS, 0, N * sizeof(int)));
  HIP_CHECK(hipMemset(dN, 0, N * sizeof(int)));
  HIP_CHECK(hipMemset(dConst, 0x5a, N * sizeof(int)));
  HIP_CHECK(hipStreamCreate(&s));
  void* (*fns[8])(void*) = {kernel_writer,  fill_writer,  null_writer,
                            kernel_writer,  async_pageable_reader,
                            blocking_reader, event_reader, sync_reader};
  readers_left = 4;
  pthread_t th[8];
  for (int i = 0; i < 8; i++)
    CHECK_EQ(pthread_create(&th[i], nullptr, fns[i], nullptr), 0);
  for (int i = 0; i < 8; i++) CHECK_EQ(pthread_join(th[i], nullptr), 0);
  HIP_CHECK(hipDeviceSynchronize());
  CHECK_EQ(torn.load(), 0);
  CHECK_EQ(callbacks_out_of_order.load(), 0);
  HIP_CHECK(hipStreamDestroy(s));
  HIP_CHECK(hipFree(dS));
  HIP_CHECK(hipFree(dN));
  HIP_CHECK(hipFree(dConst));
  return test::summary("stream_order_threads");
}
