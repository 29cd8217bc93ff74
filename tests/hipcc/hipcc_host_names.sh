#!/usr/bin/env bash
# Ordinary host C++ next to kernels: host variables named like the built-in
# indices (`dim3 gridDim(n);`, `int blockIdx`), and the C++ library's
# <iostream>, <memory>, <stdexcept> and <cassert>, which clang's front end
# parses in every pass (public benchmark programs do all of these).
set -u
. "$(dirname "${BASH_SOURCE[0]}")/common.bash"
[ -n "${HIPC_SANITIZED:-}" ] && exit 77
need_libhipc
unset HIPC_OFFLOAD_ARCH
cat > names.hip <<'SRC'
#include <cassert>
#include <iostream>
#include <memory>
#include <stdexcept>
#include <hip/hip_runtime.h>
__global__ void k(int* p) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  assert(i < 256);
  p[i] = i * gridDim.x;
}
int main() {
  int* d;
  if (hipMalloc(&d, 256 * sizeof(int)) != hipSuccess) return 2;
  dim3 gridDim(4);
  dim3 blockDim(64);
  int blockIdx = 1;
  blockIdx++;
  k<<<gridDim, blockDim>>>(d);
  auto h = std::make_unique<int[]>(256);
  if (hipMemcpy(h.get(), d, 256 * sizeof(int), hipMemcpyDeviceToHost) !=
      hipSuccess)
    throw std::runtime_error("copy");
  for (int i = 0; i < 256; i++)
    if (h[i] != i * 4) {
      std::cout << "p[" << i << "] = " << h[i] << "\n";
      return 1;
    }
  std::cout << "ok " << blockIdx << "\n";
  return 0;
}
SRC
"$HIPCC" -O2 names.hip -o names 2> err.txt
check "builds ($(cat err.txt))" [ -x names ]
out=$(./names 2>&1)
check "runs and prints 'ok 2' (got '$out')" [ "$out" = "ok 2" ]
exit $fail
