#!/usr/bin/env bash
# libhipc's __nv_* functions (src/backend/cpu/libdevice_*.c) have exactly
# the LLVM types of the declarations clang emits in device code: every
# function of __clang_cuda_libdevice_declares.h is referenced from a CUDA
# device compile (nvptx64), the host compile of the definitions (x86-64 or
# the machine's own) is turned into IR too, and the return and parameter
# types of each pair must agree (the kernel compiler calls the definitions
# through the device IR's declarations). Skipped without clang 19.
set -u
clang=
for c in clang-19 clang; do
  command -v "$c" >/dev/null && { clang=$c; break; }
done
[ -n "$clang" ] || exit 77
"$clang" --version | grep -q 'version 19' || exit 77
hdr=$("$clang" -print-resource-dir)/include/__clang_cuda_libdevice_declares.h
[ -e "$hdr" ] || exit 77
root=$PWD
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cd "$tmp" || exit 1

# A device translation unit taking the address of every libdevice
# function (CUDA_VERSION 9000 declares the SIMD ones too).
{
  echo '#define __device__ __attribute__((device))'
  echo '#define CUDA_VERSION 9000'
  echo '#include <__clang_cuda_libdevice_declares.h>'
  echo '__device__ void* hipc_all[] = {'
  echo '#define X(f) (void*)&f,'
  grep -o '__nv_[A-Za-z0-9_]*' "$hdr" | sort -u | sed 's/.*/X(&)/'
  echo '};'
} >all.cu
"$clang" -x cuda --cuda-device-only --cuda-gpu-arch=sm_70 -nocudainc \
  -nocudalib -w -emit-llvm -S all.cu -o device.ll || exit 1

for src in "$root"/src/backend/cpu/libdevice_*.c; do
  "$clang" -std=c11 -O0 -w -I"$root/include" -I"$root/src" \
    -I"$root/src/runtime" -emit-llvm -S "$src" \
    -o "$(basename "$src" .c).ll" || exit 1
done

# "name ret(param types)": the type is the last word before @name and the
# first word of each parameter (attributes and value names follow it).
sigs() {
  grep -hE "^$1 .*@__nv_" "${@:2}" | awk '{
    i = index($0, "@__nv_"); pre = substr($0, 1, i - 1)
    rest = substr($0, i + 1); j = index(rest, "(")
    name = substr(rest, 1, j - 1); args = substr(rest, j + 1)
    args = substr(args, 1, index(args, ")") - 1)
    n = split(pre, w, " "); ret = w[n]
    m = split(args, a, ","); out = ""
    for (k = 1; k <= m; k++) { split(a[k], t, " "); out = out (k > 1 ? "," : "") t[1] }
    print name, ret "(" out ")"
  }' | sort -u
}
sigs declare device.ll >device.txt
sigs define libdevice_*.ll >host.txt
n=$(wc -l <device.txt)
[ "$n" -ge 400 ] || { echo "only $n device declarations"; exit 1; }
if ! diff device.txt host.txt >diff.txt; then
  echo "signatures differ (< device declaration, > libhipc definition):"
  cat diff.txt
  exit 1
fi
echo "all $n libdevice signatures agree between nvptx64 and the host"
