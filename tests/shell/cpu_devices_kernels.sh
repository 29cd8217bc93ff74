#!/usr/bin/env bash
# Kernels across several CPU devices (HIPC_CPU_DEVICES, README "Several
# devices and RCCL"): tests/kernels/peer_access.hip (kernels on one device
# reading, writing and adding atomically to another's memory, for every
# ordered pair) and tests/kernels/coop_multi.hip (a multi-device
# cooperative launch, one grid per device, synchronized across the grids)
# and tests/kernels/ext_multi_device.hip (hipExtLaunchMultiKernelMultiDevice
# over every device, with and without its pre- and post-launch waits),
# on 2 and 3 CPU devices at warp size 64 and 32.
set -u
. "$(dirname "${BASH_SOURCE[0]}")/../hipcc/common.bash"
need_libhipc
TF=${TEST_CFLAGS:-}
export HIPC_DEVICES=cpu
unset HIPC_CPU_THREADS
for t in peer_access coop_multi ext_multi_device; do
  # shellcheck disable=SC2086
  if ! "$HIPCC" $TF -O2 -I"$REPO/tests/kernels" \
       "$REPO/tests/kernels/$t.hip" -o $t 2> build.txt; then
    echo "FAIL: build $t"; cat build.txt; exit 1
  fi
done
for n in 2 3; do
  for ws in 64 32; do
    out=$(HIPC_CPU_DEVICES=$n HIPC_WARP_SIZE=$ws timeout 60 ./peer_access)
    check "peer_access on $n devices, warp $ws ($out)" \
      grep -q "$n device(s), $((n * (n - 1))) peer pair(s)" <<<"$out"
    check "peer_access passes on $n devices, warp $ws" \
      grep -q "all .* checks passed" <<<"$out"
    out=$(HIPC_CPU_DEVICES=$n HIPC_WARP_SIZE=$ws timeout 60 ./coop_multi)
    check "coop_multi on $n devices, warp $ws ($out)" \
      grep -q "^$n grid(s)" <<<"$out"
    check "coop_multi passes on $n devices, warp $ws" \
      grep -q "all .* checks passed" <<<"$out"
    out=$(HIPC_CPU_DEVICES=$n HIPC_WARP_SIZE=$ws timeout 60 ./ext_multi_device)
    check "ext_multi_device on $n devices, warp $ws ($out)" \
      grep -q "^$n device(s)" <<<"$out"
    check "ext_multi_device passes on $n devices, warp $ws" \
      grep -q "all .* checks passed" <<<"$out"
  done
done
exit $fail
