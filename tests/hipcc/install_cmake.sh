#!/usr/bin/env bash
# examples/cmake (project(... LANGUAGES CXX HIP), find_package(hip CONFIG),
# hip::device, hip::host) configured, built and run against an installed,
# moved tree, with CMAKE_HIP_COMPILER=<prefix>/bin/hipc-clang++; with
# CMAKE_HIP_ARCHITECTURES=sm_90 (where ptxas is there), the program carries
# NVIDIA code and still runs.
set -u
. "$(dirname "${BASH_SOURCE[0]}")/common.bash"
need_libhipc
if ! command -v cmake > /dev/null; then
  echo "skip: cmake is not installed"
  exit 77
fi
P=$dir/p
install_hipc "$P"
E=$REPO/examples/cmake

# configure_build NAME ARGS...: configures examples/cmake into NAME and
# builds it; prints the logs on failure.
configure_build() {
  local b=$1
  shift
  if ! cmake -S "$E" -B "$b" -DCMAKE_HIP_COMPILER="$P/bin/hipc-clang++" \
         -DCMAKE_PREFIX_PATH="$P" "$@" > "$b.log" 2>&1 ||
     ! cmake --build "$b" -- VERBOSE=1 >> "$b.log" 2>&1; then
    echo "FAIL: examples/cmake ($b):"
    tail -n 40 "$b.log"
    fail=1
    return 1
  fi
}

if configure_build b; then
  check "CMake identifies the HIP compiler as Clang" \
    grep -q "The HIP compiler identification is Clang" b.log
  check "CMake's ROCm root is the installation" \
    grep -qF "CMAKE_HIP_COMPILER_ROCM_ROOT \"$P\"" \
      b/CMakeFiles/*/CMakeHIPCompiler.cmake
  check "the default HIP architecture is cpu" \
    grep -qx "CMAKE_HIP_ARCHITECTURES:STRING=cpu" b/CMakeCache.txt
  expect_output "saxpy (HIP language)" "saxpy ok 65536" \
    env HIPC_DEVICES=cpu b/saxpy
  expect_output "scale_host (C++ calling a HIP library)" \
    "scale ok, 1 device(s)" env HIPC_DEVICES=cpu b/scale_host
fi

CUDA=${CUDA_PATH:-/usr/local/cuda}
if [ -x "$CUDA/bin/ptxas" ]; then
  if configure_build g -DCMAKE_HIP_ARCHITECTURES=sm_90; then
    check "--offload-arch=sm_90 on the compile line" \
      grep -q -- "--offload-arch=sm_90 .*saxpy.hip" g.log
    # The fat binary (docs/frontend.md) lists its images by architecture.
    check "saxpy carries sm_90 code" grep -aq "sm_90" g/saxpy
    expect_output "saxpy with GPU code, on the CPU device" "saxpy ok 65536" \
      env HIPC_DEVICES=cpu g/saxpy
  fi
else
  echo "note: no $CUDA/bin/ptxas; CMAKE_HIP_ARCHITECTURES=sm_90 not tried"
fi
exit $fail
