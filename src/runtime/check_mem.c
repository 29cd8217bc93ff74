/* The checking mode's runtime side (HIPC_CHECK, docs/internals.md
 * "Checking mode"): which tools are on, where an address falls for
 * memcheck (live allocations from the allocation table, a quarantine of
 * freed ones, the blocks kernels malloc), and the error count that sets
 * the exit status. The kernels' hooks are the CPU device's
 * (src/backend/cpu/check.c). Nothing here runs unless HIPC_CHECK is set. */
#define _GNU_SOURCE /* dladdr */
#include <dlfcn.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "env.h"
#include "internal.h"

/* -- the mode */

static pthread_once_t once = PTHREAD_ONCE_INIT;
static int mode;
static atomic_ulong errors;
static char mode_name[64];

static void summary(void) {
  unsigned long n = atomic_load(&errors);
  fflush(NULL);
  fprintf(stderr, "hipc: HIPC_CHECK=%s: %lu error%s\n", mode_name, n,
          n == 1 ? "" : "s");
  /* Like compute-sanitizer's --error-exitcode: a program whose kernels
   * did something wrong does not end with status 0. */
  if (n) _exit(1);
}

static void read_mode(void) {
  const char* v = getenv("HIPC_CHECK");
  if (!v || !*v) return;
  static const struct {
    const char* name;
    int bits;
  } tools[] = {{"memcheck", HIPC_CHECKING_MEM},
               {"racecheck", HIPC_CHECKING_RACE | HIPC_CHECKING_SYNC},
               {"synccheck", HIPC_CHECKING_SYNC},
               {"all", HIPC_CHECKING_MEM | HIPC_CHECKING_RACE |
                           HIPC_CHECKING_SYNC},
               {"off", 0}};
  int bits = 0;
  const char* p = v;
  while (*p) {
    size_t len = strcspn(p, ",");
    size_t i = 0, n = sizeof tools / sizeof tools[0];
    while (i < n && (strlen(tools[i].name) != len ||
                     strncmp(tools[i].name, p, len) != 0))
      ++i;
    if (i == n) {
      hipc__env_report("HIPC_CHECK", v,
                       "is not a comma-separated list of memcheck, "
                       "racecheck, synccheck, all, off",
                       "checking is off");
      return;
    }
    bits |= tools[i].bits;
    p += len;
    if (*p == ',') ++p;
  }
  if (!bits) return;
  snprintf(mode_name, sizeof mode_name, "%s", v);
  mode = bits;
  atexit(summary);
}

int hipc__checking(void) {
  pthread_once(&once, read_mode);
  return mode;
}

void hipc__check_count_error(void) { atomic_fetch_add(&errors, 1); }

/* -- freed allocations: a ring of the latest, scanned only for addresses
 *    outside every live allocation (an error or foreign memory). */

#define QUARANTINE 4096
typedef struct range {
  uintptr_t base;
  size_t size;
  int device_heap;
} range;

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static range freed[QUARANTINE];
static size_t nfreed, freed_next;

void hipc__check_note_free(const void* base, size_t size, int device_heap) {
  pthread_mutex_lock(&lock);
  freed[freed_next] = (range){(uintptr_t)base, size ? size : 1, device_heap};
  freed_next = (freed_next + 1) % QUARANTINE;
  if (nfreed < QUARANTINE) nfreed++;
  pthread_mutex_unlock(&lock);
}

/* -- blocks malloc'ed by kernels: sorted by base (rare, so an array) */

static range* heap;
static size_t nheap, capheap;

/* The first index whose base is above `p`. Under the lock. */
static size_t upper(uintptr_t p) {
  size_t lo = 0, hi = nheap;
  while (lo < hi) {
    size_t mid = (lo + hi) / 2;
    if (heap[mid].base <= p)
      lo = mid + 1;
    else
      hi = mid;
  }
  return lo;
}

void hipc__check_note_malloc(const void* base, size_t size) {
  pthread_mutex_lock(&lock);
  if (nheap == capheap) {
    size_t cap = capheap ? 2 * capheap : 64;
    range* t = realloc(heap, cap * sizeof *t);
    if (!t) {
      pthread_mutex_unlock(&lock);
      return; /* untracked: accesses to it are then reported */
    }
    heap = t;
    capheap = cap;
  }
  size_t i = upper((uintptr_t)base);
  memmove(&heap[i + 1], &heap[i], (nheap - i) * sizeof *heap);
  heap[i] = (range){(uintptr_t)base, size ? size : 1, 1};
  nheap++;
  pthread_mutex_unlock(&lock);
}

size_t hipc__check_take_malloc(const void* base) {
  pthread_mutex_lock(&lock);
  size_t i = upper((uintptr_t)base), size = 0;
  if (i > 0 && heap[i - 1].base == (uintptr_t)base) {
    size = heap[i - 1].size;
    memmove(&heap[i - 1], &heap[i], (nheap - i) * sizeof *heap);
    nheap--;
  }
  pthread_mutex_unlock(&lock);
  return size;
}

/* -- classification */

/* How far past an allocation's end (or before its start) an access still
 * counts as "near" it: the heap's guard zones (heap.c) and a bit more. */
#define NEAR 4096

int hipc__check_classify(const void* p, size_t n, hipc_check_hit* out) {
  uintptr_t a = (uintptr_t)p;
  if (n == 0) n = 1;
  memset(out, 0, sizeof *out);
  hipc_alloc al;
  if (hipc__alloc_find(p, &al)) {
    out->base = al.base;
    out->size = al.size;
    return n <= al.size - (size_t)(a - (uintptr_t)al.base) ? HIPC_CHECK_IN
                                                          : HIPC_CHECK_AFTER;
  }
  int kind = HIPC_CHECK_UNKNOWN;
  pthread_mutex_lock(&lock);
  size_t i = upper(a);
  range heap_below = {0, 0, 1};
  if (i > 0) heap_below = heap[i - 1];
  if (i > 0 && a - heap[i - 1].base < heap[i - 1].size) {
    out->base = (void*)heap[i - 1].base;
    out->size = heap[i - 1].size;
    out->device_heap = 1;
    kind = n <= heap[i - 1].size - (a - heap[i - 1].base) ? HIPC_CHECK_IN
                                                          : HIPC_CHECK_AFTER;
  }
  /* The latest frees first: an address reused since names its last
   * owner. */
  for (size_t k = 0; kind == HIPC_CHECK_UNKNOWN && k < nfreed; ++k) {
    const range* r = &freed[(freed_next + QUARANTINE - 1 - k) % QUARANTINE];
    if (a - r->base < r->size) {
      out->base = (void*)r->base;
      out->size = r->size;
      out->device_heap = r->device_heap;
      kind = HIPC_CHECK_FREED;
    }
  }
  pthread_mutex_unlock(&lock);
  if (kind != HIPC_CHECK_UNKNOWN) return kind;
  /* __device__ and __constant__ variables, constant tables: the static
   * storage of the program or of a code object. */
  Dl_info info;
  if (dladdr(p, &info) && info.dli_fbase) return HIPC_CHECK_IN;
  /* Just past the end of the allocation below, or just before the one
   * above: the heap's guard zones. */
  hipc_alloc below, above;
  int near = hipc__alloc_near(p, &below, &above);
  uintptr_t after = (near & 1) ? a - ((uintptr_t)below.base + below.size)
                               : UINTPTR_MAX;
  uintptr_t before = (near & 2) ? (uintptr_t)above.base - a : UINTPTR_MAX;
  /* A kernel's malloc'ed block closer below. */
  if (heap_below.size && a - (heap_below.base + heap_below.size) < after) {
    after = a - (heap_below.base + heap_below.size);
    below.base = (void*)heap_below.base;
    below.size = heap_below.size;
    out->device_heap = 1;
  }
  if (after < NEAR || before < NEAR) {
    if (after > before) out->device_heap = 0;
    const hipc_alloc* w = after <= before ? &below : &above;
    out->base = w->base;
    out->size = w->size;
    return after <= before ? HIPC_CHECK_AFTER : HIPC_CHECK_BEFORE;
  }
  return HIPC_CHECK_UNKNOWN;
}
