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
/* hipMalloc3DArray: an array of `width` x `height` x `depth` (0: absent)
 * elements of `desc`, after checking every argument. */
hipError_t hipc__array_create(hipArray_t* out,
                              const hipChannelFormatDesc* desc, size_t width,
                              size_t height, size_t depth, unsigned flags);
/* The channel format of `n` channels of driver format `f` (0), or -1 when
 * either is not one the API has. */
int hipc__array_format_desc(hipArray_Format f, unsigned n,
                            hipChannelFormatDesc* d);
/* The driver format and channel count of a checked channel format. */
void hipc__array_desc_format(const hipChannelFormatDesc* d,
                             hipArray_Format* f, unsigned* n);
/* Frees a live array (hipErrorContextIsDestroyed for any other handle). */
hipError_t hipc__array_destroy(hipArray_t array);
/* The live array `a`, or NULL (freed, unknown, NULL). */
struct hipArray* hipc__array_lookup(hipArray_const_t a);
/* Copies `width` bytes x `height` rows between live array `array` at byte
 * `x`, row `y` and memory `mem` (rows `pitch` bytes apart), in `to_array`'s
 * direction, the memory side checked against `kind`; in order on `stream`,
 * waiting for it with `blocking`. */
hipError_t hipc__array_copy_2d(hipArray_const_t array, int to_array, size_t x,
                               size_t y, void* mem, size_t pitch,
                               size_t width, size_t height,
                               hipMemcpyKind kind, hipStream_t stream,
                               int blocking);
/* Copies a box of `width` bytes x `height` rows x `depth` slices from array
 * `sa` at byte `sx`, row `sy`, slice `sz` to array `da` at (dx, dy, dz),
 * after checking both lie inside their arrays. On a GPU both arrays must
 * be on one device (else hipErrorNotSupported). */
hipError_t hipc__array_copy_arrays(struct hipArray* da, size_t dx, size_t dy,
                                   size_t dz, struct hipArray* sa, size_t sx,
                                   size_t sy, size_t sz, size_t width,
                                   size_t height, size_t depth,
                                   hipStream_t stream, int blocking);
/* hipMemcpy3D and hipMemcpy3DAsync when either side is an array. */
hipError_t hipc__array_copy_3d(const struct hipMemcpy3DParms* p,
                               hipStream_t stream, int blocking);
/* Fills the texture and surface limits of `dev`'s properties where its
 * backend has textures (called once per device at init). */
void hipc__texture_props(hipc_device* dev);
/* Whether `dev` has texture and surface objects. */
int hipc__image_support(const hipc_device* dev);

#endif /* HIPC_TEXTURE_INTERNAL_H */
