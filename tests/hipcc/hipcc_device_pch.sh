#!/usr/bin/env bash
# The CPU device pass's precompiled headers (src/hipcc/pch.c): hipcc -v
# shows the flavour used (device.pch, device-fast-math.pch), the program
# built with one runs and gives the host's values at warp size 64 and 32,
# and its kernels' code is the same as without the PCH (HIPC_NO_PCH=1).
# No PCH where the user's flags could change what the headers mean: a -D
# of a name they spell (_GLIBCXX_ASSERTIONS), an include directory with a
# `hip` directory, -std=c++20, -g, -fno-fast-math; nor with HIPC_NO_PCH=1. A -D of a name
# they do not spell keeps the PCH, and the source sees the macro.
# test-timeout: 400
set -u
. "$(dirname "${BASH_SOURCE[0]}")/common.bash"
unset HIPC_OFFLOAD_ARCH HIPC_NO_PCH
need_libhipc
command -v "${HIPC_CLANG:-clang-19}" > /dev/null ||
  { echo "skip: needs clang-19"; exit 77; }
[ -z "${HIPC_CLANG:-}" ] || { echo "skip: HIPC_CLANG turns the PCH off"; exit 77; }
PCH=$BUILD/lib/hipc/pch
[ -e "$PCH/device.pch" ] || { echo "skip: $PCH/device.pch is not built"; exit 77; }

cat > p.hip <<'SRC'
#include <hip/hip_runtime.h>
#include <cstdio>
static __device__ int hits;
__constant__ int bias[4] = {5, 7, 11, 13};
__global__ void k(const int* in, int* out) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  int v = in[t] * HIPC_TEST_PCH_SCALE + bias[t & 3];
  for (int o = warpSize / 2; o > 0; o /= 2) v += __shfl_xor(v, o);
  out[t] = v;
  if (t == 0) atomicAdd(&hits, 1);
}
int main() {
  const int n = 256;
  int *in, *out, h = 0, ws = 0;
  if (hipMallocManaged(&in, n * 4) || hipMallocManaged(&out, n * 4) ||
      hipDeviceGetAttribute(&ws, hipDeviceAttributeWarpSize, 0))
    return 2;
  for (int i = 0; i < n; i++) in[i] = (i * 29) % 83;
  k<<<n / 64, 64>>>(in, out);
  if (hipDeviceSynchronize() ||
      hipMemcpyFromSymbol(&h, HIP_SYMBOL(hits), sizeof h))
    return 2;
  const int b[4] = {5, 7, 11, 13};
  int bad = h != 1;
  for (int w = 0; w < n / ws; w++) {
    int s = 0;
    for (int i = w * ws; i < (w + 1) * ws; i++)
      s += in[i] * HIPC_TEST_PCH_SCALE + b[i & 3];
    for (int i = w * ws; i < (w + 1) * ws; i++) bad += out[i] != s;
  }
  printf("%d wrong (warp %d)\n", bad, ws);
  return bad != 0;
}
SRC
# uses FLAGS...: the PCH the device pass took, if any ("rejected" where
# clang refused it and the pass ran again without).
cat > small.hip <<'SRC'
#include <hip/hip_runtime.h>
__global__ void k(int* p) { p[threadIdx.x] = HIPC_TEST_PCH_SCALE; }
SRC
uses() {
  "$HIPCC" -v -c small.hip -o small.o "$@" > v.txt 2>&1 ||
    { cat v.txt; return 2; }
  if grep -q "rejected" v.txt; then echo rejected; return; fi
  grep -o -- "-include-pch [^ ]*" v.txt | sed 's|.*/||'
}
check "a -D the headers do not spell: device.pch" \
  [ "$(uses -DHIPC_TEST_PCH_SCALE=3)" = device.pch ]
check "-ffast-math: device-fast-math.pch" \
  [ "$(uses -DHIPC_TEST_PCH_SCALE=3 -O2 -ffast-math)" = device-fast-math.pch ]
check "-ffast-math -fno-fast-math: no PCH (clang's complex range differs)" \
  [ -z "$(uses -DHIPC_TEST_PCH_SCALE=3 -ffast-math -fno-fast-math)" ]
check "-D_GLIBCXX_ASSERTIONS: no PCH" \
  [ -z "$(uses -DHIPC_TEST_PCH_SCALE=3 -D_GLIBCXX_ASSERTIONS)" ]
check "-U_GLIBCXX_ASSERTIONS: no PCH" \
  [ -z "$(uses -DHIPC_TEST_PCH_SCALE=3 -U _GLIBCXX_ASSERTIONS)" ]
mkdir -p inc/hip
check "-I with a hip directory: no PCH" \
  [ -z "$(uses -DHIPC_TEST_PCH_SCALE=3 -Iinc)" ]
check "-std=c++20: no PCH" [ -z "$(uses -DHIPC_TEST_PCH_SCALE=3 -std=c++20)" ]
check "-g: no PCH" [ -z "$(uses -DHIPC_TEST_PCH_SCALE=3 -g)" ]
check "HIPC_NO_PCH=1: no PCH" \
  [ -z "$(HIPC_NO_PCH=1 uses -DHIPC_TEST_PCH_SCALE=3)" ]

# The same kernels with and without the PCH, and right at both warp sizes.
"$HIPCC" -O3 -save-temps -DHIPC_TEST_PCH_SCALE=3 p.hip -o with 2> err.txt
check "builds with the PCH ($(head -3 err.txt))" [ -x with ]
mv p.kc.o with.kc.o
HIPC_NO_PCH=1 "$HIPCC" -O3 -save-temps -DHIPC_TEST_PCH_SCALE=3 p.hip \
  -o without 2> err.txt
check "builds without the PCH ($(head -3 err.txt))" [ -x without ]
sizes() { nm -S --defined-only "$1" | awk '$3 ~ /[tT]/ {print $4, $2}' | sort; }
check "the kernels' code is the same with the PCH" \
  [ "$(sizes with.kc.o)" = "$(sizes p.kc.o)" ]
for w in 64 32; do
  [ -x with ] && check "warp $w: $(HIPC_WARP_SIZE=$w ./with 2>&1)" \
    env HIPC_WARP_SIZE=$w ./with
done
exit $fail
