/* dlopen of a vendor library (vendor.h). */
#include <dlfcn.h>
#include <pthread.h>
#include <stddef.h>

#include "vendor.h"

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

void* hipc_vendor_sym(hipc_vendor_lib* lib, const char* sym) {
  pthread_mutex_lock(&lock);
  if (!lib->tried) {
    lib->tried = 1;
    for (size_t i = 0; lib->names[i] && !lib->handle; i++)
      lib->handle = dlopen(lib->names[i], RTLD_NOW | RTLD_LOCAL);
  }
  void* h = lib->handle;
  pthread_mutex_unlock(&lock);
  if (!h) return NULL;
  (void)dlerror();
  return dlsym(h, sym);
}
