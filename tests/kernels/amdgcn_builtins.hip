// The __builtin_amdgcn_* builtins portable HIP code calls (hip/hipc/amdgcn.h)
// and the platform hipc presents (__HIP_PLATFORM_AMD__): lane counts
// (mbcnt_lo/hi), lane reads (readfirstlane, readlane, ds_bpermute), ballots,
// work-item and work-group ids and sizes, the dot products, the clocks and
// s_sleep. Expected values computed on the host.
#include <vector>

#include "common.h"

#if !defined(__HIP_PLATFORM_AMD__) || defined(__HIP_PLATFORM_NVIDIA__)
#error "hipc presents AMD's platform"
#endif
#if !defined(__HIP_PLATFORM_HCC__)
#error "the old spelling too"
#endif

enum { kLane, kFirst, kRead3, kPerm, kBallot, kIds, kSizes, kWave, kN };

__global__ void lanes(unsigned* out) {
  unsigned t = threadIdx.x + threadIdx.y * blockDim.x;
  unsigned* o = out + (blockIdx.x * blockDim.x * blockDim.y + t) * kN;
  // A thread's lane: the usual mbcnt idiom.
  o[kLane] = __builtin_amdgcn_mbcnt_hi(~0u, __builtin_amdgcn_mbcnt_lo(~0u, 0u));
  unsigned v = 1000 * blockIdx.x + t;
  o[kRead3] = __builtin_amdgcn_readlane(v, 3);
  // Each lane pulls from the lane after it (wrapping in the warp).
  unsigned lane = o[kLane];
  unsigned src = (lane + 1) % warpSize;
  o[kPerm] = __builtin_amdgcn_ds_bpermute(src * 4, v);
  unsigned long long b = __builtin_amdgcn_ballot_w64(t % 3 == 0);
  o[kBallot] = __builtin_popcountll(b);
  o[kIds] = __builtin_amdgcn_workitem_id_x() + 100 * __builtin_amdgcn_workgroup_id_x() +
            10000 * __builtin_amdgcn_workitem_id_y();
  o[kSizes] = __builtin_amdgcn_workgroup_size_x() + 1000 * __builtin_amdgcn_grid_size_x();
  __builtin_amdgcn_wave_barrier();
  o[kWave] = __builtin_amdgcn_wavefrontsize();
  // The lowest active lane of a divergent branch (last: the CPU device does
  // not reconverge the warp after it).
  o[kFirst] = 0;
  if (t % 4 == 2) o[kFirst] = __builtin_amdgcn_readfirstlane(v);
}

__global__ void arith(const int* a, const int* b, int* out, unsigned long long* clk) {
  int i = threadIdx.x;
  out[4 * i + 0] = __builtin_amdgcn_sdot4(a[i], b[i], 7, false);
  out[4 * i + 1] = (int)__builtin_amdgcn_udot4(a[i], b[i], 7u, false);
  out[4 * i + 2] = __builtin_amdgcn_sdot2(a[i], b[i], -5, false);
  out[4 * i + 3] = (__builtin_amdgcn_sdot4(0x7f7f7f7f, 0x7f7f7f7f, 0x7fffffff, true) -
                    0x7fffffff) +
                   (__builtin_amdgcn_sudot4(true, a[i], true, b[i], 0, false) -
                    __builtin_amdgcn_sdot4(a[i], b[i], 0, false)) +
                   __builtin_amdgcn_sudot4(false, 0x01020304, true, -1, 0, false);
  if (i == 0) {
    unsigned long long t0 = __builtin_amdgcn_s_memrealtime();
    unsigned long long c0 = __builtin_amdgcn_s_memtime();
    for (int k = 0; k < 200; k++) __builtin_amdgcn_s_sleep(127);
    clk[0] = __builtin_amdgcn_s_memrealtime() - t0;
    clk[1] = __builtin_amdgcn_s_memtime() - c0;
  }
}

static int sdot_ref(int a, int b, int c, int bits) {
  long long s = c;
  for (int k = 0; k < 32 / bits; k++) {
    long long x = (long long)(int)((unsigned)a << (32 - bits * (k + 1))) >> (32 - bits);
    long long y = (long long)(int)((unsigned)b << (32 - bits * (k + 1))) >> (32 - bits);
    s += x * y;
  }
  return (int)s;
}

int main() {
  int ws = 0;
  HIP_CHECK(hipDeviceGetAttribute(&ws, hipDeviceAttributeWarpSize, 0));
  const int blocks = 2, bx = 2 * ws, by = 2, nt = bx * by;
  unsigned* d;
  HIP_CHECK(hipMalloc(&d, blocks * nt * kN * sizeof(unsigned)));
  lanes<<<blocks, dim3(bx, by)>>>(d);
  HIP_CHECK(hipDeviceSynchronize());
  std::vector<unsigned> h(blocks * nt * kN);
  HIP_CHECK(hipMemcpy(h.data(), d, h.size() * sizeof(unsigned), hipMemcpyDeviceToHost));
  for (int blk = 0; blk < blocks; blk++)
    for (int t = 0; t < nt; t++) {
      const unsigned* o = &h[(blk * nt + t) * kN];
      unsigned lane = t % ws, warp0 = t - lane;
      CHECK_EQ(o[kLane], lane);
      if (t % 4 == 2) CHECK_EQ(o[kFirst], 1000u * blk + warp0 + 2);
      CHECK_EQ(o[kRead3], 1000u * blk + warp0 + 3);
      CHECK_EQ(o[kPerm], 1000u * blk + warp0 + (lane + 1) % ws);
      unsigned want = 0;
      for (int l = 0; l < ws; l++) want += ((warp0 + l) % 3 == 0);
      CHECK_EQ(o[kBallot], want);
      unsigned x = t % bx, y = t / bx;
      CHECK_EQ(o[kIds], x + 100u * blk + 10000u * y);
      CHECK_EQ(o[kSizes], (unsigned)bx + 1000u * blocks * bx);
      CHECK_EQ(o[kWave], (unsigned)ws);
    }

  const int n = 32;
  std::vector<int> ha(n), hb(n);
  for (int i = 0; i < n; i++) {
    ha[i] = (int)(0x9e3779b9u * (i + 1));
    hb[i] = (int)(0x85ebca6bu * (i + 7));
  }
  int *da, *db, *dout;
  unsigned long long* dclk;
  HIP_CHECK(hipMalloc(&da, n * sizeof(int)));
  HIP_CHECK(hipMalloc(&db, n * sizeof(int)));
  HIP_CHECK(hipMalloc(&dout, 4 * n * sizeof(int)));
  HIP_CHECK(hipMalloc(&dclk, 2 * sizeof(unsigned long long)));
  HIP_CHECK(hipMemcpy(da, ha.data(), n * sizeof(int), hipMemcpyHostToDevice));
  HIP_CHECK(hipMemcpy(db, hb.data(), n * sizeof(int), hipMemcpyHostToDevice));
  arith<<<1, n>>>(da, db, dout, dclk);
  HIP_CHECK(hipDeviceSynchronize());
  std::vector<int> ho(4 * n);
  unsigned long long clk[2];
  HIP_CHECK(hipMemcpy(ho.data(), dout, ho.size() * sizeof(int), hipMemcpyDeviceToHost));
  HIP_CHECK(hipMemcpy(clk, dclk, sizeof clk, hipMemcpyDeviceToHost));
  for (int i = 0; i < n; i++) {
    CHECK_EQ(ho[4 * i + 0], sdot_ref(ha[i], hb[i], 7, 8));
    unsigned long long u = 7;
    for (int k = 0; k < 4; k++)
      u += (((unsigned)ha[i] >> (8 * k)) & 255u) * (((unsigned)hb[i] >> (8 * k)) & 255u);
    CHECK_EQ(ho[4 * i + 1], (int)(unsigned)u);
    CHECK_EQ(ho[4 * i + 2], sdot_ref(ha[i], hb[i], -5, 16));
    // sdot4 clamped to INT_MAX, sudot4 of two signed operands is sdot4, and
    // an unsigned-by-signed sudot4: (1 + 2 + 3 + 4) * -1
    CHECK_EQ(ho[4 * i + 3], -10);
  }
  // 200 sleeps of 127*64 cycles: at least a millisecond at a 1 GHz rate or
  // slower; the wall clock runs at hipDeviceAttributeWallClockRate.
  int rate_khz = 0;
  HIP_CHECK(hipDeviceGetAttribute(&rate_khz, hipDeviceAttributeWallClockRate, 0));
  CHECK(clk[0] > 0);
  CHECK(clk[1] > 0);
  CHECK((double)clk[0] / rate_khz < 10000.0);  // under 10 s
  HIP_CHECK(hipFree(d));
  HIP_CHECK(hipFree(da));
  HIP_CHECK(hipFree(db));
  HIP_CHECK(hipFree(dout));
  HIP_CHECK(hipFree(dclk));
  return test_summary("amdgcn_builtins");
}
