#!/usr/bin/env bash
# __managed__ variables, in one translation unit and across two: one file
# defines them and the kernels, another declares them `extern` and uses
# them from host code; compiled with -c and linked. Built for the CPU
# device only, and (where clang-19 and the CUDA toolkit are installed)
# with --offload-arch=sm_90: the PTX marks the managed variables and only
# them `.attribute(.managed)`, and the program runs on the CPU device.
# Under the clang front end (HIPC_FRONTEND=clang) the two-file program is
# left out: clang's HIP host pass gives a managed variable's host pointer
# internal linkage unless the code is relocatable (-fgpu-rdc), as AMD's
# hipcc does, so another file's `extern __managed__` does not link.
# Skipped under make test-asan / test-ubsan: its programs are linked without the sanitizer runtime.
[ -n "${HIPC_SANITIZED:-}" ] && exit 77
set -u
. "$(dirname "${BASH_SOURCE[0]}")/common.bash"
need_libhipc

cat > defs.hip <<'SRC'
#include <hip/hip_runtime.h>
namespace tw {
__managed__ int total = 100;
__managed__ int cells[4] = {1, 2, 3, 4};
__device__ int plain;
}
extern "C" __managed__ int c_flag = 11;
__global__ void add_all(int v) {
  atomicAdd(&tw::total, v);
  tw::cells[threadIdx.x] *= 2;
  if (threadIdx.x == 0) { c_flag += 1; tw::plain = 1; }
}
void launch(int v) {
  add_all<<<1, 4>>>(v);
  (void)hipDeviceSynchronize();
}
SRC
cat > main.hip <<'SRC'
#include <hip/hip_runtime.h>
#include <cstdio>
namespace tw {
extern __managed__ int total;
extern __managed__ int cells[4];
}
extern "C" __managed__ int c_flag;
void launch(int v);
int main() {
  int before = tw::total;
  tw::total += 5;
  launch(7);
  int sym = 0;
  if (hipMemcpyFromSymbol(&sym, HIP_SYMBOL(tw::total), sizeof sym) !=
      hipSuccess)
    return 2;
  hipPointerAttribute_t at;
  if (hipPointerGetAttributes(&at, &tw::cells[2]) != hipSuccess) return 3;
  std::printf("%d %d %d %d %d %d %d\n", before, tw::total, sym,
              tw::cells[0], tw::cells[3], c_flag, (int)at.isManaged);
  return 0;
}
SRC
# The same program in one file: the definitions, then main without the
# `extern` declarations.
{ cat defs.hip; sed '/^namespace tw {$/,/^extern "C"/d' main.hip; } > one.hip
want="100 133 133 2 8 12 1"
clang_fe=
[ "${HIPC_FRONTEND:-clang}" = clang ] && clang_fe=1

build_and_run() {  # build_and_run NAME HIPCC-FLAGS...
  local name=$1
  shift
  local ok
  if [ "${name#one-}" != "$name" ]; then
    "$HIPCC" "$@" -c one.hip -o "$name.o" 2> err.txt &&
      "$HIPCC" "$name.o" -o "$name" 2>> err.txt
  else
    "$HIPCC" "$@" -c defs.hip -o "$name-defs.o" 2> err.txt &&
      "$HIPCC" "$@" -c main.hip -o "$name-main.o" 2>> err.txt &&
      "$HIPCC" "$name-defs.o" "$name-main.o" -o "$name" 2>> err.txt
  fi
  ok=$?
  check "$name builds without a warning: $(cat err.txt)" [ ! -s err.txt ]
  if [ $ok -eq 0 ]; then
    local got
    got=$(HIPC_DEVICES=cpu "./$name" 2>&1)
    check "$name prints '$want'; got: $got" [ "$got" = "$want" ]
  else
    echo "FAIL: $name does not build: $(cat err.txt)"
    fail=1
  fi
}

build_and_run one-cpu-only -O2
[ -z "$clang_fe" ] && build_and_run cpu-only -O2
CUDA=${CUDA_PATH:-/usr/local/cuda}
if command -v "${HIPC_CLANG:-clang-19}" > /dev/null &&
   [ -x "$CUDA/bin/ptxas" ]; then
  build_and_run one-sm90 -O2 --offload-arch=sm_90
  [ -z "$clang_fe" ] && build_and_run sm90 -O2 --offload-arch=sm_90
  for src in defs one; do
    mkdir -p saved
    "$HIPCC" --offload-arch=sm_90 -save-temps -c $src.hip -o saved/$src.o \
      2> err.txt
    rc=$?
    check "-save-temps builds $src.hip ($(cat err.txt))" [ $rc -eq 0 ]
    ptx=saved/$src.sm_90.ptx
    for v in _ZN2tw5totalE _ZN2tw5cellsE c_flag; do
      check "$v is managed in $src's PTX" \
        grep -q "^\.visible \.global \.attribute(\.managed) .* $v\b" "$ptx"
    done
    check "a __device__ variable is not managed in $src's PTX" \
      grep -q "^\.visible \.global \.align 4 \.u32 _ZN2tw5plainE;" "$ptx"
    check "three managed variables in $src's PTX" \
      [ "$(grep -c 'attribute(.managed)' "$ptx")" -eq 3 ]
  done
else
  echo "note: clang-19 or $CUDA/bin/ptxas missing: the GPU build is not checked"
fi
exit $fail
