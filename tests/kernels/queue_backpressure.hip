// Launch queues are bounded (issue 17): with HIPC_QUEUE_DEPTH=64, a
// thread that launches faster than the device runs blocks once its stream
// holds 64 unfinished operations, as a GPU's launch queue does, so memory
// stays flat under any launch rate. A kernel holds the stream until a
// watchdog thread lets it go; until then the launching thread must be
// stuck near the bound. Every launch still runs, in order.
#include <pthread.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

#include <atomic>

#include "common.h"

#define DEPTH 64
#define LAUNCHES 5000

__global__ void hold(volatile int* gate) {
  while (*gate == 0) {
  }
}

__global__ void count(int* n, int expect_base) {
  // Launches run in order: the i-th counting launch sees i before it.
  int old = atomicAdd(n, 1);
  if (old != expect_base) atomicAdd(n + 1, 1);
}

static std::atomic<int> launched;
static volatile int* gate;

static void* watchdog(void*) {
  usleep(300 * 1000);
  int seen = launched.load();
  // The launcher is blocked: at most the bound (plus the hold kernel and
  // one launch in flight) got through.
  CHECK(seen <= DEPTH + 1);
  CHECK(seen >= DEPTH - 2);
  std::fprintf(stderr, "launches returned while the stream was held: %d\n",
               seen);
  *gate = 1;
  return nullptr;
}

int main() {
  setenv("HIPC_QUEUE_DEPTH", "64", 1);
  int* n;
  HIP_CHECK(hipMalloc((void**)&n, 2 * sizeof(int)));
  HIP_CHECK(hipMemset(n, 0, 2 * sizeof(int)));
  HIP_CHECK(hipHostMalloc((void**)&gate, sizeof(int), 0));
  *gate = 0;
  hipStream_t s;
  HIP_CHECK(hipStreamCreate(&s));
  hold<<<1, 1, 0, s>>>(gate);
  pthread_t w;
  CHECK_EQ(pthread_create(&w, nullptr, watchdog, nullptr), 0);
  for (int i = 0; i < LAUNCHES; i++) {
    count<<<1, 1, 0, s>>>(n, i);
    launched.fetch_add(1);
  }
  CHECK_EQ(pthread_join(w, nullptr), 0);
  HIP_CHECK(hipStreamSynchronize(s));
  int h[2];
  HIP_CHECK(hipMemcpy(h, n, sizeof h, hipMemcpyDeviceToHost));
  CHECK_EQ(h[0], LAUNCHES);
  CHECK_EQ(h[1], 0);
  HIP_CHECK(hipStreamDestroy(s));
  HIP_CHECK(hipHostFree((void*)gate));
  HIP_CHECK(hipFree(n));
  return test_summary("queue_backpressure");
}
