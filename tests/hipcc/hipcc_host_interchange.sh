#!/usr/bin/env bash
# The host pass interchanges a two-loop nest whose inner loop strides
# memory in larger steps than its outer one, as gcc (nvcc's host compiler)
# does at -O3 (src/clang_plugin/host_interchange.c): HeCBench layout's
# column-by-column fill took 290 ms against gcc's 16. Checks:
# 1. which nests swap (HIPC_HOST_INTERCHANGE=report): the column fill, two
#    fields of one struct with a descending index, a two-dimensional array
#    with counters stepping by 2 and 3; not those whose iterations store
#    to the same bytes (the last writer must win), that read memory, or
#    that already walk memory in order;
# 2. every nest leaves the memory an unoptimised build leaves (a hash of
#    the arrays), swapped or not, and the same with HIPC_HOST_INTERCHANGE=0;
# 3. through hipcc: a HIP program's host fill in main is swapped and a
#    kernel reads what it wrote.
set -u
. "$(dirname "${BASH_SOURCE[0]}")/common.bash"
unset HIPC_OFFLOAD_ARCH
need_libhipc
need_clang_plugin
cat > nests.c <<'SRC'
#include <stdio.h>
#include <string.h>
#define N 512
#define M 384
static int a[N * M + 64];
static float m2[M][N];
static struct pt { int x, y; } s[N * M];
static int b[M];
static unsigned long long h;
static void mix(const void *p, size_t n) {
  const unsigned char *c = p;
  for (size_t k = 0; k < n; k++) h = (h ^ c[k]) * 1099511628211ULL;
}
/* swapped: column by column, as HeCBench layout */
__attribute__((noinline)) void column(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++) a[i + j * N] = j + i * M;
}
/* swapped: a descending row index and two fields of one struct */
__attribute__((noinline)) void fields(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++) {
      s[(N - 1 - i) + j * N].x = i - j;
      s[(N - 1 - i) + j * N].y = i * j;
    }
}
/* swapped: a two-dimensional array, counters stepping by 2 and 3 */
__attribute__((noinline)) void twod(void) {
  for (int i = 1; i < N; i += 2)
    for (int j = 0; j < M; j += 3) m2[j][i] = (float)i / (float)(j + 1);
}
/* kept: iterations overlap (a[i + j]: the last writer must win) */
__attribute__((noinline)) void overlap(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++) a[i + j] = i * 1000 + j;
}
/* kept: the same element for every j */
__attribute__((noinline)) void same(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++) a[i + 0 * j] = i + j;
}
/* kept: strides overlap across runs (stride N - 1 < the run of i) */
__attribute__((noinline)) void runs(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++) a[i + j * (N - 1)] = i ^ j;
}
/* kept: the nest reads memory */
__attribute__((noinline)) void reads(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++) a[i + j * N] = b[j] + i;
}
/* kept: the inner loop already walks memory in order */
__attribute__((noinline)) void rows(void) {
  for (int j = 0; j < M; j++)
    for (int i = 0; i < N; i++) a[i + j * N] = i - j;
}
int main(void) {
  for (int j = 0; j < M; j++) b[j] = j * 7 - 3;
  void (*f[])(void) = {column, fields, twod, overlap, same, runs, reads, rows};
  const char *names[] = {"column", "fields", "twod", "overlap",
                         "same", "runs", "reads", "rows"};
  for (int k = 0; k < 8; k++) {
    memset(a, 0, sizeof a);
    memset(s, 0, sizeof s);
    memset(m2, 0, sizeof m2);
    h = 1469598103934665603ULL;
    f[k]();
    mix(a, sizeof a);
    mix(s, sizeof s);
    mix(m2, sizeof m2);
    printf("%s %016llx\n", names[k], h);
  }
  return 0;
}
SRC
HIPC_HOST_INTERCHANGE=report "$CLANG" -O3 -fpass-plugin="$PLUGIN" nests.c \
  -o on 2> rep.txt || { echo "FAIL: nests.c builds"; cat rep.txt; exit 1; }
swapped=$(sed -n 's/^hipc: \(.*\): loop nest interchanged$/\1/p' rep.txt |
  sort | tr '\n' ' ')
[ "$swapped" = "column fields twod " ] ||
  { echo "FAIL: swapped: '$swapped' (column fields twod expected)"; fail=1; }
HIPC_HOST_INTERCHANGE=0 "$CLANG" -O3 -fpass-plugin="$PLUGIN" nests.c -o off \
  2> rep0.txt || { echo "FAIL: nests.c builds with HIPC_HOST_INTERCHANGE=0"; exit 1; }
[ -s rep0.txt ] && { echo "FAIL: HIPC_HOST_INTERCHANGE=0 said: $(cat rep0.txt)"; fail=1; }
"$CLANG" -O0 nests.c -o ref || { echo "FAIL: nests.c builds at -O0"; exit 1; }
./ref > ref.txt && ./on > on.txt && ./off > off.txt ||
  { echo "FAIL: a nests build did not run"; exit 1; }
diff ref.txt on.txt > d.txt ||
  { echo "FAIL: swapped nests leave other memory:"; cat d.txt; fail=1; }
diff ref.txt off.txt > d.txt ||
  { echo "FAIL: nests with HIPC_HOST_INTERCHANGE=0 leave other memory:";
    cat d.txt; fail=1; }

cat > fill.hip <<'SRC'
#include <hip/hip_runtime.h>
#include <cstdio>
#include <cstdlib>
#define TREES 1024
#define APPLES 512
__global__ void sum(const int *data, long long *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= TREES) return;
  long long s = 0;
  for (int j = 0; j < APPLES; j++) s += data[i + j * TREES] * (long long)(j + 1);
  out[i] = s;
}
int main() {
  int *data = (int *)malloc(sizeof(int) * TREES * APPLES);
  for (int i = 0; i < TREES; i++)
    for (int j = 0; j < APPLES; j++) data[i + j * TREES] = j + i * APPLES;
  int *d;
  long long *o, h[TREES];
  hipMalloc(&d, sizeof(int) * TREES * APPLES);
  hipMalloc(&o, sizeof h);
  hipMemcpy(d, data, sizeof(int) * TREES * APPLES, hipMemcpyHostToDevice);
  sum<<<TREES / 128, 128>>>(d, o);
  hipMemcpy(h, o, sizeof h, hipMemcpyDeviceToHost);
  int bad = 0;
  for (long long i = 0; i < TREES; i++) {
    long long want = 0;
    for (long long j = 0; j < APPLES; j++) want += (j + i * APPLES) * (j + 1);
    if (h[i] != want) bad++;
  }
  printf("%d wrong\n", bad);
  return bad != 0;
}
SRC
HIPC_HOST_INTERCHANGE=report "$HIPCC" -O3 fill.hip -o fill 2> rep.txt ||
  { echo "FAIL: fill.hip builds"; cat rep.txt; exit 1; }
grep -q '^hipc: main: loop nest interchanged$' rep.txt ||
  { echo "FAIL: hipcc's host pass did not swap main's fill"; cat rep.txt; fail=1; }
check "the kernel reads the swapped fill's values" ./fill
exit $fail
