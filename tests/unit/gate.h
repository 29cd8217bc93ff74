/* Holding work back in the C tests of streams and events: a "gate" is a
 * host function (hipLaunchHostFunc) that blocks its stream until the test
 * opens it, so that what is queued behind it provably has not run. Needs
 * _POSIX_C_SOURCE 200809L (nanosleep) before the first include. */
#ifndef HIPC_TESTS_UNIT_GATE_H
#define HIPC_TESTS_UNIT_GATE_H

#include <stdatomic.h>
#include <time.h>

static inline void sleep_ms(int ms) {
  struct timespec ts = {ms / 1000, (long)(ms % 1000) * 1000000L};
  nanosleep(&ts, NULL);
}

typedef struct gate {
  atomic_int open;    /* set by the test: the host function returns */
  atomic_int entered; /* set by the host function once it runs */
} gate;

static inline void gate_fn(void* arg) {
  gate* g = arg;
  atomic_store(&g->entered, 1);
  while (!atomic_load(&g->open)) sleep_ms(1);
}

#endif /* HIPC_TESTS_UNIT_GATE_H */
