/* Arrays, texture objects and surface objects on NVIDIA GPUs: CUDA arrays
 * (cuArray3DCreate), copies between them and memory (cuMemcpy3DAsync),
 * and the driver's texture and surface objects, whose 64-bit handles
 * kernels receive as hipTextureObject_t / hipSurfaceObject_t. The runtime
 * (src/runtime/array.c, texture.c) has checked every argument already.
 * The entry points are optional: a driver without them makes these
 * operations hipErrorNotSupported. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "cuda_backend.h"

static CUdeviceptr dptr(const void* p) { return (CUdeviceptr)(uintptr_t)p; }

/* The driver's CUarray_format (the values of hipArray_Format) of a checked
 * channel format, and its channel count. */
static int cu_format(const hipChannelFormatDesc* d, unsigned* channels) {
  *channels = 1u + (d->y != 0) + (d->z != 0) + (d->w != 0);
  int bytes = d->x / 8;
  switch (d->f) {
    case hipChannelFormatKindSigned:
      return bytes == 1 ? HIP_AD_FORMAT_SIGNED_INT8
             : bytes == 2 ? HIP_AD_FORMAT_SIGNED_INT16
                          : HIP_AD_FORMAT_SIGNED_INT32;
    case hipChannelFormatKindUnsigned:
      return bytes == 1 ? HIP_AD_FORMAT_UNSIGNED_INT8
             : bytes == 2 ? HIP_AD_FORMAT_UNSIGNED_INT16
                          : HIP_AD_FORMAT_UNSIGNED_INT32;
    default:
      return bytes == 2 ? HIP_AD_FORMAT_HALF : HIP_AD_FORMAT_FLOAT;
  }
}

/* The backend's array: the driver's, and its element kind (the texture
 * descriptor's read mode depends on it). */
typedef struct cuda_array {
  CUarray a;
  hipChannelFormatKind kind;
} cuda_array;

static int supported(void) {
  return hipc_cu.Array3DCreate && hipc_cu.ArrayDestroy &&
         hipc_cu.Memcpy3DAsync && hipc_cu.TexObjectCreate &&
         hipc_cu.TexObjectDestroy && hipc_cu.SurfObjectCreate &&
         hipc_cu.SurfObjectDestroy;
}

hipError_t hipc__cuda_array_create(hipc_device* dev,
                                   const hipChannelFormatDesc* desc,
                                   size_t width, size_t height, size_t depth,
                                   unsigned flags, void** out) {
  if (!supported()) return hipErrorNotSupported;
  CUDA_ARRAY3D_DESCRIPTOR d;
  memset(&d, 0, sizeof d);
  d.Width = width;
  d.Height = height;
  d.Depth = depth;
  d.Format = cu_format(desc, &d.NumChannels);
  /* Every array may back a surface, as on AMD's runtime, which does not
   * ask for hipArraySurfaceLoadStore; except a texture-gather array, which
   * the driver refuses to make a surface. */
  d.Flags = flags;
  if (!(flags & CUDA_ARRAY3D_TEXTURE_GATHER))
    d.Flags |= CUDA_ARRAY3D_SURFACE_LDST;
  cuda_array* a = malloc(sizeof *a);
  if (!a) return hipErrorOutOfMemory;
  a->kind = desc->f;
  CUresult r = hipc__cuda_bind(dev->impl);
  if (r == CUDA_SUCCESS) r = hipc_cu.Array3DCreate(&a->a, &d);
  if (r != CUDA_SUCCESS) {
    free(a);
    return hipc__cuda_error(r);
  }
  *out = a;
  return hipSuccess;
}

void hipc__cuda_array_destroy(hipc_device* dev, void* array) {
  cuda_array* a = array;
  if (hipc__cuda_bind(dev->impl) == CUDA_SUCCESS) hipc_cu.ArrayDestroy(a->a);
  free(a);
}

hipError_t hipc__cuda_array_copy(hipc_queue* q, const hipc_array_copy* c,
                                 int blocking) {
  CUDA_MEMCPY3D m;
  memset(&m, 0, sizeof m);
  /* Memory the driver does not know is pageable host memory. */
  int host = !c->src_array && !hipc__cuda_device_visible(c->mem);
  int mem_type = host ? CU_MEMORYTYPE_HOST : CU_MEMORYTYPE_UNIFIED;
  if (c->src_array) { /* array to array */
    m.srcMemoryType = CU_MEMORYTYPE_ARRAY;
    m.srcArray = ((cuda_array*)c->src_array)->a;
    m.srcXInBytes = c->sx;
    m.srcY = c->sy;
    m.srcZ = c->sz;
    m.dstMemoryType = CU_MEMORYTYPE_ARRAY;
    m.dstArray = ((cuda_array*)c->array)->a;
    m.dstXInBytes = c->x;
    m.dstY = c->y;
    m.dstZ = c->z;
  } else if (c->to_array) {
    m.srcMemoryType = mem_type;
    m.srcHost = c->mem;
    m.srcDevice = dptr(c->mem);
    m.srcPitch = c->pitch;
    m.srcHeight = c->rows;
    m.dstMemoryType = CU_MEMORYTYPE_ARRAY;
    m.dstArray = ((cuda_array*)c->array)->a;
    m.dstXInBytes = c->x;
    m.dstY = c->y;
    m.dstZ = c->z;
  } else {
    m.srcMemoryType = CU_MEMORYTYPE_ARRAY;
    m.srcArray = ((cuda_array*)c->array)->a;
    m.srcXInBytes = c->x;
    m.srcY = c->y;
    m.srcZ = c->z;
    m.dstMemoryType = mem_type;
    m.dstHost = c->mem;
    m.dstDevice = dptr(c->mem);
    m.dstPitch = c->pitch;
    m.dstHeight = c->rows;
  }
  m.WidthInBytes = c->width;
  m.Height = c->height;
  m.Depth = c->depth;
  HIPC_CU_CHECK(hipc__cuda_bind(q->dev));
  HIPC_CU_CHECK(hipc_cu.Memcpy3DAsync(&m, q->stream));
  if (blocking || host) HIPC_CU_CHECK(hipc_cu.StreamSynchronize(q->stream));
  return hipSuccess;
}

hipError_t hipc__cuda_texture_create(hipc_device* dev,
                                     const hipResourceDesc* res, void* array,
                                     const hipTextureDesc* tex,
                                     const hipResourceViewDesc* view,
                                     uint64_t* out) {
  (void)view; /* views are not applied (README) */
  if (!supported()) return hipErrorNotSupported;
  CUDA_RESOURCE_DESC r;
  memset(&r, 0, sizeof r);
  hipChannelFormatKind kind;
  switch (res->resType) {
    case hipResourceTypeArray:
      r.resType = CU_RESOURCE_TYPE_ARRAY;
      r.res.array.hArray = ((cuda_array*)array)->a;
      kind = ((cuda_array*)array)->kind;
      break;
    case hipResourceTypeLinear:
      r.resType = CU_RESOURCE_TYPE_LINEAR;
      r.res.linear.devPtr = dptr(res->res.linear.devPtr);
      r.res.linear.format =
          cu_format(&res->res.linear.desc, &r.res.linear.numChannels);
      r.res.linear.sizeInBytes = res->res.linear.sizeInBytes;
      kind = res->res.linear.desc.f;
      break;
    default:
      r.resType = CU_RESOURCE_TYPE_PITCH2D;
      r.res.pitch2D.devPtr = dptr(res->res.pitch2D.devPtr);
      r.res.pitch2D.format =
          cu_format(&res->res.pitch2D.desc, &r.res.pitch2D.numChannels);
      r.res.pitch2D.width = res->res.pitch2D.width;
      r.res.pitch2D.height = res->res.pitch2D.height;
      r.res.pitch2D.pitchInBytes = res->res.pitch2D.pitchInBytes;
      kind = res->res.pitch2D.desc.f;
      break;
  }
  CUDA_TEXTURE_DESC t;
  memset(&t, 0, sizeof t);
  for (int i = 0; i < 3; ++i) t.addressMode[i] = tex->addressMode[i];
  t.filterMode = tex->filterMode;
  t.mipmapFilterMode = tex->mipmapFilterMode;
  t.maxAnisotropy = tex->maxAnisotropy;
  t.mipmapLevelBias = tex->mipmapLevelBias;
  t.minMipmapLevelClamp = tex->minMipmapLevelClamp;
  t.maxMipmapLevelClamp = tex->maxMipmapLevelClamp;
  memcpy(t.borderColor, tex->borderColor, sizeof t.borderColor);
  if (tex->normalizedCoords) t.flags |= CU_TRSF_NORMALIZED_COORDINATES;
  /* The driver API promotes integers to normalized floats unless told
   * otherwise; HIP's element-type read mode keeps them integers. */
  if (tex->readMode == hipReadModeElementType &&
      kind != hipChannelFormatKindFloat)
    t.flags |= CU_TRSF_READ_AS_INTEGER;
  CUtexObject obj;
  HIPC_CU_CHECK(hipc__cuda_bind(dev->impl));
  HIPC_CU_CHECK(hipc_cu.TexObjectCreate(&obj, &r, &t, NULL));
  *out = obj;
  return hipSuccess;
}

hipError_t hipc__cuda_surface_create(hipc_device* dev, void* array,
                                     uint64_t* out) {
  if (!supported()) return hipErrorNotSupported;
  CUDA_RESOURCE_DESC r;
  memset(&r, 0, sizeof r);
  r.resType = CU_RESOURCE_TYPE_ARRAY;
  r.res.array.hArray = ((cuda_array*)array)->a;
  CUsurfObject obj;
  HIPC_CU_CHECK(hipc__cuda_bind(dev->impl));
  HIPC_CU_CHECK(hipc_cu.SurfObjectCreate(&obj, &r));
  *out = obj;
  return hipSuccess;
}

void hipc__cuda_object_destroy(hipc_device* dev, uint64_t obj, int surface) {
  if (hipc__cuda_bind(dev->impl) != CUDA_SUCCESS) return;
  if (surface)
    hipc_cu.SurfObjectDestroy(obj);
  else
    hipc_cu.TexObjectDestroy(obj);
}
