// The __HIP_ARCH_HAS_*__ macros: in device code they agree with the
// device's hipDeviceProp_t::arch flags; in host code they are 0.
#include "common.h"

__global__ void features(int* f) {
  f[0] = __HIP_ARCH_HAS_GLOBAL_INT32_ATOMICS__;
  f[1] = __HIP_ARCH_HAS_GLOBAL_FLOAT_ATOMIC_EXCH__;
  f[2] = __HIP_ARCH_HAS_SHARED_INT32_ATOMICS__;
  f[3] = __HIP_ARCH_HAS_SHARED_FLOAT_ATOMIC_EXCH__;
  f[4] = __HIP_ARCH_HAS_FLOAT_ATOMIC_ADD__;
  f[5] = __HIP_ARCH_HAS_GLOBAL_INT64_ATOMICS__;
  f[6] = __HIP_ARCH_HAS_SHARED_INT64_ATOMICS__;
  f[7] = __HIP_ARCH_HAS_DOUBLES__;
  f[8] = __HIP_ARCH_HAS_WARP_VOTE__;
  f[9] = __HIP_ARCH_HAS_WARP_BALLOT__;
  f[10] = __HIP_ARCH_HAS_WARP_SHUFFLE__;
  f[11] = __HIP_ARCH_HAS_WARP_FUNNEL_SHIFT__;
  f[12] = __HIP_ARCH_HAS_THREAD_FENCE_SYSTEM__;
  f[13] = __HIP_ARCH_HAS_SYNC_THREAD_EXT__;
  f[14] = __HIP_ARCH_HAS_SURFACE_FUNCS__;
  f[15] = __HIP_ARCH_HAS_3DGRID__;
  f[16] = __HIP_ARCH_HAS_DYNAMIC_PARALLEL__;
}

int main() {
  int* d;
  int h[17];
  HIP_CHECK(hipMalloc(&d, sizeof h));
  features<<<1, 1>>>(d);
  HIP_CHECK(hipMemcpy(h, d, sizeof h, hipMemcpyDeviceToHost));
  hipDeviceProp_t p;
  HIP_CHECK(hipGetDeviceProperties(&p, 0));
  const hipDeviceArch_t& a = p.arch;
  const int want[17] = {(int)a.hasGlobalInt32Atomics,    (int)a.hasGlobalFloatAtomicExch,
                        (int)a.hasSharedInt32Atomics,    (int)a.hasSharedFloatAtomicExch,
                        (int)a.hasFloatAtomicAdd,        (int)a.hasGlobalInt64Atomics,
                        (int)a.hasSharedInt64Atomics,    (int)a.hasDoubles,
                        (int)a.hasWarpVote,              (int)a.hasWarpBallot,
                        (int)a.hasWarpShuffle,           (int)a.hasFunnelShift,
                        (int)a.hasThreadFenceSystem,     (int)a.hasSyncThreadsExt,
                        (int)a.hasSurfaceFuncs,          (int)a.has3dGrid,
                        (int)a.hasDynamicParallelism};
  CHECK_ARRAY(h, want, 17);
  // The CPU device: everything but dynamic parallelism.
  if (std::strncmp(p.gcnArchName, "sm_", 3) != 0) {
    CHECK_EQ(h[0], 1);
    CHECK_EQ(h[15], 1);
    CHECK_EQ(h[16], 0);
  }
  // Host code: 0.
  CHECK_EQ(__HIP_ARCH_HAS_DOUBLES__, 0);
  CHECK_EQ(__HIP_ARCH_HAS_WARP_SHUFFLE__, 0);
  HIP_CHECK(hipFree(d));
  return test_summary("arch_features");
}
