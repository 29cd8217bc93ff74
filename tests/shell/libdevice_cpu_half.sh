#!/usr/bin/env bash
# libhipc's libdevice functions give the same bits as the CPU half of the
# headers for the same kernel-language function (libdevice_cpu_half/
# main.hip): a program built through the kernel compiler, which calls
# __nv_*, computes what one built through the CPU headers computes.
set -u
[ -x "$HIPCC" ] && [ -e "$BUILD/lib/libhipc.so" ] || exit 77
src=$(realpath tests/shell/libdevice_cpu_half/main.hip)
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
"$HIPCC" -O2 ${TEST_CFLAGS:-} "$src" -o "$dir/cpu_half" || exit 1
"$dir/cpu_half"
