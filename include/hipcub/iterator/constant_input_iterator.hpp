// ConstantInputIterator: the same value at every position.
#ifndef HIPCUB_CONSTANT_INPUT_ITERATOR_HPP
#define HIPCUB_CONSTANT_INPUT_ITERATOR_HPP

#include "hipcub/iterator/iterator_base.hpp"

BEGIN_HIPCUB_NAMESPACE

template <typename ValueType, typename OffsetT = std::ptrdiff_t>
class ConstantInputIterator
    : public detail::iterator_base<ConstantInputIterator<ValueType, OffsetT>,
                                   ValueType, OffsetT> {
 public:
  typedef ConstantInputIterator self_type;
  HIPCUB_HOST_DEVICE ConstantInputIterator(const ValueType& val,
                                           OffsetT offset = 0)
      : val_(val), pos_(offset) {}
  HIPCUB_HOST_DEVICE void advance(OffsetT n) { pos_ += n; }
  HIPCUB_HOST_DEVICE OffsetT distance_to(const self_type& o) const {
    return o.pos_ - pos_;
  }
  HIPCUB_HOST_DEVICE ValueType at(OffsetT) const { return val_; }

 private:
  ValueType val_;
  OffsetT pos_;
};

END_HIPCUB_NAMESPACE

#endif  // HIPCUB_CONSTANT_INPUT_ITERATOR_HPP
