// The random-access arithmetic shared by hipCUB's iterators. `D` provides
// `advance(n)`, `distance_to(other)` (other - this) and `at(n)` (the value
// n places on), all on the host and in device code.
#ifndef HIPCUB_ITERATOR_BASE_HPP
#define HIPCUB_ITERATOR_BASE_HPP

#include "hipcub/util/util_type.hpp"

BEGIN_HIPCUB_NAMESPACE
namespace detail {

template <typename D, typename Value, typename Offset, typename Ref = Value>
struct iterator_base {
  typedef std::random_access_iterator_tag iterator_category;
  typedef Value value_type;
  typedef Offset difference_type;
  typedef void pointer;
  typedef Ref reference;

  HIPCUB_HOST_DEVICE D& self() { return static_cast<D&>(*this); }
  HIPCUB_HOST_DEVICE const D& self() const {
    return static_cast<const D&>(*this);
  }
  HIPCUB_HOST_DEVICE Ref operator*() const { return self().at(0); }
  template <typename N>
  HIPCUB_HOST_DEVICE Ref operator[](N n) const {
    return self().at(static_cast<Offset>(n));
  }
  HIPCUB_HOST_DEVICE D& operator++() { self().advance(1); return self(); }
  HIPCUB_HOST_DEVICE D operator++(int) {
    D r = self(); self().advance(1); return r;
  }
  HIPCUB_HOST_DEVICE D& operator--() { self().advance(-1); return self(); }
  HIPCUB_HOST_DEVICE D operator--(int) {
    D r = self(); self().advance(-1); return r;
  }
  template <typename N>
  HIPCUB_HOST_DEVICE D operator+(N n) const {
    D r = self(); r.advance(static_cast<Offset>(n)); return r;
  }
  template <typename N>
  HIPCUB_HOST_DEVICE D& operator+=(N n) {
    self().advance(static_cast<Offset>(n)); return self();
  }
  template <typename N, typename = std::enable_if_t<std::is_integral<N>::value>>
  HIPCUB_HOST_DEVICE D operator-(N n) const {
    D r = self(); r.advance(-static_cast<Offset>(n)); return r;
  }
  template <typename N>
  HIPCUB_HOST_DEVICE D& operator-=(N n) {
    self().advance(-static_cast<Offset>(n)); return self();
  }
  HIPCUB_HOST_DEVICE Offset operator-(const D& o) const {
    return o.distance_to(self());
  }
  HIPCUB_HOST_DEVICE bool operator==(const D& o) const {
    return self().distance_to(o) == 0;
  }
  HIPCUB_HOST_DEVICE bool operator!=(const D& o) const {
    return !(*this == o);
  }
  HIPCUB_HOST_DEVICE bool operator<(const D& o) const {
    return self().distance_to(o) > 0;
  }
};

}  // namespace detail
END_HIPCUB_NAMESPACE

#endif  // HIPCUB_ITERATOR_BASE_HPP
