/* The CUDA driver's own cost of what hipc's pageable hipMemcpyAsync does,
 * for comparison with bench/gpu/stream_copy.hip: 16 KiB host-to-device
 * copies from pageable memory, 1000 a round (then a stream sync), best of
 * BENCH_REPS rounds, each case one "RESULT <case> <us> us/copy" line:
 *   memcpy_nb       cuMemcpyAsync on a non-blocking stream (hipc's call)
 *   htod_nb         cuMemcpyHtoDAsync_v2 on the same stream
 *   memcpy_query    cuMemcpyAsync plus a cuStreamQuery of another, idle
 *                   stream per copy (hipc before: the null queue's)
 *   memcpy_default  cuMemcpyAsync on a CU_STREAM_DEFAULT stream
 *   memcpy_legacy   cuMemcpyAsync on CU_STREAM_LEGACY (cudart's null stream)
 *   memcpy_5000     memcpy_nb to 5000 buffers in turn
 *   query           cuStreamQuery of an idle stream alone (us/call)
 *   stream_cd       cuStreamCreateWithPriority + cuStreamDestroy (us/pair)
 *   event_cd        cuEventCreate + cuEventDestroy (us/pair)
 * Built with cc against cuda.h and libcuda (bench/gpu/README's command). */
#include <cuda.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#define BYTES 16384
#define COPIES 1000
#define NBUF 5000

#define CK(x)                                                     \
  do {                                                            \
    CUresult r_ = (x);                                            \
    if (r_ != CUDA_SUCCESS) {                                     \
      fprintf(stderr, "%s:%d: %s: %d\n", __FILE__, __LINE__, #x,  \
              (int)r_);                                           \
      exit(1);                                                    \
    }                                                             \
  } while (0)

enum kind { MEMCPY, HTOD, MEMCPY_QUERY, QUERY, STREAM_CD, EVENT_CD };

static CUdeviceptr dst[NBUF];
static char* src;

static double now_us(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec * 1e6 + t.tv_nsec / 1e3;
}

/* One round of COPIES operations; microseconds per operation. */
static double round_us(enum kind k, CUstream s, CUstream other, int ndst) {
  double t0 = now_us();
  for (int i = 0; i < COPIES; ++i) {
    CUdeviceptr d = dst[i % ndst];
    switch (k) {
      case MEMCPY:
        CK(cuMemcpyAsync(d, (CUdeviceptr)src, BYTES, s));
        break;
      case HTOD:
        CK(cuMemcpyHtoDAsync(d, src, BYTES, s));
        break;
      case MEMCPY_QUERY:
        CK(cuStreamQuery(other));
        CK(cuMemcpyAsync(d, (CUdeviceptr)src, BYTES, s));
        break;
      case QUERY:
        CK(cuStreamQuery(other));
        break;
      case STREAM_CD: {
        CUstream t;
        CK(cuStreamCreateWithPriority(&t, CU_STREAM_NON_BLOCKING, 0));
        CK(cuStreamDestroy(t));
        break;
      }
      case EVENT_CD: {
        CUevent e;
        CK(cuEventCreate(&e, CU_EVENT_DISABLE_TIMING));
        CK(cuEventDestroy(e));
        break;
      }
    }
  }
  if (s) CK(cuStreamSynchronize(s));
  return (now_us() - t0) / COPIES;
}

static void report(const char* name, enum kind k, CUstream s,
                   CUstream other, int ndst) {
  const char* v = getenv("BENCH_REPS");
  int reps = v && atoi(v) > 0 ? atoi(v) : 10;
  double best = 1e30;
  round_us(k, s, other, ndst); /* warm-up */
  for (int r = 0; r < reps; ++r) {
    double t = round_us(k, s, other, ndst);
    if (t < best) best = t;
  }
  printf("RESULT %s %.3f us/copy\n", name, best);
}

int main(void) {
  CUdevice dev;
  CUcontext ctx;
  CK(cuInit(0));
  CK(cuDeviceGet(&dev, 0));
  CK(cuDevicePrimaryCtxRetain(&ctx, dev));
  CK(cuCtxSetCurrent(ctx));
  for (int i = 0; i < NBUF; ++i) CK(cuMemAlloc(&dst[i], BYTES));
  src = malloc(BYTES);
  for (int i = 0; i < BYTES; ++i) src[i] = (char)i;
  CUstream nb, other, def;
  CK(cuStreamCreateWithPriority(&nb, CU_STREAM_NON_BLOCKING, 0));
  CK(cuStreamCreateWithPriority(&other, CU_STREAM_NON_BLOCKING, 0));
  CK(cuStreamCreate(&def, CU_STREAM_DEFAULT));
  report("memcpy_nb", MEMCPY, nb, NULL, 1000);
  report("htod_nb", HTOD, nb, NULL, 1000);
  report("memcpy_query", MEMCPY_QUERY, nb, other, 1000);
  report("memcpy_default", MEMCPY, def, NULL, 1000);
  report("memcpy_legacy", MEMCPY, CU_STREAM_LEGACY, NULL, 1000);
  report("memcpy_5000", MEMCPY, nb, NULL, NBUF);
  report("query", QUERY, NULL, other, 1);
  report("stream_cd", STREAM_CD, NULL, NULL, 1);
  report("event_cd", EVENT_CD, NULL, NULL, 1);
  CK(cuStreamDestroy(nb));
  CK(cuStreamDestroy(other));
  CK(cuStreamDestroy(def));
  for (int i = 0; i < NBUF; ++i) CK(cuMemFree(dst[i]));
  free(src);
  CK(cuDevicePrimaryCtxRelease(dev));
  return 0;
}
