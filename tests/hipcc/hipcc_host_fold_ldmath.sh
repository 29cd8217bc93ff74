#!/usr/bin/env bash
# The host pass folds long double math on constants as gcc does
# (src/clang_plugin, loaded by clang as a pass plugin): libstdc++'s
# std::generate_canonical takes log(r) / log(2.0L) of its engine's
# constant range at every draw, two logl calls that LLVM 19 does not fold
# (HeCBench's pnpoly: 2 s more than its nvcc build). Each folded value must
# be the bits the same call returns at run time; arguments outside the
# domain (log(-1)) stay calls.
set -u
. "$(dirname "${BASH_SOURCE[0]}")/common.bash"
unset HIPC_OFFLOAD_ARCH
need_libhipc
need_clang_plugin
cat > m.hip <<'SRC'
#include <hip/hip_runtime.h>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <random>
// Folded at compile time (constant arguments) against the same functions
// run at run time (arguments through volatile): the bits must agree.
static int same(const char *what, long double folded, long double run) {
  if (memcmp(&folded, &run, 10) == 0) return 0;
  printf("FAIL %s: %La folded, %La at run time\n", what, folded, run);
  return 1;
}
float draw(std::minstd_rand &g) { return std::generate_canonical<float, 24>(g); }
int main() {
  volatile long double a = 2147483647.0L, b = 10.0L, c = 3.0L, d = 1.5L,
                       e = 0.3L, f = 2.0L, g = 1.7L, h = 2.3L, n = -1.0L;
  int bad = same("log", std::log(2147483647.0L), std::log((long double)a)) +
            same("log2", std::log2(10.0L), std::log2((long double)b)) +
            same("log10", std::log10(3.0L), std::log10((long double)c)) +
            same("exp", std::exp(1.5L), std::exp((long double)d)) +
            same("exp2", std::exp2(0.3L), std::exp2((long double)e)) +
            same("sqrt", std::sqrt(2.0L), std::sqrt((long double)f)) +
            same("pow", std::pow(1.7L, 2.3L), std::pow((long double)g, (long double)h)) +
            same("log(1)", std::log(1.0L), std::log((long double)(a - a + 1)));
  if (!std::isnan(std::log(-1.0L)) || !std::isnan(std::log((long double)n))) {
    printf("FAIL log(-1) is not NaN\n");
    bad++;
  }
  std::minstd_rand gen(7);
  float x = draw(gen);
  if (!(x >= 0 && x < 1)) { printf("FAIL draw %f\n", x); bad++; }
  return bad != 0;
}
SRC
"$HIPCC" -O2 m.hip -o m || { echo "FAIL: build"; exit 1; }
check "folded values equal the run-time ones" ./m
"$HIPCC" -O2 -S m.hip -o m.s || { echo "FAIL: -S"; exit 1; }
draw=$(awk '/^_Z4draw[^ ]*:/ { on = 1 } on { print } on && /^\.Lfunc_end/ { exit }' m.s)
[ -n "$draw" ] || { echo "FAIL: no draw() in the host assembly"; fail=1; }
case $draw in *logl*) echo "FAIL: draw() still calls logl"; fail=1 ;; esac
exit $fail
