// Two-pointer merges whose `else if (a < b) i++; else j++;` the GPU pass
// makes selects (nvptx_join_select.c; tests/hipcc/hipcc_device_join_select.sh
// checks the PTX): HeCBench jaccard's intersection of sorted CSR rows, one
// row pair per lane so that a warp's lanes merge lists of different
// lengths, and a three-way count with float and pointer arms, each against
// the same function on the host.
#include "common.h"

constexpr int kRows = 256;
constexpr int kMaxLen = 48;

__host__ __device__ float intersect(const int* ptr, const int* ind,
                                    const float* w, int r, int c) {
  int i = ptr[r], ie = ptr[r + 1], j = ptr[c], je = ptr[c + 1];
  float s = 0;
  while (i < ie && j < je) {
    int a = ind[i], b = ind[j];
    if (a == b) {
      s += w[a];
      i++;
      j++;
    } else if (a < b) {
      i++;
    } else {
      j++;
    }
  }
  return s + (float)(i - ptr[r]) * 1000.0f + (float)(j - ptr[c]);
}

__host__ __device__ unsigned three_way(const int* ind, int n, int pivot) {
  unsigned lo = 0, hi = 0, eq = 0;
  float f = 1.0f;
  const int* p = ind;
  for (int k = 0; k < n; k++) {
    int v = ind[k];
    if (v == pivot) {
      eq += 3;
      f = f * 0.5f + 1.0f;
    } else if (v < pivot) {
      lo = lo * 3 + (unsigned)v;
      p += 1;
    } else {
      hi ^= (unsigned)v << 2;
      f = f - 0.125f;
    }
  }
  // f goes below zero: through int, as a float-to-unsigned conversion of a
  // negative value is undefined (x86 wraps it, the GPU gives 0).
  return lo * 7 + hi * 13 + eq + (unsigned)(int)(f * 64.0f) +
         (unsigned)(p - ind) * 5;
}

__global__ void merges(const int* ptr, const int* ind, const float* w,
                       float* out, unsigned* out3) {
  int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r >= kRows) return;
  int c = (r * 37 + 11) % kRows;
  out[r] = intersect(ptr, ind, w, r, c);
  out3[r] = three_way(ind + ptr[r], ptr[r + 1] - ptr[r], 50 + r % 7);
}

int main() {
  // Sorted rows of 0..kMaxLen-1 columns out of 100, lengths that differ
  // from lane to lane.
  static int ptr[kRows + 1], ind[kRows * kMaxLen];
  static float w[100];
  unsigned seed = 12345;
  int n = 0;
  for (int r = 0; r < kRows; r++) {
    ptr[r] = n;
    seed = seed * 1103515245u + 12345u;
    int len = (int)(seed >> 16) % kMaxLen;
    int col = 0;
    for (int k = 0; k < len && col < 100; k++) {
      seed = seed * 1103515245u + 12345u;
      col += 1 + (int)(seed >> 16) % 4;
      if (col < 100) ind[n++] = col;
    }
  }
  ptr[kRows] = n;
  for (int i = 0; i < 100; i++) w[i] = (float)i * 0.75f + 0.5f;
  int *dptr, *dind;
  float *dw, *dout;
  unsigned* dout3;
  HIP_CHECK(hipMalloc(&dptr, sizeof ptr));
  HIP_CHECK(hipMalloc(&dind, sizeof ind));
  HIP_CHECK(hipMalloc(&dw, sizeof w));
  HIP_CHECK(hipMalloc(&dout, kRows * sizeof(float)));
  HIP_CHECK(hipMalloc(&dout3, kRows * sizeof(unsigned)));
  HIP_CHECK(hipMemcpy(dptr, ptr, sizeof ptr, hipMemcpyHostToDevice));
  HIP_CHECK(hipMemcpy(dind, ind, sizeof ind, hipMemcpyHostToDevice));
  HIP_CHECK(hipMemcpy(dw, w, sizeof w, hipMemcpyHostToDevice));
  merges<<<kRows / 64, 64>>>(dptr, dind, dw, dout, dout3);
  HIP_CHECK(hipGetLastError());
  float got[kRows];
  unsigned got3[kRows];
  HIP_CHECK(hipMemcpy(got, dout, sizeof got, hipMemcpyDeviceToHost));
  HIP_CHECK(hipMemcpy(got3, dout3, sizeof got3, hipMemcpyDeviceToHost));
  for (int r = 0; r < kRows; r++) {
    CHECK_EQ(got[r], intersect(ptr, ind, w, r, (r * 37 + 11) % kRows));
    CHECK_EQ(got3[r], three_way(ind + ptr[r], ptr[r + 1] - ptr[r], 50 + r % 7));
  }
  HIP_CHECK(hipFree(dptr));
  HIP_CHECK(hipFree(dind));
  HIP_CHECK(hipFree(dw));
  HIP_CHECK(hipFree(dout));
  HIP_CHECK(hipFree(dout3));
  return test_summary("merge_branches");
}
