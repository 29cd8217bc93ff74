/* The CPU device's memory (hipMalloc, hipHostMalloc, hipMallocManaged and
 * arrays): mappings of its own, apart from the C heap where libhipc (and
 * the program) keep their data, so that a kernel that writes past the end
 * of an allocation hits device memory or a guard page, never the
 * runtime's bookkeeping.
 *
 * - Up to 64 KiB: a chunk of a power-of-two size class (256 B and up, so
 *   every allocation is 256-byte aligned like a GPU's), carved from 1 MiB
 *   slabs, each its own mapping followed by a PROT_NONE guard page. The
 *   slab's bookkeeping (which chunks are free) lives on the C heap, never
 *   next to the chunks. A freed chunk is poisoned (0xdb in every byte) and
 *   goes to the back of its slab's free ring, so that it is reused last.
 * - Larger: a mapping of its own, rounded to pages, followed by a guard
 *   page; freeing unmaps it, so a later access faults (and the fault
 *   handler reports it when a kernel makes it).
 *
 * With HIPC_CHECK set (memcheck), every allocation has a guard zone of
 * GUARD bytes on each side, inside the mapping, for the checked kernels
 * to name out-of-bounds accesses (src/backend/cpu/check.c), and freed
 * large mappings stay mapped (poisoned) in a quarantine of QUARANTINE
 * bytes, so that a use after free is reported rather than a fault.
 *
 * Look-ups (which slab a chunk is in, how long a big mapping is) go
 * through two hash tables, O(1) per allocation and free. One mutex guards
 * everything here. */
#define _GNU_SOURCE /* MAP_ANONYMOUS, MAP_NORESERVE */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "cpu.h"

#define SLAB_SHIFT 20
#define SLAB_SIZE ((size_t)1 << SLAB_SHIFT)
#define MIN_SHIFT 8  /* 256 B */
#define MAX_SHIFT 16 /* 64 KiB */
#define NCLASSES (MAX_SHIFT - MIN_SHIFT + 1)
#define POISON 0xdb

/* -- a hash table from nonzero keys to values (linear probing, deletion
 *    by backward shift, so no tombstones) */

typedef struct map {
  uintptr_t* keys; /* 0: empty */
  uintptr_t* vals;
  size_t cap;      /* a power of two */
  size_t count;
} map;

static size_t slot(const map* m, uintptr_t k) {
  k ^= k >> 33;
  k *= (uintptr_t)0xff51afd7ed558ccdull;
  k ^= k >> 33;
  return (size_t)k & (m->cap - 1);
}

static int map_put(map* m, uintptr_t k, uintptr_t v);

static int map_grow(map* m) {
  map n = {NULL, NULL, m->cap ? m->cap * 2 : 64, 0};
  n.keys = calloc(n.cap, sizeof *n.keys);
  n.vals = calloc(n.cap, sizeof *n.vals);
  if (!n.keys || !n.vals) {
    free(n.keys);
    free(n.vals);
    return -1;
  }
  for (size_t i = 0; i < m->cap; ++i)
    if (m->keys[i]) map_put(&n, m->keys[i], m->vals[i]);
  free(m->keys);
  free(m->vals);
  *m = n;
  return 0;
}

static int map_put(map* m, uintptr_t k, uintptr_t v) {
  if (2 * (m->count + 1) > m->cap && map_grow(m) != 0) return -1;
  size_t i = slot(m, k);
  while (m->keys[i] && m->keys[i] != k) i = (i + 1) & (m->cap - 1);
  if (!m->keys[i]) m->count++;
  m->keys[i] = k;
  m->vals[i] = v;
  return 0;
}

/* The value of `k`, removed from the table (0 when absent). */
static uintptr_t map_take(map* m, uintptr_t k) {
  if (!m->cap) return 0;
  size_t i = slot(m, k);
  while (m->keys[i] && m->keys[i] != k) i = (i + 1) & (m->cap - 1);
  if (!m->keys[i]) return 0;
  uintptr_t v = m->vals[i];
  /* Backward shift: move later entries of the run into the hole. */
  size_t hole = i;
  for (size_t j = (i + 1) & (m->cap - 1); m->keys[j];
       j = (j + 1) & (m->cap - 1)) {
    size_t home = slot(m, m->keys[j]);
    /* Whether `home` lies cyclically in (hole, j]: then it stays. */
    int stays = hole <= j ? (home > hole && home <= j)
                          : (home > hole || home <= j);
    if (stays) continue;
    m->keys[hole] = m->keys[j];
    m->vals[hole] = m->vals[j];
    hole = j;
  }
  m->keys[hole] = 0;
  m->count--;
  return v;
}

static uintptr_t map_get(const map* m, uintptr_t k) {
  if (!m->cap) return 0;
  size_t i = slot(m, k);
  while (m->keys[i] && m->keys[i] != k) i = (i + 1) & (m->cap - 1);
  return m->keys[i] ? m->vals[i] : 0;
}

/* -- slabs */

typedef struct slab {
  char* base;              /* SLAB_SIZE bytes, SLAB_SIZE-aligned */
  unsigned shift;          /* chunk size 1 << shift */
  uint32_t nchunks, nfree;
  uint32_t head;           /* the free ring: `nfree` chunk indices from */
  uint32_t* ring;          /* ring[head], wrapping */
  uint8_t* used;           /* per chunk */
  struct slab* next;       /* in partial[], while it has free chunks */
} slab;

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static slab* partial[NCLASSES]; /* slabs with free chunks, per class */
static map slabs;               /* base >> SLAB_SHIFT -> slab */
static map bigs;                /* address -> mapped length (guard too) */

static size_t page_size(void) {
  static size_t page; /* the same value whoever stores it first */
  size_t p = __atomic_load_n(&page, __ATOMIC_RELAXED);
  if (!p) {
    p = (size_t)sysconf(_SC_PAGESIZE);
    __atomic_store_n(&page, p, __ATOMIC_RELAXED);
  }
  return p;
}

/* A SLAB_SIZE-aligned mapping of SLAB_SIZE bytes followed by a guard
 * page, or NULL. */
static char* map_slab(void) {
  size_t page = page_size(), span = 2 * SLAB_SIZE;
  char* p = mmap(NULL, span, PROT_NONE,
                 MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (p == MAP_FAILED) return NULL;
  char* a = (char*)(((uintptr_t)p + SLAB_SIZE - 1) & ~(SLAB_SIZE - 1));
  if (a > p) munmap(p, (size_t)(a - p));
  char* end = a + SLAB_SIZE + page;
  if (p + span > end) munmap(end, (size_t)(p + span - end));
  if (mprotect(a, SLAB_SIZE, PROT_READ | PROT_WRITE) != 0) {
    munmap(a, SLAB_SIZE + page);
    return NULL;
  }
  return a;
}

/* Under the lock: a new slab of chunks of 1 << shift bytes, or NULL. */
static slab* slab_new(unsigned shift) {
  slab* s = calloc(1, sizeof *s);
  if (!s) return NULL;
  s->shift = shift;
  s->nchunks = s->nfree = (uint32_t)(SLAB_SIZE >> shift);
  s->ring = malloc(s->nchunks * sizeof *s->ring);
  s->used = calloc(s->nchunks, 1);
  s->base = map_slab();
  if (!s->ring || !s->used || !s->base ||
      map_put(&slabs, (uintptr_t)s->base >> SLAB_SHIFT, (uintptr_t)s) != 0) {
    if (s->base) munmap(s->base, SLAB_SIZE + page_size());
    free(s->ring);
    free(s->used);
    free(s);
    return NULL;
  }
  for (uint32_t i = 0; i < s->nchunks; ++i) s->ring[i] = i;
  return s;
}

static void* chunk_alloc(unsigned shift) {
  unsigned c = shift - MIN_SHIFT;
  pthread_mutex_lock(&lock);
  slab* s = partial[c];
  if (!s && (s = slab_new(shift)) != NULL) partial[c] = s;
  void* p = NULL;
  if (s) {
    uint32_t i = s->ring[s->head];
    s->head = (s->head + 1) % s->nchunks;
    s->used[i] = 1;
    if (--s->nfree == 0) partial[c] = s->next;
    p = s->base + ((size_t)i << shift);
  }
  pthread_mutex_unlock(&lock);
  return p;
}

/* 0 when `p` was a chunk (now freed), -1 when it is no chunk. */
static int chunk_free(void* p) {
  pthread_mutex_lock(&lock);
  slab* s = (slab*)map_get(&slabs, (uintptr_t)p >> SLAB_SHIFT);
  size_t off = s ? (size_t)((char*)p - s->base) : 0;
  uint32_t i = (uint32_t)(off >> (s ? s->shift : 0));
  if (!s || (off & (((size_t)1 << s->shift) - 1)) || !s->used[i]) {
    pthread_mutex_unlock(&lock);
    return -1;
  }
  s->used[i] = 0;
  memset(p, POISON, (size_t)1 << s->shift);
  s->ring[(s->head + s->nfree) % s->nchunks] = i;
  if (s->nfree++ == 0) {
    s->next = partial[s->shift - MIN_SHIFT];
    partial[s->shift - MIN_SHIFT] = s;
  }
  pthread_mutex_unlock(&lock);
  return 0;
}

/* -- the ops */

static void* heap_alloc(size_t size);
static int heap_free(void* p);

#define GUARD ((size_t)256)
#define QUARANTINE ((size_t)256 << 20)
static struct {
  void* p;
  size_t len;
} quarantine[64];
static size_t nquarantine, quarantined; /* under the lock */

/* Whether allocations get guard zones: fixed by HIPC_CHECK for the run. */
static int guarded(void) {
  return (hipc__checking() & HIPC_CHECKING_MEM) != 0;
}

void* hipc__heap_alloc(size_t size) {
  if (!guarded()) return heap_alloc(size);
  if (size > SIZE_MAX - 2 * GUARD) return NULL;
  char* p = heap_alloc(size + 2 * GUARD);
  return p ? p + GUARD : NULL;
}

int hipc__heap_free(void* p) {
  if (!p || !guarded()) return heap_free(p);
  char* base = (char*)p - GUARD;
  pthread_mutex_lock(&lock);
  size_t len = (size_t)map_take(&bigs, (uintptr_t)base);
  void* evict = NULL;
  size_t evict_len = 0;
  if (len) {
    /* Kept mapped and poisoned; the oldest goes when the quarantine is
     * full. */
    memset(base, POISON, len - page_size());
    if (nquarantine == 64 || quarantined + len > QUARANTINE) {
      if (nquarantine) {
        evict = quarantine[0].p;
        evict_len = quarantine[0].len;
        quarantined -= evict_len;
        memmove(&quarantine[0], &quarantine[1],
                --nquarantine * sizeof quarantine[0]);
      }
    }
    quarantine[nquarantine].p = base;
    quarantine[nquarantine++].len = len;
    quarantined += len;
  }
  pthread_mutex_unlock(&lock);
  if (evict) munmap(evict, evict_len);
  if (len) return 0;
  return heap_free(base);
}

static void* heap_alloc(size_t size) {
  if (size <= ((size_t)1 << MAX_SHIFT)) {
    unsigned shift = MIN_SHIFT;
    while (((size_t)1 << shift) < size) ++shift;
    return chunk_alloc(shift);
  }
  size_t page = page_size();
  if (size > SIZE_MAX - 2 * page) return NULL;
  size_t len = (size + page - 1) & ~(page - 1);
  char* p = mmap(NULL, len + page, PROT_READ | PROT_WRITE,
                 MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (p == MAP_FAILED) return NULL;
  if (mprotect(p + len, page, PROT_NONE) != 0) {
    munmap(p, len + page);
    return NULL;
  }
  pthread_mutex_lock(&lock);
  int r = map_put(&bigs, (uintptr_t)p, len + page);
  pthread_mutex_unlock(&lock);
  if (r != 0) {
    munmap(p, len + page);
    return NULL;
  }
  return p;
}

static int heap_free(void* p) {
  if (!p) return 0;
  pthread_mutex_lock(&lock);
  size_t len = (size_t)map_take(&bigs, (uintptr_t)p);
  pthread_mutex_unlock(&lock);
  if (len) {
    hipc__cpu_ipc_forget(p); /* ipc.c: it may have been exported */
    return munmap(p, len) == 0 ? 0 : -1;
  }
  return chunk_free(p);
}

int hipc__heap_region(const void* p, char** start, size_t* len) {
  pthread_mutex_lock(&lock);
  size_t big = (size_t)map_get(&bigs, (uintptr_t)p);
  slab* s = big ? NULL : (slab*)map_get(&slabs, (uintptr_t)p >> SLAB_SHIFT);
  pthread_mutex_unlock(&lock);
  if (big) {
    *start = (char*)p;
    *len = big - page_size(); /* without the guard page */
    return 0;
  }
  if (!s) return -1;
  *start = s->base;
  *len = SLAB_SIZE;
  return 0;
}
