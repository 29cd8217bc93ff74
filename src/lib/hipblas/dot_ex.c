/* dotEx and dotcEx (and their _64 forms): dot products whose element and
 * execution types are arguments. On the CPU device one type for x, y and
 * the result with the same execution type (OpenBLAS's d/z dot; float
 * vectors summed in double, as dsdot does, since a float sum of a long
 * vector loses digits that cuBLAS's tree of partial sums keeps), or half /
 * bfloat16 vectors and result with a float execution type, summed here in
 * double and rounded once to the result's type. */
#include <cblas.h>
#include <stdint.h>

#include "internal.h"

/* Field use: x in `a`, y in `b`, the count in `sa`, the increments in `sb`
 * (x) and `sc` (y), the types in `at` (vectors) and `ct` (result). */
static void run_dot_half(const blas_job* j) {
  const uint16_t* x = j->a;
  const uint16_t* y = j->b;
  long long n = j->sa, ix = j->sb, iy = j->sc;
  long long x0 = ix < 0 ? (1 - n) * ix : 0, y0 = iy < 0 ? (1 - n) * iy : 0;
  double sum = 0;
  for (long long i = 0; i < n; i++)
    sum += (double)hipblas__half_to_float(j->at, x[x0 + i * ix]) *
           hipblas__half_to_float(j->at, y[y0 + i * iy]);
  *(uint16_t*)j->result = hipblas__float_to_half(j->ct, (float)sum);
}

/* OpenBLAS takes int counts: a longer vector (positive increments; the
 * entry points refuse others) goes in pieces. */
static void run_dot_blas(const blas_job* j) {
  long long n = j->sa, ix = j->sb, iy = j->sc;
  long long es = (long long)blas_esize(j->t);
  double acc[2] = {0, 0};
  long long done = 0;
  do {
    int part = n - done > INT32_MAX ? INT32_MAX : (int)(n - done);
    const void* x = (const char*)j->a + (ix > 0 ? done * ix * es : 0);
    const void* y = (const char*)j->b + (iy > 0 ? done * iy * es : 0);
    switch (j->t) {
      case 's': acc[0] += cblas_dsdot(part, x, (int)ix, y, (int)iy); break;
      case 'd': acc[0] += cblas_ddot(part, x, (int)ix, y, (int)iy); break;
      case 'c': {  /* summed in double, as dsdot does the real case */
        const float* fx = x;
        const float* fy = y;
        long long x0 = ix < 0 ? (1 - (long long)part) * ix : 0;
        long long y0 = iy < 0 ? (1 - (long long)part) * iy : 0;
        for (long long i = 0; i < part; i++) {
          double xr = fx[2 * (x0 + i * ix)], xi = fx[2 * (x0 + i * ix) + 1];
          double yr = fy[2 * (y0 + i * iy)], yi = fy[2 * (y0 + i * iy) + 1];
          if (j->conj) xi = -xi;
          acc[0] += xr * yr - xi * yi;
          acc[1] += xr * yi + xi * yr;
        }
        break;
      }
      default: {
        double r[2];
        if (j->conj) cblas_zdotc_sub(part, x, (int)ix, y, (int)iy, r);
        else cblas_zdotu_sub(part, x, (int)ix, y, (int)iy, r);
        acc[0] += r[0];
        acc[1] += r[1];
        break;
      }
    }
    done += part;
  } while (done < n);
  switch (j->t) {
    case 's': *(float*)j->result = (float)acc[0]; break;
    case 'd': *(double*)j->result = acc[0]; break;
    case 'c':
      ((float*)j->result)[0] = (float)acc[0];
      ((float*)j->result)[1] = (float)acc[1];
      break;
    default:
      ((double*)j->result)[0] = acc[0];
      ((double*)j->result)[1] = acc[1];
      break;
  }
}

static int is_half(hipDataType t) { return t == HIP_R_16F || t == HIP_R_16BF; }

/* The element type ('s', 'd', 'c', 'z', 'h' for half) of a combination
 * the CPU device runs, else 0. */
static char cpu_type(hipDataType xt, hipDataType yt, hipDataType rt,
                     hipDataType et) {
  if (xt != yt || xt != rt) return 0;
  if (is_half(xt)) return et == HIP_R_32F ? 'h' : 0;
  if (xt != et) return 0;
  return xt == HIP_R_32F ? 's' : xt == HIP_R_64F ? 'd' : xt == HIP_C_32F ? 'c'
       : xt == HIP_C_64F ? 'z' : 0;
}

static hipblasStatus_t dot_ex(hipblasHandle_t h, int conj, int64_t n,
                              const void* x, hipDataType xt, int64_t incx,
                              const void* y, hipDataType yt, int64_t incy,
                              void* result, hipDataType rt, hipDataType et,
                              int wide) {
  HIPBLAS_CHECK_HANDLE(h);
  HIPBLAS_CHECK(result && ((x && y) || n <= 0),
                HIPBLAS_STATUS_INVALID_VALUE);
  ROUTE(h, r);
  if (r.native) {
    if (wide)
      HIPBLAS_CU_CALL(h, r, cublasDotEx_64,
                      (void*, int64_t, const void*, int, int64_t,
                       const void*, int, int64_t, void*, int, int),
                      (cu, n, x, xt, incx, y, yt, incy, result, rt, et));
    if (conj)
      HIPBLAS_CU_CALL(h, r, cublasDotcEx,
                      (void*, int, const void*, int, int, const void*, int,
                       int, void*, int, int),
                      (cu, (int)n, x, xt, (int)incx, y, yt, (int)incy,
                       result, rt, et));
    HIPBLAS_CU_CALL(h, r, cublasDotEx,
                    (void*, int, const void*, int, int, const void*, int,
                     int, void*, int, int),
                    (cu, (int)n, x, xt, (int)incx, y, yt, (int)incy, result,
                     rt, et));
  }
  char t = cpu_type(xt, yt, rt, et);
  HIPBLAS_CHECK(t, HIPBLAS_STATUS_NOT_SUPPORTED);
  if (n < 0) n = 0;
  /* Negative or huge increments past OpenBLAS's int: not here. */
  HIPBLAS_CHECK(t == 'h' || (incx > 0 && incy > 0) ||
                    (n <= INT32_MAX && incx >= INT32_MIN && incy >= INT32_MIN),
                HIPBLAS_STATUS_NOT_SUPPORTED);
  HIPBLAS_CHECK(incx <= INT32_MAX && incy <= INT32_MAX,
                HIPBLAS_STATUS_NOT_SUPPORTED);
  blas_job j = {.run = t == 'h' ? run_dot_half : run_dot_blas,
                .t = t == 'h' ? 's' : t, .conj = conj, .a = x, .b = y,
                .sa = n, .sb = incx, .sc = incy, .result = result,
                .at = xt, .ct = rt};
  return hipblas__submit(h, &j,
                         h->pointer_mode == HIPBLAS_POINTER_MODE_HOST);
}

hipblasStatus_t hipblasDotEx(hipblasHandle_t h, int n, const void* x,
                             hipDataType xType, int incx, const void* y,
                             hipDataType yType, int incy, void* result,
                             hipDataType resultType,
                             hipDataType executionType) {
  return dot_ex(h, 0, n, x, xType, incx, y, yType, incy, result, resultType,
                executionType, 0);
}

hipblasStatus_t hipblasDotcEx(hipblasHandle_t h, int n, const void* x,
                              hipDataType xType, int incx, const void* y,
                              hipDataType yType, int incy, void* result,
                              hipDataType resultType,
                              hipDataType executionType) {
  return dot_ex(h, 1, n, x, xType, incx, y, yType, incy, result, resultType,
                executionType, 0);
}

hipblasStatus_t hipblasDotEx_64(hipblasHandle_t h, int64_t n, const void* x,
                                hipDataType xType, int64_t incx,
                                const void* y, hipDataType yType,
                                int64_t incy, void* result,
                                hipDataType resultType,
                                hipDataType executionType) {
  return dot_ex(h, 0, n, x, xType, incx, y, yType, incy, result, resultType,
                executionType, 1);
}

hipblasStatus_t hipblasDotcEx_64(hipblasHandle_t h, int64_t n, const void* x,
                                 hipDataType xType, int64_t incx,
                                 const void* y, hipDataType yType,
                                 int64_t incy, void* result,
                                 hipDataType resultType,
                                 hipDataType executionType) {
  return dot_ex(h, 1, n, x, xType, incx, y, yType, incy, result, resultType,
                executionType, 1);
}
