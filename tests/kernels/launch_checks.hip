// Launch configuration checks: a launch that the device cannot run does
// not run (a flag the kernel would set stays clear) and hipGetLastError
// reports why: hipErrorInvalidConfiguration for sizes and
// __launch_bounds__, hipErrorInvalidValue for too much dynamic shared
// memory. With HIP 6.2's rule the next API call overwrites the error, so
// hipGetLastError is read right after each launch.
#include "common.h"

__global__ void k_flag(int* flag) { atomicAdd(flag, 1); }

__global__ void __launch_bounds__(128) k_bounded(int* flag) {
  atomicAdd(flag, 1);
}

static int* g_flag;

static int read_flag() {
  int v = -1;
  HIP_CHECK(hipDeviceSynchronize());
  HIP_CHECK(hipMemcpy(&v, g_flag, sizeof v, hipMemcpyDeviceToHost));
  HIP_CHECK(hipMemset(g_flag, 0, sizeof(int)));
  return v;
}

// Launches k_flag with (g, b, shmem); returns hipGetLastError right after.
static hipError_t launch(dim3 g, dim3 b, size_t shmem = 0) {
  k_flag<<<g, b, shmem>>>(g_flag);
  return hipGetLastError();
}

static void test_too_many_threads_per_block() {
  CHECK_ERR(launch(dim3(1), dim3(1025)), hipErrorInvalidConfiguration);
  CHECK_EQ(read_flag(), 0);
  CHECK_ERR(launch(dim3(2), dim3(32, 33)), hipErrorInvalidConfiguration);
  CHECK_EQ(read_flag(), 0);
  CHECK_ERR(launch(dim3(1), dim3(16, 8, 9)), hipErrorInvalidConfiguration);
  CHECK_EQ(read_flag(), 0);
}

static void test_block_dimension_too_large() {
  CHECK_ERR(launch(dim3(1), dim3(2048)), hipErrorInvalidConfiguration);
  CHECK_EQ(read_flag(), 0);
  CHECK_ERR(launch(dim3(1), dim3(1, 1025)), hipErrorInvalidConfiguration);
  CHECK_EQ(read_flag(), 0);
  CHECK_ERR(launch(dim3(1), dim3(1, 1, 1025)), hipErrorInvalidConfiguration);
  CHECK_EQ(read_flag(), 0);
}

static void test_zero_dimension() {
  const dim3 bad_grids[] = {dim3(0), dim3(1, 0), dim3(2, 2, 0)};
  for (dim3 g : bad_grids) {
    CHECK_ERR(launch(g, dim3(32)), hipErrorInvalidConfiguration);
    CHECK_EQ(read_flag(), 0);
  }
  const dim3 bad_blocks[] = {dim3(0), dim3(4, 0), dim3(4, 4, 0)};
  for (dim3 b : bad_blocks) {
    CHECK_ERR(launch(dim3(3), b), hipErrorInvalidConfiguration);
    CHECK_EQ(read_flag(), 0);
  }
}

static void test_grid_too_large() {
  int max_y = 0;
  HIP_CHECK(hipDeviceGetAttribute(&max_y, hipDeviceAttributeMaxGridDimY, 0));
  CHECK_ERR(launch(dim3(1, unsigned(max_y) + 1), dim3(1)),
            hipErrorInvalidConfiguration);
  CHECK_EQ(read_flag(), 0);
}

// The device's own limits (1024 threads in z on the CPU device, 64 on
// NVIDIA GPUs).
static void test_largest_blocks_run() {
  int max_z = 0;
  HIP_CHECK(hipDeviceGetAttribute(&max_z, hipDeviceAttributeMaxBlockDimZ, 0));
  const dim3 blocks[] = {dim3(1024), dim3(32, 32), dim3(8, 8, 16),
                         dim3(1, 1024), dim3(1, 1, unsigned(max_z))};
  for (dim3 b : blocks) {
    CHECK_ERR(launch(dim3(2), b), hipSuccess);
    CHECK_EQ(read_flag(), 2 * int(b.x * b.y * b.z));
  }
  CHECK_ERR(launch(dim3(1), dim3(1, 1, unsigned(max_z) + 1)),
            hipErrorInvalidConfiguration);
  CHECK_EQ(read_flag(), 0);
}

static void test_too_much_dynamic_shared_memory() {
  int max_shared = 0;
  HIP_CHECK(hipDeviceGetAttribute(
      &max_shared, hipDeviceAttributeMaxSharedMemoryPerBlock, 0));
  CHECK(max_shared > 0);
  CHECK_ERR(launch(dim3(1), dim3(8), size_t(max_shared) + 1),
            hipErrorInvalidValue);
  CHECK_EQ(read_flag(), 0);
  CHECK_ERR(launch(dim3(1), dim3(8), size_t(1) << 40), hipErrorInvalidValue);
  CHECK_EQ(read_flag(), 0);
  // The limit itself is fine.
  CHECK_ERR(launch(dim3(1), dim3(8), size_t(max_shared)), hipSuccess);
  CHECK_EQ(read_flag(), 8);
}

static void test_launch_bounds() {
  k_bounded<<<1, 256>>>(g_flag);
  CHECK_ERR(hipGetLastError(), hipErrorInvalidConfiguration);
  CHECK_EQ(read_flag(), 0);
  k_bounded<<<1, dim3(64, 3)>>>(g_flag);
  CHECK_ERR(hipGetLastError(), hipErrorInvalidConfiguration);
  CHECK_EQ(read_flag(), 0);
  k_bounded<<<3, 128>>>(g_flag);
  CHECK_ERR(hipGetLastError(), hipSuccess);
  CHECK_EQ(read_flag(), 3 * 128);
  k_bounded<<<1, dim3(4, 4, 8)>>>(g_flag);
  CHECK_ERR(hipGetLastError(), hipSuccess);
  CHECK_EQ(read_flag(), 128);
}

// hipLaunchKernel returns the same errors directly.
static void test_hip_launch_kernel_returns_errors() {
  void* args[] = {&g_flag};
  const void* f = reinterpret_cast<const void*>(k_flag);
  CHECK_ERR(hipLaunchKernel(f, dim3(1), dim3(1025), args, 0, 0),
            hipErrorInvalidConfiguration);
  CHECK_ERR(hipLaunchKernel(f, dim3(0), dim3(1), args, 0, 0),
            hipErrorInvalidConfiguration);
  CHECK_ERR(hipLaunchKernel(f, dim3(1), dim3(1), args, size_t(1) << 30, 0),
            hipErrorInvalidValue);
  CHECK_ERR(hipLaunchKernel(reinterpret_cast<const void*>(k_bounded), dim3(1),
                            dim3(129), args, 0, 0),
            hipErrorInvalidConfiguration);
  CHECK_EQ(read_flag(), 0);
}

// A launch on a destroyed stream fails and does not run.
static void test_destroyed_stream() {
  hipStream_t s;
  HIP_CHECK(hipStreamCreate(&s));
  HIP_CHECK(hipStreamDestroy(s));
  k_flag<<<1, 4, 0, s>>>(g_flag);
  CHECK_ERR(hipGetLastError(), hipErrorContextIsDestroyed);
  CHECK_EQ(read_flag(), 0);
}

// After failed launches, a good one still runs.
static void test_good_launch_after_failures() {
  CHECK_ERR(launch(dim3(1), dim3(4096)), hipErrorInvalidConfiguration);
  CHECK_ERR(launch(dim3(5), dim3(7)), hipSuccess);
  CHECK_EQ(read_flag(), 35);
}

int main() {
  HIP_CHECK(hipMalloc(&g_flag, sizeof(int)));
  HIP_CHECK(hipMemset(g_flag, 0, sizeof(int)));
  test_too_many_threads_per_block();
  test_block_dimension_too_large();
  test_zero_dimension();
  test_grid_too_large();
  test_largest_blocks_run();
  test_too_much_dynamic_shared_memory();
  test_launch_bounds();
  test_hip_launch_kernel_returns_errors();
  test_destroyed_stream();
  test_good_launch_after_failures();
  HIP_CHECK(hipFree(g_flag));
  return test_summary("launch_checks");
}
