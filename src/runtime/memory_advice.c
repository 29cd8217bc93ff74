/* What hipMemAdvise and hipMemPrefetchAsync said about ranges of managed
 * memory, for hipMemRangeGetAttribute(s).
 *
 * Each managed allocation that got advice has a list of segments (byte
 * ranges relative to its base, sorted, not overlapping), each holding the
 * state of its bytes; bytes outside every segment have the default state.
 * Advice splits segments at the ends of its range and sets one field in
 * every segment inside it. A query walks the range and reports a value only
 * where all its bytes agree, as CUDA's cudaMemRangeGetAttribute does. */
#define _DEFAULT_SOURCE /* sysconf */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "internal.h"

typedef struct advice_state {
  int read_mostly;
  int preferred;        /* a device, hipCpuDeviceId or hipInvalidDeviceId */
  uint64_t accessed_by; /* bit d: device d; bit 63: the host */
  int coarse;
  int last_prefetch;    /* as `preferred` */
} advice_state;

typedef struct segment {
  size_t lo, hi;
  advice_state st;
} segment;

typedef struct advised {
  const void* base;
  segment* seg;
  size_t n, cap;
} advised;

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static advised* table;
static size_t ntable, captable;

static const advice_state default_state = {0, hipInvalidDeviceId, 0, 0,
                                           hipInvalidDeviceId};

/* Under the lock: the entry of the allocation at `base`, made if `make`. */
static advised* entry(const void* base, int make) {
  for (size_t i = 0; i < ntable; ++i)
    if (table[i].base == base) return &table[i];
  if (!make) return NULL;
  if (ntable == captable) {
    size_t ncap = captable ? captable * 2 : 8;
    advised* t = realloc(table, ncap * sizeof *t);
    if (!t) return NULL;
    table = t;
    captable = ncap;
  }
  advised* a = &table[ntable++];
  memset(a, 0, sizeof *a);
  a->base = base;
  return a;
}

/* Under the lock: makes room for one more segment at index `i`. */
static int insert_at(advised* a, size_t i, segment s) {
  if (a->n == a->cap) {
    size_t ncap = a->cap ? a->cap * 2 : 8;
    segment* t = realloc(a->seg, ncap * sizeof *t);
    if (!t) return -1;
    a->seg = t;
    a->cap = ncap;
  }
  memmove(&a->seg[i + 1], &a->seg[i], (a->n - i) * sizeof *a->seg);
  a->seg[i] = s;
  a->n++;
  return 0;
}

/* Under the lock: makes [lo, hi) exactly a run of whole segments (splitting
 * at lo and hi, filling gaps with default segments); its first index in
 * *first and one past its last in *last. */
static int cover(advised* a, size_t lo, size_t hi, size_t* first,
                 size_t* last) {
  size_t pos = lo, i = 0;
  while (i < a->n && a->seg[i].hi <= lo) i++;
  *first = i;
  while (pos < hi) {
    if (i == a->n || a->seg[i].lo >= hi) { /* a gap up to hi */
      segment s = {pos, hi, default_state};
      if (insert_at(a, i, s) != 0) return -1;
      i++;
      pos = hi;
      break;
    }
    segment* s = &a->seg[i];
    if (s->lo > pos) { /* a gap before s */
      segment g = {pos, s->lo, default_state};
      if (insert_at(a, i, g) != 0) return -1;
      i++;
      pos = a->seg[i].lo;
      continue;
    }
    if (s->lo < pos) { /* s starts before the range: split it */
      segment left = *s;
      left.hi = pos;
      a->seg[i].lo = pos;
      if (insert_at(a, i, left) != 0) return -1;
      if (i == *first) *first = i + 1;
      i++;
      continue;
    }
    if (s->hi > hi) { /* s ends after the range: split it */
      segment right = *s;
      right.lo = hi;
      a->seg[i].hi = hi;
      if (insert_at(a, i + 1, right) != 0) return -1;
    }
    pos = a->seg[i].hi;
    i++;
  }
  *last = i;
  return 0;
}

typedef enum field {
  F_READ_MOSTLY,
  F_PREFERRED,
  F_ACCESSED_SET,
  F_ACCESSED_UNSET,
  F_COARSE,
  F_PREFETCH
} field;

/* Records advice for [p, p + n), which lies in the managed allocation
 * `al`. */
static hipError_t record(const hipc_alloc* al, const void* p, size_t n,
                         field f, int value) {
  /* Advice and prefetches act on whole pages (AMD's runtime and CUDA
   * round the range out to them), within the allocation. */
  uintptr_t page = (uintptr_t)sysconf(_SC_PAGESIZE);
  uintptr_t b = (uintptr_t)al->base, s = (uintptr_t)p & ~(page - 1);
  uintptr_t e = ((uintptr_t)p + n + page - 1) & ~(page - 1);
  size_t lo = s < b ? 0 : (size_t)(s - b);
  size_t hi = e - b > al->size ? al->size : (size_t)(e - b);
  hipError_t r = hipErrorOutOfMemory;
  pthread_mutex_lock(&lock);
  advised* a = entry(al->base, 1);
  size_t first, last;
  if (a && cover(a, lo, hi, &first, &last) == 0) {
    uint64_t bit = 0;
    if (f == F_ACCESSED_SET || f == F_ACCESSED_UNSET)
      bit = value == hipCpuDeviceId ? 1ull << 63 : 1ull << (value & 63);
    for (size_t i = first; i < last; ++i) {
      advice_state* st = &a->seg[i].st;
      switch (f) {
        case F_READ_MOSTLY: st->read_mostly = value; break;
        case F_PREFERRED: st->preferred = value; break;
        case F_ACCESSED_SET: st->accessed_by |= bit; break;
        case F_ACCESSED_UNSET: st->accessed_by &= ~bit; break;
        case F_COARSE: st->coarse = value; break;
        case F_PREFETCH: st->last_prefetch = value; break;
      }
    }
    r = hipSuccess;
  }
  pthread_mutex_unlock(&lock);
  return r;
}

hipError_t hipc__advice_apply(const hipc_alloc* a, const void* p, size_t n,
                              hipMemoryAdvise advice, int device) {
  switch (advice) {
    case hipMemAdviseSetReadMostly: return record(a, p, n, F_READ_MOSTLY, 1);
    case hipMemAdviseUnsetReadMostly:
      return record(a, p, n, F_READ_MOSTLY, 0);
    case hipMemAdviseSetPreferredLocation:
      return record(a, p, n, F_PREFERRED, device);
    case hipMemAdviseUnsetPreferredLocation:
      return record(a, p, n, F_PREFERRED, hipInvalidDeviceId);
    case hipMemAdviseSetAccessedBy:
      return record(a, p, n, F_ACCESSED_SET, device);
    case hipMemAdviseUnsetAccessedBy:
      return record(a, p, n, F_ACCESSED_UNSET, device);
    case hipMemAdviseSetCoarseGrain: return record(a, p, n, F_COARSE, 1);
    case hipMemAdviseUnsetCoarseGrain: return record(a, p, n, F_COARSE, 0);
    default: return hipErrorInvalidValue;
  }
}

hipError_t hipc__advice_prefetched(const hipc_alloc* a, const void* p,
                                   size_t n, int device) {
  return record(a, p, n, F_PREFETCH, device);
}

void hipc__advice_forget(const void* base) {
  pthread_mutex_lock(&lock);
  for (size_t i = 0; i < ntable; ++i) {
    if (table[i].base != base) continue;
    free(table[i].seg);
    table[i] = table[--ntable];
    break;
  }
  pthread_mutex_unlock(&lock);
}

/* The state of every byte of [lo, hi) of `a` folded together: fields that
 * differ somewhere become "mixed" (-3 for ints; accessed_by keeps the
 * devices set everywhere). */
#define MIXED (-3)

static void fold(advice_state* acc, const advice_state* s, int* started) {
  if (!*started) {
    *acc = *s;
    *started = 1;
    return;
  }
  if (acc->read_mostly != s->read_mostly) acc->read_mostly = MIXED;
  if (acc->preferred != s->preferred) acc->preferred = MIXED;
  if (acc->coarse != s->coarse) acc->coarse = MIXED;
  if (acc->last_prefetch != s->last_prefetch) acc->last_prefetch = MIXED;
  acc->accessed_by &= s->accessed_by;
}

static advice_state query(const void* base, size_t lo, size_t hi) {
  advice_state acc = default_state;
  int started = 0;
  pthread_mutex_lock(&lock);
  advised* a = entry(base, 0);
  size_t pos = lo;
  for (size_t i = 0; a && i < a->n && pos < hi; ++i) {
    const segment* s = &a->seg[i];
    if (s->hi <= pos) continue;
    if (s->lo >= hi) break;
    if (s->lo > pos) fold(&acc, &default_state, &started); /* a gap */
    fold(&acc, &s->st, &started);
    pos = s->hi;
  }
  if (pos < hi) fold(&acc, &default_state, &started);
  pthread_mutex_unlock(&lock);
  return acc;
}

static int located(int v) { return v == MIXED ? hipInvalidDeviceId : v; }

/* Checks the range [dev_ptr, dev_ptr + count): managed memory, inside one
 * allocation, which *a describes. */
static hipError_t range_find(const void* dev_ptr, size_t count,
                             hipc_alloc* a) {
  if (!dev_ptr || count == 0) return hipErrorInvalidValue;
  hipError_t e = hipc__init();
  if (e != hipSuccess) return e;
  if (!hipc__alloc_find(dev_ptr, a) || a->kind != hipMemoryTypeManaged ||
      !hipc__alloc_in_bounds(dev_ptr, count))
    return hipErrorInvalidValue;
  return hipSuccess;
}

/* One attribute of the range at byte `lo` of the managed allocation `a`
 * into `data` (`data_size` bytes). */
static hipError_t range_attribute(void* data, size_t data_size,
                                  hipMemRangeAttribute attribute,
                                  const hipc_alloc* a, size_t lo,
                                  size_t count) {
  if (!data || data_size == 0 || data_size % 4 != 0)
    return hipErrorInvalidValue;
  int* out = data;
  if (attribute != hipMemRangeAttributeAccessedBy && data_size != 4)
    return hipErrorInvalidValue;
  advice_state st;
  switch (attribute) {
    case hipMemRangeAttributeReadMostly:
      st = query(a->base, lo, lo + count);
      *out = st.read_mostly == 1;
      break;
    case hipMemRangeAttributePreferredLocation:
      st = query(a->base, lo, lo + count);
      *out = located(st.preferred);
      break;
    case hipMemRangeAttributeLastPrefetchLocation:
      st = query(a->base, lo, lo + count);
      *out = located(st.last_prefetch);
      break;
    case hipMemRangeAttributeCoherencyMode:
      st = query(a->base, lo, lo + count);
      *out = st.coarse == MIXED ? hipMemRangeCoherencyModeIndeterminate
             : st.coarse       ? hipMemRangeCoherencyModeCoarseGrain
                               : hipMemRangeCoherencyModeFineGrain;
      break;
    case hipMemRangeAttributeAccessedBy: {
      st = query(a->base, lo, lo + count);
      size_t slots = data_size / 4, k = 0;
      for (int d = 0; d < 63 && k < slots; ++d)
        if (st.accessed_by & (1ull << d)) out[k++] = d;
      if (k < slots && (st.accessed_by >> 63)) out[k++] = hipCpuDeviceId;
      while (k < slots) out[k++] = hipInvalidDeviceId;
      break;
    }
    default:
      return hipErrorInvalidValue;
  }
  return hipSuccess;
}

/* The coherency mode (AMD's attribute) of hipc memory that is not managed:
 * device memory is coarse-grained unless allocated fine-grained
 * (hipExtMallocWithFlags), host memory fine-grained unless allocated
 * non-coherent, as AMD's runtime allocates them. -1: not such memory. */
static int plain_coherency(const void* p, size_t count) {
  hipc_alloc a;
  if (!p || count == 0 || hipc__init() != hipSuccess ||
      !hipc__alloc_find(p, &a) || a.kind == hipMemoryTypeManaged ||
      !hipc__alloc_in_bounds(p, count))
    return -1;
  if (a.kind == hipMemoryTypeDevice)
    return a.flags & hipDeviceMallocFinegrained
               ? hipMemRangeCoherencyModeFineGrain
               : hipMemRangeCoherencyModeCoarseGrain;
  return !a.registered && (a.flags & hipHostMallocNonCoherent)
             ? hipMemRangeCoherencyModeCoarseGrain
             : hipMemRangeCoherencyModeFineGrain;
}

hipError_t hipMemRangeGetAttribute(void* data, size_t data_size,
                                   hipMemRangeAttribute attribute,
                                   const void* dev_ptr, size_t count) {
  HIPC_API_ENTER();
  HIPC_RETURN_IF(!data || data_size == 0 || data_size % 4 != 0,
                 hipErrorInvalidValue);
  if (attribute == hipMemRangeAttributeCoherencyMode && data_size == 4) {
    int mode = plain_coherency(dev_ptr, count);
    if (mode >= 0) {
      *(int*)data = mode;
      HIPC_RETURN(hipSuccess);
    }
  }
  hipc_alloc a;
  hipError_t e = range_find(dev_ptr, count, &a);
  HIPC_RETURN_IF(e != hipSuccess, e);
  size_t lo = (size_t)((const char*)dev_ptr - (const char*)a.base);
  HIPC_RETURN(range_attribute(data, data_size, attribute, &a, lo, count));
}

hipError_t hipMemRangeGetAttributes(void** data, size_t* data_sizes,
                                    hipMemRangeAttribute* attributes,
                                    size_t num_attributes,
                                    const void* dev_ptr, size_t count) {
  HIPC_API_ENTER();
  HIPC_RETURN_IF(!data || !data_sizes || !attributes || num_attributes == 0,
                 hipErrorInvalidValue);
  hipc_alloc a;
  hipError_t e = range_find(dev_ptr, count, &a);
  HIPC_RETURN_IF(e != hipSuccess, e);
  size_t lo = (size_t)((const char*)dev_ptr - (const char*)a.base);
  for (size_t i = 0; i < num_attributes; ++i) {
    e = range_attribute(data[i], data_sizes[i], attributes[i], &a, lo,
                        count);
    HIPC_RETURN_IF(e != hipSuccess, e);
  }
  HIPC_RETURN(hipSuccess);
}

hipError_t hipStreamAttachMemAsync(hipStream_t stream, void* dev_ptr,
                                   size_t length, unsigned int flags) {
  HIPC_API_ENTER();
  HIPC_RETURN_IF(!dev_ptr, hipErrorInvalidValue);
  HIPC_RETURN_IF(flags != hipMemAttachGlobal && flags != hipMemAttachHost &&
                     flags != hipMemAttachSingle,
                 hipErrorInvalidValue);
  /* Memory attached to one stream needs a stream. */
  HIPC_RETURN_IF(flags == hipMemAttachSingle && !stream,
                 hipErrorInvalidValue);
  hipError_t e = hipc__init();
  HIPC_RETURN_IF(e != hipSuccess, e);
  hipc_device* dev;
  hipStream_t s;
  /* A destroyed stream: what AMD's runtime returns. */
  HIPC_RETURN_IF(hipc__stream_lookup(stream, &dev, &s) != hipSuccess,
                 hipErrorContextIsDestroyed);
  hipc_alloc a;
  if (!hipc__alloc_find(dev_ptr, &a)) {
    /* Memory hipc did not allocate (malloc, mmap) is pageable: AMD's
     * runtime attaches it, with its length, where the device reads
     * pageable memory. */
    HIPC_RETURN_IF(!dev->props.pageableMemoryAccess || length == 0,
                   hipErrorInvalidValue);
    HIPC_RETURN(hipSuccess);
  }
  HIPC_RETURN_IF(a.kind != hipMemoryTypeManaged || a.base != dev_ptr ||
                     (length != 0 && length != a.size),
                 hipErrorInvalidValue);
  HIPC_RETURN(hipSuccess);
}
