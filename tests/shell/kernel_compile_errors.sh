#!/usr/bin/env bash
# Kernel-language constructs hipc does not take fail to compile with a
# message that says why, never silently: a 32-bit mask for a _sync warp
# function, a reduction or shuffle of an unsupported type, a bitwise atomic
# on a float, a texture fetch of a type textures do not hold, a
# __shared__ variable in a
# host function (reported at its file and line).
set -u
[ -x "$HIPCC" ] || exit 77
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
fails=0
# expect_error NAME WANTED-TEXT BODY: compiling a kernel with BODY fails
# and the compiler's output contains WANTED-TEXT.
expect_error() {
  local name=$1 want=$2 body=$3
  printf '#include <hip/hip_runtime.h>\nstruct S { int a[5]; };\n__global__ void k(int* p, float* f) {\n  int v = p[threadIdx.x];\n  %s\n}\nint main() { return 0; }\n' \
    "$body" >"$dir/$name.hip"
  if "$HIPCC" -c "$dir/$name.hip" -o "$dir/$name.o" >"$dir/$name.log" 2>&1; then
    echo "$name: compiled, expected an error"; fails=$((fails + 1))
  elif ! grep -qF -- "$want" "$dir/$name.log"; then
    echo "$name: expected '$want' in:"; head -20 "$dir/$name.log"
    fails=$((fails + 1))
  fi
}
expect_error mask32 "must be a 64-bit integer" \
  "p[0] = __shfl_sync(0xffffffff, v, 0);"
expect_error mask32_ballot "must be a 64-bit integer" \
  "p[0] = (int)__ballot_sync(0xffffffffu, v);"
expect_error reduce_short "__reduce_add_sync takes int, unsigned" \
  "p[0] = __reduce_add_sync(~0ull, (short)v);"
expect_error reduce_float_logic "__reduce_or_sync takes unsigned" \
  "f[0] = __reduce_or_sync(~0ull, f[1]);"
expect_error shfl_struct "__shfl" "S s{}; s = __shfl(s, 0);"
expect_error match_short "__match_any" "p[0] = (int)__match_any((short)v);"
expect_error atomic_and_float "atomicAnd" "atomicAnd(f, 1.0f);"
expect_error texture "not a texture element type" "S s = tex1Dfetch<S>(hipTextureObject_t(), v); p[0] = s.a[0];"
printf '#include <hip/hip_runtime.h>\nint host_fn() {\n  __shared__ int s;\n  return s;\n}\nint main() { return host_fn(); }\n' >"$dir/host_shared.hip"
# hipcc's own message (its CPU rewrite); the device pass, when
# HIPC_OFFLOAD_ARCH asks for one, would stop first with clang's.
if HIPC_OFFLOAD_ARCH= "$HIPCC" -c "$dir/host_shared.hip" -o "$dir/host_shared.o" >"$dir/host_shared.log" 2>&1; then
  echo "host_shared: compiled, expected an error"; fails=$((fails + 1))
elif ! grep -q "host_shared.hip:3: error: __shared__ variable in a host function" "$dir/host_shared.log" &&
     ! grep -q "host_shared.hip:3:3: error: __shared__ local variables not allowed in __host__ functions" "$dir/host_shared.log"; then
  echo "host_shared: unexpected message:"; cat "$dir/host_shared.log"
  fails=$((fails + 1))
fi
[ $fails -eq 0 ]
