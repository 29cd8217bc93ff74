#!/usr/bin/env bash
# nvptx_readonly_args.c: a `noalias` pointer argument that is only read,
# though its address is turned into an integer for an alignment check, is
# marked readonly, so that the NVPTX back end loads through it with
# ld.global.nc as nvcc does (LLVM counts the ptrtoint as a capture and
# infers nothing). tests/kernels/restrict_align_check.hip: k_axpy4's `a`
# and `b` (checked, then read as float4) are read with ld.global.nc.v4,
# which HIPC_NVPTX_READONLY=0 takes away; `c`, read and written, keeps
# plain loads; in k_written, `a` (its address stored) and `w` (written)
# keep plain loads. Skipped without clang-19 and the CUDA toolkit.
set -u
. "$(dirname "${BASH_SOURCE[0]}")/common.bash"
need_device_pass
src=$REPO/tests/kernels/restrict_align_check.hip
body() { awk "/\\.entry .*$2/,/^}/" "$1"; }
"$HIPCC" --offload-arch=sm_90 -O3 -v -save-temps -I"$REPO/tests/kernels" \
  -c "$src" -o t.o 2> err.txt ||
  { echo "FAIL: restrict_align_check.hip builds: $(grep -m3 error err.txt)"; exit 1; }
ptx=restrict_align_check.sm_90.ptx
nc=$(body $ptx k_axpy4 | grep -c 'ld\.global\.nc\.v4\.f32')
plain=$(body $ptx k_axpy4 | grep -c 'ld\.global\.v4\.f32')
check "k_axpy4: a and b through ld.global.nc.v4 ($nc), c plain ($plain)" \
  [ "$nc" -eq 2 -a "$plain" -eq 1 ]
wnc=$(body $ptx k_written | grep -c 'ld\.global\.nc')
check "k_written: no ld.global.nc ($wnc)" [ "$wnc" -eq 0 ]
mkdir -p off && cd off || exit 1
HIPC_NVPTX_READONLY=0 "$HIPCC" --offload-arch=sm_90 -O3 -save-temps \
  -I"$REPO/tests/kernels" -c "$src" -o t.o 2> err.txt ||
  { echo "FAIL: the build without the pass"; exit 1; }
nc0=$(body $ptx k_axpy4 | grep -c 'ld\.global\.nc\.v4')
check "HIPC_NVPTX_READONLY=0: k_axpy4 without ld.global.nc.v4 ($nc0)" \
  [ "$nc0" -eq 0 ]
exit $fail
