#!/usr/bin/env bash
# A HIP program as ported ones use hipRAND: <hiprand.h> and
# <hiprand_kernel.h> (and their hiprand/ paths), the host API and the
# device API in one source, linked with -lhiprand; a C program with the
# host API alone; and, where the device pass's tools are, the same source
# compiled for a GPU (sm_90).
set -u
. "$(dirname "${BASH_SOURCE[0]}")/../hipcc/common.bash"
TF=${TEST_CFLAGS:-}
cat > p.hip <<'SRC'
#include <hiprand.h>
#include <hiprand_kernel.h>
#include <hiprand/hiprand.h>
#include <cstdio>

__global__ void pi(unsigned long long seed, unsigned* hits, int per) {
  int id = blockIdx.x * blockDim.x + threadIdx.x;
  hiprandState_t s;
  hiprand_init(seed, id, 0, &s);
  unsigned n = 0;
  for (int i = 0; i < per; i++) {
    float x = hiprand_uniform(&s), y = hiprand_uniform(&s);
    n += x * x + y * y <= 1.0f;
  }
  atomicAdd(hits, n);
}

int main() {
  unsigned *hits, h = 0;
  if (hipMalloc(&hits, 4) != hipSuccess || hipMemset(hits, 0, 4) != hipSuccess)
    return 1;
  pi<<<8, 64>>>(1234, hits, 200);
  if (hipMemcpy(&h, hits, 4, hipMemcpyDeviceToHost) != hipSuccess) return 2;
  double est = 4.0 * h / (8 * 64 * 200);
  if (est < 3.10 || est > 3.18) { std::printf("pi %g\n", est); return 3; }

  hiprandGenerator_t g;
  float* d;
  float v[1024];
  if (hiprandCreateGenerator(&g, HIPRAND_RNG_PSEUDO_DEFAULT) != HIPRAND_STATUS_SUCCESS) return 4;
  if (hipMalloc(&d, sizeof v) != hipSuccess) return 5;
  if (hiprandSetPseudoRandomGeneratorSeed(g, 7) != HIPRAND_STATUS_SUCCESS) return 6;
  if (hiprandGenerateUniform(g, d, 1024) != HIPRAND_STATUS_SUCCESS) return 7;
  if (hipMemcpy(v, d, sizeof v, hipMemcpyDeviceToHost) != hipSuccess) return 8;
  // The host generator's first value is the device API's first.
  hiprandState_t s;
  hiprand_init(7, 0, 0, &s);
  if (v[0] != hiprand_uniform(&s)) return 9;
  hiprandDestroyGenerator(g);
  std::printf("ok\n");
  return 0;
}
SRC
check "hipcc builds a hipRAND program" "$HIPCC" -O2 -Wall -Werror $TF p.hip -o p -lhiprand
check "it runs" ./p
cat > c.c <<'SRC'
#include <hiprand/hiprand.h>
int main(void) {
  hiprandGenerator_t g;
  unsigned v[16];
  int version;
  if (hiprandGetVersion(&version) || version != HIPRAND_VERSION) return 1;
  if (hiprandCreateGeneratorHost(&g, HIPRAND_RNG_QUASI_SOBOL32)) return 2;
  if (hiprandGenerate(g, v, 16) || v[0] != 0 || v[1] != 0x80000000u) return 3;
  return hiprandDestroyGenerator(g);
}
SRC
check "a C program uses the host API" ${CC:-cc} -std=c11 -Wall -Werror $TF \
  -I"$BUILD/include" c.c -L"$BUILD/lib" -Wl,-rpath,"$BUILD/lib" -lhiprand \
  -lhipc -o c
check "the C program runs" ./c
CUDA=${CUDA_PATH:-/usr/local/cuda}
if command -v "${HIPC_CLANG:-clang-19}" > /dev/null && [ -x "$CUDA/bin/ptxas" ]; then
  "$HIPCC" -O2 --offload-arch=sm_90 -c p.hip -o p90.o 2> gpu.log
  check "the GPU pass compiles hiprand_kernel.h" test $? -eq 0
  check "without warnings" test ! -s gpu.log
  cat gpu.log
fi
exit $fail
