// CountingInputIterator: val, val + 1, val + 2, ...
#ifndef HIPCUB_COUNTING_INPUT_ITERATOR_HPP
#define HIPCUB_COUNTING_INPUT_ITERATOR_HPP

#include "hipcub/iterator/iterator_base.hpp"

BEGIN_HIPCUB_NAMESPACE

template <typename ValueType, typename OffsetT = std::ptrdiff_t>
class CountingInputIterator
    : public detail::iterator_base<CountingInputIterator<ValueType, OffsetT>,
                                   ValueType, OffsetT> {
 public:
  typedef CountingInputIterator self_type;
  HIPCUB_HOST_DEVICE CountingInputIterator(const ValueType& val) : val_(val) {}
  HIPCUB_HOST_DEVICE void advance(OffsetT n) {
    val_ = static_cast<ValueType>(val_ + n);
  }
  HIPCUB_HOST_DEVICE OffsetT distance_to(const self_type& o) const {
    return static_cast<OffsetT>(o.val_ - val_);
  }
  HIPCUB_HOST_DEVICE ValueType at(OffsetT n) const {
    return static_cast<ValueType>(val_ + n);
  }

 private:
  ValueType val_;
};

END_HIPCUB_NAMESPACE

#endif  // HIPCUB_COUNTING_INPUT_ITERATOR_HPP
