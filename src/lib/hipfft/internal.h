/* Internal interface of libhipfft (src/lib/hipfft).
 *
 * A plan records its geometry when made. On the CPU device, FFTW plans
 * are made at the first execution of each kind (direction, in place or
 * not, SIMD-aligned data or not; FFTW_ESTIMATE, which does not touch the
 * data) and run as jobs enqueued on the plan's stream with
 * hipLaunchHostFunc (exec.c). On a GPU the plan is a cuFFT plan made at
 * hipfftMakePlan* time, on the device current then (cufft.c). */
#ifndef HIPC_HIPFFT_INTERNAL_H
#define HIPC_HIPFFT_INTERNAL_H

#include <pthread.h>

#include "hip/hipc/interop.h"
#include "hipfft/hipfft.h"

#define HIPFFT_LOCAL __attribute__((visibility("hidden")))

struct hipfftHandle_t {
  int made;             /* hipfftMakePlan* succeeded */
  int gpu;              /* made on a GPU: `cu` is its cuFFT plan */
  int cu;
  int cu_made;          /* cufftCreate succeeded */
  hipfftType type;
  int rank;
  int n[3];
  int advanced;         /* inembed/onembed given */
  int inembed[3], onembed[3];
  int istride, idist, ostride, odist, batch;
  int auto_alloc;
  void* work_area;
  size_t work_size;
  double scale;         /* hipfftExtPlanScaleFactor, 1 by default */
  hipStream_t stream;
  pthread_mutex_t lock;   /* fftw, pending */
  pthread_cond_t idle;    /* pending reached 0 */
  int pending;            /* jobs enqueued, not yet run */
  void* fftw[2][2][2];    /* [backward][in place][unaligned] */
};

/* -- exec.c (CPU device, FFTW) */
HIPFFT_LOCAL hipfftResult hipfft__cpu_exec(hipfftHandle p, void* in,
                                           void* out, int direction);
/* Waits for p's jobs, then frees its FFTW plans. */
HIPFFT_LOCAL void hipfft__cpu_release(hipfftHandle p);

/* -- cufft.c (GPUs) */
HIPFFT_LOCAL hipfftResult hipfft__cu_make(hipfftHandle p, int* inembed,
                                          int* onembed, size_t* work);
HIPFFT_LOCAL hipfftResult hipfft__cu_exec(hipfftHandle p, void* in,
                                          void* out, int direction);
HIPFFT_LOCAL hipfftResult hipfft__cu_set_work_area(hipfftHandle p,
                                                   void* area);
HIPFFT_LOCAL hipfftResult hipfft__cu_set_auto_allocation(hipfftHandle p,
                                                         int on);
HIPFFT_LOCAL void hipfft__cu_destroy(hipfftHandle p);

static inline int hipfft_double(hipfftType t) {
  return t == HIPFFT_Z2Z || t == HIPFFT_D2Z || t == HIPFFT_Z2D;
}

#endif
