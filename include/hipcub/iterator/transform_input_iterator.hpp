// TransformInputIterator: conversion_op applied to each value read.
#ifndef HIPCUB_TRANSFORM_INPUT_ITERATOR_HPP
#define HIPCUB_TRANSFORM_INPUT_ITERATOR_HPP

#include "hipcub/iterator/iterator_base.hpp"

BEGIN_HIPCUB_NAMESPACE

template <typename ValueType, typename ConversionOp, typename InputIteratorT,
          typename OffsetT = std::ptrdiff_t>
class TransformInputIterator
    : public detail::iterator_base<
          TransformInputIterator<ValueType, ConversionOp, InputIteratorT,
                                 OffsetT>,
          ValueType, OffsetT> {
 public:
  typedef TransformInputIterator self_type;
  HIPCUB_HOST_DEVICE TransformInputIterator(InputIteratorT it,
                                            ConversionOp op)
      : it_(it), op_(op) {}
  HIPCUB_HOST_DEVICE void advance(OffsetT n) { it_ += n; }
  HIPCUB_HOST_DEVICE OffsetT distance_to(const self_type& o) const {
    return static_cast<OffsetT>(o.it_ - it_);
  }
  HIPCUB_HOST_DEVICE ValueType at(OffsetT n) const {
    return static_cast<ValueType>(op_(it_[n]));
  }

 private:
  InputIteratorT it_;
  ConversionOp op_;
};

END_HIPCUB_NAMESPACE

#endif  // HIPCUB_TRANSFORM_INPUT_ITERATOR_HPP
