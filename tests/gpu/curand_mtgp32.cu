// cuRAND's MTGP32 device API against the plain reference that hipc's tests
// use (tests/kernels/hiprand_mtgp_ref.h): the same sequences from
// curandMakeMTGP32KernelState's states (parameter set b, seed lo ^ hi +
// b + 1), blocks of 256 threads sharing a state, and curand_uniform as
// x / 2^32 + 2^-33. With tests/shell/hiprand_mtgp32_table.sh (hipc's table
// is cuRAND's) and tests/kernels/hiprand_mtgp32.hip (hipc against the same
// reference), hipc's MTGP32 is cuRAND's. Built with nvcc, run on a GPU:
//   nvcc -O2 -arch=sm_90 -Itests/kernels tests/gpu/curand_mtgp32.cu \
//        -o build/curand_mtgp32 && build/curand_mtgp32
#include <cstdio>
#include <vector>

#include <curand_kernel.h>
#include <curand_mtgp32_host.h>
#include <curand_mtgp32dc_p_11213.h>

#include "hiprand_mtgp_ref.h"

constexpr int G = 4, R = 6, T = 256;

__global__ void bits(curandStateMtgp32_t* s, unsigned* out, float* uni) {
  for (int r = 0; r < R; r++)
    out[(blockIdx.x * R + r) * T + threadIdx.x] = curand(&s[blockIdx.x]);
  uni[blockIdx.x * T + threadIdx.x] = curand_uniform(&s[blockIdx.x]);
}

int main() {
  const unsigned long long seed = 0x0000000500000007ull;
  curandStateMtgp32_t* s = nullptr;
  mtgp32_kernel_params_t* k = nullptr;
  unsigned* d = nullptr;
  float* du = nullptr;
  if (cudaMalloc(&s, sizeof(*s) * G) != cudaSuccess ||
      cudaMalloc(&k, sizeof(*k)) != cudaSuccess ||
      cudaMalloc(&d, sizeof(unsigned) * G * R * T) != cudaSuccess ||
      cudaMalloc(&du, sizeof(float) * G * T) != cudaSuccess) {
    std::printf("FAIL: no GPU memory\n");
    return 1;
  }
  if (curandMakeMTGP32Constants(mtgp32dc_params_fast_11213, k) !=
          CURAND_STATUS_SUCCESS ||
      curandMakeMTGP32KernelState(s, mtgp32dc_params_fast_11213, k, G,
                                  seed) != CURAND_STATUS_SUCCESS) {
    std::printf("FAIL: cuRAND's MTGP32 setup\n");
    return 1;
  }
  bits<<<G, T>>>(s, d, du);
  std::vector<unsigned> got(G * R * T);
  std::vector<float> uni(G * T);
  if (cudaMemcpy(got.data(), d, sizeof(unsigned) * got.size(),
                 cudaMemcpyDeviceToHost) != cudaSuccess ||
      cudaMemcpy(uni.data(), du, sizeof(float) * uni.size(),
                 cudaMemcpyDeviceToHost) != cudaSuccess) {
    std::printf("FAIL: the kernel\n");
    return 1;
  }
  int bad = 0;
  unsigned base = static_cast<unsigned>(seed ^ (seed >> 32));
  for (int b = 0; b < G; b++) {
    MtgpRef ref(mtgp32dc_params_fast_11213[b], base + b + 1u);
    for (int i = 0; i < R * T; i++) {
      unsigned want = ref.next();
      if (got[b * R * T + i] != want && bad++ < 5)
        std::printf("state %d output %d: cuRAND %08x, reference %08x\n", b,
                    i, got[b * R * T + i], want);
    }
    for (int t = 0; t < T; t++) {
      float want = static_cast<float>(ref.next() * 0x1p-32f + 0x1p-33f);
      if (uni[b * T + t] != want && bad++ < 5)
        std::printf("state %d uniform %d: cuRAND %a, reference %a\n", b, t,
                    uni[b * T + t], want);
    }
  }
  std::printf("%s: cuRAND MTGP32 %s the reference (%d states, %d outputs)\n",
              bad ? "FAIL" : "PASS", bad ? "differs from" : "equals", G,
              G * (R + 1) * T);
  return bad ? 1 : 0;
}
