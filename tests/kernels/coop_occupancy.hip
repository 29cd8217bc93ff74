// The occupancy API and kernel attributes: the numbers follow from the
// device's per-multiprocessor limits (recomputed here from
// hipDeviceProp_t), honour __launch_bounds__ and dynamic shared memory, and
// size a cooperative grid that launches (one block more does not).
#include <hip/hip_cooperative_groups.h>

#include <vector>

#include "common.h"

namespace cg = cooperative_groups;

__global__ void plain(int* p) { p[threadIdx.x] = 1; }

__global__ void __launch_bounds__(256) bounded(int* p) {
  cg::this_grid().sync();
  if (blockIdx.x == 0) p[threadIdx.x] = 2;  // one block: no racing writes
}

__global__ void touch(int* p) {
  extern __shared__ int dyn[];
  dyn[threadIdx.x] = static_cast<int>(threadIdx.x);
  cg::this_grid().sync();
  p[blockIdx.x * blockDim.x + threadIdx.x] = dyn[threadIdx.x];
}

// Static shared memory of a known size, and a dynamic array as large as
// the launch gives: both written and read back through other threads.
__global__ void static_shared(int* out) {
  __shared__ int buf[300];
  for (unsigned i = threadIdx.x; i < 300; i += blockDim.x) buf[i] = 7 * i;
  __syncthreads();
  out[threadIdx.x] = buf[299 - threadIdx.x];
}

__global__ void big_shared(int* out, int n) {
  extern __shared__ int dyn[];
  for (int i = threadIdx.x; i < n; i += blockDim.x) dyn[i] = 3 * i + 1;
  __syncthreads();
  long long sum = 0;
  for (int i = threadIdx.x; i < n; i += blockDim.x) sum += dyn[n - 1 - i];
  out[threadIdx.x] = static_cast<int>(sum);
}

static bool on_gpu(const hipDeviceProp_t& p) {
  return std::strncmp(p.gcnArchName, "sm_", 3) == 0;
}

static hipDeviceProp_t props() {
  hipDeviceProp_t p;
  HIP_CHECK(hipGetDeviceProperties(&p, 0));
  return p;
}

// What a multiprocessor of `p` holds of blocks of `bs` threads and `shmem`
// bytes each.
static int expected_per_mp(const hipDeviceProp_t& p, int bs, size_t shmem,
                           int max_block) {
  if (bs <= 0 || bs > max_block || shmem > p.sharedMemPerBlock) return 0;
  int rounded = (bs + p.warpSize - 1) / p.warpSize * p.warpSize;
  int n = p.maxThreadsPerMultiProcessor / rounded;
  if (n > p.maxBlocksPerMultiProcessor) n = p.maxBlocksPerMultiProcessor;
  if (shmem && p.sharedMemPerMultiprocessor / shmem < static_cast<size_t>(n))
    n = static_cast<int>(p.sharedMemPerMultiprocessor / shmem);
  return n;
}

static void test_active_blocks() {
  hipDeviceProp_t p = props();
  const int sizes[] = {1, 32, 33, 64, 100, 256, 512, 1024};
  for (int bs : sizes) {
    int n = -1;
    CHECK_ERR(hipOccupancyMaxActiveBlocksPerMultiprocessor(&n, plain, bs, 0),
              hipSuccess);
    CHECK_EQ(n, expected_per_mp(p, bs, 0, 1024));
    n = -1;
    CHECK_ERR(hipOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(
                  &n, reinterpret_cast<const void*>(bounded), bs, 4096,
                  hipOccupancyDisableCachingOverride),
              hipSuccess);
    CHECK_EQ(n, expected_per_mp(p, bs, 4096, 256));
  }
  int n = -1;
  // Blocks over __launch_bounds__ or too much shared memory: none fit.
  CHECK_ERR(hipOccupancyMaxActiveBlocksPerMultiprocessor(&n, bounded, 512, 0),
            hipSuccess);
  CHECK_EQ(n, 0);
  CHECK_ERR(hipOccupancyMaxActiveBlocksPerMultiprocessor(
                &n, plain, 64, p.sharedMemPerBlock + 1),
            hipSuccess);
  CHECK_EQ(n, 0);
  // Errors.
  CHECK_ERR(hipOccupancyMaxActiveBlocksPerMultiprocessor(nullptr, plain, 64, 0),
            hipErrorInvalidValue);
  CHECK_ERR(hipOccupancyMaxActiveBlocksPerMultiprocessor(&n, plain, 0, 0),
            hipErrorInvalidValue);
  CHECK_ERR(hipOccupancyMaxActiveBlocksPerMultiprocessor(
                &n, static_cast<const void*>(&n), 64, 0),
            hipErrorInvalidDeviceFunction);
  CHECK_ERR(hipOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(&n, plain,
                                                                  64, 0, 7),
            hipErrorInvalidValue);
}

static void test_potential_block_size() {
  hipDeviceProp_t p = props();
  int grid = -1, block = -1;
  CHECK_ERR(hipOccupancyMaxPotentialBlockSize(&grid, &block, plain, 0, 0),
            hipSuccess);
  // The largest block that keeps the most threads in flight.
  int best = 0, best_threads = 0;
  for (int bs = 1024; bs > 0; bs -= p.warpSize) {
    int t = expected_per_mp(p, bs, 0, 1024) * bs;
    if (t > best_threads) best_threads = t, best = bs;
  }
  CHECK_EQ(block, best);
  CHECK_EQ(grid, expected_per_mp(p, best, 0, 1024) * p.multiProcessorCount);
  CHECK_ERR(hipOccupancyMaxPotentialBlockSize(&grid, &block, bounded, 0, 0),
            hipSuccess);
  CHECK_EQ(block, 256);
  CHECK_EQ(grid, expected_per_mp(p, 256, 0, 256) * p.multiProcessorCount);
  // With a limit of 100 the candidates are 100, 64 and 32 (rounded up to
  // whole warps, 100 keeps fewer threads in flight than 64).
  CHECK_ERR(hipOccupancyMaxPotentialBlockSize(&grid, &block, plain, 0, 100),
            hipSuccess);
  best = 0, best_threads = 0;
  for (int bs = 100; bs > 0;
       bs = bs % p.warpSize ? bs / p.warpSize * p.warpSize : bs - p.warpSize) {
    int t = expected_per_mp(p, bs, 0, 1024) * bs;
    if (t > best_threads) best_threads = t, best = bs;
  }
  CHECK_EQ(block, best);
  CHECK(block <= 100);
  CHECK_ERR(hipOccupancyMaxPotentialBlockSizeWithFlags(&grid, &block, plain,
                                                       0, 48, 0),
            hipSuccess);
  CHECK(block == 48 || block == 32);
  // Variable shared memory: 1 KiB per thread limits the block count.
  auto smem = [](int bs) { return static_cast<size_t>(bs) * 1024; };
  CHECK_ERR(hipOccupancyMaxPotentialBlockSizeVariableSMem(&grid, &block,
                                                          touch, smem),
            hipSuccess);
  best = 0, best_threads = 0;
  for (int bs = 1024; bs > 0; bs -= p.warpSize) {
    int t = expected_per_mp(p, bs, smem(bs), 1024) * bs;
    if (t > best_threads) best_threads = t, best = bs;
  }
  CHECK_EQ(block, best);
  int per_mp = 0;
  CHECK_ERR(hipOccupancyMaxActiveBlocksPerMultiprocessor(&per_mp, touch, best,
                                                         smem(best)),
            hipSuccess);
  CHECK_EQ(grid, per_mp * p.multiProcessorCount);
  // The model knows the CPU device's limits; an NVIDIA GPU also keeps 1 KiB
  // of shared memory per block for itself, which only its driver counts.
  if (std::strncmp(p.gcnArchName, "sm_", 3) != 0)
    CHECK_EQ(grid, expected_per_mp(p, best, smem(best), 1024) *
                       p.multiProcessorCount);
  CHECK_ERR(hipOccupancyMaxPotentialBlockSizeVariableSMem(
                &grid, &block, touch, [](int) { return 0; }, 64),
            hipSuccess);
  CHECK_EQ(block, 64);
  // Errors.
  CHECK_ERR(hipOccupancyMaxPotentialBlockSize(nullptr, &block, plain, 0, 0),
            hipErrorInvalidValue);
  CHECK_ERR(hipOccupancyMaxPotentialBlockSize(&grid, nullptr, plain, 0, 0),
            hipErrorInvalidValue);
  CHECK_ERR(hipOccupancyMaxPotentialBlockSize(&grid, &block, plain, 0, -1),
            hipErrorInvalidValue);
  CHECK_ERR(hipOccupancyMaxPotentialBlockSize(
                &grid, &block, static_cast<const void*>(&grid), 0, 0),
            hipErrorInvalidDeviceFunction);
  // A null kernel: the VariableSMem forms check it first (AMD's
  // hipErrorInvalidValue), and leave the outputs alone.
  void (*none)(int*) = nullptr;
  grid = block = -5;
  CHECK_ERR(hipOccupancyMaxPotentialBlockSizeVariableSMemWithFlags(
                &grid, &block, none, [](int) { return 0; }, 0, 0),
            hipErrorInvalidValue);
  CHECK_ERR(hipOccupancyMaxPotentialBlockSizeVariableSMem(
                &grid, &block, none, [](int) { return 0; }),
            hipErrorInvalidValue);
  CHECK_EQ(grid, -5);
  CHECK_EQ(block, -5);
}

// The occupancy numbers size a cooperative grid that launches; one more
// block is refused.
static void test_sizes_a_grid() {
  hipDeviceProp_t p = props();
  const int bs = 128;
  const size_t dyn = bs * sizeof(int);
  int per_mp = 0;
  HIP_CHECK(hipOccupancyMaxActiveBlocksPerMultiprocessor(&per_mp, touch, bs,
                                                         dyn));
  int blocks = per_mp * p.multiProcessorCount;
  int* out;
  HIP_CHECK(hipMalloc(&out, (blocks + 1) * bs * sizeof(int)));
  HIP_CHECK(hipMemset(out, 0xff, (blocks + 1) * bs * sizeof(int)));
  void* args[] = {&out};
  CHECK_ERR(hipLaunchCooperativeKernel(touch, dim3(blocks), dim3(bs), args,
                                       dyn, 0),
            hipSuccess);
  CHECK_ERR(hipLaunchCooperativeKernel(touch, dim3(blocks + 1), dim3(bs),
                                       args, dyn, 0),
            hipErrorCooperativeLaunchTooLarge);
  HIP_CHECK(hipDeviceSynchronize());
  std::vector<int> h((blocks + 1) * bs), want((blocks + 1) * bs);
  HIP_CHECK(hipMemcpy(h.data(), out, h.size() * sizeof(int),
                      hipMemcpyDeviceToHost));
  for (int i = 0; i < (blocks + 1) * bs; ++i)
    want[i] = i < blocks * bs ? i % bs : -1;
  CHECK_ARRAY(h.data(), want.data(), h.size());
  // With __launch_bounds__(256): blocks of 256 fit; 512 is a bad config.
  int n = 0;
  HIP_CHECK(hipOccupancyMaxActiveBlocksPerMultiprocessor(&n, bounded, 256, 0));
  CHECK_ERR(hipLaunchCooperativeKernel(bounded, dim3(n * p.multiProcessorCount),
                                       dim3(256), args, 0, 0),
            hipSuccess);
  CHECK_ERR(hipLaunchCooperativeKernel(bounded, dim3(1), dim3(512), args, 0,
                                       0),
            hipErrorInvalidConfiguration);
  HIP_CHECK(hipDeviceSynchronize());
  std::vector<int> b(256), want_b(256, 2);
  HIP_CHECK(hipMemcpy(b.data(), out, b.size() * sizeof(int),
                      hipMemcpyDeviceToHost));
  CHECK_ARRAY(b.data(), want_b.data(), b.size());
  HIP_CHECK(hipFree(out));
}

static void test_attributes() {
  hipDeviceProp_t p = props();
  hipFuncAttributes a;
  CHECK_ERR(hipFuncGetAttributes(&a, reinterpret_cast<const void*>(plain)),
            hipSuccess);
  CHECK_EQ(a.maxThreadsPerBlock, 1024);
  CHECK_EQ(a.maxDynamicSharedSizeBytes, static_cast<int>(p.sharedMemPerBlock));
  CHECK_EQ(a.sharedSizeBytes, 0u);
  CHECK_EQ(a.binaryVersion, p.major * 10 + p.minor);
  CHECK_EQ(a.preferredShmemCarveout, -1);
  CHECK_ERR(hipFuncGetAttributes(&a, static_shared), hipSuccess);
  if (on_gpu(p)) {
    // The compiled kernel, as the driver reports it.
    CHECK_EQ(a.sharedSizeBytes, 300 * sizeof(int));
    CHECK(a.numRegs > 0 && a.numRegs <= 255);
    CHECK(a.ptxVersion > 0);
    CHECK_EQ(a.localSizeBytes, 0u);
  } else {
#ifdef __HIPC_CLANG_HOST__
    // The kernel compiler's static segment: its variables, 64-byte rounded.
    CHECK_EQ(a.sharedSizeBytes, (300 * sizeof(int) + 63) / 64 * 64);
#else
    // Kernels are host code: nothing counted.
    CHECK_EQ(a.sharedSizeBytes, 0u);
#endif
    CHECK_EQ(a.numRegs, 0);
    CHECK_EQ(a.localSizeBytes, 0u);
    CHECK_EQ(a.constSizeBytes, 0u);
    CHECK_EQ(a.ptxVersion, p.major * 10 + p.minor);
  }
  int* buf;
  HIP_CHECK(hipMalloc(&buf, 256 * sizeof(int)));
  hipLaunchKernelGGL(static_shared, dim3(1), dim3(256), 0, 0, buf);
  HIP_CHECK(hipGetLastError());
  std::vector<int> got(256), want(256);
  HIP_CHECK(hipMemcpy(got.data(), buf, 256 * sizeof(int),
                      hipMemcpyDeviceToHost));
  for (int i = 0; i < 256; ++i) want[i] = 7 * (299 - i);
  CHECK_ARRAY(got.data(), want.data(), 256);
  CHECK_ERR(hipFuncGetAttributes(&a, bounded), hipSuccess);
  CHECK_EQ(a.maxThreadsPerBlock, 256);
  // hipFuncSetAttribute: stored and reported.
  CHECK_ERR(hipFuncSetAttribute(reinterpret_cast<const void*>(bounded),
                                hipFuncAttributeMaxDynamicSharedMemorySize,
                                4096),
            hipSuccess);
  CHECK_ERR(hipFuncSetAttribute(bounded,
                                hipFuncAttributePreferredSharedMemoryCarveout,
                                50),
            hipSuccess);
  CHECK_ERR(hipFuncGetAttributes(&a, bounded), hipSuccess);
  CHECK_EQ(a.maxDynamicSharedSizeBytes, 4096);
  CHECK_EQ(a.preferredShmemCarveout, 50);
  CHECK_ERR(hipFuncSetAttribute(bounded,
                                hipFuncAttributeMaxDynamicSharedMemorySize,
                                static_cast<int>(p.sharedMemPerBlockOptin) + 1),
            hipErrorInvalidValue);
  CHECK_ERR(hipFuncSetAttribute(bounded,
                                hipFuncAttributePreferredSharedMemoryCarveout,
                                101),
            hipErrorInvalidValue);
  CHECK_ERR(hipFuncSetAttribute(bounded, hipFuncAttributeMax, 0),
            hipErrorInvalidValue);
  // Dynamic shared memory beyond sharedMemPerBlock, up to the opt-in
  // limit, once hipFuncSetAttribute allowed it (on the CPU device the two
  // limits are the same).
  CHECK(p.sharedMemPerBlockOptin >= p.sharedMemPerBlock);
  const int n = static_cast<int>(p.sharedMemPerBlockOptin / sizeof(int));
  const size_t bytes = n * sizeof(int);
  if (bytes > p.sharedMemPerBlock) {
    hipLaunchKernelGGL(big_shared, dim3(1), dim3(256), bytes, 0, buf, n);
    CHECK_ERR(hipGetLastError(), hipErrorInvalidValue);
  }
  CHECK_ERR(hipFuncSetAttribute(reinterpret_cast<const void*>(big_shared),
                                hipFuncAttributeMaxDynamicSharedMemorySize,
                                static_cast<int>(bytes)),
            hipSuccess);
  hipLaunchKernelGGL(big_shared, dim3(1), dim3(256), bytes, 0, buf, n);
  CHECK_ERR(hipGetLastError(), hipSuccess);
  HIP_CHECK(hipMemcpy(got.data(), buf, 256 * sizeof(int),
                      hipMemcpyDeviceToHost));
  for (int t = 0; t < 256; ++t) {
    long long sum = 0;
    for (int i = t; i < n; i += 256) sum += 3 * (n - 1 - i) + 1;
    want[t] = static_cast<int>(sum);
  }
  CHECK_ARRAY(got.data(), want.data(), 256);
  hipLaunchKernelGGL(big_shared, dim3(1), dim3(256), bytes + sizeof(int), 0,
                     buf, n);
  CHECK_ERR(hipGetLastError(), hipErrorInvalidValue);
  HIP_CHECK(hipFree(buf));
  // Cache and bank configuration: accepted, checked.
  CHECK_ERR(hipFuncSetCacheConfig(plain, hipFuncCachePreferShared),
            hipSuccess);
  CHECK_ERR(hipFuncSetCacheConfig(plain, static_cast<hipFuncCache_t>(9)),
            hipErrorInvalidValue);
  CHECK_ERR(hipFuncSetSharedMemConfig(plain, hipSharedMemBankSizeEightByte),
            hipSuccess);
  CHECK_ERR(hipFuncSetSharedMemConfig(plain,
                                      static_cast<hipSharedMemConfig>(3)),
            hipErrorInvalidValue);
  // Unknown functions and null pointers.
  int x = 0;
  const void* bad = &x;
  CHECK_ERR(hipFuncGetAttributes(&a, bad), hipErrorInvalidDeviceFunction);
  CHECK_ERR(hipFuncGetAttributes(nullptr, reinterpret_cast<const void*>(plain)),
            hipErrorInvalidValue);
  CHECK_ERR(hipFuncSetAttribute(bad, hipFuncAttributeMaxDynamicSharedMemorySize,
                                0),
            hipErrorInvalidDeviceFunction);
  CHECK_ERR(hipFuncSetCacheConfig(bad, hipFuncCachePreferNone),
            hipErrorInvalidDeviceFunction);
  CHECK_ERR(hipFuncSetSharedMemConfig(bad, hipSharedMemBankSizeDefault),
            hipErrorInvalidDeviceFunction);
  CHECK_ERR(hipGetLastError(), hipErrorInvalidDeviceFunction);
  // The per-multiprocessor limits agree between attributes and properties.
  int v = 0;
  HIP_CHECK(hipDeviceGetAttribute(&v, hipDeviceAttributeMaxBlocksPerMultiProcessor, 0));
  CHECK_EQ(v, p.maxBlocksPerMultiProcessor);
  CHECK(p.maxBlocksPerMultiProcessor > 1);
}

int main() {
  test_active_blocks();
  test_potential_block_size();
  test_sizes_a_grid();
  test_attributes();
  return test_summary("coop_occupancy");
}
