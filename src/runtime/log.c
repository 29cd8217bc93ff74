/* The runtime's log on stderr (README "Environment"): HIPC_LOG_LEVEL, or
 * AMD's AMD_LOG_LEVEL when that is unset, read once.
 *   1  API calls that fail, with their error
 *   3  every API call with its result, and each kernel launch with its
 *      configuration (kernel, grid, block, dynamic shared memory, stream,
 *      device)
 * Off, the cost is one load and a branch per API call. */
#include <stdio.h>
#include <stdlib.h>

#include "internal.h"

/* -1 until read. */
static int level = -1;

int hipc__log_level(void) {
  int l = __atomic_load_n(&level, __ATOMIC_RELAXED);
  if (l >= 0) return l;
  const char* v = getenv("HIPC_LOG_LEVEL");
  if (!v || !*v) v = getenv("AMD_LOG_LEVEL");
  l = v && *v ? atoi(v) : 0;
  if (l < 0) l = 0;
  __atomic_store_n(&level, l, __ATOMIC_RELAXED);
  return l;
}

void hipc__log_api(const char* fn, hipError_t e) {
  int l = hipc__log_level();
  if (l >= 3 || (l >= 1 && e != hipSuccess))
    fprintf(stderr, "hipc: %s: %s\n", fn, hipGetErrorName(e));
}

void hipc__log_launch(const char* name, dim3 grid, dim3 block, size_t shmem,
                      hipStream_t stream, int device) {
  if (hipc__log_level() < 3) return;
  fprintf(stderr,
          "hipc: launch %s grid (%u,%u,%u) block (%u,%u,%u) shared %zu "
          "stream %p device %d\n",
          name ? name : "?", grid.x, grid.y, grid.z, block.x, block.y,
          block.z, shmem, (void*)stream, device);
}
