#!/usr/bin/env bash
# hipc-kc interchanges a grid-stride loop with the loop over a block's
# threads (src/kc/form_loops_interchange*.c): checked on what hipc-kc
# prints with KC_LOOPS_DEBUG=1. A loop with a second exit (a break) keeps
# its form, and HIPC_KC_NO_INTERCHANGE=1 turns the interchange off. The
# values are checked by tests/kernels/grid_stride.hip.
set -u
. "$(dirname "${BASH_SOURCE[0]}")/common.bash"
command -v "${HIPC_CLANG:-clang-19}" > /dev/null ||
  { echo "skip: needs clang-19"; exit 77; }
KC=$BUILD/bin/hipc-kc

cat > gs.hip <<'SRC'
#include <hip/hip_runtime.h>
__global__ void k_sum(const int* in, int* out, int n) {
  int sum = 0;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += blockDim.x * gridDim.x)
    sum += in[i];
  atomicAdd(out, sum);
}
__global__ void k_break(const int* in, int* out, int n) {
  int sum = 0;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += blockDim.x * gridDim.x) {
    if (in[i] < 0) break;
    sum += in[i];
  }
  atomicAdd(out, sum);
}
int main() { return 0; }
SRC
"$HIPCC" -O2 -save-temps gs.hip -o gs 2> err.txt
check "gs.hip builds ($(head -3 err.txt))" [ -x gs ]
if [ -x gs ]; then
  KC_LOOPS_DEBUG=1 "$KC" gs.cpu.bc --id t -O2 -o on.o 2> on.txt
  check "k_sum's stride loop is interchanged" \
    grep -q 'k_sum.*stride loop interchanged' on.txt
  check "k_break's loop (two exits) is not" \
    grep -q 'k_break.*no interchange' on.txt
  HIPC_KC_NO_INTERCHANGE=1 KC_LOOPS_DEBUG=1 "$KC" gs.cpu.bc --id t -O2 \
    -o off.o 2> off.txt
  check "HIPC_KC_NO_INTERCHANGE=1 turns it off" \
    bash -c '! grep -q "interchange" off.txt'
fi
exit $fail
