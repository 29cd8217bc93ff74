/* GPU modules embedded by hipcc's device pass (hip/hipc/gpu_module.h).
 *
 * A minimal registry: modules are kept in a list, in registration order,
 * until a GPU backend loads them. Registration runs from constructors,
 * possibly before anything else in libhipc, so the list needs nothing but
 * a statically initialised mutex. Entries whose host address is null (a
 * kernel or variable that the host object did not emit) are never looked
 * up. */
#include <stdlib.h>

#include "hip/hipc/gpu_module.h"
#include "internal.h"

typedef struct module_node {
  const hipc_gpu_module* module;
  struct module_node* next;
} module_node;

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static module_node* modules;
static module_node** tail = &modules;

HIPC_API void hipc_register_gpu_module(const hipc_gpu_module* m) {
  if (m == NULL || m->version != HIPC_GPU_MODULE_VERSION) return;
  module_node* n = malloc(sizeof *n);
  if (n == NULL) return;  /* the program still runs on the CPU device */
  n->module = m;
  n->next = NULL;
  pthread_mutex_lock(&lock);
  *tail = n;
  tail = &n->next;
  pthread_mutex_unlock(&lock);
}
