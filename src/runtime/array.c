/* Arrays: hipMallocArray, hipMalloc3DArray, hipFreeArray, hipArrayGetInfo,
 * hipCreateChannelDesc, and the copies between arrays and memory
 * (hipMemcpy2DToArray & co, hipMemcpyToArray, hipMemcpy3D with an array).
 *
 * On the CPU device an array is host memory, rows packed one after the
 * other, so its copies are the ordinary pitched copies of memory_copy.c;
 * on a GPU it is the backend's array (array_create, array_copy). Live
 * arrays are kept in a set, so that a freed or unknown handle is refused
 * with hipErrorInvalidValue rather than followed. */
#include <stdlib.h>
#include <string.h>

#include "texture_internal.h"

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static struct hipArray** live;
static size_t nlive, cap;

static int live_add(struct hipArray* a) {
  pthread_mutex_lock(&lock);
  if (nlive == cap) {
    size_t ncap = cap ? cap * 2 : 16;
    struct hipArray** t = realloc(live, ncap * sizeof *t);
    if (!t) {
      pthread_mutex_unlock(&lock);
      return -1;
    }
    live = t;
    cap = ncap;
  }
  live[nlive++] = a;
  pthread_mutex_unlock(&lock);
  return 0;
}

/* Removes `a` from the set: 0, or -1 when it is not there. */
static int live_remove(const struct hipArray* a) {
  int found = -1;
  pthread_mutex_lock(&lock);
  for (size_t i = 0; i < nlive; ++i) {
    if (live[i] == a) {
      live[i] = live[--nlive];
      found = 0;
      break;
    }
  }
  pthread_mutex_unlock(&lock);
  return found;
}

struct hipArray* hipc__array_lookup(hipArray_const_t a) {
  struct hipArray* r = NULL;
  if (!a) return NULL;
  pthread_mutex_lock(&lock);
  for (size_t i = 0; i < nlive; ++i)
    if (live[i] == a) r = live[i];
  pthread_mutex_unlock(&lock);
  return r;
}

hipChannelFormatDesc hipCreateChannelDesc(int x, int y, int z, int w,
                                          hipChannelFormatKind f) {
  hipChannelFormatDesc d = {x, y, z, w, f};
  return d;
}

int hipc__channel_format(const hipChannelFormatDesc* d, int* channels,
                         int* bytes) {
  int bits = d->x;
  int n = 1 + (d->y != 0) + (d->z != 0) + (d->w != 0);
  /* Channels are contiguous and equally wide. */
  if ((d->y && d->y != bits) || (d->z && d->z != bits) ||
      (d->w && d->w != bits) || (!d->y && (d->z || d->w)) ||
      (!d->z && d->w) || n == 3)
    return -1;
  switch (d->f) {
    case hipChannelFormatKindSigned:
    case hipChannelFormatKindUnsigned:
      if (bits != 8 && bits != 16 && bits != 32) return -1;
      break;
    case hipChannelFormatKindFloat:
      if (bits != 16 && bits != 32) return -1;
      break;
    default:
      return -1;
  }
  *channels = n;
  *bytes = bits / 8;
  return 0;
}

int hipc__image_support(const hipc_device* dev) {
  return dev->ops->host_memory || dev->ops->texture_create;
}

hipError_t hipc__array_create(hipArray_t* out,
                              const hipChannelFormatDesc* desc, size_t width,
                              size_t height, size_t depth, unsigned flags) {
  if (!out || !desc) return hipErrorInvalidValue;
  int channels, bytes_per;
  if (hipc__channel_format(desc, &channels, &bytes_per) != 0)
    return hipErrorInvalidValue;
  if (flags & ~(unsigned)(hipArrayLayered | hipArraySurfaceLoadStore |
                          hipArrayCubemap | hipArrayTextureGather))
    return hipErrorInvalidValue;
  int layered = (flags & hipArrayLayered) != 0;
  int cube = (flags & hipArrayCubemap) != 0;
  /* A 3D array has all three sizes; a layered one at least one layer. */
  if (width == 0 || (!layered && depth && !height) || (layered && !depth))
    return hipErrorInvalidValue;
  /* Texture gather reads 2D arrays only (not layered, not cubemaps). */
  if ((flags & hipArrayTextureGather) &&
      (!height || depth || (flags & ~(unsigned)(hipArrayTextureGather |
                                                hipArraySurfaceLoadStore))))
    return hipErrorInvalidValue;
  /* A cubemap has six square faces (six per layer when layered): its
   * faces are stored as the slices of a 3D array. */
  if (cube && (width != height || depth == 0 || depth % 6 != 0 ||
               (!layered && depth != 6)))
    return hipErrorInvalidValue;
  hipc_device* dev;
  hipError_t e = hipc__current_device(&dev);
  if (e != hipSuccess) return e;
  if (!hipc__image_support(dev) || (!dev->ops->host_memory &&
                                    !dev->ops->array_create))
    return hipErrorNotSupported;
  const hipDeviceProp_t* p = &dev->props;
  int too_big;
  if (cube)
    too_big = layered ? width > (size_t)p->maxTextureCubemapLayered[0] ||
                            depth > (size_t)p->maxTextureCubemapLayered[1]
                      : width > (size_t)p->maxTextureCubemap;
  else if (layered)
    too_big = height ? width > (size_t)p->maxTexture2DLayered[0] ||
                           height > (size_t)p->maxTexture2DLayered[1] ||
                           depth > (size_t)p->maxTexture2DLayered[2]
                     : width > (size_t)p->maxTexture1DLayered[0] ||
                           depth > (size_t)p->maxTexture1DLayered[1];
  else if (depth)
    too_big = width > (size_t)p->maxTexture3D[0] ||
              height > (size_t)p->maxTexture3D[1] ||
              depth > (size_t)p->maxTexture3D[2];
  else if (height)
    too_big = width > (size_t)p->maxTexture2D[0] ||
              height > (size_t)p->maxTexture2D[1];
  else
    too_big = width > (size_t)p->maxTexture1D;
  if (too_big) return hipErrorInvalidValue;

  /* The sizes are bounded by the limits above: no overflow. Like
   * hipMalloc's, an array larger than the device's memory is refused. */
  size_t bytes = (size_t)channels * (size_t)bytes_per * width *
                 (height ? height : 1) * (depth ? depth : 1);
  if (bytes > dev->props.totalGlobalMem) return hipErrorOutOfMemory;
  struct hipArray* a = calloc(1, sizeof *a);
  if (!a) return hipErrorOutOfMemory;
  a->magic = HIPC_ARRAY_MAGIC;
  a->dev = dev;
  a->desc = *desc;
  a->width = width;
  a->height = height;
  a->depth = depth;
  a->flags = flags;
  a->elem_size = (size_t)channels * (size_t)bytes_per;
  a->rows = height ? height : 1;
  a->slices = depth ? depth : 1;
  a->pitch = width * a->elem_size;
  a->slice = a->pitch * a->rows;
  if (dev->ops->host_memory) {
    /* Not cleared: as on a GPU, an array holds what was written to it.
     * Pages of a large one are only touched when used. */
    e = dev->ops->alloc(dev, bytes, &a->data);
  } else {
    e = dev->ops->array_create(dev, desc, width, height, depth, flags,
                               &a->data);
  }
  if (e != hipSuccess) {
    free(a);
    return e;
  }
  if (live_add(a) != 0) {
    if (dev->ops->host_memory)
      dev->ops->release(dev, a->data);
    else
      dev->ops->array_destroy(dev, a->data);
    free(a);
    return hipErrorOutOfMemory;
  }
  *out = a;
  return hipSuccess;
}

hipError_t hipMallocArray(hipArray_t* array, const hipChannelFormatDesc* desc,
                          size_t width, size_t height, unsigned int flags) {
  HIPC_API_ENTER();
  HIPC_RETURN_IF(flags & (hipArrayLayered | hipArrayCubemap),
                 hipErrorInvalidValue);
  HIPC_RETURN(hipc__array_create(array, desc, width, height, 0, flags));
}

hipError_t hipMalloc3DArray(hipArray_t* array,
                            const struct hipChannelFormatDesc* desc,
                            struct hipExtent extent, unsigned int flags) {
  HIPC_API_ENTER();
  HIPC_RETURN(hipc__array_create(array, desc, extent.width, extent.height,
                                 extent.depth, flags));
}

hipError_t hipc__array_destroy(hipArray_t array) {
  struct hipArray* a = hipc__array_lookup(array);
  if (!a) return hipErrorContextIsDestroyed;
  /* As hipFree: work already enqueued may still read it. */
  hipError_t e = a->dev->ops->device_sync(a->dev);
  if (e != hipSuccess) return e;
  if (live_remove(a) != 0) return hipErrorContextIsDestroyed;
  if (a->dev->ops->host_memory)
    e = a->dev->ops->release(a->dev, a->data);
  else
    a->dev->ops->array_destroy(a->dev, a->data);
  a->magic = 0;
  free(a);
  return e;
}

/* A handle that is not (or no longer) a live array gets what AMD's
 * runtime returns, hipErrorContextIsDestroyed; NULL hipErrorInvalidValue. */
hipError_t hipFreeArray(hipArray_t array) {
  HIPC_API_ENTER();
  HIPC_RETURN_IF(!array, hipErrorInvalidValue);
  HIPC_RETURN(hipc__array_destroy(array));
}

hipError_t hipArrayGetInfo(hipChannelFormatDesc* desc, hipExtent* extent,
                           unsigned int* flags, hipArray_t array) {
  HIPC_API_ENTER();
  struct hipArray* a = hipc__array_lookup(array);
  HIPC_RETURN_IF(!a, hipErrorInvalidHandle);
  if (desc) *desc = a->desc;
  if (extent) {
    extent->width = a->width;
    extent->height = a->height;
    extent->depth = a->depth;
  }
  if (flags) *flags = a->flags;
  HIPC_RETURN(hipSuccess);
}

/* -- copies */

/* Copies the box `c` (its `array` field unused) to or from array `a`,
 * after checking it lies inside the array. */
static hipError_t array_copy(struct hipArray* a, hipc_array_copy c,
                             hipMemcpyKind kind, hipStream_t stream,
                             int blocking) {
  if (!HIPC_KIND_VALID(kind))
    return hipErrorInvalidMemcpyDirection;
  if (c.width == 0 || c.height == 0 || c.depth == 0) return hipSuccess;
  if (!c.mem) return hipErrorInvalidValue;
  /* The memory side, as the kind says (to an array: the source). */
  int mem_device = c.to_array ? HIPC_KIND_SRC_DEVICE(kind)
                              : HIPC_KIND_DST_DEVICE(kind);
  size_t mem_rows = (c.depth - 1) * c.rows + c.height;
  if (c.depth > 1 && c.rows < c.height) return hipErrorInvalidValue;
  if (c.height > 1 || c.depth > 1) {
    if (c.width > c.pitch) return hipErrorInvalidPitchValue;
    if (mem_rows - 1 > (SIZE_MAX - c.width) / c.pitch)
      return hipErrorInvalidValue;
  }
  size_t mem_span = (mem_rows - 1) * c.pitch + c.width;
  hipError_t e = hipc__check_copy_side(a->dev, c.mem, mem_span, mem_device);
  if (e != hipSuccess) return e;
  size_t row = a->pitch;
  if (c.x > row || c.width > row - c.x || c.y > a->rows ||
      c.height > a->rows - c.y || c.z > a->slices ||
      c.depth > a->slices - c.z)
    return hipErrorInvalidValue;
  if ((c.height > 1 || c.depth > 1) && c.width > c.pitch)
    return hipErrorInvalidPitchValue;
  if (c.depth > 1 && c.rows < c.height) return hipErrorInvalidValue;
  if (a->dev->ops->host_memory) {
    /* The array's side is the array's own (checked above), the memory
     * side was checked with `kind`: copy as plain memory. */
    kind = hipMemcpyDefault;
    for (size_t z = 0; z < c.depth && e == hipSuccess; ++z) {
      char* arr = (char*)a->data + (c.z + z) * a->slice + c.y * a->pitch + c.x;
      char* mem = (char*)c.mem + z * c.rows * c.pitch;
      void* dst = c.to_array ? arr : mem;
      const void* src = c.to_array ? mem : arr;
      size_t dp = c.to_array ? a->pitch : c.pitch;
      size_t sp = c.to_array ? c.pitch : a->pitch;
      e = blocking ? hipMemcpy2D(dst, dp, src, sp, c.width, c.height, kind)
                   : hipMemcpy2DAsync(dst, dp, src, sp, c.width, c.height,
                                      kind, stream);
    }
    return e;
  }
  hipc_work w;
  e = hipc__work_begin(stream, &w);
  if (e != hipSuccess) return e;
  if (w.dev != a->dev) { /* in order with the stream, on the array's device */
    if ((e = hipc__work_end(&w, hipSuccess, 1)) != hipSuccess) return e;
    if ((e = hipc__work_begin_null(a->dev, &w)) != hipSuccess) return e;
    blocking = 1;
  }
  c.array = a->data;
  e = a->dev->ops->array_copy(w.q, &c, 0);
  return hipc__work_end(&w, e, blocking);
}

hipError_t hipc__array_copy_2d(hipArray_const_t array, int to_array, size_t x,
                               size_t y, void* mem, size_t pitch,
                               size_t width, size_t height,
                               hipMemcpyKind kind, hipStream_t stream,
                               int blocking) {
  struct hipArray* a = hipc__array_lookup(array);
  if (!a) return hipErrorInvalidValue;
  hipc_array_copy c = {NULL, to_array, x, y, 0, mem, pitch, height,
                       width, height, 1, NULL, 0, 0, 0};
  return array_copy(a, c, kind, stream, blocking);
}

hipError_t hipMemcpy2DToArray(hipArray_t dst, size_t wOffset, size_t hOffset,
                              const void* src, size_t spitch, size_t width,
                              size_t height, hipMemcpyKind kind) {
  HIPC_API_ENTER();
  HIPC_RETURN_IF(!dst, hipErrorInvalidHandle); /* as AMD's runtime */
  HIPC_RETURN(hipc__array_copy_2d(dst, 1, wOffset, hOffset, (void*)src, spitch, width,
                      height, kind, NULL, 1));
}

hipError_t hipMemcpy2DToArrayAsync(hipArray_t dst, size_t wOffset,
                                   size_t hOffset, const void* src,
                                   size_t spitch, size_t width, size_t height,
                                   hipMemcpyKind kind, hipStream_t stream) {
  HIPC_API_ENTER();
  HIPC_RETURN_IF(!dst, hipErrorInvalidHandle); /* as AMD's runtime */
  HIPC_RETURN(hipc__array_copy_2d(dst, 1, wOffset, hOffset, (void*)src, spitch, width,
                      height, kind, stream, 0));
}

hipError_t hipMemcpy2DFromArray(void* dst, size_t dpitch, hipArray_const_t src,
                                size_t wOffset, size_t hOffset, size_t width,
                                size_t height, hipMemcpyKind kind) {
  HIPC_API_ENTER();
  HIPC_RETURN_IF(!src, hipErrorInvalidHandle); /* as AMD's runtime */
  HIPC_RETURN(hipc__array_copy_2d(src, 0, wOffset, hOffset, dst, dpitch, width, height,
                      kind, NULL, 1));
}

hipError_t hipMemcpy2DFromArrayAsync(void* dst, size_t dpitch,
                                     hipArray_const_t src, size_t wOffset,
                                     size_t hOffset, size_t width,
                                     size_t height, hipMemcpyKind kind,
                                     hipStream_t stream) {
  HIPC_API_ENTER();
  HIPC_RETURN_IF(!src, hipErrorInvalidHandle); /* as AMD's runtime */
  HIPC_RETURN(hipc__array_copy_2d(src, 0, wOffset, hOffset, dst, dpitch, width, height,
                      kind, stream, 0));
}

/* hipMemcpyToArray / FromArray: `count` bytes in row order from (x, y),
 * as up to three boxes: the rest of the first row, whole rows, and the
 * start of the last row. */
static hipError_t copy_linear(hipArray_const_t array, int to_array, size_t x,
                              size_t y, char* mem, size_t count,
                              hipMemcpyKind kind) {
  struct hipArray* a = hipc__array_lookup(array);
  if (!a) return hipErrorInvalidValue;
  if (!HIPC_KIND_VALID(kind))
    return hipErrorInvalidMemcpyDirection;
  size_t row = a->pitch;
  if (x >= row || y >= a->rows ||
      count > (a->rows - y) * row - x)
    return hipErrorInvalidValue;
  if (count && !mem) return hipErrorInvalidValue;
  hipError_t e = hipSuccess;
  while (count && e == hipSuccess) {
    hipc_array_copy c = {NULL, to_array, x,    y,    0, mem, row, 1,
                         row - x, 1,        1, NULL, 0, 0, 0};
    if (x == 0 && count >= row) c.height = count / row;
    else if (count < row - x) c.width = count;
    c.rows = c.height;
    e = array_copy(a, c, kind, NULL, 1);
    size_t n = c.width * c.height;
    mem += n;
    count -= n;
    y += c.height;
    x = 0;
  }
  return e;
}

hipError_t hipMemcpyToArray(hipArray_t dst, size_t wOffset, size_t hOffset,
                            const void* src, size_t count,
                            hipMemcpyKind kind) {
  HIPC_API_ENTER();
  HIPC_RETURN(
      copy_linear(dst, 1, wOffset, hOffset, (char*)src, count, kind));
}

hipError_t hipMemcpyFromArray(void* dst, hipArray_const_t srcArray,
                              size_t wOffset, size_t hOffset, size_t count,
                              hipMemcpyKind kind) {
  HIPC_API_ENTER();
  HIPC_RETURN(
      copy_linear(srcArray, 0, wOffset, hOffset, (char*)dst, count, kind));
}

/* Whether the box of `width` bytes x `height` rows x `depth` slices at
 * byte `x`, row `y`, slice `z` lies inside `a`. */
static int in_array(const struct hipArray* a, size_t x, size_t y, size_t z,
                    size_t width, size_t height, size_t depth) {
  return x <= a->pitch && width <= a->pitch - x && y <= a->rows &&
         height <= a->rows - y && z <= a->slices && depth <= a->slices - z;
}

hipError_t hipc__array_copy_arrays(struct hipArray* da, size_t dx, size_t dy,
                                   size_t dz, struct hipArray* sa, size_t sx,
                                   size_t sy, size_t sz, size_t width,
                                   size_t height, size_t depth,
                                   hipStream_t stream, int blocking) {
  if (!in_array(da, dx, dy, dz, width, height, depth) ||
      !in_array(sa, sx, sy, sz, width, height, depth))
    return hipErrorInvalidValue;
  if (width == 0 || height == 0 || depth == 0) return hipSuccess;
  if (sa->dev->ops->host_memory && da->dev->ops->host_memory) {
    /* The source read as host memory. */
    hipc_array_copy c = {NULL, 1, dx, dy, dz,
                         (char*)sa->data + sz * sa->slice + sy * sa->pitch + sx,
                         sa->pitch, sa->rows, width, height, depth, NULL, 0,
                         0, 0};
    return array_copy(da, c, hipMemcpyDefault, stream, blocking);
  }
  /* On a GPU the backend copies between two arrays of one device. */
  if (sa->dev != da->dev) return hipErrorNotSupported;
  hipc_work w;
  hipError_t e = hipc__work_begin(stream, &w);
  if (e != hipSuccess) return e;
  if (w.dev != da->dev) { /* in order with the stream, on the arrays' device */
    if ((e = hipc__work_end(&w, hipSuccess, 1)) != hipSuccess) return e;
    if ((e = hipc__work_begin_null(da->dev, &w)) != hipSuccess) return e;
    blocking = 1;
  }
  hipc_array_copy c = {da->data, 1,     dx,     dy,    dz, NULL, 0, 0,
                       width,    height, depth, sa->data, sx, sy, sz};
  e = da->dev->ops->array_copy(w.q, &c, 0);
  return hipc__work_end(&w, e, blocking);
}

/* hipMemcpy3D with an array on one side (or both, on the CPU device): the
 * extent and an array's position are in elements, a pitched pointer's
 * position in bytes. */
hipError_t hipc__array_copy_3d(const struct hipMemcpy3DParms* p,
                               hipStream_t stream, int blocking) {
  struct hipArray* sa = p->srcArray ? hipc__array_lookup(p->srcArray) : NULL;
  struct hipArray* da = p->dstArray ? hipc__array_lookup(p->dstArray) : NULL;
  if ((p->srcArray && !sa) || (p->dstArray && !da))
    return hipErrorInvalidValue;
  struct hipArray* a = da ? da : sa;
  hipc_array_copy c;
  memset(&c, 0, sizeof c);
  c.to_array = da != NULL;
  hipPos pos = da ? p->dstPos : p->srcPos;
  c.x = pos.x * a->elem_size;
  c.y = pos.y;
  c.z = pos.z;
  c.width = p->extent.width * a->elem_size;
  c.height = p->extent.height;
  c.depth = p->extent.depth;
  if (sa && da) {
    if (!HIPC_KIND_VALID(p->kind))
      return hipErrorInvalidMemcpyDirection;
    if (sa->elem_size != da->elem_size) return hipErrorInvalidValue;
    return hipc__array_copy_arrays(da, c.x, c.y, c.z, sa,
                                   p->srcPos.x * sa->elem_size, p->srcPos.y,
                                   p->srcPos.z, c.width, c.height, c.depth,
                                   stream, blocking);
  } else {
    hipPitchedPtr m = da ? p->srcPtr : p->dstPtr;
    hipPos mp = da ? p->srcPos : p->dstPos;
    if (!m.ptr) return hipErrorInvalidValue;
    c.pitch = m.pitch;
    c.rows = m.ysize ? m.ysize : c.height;
    if (c.depth > 1 && mp.y + c.height > c.rows) return hipErrorInvalidValue;
    c.mem = (char*)m.ptr + (mp.z * c.rows + mp.y) * m.pitch + mp.x;
    if (c.width && c.width + mp.x > m.pitch && (c.height > 1 || c.depth > 1))
      return hipErrorInvalidPitchValue;
  }
  return array_copy(a, c, p->kind, stream, blocking);
}
