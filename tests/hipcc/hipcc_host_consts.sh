#!/usr/bin/env bash
# Host-only `const` globals stay off the GPU (docs/nvidia.md, "Host
# constants"): tests/kernels/host_const_table.hip, whose 256 KiB `extern
# const` table only host code reads, builds with --offload-arch=sm_90 (ptxas
# takes at most 64 KiB of constant data); its PTX keeps the explicit
# `__constant__` array no kernel reads (hipc-kc lists it in .constants) and
# the small `const` table a kernel reads, and the program passes on the CPU
# device.
[ -n "${HIPC_SANITIZED:-}" ] && exit 77
set -u
. "$(dirname "${BASH_SOURCE[0]}")/common.bash"
need_libhipc
need_device_pass
src=$REPO/tests/kernels/host_const_table.hip
"$HIPCC" -O2 --offload-arch=sm_90 -save-temps -I"$REPO/tests/kernels" \
  "$src" -o hct > err.txt 2>&1
rc=$?
check "builds for sm_90: $(tail -3 err.txt)" [ $rc -eq 0 ]
ptx=host_const_table.sm_90.ptx
check "the host-only table is not in the PTX" \
  bash -c "! grep -q host_table $ptx"
check "the explicit __constant__ is" \
  grep -q '^\.visible \.const \.align 4 \.b8 coefficients\[16\];' $ptx
check "the const table the kernel reads is" \
  grep -q '^\.visible \.const .* small_table\[16\] = ' $ptx
check "hipc-kc lists the explicit __constant__ only" \
  [ "$(cat host_const_table.constants)" = coefficients ]
if [ $rc -eq 0 ]; then
  out=$(HIPC_DEVICES=cpu ./hct 2>&1)
  check "runs on the CPU device: $out" \
    [ "$out" = "host_const_table: all 3 checks passed" ]
fi
exit $fail
