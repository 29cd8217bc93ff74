/* The C interface behind cooperative launches on the CPU device (see
 * src/backend/cpu/coop.c); hip/hip_cooperative_groups.h is the public face.
 * Nothing here is part of HIP's API. */
#ifndef HIPC_COOP_H
#define HIPC_COOP_H

#include <stddef.h>
#include <stdint.h>

#include "hip/hipc/kernel.h"

#ifdef __cplusplus
extern "C" {
#endif

/* What a kernel of a cooperative launch can ask about its launch; reached
 * through hipc_tls.coop, which is NULL in a plain launch. */
typedef struct hipc_coop_info {
  uint32_t grid_rank;      /* this grid's index among the launch's grids */
  uint32_t num_grids;
  uint32_t multi_device;   /* launched by hipLaunchCooperativeKernelMultiDevice */
  uint64_t multi_threads;  /* threads of every grid of the launch */
  uint64_t thread_offset;  /* threads of the grids before this one */
} hipc_coop_info;

/* Waits until every thread of the grid (multi: of every grid of the
 * launch) has called it. Outside a cooperative launch it reports the
 * mistake and aborts. */
HIPC_API void hipc_cpu_grid_sync(int multi);

/* Reports a misuse inside a kernel ("hipc: <msg> in kernel ... block ...
 * thread ...") and aborts. */
HIPC_API __attribute__((noreturn)) void hipc_cpu_kernel_error(const char* msg);

#ifdef __cplusplus
}
#endif

#endif /* HIPC_COOP_H */
