// Copies to and from a __device__ variable take only the kinds whose
// device side is the variable's (AMD's runtime: to a symbol host-to-device,
// device-to-device or default; from one device-to-host, device-to-device
// or default); any other kind is hipErrorInvalidMemcpyDirection and
// nothing moves.
#include "common.h"

__device__ int sym;

__global__ void k_read(int* out) { *out = sym; }

int main() {
  int v = 41, r = 0;
  HIP_CHECK(hipMemcpyToSymbol(HIP_SYMBOL(sym), &v, sizeof v, 0,
                              hipMemcpyHostToDevice));
  int bad = 7;
  CHECK_ERR(hipMemcpyToSymbol(HIP_SYMBOL(sym), &bad, sizeof bad, 0,
                              hipMemcpyDeviceToHost),
            hipErrorInvalidMemcpyDirection);
  CHECK_ERR(hipMemcpyToSymbol(HIP_SYMBOL(sym), &bad, sizeof bad, 0,
                              hipMemcpyHostToHost),
            hipErrorInvalidMemcpyDirection);
  CHECK_ERR(hipMemcpyToSymbolAsync(HIP_SYMBOL(sym), &bad, sizeof bad, 0,
                                   hipMemcpyDeviceToHost, nullptr),
            hipErrorInvalidMemcpyDirection);
  CHECK_ERR(hipMemcpyFromSymbol(&r, HIP_SYMBOL(sym), sizeof r, 0,
                                hipMemcpyHostToDevice),
            hipErrorInvalidMemcpyDirection);
  CHECK_ERR(hipMemcpyFromSymbolAsync(&r, HIP_SYMBOL(sym), sizeof r, 0,
                                     hipMemcpyHostToDevice, nullptr),
            hipErrorInvalidMemcpyDirection);
  CHECK_EQ(r, 0);
  HIP_CHECK(hipMemcpyFromSymbol(&r, HIP_SYMBOL(sym), sizeof r, 0,
                                hipMemcpyDeviceToHost));
  CHECK_EQ(r, 41);
  r = 0;
  HIP_CHECK(hipMemcpyFromSymbol(&r, HIP_SYMBOL(sym), sizeof r, 0,
                                hipMemcpyDefault));
  CHECK_EQ(r, 41);

  // Device to device, both ways.
  int* d = nullptr;
  HIP_CHECK(hipMalloc(&d, sizeof(int)));
  int w = 99;
  HIP_CHECK(hipMemcpy(d, &w, sizeof w, hipMemcpyHostToDevice));
  HIP_CHECK(hipMemcpyToSymbol(HIP_SYMBOL(sym), d, sizeof(int), 0,
                              hipMemcpyDeviceToDevice));
  int* out = nullptr;
  HIP_CHECK(hipMalloc(&out, sizeof(int)));
  k_read<<<1, 1>>>(out);
  HIP_CHECK(hipMemcpy(&r, out, sizeof r, hipMemcpyDeviceToHost));
  CHECK_EQ(r, 99);
  HIP_CHECK(hipFree(d));
  HIP_CHECK(hipFree(out));
  return test_summary("symbol_direction");
}
