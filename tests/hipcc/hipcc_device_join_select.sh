#!/usr/bin/env bash
# The GPU pass makes a branch to two small arms whose join has other
# predecessors selects (nvptx_join_select.c): a two-pointer merge's
# `else if (a < b) i++; else j++;` becomes nvcc's `selp` of the counters,
# and its loop keeps the one branch of the equal case, as nvcc's PTX
# (HeCBench jaccard's intersection kernel took 1.14-1.17 times nvcc's time
# with a branch in each trip). HIPC_NVPTX_JOIN=0 keeps the branch (so
# that the test can fail). The values are checked on the CPU device and a
# GPU by tests/kernels/merge_branches.hip, the rewrite's arithmetic on
# this machine by hipcc_device_join_select_exec.sh.
# Skipped when clang-19 or the CUDA toolkit is not installed.
set -u
. "$(dirname "${BASH_SOURCE[0]}")/common.bash"
need_device_pass

cat > merge.hip <<'SRC'
#include <hip/hip_runtime.h>
__global__ void k_merge(const int* __restrict__ ptr, const int* __restrict__ ind,
                        const float* __restrict__ w, float* out, int n) {
  int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r + 1 >= n) return;
  int i = ptr[r], ie = ptr[r + 1], j = ptr[r + 1], je = ptr[r + 2];
  float s = 0;
  while (i < ie && j < je) {
    int a = ind[i], b = ind[j];
    if (a == b) { s += w[a]; i++; j++; }
    else if (a < b) i++;
    else j++;
  }
  out[r] = s;
}
SRC
entry_ptx new merge.hip k_merge && entry_ptx old merge.hip k_merge \
  HIPC_NVPTX_JOIN=0 || exit 1
new=$(cat new/entry.ptx)
old=$(cat old/entry.ptx)
n=$(grep -c 'selp' <<< "$new")
[ "$n" -ge 2 ] || { echo "FAIL: $n selp in k_merge (2 expected)"; fail=1; }
bn=$(grep -c 'bra' <<< "$new")
bo=$(grep -c 'bra' <<< "$old")
[ "$bn" -lt "$bo" ] ||
  { echo "FAIL: $bn branches in k_merge, $bo with HIPC_NVPTX_JOIN=0"; fail=1; }
[ "$(grep -c 'selp' <<< "$old")" -lt "$n" ] ||
  { echo "FAIL: HIPC_NVPTX_JOIN=0 has the selects too (is the test still" \
         "meaningful?)"; fail=1; }
exit $fail
