/* The clang flags of hipcc's GPU pass (device_flags.c). */
#ifndef HIPC_HIPCC_DEVICE_FLAGS_H
#define HIPC_HIPCC_DEVICE_FLAGS_H

#include "options.h"
#include "util.h"

/* Whether the device code goes through hipc-kc's --nvptx-ir passes
 * between clang's optimiser and its NVPTX back end (HIPC_NVPTX_IR unset or
 * not 0). */
int hipc__device_ir_passes(void);

/* Appends to `v` the device compile's flags: the user's optimisation and
 * floating-point flags (-O3 when none), fast math (gpu_fast_math.h),
 * nvcc's inlining and unrolling, LLVM's loop strength reduction off. */
void hipc__device_cc_flags(const struct hipcc_options *o, struct strvec *v);

#endif /* HIPC_HIPCC_DEVICE_FLAGS_H */
