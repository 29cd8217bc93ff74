/* GPU code on a device: the image of a module that fits the device, loaded
 * once per device on first use (a cubin for its architecture loads without
 * JIT; PTX is compiled by the driver), and what launches and symbol copies
 * need from it: a kernel's function, a variable's device address. Each is
 * looked up once per device and cached in the registry's slots
 * (backend/gpu_modules.h).
 *
 * An image is loaded once for the whole process as a CUDA library
 * (cuLibraryLoadData, CUDA 12.0 and later), and each device takes its
 * module from that library (cuLibraryGetModule): the GPUs that run the same
 * image then share its managed variables, one object for the host and
 * every GPU, as HIP's __managed__ promises. A driver without libraries
 * loads a module per device (cuModuleLoadData), and each GPU has its own
 * copy of the managed variables. */
#include <pthread.h>
#include <stdio.h>
#include <time.h>
#include <stdlib.h>
#include <stdint.h>
#include <string.h>

#include "cuda_backend.h"
#include "env.h"

static double now_ms(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

/* Cached in a module's slot when no image fits the device, and in a
 * kernel's slot when the device has no code for it (reported once). */
char hipc__cuda_no_image;

/* "sm_90" -> 90, "sm_90a" -> 90 with *specific set; -1 if not sm_NN. */
static int arch_number(const char* a, int* specific) {
  *specific = 0;
  if (!a || strncmp(a, "sm_", 3) != 0) return -1;
  char* end;
  long v = strtol(a + 3, &end, 10);
  if (end == a + 3 || v <= 0) return -1;
  if (*end == 'a' || *end == 'f') *specific = 1, ++end;
  return *end ? -1 : (int)v;
}

/* The image of `m` to load on `d`: a cubin for the device's architecture,
 * else a cubin of the same major version and a lower minor (binary
 * compatible), else the newest PTX not newer than the device (the driver
 * compiles it). NULL when none fits. */
static const hipc_gpu_image* pick_image(const hipc_gpu_module* m,
                                        const cuda_device* d) {
  int dev_arch = d->major * 10 + d->minor;
  const hipc_gpu_image *best_cubin = NULL, *best_ptx = NULL;
  int cubin_arch = -1, ptx_arch = -1;
  for (int i = 0; i < m->num_images; ++i) {
    const hipc_gpu_image* im = &m->images[i];
    if (!im->data || !im->size) continue;
    int specific;
    int a = arch_number(im->arch, &specific);
    if (a < 0 || a > dev_arch) continue;
    if (im->is_ptx) {
      if (!specific && a > ptx_arch) ptx_arch = a, best_ptx = im;
    } else if (a == dev_arch || (!specific && a / 10 == d->major)) {
      if (a > cubin_arch) cubin_arch = a, best_cubin = im;
    }
  }
  return best_cubin ? best_cubin : best_ptx;
}

/* The CUDA libraries loaded so far, one per image (the images are static
 * data of the program or of a code object). */
static pthread_mutex_t libraries_lock = PTHREAD_MUTEX_INITIALIZER;
static struct library {
  const void* image;
  CUlibrary lib;
} * libraries;
static size_t nlibraries, libraries_cap;

/* The library of `image`, loaded on first use. Under a device's load_lock
 * (libraries_lock is taken inside it). */
static CUresult library_of(const void* image, CUlibrary* out) {
  CUresult r = CUDA_SUCCESS;
  pthread_mutex_lock(&libraries_lock);
  for (size_t i = 0; i < nlibraries; ++i)
    if (libraries[i].image == image) {
      *out = libraries[i].lib;
      goto done;
    }
  if (nlibraries == libraries_cap) {
    size_t cap = libraries_cap ? 2 * libraries_cap : 8;
    struct library* t = realloc(libraries, cap * sizeof *t);
    if (!t) {
      r = CUDA_ERROR_OUT_OF_MEMORY;
      goto done;
    }
    libraries = t;
    libraries_cap = cap;
  }
  r = hipc_cu.LibraryLoadData(out, image, NULL, NULL, 0, NULL, NULL, 0);
  if (r == CUDA_SUCCESS)
    libraries[nlibraries++] = (struct library){image, *out};
done:
  pthread_mutex_unlock(&libraries_lock);
  return r;
}

/* `image` as a module of `d`'s context: from its library where the driver
 * has libraries, else loaded for `d` alone. `d` is bound. */
static CUresult module_of(const void* image, CUmodule* out) {
  if (!hipc_cu.LibraryLoadData || !hipc_cu.LibraryGetModule)
    return hipc_cu.ModuleLoadData(out, image);
  CUlibrary lib;
  CUresult r = library_of(image, &lib);
  return r == CUDA_SUCCESS ? hipc_cu.LibraryGetModule(out, lib) : r;
}

/* Looks up the register-capped variant of `k` (named with
 * HIPC_GPU_CAPPED_SUFFIX, made by hipcc for kernels over 64 registers
 * without launch bounds) in `cm`, and how many threads a block of `f`, the
 * uncapped function, may have, before `f` is published in k->cached. */
static void find_capped(cuda_device* d, hipc_gpu_symbol* k, CUmodule cm,
                        CUfunction f) {
  static const char suffix[] = HIPC_GPU_CAPPED_SUFFIX;
  size_t n = strlen(k->name);
  char* name = malloc(n + sizeof suffix);
  int threads;
  CUfunction c;
  if (!name || !hipc_cu.FuncGetAttribute) {
    free(name);
    return;
  }
  memcpy(name, k->name, n);
  memcpy(name + n, suffix, sizeof suffix);
  if (hipc_cu.ModuleGetFunction(&c, cm, name) == CUDA_SUCCESS &&
      hipc_cu.FuncGetAttribute(&threads,
                               CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK,
                               f) == CUDA_SUCCESS) {
    k->max_threads[d->index] = threads;
    atomic_store_explicit(&k->capped[d->index], c, memory_order_release);
  }
  free(name);
}

/* Looks up every kernel of the freshly loaded `cm` (the module of `e`) on
 * `d` and caches its function. With CUDA's lazy loading (the default since
 * CUDA 12.2) a function is loaded when it is first looked up, which may
 * wait for the kernels already running on the device: a kernel that spins
 * until a kernel of the same source launched after it has run would then
 * never finish. Looking all of a module's kernels up at once, before any of
 * them runs, makes a module as ready as AMD's runtime makes it. A kernel
 * whose lookup fails keeps an empty slot (its launch reports why). Under
 * d->load_lock. */
static void preload_functions(cuda_device* d, hipc_gpu_module_entry* e,
                              CUmodule cm) {
  const hipc_gpu_module* m = e->module;
  for (int i = 0; i < m->num_kernels; ++i) {
    hipc_gpu_symbol* k = hipc__gpu_kernel_find(m->kernels[i].host_fn);
    if (!k || k->module != e ||
        atomic_load_explicit(&k->cached[d->index], memory_order_acquire))
      continue;
    CUfunction f;
    if (hipc_cu.ModuleGetFunction(&f, cm, k->name) == CUDA_SUCCESS) {
      find_capped(d, k, cm, f);
      atomic_store_explicit(&k->cached[d->index], f, memory_order_release);
    }
  }
}

/* The module of `e` loaded on `d` (or &hipc__cuda_no_image: no image fits). Under d->load_lock. */
static hipError_t load_module(cuda_device* d, hipc_gpu_module_entry* e,
                              void** out) {
  void* m = atomic_load_explicit(&e->loaded[d->index], memory_order_acquire);
  if (m) {
    *out = m;
    return hipSuccess;
  }
  const hipc_gpu_image* im = pick_image(e->module, d);
  if (!im) {
    m = &hipc__cuda_no_image;
  } else {
    CUmodule cm;
    double t0 = now_ms();
    CUresult r = hipc__cuda_bind(d);
    if (r == CUDA_SUCCESS) r = module_of(im->data, &cm);
    if (r != CUDA_SUCCESS) {
      fprintf(stderr, "hipc: loading the %s %s image on device %d failed "
              "(CUDA error %d)\n", im->arch, im->is_ptx ? "PTX" : "cubin",
              d->dev->ordinal, r);
      return hipc__cuda_error(r);
    }
    m = cm;
    double t1 = now_ms();
    preload_functions(d, e, cm);
    /* HIPC_DEBUG_CUDA=1: what loading costs (docs/nvidia.md). */
    if (hipc__env_flag("HIPC_DEBUG_CUDA", 0))
      fprintf(stderr, "hipc: device %d: %s %s image of %zu bytes loaded in "
              "%.3f ms, its %d kernels looked up in %.3f ms\n",
              d->dev->ordinal, im->arch, im->is_ptx ? "PTX" : "cubin",
              im->size, t1 - t0, e->module->num_kernels, now_ms() - t1);
  }
  atomic_store_explicit(&e->loaded[d->index], m, memory_order_release);
  *out = m;
  return hipSuccess;
}

hipError_t hipc__cuda_function(cuda_device* d, hipc_gpu_symbol* k,
                          const char* name, CUfunction* out) {
  pthread_mutex_lock(&d->load_lock);
  hipError_t e = hipSuccess;
  CUfunction f =
      atomic_load_explicit(&k->cached[d->index], memory_order_acquire);
  if (f == HIPC_CUDA_NO_FUNCTION) {
    e = hipErrorInvalidDeviceFunction;
  } else if (!f) {
    void* m = NULL;
    e = load_module(d, k->module, &m);
    if (e == hipSuccess && m == &hipc__cuda_no_image) {
      fprintf(stderr, "hipc: no GPU code for kernel %s on device %d (%s): "
              "build it with --offload-arch=%s\n", name, d->dev->ordinal,
              d->arch, d->arch);
      atomic_store_explicit(&k->cached[d->index], HIPC_CUDA_NO_FUNCTION,
                            memory_order_release);
      e = hipErrorInvalidDeviceFunction;
    } else if (e == hipSuccess &&
               (f = atomic_load_explicit(&k->cached[d->index],
                                         memory_order_acquire)) != NULL) {
      /* preloaded with its module */
    } else if (e == hipSuccess) {
      CUresult r = hipc_cu.ModuleGetFunction(&f, (CUmodule)m, k->name);
      if (r != CUDA_SUCCESS) {
        fprintf(stderr, "hipc: kernel %s (%s) is not in its GPU image\n",
                name, k->name);
        e = hipErrorInvalidDeviceFunction;
      } else {
        find_capped(d, k, (CUmodule)m, f);
        atomic_store_explicit(&k->cached[d->index], f, memory_order_release);
      }
    }
  }
  pthread_mutex_unlock(&d->load_lock);
  *out = f;
  return e;
}

hipError_t hipc__cuda_symbol(hipc_device* dev, const void* host_addr,
                             void** dev_addr, size_t* size) {
  cuda_device* d = dev->impl;
  hipc_gpu_symbol* v = hipc__gpu_var_find(host_addr);
  if (!v) return hipErrorInvalidSymbol;
  void* cached = atomic_load_explicit(&v->cached[d->index],
                                      memory_order_acquire);
  if (cached) {
    *dev_addr = cached;
    *size = v->size;
    return hipSuccess;
  }
  pthread_mutex_lock(&d->load_lock);
  void* m = NULL;
  hipError_t e = load_module(d, v->module, &m);
  if (e == hipSuccess && m == &hipc__cuda_no_image) e = hipErrorInvalidSymbol;
  if (e == hipSuccess) {
    CUdeviceptr p = 0;
    size_t bytes = 0;
    CUresult r = hipc__cuda_bind(d);
    if (r == CUDA_SUCCESS)
      r = hipc_cu.ModuleGetGlobal(&p, &bytes, (CUmodule)m, v->name);
    if (r != CUDA_SUCCESS) {
      e = hipErrorInvalidSymbol;
    } else {
      cached = (void*)(uintptr_t)p;
      atomic_store_explicit(&v->cached[d->index], cached, memory_order_release);
    }
  }
  pthread_mutex_unlock(&d->load_lock);
  if (e == hipSuccess) {
    *dev_addr = cached;
    *size = v->size;
  }
  return e;
}
