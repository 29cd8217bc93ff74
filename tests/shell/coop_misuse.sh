#!/usr/bin/env bash
# grid_group::sync() in a kernel launched without hipLaunchCooperativeKernel
# is reported (kernel, block, thread) and stops the program instead of
# hanging; so are a tile wider than the warp and a tile size that is not a
# power of two; a fault inside a cooperative launch is reported with its
# thread.
# Skipped under make test-asan / test-ubsan: the program is built without
# the sanitizer flags the library has there.
[ -n "${HIPC_SANITIZED:-}" ] && exit 77
set -u
# The misuses are the CPU device's reports (a 64-thread tile, at warp size
# 64, does not even compile for an NVIDIA GPU): no device pass.
unset HIPC_OFFLOAD_ARCH
[ -x "$HIPCC" ] && [ -e "$BUILD/lib/libhipc.so" ] || exit 77
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
cat >"$dir/misuse.hip" <<'SRC'
#include <hip/hip_cooperative_groups.h>
#include <cstring>
__global__ void plain_sync(int* p) {
  p[threadIdx.x] = 1;
  cooperative_groups::this_grid().sync();
}
__global__ void coop_fault(int* p) {
  cooperative_groups::this_grid().sync();
  int* q = p;
  if (blockIdx.x == 2 && threadIdx.x == 7) q = (int*)16;
  q[threadIdx.x] = 1;
}
__global__ void wide_tile(int* p) {
  auto t = cooperative_groups::tiled_partition<64>(
      cooperative_groups::this_thread_block());
  p[threadIdx.x] = t.thread_rank();
}
__global__ void odd_tile(int* p) {
  auto t = cooperative_groups::tiled_partition(
      cooperative_groups::this_thread_block(), 3);
  p[threadIdx.x] = t.thread_rank();
}
int main(int argc, char** argv) {
  int* p;
  if (hipMalloc(&p, 64 * sizeof(int)) != hipSuccess) return 2;
  if (argc > 1 && !strcmp(argv[1], "wide")) {
    wide_tile<<<1, 64>>>(p);
  } else if (argc > 1 && !strcmp(argv[1], "odd")) {
    odd_tile<<<1, 64>>>(p);
  } else if (argc > 1 && !strcmp(argv[1], "fault")) {
    void* args[] = {&p};
    if (hipLaunchCooperativeKernel(coop_fault, dim3(4), dim3(32), args, 0, 0))
      return 3;
  } else {
    plain_sync<<<2, 32>>>(p);
  }
  (void)hipDeviceSynchronize();
  return 0;  // not reached
}
SRC
"$HIPCC" -O1 "$dir/misuse.hip" -o "$dir/misuse" || exit 1
HIPC_CPU_THREADS=1 timeout 20 "$dir/misuse" >"$dir/out" 2>&1
st=$?
if [ $st -eq 0 ] || [ $st -eq 124 ]; then
  echo "grid sync in a plain launch: status $st"; cat "$dir/out"; exit 1
fi
want="grid_group::sync() in a kernel not launched with hipLaunchCooperativeKernel in kernel 'plain_sync' block (0,0,0) thread (0,0,0)"
grep -qF "$want" "$dir/out" || { echo "expected: $want"; cat "$dir/out"; exit 1; }
HIPC_WARP_SIZE=32 timeout 20 "$dir/misuse" wide >"$dir/out" 2>&1
st=$?
want="hipc: thread_block_tile wider than the warp (HIPC_WARP_SIZE) in kernel 'wide_tile' block (0,0,0) thread (0,0,0)"
[ $st -ne 0 ] && grep -qF "$want" "$dir/out" || { echo "expected: $want"; cat "$dir/out"; exit 1; }
HIPC_WARP_SIZE=64 timeout 20 "$dir/misuse" wide >"$dir/out" 2>&1 || { cat "$dir/out"; exit 1; }
timeout 20 "$dir/misuse" odd >"$dir/out" 2>&1
st=$?
want="hipc: tiled_partition: the tile size is not a power of two in kernel 'odd_tile'"
[ $st -ne 0 ] && grep -qF "$want" "$dir/out" || { echo "expected: $want"; cat "$dir/out"; exit 1; }
HIPC_CPU_THREADS=1 timeout 20 "$dir/misuse" fault >"$dir/out" 2>&1
st=$?
if [ $st -eq 0 ] || [ $st -eq 124 ]; then
  echo "fault in a cooperative launch: status $st"; cat "$dir/out"; exit 1
fi
want="in kernel 'coop_fault' block (2,0,0) thread (7,0,0)"
grep -qF "$want" "$dir/out" || { echo "expected: $want"; cat "$dir/out"; exit 1; }
exit 0
