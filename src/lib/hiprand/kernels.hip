// libhiprand's generation kernels: one thread makes `per_thread`
// consecutive values of a job (internal.h) with the device API's engines
// and conversions (hiprand/hipc/*.h), jumping its engine to its first value.
// The same code runs on the host for host generators.
#include <hip/hip_runtime.h>

#include "hiprand/hiprand_kernel.h"
#include "internal.h"

namespace {

using namespace hipc::rand;

__host__ __device__ inline unsigned int poisson_value(
    const hipc_rand_job& j, double u) {
  if (j.cdf != nullptr)
    return j.cdf_offset + cdf_search(j.cdf, j.cdf_size, u);
  double k = floor(j.lambda + sqrt(j.lambda) * inv_normal(u) + 0.5);
  return k < 0 ? 0u : k > 4294967295.0 ? 0xffffffffu
                                        : static_cast<unsigned int>(k);
}

// Values [i0, i1) of a pseudo-random job from engine state `s`, which is at
// value i0. Pairs (normals) start at even i0.
template <class State>
__host__ __device__ void pseudo_values(const hipc_rand_job& j, State* s,
                                       size_t i0, size_t i1) {
  switch (j.dist) {
  case HIPC_RAND_U32: {
    unsigned int* o = static_cast<unsigned int*>(j.out);
    for (size_t i = i0; i < i1; i++)
      o[i] = hiprand(s);
    break;
  }
  case HIPC_RAND_U8: {
    unsigned char* o = static_cast<unsigned char*>(j.out);
    for (size_t i = i0; i < i1; i++)
      o[i] = static_cast<unsigned char>(hiprand(s) >> 24);
    break;
  }
  case HIPC_RAND_U16: {
    unsigned short* o = static_cast<unsigned short*>(j.out);
    for (size_t i = i0; i < i1; i++)
      o[i] = static_cast<unsigned short>(hiprand(s) >> 16);
    break;
  }
  case HIPC_RAND_UNIFORM: {
    float* o = static_cast<float*>(j.out);
    for (size_t i = i0; i < i1; i++)
      o[i] = u01f(s);
    break;
  }
  case HIPC_RAND_UNIFORM_DOUBLE: {
    double* o = static_cast<double*>(j.out);
    for (size_t i = i0; i < i1; i++)
      o[i] = u01d(s);
    break;
  }
  case HIPC_RAND_NORMAL:
  case HIPC_RAND_LOG_NORMAL: {
    float* o = static_cast<float*>(j.out);
    float m = static_cast<float>(j.mean), d = static_cast<float>(j.stddev);
    bool log_normal = j.dist == HIPC_RAND_LOG_NORMAL;
    for (size_t i = i0; i < i1; i += 2) {
      float2 v = normal2(s);
      float a = m + d * v.x, b = m + d * v.y;
      o[i] = log_normal ? expf(a) : a;
      if (i + 1 < i1)
        o[i + 1] = log_normal ? expf(b) : b;
    }
    break;
  }
  case HIPC_RAND_NORMAL_DOUBLE:
  case HIPC_RAND_LOG_NORMAL_DOUBLE: {
    double* o = static_cast<double*>(j.out);
    bool log_normal = j.dist == HIPC_RAND_LOG_NORMAL_DOUBLE;
    for (size_t i = i0; i < i1; i += 2) {
      double2 v = normal2_double(s);
      double a = j.mean + j.stddev * v.x, b = j.mean + j.stddev * v.y;
      o[i] = log_normal ? exp(a) : a;
      if (i + 1 < i1)
        o[i + 1] = log_normal ? exp(b) : b;
    }
    break;
  }
  case HIPC_RAND_POISSON: {
    unsigned int* o = static_cast<unsigned int*>(j.out);
    for (size_t i = i0; i < i1; i++)
      o[i] = poisson_value(j, u01_1(s));
    break;
  }
  }
}

// Points [p0, p1) of Sobol32 dimension d.
__host__ __device__ void sobol_values(const hipc_rand_job& j, unsigned int d,
                                      size_t p0, size_t p1) {
  hiprandStateSobol32_t s;
  hiprand_init(j.vectors + 32 * d,
               static_cast<unsigned int>(j.start + p0), &s);
  size_t base = d * j.points;
  unsigned int c = j.constants != nullptr ? j.constants[d] : 0u;
  for (size_t p = p0; p < p1; p++) {
    unsigned int x = sobol_next(&s) ^ c;
    size_t i = base + p;
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
                static_cast<float>(j.stddev) * static_cast<float>(inv_normal(uniform_f(x)));
      static_cast<float*>(j.out)[i] =
          j.dist == HIPC_RAND_LOG_NORMAL ? expf(v) : v;
      break;
    }
    case HIPC_RAND_NORMAL_DOUBLE:
    case HIPC_RAND_LOG_NORMAL_DOUBLE: {
      double v = j.mean + j.stddev * inv_normal(uniform_d1(x));
      static_cast<double*>(j.out)[i] =
          j.dist == HIPC_RAND_LOG_NORMAL_DOUBLE ? exp(v) : v;
      break;
    }
    case HIPC_RAND_POISSON:
      static_cast<unsigned int*>(j.out)[i] = poisson_value(j, uniform_d1(x));
      break;
    }
  }
}

// Points [p0, p1) of Sobol64 dimension d (HIPC_RAND_U64 or the floating
// point conversions of hiprand/hipc/sobol64.h).
__host__ __device__ void sobol64_values(const hipc_rand_job& j, unsigned int d,
                                        size_t p0, size_t p1) {
  hiprandStateSobol64_t s;
  hiprand_init(j.vectors64 + 64 * d, j.start + p0, &s);
  size_t base = d * j.points;
  unsigned long long c = j.constants64 != nullptr ? j.constants64[d] : 0ull;
  for (size_t p = p0; p < p1; p++) {
    unsigned long long x = sobol64_next(&s) ^ c;
    size_t i = base + p;
    switch (j.dist) {
    case HIPC_RAND_U64:
      static_cast<unsigned long long*>(j.out)[i] = x;
      break;
    case HIPC_RAND_UNIFORM:
      static_cast<float*>(j.out)[i] = uniform64_f(x);
      break;
    case HIPC_RAND_UNIFORM_DOUBLE:
      static_cast<double*>(j.out)[i] = uniform64_d(x);
      break;
    case HIPC_RAND_NORMAL:
    case HIPC_RAND_LOG_NORMAL: {
      float v = static_cast<float>(j.mean) +
                static_cast<float>(j.stddev) *
                    static_cast<float>(inv_normal(uniform64_d(x)));
      static_cast<float*>(j.out)[i] =
          j.dist == HIPC_RAND_LOG_NORMAL ? expf(v) : v;
      break;
    }
    case HIPC_RAND_NORMAL_DOUBLE:
    case HIPC_RAND_LOG_NORMAL_DOUBLE: {
      double v = j.mean + j.stddev * inv_normal(uniform64_d(x));
      static_cast<double*>(j.out)[i] =
          j.dist == HIPC_RAND_LOG_NORMAL_DOUBLE ? exp(v) : v;
      break;
    }
    case HIPC_RAND_POISSON:
      static_cast<unsigned int*>(j.out)[i] = poisson_value(j, uniform64_d(x));
      break;
    }
  }
}

// Worker t of job j.
__host__ __device__ void run_thread(const hipc_rand_job& j, size_t t) {
  if (t >= j.threads)
    return;
  if (HIPC_RAND_QUASI(j.engine)) {
    size_t per_dim = (j.points + j.per_thread - 1) / j.per_thread;
    unsigned int d = static_cast<unsigned int>(t / per_dim);
    size_t p0 = (t % per_dim) * j.per_thread;
    size_t p1 = p0 + j.per_thread < j.points ? p0 + j.per_thread : j.points;
    if (HIPC_RAND_SOBOL64_ENGINE(j.engine))
      sobol64_values(j, d, p0, p1);
    else
      sobol_values(j, d, p0, p1);
    return;
  }
  size_t i0 = t * j.per_thread;
  if (i0 >= j.n)
    return;
  size_t i1 = i0 + j.per_thread < j.n ? i0 + j.per_thread : j.n;
  unsigned long long pos =
      j.start + i0 * j.outputs_per_value;
  switch (j.engine) {
  case HIPC_RAND_XORWOW: {
    hiprandStateXORWOW_t s;
    hiprand_init(j.seed, 0, pos, &s);
    pseudo_values(j, &s, i0, i1);
    break;
  }
  case HIPC_RAND_PHILOX: {
    hiprandStatePhilox4_32_10_t s;
    hiprand_init(j.seed, 0, pos, &s);
    pseudo_values(j, &s, i0, i1);
    break;
  }
  case HIPC_RAND_MRG: {
    hiprandStateMRG32k3a_t s;
    hiprand_init(j.seed, 0, pos, &s);
    pseudo_values(j, &s, i0, i1);
    break;
  }
  }
}

__global__ void generate(hipc_rand_job j) {
  run_thread(j, static_cast<size_t>(blockIdx.x) * blockDim.x + threadIdx.x);
}

constexpr unsigned int kBlock = 256;

}  // namespace

extern "C" hipError_t hipc__rand_launch(const hipc_rand_job* job,
                                        hipStream_t stream) {
  hipc_rand_job j = *job;
  size_t blocks = (j.threads + kBlock - 1) / kBlock;
  void* args[] = {&j};
  return hipLaunchKernel(reinterpret_cast<const void*>(&generate),
                         dim3(static_cast<unsigned int>(blocks)),
                         dim3(kBlock), args, 0, stream);
}

extern "C" void hipc__rand_run_host(const hipc_rand_job* job) {
  for (size_t t = 0; t < job->threads; t++)
    run_thread(*job, t);
}
