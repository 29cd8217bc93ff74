// A tile of points per thread, each loaded and stored under its own guard
// (`if (i + 256 * t < n)`) around a long loop, as in HeCBench pnpoly (the
// crossing-number test of points against a polygon's edges): the GPU pass
// computes the guards again after the loop (kc's nvptx_remat_cmp.c)
// rather than keeping 32 predicates live across it. Checked against the
// host on a point count that leaves the last tiles partial, for tiles of
// 1, 8 and 32 points.
#include <cmath>
#include <vector>

#include "common.h"

#define BLOCK 256
#define EDGES 97

template <int TILE>
__global__ void k_tile(int* out, const float2* pt, const float2* edge,
                       int n) {
  int i = blockIdx.x * BLOCK * TILE + threadIdx.x;
  if (i >= n) return;
  int c[TILE];
  float2 p[TILE];
#pragma unroll
  for (int t = 0; t < TILE; t++) {
    c[t] = 0;
    if (i + BLOCK * t < n) p[t] = pt[i + BLOCK * t];
  }
  for (int j = 0, k = EDGES - 1; j < EDGES; k = j++) {
    float2 a = edge[j], b = edge[k];
    float slope = (b.x - a.x) / (b.y - a.y);
#pragma unroll
    for (int t = 0; t < TILE; t++)
      if ((a.y > p[t].y) != (b.y > p[t].y) &&
          p[t].x < fmaf(slope, p[t].y - a.y, a.x))
        c[t] = !c[t];
  }
#pragma unroll
  for (int t = 0; t < TILE; t++)
    if (i + BLOCK * t < n) out[i + BLOCK * t] = c[t];
}

template <int TILE>
static void run(const std::vector<float2>& pt, const std::vector<float2>& edge,
                const float2* dpt, const float2* dedge, int* dout) {
  int n = static_cast<int>(pt.size());
  HIP_CHECK(hipMemset(dout, 0xff, n * sizeof(int)));
  int blocks = (n + BLOCK * TILE - 1) / (BLOCK * TILE);
  hipLaunchKernelGGL(k_tile<TILE>, dim3(blocks), dim3(BLOCK), 0, 0, dout, dpt,
                     dedge, n);
  HIP_CHECK(hipDeviceSynchronize());
  std::vector<int> got(n), want(n);
  HIP_CHECK(hipMemcpy(got.data(), dout, n * sizeof(int),
                      hipMemcpyDeviceToHost));
  for (int k = 0; k < n; k++) {
    int c = 0;
    for (int j = 0, m = EDGES - 1; j < EDGES; m = j++) {
      float2 a = edge[j], b = edge[m];
      float slope = (b.x - a.x) / (b.y - a.y);
      if ((a.y > pt[k].y) != (b.y > pt[k].y) &&
          pt[k].x < std::fma(slope, pt[k].y - a.y, a.x))
        c = !c;
    }
    want[k] = c;
  }
  CHECK_ARRAY(got.data(), want.data(), n);
}

int main() {
  // Not a multiple of any tile: the last block's guards differ per point.
  const int n = 3 * BLOCK * 32 + 1000;
  std::vector<float2> pt(n), edge(EDGES);
  for (int k = 0; k < n; k++)
    pt[k] = make_float2(static_cast<float>((k * 37) % 1001) / 1000.f,
                        static_cast<float>((k * 91) % 997) / 996.f);
  // A star-shaped polygon around (0.5, 0.5): radii alternate.
  for (int j = 0; j < EDGES; j++) {
    double a = 6.283185307179586 * j / EDGES, r = j % 2 ? 0.45 : 0.2;
    edge[j] = make_float2(static_cast<float>(0.5 + r * std::cos(a)),
                          static_cast<float>(0.5 + r * std::sin(a)));
  }
  float2 *dpt, *dedge;
  int* dout;
  HIP_CHECK(hipMalloc(&dpt, n * sizeof(float2)));
  HIP_CHECK(hipMalloc(&dedge, EDGES * sizeof(float2)));
  HIP_CHECK(hipMalloc(&dout, n * sizeof(int)));
  HIP_CHECK(hipMemcpy(dpt, pt.data(), n * sizeof(float2),
                      hipMemcpyHostToDevice));
  HIP_CHECK(hipMemcpy(dedge, edge.data(), EDGES * sizeof(float2),
                      hipMemcpyHostToDevice));
  run<1>(pt, edge, dpt, dedge, dout);
  run<8>(pt, edge, dpt, dedge, dout);
  run<32>(pt, edge, dpt, dedge, dout);
  HIP_CHECK(hipFree(dpt));
  HIP_CHECK(hipFree(dedge));
  HIP_CHECK(hipFree(dout));
  return test_summary("tile_guards");
}
