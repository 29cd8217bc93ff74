// Stream round trips (issue #19: "a stream round trip on idle cores
// <= 10 us"): enqueue one small piece of work, then wait for it, measured
// one trip at a time. "idle": the process sleeps 2 ms before each trip, so
// the workers have stopped spinning and sleep; "busy": trips back to back.
// Three kinds of trip: a host function (hipLaunchHostFunc) then
// hipStreamSynchronize, an empty kernel then hipStreamSynchronize, and an
// empty kernel then an event record and hipEventSynchronize.
//
// BENCH_SIDE=ref measures the same pattern with plain pthreads: one worker
// thread parked on a condition variable is handed an empty task and the
// caller waits on another condition variable (what an OS wake-up costs on
// this machine). Each side prints every median and 90th percentile and a
// RESULT line with the idle host-function median (in ms, for bench/run.sh).
#include <hip/hip_runtime.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <pthread.h>
#include <thread>
#include <vector>

#define CHECK(x)                                                         \
  do {                                                                   \
    hipError_t e_ = (x);                                                 \
    if (e_ != hipSuccess) {                                              \
      std::fprintf(stderr, "%s:%d: %s failed: %s\n", __FILE__, __LINE__, \
                   #x, hipGetErrorString(e_));                           \
      std::exit(1);                                                      \
    }                                                                    \
  } while (0)

__global__ void empty_kernel() {}

static int host_calls;
static void host_fn(void* p) { ++*static_cast<int*>(p); }

static double now_us() {
  using namespace std::chrono;
  return duration<double, std::micro>(
             steady_clock::now().time_since_epoch())
      .count();
}

struct stats {
  double median, p90;
};

static stats summarise(std::vector<double>& v) {
  std::sort(v.begin(), v.end());
  return {v[v.size() / 2], v[v.size() * 9 / 10]};
}

// The plain-pthreads reference: one parked worker, a task flag, a done flag.
struct ref_pool {
  pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
  pthread_cond_t work = PTHREAD_COND_INITIALIZER;
  pthread_cond_t done = PTHREAD_COND_INITIALIZER;
  int task = 0, finished = 0, quit = 0, count = 0;
};

static void* ref_worker(void* arg) {
  ref_pool* p = static_cast<ref_pool*>(arg);
  pthread_mutex_lock(&p->m);
  for (;;) {
    while (!p->task && !p->quit) pthread_cond_wait(&p->work, &p->m);
    if (p->quit) break;
    p->task = 0;
    ++p->count;
    p->finished = 1;
    pthread_cond_signal(&p->done);
  }
  pthread_mutex_unlock(&p->m);
  return nullptr;
}

static double ref_trip(ref_pool* p) {
  double t0 = now_us();
  pthread_mutex_lock(&p->m);
  p->finished = 0;
  p->task = 1;
  pthread_cond_signal(&p->work);
  while (!p->finished) pthread_cond_wait(&p->done, &p->m);
  pthread_mutex_unlock(&p->m);
  return now_us() - t0;
}

enum kind { HOST_FN, KERNEL, EVENT };
static const char* const kind_name[] = {"host function", "empty kernel",
                                        "kernel + event"};

static double hip_trip(kind k, hipStream_t s, hipEvent_t ev) {
  double t0 = now_us();
  switch (k) {
    case HOST_FN:
      CHECK(hipLaunchHostFunc(s, host_fn, &host_calls));
      CHECK(hipStreamSynchronize(s));
      break;
    case KERNEL:
      empty_kernel<<<1, 1, 0, s>>>();
      CHECK(hipStreamSynchronize(s));
      break;
    case EVENT:
      empty_kernel<<<1, 1, 0, s>>>();
      CHECK(hipEventRecord(ev, s));
      CHECK(hipEventSynchronize(ev));
      break;
  }
  return now_us() - t0;
}

int main() {
  const char* side = std::getenv("BENCH_SIDE");
  const bool ref = side != nullptr && std::strcmp(side, "ref") == 0;
  const int trips = 200;
  double idle_host = 0;
  if (ref) {
    ref_pool p;
    pthread_t t;
    pthread_create(&t, nullptr, ref_worker, &p);
    for (int idle = 1; idle >= 0; --idle) {
      std::vector<double> v;
      for (int i = 0; i < trips; ++i) {
        if (idle) std::this_thread::sleep_for(std::chrono::milliseconds(2));
        v.push_back(ref_trip(&p));
      }
      stats st = summarise(v);
      std::printf("roundtrip ref %s: median %.1f us, p90 %.1f us\n",
                  idle ? "idle" : "busy", st.median, st.p90);
      if (idle) idle_host = st.median;
    }
    pthread_mutex_lock(&p.m);
    p.quit = 1;
    pthread_cond_signal(&p.work);
    pthread_mutex_unlock(&p.m);
    pthread_join(t, nullptr);
    if (p.count != 2 * trips) {
      std::fprintf(stderr, "roundtrip ref: %d tasks ran, expected %d\n",
                   p.count, 2 * trips);
      return 1;
    }
  } else {
    hipStream_t s;
    hipEvent_t ev;
    CHECK(hipStreamCreate(&s));
    CHECK(hipEventCreate(&ev));
    hip_trip(KERNEL, s, ev); // starts the workers
    host_calls = 0;
    for (int idle = 1; idle >= 0; --idle)
      for (int k = HOST_FN; k <= EVENT; ++k) {
        std::vector<double> v;
        for (int i = 0; i < trips; ++i) {
          if (idle)
            std::this_thread::sleep_for(std::chrono::milliseconds(2));
          v.push_back(hip_trip(static_cast<kind>(k), s, ev));
        }
        stats st = summarise(v);
        std::printf("roundtrip %s %s: median %.1f us, p90 %.1f us\n",
                    idle ? "idle" : "busy", kind_name[k], st.median, st.p90);
        if (idle && k == HOST_FN) idle_host = st.median;
      }
    if (host_calls != 2 * trips) {
      std::fprintf(stderr, "roundtrip: %d host functions ran, expected %d\n",
                   host_calls, 2 * trips);
      return 1;
    }
    CHECK(hipEventDestroy(ev));
    CHECK(hipStreamDestroy(s));
  }
  std::printf("RESULT roundtrip idle host function (median) %.4f ms\n",
              idle_host / 1000.0);
  return 0;
}
