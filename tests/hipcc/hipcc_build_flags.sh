#!/usr/bin/env bash
# What a HIP program's build expects of hipcc: a `.cu` source, host OpenMP
# next to kernels (-fopenmp, libomp found by clang), -munsafe-fp-atomics,
# -ffast-math (hipc's own headers then warn about nothing: they are
# -isystem), -fgpu-rdc, and -W/-Wno- passed through to the compile.
set -u
[ -n "${HIPC_SANITIZED:-}" ] && exit 77
. "$(dirname "${BASH_SOURCE[0]}")/common.bash"
need_libhipc
unset HIPC_OFFLOAD_ARCH
cat > omp.cu <<'SRC'
#include <hip/hip_runtime.h>
#include <omp.h>
#include <cstdio>
__global__ void count(float* a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) atomicAdd(&a[i % 4], 0.5f);
}
int main() {
  int unused_here;
  float* d;
  if (hipMalloc(&d, 4 * sizeof(float)) != hipSuccess) return 2;
  if (hipMemset(d, 0, 4 * sizeof(float)) != hipSuccess) return 2;
  count<<<4, 256>>>(d, 1000);
  float h[4];
  if (hipMemcpy(h, d, sizeof h, hipMemcpyDeviceToHost) != hipSuccess)
    return 2;
  long s = 0;
  int threads = 0;
#pragma omp parallel reduction(+ : s) reduction(max : threads)
  {
    threads = omp_get_num_threads();
#pragma omp for
    for (int i = 0; i < 1000; ++i) s += i;
  }
  printf("%g %g %g %g %ld %d\n", h[0], h[1], h[2], h[3], s, threads);
  return hipFree(d) != hipSuccess;
}
SRC
flags=(-O2 -fopenmp -munsafe-fp-atomics -ffast-math -fgpu-rdc -Wall)
"$HIPCC" "${flags[@]}" -Wno-unused-variable omp.cu -o omp 2> err.txt
check "a .cu with OpenMP and the usual flags builds ($(cat err.txt))" \
  [ $? -eq 0 ]
check "-ffast-math and -Wno-unused-variable: no warning" [ ! -s err.txt ]
OMP_NUM_THREADS=3 ./omp > out.txt
check "it runs" [ $? -eq 0 ]
expect_output "kernel sums and the OpenMP reduction over 3 threads" \
  "125 125 125 125 499500 3" cat out.txt

"$HIPCC" "${flags[@]}" -c omp.cu -o omp.o 2> err.txt
check "-Wall reaches the host compile" grep -q "unused variable 'unused_here'" err.txt
# A separate link with -fgpu-rdc --hip-link (HeCBench's merkle).
"$HIPCC" -fopenmp -fgpu-rdc --hip-link omp.o -o omp_rdc 2> err.txt
check "a link with --hip-link ($(cat err.txt))" [ $? -eq 0 ]
expect_output "runs" "125 125 125 125 499500 2" env OMP_NUM_THREADS=2 ./omp_rdc

"$HIPCC" -c -Wunused-variable -Werror omp.cu -o omp.o 2> err.txt
check "-Werror reaches the host compile" [ $? -ne 0 ]

cp omp.cu omp.hip
"$HIPCC" -O1 -fopenmp omp.hip -o omph 2> err.txt
check "the same as .hip builds" [ $? -eq 0 ]
expect_output "and runs" "125 125 125 125 499500 2" env OMP_NUM_THREADS=2 ./omph
exit $fail
