// Scans of a local byte array, the loop shape of HeCBench nqueen's
// queens_stillLegal: for each depth d, whether no earlier byte equals the
// incremented byte d. The GPU pass keeps it scalar, as nvcc does; LLVM's
// loop vectoriser (HIPC_NVPTX_VECTORIZE=1 at build time) makes 4-byte
// vectors of it (tests/hipcc/hipcc_device_novectorize.sh checks the PTX).
// Counts for n = 0..20 against the host's.
#include <vector>

#include "common.h"

__global__ void k_scan(const char* __restrict__ in, int* __restrict__ out,
                       int n) {
  char b[20];
  int t = threadIdx.x, count = 0;
  for (int i = 0; i < n; i++) b[i] = in[t + i];
  for (int d = 1; d < n; d++) {
    b[d]++;
    bool safe = true;
    for (int i = 0; i < d; i++)
      if (b[i] == b[d]) safe = false;
    count += safe;
  }
  out[t] = count;
}

int main() {
  const int nt = 64, len = nt + 20;
  std::vector<char> in(len);
  for (int k = 0; k < len; k++) in[k] = (char)((k * 7 + 3) % 11 - 5);
  char* d_in;
  int* d_out;
  HIP_CHECK(hipMalloc(&d_in, len));
  HIP_CHECK(hipMalloc(&d_out, nt * sizeof(int)));
  HIP_CHECK(hipMemcpy(d_in, in.data(), len, hipMemcpyHostToDevice));
  for (int n = 0; n <= 20; n++) {
    k_scan<<<1, nt>>>(d_in, d_out, n);
    HIP_CHECK(hipGetLastError());
    std::vector<int> got(nt), want(nt);
    HIP_CHECK(hipMemcpy(got.data(), d_out, nt * sizeof(int),
                        hipMemcpyDeviceToHost));
    for (int t = 0; t < nt; t++) {
      std::vector<int> b(in.begin() + t, in.begin() + t + 20);
      int count = 0;
      for (int d = 1; d < n; d++) {
        b[d] = (char)(b[d] + 1);
        int safe = 1;
        for (int i = 0; i < d; i++) safe &= b[i] != b[d];
        count += safe;
      }
      want[t] = count;
    }
    CHECK_ARRAY(got.data(), want.data(), nt);
  }
  HIP_CHECK(hipFree(d_in));
  HIP_CHECK(hipFree(d_out));
  return test_summary("byte_scan");
}
