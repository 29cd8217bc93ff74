// The integer types of HIP's atomicExch overloads (int, unsigned int,
// unsigned long, unsigned long long, as AMD's), for the CPU device's
// atomic.h and the GPU pass's atomic_nvptx.h alike.
#ifndef HIPC_ATOMIC_EXCH_H
#define HIPC_ATOMIC_EXCH_H

#include <type_traits>

namespace hipc {

template <typename T>
using exch_int = std::enable_if_t<
    std::is_same<T, int>::value || std::is_same<T, unsigned>::value ||
        std::is_same<T, unsigned long>::value ||
        std::is_same<T, unsigned long long>::value,
    T>;

}  // namespace hipc

#endif  // HIPC_ATOMIC_EXCH_H
