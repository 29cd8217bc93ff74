#!/usr/bin/env bash
# examples/cooperative_groups.hip builds and verifies its sums at both warp
# sizes.
# Skipped under make test-asan / test-ubsan: the program is built without
# the sanitizer flags the library has there.
[ -n "${HIPC_SANITIZED:-}" ] && exit 77
set -u
[ -x "$HIPCC" ] && [ -e "$BUILD/lib/libhipc.so" ] || exit 77
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
"$HIPCC" -O2 examples/cooperative_groups.hip -o "$dir/cg" || exit 1
for ws in 64 32; do
  HIPC_WARP_SIZE=$ws "$dir/cg" >"$dir/out" 2>&1 || { cat "$dir/out"; exit 1; }
  grep -q "^verified:" "$dir/out" || { cat "$dir/out"; exit 1; }
done
exit 0
