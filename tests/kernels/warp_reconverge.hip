// Warps reconverge after a divergent branch: a warp collective that every
// lane executes after the branch sees every lane, even when only some lanes
// made a warp call inside the branch.
#include <vector>

#include "common.h"

// After a branch in which only some lanes shuffled, the warp reconverges:
// a __ballot that every lane executes sees every lane.
__global__ void k_reconverge(const int* in, int* out,
                             unsigned long long* ballots) {
  int t = threadIdx.x;
  int lane = t % warpSize;
  int v = in[t];
  if (lane < 16) v = __shfl_xor(v, 1);
  unsigned long long b = __ballot(1);
  out[t] = v;
  ballots[t] = b;
}

static void test_reconvergence_after_divergent_shuffle(int ws) {
  const int n = 2 * 64;
  std::vector<int> h(n), want(n), got(n);
  std::vector<unsigned long long> gb(n), wb(n);
  unsigned long long full = ws == 64 ? ~0ull : 0xFFFFFFFFull;
  for (int i = 0; i < n; i++) h[i] = 7 * i + 2;
  for (int t = 0; t < n; t++) {
    int lane = t % ws;
    want[t] = lane < 16 ? h[t ^ 1] : h[t];
    wb[t] = full;
  }
  int *din = nullptr, *dout = nullptr;
  unsigned long long* db = nullptr;
  HIP_CHECK(hipMalloc(&din, n * sizeof(int)));
  HIP_CHECK(hipMalloc(&dout, n * sizeof(int)));
  HIP_CHECK(hipMalloc(&db, n * sizeof(unsigned long long)));
  HIP_CHECK(hipMemcpy(din, h.data(), n * sizeof(int), hipMemcpyHostToDevice));
  k_reconverge<<<1, n>>>(din, dout, db);
  HIP_CHECK(hipDeviceSynchronize());
  HIP_CHECK(hipMemcpy(got.data(), dout, n * sizeof(int), hipMemcpyDeviceToHost));
  HIP_CHECK(hipMemcpy(gb.data(), db, n * sizeof(unsigned long long),
                      hipMemcpyDeviceToHost));
  CHECK_ARRAY(got.data(), want.data(), n);
  CHECK_ARRAY(gb.data(), wb.data(), n);
  HIP_CHECK(hipFree(din));
  HIP_CHECK(hipFree(dout));
  HIP_CHECK(hipFree(db));
}

int main() {
  int ws = test::device_warp_size();
  test_reconvergence_after_divergent_shuffle(ws);
  return test_summary("warp_reconverge");
}
