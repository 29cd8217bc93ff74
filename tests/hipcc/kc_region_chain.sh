#!/usr/bin/env bash
# The cut in a long chain of regions (src/kc/form_loops_emit.c,
# CHAIN_REGIONS): in the K.run of a kernel with 16 regions or more, each
# region's first block may branch around the region's loops on a volatile
# load of 0 (never taken), so that LLVM's ScalarEvolution does not walk
# back through every earlier region for each fact it proves (quadratic:
# hipCUB's radix sort spent most of its CPU compile there). Checked on a
# kernel of 21 barriers (22 regions) and one of 3: the optimised IR of
# the first has a load per region in each of its bodies (for any block
# shape and for one-row blocks: 44), the second none; both give the
# host's values at warp size 64 and 32, with the blocks' threads in one
# row and in two.
set -u
. "$(dirname "${BASH_SOURCE[0]}")/common.bash"
command -v "${HIPC_CLANG:-clang-19}" > /dev/null ||
  { echo "skip: needs clang-19"; exit 77; }
KC=$BUILD/bin/hipc-kc

cat > ch.hip <<'SRC'
#include <hip/hip_runtime.h>
#include <cstdio>

// One step: every thread reads a neighbour's value, all wait, every
// thread writes its own; 2 barriers.
#define STEP(k)                                                    \
  {                                                                \
    int v = s[(t + k) % n] + k;                                    \
    __syncthreads();                                               \
    s[t] = v ^ (s[t] >> 1);                                        \
    __syncthreads();                                               \
  }
__global__ void many(const int* in, int* out) {
  __shared__ int s[256];
  int n = blockDim.x * blockDim.y;
  int t = threadIdx.y * blockDim.x + threadIdx.x;
  s[t] = in[blockIdx.x * n + t];
  __syncthreads();
  STEP(1) STEP(2) STEP(3) STEP(4) STEP(5)
  STEP(6) STEP(7) STEP(8) STEP(9) STEP(10)
  out[blockIdx.x * n + t] = s[t];
}
__global__ void few(const int* in, int* out) {
  __shared__ int s[256];
  int n = blockDim.x * blockDim.y;
  int t = threadIdx.y * blockDim.x + threadIdx.x;
  s[t] = in[blockIdx.x * n + t];
  __syncthreads();
  STEP(3)
  out[blockIdx.x * n + t] = s[t];
}

// The same steps on the host, a block at a time.
static void host(const int* in, int* out, int blocks, int n, int steps,
                 int first) {
  int s[256], v[256];
  for (int b = 0; b < blocks; b++) {
    for (int t = 0; t < n; t++) s[t] = in[b * n + t];
    for (int k = first; k < first + steps; k++) {
      for (int t = 0; t < n; t++) v[t] = s[(t + k) % n] + k;
      for (int t = 0; t < n; t++) s[t] = v[t] ^ (s[t] >> 1);
    }
    for (int t = 0; t < n; t++) out[b * n + t] = s[t];
  }
}

int main() {
  const int blocks = 6, n = 192, total = blocks * n;
  int *in, *out;
  if (hipMallocManaged(&in, total * 4) || hipMallocManaged(&out, total * 4))
    return 2;
  for (int i = 0; i < total; i++) in[i] = (i * 7919) % 100003 - 50000;
  static int want[blocks * 192];
  int bad = 0;
  for (int shape = 0; shape < 2; shape++) {
    dim3 block = shape ? dim3(96, 2) : dim3(192);
    for (int which = 0; which < 2; which++) {
      if (which)
        few<<<blocks, block>>>(in, out);
      else
        many<<<blocks, block>>>(in, out);
      if (hipDeviceSynchronize()) return 2;
      host(in, want, blocks, n, which ? 1 : 10, which ? 3 : 1);
      for (int i = 0; i < total; i++) bad += out[i] != want[i];
    }
  }
  printf("%d wrong\n", bad);
  return bad != 0;
}
SRC
"$HIPCC" -O2 -save-temps ch.hip -o ch 2> err.txt
check "ch.hip builds ($(head -3 err.txt))" [ -x ch ]
[ -x ch ] || exit 1
for w in 64 32; do
  check "warp $w: $(HIPC_WARP_SIZE=$w ./ch 2>&1)" env HIPC_WARP_SIZE=$w ./ch
done

# The optimised module; each K.run's volatile loads (the cuts).
"$KC" ch.cpu.bc --id t -O2 --emit-ll -o ch.ll
cuts() {
  awk -v f="$1" '/^define/ { on = index($0, "@" f) > 0 }
                 on && /load volatile i32/ { n++ }
                 END { print n + 0 }' ch.ll
}
many=$(cuts _Z4manyPKiPi.run)
few=$(cuts _Z3fewPKiPi.run)
check "many (22 regions, 2 bodies): a cut per region, $many" \
  [ "$many" -eq 44 ]
check "few (4 regions): no cut, $few" [ "$few" -eq 0 ]
exit $fail
