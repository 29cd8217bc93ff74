// Stress: many host threads at once, each with its own streams, for many
// rounds. A round moves a fresh pattern host → device (pinned or pageable
// source), transforms it with kernels on two streams ordered by an event,
// fills and copies back, with a callback counting rounds; every byte is
// checked against the same computation on the host. Some rounds use the
// per-thread and the null stream, some allocate and free their buffers.
#include <pthread.h>
#include <stdlib.h>

#include <atomic>
#include <vector>

#include "common.h"

#define THREADS 8
#define ROUNDS 300

__global__ void k_affine(unsigned* a, int n, unsigned mul, unsigned add) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) a[i] = a[i] * mul + add;
}

__global__ void k_mix(const unsigned* a, unsigned* b, int n, unsigned key) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) b[i] = (a[i] ^ key) + static_cast<unsigned>(i);
}

static unsigned pattern(int t, int r, int i) {
  unsigned x = static_cast<unsigned>(t * 7919 + r * 104729 + i) * 2654435761u;
  return x ^ (x >> 13);
}

struct worker {
  int id;
  int bad_calls = 0;
  int bad_rounds = 0;
  std::atomic<int> callbacks{0};
};

static void count_round(hipStream_t, hipError_t status, void* p) {
  if (status == hipSuccess) static_cast<worker*>(p)->callbacks++;
}

#define TRY(expr) \
  do {            \
    if ((expr) != hipSuccess) w->bad_calls++; \
  } while (0)

static void* run(void* arg) {
  worker* w = static_cast<worker*>(arg);
  const int t = w->id;
  hipStream_t s1, s2;
  hipEvent_t e;
  TRY(hipStreamCreate(&s1));
  TRY(hipStreamCreateWithFlags(&s2, hipStreamNonBlocking));
  TRY(hipEventCreateWithFlags(&e, hipEventDisableTiming));
  const int max_n = 20000;
  unsigned *pin_in = nullptr, *pin_out = nullptr;
  TRY(hipHostMalloc(&pin_in, max_n * sizeof(unsigned), 0));
  TRY(hipHostMalloc(&pin_out, max_n * sizeof(unsigned), 0));
  std::vector<unsigned> pageable(max_n), want(max_n);
  unsigned *a = nullptr, *b = nullptr;
  for (int r = 0; r < ROUNDS; r++) {
    const int n = 1 + (t * 131 + r * 977) % max_n;
    const size_t bytes = n * sizeof(unsigned);
    if (r % 5 == 0) {  // fresh buffers now and then
      if (a) TRY(hipFree(a));
      if (b) TRY(hipFree(b));
      TRY(hipMalloc(&a, max_n * sizeof(unsigned)));
      TRY(hipMalloc(&b, max_n * sizeof(unsigned)));
    }
    const unsigned mul = static_cast<unsigned>(t + 3), add = r * 11u;
    const unsigned key = 0x5bd1e995u * static_cast<unsigned>(r + 1);
    unsigned* src = r % 2 ? pin_in : pageable.data();
    for (int i = 0; i < n; i++) {
      src[i] = pattern(t, r, i);
      want[i] = ((src[i] * mul + add) ^ key) + static_cast<unsigned>(i);
    }
    // Stream 1 (or the per-thread stream): in, then the first kernel.
    hipStream_t first = r % 3 == 2 ? hipStreamPerThread : s1;
    TRY(hipMemcpyAsync(a, src, bytes, hipMemcpyHostToDevice, first));
    k_affine<<<(n + 255) / 256, 256, 0, first>>>(a, n, mul, add);
    TRY(hipEventRecord(e, first));
    // Stream 2 waits for it, then mixes, and copies out.
    TRY(hipStreamWaitEvent(s2, e, 0));
    TRY(hipMemsetD32Async(b, 0xFFFFFFFF, n, s2));
    k_mix<<<(n + 127) / 128, 128, 0, s2>>>(a, b, n, key);
    TRY(hipMemcpyAsync(pin_out, b, bytes, hipMemcpyDeviceToHost, s2));
    TRY(hipStreamAddCallback(s2, count_round, w, 0));
    if (r % 4 == 3) {
      // The null stream, ordered after s1 (blocking), not after s2: wait
      // for s2 explicitly, then check through the null stream.
      TRY(hipEventRecord(e, s2));
      TRY(hipStreamWaitEvent(0, e, 0));
      TRY(hipStreamSynchronize(0));
    } else {
      TRY(hipStreamSynchronize(s2));
    }
    bool ok = true;
    for (int i = 0; i < n; i++) ok &= pin_out[i] == want[i];
    if (!ok) w->bad_rounds++;
  }
  TRY(hipStreamSynchronize(s1));
  TRY(hipFree(a));
  TRY(hipFree(b));
  TRY(hipHostFree(pin_in));
  TRY(hipHostFree(pin_out));
  TRY(hipEventDestroy(e));
  TRY(hipStreamDestroy(s1));
  TRY(hipStreamDestroy(s2));
  return nullptr;
}

int main() {
  std::vector<worker> w(THREADS);
  pthread_t th[THREADS];
  for (int i = 0; i < THREADS; i++) {
    w[i].id = i;
    CHECK_EQ(pthread_create(&th[i], nullptr, run, &w[i]), 0);
  }
  for (int i = 0; i < THREADS; i++) CHECK_EQ(pthread_join(th[i], nullptr), 0);
  for (int i = 0; i < THREADS; i++) {
    CHECK_EQ(w[i].bad_calls, 0);
    CHECK_EQ(w[i].bad_rounds, 0);
    CHECK_EQ(w[i].callbacks.load(), ROUNDS);
  }
  return test_summary("stream_stress");
}
