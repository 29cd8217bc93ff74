#!/usr/bin/env bash
# Two sources of one program that both include hipCUB, hipRAND's device
# API and Thrust link (no kernel or function of those headers defined in
# both objects; tsne, 13 sources, stopped at hipCUB's onesweep_bases), and
# a radix sort from each source gives sorted keys.
[ -n "${HIPC_SANITIZED:-}" ] && exit 77
set -u
. "$(dirname "${BASH_SOURCE[0]}")/common.bash"
need_libhipc

for src in a b; do
  cat > $src.hip <<SRC
#include <hipcub/hipcub.hpp>
#include <hiprand/hiprand_kernel.h>
#include <math_constants.h>
#if __has_include(<thrust/version.h>)
#include <thrust/device_vector.h>
#include <thrust/sort.h>
#endif
#include <vector>

// Sorts n keys with DeviceRadixSort; returns 0 when they come out sorted.
int sort_$src(unsigned n, unsigned seed) {
  std::vector<unsigned> h(n);
  for (unsigned i = 0; i < n; i++) h[i] = (i * 2654435761u) ^ seed;
  unsigned *in, *out;
  if (hipMalloc(&in, n * 4) != hipSuccess || hipMalloc(&out, n * 4) != hipSuccess) return 1;
  if (hipMemcpy(in, h.data(), n * 4, hipMemcpyHostToDevice) != hipSuccess) return 1;
  size_t bytes = 0;
  if (hipcub::DeviceRadixSort::SortKeys(nullptr, bytes, in, out, (int)n) != hipSuccess) return 1;
  void *tmp;
  if (hipMalloc(&tmp, bytes) != hipSuccess) return 1;
  if (hipcub::DeviceRadixSort::SortKeys(tmp, bytes, in, out, (int)n) != hipSuccess) return 1;
  std::vector<unsigned> r(n);
  if (hipMemcpy(r.data(), out, n * 4, hipMemcpyDeviceToHost) != hipSuccess) return 1;
  for (unsigned i = 1; i < n; i++) if (r[i - 1] > r[i]) return 1;
  (void)hipFree(in); (void)hipFree(out); (void)hipFree(tmp);
  return 0;
}
SRC
done
cat > main.hip <<'SRC'
#include <hip/hip_runtime.h>
#include <cstdio>
int sort_a(unsigned n, unsigned seed);
int sort_b(unsigned n, unsigned seed);
int main() {
  if (sort_a(100000, 7) || sort_b(3000, 99)) { printf("unsorted\n"); return 1; }
  printf("ok\n");
  return 0;
}
SRC

check "a.hip compiles" "$HIPCC" -O0 -c a.hip -o a.o
check "b.hip compiles" "$HIPCC" -O0 -c b.hip -o b.o
check "main.hip compiles" "$HIPCC" -O0 -c main.hip -o main.o
check "the three objects link" "$HIPCC" a.o b.o main.o -o prog
expect_output "it runs on the CPU device" ok env HIPC_DEVICES=cpu ./prog
exit $fail
