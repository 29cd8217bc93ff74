#!/usr/bin/env bash
# Every libdevice function that clang's CUDA headers may call
# (__clang_cuda_libdevice_declares.h: the __nv_* functions, the SIMD video
# ones of CUDA 9.0 included) is defined and exported by libhipc, where the
# kernel compiler's calls resolve on the CPU device (src/backend/cpu/
# libdevice_*.c). Skipped without clang 19's header or nm.
set -u
lib=$BUILD/lib/libhipc.so
[ -e "$lib" ] || exit 77
command -v nm >/dev/null || exit 77
hdr=
for clang in clang++-19 clang-19 clang++ clang; do
  command -v "$clang" >/dev/null || continue
  dir=$("$clang" -print-resource-dir 2>/dev/null) || continue
  [ -e "$dir/include/__clang_cuda_libdevice_declares.h" ] &&
    { hdr=$dir/include/__clang_cuda_libdevice_declares.h; break; }
done
[ -n "$hdr" ] || hdr=/usr/lib/llvm-19/lib/clang/19/include/__clang_cuda_libdevice_declares.h
[ -e "$hdr" ] || exit 77

want=$(grep -o '__nv_[A-Za-z0-9_]*' "$hdr" | sort -u)
have=$(nm -D --defined-only "$lib" | awk '$2 == "T" {print $3}' |
  grep '^__nv_' | sort -u)
n=$(wc -l <<<"$want")
# The header lists some 430; a handful would mean the extraction broke.
[ "$n" -ge 400 ] || { echo "only $n names found in $hdr"; exit 1; }
missing=$(comm -23 <(echo "$want") <(echo "$have"))
if [ -n "$missing" ]; then
  echo "libhipc lacks $(wc -l <<<"$missing") of $n libdevice functions:"
  echo "$missing" | tr '\n' ' '
  echo
  exit 1
fi
echo "all $n libdevice functions of $hdr are exported by libhipc"
