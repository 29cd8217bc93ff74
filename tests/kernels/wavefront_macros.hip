// The wavefront-size macros of code written for AMD GPUs. On the CPU device
// (64-lane warps by default) the device pass defines what clang's AMD
// target defines for a gfx9 GPU: __GFX9__ and __AMDGCN_WAVEFRONT_SIZE(__)
// 64, but no processor macro (__gfx90a__ ...) and no __AMDGCN__, which
// guard AMD instructions. NVIDIA GPUs (warp 32) get none.
// A kernel sized the way HeCBench and hip-tests size theirs (64 when
// __GFX8__/__GFX9__, else 32) then agrees with the device's warp: its
// ballot of the whole warp has that many bits set, and a tile of that size
// covers the warp. (-mno-wavefrontsize64: tests/hipcc/hipcc_wavefront_macros.sh.)
#include <hip/hip_cooperative_groups.h>

#include <cstring>
#include <vector>

#include "common.h"

namespace cg = cooperative_groups;

#if defined(__GFX8__) || defined(__GFX9__)
#define WAVE 64
#else
#define WAVE 32
#endif

enum { kGfx9, kSize, kSizeOld, kProcessor, kWarp, kBallot, kTile, kN };

__global__ void read_macros(int* out) {
  if (threadIdx.x != 0) return;
#if defined(__GFX9__)
  out[kGfx9] = 1;
#else
  out[kGfx9] = 0;
#endif
#if defined(__AMDGCN_WAVEFRONT_SIZE__)
  out[kSize] = __AMDGCN_WAVEFRONT_SIZE__;
#else
  out[kSize] = 0;
#endif
#if defined(__AMDGCN_WAVEFRONT_SIZE)
  out[kSizeOld] = __AMDGCN_WAVEFRONT_SIZE;
#else
  out[kSizeOld] = 0;
#endif
#if defined(__AMDGCN__) || defined(__AMDGPU__) || defined(__gfx906__) || \
    defined(__gfx908__) || defined(__gfx90a__) || defined(__gfx942__)
  out[kProcessor] = 1;
#else
  out[kProcessor] = 0;
#endif
  out[kWarp] = warpSize;
}

// Every lane of a 64-thread block votes; lane 0 of each WAVE-sized tile
// writes the ballot's count and the tile's size.
__global__ void sized_by_macro(int* out) {
  unsigned long long b = __ballot(1);
  cg::thread_block_tile<WAVE> t =
      cg::tiled_partition<WAVE>(cg::this_thread_block());
  if (threadIdx.x == 0) {
    out[kBallot] = __popcll(b);
    out[kTile] = static_cast<int>(t.num_threads());
  }
}

int main() {
  // (The host pass has clang's own HIP host macros, __AMDGCN_WAVEFRONT_SIZE
  // 64 among them, as with AMD's compiler: not checked here.)
  hipDeviceProp_t p;
  HIP_CHECK(hipGetDeviceProperties(&p, 0));
  bool cpu = std::strcmp(p.gcnArchName, "hipc-cpu") == 0;
  int* d;
  HIP_CHECK(hipMalloc(&d, kN * sizeof(int)));
  HIP_CHECK(hipMemset(d, 0xff, kN * sizeof(int)));
  read_macros<<<1, 64>>>(d);
  HIP_CHECK(hipGetLastError());
  std::vector<int> h(kN);
  HIP_CHECK(hipMemcpy(h.data(), d, kN * sizeof(int), hipMemcpyDeviceToHost));
  CHECK_EQ(h[kWarp], p.warpSize);
  CHECK_EQ(h[kProcessor], 0);
  if (cpu) {
    // Built with the default, -mwavefrontsize64: gfx9's macros.
    CHECK_EQ(h[kGfx9], 1);
    CHECK_EQ(h[kSize], 64);
    CHECK_EQ(h[kSizeOld], 64);
  } else {
    CHECK_EQ(h[kGfx9], 0);
    CHECK_EQ(h[kSize], 0);
    CHECK_EQ(h[kSizeOld], 0);
  }
  // Where the device code's WAVE and the warp agree (the CPU device at its
  // default warp size 64; NVIDIA GPUs), a WAVE-sized tile and a ballot of
  // every lane cover the warp exactly.
  int wave = h[kGfx9] == 1 ? 64 : 32;
  if (p.warpSize == wave) {
    sized_by_macro<<<1, 64>>>(d);
    HIP_CHECK(hipGetLastError());
    HIP_CHECK(hipMemcpy(h.data(), d, kN * sizeof(int),
                        hipMemcpyDeviceToHost));
    CHECK_EQ(h[kBallot], p.warpSize);
    CHECK_EQ(h[kTile], p.warpSize);
  } else {
    CHECK(cpu && p.warpSize == 32);  // HIPC_WARP_SIZE=32
  }
  HIP_CHECK(hipFree(d));
  return test_summary("wavefront_macros");
}
