/* What a texture or surface object of the CPU device points at, and the
 * CPU device's fetch functions (libhipc, src/backend/cpu/texture.c).
 *
 * A hipTextureObject_t or hipSurfaceObject_t made for the CPU device is the
 * address of a hipc_tex that the runtime (src/runtime/texture.c) filled
 * from the resource and texture descriptors; the kernel-language functions
 * of hip/hipc/texture.h and hip/hipc/surface.h hand it to the functions
 * below, which do the addressing, filtering and format conversion in C.
 * Plain C11 that compiles as C++ too. */
#ifndef HIPC_TEXTURE_DESC_H
#define HIPC_TEXTURE_DESC_H

#include <stddef.h>
#include <stdint.h>

#include "hip/hip_runtime_api.h"

#ifdef __cplusplus
extern "C" {
#endif

#define HIPC_TEX_MAGIC 0x68746578u /* "htex" */

typedef struct hipc_tex {
  uint32_t magic;
  /* The element format: `channels` (1, 2 or 4) of `channel_bytes` (1, 2 or
   * 4) bytes each, of kind `kind` (hipChannelFormatKind). */
  uint8_t channels;
  uint8_t channel_bytes;
  uint8_t kind;
  uint8_t elem_size;
  /* The sampler (hipTextureDesc; unused by surfaces). */
  uint8_t address[3];       /* hipTextureAddressMode per dimension */
  uint8_t filter;           /* hipTextureFilterMode */
  uint8_t read_normalized;  /* hipReadModeNormalizedFloat */
  uint8_t normalized_coords;
  uint8_t float_result;     /* fetches return floats (else integers) */
  uint8_t layered;          /* a layered array: `layers` slices */
  char* data;               /* element (0, 0, 0) of layer 0 */
  size_t width, height, depth, layers; /* in elements; 1 when absent */
  size_t pitch;             /* bytes from one row to the next */
  size_t slice;             /* bytes from one slice (or layer) to the next */
  float border[4];          /* hipAddressModeBorder outside the texture */
} hipc_tex;

/* Four 32-bit results, as a texture unit returns them: floats when the
 * object's `float_result` is set, else integers (sign- or zero-extended).
 * Components the format lacks read 0. */
typedef union hipc_texel {
  float f[4];
  int32_t i[4];
  uint32_t u[4];
} hipc_texel;

/* Samples `t` at (x, y, z) of a `dims`-dimensional fetch (1, 2 or 3), in
 * layer `layer` (0 unless layered), with the object's addressing, filter
 * and read mode. */
HIPC_API void hipc_tex_sample(const hipc_tex* t, int dims, float x, float y,
                              float z, int layer, hipc_texel* out);
/* tex2Dgather: component `comp` (0 to 3) of the four texels bilinear
 * filtering would read at (x, y), in out[0..3]: (i, j+1), (i+1, j+1),
 * (i+1, j), (i, j), as PTX's tld4 returns them. */
HIPC_API void hipc_tex_gather(const hipc_tex* t, float x, float y, int comp,
                              hipc_texel* out);
/* tex1Dfetch: element `x` of linear memory, without filtering; zeros
 * outside the texture. */
HIPC_API void hipc_tex_fetch(const hipc_tex* t, int x, hipc_texel* out);
/* Surface access: `size` bytes at byte `x` of row `y` of slice `z` (or
 * layer), read into `value` or written from it (`write`), with `mode` a
 * hipSurfaceBoundaryMode for coordinates outside the array: zero (reads
 * give zeros, writes are dropped), clamp, or trap (reported with the
 * kernel, block and thread; the process aborts). */
HIPC_API void hipc_surf_access(const hipc_tex* t, int write, int x, int y,
                               int z, int mode, void* value, size_t size);

#ifdef __cplusplus
}
#endif

#endif /* HIPC_TEXTURE_DESC_H */
