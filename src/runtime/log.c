/* The runtime's log on stderr (README "Environment"): HIPC_LOG_LEVEL, or
 * AMD's AMD_LOG_LEVEL when that is unset, read once, before main.
 *   1  API calls that fail, with their error
 *   3  every API call with its arguments (where the entry point gives
 *      them, trace.h) and its result, and each kernel launch with its
 *      configuration (kernel, grid, block, dynamic shared memory, stream,
 *      device)
 * The same constructor decides whether the trace (HIPC_TRACE) is on. Off,
 * the cost is one load and a branch per API call (HIPC_API_ENTER). */
#include <stdio.h>
#include <stdlib.h>

#include "internal.h"

unsigned hipc__instr;
static int level;

/* Priority 101: before the programs' own constructors where hipc is
 * linked statically (a shared libhipc's run before the program's). */
__attribute__((constructor(101))) static void read_environment(void) {
  const char* v = getenv("HIPC_LOG_LEVEL");
  if (!v || !*v) v = getenv("AMD_LOG_LEVEL");
  level = v && *v ? atoi(v) : 0;
  if (level < 0) level = 0;
  unsigned f = 0;
  if (level >= 1) f |= HIPC_INSTR_LOG;
  if (level >= 3) f |= HIPC_INSTR_ARGS;
  const char* t = getenv("HIPC_TRACE");
  if (t && *t && hipc__trace_start(t) == 0)
    f |= HIPC_INSTR_TRACE | HIPC_INSTR_ARGS;
  hipc__instr = f;
}

int hipc__log_level(void) { return level; }

void hipc__log_api(const char* fn, hipError_t e) {
  if (level >= 3 || (level >= 1 && e != hipSuccess)) {
    char args[1024];
    hipc__args_text(fn, args, sizeof args);
    fprintf(stderr, "hipc: %s%s: %s\n", fn, args, hipGetErrorName(e));
  }
}

void hipc__log_launch(const char* name, dim3 grid, dim3 block, size_t shmem,
                      hipStream_t stream, int device) {
  if (level < 3) return;
  fprintf(stderr,
          "hipc: launch %s grid (%u,%u,%u) block (%u,%u,%u) shared %zu "
          "stream %p device %d\n",
          name ? name : "?", grid.x, grid.y, grid.z, block.x, block.y,
          block.z, shmem, (void*)stream, device);
}
