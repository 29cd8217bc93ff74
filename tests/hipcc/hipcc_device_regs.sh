#!/usr/bin/env bash
# hipcc's device pass compiles kernels without __launch_bounds__ for
# HIP's default bound, 1024 threads a block: at most 64 registers a thread,
# so that such a launch never fails for want of registers (HeCBench
# groupnorm's backward kernel took 65 and its 1024-thread launches did
# nothing). Only the kernels over 64 get a capped variant (their entry
# again, named with the suffix __hipc_capped, with `.maxnreg 64`), which
# the runtime launches for blocks the kernel itself cannot run; the kernel
# keeps its registers (HeCBench pnpoly's 64-point tile spilled capped and
# ran 4 times nvcc's time). ptxas -maxrregcount=64 on every kernel made a
# tiled matmul of 32 registers take 62 and run 20% slower on an H200. A
# kernel with launch bounds keeps the registers they allow.
# HIPC_NVPTX_REGCAP=inplace caps the kernel itself, as before. Read from
# ptxas -v on the PTX hipcc assembled (-save-temps). Skipped when clang-19
# or the CUDA toolkit is not installed.
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
// A few registers: no cap, no directive.
__global__ void k_small(float* out, const float* in, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = 2.0f * in[i] + 1.0f;
}
SRC
"$HIPCC" --offload-arch=sm_90 -save-temps -c regs.hip -o regs.o \
  > out.txt 2>&1
[ $? -eq 0 ] || { echo "FAIL: regs.hip builds: $(head -5 out.txt)"; exit 1; }
[ -f regs.sm_90.ptx ] || { echo "FAIL: no regs.sm_90.ptx"; exit 1; }
"$CUDA/bin/ptxas" -arch=sm_90 -v regs.sm_90.ptx -o regs.check.cubin \
  > ptxas.txt 2>&1 || { echo "FAIL: ptxas -v regs.sm_90.ptx"; exit 1; }
# directives ENTRY [PTX]: how many .maxnreg the header of the entry named
# exactly ENTRY has.
directives() {
  awk -v k="$1(" '/\.entry / { on = index($0, " " k) > 0 }
                 on && /^\.maxnreg/ { n++ }
                 on && /^\{/ { on = 0 }
                 END { print n + 0 }' "${2:-regs.sm_90.ptx}"
}
entries() { grep -c "\.entry .*$1" "${2:-regs.sm_90.ptx}"; }
fail=0
kmany=_Z6k_manyPfPKfi
[ "$(directives $kmany)" = 0 ] ||
  { echo "FAIL: k_many itself has $(directives $kmany) .maxnreg (0 expected)"; fail=1; }
[ "$(directives ${kmany}__hipc_capped)" = 1 ] ||
  { echo "FAIL: k_many's capped variant has $(directives ${kmany}__hipc_capped) .maxnreg (1 expected)"; fail=1; }
[ "$(directives _Z7k_smallPfPKfi)" = 0 ] && [ "$(entries _Z7k_small)" = 1 ] ||
  { echo "FAIL: k_small got a register cap or variant it does not need"; fail=1; }
[ "$(directives _Z9k_boundedPfPKfi)" = 0 ] && [ "$(entries _Z9k_bounded)" = 1 ] ||
  { echo "FAIL: k_bounded got a cap or variant beside its launch bounds"; fail=1; }
# regs KERNEL: the registers ptxas gave KERNEL.
regs() {
  awk -v k="$1" '/Compiling entry function/ { on = index($0, k) > 0 }
                 on && /Used [0-9]+ registers/ {
                   for (i = 1; i <= NF; i++) if ($i == "Used") print $(i + 1)
                   exit }' ptxas.txt
}
many=$(regs "_Z6k_manyPfPKfi'")
capped=$(regs _Z6k_manyPfPKfi__hipc_capped)
bounded=$(regs _Z9k_bounded)
small=$(regs _Z7k_small)
[ -n "$many" ] && [ "$many" -gt 64 ] ||
  { echo "FAIL: k_many uses '$many' registers (uncapped: over 64)"; fail=1; }
[ -n "$capped" ] && [ "$capped" -le 64 ] ||
  { echo "FAIL: k_many's variant uses '$capped' registers (64 at most)"; fail=1; }
[ -n "$bounded" ] && [ "$bounded" -gt 64 ] ||
  { echo "FAIL: k_bounded uses '$bounded' registers (its bound allows more)"; fail=1; }
[ -n "$small" ] && [ "$small" -lt 32 ] ||
  { echo "FAIL: k_small uses '$small' registers"; fail=1; }
# The former behaviour on request: k_many itself capped, no variant.
mkdir -p inplace && (cd inplace && HIPC_NVPTX_REGCAP=inplace "$HIPCC" \
  --offload-arch=sm_90 -save-temps -c ../regs.hip -o regs.o > out.txt 2>&1) ||
  { echo "FAIL: HIPC_NVPTX_REGCAP=inplace build"; exit 1; }
[ "$(directives $kmany inplace/regs.sm_90.ptx)" = 1 ] &&
  [ "$(entries _Z6k_many inplace/regs.sm_90.ptx)" = 1 ] ||
  { echo "FAIL: HIPC_NVPTX_REGCAP=inplace: k_many not capped in place"; fail=1; }
exit $fail
