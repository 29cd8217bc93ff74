#!/usr/bin/env bash
# Command-line handling that needs no HIP header: -o with -c and several
# inputs, --genco, the ignored AMD flags, --offload-arch with C sources
# only (no GPU tools needed), --help,
# default output names and the removal of temporary files.
set -u
. "$(dirname "${BASH_SOURCE[0]}")/common.bash"
echo 'int f(void) { return 1; }' > f.c
echo 'int g(void) { return 2; }' > g.c

"$HIPCC" -c f.c g.c -o both.o 2> err.txt
check "-c -o with two inputs fails with exit 1" [ $? -eq 1 ]
check "-c -o with two inputs says why" \
  grep -q "cannot specify '-o' with '-c'" err.txt

"$HIPCC" --genco f.c 2> err.txt
check "--genco of a C file exits 1" [ $? -eq 1 ]
check "--genco of a C file says why" \
  grep -q "genco compiles HIP sources only, not 'f.c'" err.txt

"$HIPCC" -c f.c -fgpu-rdc -fno-gpu-rdc -munsafe-fp-atomics \
  --amdgpu-target=gfx90a 2> err.txt
check "ignored flags are accepted" [ $? -eq 0 ]
check "ignored flags print nothing" [ ! -s err.txt ]
check "-c f.c writes f.o" [ -f f.o ]

CUDA_PATH=/nonexistent HIPC_CLANG=/nonexistent "$HIPCC" -c f.c g.c \
  --offload-arch=sm_80 --offload-arch=sm_90 2> err.txt
check "--offload-arch with C sources needs no GPU tools" [ $? -eq 0 ]
check "--offload-arch with C sources prints nothing" [ ! -s err.txt ]
check "-c f.c g.c writes g.o" [ -f g.o ]

"$HIPCC" --help > help.txt
check "--help exits 0" [ $? -eq 0 ]
check "--help lists -save-temps" grep -q -- '-save-temps' help.txt

"$HIPCC" 2> err.txt
check "no input files fails" [ $? -eq 1 ]

# Linking compiles f.c and g.c to temporary objects first; whether or not
# the link succeeds (libhipc may not be built yet), they must be gone.
mkdir tmp
TMPDIR=$dir/tmp "$HIPCC" -x c f.c -x none g.c -shared -fPIC -o libfg.so \
  2> err.txt
rc=$?
if [ -e "$BUILD/lib/libhipc.so" ]; then
  check "-x c and -shared link (exit $rc: $(cat err.txt))" [ $rc -eq 0 ]
fi
check "temporary files are removed" [ -z "$(ls -A tmp)" ]

# -Xclang pairs go to clang as they are: -Xclang -std=c++17 is not hipcc's
# -std. -lamdhip64 (AMD's name for the runtime) is libhipc, linked anyway.
echo 'int x(void) { return 3; }' > x.hip
"$HIPCC" -v -c x.hip -Xclang -std=c++17 -Xclang -fno-pch-timestamp \
  -o x.o 2> v.txt
check "-Xclang pairs compile" [ $? -eq 0 ]
check "-Xclang -std=c++17 passes as a pair" \
  grep -q -- '-Xclang -std=c++17' v.txt
check "-Xclang -fno-pch-timestamp passes as a pair" \
  grep -q -- '-Xclang -fno-pch-timestamp' v.txt
# In a C source too (issue #19): the pairs go to clang even where the C
# compiler (HIPC_CC) is gcc, which does not know -Xclang.
echo 'int g(void) { for (int i = 0; i < 2; i++) {} return 2; }' > g.c
"$HIPCC" -v -c g.c -Xclang -std=c99 -Xclang -pthread -o g.o 2> v.txt
check "-Xclang -std=c99 -Xclang -pthread compile a C source ($(tail -1 v.txt))" \
  [ $? -eq 0 ]
check "-Xclang -std=c99 -Xclang -pthread pass as pairs" \
  grep -q -- '-Xclang -std=c99 -Xclang -pthread' v.txt
if [ -e "$BUILD/lib/libhipc.so" ]; then
  echo 'int f(void); int main(void) { return f() - 1; }' > m.c
  "$HIPCC" m.c f.c -o fm -lamdhip64 -l amdhip64 2> err.txt
  check "-lamdhip64 links ($(cat err.txt))" [ $? -eq 0 ]
fi
exit $fail
