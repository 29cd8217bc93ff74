// CacheModifiedInputIterator and CacheModifiedOutputIterator. The cache
// hints are accepted; loads and stores are plain ones on both devices.
#ifndef HIPCUB_CACHE_MODIFIED_INPUT_ITERATOR_HPP
#define HIPCUB_CACHE_MODIFIED_INPUT_ITERATOR_HPP

#include "hipcub/iterator/iterator_base.hpp"

BEGIN_HIPCUB_NAMESPACE

enum CacheLoadModifier {
  LOAD_DEFAULT, LOAD_CA, LOAD_CG, LOAD_CS, LOAD_CV, LOAD_LDG, LOAD_VOLATILE
};
enum CacheStoreModifier {
  STORE_DEFAULT, STORE_WB, STORE_CG, STORE_CS, STORE_WT, STORE_VOLATILE
};

template <CacheLoadModifier MODIFIER, typename ValueType,
          typename OffsetT = std::ptrdiff_t>
class CacheModifiedInputIterator
    : public detail::iterator_base<
          CacheModifiedInputIterator<MODIFIER, ValueType, OffsetT>, ValueType,
          OffsetT> {
 public:
  typedef CacheModifiedInputIterator self_type;
  template <typename Q>
  HIPCUB_HOST_DEVICE CacheModifiedInputIterator(Q* ptr)
      : ptr_(const_cast<typename std::remove_cv<ValueType>::type*>(ptr)) {}
  HIPCUB_HOST_DEVICE void advance(OffsetT n) { ptr_ += n; }
  HIPCUB_HOST_DEVICE OffsetT distance_to(const self_type& o) const {
    return static_cast<OffsetT>(o.ptr_ - ptr_);
  }
  HIPCUB_HOST_DEVICE ValueType at(OffsetT n) const { return ptr_[n]; }

 private:
  typename std::remove_cv<ValueType>::type* ptr_;
};

template <CacheStoreModifier MODIFIER, typename ValueType,
          typename OffsetT = std::ptrdiff_t>
class CacheModifiedOutputIterator
    : public detail::iterator_base<
          CacheModifiedOutputIterator<MODIFIER, ValueType, OffsetT>, ValueType,
          OffsetT, ValueType&> {
 public:
  typedef CacheModifiedOutputIterator self_type;
  template <typename Q>
  HIPCUB_HOST_DEVICE CacheModifiedOutputIterator(Q* ptr) : ptr_(ptr) {}
  HIPCUB_HOST_DEVICE void advance(OffsetT n) { ptr_ += n; }
  HIPCUB_HOST_DEVICE OffsetT distance_to(const self_type& o) const {
    return static_cast<OffsetT>(o.ptr_ - ptr_);
  }
  HIPCUB_HOST_DEVICE ValueType& at(OffsetT n) const { return ptr_[n]; }

 private:
  ValueType* ptr_;
};

END_HIPCUB_NAMESPACE

#endif  // HIPCUB_CACHE_MODIFIED_INPUT_ITERATOR_HPP
