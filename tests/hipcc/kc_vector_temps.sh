#!/usr/bin/env bash
# Vector-type arithmetic stays in registers on the CPU device: the
# operators of float4 & co. (hip/hipc/vector_types) loop over their
# elements, and hipc-kc unrolls those loops in each device function before
# inlining (src/kc/simplify.c), so that SROA promotes the temporaries after
# the operators are inlined. Left in memory, each temporary became a
# per-thread array in the region form's arena and every operator a store
# and reload (HeCBench mdh ran 6x slower than its OpenMP twin). Checked on
# the working copy hipc-kc prints (KC_LOOPS_DEBUG=1): no alloca is left in
# the kernels; the values are checked by running the program.
set -u
. "$(dirname "${BASH_SOURCE[0]}")/common.bash"
command -v "${HIPC_CLANG:-clang-19}" > /dev/null ||
  { echo "skip: needs clang-19"; exit 77; }
KC=$BUILD/bin/hipc-kc

cat > vt.hip <<'SRC'
#include <hip/hip_runtime.h>
#include <cstdio>

__global__ void k_flat(const float* a, const float4* g, float4* out, int n) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  float4 v = make_float4(0.f, 0.f, 0.f, 0.f), lg = g[t];
  for (int i = 0; i < n; i++) v += lg - a[i];
  out[t] = v;
}
__global__ void k_tiled(const float* a, const int2* g, int2* out, int n) {
  __shared__ float sh[64];
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  int2 v = make_int2(0, 0), lg = g[t];
  for (int j = 0; j < n; j += 64) {
    sh[threadIdx.x] = a[j + threadIdx.x];
    __syncthreads();
    for (int i = 0; i < 64; i++) v += lg * (int)sh[i];
    __syncthreads();
  }
  out[t] = v;
}
int main() {
  const int n = 128, nt = 128;
  float *a; float4 *g, *o; int2 *gi, *oi;
  if (hipMallocManaged(&a, n * 4) || hipMallocManaged(&g, nt * 16) ||
      hipMallocManaged(&o, nt * 16) || hipMallocManaged(&gi, nt * 8) ||
      hipMallocManaged(&oi, nt * 8)) return 2;
  float sa = 0;
  for (int i = 0; i < n; i++) { a[i] = i % 7; sa += a[i]; }
  for (int t = 0; t < nt; t++) {
    g[t] = make_float4(t, -t, 0.5f * t, 1);
    gi[t] = make_int2(t, 3 - t);
  }
  k_flat<<<nt / 64, 64>>>(a, g, o, n);
  k_tiled<<<nt / 64, 64>>>(a, gi, oi, n);
  if (hipDeviceSynchronize()) return 2;
  int bad = 0;
  for (int t = 0; t < nt; t++) {
    float4 w = make_float4(n * (float)t - sa, n * (float)-t - sa,
                           n * 0.5f * t - sa, n - sa);
    bad += o[t].x != w.x || o[t].y != w.y || o[t].z != w.z || o[t].w != w.w;
    bad += oi[t].x != t * (int)sa || oi[t].y != (3 - t) * (int)sa;
  }
  printf("%d wrong\n", bad);
  return bad != 0;
}
SRC
"$HIPCC" -O2 -save-temps vt.hip -o vt 2> err.txt
check "vt.hip builds ($(head -3 err.txt))" [ -x vt ]
if [ -x vt ]; then
  check "float4 and int2 arithmetic gives the host's values ($(./vt 2>&1))" ./vt
  KC_LOOPS_DEBUG=1 "$KC" vt.cpu.bc --id t -O2 -o vt2.o 2> copy.txt
  for k in k_flat k_tiled; do
    n=$(awk "/^define.*$k.*loops.tmp/,/^}/" copy.txt | grep -c ' = alloca ')
    m=$(awk "/^define.*$k.*loops.tmp/,/^}/" copy.txt | grep -c .)
    check "$k: the working copy exists ($m lines) and holds no alloca ($n)" \
      [ "$m" -gt 0 -a "$n" = 0 ]
  done
fi
exit $fail
