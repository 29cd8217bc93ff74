#!/usr/bin/env bash
# hip.pc of an installed (and moved) tree: its version, a C program using
# the host API compiled and linked by cc through pkg-config, and kernels
# compiled by the installed hipcc linked into a C++ program by g++ with
# pkg-config's libs.
set -u
. "$(dirname "${BASH_SOURCE[0]}")/common.bash"
need_libhipc
PKG_CONFIG=$(command -v pkg-config || command -v pkgconf)
if [ -z "$PKG_CONFIG" ] || ! command -v g++ > /dev/null; then
  echo "skip: needs pkg-config and g++"
  exit 77
fi
P=$dir/p
install_hipc "$P"
export PKG_CONFIG_PATH=$P/lib/pkgconfig
hv=$(sed -n 's/^#define HIP_VERSION_\(MAJOR\|MINOR\|PATCH\) *\([0-9]*\)$/\2/p' \
       "$REPO/include/hip/hip_version.h" | paste -sd.)
expect_output "pkg-config --modversion hip" "$hv" "$PKG_CONFIG" --modversion hip
cflags=$("$PKG_CONFIG" --cflags hip) libs=$("$PKG_CONFIG" --libs hip)
check "the cflags name the installed headers" \
  test -e "$(sed 's/.*-I\([^ ]*\).*/\1/' <<<"$cflags")/hip/hip_runtime_api.h"

cat > host.c <<'SRC'
#include <hip/hip_runtime_api.h>
#include <stdio.h>

int main(void) {
  unsigned char *d, h[4096];
  int n = 0;
  if (hipGetDeviceCount(&n) != hipSuccess || n < 1) return 2;
  if (hipMalloc((void **)&d, sizeof h) != hipSuccess) return 3;
  if (hipMemset(d, 0x5a, sizeof h) != hipSuccess) return 4;
  if (hipMemcpy(h, d, sizeof h, hipMemcpyDeviceToHost) != hipSuccess)
    return 5;
  for (size_t i = 0; i < sizeof h; i++)
    if (h[i] != 0x5a) return 6;
  if (hipFree(d) != hipSuccess) return 7;
  printf("memset ok\n");
  return 0;
}
SRC
# shellcheck disable=SC2086  # the flags are words
if cc -std=c11 -Wall -Werror host.c $cflags $libs -o host 2> build.txt; then
  expect_output "a C host program through pkg-config" "memset ok" ./host
else
  echo "FAIL: cc with pkg-config's flags:"
  cat build.txt
  fail=1
fi

# Kernels from the installed hipcc, the program linked by g++.
E=$REPO/examples/cmake
if "$P/bin/hipcc" -c "$E/scale.hip" -I"$E" -o scale.o 2> build.txt &&
   g++ "$E/main.cpp" -I"$E" scale.o $cflags $libs -o scale_host \
     2>> build.txt; then
  expect_output "hipcc's kernels linked by g++" "scale ok, 1 device(s)" \
    env HIPC_DEVICES=cpu ./scale_host
else
  echo "FAIL: hipcc -c and g++ with pkg-config's libs:"
  cat build.txt
  fail=1
fi
exit $fail
