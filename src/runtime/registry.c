/* The kernel registry: host address -> hipc_kernel.
 *
 * Kernels register from static initialisers (hip/hipc/launch.h), possibly
 * before main and before libhipc's own initialisation, so the table needs
 * nothing but a statically initialised mutex. Open addressing, grown at
 * half load. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static hipc_kernel** table;
static size_t capacity, count;

static size_t slot_of(const void* key, size_t cap) {
  uintptr_t h = (uintptr_t)key;
  h ^= h >> 33;
  h *= 0xff51afd7ed558ccdull;
  h ^= h >> 33;
  return (size_t)h & (cap - 1);
}

static int grow(void) {
  size_t cap = capacity ? capacity * 2 : 256;
  hipc_kernel** t = calloc(cap, sizeof *t);
  if (!t) return -1;
  for (size_t i = 0; i < capacity; ++i) {
    if (!table[i]) continue;
    size_t s = slot_of(table[i]->desc->host_fn, cap);
    while (t[s]) s = (s + 1) & (cap - 1);
    t[s] = table[i];
  }
  free(table);
  table = t;
  capacity = cap;
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

void hipc_register_kernel(const hipc_kernel_desc* d) {
  if (!d || !d->host_fn) return;
  pthread_mutex_lock(&lock);
  if ((count + 1) * 2 > capacity && grow() != 0) {
    pthread_mutex_unlock(&lock);
    return;
  }
  size_t s = slot_of(d->host_fn, capacity);
  while (table[s] && table[s]->desc->host_fn != d->host_fn)
    s = (s + 1) & (capacity - 1);
  if (!table[s]) {
    hipc_kernel* k = calloc(1, sizeof *k);
    if (k) {
      k->desc = d;
      k->max_dynamic_shared = -1;
      k->carveout = -1;
      parse_name(d->signature ? d->signature : "?", k->name, sizeof k->name);
      table[s] = k;
      count++;
    }
  }
  pthread_mutex_unlock(&lock);
}

const hipc_kernel* hipc__kernel_find(const void* host_fn) {
  const hipc_kernel* k = NULL;
  pthread_mutex_lock(&lock);
  if (capacity) {
    size_t s = slot_of(host_fn, capacity);
    while (table[s]) {
      if (table[s]->desc->host_fn == host_fn) {
        k = table[s];
        break;
      }
      s = (s + 1) & (capacity - 1);
    }
  }
  pthread_mutex_unlock(&lock);
  return k;
}
