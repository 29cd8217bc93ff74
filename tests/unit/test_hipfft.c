// BUILD-WITH: -L$BUILD/lib -Wl,-rpath,$BUILD/lib -lhipfft -lhipc -lm
// NEEDS: libhipfft.so
/* hipFFT (libhipfft): each transform type against a naive DFT on the
 * host (unnormalised, sign -1 forward), the basic and advanced layouts,
 * in place and out of place, streams, and the result codes of bad input.
 * Runs on the CPU device (FFTW) and on GPUs (cuFFT). */
#include <complex.h>
#include <math.h>
#include <stdlib.h>

#include "check.h"
#include "hipfft/hipfft.h"

#define PI 3.14159265358979323846
#define CHECK_R(expr, want) CHECK_EQ((int)(expr), (int)(want))
typedef double complex zd;

static unsigned seed = 777;
static double rnd(void) { seed = seed * 1103515245u + 12345u; return ((seed >> 8) % 2001) / 1000.0 - 1.0; }

/* The d-dimensional DFT of `x` (row-major sizes n[0..rank-1], contiguous),
 * sign -1 (forward) or +1, into `y`. */
static void dft(int rank, const int* n, const zd* x, zd* y, int sign) {
  long total = 1;
  for (int i = 0; i < rank; i++) total *= n[i];
  for (long k = 0; k < total; k++) {
    zd s = 0;
    for (long j = 0; j < total; j++) {
      double ph = 0;
      long kk = k, jj = j;
      for (int d = rank - 1; d >= 0; d--) {
        ph += (double)(kk % n[d]) * (jj % n[d]) / n[d];
        kk /= n[d];
        jj /= n[d];
      }
      s += x[j] * cexp(sign * 2 * PI * I * ph);
    }
    y[k] = s;
  }
}

static double rel_err(const zd* got, const zd* want, long n) {
  double e = 0, m = 1;
  for (long i = 0; i < n; i++) m = fmax(m, cabs(want[i]));
  for (long i = 0; i < n; i++) e = fmax(e, cabs(got[i] - want[i]));
  return e / m;
}

static void* dev(size_t bytes) {
  void* p;
  if (hipMalloc(&p, bytes) != hipSuccess) abort();
  return p;
}

/* C2C, 1-D, batched, both directions, out of place and in place. */
static void test_c2c(void) {
  int n = 48, batch = 3;
  hipfftComplex h[144], got[144];
  zd x[144], want[144];
  for (int i = 0; i < n * batch; i++) { h[i].x = (float)rnd(); h[i].y = (float)rnd(); x[i] = h[i].x + I * h[i].y; }
  hipfftHandle p;
  CHECK_R(hipfftPlan1d(&p, n, HIPFFT_C2C, batch), HIPFFT_SUCCESS);
  hipfftComplex *din = dev(sizeof h), *dout = dev(sizeof h);
  hipMemcpy(din, h, sizeof h, hipMemcpyHostToDevice);
  for (int dir = -1; dir <= 1; dir += 2) {
    CHECK_R(hipfftExecC2C(p, din, dout, dir), HIPFFT_SUCCESS);
    hipMemcpy(got, dout, sizeof got, hipMemcpyDeviceToHost);
    zd g[144];
    for (int i = 0; i < n * batch; i++) g[i] = got[i].x + I * got[i].y;
    for (int b = 0; b < batch; b++) dft(1, &n, x + b * n, want + b * n, dir);
    CHECK(rel_err(g, want, n * batch) < 1e-5);
  }
  /* In place, forward. */
  CHECK_R(hipfftExecC2C(p, din, din, HIPFFT_FORWARD), HIPFFT_SUCCESS);
  hipMemcpy(got, din, sizeof got, hipMemcpyDeviceToHost);
  zd g[144];
  for (int i = 0; i < n * batch; i++) g[i] = got[i].x + I * got[i].y;
  for (int b = 0; b < batch; b++) dft(1, &n, x + b * n, want + b * n, -1);
  CHECK(rel_err(g, want, n * batch) < 1e-5);
  CHECK_R(hipfftDestroy(p), HIPFFT_SUCCESS);
  hipFree(din); hipFree(dout);
}

/* Z2Z in 2-D through hipfftCreate / hipfftMakePlan2d. */
static void test_z2z_2d(void) {
  int n[2] = {6, 10};
  hipfftDoubleComplex h[60], got[60];
  zd x[60], want[60], g[60];
  for (int i = 0; i < 60; i++) { h[i].x = rnd(); h[i].y = rnd(); x[i] = h[i].x + I * h[i].y; }
  hipfftHandle p;
  size_t work = 99;
  CHECK_R(hipfftCreate(&p), HIPFFT_SUCCESS);
  CHECK_R(hipfftMakePlan2d(p, n[0], n[1], HIPFFT_Z2Z, &work), HIPFFT_SUCCESS);
  size_t work2 = 98;
  CHECK_R(hipfftGetSize(p, &work2), HIPFFT_SUCCESS);
  CHECK_EQ(work2, work);
  void* d = dev(sizeof h);
  hipMemcpy(d, h, sizeof h, hipMemcpyHostToDevice);
  CHECK_R(hipfftExecZ2Z(p, d, d, HIPFFT_BACKWARD), HIPFFT_SUCCESS);
  hipMemcpy(got, d, sizeof got, hipMemcpyDeviceToHost);
  for (int i = 0; i < 60; i++) g[i] = got[i].x + I * got[i].y;
  dft(2, n, x, want, 1);
  CHECK(rel_err(g, want, 60) < 1e-12);
  hipfftDestroy(p);
  hipFree(d);
}

/* R2C then C2R (1-D batched, out of place; 3-D double in place with the
 * padded layout): the half spectrum against the DFT, and the round trip
 * equals n times the input. */
static void test_real(void) {
  int n = 30, batch = 2, half = n / 2 + 1;
  float x[60], back[60];
  hipfftComplex spec[32];
  for (int i = 0; i < n * batch; i++) x[i] = (float)rnd();
  hipfftHandle f, b;
  CHECK_R(hipfftPlan1d(&f, n, HIPFFT_R2C, batch), HIPFFT_SUCCESS);
  CHECK_R(hipfftPlan1d(&b, n, HIPFFT_C2R, batch), HIPFFT_SUCCESS);
  float* dx = dev(sizeof x);
  hipfftComplex* ds = dev(sizeof spec);
  hipMemcpy(dx, x, sizeof x, hipMemcpyHostToDevice);
  CHECK_R(hipfftExecR2C(f, dx, ds), HIPFFT_SUCCESS);
  hipMemcpy(spec, ds, sizeof spec, hipMemcpyDeviceToHost);
  for (int k = 0; k < batch; k++) {
    zd in[30], want[30], g[16];
    for (int i = 0; i < n; i++) in[i] = x[k * n + i];
    dft(1, &n, in, want, -1);
    for (int i = 0; i < half; i++) g[i] = spec[k * half + i].x + I * spec[k * half + i].y;
    CHECK(rel_err(g, want, half) < 1e-5);
  }
  CHECK_R(hipfftExecC2R(b, ds, dx), HIPFFT_SUCCESS);
  hipMemcpy(back, dx, sizeof back, hipMemcpyDeviceToHost);
  int bad = 0;
  for (int i = 0; i < n * batch; i++) bad += fabsf(back[i] - n * x[i]) > 1e-3f * n;
  CHECK_EQ(bad, 0);
  hipfftDestroy(f); hipfftDestroy(b);
  hipFree(dx); hipFree(ds);

  /* D2Z / Z2D in place, 3-D 4 x 6 x 5: rows of 5 reals padded to 6. */
  int m[3] = {4, 6, 5}, row = 2 * (m[2] / 2 + 1);
  double buf[4 * 6 * 6], orig[120];
  for (int i = 0; i < 24; i++)
    for (int j = 0; j < row; j++) buf[i * row + j] = j < m[2] ? (orig[i * m[2] + j] = rnd()) : -7;
  hipfftHandle f3, b3;
  CHECK_R(hipfftPlan3d(&f3, m[0], m[1], m[2], HIPFFT_D2Z), HIPFFT_SUCCESS);
  CHECK_R(hipfftPlan3d(&b3, m[0], m[1], m[2], HIPFFT_Z2D), HIPFFT_SUCCESS);
  double* d = dev(sizeof buf);
  hipMemcpy(d, buf, sizeof buf, hipMemcpyHostToDevice);
  CHECK_R(hipfftExecD2Z(f3, d, (hipfftDoubleComplex*)d), HIPFFT_SUCCESS);
  double out[144];
  hipMemcpy(out, d, sizeof out, hipMemcpyDeviceToHost);
  zd in3[120], want3[120], g3[120];
  for (int i = 0; i < 120; i++) in3[i] = orig[i];
  dft(3, m, in3, want3, -1);
  double e = 0;
  for (int i = 0; i < 24; i++)
    for (int j = 0; j < m[2] / 2 + 1; j++) {
      g3[0] = out[i * row + 2 * j] + I * out[i * row + 2 * j + 1];
      e = fmax(e, cabs(g3[0] - want3[i * m[2] + j]));
    }
  CHECK(e < 1e-10);
  CHECK_R(hipfftExecZ2D(b3, (hipfftDoubleComplex*)d, d), HIPFFT_SUCCESS);
  hipMemcpy(out, d, sizeof out, hipMemcpyDeviceToHost);
  e = 0;
  for (int i = 0; i < 24; i++)
    for (int j = 0; j < m[2]; j++) e = fmax(e, fabs(out[i * row + j] - 120 * orig[i * m[2] + j]));
  CHECK(e < 1e-9);
  hipfftDestroy(f3); hipfftDestroy(b3);
  hipFree(d);
}

/* PlanMany, advanced layout: 4 transforms of 16 interleaved (stride 4,
 * distance 1) into contiguous output (stride 1, distance 16). */
static void test_many_advanced(void) {
  int n = 16, batch = 4, inembed = 16, onembed = 16;
  hipfftComplex h[64], got[64];
  for (int i = 0; i < 64; i++) { h[i].x = (float)rnd(); h[i].y = (float)rnd(); }
  hipfftHandle p;
  CHECK_R(hipfftPlanMany(&p, 1, &n, &inembed, batch, 1, &onembed, 1, n, HIPFFT_C2C, batch), HIPFFT_SUCCESS);
  void *di = dev(sizeof h), *dout = dev(sizeof h);
  hipMemcpy(di, h, sizeof h, hipMemcpyHostToDevice);
  CHECK_R(hipfftExecC2C(p, di, dout, HIPFFT_FORWARD), HIPFFT_SUCCESS);
  hipMemcpy(got, dout, sizeof got, hipMemcpyDeviceToHost);
  double e = 0;
  for (int b = 0; b < batch; b++) {
    zd x[16], want[16];
    for (int i = 0; i < n; i++) x[i] = h[i * batch + b].x + I * h[i * batch + b].y;
    dft(1, &n, x, want, -1);
    for (int i = 0; i < n; i++) e = fmax(e, cabs(got[b * n + i].x + I * got[b * n + i].y - want[i]));
  }
  CHECK(e < 1e-4);
  hipfftDestroy(p);
  hipFree(di); hipFree(dout);
}

/* Stream order: copy in, forward, backward, copy out, with no host
 * synchronisation in between; the result is n times the input. */
static void test_stream(void) {
  int n = 4096;
  hipStream_t s;
  hipStreamCreate(&s);
  hipfftHandle p;
  CHECK_R(hipfftPlan1d(&p, n, HIPFFT_C2C, 1), HIPFFT_SUCCESS);
  CHECK_R(hipfftSetStream(p, s), HIPFFT_SUCCESS);
  hipfftComplex *h, *out;
  hipHostMalloc((void**)&h, n * sizeof *h, 0);
  hipHostMalloc((void**)&out, n * sizeof *out, 0);
  for (int i = 0; i < n; i++) { h[i].x = (float)rnd(); h[i].y = (float)rnd(); }
  void* d = dev(n * sizeof *h);
  for (int rep = 0; rep < 3; rep++) {
    hipMemcpyAsync(d, h, n * sizeof *h, hipMemcpyHostToDevice, s);
    hipfftExecC2C(p, d, d, HIPFFT_FORWARD);
    hipfftExecC2C(p, d, d, HIPFFT_BACKWARD);
    hipMemcpyAsync(out, d, n * sizeof *h, hipMemcpyDeviceToHost, s);
  }
  hipStreamSynchronize(s);
  int bad = 0;
  for (int i = 0; i < n; i++)
    bad += fabsf(out[i].x - n * h[i].x) > 1e-2f || fabsf(out[i].y - n * h[i].y) > 1e-2f;
  CHECK_EQ(bad, 0);
  hipfftDestroy(p);
  hipFree(d); hipHostFree(h); hipHostFree(out);
  hipStreamDestroy(s);
}

static void test_errors(void) {
  hipfftHandle p;
  CHECK_R(hipfftPlan1d(&p, 0, HIPFFT_C2C, 1), HIPFFT_INVALID_SIZE);
  CHECK_R(hipfftPlan1d(&p, 8, HIPFFT_C2C, 0), HIPFFT_INVALID_SIZE);
  CHECK_R(hipfftPlan1d(&p, 8, (hipfftType)0x33, 1), HIPFFT_INVALID_TYPE);
  CHECK_R(hipfftPlan1d(NULL, 8, HIPFFT_C2C, 1), HIPFFT_INVALID_VALUE);
  int n[4] = {2, 2, 2, 2};
  CHECK_R(hipfftPlanMany(&p, 4, n, NULL, 1, 0, NULL, 1, 0, HIPFFT_C2C, 1), HIPFFT_INVALID_SIZE);
  CHECK_R(hipfftExecC2C(NULL, NULL, NULL, HIPFFT_FORWARD), HIPFFT_INVALID_PLAN);
  CHECK_R(hipfftDestroy(NULL), HIPFFT_INVALID_PLAN);
  CHECK_R(hipfftPlan1d(&p, 8, HIPFFT_R2C, 1), HIPFFT_SUCCESS);
  void* d = dev(256);
  CHECK_R(hipfftExecC2C(p, d, d, HIPFFT_FORWARD), HIPFFT_INVALID_PLAN);  /* an R2C plan */
  CHECK_R(hipfftExecR2C(p, NULL, d), HIPFFT_INVALID_VALUE);
  CHECK_R(hipfftMakePlan1d(p, 8, HIPFFT_R2C, 1, NULL), HIPFFT_INVALID_PLAN);  /* made already */
  hipfftDestroy(p);
  CHECK_R(hipfftPlan1d(&p, 8, HIPFFT_C2C, 1), HIPFFT_SUCCESS);
  CHECK_R(hipfftExecC2C(p, d, d, 0), HIPFFT_INVALID_VALUE);
  CHECK_R(hipfftGetSize(p, NULL), HIPFFT_INVALID_VALUE);
  hipfftDestroy(p);
  /* Exec before the plan is made. */
  CHECK_R(hipfftCreate(&p), HIPFFT_SUCCESS);
  CHECK_R(hipfftExecC2C(p, d, d, HIPFFT_FORWARD), HIPFFT_INVALID_PLAN);
  hipfftDestroy(p);
  int v = 0;
  CHECK_R(hipfftGetProperty(HIPFFT_MAJOR_VERSION, &v), HIPFFT_SUCCESS);
  CHECK(v >= 1);
  hipFree(d);
}

int main(void) {
  test_c2c();
  test_z2z_2d();
  test_real();
  test_many_advanced();
  test_stream();
  test_errors();
  return check_summary("test_hipfft");
}
