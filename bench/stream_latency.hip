// Stream round-trip latency (bench/stream_latency.sh): enqueue one small
// operation on a stream, then wait for it, timed from before the enqueue to
// the wait's return. Three operations: an empty host function
// (hipLaunchHostFunc + hipStreamSynchronize), an empty kernel of one thread
// (+ hipStreamSynchronize), and an event record (hipEventRecord +
// hipEventSynchronize). Two conditions: "idle", where the process sleeps
// BENCH_IDLE_US (2000) microseconds before each trip so that the workers
// have parked, and "busy", trips back to back. Prints the median and the
// 90th percentile of BENCH_TRIPS (300) trips, in microseconds, after 20
// warm-up trips, and exits 1 if any call fails.
#include <hip/hip_runtime.h>

#include <stdio.h>
#include <stdlib.h>
#include <time.h>

__global__ void empty_kernel() {}

static void nop(void* arg) { (void)arg; }

static double now_us() {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec * 1e6 + (double)t.tv_nsec * 1e-3;
}

static void sleep_us(long us) {
  struct timespec t = {us / 1000000, (us % 1000000) * 1000};
  nanosleep(&t, NULL);
}

static int cmp_double(const void* a, const void* b) {
  double x = *(const double*)a, y = *(const double*)b;
  return x < y ? -1 : x > y;
}

static int failed;

static void check(hipError_t e, const char* what) {
  if (e != hipSuccess) {
    fprintf(stderr, "stream_latency: %s: %s\n", what, hipGetErrorString(e));
    failed = 1;
  }
}

enum { HOST_FN, KERNEL, EVENT };

static void trip(int op, hipStream_t s, hipEvent_t ev) {
  switch (op) {
    case HOST_FN:
      check(hipLaunchHostFunc(s, nop, NULL), "hipLaunchHostFunc");
      check(hipStreamSynchronize(s), "hipStreamSynchronize");
      break;
    case KERNEL:
      empty_kernel<<<1, 1, 0, s>>>();
      check(hipGetLastError(), "launch");
      check(hipStreamSynchronize(s), "hipStreamSynchronize");
      break;
    default:
      check(hipEventRecord(ev, s), "hipEventRecord");
      check(hipEventSynchronize(ev), "hipEventSynchronize");
  }
}

int main() {
  const char* t = getenv("BENCH_TRIPS");
  const char* i = getenv("BENCH_IDLE_US");
  int trips = t ? atoi(t) : 300;
  long idle_us = i ? atol(i) : 2000;
  if (trips < 1) trips = 1;
  hipStream_t s;
  hipEvent_t ev;
  check(hipStreamCreate(&s), "hipStreamCreate");
  check(hipEventCreateWithFlags(&ev, hipEventDisableTiming),
        "hipEventCreate");
  if (failed) return 1;
  double* lat = (double*)malloc(sizeof(double) * (size_t)trips);
  static const char* names[] = {"host function", "empty kernel",
                                "event record"};
  printf("%-14s %-5s %10s %10s\n", "round trip", "when", "median us",
         "p90 us");
  for (int op = HOST_FN; op <= EVENT; ++op) {
    for (int idle = 1; idle >= 0; --idle) {
      for (int k = 0; k < 20; ++k) trip(op, s, ev);
      for (int k = 0; k < trips; ++k) {
        if (idle) sleep_us(idle_us);
        double t0 = now_us();
        // The event's record needs something before it on the stream to
        // be a round trip through a worker; an empty kernel gives it that.
        if (op == EVENT) empty_kernel<<<1, 1, 0, s>>>();
        trip(op, s, ev);
        lat[k] = now_us() - t0;
      }
      qsort(lat, (size_t)trips, sizeof *lat, cmp_double);
      printf("%-14s %-5s %10.1f %10.1f\n", names[op], idle ? "idle" : "busy",
             lat[trips / 2], lat[(trips * 9) / 10]);
    }
  }
  free(lat);
  check(hipEventDestroy(ev), "hipEventDestroy");
  check(hipStreamDestroy(s), "hipStreamDestroy");
  return failed;
}
