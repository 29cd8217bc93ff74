#!/usr/bin/env bash
# A HIP program (C++) that fills its data with a kernel, then calls
# hipBLAS, hipFFT and hipSPARSE on the same stream, builds with
# `hipcc ... -lhipblas -lhipfft -lhipsparse` and checks the results on the
# host; with the device pass's tools it also compiles for sm_90 (the
# headers in both passes). Libraries the build left out are left out here.
[ -n "${HIPC_SANITIZED:-}" ] && exit 77
set -u
. "$(dirname "${BASH_SOURCE[0]}")/common.bash"
need_libhipc

libs=() defs=()
for l in hipblas hipfft hipsparse; do
  if [ -e "$BUILD/lib/lib$l.so" ]; then
    libs+=("-l$l")
    defs+=("-DHAVE_${l^^}")
  fi
done

cat > libs.hip <<'SRC'
#include <hip/hip_runtime.h>
#include <cmath>
#include <cstdio>
#ifdef HAVE_HIPBLAS
#include <hipblas/hipblas.h>
#endif
#ifdef HAVE_HIPFFT
#include <hipfft/hipfft.h>
#endif
#ifdef HAVE_HIPSPARSE
#include <hipsparse.h>
#endif

__global__ void fill(float* p, int n, float scale) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) p[i] = scale * (float)(i % 7) - 1.0f;
}

static int failures;
#define EXPECT(c) do { if (!(c)) { printf("failed: %s\n", #c); failures++; } } while (0)

int main() {
  const int n = 16;
  hipStream_t s;
  hipStreamCreate(&s);
  float *a, *b, *c;
  hipMalloc(&a, n * n * sizeof(float));
  hipMalloc(&b, n * n * sizeof(float));
  hipMalloc(&c, n * n * sizeof(float));
  fill<<<(n * n + 63) / 64, 64, 0, s>>>(a, n * n, 0.5f);
  fill<<<(n * n + 63) / 64, 64, 0, s>>>(b, n * n, 0.25f);
  float ha[n * n], hb[n * n], hc[n * n];
  for (int i = 0; i < n * n; i++) { ha[i] = 0.5f * (i % 7) - 1; hb[i] = 0.25f * (i % 7) - 1; }
#ifdef HAVE_HIPBLAS
  hipblasHandle_t h;
  EXPECT(hipblasCreate(&h) == HIPBLAS_STATUS_SUCCESS);
  hipblasSetStream(h, s);
  float one = 1, zero = 0;
  EXPECT(hipblasSgemm(h, HIPBLAS_OP_N, HIPBLAS_OP_N, n, n, n, &one, a, n, b, n, &zero, c, n) ==
         HIPBLAS_STATUS_SUCCESS);
  hipMemcpyAsync(hc, c, sizeof hc, hipMemcpyDeviceToHost, s);
  hipStreamSynchronize(s);
  for (int j = 0; j < n; j++)
    for (int i = 0; i < n; i++) {
      float r = 0;
      for (int k = 0; k < n; k++) r += ha[i + k * n] * hb[k + j * n];
      EXPECT(std::fabs(hc[i + j * n] - r) < 1e-4f);
    }
  hipblasDestroy(h);
#endif
#ifdef HAVE_HIPFFT
  hipfftHandle p;
  EXPECT(hipfftPlan1d(&p, n, HIPFFT_R2C, n) == HIPFFT_SUCCESS);
  hipfftSetStream(p, s);
  hipfftComplex* spec;
  hipMalloc(&spec, n * (n / 2 + 1) * sizeof(hipfftComplex));
  EXPECT(hipfftExecR2C(p, a, spec) == HIPFFT_SUCCESS);
  hipfftComplex hs[n / 2 + 1];
  hipMemcpyAsync(hs, spec, sizeof hs, hipMemcpyDeviceToHost, s);
  hipStreamSynchronize(s);
  float dc = 0;
  for (int i = 0; i < n; i++) dc += ha[i];
  EXPECT(std::fabs(hs[0].x - dc) < 1e-4f && std::fabs(hs[0].y) < 1e-4f);
  hipfftDestroy(p);
  hipFree(spec);
#endif
#ifdef HAVE_HIPSPARSE
  /* The identity in CSR times b's first column is that column. */
  int hp[n + 1], hi[n];
  float hv[n];
  for (int i = 0; i < n; i++) { hp[i] = i; hi[i] = i; hv[i] = 2; }
  hp[n] = n;
  int *dp, *di;
  float *dv, *y;
  hipMalloc(&dp, sizeof hp); hipMalloc(&di, sizeof hi); hipMalloc(&dv, sizeof hv); hipMalloc(&y, n * sizeof(float));
  hipMemcpy(dp, hp, sizeof hp, hipMemcpyHostToDevice);
  hipMemcpy(di, hi, sizeof hi, hipMemcpyHostToDevice);
  hipMemcpy(dv, hv, sizeof hv, hipMemcpyHostToDevice);
  hipsparseHandle_t sh;
  EXPECT(hipsparseCreate(&sh) == HIPSPARSE_STATUS_SUCCESS);
  hipsparseSetStream(sh, s);
  hipsparseSpMatDescr_t A;
  hipsparseDnVecDescr_t X, Y;
  hipsparseCreateCsr(&A, n, n, n, dp, di, dv, HIPSPARSE_INDEX_32I, HIPSPARSE_INDEX_32I,
                     HIPSPARSE_INDEX_BASE_ZERO, HIP_R_32F);
  hipsparseCreateDnVec(&X, n, b, HIP_R_32F);
  hipsparseCreateDnVec(&Y, n, y, HIP_R_32F);
  float al = 1, be = 0;
  size_t size = 0;
  hipsparseSpMV_bufferSize(sh, HIPSPARSE_OPERATION_NON_TRANSPOSE, &al, A, X, &be, Y, HIP_R_32F,
                           HIPSPARSE_SPMV_ALG_DEFAULT, &size);
  void* buf = nullptr;
  if (size) hipMalloc(&buf, size);
  EXPECT(hipsparseSpMV(sh, HIPSPARSE_OPERATION_NON_TRANSPOSE, &al, A, X, &be, Y, HIP_R_32F,
                       HIPSPARSE_SPMV_ALG_DEFAULT, buf) == HIPSPARSE_STATUS_SUCCESS);
  float hy[n];
  hipMemcpyAsync(hy, y, sizeof hy, hipMemcpyDeviceToHost, s);
  hipStreamSynchronize(s);
  for (int i = 0; i < n; i++) EXPECT(hy[i] == 2 * hb[i]);
  hipsparseDestroySpMat(A); hipsparseDestroyDnVec(X); hipsparseDestroyDnVec(Y);
  hipsparseDestroy(sh);
#endif
  if (failures == 0) printf("ok\n");
  return failures != 0;
}
SRC

check "hipcc builds with ${libs[*]:-no libraries}" \
  "$HIPCC" -O2 "${defs[@]}" libs.hip -o libs "${libs[@]}"
check "the program runs" ./libs
CUDA=${CUDA_PATH:-/usr/local/cuda}
if [ -x "$CUDA/bin/ptxas" ] && command -v "${HIPC_CLANG:-clang-19}" > /dev/null; then
  check "the same compiles with --offload-arch=sm_90" \
    "$HIPCC" -O2 --offload-arch=sm_90 "${defs[@]}" libs.hip -o libs_gpu "${libs[@]}"
fi
exit $fail
