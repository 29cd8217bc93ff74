// Per-copy cost of 16 KiB host-to-device hipMemcpyAsync calls from pageable
// memory, HeCBench streamCreateCopyDestroy's pattern, built by hipcc and
// (through bench/gpu/cuda_shim) by nvcc from this same source. Each case
// prints "RESULT <case> <us> us/copy", the best of BENCH_REPS rounds:
//   null_N      N buffers copied on the null stream, then a device sync
//   stream_N    a stream created, N copies on it, synchronised, destroyed
//   streams8    8 streams created, 1000 copies on each, synced, destroyed
//   nonblock    as stream_1000 with a hipStreamNonBlocking stream
//   pinned      as stream_1000 from pinned memory (no driver staging)
//   null_live   1000 copies to one buffer, 5000 allocations live
// N is 1000 or 5000 (the allocations live while copying).
#include "gpu_bench.h"

#include <cstdio>
#include <cstdlib>
#include <vector>

static const size_t kBytes = 16384;

enum Mode { kNull, kStream, kNonBlocking };

// One round: `streams` streams (kNull: none), `copies` copies on each,
// to dst[i % ndst]. Returns microseconds per copy.
static double round_us(Mode mode, int streams, int copies, float** dst,
                       int ndst, const float* src) {
  std::vector<hipStream_t> s(streams > 0 ? streams : 1);
  double t0 = now_us();
  if (mode == kNull) {
    for (int i = 0; i < copies; ++i)
      CHECK(hipMemcpyAsync(dst[i % ndst], src, kBytes, hipMemcpyHostToDevice,
                           0));
    CHECK(hipDeviceSynchronize());
    return (now_us() - t0) / copies;
  }
  for (int k = 0; k < streams; ++k) {
    if (mode == kNonBlocking)
      CHECK(hipStreamCreateWithFlags(&s[k], hipStreamNonBlocking));
    else
      CHECK(hipStreamCreate(&s[k]));
  }
  for (int k = 0; k < streams; ++k)
    for (int i = 0; i < copies; ++i)
      CHECK(hipMemcpyAsync(dst[i % ndst], src, kBytes, hipMemcpyHostToDevice,
                           s[k]));
  for (int k = 0; k < streams; ++k) {
    CHECK(hipStreamSynchronize(s[k]));
    CHECK(hipStreamDestroy(s[k]));
  }
  return (now_us() - t0) / ((double)copies * streams);
}

static int reps() {
  const char* v = std::getenv("BENCH_REPS");
  int n = v ? std::atoi(v) : 0;
  return n > 0 ? n : 10;
}

static void report(const char* name, Mode mode, int streams, int copies,
                   float** dst, int ndst, const float* src) {
  double best = 1e30;
  round_us(mode, streams, copies, dst, ndst, src); // warm-up
  for (int r = 0; r < reps(); ++r) {
    double t = round_us(mode, streams, copies, dst, ndst, src);
    if (t < best) best = t;
  }
  std::printf("RESULT %s %.3f us/copy\n", name, best);
}

int main() {
  const int kMax = 5000;
  std::vector<float*> dst(kMax);
  for (int i = 0; i < 1000; ++i) CHECK(hipMalloc(&dst[i], kBytes));
  float* src = new float[kBytes / sizeof(float)];
  for (size_t i = 0; i < kBytes / sizeof(float); ++i) src[i] = 1.618f + i;
  float* pinned;
  CHECK(hipHostMalloc((void**)&pinned, kBytes, 0));
  for (size_t i = 0; i < kBytes / sizeof(float); ++i) pinned[i] = src[i];

  report("null_1000", kNull, 0, 1000, dst.data(), 1000, src);
  report("stream_1000", kStream, 1, 1000, dst.data(), 1000, src);
  report("streams8", kStream, 8, 1000, dst.data(), 1000, src);
  report("nonblock", kNonBlocking, 1, 1000, dst.data(), 1000, src);
  report("pinned", kStream, 1, 1000, dst.data(), 1000, pinned);
  for (int i = 1000; i < kMax; ++i) CHECK(hipMalloc(&dst[i], kBytes));
  report("null_5000", kNull, 0, 5000, dst.data(), kMax, src);
  report("stream_5000", kStream, 1, 5000, dst.data(), kMax, src);
  report("null_live", kNull, 0, 1000, dst.data(), 1, src);

  for (int i = 0; i < kMax; ++i) CHECK(hipFree(dst[i]));
  CHECK(hipHostFree(pinned));
  delete[] src;
  return 0;
}
