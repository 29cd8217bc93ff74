/* The host ABI that clang emits in HIP mode (docs/frontend.md): the
 * module constructor of each translation unit registers its fat binary,
 * then each kernel, variable, managed variable, surface and texture by
 * name, and asks atexit to unregister the fat binary.
 *
 * A fat binary names the kc image of its translation unit by ID; the image
 * arrives through kc's own constructor (kc_image.c), before or after this
 * one. So registrations are kept per fat binary (the handle clang gets)
 * and bound to the image as soon as both are there: a kernel becomes a
 * hipc_kernel_desc in the kernel registry (registry.c), a variable a symbol
 * whose key is clang's host shadow and whose CPU storage is kc's variable
 * (symbol.c). A kernel whose image never came is not in the registry, so
 * launching it is hipErrorInvalidDeviceFunction.
 *
 * Everything here runs in constructors and atexit handlers, possibly
 * before libhipc's own initialisation: one statically initialised mutex
 * guards it. It is taken before the registries' locks, never after. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hip_abi.h"
#include "internal.h"

#define WRAPPER_MAGIC 0x48495046u /* "HIPF" as clang writes it */
#define WRAPPER_VERSION 1
#define HANDLE_TAG 0x68666174u    /* "hfat": a live handle */

/* What clang's constructor passes to __hipRegisterFatBinary. */
typedef struct fatbin_wrapper {
  int magic;
  int version;
  const void* blob;
  void* unused;
} fatbin_wrapper;

typedef struct abi_kernel {
  hipc_kernel_desc desc;   /* what the registry gets, once bound */
  const char* device_name; /* the mangled name (clang's string) */
  int registered;          /* desc is the registry's entry for host_fn */
  int ever;                /* ... at some point: never freed then */
  int told;                /* "not in the image" was reported */
} abi_kernel;

typedef struct abi_var {
  const void* key;         /* the symbol API's key (see the functions) */
  const char* name;        /* the device-side name */
  size_t size;
  int kind;                /* HIPC_SYMBOL_* */
  void* managed;           /* __managed__: the bound storage */
  int bound;
  int told;
} abi_var;

typedef struct fatbin {
  uint32_t tag;            /* HANDLE_TAG while registered */
  int valid;               /* the blob was good: registrations count */
  char cpu_id[sizeof(((hipc_fatbin_header*)0)->cpu_id) + 1];
  const hipc_kc_image* image;
  hipc_abi_gpu* gpu;
  abi_kernel** kernels;
  size_t nkernels, capk;
  abi_var* vars;
  size_t nvars, capv;
  struct fatbin* next;
} fatbin;

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static fatbin* fatbins; /* registered, under the lock */

/* The fat binary behind a handle clang passes back, or NULL for one that
 * is not (or no longer) registered. Under the lock. */
static fatbin* handle_to_fatbin(void** h) {
  for (fatbin* f = fatbins; f; f = f->next)
    if ((void**)f == h) return f->tag == HANDLE_TAG ? f : NULL;
  return NULL;
}

/* -- binding to the kc image (under the lock) */

static void bind_kernel(fatbin* f, abi_kernel* a) {
  const hipc_kc_kernel* k = hipc__kc_image_kernel(f->image, a->device_name);
  if (!k || !k->thread) {
    if (!a->told)
      fprintf(stderr, "hipc: kernel %s is not in the CPU image %s (built "
              "from another source?); launching it fails\n",
              a->desc.signature, f->cpu_id);
    a->told = 1;
    return;
  }
  hipc_kernel_desc* d = &a->desc;
  d->max_threads = k->max_threads;
  d->min_warps = k->min_warps;
  d->num_params = k->num_params;
  d->param_sizes = k->param_sizes;
  d->param_aligns = k->param_aligns;
  d->param_offsets = k->param_offsets;
  d->args_size = k->args_size;
  d->args_align = k->args_align ? k->args_align : 1;
  /* The CPU device packs by param_offsets where `pack` is NULL, and runs
   * its generic thread loop over `thread` where `run` is NULL; the precise
   * re-run of a faulting block is always that loop. */
  d->pack = NULL;
  d->run = k->run;
  d->run_precise = NULL;
  d->thread = k->thread;
  d->check = k->check;
  d->static_shared = k->static_shared;
  hipc_register_kernel(d);
  /* Another translation unit may have registered the same kernel (a
   * template instantiated in both): its descriptor serves. */
  const hipc_kernel* r = hipc__kernel_find(d->host_fn);
  a->registered = r && r->desc == d;
  a->ever |= a->registered;
}

static void unbind_kernel(abi_kernel* a) {
  if (!a->registered) return;
  const hipc_kernel* r = hipc__kernel_find(a->desc.host_fn);
  if (r && r->desc == &a->desc) hipc__kernel_unregister(a->desc.host_fn);
  a->registered = 0;
}

static void bind_var(fatbin* f, abi_var* v) {
  const hipc_kc_var* kv = hipc__kc_image_var(f->image, v->name);
  int managed = v->kind == HIPC_SYMBOL_MANAGED;
  if (!kv || !kv->addr ||
      managed != ((kv->flags & HIPC_KC_VAR_MANAGED) != 0)) {
    if (!v->told)
      fprintf(stderr, "hipc: %svariable %s is not in the CPU image %s; "
              "kernels on the CPU device cannot reach it\n",
              managed ? "managed " : "device ", v->name, f->cpu_id);
    v->told = 1;
    return;
  }
  if (managed) {
    /* kc's kernels reach the variable through this slot. */
    *(void**)kv->addr = v->managed;
  } else {
    size_t size = v->size;
    if (kv->size < size) size = (size_t)kv->size;
    hipc__symbol_register_at(v->key, kv->addr, v->name, size, v->kind);
  }
  v->bound = 1;
}

static void unbind_var(abi_var* v) {
  /* A managed variable's symbol does not depend on the image: it stays
   * until the fat binary goes. */
  if (v->bound && v->kind != HIPC_SYMBOL_MANAGED)
    hipc__symbol_unregister(v->key);
  v->bound = 0;
}

/* The image `f` pairs with: of those with its ID, the newest that no other
 * fat binary holds. A code object loaded twice registers its image and then
 * its fat binary once per load (kc's constructor has a higher priority than
 * clang's), so each load's fat binary finds its own image. Under the lock. */
static const hipc_kc_image* pick_image(const fatbin* f) {
  const hipc_kc_image* cand[64];
  size_t n = hipc__kc_image_find_all(f->cpu_id, cand, 64);
  for (size_t i = 0; i < n; ++i) {
    int taken = 0;
    for (const fatbin* o = fatbins; o && !taken; o = o->next)
      taken = o != f && o->image == cand[i];
    if (!taken) return cand[i];
  }
  return n ? cand[0] : NULL;
}

/* Binds whatever of `f` can be bound now. */
static void resolve(fatbin* f) {
  if (!f->valid) return;
  if (!f->image) f->image = pick_image(f);
  if (!f->image) return;
  for (size_t i = 0; i < f->nkernels; ++i)
    if (!f->kernels[i]->registered) bind_kernel(f, f->kernels[i]);
  for (size_t i = 0; i < f->nvars; ++i)
    if (!f->vars[i].bound) bind_var(f, &f->vars[i]);
}

void hipc__hip_abi_image_added(const hipc_kc_image* img) {
  pthread_mutex_lock(&lock);
  for (fatbin* f = fatbins; f; f = f->next)
    if (!f->image && strcmp(f->cpu_id, img->id) == 0) resolve(f);
  pthread_mutex_unlock(&lock);
}

void hipc__hip_abi_image_removed(const hipc_kc_image* img) {
  pthread_mutex_lock(&lock);
  for (fatbin* f = fatbins; f; f = f->next) {
    if (f->image != img) continue;
    for (size_t i = 0; i < f->nkernels; ++i) unbind_kernel(f->kernels[i]);
    for (size_t i = 0; i < f->nvars; ++i) unbind_var(&f->vars[i]);
    f->image = NULL;
    /* Another object with the same ID may still be there. */
    resolve(f);
  }
  pthread_mutex_unlock(&lock);
}

/* -- the entry points */

/* Checks the wrapper and the blob; fills `f`. Never fails: a bad fat
 * binary is reported and yields a handle that registers nothing. */
static void open_blob(fatbin* f, const fatbin_wrapper* w) {
  if (!w) {
    fprintf(stderr, "hipc: __hipRegisterFatBinary was given no fat binary; "
            "its kernels will not run\n");
    return;
  }
  if ((uint32_t)w->magic != WRAPPER_MAGIC || w->version != WRAPPER_VERSION) {
    fprintf(stderr, "hipc: fat binary wrapper has magic %#x version %d "
            "(expected %#x version %d): not built by hipc's hipcc; its "
            "kernels will not run\n", (unsigned)w->magic, w->version,
            WRAPPER_MAGIC, WRAPPER_VERSION);
    return;
  }
  const unsigned char* blob = w->blob;
  if (!blob || memcmp(blob, HIPC_FATBIN_MAGIC, 8) != 0) {
    char got[9] = {0};
    for (int i = 0; blob && i < 8; ++i)
      got[i] = blob[i] >= 0x20 && blob[i] < 0x7f ? (char)blob[i] : '?';
    fprintf(stderr, "hipc: fat binary starts with \"%s\", not \"%s\" (not "
            "built by this hipc's hipcc); its kernels will not run\n",
            blob ? got : "(null)", HIPC_FATBIN_MAGIC);
    return;
  }
  hipc_fatbin_header h;
  memcpy(&h, blob, sizeof h);
  memcpy(f->cpu_id, h.cpu_id, sizeof h.cpu_id);
  f->cpu_id[sizeof h.cpu_id] = 0;
  f->valid = 1;
  f->gpu = hipc__hip_abi_gpu_open(blob, h.count);
}

void** __hipRegisterFatBinary(const void* data) {
  fatbin* f = calloc(1, sizeof *f);
  if (!f) {
    /* clang stores whatever comes back and hands it to every later
     * call: a static dummy that is never registered makes them no-ops. */
    static fatbin oom;
    fprintf(stderr, "hipc: out of memory registering a fat binary\n");
    return (void**)&oom;
  }
  open_blob(f, data);
  pthread_mutex_lock(&lock);
  f->tag = HANDLE_TAG;
  f->next = fatbins;
  fatbins = f;
  resolve(f);
  pthread_mutex_unlock(&lock);
  return (void**)f;
}

void __hipUnregisterFatBinary(void** handle) {
  pthread_mutex_lock(&lock);
  fatbin* f = handle_to_fatbin(handle);
  if (!f) {
    pthread_mutex_unlock(&lock);
    return;
  }
  fatbin** p = &fatbins;
  while (*p != f) p = &(*p)->next;
  *p = f->next;
  f->tag = 0;
  for (size_t i = 0; i < f->nkernels; ++i) {
    abi_kernel* a = f->kernels[i];
    unbind_kernel(a);
    /* A descriptor that was registered stays allocated: the registry keeps
     * its removed records, and a lock-free reader may still hold one. */
    if (!a->ever) {
      free((char*)a->desc.signature);
      free(a);
    }
  }
  for (size_t i = 0; i < f->nvars; ++i) {
    unbind_var(&f->vars[i]);
    if (f->vars[i].kind == HIPC_SYMBOL_MANAGED)
      hipc__symbol_unregister(f->vars[i].key);
  }
  pthread_mutex_unlock(&lock);
  /* The GPU module stays registered (gpu_module.c cannot remove one; the
   * code object that holds its images stays mapped). */
  free(f->kernels);
  free(f->vars);
  free(f);
}

/* Room for one more element in an array of `elem`-byte elements; 0, or -1
 * when out of memory. */
static int reserve(void** v, size_t* cap, size_t n, size_t elem) {
  if (n < *cap) return 0;
  size_t c = *cap ? 2 * *cap : 16;
  void* p = realloc(*v, c * elem);
  if (!p) return -1;
  *v = p;
  *cap = c;
  return 0;
}

int __hipRegisterFunction(void** handle, const void* hostFunction,
                          char* deviceFunction, const char* deviceName,
                          unsigned int threadLimit, void* tid, void* bid,
                          dim3* blockDim, dim3* gridDim, int* wSize) {
  /* The rest is AMD's and describes nothing hipc uses. */
  (void)deviceName;
  (void)threadLimit;
  (void)tid;
  (void)bid;
  (void)blockDim;
  (void)gridDim;
  (void)wSize;
  if (!hostFunction || !deviceFunction) return 0;
  pthread_mutex_lock(&lock);
  fatbin* f = handle_to_fatbin(handle);
  if (f && f->valid) {
    abi_kernel* a = calloc(1, sizeof *a);
    char* sig = hipc__kc_kernel_name(deviceFunction);
    if (a && sig &&
        reserve((void**)&f->kernels, &f->capk, f->nkernels,
                sizeof *f->kernels) == 0) {
      a->desc.host_fn = hostFunction;
      a->desc.signature = sig;
      a->device_name = deviceFunction;
      f->kernels[f->nkernels++] = a;
      if (f->image) bind_kernel(f, a);
      /* The GPUs find the kernel by the same host address and name. */
      hipc__hip_abi_gpu_kernel(f->gpu, hostFunction, deviceFunction);
    } else {
      fprintf(stderr, "hipc: out of memory registering kernel %s\n",
              deviceFunction);
      free(a);
      free(sig);
    }
  }
  pthread_mutex_unlock(&lock);
  return 0;
}

/* Adds a variable record to `f` and binds it if the image is there. Under
 * the lock. */
static void add_var(fatbin* f, const abi_var* v) {
  if (reserve((void**)&f->vars, &f->capv, f->nvars, sizeof *f->vars) != 0) {
    fprintf(stderr, "hipc: out of memory registering variable %s\n",
            v->name);
    return;
  }
  abi_var* n = &f->vars[f->nvars++];
  *n = *v;
  if (f->image) bind_var(f, n);
}

/* A __device__ (`constant` 0) or __constant__ variable. `hostVar` is
 * clang's host shadow: the address host code takes of the variable and
 * hands to hipMemcpyToSymbol and friends (the key); `deviceName` names it
 * in kc's image (the storage on the CPU device) and in the GPU images. */
void __hipRegisterVar(void** handle, char* hostVar, char* deviceAddress,
                      const char* deviceName, int ext, size_t size,
                      int constant, int global) {
  (void)deviceAddress;
  (void)ext;
  (void)global;
  if (!hostVar || !deviceName) return;
  pthread_mutex_lock(&lock);
  fatbin* f = handle_to_fatbin(handle);
  if (f && f->valid) {
    int kind = constant ? HIPC_SYMBOL_CONSTANT : HIPC_SYMBOL_DEVICE;
    hipc__hip_abi_gpu_var(f->gpu, hostVar, deviceName, size, kind);
    add_var(f, &(abi_var){.key = hostVar, .name = deviceName, .size = size,
                          .kind = kind});
  }
  pthread_mutex_unlock(&lock);
}

/* A __managed__ variable: clang's host code reaches it through the
 * pointer `*pointer`, and `init_value` holds its initial value. The one
 * object that the host, the CPU device and the GPUs share is what
 * hipc_managed_bind makes of it (on the CPU device, `init_value` itself);
 * it is also the symbol API's key (host code's `&var`), and kc's kernels
 * reach it through the image's slot. */
void __hipRegisterManagedVar(void** handle, void** pointer, void* init_value,
                             const char* name, size_t size, unsigned align) {
  (void)align;
  if (!pointer || !init_value || !name || !size) return;
  pthread_mutex_lock(&lock);
  fatbin* f = handle_to_fatbin(handle);
  if (f && f->valid) {
    /* hipc_managed_bind looks the variable up by this key in the GPU
     * modules to place it in the GPU's managed memory. */
    hipc__hip_abi_gpu_var(f->gpu, init_value, name, size,
                          HIPC_SYMBOL_MANAGED);
    void* p = hipc_managed_bind(init_value, size);
    *pointer = p;
    hipc__symbol_register_at(p, p, name, size, HIPC_SYMBOL_MANAGED);
    add_var(f, &(abi_var){.key = p, .name = name, .size = size,
                          .kind = HIPC_SYMBOL_MANAGED, .managed = p});
  }
  pthread_mutex_unlock(&lock);
}

/* Surface and texture references (the deprecated `texture<>` and
 * `surface<>` globals) are not supported by hipc: the registrations are
 * accepted and ignored, so programs that declare them still start. */
void __hipRegisterSurface(void** handle, void* var, char* hostVar,
                          const char* deviceVar, int type, int ext) {
  (void)handle;
  (void)var;
  (void)hostVar;
  (void)deviceVar;
  (void)type;
  (void)ext;
}

void __hipRegisterTexture(void** handle, void* var, char* hostVar,
                          const char* deviceVar, int dim, int norm, int ext) {
  (void)handle;
  (void)var;
  (void)hostVar;
  (void)deviceVar;
  (void)dim;
  (void)norm;
  (void)ext;
}
