/* hipFFT plans: creation, geometry, settings, destruction. */
#include <stdlib.h>
#include <string.h>

#include "internal.h"

static int valid_type(hipfftType t) {
  return t == HIPFFT_R2C || t == HIPFFT_C2R || t == HIPFFT_C2C ||
         t == HIPFFT_D2Z || t == HIPFFT_Z2D || t == HIPFFT_Z2Z;
}

hipfftResult hipfftCreate(hipfftHandle* plan) {
  if (!plan) return HIPFFT_INVALID_VALUE;
  hipfftHandle p = calloc(1, sizeof *p);
  if (!p) return HIPFFT_ALLOC_FAILED;
  p->auto_alloc = 1;
  p->scale = 1.0;
  pthread_mutex_init(&p->lock, NULL);
  pthread_cond_init(&p->idle, NULL);
  *plan = p;
  return HIPFFT_SUCCESS;
}

hipfftResult hipfftMakePlanMany(hipfftHandle p, int rank, int* n,
                                int* inembed, int istride, int idist,
                                int* onembed, int ostride, int odist,
                                hipfftType type, int batch,
                                size_t* workSize) {
  if (!p) return HIPFFT_INVALID_PLAN;
  if (p->made) return HIPFFT_INVALID_PLAN;  /* made once, as cuFFT */
  if (!valid_type(type)) return HIPFFT_INVALID_TYPE;
  if (rank < 1 || rank > 3 || !n || batch < 1) return HIPFFT_INVALID_SIZE;
  for (int i = 0; i < rank; i++)
    if (n[i] < 1) return HIPFFT_INVALID_SIZE;
  int advanced = inembed != NULL && onembed != NULL;
  if (advanced) {
    if (istride < 1 || ostride < 1 || idist < 1 || odist < 1)
      return HIPFFT_INVALID_VALUE;
    for (int i = 1; i < rank; i++)
      if (inembed[i] < 1 || onembed[i] < 1) return HIPFFT_INVALID_VALUE;
  }
  int dev = 0;
  hipc_stream_info info;
  if (hipGetDevice(&dev) != hipSuccess ||
      hipc_stream_native(NULL, &info) != hipSuccess)
    return HIPFFT_INVALID_DEVICE;
  p->type = type;
  p->rank = rank;
  p->batch = batch;
  p->advanced = advanced;
  for (int i = 0; i < rank; i++) {
    p->n[i] = n[i];
    p->inembed[i] = advanced ? inembed[i] : n[i];
    p->onembed[i] = advanced ? onembed[i] : n[i];
  }
  p->istride = istride;
  p->idist = idist;
  p->ostride = ostride;
  p->odist = odist;
  p->gpu = info.native != NULL;
  p->work_size = 0;
  if (p->gpu) {
    hipfftResult r = hipfft__cu_make(p, advanced ? inembed : NULL,
                                     advanced ? onembed : NULL,
                                     &p->work_size);
    if (r != HIPFFT_SUCCESS) return r;
  }
  if (workSize) *workSize = p->work_size;
  p->made = 1;
  return HIPFFT_SUCCESS;
}

hipfftResult hipfftMakePlan1d(hipfftHandle p, int nx, hipfftType type,
                              int batch, size_t* workSize) {
  int n[1] = {nx};
  return hipfftMakePlanMany(p, 1, n, NULL, 1, 0, NULL, 1, 0, type, batch,
                            workSize);
}

hipfftResult hipfftMakePlan2d(hipfftHandle p, int nx, int ny,
                              hipfftType type, size_t* workSize) {
  int n[2] = {nx, ny};
  return hipfftMakePlanMany(p, 2, n, NULL, 1, 0, NULL, 1, 0, type, 1,
                            workSize);
}

hipfftResult hipfftMakePlan3d(hipfftHandle p, int nx, int ny, int nz,
                              hipfftType type, size_t* workSize) {
  int n[3] = {nx, ny, nz};
  return hipfftMakePlanMany(p, 3, n, NULL, 1, 0, NULL, 1, 0, type, 1,
                            workSize);
}

/* Create and make; the handle is freed again when making fails. */
static hipfftResult create_made(hipfftHandle* plan, hipfftResult r,
                                hipfftHandle p) {
  if (r != HIPFFT_SUCCESS) {
    hipfftDestroy(p);
    return r;
  }
  *plan = p;
  return HIPFFT_SUCCESS;
}

hipfftResult hipfftPlanMany(hipfftHandle* plan, int rank, int* n,
                            int* inembed, int istride, int idist,
                            int* onembed, int ostride, int odist,
                            hipfftType type, int batch) {
  if (!plan) return HIPFFT_INVALID_VALUE;
  hipfftHandle p;
  hipfftResult r = hipfftCreate(&p);
  if (r != HIPFFT_SUCCESS) return r;
  r = hipfftMakePlanMany(p, rank, n, inembed, istride, idist, onembed,
                         ostride, odist, type, batch, NULL);
  return create_made(plan, r, p);
}

hipfftResult hipfftPlan1d(hipfftHandle* plan, int nx, hipfftType type,
                          int batch) {
  int n[1] = {nx};
  return hipfftPlanMany(plan, 1, n, NULL, 1, 0, NULL, 1, 0, type, batch);
}

hipfftResult hipfftPlan2d(hipfftHandle* plan, int nx, int ny,
                          hipfftType type) {
  int n[2] = {nx, ny};
  return hipfftPlanMany(plan, 2, n, NULL, 1, 0, NULL, 1, 0, type, 1);
}

hipfftResult hipfftPlan3d(hipfftHandle* plan, int nx, int ny, int nz,
                          hipfftType type) {
  int n[3] = {nx, ny, nz};
  return hipfftPlanMany(plan, 3, n, NULL, 1, 0, NULL, 1, 0, type, 1);
}

hipfftResult hipfftDestroy(hipfftHandle p) {
  if (!p) return HIPFFT_INVALID_PLAN;
  hipfft__cpu_release(p);
  if (p->cu_made) hipfft__cu_destroy(p);
  pthread_cond_destroy(&p->idle);
  pthread_mutex_destroy(&p->lock);
  free(p);
  return HIPFFT_SUCCESS;
}

/* -- settings */

hipfftResult hipfftGetSize(hipfftHandle p, size_t* workSize) {
  if (!p) return HIPFFT_INVALID_PLAN;
  if (!workSize) return HIPFFT_INVALID_VALUE;
  *workSize = p->work_size;
  return HIPFFT_SUCCESS;
}

hipfftResult hipfftSetAutoAllocation(hipfftHandle p, int autoAllocate) {
  if (!p) return HIPFFT_INVALID_PLAN;
  p->auto_alloc = autoAllocate != 0;
  return p->cu_made ? hipfft__cu_set_auto_allocation(p, p->auto_alloc)
                    : HIPFFT_SUCCESS;
}

hipfftResult hipfftSetWorkArea(hipfftHandle p, void* workArea) {
  if (!p) return HIPFFT_INVALID_PLAN;
  p->work_area = workArea;
  return p->cu_made ? hipfft__cu_set_work_area(p, workArea) : HIPFFT_SUCCESS;
}

hipfftResult hipfftSetStream(hipfftHandle p, hipStream_t stream) {
  if (!p) return HIPFFT_INVALID_PLAN;
  unsigned flags;
  /* The null stream is valid (hipStreamGetFlags refuses it, as AMD's). */
  if (stream && hipStreamGetFlags(stream, &flags) != hipSuccess)
    return HIPFFT_INVALID_VALUE;
  p->stream = stream;
  return HIPFFT_SUCCESS;
}

hipfftResult hipfftExtPlanScaleFactor(hipfftHandle p, double scalefactor) {
  if (!p) return HIPFFT_INVALID_PLAN;
  if (p->gpu) return HIPFFT_NOT_SUPPORTED;
  p->scale = scalefactor;
  return HIPFFT_SUCCESS;
}

#define HIPC_HIPFFT_MAJOR 1
#define HIPC_HIPFFT_MINOR 0
#define HIPC_HIPFFT_PATCH 0

hipfftResult hipfftGetVersion(int* version) {
  if (!version) return HIPFFT_INVALID_VALUE;
  *version = HIPC_HIPFFT_MAJOR * 10000 + HIPC_HIPFFT_MINOR * 100 +
             HIPC_HIPFFT_PATCH;
  return HIPFFT_SUCCESS;
}

hipfftResult hipfftGetProperty(hipfftLibraryPropertyType type, int* value) {
  if (!value) return HIPFFT_INVALID_VALUE;
  switch (type) {
    case HIPFFT_MAJOR_VERSION: *value = HIPC_HIPFFT_MAJOR; break;
    case HIPFFT_MINOR_VERSION: *value = HIPC_HIPFFT_MINOR; break;
    case HIPFFT_PATCH_LEVEL: *value = HIPC_HIPFFT_PATCH; break;
    default: return HIPFFT_INVALID_TYPE;
  }
  return HIPFFT_SUCCESS;
}
