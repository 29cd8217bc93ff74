# Shared set-up of the hipcc shell tests (sourced): absolute HIPCC and
# BUILD, a scratch directory that is removed on exit (kept with KEEP=1, to
# look into a failure) and is the current directory, and `fail`, which a
# test sets to 1 on a failed check.
HIPCC=$(realpath "${HIPCC:-build/bin/hipcc}")
BUILD=$(realpath "${BUILD:-build}")
# The repository (for make install and examples/).
REPO=$(realpath "$(dirname "${BASH_SOURCE[0]}")/../..")
dir=$(mktemp -d)
trap '[ -n "${KEEP:-}" ] || rm -rf "$dir"' EXIT
cd "$dir" || exit 1
fail=0

# check DESCRIPTION COMMAND...: the command must succeed.
check() {
  local what=$1
  shift
  if ! "$@"; then
    echo "FAIL: $what"
    fail=1
  fi
}

# The device pass's tools (clang-19, the CUDA toolkit's ptxas) and the
# installed headers, or the test is skipped (exit 77). Sets CUDA.
need_device_pass() {
  CUDA=${CUDA_PATH:-/usr/local/cuda}
  if ! command -v "${HIPC_CLANG:-clang-19}" > /dev/null ||
     [ ! -x "$CUDA/bin/ptxas" ] ||
     [ ! -e "$BUILD/include/hip/hip_runtime.h" ]; then
    echo "skip: needs clang-19, $CUDA/bin/ptxas and $BUILD/include"
    exit 77
  fi
}

# nvptx_ir_ab VAR [CLANG FLAGS...]: one of hipc-kc's NVPTX IR passes run
# on this machine's code (tests of a pass's arithmetic where there is no
# GPU): shapes.c compiled with the GPU pass's unrolling flags and FLAGS,
# then through `hipc-kc --nvptx-ir` with the passes (kc.txt: its -v
# counts) and with VAR=0, each built without optimisation; ./sums links
# main.c with both, the second's `shapes` renamed `ref_shapes`. Returns 1
# with a message when a step fails. Needs clang-19 (CLANG).
nvptx_ir_ab() {
  local var=$1 kc=$BUILD/bin/hipc-kc
  shift
  "$CLANG" -O3 -mllvm -unroll-partial-threshold=200 \
    -mllvm -unroll-max-count=32 -mllvm -unroll-runtime=false \
    -fno-vectorize -mllvm -disable-lsr "$@" -emit-llvm -c shapes.c \
    -o shapes.bc || { echo "FAIL: compiling the shapes"; return 1; }
  "$kc" --nvptx-ir shapes.bc -o new.bc -v 2> kc.txt ||
    { echo "FAIL: hipc-kc: $(cat kc.txt)"; return 1; }
  env "$var=0" "$kc" --nvptx-ir shapes.bc -o old.bc ||
    { echo "FAIL: hipc-kc with $var=0"; return 1; }
  "$CLANG" -O0 -c new.bc -o new.o && "$CLANG" -O0 -c old.bc -o old.o &&
    objcopy --redefine-sym shapes=ref_shapes old.o &&
    "$CLANG" main.c new.o old.o -o sums || { echo "FAIL: linking"; return 1; }
}

# entry_ptx DIR SRC KERNEL [VAR=VALUE]: SRC (in the test's folder) built
# for sm_90 at -O3 in DIR with -save-temps (VAR=VALUE in the build's
# environment); DIR/entry.ptx gets the PTX of the entry whose name holds
# KERNEL. Returns 1 with a message when the build fails.
entry_ptx() {
  local base
  base=$(basename "$2" .hip)
  mkdir -p "$1" && (cd "$1" && env ${4:-} "$HIPCC" --offload-arch=sm_90 -O3 \
    -save-temps -c "../$2" -o "$base.o" 2> err.txt) ||
    { echo "FAIL: $1 build: $(head -5 "$1/err.txt")"; return 1; }
  awk "/\\.entry .*$3/,/^}/" "$1/$base.sm_90.ptx" > "$1/entry.ptx"
}

# The shared libhipc, or the test is skipped (exit 77).
need_libhipc() {
  if [ ! -e "$BUILD/lib/libhipc.so" ]; then
    echo "skip: $BUILD/lib/libhipc.so is not built"
    exit 77
  fi
}

# hipc's clang pass plugin (src/clang_plugin), or the test is skipped
# (77). Sets PLUGIN (its path) and CLANG (the clang that loads it).
need_clang_plugin() {
  PLUGIN=$BUILD/lib/hipc/libhipc-clang-plugin.so
  if [ ! -e "$PLUGIN" ]; then
    echo "skip: hipc built without LLVM's development files"; exit 77
  fi
  CLANG=${HIPC_CLANG:-clang-19}
}

# Debian's Thrust headers (libthrust-dev), or the test is skipped (77).
need_thrust() {
  if [ ! -e /usr/include/thrust/version.h ]; then
    echo "skip: needs Debian's libthrust-dev"
    exit 77
  fi
}

# install_hipc PREFIX: `make install` of $BUILD into a staging folder
# (DESTDIR, PREFIX=/opt/hipc), then the tree moved to PREFIX, so that what
# the test uses is found relative to the installed files and nothing can
# come from a path baked in at install time. Skips (77) under the
# sanitizers: programs built by the installed hipcc link the instrumented
# libhipc without the sanitizer's runtime.
install_hipc() {
  if [ -n "${HIPC_SANITIZED:-}" ]; then
    echo "skip: installed programs do not link the sanitizers' runtime"
    exit 77
  fi
  if ! make -s -C "$REPO" BUILD="$BUILD" DESTDIR="$dir/stage" \
       PREFIX=/opt/hipc install > install.log 2>&1; then
    echo "FAIL: make install"
    cat install.log
    exit 1
  fi
  mkdir -p "$(dirname "$1")"
  mv "$dir/stage/opt/hipc" "$1"
  rm -rf "$dir/stage"
}

# expect_output DESCRIPTION WANTED COMMAND...: the command succeeds and
# prints exactly WANTED.
expect_output() {
  local what=$1 want=$2 got
  shift 2
  if ! got=$("$@" 2>&1); then
    echo "FAIL: $what: '$*' failed: $got"
    fail=1
  elif [ "$got" != "$want" ]; then
    echo "FAIL: $what: got '$got', expected '$want'"
    fail=1
  fi
}
