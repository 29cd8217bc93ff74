#!/usr/bin/env bash
# hipcc's device pass makes a loop that clears the lowest set bit until
# none is left (`for (c = 0; v; c++) v &= v - 1;`) one `popc`, as nvcc
# does: LLVM 19 makes it llvm.ctpop only for targets that report fast
# population count, which NVPTX does not (HeCBench popcount's pc3 kernel
# took 4.35 times nvcc's time). The pass is hipc-kc --nvptx-ir
# (src/kc/nvptx_popcount.c). Checked here: (1) its results, on host code
# compiled by clang -O3, run through the pass and compared with
# __builtin_popcount on every 20-bit value, edge values and pseudo-random
# 64-bit ones (x86-64's baseline has no POPCNT, so clang keeps the loops
# there too); (2) the PTX of kernels holding such loops: popc and no loop,
# a loop with a store in it kept, and HIPC_NVPTX_IR=0 keeping the loop;
# (3) code generation as before the split (clang takes no language options
# for IR input: CUDA's contraction across statements must still give
# fma.rn, not mul.rn + add.rn, and -ffp-contract=off must keep them apart).
# Skipped when clang-19 or the CUDA toolkit is not installed.
set -u
. "$(dirname "${BASH_SOURCE[0]}")/common.bash"
need_device_pass
KC=$BUILD/bin/hipc-kc

cat > forms.c <<'SRC'
int pc_u32(unsigned v) { int c; for (c = 0; v; c++) v &= v - 1; return c; }
int pc_u64_char(unsigned long long v) {
  char c; for (c = 0; v; c++) v &= v - 1; return c;
}
int pc_do(unsigned v) {
  int c = 0; do { v = (v - 1) & v; c++; } while (v); return c;
}
long pc_step(unsigned long long v, long c0) {
  long c = c0; while (v) { v &= v - 1; c += 3; } return c;
}
int pc_two(unsigned v, int *d) {
  int c = 0; *d = 10; while (v) { v &= v - 1; c++; *d -= 2; } return c;
}
int pc_last(unsigned v) {
  int c = 7, last = 0; while (v) { v &= v - 1; last = c; c++; } return last;
}
unsigned char pc_u16(unsigned short v) {
  unsigned char c = 0; while (v) { v &= v - 1; c++; } return c;
}
SRC
cat > main.c <<'SRC'
#include <stdio.h>
int pc_u32(unsigned), pc_u64_char(unsigned long long), pc_do(unsigned);
long pc_step(unsigned long long, long);
int pc_two(unsigned, int *), pc_last(unsigned);
unsigned char pc_u16(unsigned short);
static unsigned long long s = 88172645463325252ull;
static unsigned long long next(void) {
  s ^= s << 13; s ^= s >> 7; s ^= s << 17; return s;
}
static int bad;
static void one(unsigned long long x) {
  unsigned v = (unsigned)x;
  int p32 = __builtin_popcount(v), p64 = __builtin_popcountll(x), d;
  int want_two_d = 10 - 2 * p32;
  if (pc_u32(v) != p32 || pc_u64_char(x) != p64 ||
      pc_do(v) != (v ? p32 : 1) || pc_step(x, -5) != -5 + 3L * p64 ||
      pc_two(v, &d) != p32 || d != want_two_d ||
      pc_last(v) != (v ? 6 + p32 : 0) ||
      pc_u16((unsigned short)x) != __builtin_popcount((unsigned short)x)) {
    if (bad++ < 5) printf("FAIL: x = %#llx\n", x);
  }
}
int main(void) {
  for (unsigned long long x = 0; x < (1u << 20); x++) one(x);
  for (int i = 0; i < 64; i++) one(1ull << i), one(~0ull >> i), one(~(1ull << i));
  for (int i = 0; i < 1000000; i++) one(next());
  return bad != 0;
}
SRC
clang-19 -O3 -emit-llvm -c forms.c -o forms.bc &&
  "$KC" --nvptx-ir forms.bc -o forms.ir.bc -v 2> kc.txt &&
  clang-19 -O2 -c forms.ir.bc -o forms.o && clang-19 -O2 main.c forms.o -o pc ||
  { echo "FAIL: the host build of the loops through hipc-kc --nvptx-ir"; cat kc.txt; exit 1; }
grep -q ': 7 population-count' kc.txt ||
  { echo "FAIL: not every loop of forms.c made popc: $(cat kc.txt)"; fail=1; }
./pc || { echo "FAIL: the rewritten loops count differently"; fail=1; }

cat > pc.hip <<'SRC'
#include <hip/hip_runtime.h>
__global__ void k_pop64(const unsigned long* in, int* out) {
  int i = threadIdx.x;
  char count; unsigned long x = in[i];
  for (count = 0; x; count++) x &= x - 1;
  out[i] = count;
}
__device__ unsigned bit_count(unsigned v) {
  unsigned c; for (c = 0; v; ++c) v &= v - 1; return c;
}
__global__ void k_pop32(const unsigned* in, int* out) {
  int i = threadIdx.x;
  out[i] = bit_count(in[i]) == 2;
}
__global__ void k_fma(const float* a, float* out) {
  int i = threadIdx.x;
  float t = a[i] * a[i + 1];
  out[i] = t + a[i + 2];
}
__global__ void k_store(unsigned v, int* out) {
  int c = 0;
  while (v) { v &= v - 1; out[c] = c; c++; }
}
SRC
# body PTX KERNEL: that entry's instructions.
body() { awk "/\\.entry .*$2/,/^}/" "$1"; }
# loops PTX KERNEL: its backward branches (a label before the branch).
loops() {
  body "$1" "$2" | awk '/^\$L__/ { seen[substr($1, 1, length($1) - 1)] = 1 }
    /bra/ { t = $NF; sub(";", "", t); if (t in seen) n++ } END { print n + 0 }'
}
"$HIPCC" --offload-arch=sm_90 -O3 -save-temps -c pc.hip -o pc.o 2> err.txt ||
  { echo "FAIL: pc.hip builds: $(head -5 err.txt)"; exit 1; }
for k in k_pop64 k_pop32; do
  [ "$(body pc.sm_90.ptx $k | grep -c 'popc\.b')" -eq 1 ] ||
    { echo "FAIL: $k has no popc"; fail=1; }
  [ "$(loops pc.sm_90.ptx $k)" -eq 0 ] ||
    { echo "FAIL: $k still loops"; fail=1; }
done
[ "$(loops pc.sm_90.ptx k_store)" -ge 1 ] ||
  { echo "FAIL: k_store's loop (it stores) was removed"; fail=1; }
mkdir -p off && cd off || exit 1
HIPC_NVPTX_IR=0 "$HIPCC" --offload-arch=sm_90 -O3 -save-temps -c ../pc.hip \
  -o pc.o 2> err.txt || { echo "FAIL: HIPC_NVPTX_IR=0 build"; exit 1; }
[ "$(loops pc.sm_90.ptx k_pop64)" -ge 1 ] ||
  { echo "FAIL: without the IR passes k_pop64 does not loop (is the test still meaningful?)"; fail=1; }
body pc.sm_90.ptx k_fma > fma.clang.txt
cd .. || exit 1
body pc.sm_90.ptx k_fma > fma.txt
grep -q 'fma\.rn\.f32' fma.txt && ! grep -q 'mul\.rn\.f32' fma.txt ||
  { echo "FAIL: k_fma is not contracted: $(grep -E 'mul|add|fma' fma.txt)"; fail=1; }
cmp -s fma.txt off/fma.clang.txt ||
  { echo "FAIL: k_fma differs with and without the IR passes"; fail=1; }
"$HIPCC" --offload-arch=sm_90 -O3 -ffp-contract=off -save-temps -c pc.hip \
  -o pc.o 2> err.txt || { echo "FAIL: -ffp-contract=off build"; exit 1; }
body pc.sm_90.ptx k_fma | grep -q 'mul\.rn\.f32' ||
  { echo "FAIL: -ffp-contract=off: k_fma contracted"; fail=1; }
exit $fail
