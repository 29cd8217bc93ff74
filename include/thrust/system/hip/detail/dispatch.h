/* thrust/system/hip/detail/dispatch.h: how the hip system runs an
 * algorithm.
 *
 * Thrust's entry points (thrust::sort(exec, ...)) call the algorithm's
 * name unqualified with the policy, so argument-dependent lookup finds the
 * overloads that HIPC_THRUST_FORWARD declares in this namespace; they take
 * any hip policy (a nearer base than the CPP and generic overloads', so
 * they win), wait for the policy's stream (sync.h) and run the CPP
 * system's algorithm, on the calling thread, over the same iterators:
 * device memory on the CPU device is host memory. On a GPU they run
 * kernels instead (HIPC_THRUST_GPU_BRANCH). Each algorithm header
 * of this folder (the ones Thrust's adl/ headers include for the device
 * system) forwards its algorithms this way. */
#pragma once

#include <thrust/detail/config.h>
#include <thrust/system/cpp/detail/par.h>
#include <thrust/system/hip/detail/execution_policy.h>
#include <thrust/system/hip/detail/sync.h>
#include <thrust/system/hip/detail/gpu_launch.h>

/* On a kernel stream (sync.h's use_kernels: a GPU's), the forwarders
 * call gpu_NAME(priority<3>(), result, policy, stream, args...) instead,
 * declared by gpu_*.h for the forms that run as kernels (or hipCUB's
 * device algorithms, or through host memory); the priority<0> default
 * declared here returns false, and the call throws
 * thrust::system_error(hipErrorNotSupported) naming the algorithm. A
 * gpu_NAME waits for the stream before it returns. */
#define HIPC_THRUST_GPU_DEFAULT(NAME)                                          \
  template <typename R, typename P, typename... A>                             \
  __host__ bool gpu_##NAME(thrust::system::hip::detail::priority<0>, R &,      \
                           P &, hipStream_t, A &&...) {                        \
    return false;                                                              \
  }

#define HIPC_THRUST_GPU_BRANCH(NAME, result_type, exec, args)                  \
  {                                                                            \
    /* unqualified: par.on(s)'s overload is found by ADL */                   \
    hipStream_t stream_ = stream_of(static_cast<Derived &>(exec));             \
    if (thrust::system::hip::detail::use_kernels(stream_)) {                   \
      thrust::system::hip::detail::parallel_result<result_type> result_;       \
      if (!gpu_##NAME(thrust::system::hip::detail::priority<3>(), result_,     \
                      static_cast<Derived &>(exec), stream_, args...))         \
        thrust::system::hip::detail::unsupported_on_gpu("thrust::" #NAME);     \
      return result_.get();                                                    \
    }                                                                          \
  }

/* Declares NAME(hip policy, args...) → thrust::NAME(cpp::par, args...),
 * ordered with the policy's stream. The declaration of thrust::NAME must
 * come first (the header of this folder that uses it includes Thrust's). */
#define HIPC_THRUST_FORWARD(NAME)                                              \
  HIPC_THRUST_GPU_DEFAULT(NAME)                                                \
  template <typename Derived, typename... Args>                                \
  __host__ auto NAME(thrust::system::hip::detail::execution_policy<Derived>   \
                         &exec,                                                \
                     Args &&...args)                                           \
      -> decltype(thrust::NAME(thrust::cpp::par,                               \
                               static_cast<Args &&>(args)...)) {               \
    typedef decltype(thrust::NAME(thrust::cpp::par,                            \
                                  static_cast<Args &&>(args)...)) result_type; \
    HIPC_THRUST_GPU_BRANCH(NAME, result_type, exec, args)                      \
    thrust::system::hip::detail::synchronize(exec);                            \
    thrust::system::hip::detail::algorithm_scope scope;                        \
    return thrust::NAME(thrust::cpp::par, static_cast<Args &&>(args)...);     \
  }
