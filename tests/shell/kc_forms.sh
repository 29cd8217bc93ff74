#!/usr/bin/env bash
# The forms kc gives kernels with barriers, through hipcc (docs/frontend.md):
# `hipcc -v` names each kernel's form ("hipc-kc: kernel K: loops" or
# "fibers (why)"); tests/kernels/regions.hip passes with the region form and
# with HIPC_NO_REGIONS=1 (every kernel on fibers); a loop around a barrier
# whose condition depends on threadIdx runs right (the threads that leave it
# early are not waited for, as on a GPU), whether the condition depends on
# threadIdx or on memory; a fault after a barrier names its thread; a barrier behind a function
# pointer runs on fibers; grid sync keeps a kernel on fibers.
set -u
[ -x "$HIPCC" ] && [ -e "$BUILD/lib/libhipc.so" ] || exit 77
[ -x "$BUILD/bin/hipc-kc" ] && command -v clang-19 >/dev/null || exit 77
src=$(realpath tests/kernels/regions.hip)
inc=$(realpath tests/kernels)
sanitized=${HIPC_SANITIZED:-}
tf=${TEST_CFLAGS:-}
. tests/hipcc/common.bash
hipcc() { "$HIPCC" "$@"; }
# form FILE KERNEL-NAME: the form hipcc -v printed for the kernel whose
# mangled name contains KERNEL-NAME followed by its parameters.
form() {
  sed -n "s/^hipc-kc: kernel _Z[0-9]*$2[^:]*: \([a-z]*\).*/\1/p" "$1" | head -1
}

# 1. Forms and results of regions.hip, with and without the region form.
hipcc -v -O1 $tf -I"$inc" "$src" -o regions 2>notes.txt ||
  { cat notes.txt; exit 1; }
for k in k_matmul k_nested k_shapes k_returns k_all_return k_loops \
         k_uniform k_uniform_after_return k_ref_args k_fiber_if \
         k_fiber_break k_fiber_helper k_fiber_lambda k_declarations \
         k_template k_unrolled_sum; do
  [ "$(form notes.txt $k)" = loops ] ||
    { echo "$k: expected loops, got '$(form notes.txt $k)'"; fail=1; }
done
./regions >out.txt 2>&1 || { echo "regions:"; cat out.txt; fail=1; }
HIPC_NO_REGIONS=1 hipcc -v -O1 $tf -I"$inc" "$src" -o fibers 2>notes.txt ||
  { cat notes.txt; exit 1; }
grep -q ': loops' notes.txt && { echo "HIPC_NO_REGIONS=1 left loops"; fail=1; }
./fibers >out.txt 2>&1 || { echo "fibers:"; cat out.txt; fail=1; }

# 2. Loop conditions around barriers that threads disagree on.
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
hipcc -v -O1 $tf nonuniform.hip -o nonuniform 2>notes.txt ||
  { cat notes.txt; exit 1; }
# Threads that leave the loop meet no barrier after it: they count as
# exited, as on a GPU, so both kernels keep the loops.
[ "$(form notes.txt k_divergent)" = loops ] &&
  [ "$(form notes.txt k_nonuniform)" = loops ] ||
  { echo "nonuniform: unexpected forms"; cat notes.txt; fail=1; }
./nonuniform || { echo "k_divergent: status $?"; fail=1; }
./nonuniform x || { echo "k_nonuniform: status $?"; fail=1; }
HIPC_NO_REGIONS=1 hipcc -O1 $tf nonuniform.hip -o nonuniform_fibers || exit 1
./nonuniform_fibers || { echo "k_divergent on fibers: status $?"; fail=1; }

# 3. A fault after a barrier names its thread.
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
  hipcc -v -O1 fault.hip -o fault 2>notes.txt || exit 1
  [ "$(form notes.txt poke)" = loops ] ||
    { echo "poke: expected loops"; cat notes.txt; fail=1; }
  HIPC_CPU_THREADS=1 ./fault >out.txt 2>&1
  st=$?
  want="in kernel 'poke' block (2,0,0) thread (5,1,0)"
  if [ $st -eq 0 ] || ! grep -qF "$want" out.txt; then
    echo "fault: status $st, expected a report with: $want"; cat out.txt
    fail=1
  fi
fi

# 4. A barrier behind a function pointer, and a grid sync: fibers, right.
cat >pointer.hip <<'SRC'
#include <hip/hip_runtime.h>
#include <hip/hip_cooperative_groups.h>
__device__ void do_sync() { __syncthreads(); }
__device__ void do_sync2() { __syncthreads(); }
typedef void (*sync_fn)();
// Chosen at run time: a pointer the compiler cannot resolve to a callee.
__device__ sync_fn table[2] = {do_sync, do_sync2};
__global__ void k_pointer(int* out) {
  __shared__ int s[64];
  sync_fn f = table[out[64]];
  s[threadIdx.x] = threadIdx.x;
  f();
  out[threadIdx.x] = s[63 - threadIdx.x];
}
__global__ void k_grid(int* out) {
  cooperative_groups::this_grid().sync();
  out[threadIdx.x] += 1;
}
int main() {
  int* d;
  if (hipMalloc(&d, 65 * sizeof(int)) != hipSuccess) return 2;
  if (hipMemset(d, 0, 65 * sizeof(int)) != hipSuccess) return 2;
  k_pointer<<<1, 64>>>(d);
  void* args[] = {&d};
  if (hipLaunchCooperativeKernel((const void*)k_grid, dim3(1), dim3(64), args,
                                 0, 0) != hipSuccess) return 3;
  if (hipDeviceSynchronize() != hipSuccess) return 4;
  int h[64];
  if (hipMemcpy(h, d, sizeof h, hipMemcpyDeviceToHost) != hipSuccess) return 5;
  for (int t = 0; t < 64; t++)
    if (h[t] != 64 - t) return 6;
  return 0;
}
SRC
hipcc -v -O1 $tf pointer.hip -o pointer 2>notes.txt || { cat notes.txt; exit 1; }
[ "$(form notes.txt k_pointer)" = fibers ] &&
  [ "$(form notes.txt k_grid)" = fibers ] ||
  { echo "pointer: expected fibers"; cat notes.txt; fail=1; }
./pointer || { echo "pointer: status $?"; fail=1; }
exit $fail
