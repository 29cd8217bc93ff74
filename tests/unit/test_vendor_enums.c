// BUILD-WITH: -Isrc/lib -isystem ${CUDA_PATH:-/usr/local/cuda}/include tests/unit/vendor/enums_cuda.c -L$BUILD/lib -Wl,-rpath,$BUILD/lib -lhipc
/* The NVIDIA side of hipc's HIP libraries, checked without a GPU: every
 * enum value libhipblas, libhipfft and libhipsparse hand to cuBLAS, cuFFT
 * and cuSPARSE (their own headers' values, or the libraries' mappings)
 * equals the value in CUDA's headers (vendor/enum_pairs.h). Skipped where
 * the CUDA toolkit's headers are missing. */
#include <stdio.h>

#include "check.h"
#include "hipblas/internal.h"
#include "hipfft/hipfft.h"
#include "hipsparse/hipsparse.h"

extern const long vendor_values[];
extern const int vendor_count;

static const char* const names[] = {
#define PAIR(hip, cuda) #hip " == " #cuda,
#include "vendor/enum_pairs.h"
#undef PAIR
};

int main(void) {
  const long hip_values[] = {
#define PAIR(hip, cuda) (long)(hip),
#include "vendor/enum_pairs.h"
#undef PAIR
  };
  int n = (int)(sizeof hip_values / sizeof hip_values[0]);
  if (vendor_count == 0) {
    printf("skip: CUDA's headers (cublas_v2.h, cufft.h, cusparse.h) are missing\n");
    return 77;
  }
  CHECK_EQ(vendor_count, n);
  for (int i = 0; i < n && i < vendor_count; i++) {
    if (hip_values[i] != vendor_values[i])
      fprintf(stderr, "  %s: %ld != %ld\n", names[i], hip_values[i], vendor_values[i]);
    CHECK_EQ(hip_values[i], vendor_values[i]);
  }
  return check_summary("test_vendor_enums");
}
