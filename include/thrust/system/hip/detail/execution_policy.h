/* thrust/system/hip/detail/execution_policy.h: the tag and the execution
 * policy base of hipc's Thrust device system (THRUST_DEVICE_SYSTEM_HIP).
 *
 * The system runs Thrust's algorithms on the host thread over the CPU
 * device's memory, which is host memory: every policy of it derives from
 * the CPP (sequential) system's, so an algorithm that hipc does not
 * redirect (detail/dispatch.h) is CPP's, and a hip tag converts to the CPP
 * tag, which makes copies between host_vector and device_vector work. */
#pragma once

#include <thrust/detail/config.h>
#include <thrust/system/cpp/detail/execution_policy.h>
#include <type_traits>

THRUST_NAMESPACE_BEGIN
namespace system {
namespace hip {
namespace detail {

struct tag;
template <typename Derived> struct execution_policy;

/* The tag's own base, declared first so that the tag can derive from it. */
template <>
struct execution_policy<tag>
    : thrust::system::cpp::detail::execution_policy<tag> {};

/* The system's tag: what device_system_tag names and device_ptr carries. */
struct tag : execution_policy<tag> {};

template <typename Derived>
struct execution_policy
    : thrust::system::cpp::detail::execution_policy<Derived> {
  typedef tag tag_type;
  operator tag() const { return tag(); }
};

/* A copy between host memory (the CPP system's iterators) and the hip
 * system's: what Thrust's two-system dispatch (thrust::copy without a
 * policy, device_vector from or to host containers, device_reference from
 * a host value) selects, so that on a GPU the copy is hipMemcpy
 * (gpu_elementwise.h); on the CPU device it is the CPP system's copy. */
struct cross_system : execution_policy<cross_system> {};

template <typename S> struct is_hip_system {
  static const bool value = std::is_convertible<S, tag>::value;
};

template <typename S1, typename S2>
__host__ __device__ typename std::enable_if<!is_hip_system<S2>::value,
                                            cross_system>::type
select_system(const execution_policy<S1> &,
              const thrust::system::cpp::detail::execution_policy<S2> &) {
  return cross_system();
}
template <typename S1, typename S2>
__host__ __device__ typename std::enable_if<!is_hip_system<S1>::value,
                                            cross_system>::type
select_system(const thrust::system::cpp::detail::execution_policy<S1> &,
              const execution_policy<S2> &) {
  return cross_system();
}

} // namespace detail

using thrust::system::hip::detail::execution_policy;
using thrust::system::hip::detail::tag;

} // namespace hip
} // namespace system
THRUST_NAMESPACE_END
