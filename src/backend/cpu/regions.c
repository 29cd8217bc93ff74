/* Runtime support of kc's region form of kernels (src/kc/form_loops*.c,
 * docs/frontend.md), called from their K.run: the per-worker arena that holds per-thread
 * values living across barriers, and the report of a loop condition that
 * the threads of a block disagree on. */
#include <stdlib.h>

#include "cpu.h"

static _Thread_local void* arena;
static _Thread_local size_t arena_size;

HIPC_API void* hipc_cpu_region_arena(size_t bytes) {
  if (bytes > arena_size) {
    size_t size = bytes > 2 * arena_size ? bytes : 2 * arena_size;
    size = (size + 63) & ~(size_t)63;
    free(arena);
    arena = aligned_alloc(64, size);
    arena_size = arena ? size : 0;
    if (!arena) hipc__cpu_kernel_fatal("out of memory for per-thread values");
  }
  return arena;
}

HIPC_API _Noreturn void hipc_cpu_region_nonuniform(void) {
  hipc__cpu_kernel_fatal(
      "threads of a block disagree on the condition of a loop that contains "
      "__syncthreads (undefined behaviour; compile with HIPC_NO_REGIONS=1 to "
      "run the kernel on fibers)");
}
