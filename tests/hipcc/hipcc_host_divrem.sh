#!/usr/bin/env bash
# The host pass counts a loop counter's quotients and remainders instead
# of dividing at every iteration, as gcc (nvcc's host compiler) lowers
# OpenMP's collapse (src/clang_plugin/host_divrem.c): HeCBench concat's
# collapse(3) reference took 0.95 s against g++'s 0.26. Checks:
# 1. which loops are counted (HIPC_HOST_DIVREM=report): collapse(3) under
#    libomp's static schedule, collapse(2) under its dynamic one with a
#    branch in the body, a negative divisor, unsigned divisions (one by a
#    divisor past 2^63), a 32-bit counter that cannot wrap, two nested
#    loops each dividing its own counter; not a counter that may start
#    below 0, nor a divisor that changes in the loop;
# 2. every loop leaves the memory an unoptimised build leaves (a hash),
#    counted or not, and the same with HIPC_HOST_DIVREM=0; the output
#    passes LLVM's verifier;
# 3. through hipcc -fopenmp: a HIP program's collapse(3) reference is
#    counted and equals its kernel's result.
set -u
. "$(dirname "${BASH_SOURCE[0]}")/common.bash"
unset HIPC_OFFLOAD_ARCH
need_libhipc
need_clang_plugin
OPT=$(dirname "$(readlink -f "$(command -v "$CLANG")")")/opt
cat > loops.c <<'SRC'
#include <stdio.h>
#include <string.h>
#include <stdint.h>
#define CAP 60000
static int a[CAP];
int sz[4];      /* sizes the compiler cannot see */
long big[3];
static unsigned long long h;
static void mix(const void *p, size_t n) {
  const unsigned char *c = p;
  for (size_t k = 0; k < n; k++) h = (h ^ c[k]) * 1099511628211ULL;
}
/* counted: OpenMP collapse(3), as HeCBench concat's reference */
__attribute__((noinline)) void collapse3(void) {
  int n0 = sz[0], n1 = sz[1], n2 = sz[2];
#pragma omp parallel for collapse(3)
  for (int i = 0; i < n0; i++)
    for (int j = 0; j < n1; j++)
      for (int k = 0; k < n2; k++)
        a[(i * n1 + j) * n2 + k] = i * 1000000 + j * 1000 + k;
}
/* counted: collapse(2) split by libomp's dynamic schedule, a branch in
 * the body */
__attribute__((noinline)) void dynamic2(void) {
  int n0 = sz[1], n1 = sz[2];
#pragma omp parallel for collapse(2) schedule(dynamic, 7)
  for (int i = 0; i < n0; i++)
    for (int j = 0; j < n1; j++) {
      if ((i ^ j) & 1)
        a[i * n1 + j] = i - j;
      else
        a[i * n1 + j] = i * j + 3;
    }
}
/* counted: a plain loop from 0, a negative divisor (signed) */
__attribute__((noinline)) void negdiv(void) {
  long d = -(long)sz[2], n = (long)sz[0] * sz[1] * sz[2];
  for (long t = 0; t < n; t++)
    a[t] = (int)(t / d) * 100 + (int)(t % d);
}
/* counted: unsigned divisions, one by a divisor past 2^63 */
__attribute__((noinline)) void unsig(void) {
  unsigned long d = (unsigned long)sz[1], e = (unsigned long)big[0];
  unsigned long n = (unsigned long)sz[0] * sz[1] * sz[2];
  for (unsigned long t = 0; t < n; t++)
    a[t] = (int)(t / d) + (int)(t % d) * 7 + (int)(t / e) * 5 +
           (int)(t % e);
}
/* counted: a 32-bit counter that cannot wrap, divided then widened */
__attribute__((noinline)) void narrow(void) {
  int d = sz[3], n = sz[0] * sz[1] * sz[2];
  for (int t = 3; t < n; t++)
    a[t] = t / d - t % d * 2;
}
/* counted: nested loops, each dividing its own counter */
__attribute__((noinline)) void nested(void) {
  long d1 = sz[3], d2 = sz[2], n = (long)sz[0] * sz[1], m = sz[2] + 3;
  for (long i = 0; i < n; i++)
    for (long j = 0; j < m; j++)
      a[i * m + j] = (int)(i / d1) * 1000 + (int)(j % d2) * 10 +
                     (int)(i % d1) + (int)(j / d2) * 7;
}
/* kept: a counter that may start below 0 */
__attribute__((noinline)) void negstart(void) {
  long d = sz[2], s = -(long)sz[3], n = (long)sz[0] * sz[1];
  for (long t = s; t < n; t++)
    a[t - s] = (int)(t / d) * 10 + (int)(t % d);
}
/* kept: the divisor changes in the loop */
__attribute__((noinline)) void varies(void) {
  long n = (long)sz[0] * sz[1] * sz[2];
  for (long t = 0; t < n; t++)
    a[t] = (int)(t / (t % 5 + 2));
}
/* no division: the loop runs no iteration, the divisor is 0 */
__attribute__((noinline)) void empty(void) {
  long d = big[1], n = big[2];
  for (long t = 0; t < n; t++)
    a[t] = (int)(t / d) + (int)(t % d);
}
int main(void) {
  sz[0] = 5; sz[1] = 13; sz[2] = 17; sz[3] = 6;
  big[0] = (long)0x8000000000000010UL; big[1] = 0; big[2] = 0;
  void (*f[])(void) = {collapse3, dynamic2, negdiv, unsig, narrow,
                       nested, negstart, varies, empty};
  const char *names[] = {"collapse3", "dynamic2", "negdiv", "unsig",
                         "narrow", "nested", "negstart", "varies", "empty"};
  for (int k = 0; k < 9; k++) {
    memset(a, 0, sizeof a);
    h = 1469598103934665603ULL;
    f[k]();
    mix(a, sizeof a);
    printf("%s %016llx\n", names[k], h);
  }
  return 0;
}
SRC
HIPC_HOST_DIVREM=report "$CLANG" -O3 -fopenmp -fpass-plugin="$PLUGIN" \
  loops.c -o on 2> rep.txt || { echo "FAIL: loops.c builds"; cat rep.txt; exit 1; }
counted=$(sed -n 's/^hipc: \(.*\): \([0-9]*\) divisions of loop counters counted$/\1=\2/p' \
  rep.txt | sort | tr '\n' ' ')
want="collapse3.omp_outlined=4 dynamic2.omp_outlined=2 narrow=2 negdiv=2 nested=4 unsig=4 "
[ "$counted" = "$want" ] ||
  { echo "FAIL: counted: '$counted' ('$want' expected)"; cat rep.txt; fail=1; }
HIPC_HOST_DIVREM=0 "$CLANG" -O3 -fopenmp -fpass-plugin="$PLUGIN" loops.c \
  -o off 2> rep0.txt || { echo "FAIL: loops.c builds with HIPC_HOST_DIVREM=0"; exit 1; }
[ -s rep0.txt ] && { echo "FAIL: HIPC_HOST_DIVREM=0 said: $(cat rep0.txt)"; fail=1; }
"$CLANG" -O0 -fopenmp loops.c -o ref || { echo "FAIL: loops.c builds at -O0"; exit 1; }
./ref > ref.txt && ./on > on.txt && ./off > off.txt ||
  { echo "FAIL: a loops build did not run"; exit 1; }
[ "$(wc -l < ref.txt)" = 9 ] || { echo "FAIL: ref printed $(cat ref.txt)"; fail=1; }
diff ref.txt on.txt > d.txt ||
  { echo "FAIL: counted loops leave other memory:"; cat d.txt; fail=1; }
diff ref.txt off.txt > d.txt ||
  { echo "FAIL: loops with HIPC_HOST_DIVREM=0 leave other memory:"; cat d.txt; fail=1; }
if [ -x "$OPT" ]; then
  "$CLANG" -O3 -fopenmp -fpass-plugin="$PLUGIN" loops.c -S -emit-llvm -o on.ll &&
    "$OPT" -passes=verify -disable-output on.ll ||
    { echo "FAIL: the counted loops' IR does not verify"; fail=1; }
fi

cat > concat.hip <<'SRC'
#include <hip/hip_runtime.h>
#include <cstdio>
#include <cstring>
__global__ void concat(const float *a, const float *b, float *o, int n0,
                       int n2, int m1, int m2) {
  long t = blockIdx.x * (long)blockDim.x + threadIdx.x;
  long n = (long)n0 * (m1 + m2) * n2;
  if (t >= n) return;
  int k = t % n2, j = (t / n2) % (m1 + m2), i = t / ((long)n2 * (m1 + m2));
  o[t] = j < m1 ? a[((long)i * m1 + j) * n2 + k]
                : b[((long)i * m2 + (j - m1)) * n2 + k];
}
static void reference(const float *a, const float *b, float *o, int n0,
                      int n2, int m1, int m2) {
#pragma omp parallel for collapse(3)
  for (int i = 0; i < n0; i++)
    for (int j = 0; j < m1 + m2; j++)
      for (int k = 0; k < n2; k++)
        o[((long)i * (m1 + m2) + j) * n2 + k] =
            j < m1 ? a[((long)i * m1 + j) * n2 + k]
                   : b[((long)i * m2 + (j - m1)) * n2 + k];
}
int main(int argc, char **argv) {
  int n0 = 6 + argc, n2 = 33, m1 = 17, m2 = 10;
  size_t na = (size_t)n0 * m1 * n2, nb = (size_t)n0 * m2 * n2,
         no = na + nb;
  float *a = new float[na], *b = new float[nb], *o = new float[no],
        *r = new float[no];
  for (size_t i = 0; i < na; i++) a[i] = (float)i;
  for (size_t i = 0; i < nb; i++) b[i] = -(float)i;
  float *da, *db, *dout;
  if (hipMalloc(&da, na * 4) != hipSuccess ||
      hipMalloc(&db, nb * 4) != hipSuccess ||
      hipMalloc(&dout, no * 4) != hipSuccess ||
      hipMemcpy(da, a, na * 4, hipMemcpyHostToDevice) != hipSuccess ||
      hipMemcpy(db, b, nb * 4, hipMemcpyHostToDevice) != hipSuccess)
    return 2;
  concat<<<(no + 255) / 256, 256>>>(da, db, dout, n0, n2, m1, m2);
  if (hipMemcpy(o, dout, no * 4, hipMemcpyDeviceToHost) != hipSuccess)
    return 2;
  reference(a, b, r, n0, n2, m1, m2);
  /* Independent of both: the first and last element of each part. */
  int bad = memcmp(o, r, no * 4) != 0 || r[0] != 0.0f ||
            r[(size_t)m1 * n2] != -0.0f ||
            r[no - 1] != -(float)(nb - 1);
  printf("%s\n", bad ? "FAIL" : "PASS");
  return bad;
}
SRC
HIPC_HOST_DIVREM=report "$HIPCC" -O3 -fopenmp concat.hip -o concat 2> rep.txt ||
  { echo "FAIL: concat.hip builds"; cat rep.txt; exit 1; }
grep -q 'reference.*omp_outlined: 4 divisions of loop counters counted$' rep.txt ||
  { echo "FAIL: hipcc's host pass did not count the reference's divisions";
    cat rep.txt; fail=1; }
check "the counted reference equals the kernel" ./concat
exit $fail
