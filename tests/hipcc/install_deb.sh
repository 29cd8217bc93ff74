#!/usr/bin/env bash
# make deb: the package's control fields and contents; unpacked anywhere
# (not installed: dpkg -x), its /usr tree builds and runs a program.
set -u
. "$(dirname "${BASH_SOURCE[0]}")/common.bash"
need_libhipc
if ! command -v dpkg-deb > /dev/null; then
  echo "skip: dpkg-deb is not installed"
  exit 77
fi
if [ -n "${HIPC_SANITIZED:-}" ]; then
  echo "skip: installed programs do not link the sanitizers' runtime"
  exit 77
fi
if ! make -s -C "$REPO" BUILD="$BUILD" DEB_DIR="$dir" deb > deb.log 2>&1; then
  echo "FAIL: make deb"
  cat deb.log
  exit 1
fi
deb=$(ls "$dir"/hipc_*.deb)
check "make deb wrote one package" test -f "$deb"
expect_output "Package" "hipc" dpkg-deb -f "$deb" Package
check "it depends on clang-19" bash -c 'dpkg-deb -f "$0" Depends | grep -q clang-19' "$deb"
list=$(dpkg-deb -c "$deb")
for f in ./usr/bin/hipcc ./usr/bin/hipconfig ./usr/bin/hipInfo \
         ./usr/lib/libhipc.so ./usr/include/hip/hip_runtime.h \
         ./usr/lib/cmake/hip/hip-config.cmake \
         ./usr/lib/cmake/hip/FindHIP.cmake ./usr/lib/pkgconfig/hip.pc; do
  check "the package holds $f" grep -q " $f\( \|$\)" <<<"$list"
done
check "the package has no /usr/cmake" \
  bash -c '! grep -q " ./usr/cmake/" <<<"$0"' "$list"
check "files are root's" bash -c '! grep -v " root/root " <<<"$0"' "$list"
dpkg-deb -x "$deb" root
U=$dir/root/usr
expect_output "the unpacked hipconfig --path" "$U" "$U/bin/hipconfig" --path
cp "$REPO/examples/makefile/reduce.hip" .
if "$U/bin/hipcc" reduce.hip -o reduce 2> build.txt; then
  expect_output "a program of the unpacked hipcc" "reduce ok 5000050000" \
    ./reduce
else
  echo "FAIL: the unpacked hipcc:"
  cat build.txt
  fail=1
fi
exit $fail
