/* cuFFT on NVIDIA GPUs, loaded at run time (src/lib/common/vendor.h).
 * hipFFT's types, directions and results have cuFFT's values; a cuFFT
 * plan is an int. */
#include "../common/vendor.h"
#include "internal.h"

static const char* const names[] = {"libcufft.so.12", "libcufft.so.11",
                                    "libcufft.so.10", "libcufft.so", NULL};
static hipc_vendor_lib cufft = {names, 0, NULL};

/* cuFFT's `NAME` of parameter types PROTO, or HIPFFT_NOT_SUPPORTED from
 * the calling function. */
#define CUFFT_FN(var, NAME, PROTO)                          \
  typedef int(*var##_t) PROTO;                              \
  var##_t var = (var##_t)hipc_vendor_sym(&cufft, #NAME);    \
  if (!var) return HIPFFT_NOT_SUPPORTED

hipfftResult hipfft__cu_make(hipfftHandle p, int* inembed, int* onembed,
                             size_t* work) {
  CUFFT_FN(create, cufftCreate, (int*));
  CUFFT_FN(set_auto, cufftSetAutoAllocation, (int, int));
  CUFFT_FN(make, cufftMakePlanMany,
           (int, int, int*, int*, int, int, int*, int, int, int, int,
            size_t*));
  if (!p->cu_made) {
    int r = create(&p->cu);
    if (r != 0) return (hipfftResult)r;
    p->cu_made = 1;
  }
  int r = set_auto(p->cu, p->auto_alloc);
  if (r == 0)
    r = make(p->cu, p->rank, p->n, inembed, p->istride, p->idist, onembed,
             p->ostride, p->odist, p->type, p->batch, work);
  return (hipfftResult)r;
}

hipfftResult hipfft__cu_exec(hipfftHandle p, void* in, void* out,
                             int direction) {
  hipc_stream_info info;
  if (hipc_stream_native(p->stream, &info) != hipSuccess)
    return HIPFFT_INVALID_VALUE;
  if (!info.native) return HIPFFT_INVALID_DEVICE;
  CUFFT_FN(set_stream, cufftSetStream, (int, void*));
  int r = set_stream(p->cu, info.native);
  if (r != 0) return (hipfftResult)r;
  switch (p->type) {
    case HIPFFT_C2C: {
      CUFFT_FN(f, cufftExecC2C, (int, void*, void*, int));
      return (hipfftResult)f(p->cu, in, out, direction);
    }
    case HIPFFT_Z2Z: {
      CUFFT_FN(f, cufftExecZ2Z, (int, void*, void*, int));
      return (hipfftResult)f(p->cu, in, out, direction);
    }
    case HIPFFT_R2C: {
      CUFFT_FN(f, cufftExecR2C, (int, void*, void*));
      return (hipfftResult)f(p->cu, in, out);
    }
    case HIPFFT_D2Z: {
      CUFFT_FN(f, cufftExecD2Z, (int, void*, void*));
      return (hipfftResult)f(p->cu, in, out);
    }
    case HIPFFT_C2R: {
      CUFFT_FN(f, cufftExecC2R, (int, void*, void*));
      return (hipfftResult)f(p->cu, in, out);
    }
    case HIPFFT_Z2D: {
      CUFFT_FN(f, cufftExecZ2D, (int, void*, void*));
      return (hipfftResult)f(p->cu, in, out);
    }
  }
  return HIPFFT_INVALID_TYPE;
}

hipfftResult hipfft__cu_set_work_area(hipfftHandle p, void* area) {
  CUFFT_FN(f, cufftSetWorkArea, (int, void*));
  return (hipfftResult)f(p->cu, area);
}

hipfftResult hipfft__cu_set_auto_allocation(hipfftHandle p, int on) {
  CUFFT_FN(f, cufftSetAutoAllocation, (int, int));
  return (hipfftResult)f(p->cu, on);
}

void hipfft__cu_destroy(hipfftHandle p) {
  typedef int (*destroy_t)(int);
  destroy_t f = (destroy_t)hipc_vendor_sym(&cufft, "cufftDestroy");
  if (f) f(p->cu);
}
