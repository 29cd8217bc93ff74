/* hipRAND's host API (AMD's hipRAND names, values and signatures), in
 * libhiprand (link with -lhiprand). C and C++. See README.md, "hipRAND".
 *
 * A generator made by hiprandCreateGenerator writes device memory from
 * kernels on its stream (asynchronously, in stream order, on the CPU device
 * or a GPU); one made by hiprandCreateGeneratorHost writes host memory on
 * the calling thread. */
#ifndef HIPRAND_H_
#define HIPRAND_H_

#include <stddef.h>

#include <hip/hip_runtime_api.h>

#include "hiprand/hiprand_version.h"

#ifdef __cplusplus
extern "C" {
#endif

#if defined(_WIN32)
#define HIPRAND_EXPORT
#else
#define HIPRAND_EXPORT __attribute__((visibility("default")))
#endif

typedef enum hiprandStatus {
  HIPRAND_STATUS_SUCCESS = 0,
  HIPRAND_STATUS_VERSION_MISMATCH = 100,
  HIPRAND_STATUS_NOT_INITIALIZED = 101,
  HIPRAND_STATUS_ALLOCATION_FAILED = 102,
  HIPRAND_STATUS_TYPE_ERROR = 103,
  HIPRAND_STATUS_OUT_OF_RANGE = 104,
  HIPRAND_STATUS_LENGTH_NOT_MULTIPLE = 105,
  HIPRAND_STATUS_DOUBLE_PRECISION_REQUIRED = 106,
  HIPRAND_STATUS_LAUNCH_FAILURE = 201,
  HIPRAND_STATUS_PREEXISTING_FAILURE = 202,
  HIPRAND_STATUS_INITIALIZATION_FAILED = 203,
  HIPRAND_STATUS_ARCH_MISMATCH = 204,
  HIPRAND_STATUS_INTERNAL_ERROR = 999,
  HIPRAND_STATUS_NOT_IMPLEMENTED = 1000
} hiprandStatus_t;

typedef enum hiprandRngType {
  HIPRAND_RNG_TEST = 0,
  HIPRAND_RNG_PSEUDO_DEFAULT = 400,
  HIPRAND_RNG_PSEUDO_XORWOW = 401,
  HIPRAND_RNG_PSEUDO_MRG32K3A = 402,
  HIPRAND_RNG_PSEUDO_MTGP32 = 403,
  HIPRAND_RNG_PSEUDO_MT19937 = 404,
  HIPRAND_RNG_PSEUDO_PHILOX4_32_10 = 405,
  HIPRAND_RNG_QUASI_DEFAULT = 500,
  HIPRAND_RNG_QUASI_SOBOL32 = 501,
  HIPRAND_RNG_QUASI_SCRAMBLED_SOBOL32 = 502,
  HIPRAND_RNG_QUASI_SOBOL64 = 503,
  HIPRAND_RNG_QUASI_SCRAMBLED_SOBOL64 = 504
} hiprandRngType_t;

typedef enum hiprandOrdering {
  HIPRAND_ORDERING_PSEUDO_BEST = 100,
  HIPRAND_ORDERING_PSEUDO_DEFAULT = 101,
  HIPRAND_ORDERING_PSEUDO_SEEDED = 102,
  HIPRAND_ORDERING_PSEUDO_LEGACY = 103,
  HIPRAND_ORDERING_PSEUDO_DYNAMIC = 104,
  HIPRAND_ORDERING_QUASI_DEFAULT = 201
} hiprandOrdering_t;

typedef enum hiprandDirectionVectorSet {
  HIPRAND_DIRECTION_VECTORS_32_JOEKUO6 = 101,
  HIPRAND_SCRAMBLED_DIRECTION_VECTORS_32_JOEKUO6 = 102,
  HIPRAND_DIRECTION_VECTORS_64_JOEKUO6 = 103,
  HIPRAND_SCRAMBLED_DIRECTION_VECTORS_64_JOEKUO6 = 104
} hiprandDirectionVectorSet_t;

typedef unsigned int hiprandDirectionVectors32_t[32];
typedef unsigned long long hiprandDirectionVectors64_t[64];

typedef struct hiprandGenerator_st* hiprandGenerator_t;

/* A discrete distribution (hiprandCreatePoissonDistribution): value
 * offset + k has probability cdf[k] - cdf[k - 1]. In device memory, for
 * hiprand_discrete in kernels. */
struct hiprandDiscreteDistribution_st {
  unsigned int size;
  unsigned int offset;
  const double* cdf;
};
typedef struct hiprandDiscreteDistribution_st* hiprandDiscreteDistribution_t;

HIPRAND_EXPORT hiprandStatus_t hiprandCreateGenerator(
    hiprandGenerator_t* generator, hiprandRngType_t rng_type);
HIPRAND_EXPORT hiprandStatus_t hiprandCreateGeneratorHost(
    hiprandGenerator_t* generator, hiprandRngType_t rng_type);
HIPRAND_EXPORT hiprandStatus_t hiprandDestroyGenerator(
    hiprandGenerator_t generator);

HIPRAND_EXPORT hiprandStatus_t hiprandGenerate(hiprandGenerator_t generator,
                                               unsigned int* output_data,
                                               size_t n);
HIPRAND_EXPORT hiprandStatus_t hiprandGenerateChar(
    hiprandGenerator_t generator, unsigned char* output_data, size_t n);
HIPRAND_EXPORT hiprandStatus_t hiprandGenerateShort(
    hiprandGenerator_t generator, unsigned short* output_data, size_t n);
HIPRAND_EXPORT hiprandStatus_t hiprandGenerateLongLong(
    hiprandGenerator_t generator, unsigned long long* output_data, size_t n);
HIPRAND_EXPORT hiprandStatus_t hiprandGenerateUniform(
    hiprandGenerator_t generator, float* output_data, size_t n);
HIPRAND_EXPORT hiprandStatus_t hiprandGenerateUniformDouble(
    hiprandGenerator_t generator, double* output_data, size_t n);
HIPRAND_EXPORT hiprandStatus_t hiprandGenerateNormal(
    hiprandGenerator_t generator, float* output_data, size_t n, float mean,
    float stddev);
HIPRAND_EXPORT hiprandStatus_t hiprandGenerateNormalDouble(
    hiprandGenerator_t generator, double* output_data, size_t n, double mean,
    double stddev);
HIPRAND_EXPORT hiprandStatus_t hiprandGenerateLogNormal(
    hiprandGenerator_t generator, float* output_data, size_t n, float mean,
    float stddev);
HIPRAND_EXPORT hiprandStatus_t hiprandGenerateLogNormalDouble(
    hiprandGenerator_t generator, double* output_data, size_t n, double mean,
    double stddev);
HIPRAND_EXPORT hiprandStatus_t hiprandGeneratePoisson(
    hiprandGenerator_t generator, unsigned int* output_data, size_t n,
    double lambda);
HIPRAND_EXPORT hiprandStatus_t hiprandGenerateSeeds(
    hiprandGenerator_t generator);

HIPRAND_EXPORT hiprandStatus_t hiprandSetStream(hiprandGenerator_t generator,
                                                hipStream_t stream);
HIPRAND_EXPORT hiprandStatus_t hiprandSetPseudoRandomGeneratorSeed(
    hiprandGenerator_t generator, unsigned long long seed);
HIPRAND_EXPORT hiprandStatus_t hiprandSetGeneratorOffset(
    hiprandGenerator_t generator, unsigned long long offset);
HIPRAND_EXPORT hiprandStatus_t hiprandSetGeneratorOrdering(
    hiprandGenerator_t generator, hiprandOrdering_t order);
HIPRAND_EXPORT hiprandStatus_t hiprandSetQuasiRandomGeneratorDimensions(
    hiprandGenerator_t generator, unsigned int dimensions);

HIPRAND_EXPORT hiprandStatus_t hiprandGetVersion(int* version);

HIPRAND_EXPORT hiprandStatus_t hiprandCreatePoissonDistribution(
    double lambda, hiprandDiscreteDistribution_t* discrete_distribution);
HIPRAND_EXPORT hiprandStatus_t hiprandDestroyDistribution(
    hiprandDiscreteDistribution_t discrete_distribution);

HIPRAND_EXPORT hiprandStatus_t hiprandGetDirectionVectors32(
    hiprandDirectionVectors32_t** vectors, hiprandDirectionVectorSet_t set);
HIPRAND_EXPORT hiprandStatus_t hiprandGetDirectionVectors64(
    hiprandDirectionVectors64_t** vectors, hiprandDirectionVectorSet_t set);
HIPRAND_EXPORT hiprandStatus_t hiprandGetScrambleConstants32(
    const unsigned int** constants);
HIPRAND_EXPORT hiprandStatus_t hiprandGetScrambleConstants64(
    const unsigned long long** constants);

#ifdef __cplusplus
}
#endif

#endif
