/* The kernel registry: host address -> hipc_kernel.
 *
 * Kernels register from static initialisers (hip/hipc/launch.h), possibly
 * before main and before libhipc's own initialisation, so the table needs
 * nothing but a statically initialised mutex. Open addressing, grown at
 * half load; lookups take no lock (see grow).
 *
 * Kernels of a code object (module.c) are removed when it is unloaded: the
 * slot gets a tombstone (probes go on past it), and the removed record is
 * never freed, as a lock-free reader may still hold it. Probes compare the
 * record's own copy of the key, never the descriptor, which lives in the
 * unloaded code. */
#include <stdio.h>
#include <stdlib.h>
#include <stdatomic.h>
#include <string.h>

#include "internal.h"

typedef struct kernel_table {
  size_t capacity; /* a power of two */
  struct kernel_table* older;
  hipc_kernel* _Atomic slot[];
} kernel_table;

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static kernel_table* _Atomic table;
static size_t count; /* used slots, tombstones included; under the lock */
/* A removed kernel's slot: its key (NULL) matches no lookup. */
static hipc_kernel tombstone;
static hipc_kernel* retired; /* removed records; under the lock */

static size_t slot_of(const void* key, size_t cap) {
  uintptr_t h = (uintptr_t)key;
  h ^= h >> 33;
  h *= 0xff51afd7ed558ccdull;
  h ^= h >> 33;
  return (size_t)h & (cap - 1);
}

static void place(kernel_table* t, hipc_kernel* k) {
  size_t s = slot_of(k->host_fn, t->capacity);
  while (atomic_load_explicit(&t->slot[s], memory_order_relaxed))
    s = (s + 1) & (t->capacity - 1);
  atomic_store_explicit(&t->slot[s], k, memory_order_release);
}

/* Replaces the table by one twice as large. The old one stays reachable
 * from the new: a lock-free reader may still be probing it. Under the
 * lock. */
static int grow(void) {
  kernel_table* t = atomic_load_explicit(&table, memory_order_relaxed);
  size_t cap = t ? t->capacity * 2 : 256;
  kernel_table* n = calloc(1, sizeof *n + cap * sizeof n->slot[0]);
  if (!n) return -1;
  n->capacity = cap;
  n->older = t;
  count = 0;
  for (size_t i = 0; t && i < t->capacity; ++i) {
    hipc_kernel* k = atomic_load_explicit(&t->slot[i], memory_order_relaxed);
    if (k && k != &tombstone) {
      place(n, k);
      count++;
    }
  }
  atomic_store_explicit(&table, n, memory_order_release);
  return 0;
}

/* Extracts the kernel's name from the registrar's __PRETTY_FUNCTION__:
 * GCC writes "...; void (* F)(P ...) = name<args>; ...]", Clang
 * "..., F = &name, ...]". Falls back to the whole text. */
static void parse_name(const char* sig, char* out, size_t size) {
  const char* p = strstr(sig, "F)(P ...) = ");
  if (p) {
    p += strlen("F)(P ...) = ");
  } else if ((p = strstr(sig, " F = "))) {
    p += strlen(" F = ");
  } else {
    snprintf(out, size, "%s", sig);
    return;
  }
  if (*p == '&') ++p;
  size_t n = 0;
  int depth = 0;
  for (; p[n]; ++n) {
    char c = p[n];
    if (c == '<' || c == '(') depth++;
    if (c == '>' || c == ')') depth--;
    if (depth <= 0 && (c == ';' || c == ',' || c == ']')) break;
  }
  if (n >= size) n = size - 1;
  memcpy(out, p, n);
  out[n] = 0;
}

/* Lock-free: every launch looks its kernel up here. */
const hipc_kernel* hipc__kernel_find(const void* host_fn) {
  kernel_table* t = atomic_load_explicit(&table, memory_order_acquire);
  if (!t || !host_fn) return NULL;
  for (size_t s = slot_of(host_fn, t->capacity);;
       s = (s + 1) & (t->capacity - 1)) {
    hipc_kernel* k = atomic_load_explicit(&t->slot[s], memory_order_acquire);
    if (!k || k->host_fn == host_fn) return k;
  }
}

void hipc_register_kernel(const hipc_kernel_desc* d) {
  if (!d || !d->host_fn) return;
  int added = 0;
  pthread_mutex_lock(&lock);
  kernel_table* t = atomic_load_explicit(&table, memory_order_relaxed);
  if (!hipc__kernel_find(d->host_fn) &&
      (t && (count + 1) * 2 <= t->capacity ? 0 : grow()) == 0) {
    hipc_kernel* k = calloc(1, sizeof *k);
    if (k) {
      k->desc = d;
      k->host_fn = d->host_fn;
      k->max_dynamic_shared = -1;
      k->carveout = -1;
      parse_name(d->signature ? d->signature : "?", k->name, sizeof k->name);
      place(atomic_load_explicit(&table, memory_order_relaxed), k);
      count++;
      added = 1;
    }
  }
  pthread_mutex_unlock(&lock);
  /* A code object being loaded (hipModuleLoad) keeps a list of its own. */
  if (added) hipc__module_note_kernel(d);
}

void hipc__kernel_unregister(const void* host_fn) {
  if (!host_fn) return;
  pthread_mutex_lock(&lock);
  kernel_table* t = atomic_load_explicit(&table, memory_order_relaxed);
  for (size_t s = t ? slot_of(host_fn, t->capacity) : 0; t;
       s = (s + 1) & (t->capacity - 1)) {
    hipc_kernel* k = atomic_load_explicit(&t->slot[s], memory_order_relaxed);
    if (!k) break;
    if (k->host_fn == host_fn) {
      /* The record stays allocated (a lock-free reader may hold it) and
       * reachable. */
      atomic_store_explicit(&t->slot[s], &tombstone, memory_order_release);
      k->retired_next = retired;
      retired = k;
      break;
    }
  }
  pthread_mutex_unlock(&lock);
}
