#!/usr/bin/env bash
# hipcc's -mwavefrontsize64 (the default) and -mno-wavefrontsize64 (AMD's
# spellings) choose the wavefront macros of the CPU device pass: __GFX9__
# and __AMDGCN_WAVEFRONT_SIZE(__) 64, or no __GFX9__ and 32, for programs
# run at HIPC_WARP_SIZE=32. (The host pass keeps clang's HIP host macros.) tests/kernels/wavefront_macros.hip checks the default.
set -u
[ -n "${HIPC_SANITIZED:-}" ] && exit 77
. "$(dirname "${BASH_SOURCE[0]}")/common.bash"
need_device_pass
need_libhipc
unset HIPC_OFFLOAD_ARCH
cat > wave.hip <<'SRC'
#include <hip/hip_runtime.h>
#include <cstdio>
#if defined(__GFX8__) || defined(__GFX9__)
#define WAVE 64
#else
#define WAVE 32
#endif
__global__ void k(int* out) {
#ifdef __GFX9__
  out[0] = 1;
#else
  out[0] = 0;
#endif
#ifdef __AMDGCN_WAVEFRONT_SIZE__
  out[1] = __AMDGCN_WAVEFRONT_SIZE__ + __AMDGCN_WAVEFRONT_SIZE;
#else
  out[1] = -1;
#endif
  out[2] = __popcll(__ballot(1)) == WAVE;
}
int main() {
  int* d;
  int h[3];
  if (hipMalloc(&d, sizeof h) != hipSuccess) return 2;
  k<<<1, 64>>>(d);
  if (hipMemcpy(h, d, sizeof h, hipMemcpyDeviceToHost) != hipSuccess)
    return 2;
  std::printf("%d %d %d\n", h[0], h[1], h[2]);
  return 0;
}
SRC
check "default build" "$HIPCC" wave.hip -o w_default
check "-mwavefrontsize64" "$HIPCC" -mwavefrontsize64 wave.hip -o w64
check "-mno-wavefrontsize64" "$HIPCC" -mno-wavefrontsize64 wave.hip -o w32
expect() {  # <binary> <warp size> <expected output>
  local got
  got=$(HIPC_DEVICES=cpu HIPC_WARP_SIZE=$2 "./$1" 2>&1)
  if [ "$got" != "$3" ]; then
    echo "FAIL: $1 at warp $2 printed '$got', expected '$3'"
    fail=1
  fi
}
[ -x w_default ] && expect w_default 64 "1 128 1"
[ -x w64 ] && expect w64 64 "1 128 1"
[ -x w32 ] && expect w32 32 "0 64 1"
# The last flag wins.
check "both flags" "$HIPCC" -mno-wavefrontsize64 -mwavefrontsize64 wave.hip -o wboth
[ -x wboth ] && expect wboth 64 "1 128 1"
exit $fail
