// Multi-device cooperative launches over every device the program sees
// that offers them (the CPU device alone: one grid; on a machine with
// several GPUs, HIPC_DEVICES=gpu: one grid per GPU). The grids differ in
// size and shared memory; each round every thread of every grid writes
// its multi-grid rank into a table in pinned host memory (which every
// device reaches), syncs the grids, reads the entry of a thread half the
// launch away (on another grid, when there are several) and syncs again
// before the next round overwrites the table. Wrong without a barrier
// across the grids. Also checked: grid_rank / num_grids / thread_rank /
// size against the launch's layout, grid.sync() mixed with
// multi_grid.sync(), the four flag combinations, and reuse of the barrier
// by consecutive launches.
#include <hip/hip_cooperative_groups.h>

#include <chrono>
#include <vector>

#include "common.h"

namespace cg = cooperative_groups;

__global__ void exchange(unsigned long long* table, unsigned long long* sum,
                         unsigned* layout, int rounds) {
  extern __shared__ unsigned char scratch[];
  cg::multi_grid_group mg = cg::this_multi_grid();
  cg::grid_group g = cg::this_grid();
  const unsigned long long r = mg.thread_rank(), n = mg.size();
  layout[r] = mg.grid_rank() * 1000000u + mg.num_grids() * 1000u +
              static_cast<unsigned>(g.thread_rank() % 1000);
  scratch[threadIdx.x] = static_cast<unsigned char>(r);
  unsigned long long acc = 0;
  for (int k = 0; k < rounds; ++k) {
    table[r] = r * 1000 + k;
    g.sync();  // the grid's own barrier, between multi-grid ones
    mg.sync();
    acc += table[(r + n / 2 + k) % n];
    mg.sync();
  }
  // The block's dynamic shared memory survived the barriers.
  if (scratch[threadIdx.x] != static_cast<unsigned char>(r)) acc = ~0ull;
  sum[r] = acc;
}

// Only barriers: their cost, printed (not checked).
__global__ void barriers(int n) {
  cg::multi_grid_group mg = cg::this_multi_grid();
  for (int i = 0; i < n; ++i) mg.sync();
}

int main() {
  int count = 0;
  HIP_CHECK(hipGetDeviceCount(&count));
  std::vector<int> devs;
  for (int d = 0; d < count; ++d) {
    int multi = 0;
    HIP_CHECK(hipDeviceGetAttribute(
        &multi, hipDeviceAttributeCooperativeMultiDeviceLaunch, d));
    if (multi) devs.push_back(d);
  }
  CHECK(!devs.empty());
  if (devs.empty()) return test_summary("coop_multi");
  const int ngrids = static_cast<int>(devs.size());
  std::printf("%d grid(s)\n", ngrids);

  // Grid i: 2 + i blocks of 64 threads, 64 + 32 * i bytes of dynamic
  // shared memory.
  const unsigned block = 64;
  std::vector<unsigned long long> offset(ngrids + 1, 0);
  for (int i = 0; i < ngrids; ++i) offset[i + 1] = offset[i] + (2 + i) * block;
  const unsigned long long n = offset[ngrids];

  unsigned long long *table, *sum;
  unsigned* layout;
  HIP_CHECK(hipHostMalloc(&table, n * sizeof *table, 0));
  HIP_CHECK(hipHostMalloc(&sum, n * sizeof *sum, 0));
  HIP_CHECK(hipHostMalloc(&layout, n * sizeof *layout, 0));
  const int rounds = 5;

  std::vector<hipStream_t> streams(ngrids);
  std::vector<hipLaunchParams> lp(ngrids);
  void* args[] = {&table, &sum, &layout, const_cast<int*>(&rounds)};
  for (int i = 0; i < ngrids; ++i) {
    HIP_CHECK(hipSetDevice(devs[i]));
    HIP_CHECK(hipStreamCreate(&streams[i]));
    lp[i] = hipLaunchParams{};
    lp[i].func = reinterpret_cast<void*>(exchange);
    lp[i].gridDim = dim3(2 + i);
    lp[i].blockDim = dim3(block);
    lp[i].args = args;
    lp[i].sharedMem = 64 + 32 * i;
    lp[i].stream = streams[i];
  }
  HIP_CHECK(hipSetDevice(devs[0]));

  // Twice each flag combination: the barrier is reused.
  for (unsigned launch = 0; launch < 8; ++launch) {
    unsigned flags = launch % 4;
    for (unsigned long long i = 0; i < n; ++i) sum[i] = 0, layout[i] = ~0u;
    CHECK_ERR(hipLaunchCooperativeKernelMultiDevice(lp.data(), ngrids, flags),
              hipSuccess);
    for (int i = 0; i < ngrids; ++i) HIP_CHECK(hipStreamSynchronize(streams[i]));
    std::vector<unsigned long long> want_sum(n), got_sum(sum, sum + n);
    std::vector<unsigned> want_layout(n), got_layout(layout, layout + n);
    for (int gi = 0; gi < ngrids; ++gi)
      for (unsigned long long r = offset[gi]; r < offset[gi + 1]; ++r) {
        unsigned long long acc = 0;
        for (int k = 0; k < rounds; ++k)
          acc += ((r + n / 2 + k) % n) * 1000 + k;
        want_sum[r] = acc;
        want_layout[r] = gi * 1000000u + ngrids * 1000u +
                         static_cast<unsigned>((r - offset[gi]) % 1000);
      }
    CHECK_ARRAY(got_sum.data(), want_sum.data(), n);
    CHECK_ARRAY(got_layout.data(), want_layout.data(), n);
  }

  // The time of a multi-grid barrier, from 1000 in one launch.
  {
    int nsync = 1000;
    void* bargs[] = {&nsync};
    std::vector<hipLaunchParams> bl = lp;
    for (int i = 0; i < ngrids; ++i) {
      bl[i].func = reinterpret_cast<void*>(barriers);
      bl[i].args = bargs;
      bl[i].sharedMem = 0;
    }
    for (int rep = 0; rep < 2; ++rep) {  // the first loads the code
      auto t0 = std::chrono::steady_clock::now();
      CHECK_ERR(hipLaunchCooperativeKernelMultiDevice(bl.data(), ngrids, 0),
                hipSuccess);
      for (int i = 0; i < ngrids; ++i)
        HIP_CHECK(hipStreamSynchronize(streams[i]));
      auto t1 = std::chrono::steady_clock::now();
      if (rep)
        std::printf("multi-grid barrier, %d grid(s): %.2f us\n", ngrids,
                    std::chrono::duration<double, std::micro>(t1 - t0)
                            .count() / nsync);
    }
  }

  // A grid too big for its device is refused before any grid starts.
  if (ngrids > 1) {
    std::vector<hipLaunchParams> big = lp;
    big[ngrids - 1].gridDim = dim3(1u << 20);
    CHECK_ERR(hipLaunchCooperativeKernelMultiDevice(big.data(), ngrids, 0),
              hipErrorCooperativeLaunchTooLarge);
  }

  for (int i = 0; i < ngrids; ++i) HIP_CHECK(hipStreamDestroy(streams[i]));
  HIP_CHECK(hipHostFree(table));
  HIP_CHECK(hipHostFree(sum));
  HIP_CHECK(hipHostFree(layout));
  return test_summary("coop_multi");
}
