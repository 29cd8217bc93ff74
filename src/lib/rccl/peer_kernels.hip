// The reduction kernels of librccl's GPU-to-GPU paths (gpu_peer.c,
// gpu_direct.c): out[i] = in[0][i] op in[1][i] op ... for `n` elements (an
// average: the sum divided by the number of inputs), the inputs being this
// GPU's buffer and the peers' buffers mapped through CUDA IPC. Built by
// hipcc for the NVIDIA GPU (RCCL_OFFLOAD_ARCH in the Makefile) and the CPU
// device; the path runs only on GPUs, and only where the GPU code is there
// (rccl__peer_kernels_on_gpu).
#include <hip/hip_runtime.h>
#include <stdint.h>

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

// Sixteen bytes of T: one load or store of each input per step, which
// matters when most inputs are a peer's memory (NVLink, PCIe).
template <class T>
struct alignas(16) pack {
  T v[16 / sizeof(T)];
};

// An average: the sum divided by `div` (> 1), as librccl's host path does
// it (in T).
template <class T>
__device__ inline T finish(T acc, int div) {
  return div > 1 ? (T)(acc / (T)div) : acc;
}

template <class T, int Op>
__device__ inline void reduce_range(T* out, const rccl_peer_inputs& in,
                                    int nin, size_t lo, size_t n,
                                    size_t first, size_t stride, int div) {
  for (size_t i = lo + first; i < n; i += stride) {
    T acc = static_cast<const T*>(in.p[0])[i];
    for (int k = 1; k < nin; ++k)
      acc = combine<T, Op>(acc, static_cast<const T*>(in.p[k])[i]);
    out[i] = finish(acc, div);
  }
}

// `vec`: every pointer is 16-byte aligned; the packs first, then the
// elements past the last whole pack.
template <class T, int Op>
__global__ void reduce_peers(T* out, rccl_peer_inputs in, int nin,
                             size_t n, int vec, int div) {
  size_t stride = (size_t)gridDim.x * blockDim.x;
  size_t first = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
  if (!vec) {
    reduce_range<T, Op>(out, in, nin, 0, n, first, stride, div);
    return;
  }
  const size_t w = 16 / sizeof(T), packs = n / w;
  for (size_t i = first; i < packs; i += stride) {
    pack<T> acc = static_cast<const pack<T>*>(in.p[0])[i];
    for (int k = 1; k < nin; ++k) {
      pack<T> b = static_cast<const pack<T>*>(in.p[k])[i];
      for (size_t j = 0; j < w; ++j)
        acc.v[j] = combine<T, Op>(acc.v[j], b.v[j]);
    }
    for (size_t j = 0; j < w; ++j) acc.v[j] = finish(acc.v[j], div);
    reinterpret_cast<pack<T>*>(out)[i] = acc;
  }
  reduce_range<T, Op>(out, in, nin, packs * w, n, first, stride, div);
}

template <class T, int Op>
hipError_t launch_op(void* out, const rccl_peer_inputs* in, int nin,
                     size_t n, int div, hipStream_t s) {
  int vec = ((uintptr_t)out & 15) == 0;
  for (int k = 0; k < nin; ++k) vec &= ((uintptr_t)in->p[k] & 15) == 0;
  size_t items = vec ? n / (16 / sizeof(T)) + 1 : n;
  size_t blocks = (items + 255) / 256;
  if (blocks > 1056) blocks = 1056;  // a few waves on any GPU
  if (blocks == 0) return hipSuccess;
  reduce_peers<T, Op><<<dim3((unsigned)blocks), dim3(256), 0, s>>>(
      static_cast<T*>(out), *in, nin, n, vec, div);
  return hipGetLastError();
}

// The small all-reduce (peer.h): publish, wait for every flag, reduce.
// Stores to this rank's box are local; loads of the peers' boxes are
// volatile (nothing cached from before their flag was seen).
template <class T, int Op>
__global__ void small_allreduce(T* out, const T* in, size_t n,
                                rccl_small_boxes boxes, int nranks, int me,
                                unsigned long long seq, int div) {
  size_t slot = RCCL_SMALL_FLAG + (size_t)(seq & 1) * RCCL_SMALL_SLOT;
  T* mine = reinterpret_cast<T*>(boxes.p[me] + slot);
  for (size_t i = threadIdx.x; i < n; i += blockDim.x) mine[i] = in[i];
  __syncthreads();
  if (threadIdx.x == 0) {
    __threadfence_system();
    *reinterpret_cast<volatile unsigned long long*>(boxes.p[me]) = seq;
  }
  if ((int)threadIdx.x < nranks && (int)threadIdx.x != me) {
    const volatile unsigned long long* flag =
        reinterpret_cast<const volatile unsigned long long*>(
            boxes.p[threadIdx.x]);
    while (*flag < seq) {
    }
  }
  __syncthreads();
  __threadfence_system();
  for (size_t i = threadIdx.x; i < n; i += blockDim.x) {
    T acc = reinterpret_cast<const volatile T*>(boxes.p[0] + slot)[i];
    for (int k = 1; k < nranks; ++k)
      acc = combine<T, Op>(
          acc, (T)reinterpret_cast<const volatile T*>(boxes.p[k] + slot)[i]);
    out[i] = finish(acc, div);
  }
}

template <class T, int Op>
hipError_t launch_small(void* out, const void* in, size_t n,
                        const rccl_small_boxes* boxes, int nranks, int me,
                        unsigned long long seq, int div, hipStream_t s) {
  small_allreduce<T, Op><<<dim3(1), dim3(512), 0, s>>>(
      static_cast<T*>(out), static_cast<const T*>(in), n, *boxes, nranks,
      me, seq, div);
  return hipGetLastError();
}

template <class T>
hipError_t small_type(void* out, const void* in, size_t n, ncclRedOp_t op,
                      const rccl_small_boxes* b, int nr, int me,
                      unsigned long long seq, hipStream_t s) {
  switch (op) {
  case ncclSum: return launch_small<T, SUM>(out, in, n, b, nr, me, seq, 0, s);
  case ncclAvg:
    return launch_small<T, SUM>(out, in, n, b, nr, me, seq, nr, s);
  case ncclProd:
    return launch_small<T, PROD>(out, in, n, b, nr, me, seq, 0, s);
  case ncclMax: return launch_small<T, MAX>(out, in, n, b, nr, me, seq, 0, s);
  case ncclMin: return launch_small<T, MIN>(out, in, n, b, nr, me, seq, 0, s);
  default: return hipErrorInvalidValue;
  }
}

template <class T>
hipError_t launch_type(void* out, const rccl_peer_inputs* in, int nin,
                       size_t n, ncclRedOp_t op, hipStream_t s) {
  switch (op) {
  case ncclSum: return launch_op<T, SUM>(out, in, nin, n, 0, s);
  case ncclAvg: return launch_op<T, SUM>(out, in, nin, n, nin, s);
  case ncclProd: return launch_op<T, PROD>(out, in, nin, n, 0, s);
  case ncclMax: return launch_op<T, MAX>(out, in, nin, n, 0, s);
  case ncclMin: return launch_op<T, MIN>(out, in, nin, n, 0, s);
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

extern "C" hipError_t rccl__small_allreduce(
    void* out, const void* in, size_t n, ncclDataType_t t, ncclRedOp_t op,
    const rccl_small_boxes* b, int nr, int me, unsigned long long seq,
    hipStream_t s) {
  switch (t) {
  case ncclInt8:
    return small_type<signed char>(out, in, n, op, b, nr, me, seq, s);
  case ncclUint8:
    return small_type<unsigned char>(out, in, n, op, b, nr, me, seq, s);
  case ncclInt32: return small_type<int>(out, in, n, op, b, nr, me, seq, s);
  case ncclUint32:
    return small_type<unsigned>(out, in, n, op, b, nr, me, seq, s);
  case ncclInt64:
    return small_type<long long>(out, in, n, op, b, nr, me, seq, s);
  case ncclUint64:
    return small_type<unsigned long long>(out, in, n, op, b, nr, me, seq, s);
  case ncclFloat32: return small_type<float>(out, in, n, op, b, nr, me, seq, s);
  case ncclFloat64:
    return small_type<double>(out, in, n, op, b, nr, me, seq, s);
  default: return hipErrorInvalidValue;
  }
}
