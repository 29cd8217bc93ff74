// Texture functions of the kernel language, over texture objects:
// tex1Dfetch, tex1D, tex2D, tex3D, tex1DLayered, tex2DLayered, their Lod
// and Grad forms, each as `T texND<T>(obj, ...)` and as
// `void texND(T* out, obj, ...)`, and tex2Dgather<T>(obj, x, y, comp)
// (component `comp` of the four texels of a bilinear footprint, in a
// 4-component T; as in AMD's header, a narrower T gets the first ones). T is char, signed char, unsigned char,
// short, unsigned short, int, unsigned int or float, or a 1-, 2- or
// 4-component vector of one of them; float results (a float format or
// hipReadModeNormalizedFloat) go to float types, integer results to
// integer types. hipc has no mipmaps: Lod and Grad sample level 0.
//
// On the CPU device a texture object points at a hipc_tex descriptor
// (hip/hipc/texture_desc.h) and libhipc samples it
// (src/backend/cpu/texture.c); hipcc's device pass uses the NVPTX half.
#ifndef HIPC_TEXTURE_H
#define HIPC_TEXTURE_H

#include <type_traits>

#include "hip/hip_vector_types.h"
#include "hip/hipc/qualifiers.h"

namespace hipc {
// The scalar type and component count of a texel type T; `ok` for the
// types textures and surfaces hold.
template <typename T>
struct texel_type {
  using scalar = T;
  static constexpr unsigned n = 1;
  static constexpr bool ok =
      std::is_same<T, char>::value || std::is_same<T, signed char>::value ||
      std::is_same<T, unsigned char>::value ||
      std::is_same<T, short>::value ||
      std::is_same<T, unsigned short>::value ||
      std::is_same<T, int>::value || std::is_same<T, unsigned int>::value ||
      std::is_same<T, float>::value;
};
template <typename T, unsigned N>
struct texel_type<HIP_vector_type<T, N>> {
  using scalar = T;
  static constexpr unsigned n = N;
  static constexpr bool ok = texel_type<T>::ok && N != 3;
};
}  // namespace hipc

#if defined(__NVPTX__) && !defined(__HIPC_KC__)
#include "hip/hipc/texture_nvptx.h"
#else
// kc's CPU device pass (__HIPC_KC__) uses this CPU half too, every
// function __host__ __device__, so that libhipc samples as it does for the
// CPU device's other compile.
#if defined(__HIPC_KC__)
#pragma clang force_cuda_host_device begin
#endif
#include "hip/hipc/texture_desc.h"

namespace hipc {
// The first components of `v` as a T: float components for a float T,
// the low bits of the integer ones otherwise, as GPUs return them.
template <typename T>
__device__ inline T texel_as(const hipc_texel& v) {
  static_assert(texel_type<T>::ok, "not a texture element type");
  using S = typename texel_type<T>::scalar;
  T r;
  S* e = reinterpret_cast<S*>(&r);
  for (unsigned c = 0; c < texel_type<T>::n; ++c)
    e[c] = std::is_same<S, float>::value ? static_cast<S>(v.f[c])
                                         : static_cast<S>(v.i[c]);
  return r;
}
inline const hipc_tex* tex_of(hipTextureObject_t obj) {
  return reinterpret_cast<const hipc_tex*>(obj);
}
template <typename T>
__device__ inline T tex_sample(hipTextureObject_t obj, int dims, float x,
                               float y, float z, int layer) {
  hipc_texel v;
  hipc_tex_sample(tex_of(obj), dims, x, y, z, layer, &v);
  return texel_as<T>(v);
}
}  // namespace hipc

template <typename T>
__device__ inline T tex1Dfetch(hipTextureObject_t obj, int x) {
  hipc_texel v;
  hipc_tex_fetch(hipc::tex_of(obj), x, &v);
  return hipc::texel_as<T>(v);
}
template <typename T>
__device__ inline T tex1D(hipTextureObject_t obj, float x) {
  return hipc::tex_sample<T>(obj, 1, x, 0, 0, 0);
}
template <typename T>
__device__ inline T tex2D(hipTextureObject_t obj, float x, float y) {
  return hipc::tex_sample<T>(obj, 2, x, y, 0, 0);
}
template <typename T>
__device__ inline T tex3D(hipTextureObject_t obj, float x, float y,
                          float z) {
  return hipc::tex_sample<T>(obj, 3, x, y, z, 0);
}
template <typename T>
__device__ inline T tex1DLayered(hipTextureObject_t obj, float x,
                                 int layer) {
  return hipc::tex_sample<T>(obj, 1, x, 0, 0, layer);
}
template <typename T>
__device__ inline T tex2Dgather(hipTextureObject_t obj, float x, float y,
                                int comp = 0) {
  hipc_texel v;
  hipc_tex_gather(hipc::tex_of(obj), x, y, comp, &v);
  return hipc::texel_as<T>(v);
}
template <typename T>
__device__ inline T tex2DLayered(hipTextureObject_t obj, float x, float y,
                                 int layer) {
  return hipc::tex_sample<T>(obj, 2, x, y, 0, layer);
}
#if defined(__HIPC_KC__)
#pragma clang force_cuda_host_device end
#endif
#endif  // !__NVPTX__ || __HIPC_KC__

// Mipmap levels and gradients: level 0 (hipc has no mipmapped arrays).
template <typename T>
__device__ inline T tex1DLod(hipTextureObject_t obj, float x, float) {
  return tex1D<T>(obj, x);
}
template <typename T>
__device__ inline T tex2DLod(hipTextureObject_t obj, float x, float y,
                             float) {
  return tex2D<T>(obj, x, y);
}
template <typename T>
__device__ inline T tex3DLod(hipTextureObject_t obj, float x, float y,
                             float z, float) {
  return tex3D<T>(obj, x, y, z);
}
template <typename T>
__device__ inline T tex1DLayeredLod(hipTextureObject_t obj, float x,
                                    int layer, float) {
  return tex1DLayered<T>(obj, x, layer);
}
template <typename T>
__device__ inline T tex2DLayeredLod(hipTextureObject_t obj, float x, float y,
                                    int layer, float) {
  return tex2DLayered<T>(obj, x, y, layer);
}
template <typename T>
__device__ inline T tex1DGrad(hipTextureObject_t obj, float x, float,
                              float) {
  return tex1D<T>(obj, x);
}
template <typename T>
__device__ inline T tex2DGrad(hipTextureObject_t obj, float x, float y,
                              float2, float2) {
  return tex2D<T>(obj, x, y);
}
template <typename T>
__device__ inline T tex3DGrad(hipTextureObject_t obj, float x, float y,
                              float z, float4, float4) {
  return tex3D<T>(obj, x, y, z);
}
template <typename T>
__device__ inline T tex1DLayeredGrad(hipTextureObject_t obj, float x,
                                     int layer, float, float) {
  return tex1DLayered<T>(obj, x, layer);
}
template <typename T>
__device__ inline T tex2DLayeredGrad(hipTextureObject_t obj, float x,
                                     float y, int layer, float2, float2) {
  return tex2DLayered<T>(obj, x, y, layer);
}

// The forms that store the result through a pointer.
#define HIPC_TEX_OUT(name, params, args)                             \
  template <typename T>                                              \
  __device__ inline void name(T* ptr, hipTextureObject_t obj params) { \
    *ptr = name<T>(obj args);                                        \
  }
#define HIPC_COMMA ,
HIPC_TEX_OUT(tex1Dfetch, HIPC_COMMA int x, HIPC_COMMA x)
HIPC_TEX_OUT(tex1D, HIPC_COMMA float x, HIPC_COMMA x)
HIPC_TEX_OUT(tex2D, HIPC_COMMA float x HIPC_COMMA float y,
             HIPC_COMMA x HIPC_COMMA y)
HIPC_TEX_OUT(tex3D, HIPC_COMMA float x HIPC_COMMA float y HIPC_COMMA float z,
             HIPC_COMMA x HIPC_COMMA y HIPC_COMMA z)
HIPC_TEX_OUT(tex1DLayered, HIPC_COMMA float x HIPC_COMMA int l,
             HIPC_COMMA x HIPC_COMMA l)
HIPC_TEX_OUT(tex2DLayered,
             HIPC_COMMA float x HIPC_COMMA float y HIPC_COMMA int l,
             HIPC_COMMA x HIPC_COMMA y HIPC_COMMA l)
HIPC_TEX_OUT(tex1DLod, HIPC_COMMA float x HIPC_COMMA float lv,
             HIPC_COMMA x HIPC_COMMA lv)
HIPC_TEX_OUT(tex2DLod, HIPC_COMMA float x HIPC_COMMA float y HIPC_COMMA float lv,
             HIPC_COMMA x HIPC_COMMA y HIPC_COMMA lv)
HIPC_TEX_OUT(tex3DLod,
             HIPC_COMMA float x HIPC_COMMA float y HIPC_COMMA float z
                 HIPC_COMMA float lv,
             HIPC_COMMA x HIPC_COMMA y HIPC_COMMA z HIPC_COMMA lv)
HIPC_TEX_OUT(tex2Dgather,
             HIPC_COMMA float x HIPC_COMMA float y HIPC_COMMA int comp,
             HIPC_COMMA x HIPC_COMMA y HIPC_COMMA comp)
HIPC_TEX_OUT(tex2DGrad,
             HIPC_COMMA float x HIPC_COMMA float y HIPC_COMMA float2 dx
                 HIPC_COMMA float2 dy,
             HIPC_COMMA x HIPC_COMMA y HIPC_COMMA dx HIPC_COMMA dy)
#undef HIPC_TEX_OUT
#undef HIPC_COMMA

#include "hip/hipc/surface.h"

#endif  // HIPC_TEXTURE_H
