// A kernel that needs more than 64 registers a thread, without launch
// bounds, launched with 1024-thread blocks (HIP's default bound) and with
// small ones. On NVIDIA GPUs hipcc keeps the kernel uncapped and adds a
// variant capped at 64 registers (tests/hipcc/hipcc_device_regs.sh); the
// runtime must launch the variant for the blocks the kernel cannot run
// (launch, graph, occupancy) and the kernel itself for the rest. Every
// result is checked against the host's.
#include <cstring>
#include <vector>

#include "common.h"

#define LIVE 96

// LIVE values live across the loop: far more than 64 registers uncapped.
// Unsigned arithmetic wraps alike on the host and the device.
__global__ void k_many(unsigned* out, const unsigned* in, int rounds) {
  unsigned t = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned acc[LIVE];
#pragma unroll
  for (int j = 0; j < LIVE; j++) acc[j] = in[j] + t * (j + 1);
  for (int r = 0; r < rounds; r++) {
#pragma unroll
    for (int j = 0; j < LIVE; j++)
      acc[j] = acc[j] * (acc[(j + 1) % LIVE] | 1u) + in[r % LIVE];
  }
  unsigned s = 0;
#pragma unroll
  for (int j = 0; j < LIVE; j++) s ^= acc[j] + j;
  out[t] = s;
}

static unsigned host_many(unsigned t, const unsigned* in, int rounds) {
  unsigned acc[LIVE];
  for (int j = 0; j < LIVE; j++) acc[j] = in[j] + t * (j + 1);
  for (int r = 0; r < rounds; r++)
    for (int j = 0; j < LIVE; j++)
      acc[j] = acc[j] * (acc[(j + 1) % LIVE] | 1u) + in[r % LIVE];
  unsigned s = 0;
  for (int j = 0; j < LIVE; j++) s ^= acc[j] + j;
  return s;
}

int main() {
  const int rounds = 6, blocks = 2, n = blocks * 1024;
  std::vector<unsigned> in(LIVE), want(n), got(n);
  for (int j = 0; j < LIVE; j++) in[j] = 2654435761u * (j + 7);
  for (int t = 0; t < n; t++) want[t] = host_many(t, in.data(), rounds);
  unsigned *d_in, *d_out;
  HIP_CHECK(hipMalloc(&d_in, LIVE * sizeof(unsigned)));
  HIP_CHECK(hipMalloc(&d_out, n * sizeof(unsigned)));
  HIP_CHECK(hipMemcpy(d_in, in.data(), LIVE * sizeof(unsigned),
                      hipMemcpyHostToDevice));

  // Blocks of 1024, 512 and 64 threads, the same threads in all.
  for (int b : {1024, 512, 64}) {
    HIP_CHECK(hipMemset(d_out, 0, n * sizeof(unsigned)));
    k_many<<<n / b, b>>>(d_out, d_in, rounds);
    CHECK_ERR(hipGetLastError(), hipSuccess);
    HIP_CHECK(hipMemcpy(got.data(), d_out, n * sizeof(unsigned),
                        hipMemcpyDeviceToHost));
    CHECK_ARRAY(got.data(), want.data(), n);
  }

  // The 1024-thread launch in a graph.
  hipStream_t s;
  HIP_CHECK(hipStreamCreate(&s));
  HIP_CHECK(hipMemset(d_out, 0, n * sizeof(unsigned)));
  hipGraph_t g;
  hipGraphExec_t ge;
  HIP_CHECK(hipStreamBeginCapture(s, hipStreamCaptureModeGlobal));
  k_many<<<blocks, 1024, 0, s>>>(d_out, d_in, rounds);
  HIP_CHECK(hipStreamEndCapture(s, &g));
  HIP_CHECK(hipGraphInstantiate(&ge, g, nullptr, nullptr, 0));
  HIP_CHECK(hipGraphLaunch(ge, s));
  HIP_CHECK(hipStreamSynchronize(s));
  HIP_CHECK(hipMemcpy(got.data(), d_out, n * sizeof(unsigned),
                      hipMemcpyDeviceToHost));
  CHECK_ARRAY(got.data(), want.data(), n);
  HIP_CHECK(hipGraphExecDestroy(ge));
  HIP_CHECK(hipGraphDestroy(g));
  HIP_CHECK(hipStreamDestroy(s));

  // What a program asks before it launches: 1024 threads fit.
  hipFuncAttributes a;
  HIP_CHECK(hipFuncGetAttributes(&a, reinterpret_cast<const void*>(k_many)));
  CHECK_EQ(a.maxThreadsPerBlock, 1024);
  int per_mp = 0;
  HIP_CHECK(hipOccupancyMaxActiveBlocksPerMultiprocessor(
      &per_mp, k_many, 1024, 0));
  CHECK(per_mp >= 1);
  hipDeviceProp_t p;
  HIP_CHECK(hipGetDeviceProperties(&p, 0));
  // On a GPU the kernel itself keeps its registers (the variant runs the
  // large blocks).
  if (std::strncmp(p.gcnArchName, "sm_", 3) == 0) CHECK(a.numRegs > 64);

  HIP_CHECK(hipFree(d_in));
  HIP_CHECK(hipFree(d_out));
  return test_summary("launch_regcap");
}
