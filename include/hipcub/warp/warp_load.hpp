// WarpLoad and WarpStore: a logical warp's tile, blocked or striped across
// its lanes; the TRANSPOSE forms read striped and exchange through shared
// memory (each logical warp passes its own TempStorage).
#ifndef HIPCUB_WARP_LOAD_HPP
#define HIPCUB_WARP_LOAD_HPP

#include "hipcub/warp/warp_reduce.hpp"

BEGIN_HIPCUB_NAMESPACE

enum WarpLoadAlgorithm {
  WARP_LOAD_DIRECT, WARP_LOAD_STRIPED, WARP_LOAD_VECTORIZE, WARP_LOAD_TRANSPOSE
};
enum WarpStoreAlgorithm {
  WARP_STORE_DIRECT, WARP_STORE_STRIPED, WARP_STORE_VECTORIZE,
  WARP_STORE_TRANSPOSE
};

template <typename T, int ITEMS_PER_THREAD,
          WarpLoadAlgorithm ALGORITHM = WARP_LOAD_DIRECT,
          int LOGICAL_WARP_THREADS = HIPCUB_WARP_THREADS, int ARCH = HIPCUB_ARCH>
class WarpLoad {
 public:
  typedef detail::raw_array<T, LOGICAL_WARP_THREADS * ITEMS_PER_THREAD>
      TempStorage;
  HIPCUB_DEVICE WarpLoad(TempStorage& s) : s_(s) {}

  template <typename It>
  HIPCUB_DEVICE void Load(It it, T (&items)[ITEMS_PER_THREAD]) {
    load(it, items, 1 << 30);
  }
  template <typename It>
  HIPCUB_DEVICE void Load(It it, T (&items)[ITEMS_PER_THREAD], int valid) {
    load(it, items, valid);
  }
  template <typename It, typename D>
  HIPCUB_DEVICE void Load(It it, T (&items)[ITEMS_PER_THREAD], int valid, D oob) {
    for (int i = 0; i < ITEMS_PER_THREAD; ++i) items[i] = oob;
    load(it, items, valid);
  }

 private:
  template <typename It>
  HIPCUB_DEVICE void load(It it, T (&items)[ITEMS_PER_THREAD], int valid) {
    int w = detail::warp_width(LOGICAL_WARP_THREADS);
    int lane = detail::linear_tid() % w;
    if (ALGORITHM == WARP_LOAD_DIRECT || ALGORITHM == WARP_LOAD_VECTORIZE) {
      for (int i = 0; i < ITEMS_PER_THREAD; ++i)
        if (lane * ITEMS_PER_THREAD + i < valid)
          items[i] = it[lane * ITEMS_PER_THREAD + i];
      return;
    }
    for (int i = 0; i < ITEMS_PER_THREAD; ++i)
      if (i * w + lane < valid) items[i] = it[i * w + lane];
    if (ALGORITHM == WARP_LOAD_STRIPED) return;
    for (int i = 0; i < ITEMS_PER_THREAD; ++i) s_[i * w + lane] = items[i];
    __syncwarp();
    for (int i = 0; i < ITEMS_PER_THREAD; ++i)
      items[i] = s_[lane * ITEMS_PER_THREAD + i];
    __syncwarp();
  }
  TempStorage& s_;
};

template <typename T, int ITEMS_PER_THREAD,
          WarpStoreAlgorithm ALGORITHM = WARP_STORE_DIRECT,
          int LOGICAL_WARP_THREADS = HIPCUB_WARP_THREADS, int ARCH = HIPCUB_ARCH>
class WarpStore {
 public:
  typedef detail::raw_array<T, LOGICAL_WARP_THREADS * ITEMS_PER_THREAD>
      TempStorage;
  HIPCUB_DEVICE WarpStore(TempStorage& s) : s_(s) {}

  template <typename It>
  HIPCUB_DEVICE void Store(It it, T (&items)[ITEMS_PER_THREAD]) {
    store(it, items, 1 << 30);
  }
  template <typename It>
  HIPCUB_DEVICE void Store(It it, T (&items)[ITEMS_PER_THREAD], int valid) {
    store(it, items, valid);
  }

 private:
  template <typename It>
  HIPCUB_DEVICE void store(It it, T (&items)[ITEMS_PER_THREAD], int valid) {
    int w = detail::warp_width(LOGICAL_WARP_THREADS);
    int lane = detail::linear_tid() % w;
    if (ALGORITHM == WARP_STORE_DIRECT || ALGORITHM == WARP_STORE_VECTORIZE) {
      for (int i = 0; i < ITEMS_PER_THREAD; ++i)
        if (lane * ITEMS_PER_THREAD + i < valid)
          it[lane * ITEMS_PER_THREAD + i] = items[i];
      return;
    }
    T tmp[ITEMS_PER_THREAD];
    for (int i = 0; i < ITEMS_PER_THREAD; ++i) tmp[i] = items[i];
    if (ALGORITHM == WARP_STORE_TRANSPOSE) {
      for (int i = 0; i < ITEMS_PER_THREAD; ++i)
        s_[lane * ITEMS_PER_THREAD + i] = items[i];
      __syncwarp();
      for (int i = 0; i < ITEMS_PER_THREAD; ++i) tmp[i] = s_[i * w + lane];
      __syncwarp();
    }
    for (int i = 0; i < ITEMS_PER_THREAD; ++i)
      if (i * w + lane < valid) it[i * w + lane] = tmp[i];
  }
  TempStorage& s_;
};

END_HIPCUB_NAMESPACE

#endif  // HIPCUB_WARP_LOAD_HPP
