#!/usr/bin/env bash
# make install: the tree it writes, moved elsewhere, works from there:
# hipconfig's answers, hipcc -v naming the installation, a HIP program
# built by the installed hipcc (shared and static libhipc) from another
# folder, hipInfo; make uninstall removes everything.
set -u
. "$(dirname "${BASH_SOURCE[0]}")/common.bash"
need_libhipc
P=$dir/moved/hipc
install_hipc "$P"

for f in bin/hipcc bin/hipc-kc bin/hipconfig bin/hipInfo bin/hipc-clang++ \
         lib/hipc/bin/clang++ lib/libhipc.so lib/libhipc.a lib/libhiprand.so \
         include/hiprand/hiprand.h include/hiprand_kernel.h \
         include/hip/hip_runtime.h include/hip/hipc/kc_abi.h \
         lib/cmake/hip/hip-config.cmake lib/cmake/hip/hip-config-version.cmake \
         lib/cmake/hip-lang/hip-lang-config.cmake lib/cmake/hip/FindHIP.cmake \
         cmake/FindHIP.cmake lib/pkgconfig/hip.pc; do
  check "installed $f" test -e "$P/$f"
done
# The text files name neither the build tree nor the install prefix.
for f in "$P"/lib/cmake/*/*.cmake "$P"/cmake/*.cmake \
         "$P"/lib/pkgconfig/hip.pc; do
  if grep -qE "/opt/hipc|$BUILD|$REPO" "$f"; then
    echo "FAIL: $f names a path: $(grep -nE "/opt/hipc|$BUILD|$REPO" "$f")"
    fail=1
  fi
done

hv=$(sed -n 's/^#define HIP_VERSION_\(MAJOR\|MINOR\|PATCH\) *\([0-9]*\)$/\2/p' \
       "$REPO/include/hip/hip_version.h" | paste -sd.)
H=$P/bin/hipconfig
# Single values end without a newline (as AMD's: CMake tests the value
# with EXISTS); -n adds one.
expect_output "--path" "$P|" bash -c '"$0" --path; echo "|"' "$H"
expect_output "-n --path" "$P
|" bash -c '"$0" -n --path; echo "|"' "$H"
expect_output "--rocmpath" "$P" "$H" --rocmpath
expect_output "--version" "$hv" "$H" --version
expect_output "--platform" "amd" "$H" --platform
expect_output "HIP_PLATFORM=nvidia --platform" "nvidia" \
  env HIP_PLATFORM=nvidia "$H" --platform
expect_output "--compiler" "clang" "$H" --compiler
expect_output "--runtime" "hipc" "$H" --runtime
expect_output "--cpp_config" "-D__HIP_PLATFORM_HIPC__=1 -I$P/include" \
  "$H" --cpp_config
expect_output "--cxx_config" "-D__HIP_PLATFORM_HIPC__=1 -I$P/include" \
  "$H" --cxx_config
expect_output "--hipclangpath" "$P/lib/hipc/bin" "$H" --hipclangpath
check "--hipclangpath's clang++ is hipcc" \
  test "$(realpath "$P/lib/hipc/bin/clang++")" = "$(realpath "$P/bin/hipcc")"
full=$("$H" --full)
check "--full names HIP_PATH" grep -qxF "HIP_PATH: $P" <<<"$full"
check "--full names the version" grep -qxF "HIP version: $hv" <<<"$full"
check "--full names the platform" grep -qxF "HIP_PLATFORM: amd" <<<"$full"
check "no option is --full" test "$("$H" | sed -n 1,8p)" = \
  "$(sed -n 1,8p <<<"$full")"
check "--check passes" "$H" --check
"$H" --bogus > /dev/null 2>&1
check "an unknown option is exit status 2" test $? -eq 2
check "--help lists --cpp_config" bash -c '"$0" --help | grep -q -- --cpp_config' "$H"

# hipcc -v says where it is installed, in clang's words (CMake reads them).
"$P/bin/hipcc" -v -print-targets > targets.txt 2> v.txt
check "hipcc -v -print-targets succeeds" test $? -eq 0
check "hipcc -v names the installation" \
  grep -qxF "Found HIP installation: $P, version $hv" v.txt
check "-print-targets lists cpu" grep -q "^ *cpu " targets.txt

# A program built by the installed hipcc, in another folder.
mkdir work && cd work || exit 1
cp "$REPO/examples/makefile/reduce.hip" .
if "$P/bin/hipcc" -O2 reduce.hip -o reduce 2> build.txt; then
  expect_output "installed hipcc's program" "reduce ok 5000050000" ./reduce
  check "it links the installed libhipc" \
    bash -c 'ldd ./reduce | grep -qF "$0/lib/libhipc.so"' "$P"
else
  echo "FAIL: the installed hipcc did not build reduce.hip:"
  cat build.txt
  fail=1
fi
if "$P/bin/hipcc" -O2 -static-libhipc reduce.hip -o reduce_static \
     2> build.txt; then
  expect_output "with -static-libhipc" "reduce ok 5000050000" ./reduce_static
else
  echo "FAIL: -static-libhipc:"
  cat build.txt
  fail=1
fi
# --offload-arch=cpu (CMake's default HIP architecture) adds nothing.
check "--offload-arch=cpu" "$P/bin/hipcc" --offload-arch=cpu -c reduce.hip \
  -o r.o
cd .. || exit 1

# hipInfo: the CPU device with its backend, threads and warp size.
info=$(HIPC_DEVICES=cpu HIPC_CPU_THREADS=3 HIPC_WARP_SIZE=32 "$P/bin/hipInfo")
check "hipInfo runs" test $? -eq 0
check "hipInfo: one device" grep -qx "Devices: 1" <<<"$info"
check "hipInfo: the backend" grep -q "^Backend: *cpu " <<<"$info"
check "hipInfo: threads" grep -qx "CPU device threads: *3" <<<"$info"
check "hipInfo: warp size" grep -qx "CPU device warp size: *32" <<<"$info"
check "hipInfo: attributes" grep -qx " *WarpSize *32" <<<"$info"
check "hipInfo: attribute count" \
  test "$(grep -c "^  [A-Z]" <<<"$info")" -ge 100

# make uninstall leaves nothing behind.
make -s -C "$REPO" BUILD="$BUILD" DESTDIR="$dir/u" PREFIX=/usr/local \
  install > /dev/null 2>&1 &&
  make -s -C "$REPO" BUILD="$BUILD" DESTDIR="$dir/u" PREFIX=/usr/local \
    uninstall > /dev/null 2>&1
check "make uninstall" test -z "$(find "$dir/u/usr/local" -mindepth 1 2>/dev/null)"
exit $fail
