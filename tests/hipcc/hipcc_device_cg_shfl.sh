#!/usr/bin/env bash
# Group shuffles in hipcc's device pass (hip/hipc/cg_nvptx.h) stay small:
# the lane of a member of rank r was found by a search of the group's mask
# (clear the lowest bit r times), which ptxas unrolled 31 times at every
# shuffle: HeCBench groupnorm's backward kernel, ten shfl_xor of a
# tiled_partition<32>, took 12976 SASS instructions and 56 registers
# (nvcc: 904 and 36). A tile of a block is consecutive lanes, so its
# shuffles take the lane without a search (no loop in k_tile's PTX); a
# coalesced group keeps the search, rolled (`.pragma "nounroll"`), and its
# kernel's code stays under 8 KiB (ptxas's unrolled searches: about
# 7 KiB a shuffle). Skipped when clang-19 or the CUDA toolkit is missing.
set -u
. "$(dirname "${BASH_SOURCE[0]}")/common.bash"
need_device_pass

cat > shfl.hip <<'SRC'
#include <hip/hip_cooperative_groups.h>
namespace cg = cooperative_groups;
__global__ void k_tile(float* out) {
  auto t = cg::tiled_partition<32>(cg::this_thread_block());
  float v = out[threadIdx.x];
  for (int o = 16; o > 0; o /= 2) v += t.shfl_xor(v, o);
  out[threadIdx.x] = v;
}
__global__ void k_coalesced(float* out) {
  if (out[threadIdx.x] > 0) {
    auto g = cg::coalesced_threads();
    float v = out[threadIdx.x];
    for (int o = 1; o < 32; o *= 2) v += g.shfl_down(v, o);
    out[threadIdx.x] = v;
  }
}
SRC
"$HIPCC" --offload-arch=sm_90 -O3 -save-temps -c shfl.hip -o shfl.o \
  2> err.txt || { echo "FAIL: shfl.hip builds: $(head -5 err.txt)"; exit 1; }
body() { awk "/\\.entry .*$1/,/^}/" shfl.sm_90.ptx; }
[ "$(body k_tile | grep -c 'shfl\.sync')" -eq 5 ] ||
  { echo "FAIL: k_tile has not 5 shfl.sync"; fail=1; }
[ "$(body k_tile | grep -cE 'Loop Header|pragma "nounroll"')" -eq 0 ] ||
  { echo "FAIL: k_tile's shuffles search the tile's mask (a loop)"; fail=1; }
[ "$(body k_coalesced | grep -c 'pragma "nounroll"')" -ge 1 ] ||
  { echo "FAIL: k_coalesced's mask search is not kept rolled"; fail=1; }
# The size column of k_coalesced's .text section.
size=$(readelf -SW shfl.sm_90.cubin 2> /dev/null | grep "text\..*k_coalesced" |
  sed 's/.*PROGBITS *//' | awk '{print $3}')
[ -n "$size" ] && [ $((16#$size)) -le 8192 ] ||
  { echo "FAIL: k_coalesced's code is ${size:-?} (hex) bytes (8 KiB at most)";
    fail=1; }
exit $fail
