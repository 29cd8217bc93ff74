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
/* The head both forwarders share: the GPU default, the signature (the
 * CPP system's algorithm's result), result_type, and the GPU branch. */
#define HIPC_THRUST_FORWARD_HEAD(NAME)                                         \
  HIPC_THRUST_GPU_DEFAULT(NAME)                                                \
  template <typename Derived, typename... Args>                                \
  __host__ auto NAME(thrust::system::hip::detail::execution_policy<Derived>   \
                         &exec,                                                \
                     Args &&...args)                                           \
      -> decltype(thrust::NAME(thrust::cpp::par,                               \
                               static_cast<Args &&>(args)...)) {               \
    typedef decltype(thrust::NAME(thrust::cpp::par,                            \
                                  static_cast<Args &&>(args)...)) result_type; \
    HIPC_THRUST_GPU_BRANCH(NAME, result_type, exec, args)

#define HIPC_THRUST_FORWARD(NAME)                                              \
  HIPC_THRUST_FORWARD_HEAD(NAME)                                               \
  thrust::system::hip::detail::synchronize(exec);                              \
  thrust::system::hip::detail::algorithm_scope scope;                          \
  return thrust::NAME(thrust::cpp::par, static_cast<Args &&>(args)...);       \
  }

THRUST_NAMESPACE_BEGIN
namespace system {
namespace hip {
namespace detail {
/* The items of an algorithm whose first two arguments are its range. */
template <typename It, typename... Rest>
__host__ auto range_items(thrust::system::hip::detail::priority<1>, It first,
                          It last, Rest &&...) -> decltype(last - first) {
  return last - first;
}
template <typename... A>
__host__ long long range_items(thrust::system::hip::detail::priority<0>,
                               A &&...) {
  return 0;
}
} // namespace detail
} // namespace hip
} // namespace system
THRUST_NAMESPACE_END

/* HIPC_THRUST_FORWARD for the algorithms that, on the CPU device, run as
 * the kernel paths (the CPU device's workers) rather than on the calling
 * thread from parallel_min_items items up, unless HIPC_THRUST_KERNELS=0:
 * those with a kernel path for the arguments (a device-callable functor);
 * the others take the CPP path. */
#define HIPC_THRUST_CPU_KERNELS_BRANCH(NAME, result_type, stream, exec, args)  \
  if (thrust::system::hip::detail::thrust_kernels_setting() != 0 &&           \
      range_items(thrust::system::hip::detail::priority<1>(), args...) >=     \
          thrust::system::hip::detail::parallel_min_items) {                   \
    thrust::system::hip::detail::parallel_result<result_type> result_;         \
    if (gpu_##NAME(thrust::system::hip::detail::priority<3>(), result_,        \
                   static_cast<Derived &>(exec), stream, args...))             \
      return result_.get();                                                    \
  }
#define HIPC_THRUST_FORWARD_CPU_KERNELS(NAME)                                  \
  HIPC_THRUST_FORWARD_HEAD(NAME)                                               \
  hipStream_t stream_ = thrust::system::hip::detail::synchronize(exec);        \
  thrust::system::hip::detail::algorithm_scope scope;                          \
  HIPC_THRUST_CPU_KERNELS_BRANCH(NAME, result_type, stream_, exec, args)       \
  return thrust::NAME(thrust::cpp::par, static_cast<Args &&>(args)...);       \
  }

/* thrust::device, thrust::host and thrust::seq come with every algorithm
 * header, as they do with rocThrust's (programs pass thrust::device after
 * including only thrust/scan.h or thrust/sort.h). Last, so that the hip
 * system's policies above are complete when Thrust's header needs them. */
#include <thrust/execution_policy.h>
