// atomicAdd on 16-bit floating-point values and their pairs (__half,
// __half2, __hip_bfloat16, __hip_bfloat162), and AMD's unsafeAtomicAdd /
// safeAtomicAdd on them: in hipcc's NVIDIA GPU pass PTX's own
// `atom.add.noftz` on the type (f16 and f16x2 from sm_70, bf16 and bf16x2
// from sm_90: HeCBench f16atomic took 6 times nvcc's time with the loop
// below), else a compare-and-swap loop on the 16- or 32-bit word (the CPU
// device's pass, the host's, older GPUs). Like HIP's, relaxed, device
// scope. Included by hip_fp16.h and hip_bf16.h for the types each defines.
#ifndef HIP_HIPC_ATOMIC_HALF_H
#define HIP_HIPC_ATOMIC_HALF_H

namespace hipc {
template <typename W, typename T>
__host__ __device__ inline T atomic_add_word(T* p, T v) {
  static_assert(sizeof(T) == sizeof(W), "a 16- or 32-bit value");
  W* w = reinterpret_cast<W*>(p);
  W old = __atomic_load_n(w, __ATOMIC_RELAXED), next;
  T o;
  do {
    __builtin_memcpy(&o, &old, sizeof o);
    T n = o + v;
    __builtin_memcpy(&next, &n, sizeof next);
  } while (!__atomic_compare_exchange_n(w, &old, next, false,
                                        __ATOMIC_SEQ_CST, __ATOMIC_RELAXED));
  __builtin_memcpy(&o, &old, sizeof o);
  return o;
}

// `atom.add.noftz.TYPE` on the GPU (PTX type TYPE, from sm_ARCH on), else
// the loop above. W is the word: unsigned short ("h" registers) or
// unsigned int ("r").
template <typename W, int ARCH, typename T>
__host__ __device__ inline T atomic_add(T* p, T v, const char* type) {
#if defined(__NVPTX__) && !defined(__HIPC_KC__) && defined(__CUDA_ARCH__)
  if (__CUDA_ARCH__ >= ARCH) {
    W w, old;
    __builtin_memcpy(&w, &v, sizeof w);
    if constexpr (sizeof(W) == 2) {
      if (type[1] == 'f')  // "bf16"
        asm volatile("atom.add.noftz.bf16 %0, [%1], %2;"
                     : "=h"(old) : "l"(p), "h"(w) : "memory");
      else
        asm volatile("atom.add.noftz.f16 %0, [%1], %2;"
                     : "=h"(old) : "l"(p), "h"(w) : "memory");
    } else {
      if (type[1] == 'f')  // "bf16x2"
        asm volatile("atom.add.noftz.bf16x2 %0, [%1], %2;"
                     : "=r"(old) : "l"(p), "r"(w) : "memory");
      else
        asm volatile("atom.add.noftz.f16x2 %0, [%1], %2;"
                     : "=r"(old) : "l"(p), "r"(w) : "memory");
    }
    T o;
    __builtin_memcpy(&o, &old, sizeof o);
    return o;
  }
#endif
  (void)type;
  return atomic_add_word<W>(p, v);
}
}  // namespace hipc

#define HIPC_ATOMIC_HALF(T, W, TYPE, ARCH)                                  \
  __host__ __device__ inline T atomicAdd(T* p, T v) {                       \
    return hipc::atomic_add<W, ARCH>(p, v, TYPE);                           \
  }                                                                         \
  __host__ __device__ inline T unsafeAtomicAdd(T* p, T v) {                 \
    return hipc::atomic_add<W, ARCH>(p, v, TYPE);                           \
  }                                                                         \
  __host__ __device__ inline T safeAtomicAdd(T* p, T v) {                   \
    return hipc::atomic_add<W, ARCH>(p, v, TYPE);                           \
  }

#endif /* HIP_HIPC_ATOMIC_HALF_H */
