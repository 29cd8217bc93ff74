// The functors of hipCUB's API: Sum, Min, Max, ArgMin, ArgMax, Equality,
// Inequality, Difference, CastOp.
#ifndef HIPCUB_THREAD_OPERATORS_HPP
#define HIPCUB_THREAD_OPERATORS_HPP

#include "hipcub/util/util_type.hpp"

BEGIN_HIPCUB_NAMESPACE

struct Equality {
  template <typename T, typename U>
  HIPCUB_HOST_DEVICE bool operator()(const T& a, const U& b) const {
    return a == b;
  }
};
struct Inequality {
  template <typename T, typename U>
  HIPCUB_HOST_DEVICE bool operator()(const T& a, const U& b) const {
    return a != b;
  }
};
struct Sum {
  template <typename T, typename U>
  HIPCUB_HOST_DEVICE auto operator()(const T& a, const U& b) const
      -> decltype(a + b) {
    return a + b;
  }
};
struct Difference {
  template <typename T, typename U>
  HIPCUB_HOST_DEVICE auto operator()(const T& a, const U& b) const
      -> decltype(a - b) {
    return a - b;
  }
};
struct Min {
  template <typename T>
  HIPCUB_HOST_DEVICE T operator()(const T& a, const T& b) const {
    return b < a ? b : a;
  }
};
struct Max {
  template <typename T>
  HIPCUB_HOST_DEVICE T operator()(const T& a, const T& b) const {
    return a < b ? b : a;
  }
};
// On equal values the smaller key (index) wins, as in CUB.
struct ArgMin {
  template <typename K, typename V>
  HIPCUB_HOST_DEVICE KeyValuePair<K, V> operator()(
      const KeyValuePair<K, V>& a, const KeyValuePair<K, V>& b) const {
    if (b.value < a.value || (!(a.value < b.value) && b.key < a.key)) return b;
    return a;
  }
};
struct ArgMax {
  template <typename K, typename V>
  HIPCUB_HOST_DEVICE KeyValuePair<K, V> operator()(
      const KeyValuePair<K, V>& a, const KeyValuePair<K, V>& b) const {
    if (a.value < b.value || (!(b.value < a.value) && b.key < a.key)) return b;
    return a;
  }
};
template <typename B>
struct CastOp {
  template <typename A>
  HIPCUB_HOST_DEVICE B operator()(const A& a) const {
    return static_cast<B>(a);
  }
};

END_HIPCUB_NAMESPACE

#endif  // HIPCUB_THREAD_OPERATORS_HPP
