#!/usr/bin/env bash
# hipcc's device pass compiles kernels without __launch_bounds__ for
# HIP's default bound, 1024 threads a block: at most 64 registers a thread
# (ptxas -maxrregcount=64), so that such a launch never fails for want of
# registers (HeCBench groupnorm's backward kernel took 65 and its
# 1024-thread launches did nothing). A kernel with launch bounds keeps the
# registers they allow. Read from ptxas -v, run with hipcc's own ptxas
# command. Skipped when clang-19 or the CUDA toolkit is not installed.
set -u
. "$(dirname "${BASH_SOURCE[0]}")/common.bash"
need_device_pass

cat > regs.hip <<'SRC'
#include <hip/hip_runtime.h>
// 96 live accumulators a thread: far more than 64 registers uncapped.
#define BODY                                                          \
  float acc[96];                                                      \
  _Pragma("unroll") for (int j = 0; j < 96; j++) acc[j] =             \
      in[j * n + threadIdx.x];                                        \
  for (int r = 0; r < n; r++) {                                       \
    _Pragma("unroll") for (int j = 0; j < 96; j++) acc[j] =           \
        acc[j] * acc[(j + 1) % 96] + in[r];                           \
  }                                                                   \
  _Pragma("unroll") for (int j = 0; j < 96; j++) out[j * n +          \
                                                     threadIdx.x] = acc[j];
__global__ void k_many(float* out, const float* in, int n) { BODY }
__global__ void __launch_bounds__(256)
    k_bounded(float* out, const float* in, int n) { BODY }
SRC
"$HIPCC" -v --offload-arch=sm_90 -save-temps -c regs.hip -o regs.o \
  > out.txt 2>&1
[ $? -eq 0 ] || { echo "FAIL: regs.hip builds: $(head -5 out.txt)"; exit 1; }
cmd=$(grep -E '(^|/)ptxas ' out.txt | head -1)
[ -n "$cmd" ] || { echo "FAIL: hipcc -v shows no ptxas command"; exit 1; }
$cmd -v > ptxas.txt 2>&1 || { echo "FAIL: $cmd -v"; exit 1; }
# regs KERNEL: the registers ptxas gave KERNEL.
regs() {
  awk -v k="$1" '/Compiling entry function/ { on = index($0, k) > 0 }
                 on && /Used [0-9]+ registers/ {
                   for (i = 1; i <= NF; i++) if ($i == "Used") print $(i + 1)
                   exit }' ptxas.txt
}
many=$(regs _Z6k_many)
bounded=$(regs _Z9k_bounded)
[ -n "$many" ] && [ "$many" -le 64 ] ||
  { echo "FAIL: k_many uses '$many' registers (64 at most)"; fail=1; }
[ -n "$bounded" ] && [ "$bounded" -gt 64 ] ||
  { echo "FAIL: k_bounded uses '$bounded' registers (its bound allows more)"; fail=1; }
exit $fail
