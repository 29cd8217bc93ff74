// BlockStore and the direct store functions (StoreDirectBlocked,
// StoreDirectStriped, StoreDirectWarpStriped).
#ifndef HIPCUB_BLOCK_STORE_HPP
#define HIPCUB_BLOCK_STORE_HPP

#include "hipcub/block/block_exchange.hpp"

BEGIN_HIPCUB_NAMESPACE

enum BlockStoreAlgorithm {
  BLOCK_STORE_DIRECT,
  BLOCK_STORE_STRIPED,
  BLOCK_STORE_VECTORIZE,
  BLOCK_STORE_TRANSPOSE,
  BLOCK_STORE_WARP_TRANSPOSE,
  BLOCK_STORE_WARP_TRANSPOSE_TIMESLICED
};

template <typename T, int ITEMS, typename It>
HIPCUB_DEVICE __forceinline__ void StoreDirectBlocked(int tid, It it, T (&items)[ITEMS]) {
  for (int i = 0; i < ITEMS; ++i) it[tid * ITEMS + i] = items[i];
}
template <typename T, int ITEMS, typename It>
HIPCUB_DEVICE __forceinline__ void StoreDirectBlocked(int tid, It it, T (&items)[ITEMS],
                                                      int valid) {
  for (int i = 0; i < ITEMS; ++i)
    if (tid * ITEMS + i < valid) it[tid * ITEMS + i] = items[i];
}
template <typename T, int ITEMS>
HIPCUB_DEVICE __forceinline__ void StoreDirectBlockedVectorized(int tid, T* p,
                                                                T (&items)[ITEMS]) {
  StoreDirectBlocked(tid, p, items);
}
template <int BLOCK_THREADS, typename T, int ITEMS, typename It>
HIPCUB_DEVICE __forceinline__ void StoreDirectStriped(int tid, It it, T (&items)[ITEMS]) {
  for (int i = 0; i < ITEMS; ++i) it[i * BLOCK_THREADS + tid] = items[i];
}
template <int BLOCK_THREADS, typename T, int ITEMS, typename It>
HIPCUB_DEVICE __forceinline__ void StoreDirectStriped(int tid, It it, T (&items)[ITEMS],
                                                      int valid) {
  for (int i = 0; i < ITEMS; ++i)
    if (i * BLOCK_THREADS + tid < valid) it[i * BLOCK_THREADS + tid] = items[i];
}
template <typename T, int ITEMS, typename It>
HIPCUB_DEVICE __forceinline__ void StoreDirectWarpStriped(int tid, It it, T (&items)[ITEMS]) {
  int w = warpSize, lane = tid % w, base = (tid / w) * w * ITEMS;
  for (int i = 0; i < ITEMS; ++i) it[base + i * w + lane] = items[i];
}
template <typename T, int ITEMS, typename It>
HIPCUB_DEVICE __forceinline__ void StoreDirectWarpStriped(int tid, It it, T (&items)[ITEMS],
                                                          int valid) {
  int w = warpSize, lane = tid % w, base = (tid / w) * w * ITEMS;
  for (int i = 0; i < ITEMS; ++i)
    if (base + i * w + lane < valid) it[base + i * w + lane] = items[i];
}

template <typename T, int BLOCK_DIM_X, int ITEMS_PER_THREAD,
          BlockStoreAlgorithm ALGORITHM = BLOCK_STORE_DIRECT,
          int BLOCK_DIM_Y = 1, int BLOCK_DIM_Z = 1, int ARCH = HIPCUB_ARCH>
class BlockStore {
  static constexpr int BLOCK_THREADS = BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z;
  typedef BlockExchange<T, BLOCK_DIM_X, ITEMS_PER_THREAD, false, BLOCK_DIM_Y,
                        BLOCK_DIM_Z>
      Exchange;

 public:
  typedef typename Exchange::TempStorage TempStorage;

  HIPCUB_DEVICE BlockStore() : s_(private_storage()), tid_(detail::linear_tid()) {}
  HIPCUB_DEVICE BlockStore(TempStorage& s) : s_(s), tid_(detail::linear_tid()) {}

  template <typename It>
  HIPCUB_DEVICE void Store(It it, T (&items)[ITEMS_PER_THREAD]) {
    store(it, items, BLOCK_THREADS * ITEMS_PER_THREAD);
  }
  template <typename It>
  HIPCUB_DEVICE void Store(It it, T (&items)[ITEMS_PER_THREAD], int valid) {
    store(it, items, valid);
  }

 private:
  template <typename It>
  HIPCUB_DEVICE void store(It it, T (&items)[ITEMS_PER_THREAD], int valid) {
    T tmp[ITEMS_PER_THREAD];
    switch (ALGORITHM) {
      case BLOCK_STORE_STRIPED:
        StoreDirectStriped<BLOCK_THREADS>(tid_, it, items, valid);
        break;
      case BLOCK_STORE_TRANSPOSE:
        Exchange(s_).BlockedToStriped(items, tmp);
        StoreDirectStriped<BLOCK_THREADS>(tid_, it, tmp, valid);
        break;
      case BLOCK_STORE_WARP_TRANSPOSE:
      case BLOCK_STORE_WARP_TRANSPOSE_TIMESLICED:
        Exchange(s_).BlockedToWarpStriped(items, tmp);
        for (int i = 0; i < ITEMS_PER_THREAD; ++i) {
          int idx = detail::warp_striped_index(tid_, i, ITEMS_PER_THREAD,
                                               BLOCK_THREADS);
          if (idx < valid) it[idx] = tmp[i];
        }
        break;
      default:
        StoreDirectBlocked(tid_, it, items, valid);
        break;
    }
  }
  HIPCUB_DEVICE static TempStorage& private_storage() {
    __shared__ TempStorage s;
    return s;
  }
  TempStorage& s_;
  int tid_;
};

END_HIPCUB_NAMESPACE

#endif  // HIPCUB_BLOCK_STORE_HPP
