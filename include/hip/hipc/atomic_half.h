// atomicAdd on 16-bit floating-point values and their pairs (__half,
// __half2, __hip_bfloat16, __hip_bfloat162), and AMD's unsafeAtomicAdd /
// safeAtomicAdd on them: a compare-and-swap loop on the 16- or 32-bit word,
// in every pass (the CPU device's, the GPU's, the host's). Included by
// hip_fp16.h and hip_bf16.h for the types each defines.
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
}  // namespace hipc

#define HIPC_ATOMIC_HALF(T, W)                                              \
  __host__ __device__ inline T atomicAdd(T* p, T v) {                       \
    return hipc::atomic_add_word<W>(p, v);                                  \
  }                                                                         \
  __host__ __device__ inline T unsafeAtomicAdd(T* p, T v) {                 \
    return hipc::atomic_add_word<W>(p, v);                                  \
  }                                                                         \
  __host__ __device__ inline T safeAtomicAdd(T* p, T v) {                   \
    return hipc::atomic_add_word<W>(p, v);                                  \
  }

#endif /* HIP_HIPC_ATOMIC_HALF_H */
