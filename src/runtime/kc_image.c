/* The images of kc's objects (docs/frontend.md, "kc's output object"):
 * each object's constructor hands its image over with
 * hipc_kc_register_image, and the host object of the same translation unit
 * finds it by ID (hip_abi.c). The two constructors run in either order, so
 * every arrival or departure is passed on to hip_abi.c, which binds (or
 * unbinds) what the host object registered.
 *
 * Registrations run before main and possibly before anything else of
 * libhipc: the list needs nothing but a statically initialised mutex. It is
 * short (one image per translation unit) and only read at start-up and at
 * code-object loads, so a plain array will do. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hip/hipc/kc_abi.h"
#include "hip_abi.h"
#include "internal.h"

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

/* Version 1 images (hipc before the checking form) have kernels without
 * `check`: they are registered as a copy in today's layout, found again
 * by the original's address when their object goes. */
typedef struct hipc_kc_kernel_v1 {
  const char* name;
  void (*run)(hipc_cpu_block* b);
  void (*thread)(const void* args);
  uint32_t num_params;
  const uint32_t *param_offsets, *param_sizes, *param_aligns;
  uint32_t args_size, args_align, max_threads, min_warps, form;
  const char* form_note;
  uint32_t static_shared;
} hipc_kc_kernel_v1;
typedef struct upgraded {
  const hipc_kc_image* orig;
  hipc_kc_image img;
  struct upgraded* next;
} upgraded;
static upgraded* upgrades; /* under the lock */

static const hipc_kc_image* upgrade(const hipc_kc_image* img) {
  upgraded* u = calloc(1, sizeof *u);
  hipc_kc_kernel* k = calloc(img->num_kernels ? img->num_kernels : 1,
                             sizeof *k);
  if (!u || !k) {
    free(u);
    free(k);
    return NULL;
  }
  const hipc_kc_kernel_v1* o = (const hipc_kc_kernel_v1*)img->kernels;
  for (uint32_t i = 0; i < img->num_kernels; ++i)
    k[i] = (hipc_kc_kernel){o[i].name, o[i].run, o[i].thread,
                            o[i].num_params, o[i].param_offsets,
                            o[i].param_sizes, o[i].param_aligns,
                            o[i].args_size, o[i].args_align,
                            o[i].max_threads, o[i].min_warps, o[i].form,
                            o[i].form_note, o[i].static_shared, NULL};
  u->orig = img;
  u->img = *img;
  u->img.version = HIPC_KC_IMAGE_VERSION;
  u->img.kernels = k;
  pthread_mutex_lock(&lock);
  u->next = upgrades;
  upgrades = u;
  pthread_mutex_unlock(&lock);
  return &u->img;
}

/* The registered form of `img` (its upgrade, for a version 1 image). */
static const hipc_kc_image* registered_form(const hipc_kc_image* img) {
  const hipc_kc_image* r = img;
  pthread_mutex_lock(&lock);
  for (upgraded* u = upgrades; u; u = u->next)
    if (u->orig == img) r = &u->img;
  pthread_mutex_unlock(&lock);
  return r;
}
static const hipc_kc_image** images;
static size_t nimages, cap;

void hipc_kc_register_image(const hipc_kc_image* img) {
  if (!img) return;
  if (img->version == 1 && img->id && !(img = upgrade(img))) {
    fprintf(stderr, "hipc: out of memory registering CPU kernels\n");
    return;
  }
  if (img->version != HIPC_KC_IMAGE_VERSION || !img->id) {
    fprintf(stderr,
            "hipc: ignoring CPU kernels built for another hipc (kc image "
            "version %u, expected %u)\n",
            img->version, HIPC_KC_IMAGE_VERSION);
    return;
  }
  pthread_mutex_lock(&lock);
  int ok = 1;
  if (nimages == cap) {
    size_t ncap = cap ? 2 * cap : 16;
    const hipc_kc_image** t = realloc(images, ncap * sizeof *t);
    if (t) {
      images = t;
      cap = ncap;
    } else {
      ok = 0;
    }
  }
  if (ok) images[nimages++] = img;
  pthread_mutex_unlock(&lock);
  if (!ok) {
    fprintf(stderr, "hipc: out of memory registering the CPU kernels of %s\n",
            img->id);
    return;
  }
  hipc__hip_abi_image_added(img);
}

void hipc_kc_unregister_image(const hipc_kc_image* img) {
  if (!img) return;
  img = registered_form(img);
  int found = 0;
  pthread_mutex_lock(&lock);
  for (size_t i = 0; i < nimages; ++i)
    if (images[i] == img) {
      memmove(&images[i], &images[i + 1], (nimages - i - 1) * sizeof *images);
      nimages--;
      found = 1;
      break;
    }
  pthread_mutex_unlock(&lock);
  if (found) hipc__hip_abi_image_removed(img);
}

size_t hipc__kc_image_find_all(const char* id, const hipc_kc_image** out,
                               size_t max) {
  size_t n = 0;
  if (!id || !*id) return 0;
  pthread_mutex_lock(&lock);
  for (size_t i = nimages; i-- > 0 && n < max;)
    if (strcmp(images[i]->id, id) == 0) out[n++] = images[i];
  pthread_mutex_unlock(&lock);
  return n;
}

const hipc_kc_kernel* hipc__kc_image_kernel(const hipc_kc_image* img,
                                            const char* name) {
  for (uint32_t i = 0; img && name && i < img->num_kernels; ++i)
    if (img->kernels[i].name && strcmp(img->kernels[i].name, name) == 0)
      return &img->kernels[i];
  return NULL;
}

const hipc_kc_var* hipc__kc_image_var(const hipc_kc_image* img,
                                      const char* name) {
  for (uint32_t i = 0; img && name && i < img->num_vars; ++i)
    if (img->vars[i].name && strcmp(img->vars[i].name, name) == 0)
      return &img->vars[i];
  return NULL;
}

/* -- kernel names */

typedef char* (*demangle_fn)(const char* mangled, char* buf, size_t* n,
                             int* status);

/* The end of the name in a demangled function signature: the start of its
 * parameter list, the last parenthesised group at the top level (a name
 * may hold parentheses of its own: "(anonymous namespace)::k"). */
static size_t name_end(const char* s, size_t n) {
  if (n == 0 || s[n - 1] != ')') return n;
  int depth = 0;
  for (size_t i = n; i-- > 0;) {
    if (s[i] == ')') depth++;
    if (s[i] == '(' && --depth == 0) return i;
  }
  return n;
}

/* The start of the name: after the return type that a template's
 * signature starts with ("void k<int>"), i.e. after the last space outside
 * brackets. */
static size_t name_start(const char* s, size_t end) {
  size_t start = 0;
  int depth = 0;
  for (size_t i = 0; i < end; ++i) {
    char c = s[i];
    if (c == '<' || c == '(') depth++;
    if ((c == '>' || c == ')') && depth > 0) depth--;
    if (c == ' ' && depth == 0) start = i + 1;
  }
  return start;
}

/* libstdc++'s or libc++abi's demangler: in every C++ program, looked up at
 * run time so that libhipc depends on neither (cached once found there).
 * A C program that loads C++ code objects (hipModuleLoad) has it only in a
 * library loaded with RTLD_LOCAL, which RTLD_DEFAULT does not search: then
 * the runtimes are asked by name, if loaded, and `*lib` holds the one that
 * answered until the caller is done with it (dlclose). */
static demangle_fn find_demangler(void** lib) {
  static demangle_fn global;
  demangle_fn f = __atomic_load_n(&global, __ATOMIC_ACQUIRE);
  *lib = NULL;
  if (f) return f;
  *(void**)&f = dlsym(RTLD_DEFAULT, "__cxa_demangle");
  if (f) {
    __atomic_store_n(&global, f, __ATOMIC_RELEASE);
    return f;
  }
  static const char* const libs[] = {"libstdc++.so.6", "libc++abi.so.1",
                                     "libc++.so.1"};
  for (size_t i = 0; i < sizeof libs / sizeof libs[0]; ++i) {
    void* h = dlopen(libs[i], RTLD_LAZY | RTLD_NOLOAD);
    if (!h) continue;
    *(void**)&f = dlsym(h, "__cxa_demangle");
    if (f) {
      *lib = h;
      return f;
    }
    dlclose(h);
  }
  return NULL;
}

char* hipc__kc_kernel_name(const char* mangled) {
  if (!mangled) return NULL;
  void* lib;
  demangle_fn f = find_demangler(&lib);
  int status = -1;
  char* full = f ? f(mangled, NULL, NULL, &status) : NULL;
  if (lib) dlclose(lib);
  if (!full || status != 0) {
    free(full);
    return strdup(mangled);
  }
  size_t end = name_end(full, strlen(full));
  size_t start = name_start(full, end);
  memmove(full, full + start, end - start);
  full[end - start] = 0;
  return full;
}
