#!/usr/bin/env bash
# What public HIP programs get from the library headers without asking
# (docs/libraries_programs.md, "hipCUB, Thrust and hipRAND"): thrust::device
# and thrust::seq after including only Thrust's algorithm headers (as with
# rocThrust), Thrust's normal_distribution (it includes <math_constants.h>
# under clang's HIP front end), math_constants.h's values, hipRAND's
# hiprandState, and hipCUB's allocator through hipcub.hpp.
[ -n "${HIPC_SANITIZED:-}" ] && exit 77
set -u
. "$(dirname "${BASH_SOURCE[0]}")/common.bash"
need_libhipc
need_thrust

cat > pub.hip <<'SRC'
#include <thrust/random.h>
#include <thrust/scan.h>
#include <thrust/shuffle.h>
#include <thrust/sort.h>
#include <hipcub/hipcub.hpp>
#include <hiprand/hiprand_kernel.h>
#include <math_constants.h>
#include <cmath>
#include <cstdio>

__global__ void draw(unsigned *out) {
  hiprandState s;  // XORWOW's state under cuRAND's other name
  hiprand_init(1234ULL, threadIdx.x, 0, &s);
  out[threadIdx.x] = hiprand(&s);
}

int main() {
  int h[6] = {4, -1, 9, 0, 3, 3};
  int *d;
  if (hipMalloc(&d, sizeof h) != hipSuccess) return 1;
  if (hipMemcpy(d, h, sizeof h, hipMemcpyHostToDevice) != hipSuccess) return 1;
  thrust::sort(thrust::device, d, d + 6);
  thrust::inclusive_scan(thrust::device, d, d + 6, d);
  if (hipMemcpy(h, d, sizeof h, hipMemcpyDeviceToHost) != hipSuccess) return 1;
  // sorted -1 0 3 3 4 9, scanned:
  const int want[6] = {-1, -1, 2, 5, 9, 18};
  for (int i = 0; i < 6; i++)
    if (h[i] != want[i]) { printf("scan[%d] = %d\n", i, h[i]); return 1; }
  int p[5] = {0, 1, 2, 3, 4};
  thrust::default_random_engine g(7);
  thrust::shuffle(thrust::seq, p, p + 5, g);
  int sum = 0;
  for (int v : p) sum += v;
  thrust::normal_distribution<double> nd(2.0, 0.5);
  double mean = 0;
  for (int i = 0; i < 4000; i++) mean += nd(g);
  mean /= 4000;
  if (sum != 10 || std::fabs(mean - 2.0) > 0.05) { printf("shuffle %d mean %g\n", sum, mean); return 1; }
  if (CUDART_PI != M_PI || CUDART_PI_F != (float)M_PI || CUDART_LN2 != M_LN2 ||
      CUDART_SQRT_2PI != std::sqrt(2 * M_PI) || !std::isinf(CUDART_INF_F) ||
      !std::isnan(CUDART_NAN) || CUDART_L2E != M_LOG2E) { printf("constants\n"); return 1; }
  // Through hipCUB's caching allocator: XORWOW's first values for seed
  // 1234 in subsequences 0 and 1, against the same state run on the host.
  hipcub::CachingDeviceAllocator alloc;
  unsigned *dr;
  if (alloc.DeviceAllocate((void **)&dr, 2 * sizeof(unsigned)) != hipSuccess) return 1;
  draw<<<1, 2>>>(dr);
  unsigned r[2];
  if (hipMemcpy(r, dr, sizeof r, hipMemcpyDeviceToHost) != hipSuccess) return 1;
  if (alloc.DeviceFree(dr) != hipSuccess) return 1;
  hiprandState t;
  hiprand_init(1234ULL, 1, 0, &t);
  if (r[0] == r[1] || r[1] != hiprand(&t)) { printf("hiprand %u %u\n", r[0], r[1]); return 1; }
  printf("ok\n");
  return 0;
}
SRC

check "hipcc builds it" "$HIPCC" -O0 -Wall -Wextra pub.hip -o pub
expect_output "it runs on the CPU device" ok env HIPC_DEVICES=cpu ./pub
exit $fail
