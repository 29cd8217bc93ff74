// libhiprand: value i of a job (internal.h) from one 32-bit output x, for
// the engines whose values take one output each (MTGP32, MT19937): the top
// 8 or 16 bits; uniform x / 2^32 + 2^-33 (float, double); normals the
// inverse normal CDF of the uniform double; Poisson by the job's CDF table
// (or, for a huge lambda, the rounded normal approximation).
#ifndef HIPC_HIPRAND_STORE_BITS_H
#define HIPC_HIPRAND_STORE_BITS_H

#include "hiprand/hiprand_kernel.h"
#include "internal.h"

namespace hipc {
namespace rand {

__host__ __device__ inline void store_bits(const hipc_rand_job& j, size_t i,
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

}  // namespace rand
}  // namespace hipc

#endif
