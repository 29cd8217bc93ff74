/* Execution on the CPU device: FFTW3 plans (float and double, threaded)
 * run as jobs on the plan's stream. */
#include <fftw3.h>
#include <stdlib.h>
#include <unistd.h>

#include "internal.h"

/* FFTW's planner is not thread-safe: every plan is made and destroyed
 * under `planner`. Lock order: a plan's lock, then `planner`. */
static pthread_mutex_t planner = PTHREAD_MUTEX_INITIALIZER;
static int nthreads;  /* 0 until the threads are set up */

/* The threads of FFTW's plans: HIPC_CPU_THREADS, else the online cores
 * (as the CPU device's own pool). */
static void threads_once(void) {
  if (nthreads) return;
  fftw_init_threads();
  fftwf_init_threads();
  const char* env = getenv("HIPC_CPU_THREADS");
  long n = env && *env ? strtol(env, NULL, 10) : sysconf(_SC_NPROCESSORS_ONLN);
  nthreads = n > 0 ? (int)n : 1;
}

/* The data layout of a transform, FFTW's advanced interface style. */
typedef struct layout {
  int inembed[3], onembed[3];
  int istride, idist, ostride, odist;
} layout;

/* cuFFT's layouts: the plan's own with inembed/onembed, else the basic
 * one, where an in-place real transform pads each last-dimension row of
 * reals to 2 * (n / 2 + 1). */
static void layout_of(hipfftHandle p, int inplace, layout* l) {
  if (p->advanced) {
    for (int i = 0; i < p->rank; i++) {
      l->inembed[i] = p->inembed[i];
      l->onembed[i] = p->onembed[i];
    }
    l->istride = p->istride;
    l->idist = p->idist;
    l->ostride = p->ostride;
    l->odist = p->odist;
    return;
  }
  int r = p->rank - 1;
  int last = p->n[r];
  int half = last / 2 + 1;
  int real_row = inplace ? 2 * half : last;
  int outer = 1;
  for (int i = 0; i < r; i++) {
    l->inembed[i] = l->onembed[i] = p->n[i];
    outer *= p->n[i];
  }
  int in_last = last, out_last = last;
  if (p->type == HIPFFT_R2C || p->type == HIPFFT_D2Z) {
    in_last = real_row;
    out_last = half;
  } else if (p->type == HIPFFT_C2R || p->type == HIPFFT_Z2D) {
    in_last = half;
    out_last = real_row;
  }
  l->inembed[r] = in_last;
  l->onembed[r] = out_last;
  l->istride = l->ostride = 1;
  l->idist = outer * in_last;
  l->odist = outer * out_last;
}

static void* make_plan(hipfftHandle p, int backward, int inplace,
                       int unaligned, void* in, void* out) {
  layout l;
  layout_of(p, inplace, &l);
  unsigned flags = FFTW_ESTIMATE | (unaligned ? FFTW_UNALIGNED : 0);
  int sign = backward ? FFTW_BACKWARD : FFTW_FORWARD;
  void* plan = NULL;
  pthread_mutex_lock(&planner);
  threads_once();
  fftw_plan_with_nthreads(nthreads);
  fftwf_plan_with_nthreads(nthreads);
  switch (p->type) {
    case HIPFFT_C2C:
      plan = fftwf_plan_many_dft(p->rank, p->n, p->batch, in, l.inembed, l.istride, l.idist, out, l.onembed, l.ostride, l.odist, sign, flags);
      break;
    case HIPFFT_Z2Z:
      plan = fftw_plan_many_dft(p->rank, p->n, p->batch, in, l.inembed, l.istride, l.idist, out, l.onembed, l.ostride, l.odist, sign, flags);
      break;
    case HIPFFT_R2C:
      plan = fftwf_plan_many_dft_r2c(p->rank, p->n, p->batch, in, l.inembed, l.istride, l.idist, out, l.onembed, l.ostride, l.odist, flags);
      break;
    case HIPFFT_D2Z:
      plan = fftw_plan_many_dft_r2c(p->rank, p->n, p->batch, in, l.inembed, l.istride, l.idist, out, l.onembed, l.ostride, l.odist, flags);
      break;
    case HIPFFT_C2R:
      plan = fftwf_plan_many_dft_c2r(p->rank, p->n, p->batch, in, l.inembed, l.istride, l.idist, out, l.onembed, l.ostride, l.odist, flags);
      break;
    case HIPFFT_Z2D:
      plan = fftw_plan_many_dft_c2r(p->rank, p->n, p->batch, in, l.inembed, l.istride, l.idist, out, l.onembed, l.ostride, l.odist, flags);
      break;
  }
  pthread_mutex_unlock(&planner);
  return plan;
}

typedef struct fft_job {
  hipfftHandle p;
  void* plan;
  void* in;
  void* out;
  double scale;
  size_t nscale;  /* output reals to scale */
} fft_job;

static void run_job(void* arg) {
  fft_job* j = arg;
  hipfftHandle p = j->p;
  switch (p->type) {
    case HIPFFT_C2C: fftwf_execute_dft(j->plan, j->in, j->out); break;
    case HIPFFT_Z2Z: fftw_execute_dft(j->plan, j->in, j->out); break;
    case HIPFFT_R2C: fftwf_execute_dft_r2c(j->plan, j->in, j->out); break;
    case HIPFFT_D2Z: fftw_execute_dft_r2c(j->plan, j->in, j->out); break;
    case HIPFFT_C2R: fftwf_execute_dft_c2r(j->plan, j->in, j->out); break;
    case HIPFFT_Z2D: fftw_execute_dft_c2r(j->plan, j->in, j->out); break;
  }
  if (j->scale != 1.0) {
    if (hipfft_double(p->type)) {
      double* o = j->out;
      for (size_t i = 0; i < j->nscale; i++) o[i] *= j->scale;
    } else {
      float* o = j->out;
      float s = (float)j->scale;
      for (size_t i = 0; i < j->nscale; i++) o[i] *= s;
    }
  }
  free(j);
  pthread_mutex_lock(&p->lock);
  if (--p->pending == 0) pthread_cond_broadcast(&p->idle);
  pthread_mutex_unlock(&p->lock);
}

hipfftResult hipfft__cpu_exec(hipfftHandle p, void* in, void* out,
                              int direction) {
  int backward = direction == HIPFFT_BACKWARD;
  int inplace = in == out;
  int unaligned = hipfft_double(p->type)
                      ? fftw_alignment_of(in) || fftw_alignment_of(out)
                      : fftwf_alignment_of(in) || fftwf_alignment_of(out);
  fft_job* j = malloc(sizeof *j);
  if (!j) return HIPFFT_ALLOC_FAILED;
  pthread_mutex_lock(&p->lock);
  void** slot = &p->fftw[backward][inplace][unaligned];
  if (!*slot) *slot = make_plan(p, backward, inplace, unaligned, in, out);
  j->plan = *slot;
  if (j->plan) p->pending++;
  pthread_mutex_unlock(&p->lock);
  if (!j->plan) {
    free(j);
    return HIPFFT_EXEC_FAILED;
  }
  layout l;
  layout_of(p, inplace, &l);
  int complex_out = p->type != HIPFFT_C2R && p->type != HIPFFT_Z2D;
  j->p = p;
  j->in = in;
  j->out = out;
  j->scale = p->scale;
  j->nscale = (size_t)l.odist * p->batch * (complex_out ? 2 : 1);
  if (hipLaunchHostFunc(p->stream, run_job, j) != hipSuccess) {
    free(j);
    pthread_mutex_lock(&p->lock);
    if (--p->pending == 0) pthread_cond_broadcast(&p->idle);
    pthread_mutex_unlock(&p->lock);
    return HIPFFT_EXEC_FAILED;
  }
  return HIPFFT_SUCCESS;
}

void hipfft__cpu_release(hipfftHandle p) {
  pthread_mutex_lock(&p->lock);
  while (p->pending > 0) pthread_cond_wait(&p->idle, &p->lock);
  pthread_mutex_unlock(&p->lock);
  int dbl = hipfft_double(p->type);
  pthread_mutex_lock(&planner);
  for (int i = 0; i < 8; i++) {
    void* plan = (&p->fftw[0][0][0])[i];
    if (!plan) continue;
    if (dbl) fftw_destroy_plan(plan);
    else fftwf_destroy_plan(plan);
  }
  pthread_mutex_unlock(&planner);
}

/* -- the entry points: checks, then the CPU or the GPU */

static hipfftResult exec(hipfftHandle p, hipfftType type, void* in,
                         void* out, int direction) {
  if (!p || !p->made || p->type != type) return HIPFFT_INVALID_PLAN;
  if (!in || !out) return HIPFFT_INVALID_VALUE;
  if (direction != HIPFFT_FORWARD && direction != HIPFFT_BACKWARD)
    return HIPFFT_INVALID_VALUE;
  if (p->gpu) return hipfft__cu_exec(p, in, out, direction);
  hipc_stream_info info;
  if (hipc_stream_native(p->stream, &info) != hipSuccess)
    return HIPFFT_INVALID_VALUE;
  if (info.native) return HIPFFT_INVALID_DEVICE;  /* a CPU plan, a GPU stream */
  return hipfft__cpu_exec(p, in, out, direction);
}

hipfftResult hipfftExecC2C(hipfftHandle plan, hipfftComplex* idata,
                           hipfftComplex* odata, int direction) {
  return exec(plan, HIPFFT_C2C, idata, odata, direction);
}

hipfftResult hipfftExecZ2Z(hipfftHandle plan, hipfftDoubleComplex* idata,
                           hipfftDoubleComplex* odata, int direction) {
  return exec(plan, HIPFFT_Z2Z, idata, odata, direction);
}

hipfftResult hipfftExecR2C(hipfftHandle plan, hipfftReal* idata,
                           hipfftComplex* odata) {
  return exec(plan, HIPFFT_R2C, idata, odata, HIPFFT_FORWARD);
}

hipfftResult hipfftExecD2Z(hipfftHandle plan, hipfftDoubleReal* idata,
                           hipfftDoubleComplex* odata) {
  return exec(plan, HIPFFT_D2Z, idata, odata, HIPFFT_FORWARD);
}

hipfftResult hipfftExecC2R(hipfftHandle plan, hipfftComplex* idata,
                           hipfftReal* odata) {
  return exec(plan, HIPFFT_C2R, idata, odata, HIPFFT_BACKWARD);
}

hipfftResult hipfftExecZ2D(hipfftHandle plan, hipfftDoubleComplex* idata,
                           hipfftDoubleReal* odata) {
  return exec(plan, HIPFFT_Z2D, idata, odata, HIPFFT_BACKWARD);
}
