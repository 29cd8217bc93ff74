#!/usr/bin/env bash
# PTX inline assembly in a program built for GPUs too: nvcc builds such
# programs (HeCBench attentionMultiHeadKVCache's `cp.async` and
# `ex2.approx`, unguarded), and so does hipcc now; the CPU device cannot
# run the assembly, so its kernel aborts where it reaches it, with the
# CPU device's assert report (the assembly, the kernel, block and thread),
# and runs normally where it does not. A build for the CPU device alone
# still fails at compile time, naming the source file.
# Skipped when clang-19 or the CUDA toolkit is not installed.
set -u
. "$(dirname "${BASH_SOURCE[0]}")/common.bash"
need_device_pass

cat > asm.hip <<'SRC'
#include <hip/hip_runtime.h>
#include <cstdio>
__device__ float fast_exp2(float x) {
  float y;
  asm volatile("ex2.approx.ftz.f32 %0, %1;" : "=f"(y) : "f"(x));
  return y;
}
__global__ void k_mixed(float* out, int use_asm) {
  int i = threadIdx.x;
  out[i] = use_asm && i == 3 ? fast_exp2((float)i) : 2.0f * i + 1.0f;
}
int main(int argc, char** argv) {
  float* d;
  if (hipMalloc(&d, 8 * sizeof(float)) != hipSuccess) return 2;
  hipLaunchKernelGGL(k_mixed, dim3(1), dim3(8), 0, 0, d, argc > 1);
  hipError_t e = hipDeviceSynchronize();
  float h[8];
  if (hipMemcpy(h, d, sizeof h, hipMemcpyDeviceToHost) != hipSuccess) return 3;
  printf("%s", hipGetErrorName(e));
  for (int i = 0; i < 8; i++) printf(" %g", h[i]);
  printf("\n");
  return 0;
}
SRC
"$HIPCC" --offload-arch=sm_90 -O2 asm.hip -o both 2> err.txt ||
  { echo "FAIL: the build for sm_90 and the CPU: $(head -5 err.txt)"; exit 1; }
out=$(HIPC_DEVICES=cpu ./both 2>&1)
[ "$out" = "hipSuccess 1 3 5 7 9 11 13 15" ] ||
  { echo "FAIL: without the assembly: $out"; fail=1; }
HIPC_DEVICES=cpu ./both use-asm > out.txt 2>&1
rc=$?
[ $rc -eq 134 ] || { echo "FAIL: reaching the assembly: status $rc"; fail=1; }
grep -q "PTX inline assembly, which the CPU device cannot run: ex2.approx.ftz.f32" out.txt &&
  grep -q "kernel 'k_mixed' block (0,0,0) thread (3,0,0)" out.txt ||
  { echo "FAIL: the report:"; cat out.txt; fail=1; }
"$HIPCC" -O2 asm.hip -o cpu 2> err.txt &&
  { echo "FAIL: the CPU-only build succeeded"; fail=1; }
grep -q "asm.hip: kernel _Z7k_mixedPfi: inline assembly, which the CPU device cannot run" err.txt ||
  { echo "FAIL: the CPU-only build's error:"; cat err.txt; fail=1; }
exit $fail
