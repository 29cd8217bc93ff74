/* Device symbols: __device__, __constant__ and __managed__ variables, and
 * the API that reaches them from the host (hipMemcpyToSymbol and friends).
 *
 * hipcc registers every such variable when the program starts
 * (hipc_register_symbol, emitted by src/hipcc/rewrite_symbols.c). The
 * record has the fields of hipc_gpu_var (hip/hipc/gpu_module.h): the host
 * object's address, which is the lookup key, its name, size and kind. On
 * the CPU device the host object *is* the variable's storage, so its device
 * address is its host address. A GPU backend can map the same key to its
 * copy of the variable by name. Clang's front end (hip_abi.c) registers
 * its host "shadow" as the key and kc's variable as the CPU device's
 * storage (hipc__symbol_register_at).
 *
 * Registrations run from static initialisers, possibly before main and
 * before libhipc's own initialisation: the table needs nothing but a
 * statically initialised mutex. It is sorted by address.
 *
 * A __managed__ variable is registered at the address its reference was
 * bound to (hipc_managed_bind, below): its memory on every device. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "backend/gpu_modules.h"
#include "hip/hipc/gpu_module.h"
#include "hip/hipc/kernel.h"
#include "graph.h"
#include "internal.h"

typedef struct sym_record {
  hipc_gpu_var v;
  int readonly; /* a const variable: hipc cannot write its storage */
  /* The storage on the CPU device. The rewriter's path: the host object
   * itself (v.host_addr). Clang's (hip_abi.c): the variable kc compiled,
   * while v.host_addr, the key, is clang's host shadow. */
  void* storage;
} sym_record;

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static sym_record* syms; /* sorted by v.host_addr */
static size_t nsyms, cap;

/* Index of the first record whose address is >= p. Under the lock. */
static size_t lower_bound(const void* p) {
  size_t lo = 0, hi = nsyms;
  while (lo < hi) {
    size_t mid = (lo + hi) / 2;
    if ((uintptr_t)syms[mid].v.host_addr < (uintptr_t)p)
      lo = mid + 1;
    else
      hi = mid;
  }
  return lo;
}

int hipc_register_symbol(const void* host_addr, const char* name,
                         size_t size, int kind) {
  hipc__symbol_register_at(host_addr, (void*)(uintptr_t)host_addr, name,
                           size, kind);
  return 0;
}

void hipc__symbol_register_at(const void* host_addr, void* storage,
                              const char* name, size_t size, int kind) {
  if (!host_addr) return;
  pthread_mutex_lock(&lock);
  size_t i = lower_bound(host_addr);
  if (i < nsyms && syms[i].v.host_addr == host_addr) {
    pthread_mutex_unlock(&lock);
    return;
  }
  if (nsyms == cap) {
    size_t ncap = cap ? cap * 2 : 64;
    sym_record* t = realloc(syms, ncap * sizeof *t);
    if (!t) {
      /* The variable stays usable in kernels; the symbol API will not
       * find it (hipErrorInvalidSymbol), never a wrong copy. */
      pthread_mutex_unlock(&lock);
      return;
    }
    syms = t;
    cap = ncap;
  }
  memmove(&syms[i + 1], &syms[i], (nsyms - i) * sizeof *syms);
  syms[i] = (sym_record){{host_addr, name ? name : "?", size,
                      kind & ~HIPC_SYMBOL_READONLY},
                     (kind & HIPC_SYMBOL_READONLY) != 0, storage};
  nsyms++;
  pthread_mutex_unlock(&lock);
  hipc__module_note_symbol(host_addr, storage, name, size, kind);
}

void hipc__symbol_unregister(const void* host_addr) {
  pthread_mutex_lock(&lock);
  size_t i = lower_bound(host_addr);
  if (i < nsyms && syms[i].v.host_addr == host_addr) {
    memmove(&syms[i], &syms[i + 1], (nsyms - i - 1) * sizeof *syms);
    nsyms--;
  }
  pthread_mutex_unlock(&lock);
}

/* The record of the symbol whose host address is exactly `addr`. */
static int find(const void* addr, sym_record* out) {
  int found = 0;
  pthread_mutex_lock(&lock);
  size_t i = lower_bound(addr);
  if (i < nsyms && syms[i].v.host_addr == addr) {
    *out = syms[i];
    found = 1;
  }
  pthread_mutex_unlock(&lock);
  return found;
}

/* The device address of `symbol` on `dev` (the CPU device: the host object
 * itself), after checking that [offset, offset + n) lies inside it. */
static hipError_t resolve(const void* sym, size_t n, size_t offset,
                          int write, hipc_device** dev, char** addr) {
  sym_record s;
  if (!sym || !find(sym, &s)) return hipErrorInvalidSymbol;
  if (offset > s.v.size || n > s.v.size - offset) return hipErrorInvalidValue;
  hipError_t e = hipc__current_device(dev);
  if (e != hipSuccess) return e;
  if (s.v.kind == HIPC_SYMBOL_MANAGED) {
    /* Bound by hipc_managed_bind: one object for every device, at the
     * address the host uses (for a const variable, maybe its read-only
     * storage). */
    if (write && s.readonly && n > 0) return hipErrorNotSupported;
    *addr = (char*)s.storage + offset;
    return hipSuccess;
  }
  if ((*dev)->ops->symbol) {
    /* A GPU: the variable's copy in the device's loaded image. */
    void* p;
    size_t size;
    e = (*dev)->ops->symbol(*dev, s.v.host_addr, &p, &size);
    if (e != hipSuccess) return e;
    if (offset > size || n > size - offset) return hipErrorInvalidValue;
    *addr = (char*)p + offset;
    return hipSuccess;
  }
  /* On the CPU device the storage is the host object (or kc's variable),
   * possibly in read-only memory when the variable is const (a GPU's copy of a const
   * variable can be written). */
  if (write && s.readonly && n > 0) return hipErrorNotSupported;
  *addr = (char*)s.storage + offset;
  return hipSuccess;
}

/* The copy both directions share: `to_symbol` copies `other` into the
 * symbol, otherwise the symbol into `other`. */
static hipError_t symbol_copy(const void* symbol, void* other, size_t n,
                              size_t offset, hipMemcpyKind kind,
                              hipStream_t stream, int blocking,
                              int to_symbol) {
  if (!HIPC_KIND_VALID(kind)) return hipErrorInvalidMemcpyDirection;
  /* The symbol's side is the device's: AMD's runtime refuses a kind that
   * says otherwise (host to host included). */
  if (kind != hipMemcpyDefault && kind != hipMemcpyDeviceToDevice &&
      kind != (to_symbol ? hipMemcpyHostToDevice : hipMemcpyDeviceToHost))
    return hipErrorInvalidMemcpyDirection;
  hipc_device* dev;
  char* addr;
  hipError_t e = resolve(symbol, n, offset, to_symbol, &dev, &addr);
  if (e != hipSuccess) return e;
  if (n == 0) return hipSuccess;
  if (!other) return hipErrorInvalidValue;
  e = hipc__check_copy_side(dev, other, n,
                            to_symbol ? HIPC_KIND_SRC_DEVICE(kind)
                                      : HIPC_KIND_DST_DEVICE(kind));
  if (e != hipSuccess) return e;
  /* Into a capture in progress: a copy node (capture.c). */
  e = to_symbol ? hipc__capture_copy(stream, addr, n, other, n, n, 1, kind)
                : hipc__capture_copy(stream, other, n, addr, n, n, 1, kind);
  if (e != HIPC_NOT_CAPTURING) return e;
  hipc_work w;
  e = hipc__work_begin(stream, &w);
  if (e != hipSuccess) return e;
  e = to_symbol ? w.dev->ops->memcpy(w.q, addr, other, n, 0)
                : w.dev->ops->memcpy(w.q, other, addr, n, 0);
  return hipc__work_end(&w, e, blocking);
}

hipError_t hipMemcpyToSymbol(const void* symbol, const void* src,
                             size_t sizeBytes, size_t offset,
                             hipMemcpyKind kind) {
  HIPC_API_ENTER();
  HIPC_RETURN(symbol_copy(symbol, (void*)(uintptr_t)src, sizeBytes, offset,
                          kind, NULL, 1, 1));
}

hipError_t hipMemcpyToSymbolAsync(const void* symbol, const void* src,
                                  size_t sizeBytes, size_t offset,
                                  hipMemcpyKind kind, hipStream_t stream) {
  HIPC_API_ENTER();
  HIPC_RETURN(symbol_copy(symbol, (void*)(uintptr_t)src, sizeBytes, offset,
                          kind, stream, 0, 1));
}

hipError_t hipMemcpyFromSymbol(void* dst, const void* symbol,
                               size_t sizeBytes, size_t offset,
                               hipMemcpyKind kind) {
  HIPC_API_ENTER();
  HIPC_RETURN(symbol_copy(symbol, dst, sizeBytes, offset, kind, NULL, 1, 0));
}

hipError_t hipMemcpyFromSymbolAsync(void* dst, const void* symbol,
                                    size_t sizeBytes, size_t offset,
                                    hipMemcpyKind kind, hipStream_t stream) {
  HIPC_API_ENTER();
  HIPC_RETURN(
      symbol_copy(symbol, dst, sizeBytes, offset, kind, stream, 0, 0));
}

hipError_t hipGetSymbolAddress(void** devPtr, const void* symbol) {
  HIPC_API_ENTER();
  HIPC_RETURN_IF(!devPtr, hipErrorInvalidValue);
  hipc_device* dev;
  char* addr;
  hipError_t e = resolve(symbol, 0, 0, 0, &dev, &addr);
  HIPC_RETURN_IF(e != hipSuccess, e);
  *devPtr = addr;
  HIPC_RETURN(hipSuccess);
}

hipError_t hipGetSymbolSize(size_t* size, const void* symbol) {
  HIPC_API_ENTER();
  HIPC_RETURN_IF(!size, hipErrorInvalidValue);
  sym_record s;
  HIPC_RETURN_IF(!symbol || !find(symbol, &s), hipErrorInvalidSymbol);
  *size = s.v.size;
  HIPC_RETURN(hipSuccess);
}

/* The GPU that holds the one copy of the managed variables: the first. */
static hipc_device* first_gpu(void) {
  for (int i = 0; i < hipc__device_count(); ++i) {
    hipc_device* d = hipc__device(i);
    if (d && d->ops->symbol) return d;
  }
  return NULL;
}

static hipc_device* cpu_device(void) {
  for (int i = 0; i < hipc__device_count(); ++i) {
    hipc_device* d = hipc__device(i);
    if (d && !d->ops->symbol) return d;
  }
  return NULL;
}

void* hipc_managed_bind(void* storage, size_t size) {
  if (!storage || !size) return storage;
  void* mem = storage;
  hipc_device* home = NULL;
  /* Modules register from constructors of priority 101, before any
   * dynamic initialiser runs this. */
  hipc_gpu_symbol* v = hipc__gpu_var_find(storage);
  hipc_device* gpu = v && v->kind == HIPC_SYMBOL_MANAGED ? first_gpu() : NULL;
  if (gpu) {
    /* The driver allocated the variable in managed memory when it loaded
     * the module (its PTX says .attribute(.managed)). */
    void* p = NULL;
    size_t n = 0;
    if (gpu->ops->symbol(gpu, storage, &p, &n) == hipSuccess && p &&
        n >= size) {
      memcpy(p, storage, size);
      mem = p;
      home = gpu;
    } else {
      fprintf(stderr, "hipc: __managed__ variable %s could not be placed "
              "in the GPU's managed memory; the GPU will not share it\n",
              v->name);
    }
  }
  if (!home) home = cpu_device();
  if (home) {
    /* hipPointerGetAttributes says managed; hipFree refuses it. */
    hipc_alloc a = {mem, size, home, hipMemAttachGlobal, hipMemoryTypeManaged,
                    HIPC_ALLOC_VARIABLE, mem};
    hipc__alloc_insert(&a);
  }
  return mem;
}
