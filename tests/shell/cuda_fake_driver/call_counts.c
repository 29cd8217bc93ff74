/* With the fake libcuda.so.1 of fake_cuda.c: the driver calls behind
 * hipStreamCreate, hipMemcpyAsync and hipStreamDestroy on a GPU. A
 * pageable copy is one cuMemcpyAsync and nothing else (HeCBench
 * streamCreateCopyDestroy: a cuStreamQuery of the null queue per copy made
 * a 16 KiB copy on a created stream cost 5 us against the CUDA runtime's
 * 2.6 us); creating a stream makes no event; the null-stream rules ask
 * the driver about a queue only when work was begun on it since they last
 * did, and order the queues by events when the driver says they are busy.
 * `call_counts print` prints the counts and checks nothing. */
#include <dlfcn.h>
#include <hip/hip_runtime_api.h>
#include <hip/hipc/interop.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"

#define N 100
#define BYTES 16384
#define NBUF 8

static int (*count)(const char*);
static void (*set_busy)(int);

/* The driver calls watched, and their counts at the last mark(). */
static const char* const watched[] = {
    "cuMemcpyAsync",  "cuStreamQuery",     "cuEventCreate",
    "cuEventRecord",  "cuStreamWaitEvent", "cuEventDestroy_v2",
    "cuStreamSynchronize", "cuStreamDestroy_v2", "cuPointerGetAttribute",
    "streams",        "set"};
#define NWATCHED (sizeof watched / sizeof watched[0])
static int marks[NWATCHED];
static int printing;

static void mark(void) {
  for (size_t i = 0; i < NWATCHED; ++i) marks[i] = count(watched[i]);
}

/* Calls of `name` since the last mark(). */
static int since(const char* name) {
  for (size_t i = 0; i < NWATCHED; ++i)
    if (strcmp(watched[i], name) == 0) return count(name) - marks[i];
  return -1;
}

static void report(const char* what) {
  if (!printing) return;
  printf("%s:", what);
  for (size_t i = 0; i < NWATCHED; ++i)
    if (since(watched[i])) printf(" %s %d", watched[i], since(watched[i]));
  printf("\n");
}

static void copies(void* const* dev, const void* host, hipStream_t s,
                   int n) {
  for (int i = 0; i < n; ++i)
    CHECK(hipMemcpyAsync(dev[i % NBUF], host, BYTES, hipMemcpyHostToDevice,
                         s) == hipSuccess);
}

int main(int argc, char** argv) {
  printing = argc > 1 && strcmp(argv[1], "print") == 0;
  void* lib = dlopen("libcuda.so.1", RTLD_NOW);
  CHECK(lib != NULL);
  if (!lib) return 1;
  *(void**)&count = dlsym(lib, "fake_cuda_count");
  *(void**)&set_busy = dlsym(lib, "fake_cuda_set_busy");
  CHECK(count != NULL && set_busy != NULL);
  if (!count || !set_busy) return 1;
  void* dev[NBUF];
  char* host = calloc(1, BYTES);
  CHECK(hipSetDevice(0) == hipSuccess);
  for (int i = 0; i < NBUF; ++i)
    CHECK(hipMalloc(&dev[i], BYTES) == hipSuccess);

  /* A stream: a CUDA stream, no event. */
  hipStream_t s;
  mark();
  CHECK(hipStreamCreate(&s) == hipSuccess);
  report("hipStreamCreate");
  CHECK(since("streams") == 1 && since("cuEventCreate") == 0);

  /* Pageable copies on it: one cuMemcpyAsync each; the null queue is
   * asked about once (the stream's first piece of work). */
  mark();
  copies(dev, host, s, N);
  report("copies on a created stream");
  CHECK(since("cuMemcpyAsync") == N);
  CHECK(since("cuStreamQuery") == 1);
  CHECK(since("cuEventRecord") == 0 && since("cuStreamWaitEvent") == 0);
  CHECK(since("cuPointerGetAttribute") == 0 && since("set") == 0);
  CHECK(since("cuStreamSynchronize") == 0);

  /* Copies on the null stream: the stream's queue is asked about once. */
  mark();
  copies(dev, host, NULL, N);
  report("copies on the null stream");
  CHECK(since("cuMemcpyAsync") == N && since("cuStreamQuery") == 1);

  /* The stream after null-stream work asks about it once again. */
  mark();
  copies(dev, host, s, N);
  report("copies on the stream again");
  CHECK(since("cuStreamQuery") == 1);

  /* Busy queues are ordered by events: the null stream waits for the
   * stream's tail (made now), asking about it once; the stream then waits
   * for the null stream's. */
  set_busy(1);
  mark();
  copies(dev, host, NULL, 2);
  report("null-stream copies, stream busy");
  CHECK(since("cuStreamQuery") == 1 && since("cuEventCreate") == 1);
  CHECK(since("cuEventRecord") == 1 && since("cuStreamWaitEvent") == 1);
  mark();
  copies(dev, host, s, 2);
  report("stream copies, null stream busy");
  CHECK(since("cuStreamQuery") == 1 && since("cuEventRecord") == 1);
  CHECK(since("cuStreamWaitEvent") == 1);
  set_busy(0);

  /* Destroying it: its stream and the tail event made above. */
  mark();
  CHECK(hipStreamSynchronize(s) == hipSuccess);
  CHECK(hipStreamDestroy(s) == hipSuccess);
  report("hipStreamSynchronize + hipStreamDestroy");
  CHECK(since("cuStreamDestroy_v2") == 1 && since("cuEventDestroy_v2") == 1);

  /* A stream whose CUDA stream a library was handed: the null stream asks
   * about it every time; a non-blocking stream is never asked about. */
  hipStream_t lib_s, nb;
  CHECK(hipStreamCreate(&lib_s) == hipSuccess);
  CHECK(hipStreamCreateWithFlags(&nb, hipStreamNonBlocking) == hipSuccess);
  hipc_stream_info info;
  CHECK(hipc_stream_native(lib_s, &info) == hipSuccess);
  copies(dev, host, nb, N);
  mark();
  copies(dev, host, NULL, N);
  report("null-stream copies, a library's stream live");
  CHECK(since("cuStreamQuery") == N);
  /* The same for the null stream handed to a library. */
  CHECK(hipc_stream_native(NULL, &info) == hipSuccess);
  mark();
  copies(dev, host, lib_s, N);
  report("copies on a stream, the null stream a library's");
  CHECK(since("cuStreamQuery") == N);
  CHECK(hipStreamDestroy(lib_s) == hipSuccess);
  CHECK(hipStreamDestroy(nb) == hipSuccess);

  for (int i = 0; i < NBUF; ++i) CHECK(hipFree(dev[i]) == hipSuccess);
  free(host);
  if (failures) fprintf(stderr, "%d failures\n", failures);
  return printing ? 0 : failures != 0;
}
