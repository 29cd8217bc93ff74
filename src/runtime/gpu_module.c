/* The GPU images hipcc's device pass embeds: hipc_register_gpu_module and
 * the lookups GPU backends make (src/backend/gpu_modules.h).
 *
 * Modules register from constructors, before main and possibly before
 * anything else of libhipc has run, so everything here is statically
 * initialised. Writers take one mutex; readers take none: the kernel and
 * variable tables are open-addressing hash tables of pointers, published
 * with release stores and read with acquire loads. A table that grows is
 * replaced, never changed in place; the old one stays reachable from the
 * new (a reader may still be probing it), so nothing is freed while the
 * program runs. */
#include <stdio.h>
#include <stdlib.h>

#include "backend/gpu_modules.h"
#include "internal.h"

typedef struct symbol_table {
  size_t capacity; /* a power of two */
  struct symbol_table* older;
  hipc_gpu_symbol* _Atomic slot[];
} symbol_table;

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static symbol_table* _Atomic kernels;
static symbol_table* _Atomic vars;
static size_t nkernels, nvars; /* under the lock */
static hipc_gpu_module_entry* _Atomic first_module;
static hipc_gpu_module_entry* last_module;

static size_t slot_of(const void* key, size_t cap) {
  uintptr_t h = (uintptr_t)key;
  h ^= h >> 33;
  h *= 0xff51afd7ed558ccdull;
  h ^= h >> 33;
  return (size_t)h & (cap - 1);
}

static hipc_gpu_symbol* find(symbol_table* _Atomic* table, const void* key) {
  symbol_table* t = atomic_load_explicit(table, memory_order_acquire);
  if (!t) return NULL;
  size_t mask = t->capacity - 1;
  for (size_t s = slot_of(key, t->capacity);; s = (s + 1) & mask) {
    hipc_gpu_symbol* e = atomic_load_explicit(&t->slot[s], memory_order_acquire);
    if (!e || e->host == key) return e;
  }
}

static void place(symbol_table* t, hipc_gpu_symbol* e) {
  size_t mask = t->capacity - 1, s = slot_of(e->host, t->capacity);
  while (atomic_load_explicit(&t->slot[s], memory_order_relaxed))
    s = (s + 1) & mask;
  atomic_store_explicit(&t->slot[s], e, memory_order_release);
}

/* Adds `e` unless its key is there already (a template instantiated in two
 * translation units: either image's copy will do). Under the lock; -1 when
 * out of memory. */
static int insert(symbol_table* _Atomic* table, size_t* count,
                  hipc_gpu_symbol* e) {
  if (find(table, e->host)) return 1;
  symbol_table* t = atomic_load_explicit(table, memory_order_relaxed);
  if (!t || (*count + 1) * 2 > t->capacity) {
    size_t cap = t ? t->capacity * 2 : 64;
    symbol_table* n = calloc(1, sizeof *n + cap * sizeof n->slot[0]);
    if (!n) return -1;
    n->capacity = cap;
    n->older = t;
    for (size_t i = 0; t && i < t->capacity; ++i) {
      hipc_gpu_symbol* old =
          atomic_load_explicit(&t->slot[i], memory_order_relaxed);
      if (old) place(n, old);
    }
    atomic_store_explicit(table, n, memory_order_release);
    t = n;
  }
  place(t, e);
  ++*count;
  return 0;
}

static void add_symbol(symbol_table* _Atomic* table, size_t* count,
                       hipc_gpu_module_entry* m, const void* host,
                       const char* name, size_t size, int kind) {
  if (!host || !name) return;
  hipc_gpu_symbol* e = calloc(1, sizeof *e);
  if (!e) return;
  e->host = host;
  e->name = name;
  e->size = size;
  e->kind = kind;
  e->module = m;
  if (insert(table, count, e) != 0) free(e);
}

HIPC_API void hipc_register_gpu_module(const hipc_gpu_module* m) {
  (void)hipc__gpu_module_add(m);
}

hipc_gpu_module_entry* hipc__gpu_module_add(const hipc_gpu_module* m) {
  if (!m) return NULL;
  if (m->version != HIPC_GPU_MODULE_VERSION) {
    fprintf(stderr,
            "hipc: ignoring GPU code built for another hipc (module version "
            "%d, expected %d)\n",
            m->version, HIPC_GPU_MODULE_VERSION);
    return NULL;
  }
  hipc_gpu_module_entry* e = calloc(1, sizeof *e);
  if (!e) return NULL;
  e->module = m;
  pthread_mutex_lock(&lock);
  for (int i = 0; i < m->num_kernels && m->kernels; ++i)
    add_symbol(&kernels, &nkernels, e, m->kernels[i].host_fn,
               m->kernels[i].name, 0, 0);
  for (int i = 0; i < m->num_vars && m->vars; ++i)
    add_symbol(&vars, &nvars, e, m->vars[i].host_addr, m->vars[i].name,
               m->vars[i].size, m->vars[i].kind);
  if (last_module)
    atomic_store_explicit(&last_module->next, e, memory_order_release);
  else
    atomic_store_explicit(&first_module, e, memory_order_release);
  last_module = e;
  pthread_mutex_unlock(&lock);
  /* A module API code object with GPU images stays mapped. */
  hipc__module_note_pin();
  return e;
}

/* Clang's front end names kernels and variables one call at a time, after
 * the module's images (hip_abi.c), which also appends them to the module's
 * own lists before any device loads it. */
void hipc__gpu_module_add_kernel(hipc_gpu_module_entry* e,
                                 const void* host_fn, const char* name) {
  pthread_mutex_lock(&lock);
  add_symbol(&kernels, &nkernels, e, host_fn, name, 0, 0);
  pthread_mutex_unlock(&lock);
}

void hipc__gpu_module_add_var(hipc_gpu_module_entry* e, const void* host,
                              const char* name, size_t size, int kind) {
  pthread_mutex_lock(&lock);
  add_symbol(&vars, &nvars, e, host, name, size, kind);
  pthread_mutex_unlock(&lock);
}

hipc_gpu_symbol* hipc__gpu_kernel_find(const void* host_fn) {
  return find(&kernels, host_fn);
}

hipc_gpu_symbol* hipc__gpu_var_find(const void* host_addr) {
  return find(&vars, host_addr);
}

hipc_gpu_module_entry* hipc__gpu_modules(void) {
  return atomic_load_explicit(&first_module, memory_order_acquire);
}
