// A code object for tests/shell/module_api.sh: kernels of every kind the
// module API must find (extern "C", mangled, template, namespace, static),
// variables, launch bounds, a cooperative kernel, and big __shared__ arrays.
#include <hip/hip_runtime.h>
#include <hip/hip_cooperative_groups.h>

__device__ int bias = 7;
__constant__ float coeffs[4] = {0.5f, 1.5f, 2.5f, 3.5f};

extern "C" __global__ void scale_add(float* out, const float* in, float a,
                                     int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = a * in[i] + coeffs[i % 4] + bias;
}

// Parameters of every alignment, for the packed `extra` buffer.
__global__ void mixed(char c, double d, short s, long long* out, char c2,
                      long long q) {
  if (threadIdx.x == 0 && blockIdx.x == 0) {
    out[0] = c;
    out[1] = (long long)(d * 4);
    out[2] = s;
    out[3] = c2;
    out[4] = q;
  }
}

template <typename T>
__global__ void fill(T* p, T v, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) p[i] = v + i;
}
template __global__ void fill<int>(int*, int, int);

namespace ns {
__global__ void bump(int* counter) { atomicAdd(counter, 1); }
}  // namespace ns

static __global__ void hidden(int* p) { p[threadIdx.x] = 42 + threadIdx.x; }

__global__ void __launch_bounds__(64) bounded(int* p) {
  p[threadIdx.x] = blockDim.x;
}

// A block sum through a large __shared__ array (the code object's TLS).
__global__ void block_sum(const int* in, int* out) {
  __shared__ int buf[4096];
  int t = threadIdx.x;
  for (int i = t; i < 4096; i += blockDim.x) buf[i] = in[blockIdx.x * 4096 + i];
  __syncthreads();
  for (int s = 2048; s > 0; s >>= 1) {
    for (int i = t; i < s; i += blockDim.x) buf[i] += buf[i + s];
    __syncthreads();
  }
  if (t == 0) out[blockIdx.x] = buf[0];
}

// Every block adds its index, then (after a grid barrier) block 0 reads
// the total.
__global__ void coop_total(int* acc, int* total) {
  namespace cg = cooperative_groups;
  cg::grid_group g = cg::this_grid();
  if (threadIdx.x == 0) atomicAdd(acc, (int)blockIdx.x + 1);
  g.sync();
  if (blockIdx.x == 0 && threadIdx.x == 0) *total = *acc;
}
