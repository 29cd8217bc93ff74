/* hipRAND generators: creation, settings, destruction, and the library's
 * constants. The error codes are hipRAND's documented ones. */
#include <stdlib.h>

#include "internal.h"

/* The engine of a generator type, or -1 (unknown: HIPRAND_STATUS_TYPE_ERROR). */
static int engine_of(hiprandRngType_t t) {
  switch (t) {
  case HIPRAND_RNG_PSEUDO_DEFAULT:
  case HIPRAND_RNG_PSEUDO_XORWOW:
    return HIPC_RAND_XORWOW;
  case HIPRAND_RNG_PSEUDO_PHILOX4_32_10:
    return HIPC_RAND_PHILOX;
  case HIPRAND_RNG_PSEUDO_MRG32K3A:
    return HIPC_RAND_MRG;
  case HIPRAND_RNG_PSEUDO_MTGP32:
    return HIPC_RAND_MTGP;
  case HIPRAND_RNG_PSEUDO_MT19937:
    return HIPC_RAND_MT19937;
  case HIPRAND_RNG_QUASI_DEFAULT:
  case HIPRAND_RNG_QUASI_SOBOL32:
    return HIPC_RAND_SOBOL;
  case HIPRAND_RNG_QUASI_SCRAMBLED_SOBOL32:
    return HIPC_RAND_SCRAMBLED_SOBOL;
  case HIPRAND_RNG_QUASI_SOBOL64:
    return HIPC_RAND_SOBOL64;
  case HIPRAND_RNG_QUASI_SCRAMBLED_SOBOL64:
    return HIPC_RAND_SCRAMBLED_SOBOL64;
  default:
    return -1;
  }
}

static hiprandStatus_t create(hiprandGenerator_t* generator,
                              hiprandRngType_t rng_type, int host) {
  if (generator == NULL)
    return HIPRAND_STATUS_NOT_INITIALIZED;
  int engine = engine_of(rng_type);
  if (engine == -1)
    return HIPRAND_STATUS_TYPE_ERROR;
  if (HIPC_RAND_QUASI(engine) && (HIPC_RAND_SOBOL64_ENGINE(engine)
                                       ? hipc__sobol64_vectors() == NULL
                                       : hipc__sobol_vectors() == NULL))
    return HIPRAND_STATUS_ALLOCATION_FAILED;
  struct hiprandGenerator_st* g = calloc(1, sizeof *g);
  if (g == NULL)
    return HIPRAND_STATUS_ALLOCATION_FAILED;
  if (pthread_mutex_init(&g->lock, NULL) != 0) {
    free(g);
    return HIPRAND_STATUS_INTERNAL_ERROR;
  }
  g->magic = HIPC_RAND_MAGIC;
  g->type = rng_type;
  g->engine = engine;
  g->host = host;
  g->stream = NULL;
  g->seed = 0;
  g->order = HIPC_RAND_QUASI(engine) ? HIPRAND_ORDERING_QUASI_DEFAULT
                                       : HIPRAND_ORDERING_PSEUDO_DEFAULT;
  g->dims = 1;
  *generator = g;
  return HIPRAND_STATUS_SUCCESS;
}

hiprandStatus_t hiprandCreateGenerator(hiprandGenerator_t* generator,
                                       hiprandRngType_t rng_type) {
  return create(generator, rng_type, 0);
}

hiprandStatus_t hiprandCreateGeneratorHost(hiprandGenerator_t* generator,
                                           hiprandRngType_t rng_type) {
  return create(generator, rng_type, 1);
}

static int valid(hiprandGenerator_t g) {
  return g != NULL && g->magic == HIPC_RAND_MAGIC;
}

hiprandStatus_t hiprandDestroyGenerator(hiprandGenerator_t g) {
  if (!valid(g))
    return HIPRAND_STATUS_NOT_INITIALIZED;
  /* Kernels still queued may read the generator's device tables. */
  if (!g->host && (g->dev_vectors != NULL || g->poisson_cdf != NULL ||
                   g->states != NULL))
    (void)hipStreamSynchronize(g->stream);
  if (g->states != NULL && g->engine == HIPC_RAND_MTGP)
    hipc__rand_mtgp_free(g->states, g->host);
  else if (g->states != NULL)
    hipc__rand_mt19937_free(g->states, g->host);
  if (g->host)
    free(g->poisson_cdf);
  else if (g->poisson_cdf != NULL)
    (void)hipFree(g->poisson_cdf);
  if (g->dev_vectors != NULL)
    (void)hipFree(g->dev_vectors);
  g->magic = 0;
  pthread_mutex_destroy(&g->lock);
  free(g);
  return HIPRAND_STATUS_SUCCESS;
}

hiprandStatus_t hiprandSetStream(hiprandGenerator_t g, hipStream_t stream) {
  if (!valid(g))
    return HIPRAND_STATUS_NOT_INITIALIZED;
  pthread_mutex_lock(&g->lock);
  g->stream = stream;
  pthread_mutex_unlock(&g->lock);
  return HIPRAND_STATUS_SUCCESS;
}

hiprandStatus_t hiprandSetPseudoRandomGeneratorSeed(hiprandGenerator_t g,
                                                    unsigned long long seed) {
  if (!valid(g))
    return HIPRAND_STATUS_NOT_INITIALIZED;
  if (HIPC_RAND_QUASI(g->engine))
    return HIPRAND_STATUS_TYPE_ERROR;
  pthread_mutex_lock(&g->lock);
  g->seed = seed;
  g->position = 0;
  pthread_mutex_unlock(&g->lock);
  return HIPRAND_STATUS_SUCCESS;
}

/* MTGP32 and MT19937 have no offset (hipRAND: HIPRAND_STATUS_TYPE_ERROR). */
hiprandStatus_t hiprandSetGeneratorOffset(hiprandGenerator_t g,
                                          unsigned long long offset) {
  if (!valid(g))
    return HIPRAND_STATUS_NOT_INITIALIZED;
  if (g->engine == HIPC_RAND_MTGP || g->engine == HIPC_RAND_MT19937)
    return HIPRAND_STATUS_TYPE_ERROR;
  pthread_mutex_lock(&g->lock);
  g->offset = offset;
  g->position = 0;
  pthread_mutex_unlock(&g->lock);
  return HIPRAND_STATUS_SUCCESS;
}

/* Every pseudo-random ordering gives the same sequence in hipc (README.md,
 * "hipRAND"); the quasi-random generators have one. */
hiprandStatus_t hiprandSetGeneratorOrdering(hiprandGenerator_t g,
                                            hiprandOrdering_t order) {
  if (!valid(g))
    return HIPRAND_STATUS_NOT_INITIALIZED;
  int pseudo = order >= HIPRAND_ORDERING_PSEUDO_BEST &&
               order <= HIPRAND_ORDERING_PSEUDO_DYNAMIC;
  int quasi = order == HIPRAND_ORDERING_QUASI_DEFAULT;
  if (HIPC_RAND_QUASI(g->engine) ? !quasi : !pseudo)
    return HIPRAND_STATUS_OUT_OF_RANGE;
  pthread_mutex_lock(&g->lock);
  g->order = order;
  g->position = 0;
  pthread_mutex_unlock(&g->lock);
  return HIPRAND_STATUS_SUCCESS;
}

hiprandStatus_t hiprandSetQuasiRandomGeneratorDimensions(
    hiprandGenerator_t g, unsigned int dimensions) {
  if (!valid(g))
    return HIPRAND_STATUS_NOT_INITIALIZED;
  if (!HIPC_RAND_QUASI(g->engine))
    return HIPRAND_STATUS_TYPE_ERROR;
  if (dimensions < 1 || dimensions > HIPC_SOBOL_MAX_DIMS)
    return HIPRAND_STATUS_OUT_OF_RANGE;
  pthread_mutex_lock(&g->lock);
  g->dims = dimensions;
  g->position = 0;
  pthread_mutex_unlock(&g->lock);
  return HIPRAND_STATUS_SUCCESS;
}

/* The generators need no seeding pass: each generation initialises its
 * engines from the seed and the position. */
hiprandStatus_t hiprandGenerateSeeds(hiprandGenerator_t g) {
  return valid(g) ? HIPRAND_STATUS_SUCCESS : HIPRAND_STATUS_NOT_INITIALIZED;
}

hiprandStatus_t hiprandGetVersion(int* version) {
  if (version == NULL)
    return HIPRAND_STATUS_OUT_OF_RANGE;
  *version = HIPRAND_VERSION;
  return HIPRAND_STATUS_SUCCESS;
}

hiprandStatus_t hiprandGetDirectionVectors32(
    hiprandDirectionVectors32_t** vectors, hiprandDirectionVectorSet_t set) {
  if (vectors == NULL)
    return HIPRAND_STATUS_OUT_OF_RANGE;
  if (set != HIPRAND_DIRECTION_VECTORS_32_JOEKUO6 &&
      set != HIPRAND_SCRAMBLED_DIRECTION_VECTORS_32_JOEKUO6)
    return HIPRAND_STATUS_OUT_OF_RANGE;
  const unsigned int* v = set == HIPRAND_DIRECTION_VECTORS_32_JOEKUO6
                              ? hipc__sobol_vectors()
                              : hipc__sobol_scrambled_vectors();
  if (v == NULL)
    return HIPRAND_STATUS_ALLOCATION_FAILED;
  *vectors = (hiprandDirectionVectors32_t*)v;
  return HIPRAND_STATUS_SUCCESS;
}

hiprandStatus_t hiprandGetDirectionVectors64(
    hiprandDirectionVectors64_t** vectors, hiprandDirectionVectorSet_t set) {
  if (vectors == NULL)
    return HIPRAND_STATUS_OUT_OF_RANGE;
  if (set != HIPRAND_DIRECTION_VECTORS_64_JOEKUO6 &&
      set != HIPRAND_SCRAMBLED_DIRECTION_VECTORS_64_JOEKUO6)
    return HIPRAND_STATUS_OUT_OF_RANGE;
  const unsigned long long* v = set == HIPRAND_DIRECTION_VECTORS_64_JOEKUO6
                                    ? hipc__sobol64_vectors()
                                    : hipc__sobol64_scrambled_vectors();
  if (v == NULL)
    return HIPRAND_STATUS_ALLOCATION_FAILED;
  *vectors = (hiprandDirectionVectors64_t*)v;
  return HIPRAND_STATUS_SUCCESS;
}

hiprandStatus_t hiprandGetScrambleConstants32(const unsigned int** constants) {
  if (constants == NULL)
    return HIPRAND_STATUS_OUT_OF_RANGE;
  const unsigned int* c = hipc__sobol_scramble_constants();
  if (c == NULL)
    return HIPRAND_STATUS_ALLOCATION_FAILED;
  *constants = c;
  return HIPRAND_STATUS_SUCCESS;
}

hiprandStatus_t hiprandGetScrambleConstants64(
    const unsigned long long** constants) {
  if (constants == NULL)
    return HIPRAND_STATUS_OUT_OF_RANGE;
  const unsigned long long* c = hipc__sobol64_scramble_constants();
  if (c == NULL)
    return HIPRAND_STATUS_ALLOCATION_FAILED;
  *constants = c;
  return HIPRAND_STATUS_SUCCESS;
}
