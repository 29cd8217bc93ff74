/* The module API: hipModuleLoad, hipModuleLoadData(Ex), hipModuleUnload,
 * hipModuleGetFunction, hipModuleGetGlobal (launches: module_launch.c).
 *
 * A hipc code object (`hipcc --genco`) is a shared object built from the
 * same rewritten source as a program, plus the GPU images when built with
 * --offload-arch, and a `.hipc_code_object` section that marks it. Loading
 * one copies it into a memfd and dlopen()s /proc/self/fd/N: every load is
 * a library of its own (its own __device__ variables, as each load of a
 * code object on AMD), and the name the dynamic linker knows it by is never
 * reused while it is mapped (the memfd stays open). Its constructors
 * register its kernels and variables, exactly as a program's do; the
 * registries tell this file (module.h's hooks, for the thread that is
 * loading), and the module keeps the lists. Names are looked up with
 * dlsym on the module's handle (mangled names, or the plain name of an
 * extern "C" kernel), then by the name the registry parsed (`ns::k`,
 * `k<int>`: static kernels too).
 *
 * Unloading waits for every device, removes the module's kernels and
 * variables from the registries and dlclose()s it. A code object that
 * registered something that cannot be removed (GPU images) stays mapped, as does one the dynamic linker
 * keeps (then its registrations are restored). Module and function
 * handles are never freed, so a stale one is recognised. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <elf.h>
#include <errno.h>
#include <fcntl.h>
#include <link.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "internal.h"

#define CODE_OBJECT_SECTION ".hipc_code_object"
#define CODE_OBJECT_TAG "hipc code object 1"
#define MAX_IMAGE ((size_t)1 << 32)

#if defined(__x86_64__)
#define HOST_MACHINE EM_X86_64
#elif defined(__aarch64__)
#define HOST_MACHINE EM_AARCH64
#else
#define HOST_MACHINE EM_NONE
#endif

typedef struct module_var {
  const void* addr;
  void* storage; /* on the CPU device (symbol.c) */
  const char* name;
  size_t size;
  int kind;
} module_var;

struct ihipModule_t {
  unsigned magic;
  atomic_int alive;
  void* dl;
  int fd;
  char path[40]; /* "/proc/self/fd/N": its name in the dynamic linker */
  int pinned;    /* never dlclose()d (see module.h) */
  int oom;       /* a registration could not be noted */
  const hipc_kernel_desc** kernels;
  size_t nkernels, capk;
  module_var* vars;
  size_t nvars, capv;
  struct ihipModuleSymbol_t* functions;
  struct ihipModule_t* next; /* the loaded modules */
};

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
/* The program itself as a module that is always loaded: the owner of the
 * function handles hipGetFuncBySymbol makes for its kernels. */
static struct ihipModule_t program = {.magic = HIPC_MODULE_MAGIC, .alive = 1};
static struct ihipModule_t* loaded;   /* under the lock */
static struct ihipModule_t* unloaded; /* kept: stale handles stay valid */
/* The module whose constructors run on this thread (inside dlopen). */
static __thread struct ihipModule_t* loading;

/* -- the registries' hooks */

static int reserve(void** v, size_t* cap, size_t n, size_t elem) {
  if (n < *cap) return 0;
  size_t c = *cap ? *cap * 2 : 16;
  void* p = realloc(*v, c * elem);
  if (!p) return -1;
  *v = p;
  *cap = c;
  return 0;
}

void hipc__module_note_kernel(const hipc_kernel_desc* d) {
  struct ihipModule_t* m = loading;
  if (!m) return;
  if (reserve((void**)&m->kernels, &m->capk, m->nkernels, sizeof *m->kernels))
    m->oom = 1;
  else
    m->kernels[m->nkernels++] = d;
}

void hipc__module_note_symbol(const void* host_addr, void* storage,
                              const char* name, size_t size, int kind) {
  struct ihipModule_t* m = loading;
  if (!m) return;
  if (reserve((void**)&m->vars, &m->capv, m->nvars, sizeof *m->vars))
    m->oom = 1;
  else
    m->vars[m->nvars++] = (module_var){host_addr, storage, name, size, kind};
}

void hipc__module_note_pin(void) {
  if (loading) loading->pinned = 1;
}

/* -- code object images */

/* Whether [off, off + n) lies within `avail` bytes; extends *end. */
static int span(uint64_t off, uint64_t n, size_t avail, uint64_t* end) {
  if (off > MAX_IMAGE || n > MAX_IMAGE || off + n > avail) return 0;
  if (off + n > *end) *end = off + n;
  return 1;
}

/* Checks that `p` (of which `avail` bytes may be read; SIZE_MAX when the
 * caller does not know, as for hipModuleLoadData) is a hipc code object
 * for this machine, and sets *size to its length. Not an ELF shared object
 * with the marker: hipErrorInvalidImage (AMD's answer for an image
 * that is not a code object); one for another machine:
 * hipErrorNoBinaryForGpu. */
static hipError_t check_image(const unsigned char* p, size_t avail,
                              size_t* size) {
  static const unsigned char magic[SELFMAG] = {ELFMAG0, ELFMAG1, ELFMAG2,
                                               ELFMAG3};
  for (size_t i = 0; i < SELFMAG; ++i)
    if (i >= avail || p[i] != magic[i]) return hipErrorInvalidImage;
  Elf64_Ehdr eh;
  if (avail < sizeof eh) return hipErrorInvalidImage;
  memcpy(&eh, p, sizeof eh);
  const unsigned char data =
      __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__ ? ELFDATA2LSB : ELFDATA2MSB;
  if (eh.e_ident[EI_CLASS] != ELFCLASS64 || eh.e_ident[EI_DATA] != data ||
      eh.e_type != ET_DYN || eh.e_shentsize != sizeof(Elf64_Shdr) ||
      eh.e_shnum == 0 || eh.e_shstrndx >= eh.e_shnum)
    return hipErrorInvalidImage;
  uint64_t end = sizeof eh;
  if (!span(eh.e_shoff, (uint64_t)eh.e_shnum * sizeof(Elf64_Shdr), avail,
            &end))
    return hipErrorInvalidImage;
  if (eh.e_phnum &&
      (eh.e_phentsize != sizeof(Elf64_Phdr) ||
       !span(eh.e_phoff, (uint64_t)eh.e_phnum * sizeof(Elf64_Phdr), avail,
             &end)))
    return hipErrorInvalidImage;
  Elf64_Shdr strtab;
  memcpy(&strtab, p + eh.e_shoff + eh.e_shstrndx * sizeof(Elf64_Shdr),
         sizeof strtab);
  if (!span(strtab.sh_offset, strtab.sh_size, avail, &end))
    return hipErrorInvalidImage;
  int marked = 0;
  for (unsigned i = 0; i < eh.e_shnum; ++i) {
    Elf64_Shdr sh;
    memcpy(&sh, p + eh.e_shoff + i * sizeof sh, sizeof sh);
    if (sh.sh_type != SHT_NOBITS && !span(sh.sh_offset, sh.sh_size, avail,
                                          &end))
      return hipErrorInvalidImage;
    if (sh.sh_name >= strtab.sh_size) continue;
    const char* name = (const char*)p + strtab.sh_offset + sh.sh_name;
    size_t room = strtab.sh_size - sh.sh_name;
    if (strnlen(name, room) == sizeof CODE_OBJECT_SECTION - 1 &&
        memcmp(name, CODE_OBJECT_SECTION, sizeof CODE_OBJECT_SECTION) == 0 &&
        sh.sh_type == SHT_PROGBITS && sh.sh_size >= sizeof CODE_OBJECT_TAG &&
        memcmp(p + sh.sh_offset, CODE_OBJECT_TAG, sizeof CODE_OBJECT_TAG) == 0)
      marked = 1;
  }
  for (unsigned i = 0; i < eh.e_phnum; ++i) {
    Elf64_Phdr ph;
    memcpy(&ph, p + eh.e_phoff + i * sizeof ph, sizeof ph);
    if (!span(ph.p_offset, ph.p_filesz, avail, &end))
      return hipErrorInvalidImage;
  }
  if (!marked) return hipErrorInvalidImage;
  if (eh.e_machine != HOST_MACHINE) return hipErrorNoBinaryForGpu;
  *size = (size_t)end;
  return hipSuccess;
}

/* -- loading and unloading */

static void forget_lists(struct ihipModule_t* m) {
  free(m->kernels);
  free(m->vars);
  m->kernels = NULL;
  m->vars = NULL;
  m->nkernels = m->nvars = m->capk = m->capv = 0;
}

static int find_mapped(struct dl_phdr_info* info, size_t n, void* path) {
  (void)n;
  return info->dlpi_name && strcmp(info->dlpi_name, (const char*)path) == 0;
}

/* Removes the module's registrations and unmaps it; see the top. */
static void unload_code(struct ihipModule_t* m) {
  if (m->pinned) return;
  /* Kernels of the module may still run or be queued. */
  for (int i = 0; i < hipc__device_count(); ++i) {
    hipc_device* dev = hipc__device(i);
    if (dev) (void)dev->ops->device_sync(dev);
  }
  for (size_t i = 0; i < m->nkernels; ++i)
    hipc__kernel_unregister(m->kernels[i]->host_fn);
  for (size_t i = 0; i < m->nvars; ++i)
    hipc__symbol_unregister(m->vars[i].addr);
  dlclose(m->dl);
  m->dl = NULL;
  if (dl_iterate_phdr(find_mapped, m->path)) {
    /* The dynamic linker keeps it (a GNU unique symbol, a thread_local
     * with a destructor...): what it registered is still valid. */
    for (size_t i = 0; i < m->nkernels; ++i)
      hipc_register_kernel(m->kernels[i]);
    for (size_t i = 0; i < m->nvars; ++i)
      hipc__symbol_register_at(m->vars[i].addr, m->vars[i].storage,
                               m->vars[i].name, m->vars[i].size,
                               m->vars[i].kind);
    return;
  }
  close(m->fd);
  m->fd = -1;
  forget_lists(m);
}

/* Writes `n` bytes of `img` to a memfd and dlopen()s it. */
static hipError_t load(hipModule_t* out, const void* img, size_t n) {
  hipError_t e = hipc__init();
  if (e != hipSuccess) return e;
  struct ihipModule_t* m = calloc(1, sizeof *m);
  if (!m) return hipErrorOutOfMemory;
  m->magic = HIPC_MODULE_MAGIC;
  m->fd = memfd_create("hipc-code-object", MFD_CLOEXEC);
  if (m->fd < 0) {
    free(m);
    return hipErrorSharedObjectInitFailed;
  }
  for (size_t done = 0; done < n;) {
    ssize_t w = write(m->fd, (const char*)img + done, n - done);
    if (w < 0 && errno == EINTR) continue;
    if (w <= 0) {
      close(m->fd);
      free(m);
      return hipErrorOutOfMemory;
    }
    done += (size_t)w;
  }
  snprintf(m->path, sizeof m->path, "/proc/self/fd/%d", m->fd);
  loading = m;
  m->dl = dlopen(m->path, RTLD_NOW | RTLD_LOCAL);
  loading = NULL;
  if (!m->dl || m->oom) {
    if (m->dl) {
      unload_code(m);
      e = hipErrorOutOfMemory;
    } else {
      fprintf(stderr, "hipc: cannot load the code object: %s\n", dlerror());
      close(m->fd);
      e = hipErrorSharedObjectInitFailed;
    }
    if (!m->pinned) {
      forget_lists(m);
      free(m);
    }
    return e;
  }
  atomic_store(&m->alive, 1);
  pthread_mutex_lock(&lock);
  m->next = loaded;
  loaded = m;
  pthread_mutex_unlock(&lock);
  *out = m;
  return hipSuccess;
}

hipError_t hipModuleLoadData(hipModule_t* module, const void* image) {
  HIPC_API_ENTER();
  HIPC_RETURN_IF(!module || !image, hipErrorInvalidValue);
  size_t n;
  hipError_t e = check_image(image, SIZE_MAX, &n);
  HIPC_RETURN_IF(e != hipSuccess, e);
  HIPC_RETURN(load(module, image, n));
}

/* The JIT options have no meaning for a hipc code object (AMD ignores
 * them too). */
hipError_t hipModuleLoadDataEx(hipModule_t* module, const void* image,
                               unsigned int numOptions, hipJitOption* options,
                               void** optionValues) {
  HIPC_API_ENTER();
  (void)numOptions;
  (void)options;
  (void)optionValues;
  return hipModuleLoadData(module, image);
}

hipError_t hipModuleLoad(hipModule_t* module, const char* fname) {
  HIPC_API_ENTER();
  HIPC_RETURN_IF(!module || !fname || !*fname, hipErrorInvalidValue);
  int fd = open(fname, O_RDONLY | O_CLOEXEC);
  HIPC_RETURN_IF(fd < 0, errno == ENOMEM ? hipErrorOutOfMemory
                                         : hipErrorFileNotFound);
  struct stat st;
  if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
    close(fd);
    HIPC_RETURN(hipErrorFileNotFound);
  }
  if ((uint64_t)st.st_size > MAX_IMAGE) {
    close(fd);
    HIPC_RETURN(hipErrorInvalidImage);
  }
  size_t size = (size_t)st.st_size, got = 0;
  unsigned char* buf = malloc(size ? size : 1);
  if (!buf) {
    close(fd);
    HIPC_RETURN(hipErrorOutOfMemory);
  }
  while (got < size) {
    ssize_t r = read(fd, buf + got, size - got);
    if (r < 0 && errno == EINTR) continue;
    if (r <= 0) break;
    got += (size_t)r;
  }
  close(fd);
  size_t n;
  hipError_t e = check_image(buf, got, &n);
  if (e == hipSuccess) e = load(module, buf, got);
  free(buf);
  HIPC_RETURN(e);
}

/* Whether `m` is a loaded module. Under the lock. */
static int is_loaded(hipModule_t m) {
  for (struct ihipModule_t* l = loaded; l; l = l->next)
    if (l == m) return 1;
  return 0;
}

hipError_t hipModuleUnload(hipModule_t module) {
  HIPC_API_ENTER();
  HIPC_RETURN_IF(!module, hipErrorInvalidResourceHandle);
  pthread_mutex_lock(&lock);
  struct ihipModule_t** p = &loaded;
  while (*p && *p != module) p = &(*p)->next;
  int found = *p != NULL;
  if (found) {
    *p = module->next;
    module->next = unloaded;
    unloaded = module;
    atomic_store(&module->alive, 0);
  }
  pthread_mutex_unlock(&lock);
  /* AMD: a module that is not loaded (unloaded already) is not found. */
  HIPC_RETURN_IF(!found, hipErrorNotFound);
  unload_code(module);
  HIPC_RETURN(hipSuccess);
}

/* -- lookups (under the lock) */

static const hipc_kernel_desc* find_kernel(hipModule_t m, const char* name) {
  const void* a = dlsym(m->dl, name);
  for (size_t i = 0; a && i < m->nkernels; ++i)
    if (m->kernels[i]->host_fn == a) return m->kernels[i];
  /* The name as written (`ns::k`, `k<int>`), when only one kernel has it
   * (overloads share theirs). */
  const hipc_kernel_desc* found = NULL;
  for (size_t i = 0; i < m->nkernels; ++i) {
    const hipc_kernel* k = hipc__kernel_find(m->kernels[i]->host_fn);
    if (k && strcmp(k->name, name) == 0) {
      if (found) return NULL;
      found = m->kernels[i];
    }
  }
  return found;
}

static const module_var* find_var(hipModule_t m, const char* name) {
  const void* a = dlsym(m->dl, name);
  for (size_t i = 0; a && i < m->nvars; ++i)
    if (m->vars[i].addr == a) return &m->vars[i];
  for (size_t i = 0; i < m->nvars; ++i)
    if (m->vars[i].name && strcmp(m->vars[i].name, name) == 0)
      return &m->vars[i];
  return NULL;
}

/* The function handle of one of the program's kernels (`symbol`: its
 * host-side address), owned by `program`; one handle per kernel. Not a
 * kernel: hipErrorInvalidDeviceFunction. */
hipError_t hipGetFuncBySymbol(hipFunction_t* functionPtr,
                              const void* symbolPtr) {
  HIPC_API_ENTER();
  HIPC_RETURN_IF(!functionPtr, hipErrorInvalidValue);
  hipError_t e = hipc__init();
  HIPC_RETURN_IF(e != hipSuccess, e);
  const hipc_kernel* k = symbolPtr ? hipc__kernel_find(symbolPtr) : NULL;
  HIPC_RETURN_IF(!k, hipErrorInvalidDeviceFunction);
  pthread_mutex_lock(&lock);
  struct ihipModuleSymbol_t* f = program.functions;
  while (f && f->desc != k->desc) f = f->next;
  if (!f && (f = calloc(1, sizeof *f))) {
    f->magic = HIPC_FUNCTION_MAGIC;
    f->module = &program;
    f->desc = k->desc;
    f->next = program.functions;
    program.functions = f;
  }
  pthread_mutex_unlock(&lock);
  HIPC_RETURN_IF(!f, hipErrorOutOfMemory);
  *functionPtr = f;
  HIPC_RETURN(hipSuccess);
}

hipError_t hipModuleGetFunction(hipFunction_t* function, hipModule_t module,
                                const char* kname) {
  HIPC_API_ENTER();
  HIPC_RETURN_IF(!function || !kname || !*kname, hipErrorInvalidValue);
  HIPC_RETURN_IF(!module, hipErrorInvalidResourceHandle);
  hipError_t e = hipErrorNotFound;
  pthread_mutex_lock(&lock);
  const hipc_kernel_desc* d = is_loaded(module) ? find_kernel(module, kname)
                                                : NULL;
  if (d) {
    struct ihipModuleSymbol_t* f = module->functions;
    while (f && f->desc != d) f = f->next;
    if (!f && (f = calloc(1, sizeof *f))) {
      f->magic = HIPC_FUNCTION_MAGIC;
      f->module = module;
      f->desc = d;
      f->next = module->functions;
      module->functions = f;
    }
    e = f ? hipSuccess : hipErrorOutOfMemory;
    if (f) *function = f;
  }
  pthread_mutex_unlock(&lock);
  HIPC_RETURN(e);
}

hipError_t hipModuleGetGlobal(hipDeviceptr_t* dptr, size_t* bytes,
                              hipModule_t hmod, const char* name) {
  HIPC_API_ENTER();
  HIPC_RETURN_IF((!dptr && !bytes) || !name || !*name, hipErrorInvalidValue);
  HIPC_RETURN_IF(!hmod, hipErrorInvalidResourceHandle);
  pthread_mutex_lock(&lock);
  const module_var* v = is_loaded(hmod) ? find_var(hmod, name) : NULL;
  const void* addr = v ? v->addr : NULL;
  pthread_mutex_unlock(&lock);
  HIPC_RETURN_IF(!addr, hipErrorNotFound);
  void* p;
  size_t n;
  hipError_t e = hipGetSymbolAddress(&p, addr);
  if (e == hipSuccess) e = hipGetSymbolSize(&n, addr);
  HIPC_RETURN_IF(e != hipSuccess, e);
  if (dptr) *dptr = p;
  if (bytes) *bytes = n;
  HIPC_RETURN(hipSuccess);
}

int hipc__module_function_ok(const struct ihipModuleSymbol_t* f) {
  return f && f->magic == HIPC_FUNCTION_MAGIC && f->module &&
         atomic_load_explicit(&f->module->alive, memory_order_acquire);
}

const hipc_kernel_desc* hipc__module_function_desc(const void* p) {
  const hipc_kernel_desc* d = NULL;
  pthread_mutex_lock(&lock);
  for (struct ihipModuleSymbol_t* f = program.functions; f && !d; f = f->next)
    if ((const void*)f == p) d = f->desc;
  for (struct ihipModule_t* m = loaded; m && !d; m = m->next)
    for (struct ihipModuleSymbol_t* f = m->functions; f; f = f->next)
      if ((const void*)f == p) {
        d = f->desc;
        break;
      }
  pthread_mutex_unlock(&lock);
  return d;
}
