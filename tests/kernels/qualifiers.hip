// Function qualifiers and built-ins: __host__ __device__ functions called
// from kernels and from the host, __device__ alone, __forceinline__,
// __noinline__, __restrict__ parameters, __device__ lambdas, templates,
// __launch_bounds__ with one and two values and with a template argument
// (checked at launch), the hipThreadIdx_x ... hipGridDim_z spellings,
// __shared__ at namespace scope and in a __device__ function, and a
// launch from inside a kernel (not part of HIP: hipErrorNotSupported).
#include "common.h"

__host__ __device__ int twice(int x) { return 2 * x; }
__device__ __host__ constexpr int plus_one(int x) { return x + 1; }
__device__ int dev_only(int x) { return x * x; }
__device__ __forceinline__ int forced(int x) { return x - 3; }
__device__ __noinline__ int not_inlined(int x) { return x ^ 0x55; }
__host__ int host_only(int x) { return x + 100; }
static __device__ inline int helper_static(int x) { return x * 7; }

template <typename T>
__host__ __device__ T triple(T x) {
  return 3 * x;
}

__global__ void k_qualifiers(int* __restrict__ out, const int* __restrict__ in) {
  int t = threadIdx.x;
  auto add = [] __device__(int a, int b) { return a + b; };
  int v = in[t];
  out[6 * t + 0] = twice(v);
  out[6 * t + 1] = plus_one(v);
  out[6 * t + 2] = dev_only(v);
  out[6 * t + 3] = add(forced(v), not_inlined(v));
  out[6 * t + 4] = helper_static(triple(v));
  out[6 * t + 5] = static_cast<int>(triple(0.5 * v) * 2);
}

static void test_function_qualifiers() {
  const int n = 40;
  int h[n], *din, *dout;
  for (int i = 0; i < n; i++) h[i] = i * 3 - 20;
  HIP_CHECK(hipMalloc(&din, sizeof h));
  HIP_CHECK(hipMalloc(&dout, 6 * sizeof h));
  HIP_CHECK(hipMemcpy(din, h, sizeof h, hipMemcpyHostToDevice));
  k_qualifiers<<<1, n>>>(dout, din);
  int got[6 * n], want[6 * n];
  HIP_CHECK(hipMemcpy(got, dout, sizeof got, hipMemcpyDeviceToHost));
  for (int i = 0; i < n; i++) {
    int v = h[i];
    want[6 * i + 0] = 2 * v;
    want[6 * i + 1] = v + 1;
    want[6 * i + 2] = v * v;
    want[6 * i + 3] = (v - 3) + (v ^ 0x55);
    want[6 * i + 4] = 21 * v;
    want[6 * i + 5] = 3 * v;
  }
  CHECK_ARRAY(got, want, 6 * n);
  // The __host__ __device__ ones work on the host too.
  CHECK_EQ(twice(21), 42);
  static_assert(plus_one(1) == 2, "constexpr __host__ __device__");
  CHECK_EQ(triple(2.5), 7.5);
  CHECK_EQ(host_only(1), 101);
  HIP_CHECK(hipFree(din));
  HIP_CHECK(hipFree(dout));
}

__global__ void __launch_bounds__(256, 2) k_bounds_two(int* n) {
  atomicAdd(n, 1);
}
template <int N>
__global__ void __launch_bounds__(N) k_bounds_template(int* n) {
  atomicAdd(n, 1);
}

static int launched(int* d) {
  int v = -1;
  HIP_CHECK(hipDeviceSynchronize());
  HIP_CHECK(hipMemcpy(&v, d, sizeof v, hipMemcpyDeviceToHost));
  HIP_CHECK(hipMemset(d, 0, sizeof v));
  return v;
}

static void test_launch_bounds() {
  int* d;
  HIP_CHECK(hipMalloc(&d, sizeof(int)));
  HIP_CHECK(hipMemset(d, 0, sizeof(int)));
  k_bounds_two<<<2, 256>>>(d);
  CHECK_ERR(hipGetLastError(), hipSuccess);
  CHECK_EQ(launched(d), 512);
  k_bounds_two<<<2, 257>>>(d);
  CHECK_ERR(hipGetLastError(), hipErrorInvalidConfiguration);
  CHECK_EQ(launched(d), 0);
  k_bounds_template<64><<<1, 64>>>(d);
  CHECK_ERR(hipGetLastError(), hipSuccess);
  CHECK_EQ(launched(d), 64);
  k_bounds_template<64><<<1, 65>>>(d);
  CHECK_ERR(hipGetLastError(), hipErrorInvalidConfiguration);
  k_bounds_template<512><<<1, 65>>>(d);
  CHECK_ERR(hipGetLastError(), hipSuccess);
  CHECK_EQ(launched(d), 65);
  HIP_CHECK(hipFree(d));
}

__global__ void k_spellings(unsigned* out) {
  unsigned t = hipThreadIdx_x + hipBlockDim_x *
                                    (hipThreadIdx_y + hipBlockDim_y * hipThreadIdx_z);
  unsigned b = hipBlockIdx_x + hipGridDim_x * (hipBlockIdx_y + hipGridDim_y * hipBlockIdx_z);
  unsigned* o = out + 12 * (b * hipBlockDim_x * hipBlockDim_y * hipBlockDim_z + t);
  o[0] = hipThreadIdx_x, o[1] = hipThreadIdx_y, o[2] = hipThreadIdx_z;
  o[3] = hipBlockIdx_x, o[4] = hipBlockIdx_y, o[5] = hipBlockIdx_z;
  o[6] = hipBlockDim_x, o[7] = hipBlockDim_y, o[8] = hipBlockDim_z;
  o[9] = hipGridDim_x, o[10] = hipGridDim_y, o[11] = hipGridDim_z;
}

static void test_index_spellings() {
  dim3 g(2, 3, 2), b(4, 2, 3);
  const int n = 12 * 2 * 3 * 2 * 4 * 2 * 3;
  unsigned* d;
  HIP_CHECK(hipMalloc(&d, n * sizeof(unsigned)));
  k_spellings<<<g, b>>>(d);
  static unsigned got[n], want[n];
  HIP_CHECK(hipMemcpy(got, d, sizeof got, hipMemcpyDeviceToHost));
  for (unsigned bz = 0; bz < g.z; bz++)
    for (unsigned by = 0; by < g.y; by++)
      for (unsigned bx = 0; bx < g.x; bx++)
        for (unsigned tz = 0; tz < b.z; tz++)
          for (unsigned ty = 0; ty < b.y; ty++)
            for (unsigned tx = 0; tx < b.x; tx++) {
              unsigned bl = bx + g.x * (by + g.y * bz);
              unsigned th = tx + b.x * (ty + b.y * tz);
              unsigned* w = want + 12 * (bl * b.x * b.y * b.z + th);
              unsigned v[12] = {tx, ty, tz, bx, by, bz, b.x, b.y, b.z, g.x, g.y, g.z};
              for (int k = 0; k < 12; k++) w[k] = v[k];
            }
  CHECK_ARRAY(got, want, n);
  HIP_CHECK(hipFree(d));
}

// __shared__ at namespace scope and inside a __device__ function: per
// block, like any __shared__ variable.
__shared__ int ns_shared[64];

__device__ int block_sum_via_device_function(int v) {
  __shared__ int total;
  if (threadIdx.x == 0) total = 0;
  __syncthreads();
  atomicAdd(&total, v);
  __syncthreads();
  return total;
}

__global__ void k_shared_scopes(int* out) {
  ns_shared[threadIdx.x] = blockIdx.x * 100 + threadIdx.x;
  __syncthreads();
  int neighbour = ns_shared[(threadIdx.x + 1) % blockDim.x];
  int sum = block_sum_via_device_function(threadIdx.x + blockIdx.x);
  out[blockIdx.x * blockDim.x + threadIdx.x] = neighbour + sum * 1000;
}

static void test_shared_scopes() {
  const int B = 6, T = 64;
  int* d;
  HIP_CHECK(hipMalloc(&d, B * T * sizeof(int)));
  k_shared_scopes<<<B, T>>>(d);
  int got[B * T], want[B * T];
  HIP_CHECK(hipMemcpy(got, d, sizeof got, hipMemcpyDeviceToHost));
  for (int b = 0; b < B; b++)
    for (int t = 0; t < T; t++)
      want[b * T + t] = b * 100 + (t + 1) % T + (T * (T - 1) / 2 + b * T) * 1000;
  CHECK_ARRAY(got, want, B * T);
  HIP_CHECK(hipFree(d));
}

__global__ void k_child(int* p) { *p = 1; }
// What the CPU device does with a launch from device code. A GPU build
// cannot express it (clang rejects a kernel's address in device code without
// dynamic parallelism), so there the kernel writes NOT_ON_GPU and the test
// is skipped.
const int NOT_ON_GPU = -2;
__global__ void k_parent(int* p, int* err) {
#ifndef __NVPTX__
  void* args[] = {&p};
  *err = hipLaunchKernel(reinterpret_cast<const void*>(k_child), dim3(1),
                         dim3(1), args, 0, 0);
#else
  (void)p;
  *err = NOT_ON_GPU;
#endif
}

static void test_launch_from_kernel_refused() {
  int *p, *err;
  HIP_CHECK(hipMalloc(&p, sizeof(int)));
  HIP_CHECK(hipMalloc(&err, sizeof(int)));
  HIP_CHECK(hipMemset(p, 0, sizeof(int)));
  k_parent<<<1, 1>>>(p, err);
  int hp = -1, he = -1;
  HIP_CHECK(hipMemcpy(&he, err, sizeof he, hipMemcpyDeviceToHost));
  HIP_CHECK(hipMemcpy(&hp, p, sizeof hp, hipMemcpyDeviceToHost));
  if (he == NOT_ON_GPU) {  // only the GPU image writes it
    printf("qualifiers: launch from a kernel: skipped on a GPU\n");
    he = static_cast<int>(hipErrorNotSupported);
  }
  CHECK_EQ(he, static_cast<int>(hipErrorNotSupported));
  CHECK_EQ(hp, 0);
  HIP_CHECK(hipFree(p));
  HIP_CHECK(hipFree(err));
}

int main() {
  test_function_qualifiers();
  test_launch_bounds();
  test_index_spellings();
  test_shared_scopes();
  test_launch_from_kernel_refused();
  return test_summary("qualifiers");
}
