/* Mipmapped arrays: hipMallocMipmappedArray, hipFreeMipmappedArray,
 * hipGetMipmappedArrayLevel and the driver-style hipMipmappedArrayCreate,
 * Destroy and GetLevel.
 *
 * A mipmapped array is a list of ordinary arrays (array.c), level l having
 * max(1, n >> l) elements in each dimension n the array has (a layered
 * array keeps its layer count), so each level is copied, described and
 * bound to surfaces like any array, on the CPU device and on a GPU. The
 * level count must lie in [1, 1 + floor(log2(largest dimension))]
 * (hipErrorInvalidValue otherwise, as AMD's and CUDA's runtimes answer). Texture objects over a whole mipmapped array (sampling
 * between levels) are not supported (texture.c). Live mipmapped arrays
 * are kept in a set, so that a freed or unknown handle is refused. */
#include <stdlib.h>

#include "texture_internal.h"

#define MIPMAP_MAGIC 0x686d6970u /* "hmip" */

struct hipMipmappedArray {
  uint32_t magic;
  struct hipMipmappedArray* next; /* in the live set */
  unsigned levels;
  hipArray_t level[]; /* `levels` arrays */
};

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static struct hipMipmappedArray* live;

/* Takes `m` out of the live set: 0, or -1 when it was not there. */
static int unlink_live(struct hipMipmappedArray* m) {
  int r = -1;
  pthread_mutex_lock(&lock);
  for (struct hipMipmappedArray** p = &live; *p; p = &(*p)->next)
    if (*p == m) {
      *p = m->next;
      r = 0;
      break;
    }
  pthread_mutex_unlock(&lock);
  return r;
}

static void destroy_levels(struct hipMipmappedArray* m) {
  for (unsigned l = 0; l < m->levels; ++l)
    if (m->level[l]) hipc__array_destroy(m->level[l]);
}

static size_t shrink(size_t n, unsigned l) {
  if (n == 0) return 0;
  n >>= l;
  return n ? n : 1;
}

static hipError_t create(hipMipmappedArray_t* out,
                         const hipChannelFormatDesc* desc, hipExtent e,
                         unsigned levels, unsigned flags) {
  if (!out || !desc) return hipErrorInvalidValue;
  int layered = (flags & (hipArrayLayered | hipArrayCubemap)) != 0;
  size_t big = e.width > e.height ? e.width : e.height;
  if (!layered && e.depth > big) big = e.depth;
  unsigned most = 1;
  while (most < 64 && (big >> most)) ++most;
  if (levels == 0 || levels > most) return hipErrorInvalidValue;
  struct hipMipmappedArray* m =
      calloc(1, sizeof *m + levels * sizeof m->level[0]);
  if (!m) return hipErrorOutOfMemory;
  m->magic = MIPMAP_MAGIC;
  m->levels = levels;
  hipError_t r = hipSuccess;
  for (unsigned l = 0; l < levels && r == hipSuccess; ++l)
    r = hipc__array_create(&m->level[l], desc, shrink(e.width, l),
                           shrink(e.height, l),
                           layered ? e.depth : shrink(e.depth, l), flags);
  if (r != hipSuccess) {
    destroy_levels(m);
    free(m);
    return r;
  }
  pthread_mutex_lock(&lock);
  m->next = live;
  live = m;
  pthread_mutex_unlock(&lock);
  *out = m;
  return hipSuccess;
}

/* As hipFreeArray: NULL is hipErrorInvalidValue, any other handle that is
 * not live hipErrorContextIsDestroyed; waits for the device first. */
static hipError_t destroy(hipMipmappedArray_t handle) {
  if (!handle) return hipErrorInvalidValue;
  struct hipMipmappedArray* m = handle;
  if (unlink_live(m) != 0) return hipErrorContextIsDestroyed;
  destroy_levels(m); /* each waits for its device, as hipFreeArray */
  m->magic = 0;
  free(m);
  return hipSuccess;
}

static hipError_t get_level(hipArray_t* out, hipMipmappedArray_const_t handle,
                            unsigned level) {
  if (!out) return hipErrorInvalidValue;
  hipError_t e = hipErrorInvalidResourceHandle;
  pthread_mutex_lock(&lock); /* `handle` stays live while it is read */
  for (struct hipMipmappedArray* p = live; p; p = p->next) {
    if (p != handle) continue;
    e = level < p->levels ? hipSuccess : hipErrorInvalidValue;
    if (e == hipSuccess) *out = p->level[level];
    break;
  }
  pthread_mutex_unlock(&lock);
  return e;
}

hipError_t hipMallocMipmappedArray(hipMipmappedArray_t* mipmappedArray,
                                   const struct hipChannelFormatDesc* desc,
                                   struct hipExtent extent,
                                   unsigned int numLevels,
                                   unsigned int flags) {
  HIPC_API_ENTER();
  HIPC_RETURN(create(mipmappedArray, desc, extent, numLevels, flags));
}

hipError_t hipFreeMipmappedArray(hipMipmappedArray_t mipmappedArray) {
  HIPC_API_ENTER();
  HIPC_RETURN(destroy(mipmappedArray));
}

hipError_t hipGetMipmappedArrayLevel(hipArray_t* levelArray,
                                     hipMipmappedArray_const_t mipmappedArray,
                                     unsigned int level) {
  HIPC_API_ENTER();
  HIPC_RETURN(get_level(levelArray, mipmappedArray, level));
}

hipError_t hipMipmappedArrayCreate(hipMipmappedArray_t* pHandle,
                                   HIP_ARRAY3D_DESCRIPTOR* pMipmappedArrayDesc,
                                   unsigned int numMipmapLevels) {
  HIPC_API_ENTER();
  const HIP_ARRAY3D_DESCRIPTOR* d = pMipmappedArrayDesc;
  hipChannelFormatDesc c;
  HIPC_RETURN_IF(!d || hipc__array_format_desc(d->Format, d->NumChannels,
                                               &c) != 0,
                 hipErrorInvalidValue);
  HIPC_RETURN(create(pHandle, &c, make_hipExtent(d->Width, d->Height,
                                                 d->Depth),
                     numMipmapLevels, d->Flags));
}

hipError_t hipMipmappedArrayDestroy(hipMipmappedArray_t hMipmappedArray) {
  HIPC_API_ENTER();
  HIPC_RETURN(destroy(hMipmappedArray));
}

hipError_t hipMipmappedArrayGetLevel(hipArray_t* pLevelArray,
                                     hipMipmappedArray_t hMipMappedArray,
                                     unsigned int level) {
  HIPC_API_ENTER();
  HIPC_RETURN(get_level(pLevelArray, hMipMappedArray, level));
}
