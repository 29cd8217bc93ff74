#!/usr/bin/env bash
# src/kc/libdevice_map.h, the kernel compiler's table of libdevice
# functions it may replace: each name once, each a libdevice function;
# each HIPC_KC_LIBM(nv, fn) pairs functions of the same LLVM type (fn as
# the C library declares it, nv as libhipc defines it); each
# HIPC_KC_INTRINSIC(nv, "name") names an intrinsic that LLVM accepts with
# exactly nv's types (the IR assembler renames a wrongly mangled
# intrinsic, so the name must survive a round trip). Whether the values
# agree is tests/unit/test_libdevice_map.c's part. Skipped without clang
# 19 and llvm-as-19/llvm-dis-19.
set -u
clang=
for c in clang-19 clang; do
  command -v "$c" >/dev/null && { clang=$c; break; }
done
[ -n "$clang" ] || exit 77
"$clang" --version | grep -q 'version 19' || exit 77
for t in llvm-as-19 llvm-dis-19; do command -v $t >/dev/null || exit 77; done
hdr=$("$clang" -print-resource-dir)/include/__clang_cuda_libdevice_declares.h
[ -e "$hdr" ] || exit 77
root=$PWD
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cd "$tmp" || exit 1
fail=0

# The entries, one a line: "L nv fn" and "I nv name".
printf '%s\n' '#define HIPC_KC_LIBM(nv, fn) @L nv fn' \
  '#define HIPC_KC_INTRINSIC(nv, name) @I nv name' \
  '#include "kc/libdevice_map.h"' >list.c
"$clang" -E -P -I"$root/src" list.c | grep -o '@[LI] [^@]*' |
  sed 's/^@//; s/"//g; s/ *$//' >entries.txt
nl=$(grep -c '^L' entries.txt)
ni=$(grep -c '^I' entries.txt)
[ "$nl" -ge 90 ] && [ "$ni" -ge 30 ] ||
  { echo "too few entries: $nl libm, $ni intrinsics"; exit 1; }
dups=$(awk '{print $2}' entries.txt | sort | uniq -d)
[ -z "$dups" ] || { echo "listed more than once: $dups"; fail=1; }
grep -o '__nv_[A-Za-z0-9_]*' "$hdr" | sort -u >declared.txt
unknown=$(awk '{print $2}' entries.txt | sort -u | comm -23 - declared.txt)
[ -z "$unknown" ] || { echo "not libdevice functions: $unknown"; fail=1; }

# "name ret(param types)" of each declare or define in the IR files.
sigs() {
  grep -hE "^$1 .*@" "${@:2}" | awk '{
    i = index($0, "@"); pre = substr($0, 1, i - 1)
    rest = substr($0, i + 1); j = index(rest, "(")
    name = substr(rest, 1, j - 1); gsub(/"/, "", name)
    args = substr(rest, j + 1); args = substr(args, 1, index(args, ")") - 1)
    n = split(pre, w, " "); ret = w[n]
    m = split(args, a, ","); out = ""
    for (k = 1; k <= m; k++) { split(a[k], t, " "); out = out (k > 1 ? "," : "") t[1] }
    print name, ret "(" out ")"
  }' | sort -u
}
for src in "$root"/src/backend/cpu/libdevice_*.c; do
  "$clang" -std=c11 -O0 -w -I"$root/include" -I"$root/src" \
    -I"$root/src/runtime" -emit-llvm -S "$src" \
    -o "$(basename "$src" .c).ll" || exit 1
done
sigs define libdevice_*.ll >nv.txt

# The C library's functions, as <math.h> declares them.
{
  echo '#define _GNU_SOURCE'
  echo '#include <math.h>'
  echo 'void* refs[] = {'
  awk '$1 == "L" {print "(void*)&" $3 ","}' entries.txt
  echo '};'
} >libm.c
"$clang" -std=c11 -O0 -w -emit-llvm -S libm.c -o libm.ll || exit 1
sigs declare libm.ll >libm.txt
while read -r kind nv fn; do
  [ "$kind" = L ] || continue
  a=$(awk -v n="$nv" '$1 == n {print $2}' nv.txt)
  b=$(awk -v n="$fn" '$1 == n {print $2}' libm.txt)
  if [ -z "$a" ] || [ "$a" != "$b" ]; then
    echo "$nv is ${a:-undefined}, $fn is ${b:-undeclared}"
    fail=1
  fi
done <entries.txt

# Each intrinsic, declared and called with nv's types.
i=0
while read -r kind nv name; do
  [ "$kind" = I ] || continue
  sig=$(awk -v n="$nv" '$1 == n {print $2}' nv.txt)
  [ -n "$sig" ] || { echo "$nv is undefined"; fail=1; continue; }
  ret=${sig%%(*}
  params=${sig#*(}
  params=${params%)}
  IFS=, read -ra types <<<"$params"
  formal= actual=
  for k in "${!types[@]}"; do
    formal+="${k:+, }${types[k]} %a$k"
  done
  formal=${formal#, }
  actual=$formal
  i=$((i + 1))
  printf 'declare %s @"%s"(%s)\n' "$ret" "$name" "$params" >"i$i.ll"
  printf 'define %s @w(%s) {\n  %%r = call %s @"%s"(%s)\n  ret %s %%r\n}\n' \
    "$ret" "$formal" "$ret" "$name" "$actual" "$ret" >>"i$i.ll"
  if ! llvm-as-19 "i$i.ll" -o "i$i.bc" 2>"i$i.err"; then
    echo "$nv as $name ($sig): $(head -2 "i$i.err" | tr '\n' ' ')"
    fail=1
  elif ! llvm-dis-19 "i$i.bc" -o - | grep -q "declare .*@$name("; then
    echo "$nv as $name ($sig): LLVM names that intrinsic otherwise"
    fail=1
  fi
done <entries.txt
[ $fail -eq 0 ] && echo "$nl libm and $ni intrinsic entries check out"
exit $fail
