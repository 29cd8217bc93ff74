/* The allocation table: every allocation (device, pinned host, managed)
 * and every registered host range, keyed by base address, so that each API
 * that takes a pointer can check it against the live allocations.
 *
 * An AVL tree of separately allocated nodes: insert, remove and look-up
 * are O(log n) whatever the order of allocations and frees (a sorted array
 * would move O(n) entries per free, quadratic over a program that frees
 * many allocations). Entries never overlap. One mutex guards the tree;
 * callers get copies of entries, never pointers into it.
 *
 * Each thread remembers its last two look-ups (the entry, or the gap
 * between entries that held no allocation) with the table's version,
 * which every insert and remove bumps: while the version is the same, an
 * address in a remembered range needs no walk and no lock. A copy from
 * pageable memory looks up the same source each time, whatever the
 * destination (HeCBench streamCreateCopyDestroy). */
#include <stdint.h>
#include <stdlib.h>

#include "internal.h"

typedef struct node {
  hipc_alloc a;
  struct node* left;
  struct node* right;
  int height;
} node;

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static node* root;
/* Bumped under the lock by every change of the tree. */
static uint64_t version;

/* A remembered look-up: [lo, hi) is one entry's range (found) or a gap
 * that holds none, as of `version` (0: nothing remembered yet). */
typedef struct memo {
  uint64_t version;
  uintptr_t lo, hi;
  int found;
  hipc_alloc a;
} memo;
static __thread memo memos[2] __attribute__((tls_model("initial-exec")));
/* The one to replace next: the less recently used. */
static __thread unsigned memo_old __attribute__((tls_model("initial-exec")));

/* Under the lock: the tree changed. */
static void changed(void) {
  __atomic_store_n(&version, version + 1, __ATOMIC_RELEASE);
}

static uintptr_t key(const void* p) { return (uintptr_t)p; }

/* The bytes an entry owns: a zero-size range still owns its base. */
static uintptr_t end_of(const hipc_alloc* a) {
  return key(a->base) + (a->size ? a->size : 1);
}

static int height(const node* n) { return n ? n->height : 0; }

static void update(node* n) {
  int l = height(n->left), r = height(n->right);
  n->height = 1 + (l > r ? l : r);
}

static node* rotate_right(node* n) {
  node* l = n->left;
  n->left = l->right;
  l->right = n;
  update(n);
  update(l);
  return l;
}

static node* rotate_left(node* n) {
  node* r = n->right;
  n->right = r->left;
  r->left = n;
  update(n);
  update(r);
  return r;
}

/* Restores the AVL balance at `n` after one of its subtrees changed
 * height by one. */
static node* balance(node* n) {
  update(n);
  int b = height(n->left) - height(n->right);
  if (b > 1) {
    if (height(n->left->left) < height(n->left->right))
      n->left = rotate_left(n->left);
    return rotate_right(n);
  }
  if (b < -1) {
    if (height(n->right->right) < height(n->right->left))
      n->right = rotate_right(n->right);
    return rotate_left(n);
  }
  return n;
}

static node* insert(node* n, node* x) {
  if (!n) return x;
  if (key(x->a.base) < key(n->a.base))
    n->left = insert(n->left, x);
  else
    n->right = insert(n->right, x);
  return balance(n);
}

/* Detaches the leftmost node of `n` into *min. */
static node* detach_min(node* n, node** min) {
  if (!n->left) {
    *min = n;
    return n->right;
  }
  n->left = detach_min(n->left, min);
  return balance(n);
}

/* Detaches the node whose base is `k` (into *out; NULL when none). */
static node* detach(node* n, uintptr_t k, node** out) {
  if (!n) return NULL;
  if (k < key(n->a.base)) {
    n->left = detach(n->left, k, out);
  } else if (k > key(n->a.base)) {
    n->right = detach(n->right, k, out);
  } else {
    *out = n;
    if (!n->right) return n->left;
    node* m;
    node* rest = detach_min(n->right, &m);
    m->left = n->left;
    m->right = rest;
    return balance(m);
  }
  return balance(n);
}

/* Under the lock: the entry with the greatest base <= `k`, or NULL. */
static node* floor_of(uintptr_t k) {
  node* best = NULL;
  for (node* n = root; n;) {
    if (key(n->a.base) <= k) {
      best = n;
      n = n->right;
    } else {
      n = n->left;
    }
  }
  return best;
}

int hipc__alloc_near(const void* p, hipc_alloc* below, hipc_alloc* above) {
  uintptr_t k = key(p);
  int found = 0;
  pthread_mutex_lock(&lock);
  node* lo = floor_of(k);
  node* hi = NULL;
  for (node* n = root; n;) {
    if (key(n->a.base) > k) {
      hi = n;
      n = n->left;
    } else {
      n = n->right;
    }
  }
  if (lo) {
    *below = lo->a;
    found |= 1;
  }
  if (hi) {
    *above = hi->a;
    found |= 2;
  }
  pthread_mutex_unlock(&lock);
  return found;
}

int hipc__alloc_insert(const hipc_alloc* a) {
  node* x = malloc(sizeof *x);
  if (!x) return -1;
  x->a = *a;
  x->left = x->right = NULL;
  x->height = 1;
  pthread_mutex_lock(&lock);
  /* Entries never overlap: a registration racing with another one for the
   * same memory, or memory a program freed without unregistering it, is
   * refused here, under the lock. The last entry starting before our end
   * is the only one that can overlap. */
  node* prev = floor_of(end_of(a) - 1);
  if (prev && end_of(&prev->a) > key(a->base)) {
    pthread_mutex_unlock(&lock);
    free(x);
    return -2;
  }
  root = insert(root, x);
  changed();
  pthread_mutex_unlock(&lock);
  return 0;
}

int hipc__alloc_remove(void* base, hipc_alloc* out) {
  node* n = NULL;
  pthread_mutex_lock(&lock);
  root = detach(root, key(base), &n);
  if (n) changed();
  pthread_mutex_unlock(&lock);
  if (!n) return -1;
  *out = n->a;
  free(n);
  return 0;
}

/* Under the lock: the bytes of `dev`'s allocations under `n`. */
static size_t device_bytes(const node* n, const hipc_device* dev) {
  if (!n) return 0;
  size_t own = n->a.dev == dev && !n->a.registered &&
                       (n->a.kind == hipMemoryTypeDevice ||
                        n->a.kind == hipMemoryTypeManaged)
                   ? n->a.size
                   : 0;
  return own + device_bytes(n->left, dev) + device_bytes(n->right, dev);
}

size_t hipc__alloc_device_bytes(const hipc_device* dev) {
  pthread_mutex_lock(&lock);
  size_t n = device_bytes(root, dev);
  pthread_mutex_unlock(&lock);
  return n;
}

/* Under the lock: the lowest base above `k`, or UINTPTR_MAX. */
static uintptr_t next_base(uintptr_t k) {
  uintptr_t best = UINTPTR_MAX;
  for (node* n = root; n;) {
    if (key(n->a.base) > k) {
      best = key(n->a.base);
      n = n->left;
    } else {
      n = n->right;
    }
  }
  return best;
}

int hipc__alloc_find(const void* p, hipc_alloc* out) {
  uintptr_t k = key(p);
  uint64_t v = __atomic_load_n(&version, __ATOMIC_ACQUIRE);
  for (unsigned i = 0; i < 2; ++i) {
    const memo* m = &memos[i];
    if (m->version == v && v && m->lo <= k && k < m->hi) {
      if (m->found) *out = m->a;
      memo_old = i ^ 1;
      return m->found;
    }
  }
  memo* m = &memos[memo_old];
  memo_old ^= 1;
  /* Invalid while it is filled in (a signal handler on this thread may
   * look up too). */
  m->version = 0;
  __atomic_signal_fence(__ATOMIC_SEQ_CST);
  pthread_mutex_lock(&lock);
  node* n = floor_of(k);
  int found = n && k < end_of(&n->a);
  m->found = found;
  if (found) {
    m->a = n->a;
    *out = n->a;
    m->lo = key(n->a.base);
    m->hi = end_of(&n->a);
  } else {
    m->lo = n ? end_of(&n->a) : 0;
    m->hi = next_base(k);
  }
  uint64_t now = version;
  pthread_mutex_unlock(&lock);
  __atomic_signal_fence(__ATOMIC_SEQ_CST);
  m->version = now;
  return found;
}

int hipc__alloc_overlaps(const void* p, size_t n) {
  if (n == 0) n = 1;
  pthread_mutex_lock(&lock);
  node* x = floor_of(key(p) + n - 1);
  int hit = x && end_of(&x->a) > key(p);
  pthread_mutex_unlock(&lock);
  return hit;
}

/* Under the lock: appends the device allocations of `dev` under `n` to
 * list[*count] (growing it); -1 when out of memory. */
static int collect(node* n, hipc_device* dev, hipc_alloc** list,
                   size_t* count, size_t* cap) {
  if (!n) return 0;
  if (collect(n->left, dev, list, count, cap) != 0) return -1;
  /* Host memory (hipHostMalloc) outlives a device reset. */
  if (n->a.dev == dev && n->a.kind == hipMemoryTypeDevice) {
    if (*count == *cap) {
      size_t ncap = *cap ? *cap * 2 : 64;
      hipc_alloc* t = realloc(*list, ncap * sizeof *t);
      if (!t) return -1;
      *list = t;
      *cap = ncap;
    }
    (*list)[(*count)++] = n->a;
  }
  return collect(n->right, dev, list, count, cap);
}

void hipc__alloc_release_device(hipc_device* dev) {
  hipc_alloc* list = NULL;
  size_t count = 0, cap = 0;
  pthread_mutex_lock(&lock);
  collect(root, dev, &list, &count, &cap);
  pthread_mutex_unlock(&lock);
  for (size_t i = 0; i < count; ++i) {
    hipc_alloc a;
    if (hipc__alloc_remove(list[i].base, &a) == 0) hipc__alloc_release(&a);
  }
  free(list);
}
