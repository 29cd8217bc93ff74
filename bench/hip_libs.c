/* The HIP libraries against their back ends called directly, in one run
 * (bench/README.md, "HIP libraries"): SGEMM and DGEMM N x N through
 * hipBLAS and through cblas_?gemm; 1-D C2C FFT of 2^L points and a 2-D
 * C2C FFT of 2^(L/2) x 2^(L/2) through hipFFT and through FFTW (the same
 * FFTW_ESTIMATE plans, the same threads). Each is timed best of REPS,
 * alternating the two sides (the FFTs 4 * REPS times: they are short);
 * hipc's side includes hipDeviceSynchronize. Prints a RESULT line per
 * workload with the ratio hipc / direct, and its verdict against the
 * issue's target (hipc within 10% of the direct call: ratio <= 1.10).
 *
 *   BENCH_N (2048), BENCH_FFT_LOG2 (20), BENCH_REPS (5),
 *   HIPC_CPU_THREADS (the online cores) */
#define _POSIX_C_SOURCE 200809L
#include <cblas.h>
#include <fftw3.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

#include "hipblas/hipblas.h"
#include "hipfft/hipfft.h"

static double now_ms(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

static long env_long(const char* name, long def) {
  const char* v = getenv(name);
  return v && *v ? strtol(v, NULL, 10) : def;
}

static int reps;
static int failed;

static void report(const char* name, double hipc, double direct) {
  double ratio = hipc / direct;
  printf("RESULT %-16s hipc %9.3f ms  direct %9.3f ms  hipc/direct %.3f  %s\n",
         name, hipc, direct, ratio, ratio <= 1.10 ? "PASS" : "MISS");
}

/* Largest relative difference of two float arrays. */
static double diff(const float* a, const float* b, long n) {
  double e = 0;
  for (long i = 0; i < n; i++) {
    double d = a[i] - b[i], m = b[i] < 0 ? -b[i] : b[i];
    d = (d < 0 ? -d : d) / (m > 1 ? m : 1);
    if (d > e) e = d;
  }
  return e;
}

static void bench_gemm(hipblasHandle_t h, int n, int dbl) {
  size_t es = dbl ? 8 : 4, bytes = es * (size_t)n * n;
  void *A = malloc(bytes), *B = malloc(bytes), *C = malloc(bytes), *C2 = malloc(bytes);
  for (long i = 0; i < (long)n * n; i++) {
    double a = (double)(i % 17) / 17 - 0.5, b = (double)(i % 13) / 13 - 0.5;
    if (dbl) { ((double*)A)[i] = a; ((double*)B)[i] = b; }
    else { ((float*)A)[i] = (float)a; ((float*)B)[i] = (float)b; }
  }
  void *dA, *dB, *dC;
  hipMalloc(&dA, bytes); hipMalloc(&dB, bytes); hipMalloc(&dC, bytes);
  hipMemcpy(dA, A, bytes, hipMemcpyHostToDevice);
  hipMemcpy(dB, B, bytes, hipMemcpyHostToDevice);
  float one = 1, zero = 0;
  double done = 1, dzero = 0;
  double best_h = 1e30, best_d = 1e30;
  for (int r = 0; r <= reps; r++) {  /* rep 0 warms both up */
    double t0 = now_ms();
    if (dbl) hipblasDgemm(h, HIPBLAS_OP_N, HIPBLAS_OP_N, n, n, n, &done, dA, n, dB, n, &dzero, dC, n);
    else hipblasSgemm(h, HIPBLAS_OP_N, HIPBLAS_OP_N, n, n, n, &one, dA, n, dB, n, &zero, dC, n);
    hipDeviceSynchronize();
    double t1 = now_ms();
    if (dbl) cblas_dgemm(CblasColMajor, CblasNoTrans, CblasNoTrans, n, n, n, 1, A, n, B, n, 0, C, n);
    else cblas_sgemm(CblasColMajor, CblasNoTrans, CblasNoTrans, n, n, n, 1, A, n, B, n, 0, C, n);
    double t2 = now_ms();
    if (r > 0) {
      if (t1 - t0 < best_h) best_h = t1 - t0;
      if (t2 - t1 < best_d) best_d = t2 - t1;
    }
  }
  hipMemcpy(C2, dC, bytes, hipMemcpyDeviceToHost);
  if (!dbl && diff(C2, C, (long)n * n) > 1e-3) {
    printf("sgemm: hipBLAS and cblas differ\n");
    failed = 1;
  }
  char name[32];
  snprintf(name, sizeof name, "%cgemm_%d", dbl ? 'd' : 's', n);
  report(name, best_h, best_d);
  hipFree(dA); hipFree(dB); hipFree(dC);
  free(A); free(B); free(C); free(C2);
}

/* C2C forward, out of place, on `rank` dimensions of `dims`. */
static void bench_fft(int rank, int* dims, int threads) {
  long total = 1;
  for (int i = 0; i < rank; i++) total *= dims[i];
  size_t bytes = sizeof(fftwf_complex) * total;
  fftwf_complex* in = fftwf_malloc(bytes);
  fftwf_complex* out = fftwf_malloc(bytes);
  float* got = malloc(bytes);
  float* f = (float*)in;
  for (long i = 0; i < total; i++) { f[2 * i] = (float)(i % 11) - 5; f[2 * i + 1] = (float)(i % 7) - 3; }
  fftwf_plan_with_nthreads(threads);
  fftwf_plan p = fftwf_plan_dft(rank, dims, in, out, FFTW_FORWARD, FFTW_ESTIMATE);
  hipfftHandle plan;
  hipfftPlanMany(&plan, rank, dims, NULL, 1, 0, NULL, 1, 0, HIPFFT_C2C, 1);
  void *din, *dout;
  hipMalloc(&din, bytes); hipMalloc(&dout, bytes);
  hipMemcpy(din, in, bytes, hipMemcpyHostToDevice);
  double best_h = 1e30, best_d = 1e30;
  for (int r = 0; r <= 4 * reps; r++) {
    double t0 = now_ms();
    hipfftExecC2C(plan, din, dout, HIPFFT_FORWARD);
    hipDeviceSynchronize();
    double t1 = now_ms();
    fftwf_execute(p);
    double t2 = now_ms();
    if (r > 0) {
      if (t1 - t0 < best_h) best_h = t1 - t0;
      if (t2 - t1 < best_d) best_d = t2 - t1;
    }
  }
  hipMemcpy(got, dout, bytes, hipMemcpyDeviceToHost);
  if (diff(got, (float*)out, 2 * total) > 1e-3) {
    printf("fft: hipFFT and FFTW differ\n");
    failed = 1;
  }
  char name[32];
  if (rank == 1) snprintf(name, sizeof name, "fft1d_%ld", total);
  else snprintf(name, sizeof name, "fft2d_%dx%d", dims[0], dims[1]);
  report(name, best_h, best_d);
  hipfftDestroy(plan);
  fftwf_destroy_plan(p);
  hipFree(din); hipFree(dout);
  fftwf_free(in); fftwf_free(out); free(got);
}

int main(void) {
  int n = (int)env_long("BENCH_N", 2048);
  int lg = (int)env_long("BENCH_FFT_LOG2", 20);
  reps = (int)env_long("BENCH_REPS", 5);
  int threads = (int)env_long("HIPC_CPU_THREADS", sysconf(_SC_NPROCESSORS_ONLN));
  fftwf_init_threads();
  hipblasHandle_t h;
  if (hipblasCreate(&h) != HIPBLAS_STATUS_SUCCESS) return 2;
  printf("hip_libs: N=%d FFT 2^%d, %d threads, best of %d\n", n, lg, threads, reps);
  bench_gemm(h, n, 0);
  bench_gemm(h, n, 1);
  int d1[1] = {1 << lg};
  bench_fft(1, d1, threads);
  int d2[2] = {1 << (lg / 2), 1 << (lg - lg / 2)};
  bench_fft(2, d2, threads);
  hipblasDestroy(h);
  return failed;
}
