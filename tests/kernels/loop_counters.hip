// Loops whose 32-bit counters meet 64-bit bounds and 2-D index arithmetic,
// the shapes hipcc's GPU pass compiles without LLVM's loop strength
// reduction (tests/hipcc/hipcc_device_lsr.sh checks the PTX): the sums of
// `i % 3` and of `i / 7` for many trip counts (not multiples of the
// unroll factor too) and a strided 2-D gather, against the host.
#include <vector>

#include "common.h"

__global__ void k_mod(long long* out, const long* counts) {
  long count = counts[blockIdx.x * blockDim.x + threadIdx.x];
  long long acc = 0;
  for (int i = 0; i < count; i++) acc += i % 3 + 10 * (i / 7);
  out[blockIdx.x * blockDim.x + threadIdx.x] = acc;
}

// Each thread sums column `c` of rows r0..r0+nr-1 of a rows x cols table.
__global__ void k_gather(float* out, const float* in, int rows, int cols,
                         int nr) {
  int c = blockIdx.x * blockDim.x + threadIdx.x;
  if (c >= cols) return;
  float s = 0;
  for (int r = 0; r < nr; r++)
    for (int k = 0; k < 3; k++) s += in[((r * 3 + k) % rows) * cols + c];
  out[c] = s;
}

int main() {
  const int n = 128;
  std::vector<long> counts(n);
  for (int t = 0; t < n; t++) counts[t] = t * 37 + (t % 9);
  long *d_counts;
  long long* d_out;
  HIP_CHECK(hipMalloc(&d_counts, n * sizeof(long)));
  HIP_CHECK(hipMalloc(&d_out, n * sizeof(long long)));
  HIP_CHECK(hipMemcpy(d_counts, counts.data(), n * sizeof(long),
                      hipMemcpyHostToDevice));
  k_mod<<<2, n / 2>>>(d_out, d_counts);
  HIP_CHECK(hipGetLastError());
  std::vector<long long> got(n);
  HIP_CHECK(hipMemcpy(got.data(), d_out, n * sizeof(long long),
                      hipMemcpyDeviceToHost));
  std::vector<long long> want(n);
  for (int t = 0; t < n; t++) {
    long long a = 0;
    for (long i = 0; i < counts[t]; i++) a += i % 3 + 10 * (i / 7);
    want[t] = a;
  }
  CHECK_ARRAY(got.data(), want.data(), n);

  const int rows = 45, cols = 300, nr = 29;
  std::vector<float> in(rows * cols);
  for (int i = 0; i < rows * cols; i++) in[i] = static_cast<float>(i % 97);
  float *d_in, *d_g;
  HIP_CHECK(hipMalloc(&d_in, in.size() * sizeof(float)));
  HIP_CHECK(hipMalloc(&d_g, cols * sizeof(float)));
  HIP_CHECK(hipMemcpy(d_in, in.data(), in.size() * sizeof(float),
                      hipMemcpyHostToDevice));
  k_gather<<<(cols + 63) / 64, 64>>>(d_g, d_in, rows, cols, nr);
  HIP_CHECK(hipGetLastError());
  std::vector<float> g(cols), gw(cols);
  HIP_CHECK(hipMemcpy(g.data(), d_g, cols * sizeof(float),
                      hipMemcpyDeviceToHost));
  for (int c = 0; c < cols; c++) {
    float s = 0;
    for (int r = 0; r < nr; r++)
      for (int k = 0; k < 3; k++) s += in[((r * 3 + k) % rows) * cols + c];
    gw[c] = s;  // sums of integers below 2^24: exact in any order
  }
  CHECK_ARRAY(g.data(), gw.data(), cols);
  HIP_CHECK(hipFree(d_counts));
  HIP_CHECK(hipFree(d_out));
  HIP_CHECK(hipFree(d_in));
  HIP_CHECK(hipFree(d_g));
  return test_summary("loop_counters");
}
