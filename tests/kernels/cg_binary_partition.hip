// cooperative_groups::binary_partition of a coalesced group and of tiles:
// each member lands in the group of the members with its predicate, with
// size, rank (lane order), any/all/ballot and a shuffle within it checked
// against the host.
#include <hip/hip_cooperative_groups.h>

#include <vector>

#include "common.h"

namespace cg = cooperative_groups;

enum { kSize, kRank, kAny, kAll, kFirst, kTileSize, kTileRank, kN };

__global__ void parts(const int* in, int* out) {
  int t = threadIdx.x;
  int v = in[t];
  int* o = out + t * kN;
  cg::coalesced_group all = cg::coalesced_threads();
  cg::coalesced_group p = cg::binary_partition(all, (v & 1) != 0);
  o[kSize] = p.size();
  o[kRank] = p.thread_rank();
  o[kAny] = p.any(v > 50);
  o[kAll] = p.all(v % 2 == (v & 1));
  o[kFirst] = p.shfl(v, 0);  // the value of the partition's first member
  auto tile = cg::tiled_partition<16>(cg::this_thread_block());
  cg::coalesced_group q = cg::binary_partition(tile, v % 3 == 0);
  o[kTileSize] = q.size();
  o[kTileRank] = q.thread_rank();
}

int main() {
  int ws = 0;
  HIP_CHECK(hipDeviceGetAttribute(&ws, hipDeviceAttributeWarpSize, 0));
  std::vector<int> h(ws), r(ws * kN);
  for (int i = 0; i < ws; i++) h[i] = (i * 37 + 11) % 101;
  int *in, *out;
  HIP_CHECK(hipMalloc(&in, ws * sizeof(int)));
  HIP_CHECK(hipMalloc(&out, r.size() * sizeof(int)));
  HIP_CHECK(hipMemcpy(in, h.data(), ws * sizeof(int), hipMemcpyHostToDevice));
  parts<<<1, ws>>>(in, out);
  HIP_CHECK(hipDeviceSynchronize());
  HIP_CHECK(hipMemcpy(r.data(), out, r.size() * sizeof(int), hipMemcpyDeviceToHost));
  for (int t = 0; t < ws; t++) {
    const int* o = &r[t * kN];
    int size = 0, rank = 0, any = 0, first = -1;
    for (int u = 0; u < ws; u++)
      if ((h[u] & 1) == (h[t] & 1)) {
        if (first < 0) first = h[u];
        size++;
        if (u < t) rank++;
        any |= h[u] > 50;
      }
    CHECK_EQ(o[kSize], size);
    CHECK_EQ(o[kRank], rank);
    CHECK_EQ(o[kAny] != 0, any != 0);
    CHECK_EQ(o[kAll] != 0, true);
    CHECK_EQ(o[kFirst], first);
    int tsize = 0, trank = 0, base = t / 16 * 16;
    for (int u = base; u < base + 16; u++)
      if ((h[u] % 3 == 0) == (h[t] % 3 == 0)) {
        tsize++;
        if (u < t) trank++;
      }
    CHECK_EQ(o[kTileSize], tsize);
    CHECK_EQ(o[kTileRank], trank);
  }
  HIP_CHECK(hipFree(in));
  HIP_CHECK(hipFree(out));
  return test_summary("cg_binary_partition");
}
