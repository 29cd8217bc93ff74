#!/usr/bin/env bash
# Cooperative groups in hipcc's device pass (hip/hipc/cg_nvptx.h): a
# program using every group type and collective compiles for sm_90 (PTX and
# ptxas) without warnings; the PTX has the grid barrier's variable (weak,
# unmangled, so not in the table of variables) and the warp instructions
# the groups stand on; the program still runs on the CPU device and its
# results agree with the host's. (Running it on a GPU is left to
# tests/nvptx.) Skipped when clang-19 or the CUDA toolkit is missing.
set -u
. "$(dirname "${BASH_SOURCE[0]}")/common.bash"
need_device_pass
# Under make test-asan / test-ubsan the program gets the sanitizer too.
TF=${TEST_CFLAGS:-}
cat > cg.hip <<'SRC'
#include <hip/hip_cooperative_groups.h>
#include <climits>
#include <cstdio>
namespace cg = cooperative_groups;

struct triple { int a, b, c; };
struct add3 {
  __device__ triple operator()(const triple& x, const triple& y) const {
    return {x.a + y.a, x.b + y.b, x.c + y.c};
  }
};

const int kSlots = 32;

// Block 1's thread 10 writes what each group tells it.
__global__ void groups(long long* out) {
  long long v[kSlots] = {};
  cg::thread_block b = cg::this_thread_block();
  unsigned t = b.thread_rank();
  v[0] = b.size(), v[1] = b.group_index().x, v[2] = b.thread_index().x;
  v[3] = b.group_dim().x + b.dim_threads().x, v[4] = b.is_valid();
  auto token = b.barrier_arrive();
  b.barrier_wait(static_cast<decltype(token)&&>(token));
  cg::thread_block_tile<8> t8 = cg::tiled_partition<8>(b);
  cg::thread_block_tile<4> t4 = cg::tiled_partition<4>(t8);
  v[5] = t8.shfl(static_cast<int>(t), 1);
  v[6] = static_cast<long long>(2 * t8.shfl_down(t + 0.5, 1));
  v[7] = t8.shfl_up(static_cast<long long>(t), 1);
  v[8] = t8.shfl_xor(static_cast<short>(t), 1);
  v[9] = static_cast<long long>(t8.ballot(t % 2));
  v[10] = t8.any(t == 13) + 2 * t8.any(t == 3);
  v[11] = t8.all(t < 1000) + 2 * t8.all(t != 12);
  v[12] = t4.meta_group_rank(), v[13] = t4.meta_group_size();
  v[14] = static_cast<long long>(t8.match_any(t / 4));
  int pred = -1;
  v[15] = static_cast<long long>(t8.match_all(1, pred));
  v[16] = pred;
  t8.sync();
  cg::thread_group g = cg::tiled_partition(b, 64);
  g.sync();
  cg::thread_group h = cg::tiled_partition(t8, 2);
  h.sync();
  cg::sync(b);
  v[17] = cg::thread_rank(g), v[18] = cg::group_size(g);
  v[19] = h.size(), v[20] = h.thread_rank();
  v[21] = cg::reduce(t8, static_cast<int>(t), cg::plus<int>());
  v[22] = cg::inclusive_scan(t8, 1);
  v[23] = cg::exclusive_scan(t4, 2u);
  v[24] = cg::exclusive_scan(t4, static_cast<int>(t), cg::less<int>());
  v[25] = cg::reduce(t8, t, cg::bit_or<unsigned>());
  triple s = cg::inclusive_scan(t8, triple{1, 2, static_cast<int>(t)}, add3());
  v[26] = s.a + 100 * s.c;
  if (t % 3 == 1) {
    cg::coalesced_group c = cg::coalesced_threads();
    cg::coalesced_group c2 = cg::tiled_partition(c, 2);
    v[27] = c.thread_rank(), v[28] = c2.size();
    v[29] = c.shfl(static_cast<int>(t), 0);
    v[30] = cg::reduce(c, 1, cg::plus<int>());
  }
  if (blockIdx.x == 1 && t == 10)
    for (int i = 0; i < kSlots; ++i) out[i] = v[i];
}

__global__ void grid(int* data, long long* out) {
  cg::grid_group gg = cg::this_grid();
  unsigned long long i = gg.thread_rank();
  data[i] = static_cast<int>(i);
  gg.sync();
  int v = data[(i + 1) % gg.size()];
  out[i] = v + 1000 * gg.block_rank() +
           10000 * (gg.num_blocks() + gg.block_index().x + gg.group_dim().x +
                    gg.dim_blocks().x + gg.is_valid());
}

// Compiled, never launched here (a multi-device launch's sync).
__global__ void multi(long long* out) {
  cg::multi_grid_group mg = cg::this_multi_grid();
  mg.sync();
  out[mg.thread_rank()] = mg.num_grids() + mg.grid_rank() + mg.num_threads();
}

int main() {
  long long* d;
  int* data;
  if (hipMalloc(&d, 128 * sizeof(long long)) || hipMalloc(&data, 128 * 4))
    return 2;
  groups<<<2, 128>>>(d);
  long long h[128];
  if (hipMemcpy(h, d, kSlots * sizeof(long long), hipMemcpyDeviceToHost))
    return 3;
  hipDeviceProp_t p;
  if (hipGetDeviceProperties(&p, 0)) return 4;
  // Thread 10: rank 2 of the tile 8..15, rank 2 of the tile 8..11, rank 0
  // of the pair 10..11, rank 3 of the coalesced lanes 1, 4, 7, 10, ... of
  // its warp (21 of them at warp size 64, 11 at 32).
  const long long want[kSlots] = {
      128, 1, 10, 256, 1, 9, 23, 9, 11, 0xaa, 1, 1, 0, 2, 0x0f, 0xff, 1,
      10, 64, 2, 0, 92, 3, 4, 8, 15, 3 + 100 * 27, 3, 2, 1,
      p.warpSize == 64 ? 21 : 11, 0};
  int rc = 0;
  for (int i = 0; i < kSlots; ++i)
    if (h[i] != want[i]) {
      std::printf("groups: slot %d is %lld, want %lld\n", i, h[i], want[i]);
      rc = 1;
    }
  void* args[] = {&data, &d};
  if (hipLaunchCooperativeKernel(reinterpret_cast<const void*>(grid),
                                 dim3(4), dim3(32), args, 0, 0))
    return 5;
  if (hipMemcpy(h, d, 128 * sizeof(long long), hipMemcpyDeviceToHost))
    return 6;
  for (long long i = 0; i < 128; ++i) {
    long long w = (i + 1) % 128 + 1000 * (i / 32) +
                  10000 * (4 + i / 32 + 4 + 4 + 1);
    if (h[i] != w) {
      std::printf("grid: thread %lld is %lld, want %lld\n", i, h[i], w);
      rc = 1;
      break;
    }
  }
  if (rc == 0) std::printf("cg ok\n");
  return rc;
}
SRC

"$HIPCC" --offload-arch=sm_90 -save-temps -O2 $TF cg.hip -o cg 2> err.txt
check "the program builds for sm_90 ($(head -5 err.txt))" [ $? -eq 0 ]
check "without warnings ($(head -3 err.txt))" [ ! -s err.txt ]
ptx=$(ls ./*sm_90*.ptx 2> /dev/null | head -1)
check "the PTX is kept" [ -n "$ptx" ]
if [ -n "$ptx" ]; then
  for want in '.weak .global .align 4 .b8 __hipc_grid_barrier[8]' \
      'shfl.sync.idx' 'vote.sync.ballot' 'vote.sync.any' 'vote.sync.all' \
      'match.any.sync' 'match.all.sync' 'bar.warp.sync' 'membar.gl' \
      'atom.global.add.u32'; do
    check "the PTX has $want" grep -qF "$want" "$ptx"
  done
fi
for ws in 64 32; do
  HIPC_WARP_SIZE=$ws ./cg > out.txt 2>&1
  check "it runs on the CPU device at warp $ws ($(cat out.txt))" \
    grep -q "^cg ok" out.txt
done
exit $fail
