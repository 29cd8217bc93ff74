/* Texture fetches and surface accesses on the CPU device: the addressing,
 * filtering and format conversion that a GPU's texture unit does, in C,
 * following CUDA's documented rules (CUDA C++ Programming Guide, "Texture
 * Fetching"), which HIP shares:
 *
 * - Texel i covers [i, i + 1): point filtering reads texel floor(u);
 *   linear filtering reads texels floor(u - 0.5) and the next one,
 *   weighted by the fraction of u - 0.5, per dimension.
 * - Normalized coordinates are multiplied by the size first.
 * - The weights are rounded to 8 fractional bits, as the hardware keeps
 *   them in 9-bit fixed point: per dimension (a fraction of 0.3 acts as
 *   77/256, ties round up), and again each time a texel's weight takes the
 *   next dimension's factor: r(wx * wy) in 2D, r(r(wx * wy) * wz) in 3D.
 *   Measured on an H200: every 1D and 2D result matches exactly (bilinear
 *   results are multiples of 1/256 of the texel values); 3D results
 *   matched in 10 of 12 samples, so GPUs may differ slightly there. So
 *   results match a GPU's, not exact interpolation.
 * - Address modes apply to each texel index read: wrap (modulo the size),
 *   mirror (reflected every size), clamp (to the edge texel), border (the
 *   border colour outside). Wrap and mirror need normalized coordinates;
 *   with unnormalized ones they act as clamp, as on NVIDIA GPUs.
 * - Integer formats read in hipReadModeNormalizedFloat map to [0, 1]
 *   (unsigned: v / max) or [-1, 1] (signed: v / max, the filtered result
 *   clamped to -1, so that -128 reads -1 but filters as -128/127, as on
 *   an H200).
 * - Components the format lacks read 0 (all four, as on an H200).
 *
 * Descriptors are made by src/runtime/texture.c (hipc_tex, declared in
 * hip/hipc/texture_desc.h). */
#define _GNU_SOURCE
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cpu.h"
#include "hip/hipc/texture_desc.h"

/* binary16 to binary32, exactly (every half is a float). */
static float half_to_float(uint16_t h) {
  uint32_t sign = (uint32_t)(h >> 15) << 31;
  uint32_t exp = (h >> 10) & 0x1f, man = h & 0x3ff, bits;
  if (exp == 0x1f) {
    bits = sign | 0x7f800000u | (man << 13);
  } else if (exp != 0) {
    bits = sign | ((exp + 112) << 23) | (man << 13);
  } else if (man == 0) {
    bits = sign;
  } else { /* subnormal: man * 2^-24 */
    float f = ldexpf((float)man, -24);
    memcpy(&bits, &f, 4);
    bits |= sign;
  }
  float f;
  memcpy(&f, &bits, 4);
  return f;
}

/* The element at `p`, converted as the object's read mode says. */
static void load(const hipc_tex* t, const char* p, hipc_texel* out) {
  for (int c = 0; c < 4; ++c) {
    if (c >= t->channels) {
      out->u[c] = 0; /* 0 and 0.0f alike */
      continue;
    }
    const char* q = p + (size_t)c * t->channel_bytes;
    if (t->kind == hipChannelFormatKindFloat) {
      if (t->channel_bytes == 4) {
        memcpy(&out->f[c], q, 4);
      } else {
        uint16_t h;
        memcpy(&h, q, 2);
        out->f[c] = half_to_float(h);
      }
      continue;
    }
    int is_signed = t->kind == hipChannelFormatKindSigned;
    int32_t v;
    float max;
    if (t->channel_bytes == 1) {
      v = is_signed ? (int32_t)*(const int8_t*)q : (int32_t)*(const uint8_t*)q;
      max = is_signed ? 127.0f : 255.0f;
    } else if (t->channel_bytes == 2) {
      int16_t s;
      uint16_t u;
      memcpy(&s, q, 2);
      memcpy(&u, q, 2);
      v = is_signed ? (int32_t)s : (int32_t)u;
      max = is_signed ? 32767.0f : 65535.0f;
    } else {
      memcpy(&v, q, 4);
      max = 0.0f;
    }
    if (t->read_normalized && max > 0.0f) {
      out->f[c] = (float)v / max; /* clamped after filtering */
    } else {
      out->i[c] = v;
    }
  }
}

static void load_border(const hipc_tex* t, hipc_texel* out) {
  for (int c = 0; c < 4; ++c) {
    if (t->float_result)
      out->f[c] = t->border[c];
    else
      out->i[c] = 0;
  }
}

/* Signed integers read as normalized floats end in [-1, 1]. */
static void clamp_signed(const hipc_tex* t, hipc_texel* out) {
  if (!t->read_normalized || t->kind != hipChannelFormatKindSigned) return;
  for (int c = 0; c < 4; ++c)
    if (out->f[c] < -1.0f) out->f[c] = -1.0f;
}

/* floor(u) as an index, kept far from overflow (NaN reads texel 0). */
static long index_of(float u) {
  if (!(u == u)) return 0;
  if (u > 1e15f) return (long)1e15;
  if (u < -1e15f) return -(long)1e15;
  return (long)floorf(u);
}

/* Index `i` in a dimension of `n` elements under address mode `mode`; -1
 * when it reads the border. */
static long address(long i, long n, int mode, int normalized) {
  if (!normalized &&
      (mode == hipAddressModeWrap || mode == hipAddressModeMirror))
    mode = hipAddressModeClamp;
  switch (mode) {
    case hipAddressModeWrap:
      i %= n;
      return i < 0 ? i + n : i;
    case hipAddressModeMirror: {
      long m = i % (2 * n);
      if (m < 0) m += 2 * n;
      return m < n ? m : 2 * n - 1 - m;
    }
    case hipAddressModeBorder:
      return i < 0 || i >= n ? -1 : i;
    default:
      return i < 0 ? 0 : i >= n ? n - 1 : i;
  }
}

static const char* element(const hipc_tex* t, long x, long y, long z,
                           long layer) {
  return t->data + (size_t)(z + layer) * t->slice + (size_t)y * t->pitch +
         (size_t)x * t->elem_size;
}

void hipc_tex_sample(const hipc_tex* t, int dims, float x, float y, float z,
                     int layer, hipc_texel* out) {
  const float coord[3] = {x, y, z};
  const long size[3] = {(long)t->width, (long)t->height, (long)t->depth};
  long lay = 0;
  if (t->layered) /* the layer index is clamped, never filtered */
    lay = layer < 0 ? 0 : (size_t)layer >= t->layers ? (long)t->layers - 1
                                                       : layer;
  if (dims < 1) dims = 1;
  if (dims > 3) dims = 3;
  long lo[3] = {0, 0, 0}, hi[3] = {0, 0, 0};
  float w[3] = {0, 0, 0};
  int linear = t->filter == hipFilterModeLinear && t->float_result;
  for (int d = 0; d < dims; ++d) {
    float u = t->normalized_coords ? coord[d] * (float)size[d] : coord[d];
    if (!linear) {
      lo[d] = address(index_of(u), size[d], t->address[d],
                      t->normalized_coords);
      continue;
    }
    u -= 0.5f;
    float f = floorf(u);
    long i = index_of(u);
    float frac = u == u ? u - f : 0.0f;
    w[d] = roundf(frac * 256.0f) / 256.0f; /* 8 fractional bits */
    lo[d] = address(i, size[d], t->address[d], t->normalized_coords);
    hi[d] = address(i + 1, size[d], t->address[d], t->normalized_coords);
  }
  if (!linear) {
    if (lo[0] < 0 || lo[1] < 0 || lo[2] < 0)
      load_border(t, out);
    else
      load(t, element(t, lo[0], lo[1], lo[2], lay), out);
    clamp_signed(t, out);
    return;
  }
  float acc[4] = {0, 0, 0, 0};
  for (int corner = 0; corner < (1 << dims); ++corner) {
    long at[3] = {0, 0, 0};
    float weight = 1.0f;
    int border = 0;
    for (int d = 0; d < dims; ++d) {
      int up = (corner >> d) & 1;
      at[d] = up ? hi[d] : lo[d];
      /* Exact in a float (products of two 9-bit values), then rounded to
       * 8 fractional bits again. */
      weight *= up ? w[d] : 1.0f - w[d];
      if (d > 0) weight = floorf(weight * 256.0f + 0.5f) / 256.0f;
      border |= at[d] < 0;
    }
    if (weight == 0.0f) continue;
    hipc_texel v;
    if (border)
      load_border(t, &v);
    else
      load(t, element(t, at[0], at[1], at[2], lay), &v);
    for (int c = 0; c < 4; ++c) acc[c] += weight * v.f[c];
  }
  for (int c = 0; c < 4; ++c) out->f[c] = acc[c];
  clamp_signed(t, out);
}

/* tex2Dgather: component `comp` of the 2 x 2 texels linear filtering
 * would read at (x, y), as PTX's tld4 and Direct3D's gather4 order them:
 * counter-clockwise from the lower left, (i, j+1), (i+1, j+1), (i+1, j),
 * (i, j). Each is read with the object's addressing and read mode. */
void hipc_tex_gather(const hipc_tex* t, float x, float y, int comp,
                     hipc_texel* out) {
  const float coord[2] = {x, y};
  const long size[2] = {(long)t->width, (long)t->height};
  long lo[2], hi[2];
  for (int d = 0; d < 2; ++d) {
    float u = t->normalized_coords ? coord[d] * (float)size[d] : coord[d];
    long i = index_of(u - 0.5f);
    lo[d] = address(i, size[d], t->address[d], t->normalized_coords);
    hi[d] = address(i + 1, size[d], t->address[d], t->normalized_coords);
  }
  const long at[4][2] = {{lo[0], hi[1]}, {hi[0], hi[1]}, {hi[0], lo[1]},
                         {lo[0], lo[1]}};
  if (comp < 0 || comp > 3) comp = 0;
  for (int k = 0; k < 4; ++k) {
    hipc_texel v;
    if (at[k][0] < 0 || at[k][1] < 0)
      load_border(t, &v);
    else
      load(t, element(t, at[k][0], at[k][1], 0, 0), &v);
    clamp_signed(t, &v);
    out->u[k] = v.u[comp];
  }
}

void hipc_tex_fetch(const hipc_tex* t, int x, hipc_texel* out) {
  if (x < 0 || (size_t)x >= t->width) {
    memset(out, 0, sizeof *out);
    return;
  }
  load(t, element(t, x, 0, 0, 0), out);
  clamp_signed(t, out);
}

static void surface_trap(int write, int x, int y, int z) {
  cpu_worker* w = hipc__pool_self();
  const hipc_thread_state* ts = &hipc_tls;
  fflush(stdout);
  fprintf(stderr,
          "hipc: surface %s out of range at (%d, %d, %d) with "
          "hipBoundaryModeTrap in kernel '%s' block (%u,%u,%u) thread "
          "(%u,%u,%u)\n",
          write ? "write" : "read", x, y, z,
          w && w->kernel_name ? w->kernel_name : "?", ts->block_idx.x,
          ts->block_idx.y, ts->block_idx.z, ts->thread_idx.x,
          ts->thread_idx.y, ts->thread_idx.z);
  fflush(stderr);
  signal(SIGABRT, SIG_DFL); /* reported already: not again as an abort() */
  abort();
}

static long clamp_long(long v, long lo, long hi) {
  return v < lo ? lo : v > hi ? hi : v;
}

void hipc_surf_access(const hipc_tex* t, int write, int x, int y, int z,
                      int mode, void* value, size_t size) {
  long row = (long)(t->width * t->elem_size);
  long rows = (long)t->height;
  long slices = (long)(t->layered ? t->layers : t->depth);
  if (x < 0 || (long)x + (long)size > row || y < 0 || y >= rows || z < 0 ||
      z >= slices) {
    if (mode == hipBoundaryModeTrap) surface_trap(write, x, y, z);
    if (mode != hipBoundaryModeClamp || (long)size > row) {
      if (!write) memset(value, 0, size);
      return;
    }
    x = (int)clamp_long(x, 0, row - (long)size);
    y = (int)clamp_long(y, 0, rows - 1);
    z = (int)clamp_long(z, 0, slices - 1);
  }
  char* p = t->data + (size_t)z * t->slice + (size_t)y * t->pitch + (size_t)x;
  if (write)
    memcpy(p, value, size);
  else
    memcpy(value, p, size);
}
