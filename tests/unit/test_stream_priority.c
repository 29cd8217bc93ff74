/* Stream priorities are honoured: with one worker, held by a gate, work of
 * a high-priority stream queued after work of a low-priority one runs
 * first once the worker is free. */
#define _POSIX_C_SOURCE 200809L
#include <stdatomic.h>
#include <stdlib.h>
#include <time.h>

#include "check.h"

static atomic_int open_gate;
static atomic_int order_next;
static int order[3];

static void gate_fn(void* arg) {
  (void)arg;
  struct timespec ts = {0, 1000000};
  while (!atomic_load(&open_gate)) nanosleep(&ts, NULL);
}

static void log_fn(void* arg) {
  order[atomic_fetch_add(&order_next, 1)] = (int)(long)arg;
}

int main(void) {
  setenv("HIPC_CPU_THREADS", "1", 1);
  hipStream_t gate = NULL, low = NULL, normal = NULL, high = NULL;
  CHECK_ERR(hipStreamCreateWithFlags(&gate, hipStreamNonBlocking),
            hipSuccess);
  CHECK_ERR(hipStreamCreateWithPriority(&low, hipStreamNonBlocking, 1),
            hipSuccess);
  CHECK_ERR(hipStreamCreateWithPriority(&normal, hipStreamNonBlocking, 0),
            hipSuccess);
  CHECK_ERR(hipStreamCreateWithPriority(&high, hipStreamNonBlocking, -1),
            hipSuccess);
  CHECK_ERR(hipLaunchHostFunc(gate, gate_fn, NULL), hipSuccess);
  /* Let the only worker take the gate before the others are queued. */
  struct timespec ts = {0, 20000000};
  nanosleep(&ts, NULL);
  CHECK_ERR(hipLaunchHostFunc(low, log_fn, (void*)1L), hipSuccess);
  CHECK_ERR(hipLaunchHostFunc(normal, log_fn, (void*)2L), hipSuccess);
  CHECK_ERR(hipLaunchHostFunc(high, log_fn, (void*)3L), hipSuccess);
  atomic_store(&open_gate, 1);
  CHECK_ERR(hipDeviceSynchronize(), hipSuccess);
  CHECK_EQ(atomic_load(&order_next), 3);
  CHECK_EQ(order[0], 3);
  CHECK_EQ(order[1], 2);
  CHECK_EQ(order[2], 1);
  CHECK_ERR(hipStreamDestroy(gate), hipSuccess);
  CHECK_ERR(hipStreamDestroy(low), hipSuccess);
  CHECK_ERR(hipStreamDestroy(normal), hipSuccess);
  CHECK_ERR(hipStreamDestroy(high), hipSuccess);
  return check_summary("test_stream_priority");
}
