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

} // namespace detail

using thrust::system::hip::detail::execution_policy;
using thrust::system::hip::detail::tag;

} // namespace hip
} // namespace system
THRUST_NAMESPACE_END
