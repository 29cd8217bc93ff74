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

namespace {

using namespace hipc::rand;

__host__ __device__ inline void store(const hipc_rand_job& j, size_t i,
                                      unsigned int x) {
  switch (j.dist) {
  case HIPC_RAND_U32:
    static_cast<unsigned int*>(j.out)[i] = x;
    break;
  case HIPC_RAND_U8:
    static_cast<unsigned char*>(j.out)[i] = static_cast<unsigned char>(x >> 24);
    break;
  case HIPC_RAND_U16:
    static_cast<unsigned short*>(j.out)[i] =
        static_cast<unsigned short>(x >> 16);
    break;
  case HIPC_RAND_UNIFORM:
    static_cast<float*>(j.out)[i] = uniform_f(x);
    break;
  case HIPC_RAND_UNIFORM_DOUBLE:
    static_cast<double*>(j.out)[i] = uniform_d1(x);
    break;
  case HIPC_RAND_NORMAL:
  case HIPC_RAND_LOG_NORMAL: {
    float v = static_cast<float>(j.mean) +
              static_cast<float>(j.stddev) *
                  static_cast<float>(inv_normal(uniform_d1(x)));
    static_cast<float*>(j.out)[i] = j.dist == HIPC_RAND_LOG_NORMAL ? expf(v) : v;
    break;
  }
  case HIPC_RAND_NORMAL_DOUBLE:
  case HIPC_RAND_LOG_NORMAL_DOUBLE: {
    double v = j.mean + j.stddev * inv_normal(uniform_d1(x));
    static_cast<double*>(j.out)[i] =
        j.dist == HIPC_RAND_LOG_NORMAL_DOUBLE ? exp(v) : v;
    break;
  }
  case HIPC_RAND_POISSON: {
    double u = uniform_d1(x);
    unsigned int k;
    if (j.cdf != nullptr) {
      k = j.cdf_offset + cdf_search(j.cdf, j.cdf_size, u);
    } else {
      double v = floor(j.lambda + sqrt(j.lambda) * inv_normal(u) + 0.5);
      k = v < 0 ? 0u : v > 4294967295.0 ? 0xffffffffu
                                        : static_cast<unsigned int>(v);
    }
    static_cast<unsigned int*>(j.out)[i] = k;
    break;
  }
  }
}

// Block b: state b, HIPC_MTGP_BLOCK threads.
__global__ void generate_mtgp(hipc_rand_job j) {
  hiprandStateMtgp32_t* st =
      static_cast<hiprandStateMtgp32_t*>(j.mtgp_states) + blockIdx.x;
  size_t t = threadIdx.x;
  for (size_t r = 0; r < j.rounds; r++) {
    unsigned int x = hiprand(st);  // every thread: the block's round
    size_t i = (r * HIPC_MTGP_STATES + blockIdx.x) * HIPC_MTGP_BLOCK + t;
    if (i < j.n)
      store(j, i, x);
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
      static_cast<hiprandStateMtgp32_t*>(job->mtgp_states);
  for (size_t r = 0; r < job->rounds; r++)
    for (unsigned int b = 0; b < HIPC_MTGP_STATES; b++)
      for (unsigned int t = 0; t < HIPC_MTGP_BLOCK; t++) {
        unsigned int x = mtgp_next(&states[b]);
        size_t i = (r * HIPC_MTGP_STATES + b) * HIPC_MTGP_BLOCK + t;
        if (i < job->n)
          store(*job, i, x);
      }
}
