/* Many host threads allocate, copy and free at the same time; each checks
 * its own data, and no allocation is handed out twice. Many threads create,
 * use and destroy streams and events at once, and wait for each other's
 * events; each thread's current device is its own. */
#define _POSIX_C_SOURCE 200809L
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"

#define NTHREADS 8
#define ROUNDS 60

typedef struct work {
  int id;
  int bad_calls;   /* API calls that did not return hipSuccess */
  int bad_data;    /* rounds whose data came back wrong */
} work;

static void* worker(void* arg) {
  work* w = arg;
  unsigned seed = (unsigned)w->id * 7919u + 1;
  for (int r = 0; r < ROUNDS; r++) {
    size_t n = 1 + (size_t)((seed = seed * 1103515245u + 12345u) >> 8) % 70000;
    unsigned char *d = NULL, *d2 = NULL;
    unsigned char* h = malloc(n);
    unsigned char* out = malloc(n);
    for (size_t i = 0; i < n; i++)
      h[i] = (unsigned char)(w->id * 31 + r * 7 + i);
    if (hipMalloc((void**)&d, n) != hipSuccess) w->bad_calls++;
    if (hipMalloc((void**)&d2, n) != hipSuccess) w->bad_calls++;
    if (hipMemcpy(d, h, n, hipMemcpyHostToDevice) != hipSuccess)
      w->bad_calls++;
    if (hipMemcpy(d2, d, n, hipMemcpyDeviceToDevice) != hipSuccess)
      w->bad_calls++;
    memset(out, 0, n);
    if (hipMemcpy(out, d2, n, hipMemcpyDeviceToHost) != hipSuccess)
      w->bad_calls++;
    if (memcmp(out, h, n) != 0) w->bad_data++;
    if (hipFree(d) != hipSuccess) w->bad_calls++;
    if (hipFree(d2) != hipSuccess) w->bad_calls++;
    free(h);
    free(out);
  }
  return NULL;
}

static void test_concurrent_malloc_copy_free(void) {
  pthread_t t[NTHREADS];
  work w[NTHREADS];
  for (int i = 0; i < NTHREADS; i++) {
    w[i].id = i;
    w[i].bad_calls = w[i].bad_data = 0;
    CHECK_EQ(pthread_create(&t[i], NULL, worker, &w[i]), 0);
  }
  for (int i = 0; i < NTHREADS; i++) CHECK_EQ(pthread_join(t[i], NULL), 0);
  for (int i = 0; i < NTHREADS; i++) {
    CHECK_EQ(w[i].bad_calls, 0);
    CHECK_EQ(w[i].bad_data, 0);
  }
}

/* Allocations made by several threads, held at once, are all distinct and
 * can all be freed from the main thread. */
typedef struct holder {
  void* p[32];
  int bad;
} holder;

static void* allocate_many(void* arg) {
  holder* h = arg;
  for (int i = 0; i < 32; i++) {
    if (hipMalloc(&h->p[i], 48) != hipSuccess) h->bad++;
    else memset(h->p[i], 0, 48);
  }
  return NULL;
}

static int cmp_ptr(const void* a, const void* b) {
  uintptr_t x = *(const uintptr_t*)a, y = *(const uintptr_t*)b;
  return x < y ? -1 : x > y;
}

static void test_concurrent_allocations_distinct(void) {
  pthread_t t[NTHREADS];
  holder h[NTHREADS];
  uintptr_t all[NTHREADS * 32];
  memset(h, 0, sizeof h);
  for (int i = 0; i < NTHREADS; i++)
    CHECK_EQ(pthread_create(&t[i], NULL, allocate_many, &h[i]), 0);
  for (int i = 0; i < NTHREADS; i++) CHECK_EQ(pthread_join(t[i], NULL), 0);
  for (int i = 0; i < NTHREADS; i++) {
    CHECK_EQ(h[i].bad, 0);
    for (int j = 0; j < 32; j++) all[i * 32 + j] = (uintptr_t)h[i].p[j];
  }
  qsort(all, NTHREADS * 32, sizeof all[0], cmp_ptr);
  int overlaps = 0;
  for (int i = 1; i < NTHREADS * 32; i++)
    if (all[i] - all[i - 1] < 48) overlaps++;
  CHECK_EQ(overlaps, 0);
  for (int i = 0; i < NTHREADS; i++)
    for (int j = 0; j < 32; j++) CHECK_ERR(hipFree(h[i].p[j]), hipSuccess);
}

/* Threads create streams and events, record, wait for the previous
 * thread's event (shared through `shared`), sync and destroy, all at once;
 * host memory is allocated and registered on the way. */
#define HANDLE_ROUNDS 150
static hipEvent_t shared[NTHREADS];
static pthread_mutex_t shared_lock = PTHREAD_MUTEX_INITIALIZER;

static void* handles(void* arg) {
  work* w = arg;
  for (int r = 0; r < HANDLE_ROUNDS; r++) {
    hipStream_t s = NULL;
    hipEvent_t e = NULL;
    unsigned char* h = NULL;
    unsigned char mine[256];
    if (hipStreamCreateWithFlags(&s, r % 2 ? hipStreamNonBlocking : 0) !=
        hipSuccess)
      w->bad_calls++;
    if (hipEventCreateWithFlags(&e, r % 3 ? hipEventDisableTiming : 0) !=
        hipSuccess)
      w->bad_calls++;
    if (hipHostMalloc((void**)&h, 256, 0) != hipSuccess) w->bad_calls++;
    if (hipHostRegister(mine, sizeof mine, 0) != hipSuccess) w->bad_calls++;
    memset(mine, w->id + r, sizeof mine);
    if (hipMemcpyAsync(h, mine, 256, hipMemcpyHostToHost, s) != hipSuccess)
      w->bad_calls++;
    if (hipEventRecord(e, s) != hipSuccess) w->bad_calls++;
    /* Wait for a neighbour's latest event, if it has one; it may be
     * destroyed meanwhile, and then the call reports a bad handle. */
    pthread_mutex_lock(&shared_lock);
    hipEvent_t other = shared[(w->id + 1) % NTHREADS];
    hipError_t we = other ? hipStreamWaitEvent(s, other, 0) : hipSuccess;
    shared[w->id] = e;
    pthread_mutex_unlock(&shared_lock);
    if (we != hipSuccess) w->bad_calls++;
    if (hipStreamSynchronize(s) != hipSuccess) w->bad_calls++;
    if (h[0] != (unsigned char)(w->id + r) || h[255] != h[0]) w->bad_data++;
    pthread_mutex_lock(&shared_lock);
    shared[w->id] = NULL;
    if (hipEventDestroy(e) != hipSuccess) w->bad_calls++;
    pthread_mutex_unlock(&shared_lock);
    if (hipHostUnregister(mine) != hipSuccess) w->bad_calls++;
    if (hipHostFree(h) != hipSuccess) w->bad_calls++;
    if (hipStreamDestroy(s) != hipSuccess) w->bad_calls++;
  }
  return NULL;
}

static void test_concurrent_streams_and_events(void) {
  pthread_t t[NTHREADS];
  work w[NTHREADS];
  for (int i = 0; i < NTHREADS; i++) {
    w[i].id = i;
    w[i].bad_calls = w[i].bad_data = 0;
    CHECK_EQ(pthread_create(&t[i], NULL, handles, &w[i]), 0);
  }
  for (int i = 0; i < NTHREADS; i++) CHECK_EQ(pthread_join(t[i], NULL), 0);
  for (int i = 0; i < NTHREADS; i++) {
    CHECK_EQ(w[i].bad_calls, 0);
    CHECK_EQ(w[i].bad_data, 0);
  }
}

/* Threads race to register the same memory: exactly one wins each round,
 * the others get hipErrorHostMemoryAlreadyRegistered. */
static unsigned char race_buf[8192];
static pthread_barrier_t race_barrier;
static int race_wins[NTHREADS], race_losses[NTHREADS], race_other[NTHREADS];

static void* register_race(void* arg) {
  int id = (int)(intptr_t)arg;
  for (int r = 0; r < 50; r++) {
    pthread_barrier_wait(&race_barrier);
    hipError_t e = hipHostRegister(race_buf + (id % 2) * 16, 4096, 0);
    if (e == hipSuccess) race_wins[id]++;
    else if (e == hipErrorHostMemoryAlreadyRegistered) race_losses[id]++;
    else race_other[id]++;
    pthread_barrier_wait(&race_barrier);
    if (id == 0) {
      /* Unregister whichever registration won. */
      if (hipHostUnregister(race_buf) != hipSuccess &&
          hipHostUnregister(race_buf + 16) != hipSuccess)
        race_other[0]++;
    }
  }
  return NULL;
}

static void test_concurrent_registration(void) {
  pthread_t t[NTHREADS];
  CHECK_EQ(pthread_barrier_init(&race_barrier, NULL, NTHREADS), 0);
  for (int i = 0; i < NTHREADS; i++)
    CHECK_EQ(pthread_create(&t[i], NULL, register_race, (void*)(intptr_t)i),
             0);
  for (int i = 0; i < NTHREADS; i++) CHECK_EQ(pthread_join(t[i], NULL), 0);
  int wins = 0, losses = 0, other = 0;
  for (int i = 0; i < NTHREADS; i++) {
    wins += race_wins[i];
    losses += race_losses[i];
    other += race_other[i];
  }
  CHECK_EQ(wins, 50);
  CHECK_EQ(losses, 50 * (NTHREADS - 1));
  CHECK_EQ(other, 0);
  pthread_barrier_destroy(&race_barrier);
}

int main(void) {
  test_concurrent_malloc_copy_free();
  test_concurrent_allocations_distinct();
  test_concurrent_streams_and_events();
  test_concurrent_registration();
  return check_summary("test_threads");
}
