/* thrust/system/hip/detail/dispatch.h: how the hip system runs an
 * algorithm.
 *
 * Thrust's entry points (thrust::sort(exec, ...)) call the algorithm's
 * name unqualified with the policy, so argument-dependent lookup finds the
 * overloads that HIPC_THRUST_FORWARD declares in this namespace; they take
 * any hip policy (a nearer base than the CPP and generic overloads', so
 * they win), wait for the policy's stream (sync.h) and run the CPP
 * system's algorithm, on the calling thread, over the same iterators:
 * device memory on the CPU device is host memory. Each algorithm header
 * of this folder (the ones Thrust's adl/ headers include for the device
 * system) forwards its algorithms this way. */
#pragma once

#include <thrust/detail/config.h>
#include <thrust/system/cpp/detail/par.h>
#include <thrust/system/hip/detail/execution_policy.h>
#include <thrust/system/hip/detail/sync.h>

/* Declares NAME(hip policy, args...) → thrust::NAME(cpp::par, args...),
 * ordered with the policy's stream. The declaration of thrust::NAME must
 * come first (the header of this folder that uses it includes Thrust's). */
#define HIPC_THRUST_FORWARD(NAME)                                              \
  template <typename Derived, typename... Args>                                \
  __host__ auto NAME(thrust::system::hip::detail::execution_policy<Derived>   \
                         &exec,                                                \
                     Args &&...args)                                           \
      -> decltype(thrust::NAME(thrust::cpp::par,                               \
                               static_cast<Args &&>(args)...)) {               \
    thrust::system::hip::detail::synchronize(exec);                            \
    thrust::system::hip::detail::algorithm_scope scope;                        \
    return thrust::NAME(thrust::cpp::par, static_cast<Args &&>(args)...);     \
  }
