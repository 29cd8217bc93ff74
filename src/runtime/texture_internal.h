/* Arrays, texture objects and surface objects inside the runtime: what
 * array.c and texture.c share. */
#ifndef HIPC_TEXTURE_INTERNAL_H
#define HIPC_TEXTURE_INTERNAL_H

#include "internal.h"

#define HIPC_ARRAY_MAGIC 0x68617272u /* "harr" */

/* An array. On the CPU device (a backend with host_memory) `data` is host
 * memory holding the elements row after row, `pitch` bytes per row and
 * `slice` bytes per slice (or layer); on a GPU `data` is the backend's
 * array handle. */
struct hipArray {
  uint32_t magic;
  hipc_device* dev;
  hipChannelFormatDesc desc;
  size_t width, height, depth; /* as allocated: 0 for a missing one */
  unsigned flags;
  size_t elem_size;
  size_t rows, slices;         /* max(height, 1), max(depth, 1) */
  size_t pitch, slice;
  void* data;
};

/* Checks a channel format: 1, 2 or 4 channels of the same width (8, 16 or
 * 32 bits for integers, 16 or 32 for floats). 0 when valid, with the
 * channel count and bytes per channel. */
int hipc__channel_format(const hipChannelFormatDesc* d, int* channels,
                         int* bytes);
/* The live array `a`, or NULL (freed, unknown, NULL). */
struct hipArray* hipc__array_lookup(hipArray_const_t a);
/* hipMemcpy3D and hipMemcpy3DAsync when either side is an array. */
hipError_t hipc__array_copy_3d(const struct hipMemcpy3DParms* p,
                               hipStream_t stream, int blocking);
/* Fills the texture and surface limits of `dev`'s properties where its
 * backend has textures (called once per device at init). */
void hipc__texture_props(hipc_device* dev);
/* Whether `dev` has texture and surface objects. */
int hipc__image_support(const hipc_device* dev);

#endif /* HIPC_TEXTURE_INTERNAL_H */
