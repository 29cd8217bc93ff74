#!/usr/bin/env bash
# The test runner: builds and runs every test, prints one line per test and
# ends with "N passed, N failed, N skipped".
#
#   tests/unit/*.c      C tests of the runtime API, linked with libhipc
#   tests/hipcc/*.c     C tests of hipcc's parts (see their first lines)
#   tests/hipcc/*.sh    hipcc driver tests (HIPCC, BUILD in the environment)
#   tests/shell/*.sh    whole-program tests (same environment)
#   tests/kernels/*.hip kernel tests built with hipcc, run at warp size 64
#                       and 32 (HIPC_WARP_SIZE)
#
# A test passes with exit status 0 and is skipped with 77. Each runs under a
# time limit (TEST_TIMEOUT seconds, default 120). `tests/run.sh NAME...`
# runs only the tests whose name contains one of the words.
set -u
cd "$(dirname "$0")/.."
BUILD=${BUILD:-build}
case $BUILD in /*) ;; *) BUILD=$PWD/$BUILD ;; esac
CC=${CC:-cc}
HIPCC=$BUILD/bin/hipcc
OUT=$BUILD/tests
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

# -- build, in parallel; a test that does not build fails.
builds=()
for src in tests/unit/*.c; do
  name=unit/$(basename "$src" .c)
  selected "$name" || continue
  # A test of internals names the sources it needs instead of libhipc.
  extra=$(sed -n 's|^// *BUILD-WITH: *||p' "$src" | head -1)
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
  builds+=("$name|$HIPCC -O2 -Wall -Wextra -Werror $TF -Itests/kernels $src -o $OUT/$name")
done
mkdir -p "$OUT/unit" "$OUT/hipcc" "$OUT/kernels"

build_one() {
  local name=${1%%|*} cmd=${1#*|}
  if ! eval "$cmd" >"$OUT/logs/${name//\//_}.build" 2>&1; then
    echo "$name"
  fi
}
export -f build_one
export OUT
failed_builds=$(printf '%s\n' "${builds[@]}" | xargs -d '\n' -P "$JOBS" -I{} \
  bash -c 'build_one "$1"' _ {})

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
  timeout -k 5 "$TIMEOUT" "$@" >"$log" 2>&1
  local st=$?
  [ $st -eq 124 ] && echo "timed out after ${TIMEOUT}s" >>"$log"
  report "$name" $st "$log"
}

for entry in "${builds[@]}"; do
  name=${entry%%|*}
  log=$OUT/logs/${name//\//_}
  if grep -qxF "$name" <<<"$failed_builds"; then
    report "$name (build)" 1 "$log.build"
    continue
  fi
  case $name in
    kernels/*)
      for ws in 64 32; do
        HIPC_WARP_SIZE=$ws run "$name [warp $ws]" "$log.w$ws" "$OUT/$name"
      done ;;
    *) run "$name" "$log" "$OUT/$name" ;;
  esac
done
for t in tests/hipcc/*.sh tests/shell/*.sh; do
  [ -e "$t" ] || continue
  name=$(basename "$(dirname "$t")")/$(basename "$t" .sh)
  selected "$name" || continue
  run "$name" "$OUT/logs/${name//\//_}" bash "$t"
done

echo
[ $failed -gt 0 ] && printf 'failed: %s\n' "${failures[@]}"
echo "$passed passed, $failed failed, $skipped skipped"
[ $failed -eq 0 ]
