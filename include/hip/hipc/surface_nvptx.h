// Surface reads and writes in hipcc's device pass (NVPTX): PTX `suld.b` /
// `sust.b` on the driver's surface object, with the boundary mode as the
// instruction's `.trap`, `.clamp` or `.zero`. Elements of 1, 2, 4, 8 or 16
// bytes. Included by hip/hipc/surface.h.
#ifndef HIPC_SURFACE_NVPTX_H
#define HIPC_SURFACE_NVPTX_H

namespace hipc {
namespace nvptx {

// Coordinate vectors per geometry; every access passes x, y and z (the
// layer of a layered surface) as the operands named x, y, z.
#define HIPC_SURF_1D "{%[x]}"
#define HIPC_SURF_2D "{%[x], %[y]}"
#define HIPC_SURF_3D "{%[x], %[y], %[z], %[z]}"
#define HIPC_SURF_A1D "{%[z], %[x]}"
#define HIPC_SURF_A2D "{%[z], %[x], %[y], %[y]}"
#define HIPC_SURF_IN \
  [s] "l"(s), [x] "r"(x), [y] "r"(y), [z] "r"(z)

// `size` bytes at `p` from or to the surface, geometry G, mode M.
#define HIPC_SULD(G, C, M)                                                   \
  switch (size) {                                                            \
    case 1: {                                                                \
      unsigned short v;                                                      \
      asm volatile("suld.b." G ".b8." M " {%[a]}, [%[s], " C "];"            \
                   : [a] "=h"(v) : HIPC_SURF_IN);                            \
      *static_cast<unsigned char*>(p) = static_cast<unsigned char>(v);       \
      break;                                                                 \
    }                                                                        \
    case 2: {                                                                \
      unsigned short v;                                                      \
      asm volatile("suld.b." G ".b16." M " {%[a]}, [%[s], " C "];"           \
                   : [a] "=h"(v) : HIPC_SURF_IN);                            \
      __builtin_memcpy(p, &v, 2);                                            \
      break;                                                                 \
    }                                                                        \
    case 4: {                                                                \
      unsigned v;                                                            \
      asm volatile("suld.b." G ".b32." M " {%[a]}, [%[s], " C "];"           \
                   : [a] "=r"(v) : HIPC_SURF_IN);                            \
      __builtin_memcpy(p, &v, 4);                                            \
      break;                                                                 \
    }                                                                        \
    case 8: {                                                                \
      unsigned v[2];                                                         \
      asm volatile("suld.b." G ".v2.b32." M " {%[a], %[b]}, [%[s], " C "];"  \
                   : [a] "=r"(v[0]), [b] "=r"(v[1]) : HIPC_SURF_IN);         \
      __builtin_memcpy(p, v, 8);                                             \
      break;                                                                 \
    }                                                                        \
    default: {                                                               \
      unsigned v[4];                                                         \
      asm volatile("suld.b." G ".v4.b32." M                                  \
                   " {%[a], %[b], %[c], %[d]}, [%[s], " C "];"               \
                   : [a] "=r"(v[0]), [b] "=r"(v[1]), [c] "=r"(v[2]),         \
                     [d] "=r"(v[3])                                          \
                   : HIPC_SURF_IN);                                          \
      __builtin_memcpy(p, v, 16);                                            \
      break;                                                                 \
    }                                                                        \
  }

#define HIPC_SUST(G, C, M)                                                   \
  switch (size) {                                                            \
    case 1: {                                                                \
      unsigned short v = *static_cast<const unsigned char*>(p);              \
      asm volatile("sust.b." G ".b8." M " [%[s], " C "], {%[a]};"            \
                   : : HIPC_SURF_IN, [a] "h"(v) : "memory");                 \
      break;                                                                 \
    }                                                                        \
    case 2: {                                                                \
      unsigned short v;                                                      \
      __builtin_memcpy(&v, p, 2);                                            \
      asm volatile("sust.b." G ".b16." M " [%[s], " C "], {%[a]};"           \
                   : : HIPC_SURF_IN, [a] "h"(v) : "memory");                 \
      break;                                                                 \
    }                                                                        \
    case 4: {                                                                \
      unsigned v;                                                            \
      __builtin_memcpy(&v, p, 4);                                            \
      asm volatile("sust.b." G ".b32." M " [%[s], " C "], {%[a]};"           \
                   : : HIPC_SURF_IN, [a] "r"(v) : "memory");                 \
      break;                                                                 \
    }                                                                        \
    case 8: {                                                                \
      unsigned v[2];                                                         \
      __builtin_memcpy(v, p, 8);                                             \
      asm volatile("sust.b." G ".v2.b32." M " [%[s], " C "], {%[a], %[b]};"  \
                   : : HIPC_SURF_IN, [a] "r"(v[0]), [b] "r"(v[1])            \
                   : "memory");                                              \
      break;                                                                 \
    }                                                                        \
    default: {                                                               \
      unsigned v[4];                                                         \
      __builtin_memcpy(v, p, 16);                                            \
      asm volatile("sust.b." G ".v4.b32." M                                  \
                   " [%[s], " C "], {%[a], %[b], %[c], %[d]};"               \
                   : : HIPC_SURF_IN, [a] "r"(v[0]), [b] "r"(v[1]),           \
                     [c] "r"(v[2]), [d] "r"(v[3])                            \
                   : "memory");                                              \
      break;                                                                 \
    }                                                                        \
  }

// One function per geometry: a read (`write` 0) or write of `size` bytes
// at `p`, in boundary mode `mode`.
#define HIPC_SURF_FN(name, G, C)                                             \
  inline __device__ void name(unsigned long long s, int write, int x, int y, \
                              int z, int mode, void* p, unsigned size) {     \
    if (write) {                                                             \
      if (mode == hipBoundaryModeTrap) {                                     \
        HIPC_SUST(G, C, "trap")                                              \
      } else if (mode == hipBoundaryModeClamp) {                             \
        HIPC_SUST(G, C, "clamp")                                             \
      } else {                                                               \
        HIPC_SUST(G, C, "zero")                                              \
      }                                                                      \
    } else {                                                                 \
      if (mode == hipBoundaryModeTrap) {                                     \
        HIPC_SULD(G, C, "trap")                                              \
      } else if (mode == hipBoundaryModeClamp) {                             \
        HIPC_SULD(G, C, "clamp")                                             \
      } else {                                                               \
        HIPC_SULD(G, C, "zero")                                              \
      }                                                                      \
    }                                                                        \
  }
HIPC_SURF_FN(surf_1d, "1d", HIPC_SURF_1D)
HIPC_SURF_FN(surf_2d, "2d", HIPC_SURF_2D)
HIPC_SURF_FN(surf_3d, "3d", HIPC_SURF_3D)
HIPC_SURF_FN(surf_a1d, "a1d", HIPC_SURF_A1D)
HIPC_SURF_FN(surf_a2d, "a2d", HIPC_SURF_A2D)
#undef HIPC_SURF_FN
#undef HIPC_SUST
#undef HIPC_SULD
#undef HIPC_SURF_IN
#undef HIPC_SURF_1D
#undef HIPC_SURF_2D
#undef HIPC_SURF_3D
#undef HIPC_SURF_A1D
#undef HIPC_SURF_A2D

template <typename T>
constexpr unsigned surf_size() {
  static_assert(sizeof(T) == 1 || sizeof(T) == 2 || sizeof(T) == 4 ||
                    sizeof(T) == 8 || sizeof(T) == 16,
                "surface elements are 1, 2, 4, 8 or 16 bytes");
  return sizeof(T);
}

inline __device__ unsigned long long handle(hipSurfaceObject_t s) {
  return reinterpret_cast<unsigned long long>(s);
}

}  // namespace nvptx
}  // namespace hipc

#define HIPC_SURF_API(read_name, write_name, fn, params, args)              \
  template <typename T>                                                     \
  HIPC_NVPTX_FN void read_name(T* data, hipSurfaceObject_t obj params,      \
                               int boundaryMode = hipBoundaryModeZero) {    \
    hipc::nvptx::fn(hipc::nvptx::handle(obj), 0, args, boundaryMode, data,  \
                    hipc::nvptx::surf_size<T>());                           \
  }                                                                         \
  template <typename T>                                                     \
  HIPC_NVPTX_FN void write_name(T data, hipSurfaceObject_t obj params,      \
                                int boundaryMode = hipBoundaryModeZero) {   \
    hipc::nvptx::fn(hipc::nvptx::handle(obj), 1, args, boundaryMode, &data, \
                    hipc::nvptx::surf_size<T>());                           \
  }
#define HIPC_C ,
HIPC_SURF_API(surf1Dread, surf1Dwrite, surf_1d, HIPC_C int x, x HIPC_C 0 HIPC_C 0)
HIPC_SURF_API(surf2Dread, surf2Dwrite, surf_2d, HIPC_C int x HIPC_C int y,
              x HIPC_C y HIPC_C 0)
HIPC_SURF_API(surf3Dread, surf3Dwrite, surf_3d,
              HIPC_C int x HIPC_C int y HIPC_C int z, x HIPC_C y HIPC_C z)
HIPC_SURF_API(surf1DLayeredread, surf1DLayeredwrite, surf_a1d,
              HIPC_C int x HIPC_C int layer, x HIPC_C 0 HIPC_C layer)
HIPC_SURF_API(surf2DLayeredread, surf2DLayeredwrite, surf_a2d,
              HIPC_C int x HIPC_C int y HIPC_C int layer,
              x HIPC_C y HIPC_C layer)
#undef HIPC_C
#undef HIPC_SURF_API

#endif  // HIPC_SURFACE_NVPTX_H
