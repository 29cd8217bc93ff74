/* What the CPU half of cooperative groups reads of the CPU device when kc
 * compiled it (hip/hipc/cg_kc.h): the per-thread state lives in hipc_tls,
 * a thread-local variable that the device pass cannot name. */
#include "hip/hipc/coop.h"
#include "hip/hipc/kc_lib.h"
#include "hip/hipc/kernel.h"

const struct hipc_coop_info* hipc_kc_coop_info(void) { return hipc_tls.coop; }

void hipc_kc_grid_sync(int multi) { hipc_cpu_grid_sync(multi); }

void hipc_kc_kernel_error(const char* msg) { hipc_cpu_kernel_error(msg); }
