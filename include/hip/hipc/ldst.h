// Loads and stores with cache hints: __ldg (the read-only path), __ldcg,
// __ldca, __ldcs, __ldlu, __ldcv, __stwb, __stcg, __stcs, __stwt, for every
// type a pointer may point to (scalars and the vector types included).
//
// The hints only steer caches, never results, so each is an ordinary load
// or store here, on both devices: the compiler is free to pick the GPU's
// non-coherent load (ld.global.nc) where it can tell the data is not
// written. `__builtin_nontemporal_load/store` are clang's own and work in
// every pass (scalars and clang vectors).
#ifndef HIPC_LDST_H
#define HIPC_LDST_H

#include "hip/hipc/qualifiers.h"

namespace hipc {
template <typename T>
struct same_type {
  typedef T type;
};
}  // namespace hipc

#define HIPC_LOAD_HINT(NAME)                                  \
  template <typename T>                                       \
  __host__ __device__ __forceinline__ T NAME(const T* p) {    \
    return *p;                                                \
  }
HIPC_LOAD_HINT(__ldg)
HIPC_LOAD_HINT(__ldcg)
HIPC_LOAD_HINT(__ldca)
HIPC_LOAD_HINT(__ldcs)
HIPC_LOAD_HINT(__ldlu)
HIPC_LOAD_HINT(__ldcv)
#undef HIPC_LOAD_HINT

// The value's type follows the pointer's (__stcs(float_ptr, 0) stores 0.0f).
#define HIPC_STORE_HINT(NAME)                                 \
  template <typename T>                                       \
  __host__ __device__ __forceinline__ void NAME(              \
      T* p, typename hipc::same_type<T>::type v) {            \
    *p = v;                                                   \
  }
HIPC_STORE_HINT(__stwb)
HIPC_STORE_HINT(__stcg)
HIPC_STORE_HINT(__stcs)
HIPC_STORE_HINT(__stwt)
#undef HIPC_STORE_HINT

#endif  // HIPC_LDST_H
