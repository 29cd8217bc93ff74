#!/usr/bin/env bash
# Thrust with hipcc (docs/thrust.md): a program that uses Thrust in a kernel
# (functors, tuples, thrust::seq algorithms) and on device_vector (the hip
# system) builds and runs; the same source compiles with
# --offload-arch=sm_90 (Debian's Thrust headers in the GPU pass) and runs
# on the device it finds (a GPU: the hip system's kernel paths);
# -DTHRUST_DEVICE_SYSTEM=THRUST_DEVICE_SYSTEM_CPP (the
# program's own choice of device system) is kept.
[ -n "${HIPC_SANITIZED:-}" ] && exit 77
set -u
. "$(dirname "${BASH_SOURCE[0]}")/common.bash"
need_libhipc
need_thrust

cat > thr.hip <<'SRC'
#include <hip/hip_runtime.h>
#include <thrust/device_vector.h>
#include <thrust/execution_policy.h>
#include <thrust/functional.h>
#include <thrust/reduce.h>
#include <thrust/sort.h>
#include <thrust/system_error.h>
#include <thrust/tuple.h>
#include <cstdio>
#include <cstring>

// Thrust in device code: functors, tuples and the sequential policy.
__global__ void per_thread(int *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  int local[8];
  for (int k = 0; k < 8; k++) local[k] = (i * 5 + k * 3) % 8;
  thrust::sort(thrust::seq, local, local + 8, thrust::greater<int>());
  thrust::tuple<int, int> t = thrust::make_tuple(local[0], local[7]);
  out[i] = thrust::plus<int>()(thrust::get<0>(t) * 10, thrust::get<1>(t)) +
           thrust::reduce(thrust::seq, local, local + 8);
}

int main() {
  const int n = 300;
  try {
    thrust::device_vector<int> d(n);
    per_thread<<<(n + 127) / 128, 128>>>(thrust::raw_pointer_cast(d.data()), n);
#if THRUST_DEVICE_SYSTEM != THRUST_DEVICE_SYSTEM_HIP
    // Thrust's own systems do not wait for the null stream: hipc's does.
    if (hipDeviceSynchronize() != hipSuccess) return 1;
#endif
    long long sum = thrust::reduce(d.begin(), d.end(), 0LL);
    // Each thread sorts a permutation of 0..7: 7 * 10 + 0 + 28.
    if (sum != 98LL * n) { printf("sum %lld\n", sum); return 1; }
  } catch (const thrust::system_error &e) {
    printf("exception: %s\n", e.what());
    return 1;
  }
  printf("ok\n");
  return 0;
}
SRC

check "hipcc builds a Thrust program" "$HIPCC" -O2 -Wall -Wextra -Werror thr.hip -o thr
expect_output "it runs on the CPU device" ok env HIPC_DEVICES=cpu ./thr
check "-DTHRUST_DEVICE_SYSTEM=THRUST_DEVICE_SYSTEM_CPP builds" \
  "$HIPCC" -O2 -DTHRUST_DEVICE_SYSTEM=THRUST_DEVICE_SYSTEM_CPP thr.hip -o thr_cpp
expect_output "and runs" ok env HIPC_DEVICES=cpu ./thr_cpp
check "-DTHRUST_DEVICE_SYSTEM=THRUST_DEVICE_SYSTEM_HIP builds" \
  "$HIPCC" -O2 -DTHRUST_DEVICE_SYSTEM=THRUST_DEVICE_SYSTEM_HIP thr.hip -o thr_hip
expect_output "and runs" ok env HIPC_DEVICES=cpu ./thr_hip
CUDA=${CUDA_PATH:-/usr/local/cuda}
if [ -x "$CUDA/bin/ptxas" ] && command -v "${HIPC_CLANG:-clang-19}" > /dev/null; then
  check "the same compiles with --offload-arch=sm_90" \
    "$HIPCC" -O2 -Wall -Wextra -Werror --offload-arch=sm_90 thr.hip -o thr_gpu
  # On the device the run chooses (a GPU in GPU runs).
  expect_output "the sm_90 build runs" ok ./thr_gpu
fi
exit $fail
