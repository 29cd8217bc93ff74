/* A host function at the head of a queue that a host thread waits for
 * (hipStreamSynchronize, a blocking copy) may run on that thread instead
 * of a worker: no hand-over to a worker and back (issue #19's small
 * collectives). Whichever thread runs it, it runs after the work before
 * it, and inside it waiting on a stream or copying synchronously is
 * hipErrorNotSupported (as on a worker), never a deadlock. The workers
 * are kept from spinning (HIPC_CPU_SPIN_US=0) and given time to park, so
 * that the waiting thread finds the function unclaimed. */
#define _POSIX_C_SOURCE 200809L
#include <pthread.h>
#include <stdlib.h>
#include <time.h>

#include "check.h"

typedef struct {
  hipStream_t s;
  const int* flag;     /* set by the host function queued before */
  int saw_flag;
  hipError_t sync, copy;
  pthread_t thread;
} probe;

static void set_flag(void* p) { *(int*)p = 1; }

static void probe_fn(void* p) {
  probe* a = p;
  a->saw_flag = *a->flag;
  a->sync = hipStreamSynchronize(a->s);
  char x = 1, y = 0;
  a->copy = hipMemcpy(&y, &x, 1, hipMemcpyHostToHost);
  a->thread = pthread_self();
}

static void nap_ms(long ms) {
  struct timespec t = {0, ms * 1000000L};
  nanosleep(&t, NULL);
}

int main(void) {
  setenv("HIPC_CPU_SPIN_US", "0", 1);
  hipStream_t s;
  CHECK_ERR(hipStreamCreate(&s), hipSuccess);
  int on_waiter = 0;
  for (int i = 0; i < 40; ++i) {
    int flag = 0;
    probe a = {s, &flag, 0, hipSuccess, hipSuccess, pthread_self()};
    nap_ms(2); /* the workers park */
    CHECK_ERR(hipLaunchHostFunc(s, set_flag, &flag), hipSuccess);
    CHECK_ERR(hipLaunchHostFunc(s, probe_fn, &a), hipSuccess);
    CHECK_ERR(hipStreamSynchronize(s), hipSuccess);
    CHECK_EQ(a.saw_flag, 1);
    CHECK_ERR(a.sync, hipErrorNotSupported);
    CHECK_ERR(a.copy, hipErrorNotSupported);
    if (pthread_equal(a.thread, pthread_self())) on_waiter++;
  }
  /* The waiting thread ran some of them (a parked worker wakes slower
   * than this thread reaches its wait). */
  CHECK(on_waiter > 0);
  /* And after it ran one, the thread's own waits work again. */
  CHECK_ERR(hipStreamSynchronize(s), hipSuccess);
  char x = 7, y = 0;
  CHECK_ERR(hipMemcpy(&y, &x, 1, hipMemcpyHostToHost), hipSuccess);
  CHECK_EQ(y, 7);
  CHECK_ERR(hipStreamDestroy(s), hipSuccess);
  return check_summary("test_host_fn_waiter");
}
