// ArgIndexInputIterator: KeyValuePair{offset from the start, value}.
#ifndef HIPCUB_ARG_INDEX_INPUT_ITERATOR_HPP
#define HIPCUB_ARG_INDEX_INPUT_ITERATOR_HPP

#include "hipcub/iterator/iterator_base.hpp"

BEGIN_HIPCUB_NAMESPACE

template <typename InputIteratorT, typename OffsetT = std::ptrdiff_t,
          typename OutputValueT = detail::value_t<InputIteratorT>>
class ArgIndexInputIterator
    : public detail::iterator_base<
          ArgIndexInputIterator<InputIteratorT, OffsetT, OutputValueT>,
          KeyValuePair<OffsetT, OutputValueT>, OffsetT> {
 public:
  typedef ArgIndexInputIterator self_type;
  typedef KeyValuePair<OffsetT, OutputValueT> value_type;
  HIPCUB_HOST_DEVICE ArgIndexInputIterator(InputIteratorT it, OffsetT offset = 0)
      : base_(it), offset_(offset) {}
  HIPCUB_HOST_DEVICE void advance(OffsetT n) { offset_ += n; }
  HIPCUB_HOST_DEVICE OffsetT distance_to(const self_type& o) const {
    return o.offset_ - offset_;
  }
  HIPCUB_HOST_DEVICE value_type at(OffsetT n) const {
    return value_type(offset_ + n, static_cast<OutputValueT>(base_[offset_ + n]));
  }
  // Makes the current position offset 0.
  HIPCUB_HOST_DEVICE void normalize() {
    base_ += offset_;
    offset_ = 0;
  }

 private:
  InputIteratorT base_;
  OffsetT offset_;
};

END_HIPCUB_NAMESPACE

#endif  // HIPCUB_ARG_INDEX_INPUT_ITERATOR_HPP
