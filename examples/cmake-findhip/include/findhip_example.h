// The example's kernels behind plain C++ functions; each returns 0 on
// success. Multiplies run on the default HIP device.
#ifndef FINDHIP_EXAMPLE_H
#define FINDHIP_EXAMPLE_H

// y[i] = a * x[i] + y[i] (saxpy.hip, the static library).
int run_saxpy(int n, float a, const float* x, float* y);

// out[i] = in[i] * in[i] + SQUARE_OFFSET (square.cpp, the shared library).
int run_square(int n, const int* in, int* out);
#define SQUARE_OFFSET_VALUE 1

// out[i] = the sum of in[i - r .. i + r] (within bounds), r = STENCIL_RADIUS
// (stencil.hip, in the program).
int run_stencil(int n, const float* in, float* out);
#define STENCIL_RADIUS_VALUE 2

#endif
