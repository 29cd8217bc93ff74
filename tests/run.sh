#!/usr/bin/env bash
# The test runner: builds and runs every test, prints one line per test and
# ends with "N passed, N failed, N skipped".
#
#   tests/unit/*.c      C tests of the runtime API, linked with libhipc
#   tests/hipcc/*.c     C tests of hipcc's parts (see their first lines)
#   tests/hipcc/*.sh    hipcc driver tests (HIPCC, BUILD in the environment)
#   tests/shell/*.sh    whole-program tests (same environment)
#   tests/kernels/*.hip kernel tests built with hipcc, run at warp size 64
#                       and 32 (HIPC_WARP_SIZE); a `// HIPCC-FLAGS: ...` line
#                       adds link flags (-lhiprand)
#
# A test passes with exit status 0 and is skipped with 77. Each runs under a
# time limit (TEST_TIMEOUT seconds, default 120). `tests/run.sh NAME...`
# runs only the tests whose name contains one of the words.
#
# GPU runs (make test-gpu, tests/gpu/run_on_device.sh):
#   TEST_GPU=1          kernel tests are also compiled for the GPU
#                       (--offload-arch=$HIPC_GPU_ARCH, default sm_90) into
#                       $BUILD/tests-gpu; where GPUs are present, each kernel
#                       test runs on the GPU (HIPC_DEVICES=gpu) and on the CPU
#                       device at warp size 64 and 32, and each unit test runs
#                       with the GPUs first (as a program sees them) and on
#                       the CPU device alone. Tests listed in
#                       tests/gpu/cpu_only.txt test the CPU device only
#                       (kernel tests there are built without GPU code).
#   TEST_BUILD_ONLY=1   build, run nothing (for a machine without GPUs)
#   TEST_RUN_ONLY=1     run what is built, compile nothing (for the GPU
#                       machine, which has no compiler; tests that compile
#                       are left out)
set -u
cd "$(dirname "$0")/.."
BUILD=${BUILD:-build}
case $BUILD in /*) ;; *) BUILD=$PWD/$BUILD ;; esac
CC=${CC:-cc}
HIPCC=$BUILD/bin/hipcc
GPU=${TEST_GPU:-}
GPU_ARCH=${HIPC_GPU_ARCH:-sm_90}
BUILD_ONLY=${TEST_BUILD_ONLY:-}
RUN_ONLY=${TEST_RUN_ONLY:-}
OUT=$BUILD/tests${GPU:+-gpu}
TIMEOUT=${TEST_TIMEOUT:-120}
JOBS=${JOBS:-$(nproc)}
# Extra compiler flags for every test build (make test-asan sets them).
TF=${TEST_CFLAGS:-}
# Whole-program tests that link without those flags skip under them.
[ -n "$TF" ] && export HIPC_SANITIZED=1
mkdir -p "$OUT/logs"
export HIPCC BUILD

filters=("$@")
selected() {
  [ ${#filters[@]} -eq 0 ] && return 0
  for f in "${filters[@]}"; do [[ $1 == *"$f"* ]] && return 0; done
  return 1
}

# Tests of the CPU device alone (tests/gpu/cpu_only.txt): kernel tests
# there are built without GPU code.
cpu_only() { grep -q "^$1 " tests/gpu/cpu_only.txt; }

# -- build, in parallel; a test that does not build fails.
builds=()
skips=()
for src in tests/unit/*.c; do
  name=unit/$(basename "$src" .c)
  selected "$name" || continue
  # A test of internals names the sources it needs instead of libhipc.
  extra=$(sed -n 's|^// *BUILD-WITH: *||p' "$src" | head -1)
  # A test of an optional library (// NEEDS: libX.so) is skipped where the
  # build left that library out (its back end is not installed).
  needs=$(sed -n 's|^// *NEEDS: *||p' "$src" | head -1)
  if [ -n "$needs" ] && [ ! -e "$BUILD/lib/$needs" ]; then
    skips+=("$name")
    continue
  fi
  lib="-L$BUILD/lib -Wl,-rpath,$BUILD/lib -lhipc"
  [ -n "$extra" ] && lib=$extra
  builds+=("$name|$CC -std=c11 -Wall -Wextra -Werror -g $TF -Iinclude -Isrc -Isrc/runtime $src $lib -o $OUT/$name -pthread")
done
for src in tests/hipcc/*.c; do
  [ -e "$src" ] || continue
  name=hipcc/$(basename "$src" .c)
  selected "$name" || continue
  extra=$(sed -n 's|^// *BUILD-WITH: *||p' "$src" | head -1)
  builds+=("$name|$CC -std=c11 -Wall -Wextra -Werror -g $TF -Isrc/hipcc $src $extra -o $OUT/$name")
done
for src in tests/kernels/*.hip; do
  [ -e "$src" ] || continue
  name=kernels/$(basename "$src" .hip)
  selected "$name" || continue
  # A test of a library that hipc takes from a Debian package
  # (// NEEDS-HEADER: thrust/version.h) is skipped where it is missing,
  # unless it was built elsewhere and only runs here (TEST_RUN_ONLY).
  needs=$(sed -n 's|^// *NEEDS-HEADER: *||p' "$src" | head -1)
  if [ -n "$needs" ] && [ ! -e "/usr/include/$needs" ] &&
     ! { [ -n "$RUN_ONLY" ] && [ -x "$OUT/$name" ]; }; then
    skips+=("$name")
    continue
  fi
  arch=${GPU:+--offload-arch=$GPU_ARCH}
  cpu_only "$name" && arch=
  flags=$(sed -n 's|^// *HIPCC-FLAGS: *||p' "$src" | head -1)
  builds+=("$name|$HIPCC -O2 -Wall -Wextra -Werror $TF $arch -Itests/kernels $src $flags -o $OUT/$name")
done
[ -n "$GPU" ] && builds+=("gpu_count|$CC -std=c11 -Wall -Wextra -Werror -Iinclude tests/gpu/gpu_count.c -L$BUILD/lib -Wl,-rpath,$BUILD/lib -lhipc -o $OUT/gpu_count")
mkdir -p "$OUT/unit" "$OUT/hipcc" "$OUT/kernels"

# A build fails where hipcc warned that a kernel the host registers has
# no GPU code (its GPU launches would fail: hipcc_gpu_kernels_missing.sh).
build_one() {
  local name=${1%%|*} cmd=${1#*|} log
  log=$OUT/logs/${name//\//_}.build
  if ! eval "$cmd" >"$log" 2>&1 || grep -q "has no GPU code" "$log"; then
    echo "$name"
  fi
}
export -f build_one
export OUT
if [ -n "$RUN_ONLY" ]; then
  # Nothing is compiled: a test whose binary is missing failed to build.
  failed_builds=$(for b in "${builds[@]}"; do
    n=${b%%|*}; [ -x "$OUT/$n" ] || echo "$n"; done)
else
  failed_builds=$(printf '%s\n' "${builds[@]}" | xargs -d '\n' -P "$JOBS" -I{} \
    bash -c 'build_one "$1"' _ {})
fi
if [ -n "$BUILD_ONLY" ]; then
  [ -n "$failed_builds" ] && printf 'build failed: %s\n' $failed_builds
  echo "built ${#builds[@]} tests into $OUT"
  [ -z "$failed_builds" ]
  exit
fi
# GPUs the tests can use (GPU runs only).
ngpu=0
if [ -n "$GPU" ] && [ -x "$OUT/gpu_count" ]; then
  ngpu=$("$OUT/gpu_count" 2>/dev/null || echo 0)
  echo "GPU run: $ngpu GPU(s)${RUN_ONLY:+, prebuilt binaries only}"
fi

passed=0 failed=0 skipped=0
failures=()
report() { # name status log
  local name=$1 st=$2 log=$3
  if [ "$st" -eq 0 ]; then
    passed=$((passed + 1)); echo "PASS  $name"
  elif [ "$st" -eq 77 ]; then
    skipped=$((skipped + 1)); echo "SKIP  $name"
  else
    failed=$((failed + 1)); failures+=("$name")
    echo "FAIL  $name (status $st)"
    tail -n 25 "$log" | sed 's/^/      | /'
  fi
}

run() { # name log command...
  local name=$1 log=$2; shift 2
  # A script that compiles much names its own limit in a comment line
  # "# test-timeout: SECONDS" (taken when above TEST_TIMEOUT).
  local limit=$TIMEOUT own
  if [ "$1" = bash ] && own=$(sed -n 's/^# test-timeout: *\([0-9]*\)$/\1/p' "$2" | head -1) &&
     [ -n "$own" ] && [ "$own" -gt "$limit" ]; then
    limit=$own
  fi
  timeout -k 5 "$limit" "$@" >"$log" 2>&1
  local st=$?
  [ $st -eq 124 ] && echo "timed out after ${limit}s" >>"$log"
  report "$name" $st "$log"
}

for name in ${skips[@]+"${skips[@]}"}; do
  echo "SKIP  $name (its library is not built)"
  skipped=$((skipped + 1))
done
for entry in "${builds[@]}"; do
  name=${entry%%|*}
  log=$OUT/logs/${name//\//_}
  [ "$name" = gpu_count ] && continue
  if grep -qxF "$name" <<<"$failed_builds"; then
    report "$name (build)" 1 "$log.build"
    continue
  fi
  case $name in
    kernels/*)
      if [ "$ngpu" -gt 0 ]; then
        cpu_only "$name" ||
          HIPC_DEVICES=gpu run "$name [gpu]" "$log.gpu" "$OUT/$name"
        export HIPC_DEVICES=cpu
      fi
      for ws in 64 32; do
        HIPC_WARP_SIZE=$ws run "$name [warp $ws]" "$log.w$ws" "$OUT/$name"
      done
      unset HIPC_DEVICES ;;
    unit/*)
      if [ "$ngpu" -gt 0 ]; then
        if ! cpu_only "$name"; then
          run "$name [gpu]" "$log.gpu" "$OUT/$name"
        fi
        HIPC_DEVICES=cpu run "$name [cpu]" "$log" "$OUT/$name"
      else
        run "$name" "$log" "$OUT/$name"
      fi ;;
    hipcc/*) [ -z "$RUN_ONLY" ] && run "$name" "$log" "$OUT/$name" ;;
    *) run "$name" "$log" "$OUT/$name" ;;
  esac
done
# Scripts compile their programs: not where nothing can be compiled.
scripts=()
[ -z "$RUN_ONLY" ] && scripts=(tests/hipcc/*.sh tests/shell/*.sh)
for t in ${scripts[@]+"${scripts[@]}"}; do
  [ -e "$t" ] || continue
  name=$(basename "$(dirname "$t")")/$(basename "$t" .sh)
  selected "$name" || continue
  run "$name" "$OUT/logs/${name//\//_}" bash "$t"
done

echo
[ $failed -gt 0 ] && printf 'failed: %s\n' "${failures[@]}"
echo "$passed passed, $failed failed, $skipped skipped"
[ $failed -eq 0 ]
