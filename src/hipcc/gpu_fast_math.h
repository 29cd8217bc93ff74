/* Fast math in hipcc's GPU pass (docs/nvidia.md, "Fast math"): what
 * -ffast-math (or nvcc's spelling, -use_fast_math) means for NVIDIA GPUs,
 * as nvcc's -use_fast_math does it: the float math functions in their
 * intrinsic forms (hip/hipc/math_fast_nvptx.h), approximate division and
 * square root (clang's -ffast-math already gives the NVPTX back end
 * those), and float denormals flushed to zero. */
#ifndef HIPC_HIPCC_GPU_FAST_MATH_H
#define HIPC_HIPCC_GPU_FAST_MATH_H

#include "options.h"

/* Appends to `v` the GPU pass's clang flags for fast math, after the
 * user's compiler flags: -ffast-math for -use_fast_math; the user's own
 * -f[no-]gpu-flush-denormals-to-zero (or -f[no-]cuda-...), else
 * -fgpu-flush-denormals-to-zero when fast math is on (-ffast-math or
 * -Ofast last, or -use_fast_math); and -D__HIPC_NVPTX_FAST_MATH__=1, which
 * lets the headers use the fast forms whenever clang approximates
 * transcendentals. HIPC_NVPTX_FAST_MATH=0 leaves out all but the user's
 * own flags (clang's plain -ffast-math, as before). */
void hipc__gpu_fast_math_flags(const struct hipcc_options *o,
                               struct strvec *v);

#endif /* HIPC_HIPCC_GPU_FAST_MATH_H */
