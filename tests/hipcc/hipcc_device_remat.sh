#!/usr/bin/env bash
# nvptx_remat_cmp.c: the GPU pass computes compares again after a loop
# where many would stay live across it (LLVM's GVN merges a tile's load
# guards with its store guards; a thread has 7 predicate registers and
# ptxas keeps the rest in general ones). tests/kernels/tile_guards.hip's
# 32-point kernel (HeCBench pnpoly's shape): the pass copies its 31 guards
# after the loop, and ptxas gives the kernel at least 12 registers fewer
# than with HIPC_NVPTX_REMAT=0 (118 against 140 with CUDA 13; nvcc's
# pnpoly: 116), which is two blocks of 256 threads a multiprocessor
# instead of one. Skipped when clang-19 or the CUDA toolkit is missing.
set -u
. "$(dirname "${BASH_SOURCE[0]}")/common.bash"
need_device_pass
src=$REPO/tests/kernels/tile_guards.hip
regs() { # PTX: registers of k_tile<32> (not its capped copy)
  "$CUDA/bin/ptxas" -arch=sm_90 -O3 -v "$1" -o /dev/null 2>&1 |
    awk '/Compiling entry/ { on = /k_tileILi32E/ && !/capped/ }
         on && /Used [0-9]+ registers/ {
           for (i = 1; i <= NF; i++) if ($i == "Used") print $(i + 1); on = 0 }'
}
"$HIPCC" --offload-arch=sm_90 -O3 -v -save-temps -I"$REPO/tests/kernels" \
  -c "$src" -o t.o 2> err.txt ||
  { echo "FAIL: tile_guards.hip builds: $(grep -m3 error err.txt)"; exit 1; }
n=$(grep -o '[0-9]* compare(s) made again' err.txt | awk '{ s += $1 } END { print s + 0 }')
check "31 or more compares copied after the loop ($n)" [ "$n" -ge 31 ]
with=$(regs tile_guards.sm_90.ptx)
mkdir -p off && cd off || exit 1
HIPC_NVPTX_REMAT=0 "$HIPCC" --offload-arch=sm_90 -O3 -save-temps \
  -I"$REPO/tests/kernels" -c "$src" -o t.o 2> err.txt ||
  { echo "FAIL: the build without the pass"; exit 1; }
without=$(regs tile_guards.sm_90.ptx)
check "k_tile<32>: registers $with with the pass, $without without" \
  [ "${with:-0}" -gt 0 -a "${without:-0}" -ge $((${with:-999} + 12)) ]
exit $fail
