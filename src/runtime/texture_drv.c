/* The driver-style texture objects: hipTexObjectCreate, hipTexObjectDestroy
 * and hipTexObjectGet*Desc. Their descriptors (HIP_RESOURCE_DESC,
 * HIP_TEXTURE_DESC, HIP_RESOURCE_VIEW_DESC) are translated to and from the
 * runtime API's, and the objects are hipCreateTextureObject's
 * (texture.c): either API may use or destroy them.
 *
 * HIP_TRSF_READ_AS_INTEGER reads integer formats as they are
 * (hipReadModeElementType); without it they read as normalised floats.
 * HIP_TRSF_NORMALIZED_COORDINATES and HIP_TRSF_SRGB set normalizedCoords
 * and sRGB. */
#include <string.h>

#include "texture_internal.h"

static hipError_t res_from_drv(const HIP_RESOURCE_DESC* d, hipResourceDesc* r) {
  memset(r, 0, sizeof *r);
  if (d->flags != 0) return hipErrorInvalidValue;
  switch (d->resType) {
    case HIP_RESOURCE_TYPE_ARRAY:
      r->resType = hipResourceTypeArray;
      r->res.array.array = d->res.array.hArray;
      return hipSuccess;
    case HIP_RESOURCE_TYPE_MIPMAPPED_ARRAY:
      r->resType = hipResourceTypeMipmappedArray;
      r->res.mipmap.mipmap = d->res.mipmap.hMipmappedArray;
      return hipSuccess;
    case HIP_RESOURCE_TYPE_LINEAR:
      r->resType = hipResourceTypeLinear;
      r->res.linear.devPtr = d->res.linear.devPtr;
      r->res.linear.sizeInBytes = d->res.linear.sizeInBytes;
      return hipc__array_format_desc(d->res.linear.format,
                                     d->res.linear.numChannels,
                                     &r->res.linear.desc) == 0
                 ? hipSuccess
                 : hipErrorInvalidValue;
    case HIP_RESOURCE_TYPE_PITCH2D:
      r->resType = hipResourceTypePitch2D;
      r->res.pitch2D.devPtr = d->res.pitch2D.devPtr;
      r->res.pitch2D.width = d->res.pitch2D.width;
      r->res.pitch2D.height = d->res.pitch2D.height;
      r->res.pitch2D.pitchInBytes = d->res.pitch2D.pitchInBytes;
      return hipc__array_format_desc(d->res.pitch2D.format,
                                     d->res.pitch2D.numChannels,
                                     &r->res.pitch2D.desc) == 0
                 ? hipSuccess
                 : hipErrorInvalidValue;
    default:
      return hipErrorInvalidValue;
  }
}

static void res_to_drv(const hipResourceDesc* r, HIP_RESOURCE_DESC* d) {
  memset(d, 0, sizeof *d);
  switch (r->resType) {
    case hipResourceTypeArray:
      d->resType = HIP_RESOURCE_TYPE_ARRAY;
      d->res.array.hArray = r->res.array.array;
      break;
    case hipResourceTypeMipmappedArray:
      d->resType = HIP_RESOURCE_TYPE_MIPMAPPED_ARRAY;
      d->res.mipmap.hMipmappedArray = r->res.mipmap.mipmap;
      break;
    case hipResourceTypeLinear:
      d->resType = HIP_RESOURCE_TYPE_LINEAR;
      d->res.linear.devPtr = r->res.linear.devPtr;
      d->res.linear.sizeInBytes = r->res.linear.sizeInBytes;
      hipc__array_desc_format(&r->res.linear.desc, &d->res.linear.format,
                              &d->res.linear.numChannels);
      break;
    case hipResourceTypePitch2D:
      d->resType = HIP_RESOURCE_TYPE_PITCH2D;
      d->res.pitch2D.devPtr = r->res.pitch2D.devPtr;
      d->res.pitch2D.width = r->res.pitch2D.width;
      d->res.pitch2D.height = r->res.pitch2D.height;
      d->res.pitch2D.pitchInBytes = r->res.pitch2D.pitchInBytes;
      hipc__array_desc_format(&r->res.pitch2D.desc, &d->res.pitch2D.format,
                              &d->res.pitch2D.numChannels);
      break;
  }
}

static void tex_from_drv(const HIP_TEXTURE_DESC* d, hipTextureDesc* t) {
  memset(t, 0, sizeof *t);
  for (int i = 0; i < 3; ++i)
    t->addressMode[i] = (hipTextureAddressMode)d->addressMode[i];
  t->filterMode = (hipTextureFilterMode)d->filterMode;
  t->readMode = (d->flags & HIP_TRSF_READ_AS_INTEGER)
                    ? hipReadModeElementType
                    : hipReadModeNormalizedFloat;
  t->sRGB = (d->flags & HIP_TRSF_SRGB) != 0;
  t->normalizedCoords = (d->flags & HIP_TRSF_NORMALIZED_COORDINATES) != 0;
  memcpy(t->borderColor, d->borderColor, sizeof t->borderColor);
  t->maxAnisotropy = d->maxAnisotropy;
  t->mipmapFilterMode = (hipTextureFilterMode)d->mipmapFilterMode;
  t->mipmapLevelBias = d->mipmapLevelBias;
  t->minMipmapLevelClamp = d->minMipmapLevelClamp;
  t->maxMipmapLevelClamp = d->maxMipmapLevelClamp;
}

static void tex_to_drv(const hipTextureDesc* t, HIP_TEXTURE_DESC* d) {
  memset(d, 0, sizeof *d);
  for (int i = 0; i < 3; ++i)
    d->addressMode[i] = (HIPaddress_mode)t->addressMode[i];
  d->filterMode = (HIPfilter_mode)t->filterMode;
  if (t->readMode == hipReadModeElementType)
    d->flags |= HIP_TRSF_READ_AS_INTEGER;
  if (t->sRGB) d->flags |= HIP_TRSF_SRGB;
  if (t->normalizedCoords) d->flags |= HIP_TRSF_NORMALIZED_COORDINATES;
  memcpy(d->borderColor, t->borderColor, sizeof d->borderColor);
  d->maxAnisotropy = t->maxAnisotropy;
  d->mipmapFilterMode = (HIPfilter_mode)t->mipmapFilterMode;
  d->mipmapLevelBias = t->mipmapLevelBias;
  d->minMipmapLevelClamp = t->minMipmapLevelClamp;
  d->maxMipmapLevelClamp = t->maxMipmapLevelClamp;
}

/* The two view descriptors share their fields and enumeration values. */
static void view_from_drv(const HIP_RESOURCE_VIEW_DESC* d,
                          hipResourceViewDesc* v) {
  v->format = (hipResourceViewFormat)d->format;
  v->width = d->width;
  v->height = d->height;
  v->depth = d->depth;
  v->firstMipmapLevel = d->firstMipmapLevel;
  v->lastMipmapLevel = d->lastMipmapLevel;
  v->firstLayer = d->firstLayer;
  v->lastLayer = d->lastLayer;
}

hipError_t hipTexObjectCreate(hipTextureObject_t* pTexObject,
                              const HIP_RESOURCE_DESC* pResDesc,
                              const HIP_TEXTURE_DESC* pTexDesc,
                              const HIP_RESOURCE_VIEW_DESC* pResViewDesc) {
  HIPC_API_ENTER();
  HIPC_RETURN_IF(!pTexObject || !pResDesc || !pTexDesc, hipErrorInvalidValue);
  hipResourceDesc res;
  hipTextureDesc tex;
  hipResourceViewDesc view;
  hipError_t e = res_from_drv(pResDesc, &res);
  HIPC_RETURN_IF(e != hipSuccess, e);
  tex_from_drv(pTexDesc, &tex);
  if (pResViewDesc) view_from_drv(pResViewDesc, &view);
  HIPC_RETURN(hipCreateTextureObject(pTexObject, &res, &tex,
                                     pResViewDesc ? &view : NULL));
}

hipError_t hipTexObjectDestroy(hipTextureObject_t texObject) {
  HIPC_API_ENTER();
  HIPC_RETURN(hipDestroyTextureObject(texObject));
}

hipError_t hipTexObjectGetResourceDesc(HIP_RESOURCE_DESC* pResDesc,
                                       hipTextureObject_t texObject) {
  HIPC_API_ENTER();
  HIPC_RETURN_IF(!pResDesc, hipErrorInvalidValue);
  hipResourceDesc r;
  hipError_t e = hipGetTextureObjectResourceDesc(&r, texObject);
  HIPC_RETURN_IF(e != hipSuccess, e);
  res_to_drv(&r, pResDesc);
  HIPC_RETURN(hipSuccess);
}

hipError_t hipTexObjectGetResourceViewDesc(
    HIP_RESOURCE_VIEW_DESC* pResViewDesc, hipTextureObject_t texObject) {
  HIPC_API_ENTER();
  HIPC_RETURN_IF(!pResViewDesc, hipErrorInvalidValue);
  hipResourceViewDesc v;
  hipError_t e = hipGetTextureObjectResourceViewDesc(&v, texObject);
  HIPC_RETURN_IF(e != hipSuccess, e);
  memset(pResViewDesc, 0, sizeof *pResViewDesc);
  pResViewDesc->format = (HIPresourceViewFormat)v.format;
  pResViewDesc->width = v.width;
  pResViewDesc->height = v.height;
  pResViewDesc->depth = v.depth;
  pResViewDesc->firstMipmapLevel = v.firstMipmapLevel;
  pResViewDesc->lastMipmapLevel = v.lastMipmapLevel;
  pResViewDesc->firstLayer = v.firstLayer;
  pResViewDesc->lastLayer = v.lastLayer;
  HIPC_RETURN(hipSuccess);
}

hipError_t hipTexObjectGetTextureDesc(HIP_TEXTURE_DESC* pTexDesc,
                                      hipTextureObject_t texObject) {
  HIPC_API_ENTER();
  HIPC_RETURN_IF(!pTexDesc, hipErrorInvalidValue);
  hipTextureDesc t;
  hipError_t e = hipGetTextureObjectTextureDesc(&t, texObject);
  HIPC_RETURN_IF(e != hipSuccess, e);
  tex_to_drv(&t, pTexDesc);
  HIPC_RETURN(hipSuccess);
}
