/* hipc_launch_host_func_now (hip/hip_ext.h; librccl's small collectives
 * on the CPU device): on an idle stream the function runs on the calling
 * thread before the call returns, as the stream's next operation: work
 * another thread enqueues on the stream meanwhile runs after it returns,
 * a synchronize waits for it, and inside it waiting is refused as in any
 * host function. On a stream with work, behind a null-stream kernel, or
 * while a stream captures, nothing runs (*ran 0) and the caller enqueues
 * as usual. An NVIDIA GPU offers no claim: there nothing ever runs. */
#define _POSIX_C_SOURCE 200809L
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "check.h"
#include "hip/hip_ext.h"

static void nap_ms(long ms) {
  struct timespec t = {ms / 1000, (ms % 1000) * 1000000L};
  nanosleep(&t, NULL);
}

typedef struct {
  hipStream_t s;
  pthread_t thread;
  atomic_int started;
  atomic_int value;     /* set to 1 at the end, after a nap */
  hipError_t sync;      /* a synchronize from inside */
} slow_arg;

static void slow_fn(void* p) {
  slow_arg* a = p;
  a->thread = pthread_self();
  a->sync = hipStreamSynchronize(a->s);
  atomic_store(&a->started, 1);
  nap_ms(100);
  atomic_store(&a->value, 1);
}

static void set_flag(void* p) { *(int*)p = 1; }

/* Another thread: once the slow function runs, a host function of its own
 * on the same stream, which must see the slow one's value, then a
 * synchronize. */
typedef struct {
  slow_arg* slow;
  int seen;
  hipError_t enq, sync;
} other_arg;

static void read_value(void* p) {
  other_arg* o = p;
  o->seen = atomic_load(&o->slow->value);
}

static void* other_main(void* p) {
  other_arg* o = p;
  while (!atomic_load(&o->slow->started)) nap_ms(1);
  o->enq = hipLaunchHostFunc(o->slow->s, read_value, o);
  o->sync = hipStreamSynchronize(o->slow->s);
  return NULL;
}

/* Whether device 0 is a GPU (gcnArchName sm_XX) rather than the CPU
 * device. */
static int on_gpu(void) {
  hipDeviceProp_t p;
  return hipGetDeviceProperties(&p, 0) == hipSuccess &&
         strncmp(p.gcnArchName, "sm_", 3) == 0;
}

/* A GPU's stream, idle or not: *ran 0, the function not run, the stream
 * still usable. */
static int gpu_main(hipStream_t s) {
  int flag = 0, ran = -1;
  CHECK_ERR(hipc_launch_host_func_now(s, set_flag, &flag, &ran),
            hipSuccess);
  CHECK_EQ(ran, 0);
  CHECK_EQ(flag, 0);
  ran = -1;
  CHECK_ERR(hipc_launch_host_func_now(NULL, set_flag, &flag, &ran),
            hipSuccess);
  CHECK_EQ(ran, 0);
  CHECK_ERR(hipLaunchHostFunc(s, set_flag, &flag), hipSuccess);
  CHECK_ERR(hipStreamSynchronize(s), hipSuccess);
  CHECK_EQ(flag, 1);
  CHECK_ERR(hipStreamDestroy(s), hipSuccess);
  return check_summary("test_host_fn_now");
}

static void busy_fn(void* p) {
  (void)p;
  nap_ms(50);
}

int main(void) {
  hipStream_t s;
  CHECK_ERR(hipStreamCreate(&s), hipSuccess);
  int ran = -1;
  CHECK_ERR(hipc_launch_host_func_now(s, NULL, NULL, &ran),
            hipErrorInvalidValue);
  CHECK_ERR(hipc_launch_host_func_now(s, set_flag, NULL, NULL),
            hipErrorInvalidValue);
  if (on_gpu()) return gpu_main(s);

  /* Idle: runs here, now; another thread's work waits behind it. */
  slow_arg a = {.s = s};
  other_arg o = {.slow = &a, .seen = -1};
  pthread_t t;
  CHECK(pthread_create(&t, NULL, other_main, &o) == 0);
  CHECK_ERR(hipc_launch_host_func_now(s, slow_fn, &a, &ran), hipSuccess);
  CHECK_EQ(ran, 1);
  CHECK(pthread_equal(a.thread, pthread_self()));
  CHECK_EQ(atomic_load(&a.value), 1);
  CHECK_ERR(a.sync, hipErrorNotSupported); /* inside a host function */
  pthread_join(t, NULL);
  CHECK_ERR(o.enq, hipSuccess);
  CHECK_ERR(o.sync, hipSuccess);
  CHECK_EQ(o.seen, 1);
  CHECK_ERR(hipStreamQuery(s), hipSuccess);
  /* The thread's own waits work again afterwards. */
  CHECK_ERR(hipStreamSynchronize(s), hipSuccess);

  /* A stream with work: not run, nothing enqueued. */
  int flag = 0;
  CHECK_ERR(hipLaunchHostFunc(s, busy_fn, NULL), hipSuccess);
  CHECK_ERR(hipc_launch_host_func_now(s, set_flag, &flag, &ran),
            hipSuccess);
  CHECK_EQ(ran, 0);
  CHECK_ERR(hipStreamSynchronize(s), hipSuccess);
  CHECK_EQ(flag, 0);

  /* A blocking stream behind work on the null stream: not run. */
  CHECK_ERR(hipLaunchHostFunc(NULL, busy_fn, NULL), hipSuccess);
  CHECK_ERR(hipc_launch_host_func_now(s, set_flag, &flag, &ran),
            hipSuccess);
  CHECK_EQ(ran, 0);
  CHECK_EQ(flag, 0);
  CHECK_ERR(hipDeviceSynchronize(), hipSuccess);
  /* The null stream itself, idle: runs. */
  CHECK_ERR(hipc_launch_host_func_now(NULL, set_flag, &flag, &ran),
            hipSuccess);
  CHECK_EQ(ran, 1);
  CHECK_EQ(flag, 1);

  /* While a stream captures: not run (hipLaunchHostFunc captures it). */
  hipStream_t c;
  CHECK_ERR(hipStreamCreate(&c), hipSuccess);
  CHECK_ERR(hipStreamBeginCapture(c, hipStreamCaptureModeRelaxed),
            hipSuccess);
  flag = 0;
  CHECK_ERR(hipc_launch_host_func_now(s, set_flag, &flag, &ran),
            hipSuccess);
  CHECK_EQ(ran, 0);
  CHECK_EQ(flag, 0);
  hipGraph_t g;
  CHECK_ERR(hipStreamEndCapture(c, &g), hipSuccess);
  CHECK_ERR(hipGraphDestroy(g), hipSuccess);
  CHECK_ERR(hipStreamDestroy(c), hipSuccess);

  /* A bad stream: its error, nothing run. */
  CHECK_ERR(hipStreamDestroy(s), hipSuccess);
  CHECK_ERR(hipc_launch_host_func_now(s, set_flag, &flag, &ran),
            hipErrorContextIsDestroyed);
  CHECK_EQ(ran, 0);
  CHECK_EQ(flag, 0);
  return check_summary("test_host_fn_now");
}
