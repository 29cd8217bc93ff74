// The reduction kernel of librccl's GPU-to-GPU path (gpu_peer.c): out[i] =
// in[0][i] op in[1][i] op ... for `n` elements, the inputs being this
// GPU's buffer and the peers' buffers mapped through CUDA IPC. Built by
// hipcc for the NVIDIA GPU (RCCL_OFFLOAD_ARCH in the Makefile) and the CPU
// device; the path runs only on GPUs, and only where the GPU code is there
// (rccl__peer_kernels_on_gpu).
#include <hip/hip_runtime.h>

#include "peer.h"

namespace {

enum { SUM, PROD, MAX, MIN };

template <class T, int Op>
__device__ inline T combine(T a, T b) {
  if (Op == SUM) return a + b;
  if (Op == PROD) return a * b;
  if (Op == MAX) return a < b ? b : a;
  return b < a ? b : a;
}

template <class T, int Op>
__global__ void reduce_peers(T* out, rccl_peer_inputs in, int nin,
                             size_t n) {
  size_t stride = (size_t)gridDim.x * blockDim.x;
  for (size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += stride) {
    T acc = static_cast<const T*>(in.p[0])[i];
    for (int k = 1; k < nin; ++k)
      acc = combine<T, Op>(acc, static_cast<const T*>(in.p[k])[i]);
    out[i] = acc;
  }
}

template <class T, int Op>
hipError_t launch_op(void* out, const rccl_peer_inputs* in, int nin,
                     size_t n, hipStream_t s) {
  size_t blocks = (n + 255) / 256;
  if (blocks > 1056) blocks = 1056;  // a few waves on any GPU
  if (blocks == 0) return hipSuccess;
  reduce_peers<T, Op><<<dim3((unsigned)blocks), dim3(256), 0, s>>>(
      static_cast<T*>(out), *in, nin, n);
  return hipGetLastError();
}

template <class T>
hipError_t launch_type(void* out, const rccl_peer_inputs* in, int nin,
                       size_t n, ncclRedOp_t op, hipStream_t s) {
  switch (op) {
  case ncclSum: return launch_op<T, SUM>(out, in, nin, n, s);
  case ncclProd: return launch_op<T, PROD>(out, in, nin, n, s);
  case ncclMax: return launch_op<T, MAX>(out, in, nin, n, s);
  case ncclMin: return launch_op<T, MIN>(out, in, nin, n, s);
  default: return hipErrorInvalidValue;
  }
}

}  // namespace

extern "C" int rccl__peer_kernels_on_gpu(void) {
#ifdef RCCL_PEER_GPU
  return 1;
#else
  return 0;
#endif
}

extern "C" int rccl__peer_type_ok(ncclDataType_t t) {
  switch (t) {
  case ncclInt8: case ncclUint8: case ncclInt32: case ncclUint32:
  case ncclInt64: case ncclUint64: case ncclFloat32: case ncclFloat64:
    return 1;
  default:
    return 0;
  }
}

extern "C" hipError_t rccl__peer_reduce(void* out, const rccl_peer_inputs* in,
                                        int nin, size_t n, ncclDataType_t t,
                                        ncclRedOp_t op, hipStream_t s) {
  switch (t) {
  case ncclInt8: return launch_type<signed char>(out, in, nin, n, op, s);
  case ncclUint8: return launch_type<unsigned char>(out, in, nin, n, op, s);
  case ncclInt32: return launch_type<int>(out, in, nin, n, op, s);
  case ncclUint32: return launch_type<unsigned>(out, in, nin, n, op, s);
  case ncclInt64: return launch_type<long long>(out, in, nin, n, op, s);
  case ncclUint64:
    return launch_type<unsigned long long>(out, in, nin, n, op, s);
  case ncclFloat32: return launch_type<float>(out, in, nin, n, op, s);
  case ncclFloat64: return launch_type<double>(out, in, nin, n, op, s);
  default: return hipErrorInvalidValue;
  }
}
