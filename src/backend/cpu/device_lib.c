/* The C library as kernels on the CPU device use it: assert, and printf
 * output flushed when a kernel's blocks are done.
 *
 * printf, malloc, free and abort in a kernel are the C library's own:
 * stdio locks the stream per call (a thread's line is never split), a
 * block's threads run in order on one worker (a thread's lines come out in
 * its order), and malloc is thread-safe. */
#define _GNU_SOURCE
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdio_ext.h>
#include <stdlib.h>

#include "cpu.h"
#include "hip/hipc/device_assert.h"

void hipc__cpu_flush_printf(void) {
  /* __fpending does not lock: a cheap test, true only after a kernel (or
   * the host) left output in stdout's buffer. */
  if (__fpending(stdout) != 0) fflush(stdout);
}

void hipc_assert_fail(const char* assertion, const char* file,
                      unsigned int line, const char* function) {
  cpu_worker* w = hipc__pool_self();
  fflush(stdout); /* what the kernel printed before comes out first */
  if (w && w->kernel_name) {
    const hipc_thread_state* ts = &hipc_tls;
    fprintf(stderr,
            "%s:%u: %s: Device-side assertion `%s' failed in kernel '%s' "
            "block (%u,%u,%u) thread (%u,%u,%u)\n",
            file, line, function, assertion, w->kernel_name, ts->block_idx.x,
            ts->block_idx.y, ts->block_idx.z, ts->thread_idx.x,
            ts->thread_idx.y, ts->thread_idx.z);
  } else {
    fprintf(stderr, "%s: %s:%u: %s: Assertion `%s' failed.\n",
            program_invocation_short_name, file, line, function, assertion);
  }
  fflush(stderr);
  signal(SIGABRT, SIG_DFL); /* reported already: not again as an abort() */
  abort();
}
