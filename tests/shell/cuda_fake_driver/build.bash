# Sourced by the tests that use the fake libcuda.so.1 (after
# tests/hipcc/common.bash). build_fake_cuda DIR makes DIR/libcuda.so.1 of
# fake_cuda.c plus a stub for every other entry point the backend resolves
# (src/backend/cuda/driver.h): it counts its calls (fake_cuda_count by the
# symbol's name), writes nothing and returns CUDA_SUCCESS. Errors go to
# build.txt.
build_fake_cuda() {
  local dir=$1 here repo
  here=$(realpath "$(dirname "${BASH_SOURCE[0]}")")
  repo=$(realpath "$here/../../..")
  mkdir -p "$dir"
  grep -o '"cu[A-Za-z0-9_]*"' "$repo/src/backend/cuda/driver.h" | tr -d '"' |
    sort -u > names.txt
  grep -o '^CUresult cu[A-Za-z0-9_]*' "$here/fake_cuda.c" | cut -d' ' -f2 |
    sort -u > defined.txt
  comm -23 names.txt defined.txt > stubs.txt
  {
    echo '#include <string.h>'
    awk '{ printf "static int n_%s;\nint %s(void) {\n", $1, $1
           printf "  __atomic_add_fetch(&n_%s, 1, __ATOMIC_SEQ_CST);\n", $1
           print "  return 0;\n}" }' stubs.txt
    echo 'int fake_cuda_stub_count(const char* name) {'
    awk '{ printf "  if (strcmp(name, \"%s\") == 0)\n", $1
           printf "    return __atomic_load_n(&n_%s, __ATOMIC_SEQ_CST);\n", $1 }' \
      stubs.txt
    echo '  return -1;'
    echo '}'
  } > stubs.c
  ${CC:-cc} -shared -fPIC -o "$dir/libcuda.so.1" "$here/fake_cuda.c" stubs.c \
    2> build.txt
}

# build_fake_test SRC OUT [FLAGS...]: exits 77 under the sanitizers (the
# fake driver is not built with them), else builds the fake driver into
# fake/ and SRC (a C file of this folder) against libhipc into OUT, and
# puts fake/ first on LD_LIBRARY_PATH; a failed build fails the test.
build_fake_test() {
  local here src=$1 out=$2
  shift 2
  here=$(realpath "$(dirname "${BASH_SOURCE[0]}")")
  if [ -n "${HIPC_SANITIZED:-}" ]; then
    echo "skip: the fake driver is not built with the sanitizers"
    exit 77
  fi
  if ! build_fake_cuda fake ||
     ! ${CC:-cc} -std=c11 -Wall -Wextra -Werror -I"$REPO/include" \
       "$here/$src" -L"$BUILD/lib" -Wl,-rpath,"$BUILD/lib" -lhipc \
       -ldl "$@" -o "$out" 2>> build.txt; then
    echo "FAIL: build"; cat build.txt; exit 1
  fi
  unset HIP_VISIBLE_DEVICES CUDA_VISIBLE_DEVICES HIPC_CUDA_EAGER_CONTEXT
  export LD_LIBRARY_PATH=$PWD/fake${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
}
