// DiscardOutputIterator: every assignment through it is dropped.
#ifndef HIPCUB_DISCARD_OUTPUT_ITERATOR_HPP
#define HIPCUB_DISCARD_OUTPUT_ITERATOR_HPP

#include "hipcub/iterator/iterator_base.hpp"

BEGIN_HIPCUB_NAMESPACE

namespace detail {
struct discard_ref {
  template <typename T>
  HIPCUB_HOST_DEVICE const discard_ref& operator=(const T&) const {
    return *this;
  }
};
}  // namespace detail

template <typename OffsetT = std::ptrdiff_t>
class DiscardOutputIterator
    : public detail::iterator_base<DiscardOutputIterator<OffsetT>, void,
                                   OffsetT, detail::discard_ref> {
 public:
  typedef DiscardOutputIterator self_type;
  HIPCUB_HOST_DEVICE DiscardOutputIterator(OffsetT offset = 0)
      : offset_(offset) {}
  HIPCUB_HOST_DEVICE void advance(OffsetT n) { offset_ += n; }
  HIPCUB_HOST_DEVICE OffsetT distance_to(const self_type& o) const {
    return o.offset_ - offset_;
  }
  HIPCUB_HOST_DEVICE detail::discard_ref at(OffsetT) const { return {}; }

 private:
  OffsetT offset_;
};

END_HIPCUB_NAMESPACE

#endif  // HIPCUB_DISCARD_OUTPUT_ITERATOR_HPP
