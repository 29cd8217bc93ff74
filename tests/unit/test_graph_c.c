/* Graphs, stream capture and the stream-ordered allocator from C, through
 * copies only (runs on a GPU as device 0 as well as on the CPU device):
 * pitched 16-bit fills, 1D and 3D copies and host nodes in dependency
 * order, a launch held back by a gate on its stream (it is asynchronous),
 * the same work captured, hipMallocAsync memory used by graph nodes, and
 * all of it from several threads at once. */
#define _POSIX_C_SOURCE 200809L
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>

#include "check.h"
#include "gate.h"

static atomic_int seq;
typedef struct stamp {
  int at;
} stamp;
static void stamp_fn(void* arg) {
  ((stamp*)arg)->at = atomic_fetch_add(&seq, 1);
}

enum { W = 40, H = 6, PITCH = 64 };

/* fill (16-bit, pitched) -> copy to host (3D, one slice) -> host node. */
static void test_nodes(void) {
  unsigned char* d = NULL;
  CHECK_ERR(hipMalloc((void**)&d, PITCH * H), hipSuccess);
  CHECK_ERR(hipMemset(d, 0, PITCH * H), hipSuccess);
  /* Pinned: a copy to pageable memory makes the launch wait (on a GPU). */
  uint16_t* h = NULL;
  CHECK_ERR(hipHostMalloc((void**)&h, PITCH * H, 0), hipSuccess);
  for (int i = 0; i < PITCH / 2 * H; ++i) h[i] = 7;
  hipGraph_t g = NULL;
  CHECK_ERR(hipGraphCreate(&g, 0), hipSuccess);
  hipMemsetParams mp = {0};
  mp.dst = d;
  mp.elementSize = 2;
  mp.width = W / 2;
  mp.height = H;
  mp.pitch = PITCH;
  mp.value = 0xbeef;
  hipGraphNode_t fill, copy, host1, host2;
  CHECK_ERR(hipGraphAddMemsetNode(&fill, g, NULL, 0, &mp), hipSuccess);
  hipMemcpy3DParms cp = {0};
  cp.srcPtr = (hipPitchedPtr){d, PITCH, W, H};
  cp.dstPtr = (hipPitchedPtr){h, PITCH, W, H};
  cp.extent = (hipExtent){PITCH, H, 1};
  cp.kind = hipMemcpyDeviceToHost;
  CHECK_ERR(hipGraphAddMemcpyNode(&copy, g, &fill, 1, &cp), hipSuccess);
  stamp s1 = {-1}, s2 = {-1};
  hipHostNodeParams hp1 = {stamp_fn, &s1}, hp2 = {stamp_fn, &s2};
  CHECK_ERR(hipGraphAddHostNode(&host1, g, &copy, 1, &hp1), hipSuccess);
  CHECK_ERR(hipGraphAddHostNode(&host2, g, &host1, 1, &hp2), hipSuccess);
  hipMemcpy3DParms got;
  CHECK_ERR(hipGraphMemcpyNodeGetParams(copy, &got), hipSuccess);
  CHECK(got.dstPtr.ptr == h && got.extent.height == H);
  hipMemsetParams mgot;
  CHECK_ERR(hipGraphMemsetNodeGetParams(fill, &mgot), hipSuccess);
  CHECK_EQ(mgot.value, 0xbeef);
  CHECK_EQ(mgot.pitch, PITCH);

  hipGraphExec_t x = NULL;
  CHECK_ERR(hipGraphInstantiate(&x, g, NULL, NULL, 0), hipSuccess);
  hipStream_t s = NULL;
  CHECK_ERR(hipStreamCreate(&s), hipSuccess);
  gate gt = {0};
  CHECK_ERR(hipLaunchHostFunc(s, gate_fn, &gt), hipSuccess);
  CHECK_ERR(hipGraphLaunch(x, s), hipSuccess);
  sleep_ms(20);
  CHECK_EQ(s1.at, -1); /* held back by the gate */
  CHECK_EQ(h[0], 7);
  CHECK_ERR(hipStreamQuery(s), hipErrorNotReady);
  atomic_store(&gt.open, 1);
  CHECK_ERR(hipStreamSynchronize(s), hipSuccess);
  CHECK(s1.at >= 0 && s2.at == s1.at + 1);
  int bad = 0;
  for (int y = 0; y < H; ++y)
    for (int i = 0; i < PITCH / 2; ++i)
      bad += h[y * PITCH / 2 + i] != (i < W / 2 ? 0xbeef : 0);
  CHECK_EQ(bad, 0);

  /* Change the fill in the executable graph only. */
  mp.value = 0x1234;
  CHECK_ERR(hipGraphExecMemsetNodeSetParams(x, fill, &mp), hipSuccess);
  hipHostNodeParams hp3 = {stamp_fn, &s1};
  CHECK_ERR(hipGraphExecHostNodeSetParams(x, host2, &hp3), hipSuccess);
  CHECK_ERR(hipGraphLaunch(x, s), hipSuccess);
  CHECK_ERR(hipStreamSynchronize(s), hipSuccess);
  CHECK_EQ(h[PITCH / 2 * (H - 1)], 0x1234);
  CHECK_ERR(hipGraphExecMemsetNodeSetParams(x, copy, &mp),
            hipErrorInvalidValue);

  CHECK_ERR(hipGraphExecDestroy(x), hipSuccess);
  CHECK_ERR(hipGraphDestroy(g), hipSuccess);
  CHECK_ERR(hipStreamDestroy(s), hipSuccess);
  CHECK_ERR(hipFree(d), hipSuccess);
  CHECK_ERR(hipHostFree(h), hipSuccess);
}

/* The same kind of work captured, into pool memory. */
static void test_capture_with_pool(void) {
  hipStream_t s = NULL;
  CHECK_ERR(hipStreamCreate(&s), hipSuccess);
  int* d = NULL;
  CHECK_ERR(hipMallocAsync((void**)&d, 256 * sizeof(int), s), hipSuccess);
  static int src[256], dst[256];
  for (int i = 0; i < 256; ++i) src[i] = i * 3;
  hipGraph_t g = NULL;
  CHECK_ERR(hipStreamBeginCapture(s, hipStreamCaptureModeGlobal), hipSuccess);
  CHECK_ERR(hipMemcpyAsync(d, src, sizeof src, hipMemcpyHostToDevice, s),
            hipSuccess);
  CHECK_ERR(hipMemsetD32Async(d + 10, -1, 5, s), hipSuccess);
  CHECK_ERR(hipMemcpyAsync(dst, d, sizeof dst, hipMemcpyDeviceToHost, s),
            hipSuccess);
  CHECK_ERR(hipStreamEndCapture(s, &g), hipSuccess);
  hipGraphExec_t x = NULL;
  CHECK_ERR(hipGraphInstantiateWithFlags(&x, g, 0), hipSuccess);
  CHECK_ERR(hipGraphLaunch(x, s), hipSuccess);
  CHECK_ERR(hipFreeAsync(d, s), hipSuccess);
  CHECK_ERR(hipStreamSynchronize(s), hipSuccess);
  int bad = 0;
  for (int i = 0; i < 256; ++i)
    bad += dst[i] != (i >= 10 && i < 15 ? -1 : i * 3);
  CHECK_EQ(bad, 0);
  CHECK_ERR(hipGraphExecDestroy(x), hipSuccess);
  CHECK_ERR(hipGraphDestroy(g), hipSuccess);
  CHECK_ERR(hipStreamDestroy(s), hipSuccess);
  CHECK(strcmp(hipGetErrorName(hipErrorStreamCaptureUnjoined),
               "hipErrorStreamCaptureUnjoined") == 0);
}

static atomic_int host_runs;
static void count_fn(void* arg) {
  (void)arg;
  atomic_fetch_add(&host_runs, 1);
}

/* Each thread captures, instantiates and launches its own graph, with pool
 * memory, while the others do the same. */
static void* worker(void* arg) {
  int id = (int)(intptr_t)arg, bad = 0;
  hipStream_t s = NULL;
  bad |= hipStreamCreateWithFlags(&s, hipStreamNonBlocking) != hipSuccess;
  int* d = NULL;
  bad |= hipMallocAsync((void**)&d, 64 * sizeof(int), s) != hipSuccess;
  hipGraph_t g = NULL;
  bad |= hipStreamBeginCapture(s, hipStreamCaptureModeThreadLocal) !=
         hipSuccess;
  bad |= hipMemsetD32Async(d, id, 64, s) != hipSuccess;
  bad |= hipLaunchHostFunc(s, count_fn, NULL) != hipSuccess;
  bad |= hipStreamEndCapture(s, &g) != hipSuccess;
  hipGraphExec_t x = NULL;
  bad |= hipGraphInstantiate(&x, g, NULL, NULL, 0) != hipSuccess;
  for (int i = 0; i < 20; ++i) bad |= hipGraphLaunch(x, s) != hipSuccess;
  int h[64];
  bad |= hipMemcpyAsync(h, d, sizeof h, hipMemcpyDeviceToHost, s) !=
         hipSuccess;
  bad |= hipFreeAsync(d, s) != hipSuccess;
  bad |= hipStreamSynchronize(s) != hipSuccess;
  for (int i = 0; i < 64; ++i) bad |= h[i] != id;
  bad |= hipGraphExecDestroy(x) != hipSuccess;
  bad |= hipGraphDestroy(g) != hipSuccess;
  bad |= hipStreamDestroy(s) != hipSuccess;
  return (void*)(intptr_t)bad;
}

static void test_threads(void) {
  enum { T = 4 };
  pthread_t th[T];
  for (int i = 0; i < T; ++i)
    pthread_create(&th[i], NULL, worker, (void*)(intptr_t)(i + 1));
  for (int i = 0; i < T; ++i) {
    void* r = NULL;
    pthread_join(th[i], &r);
    CHECK_EQ((intptr_t)r, 0);
  }
  CHECK_EQ(atomic_load(&host_runs), T * 20);
}

int main(void) {
  test_nodes();
  test_capture_with_pool();
  test_threads();
  return check_summary("test_graph_c");
}
