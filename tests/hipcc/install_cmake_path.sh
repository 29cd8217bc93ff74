#!/usr/bin/env bash
# CMake finds an installed, moved hipc with nothing but its bin/ on PATH:
# the HIP compiler through `hipconfig --hipclangpath`, the package through
# PATH (find_package(HIP), upper case, finds hip-config.cmake). And the
# ROCm pattern of CXX=hipcc with hip::device and GPU_TARGETS.
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
export PATH=$P/bin:$PATH

if cmake -S "$E" -B b > b.log 2>&1 && cmake --build b >> b.log 2>&1; then
  check "the HIP compiler found through hipconfig" \
    grep -qx "CMAKE_HIP_COMPILER:FILEPATH=$P/lib/hipc/bin/clang++" \
      b/CMakeCache.txt
  expect_output "saxpy" "saxpy ok 65536" env HIPC_DEVICES=cpu b/saxpy
else
  echo "FAIL: examples/cmake with hipc on PATH:"
  tail -n 40 b.log
  fail=1
fi

# CXX=hipcc: .cpp sources are HIP sources; hip::device from
# find_package(HIP); GPU_TARGETS become --offload-arch (checked on the
# command line only: no GPU code is built unless ptxas is there).
mkdir cxx
cp "$E/saxpy.hip" cxx/saxpy.cpp
cat > cxx/CMakeLists.txt <<'CM'
cmake_minimum_required(VERSION 3.21)
project(cxx LANGUAGES CXX)
find_package(HIP REQUIRED)
if(NOT HIPC OR NOT TARGET hip::device OR NOT TARGET hip::amdhip64)
  message(FATAL_ERROR "find_package(HIP) did not give hipc's targets")
endif()
add_executable(saxpy saxpy.cpp)
target_link_libraries(saxpy PRIVATE hip::device)
CM
archs=()
[ -x "${CUDA_PATH:-/usr/local/cuda}/bin/ptxas" ] && archs=(-DGPU_TARGETS=sm_90)
if CXX=$P/bin/hipcc cmake -S cxx -B c "${archs[@]}" > c.log 2>&1 &&
   cmake --build c -- VERBOSE=1 >> c.log 2>&1; then
  check "CXX=hipcc is identified as Clang" \
    grep -q "The CXX compiler identification is Clang" c.log
  if [ ${#archs[@]} -gt 0 ]; then
    check "GPU_TARGETS gives --offload-arch=sm_90" \
      grep -q -- "--offload-arch=sm_90 .*saxpy.cpp" c.log
  fi
  expect_output "saxpy (CXX=hipcc)" "saxpy ok 65536" env HIPC_DEVICES=cpu c/saxpy
else
  echo "FAIL: CXX=hipcc with hip::device:"
  tail -n 40 c.log
  fail=1
fi
exit $fail
