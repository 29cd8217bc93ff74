/* Texture and surface objects: hipCreateTextureObject,
 * hipDestroyTextureObject, hipGetTextureObject*Desc, hipCreateSurfaceObject,
 * hipDestroySurfaceObject, and the texture limits of the device properties.
 *
 * Every object is a record of the descriptors it was made from. On the CPU
 * device the handle a kernel receives is the address of the record's
 * hipc_tex (hip/hipc/texture_desc.h), which the device functions read; on
 * a GPU it is the backend's 64-bit object (cuTexObjectCreate). Live
 * objects are kept in a set keyed by handle, so that a destroyed or
 * unknown handle is refused with hipErrorInvalidValue. */
#include <stdlib.h>
#include <string.h>

#include "hip/hipc/texture_desc.h"
#include "texture_internal.h"

typedef struct tex_obj {
  hipc_tex cpu; /* first: a CPU-device handle points here */
  hipc_device* dev;
  int surface;
  hipResourceDesc res;
  hipTextureDesc tex;
  hipResourceViewDesc view;
  uint64_t handle; /* what the program holds */
} tex_obj;

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static tex_obj** live;
static size_t nlive, cap;

/* Adds `o` unless its handle is taken: 0, or -1. */
static int live_add(tex_obj* o) {
  int r = 0;
  pthread_mutex_lock(&lock);
  for (size_t i = 0; i < nlive && r == 0; ++i)
    if (live[i]->handle == o->handle) r = -1;
  if (r == 0 && nlive == cap) {
    size_t ncap = cap ? cap * 2 : 16;
    tex_obj** t = realloc(live, ncap * sizeof *t);
    if (t) {
      live = t;
      cap = ncap;
    } else {
      r = -1;
    }
  }
  if (r == 0) live[nlive++] = o;
  pthread_mutex_unlock(&lock);
  return r;
}

/* The live object `handle` of the given kind; with `take`, also removed
 * from the set. NULL when there is none. */
static tex_obj* live_find(uint64_t handle, int surface, int take) {
  tex_obj* r = NULL;
  pthread_mutex_lock(&lock);
  for (size_t i = 0; i < nlive; ++i) {
    if (live[i]->handle != handle || live[i]->surface != surface) continue;
    r = live[i];
    if (take) live[i] = live[--nlive];
    break;
  }
  pthread_mutex_unlock(&lock);
  return r;
}

/* Checks `res` and fills the format, sizes and data of `t` from it, the
 * device that owns it in *dev and its backend array in *array. */
static hipError_t resource(const hipResourceDesc* res, int surface,
                           hipc_tex* t, hipc_device** dev, void** array) {
  const hipChannelFormatDesc* fmt;
  *array = NULL;
  switch (res->resType) {
    case hipResourceTypeArray: {
      struct hipArray* a = hipc__array_lookup(res->res.array.array);
      if (!a) return hipErrorInvalidValue;
      /* Cubemap sampling (texCubemap, surfCubemap) is not implemented. */
      if (a->flags & hipArrayCubemap) return hipErrorNotSupported;
      *dev = a->dev;
      *array = a->data;
      fmt = &a->desc;
      t->data = a->data;
      t->layered = (a->flags & hipArrayLayered) != 0;
      t->width = a->width;
      t->height = a->rows;
      t->depth = t->layered ? 1 : a->slices;
      t->layers = t->layered ? a->depth : 1;
      t->pitch = a->pitch;
      t->slice = a->slice;
      break;
    }
    case hipResourceTypeMipmappedArray:
      return surface ? hipErrorInvalidValue : hipErrorNotSupported;
    case hipResourceTypeLinear:
    case hipResourceTypePitch2D: {
      if (surface) return hipErrorInvalidValue;
      int linear = res->resType == hipResourceTypeLinear;
      void* p = linear ? res->res.linear.devPtr : res->res.pitch2D.devPtr;
      fmt = linear ? &res->res.linear.desc : &res->res.pitch2D.desc;
      if (!p) return hipErrorInvalidValue;
      hipc_alloc al;
      if (hipc__alloc_find(p, &al) && al.kind == hipMemoryTypeDevice) {
        *dev = al.dev;
      } else {
        hipError_t e = hipc__current_device(dev);
        if (e != hipSuccess) return e;
      }
      t->data = p;
      t->depth = t->layers = 1;
      if (linear) {
        t->width = res->res.linear.sizeInBytes;
        t->height = 1;
        t->pitch = t->slice = res->res.linear.sizeInBytes;
      } else {
        t->width = res->res.pitch2D.width;
        t->height = res->res.pitch2D.height;
        t->pitch = res->res.pitch2D.pitchInBytes;
        t->slice = t->pitch * t->height;
      }
      /* The memory must be a live allocation (or a variable): a freed or
       * wild pointer would be read by every fetch. */
      if (t->height > 0 && t->pitch > SIZE_MAX / t->height)
        return hipErrorInvalidValue;
      hipError_t e = hipc__check_device_ptr(*dev, p, t->pitch * t->height);
      if (e != hipSuccess) return e;
      break;
    }
    default:
      return hipErrorInvalidValue;
  }
  int channels, bytes;
  if (hipc__channel_format(fmt, &channels, &bytes) != 0)
    return hipErrorInvalidValue;
  t->channels = (uint8_t)channels;
  t->channel_bytes = (uint8_t)bytes;
  t->kind = (uint8_t)fmt->f;
  t->elem_size = (uint8_t)(channels * bytes);
  const hipDeviceProp_t* p = &(*dev)->props;
  if (res->resType == hipResourceTypeLinear) {
    if (t->width % t->elem_size || t->width == 0 ||
        t->width > (size_t)p->maxTexture1DLinear * t->elem_size)
      return hipErrorInvalidValue;
    t->width /= t->elem_size;
  }
  if (res->resType == hipResourceTypeLinear ||
      res->resType == hipResourceTypePitch2D) {
    size_t align = p->textureAlignment ? p->textureAlignment : 1;
    if ((uintptr_t)t->data % align) return hipErrorInvalidValue;
  }
  if (res->resType == hipResourceTypePitch2D) {
    size_t align = p->texturePitchAlignment ? p->texturePitchAlignment : 1;
    if (t->width == 0 || t->height == 0 ||
        t->width > (size_t)p->maxTexture2DLinear[0] ||
        t->height > (size_t)p->maxTexture2DLinear[1] ||
        t->pitch < t->width * t->elem_size || t->pitch % align)
      return hipErrorInvalidValue;
  }
  if (!hipc__image_support(*dev)) return hipErrorNotSupported;
  return hipSuccess;
}

/* Checks `d` against the format in `t` and fills the sampler of `t`. */
static hipError_t sampler(const hipTextureDesc* d, hipc_tex* t) {
  for (int i = 0; i < 3; ++i) {
    if ((unsigned)d->addressMode[i] > hipAddressModeBorder)
      return hipErrorInvalidValue;
    t->address[i] = (uint8_t)d->addressMode[i];
  }
  if ((unsigned)d->filterMode > hipFilterModeLinear ||
      (unsigned)d->readMode > hipReadModeNormalizedFloat)
    return hipErrorInvalidValue;
  int is_float = t->kind == hipChannelFormatKindFloat;
  t->read_normalized = !is_float && d->readMode == hipReadModeNormalizedFloat;
  /* Only 8- and 16-bit integers have a normalized form. */
  if (t->read_normalized && t->channel_bytes == 4) return hipErrorInvalidValue;
  t->float_result = is_float || t->read_normalized;
  /* Linear filtering needs floating-point results. */
  if (d->filterMode == hipFilterModeLinear && !t->float_result)
    return hipErrorInvalidValue;
  t->filter = (uint8_t)d->filterMode;
  t->normalized_coords = d->normalizedCoords != 0;
  memcpy(t->border, d->borderColor, sizeof t->border);
  return hipSuccess;
}

/* Makes a texture (`tex` set) or surface object. */
static hipError_t create(uint64_t* out, const hipResourceDesc* res,
                         const hipTextureDesc* tex,
                         const hipResourceViewDesc* view, int surface) {
  if (!out || !res || (!surface && !tex)) return hipErrorInvalidValue;
  tex_obj* o = calloc(1, sizeof *o);
  if (!o) return hipErrorOutOfMemory;
  o->cpu.magic = HIPC_TEX_MAGIC;
  o->surface = surface;
  o->res = *res;
  if (tex) o->tex = *tex;
  if (view) o->view = *view;
  void* array;
  hipError_t e = resource(res, surface, &o->cpu, &o->dev, &array);
  if (e == hipSuccess && tex) e = sampler(tex, &o->cpu);
  if (e != hipSuccess) goto fail;
  const hipc_backend_ops* ops = o->dev->ops;
  if (ops->host_memory) {
    o->handle = (uint64_t)(uintptr_t)&o->cpu;
  } else if (surface) {
    e = ops->surface_create(o->dev, array, &o->handle);
  } else {
    e = ops->texture_create(o->dev, res, array, tex, view, &o->handle);
  }
  if (e != hipSuccess) goto fail;
  if (live_add(o) != 0) {
    if (!ops->host_memory) ops->object_destroy(o->dev, o->handle, surface);
    e = hipErrorOutOfMemory;
    goto fail;
  }
  *out = o->handle;
  return hipSuccess;
fail:
  free(o);
  return e;
}

static hipError_t destroy(uint64_t handle, int surface) {
  if (handle == 0) return hipSuccess;
  tex_obj* o = live_find(handle, surface, 1);
  if (!o) return hipErrorInvalidValue;
  /* Kernels already enqueued may still read it. */
  hipError_t e = o->dev->ops->device_sync(o->dev);
  if (!o->dev->ops->host_memory)
    o->dev->ops->object_destroy(o->dev, o->handle, surface);
  o->cpu.magic = 0;
  free(o);
  return e;
}

hipError_t hipCreateTextureObject(hipTextureObject_t* pTexObject,
                                  const hipResourceDesc* pResDesc,
                                  const hipTextureDesc* pTexDesc,
                                  const struct hipResourceViewDesc* view) {
  HIPC_API_ENTER();
  uint64_t h = 0;
  hipError_t e = create(pTexObject ? &h : NULL, pResDesc, pTexDesc, view, 0);
  if (e == hipSuccess) *pTexObject = (hipTextureObject_t)(uintptr_t)h;
  HIPC_RETURN(e);
}

hipError_t hipDestroyTextureObject(hipTextureObject_t textureObject) {
  HIPC_API_ENTER();
  HIPC_RETURN(destroy((uint64_t)(uintptr_t)textureObject, 0));
}

hipError_t hipCreateSurfaceObject(hipSurfaceObject_t* pSurfObject,
                                  const hipResourceDesc* pResDesc) {
  HIPC_API_ENTER();
  uint64_t h = 0;
  hipError_t e = create(pSurfObject ? &h : NULL, pResDesc, NULL, NULL, 1);
  if (e == hipSuccess) *pSurfObject = (hipSurfaceObject_t)(uintptr_t)h;
  HIPC_RETURN(e);
}

hipError_t hipDestroySurfaceObject(hipSurfaceObject_t surfaceObject) {
  HIPC_API_ENTER();
  HIPC_RETURN(destroy((uint64_t)(uintptr_t)surfaceObject, 1));
}

/* Copies part of the record of texture object `obj` to `dst`. */
static hipError_t describe(void* dst, hipTextureObject_t obj, size_t offset,
                           size_t size) {
  if (!dst) return hipErrorInvalidValue;
  hipError_t e = hipErrorInvalidValue;
  pthread_mutex_lock(&lock);
  for (size_t i = 0; i < nlive; ++i) {
    if (live[i]->handle == (uint64_t)(uintptr_t)obj && !live[i]->surface) {
      memcpy(dst, (const char*)live[i] + offset, size);
      e = hipSuccess;
      break;
    }
  }
  pthread_mutex_unlock(&lock);
  return e;
}

hipError_t hipGetTextureObjectResourceDesc(hipResourceDesc* pResDesc,
                                           hipTextureObject_t obj) {
  HIPC_API_ENTER();
  HIPC_RETURN(describe(pResDesc, obj, offsetof(tex_obj, res),
                       sizeof(hipResourceDesc)));
}

hipError_t hipGetTextureObjectResourceViewDesc(
    struct hipResourceViewDesc* pResViewDesc, hipTextureObject_t obj) {
  HIPC_API_ENTER();
  HIPC_RETURN(describe(pResViewDesc, obj, offsetof(tex_obj, view),
                       sizeof(hipResourceViewDesc)));
}

hipError_t hipGetTextureObjectTextureDesc(hipTextureDesc* pTexDesc,
                                          hipTextureObject_t obj) {
  HIPC_API_ENTER();
  HIPC_RETURN(describe(pTexDesc, obj, offsetof(tex_obj, tex),
                       sizeof(hipTextureDesc)));
}

/* CUDA's limits on compute capability 9.0, which hipc's CPU device takes
 * too (its arrays are host memory: the bounds only keep sizes sane). */
void hipc__texture_props(hipc_device* dev) {
  if (!hipc__image_support(dev)) return;
  hipDeviceProp_t* p = &dev->props;
  if (p->maxTexture1D) return; /* the backend filled them */
  p->maxTexture1D = 131072;
  p->maxTexture1DMipmap = 32768;
  p->maxTexture1DLinear = 268435456;
  p->maxTexture2D[0] = 131072;
  p->maxTexture2D[1] = 65536;
  p->maxTexture2DMipmap[0] = 32768;
  p->maxTexture2DMipmap[1] = 32768;
  p->maxTexture2DLinear[0] = 131072;
  p->maxTexture2DLinear[1] = 65000;
  p->maxTexture2DLinear[2] = 2097120;
  p->maxTexture2DGather[0] = 32768;
  p->maxTexture2DGather[1] = 32768;
  for (int i = 0; i < 3; ++i) p->maxTexture3D[i] = 16384;
  p->maxTexture3DAlt[0] = 8192;
  p->maxTexture3DAlt[1] = 8192;
  p->maxTexture3DAlt[2] = 32768;
  p->maxTextureCubemap = 32768;
  p->maxTexture1DLayered[0] = 32768;
  p->maxTexture1DLayered[1] = 2048;
  p->maxTexture2DLayered[0] = 32768;
  p->maxTexture2DLayered[1] = 32768;
  p->maxTexture2DLayered[2] = 2048;
  p->maxTextureCubemapLayered[0] = 32768;
  p->maxTextureCubemapLayered[1] = 2046;
  p->maxSurface1D = 32768;
  p->maxSurface2D[0] = 131072;
  p->maxSurface2D[1] = 65536;
  for (int i = 0; i < 3; ++i) p->maxSurface3D[i] = 16384;
  p->maxSurface1DLayered[0] = 32768;
  p->maxSurface1DLayered[1] = 2048;
  p->maxSurface2DLayered[0] = 32768;
  p->maxSurface2DLayered[1] = 32768;
  p->maxSurface2DLayered[2] = 2048;
  p->maxSurfaceCubemap = 32768;
  p->maxSurfaceCubemapLayered[0] = 32768;
  p->maxSurfaceCubemapLayered[1] = 2046;
  if (!p->surfaceAlignment) p->surfaceAlignment = 512;
  p->arch.hasSurfaceFuncs = 1;
}
