#!/usr/bin/env bash
# The kernel-language headers in the two compiles of the clang front end
# (docs/frontend.md): every HIP source of the tree (tests/kernels,
# examples, tests/shell/module_api, and ../shared/bench where present)
# must compile
# - in the host pass (clang -x hip --cuda-host-only, __HIPC_CLANG_HOST__),
#   whose object must call __hipPushCallConfiguration where the source
#   launches a kernel;
# - in kc's CPU device pass (clang -x cuda --cuda-device-only, __HIPC_KC__),
#   whose IR (llvm-dis-19) must hold no inline assembly, no llvm.nvvm.*
#   intrinsic outside the set kc lowers and no call of a function that
#   neither libhipc, libdevice nor kc provides.
# A few sources are also checked for what the CPU device needs there: warp
# functions as __hipc_kc_* calls, __managed__ annotated, textures through
# libhipc, assert as __assertfail; a kernel calling the C and C++ libraries
# compiles in both passes; __host__ __device__ functions of the headers,
# compiled by the host pass, run on the host. Skipped when clang-19 or
# llvm-dis-19 is missing.
# test-timeout: 400
set -u
ROOT=$(realpath "$(dirname "${BASH_SOURCE[0]}")/../..")
. "$(dirname "${BASH_SOURCE[0]}")/common.bash"
CLANG=${HIPC_CLANG:-clang-19}
CLANGXX=${CLANG/clang/clang++}
DIS=${HIPC_LLVM_DIS:-llvm-dis-19}
if ! command -v "$CLANGXX" > /dev/null || ! command -v "$DIS" > /dev/null ||
   [ ! -e "$BUILD/include/hip/hip_runtime.h" ]; then
  echo "skip: needs $CLANGXX, $DIS and $BUILD/include"
  exit 77
fi
INC=$BUILD/include

host_pass() {
  "$CLANGXX" -x hip --cuda-host-only -nogpuinc -nogpulib \
    --offload-arch=gfx906 -D__HIPC_CLANG_HOST__=1 -D__HIPCC__=1 \
    -D__HIP_PLATFORM_HIPC__=1 -std=c++17 -I"$INC" \
    -include hip/hip_runtime.h -Wall -Wextra "${@:3}" -c "$1" -o "$2"
}
device_pass() {
  "$CLANGXX" -x cuda --cuda-device-only --cuda-gpu-arch=sm_70 -nocudainc \
    -nocudalib -Xclang -target-sdk-version=12.0 -Wno-unknown-cuda-version \
    -w -D__HIPCC__=1 -D__HIP__=1 -D__HIP_PLATFORM_HIPC__=1 \
    -D__HIP_DEVICE_COMPILE__=1 -D__HIPC_KC__=1 -std=c++17 -I"$INC" \
    -include hip/hipc/nvptx_prelude.h -include hip/hip_runtime.h -O3 \
    -Xclang -disable-llvm-optzns -emit-llvm "${@:3}" -c "$1" -o "$2"
}

# The intrinsics kc lowers (docs/frontend.md, "Intrinsics and calls kc
# lowers").
allowed='^llvm\.nvvm\.(read\.ptx\.sreg\.((tid|ntid|ctaid|nctaid)\.[xyz]|warpsize|laneid|clock|clock64|globaltimer)|barrier0(\.popc|\.and|\.or)?|membar\.[a-z]+|atomic\.[a-z0-9_.]+|nanosleep)$'

# Kernels that call the C and C++ libraries as kernels on the CPU device
# may.
cat > libc_calls.hip <<'SRC'
#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <limits>
__device__ int ints(int x) {
  return abs(x) + std::abs(x) + static_cast<int>(labs(x) + llabs(x)) +
         min(x, 3) + max(x, 4) + __popc(x) + __clz(x) + __ffs(x);
}
__global__ void k_libc(float* p, int* q, char* s) {
  int i = threadIdx.x;
  p[i] = fabsf(p[i]) + fminf(p[i], 1.f) + std::sqrt(p[i]) + sqrtf(p[i]) +
         std::min(p[i], 2.f) + std::max(1.f, p[i]) + std::isnan(p[i]) +
         std::numeric_limits<float>::max() + std::pow(p[i], 2.0f) +
         static_cast<float>(sin(1.0) + tgamma(2.0)) + __fdividef(1.f, 3.f);
  q[i] = ints(q[i]);
  memcpy(s, s + 1, 2);
  memset(s, 0, 1);
  int* m = static_cast<int*>(malloc(4));
  free(m);
  atomicAdd(q, 1);
  __threadfence();
  __syncthreads();
  if (q[0] == 7) abort();
  printf("%d %lld\n", q[0], clock64() + clock() + wall_clock64());
}
SRC

known='^(llvm\.|__nv_|__hipc_kc_|hipc_kc_|hipc_tex_sample$|hipc_tex_gather$|hipc_tex_fetch$|hipc_surf_access$|vprintf$|malloc$|free$|__assertfail$)'

srcs=("$PWD/libc_calls.hip" "$ROOT"/tests/kernels/*.hip "$ROOT"/examples/*.hip
      "$ROOT"/tests/shell/module_api/*.hip)
for f in "$ROOT"/../shared/bench/*.hip; do
  [ -e "$f" ] && srcs+=("$f")
done

n=0
for src in "${srcs[@]}"; do
  # Tests of a Debian package's library (// NEEDS-HEADER:, Thrust) are
  # long compiles that their own builds already put through both passes.
  grep -q '^// *NEEDS-HEADER:' "$src" && continue
  base=$(basename "$(dirname "$src")")_$(basename "$src" .hip)
  # Each source's own directory holds the headers it includes.
  inc=(-I"$(dirname "$src")")
  # The two passes of a source at once (two cores).
  host_pass "$src" "$base.o" "${inc[@]}" 2> "$base.host.err" &
  host=$!
  device_pass "$src" "$base.bc" "${inc[@]}" 2> "$base.dev.err"
  drc=$?
  if ! wait $host; then
    echo "FAIL: host pass of $src"
    head -20 "$base.host.err"
    fail=1
  elif grep -qE '[a-zA-Z_>)]\s*<<<|hipLaunchKernelGGL\(' "$src" &&
       ! nm "$base.o" | grep -q ' U __hipPushCallConfiguration$'; then
    echo "FAIL: $src launches kernels, its host object never pushes a" \
      "configuration"
    fail=1
  fi
  if [ $drc -ne 0 ]; then
    echo "FAIL: device pass of $src"
    head -20 "$base.dev.err"
    fail=1
    continue
  fi
  "$DIS" "$base.bc" -o "$base.ll" || { echo "FAIL: $DIS $base.bc"; fail=1; }
  bad=$(grep -oE 'llvm\.nvvm\.[a-z0-9_.]+' "$base.ll" | sort -u |
        grep -vE "$allowed")
  if [ -n "$bad" ]; then
    echo "FAIL: $src: intrinsics kc does not lower:" $bad
    fail=1
  fi
  # Functions the IR calls without defining: libhipc's, libdevice's,
  # LLVM's intrinsics and what kc renames.
  ext=$(sed -nE 's/^declare [^@]*@("?[^"( ]+"?)\(.*/\1/p' "$base.ll" |
        grep -vE "$known" | sort -u)
  if [ -n "$ext" ]; then
    echo "FAIL: $src: calls functions nothing provides:" $ext
    fail=1
  fi
  if grep -qE '(call|invoke|callbr) [^"]*asm |^module asm' "$base.ll"; then
    echo "FAIL: $src: inline assembly in the device IR:"
    grep -E '(call|invoke|callbr) [^"]*asm |^module asm' "$base.ll" | head -3
    fail=1
  fi
  n=$((n + 1))
done
[ "$n" -ge 51 ] || { echo "FAIL: only $n sources compiled"; fail=1; }

# What the CPU device needs of a few of them.
has() {  # has FILE.ll PATTERN DESCRIPTION
  if [ -e "$1" ] && ! grep -qE "$2" "$1"; then
    echo "FAIL: $1: $3"
    fail=1
  fi
}
has kernels_warp_shuffle.ll 'declare .*@__hipc_kc_shfl_(idx|down|up|xor)' \
  "shuffles are not __hipc_kc_* calls"
has kernels_warp_vote.ll 'declare .*@__hipc_kc_ballot' "no __hipc_kc_ballot"
has kernels_warp_sync.ll 'declare .*@__hipc_kc_reduce' "no __hipc_kc_reduce"
has kernels_warpsize.ll 'llvm\.nvvm\.read\.ptx\.sreg\.warpsize' \
  "warpSize is not the warp-size register"
has kernels_managed_vars.ll '@llvm\.global\.annotations' "no annotations"
has kernels_managed_vars.ll 'c"hipc\.managed\\00"' "__managed__ not annotated"
has kernels_coop_grid.ll 'declare .*@hipc_kc_grid_sync' "grid sync not hipc_kc_grid_sync"
has kernels_texture.ll 'declare .*@hipc_tex_sample' "textures not sampled by libhipc"
has kernels_surface.ll 'declare .*@hipc_surf_access' "surfaces not through libhipc"
has kernels_device_printf.ll '@vprintf\(' "printf is not vprintf"

# assert in a kernel is __assertfail in the device pass.
cat > assert.hip <<'SRC'
#include <cassert>
__global__ void k_assert(const int* p) { assert(p[0] == 1); }
SRC
if device_pass assert.hip assert.bc && "$DIS" assert.bc -o assert.ll; then
  has assert.ll 'call void @__assertfail\(' "assert is not __assertfail"
else
  echo "FAIL: device pass of a kernel with assert"
  fail=1
fi

# __host__ __device__ functions of the headers compiled by the host pass
# run on the host (no kernel: the program needs no fat binary).
if [ -e "$BUILD/lib/libhipc.so" ]; then
  cat > hd.hip <<'SRC'
#include <hip/hip_fp16.h>
#include <algorithm>
#include <cstdio>
#include <vector>
__host__ __device__ float twice(float x) { return 2 * x; }
__device__ int on_device(int x) { return __popc(x) + threadIdx.x; }
int main() {
  float4 a = make_float4(1, 2, 3, 4), b = a * 2.0f;
  __half h = __float2half(1.5f);
  std::vector<int> v{3, 1, 2};
  std::sort(v.begin(), v.end());
  std::printf("%g %g %d %d %u %d %g %g %d\n", b.x, b.w,
              __float2int_rn(2.5f), __float2int_rd(-0.5f), __popc(0xf0u),
              v[0], __half2float(h) * 2, twice(__sinf(0.0f)),
              warpSize > 0);
  return 0;
}
SRC
  # (Not under the sanitizers: this program is linked without them.)
  if [ -n "${HIPC_SANITIZED:-}" ]; then
    :
  elif host_pass hd.hip hd.o &&
     "$CLANGXX" hd.o -L"$BUILD/lib" -Wl,-rpath,"$BUILD/lib" -lhipc -o hd; then
    got=$(./hd)
    [ "$got" = "2 8 2 -1 4 1 3 0 1" ] ||
      { echo "FAIL: host functions of the host pass printed '$got'"; fail=1; }
  else
    echo "FAIL: a host program of the host pass does not build"
    fail=1
  fi
fi

echo "compiled $n sources in both passes"
exit $fail
