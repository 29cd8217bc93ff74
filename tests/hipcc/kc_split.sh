#!/usr/bin/env bash
# hipc-kc's parallel step 7 (src/kc/split.c, split_run.c): the kernels'
# big functions optimised and compiled in modules of their own, on
# threads, the objects joined with ld -r. Checked on a program with three
# kernels (two with warp shuffles, one with a __device__ variable and a
# constant table that every part reads): split into 2 and 3 parts
# (HIPC_KC_JOBS, HIPC_KC_SPLIT_MIN=1 so that small kernels split), the
# object defines no more global symbols than the unsplit one, each
# kernel's code is the same size as without the split (whole kernels,
# HIPC_KC_SPLIT_BODIES=0), and the program gives the host's values at
# warp size 64 and 32. A program with one warp kernel splits its
# warp-size-32 body off (unless HIPC_KC_SPLIT_BODIES=0) and is right at
# both warp sizes. Then kernel tests whose
# K.thread calls the headers' linkonce_odr functions (which the part that
# defines the image would otherwise drop) built split into 4 parts and run.
# test-timeout: 400
set -u
. "$(dirname "${BASH_SOURCE[0]}")/common.bash"
command -v "${HIPC_CLANG:-clang-19}" > /dev/null ||
  { echo "skip: needs clang-19"; exit 77; }
KC=$BUILD/bin/hipc-kc

cat > sp.hip <<'SRC'
#include <hip/hip_runtime.h>
#include <cstdio>

__device__ unsigned calls;
__constant__ int bias[4] = {3, 1, 4, 1};
static __device__ int twice(int v) { return 2 * v + bias[v & 3]; }

__global__ void sum_warp(const int* in, int* out) {
  int v = twice(in[blockIdx.x * blockDim.x + threadIdx.x]);
  for (int o = warpSize / 2; o > 0; o /= 2) v += __shfl_down(v, o);
  if (threadIdx.x % warpSize == 0)
    out[(blockIdx.x * blockDim.x + threadIdx.x) / warpSize] = v;
}
__global__ void max_warp(const int* in, int* out) {
  int v = in[blockIdx.x * blockDim.x + threadIdx.x];
  for (int o = 1; o < warpSize; o *= 2) v = max(v, __shfl_xor(v, o));
  out[blockIdx.x * blockDim.x + threadIdx.x] = v;
}
__global__ void scale(const int* in, int* out) {
  __shared__ int s[128];
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  s[threadIdx.x] = twice(in[t]);
  __syncthreads();
  out[t] = s[blockDim.x - 1 - threadIdx.x];
  if (t == 0) atomicAdd(&calls, 1u);
}
int main() {
  const int n = 512, b = 128;
  int *in, *o1, *o2, *o3;
  if (hipMallocManaged(&in, n * 4) || hipMallocManaged(&o1, n * 4) ||
      hipMallocManaged(&o2, n * 4) || hipMallocManaged(&o3, n * 4))
    return 2;
  for (int i = 0; i < n; i++) in[i] = (i * 37) % 101;
  int ws = 0;
  if (hipDeviceGetAttribute(&ws, hipDeviceAttributeWarpSize, 0)) return 2;
  sum_warp<<<n / b, b>>>(in, o1);
  max_warp<<<n / b, b>>>(in, o2);
  scale<<<n / b, b>>>(in, o3);
  scale<<<n / b, b>>>(in, o3);
  unsigned c = 0;
  if (hipDeviceSynchronize() ||
      hipMemcpyFromSymbol(&c, HIP_SYMBOL(calls), sizeof c))
    return 2;
  static const int bias_h[4] = {3, 1, 4, 1};
  int bad = c != 2;
  for (int w = 0; w < n / ws; w++) {
    int s = 0, m = 0;
    for (int i = w * ws; i < (w + 1) * ws; i++) {
      s += 2 * in[i] + bias_h[in[i] & 3];
      m = in[i] > m ? in[i] : m;
    }
    bad += o1[w] != s;
    for (int i = w * ws; i < (w + 1) * ws; i++) bad += o2[i] != m;
  }
  for (int i = 0; i < n; i++) {
    int j = (i / b) * b + b - 1 - i % b;
    bad += o3[i] != 2 * in[j] + bias_h[in[j] & 3];
  }
  printf("%d wrong (warp %d)\n", bad, ws);
  return bad != 0;
}
SRC
"$HIPCC" -O2 -save-temps sp.hip -o sp0 2> err.txt
check "sp.hip builds ($(head -3 err.txt))" [ -x sp0 ]
[ -x sp0 ] || exit 1
HIPC_KC_JOBS=1 "$KC" sp.cpu.bc --id t -O2 -o one.o
globals() { nm --defined-only -g "$1" | awk '{print $3}' | sort; }
sizes() { nm -S --defined-only "$1" | awk '$3 ~ /[tT]/ {print $4, $2}' | sort; }
for jobs in 2 3; do
  HIPC_KC_JOBS=$jobs HIPC_KC_SPLIT_MIN=1 HIPC_KC_TIME=1 \
    HIPC_KC_SPLIT_BODIES=0 "$KC" sp.cpu.bc --id t -O2 -o split$jobs.o \
    2> time.txt
  check "$jobs parts: the split ran ($(tail -1 time.txt))" \
    grep -q "optimise and emit" time.txt
  check "$jobs parts: no symbol left over ($(ls split$jobs.o.* 2>&1 | head -1))" \
    [ -z "$(ls split$jobs.o.* 2> /dev/null)" ]
  check "$jobs parts: the same global symbols as one" \
    [ "$(globals split$jobs.o)" = "$(globals one.o)" ]
  check "$jobs parts: each function the same size as in one part" \
    [ "$(sizes split$jobs.o)" = "$(sizes one.o)" ]
  HIPC_KC_JOBS=$jobs HIPC_KC_SPLIT_MIN=1 "$HIPCC" -O2 sp.hip -o sp$jobs \
    2> err.txt
  check "$jobs parts: builds ($(head -3 err.txt))" [ -x sp$jobs ]
  for w in 64 32; do
    [ -x sp$jobs ] && check "$jobs parts, warp $w: $(HIPC_WARP_SIZE=$w ./sp$jobs 2>&1)" \
      env HIPC_WARP_SIZE=$w ./sp$jobs
  done
done
# One warp kernel: by default its warp-size-32 body goes to a part of its
# own (K.run.32), K.run keeps the warp-size-64 body; right at both sizes.
cat > cold.hip <<'SRC'
#include <hip/hip_runtime.h>
#include <cstdio>
__global__ void scan_warp(const int* in, int* out) {
  int t = blockIdx.x * blockDim.x + threadIdx.x, lane = threadIdx.x % warpSize;
  int v = in[t];
  for (int o = 1; o < warpSize; o *= 2) {
    int u = __shfl_up(v, o);
    if (lane >= o) v += u;
  }
  out[t] = v;
}
int main() {
  const int n = 1024;
  int *in, *out, ws = 0;
  if (hipMallocManaged(&in, n * 4) || hipMallocManaged(&out, n * 4) ||
      hipDeviceGetAttribute(&ws, hipDeviceAttributeWarpSize, 0))
    return 2;
  for (int i = 0; i < n; i++) in[i] = (i * 53) % 97 - 40;
  scan_warp<<<n / 128, 128>>>(in, out);
  if (hipDeviceSynchronize()) return 2;
  int bad = 0;
  for (int w = 0; w < n / ws; w++)
    for (int i = w * ws, s = 0; i < (w + 1) * ws; i++) bad += out[i] != (s += in[i]);
  printf("%d wrong (warp %d)\n", bad, ws);
  return bad != 0;
}
SRC
HIPC_KC_JOBS=2 HIPC_KC_SPLIT_MIN=1 "$HIPCC" -O2 -save-temps cold.hip -o cold \
  2> err.txt
check "cold.hip builds ($(head -3 err.txt))" [ -x cold ]
n32=$(nm cold.kc.o 2> /dev/null | grep -c '\.run\.32$')
check "one warp kernel: its 32 body apart ($n32)" [ "$n32" = 1 ]
HIPC_KC_JOBS=2 HIPC_KC_SPLIT_MIN=1 HIPC_KC_SPLIT_BODIES=0 "$KC" cold.cpu.bc \
  --id t -O2 -o whole.o
n32=$(nm whole.o | grep -c '\.run\.32$')
check "HIPC_KC_SPLIT_BODIES=0: its 32 body inlined ($n32)" [ "$n32" = 0 ]
for w in 64 32; do
  [ -x cold ] && check "one warp kernel, warp $w: $(HIPC_WARP_SIZE=$w ./cold 2>&1)" \
    env HIPC_WARP_SIZE=$w ./cold
done
for t in fp16 bf16 coop_grid; do
  HIPC_KC_JOBS=4 HIPC_KC_SPLIT_MIN=1 "$HIPCC" -O2 -I"$REPO/tests/kernels" \
    "$REPO/tests/kernels/$t.hip" -o $t 2> err.txt
  check "$t in 4 parts: builds ($(grep -m2 'error\|undefined' err.txt))" [ -x $t ]
  for w in 64 32; do
    [ -x $t ] && check "$t in 4 parts, warp $w: $(HIPC_WARP_SIZE=$w ./$t 2>&1 | tail -1)" \
      env HIPC_WARP_SIZE=$w ./$t
  done
done
exit $fail
