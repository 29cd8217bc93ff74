#!/bin/sh
# End-to-end tests of kc's region form. Compiles kernels.hip for the device
# (clang's nvptx64 IR, as hipcc's kc path does), then:
#  1. the development driver makes K.run for each kernel (the expected forms
#     are checked), the result is compiled for the host and harness.c runs
#     it (the driver's crude lowering: __shared__ become plain globals);
#  2. where hipc-kc is built ($BUILD/bin/hipc-kc, after the kc branch is
#     merged), the same kernels through the whole kc pipeline: harness.c
#     (-DKC_IMAGE) finds each K.run in the registered image.
# Usage: run.sh (from anywhere); exit status 0 when everything passed, 77
# without clang-19 (the driver is built first, with make).
set -e
cd "$(dirname "$0")"
top=$(cd ../.. && pwd)
b=build
command -v clang++-19 >/dev/null 2>&1 || { echo "no clang++-19"; exit 77; }
make -s
devcc() {
  clang++-19 -x cuda --cuda-device-only --cuda-gpu-arch=sm_70 -nocudainc \
    -nocudalib -Xclang -target-sdk-version=12.0 -Wno-unknown-cuda-version -w \
    -D__HIPCC__=1 -D__HIP__=1 -D__HIP_PLATFORM_HIPC__=1 \
    -D__HIP_DEVICE_COMPILE__=1 -D__HIPC_KC__=1 -std=c++17 -I"$top/include" \
    -include hip/hipc/nvptx_prelude.h -include hip/hip_runtime.h -O3 \
    -Xclang -disable-llvm-optzns -emit-llvm "$@"
}
loops="k_matmul k_reduce k_counts k_saxpy k_byval k_branch3d k_leave
  k_returns k_all_return k_skip_if k_break k_neighbours k_barrier_loop
  k_early_exit k_reverse_1024 k_nested k_loops k_uniform
  k_uniform_after_return k_ref_args k_uniform_redef k_mixed k_loaded_bound
  k_flag k_disagree k_shuffle k_warp_sum k_votes k_shfl_width k_block_sum
  k_transpose k_shared_atomics k_warp_2d"
fibers="k_divergent_barrier k_divergent_loop"

devcc -S kernels.hip -o $b/kernels.ll
$b/driver $b/kernels.ll -o $b/kernels.run.ll > $b/forms.txt
cat $b/forms.txt
for k in $loops; do
  grep -qx "$k: loops" $b/forms.txt || { echo "FAIL: $k should be loops"; exit 1; }
done
for k in $fibers; do
  grep -q "^$k: fibers: " $b/forms.txt || { echo "FAIL: $k should be fibers"; exit 1; }
done
# Shared-memory atomics are plain code in K.run: one atomic is left there,
# on global memory, in each copy of its body (two where it has one for
# one-row blocks, K.run.f: form_loops_wrap.c; counted after cleanup: the
# split of thread loops at guards, form_loops_split.c, leaves dead copies
# for LLVM to delete).
clang-19 -O1 -S -emit-llvm $b/kernels.run.ll -o $b/kernels.run.O1.ll
n=$(awk '/^define.* @k_shared_atomics_run\(/,/^}/' $b/kernels.run.O1.ll |
  grep -c 'atomicrmw\|cmpxchg') || true
flat=$(grep -c '^define.* @"\?k_shared_atomics\.run\.f"\?(' $b/kernels.run.ll) || true
copies=$((1 + flat))
[ "$n" = $copies ] ||
  { echo "FAIL: k_shared_atomics: $n atomics in K.run, not $copies"; exit 1; }
clang-19 -O3 -c $b/kernels.run.ll -o $b/kernels.run.o
clang-19 -std=c11 -O1 -g -Wall -Wextra -I"$top/include" harness.c \
  harness_ported.c harness_warp.c $b/kernels.run.o -o $b/harness -lm
$b/harness
# Threads that disagree on a branch around barriers: the program stops.
if $b/harness disagree > $b/disagree.txt 2>&1; then
  echo "FAIL: k_disagree was not stopped"; exit 1
fi
grep -q "threads of a block disagree" $b/disagree.txt ||
  { echo "FAIL: k_disagree: no report"; cat $b/disagree.txt; exit 1; }
echo "k_disagree: stopped, as it should be"

kc=${BUILD:-$top/build}/bin/hipc-kc
[ -x "$kc" ] || { echo "(no $kc: the kc pipeline part is skipped)"; exit 0; }
devcc -c kernels.hip -o $b/kernels.bc
for o in -O0 -O2 "-O3 -g"; do
  "$kc" $b/kernels.bc --id kc-loops -o $b/kernels.kc.o $o -v 2> $b/kc_forms.txt
  for k in $loops; do
    grep -q "^hipc-kc: kernel $k: loops" $b/kc_forms.txt ||
      { echo "FAIL: hipc-kc $o: $k should be loops"; exit 1; }
  done
  for k in $fibers; do
    grep -q "^hipc-kc: kernel $k: fibers" $b/kc_forms.txt ||
      { echo "FAIL: hipc-kc $o: $k should be fibers"; exit 1; }
  done
  clang-19 -std=c11 -O1 -g -Wall -Wextra -DKC_IMAGE -I"$top/include" \
    harness.c harness_ported.c harness_warp.c $b/kernels.kc.o -o $b/harness_kc -lm
  echo "hipc-kc $o:"
  $b/harness_kc
  if $b/harness_kc disagree > $b/disagree.txt 2>&1; then
    echo "FAIL: hipc-kc $o: k_disagree was not stopped"; exit 1
  fi
done
