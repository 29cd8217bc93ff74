/* Poisson CDF tables: hiprandGeneratePoisson inverts them with one uniform
 * per value; hiprandCreatePoissonDistribution puts one in device memory for
 * hiprand_discrete. */
#include <math.h>
#include <stdlib.h>

#include "internal.h"

/* The table spans lambda +- 10 standard deviations (and 20 more above):
 * what lies outside has a probability below 1e-22. */
double* hipc__poisson_cdf(double lambda, unsigned int* size,
                          unsigned int* offset, int* oom) {
  *oom = 0;
  if (!(lambda <= HIPC_POISSON_TABLE_MAX))
    return NULL;
  double sd = sqrt(lambda);
  double lo = floor(lambda - 10 * sd - 10), hi = ceil(lambda + 10 * sd + 20);
  if (lo < 0)
    lo = 0;
  unsigned int n = (unsigned int)(hi - lo) + 1;
  double* cdf = malloc(sizeof(double) * n);
  if (cdf == NULL) {
    *oom = 1;
    return NULL;
  }
  double sum = 0, loglam = log(lambda);
  for (unsigned int i = 0; i < n; i++) {
    double k = lo + i;
    sum += exp(-lambda + k * loglam - lgamma(k + 1));
    cdf[i] = sum;
  }
  for (unsigned int i = 0; i < n; i++)
    cdf[i] /= sum;
  cdf[n - 1] = 1.0;
  *size = n;
  *offset = (unsigned int)lo;
  return cdf;
}

hiprandStatus_t hiprandCreatePoissonDistribution(
    double lambda, hiprandDiscreteDistribution_t* discrete_distribution) {
  if (discrete_distribution == NULL || !(lambda > 0))
    return HIPRAND_STATUS_OUT_OF_RANGE;
  unsigned int size, offset;
  int oom;
  double* cdf = hipc__poisson_cdf(lambda, &size, &offset, &oom);
  if (cdf == NULL)
    return oom ? HIPRAND_STATUS_ALLOCATION_FAILED
               : HIPRAND_STATUS_OUT_OF_RANGE;
  /* The header, then the table, in one device allocation. */
  size_t head = 64, bytes = head + sizeof(double) * size;
  char* dev = NULL;
  if (hipMalloc((void**)&dev, bytes) != hipSuccess) {
    free(cdf);
    return HIPRAND_STATUS_ALLOCATION_FAILED;
  }
  struct hiprandDiscreteDistribution_st h = {size, offset,
                                             (const double*)(dev + head)};
  hiprandStatus_t st = HIPRAND_STATUS_SUCCESS;
  if (hipMemcpy(dev, &h, sizeof h, hipMemcpyHostToDevice) != hipSuccess ||
      hipMemcpy(dev + head, cdf, sizeof(double) * size,
                hipMemcpyHostToDevice) != hipSuccess) {
    (void)hipFree(dev);
    st = HIPRAND_STATUS_INTERNAL_ERROR;
  } else {
    *discrete_distribution = (hiprandDiscreteDistribution_t)dev;
  }
  free(cdf);
  return st;
}

hiprandStatus_t hiprandDestroyDistribution(
    hiprandDiscreteDistribution_t discrete_distribution) {
  if (discrete_distribution == NULL)
    return HIPRAND_STATUS_OUT_OF_RANGE;
  return hipFree(discrete_distribution) == hipSuccess
             ? HIPRAND_STATUS_SUCCESS
             : HIPRAND_STATUS_OUT_OF_RANGE;
}
