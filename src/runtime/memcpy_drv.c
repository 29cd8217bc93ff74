/* The driver API's copies, hipMemcpyParam2D(Async) (hip_Memcpy2D) and
 * hipDrvMemcpy3D(Async) (HIP_MEMCPY3D): each side says what it is (host,
 * device, unified memory or an array) and where the box starts in bytes,
 * rows and slices. They become the runtime's hipMemcpy3D, which checks and
 * enqueues them (memory_copy.c, array.c). */
#include <string.h>

#include "driver_internal.h"

/* One side of a driver copy. */
typedef struct side {
  hipMemoryType type;
  const void* host;
  hipDeviceptr_t device;
  hipArray_t array;
  size_t x, y, z, pitch, height, lod;
} side;

/* The bytes of one element of `a`, or 0 for an unknown array. */
static size_t elem_size(hipArray_t a) {
  hipChannelFormatDesc d;
  hipExtent x;
  unsigned flags;
  if (hipArrayGetInfo(&d, &x, &flags, a) != hipSuccess) return 0;
  return (size_t)(d.x + d.y + d.z + d.w) / 8;
}

/* Fills the 3D copy's half for `s`. *device: 1 device memory (or an
 * array), 0 host memory, -1 either (unified). `width` in bytes. */
static hipError_t fill(const side* s, size_t width, size_t rows,
                       size_t depth, hipArray_t* array, hipPos* pos,
                       hipPitchedPtr* ptr, int* device, size_t* elem) {
  if (s->lod != 0) return hipErrorInvalidValue; /* no mipmapped arrays */
  *array = NULL;
  *elem = 1;
  switch (s->type) {
    case hipMemoryTypeArray: {
      size_t e = s->array ? elem_size(s->array) : 0;
      if (!e || s->x % e || width % e) return hipErrorInvalidValue;
      *array = s->array;
      *pos = make_hipPos(s->x / e, s->y, s->z);
      *device = 1;
      *elem = e;
      return hipSuccess;
    }
    case hipMemoryTypeHost:
      *ptr = make_hipPitchedPtr((void*)s->host, s->pitch, width, 0);
      *device = 0;
      break;
    case hipMemoryTypeDevice:
      *ptr = make_hipPitchedPtr(s->device, s->pitch, width, 0);
      *device = 1;
      break;
    case hipMemoryTypeUnified:
    case hipMemoryTypeManaged:
      *ptr = make_hipPitchedPtr(s->device, s->pitch, width, 0);
      *device = -1;
      break;
    default:
      return hipErrorInvalidValue;
  }
  if (!ptr->ptr) return hipErrorInvalidValue;
  /* One row needs no pitch; a pitch of 0 means rows packed one after the
   * other (AMD's runtime takes it too). */
  if ((rows <= 1 && depth <= 1 && ptr->pitch < s->x + width) ||
      ptr->pitch == 0)
    ptr->pitch = s->x + width;
  ptr->ysize = s->height ? s->height : rows;
  *pos = make_hipPos(s->x, s->y, s->z);
  return hipSuccess;
}

static hipError_t copy(const side* src, const side* dst, size_t width,
                       size_t height, size_t depth, hipStream_t stream,
                       int async) {
  hipMemcpy3DParms p;
  memset(&p, 0, sizeof p);
  int sdev, ddev;
  size_t se, de;
  hipError_t e = fill(src, width, height, depth, &p.srcArray, &p.srcPos,
                      &p.srcPtr, &sdev, &se);
  if (e != hipSuccess) return e;
  e = fill(dst, width, height, depth, &p.dstArray, &p.dstPos, &p.dstPtr,
           &ddev, &de);
  if (e != hipSuccess) return e;
  if (width == 0 || height == 0 || depth == 0) return hipSuccess;
  /* The extent is in elements where an array is involved. */
  size_t elem = p.dstArray ? de : se;
  p.extent = make_hipExtent(width / elem, height, depth);
  if (sdev < 0 || ddev < 0)
    p.kind = hipMemcpyDefault;
  else
    p.kind = (hipMemcpyKind)((sdev ? 2 : 0) + (ddev ? 1 : 0));
  e = async ? hipMemcpy3DAsync(&p, stream) : hipMemcpy3D(&p);
  /* The driver API has no pitch error: a pitch below the width is an
   * invalid value, as AMD's runtime (and CUDA's driver) report it. */
  return e == hipErrorInvalidPitchValue ? hipErrorInvalidValue : e;
}

static hipError_t param_2d(const hip_Memcpy2D* c, hipStream_t stream,
                           int async) {
  if (!c) return hipErrorInvalidValue;
  side s = {c->srcMemoryType, c->srcHost, c->srcDevice, c->srcArray,
            c->srcXInBytes, c->srcY, 0, c->srcPitch, 0, 0};
  side d = {c->dstMemoryType, c->dstHost, c->dstDevice, c->dstArray,
            c->dstXInBytes, c->dstY, 0, c->dstPitch, 0, 0};
  return copy(&s, &d, c->WidthInBytes, c->Height, 1, stream, async);
}

static hipError_t drv_3d(const HIP_MEMCPY3D* c, hipStream_t stream,
                         int async) {
  if (!c) return hipErrorInvalidValue;
  side s = {c->srcMemoryType, c->srcHost, c->srcDevice, c->srcArray,
            c->srcXInBytes, c->srcY, c->srcZ, c->srcPitch, c->srcHeight,
            c->srcLOD};
  side d = {c->dstMemoryType, c->dstHost, c->dstDevice, c->dstArray,
            c->dstXInBytes, c->dstY, c->dstZ, c->dstPitch, c->dstHeight,
            c->dstLOD};
  return copy(&s, &d, c->WidthInBytes, c->Height, c->Depth, stream, async);
}

hipError_t hipMemcpyParam2D(const hip_Memcpy2D* pCopy) {
  HIPC_API_ENTER();
  HIPC_RETURN(param_2d(pCopy, NULL, 0));
}

hipError_t hipMemcpyParam2DAsync(const hip_Memcpy2D* pCopy,
                                 hipStream_t stream) {
  HIPC_API_ENTER();
  HIPC_RETURN(param_2d(pCopy, stream, 1));
}

hipError_t hipDrvMemcpy2DUnaligned(const hip_Memcpy2D* pCopy) {
  HIPC_API_ENTER();
  HIPC_RETURN(param_2d(pCopy, NULL, 0));
}

hipError_t hipDrvMemcpy3D(const HIP_MEMCPY3D* pCopy) {
  HIPC_API_ENTER();
  HIPC_RETURN(drv_3d(pCopy, NULL, 0));
}

hipError_t hipDrvMemcpy3DAsync(const HIP_MEMCPY3D* pCopy,
                               hipStream_t stream) {
  HIPC_API_ENTER();
  HIPC_RETURN(drv_3d(pCopy, stream, 1));
}
