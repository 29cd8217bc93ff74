#!/bin/sh
# End-to-end tests of kc's region form: compiles kernels.hip for the device
# (clang's nvptx64 IR, as hipcc's kc path does), runs the driver (K.run for
# each kernel; the expected forms are checked), compiles the result for the
# host and runs harness.c over it. Usage: run.sh (from tests/kc_loops).
set -e
cd "$(dirname "$0")"
top=$(cd ../.. && pwd)
b=build
mkdir -p $b
clang++-19 -x cuda --cuda-device-only --cuda-gpu-arch=sm_70 -nocudainc \
  -nocudalib -Xclang -target-sdk-version=12.0 -Wno-unknown-cuda-version -w \
  -D__HIPCC__=1 -D__HIP__=1 -D__HIP_PLATFORM_HIPC__=1 \
  -D__HIP_DEVICE_COMPILE__=1 -D__HIPC_KC__=1 -std=c++17 -I"$top/include" \
  -include hip/hipc/nvptx_prelude.h -include hip/hip_runtime.h -O3 \
  -Xclang -disable-llvm-optzns -emit-llvm -S kernels.hip -o $b/kernels.ll
$b/driver $b/kernels.ll -o $b/kernels.run.ll > $b/forms.txt
cat $b/forms.txt
# The forms each kernel must get.
for k in k_matmul k_reduce k_counts k_saxpy k_byval k_branch3d k_leave \
    k_returns k_all_return k_skip_if k_break k_neighbours k_barrier_loop \
    k_early_exit k_reverse_1024 k_nested k_loops k_uniform \
    k_uniform_after_return k_ref_args k_uniform_redef k_mixed; do
  grep -qx "$k: loops" $b/forms.txt || { echo "FAIL: $k should be loops"; exit 1; }
done
for k in k_divergent_barrier k_divergent_loop k_shuffle; do
  grep -q "^$k: fibers: " $b/forms.txt || { echo "FAIL: $k should be fibers"; exit 1; }
done
clang-19 -O3 -c $b/kernels.run.ll -o $b/kernels.run.o
clang-19 -std=c11 -O1 -g -Wall -Wextra -I"$top/include" harness.c \
  $b/kernels.run.o -o $b/harness -lm
$b/harness
