// libhiprand's MTGP32 generator. It owns HIPC_MTGP_STATES states, state b
// made from parameter set b and the seed as hiprandMakeMTGP32KernelState
// makes them. A generation of n values runs R = ceil(n / (states * 256))
// rounds: in each, every state makes 256 consecutive outputs (one block of
// 256 threads per state calling hiprand together, or a loop on the host),
// and value (r * states + b) * 256 + t is output t of state b in round r.
// Values past n are dropped, so each generation starts with fresh rounds.
// One output per value: the conversions of hiprand/hipc/mtgp32.h.
#include <hip/hip_runtime.h>

#include <stdlib.h>

#include "hiprand/hiprand_mtgp32_host.h"
#include "internal.h"
#include "store_bits.h"

namespace {

using namespace hipc::rand;

// Block b: state b, HIPC_MTGP_BLOCK threads.
__global__ void generate_mtgp(hipc_rand_job j) {
  hiprandStateMtgp32_t* st =
      static_cast<hiprandStateMtgp32_t*>(j.states) + blockIdx.x;
  size_t t = threadIdx.x;
  for (size_t r = 0; r < j.rounds; r++) {
    unsigned int x = hiprand(st);  // every thread: the block's round
    size_t i = (r * HIPC_MTGP_STATES + blockIdx.x) * HIPC_MTGP_BLOCK + t;
    if (i < j.n)
      store_bits(j, i, x);
  }
}

}  // namespace

extern "C" hiprandStatus_t hipc__rand_mtgp_seed(void** states, int host,
                                                hipStream_t stream,
                                                unsigned long long seed) {
  size_t bytes = sizeof(hiprandStateMtgp32_t) * HIPC_MTGP_STATES;
  if (*states == nullptr) {
    if (host)
      *states = malloc(bytes);
    else if (hipMalloc(states, bytes) != hipSuccess)
      *states = nullptr;
    if (*states == nullptr)
      return HIPRAND_STATUS_ALLOCATION_FAILED;
  }
  if (host) {
    hiprandStateMtgp32_t* h = static_cast<hiprandStateMtgp32_t*>(*states);
    unsigned int base = static_cast<unsigned int>(seed ^ (seed >> 32));
    for (unsigned int b = 0; b < HIPC_MTGP_STATES; b++)
      mtgp_init(&h[b], &mtgp32dc_params_fast_11213[b], base + b + 1u,
                static_cast<int>(b), nullptr);
    return HIPRAND_STATUS_SUCCESS;
  }
  // Kernels still queued may use the states.
  if (hipStreamSynchronize(stream) != hipSuccess)
    return HIPRAND_STATUS_INTERNAL_ERROR;
  hiprandStatus_t st = hiprandMakeMTGP32KernelState(
      static_cast<hiprandStateMtgp32_t*>(*states), mtgp32dc_params_fast_11213,
      nullptr, static_cast<int>(HIPC_MTGP_STATES), seed);
  return st == HIPRAND_STATUS_SUCCESS ? st : HIPRAND_STATUS_INTERNAL_ERROR;
}

extern "C" void hipc__rand_mtgp_free(void* states, int host) {
  if (host)
    free(states);
  else if (states != nullptr)
    (void)hipFree(states);
}

extern "C" hipError_t hipc__rand_mtgp_launch(const hipc_rand_job* job,
                                             hipStream_t stream) {
  hipc_rand_job j = *job;
  void* args[] = {&j};
  return hipLaunchKernel(reinterpret_cast<const void*>(&generate_mtgp),
                         dim3(HIPC_MTGP_STATES), dim3(HIPC_MTGP_BLOCK), args,
                         0, stream);
}

extern "C" void hipc__rand_mtgp_run_host(const hipc_rand_job* job) {
  hiprandStateMtgp32_t* states =
      static_cast<hiprandStateMtgp32_t*>(job->states);
  for (size_t r = 0; r < job->rounds; r++)
    for (unsigned int b = 0; b < HIPC_MTGP_STATES; b++)
      for (unsigned int t = 0; t < HIPC_MTGP_BLOCK; t++) {
        unsigned int x = mtgp_next(&states[b]);
        size_t i = (r * HIPC_MTGP_STATES + b) * HIPC_MTGP_BLOCK + t;
        if (i < job->n)
          store_bits(*job, i, x);
      }
}
