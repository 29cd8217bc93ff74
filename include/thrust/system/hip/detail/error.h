/* thrust/system/hip/detail/error.h: HIP errors as Thrust exceptions.
 *
 * What fails in the hip system (a stream that cannot be synchronised, an
 * allocation) throws thrust::system_error with the hipError_t as its value
 * and thrust::hip_category() as its category, whose message() is
 * hipGetErrorString's, as rocThrust does. */
#pragma once

#include <thrust/detail/config.h>
#include <thrust/system/error_code.h>
#include <thrust/system/system_error.h>
#include <hip/hip_runtime_api.h>
#include <string>

THRUST_NAMESPACE_BEGIN
namespace system {
namespace hip {
namespace detail {

class hip_error_category : public thrust::error_category {
public:
  const char *name() const override { return "hip"; }
  std::string message(int ev) const override {
    return hipGetErrorString(static_cast<hipError_t>(ev));
  }
};

} // namespace detail

inline const thrust::error_category &hip_category() {
  static const detail::hip_error_category category;
  return category;
}

namespace detail {

/* Throws when `status` is not hipSuccess; `what` names the call. */
inline void throw_on_error(hipError_t status, const char *what) {
  if (status != hipSuccess)
    throw thrust::system_error(status, thrust::system::hip::hip_category(),
                               what);
}

} // namespace detail
} // namespace hip
} // namespace system

using thrust::system::hip::hip_category;

THRUST_NAMESPACE_END
