// hipRAND's MTGP32 host helpers (AMD's hipRAND names and signatures):
// hiprandMakeMTGP32Constants and hiprandMakeMTGP32KernelState, and the
// parameter sets mtgp32dc_params_fast_11213. Inline host code; C++. See
// README.md, "hipRAND", and hiprand/hipc/mtgp32.h for the sequence.
#ifndef HIPRAND_MTGP32_HOST_H_
#define HIPRAND_MTGP32_HOST_H_

#include <stdlib.h>

#include "hiprand/hiprand_kernel.h"
#include "hiprand/hipc/mtgp32_11213.h"

// Writes the first HIPRAND_MTGP32_PARAM_SETS sets of `params` to `p`
// (device memory) in the layout kernels read.
inline hiprandStatus_t hiprandMakeMTGP32Constants(
    const mtgp32_params_fast_t params[], mtgp32_kernel_params_t* p) {
  if (params == nullptr || p == nullptr)
    return HIPRAND_STATUS_OUT_OF_RANGE;
  mtgp32_kernel_params_t* h =
      static_cast<mtgp32_kernel_params_t*>(malloc(sizeof *h));
  if (h == nullptr)
    return HIPRAND_STATUS_ALLOCATION_FAILED;
  for (int i = 0; i < HIPRAND_MTGP32_PARAM_SETS; i++) {
    h->pos_tbl[i] = static_cast<unsigned int>(params[i].pos);
    h->sh1_tbl[i] = static_cast<unsigned int>(params[i].sh1);
    h->sh2_tbl[i] = static_cast<unsigned int>(params[i].sh2);
    for (int j = 0; j < 16; j++) {
      h->param_tbl[i][j] = params[i].tbl[j];
      h->temper_tbl[i][j] = params[i].tmp_tbl[j];
      h->single_temper_tbl[i][j] = params[i].flt_tmp_tbl[j];
    }
  }
  h->mask[0] = params[0].mask;
  hipError_t e = hipMemcpy(p, h, sizeof *h, hipMemcpyHostToDevice);
  free(h);
  return e == hipSuccess ? HIPRAND_STATUS_SUCCESS
                         : HIPRAND_STATUS_INITIALIZATION_FAILED;
}

// Initialises states s[0..n) (device memory): state i uses parameter set i
// and the seed (unsigned int)(seed ^ (seed >> 32)) + i + 1, as cuRAND's
// curandMakeMTGP32KernelState. `k` is kept in the states but not needed:
// each state carries its parameter set.
inline hiprandStatus_t hiprandMakeMTGP32KernelState(
    hiprandStateMtgp32_t* s, mtgp32_params_fast_t params[],
    mtgp32_kernel_params_t* k, int n, unsigned long long seed) {
  if (s == nullptr || params == nullptr || n < 0 ||
      n > HIPRAND_MTGP32_PARAM_SETS)
    return HIPRAND_STATUS_OUT_OF_RANGE;
  if (n == 0)
    return HIPRAND_STATUS_SUCCESS;
  hiprandStateMtgp32_t* h = static_cast<hiprandStateMtgp32_t*>(
      malloc(sizeof(hiprandStateMtgp32_t) * static_cast<size_t>(n)));
  if (h == nullptr)
    return HIPRAND_STATUS_ALLOCATION_FAILED;
  unsigned int base = static_cast<unsigned int>(seed ^ (seed >> 32));
  for (int i = 0; i < n; i++)
    hipc::rand::mtgp_init(&h[i], &params[i],
                          base + static_cast<unsigned int>(i) + 1u, i, k);
  hipError_t e = hipMemcpy(s, h, sizeof(hiprandStateMtgp32_t) * n,
                           hipMemcpyHostToDevice);
  free(h);
  return e == hipSuccess ? HIPRAND_STATUS_SUCCESS
                         : HIPRAND_STATUS_INITIALIZATION_FAILED;
}

#endif
