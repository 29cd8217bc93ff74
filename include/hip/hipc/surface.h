// Surface functions of the kernel language, over surface objects:
// surf1Dread/write, surf2Dread/write, surf3Dread/write,
// surf1DLayeredread/write, surf2DLayeredread/write. The x coordinate is in
// bytes, y, z and the layer in elements; `boundaryMode` (HIP's default:
// hipBoundaryModeZero) says what a coordinate outside the array does:
// zero (reads give 0, writes are dropped), clamp (to the nearest element)
// or trap (the kernel fails; on the CPU device the access is reported and
// the process aborts). Reads come as `surfNDread(T* out, obj, ...)` (HIP)
// and `T surfNDread<T>(obj, ...)` (CUDA). Included by hip/hipc/texture.h.
#ifndef HIPC_SURFACE_H
#define HIPC_SURFACE_H

#if defined(__NVPTX__) && !defined(__HIPC_KC__)
#include "hip/hipc/surface_nvptx.h"
#else
// kc's CPU device pass (__HIPC_KC__) uses this CPU half too, every
// function __host__ __device__, so that libhipc reads and writes as it does for the
// CPU device's other compile.
#if defined(__HIPC_KC__)
#pragma clang force_cuda_host_device begin
#endif
#include "hip/hipc/texture_desc.h"

namespace hipc {
template <typename T>
__device__ inline void surf_access(hipSurfaceObject_t obj, int write, int x,
                                   int y, int z, int mode, T* value) {
  hipc_surf_access(reinterpret_cast<const hipc_tex*>(obj), write, x, y, z,
                   mode, value, sizeof(T));
}
}  // namespace hipc

template <typename T>
__device__ inline void surf1Dread(T* data, hipSurfaceObject_t obj, int x,
                                  int boundaryMode = hipBoundaryModeZero) {
  hipc::surf_access(obj, 0, x, 0, 0, boundaryMode, data);
}
template <typename T>
__device__ inline void surf1Dwrite(T data, hipSurfaceObject_t obj, int x,
                                   int boundaryMode = hipBoundaryModeZero) {
  hipc::surf_access(obj, 1, x, 0, 0, boundaryMode, &data);
}
template <typename T>
__device__ inline void surf2Dread(T* data, hipSurfaceObject_t obj, int x,
                                  int y,
                                  int boundaryMode = hipBoundaryModeZero) {
  hipc::surf_access(obj, 0, x, y, 0, boundaryMode, data);
}
template <typename T>
__device__ inline void surf2Dwrite(T data, hipSurfaceObject_t obj, int x,
                                   int y,
                                   int boundaryMode = hipBoundaryModeZero) {
  hipc::surf_access(obj, 1, x, y, 0, boundaryMode, &data);
}
template <typename T>
__device__ inline void surf3Dread(T* data, hipSurfaceObject_t obj, int x,
                                  int y, int z,
                                  int boundaryMode = hipBoundaryModeZero) {
  hipc::surf_access(obj, 0, x, y, z, boundaryMode, data);
}
template <typename T>
__device__ inline void surf3Dwrite(T data, hipSurfaceObject_t obj, int x,
                                   int y, int z,
                                   int boundaryMode = hipBoundaryModeZero) {
  hipc::surf_access(obj, 1, x, y, z, boundaryMode, &data);
}
// A layered array's layer is its slice.
template <typename T>
__device__ inline void surf1DLayeredread(
    T* data, hipSurfaceObject_t obj, int x, int layer,
    int boundaryMode = hipBoundaryModeZero) {
  hipc::surf_access(obj, 0, x, 0, layer, boundaryMode, data);
}
template <typename T>
__device__ inline void surf1DLayeredwrite(
    T data, hipSurfaceObject_t obj, int x, int layer,
    int boundaryMode = hipBoundaryModeZero) {
  hipc::surf_access(obj, 1, x, 0, layer, boundaryMode, &data);
}
template <typename T>
__device__ inline void surf2DLayeredread(
    T* data, hipSurfaceObject_t obj, int x, int y, int layer,
    int boundaryMode = hipBoundaryModeZero) {
  hipc::surf_access(obj, 0, x, y, layer, boundaryMode, data);
}
template <typename T>
__device__ inline void surf2DLayeredwrite(
    T data, hipSurfaceObject_t obj, int x, int y, int layer,
    int boundaryMode = hipBoundaryModeZero) {
  hipc::surf_access(obj, 1, x, y, layer, boundaryMode, &data);
}
#if defined(__HIPC_KC__)
#pragma clang force_cuda_host_device end
#endif
#endif  // !__NVPTX__ || __HIPC_KC__

// CUDA's forms that return what they read.
template <typename T>
__device__ inline T surf1Dread(hipSurfaceObject_t obj, int x,
                               int boundaryMode = hipBoundaryModeZero) {
  T v;
  surf1Dread(&v, obj, x, boundaryMode);
  return v;
}
template <typename T>
__device__ inline T surf2Dread(hipSurfaceObject_t obj, int x, int y,
                               int boundaryMode = hipBoundaryModeZero) {
  T v;
  surf2Dread(&v, obj, x, y, boundaryMode);
  return v;
}
template <typename T>
__device__ inline T surf3Dread(hipSurfaceObject_t obj, int x, int y, int z,
                               int boundaryMode = hipBoundaryModeZero) {
  T v;
  surf3Dread(&v, obj, x, y, z, boundaryMode);
  return v;
}

#endif  // HIPC_SURFACE_H
