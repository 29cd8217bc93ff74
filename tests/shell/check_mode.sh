#!/usr/bin/env bash
# The checking mode (HIPC_CHECK, README "Checking mode"): memcheck names
# the kernel, block, thread, source line and allocation of an off-by-one
# write, a use after free and an overrun of a kernel's malloc; racecheck
# names the two threads of a __shared__ race and says nothing about the
# same kernel with its barrier; synccheck reports a barrier that some
# threads return before. Each run ends with a summary, and with status 1
# when anything was found. Unset, the same program runs unchecked.
[ -n "${HIPC_SANITIZED:-}" ] && exit 77
set -u
[ -x "$HIPCC" ] && [ -e "$BUILD/lib/libhipc.so" ] || exit 77
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
cat >"$dir/c.hip" <<'SRC'
#include <hip/hip_runtime.h>
#include <cstdio>
#include <cstring>
__global__ void fill(int* p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i <= n) p[i] = 2 * i;  // off by one: i == n writes past the end
}
__global__ void bump(int* p) { p[threadIdx.x] += 1; }
__global__ void scratch(int* out) {
  int* s = (int*)malloc(4 * sizeof(int));
  for (int i = 0; i <= 4; ++i) s[i] = i;  // one past malloc's block
  out[0] = s[3];
  free(s);
}
__global__ void racy(int* out) {
  __shared__ int s[64];
  int t = threadIdx.x;
  s[t] = t + 1;
  out[t] = s[(t + 1) % 64];  // a neighbour's value, with no barrier
}
__global__ void synced(int* out) {
  __shared__ int s[64];
  int t = threadIdx.x;
  s[t] = t + 1;
  __syncthreads();
  out[t] = s[(t + 1) % 64];
}
__global__ void early(int* out) {
  int t = threadIdx.x;
  if (t >= 40) return;
  __syncthreads();  // threads 40..63 never get here
  out[t] = t;
}
static int run(const char* what) {
  int *d, *h = (int*)calloc(200, sizeof(int));
  if (hipMalloc(&d, 100 * sizeof(int)) != hipSuccess) return 2;
  if (!strcmp(what, "oob")) {
    fill<<<2, 64>>>(d, 100);
    if (hipMemcpy(h, d, 100 * sizeof(int), hipMemcpyDeviceToHost)) return 2;
    for (int i = 0; i < 100; ++i) if (h[i] != 2 * i) return 3;
  } else if (!strcmp(what, "uaf")) {
    int* big;
    if (hipMalloc(&big, 1 << 20) != hipSuccess) return 2;
    if (hipFree(big) != hipSuccess) return 2;
    bump<<<1, 8>>>(big);
  } else if (!strcmp(what, "malloc")) {
    scratch<<<1, 1>>>(d);
  } else if (!strcmp(what, "race") || !strcmp(what, "synced")) {
    if (!strcmp(what, "race")) racy<<<1, 64>>>(d);
    else synced<<<1, 64>>>(d);
    if (hipMemcpy(h, d, 64 * sizeof(int), hipMemcpyDeviceToHost)) return 2;
    if (!strcmp(what, "synced"))
      for (int t = 0; t < 64; ++t) if (h[t] != (t + 1) % 64 + 1) return 3;
  } else if (!strcmp(what, "early")) {
    early<<<1, 64>>>(d);
  }
  if (hipDeviceSynchronize() != hipSuccess) return 2;
  printf("ran %s\n", what);
  return 0;
}
int main(int argc, char** argv) { return argc > 1 ? run(argv[1]) : 1; }
SRC
"$HIPCC" -g -O1 "$dir/c.hip" -o "$dir/c" 2>"$dir/cc" || { cat "$dir/cc"; exit 1; }
fail=0
# expect MODE ARG STATUS PATTERN...: the run's status and each pattern.
expect() {
  local mode=$1 arg=$2 want=$3 st
  shift 3
  HIPC_CHECK=$mode "$dir/c" "$arg" >"$dir/out" 2>&1
  st=$?
  if [ "$st" != "$want" ]; then
    echo "HIPC_CHECK=$mode $arg: status $st, expected $want"; cat "$dir/out"
    fail=1
    return
  fi
  for p in "$@"; do
    if ! grep -qF -- "$p" "$dir/out"; then
      echo "HIPC_CHECK=$mode $arg: no line with: $p"; cat "$dir/out"
      fail=1
    fi
  done
}
expect memcheck oob 1 \
  "hipc memcheck: invalid write of 4 bytes at c.hip:6 in kernel 'fill' block (1,0,0) thread (36,0,0): 4 bytes at 0x" \
  "0 bytes past the end of the 400-byte allocation at 0x" \
  "hipc: HIPC_CHECK=memcheck: 1 error" "ran oob"
expect memcheck uaf 1 \
  "hipc memcheck: invalid read of 4 bytes at c.hip:8 in kernel 'bump' block (0,0,0) thread (0,0,0)" \
  "inside the 1048576-byte allocation at 0x" "which was freed (use after free)" \
  "hipc: HIPC_CHECK=memcheck: 16 errors"
expect memcheck malloc 1 \
  "hipc memcheck: invalid write of 4 bytes at c.hip:11 in kernel 'scratch' block (0,0,0) thread (0,0,0)" \
  "0 bytes past the end of the 16-byte block malloc'ed by a kernel" \
  "hipc: HIPC_CHECK=memcheck: 1 error"
expect memcheck synced 0 "hipc: HIPC_CHECK=memcheck: 0 errors" "ran synced"
expect racecheck race 1 \
  "hipc racecheck: write-after-read hazard at c.hip:18 in kernel 'racy' block (0,0,0): thread (1,0,0) writes __shared__ memory at 0x" \
  "after thread (0,0,0) read it at c.hip:19, with no barrier between" \
  "hipc racecheck: read-after-write hazard at c.hip:19 in kernel 'racy' block (0,0,0): thread (63,0,0) reads __shared__ memory" \
  "after thread (0,0,0) wrote it at c.hip:18" \
  "hipc: HIPC_CHECK=racecheck: 64 errors"
expect racecheck synced 0 "hipc: HIPC_CHECK=racecheck: 0 errors" "ran synced"
expect synccheck early 1 \
  "hipc synccheck: divergent barrier at c.hip:31 in kernel 'early' block (0,0,0): __syncthreads reached by 40 of the block's 64 threads; thread (40,0,0) (one of 24) returned without reaching it" \
  "hipc: HIPC_CHECK=synccheck: 1 error"
expect synccheck synced 0 "hipc: HIPC_CHECK=synccheck: 0 errors"
expect all synced 0 "hipc: HIPC_CHECK=all: 0 errors"
expect memcheck,racecheck race 1 "hipc racecheck: write-after-read hazard"
# Unset: unchecked, no report, status 0 (the write lands in the slack of
# the allocation's size class).
expect "" oob 0 "ran oob"
grep -q "HIPC_CHECK" "$dir/out" && { echo "unchecked run reported"; fail=1; }
expect bogus synced 0 \
  "hipc: HIPC_CHECK=bogus is not a comma-separated list of memcheck, racecheck, synccheck, all, off; checking is off" \
  "ran synced"
exit $fail
