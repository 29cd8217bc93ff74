/* hiprandGenerate*: checks (hipRAND's codes), then one job (internal.h) on
 * the generator's stream, or on the calling thread for a host generator.
 * A generator's position advances by what each generation used, so
 * successive calls continue one sequence. */
#include <stdint.h>
#include <stdlib.h>

#include "internal.h"

unsigned int hipc__rand_outputs_per_value(int engine, int dist) {
  if (HIPC_RAND_QUASI(engine) || engine == HIPC_RAND_MRG ||
      engine == HIPC_RAND_MTGP || engine == HIPC_RAND_MT19937)
    return 1;
  switch (dist) {
  case HIPC_RAND_UNIFORM_DOUBLE:
  case HIPC_RAND_NORMAL_DOUBLE:
  case HIPC_RAND_LOG_NORMAL_DOUBLE:
    return 2;
  default:
    return 1;
  }
}

static int pairs(int dist) {
  return dist == HIPC_RAND_NORMAL || dist == HIPC_RAND_NORMAL_DOUBLE ||
         dist == HIPC_RAND_LOG_NORMAL || dist == HIPC_RAND_LOG_NORMAL_DOUBLE;
}

/* Engines whose generator keeps a state between generations (no jumps). */
static int stateful(int engine) {
  return engine == HIPC_RAND_MTGP || engine == HIPC_RAND_MT19937;
}

static size_t max_sz(size_t a, size_t b) { return a > b ? a : b; }

/* Values per worker: XORWOW's and MRG32k3a's jumps cost thousands of
 * operations, so their workers take longer runs. Even, for pairs. */
static size_t per_thread(int engine, size_t n) {
  size_t per = engine == HIPC_RAND_XORWOW || engine == HIPC_RAND_MRG
                   ? max_sz(4096, (n + 65535) / 65536)
                   : max_sz(256, (n + 262143) / 262144);
  return (per + 1) & ~(size_t)1;
}

/* The direction vectors of the generator's dimensions (and its scramble
 * constants), where its kernels read them: Sobol32's 32 words of 4 bytes
 * per dimension, Sobol64's 64 of 8. */
static hiprandStatus_t vectors_for(hiprandGenerator_t g,
                                   struct hipc_rand_job* j) {
  int wide = HIPC_RAND_SOBOL64_ENGINE(g->engine);
  int scrambled = g->engine == HIPC_RAND_SCRAMBLED_SOBOL ||
                  g->engine == HIPC_RAND_SCRAMBLED_SOBOL64;
  const void *v, *c = NULL;
  if (wide) {
    v = scrambled ? hipc__sobol64_scrambled_vectors() : hipc__sobol64_vectors();
    if (scrambled)
      c = hipc__sobol64_scramble_constants();
  } else {
    v = scrambled ? hipc__sobol_scrambled_vectors() : hipc__sobol_vectors();
    if (scrambled)
      c = hipc__sobol_scramble_constants();
  }
  if (v == NULL)
    return HIPRAND_STATUS_ALLOCATION_FAILED;
  size_t word = wide ? 8 : 4, per_dim = wide ? 64 : 32;
  const void* dv = v;
  const void* dc = c;
  if (!g->host) {
    /* Device memory: dims * per_dim vectors, then dims constants. */
    if (g->dev_vectors == NULL || g->dev_vector_dims < g->dims) {
      if (g->dev_vectors != NULL) {
        (void)hipStreamSynchronize(g->stream);
        (void)hipFree(g->dev_vectors);
        g->dev_vectors = NULL;
      }
      size_t words = per_dim * g->dims;
      if (hipMalloc((void**)&g->dev_vectors, word * (words + g->dims)) !=
          hipSuccess)
        return HIPRAND_STATUS_ALLOCATION_FAILED;
      if (hipMemcpy(g->dev_vectors, v, word * words,
                    hipMemcpyHostToDevice) != hipSuccess ||
          (c != NULL &&
           hipMemcpy((char*)g->dev_vectors + word * words, c,
                     word * g->dims, hipMemcpyHostToDevice) != hipSuccess))
        return HIPRAND_STATUS_INTERNAL_ERROR;
      g->dev_vector_dims = g->dims;
    }
    dv = g->dev_vectors;
    dc = c != NULL ? (const char*)g->dev_vectors +
                         word * per_dim * g->dev_vector_dims
                   : NULL;
  }
  if (wide) {
    j->vectors64 = dv;
    j->constants64 = dc;
  } else {
    j->vectors = dv;
    j->constants = dc;
  }
  return HIPRAND_STATUS_SUCCESS;
}

/* The Poisson table of `lambda`, kept until another lambda is asked for. */
static hiprandStatus_t poisson_for(hiprandGenerator_t g, double lambda,
                                   struct hipc_rand_job* j) {
  j->lambda = lambda;
  if (g->poisson_lambda != lambda || g->poisson_cdf == NULL) {
    if (g->poisson_cdf != NULL) {
      if (g->host) {
        free(g->poisson_cdf);
      } else {
        (void)hipStreamSynchronize(g->stream);
        (void)hipFree(g->poisson_cdf);
      }
      g->poisson_cdf = NULL;
    }
    unsigned int size = 0, offset = 0;
    int oom;
    double* cdf = hipc__poisson_cdf(lambda, &size, &offset, &oom);
    if (cdf == NULL && oom)
      return HIPRAND_STATUS_ALLOCATION_FAILED;
    if (cdf != NULL && !g->host) {
      double* dev = NULL;
      hipError_t e = hipMalloc((void**)&dev, sizeof(double) * size);
      if (e == hipSuccess)
        e = hipMemcpy(dev, cdf, sizeof(double) * size,
                      hipMemcpyHostToDevice);
      free(cdf);
      if (e != hipSuccess) {
        if (dev != NULL)
          (void)hipFree(dev);
        return HIPRAND_STATUS_ALLOCATION_FAILED;
      }
      cdf = dev;
    }
    g->poisson_cdf = cdf;
    g->poisson_lambda = lambda;
    g->poisson_size = size;
    g->poisson_offset = offset;
  }
  j->cdf = g->poisson_cdf;
  j->cdf_size = g->poisson_size;
  j->cdf_offset = g->poisson_offset;
  return HIPRAND_STATUS_SUCCESS;
}

/* The common path. `align`: the alignment pairs need (0: none). */
static hiprandStatus_t generate(hiprandGenerator_t g, void* out, size_t n,
                                int dist, size_t align, double mean,
                                double stddev, double lambda) {
  if (g == NULL || g->magic != HIPC_RAND_MAGIC)
    return HIPRAND_STATUS_NOT_INITIALIZED;
  int wide = HIPC_RAND_SOBOL64_ENGINE(g->engine);
  if (wide != (dist == HIPC_RAND_U64) &&
      (dist == HIPC_RAND_U64 || dist == HIPC_RAND_U32 ||
       dist == HIPC_RAND_U8 || dist == HIPC_RAND_U16))
    return HIPRAND_STATUS_TYPE_ERROR;
  if (dist == HIPC_RAND_POISSON && !(lambda > 0))
    return HIPRAND_STATUS_OUT_OF_RANGE;
  if (n == 0)
    return HIPRAND_STATUS_SUCCESS;
  if (out == NULL)
    return HIPRAND_STATUS_OUT_OF_RANGE;
  int sobol = HIPC_RAND_QUASI(g->engine);
  if (sobol ? n % g->dims != 0
            : pairs(dist) && (n % 2 != 0 || (uintptr_t)out % align != 0))
    return HIPRAND_STATUS_LENGTH_NOT_MULTIPLE;

  pthread_mutex_lock(&g->lock);
  struct hipc_rand_job j = {0};
  j.engine = g->engine;
  j.dist = dist;
  j.seed = g->seed;
  j.start = g->offset + g->position;
  j.outputs_per_value = hipc__rand_outputs_per_value(g->engine, dist);
  j.n = n;
  j.mean = mean;
  j.stddev = stddev;
  j.out = out;
  hiprandStatus_t st = HIPRAND_STATUS_SUCCESS;
  if (dist == HIPC_RAND_POISSON)
    st = poisson_for(g, lambda, &j);
  if (st == HIPRAND_STATUS_SUCCESS && stateful(g->engine)) {
    /* The states start over at the first generation after a setting. */
    if (g->position == 0 || g->states == NULL)
      st = g->engine == HIPC_RAND_MTGP
               ? hipc__rand_mtgp_seed(&g->states, g->host, g->stream, g->seed)
               : hipc__rand_mt19937_seed(&g->states, g->host, g->stream,
                                         g->seed);
    size_t round = (size_t)HIPC_MTGP_STATES * HIPC_MTGP_BLOCK;
    j.states = g->states;
    j.rounds = (n + round - 1) / round;
    hipError_t e = hipSuccess;
    if (st == HIPRAND_STATUS_SUCCESS && g->engine == HIPC_RAND_MTGP) {
      if (g->host)
        hipc__rand_mtgp_run_host(&j);
      else
        e = hipc__rand_mtgp_launch(&j, g->stream);
    } else if (st == HIPRAND_STATUS_SUCCESS) {
      if (g->host)
        hipc__rand_mt19937_run_host(&j);
      else
        e = hipc__rand_mt19937_launch(&j, g->stream);
    }
    if (e != hipSuccess)
      st = HIPRAND_STATUS_LAUNCH_FAILURE;
  } else if (st == HIPRAND_STATUS_SUCCESS && sobol) {
    j.dims = g->dims;
    j.points = n / g->dims;
    st = vectors_for(g, &j);
    j.per_thread = per_thread(g->engine, j.points);
    j.threads = j.dims * ((j.points + j.per_thread - 1) / j.per_thread);
  } else {
    j.per_thread = per_thread(g->engine, n);
    j.threads = (n + j.per_thread - 1) / j.per_thread;
  }
  if (st == HIPRAND_STATUS_SUCCESS && !stateful(g->engine)) {
    if (g->host)
      hipc__rand_run_host(&j);
    else if (hipc__rand_launch(&j, g->stream) != hipSuccess)
      st = HIPRAND_STATUS_LAUNCH_FAILURE;
  }
  if (st == HIPRAND_STATUS_SUCCESS)
    g->position += sobol ? j.points : (unsigned long long)n * j.outputs_per_value;
  pthread_mutex_unlock(&g->lock);
  return st;
}

hiprandStatus_t hiprandGenerate(hiprandGenerator_t g, unsigned int* out,
                                size_t n) {
  return generate(g, out, n, HIPC_RAND_U32, 0, 0, 0, 0);
}

hiprandStatus_t hiprandGenerateChar(hiprandGenerator_t g, unsigned char* out,
                                    size_t n) {
  return generate(g, out, n, HIPC_RAND_U8, 0, 0, 0, 0);
}

hiprandStatus_t hiprandGenerateShort(hiprandGenerator_t g,
                                     unsigned short* out, size_t n) {
  return generate(g, out, n, HIPC_RAND_U16, 0, 0, 0, 0);
}

/* Only the 64-bit generators (Sobol64) make 64-bit values, and only
 * 32-bit ones 8-, 16- and 32-bit values (HIPRAND_STATUS_TYPE_ERROR). */
hiprandStatus_t hiprandGenerateLongLong(hiprandGenerator_t g,
                                        unsigned long long* out, size_t n) {
  return generate(g, out, n, HIPC_RAND_U64, 0, 0, 0, 0);
}

hiprandStatus_t hiprandGenerateUniform(hiprandGenerator_t g, float* out,
                                       size_t n) {
  return generate(g, out, n, HIPC_RAND_UNIFORM, 0, 0, 0, 0);
}

hiprandStatus_t hiprandGenerateUniformDouble(hiprandGenerator_t g,
                                             double* out, size_t n) {
  return generate(g, out, n, HIPC_RAND_UNIFORM_DOUBLE, 0, 0, 0, 0);
}

hiprandStatus_t hiprandGenerateNormal(hiprandGenerator_t g, float* out,
                                      size_t n, float mean, float stddev) {
  return generate(g, out, n, HIPC_RAND_NORMAL, 2 * sizeof(float), mean,
                  stddev, 0);
}

hiprandStatus_t hiprandGenerateNormalDouble(hiprandGenerator_t g,
                                            double* out, size_t n,
                                            double mean, double stddev) {
  return generate(g, out, n, HIPC_RAND_NORMAL_DOUBLE, 2 * sizeof(double),
                  mean, stddev, 0);
}

hiprandStatus_t hiprandGenerateLogNormal(hiprandGenerator_t g, float* out,
                                         size_t n, float mean,
                                         float stddev) {
  return generate(g, out, n, HIPC_RAND_LOG_NORMAL, 2 * sizeof(float), mean,
                  stddev, 0);
}

hiprandStatus_t hiprandGenerateLogNormalDouble(hiprandGenerator_t g,
                                               double* out, size_t n,
                                               double mean, double stddev) {
  return generate(g, out, n, HIPC_RAND_LOG_NORMAL_DOUBLE,
                  2 * sizeof(double), mean, stddev, 0);
}

hiprandStatus_t hiprandGeneratePoisson(hiprandGenerator_t g,
                                       unsigned int* out, size_t n,
                                       double lambda) {
  return generate(g, out, n, HIPC_RAND_POISSON, 0, 0, 0, lambda);
}
