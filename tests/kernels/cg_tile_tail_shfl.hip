// thread_block_tile<N>::shfl in a block whose thread count is not a
// multiple of N (99 threads: the last tile of every width has 3 members).
// The source rank wraps at the tile's width N, not at the number of
// members of the last tile: rank 9 of a tile of 8 is rank 1, also in the
// 3-member tail (where wrapping at 3 would give rank 0). Ranks that wrap
// to a missing member are left unchecked (undefined on AMD's GPUs).
#include <hip/hip_cooperative_groups.h>

#include <vector>

#include "common.h"

namespace cg = cooperative_groups;

constexpr int kThreads = 99;

template <unsigned N>
__global__ void tile_shfl(const int* src, int* out) {
  cg::thread_block_tile<N> t =
      cg::tiled_partition<N>(cg::this_thread_block());
  int own = static_cast<int>(threadIdx.x) * 10;
  out[threadIdx.x] = t.shfl(own, src[t.thread_rank()]);
}

template <unsigned N>
void check_width() {
  std::vector<int> src(N), out(kThreads, -1);
  for (unsigned r = 0; r < N; r++)
    src[r] = static_cast<int>((r * 5 + 1) % (2 * N) + N);
  int *d_src, *d_out;
  HIP_CHECK(hipMalloc(&d_src, N * sizeof(int)));
  HIP_CHECK(hipMalloc(&d_out, kThreads * sizeof(int)));
  HIP_CHECK(hipMemcpy(d_src, src.data(), N * sizeof(int),
                      hipMemcpyHostToDevice));
  tile_shfl<N><<<1, kThreads>>>(d_src, d_out);
  HIP_CHECK(hipGetLastError());
  HIP_CHECK(hipMemcpy(out.data(), d_out, kThreads * sizeof(int),
                      hipMemcpyDeviceToHost));
  int checked_tail = 0;
  for (int t = 0; t < kThreads; t++) {
    int base = t / N * N;
    int members = kThreads - base < static_cast<int>(N) ? kThreads - base : N;
    int from = src[t - base] % N;
    if (from >= members) continue;
    CHECK_EQ(out[t], (base + from) * 10);
    if (members < static_cast<int>(N)) checked_tail++;
  }
  CHECK(checked_tail > 0);
  HIP_CHECK(hipFree(d_src));
  HIP_CHECK(hipFree(d_out));
}

int main() {
  check_width<4>();
  check_width<8>();
  check_width<16>();
  check_width<32>();
  return test_summary("cg_tile_tail_shfl");
}
