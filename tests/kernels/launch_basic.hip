// Launch syntax: <<<g, b>>>, <<<g, b, shmem>>>, <<<g, b, shmem, stream>>>,
// dim3 grids and blocks in 1, 2 and 3 dimensions, a launch inside a macro,
// hipLaunchKernelGGL, and a kernel without arguments. Every thread records
// its indices; the host checks each record against values it computes.
#include <vector>

#include "common.h"

struct ids {
  unsigned tid[3], bid[3], bdim[3], gdim[3];
  unsigned long long linear;  // what the kernel computes as its global id
};

__global__ void k_ids(ids* out) {
  unsigned long long block =
      (static_cast<unsigned long long>(blockIdx.z) * gridDim.y + blockIdx.y) *
          gridDim.x + blockIdx.x;
  unsigned long long in_block =
      (static_cast<unsigned long long>(threadIdx.z) * blockDim.y +
       threadIdx.y) * blockDim.x + threadIdx.x;
  unsigned long long g =
      block * (blockDim.x * blockDim.y * blockDim.z) + in_block;
  ids& r = out[g];
  r.tid[0] = threadIdx.x; r.tid[1] = threadIdx.y; r.tid[2] = threadIdx.z;
  r.bid[0] = blockIdx.x; r.bid[1] = blockIdx.y; r.bid[2] = blockIdx.z;
  r.bdim[0] = blockDim.x; r.bdim[1] = blockDim.y; r.bdim[2] = blockDim.z;
  r.gdim[0] = gridDim.x; r.gdim[1] = gridDim.y; r.gdim[2] = gridDim.z;
  r.linear = g;
}

// The host's view: record i belongs to the thread whose linear block and
// thread numbers are i / threads_per_block and i % threads_per_block.
static void verify_ids(const std::vector<ids>& got, dim3 g, dim3 b,
                       const char* what) {
  size_t tpb = size_t(b.x) * b.y * b.z;
  size_t bad = 0;
  for (size_t i = 0; i < got.size(); i++) {
    size_t blk = i / tpb, t = i % tpb;
    unsigned want_tid[3] = {unsigned(t % b.x), unsigned(t / b.x % b.y),
                            unsigned(t / (size_t(b.x) * b.y))};
    unsigned want_bid[3] = {unsigned(blk % g.x), unsigned(blk / g.x % g.y),
                            unsigned(blk / (size_t(g.x) * g.y))};
    const ids& r = got[i];
    bool ok = r.linear == i;
    for (int d = 0; d < 3; d++) {
      ok = ok && r.tid[d] == want_tid[d] && r.bid[d] == want_bid[d];
    }
    ok = ok && r.bdim[0] == b.x && r.bdim[1] == b.y && r.bdim[2] == b.z;
    ok = ok && r.gdim[0] == g.x && r.gdim[1] == g.y && r.gdim[2] == g.z;
    if (!ok && bad++ < 5)
      std::fprintf(stderr,
                   "%s: record %zu: got tid (%u,%u,%u) bid (%u,%u,%u) "
                   "bdim (%u,%u,%u) gdim (%u,%u,%u) linear %llu; expected "
                   "tid (%u,%u,%u) bid (%u,%u,%u) bdim (%u,%u,%u) "
                   "gdim (%u,%u,%u) linear %zu\n",
                   what, i, r.tid[0], r.tid[1], r.tid[2], r.bid[0], r.bid[1],
                   r.bid[2], r.bdim[0], r.bdim[1], r.bdim[2], r.gdim[0],
                   r.gdim[1], r.gdim[2], r.linear, want_tid[0], want_tid[1],
                   want_tid[2], want_bid[0], want_bid[1], want_bid[2], b.x,
                   b.y, b.z, g.x, g.y, g.z, i);
  }
  if (bad) std::fprintf(stderr, "%s: %zu bad records\n", what, bad);
  CHECK_EQ(bad, 0u);
}

// Runs k_ids over (g, b) with the launch form `form` (0: <<<g, b>>>,
// 1: <<<g, b, shmem>>>, 2: <<<g, b, shmem, stream>>>) and checks it.
static void run_ids(dim3 g, dim3 b, int form, const char* what) {
  size_t n = size_t(g.x) * g.y * g.z * b.x * b.y * b.z;
  ids* d = nullptr;
  HIP_CHECK(hipMalloc(&d, n * sizeof(ids)));
  HIP_CHECK(hipMemset(d, 0xFF, n * sizeof(ids)));
  hipStream_t s = nullptr;
  if (form == 0) {
    k_ids<<<g, b>>>(d);
  } else if (form == 1) {
    k_ids<<<g, b, 256>>>(d);
  } else {
    HIP_CHECK(hipStreamCreate(&s));
    k_ids<<<g, b, 128, s>>>(d);
  }
  CHECK_ERR(hipGetLastError(), hipSuccess);
  if (s) {
    HIP_CHECK(hipStreamSynchronize(s));
    HIP_CHECK(hipStreamDestroy(s));
  }
  HIP_CHECK(hipDeviceSynchronize());
  std::vector<ids> h(n);
  HIP_CHECK(hipMemcpy(h.data(), d, n * sizeof(ids), hipMemcpyDeviceToHost));
  verify_ids(h, g, b, what);
  HIP_CHECK(hipFree(d));
}

static void test_1d_plain_ints() { run_ids(dim3(5), dim3(37), 0, "1d ints"); }

static void test_1d_int_arguments() {
  // Plain integers in the configuration convert to dim3.
  int blocks = 3, threads = 50;
  size_t n = size_t(blocks) * threads;
  ids* d = nullptr;
  HIP_CHECK(hipMalloc(&d, n * sizeof(ids)));
  k_ids<<<blocks, threads>>>(d);
  HIP_CHECK(hipDeviceSynchronize());
  std::vector<ids> h(n);
  HIP_CHECK(hipMemcpy(h.data(), d, n * sizeof(ids), hipMemcpyDeviceToHost));
  verify_ids(h, dim3(3), dim3(50), "1d int variables");
  HIP_CHECK(hipFree(d));
}

static void test_2d() { run_ids(dim3(3, 2), dim3(8, 4), 0, "2d"); }
static void test_3d() { run_ids(dim3(2, 3, 2), dim3(4, 2, 3), 0, "3d"); }
static void test_3d_uneven() {
  run_ids(dim3(3, 1, 4), dim3(5, 7, 3), 0, "3d uneven");
}
// Enough blocks that a worker claims several at a time (device.c carries
// blockIdx from block to block within a claim): runs cross x and y rows.
static void test_3d_many_blocks() {
  run_ids(dim3(7, 5, 40), dim3(4, 1, 1), 0, "3d, 1400 blocks");
}
static void test_with_shmem() {
  run_ids(dim3(4, 2), dim3(16, 2), 1, "<<<g, b, shmem>>>");
}
static void test_with_stream() {
  run_ids(dim3(2, 2, 2), dim3(8, 2, 2), 2, "<<<g, b, shmem, stream>>>");
}
static void test_many_blocks() {
  run_ids(dim3(3000), dim3(3), 0, "3000 blocks");
}

// A launch written inside a macro.
#define LAUNCH_1D(kernel, blocks, threads, ...) \
  kernel<<<(blocks), (threads)>>>(__VA_ARGS__)

__global__ void k_store(int* out, int base) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = base + i * i;
}

static void test_launch_in_macro() {
  const int n = 4 * 24;
  int* d = nullptr;
  HIP_CHECK(hipMalloc(&d, n * sizeof(int)));
  LAUNCH_1D(k_store, 4, 24, d, 1000);
  HIP_CHECK(hipDeviceSynchronize());
  std::vector<int> h(n), want(n);
  for (int i = 0; i < n; i++) want[i] = 1000 + i * i;
  HIP_CHECK(hipMemcpy(h.data(), d, n * sizeof(int), hipMemcpyDeviceToHost));
  CHECK_ARRAY(h.data(), want.data(), n);
  HIP_CHECK(hipFree(d));
}

static void test_launch_kernel_ggl() {
  const int n = 3 * 32;
  int* d = nullptr;
  HIP_CHECK(hipMalloc(&d, n * sizeof(int)));
  hipLaunchKernelGGL(k_store, dim3(3), dim3(32), 0, 0, d, -7);
  CHECK_ERR(hipGetLastError(), hipSuccess);
  HIP_CHECK(hipDeviceSynchronize());
  std::vector<int> h(n), want(n);
  for (int i = 0; i < n; i++) want[i] = -7 + i * i;
  HIP_CHECK(hipMemcpy(h.data(), d, n * sizeof(int), hipMemcpyDeviceToHost));
  CHECK_ARRAY(h.data(), want.data(), n);
  // With a stream and shared memory size.
  hipStream_t s;
  HIP_CHECK(hipStreamCreate(&s));
  hipLaunchKernelGGL(HIP_KERNEL_NAME(k_store), dim3(2), dim3(48), 64, s, d, 5);
  HIP_CHECK(hipStreamSynchronize(s));
  HIP_CHECK(hipStreamDestroy(s));
  HIP_CHECK(hipMemcpy(h.data(), d, n * sizeof(int), hipMemcpyDeviceToHost));
  for (int i = 0; i < n; i++) want[i] = 5 + i * i;
  CHECK_ARRAY(h.data(), want.data(), n);
  HIP_CHECK(hipFree(d));
}

// A kernel without parameters. Its counter is a __device__ variable, read
// and reset by kernels (a GPU's copy is not host memory).
__device__ int g_zero_arg_runs;
__global__ void k_no_args() { atomicAdd(&g_zero_arg_runs, 1); }
__global__ void k_zero_arg_runs(int* out, int reset) {
  *out = g_zero_arg_runs;
  if (reset) g_zero_arg_runs = 0;
}

static int zero_arg_runs(int reset = 0) {
  int* d = nullptr;
  int v = -1;
  HIP_CHECK(hipMalloc(&d, sizeof(int)));
  k_zero_arg_runs<<<1, 1>>>(d, reset);
  HIP_CHECK(hipMemcpy(&v, d, sizeof v, hipMemcpyDeviceToHost));
  HIP_CHECK(hipFree(d));
  return v;
}

static void test_zero_argument_kernel() {
  zero_arg_runs(1);
  CHECK_EQ(zero_arg_runs(), 0);
  k_no_args<<<7, 33>>>();
  CHECK_ERR(hipGetLastError(), hipSuccess);
  HIP_CHECK(hipDeviceSynchronize());
  CHECK_EQ(zero_arg_runs(), 7 * 33);
  void* no_args[] = {nullptr};
  HIP_CHECK(hipLaunchKernel(reinterpret_cast<const void*>(k_no_args),
                            dim3(2), dim3(5), no_args, 0, 0));
  HIP_CHECK(hipDeviceSynchronize());
  CHECK_EQ(zero_arg_runs(), 7 * 33 + 10);
}

// Launches are asynchronous and run in order on the null stream: each
// kernel reads what the previous one wrote.
__global__ void k_step(long long* v, int round) {
  int i = threadIdx.x;
  v[i] = (v[i] * 3 + round + i) % 1000003;
}

static void test_launches_in_order() {
  const int n = 64, rounds = 50;
  long long* d = nullptr;
  HIP_CHECK(hipMalloc(&d, n * sizeof(long long)));
  HIP_CHECK(hipMemset(d, 0, n * sizeof(long long)));
  for (int r = 1; r <= rounds; r++) k_step<<<1, n>>>(d, r);
  HIP_CHECK(hipDeviceSynchronize());
  std::vector<long long> h(n), want(n, 0);
  for (int r = 1; r <= rounds; r++)
    for (int i = 0; i < n; i++) want[i] = (want[i] * 3 + r + i) % 1000003;
  HIP_CHECK(hipMemcpy(h.data(), d, n * sizeof(long long),
                      hipMemcpyDeviceToHost));
  CHECK_ARRAY(h.data(), want.data(), n);
  HIP_CHECK(hipFree(d));
}

int main() {
  test_1d_plain_ints();
  test_1d_int_arguments();
  test_2d();
  test_3d();
  test_3d_uneven();
  test_3d_many_blocks();
  test_with_shmem();
  test_with_stream();
  test_many_blocks();
  test_launch_in_macro();
  test_launch_kernel_ggl();
  test_zero_argument_kernel();
  test_launches_in_order();
  return test_summary("launch_basic");
}
