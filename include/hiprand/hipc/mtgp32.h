// hipRAND device API: MTGP32, the Mersenne Twister for Graphic Processors
// (M. Saito and M. Matsumoto, "Variants of Mersenne Twister Suitable for
// Graphic Processors", ACM TOMS 39(2), 2013) for the Mersenne exponent
// 11213, with 32-bit outputs and the "fast" parameter sets
// (hiprand/hiprand_mtgp32_host.h: mtgp32dc_params_fast_11213).
//
// The sequence of one parameter set and one seed: a state of N = 351 words
// x[0..N) (mtgp_init), then for k >= 0
//   x[k + N] = f(x[k], x[k + 1], x[k + pos])
//   f(a, b, y) = t ^ tbl[t & 15], t = u ^ (y >> sh2),
//                u = v ^ (v << sh1), v = (a & mask) ^ b
//   output k  = x[k + N] ^ tmp_tbl[w & 15], w = x[k + pos - 1] folded
//                by w ^= w >> 16, w ^= w >> 8.
// The words live in a ring of 1024; output k uses only words k .. k + pos
// (pos <= 93 < N - 256), so up to 256 consecutive outputs are independent:
// hiprand(&state) is called by every thread of a block (at most 256 threads)
// together, thread t (the linear thread index) taking output offset + t, and
// the state then moves on by the block's size. Outside kernels,
// hipc::rand::mtgp_next gives the same sequence one output at a time.
#ifndef HIPRAND_HIPC_MTGP32_H
#define HIPRAND_HIPC_MTGP32_H

#include "hiprand/hipc/common.h"

#define HIPRAND_MTGP32_N 351
#define HIPRAND_MTGP32_RING 1024
#define HIPRAND_MTGP32_PARAM_SETS 200
#define HIPRAND_MTGP32_MAX_THREADS 256

// One parameter set, in cuRAND's and hipRAND's layout: tbl and tmp_tbl are
// the recursion's and the tempering's matrices, flt_tmp_tbl the tempering
// for floats in [1, 2) ((tmp_tbl >> 9) | 0x3f800000).
struct mtgp32_params_fast {
  int mexp, pos, sh1, sh2;
  unsigned int tbl[16];
  unsigned int tmp_tbl[16];
  unsigned int flt_tmp_tbl[16];
  unsigned int mask;
  unsigned char poly_sha1[21];
};
typedef struct mtgp32_params_fast mtgp32_params_fast_t;

// The parameter sets as kernels read them (hiprandMakeMTGP32Constants), in
// cuRAND's layout. hipc's states carry their own copy of their set, so a
// state made with hiprandMakeMTGP32KernelState works with or without them.
struct mtgp32_kernel_params {
  unsigned int pos_tbl[HIPRAND_MTGP32_PARAM_SETS];
  unsigned int param_tbl[HIPRAND_MTGP32_PARAM_SETS][16];
  unsigned int temper_tbl[HIPRAND_MTGP32_PARAM_SETS][16];
  unsigned int single_temper_tbl[HIPRAND_MTGP32_PARAM_SETS][16];
  unsigned int sh1_tbl[HIPRAND_MTGP32_PARAM_SETS];
  unsigned int sh2_tbl[HIPRAND_MTGP32_PARAM_SETS];
  unsigned int mask[1];
};
typedef struct mtgp32_kernel_params mtgp32_kernel_params_t;
typedef struct mtgp32_params_fast mtgp32_fast_param_t;

struct hiprandStateMtgp32 {
  unsigned int s[HIPRAND_MTGP32_RING];  // the words, x[k] at (k + base) & 1023
  int offset;                           // the ring index of the next x[k]
  int pIdx;                             // the parameter set's index
  mtgp32_kernel_params_t* k;            // as given; not read
  unsigned int pos, sh1, sh2, mask;     // the parameter set
  unsigned int param_tbl[16], temper_tbl[16];
};
typedef struct hiprandStateMtgp32 hiprandStateMtgp32_t;

namespace hipc {
namespace rand {

// The state of parameter set `p` (index `index`) and `seed`, as the MTGP
// reference initialises it: the words filled with a byte of the hidden
// seed, x[0] = seed, x[1] = hidden seed, then
// x[i] ^= 1812433253 (x[i-1] ^ (x[i-1] >> 30)) + i.
HIPRAND_HD void mtgp_init(hiprandStateMtgp32_t* st,
                          const mtgp32_params_fast_t* p, unsigned int seed,
                          int index, mtgp32_kernel_params_t* k) {
  unsigned int hidden = p->tbl[4] ^ (p->tbl[8] << 16);
  unsigned int fill = hidden;
  fill += fill >> 16;
  fill += fill >> 8;
  fill &= 0xffu;
  fill |= fill << 8;
  fill |= fill << 16;
  for (int i = 0; i < HIPRAND_MTGP32_RING; i++)
    st->s[i] = i < HIPRAND_MTGP32_N ? fill : 0u;
  st->s[0] = seed;
  st->s[1] = hidden;
  for (int i = 1; i < HIPRAND_MTGP32_N; i++)
    st->s[i] ^= 1812433253u * (st->s[i - 1] ^ (st->s[i - 1] >> 30)) +
                static_cast<unsigned int>(i);
  st->offset = 0;
  st->pIdx = index;
  st->k = k;
  st->pos = static_cast<unsigned int>(p->pos);
  st->sh1 = static_cast<unsigned int>(p->sh1);
  st->sh2 = static_cast<unsigned int>(p->sh2);
  st->mask = p->mask;
  for (int i = 0; i < 16; i++) {
    st->param_tbl[i] = p->tbl[i];
    st->temper_tbl[i] = p->tmp_tbl[i];
  }
}

// Output offset + t: stores the new word in *word and returns the output.
HIPRAND_HD unsigned int mtgp_output(const hiprandStateMtgp32_t* st,
                                    unsigned int t, unsigned int* word) {
  const unsigned int m = HIPRAND_MTGP32_RING - 1;
  unsigned int i = static_cast<unsigned int>(st->offset) + t;
  unsigned int v = (st->s[i & m] & st->mask) ^ st->s[(i + 1) & m];
  v ^= v << st->sh1;
  unsigned int y = v ^ (st->s[(i + st->pos) & m] >> st->sh2);
  unsigned int x = y ^ st->param_tbl[y & 15u];
  unsigned int w = st->s[(i + st->pos - 1) & m];
  w ^= w >> 16;
  w ^= w >> 8;
  *word = x;
  return x ^ st->temper_tbl[w & 15u];
}

// One output, alone (host code, or a single thread that owns the state).
HIPRAND_HD unsigned int mtgp_next(hiprandStateMtgp32_t* st) {
  unsigned int word;
  unsigned int out = mtgp_output(st, 0, &word);
  st->s[(static_cast<unsigned int>(st->offset) + HIPRAND_MTGP32_N) &
        (HIPRAND_MTGP32_RING - 1)] = word;
  st->offset = (st->offset + 1) & (HIPRAND_MTGP32_RING - 1);
  return out;
}

__device__ inline unsigned int mtgp_block_thread() {
  return (threadIdx.z * blockDim.y + threadIdx.y) * blockDim.x + threadIdx.x;
}

}  // namespace rand
}  // namespace hipc

// One output per thread of the block, which calls it together (see above).
__device__ inline unsigned int hiprand(hiprandStateMtgp32_t* st) {
  unsigned int t = hipc::rand::mtgp_block_thread();
  unsigned int d = blockDim.x * blockDim.y * blockDim.z;
  unsigned int word;
  unsigned int out = hipc::rand::mtgp_output(st, t, &word);
  st->s[(static_cast<unsigned int>(st->offset) + t + HIPRAND_MTGP32_N) &
        (HIPRAND_MTGP32_RING - 1)] = word;
  __syncthreads();  // every thread has read the offset and its words
  if (t == 0)
    st->offset = (st->offset + static_cast<int>(d)) & (HIPRAND_MTGP32_RING - 1);
  __syncthreads();
  return out;
}

// The distributions take one output each, as cuRAND's for MTGP32 do:
// uniform float x / 2^32 + 2^-33, uniform double the same in double;
// normals the inverse normal CDF of the uniform double; Poisson by
// inversion of the CDF; discrete by inversion of the distribution's table.
__device__ inline float hiprand_uniform(hiprandStateMtgp32_t* st) {
  return hipc::rand::uniform_f(hiprand(st));
}
__device__ inline double hiprand_uniform_double(hiprandStateMtgp32_t* st) {
  return hipc::rand::uniform_d1(hiprand(st));
}
__device__ inline float hiprand_normal(hiprandStateMtgp32_t* st) {
  return static_cast<float>(
      hipc::rand::inv_normal(hipc::rand::uniform_d1(hiprand(st))));
}
__device__ inline double hiprand_normal_double(hiprandStateMtgp32_t* st) {
  return hipc::rand::inv_normal(hipc::rand::uniform_d1(hiprand(st)));
}
__device__ inline float hiprand_log_normal(hiprandStateMtgp32_t* st,
                                           float mean, float stddev) {
  return expf(mean + stddev * hiprand_normal(st));
}
__device__ inline double hiprand_log_normal_double(hiprandStateMtgp32_t* st,
                                                   double mean,
                                                   double stddev) {
  return exp(mean + stddev * hiprand_normal_double(st));
}
__device__ inline unsigned int hiprand_poisson(hiprandStateMtgp32_t* st,
                                               double lambda) {
  return hipc::rand::poisson_invert(hipc::rand::uniform_d1(hiprand(st)),
                                    lambda);
}
__device__ inline unsigned int hiprand_discrete(
    hiprandStateMtgp32_t* st, hiprandDiscreteDistribution_t d) {
  return d->offset + hipc::rand::cdf_search(d->cdf, d->size,
                                            hipc::rand::uniform_d1(hiprand(st)));
}

// Copies a state with the threads of a block (all of them call it).
__device__ inline void hiprand_mtgp32_block_copy(hiprandStateMtgp32_t* src,
                                                 hiprandStateMtgp32_t* dest) {
  unsigned int t = hipc::rand::mtgp_block_thread();
  unsigned int d = blockDim.x * blockDim.y * blockDim.z;
  for (unsigned int i = t; i < HIPRAND_MTGP32_RING; i += d)
    dest->s[i] = src->s[i];
  if (t == 0) {
    dest->offset = src->offset;
    dest->pIdx = src->pIdx;
    dest->k = src->k;
    dest->pos = src->pos;
    dest->sh1 = src->sh1;
    dest->sh2 = src->sh2;
    dest->mask = src->mask;
    for (int i = 0; i < 16; i++) {
      dest->param_tbl[i] = src->param_tbl[i];
      dest->temper_tbl[i] = src->temper_tbl[i];
    }
  }
  __syncthreads();
}

// Makes the state use set pIdx of `params` (made by
// hiprandMakeMTGP32Constants) from now on. All threads of the block call it.
__device__ inline void hiprand_mtgp32_set_params(
    hiprandStateMtgp32_t* st, mtgp32_kernel_params_t* params) {
  if (hipc::rand::mtgp_block_thread() == 0) {
    int p = st->pIdx;
    st->k = params;
    st->pos = params->pos_tbl[p];
    st->sh1 = params->sh1_tbl[p];
    st->sh2 = params->sh2_tbl[p];
    st->mask = params->mask[0];
    for (int i = 0; i < 16; i++) {
      st->param_tbl[i] = params->param_tbl[p][i];
      st->temper_tbl[i] = params->temper_tbl[p][i];
    }
  }
  __syncthreads();
}

#endif
