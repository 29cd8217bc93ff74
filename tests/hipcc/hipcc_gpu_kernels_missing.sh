#!/usr/bin/env bash
# hipcc warns about each kernel that the host object registers with
# __hipRegisterFunction but that no GPU image has: a kernel template
# instantiated only by code the device compile skips (here under
# `#ifndef __HIP_DEVICE_COMPILE__`), whose launches on a GPU would stop at
# "no GPU code for kernel". The names are the kernels' mangled names, read
# from the host stubs (__device_stub__K), also inside an anonymous
# namespace (whose mangled name ends in a digit). Kernels that both
# compiles see draw no warning, nor do the register-capped copies of
# kernels (NAME__hipc_capped), which the host object never names.
# Skipped when clang-19 or the CUDA toolkit is not installed.
set -u
. "$(dirname "${BASH_SOURCE[0]}")/common.bash"
need_device_pass

cat > missing.hip <<'SRC'
#include <hip/hip_runtime.h>
template <typename T> __global__ void fill(T* p, T v) { p[threadIdx.x] = v; }
namespace {
template <typename T> __global__ void twice(T* p) { p[threadIdx.x] *= 2; }
}
__global__ void plain(int* p) { *p = 0; }
#ifndef __HIP_DEVICE_COMPILE__
void host_only(int* p) {
  fill<<<1, 1>>>(p, 1);
  twice<<<1, 1>>>(p);
}
#endif
void both(float* p) {
  fill<<<1, 1>>>(p, 1.0f);
  twice<<<1, 1>>>(p);
  plain<<<1, 1>>>(nullptr);
}
SRC
"$HIPCC" --offload-arch=sm_90 -save-temps -c missing.hip -o missing.o \
  > out.txt 2>&1
[ $? -eq 0 ] || { echo "FAIL: missing.hip builds: $(head -5 out.txt)"; exit 1; }
grep -q '\.entry _Z4fillIfEvPT_S0_(' missing.sm_90.ptx ||
  { echo "FAIL: fill<float> is not in the PTX"; exit 1; }
# warned NAME: whether hipcc warned that kernel NAME has no GPU code.
warned() {
  grep -q "kernel '$1' is registered by the host object but has no GPU code" \
    out.txt
}
check "fill<int> (host-only instantiation) warned" warned '_Z4fillIiEvPT_S0_'
check "twice<int> in an anonymous namespace warned" \
  warned '_ZN12_GLOBAL__N_15twiceIiEEvPT_'
n=$(grep -c 'has no GPU code' out.txt)
check "two kernels warned, not $n: $(cat out.txt)" [ "$n" -eq 2 ]
check "no kernel of the GPU code reported missing on the host: $(cat out.txt)" \
  bash -c "! grep -q 'is in the GPU code but not in the host object' out.txt"

# A clean build draws no warning.
sed -i 's/#ifndef __HIP_DEVICE_COMPILE__/#if 1/' missing.hip
"$HIPCC" --offload-arch=sm_90 -c missing.hip -o clean.o > clean.txt 2>&1
rc=$?
check "clean build: $(head -3 clean.txt)" [ $rc -eq 0 ]
check "clean build warns nothing: $(cat clean.txt)" [ ! -s clean.txt ]
exit $fail
