#!/usr/bin/env bash
# The legacy FindHIP.cmake of an installed, moved tree: examples/cmake-findhip
# (find_package(HIP MODULE), hip_add_library STATIC and SHARED,
# hip_add_executable with a .hip and a host .cpp, HIP_SOURCE_PROPERTY_FORMAT,
# HIP_HIPCC_FLAGS, HIPCC_OPTIONS, CLANG_OPTIONS, NVCC_OPTIONS) configured
# through <prefix>/cmake, built and run; the module found again from
# <prefix>/lib/cmake/hip with $HIP_PATH, and, copied into another folder,
# through $ROCM_PATH; with ptxas, --offload-arch=sm_90 in HIP_HIPCC_FLAGS.
set -u
. "$(dirname "${BASH_SOURCE[0]}")/common.bash"
need_libhipc
if ! command -v cmake > /dev/null; then
  echo "skip: cmake is not installed"
  exit 77
fi
P=$dir/p
install_hipc "$P"
E=$REPO/examples/cmake-findhip
unset HIP_PATH ROCM_PATH HIP_PLATFORM

check "FindHIP.cmake in lib/cmake/hip and in cmake/" \
  cmp -s "$P/lib/cmake/hip/FindHIP.cmake" "$P/cmake/FindHIP.cmake"

# configure NAME ARGS...: configures examples/cmake-findhip into NAME
# (NAME.log); prints the log on failure.
configure() {
  local b=$1
  shift
  if ! cmake -S "$E" -B "$b" "$@" > "$b.log" 2>&1; then
    echo "FAIL: configuring examples/cmake-findhip ($b):"
    tail -n 40 "$b.log"
    fail=1
    return 1
  fi
}

# build NAME: builds it (verbose, into NAME.log); prints the log on failure.
build() {
  if ! cmake --build "$1" -- VERBOSE=1 >> "$1.log" 2>&1; then
    echo "FAIL: building examples/cmake-findhip ($1):"
    tail -n 40 "$1.log"
    fail=1
    return 1
  fi
}

# reports NAME VARIABLE VALUE: the example printed VARIABLE=VALUE.
reports() {
  check "$1: $2 is '$3'" grep -qxF -- "-- $2=$3" "$1.log"
}

OK="findhip ok: saxpy 5000, square 5000, stencil 5000"
if configure b -DHIP_PATH="$P" && build b; then
  version=$("$P/bin/hipconfig" --version)
  for v in "HIP_FOUND TRUE" "HIP_VERSION $version" \
           "HIP_VERSION_MAJOR ${version%%.*}" "HIP_PLATFORM amd" \
           "HIP_COMPILER clang" "HIP_RUNTIME hipc" "HIP_ROOT_DIR $P" \
           "HIP_HIPCC_EXECUTABLE $P/bin/hipcc" \
           "HIP_HIPCONFIG_EXECUTABLE $P/bin/hipconfig" \
           "HIP_INCLUDE_DIRS $P/include" "HIP_LIBRARIES $P/lib/libhipc.so"; do
    reports b ${v%% *} "${v#* }"
  done
  check "hipcc compiles the .hip sources" \
    grep -q "^$P/bin/hipcc .*-DSTENCIL_RADIUS=2 .* -c $E/stencil.hip" b.log
  check "hipcc compiles the marked .cpp, -fPIC for the shared library" \
    grep -q "^$P/bin/hipcc .*-DSQUARE_OFFSET=1 -fPIC .* -c $E/square.cpp" b.log
  check "NVCC_OPTIONS are not hipcc's" \
    eval '! grep -q -- --nvcc-only-option b.log'
  check "the host .cpp is the C++ compiler's" \
    eval "! grep -q '^$P/bin/hipcc.* -c $E/main.cpp' b.log"
  check "hipcc links the program" \
    grep -q "^$P/bin/hipcc .* -o findhip_demo " b.log
  check "nothing comes from the build tree" \
    eval "! grep -qF '$BUILD/' b.log b/CMakeCache.txt"
  expect_output "findhip_demo" "$OK" env HIPC_DEVICES=cpu b/findhip_demo
fi

# $HIP_PATH, with only <prefix>/lib/cmake/hip to find the module in.
mv "$P/cmake" "$P/cmake.off"
if HIP_PATH=$P configure e; then
  reports e HIP_ROOT_DIR "$P"
  reports e HIP_HIPCC_EXECUTABLE "$P/bin/hipcc"
fi
mv "$P/cmake.off" "$P/cmake"

# A project's own copy of the module (HIP_PATH names that copy's folder,
# which holds no HIP): $ROCM_PATH says where hipc is.
mkdir -p vendored/cmake
cp "$P/cmake/FindHIP.cmake" vendored/cmake
if ROCM_PATH=$P configure v -DHIP_PATH="$dir/vendored"; then
  reports v HIP_ROOT_DIR "$P"
  reports v HIP_VERSION "$("$P/bin/hipconfig" --version)"
fi

CUDA=${CUDA_PATH:-/usr/local/cuda}
if [ -x "$CUDA/bin/ptxas" ]; then
  if configure g -DHIP_PATH="$P" -DHIP_HIPCC_FLAGS=--offload-arch=sm_90 &&
     build g; then
    check "--offload-arch=sm_90 from HIP_HIPCC_FLAGS" \
      grep -q -- "--offload-arch=sm_90 -DEXAMPLE_HIPCC_FLAGS=1 .*stencil.hip" \
        g.log
    check "findhip_demo carries sm_90 code" grep -aq "sm_90" g/findhip_demo
    expect_output "findhip_demo with GPU code, on the CPU device" "$OK" \
      env HIPC_DEVICES=cpu g/findhip_demo
  fi
else
  echo "note: no $CUDA/bin/ptxas; --offload-arch=sm_90 not tried"
fi
exit $fail
