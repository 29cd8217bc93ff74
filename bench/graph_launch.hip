// A graph of N small kernels against the same N kernels launched one by
// one (bench/README.md). Each kernel adds 1 to 64 ints; the kernels form a
// chain, so both sides do the same work in the same order. BENCH_SIDE=ref
// times the N launches on a stream, otherwise one hipGraphLaunch of a graph
// captured from those launches (instantiated once, outside the timing).
// Each rep ends with hipStreamSynchronize; the best of BENCH_REPS (5) reps
// after a warm-up is printed as "RESULT graph_launch ... ms". The answer is
// checked after the timed reps.
#include <hip/hip_runtime.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#define CHECK(call)                                                       \
  do {                                                                    \
    hipError_t err_ = (call);                                             \
    if (err_ != hipSuccess) {                                             \
      std::fprintf(stderr, "%s:%d: %s failed: %s\n", __FILE__, __LINE__, \
                   #call, hipGetErrorString(err_));                       \
      std::exit(2);                                                       \
    }                                                                     \
  } while (0)

__global__ void add_one(int* p) { p[threadIdx.x] += 1; }

static int env_int(const char* name, int fallback) {
  const char* v = std::getenv(name);
  return v && *v ? std::atoi(v) : fallback;
}

static double now_ms() {
  using clock = std::chrono::steady_clock;
  return std::chrono::duration<double, std::milli>(
             clock::now().time_since_epoch())
      .count();
}

int main() {
  const int n = env_int("BENCH_GRAPH_NODES", 1000);
  const int reps = env_int("BENCH_REPS", 5);
  const char* side = std::getenv("BENCH_SIDE");
  const bool ref = side && std::strcmp(side, "ref") == 0;
  int* d;
  CHECK(hipMalloc(&d, 64 * sizeof(int)));
  CHECK(hipMemset(d, 0, 64 * sizeof(int)));
  hipStream_t s;
  CHECK(hipStreamCreateWithFlags(&s, hipStreamNonBlocking));
  auto launches = [&] {
    for (int i = 0; i < n; ++i) hipLaunchKernelGGL(add_one, 1, 64, 0, s, d);
  };
  hipGraphExec_t x = nullptr;
  if (!ref) {
    hipGraph_t g;
    CHECK(hipStreamBeginCapture(s, hipStreamCaptureModeGlobal));
    launches();
    CHECK(hipStreamEndCapture(s, &g));
    CHECK(hipGraphInstantiate(&x, g, nullptr, nullptr, 0));
    CHECK(hipGraphDestroy(g));
  }
  auto once = [&] {
    if (ref)
      launches();
    else
      CHECK(hipGraphLaunch(x, s));
    CHECK(hipStreamSynchronize(s));
  };
  once();  // warm-up
  double best = 1e300;
  for (int r = 0; r < reps; ++r) {
    double t0 = now_ms();
    once();
    double t = now_ms() - t0;
    if (t < best) best = t;
  }
  CHECK(hipGetLastError());
  int h[64];
  CHECK(hipMemcpy(h, d, sizeof h, hipMemcpyDeviceToHost));
  for (int i = 0; i < 64; ++i)
    if (h[i] != n * (reps + 1)) {
      std::fprintf(stderr, "graph_launch: h[%d] = %d, expected %d\n", i, h[i],
                   n * (reps + 1));
      return 1;
    }
  if (x) CHECK(hipGraphExecDestroy(x));
  std::printf("RESULT graph_launch %d kernels (%s) %.3f ms\n", n,
              ref ? "launched one by one" : "one graph", best);
  return 0;
}
