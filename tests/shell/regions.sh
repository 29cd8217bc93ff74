#!/usr/bin/env bash
# The region form of kernels with barriers (docs/internals.md "Regions"):
# which kernels of tests/kernels/regions.hip take it (HIPC_REGIONS_VERBOSE),
# the same program built with HIPC_NO_REGIONS=1 (all on fibers) passes too,
# a loop condition the threads disagree on is reported (and runs on fibers
# with HIPC_NO_REGIONS=1), a fault in a region kernel names the thread, and
# the warp-shuffle kernels of tests/kernels/regions_warp.hip take the region
# form (or stay on fibers) as expected and pass on fibers too.
set -u
[ -x "$HIPCC" ] && [ -e "$BUILD/lib/libhipc.so" ] || exit 77
src=$(realpath tests/kernels/regions.hip)
wsrc=$(realpath tests/kernels/regions_warp.hip)
inc=$(realpath tests/kernels)
sanitized=${HIPC_SANITIZED:-}
# Under make test-asan/test-ubsan, programs get the sanitizer's flags.
tf=${TEST_CFLAGS:-}
. tests/hipcc/common.bash

# 1. Which form each kernel takes.
HIPC_REGIONS_VERBOSE=1 "$HIPCC" -O1 $tf -I"$inc" "$src" -o regions 2>notes.txt ||
  { cat notes.txt; exit 1; }
for k in k_matmul k_nested k_shapes k_returns k_all_return k_loops \
         k_template k_uniform k_uniform_after_return k_unrolled_sum \
         k_ref_args k_declarations; do
  grep -q "note: kernel '$k' runs in region form" notes.txt ||
    { echo "$k: expected the region form"; fail=1; }
done
for k in k_fiber_if k_fiber_break k_fiber_helper k_fiber_warp \
         k_fiber_lambda; do
  grep -q "note: kernel '$k' runs on fibers" notes.txt ||
    { echo "$k: expected fibers"; fail=1; }
done
[ $fail = 0 ] || cat notes.txt

# 2. The same program with the transform off: every kernel on fibers.
HIPC_NO_REGIONS=1 HIPC_REGIONS_VERBOSE=1 "$HIPCC" -O1 $tf -I"$inc" \
  "$src" -o fibers 2>notes_off.txt || { cat notes_off.txt; exit 1; }
if grep -q "region form" notes_off.txt; then
  echo "HIPC_NO_REGIONS=1 left a kernel in region form"; fail=1
fi
./fibers >out.txt 2>&1 || { echo "fibers build failed:"; cat out.txt; fail=1; }
./regions >out.txt 2>&1 || { echo "regions build failed:"; cat out.txt; fail=1; }

# 3. Loop conditions around barriers that threads may disagree on. One that
# depends on threadIdx keeps the kernel on fibers (where threads that leave
# the loop early finish and the barrier counts the others); one that the
# rewriter cannot see is checked at run time, and a disagreement stops the
# program with a report naming the thread.
cat >nonuniform.hip <<'SRC'
#include <hip/hip_runtime.h>
__device__ int ticket;
__global__ void k_divergent(int* out) {
  __shared__ int s[64];
  int t = threadIdx.x, sum = 0;
  for (int i = 0; i < t % 3 + 1; i++) {
    s[t] = i;
    __syncthreads();
    sum += s[t];
  }
  out[t] = sum;
}
__global__ void k_nonuniform(int* out) {
  __shared__ int s[64];
  int m = atomicAdd(&ticket, 1) % 3 + 1, sum = 0;
  for (int i = 0; i < m; i++) {
    s[threadIdx.x] = i;
    __syncthreads();
    sum += s[threadIdx.x];
  }
  out[threadIdx.x] = sum;
}
int main(int argc, char** argv) {
  int* d;
  if (hipMalloc(&d, 64 * sizeof(int)) != hipSuccess) return 2;
  if (argc > 1) k_nonuniform<<<1, 64>>>(d);
  else k_divergent<<<1, 64>>>(d);
  if (hipDeviceSynchronize() != hipSuccess) return 3;
  int h[64];
  if (hipMemcpy(h, d, sizeof h, hipMemcpyDeviceToHost) != hipSuccess) return 4;
  for (int t = 0; t < 64 && argc == 1; t++)
    if (h[t] != (t % 3) * (t % 3 + 1) / 2) return 5;
  return 0;
}
SRC
HIPC_REGIONS_VERBOSE=1 "$HIPCC" -O1 $tf nonuniform.hip -o nonuniform \
  2>notes.txt || { cat notes.txt; exit 1; }
grep -q "'k_divergent' runs on fibers" notes.txt &&
  grep -q "'k_nonuniform' runs in region form" notes.txt ||
  { echo "nonuniform: unexpected forms"; cat notes.txt; fail=1; }
HIPC_NO_REGIONS=1 "$HIPCC" -O1 $tf nonuniform.hip -o nonuniform_fibers || exit 1
./nonuniform || { echo "k_divergent: status $?"; fail=1; }
./nonuniform_fibers x || { echo "k_nonuniform on fibers: status $?"; fail=1; }
if [ -z "$sanitized" ]; then
  HIPC_CPU_THREADS=1 ./nonuniform x >out.txt 2>&1
  st=$?
  want="in kernel 'k_nonuniform' block (0,0,0) thread (1,0,0)"
  if [ $st -eq 0 ] || ! grep -q "disagree on the condition" out.txt ||
      ! grep -qF "$want" out.txt; then
    echo "k_nonuniform: status $st, expected a report with: $want"; cat out.txt
    fail=1
  fi
fi

# 4. A fault in a region kernel, after a barrier, names its thread.
cat >fault.hip <<'SRC'
#include <hip/hip_runtime.h>
__global__ void poke(int* p, int bad_block) {
  __shared__ int s[64];
  int t = threadIdx.x + 16 * threadIdx.y;
  s[t] = t;
  __syncthreads();
  int* q = p;
  if ((int)blockIdx.x == bad_block && threadIdx.x == 5 && threadIdx.y == 1)
    q = (int*)16;  // an unmapped address
  __syncthreads();
  q[t] = s[63 - t];
}
int main() {
  int* p;
  if (hipMalloc(&p, 64 * sizeof(int)) != hipSuccess) return 2;
  poke<<<4, dim3(16, 4)>>>(p, 2);
  (void)hipDeviceSynchronize();
  return 0;  // not reached
}
SRC
if [ -z "$sanitized" ]; then
  HIPC_REGIONS_VERBOSE=1 "$HIPCC" -O1 fault.hip -o fault 2>notes.txt || exit 1
  grep -q "'poke' runs in region form" notes.txt ||
    { echo "poke: expected the region form"; cat notes.txt; fail=1; }
  HIPC_CPU_THREADS=1 ./fault >out.txt 2>&1
  st=$?
  want="in kernel 'poke' block (2,0,0) thread (5,1,0)"
  if [ $st -eq 0 ] || ! grep -qF "$want" out.txt; then
    echo "fault: status $st, expected a report with: $want"; cat out.txt
    fail=1
  fi
fi
# 5. A barrier reached through a function pointer, which hipcc cannot
# follow: the region form stops with a report instead of running wrong.
cat >pointer.hip <<'SRC'
#include <hip/hip_runtime.h>
__device__ void do_sync() { __syncthreads(); }
typedef void (*sync_fn)();
__global__ void k_pointer(int* out) {
  __shared__ int s[64];
  sync_fn f = do_sync;
  s[threadIdx.x] = threadIdx.x;
  __syncthreads();
  f();
  out[threadIdx.x] = s[63 - threadIdx.x];
}
int main() {
  int* d;
  if (hipMalloc(&d, 64 * sizeof(int)) != hipSuccess) return 2;
  k_pointer<<<1, 64>>>(d);
  if (hipDeviceSynchronize() != hipSuccess) return 3;
  int h[64];
  if (hipMemcpy(h, d, sizeof h, hipMemcpyDeviceToHost) != hipSuccess) return 4;
  for (int t = 0; t < 64; t++)
    if (h[t] != 63 - t) return 5;
  return 0;
}
SRC
if [ -z "$sanitized" ]; then
  "$HIPCC" -O1 $tf pointer.hip -o pointer || exit 1
  HIPC_CPU_THREADS=1 ./pointer >out.txt 2>&1
  st=$?
  if [ $st -eq 0 ] || ! grep -q "through a call hipcc could not follow" \
      out.txt || ! grep -qF "in kernel 'k_pointer' block (0,0,0)" out.txt; then
    echo "pointer: status $st, expected a report"; cat out.txt; fail=1
  fi
  HIPC_NO_REGIONS=1 "$HIPCC" -O1 $tf pointer.hip -o pointer_fibers || exit 1
  ./pointer_fibers || { echo "pointer on fibers: status $?"; fail=1; }
fi
# 6. Warp shuffles (tests/kernels/regions_warp.hip): which kernels take the
# region form, and the same program on fibers gives the same (checked)
# results at both warp sizes.
HIPC_REGIONS_VERBOSE=1 "$HIPCC" -O1 $tf -I"$inc" "$wsrc" -o warp 2>notes.txt ||
  { cat notes.txt; exit 1; }
for k in k_rw_kinds k_rw_block_sum k_rw_butterfly k_rw_predicated \
         k_rw_returns k_rw_2d; do
  grep -q "note: kernel '$k' runs in region form" notes.txt ||
    { echo "$k: expected the region form"; cat notes.txt; fail=1; }
done
for k in k_rw_fiber_decl k_rw_fiber_cond k_rw_fiber_mem; do
  grep -q "note: kernel '$k' runs on fibers" notes.txt ||
    { echo "$k: expected fibers"; cat notes.txt; fail=1; }
done
HIPC_NO_REGIONS=1 "$HIPCC" -O1 $tf -I"$inc" "$wsrc" -o warp_fibers || exit 1
for ws in 64 32; do
  HIPC_WARP_SIZE=$ws ./warp_fibers >out.txt 2>&1 ||
    { echo "regions_warp on fibers, warp $ws:"; cat out.txt; fail=1; }
done
exit $fail
