/* The generic thread loop: how the CPU device runs a kernel compiled by kc
 * (docs/frontend.md) in the fiber form, where the kernel is a C function
 * `thread(args)` that runs one thread and kc emits no loop of its own
 * (hipc_kernel_desc.run is NULL).
 *
 * It follows the protocol of the rewriter's inlined loop (run_loop in
 * hip/hipc/launch.h) exactly: it starts thread after thread, keeping its
 * position in locals; a thread that blocks is parked by the scheduler
 * (sched.c), which publishes the position in the block (b->next,
 * b->next_idx) and bumps b->parks; a loop that sees parks change reloads the
 * position from there, because another fiber may have started later threads
 * meanwhile. There is one mode only: `thread` is an opaque call, so
 * threadIdx is always stored before it, which is what the precise loop of
 * the rewriter's path guarantees. */
#include "cpu.h"

void hipc__thread_loop_run(void (*thread)(const void* args),
                           hipc_cpu_block* b) {
  hipc_thread_state* ts = &hipc_tls;
  /* Never set on a worker; a kernel that pushes a configuration (which it
   * may not) must not find one left over. */
  ts->launch_pending = 0;
  const void* args = b->args;
  const uint32_t n = b->count, dx = b->dim.x, dy = b->dim.y;
  uint32_t t = b->next;
  uint64_t parks = b->parks;
  dim3 id = b->next_idx;
  while (t < n) {
    /* One row (fixed y and z) at a time, as the inlined loop does. */
    ts->thread_idx.y = id.y;
    ts->thread_idx.z = id.z;
    const uint32_t row = t - id.x;
    uint32_t x = id.x;
    for (; x < dx; ++x) {
      ts->thread_idx.x = x;
      thread(args);
      if (__builtin_expect(b->parks != parks, 0)) break;
    }
    if (x < dx) {
      /* A thread parked: the scheduler has the position. */
      t = b->next;
      id = b->next_idx;
      parks = b->parks;
      continue;
    }
    t = row + dx;
    id.x = 0;
    if (++id.y == dy) {
      id.y = 0;
      ++id.z;
    }
  }
  b->next = t;
}
