// hipRAND device API, MTGP32: states made by hiprandMakeMTGP32KernelState
// from mtgp32dc_params_fast_11213, blocks of threads sharing one state
// (256 threads, a 3-D block of 64 on a shared-memory copy, 100 threads after
// hiprand_mtgp32_set_params), against the plain reference of
// hiprand_mtgp_ref.h; the distributions; a few published parameter values;
// the helpers' error codes.
#include <cmath>
#include <vector>

#include "common.h"
#include "hiprand_mtgp_ref.h"
#include <hiprand/hiprand_kernel.h>
#include <hiprand/hiprand_mtgp32_host.h>

constexpr int G = 3;  // blocks, one state each
constexpr int R = 5;  // rounds per launch

__device__ int linear_thread() {
  return (threadIdx.z * blockDim.y + threadIdx.y) * blockDim.x + threadIdx.x;
}

__global__ void bits(hiprandStateMtgp32_t* states, unsigned* out) {
  int d = blockDim.x * blockDim.y * blockDim.z, t = linear_thread();
  for (int r = 0; r < R; r++)
    out[(blockIdx.x * R + r) * d + t] = hiprand(&states[blockIdx.x]);
}

__global__ void bits_shared(hiprandStateMtgp32_t* states, unsigned* out) {
  __shared__ hiprandStateMtgp32_t st;
  hiprand_mtgp32_block_copy(&states[blockIdx.x], &st);
  int d = blockDim.x * blockDim.y * blockDim.z, t = linear_thread();
  for (int r = 0; r < R; r++)
    out[(blockIdx.x * R + r) * d + t] = hiprand(&st);
  hiprand_mtgp32_block_copy(&st, &states[blockIdx.x]);
}

// One output each, in this order.
__global__ void dists(hiprandStateMtgp32_t* states, float* uf, double* ud,
                      double* nd, float* nf, unsigned* po) {
  hiprandStateMtgp32_t* s = &states[blockIdx.x];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  uf[i] = hiprand_uniform(s);
  ud[i] = hiprand_uniform_double(s);
  nd[i] = hiprand_normal_double(s);
  nf[i] = hiprand_log_normal(s, 0.5f, 2.0f);
  po[i] = hiprand_poisson(s, 4.5);
}

__global__ void with_params(hiprandStateMtgp32_t* states,
                            mtgp32_kernel_params_t* k, unsigned* out) {
  hiprand_mtgp32_set_params(&states[blockIdx.x], k);
  out[blockIdx.x * blockDim.x + threadIdx.x] = hiprand(&states[blockIdx.x]);
}

static double poisson_cdf(double lambda, unsigned k) {
  double p = std::exp(-lambda), c = p;
  for (unsigned j = 1; j <= k; j++) {
    p *= lambda / j;
    c += p;
  }
  return c;
}

int main() {
  // Published values of the parameter sets (checked against MTGP's own
  // mtgp32dc-param-11213 table), including entries hipc derives.
  const mtgp32_params_fast_t* P = mtgp32dc_params_fast_11213;
  CHECK_EQ(mtgpdc_params_11213_num, 200);
  CHECK_EQ(P[0].mexp, 11213);
  CHECK_EQ(P[0].pos, 88);
  CHECK_EQ(P[0].sh1, 19);
  CHECK_EQ(P[0].sh2, 5);
  CHECK_EQ(P[0].tbl[1], 0xaba4d62cu);
  CHECK_EQ(P[0].tbl[15], 0x32a32c11u);
  CHECK_EQ(P[0].tmp_tbl[15], 0x38e6de00u);
  CHECK_EQ(P[0].flt_tmp_tbl[0], 0x3f800000u);
  CHECK_EQ(P[0].flt_tmp_tbl[9], 0x3f9a896fu);
  CHECK_EQ(P[0].mask, 0xfff80000u);
  CHECK_EQ(P[1].pos, 84);
  CHECK_EQ(P[1].tbl[13], 0x8fc78577u);
  CHECK_EQ(P[7].tmp_tbl[14], 0x4bdec200u);
  CHECK_EQ(P[8].flt_tmp_tbl[12], 0x3ff0000fu);
  CHECK_EQ(P[199].pos, 49);
  int maxpos = 0;
  for (int i = 0; i < 200; i++)
    maxpos = P[i].pos > maxpos ? P[i].pos : maxpos;
  CHECK(maxpos <= MtgpRef::N - 256);

  unsigned long long seed = 0x0000000500000007ull;  // states: 2 + b + 1
  hiprandStateMtgp32_t* states = nullptr;
  mtgp32_kernel_params_t* k = nullptr;
  HIP_CHECK(hipMalloc(&states, sizeof(hiprandStateMtgp32_t) * G));
  HIP_CHECK(hipMalloc(&k, sizeof(mtgp32_kernel_params_t)));
  CHECK_EQ(hiprandMakeMTGP32Constants(mtgp32dc_params_fast_11213, k),
           HIPRAND_STATUS_SUCCESS);
  CHECK_EQ(hiprandMakeMTGP32KernelState(states, mtgp32dc_params_fast_11213,
                                        k, G, seed),
           HIPRAND_STATUS_SUCCESS);
  CHECK_EQ(hiprandMakeMTGP32KernelState(nullptr, mtgp32dc_params_fast_11213,
                                        k, G, seed),
           HIPRAND_STATUS_OUT_OF_RANGE);
  CHECK_EQ(hiprandMakeMTGP32KernelState(states, mtgp32dc_params_fast_11213,
                                        k, 201, seed),
           HIPRAND_STATUS_OUT_OF_RANGE);
  CHECK_EQ(hiprandMakeMTGP32Constants(nullptr, k),
           HIPRAND_STATUS_OUT_OF_RANGE);

  std::vector<MtgpRef> ref;
  for (int b = 0; b < G; b++)
    ref.emplace_back(P[b], 2u + b + 1u);

  // 256 threads.
  const int n1 = G * R * 256;
  unsigned* d = nullptr;
  HIP_CHECK(hipMalloc(&d, sizeof(unsigned) * n1));
  bits<<<G, 256>>>(states, d);
  HIP_CHECK(hipGetLastError());
  std::vector<unsigned> got(n1), want(n1);
  HIP_CHECK(hipMemcpy(got.data(), d, sizeof(unsigned) * n1,
                      hipMemcpyDeviceToHost));
  for (int b = 0; b < G; b++)
    for (int i = 0; i < R * 256; i++)
      want[b * R * 256 + i] = ref[b].next();
  CHECK_ARRAY(got.data(), want.data(), n1);

  // A 3-D block of 64 on a copy in shared memory, copied back.
  const int n2 = G * R * 64;
  bits_shared<<<G, dim3(8, 4, 2)>>>(states, d);
  HIP_CHECK(hipGetLastError());
  got.resize(n2);
  want.resize(n2);
  HIP_CHECK(hipMemcpy(got.data(), d, sizeof(unsigned) * n2,
                      hipMemcpyDeviceToHost));
  for (int b = 0; b < G; b++)
    for (int i = 0; i < R * 64; i++)
      want[b * R * 64 + i] = ref[b].next();
  CHECK_ARRAY(got.data(), want.data(), n2);

  // The distributions, 128 threads: five rounds.
  const int n3 = G * 128;
  float *uf = nullptr, *nf = nullptr;
  double *ud = nullptr, *nd = nullptr;
  unsigned* po = nullptr;
  HIP_CHECK(hipMalloc(&uf, sizeof(float) * n3));
  HIP_CHECK(hipMalloc(&nf, sizeof(float) * n3));
  HIP_CHECK(hipMalloc(&ud, sizeof(double) * n3));
  HIP_CHECK(hipMalloc(&nd, sizeof(double) * n3));
  HIP_CHECK(hipMalloc(&po, sizeof(unsigned) * n3));
  dists<<<G, 128>>>(states, uf, ud, nd, nf, po);
  HIP_CHECK(hipGetLastError());
  std::vector<float> huf(n3), hnf(n3);
  std::vector<double> hud(n3), hnd(n3);
  std::vector<unsigned> hpo(n3);
  HIP_CHECK(hipMemcpy(huf.data(), uf, sizeof(float) * n3, hipMemcpyDeviceToHost));
  HIP_CHECK(hipMemcpy(hnf.data(), nf, sizeof(float) * n3, hipMemcpyDeviceToHost));
  HIP_CHECK(hipMemcpy(hud.data(), ud, sizeof(double) * n3, hipMemcpyDeviceToHost));
  HIP_CHECK(hipMemcpy(hnd.data(), nd, sizeof(double) * n3, hipMemcpyDeviceToHost));
  HIP_CHECK(hipMemcpy(hpo.data(), po, sizeof(unsigned) * n3, hipMemcpyDeviceToHost));
  int bad = 0;
  for (int b = 0; b < G; b++) {
    unsigned x[5][128];
    for (int r = 0; r < 5; r++)
      for (int t = 0; t < 128; t++)
        x[r][t] = ref[b].next();
    for (int t = 0; t < 128; t++) {
      int i = b * 128 + t;
      // x / 2^32 + 2^-33, in float and in double.
      bad += huf[i] != static_cast<float>(x[0][t] * 0x1p-32f + 0x1p-33f);
      double u1 = x[1][t] * 0x1p-32 + 0x1p-33;
      bad += hud[i] != u1;
      // The normal's CDF gives back the uniform.
      double u2 = x[2][t] * 0x1p-32 + 0x1p-33;
      double phi = 0.5 * std::erfc(-hnd[i] / std::sqrt(2.0));
      bad += !(std::fabs(phi - u2) <= 1e-12 + 1e-9 * u2);
      // Log-normal: exp(0.5 + 2 z).
      double u3 = x[3][t] * 0x1p-32 + 0x1p-33;
      double z = (std::log(static_cast<double>(hnf[i])) - 0.5) / 2.0;
      double phi3 = 0.5 * std::erfc(-z / std::sqrt(2.0));
      bad += !(std::fabs(phi3 - u3) <= 1e-5);
      // Poisson: P(X <= k - 1) < u <= P(X <= k).
      double u4 = x[4][t] * 0x1p-32 + 0x1p-33;
      unsigned kk = hpo[i];
      bad += !(poisson_cdf(4.5, kk) >= u4 - 1e-12 &&
               (kk == 0 || poisson_cdf(4.5, kk - 1) < u4 + 1e-12));
    }
  }
  CHECK_EQ(bad, 0);

  // Parameters from hiprandMakeMTGP32Constants: the same sets, so the
  // sequences go on unchanged; 100 threads.
  with_params<<<G, 100>>>(states, k, d);
  HIP_CHECK(hipGetLastError());
  got.resize(G * 100);
  want.resize(G * 100);
  HIP_CHECK(hipMemcpy(got.data(), d, sizeof(unsigned) * G * 100,
                      hipMemcpyDeviceToHost));
  for (int b = 0; b < G; b++)
    for (int i = 0; i < 100; i++)
      want[b * 100 + i] = ref[b].next();
  CHECK_ARRAY(got.data(), want.data(), G * 100);

  HIP_CHECK(hipFree(uf));
  HIP_CHECK(hipFree(nf));
  HIP_CHECK(hipFree(ud));
  HIP_CHECK(hipFree(nd));
  HIP_CHECK(hipFree(po));
  HIP_CHECK(hipFree(d));
  HIP_CHECK(hipFree(k));
  HIP_CHECK(hipFree(states));
  return test_summary("hiprand_mtgp32");
}
