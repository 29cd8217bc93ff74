#!/usr/bin/env bash
# Fast math in hipcc's GPU pass, read from its PTX (docs/nvidia.md, "Fast
# math"): under -ffast-math, as under nvcc's -use_fast_math, powf (and
# std::pow on floats), expf, exp10f, log10f, logf and tanf are the
# intrinsic forms (ex2.approx / lg2.approx / sin.approx, a few
# instructions, no libdevice call), tanhf is tanh.approx, and float
# operations flush denormals (.ftz); without it the exact forms remain.
# -use_fast_math and --use_fast_math give the GPU pass the same PTX and
# define HIP_FAST_MATH, but leave the host and CPU device passes exact;
# -fno-fast-math after -ffast-math, -fno-gpu-flush-denormals-to-zero and
# HIPC_NVPTX_FAST_MATH=0 undo what they name. Values are checked on GPUs
# by tests/kernels/fast_math.hip. Skipped when clang-19 or the CUDA
# toolkit is not installed.
set -u
. "$(dirname "${BASH_SOURCE[0]}")/common.bash"
need_device_pass

cat > fm.hip <<'SRC'
#include <hip/hip_runtime.h>
#include <cmath>

// nvcc's -use_fast_math is for device code: the host pass and the CPU
// device pass are not built with fast math.
#if defined(HIP_FAST_MATH) && defined(__FAST_MATH__) && \
    (!defined(__HIP_DEVICE_COMPILE__) || defined(__HIPC_KC__))
#error "-use_fast_math reached the host or CPU device pass"
#endif
#if defined(WANT_HIP_FAST_MATH) && !defined(HIP_FAST_MATH)
#error "-use_fast_math does not define HIP_FAST_MATH"
#endif

__global__ void k_powf(float* p) { p[0] = powf(p[1], p[2]); }
__global__ void k_std_pow(float* p) { p[0] = std::pow(p[1], p[2]); }
__global__ void k_expf(float* p) { p[0] = expf(p[1]); }
__global__ void k_exp10f(float* p) { p[0] = exp10f(p[1]); }
__global__ void k_log10f(float* p) { p[0] = log10f(p[1]); }
__global__ void k_logf(float* p) { p[0] = logf(p[1]); }
__global__ void k_tanf(float* p) { p[0] = tanf(p[1]); }
__global__ void k_tanhf(float* p) { p[0] = tanhf(p[1]); }
__global__ void k_fma(float* p) { p[0] = p[1] * p[2] + p[3]; }
SRC

# build DIR FLAGS...: compiles fm.hip for sm_90 in DIR, keeping the PTX.
build() {
  local d=$1
  shift
  mkdir -p "$d" && cp fm.hip "$d/" || exit 1
  (cd "$d" && "$HIPCC" --offload-arch=sm_90 -save-temps "$@" -c fm.hip \
     -o fm.o 2> err.txt) ||
    { echo "FAIL: $d ($*) builds: $(head -5 "$d/err.txt")"; fail=1; return 1; }
}
# body DIR KERNEL: the PTX of one kernel (each takes a pointer: its
# mangled name is _Z<length>KERNELP...).
body() {
  awk -v k="$2" '/^\.visible \.entry/ { on = $0 ~ ("_Z[0-9]+" k "P") }
                 on' "$1/fm.sm_90.ptx"
}
has() {  # has DIR KERNEL REGEX: the kernel's PTX matches REGEX
  if ! body "$1" "$2" | grep -Eq "$3"; then
    echo "FAIL: $1: $2 has no '$3':"
    body "$1" "$2" | grep -E '^\s+[a-z]' | head -12
    fail=1
  fi
}
hasnt() {  # hasnt DIR KERNEL REGEX
  if body "$1" "$2" | grep -Eq "$3"; then
    echo "FAIL: $1: $2 has '$3'"
    fail=1
  fi
}
# size DIR KERNEL: the kernel's instructions.
size() { body "$1" "$2" | grep -cE '^\s+[a-z@]'; }
small() {  # small DIR KERNEL: an intrinsic's few instructions
  local n
  n=$(size "$1" "$2")
  if [ "$n" -gt 16 ]; then
    echo "FAIL: $1: $2 is $n instructions, not an intrinsic's few"
    fail=1
  fi
}
large() {  # large DIR KERNEL MIN: libdevice's exact function, inlined
  local n
  n=$(size "$1" "$2")
  if [ "$n" -lt "$3" ]; then
    echo "FAIL: $1: $2 is $n instructions, not the exact form's $3 or more"
    fail=1
  fi
}
# fast DIR: the intrinsic forms and flushed denormals.
fast() {
  local d=$1 k
  for k in k_powf k_std_pow; do
    has "$d" $k 'lg2\.approx\.ftz\.f32'
    has "$d" $k 'ex2\.approx\.ftz\.f32'
  done
  for k in k_expf k_exp10f; do has "$d" $k 'ex2\.approx\.ftz\.f32'; done
  for k in k_log10f k_logf; do has "$d" $k 'lg2\.approx\.ftz\.f32'; done
  has "$d" k_tanf 'sin\.approx\.ftz\.f32'
  has "$d" k_tanf 'cos\.approx\.ftz\.f32'
  has "$d" k_tanhf 'tanh\.approx\.f32'
  for k in k_powf k_std_pow k_expf k_exp10f k_log10f k_logf k_tanf k_tanhf
  do
    small "$d" $k
  done
  has "$d" k_fma 'fma\.rn\.ftz\.f32'
  if grep -q '__nv_' "$d/fm.sm_90.ptx"; then
    echo "FAIL: $d: a call to libdevice remains"
    fail=1
  fi
}
# exact DIR: libdevice's exact functions, subnormals kept.
exact() {
  local d=$1 k
  for k in k_powf k_std_pow; do
    hasnt "$d" $k 'lg2\.approx'
    large "$d" $k 60
  done
  large "$d" k_tanf 60
  large "$d" k_log10f 20
  hasnt "$d" k_tanhf 'tanh\.approx'
  hasnt "$d" k_fma '\.ftz'
}

build plain && exact plain
build fast -ffast-math && fast fast
build nv -use_fast_math -DWANT_HIP_FAST_MATH && fast nv
build nv2 --use_fast_math -DWANT_HIP_FAST_MATH && fast nv2
if ! cmp -s fast/fm.sm_90.ptx nv/fm.sm_90.ptx; then
  echo "FAIL: -use_fast_math's PTX is not -ffast-math's"
  fail=1
fi
build undone -ffast-math -fno-fast-math && exact undone
# Denormals kept on request: the functions stay fast.
if build keep -ffast-math -fno-gpu-flush-denormals-to-zero; then
  hasnt keep k_fma '\.ftz'
  has keep k_powf 'lg2\.approx\.f32'
  small keep k_powf
fi
# HIPC_NVPTX_FAST_MATH=0: clang's own -ffast-math, as before the mapping
# (powf exact, logf approximate, no flushing).
if HIPC_NVPTX_FAST_MATH=0 build off -ffast-math; then
  large off k_powf 60
  hasnt off k_fma '\.ftz'
  has off k_logf 'lg2\.approx\.f32'
fi
exit $fail
