#!/usr/bin/env bash
# A kernel template instantiated with `__device__` lambdas
# (tests/kernels/lambda_kernel.hip) built for sm_90: the GPU image (PTX
# and cubin) has both instantiations, and, under the clang front end
# (HIPC_FRONTEND=clang), the host object defines a kernel handle of each
# of those names, so the GPU runs them (hipcc's rewriter mangles the
# closure types differently on the host side: its GPU images have the
# kernels under names the host never asks for, which hipcc warns about).
# The program runs on the CPU device either way. Skipped when clang-19 or
# the CUDA toolkit is not installed.
set -u
# Programs built without the sanitizers cannot load a sanitised libhipc.
[ -n "${HIPC_SANITIZED:-}" ] && exit 77
kernels=$(cd "$(dirname "${BASH_SOURCE[0]}")/../kernels" && pwd)
. "$(dirname "${BASH_SOURCE[0]}")/common.bash"
need_device_pass
need_libhipc
cp "$kernels/lambda_kernel.hip" lk.hip
cp "$kernels/common.h" .
"$HIPCC" --offload-arch=sm_90 -save-temps -c lk.hip -o lk.o 2> err.txt
rc=$?
check "lk.hip builds for sm_90 ($(head -3 err.txt))" [ $rc -eq 0 ]
names=$(sed -n 's/^\.visible \.entry \(_Z5applyI[A-Za-z0-9_]*\)(.*/\1/p' \
  lk.sm_90.ptx | sort)
check "the PTX has two instantiations of apply ($names)" \
  [ "$(echo "$names" | grep -c .)" -eq 2 ]
for n in $names; do
  check "the cubin has $n" grep -q -a -F ".text.$n" lk.sm_90.cubin
done
if [ "${HIPC_FRONTEND:-clang}" = clang ]; then
  check "no warning ($(cat err.txt))" [ ! -s err.txt ]
  for n in $names; do
    check "the host object defines $n" \
      sh -c "nm lk.host.o | grep -q ' [dDrR] $n\$'"
  done
else
  echo "note: hipcc's rewriter gives these kernels no GPU code of the host's names"
fi
"$HIPCC" lk.o -o lk 2> err.txt && HIPC_DEVICES=cpu ./lk > out.txt 2>&1
rc=$?
check "it runs on the CPU device ($(cat err.txt out.txt))" [ $rc -eq 0 ]
exit $fail
