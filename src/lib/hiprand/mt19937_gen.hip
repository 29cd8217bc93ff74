// libhiprand's MT19937 generator: the Mersenne Twister of M. Matsumoto and
// T. Nishimura (ACM TOMACS 8(1), 1998), one sequence, seeded by the
// reference's init_genrand with lo(seed) ^ hi(seed) (so seed 5489 is
// std::mt19937's default sequence). The generator keeps the state, and each
// generation writes the next n outputs, one per value (store_bits.h).
//
// On a device, one block of 256 threads: the twist of the 624 words in
// three parallel steps (words 0..226 read only old words; 227..453 read
// words 0..226 of this twist; 454..623 read words 227..453 and word 0), the
// tempering and the stores of each 624 outputs in parallel.
#include <hip/hip_runtime.h>

#include <stdlib.h>

#include "internal.h"
#include "store_bits.h"

namespace {

using namespace hipc::rand;

constexpr int kN = 624, kM = 397, kThreads = 256;

// The last twist's words; the generator's position (outputs since the
// seed, the job's `start`) says which comes next.
struct Mt19937 {
  unsigned int mt[kN];
};

__host__ __device__ inline unsigned int twist_word(unsigned int a,
                                                   unsigned int b,
                                                   unsigned int c) {
  unsigned int y = (a & 0x80000000u) | (b & 0x7fffffffu);
  return c ^ (y >> 1) ^ ((y & 1u) ? 0x9908b0dfu : 0u);
}

__host__ __device__ inline unsigned int temper(unsigned int y) {
  y ^= y >> 11;
  y ^= (y << 7) & 0x9d2c5680u;
  y ^= (y << 15) & 0xefc60000u;
  return y ^ (y >> 18);
}

void twist_host(Mt19937* s) {
  for (int k = 0; k < kN; k++)
    s->mt[k] = twist_word(s->mt[k], s->mt[(k + 1) % kN], s->mt[(k + kM) % kN]);
}

// Words [lo, hi) of a twist, by the block; the words they read are either
// outside [lo, hi] or, for word hi, read before any is written.
__device__ void twist_step(Mt19937* s, int lo, int hi) {
  int k = lo + static_cast<int>(threadIdx.x);
  unsigned int w = 0;
  if (k < hi)
    w = twist_word(s->mt[k], s->mt[(k + 1) % kN], s->mt[(k + kM) % kN]);
  __syncthreads();
  if (k < hi)
    s->mt[k] = w;
  __syncthreads();
}

// The word index of the next output after `done` outputs since the seed
// (kN: a twist comes first).
__host__ __device__ inline int next_word(unsigned long long done) {
  return done == 0 ? kN : static_cast<int>((done - 1) % kN) + 1;
}

__global__ void generate_mt19937(hipc_rand_job j) {
  Mt19937* s = static_cast<Mt19937*>(j.states);
  size_t t = threadIdx.x;
  int next = next_word(j.start);
  // The rest of the last twist's words.
  size_t first = static_cast<size_t>(kN - next);
  if (first > j.n)
    first = j.n;
  for (size_t i = t; i < first; i += kThreads)
    store_bits(j, i, temper(s->mt[next + i]));
  for (size_t done = first; done < j.n; done += kN) {
    __syncthreads();  // every thread has read the words
    twist_step(s, 0, kN - kM);
    twist_step(s, kN - kM, 2 * (kN - kM));
    twist_step(s, 2 * (kN - kM), kN);
    size_t m = j.n - done < static_cast<size_t>(kN) ? j.n - done : kN;
    for (size_t i = t; i < m; i += kThreads)
      store_bits(j, done + i, temper(s->mt[i]));
  }
}

}  // namespace

extern "C" hiprandStatus_t hipc__rand_mt19937_seed(void** state, int host,
                                                   hipStream_t stream,
                                                   unsigned long long seed) {
  if (*state == nullptr) {
    if (host)
      *state = malloc(sizeof(Mt19937));
    else if (hipMalloc(state, sizeof(Mt19937)) != hipSuccess)
      *state = nullptr;
    if (*state == nullptr)
      return HIPRAND_STATUS_ALLOCATION_FAILED;
  }
  Mt19937 h;
  h.mt[0] = static_cast<unsigned int>(seed ^ (seed >> 32));
  for (int i = 1; i < kN; i++)
    h.mt[i] = 1812433253u * (h.mt[i - 1] ^ (h.mt[i - 1] >> 30)) +
              static_cast<unsigned int>(i);
  if (host) {
    *static_cast<Mt19937*>(*state) = h;
    return HIPRAND_STATUS_SUCCESS;
  }
  // Kernels still queued may use the state.
  if (hipStreamSynchronize(stream) != hipSuccess ||
      hipMemcpy(*state, &h, sizeof h, hipMemcpyHostToDevice) != hipSuccess)
    return HIPRAND_STATUS_INTERNAL_ERROR;
  return HIPRAND_STATUS_SUCCESS;
}

extern "C" void hipc__rand_mt19937_free(void* state, int host) {
  if (host)
    free(state);
  else if (state != nullptr)
    (void)hipFree(state);
}

extern "C" hipError_t hipc__rand_mt19937_launch(const hipc_rand_job* job,
                                                hipStream_t stream) {
  hipc_rand_job j = *job;
  void* args[] = {&j};
  return hipLaunchKernel(reinterpret_cast<const void*>(&generate_mt19937),
                         dim3(1), dim3(kThreads), args, 0, stream);
}

extern "C" void hipc__rand_mt19937_run_host(const hipc_rand_job* job) {
  Mt19937* s = static_cast<Mt19937*>(job->states);
  int next = next_word(job->start);
  for (size_t i = 0; i < job->n; i++) {
    if (next == kN) {
      twist_host(s);
      next = 0;
    }
    store_bits(*job, i, temper(s->mt[next++]));
  }
}
