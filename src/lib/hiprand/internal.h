/* libhiprand's internals: the generator object and the jobs its kernels
 * run. C11 (generator.c, generate.c, poisson.c, sobol.c) and C++
 * (kernels.hip) both include it. */
#ifndef HIPC_HIPRAND_INTERNAL_H
#define HIPC_HIPRAND_INTERNAL_H

#include <pthread.h>
#include <stddef.h>
#include <stdint.h>

#include "hiprand/hiprand.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The engines, as the kernels name them. */
enum hipc_rand_engine {
  HIPC_RAND_XORWOW,
  HIPC_RAND_PHILOX,
  HIPC_RAND_MRG,
  HIPC_RAND_MTGP, /* before the quasi-random ones (HIPC_RAND_QUASI) */
  HIPC_RAND_MT19937,
  HIPC_RAND_SOBOL,
  HIPC_RAND_SCRAMBLED_SOBOL,
  HIPC_RAND_SOBOL64,
  HIPC_RAND_SCRAMBLED_SOBOL64
};

/* What a job writes. */
enum hipc_rand_dist {
  HIPC_RAND_U32,
  HIPC_RAND_U8,
  HIPC_RAND_U16,
  HIPC_RAND_UNIFORM,
  HIPC_RAND_UNIFORM_DOUBLE,
  HIPC_RAND_NORMAL,
  HIPC_RAND_NORMAL_DOUBLE,
  HIPC_RAND_LOG_NORMAL,
  HIPC_RAND_LOG_NORMAL_DOUBLE,
  HIPC_RAND_POISSON,
  HIPC_RAND_U64 /* Sobol64's values */
};

/* One generation: n values into `out`, by `threads` workers (kernel
 * threads, or host loop iterations) of `per_thread` values each.
 *
 * Pseudo-random engines: value i is made from the engine's outputs
 * starting at `start` + i * outputs-per-value of the sequence of
 * hiprand_init(seed, 0, 0). Sobol32: n = dims * points; value
 * d * points + j is dimension d at point `start` + j. */
struct hipc_rand_job {
  int engine, dist;
  unsigned long long seed, start;
  unsigned int outputs_per_value; /* hipc__rand_outputs_per_value */
  size_t n, per_thread, threads;
  double mean, stddev; /* (log-)normal */
  /* Poisson: a CDF table (cdf != NULL) or, for a huge lambda, the normal
   * approximation. */
  const double* cdf;
  unsigned int cdf_size, cdf_offset;
  double lambda;
  /* Sobol32: dims * 32 direction vectors (scrambled Sobol32: then dims
   * scramble constants); points per dimension. */
  const unsigned int* vectors;
  const unsigned int* constants; /* NULL: not scrambled */
  /* Sobol64: dims * 64 vectors (then dims constants). */
  const unsigned long long *vectors64, *constants64;
  unsigned int dims;
  size_t points;
  /* MTGP32: HIPC_MTGP_STATES states, each making `rounds` rounds of
   * HIPC_MTGP_BLOCK outputs (value (r * states + b) * block + t is output
   * r * block + t of state b; see mtgp32_gen.hip). MT19937: its state,
   * whose next n outputs are the values. */
  void* states;
  size_t rounds;
  void* out;
};

#define HIPC_RAND_QUASI(engine) ((engine) >= HIPC_RAND_SOBOL)
#define HIPC_RAND_SOBOL64_ENGINE(engine) ((engine) >= HIPC_RAND_SOBOL64)

/* Outputs of the engine that one value of `dist` takes. */
unsigned int hipc__rand_outputs_per_value(int engine, int dist);

/* kernels.hip: run `job` on `stream` (a device generator) or here (a host
 * generator). */
hipError_t hipc__rand_launch(const struct hipc_rand_job* job,
                             hipStream_t stream);
void hipc__rand_run_host(const struct hipc_rand_job* job);

/* mtgp32_gen.hip: the MTGP32 generator's states (HIPC_MTGP_STATES of
 * hiprandStateMtgp32_t, in device memory or, for a host generator, host
 * memory), made at the first call and set to `seed` (as
 * hiprandMakeMTGP32KernelState would); generation of a job. */
#define HIPC_MTGP_STATES 64u
#define HIPC_MTGP_BLOCK 256u
hiprandStatus_t hipc__rand_mtgp_seed(void** states, int host,
                                     hipStream_t stream,
                                     unsigned long long seed);
void hipc__rand_mtgp_free(void* states, int host);
hipError_t hipc__rand_mtgp_launch(const struct hipc_rand_job* job,
                                  hipStream_t stream);
void hipc__rand_mtgp_run_host(const struct hipc_rand_job* job);

/* mt19937_gen.hip: the same for MT19937's one state. */
hiprandStatus_t hipc__rand_mt19937_seed(void** state, int host,
                                        hipStream_t stream,
                                        unsigned long long seed);
void hipc__rand_mt19937_free(void* state, int host);
hipError_t hipc__rand_mt19937_launch(const struct hipc_rand_job* job,
                                     hipStream_t stream);
void hipc__rand_mt19937_run_host(const struct hipc_rand_job* job);

/* sobol.c: the direction vectors of dimensions 1..HIPC_SOBOL_MAX_DIMS
 * (dims * 32 words), computed at first use; NULL if out of memory. */
#define HIPC_SOBOL_MAX_DIMS 3667u
const unsigned int* hipc__sobol_vectors(void);
/* The scrambled ones, and the scramble constants (HIPC_SOBOL_MAX_DIMS). */
const unsigned int* hipc__sobol_scrambled_vectors(void);
const unsigned int* hipc__sobol_scramble_constants(void);
/* sobol64.c: the same, 64 words of 64 bits per dimension. */
const unsigned long long* hipc__sobol64_vectors(void);
const unsigned long long* hipc__sobol64_scrambled_vectors(void);
const unsigned long long* hipc__sobol64_scramble_constants(void);
/* sobol_data.cpp: Joe and Kuo's parameters of dimension `dim` (2..max):
 * the degree s, the inner coefficients a and m[0..s). */
unsigned int hipc__sobol_params(unsigned int dim, unsigned int* s,
                                unsigned int* a, unsigned int m[32]);

/* poisson.c: the CDF of Poisson(lambda) over [offset, offset + size), to
 * be freed; NULL when lambda is too large for a table
 * (HIPC_POISSON_TABLE_MAX) or memory ran out (*oom set). */
#define HIPC_POISSON_TABLE_MAX 1e9
double* hipc__poisson_cdf(double lambda, unsigned int* size,
                          unsigned int* offset, int* oom);

#define HIPC_RAND_MAGIC 0x68524e44u /* "hRND" */

struct hiprandGenerator_st {
  uint32_t magic;
  hiprandRngType_t type; /* as created */
  int engine;
  int host; /* hiprandCreateGeneratorHost */
  pthread_mutex_t lock;
  hipStream_t stream;
  unsigned long long seed, offset;
  unsigned long long position; /* outputs (points) used since the offset */
  hiprandOrdering_t order;
  unsigned int dims;
  /* Device generators: the direction vectors (and scramble constants) in
   * device memory, and the last Poisson table. */
  unsigned int* dev_vectors;
  unsigned int dev_vector_dims;
  void* states; /* MTGP32, MT19937: from the first generation */
  double* poisson_cdf;
  double poisson_lambda;
  unsigned int poisson_size, poisson_offset;
};

#ifdef __cplusplus
}
#endif

#endif
