// Cooperative launches: grid_group::sync() across every block, with more
// blocks than worker threads, several syncs in a loop, per-block static and
// dynamic shared memory while blocks take turns on a worker, the occupancy
// numbers that size such a grid, and the launch errors.
#include <hip/hip_cooperative_groups.h>

#include <cstring>
#include <utility>
#include <vector>

#include "common.h"

namespace cg = cooperative_groups;

// Each round every thread reads its right neighbour's value of the last
// round (written by another block, often) and adds 1: after `rounds`
// rounds, out[i] = in[(i + rounds) % n] + rounds. Wrong without a grid-wide
// barrier between rounds.
__global__ void rotate(const int* in, int* a, int* b, int rounds) {
  cg::grid_group grid = cg::this_grid();
  unsigned n = static_cast<unsigned>(grid.size());
  unsigned i = static_cast<unsigned>(grid.thread_rank());
  a[i] = in[i];
  grid.sync();
  for (int r = 0; r < rounds; ++r) {
    int* src = r % 2 ? b : a;
    int* dst = r % 2 ? a : b;
    dst[i] = src[(i + 1) % n] + 1;
    if (r % 2) {
      grid.sync();
    } else {  // the split form, every other round
      auto token = grid.barrier_arrive();
      grid.barrier_wait(std::move(token));
    }
  }
}

// Static (in the kernel and at namespace scope) and dynamic shared memory
// stay per block while the blocks of a grid interleave on a worker: each
// block fills them with its own id, syncs the grid (the other blocks run
// meanwhile), then checks them.
__shared__ int ns_tile[64];

__global__ void shared_per_block(int* bad, int rounds) {
  __shared__ int tile[64];
  __shared__ int one;
  extern __shared__ int dyn[];
  cg::grid_group grid = cg::this_grid();
  unsigned t = threadIdx.x;
  int id = static_cast<int>(grid.block_rank());
  for (int r = 0; r < rounds; ++r) {
    tile[t] = id * 1000 + r;
    dyn[t] = -id - r;
    ns_tile[t] = id + 7 * r;
    if (t == 0) one = id;
    __syncthreads();
    grid.sync();
    if (tile[(t + 1) % blockDim.x] != id * 1000 + r ||
        dyn[(t + 3) % blockDim.x] != -id - r || one != id ||
        ns_tile[(t + 5) % blockDim.x] != id + 7 * r)
      atomicAdd(bad, 1);
    grid.sync();
  }
}

// A __shared__ declaration right after a case label (hipcc notes it with a
// statement, which a jump may pass).
__global__ void shared_in_case(int* out) {
  cg::grid_group g = cg::this_grid();
  switch (blockIdx.x % 2) {
    case 0:
      __shared__ int even;
      even = static_cast<int>(blockIdx.x) * 10;
      g.sync();
      out[blockIdx.x] = even;
      break;
    default:
      out[blockIdx.x] = -1;
      g.sync();
      break;
  }
}

// What grid_group and multi_grid_group report, per thread.
__global__ void grid_info(unsigned long long* rank, unsigned long long* size,
                          unsigned long long* block, int* valid) {
  cg::grid_group g = cg::this_grid();
  cg::multi_grid_group mg = cg::this_multi_grid();
  unsigned long long i = g.thread_rank();
  rank[i] = mg.thread_rank() * 1000000 + i;
  size[i] = g.size() * 1000 + g.num_blocks();
  block[i] = g.block_rank() * 1000 + mg.num_grids() * 10 + mg.grid_rank();
  valid[i] = g.is_valid() * 2 + mg.is_valid();
  cg::sync(g);
}

// A plain launch: the grid exists but cannot sync.
__global__ void grid_valid_plain(int* valid) {
  valid[blockIdx.x * blockDim.x + threadIdx.x] = cg::this_grid().is_valid();
}

// multi_grid_group::sync() with the grids of a multi-device launch (here:
// the one CPU device): a sum over all blocks, read after the sync.
__global__ void multi_sum(int* acc, int* seen) {
  cg::multi_grid_group mg = cg::this_multi_grid();
  cg::grid_group g = cg::this_grid();
  atomicAdd(acc, 1);
  mg.sync();
  seen[g.thread_rank()] = __atomic_load_n(acc, __ATOMIC_RELAXED);
}

// Blocks that exit without syncing do not hold the others up.
__global__ void early_exit(int* out) {
  cg::grid_group g = cg::this_grid();
  if (blockIdx.x % 2) return;
  out[g.thread_rank()] = 1;
  g.sync();
  out[g.thread_rank()] += 1;
}

// A 2D grid of 2D blocks: thread_rank and block_rank are linear, x first.
__global__ void grid_2d(unsigned* out) {
  cg::grid_group g = cg::this_grid();
  unsigned i = static_cast<unsigned>(g.thread_rank());
  out[i] = 0;
  g.sync();
  unsigned n = static_cast<unsigned>(g.size());
  out[(i + 7) % n] = i;
  g.sync();
  out[i] = out[i] * 2 + (static_cast<unsigned>(g.block_rank()) ==
                         blockIdx.x + gridDim.x * blockIdx.y);
}

static int workers() {
  int n = 0;
  HIP_CHECK(hipDeviceGetAttribute(&n, hipDeviceAttributeMultiprocessorCount, 0));
  return n;
}

static void test_rotate() {
  const int threads = 64, rounds = 9;
  int per_mp = 0;
  HIP_CHECK(hipOccupancyMaxActiveBlocksPerMultiprocessor(&per_mp, rotate,
                                                         threads, 0));
  CHECK(per_mp >= 2);
  // Occupancy-sized: more blocks than workers.
  int blocks = per_mp * workers();
  CHECK(blocks > workers());
  int n = blocks * threads;
  std::vector<int> in(n), out(n);
  for (int i = 0; i < n; ++i) in[i] = (i * 7919) % 10007;
  int *din, *a, *b;
  HIP_CHECK(hipMalloc(&din, n * sizeof(int)));
  HIP_CHECK(hipMalloc(&a, n * sizeof(int)));
  HIP_CHECK(hipMalloc(&b, n * sizeof(int)));
  HIP_CHECK(hipMemcpy(din, in.data(), n * sizeof(int), hipMemcpyHostToDevice));
  int r = rounds;
  void* args[] = {&din, &a, &b, &r};
  CHECK_ERR(hipLaunchCooperativeKernel(rotate, dim3(blocks), dim3(threads),
                                       args, 0, 0),
            hipSuccess);
  HIP_CHECK(hipDeviceSynchronize());
  HIP_CHECK(hipMemcpy(out.data(), rounds % 2 ? b : a, n * sizeof(int),
                      hipMemcpyDeviceToHost));
  std::vector<int> want(n);
  for (int i = 0; i < n; ++i) want[i] = in[(i + rounds) % n] + rounds;
  CHECK_ARRAY(out.data(), want.data(), n);
  // One block more than fits is refused, and nothing runs.
  HIP_CHECK(hipMemset(a, 0, n * sizeof(int)));
  CHECK_ERR(hipLaunchCooperativeKernel(rotate, dim3(blocks + 1),
                                       dim3(threads), args, 0, 0),
            hipErrorCooperativeLaunchTooLarge);
  CHECK_ERR(hipGetLastError(), hipErrorCooperativeLaunchTooLarge);
  HIP_CHECK(hipDeviceSynchronize());
  HIP_CHECK(hipMemcpy(out.data(), a, n * sizeof(int), hipMemcpyDeviceToHost));
  CHECK_EQ(out[0], 0);
  // The same through the const void* form and a stream.
  hipStream_t s;
  HIP_CHECK(hipStreamCreate(&s));
  CHECK_ERR(hipLaunchCooperativeKernel(reinterpret_cast<const void*>(rotate),
                                       dim3(workers() + 1), dim3(threads),
                                       args, 0, s),
            hipSuccess);
  HIP_CHECK(hipStreamSynchronize(s));
  HIP_CHECK(hipStreamDestroy(s));
  int m = (workers() + 1) * threads;
  std::vector<int> part(m);
  HIP_CHECK(hipMemcpy(part.data(), rounds % 2 ? b : a, m * sizeof(int),
                      hipMemcpyDeviceToHost));
  for (int i = 0; i < m; ++i) want[i] = in[(i + rounds) % m] + rounds;
  CHECK_ARRAY(part.data(), want.data(), m);
  HIP_CHECK(hipFree(din));
  HIP_CHECK(hipFree(a));
  HIP_CHECK(hipFree(b));
}

// Two full-size cooperative grids at once on two streams, next to plain
// kernels on a third: every worker may hold blocks of both, and neither
// launch may wait on the other.
__global__ void fill(int* p, int v) {
  p[blockIdx.x * blockDim.x + threadIdx.x] = v;
}

static void test_concurrent() {
  const int threads = 64, rounds = 5;
  int per_mp = 0;
  HIP_CHECK(hipOccupancyMaxActiveBlocksPerMultiprocessor(&per_mp, rotate,
                                                         threads, 0));
  int blocks = per_mp * workers(), n = blocks * threads;
  std::vector<int> in(n);
  for (int i = 0; i < n; ++i) in[i] = i * 3 + 1;
  int *din, *a[2], *b[2], *plain;
  HIP_CHECK(hipMalloc(&din, n * sizeof(int)));
  HIP_CHECK(hipMalloc(&plain, n * sizeof(int)));
  HIP_CHECK(hipMemcpy(din, in.data(), n * sizeof(int), hipMemcpyHostToDevice));
  hipStream_t s[3];
  for (int k = 0; k < 3; ++k) HIP_CHECK(hipStreamCreate(&s[k]));
  int r = rounds;
  void* args[2][4];
  for (int k = 0; k < 2; ++k) {
    HIP_CHECK(hipMalloc(&a[k], n * sizeof(int)));
    HIP_CHECK(hipMalloc(&b[k], n * sizeof(int)));
    args[k][0] = &din;
    args[k][1] = &a[k];
    args[k][2] = &b[k];
    args[k][3] = &r;
  }
  for (int rep = 0; rep < 3; ++rep) {
    for (int k = 0; k < 2; ++k)
      HIP_CHECK(hipLaunchCooperativeKernel(rotate, dim3(blocks),
                                           dim3(threads), args[k], 0, s[k]));
    fill<<<blocks, threads, 0, s[2]>>>(plain, rep + 1);
  }
  HIP_CHECK(hipDeviceSynchronize());
  std::vector<int> want(n), got(n);
  for (int i = 0; i < n; ++i) want[i] = in[(i + rounds) % n] + rounds;
  for (int k = 0; k < 2; ++k) {
    HIP_CHECK(hipMemcpy(got.data(), rounds % 2 ? b[k] : a[k],
                        n * sizeof(int), hipMemcpyDeviceToHost));
    CHECK_ARRAY(got.data(), want.data(), n);
    HIP_CHECK(hipFree(a[k]));
    HIP_CHECK(hipFree(b[k]));
  }
  HIP_CHECK(hipMemcpy(got.data(), plain, n * sizeof(int),
                      hipMemcpyDeviceToHost));
  std::vector<int> three(n, 3);
  CHECK_ARRAY(got.data(), three.data(), n);
  for (int k = 0; k < 3; ++k) HIP_CHECK(hipStreamDestroy(s[k]));
  HIP_CHECK(hipFree(din));
  HIP_CHECK(hipFree(plain));
}

static void test_shared() {
  const int threads = 64;
  size_t dyn = threads * sizeof(int);
  int per_mp = 0;
  HIP_CHECK(hipOccupancyMaxActiveBlocksPerMultiprocessor(
      &per_mp, shared_per_block, threads, dyn));
  int blocks = per_mp * workers();
  int* bad;
  HIP_CHECK(hipMalloc(&bad, sizeof(int)));
  HIP_CHECK(hipMemset(bad, 0, sizeof(int)));
  int rounds = 3;
  void* args[] = {&bad, &rounds};
  CHECK_ERR(hipLaunchCooperativeKernel(shared_per_block, dim3(blocks),
                                       dim3(threads), args,
                                       static_cast<unsigned>(dyn), 0),
            hipSuccess);
  HIP_CHECK(hipDeviceSynchronize());
  int h = -1;
  HIP_CHECK(hipMemcpy(&h, bad, sizeof(int), hipMemcpyDeviceToHost));
  CHECK_EQ(h, 0);
  HIP_CHECK(hipFree(bad));

  int nb = workers() * 4;
  int* out;
  HIP_CHECK(hipMalloc(&out, nb * sizeof(int)));
  void* args2[] = {&out};
  HIP_CHECK(hipLaunchCooperativeKernel(shared_in_case, dim3(nb), dim3(32),
                                       args2, 0, 0));
  std::vector<int> got(nb), want(nb);
  HIP_CHECK(hipMemcpy(got.data(), out, nb * sizeof(int),
                      hipMemcpyDeviceToHost));
  for (int b = 0; b < nb; ++b) want[b] = b % 2 ? -1 : b * 10;
  CHECK_ARRAY(got.data(), want.data(), nb);
  HIP_CHECK(hipFree(out));
}

// On an NVIDIA GPU, grid_group and multi_grid_group cannot tell a
// cooperative launch from another and always report themselves valid
// (README, "In device code").
static bool on_nvidia_gpu() {
  int dev = 0;
  hipDeviceProp_t p;
  HIP_CHECK(hipGetDevice(&dev));
  HIP_CHECK(hipGetDeviceProperties(&p, dev));
  return std::strncmp(p.gcnArchName, "sm_", 3) == 0;
}

static void test_info() {
  const bool gpu = on_nvidia_gpu();
  dim3 grid(3), block(40);  // a partial warp at both warp sizes
  int n = 3 * 40;
  unsigned long long *rank, *size, *blk;
  int* valid;
  HIP_CHECK(hipMalloc(&rank, n * 8));
  HIP_CHECK(hipMalloc(&size, n * 8));
  HIP_CHECK(hipMalloc(&blk, n * 8));
  HIP_CHECK(hipMalloc(&valid, n * 4));
  void* args[] = {&rank, &size, &blk, &valid};
  HIP_CHECK(hipLaunchCooperativeKernel(grid_info, grid, block, args, 0, 0));
  std::vector<unsigned long long> r(n), s(n), b(n);
  std::vector<int> v(n);
  HIP_CHECK(hipMemcpy(r.data(), rank, n * 8, hipMemcpyDeviceToHost));
  HIP_CHECK(hipMemcpy(s.data(), size, n * 8, hipMemcpyDeviceToHost));
  HIP_CHECK(hipMemcpy(b.data(), blk, n * 8, hipMemcpyDeviceToHost));
  HIP_CHECK(hipMemcpy(v.data(), valid, n * 4, hipMemcpyDeviceToHost));
  std::vector<unsigned long long> wr(n), ws(n), wb(n);
  // Grid valid, multi-grid not (a single launch).
  std::vector<int> wv(n, gpu ? 3 : 2);
  for (int i = 0; i < n; ++i) {
    wr[i] = static_cast<unsigned long long>(i) * 1000000 + i;
    ws[i] = 120ull * 1000 + 3;
    wb[i] = static_cast<unsigned long long>(i / 40) * 1000 + 10;
  }
  CHECK_ARRAY(r.data(), wr.data(), n);
  CHECK_ARRAY(s.data(), ws.data(), n);
  CHECK_ARRAY(b.data(), wb.data(), n);
  CHECK_ARRAY(v.data(), wv.data(), n);
  // Multi-device launch on the one device: multi-grid valid too.
  hipLaunchParams lp = {};
  lp.func = reinterpret_cast<void*>(grid_info);
  lp.gridDim = grid;
  lp.blockDim = block;
  lp.args = args;
  lp.sharedMem = 0;
  lp.stream = 0;
  HIP_CHECK(hipLaunchCooperativeKernelMultiDevice(&lp, 1, 0));
  HIP_CHECK(hipDeviceSynchronize());
  HIP_CHECK(hipMemcpy(v.data(), valid, n * 4, hipMemcpyDeviceToHost));
  std::vector<int> wv3(n, 3);
  CHECK_ARRAY(v.data(), wv3.data(), n);
  // A plain launch: not valid.
  HIP_CHECK(hipMemset(valid, 0xff, n * 4));
  grid_valid_plain<<<grid, block>>>(valid);
  HIP_CHECK(hipMemcpy(v.data(), valid, n * 4, hipMemcpyDeviceToHost));
  std::vector<int> zero(n, gpu ? 1 : 0);
  CHECK_ARRAY(v.data(), zero.data(), n);
  HIP_CHECK(hipFree(rank));
  HIP_CHECK(hipFree(size));
  HIP_CHECK(hipFree(blk));
  HIP_CHECK(hipFree(valid));
}

static void test_multi() {
  int blocks = workers() * 2, threads = 32, n = blocks * threads;
  int *acc, *seen;
  HIP_CHECK(hipMalloc(&acc, sizeof(int)));
  HIP_CHECK(hipMalloc(&seen, n * sizeof(int)));
  HIP_CHECK(hipMemset(acc, 0, sizeof(int)));
  hipStream_t s;
  HIP_CHECK(hipStreamCreate(&s));
  void* args[] = {&acc, &seen};
  hipLaunchParams lp = {};
  lp.func = reinterpret_cast<void*>(multi_sum);
  lp.gridDim = dim3(blocks);
  lp.blockDim = dim3(threads);
  lp.args = args;
  lp.stream = s;
  for (unsigned flags = 0; flags < 4; ++flags) {
    HIP_CHECK(hipMemset(acc, 0, sizeof(int)));
    CHECK_ERR(hipLaunchCooperativeKernelMultiDevice(&lp, 1, flags),
              hipSuccess);
    HIP_CHECK(hipStreamSynchronize(s));
    std::vector<int> h(n), want(n, n);
    HIP_CHECK(hipMemcpy(h.data(), seen, n * sizeof(int),
                        hipMemcpyDeviceToHost));
    CHECK_ARRAY(h.data(), want.data(), n);
  }
  // Errors.
  int devices = 0;
  HIP_CHECK(hipGetDeviceCount(&devices));
  CHECK_ERR(hipLaunchCooperativeKernelMultiDevice(nullptr, 1, 0),
            hipErrorInvalidValue);
  CHECK_ERR(hipLaunchCooperativeKernelMultiDevice(&lp, 0, 0),
            hipErrorInvalidValue);
  CHECK_ERR(hipLaunchCooperativeKernelMultiDevice(&lp, devices + 1, 0),
            hipErrorInvalidValue);
  CHECK_ERR(hipLaunchCooperativeKernelMultiDevice(&lp, 1, 4),
            hipErrorInvalidValue);
  hipLaunchParams two[2] = {lp, lp};
  if (devices >= 2)  // both on the same device
    CHECK_ERR(hipLaunchCooperativeKernelMultiDevice(two, 2, 0),
              hipErrorInvalidDevice);
  hipLaunchParams badf = lp;
  badf.func = reinterpret_cast<void*>(&workers);
  CHECK_ERR(hipLaunchCooperativeKernelMultiDevice(&badf, 1, 0),
            hipErrorInvalidDeviceFunction);
  hipLaunchParams big = lp;
  big.gridDim = dim3(1u << 20);
  CHECK_ERR(hipLaunchCooperativeKernelMultiDevice(&big, 1, 0),
            hipErrorCooperativeLaunchTooLarge);
  HIP_CHECK(hipStreamDestroy(s));
  HIP_CHECK(hipFree(acc));
  HIP_CHECK(hipFree(seen));
}

static void test_misc() {
  int blocks = workers() * 3, threads = 64, n = blocks * threads;
  int* out;
  HIP_CHECK(hipMalloc(&out, n * sizeof(int)));
  HIP_CHECK(hipMemset(out, 0, n * sizeof(int)));
  void* args[] = {&out};
  // On a GPU a grid sync that some blocks never reach is undefined (it
  // waits for them: README, "In device code"); the CPU device lets the
  // blocks that exited go.
  if (!on_nvidia_gpu()) {
    HIP_CHECK(hipLaunchCooperativeKernel(early_exit, dim3(blocks),
                                         dim3(threads), args, 0, 0));
    std::vector<int> h(n), want(n);
    HIP_CHECK(
        hipMemcpy(h.data(), out, n * sizeof(int), hipMemcpyDeviceToHost));
    for (int i = 0; i < n; ++i) want[i] = (i / threads) % 2 ? 0 : 2;
    CHECK_ARRAY(h.data(), want.data(), n);
  }
  HIP_CHECK(hipFree(out));

  dim3 grid(3, 2), block(8, 4);
  int m = 6 * 32;
  unsigned* o2;
  HIP_CHECK(hipMalloc(&o2, m * sizeof(unsigned)));
  void* args2[] = {&o2};
  HIP_CHECK(hipLaunchCooperativeKernel(grid_2d, grid, block, args2, 0, 0));
  std::vector<unsigned> g(m), wg(m);
  HIP_CHECK(hipMemcpy(g.data(), o2, m * sizeof(unsigned),
                      hipMemcpyDeviceToHost));
  for (int i = 0; i < m; ++i) wg[i] = static_cast<unsigned>((i - 7 + m) % m) * 2 + 1;
  CHECK_ARRAY(g.data(), wg.data(), m);
  HIP_CHECK(hipFree(o2));

  // Launch errors.
  void* none[] = {&o2};
  CHECK_ERR(hipLaunchCooperativeKernel(static_cast<const void*>(nullptr), dim3(1), dim3(1), none, 0, 0),
            hipErrorInvalidDeviceFunction);
  CHECK_ERR(hipLaunchCooperativeKernel(grid_2d, dim3(0), dim3(1), none, 0, 0),
            hipErrorInvalidConfiguration);
  CHECK_ERR(hipLaunchCooperativeKernel(grid_2d, dim3(1), dim3(2048), none, 0,
                                       0),
            hipErrorInvalidConfiguration);
  CHECK_ERR(hipLaunchCooperativeKernel(grid_2d, dim3(1), dim3(1), nullptr, 0,
                                       0),
            hipErrorInvalidValue);
  CHECK_ERR(hipLaunchCooperativeKernel(grid_2d, dim3(1), dim3(1), none,
                                       1u << 20, 0),
            hipErrorInvalidValue);
  int attr = 0;
  HIP_CHECK(hipDeviceGetAttribute(&attr, hipDeviceAttributeCooperativeLaunch, 0));
  CHECK_EQ(attr, 1);
  attr = 0;
  HIP_CHECK(hipDeviceGetAttribute(
      &attr, hipDeviceAttributeCooperativeMultiDeviceLaunch, 0));
  // Multi-device cooperative launches: the CPU device and GPUs
  // (tests/kernels/coop_multi.hip runs them).
  const int multi = 1;
  CHECK_EQ(attr, multi);
  hipDeviceProp_t p;
  HIP_CHECK(hipGetDeviceProperties(&p, 0));
  CHECK_EQ(p.cooperativeLaunch, 1);
  CHECK_EQ(p.cooperativeMultiDeviceLaunch, multi);
}

int main() {
  test_rotate();
  test_shared();
  test_concurrent();
  test_info();
  test_multi();
  test_misc();
  return test_summary("coop_grid");
}
