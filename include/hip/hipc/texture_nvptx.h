// Texture fetches in hipcc's device pass (NVPTX): the texture object is
// the driver's 64-bit handle (src/backend/cuda/texture.c), read with PTX
// `tex` instructions, which return four 32-bit values: floats (`.f32`)
// for float element types, integers (`.s32`) otherwise, as
// hip/hipc/texture.h's CPU half returns them. Included by
// hip/hipc/texture.h, after hipc::texel_type.
#ifndef HIPC_TEXTURE_NVPTX_H
#define HIPC_TEXTURE_NVPTX_H

namespace hipc {
namespace nvptx {

union texel4 {
  float f[4];
  int i[4];
};

template <typename T>
HIPC_NVPTX_FN T texel_as(const texel4& v) {
  static_assert(texel_type<T>::ok, "not a texture element type");
  using S = typename texel_type<T>::scalar;
  T r;
  S* e = reinterpret_cast<S*>(&r);
  for (unsigned c = 0; c < texel_type<T>::n; ++c)
    e[c] = __is_same(S, float) ? static_cast<S>(v.f[c])
                               : static_cast<S>(v.i[c]);
  return r;
}

template <typename T>
constexpr bool float_texel() {
  return __is_same(typename texel_type<T>::scalar, float);
}

inline __device__ unsigned long long handle(hipTextureObject_t t) {
  return reinterpret_cast<unsigned long long>(t);
}

// One PTX fetch: GEOM and COORDS name the instruction's geometry and its
// coordinate vector; the operands after the handle are %5 onwards.
#define HIPC_TEX_ASM(GEOM, CTYPE, COORDS, ...)                               \
  if (is_float)                                                              \
    asm volatile("tex." GEOM ".v4.f32." CTYPE " {%0, %1, %2, %3}, [%4, " COORDS \
                 "];"                                                        \
                 : "=f"(v.f[0]), "=f"(v.f[1]), "=f"(v.f[2]), "=f"(v.f[3])    \
                 : "l"(h), __VA_ARGS__);                                     \
  else                                                                       \
    asm volatile("tex." GEOM ".v4.s32." CTYPE " {%0, %1, %2, %3}, [%4, " COORDS \
                 "];"                                                        \
                 : "=r"(v.i[0]), "=r"(v.i[1]), "=r"(v.i[2]), "=r"(v.i[3])    \
                 : "l"(h), __VA_ARGS__)

inline __device__ texel4 fetch_1d(unsigned long long h, bool is_float,
                                  int x) {
  texel4 v;
  HIPC_TEX_ASM("1d", "s32", "{%5}", "r"(x));
  return v;
}
inline __device__ texel4 tex_1d(unsigned long long h, bool is_float,
                                float x) {
  texel4 v;
  HIPC_TEX_ASM("1d", "f32", "{%5}", "f"(x));
  return v;
}
inline __device__ texel4 tex_2d(unsigned long long h, bool is_float, float x,
                                float y) {
  texel4 v;
  HIPC_TEX_ASM("2d", "f32", "{%5, %6}", "f"(x), "f"(y));
  return v;
}
inline __device__ texel4 tex_3d(unsigned long long h, bool is_float, float x,
                                float y, float z) {
  texel4 v;
  HIPC_TEX_ASM("3d", "f32", "{%5, %6, %7, %7}", "f"(x), "f"(y), "f"(z));
  return v;
}
// Layered: the layer index comes first in the coordinate vector.
inline __device__ texel4 tex_a1d(unsigned long long h, bool is_float,
                                 float x, int layer) {
  texel4 v;
  HIPC_TEX_ASM("a1d", "f32", "{%5, %6}", "r"(layer), "f"(x));
  return v;
}
inline __device__ texel4 tex_a2d(unsigned long long h, bool is_float,
                                 float x, float y, int layer) {
  texel4 v;
  HIPC_TEX_ASM("a2d", "f32", "{%5, %6, %7, %7}", "r"(layer), "f"(x), "f"(y));
  return v;
}
#undef HIPC_TEX_ASM

// tld4: one component of the four texels of the bilinear footprint.
#define HIPC_TLD4(COMP)                                                      \
  if (is_float)                                                              \
    asm volatile("tld4." COMP ".2d.v4.f32.f32 {%0, %1, %2, %3}, [%4, {%5, %6}];" \
                 : "=f"(v.f[0]), "=f"(v.f[1]), "=f"(v.f[2]), "=f"(v.f[3])    \
                 : "l"(h), "f"(x), "f"(y));                                  \
  else                                                                       \
    asm volatile("tld4." COMP ".2d.v4.s32.f32 {%0, %1, %2, %3}, [%4, {%5, %6}];" \
                 : "=r"(v.i[0]), "=r"(v.i[1]), "=r"(v.i[2]), "=r"(v.i[3])    \
                 : "l"(h), "f"(x), "f"(y))
inline __device__ texel4 gather_2d(unsigned long long h, bool is_float,
                                   float x, float y, int comp) {
  texel4 v;
  switch (comp) {
    case 1: HIPC_TLD4("g"); break;
    case 2: HIPC_TLD4("b"); break;
    case 3: HIPC_TLD4("a"); break;
    default: HIPC_TLD4("r"); break;
  }
  return v;
}
#undef HIPC_TLD4

}  // namespace nvptx
}  // namespace hipc

template <typename T>
HIPC_NVPTX_FN T tex1Dfetch(hipTextureObject_t obj, int x) {
  namespace n = hipc::nvptx;
  return n::texel_as<T>(n::fetch_1d(n::handle(obj), n::float_texel<T>(), x));
}
template <typename T>
HIPC_NVPTX_FN T tex1D(hipTextureObject_t obj, float x) {
  namespace n = hipc::nvptx;
  return n::texel_as<T>(n::tex_1d(n::handle(obj), n::float_texel<T>(), x));
}
template <typename T>
HIPC_NVPTX_FN T tex2D(hipTextureObject_t obj, float x, float y) {
  namespace n = hipc::nvptx;
  return n::texel_as<T>(n::tex_2d(n::handle(obj), n::float_texel<T>(), x, y));
}
template <typename T>
HIPC_NVPTX_FN T tex3D(hipTextureObject_t obj, float x, float y, float z) {
  namespace n = hipc::nvptx;
  return n::texel_as<T>(
      n::tex_3d(n::handle(obj), n::float_texel<T>(), x, y, z));
}
template <typename T>
HIPC_NVPTX_FN T tex2Dgather(hipTextureObject_t obj, float x, float y,
                            int comp = 0) {
  namespace n = hipc::nvptx;
  return n::texel_as<T>(
      n::gather_2d(n::handle(obj), n::float_texel<T>(), x, y, comp));
}
template <typename T>
HIPC_NVPTX_FN T tex1DLayered(hipTextureObject_t obj, float x, int layer) {
  namespace n = hipc::nvptx;
  return n::texel_as<T>(
      n::tex_a1d(n::handle(obj), n::float_texel<T>(), x, layer));
}
template <typename T>
HIPC_NVPTX_FN T tex2DLayered(hipTextureObject_t obj, float x, float y,
                             int layer) {
  namespace n = hipc::nvptx;
  return n::texel_as<T>(
      n::tex_a2d(n::handle(obj), n::float_texel<T>(), x, y, layer));
}

#endif  // HIPC_TEXTURE_NVPTX_H
