#!/usr/bin/env bash
# Device code across translation units on the CPU device (relocatable
# device code; -fgpu-rdc or not): a kernel of one file calls a __device__
# function and uses an `extern __device__` variable of another file, and
# both see one variable; a `__managed__` variable of a.hip (and one in a
# namespace) is `extern __managed__` in b.hip, and the host code and
# kernels of both files see one object. Built as one command, with
# -fgpu-rdc, and as separate -c compiles linked afterwards.
set -u
# Programs built without the sanitizers cannot load a sanitised libhipc.
[ -n "${HIPC_SANITIZED:-}" ] && exit 77
. "$(dirname "${BASH_SOURCE[0]}")/common.bash"
need_libhipc
unset HIPC_OFFLOAD_ARCH
cat > a.hip <<'SRC'
#include <hip/hip_runtime.h>
__device__ int counter = 5;
__device__ int twice(int x) { return 2 * x + counter; }
__global__ void bump() { atomicAdd(&counter, 1); }
__managed__ int shared_count = 5;
namespace ns { __managed__ int table[4] = {1, 2, 3, 4}; }
__global__ void add_a() {
  atomicAdd(&shared_count, 1);
  ns::table[threadIdx.x] += 100;
}
int read_a() { return shared_count; }
int* addr_a() { return &shared_count; }
void launch_a() {
  add_a<<<1, 4>>>();
  (void)hipDeviceSynchronize();
}
SRC
cat > b.hip <<'SRC'
#include <hip/hip_runtime.h>
#include <cstdio>
extern __device__ int counter;
__device__ int twice(int x);
__global__ void bump();
__global__ void k(int* o) { o[threadIdx.x] = twice(threadIdx.x); }
extern __managed__ int shared_count;
namespace ns { extern __managed__ int table[4]; }
int read_a();
int* addr_a();
void launch_a();
__global__ void add_b(int* seen) {
  *seen = shared_count;
  atomicAdd(&shared_count, 10);
  ns::table[0] += 1000;
}
static int managed_across() {
  if (&shared_count != addr_a()) return 10;
  if (shared_count != 5 || read_a() != 5) return 11;
  shared_count = 7;                       // b's host code writes
  int* seen;
  if (hipMallocManaged(&seen, sizeof(int)) != hipSuccess) return 12;
  add_b<<<1, 1>>>(seen);                  // b's kernel reads and adds
  if (hipDeviceSynchronize() != hipSuccess) return 13;
  if (*seen != 7 || shared_count != 17 || read_a() != 17) return 14;
  launch_a();                             // a's kernel adds 4
  if (shared_count != 21 || read_a() != 21) return 15;
  int want[4] = {1101, 102, 103, 104};
  for (int i = 0; i < 4; i++)
    if (ns::table[i] != want[i]) return 16;
  void* sym;
  if (hipGetSymbolAddress(&sym, HIP_SYMBOL(shared_count)) != hipSuccess ||
      sym != (void*)&shared_count)
    return 17;
  int v = 40;
  if (hipMemcpyToSymbol(HIP_SYMBOL(shared_count), &v, sizeof v) !=
          hipSuccess || read_a() != 40)
    return 18;
  return 0;
}
int main() {
  int st = managed_across();
  if (st) {
    printf("managed: check %d failed (b %d, a %d)\n", st, shared_count,
           read_a());
    return st;
  }
  int* d;
  int h[64];
  if (hipMalloc(&d, 64 * sizeof(int)) != hipSuccess) return 2;
  for (int round = 0; round < 2; round++) {
    k<<<1, 64>>>(d);
    if (hipMemcpy(h, d, sizeof h, hipMemcpyDeviceToHost) != hipSuccess)
      return 3;
    for (int i = 0; i < 64; i++)
      if (h[i] != 2 * i + 5 + 64 * round) {
        printf("round %d: o[%d] = %d\n", round, i, h[i]);
        return 1;
      }
    bump<<<1, 64>>>();  // a.hip's kernel adds to the variable b.hip reads
  }
  return 0;
}
SRC
for rdc in "" -fgpu-rdc; do
  "$HIPCC" $rdc -O2 a.hip b.hip -o prog 2> err.txt
  check "builds with '$rdc' ($(cat err.txt))" [ -x prog ]
  check "runs with '$rdc'" ./prog
  rm -f prog
done
# Separate compiles, each file's object linked afterwards.
"$HIPCC" -fgpu-rdc -O2 -c a.hip -o a.o 2> err.txt &&
  "$HIPCC" -O2 -c b.hip -o b.o 2>> err.txt &&
  "$HIPCC" a.o b.o -o prog 2>> err.txt
check "builds with -c ($(cat err.txt))" [ -x prog ]
check "runs when built with -c" ./prog
exit $fail
