// Sums with cooperative groups: the program behind `make run-cooperative_groups`.
//
// Each block sums its slice of the input twice with one routine written
// against cooperative_groups::thread_group: once over the whole block
// (a thread_block) and once over 16-thread tiles (thread_block_tile<16>),
// halving the active threads each round through shared memory. The kernel
// is launched with hipLaunchCooperativeKernel, so after the block sums are
// stored a grid-wide sync lets block 0 add them up. The host checks every
// sum.
#include <hip/hip_cooperative_groups.h>

#include <cstdio>
#include <cstdlib>
#include <vector>

namespace cg = cooperative_groups;

#define HIP_CHECK(expr)                                                  \
  do {                                                                   \
    hipError_t err_ = (expr);                                            \
    if (err_ != hipSuccess) {                                            \
      std::fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #expr, \
                   hipGetErrorString(err_));                             \
      std::exit(EXIT_FAILURE);                                           \
    }                                                                    \
  } while (0)

constexpr unsigned kBlocks = 4;
constexpr unsigned kThreads = 64;
constexpr unsigned kTile = 16;
static_assert(kThreads % kTile == 0, "tiles must divide the block");

// Sum of every member's `value` over `group`, using `scratch` (one slot per
// member). The group's rank-0 thread gets the sum; the others get 0.
__device__ unsigned group_sum(cg::thread_group group, unsigned* scratch,
                              unsigned value) {
  const unsigned rank = group.thread_rank();
  for (unsigned half = group.size() / 2; half > 0; half /= 2) {
    scratch[rank] = value;
    group.sync();
    if (rank < half) value += scratch[rank + half];
    group.sync();
  }
  return rank == 0 ? value : 0;
}

__global__ void sums_kernel(const unsigned* in, unsigned* block_sums,
                            unsigned* tile_sums, unsigned* total) {
  __shared__ unsigned scratch[kThreads];
  cg::thread_block block = cg::this_thread_block();
  const unsigned mine = in[blockIdx.x * kThreads + block.thread_rank()];

  const unsigned block_sum = group_sum(block, scratch, mine);
  if (block.thread_rank() == 0) block_sums[blockIdx.x] = block_sum;

  cg::thread_block_tile<kTile> tile = cg::tiled_partition<kTile>(block);
  // Each tile works in its own part of the scratch array.
  unsigned* tile_scratch = scratch + tile.meta_group_rank() * kTile;
  const unsigned tile_sum = group_sum(tile, tile_scratch, mine);
  if (tile.thread_rank() == 0)
    tile_sums[blockIdx.x * tile.meta_group_size() + tile.meta_group_rank()] =
        tile_sum;

  // Every block's sum is stored once the whole grid gets past this.
  cg::grid_group grid = cg::this_grid();
  grid.sync();
  if (grid.thread_rank() == 0) {
    unsigned t = 0;
    for (unsigned b = 0; b < gridDim.x; ++b) t += block_sums[b];
    *total = t;
  }
}

// The same sums on the host, over `width`-long runs of `in`.
static std::vector<unsigned> host_sums(const std::vector<unsigned>& in,
                                       unsigned width) {
  std::vector<unsigned> out(in.size() / width, 0);
  for (size_t i = 0; i < in.size(); ++i) out[i / width] += in[i];
  return out;
}

int main() {
  int device = 0, coop = 0;
  HIP_CHECK(hipGetDevice(&device));
  HIP_CHECK(hipDeviceGetAttribute(&coop, hipDeviceAttributeCooperativeLaunch,
                                  device));
  if (!coop) {
    std::printf("device %d has no cooperative launch\n", device);
    return 0;
  }
  const unsigned n = kBlocks * kThreads;
  std::vector<unsigned> in(n);
  for (unsigned i = 0; i < n; ++i) in[i] = (i * 37u + 11u) % 101u;

  unsigned *d_in, *d_block, *d_tile, *d_total;
  HIP_CHECK(hipMalloc(&d_in, n * sizeof(unsigned)));
  HIP_CHECK(hipMalloc(&d_block, kBlocks * sizeof(unsigned)));
  HIP_CHECK(hipMalloc(&d_tile, n / kTile * sizeof(unsigned)));
  HIP_CHECK(hipMalloc(&d_total, sizeof(unsigned)));
  HIP_CHECK(hipMemcpy(d_in, in.data(), n * sizeof(unsigned),
                      hipMemcpyHostToDevice));

  void* params[] = {&d_in, &d_block, &d_tile, &d_total};
  HIP_CHECK(hipLaunchCooperativeKernel(sums_kernel, dim3(kBlocks),
                                       dim3(kThreads), params, 0,
                                       hipStreamDefault));
  HIP_CHECK(hipGetLastError());

  std::vector<unsigned> block(kBlocks), tile(n / kTile);
  unsigned total = 0;
  HIP_CHECK(hipMemcpy(block.data(), d_block, kBlocks * sizeof(unsigned),
                      hipMemcpyDeviceToHost));
  HIP_CHECK(hipMemcpy(tile.data(), d_tile, n / kTile * sizeof(unsigned),
                      hipMemcpyDeviceToHost));
  HIP_CHECK(hipMemcpy(&total, d_total, sizeof(unsigned),
                      hipMemcpyDeviceToHost));
  HIP_CHECK(hipFree(d_in));
  HIP_CHECK(hipFree(d_block));
  HIP_CHECK(hipFree(d_tile));
  HIP_CHECK(hipFree(d_total));

  const std::vector<unsigned> want_block = host_sums(in, kThreads);
  const std::vector<unsigned> want_tile = host_sums(in, kTile);
  const unsigned want_total = host_sums(in, n)[0];
  int errors = 0;
  for (unsigned b = 0; b < kBlocks; ++b)
    if (block[b] != want_block[b]) {
      std::fprintf(stderr, "block %u: sum %u, expected %u\n", b, block[b],
                   want_block[b]);
      ++errors;
    }
  for (unsigned t = 0; t < n / kTile; ++t)
    if (tile[t] != want_tile[t]) {
      std::fprintf(stderr, "tile %u: sum %u, expected %u\n", t, tile[t],
                   want_tile[t]);
      ++errors;
    }
  if (total != want_total) {
    std::fprintf(stderr, "total %u, expected %u\n", total, want_total);
    ++errors;
  }
  std::printf("block sums:");
  for (unsigned b : block) std::printf(" %u", b);
  std::printf("\n%u-thread tile sums:", kTile);
  for (unsigned t : tile) std::printf(" %u", t);
  std::printf("\ntotal: %u\n", total);
  if (errors) {
    std::printf("FAILED: %d wrong sum(s)\n", errors);
    return EXIT_FAILURE;
  }
  std::printf("verified: %u block sums, %zu tile sums and the total\n",
              kBlocks, tile.size());
  return EXIT_SUCCESS;
}
