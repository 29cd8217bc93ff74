// Kernels for tests/shell/kc.sh: compiled by clang's CPU device pass,
// lowered by hipc-kc and run by tests/kc/harness.c (one host thread per
// GPU thread). Each kernel exercises one part of kc's lowering.
#include <hip/hip_runtime.h>

struct Mixed {
  char tag;
  double scale;
  int bias[3];
};

__constant__ float c_factor[2] = {2.0f, 0.5f};
__device__ int d_counter = 7;
__attribute__((annotate("hipc.managed"))) __device__ int m_values[4];

// A byval aggregate, __constant__ memory, a __shared__ tree reduction with
// barriers, the launch bounds in the image.
__global__ void __launch_bounds__(64, 3)
k_reduce(Mixed s, const float* in, float* out) {
  __shared__ float part[64];
  __shared__ int also_static;  // a second variable: offsets are laid out
  unsigned t = threadIdx.x;
  if (t == 0) also_static = s.bias[2];
  part[t] = in[blockIdx.x * blockDim.x + t] * c_factor[0];
  __syncthreads();
  for (unsigned w = blockDim.x / 2; w > 0; w /= 2) {
    if (t < w) part[t] += part[t + w];
    __syncthreads();
  }
  s.bias[0] += 1;  // each thread has its own copy of s
  if (t == 0)
    out[blockIdx.x] = (float)(part[0] * s.scale) + s.bias[0] + also_static +
                      s.tag;
}

// Atomics at every scope kc lowers, and the runtime's inc/dec.
__global__ void k_atomics(unsigned* u, int* i, unsigned long long* ull,
                          float* f) {
  unsigned t = threadIdx.x;
  atomicAdd(&u[0], 1u);
  atomicAdd_block(&u[1], 2u);
  atomicAdd_system(&ull[0], 3ull);
  atomicMax_block(&i[0], (int)t);
  atomicMin_system(&i[1], -(int)t);
  atomicOr_block(&u[2], 1u << (t % 32));
  atomicXor_system(&u[3], 1u);
  atomicAnd_block(&u[4], ~(1u << (t % 32)));
  atomicInc(&u[5], 9u);
  atomicDec(&u[6], 100u);
  atomicExch_block(&i[2], 42);
  atomicCAS_system(&i[3], 0, 5);
  atomicAdd_block(f, 0.5f);
  atomicAdd(&d_counter, 1);
}

// __syncthreads_count/and/or, the built-in indices in three dimensions.
__global__ void k_votes(int* out) {
  unsigned lin = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  int c = __syncthreads_count(lin % 3 == 0);
  int a = __syncthreads_and(lin < 1000);
  int o = __syncthreads_or(lin == 5);
  int n = __syncthreads_and(lin != 2);
  out[lin] = c * 1000 + a * 100 + o * 10 + n;
  if (lin == 0)
    out[blockDim.x * blockDim.y * blockDim.z] =
        gridDim.x * 100 + blockIdx.x * 10 + blockDim.z;
}

// Dynamic shared memory, a __managed__ variable and a __device__ one.
__global__ void k_dynamic(float* out, int add) {
  extern __shared__ float dyn[];
  unsigned t = threadIdx.x;
  dyn[t] = (float)t;
  __syncthreads();
  out[t] = dyn[blockDim.x - 1 - t];
  if (t < 4) m_values[t] += add + d_counter;
}

// A template instantiation (linkonce_odr in clang's output) and libm.
template <typename T>
__global__ void k_math(T* x) {
  x[threadIdx.x] = sinf(x[threadIdx.x]) + fabsf(-x[threadIdx.x]);
}
template __global__ void k_math<float>(float*);
