#!/usr/bin/env bash
# The module API with code objects from `hipcc --genco`: tests/shell/module_api/
# (main.hip loads a.co and b.co and checks every call; see its top), plus
# hipcc's --genco itself: the output name, the marker, what it refuses.
# Under make test-asan / test-ubsan everything is built with the sanitizer.
set -u
# The first run needs code objects without GPU images (they are unmapped
# by hipModuleUnload); the second builds its own.
unset HIPC_OFFLOAD_ARCH
src=$(realpath "$(dirname "${BASH_SOURCE[0]}")/module_api")
. "$(dirname "${BASH_SOURCE[0]}")/../hipcc/common.bash"
TF=${TEST_CFLAGS:-}

cp "$src"/mod_a.hip "$src"/mod_b.hip .
"$HIPCC" $TF --genco mod_a.hip -o a.co 2> err.txt
check "--genco -o a.co ($(cat err.txt))" [ -s a.co ]
"$HIPCC" $TF -O2 --genco mod_b.hip 2> err.txt
check "--genco without -o writes mod_b.co ($(cat err.txt))" [ -s mod_b.co ]
mv mod_b.co b.co
check "a code object is a shared object" \
  sh -c "od -An -c -N4 a.co | grep -q 'E   L   F'"
check "a code object carries the marker" grep -q "hipc code object 1" a.co
"$HIPCC" $TF --genco -c mod_a.hip -o x.o 2> err.txt
check "--genco with -c exits 1" [ $? -eq 1 ]
check "--genco with -c says why" grep -q "genco cannot be combined" err.txt

printf 'this is not a code object\n' > garbage.co
: > empty.co
head -c 2000 a.co > truncated.co
"$HIPCC" $TF -O1 "$src"/main.hip -o main 2> err.txt
check "main builds ($(cat err.txt))" [ -x main ]
./main "$PWD" > out.txt 2>&1
rc=$?
cat out.txt
check "main passes" [ $rc -eq 0 ]

# The same with code objects that carry sm_90 images (where the device
# pass's tools are): on the CPU device here, on a GPU where there is one.
CUDA=${CUDA_PATH:-/usr/local/cuda}
if command -v "${HIPC_CLANG:-clang-19}" > /dev/null &&
   [ -x "$CUDA/bin/ptxas" ]; then
  mkdir gpu
  cp garbage.co empty.co truncated.co main gpu/
  "$HIPCC" $TF --genco --offload-arch=sm_90 mod_a.hip -o gpu/a.co 2> err.txt
  check "--genco --offload-arch=sm_90 ($(cat err.txt))" [ -s gpu/a.co ]
  "$HIPCC" $TF --genco --offload-arch=sm_90 mod_b.hip -o gpu/b.co 2> err.txt
  ./main "$PWD/gpu" gpu > out.txt 2>&1
  rc=$?
  cat out.txt
  check "main passes with sm_90 code objects" [ $rc -eq 0 ]
else
  echo "(no clang-19 or ptxas: sm_90 code objects not tested)"
fi
exit $fail
