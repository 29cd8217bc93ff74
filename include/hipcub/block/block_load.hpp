// BlockLoad and the direct load functions (LoadDirectBlocked,
// LoadDirectStriped, LoadDirectWarpStriped, LoadDirectBlockedVectorized).
#ifndef HIPCUB_BLOCK_LOAD_HPP
#define HIPCUB_BLOCK_LOAD_HPP

#include "hipcub/block/block_exchange.hpp"

BEGIN_HIPCUB_NAMESPACE

enum BlockLoadAlgorithm {
  BLOCK_LOAD_DIRECT,
  BLOCK_LOAD_STRIPED,
  BLOCK_LOAD_VECTORIZE,
  BLOCK_LOAD_TRANSPOSE,
  BLOCK_LOAD_WARP_TRANSPOSE,
  BLOCK_LOAD_WARP_TRANSPOSE_TIMESLICED
};

template <typename T, int ITEMS, typename It>
HIPCUB_DEVICE __forceinline__ void LoadDirectBlocked(int tid, It it, T (&items)[ITEMS]) {
  for (int i = 0; i < ITEMS; ++i) items[i] = it[tid * ITEMS + i];
}
template <typename T, int ITEMS, typename It>
HIPCUB_DEVICE __forceinline__ void LoadDirectBlocked(int tid, It it, T (&items)[ITEMS],
                                                     int valid) {
  for (int i = 0; i < ITEMS; ++i)
    if (tid * ITEMS + i < valid) items[i] = it[tid * ITEMS + i];
}
template <typename T, typename D, int ITEMS, typename It>
HIPCUB_DEVICE __forceinline__ void LoadDirectBlocked(int tid, It it, T (&items)[ITEMS],
                                                     int valid, D oob) {
  for (int i = 0; i < ITEMS; ++i) items[i] = oob;
  LoadDirectBlocked(tid, it, items, valid);
}
template <typename T, int ITEMS>
HIPCUB_DEVICE __forceinline__ void LoadDirectBlockedVectorized(int tid, T* p,
                                                               T (&items)[ITEMS]) {
  LoadDirectBlocked(tid, p, items);
}
template <int BLOCK_THREADS, typename T, int ITEMS, typename It>
HIPCUB_DEVICE __forceinline__ void LoadDirectStriped(int tid, It it, T (&items)[ITEMS]) {
  for (int i = 0; i < ITEMS; ++i) items[i] = it[i * BLOCK_THREADS + tid];
}
template <int BLOCK_THREADS, typename T, int ITEMS, typename It>
HIPCUB_DEVICE __forceinline__ void LoadDirectStriped(int tid, It it, T (&items)[ITEMS],
                                                     int valid) {
  for (int i = 0; i < ITEMS; ++i)
    if (i * BLOCK_THREADS + tid < valid) items[i] = it[i * BLOCK_THREADS + tid];
}
template <int BLOCK_THREADS, typename T, typename D, int ITEMS, typename It>
HIPCUB_DEVICE __forceinline__ void LoadDirectStriped(int tid, It it, T (&items)[ITEMS],
                                                     int valid, D oob) {
  for (int i = 0; i < ITEMS; ++i) items[i] = oob;
  LoadDirectStriped<BLOCK_THREADS>(tid, it, items, valid);
}
// Warp-striped with whole warps of the run-time warp size.
template <typename T, int ITEMS, typename It>
HIPCUB_DEVICE __forceinline__ void LoadDirectWarpStriped(int tid, It it, T (&items)[ITEMS]) {
  int w = warpSize, lane = tid % w, base = (tid / w) * w * ITEMS;
  for (int i = 0; i < ITEMS; ++i) items[i] = it[base + i * w + lane];
}
template <typename T, int ITEMS, typename It>
HIPCUB_DEVICE __forceinline__ void LoadDirectWarpStriped(int tid, It it, T (&items)[ITEMS],
                                                         int valid) {
  int w = warpSize, lane = tid % w, base = (tid / w) * w * ITEMS;
  for (int i = 0; i < ITEMS; ++i)
    if (base + i * w + lane < valid) items[i] = it[base + i * w + lane];
}
template <typename T, typename D, int ITEMS, typename It>
HIPCUB_DEVICE __forceinline__ void LoadDirectWarpStriped(int tid, It it, T (&items)[ITEMS],
                                                         int valid, D oob) {
  for (int i = 0; i < ITEMS; ++i) items[i] = oob;
  LoadDirectWarpStriped(tid, it, items, valid);
}

template <typename T, int BLOCK_DIM_X, int ITEMS_PER_THREAD,
          BlockLoadAlgorithm ALGORITHM = BLOCK_LOAD_DIRECT, int BLOCK_DIM_Y = 1,
          int BLOCK_DIM_Z = 1, int ARCH = HIPCUB_ARCH>
class BlockLoad {
  static constexpr int BLOCK_THREADS = BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z;
  typedef BlockExchange<T, BLOCK_DIM_X, ITEMS_PER_THREAD, false, BLOCK_DIM_Y,
                        BLOCK_DIM_Z>
      Exchange;

 public:
  typedef typename Exchange::TempStorage TempStorage;

  HIPCUB_DEVICE BlockLoad() : s_(private_storage()), tid_(detail::linear_tid()) {}
  HIPCUB_DEVICE BlockLoad(TempStorage& s) : s_(s), tid_(detail::linear_tid()) {}

  template <typename It>
  HIPCUB_DEVICE void Load(It it, T (&items)[ITEMS_PER_THREAD]) {
    load(it, items, BLOCK_THREADS * ITEMS_PER_THREAD);
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
    switch (ALGORITHM) {
      case BLOCK_LOAD_STRIPED:
        LoadDirectStriped<BLOCK_THREADS>(tid_, it, items, valid);
        break;
      case BLOCK_LOAD_TRANSPOSE:
        LoadDirectStriped<BLOCK_THREADS>(tid_, it, items, valid);
        Exchange(s_).StripedToBlocked(items, items);
        break;
      case BLOCK_LOAD_WARP_TRANSPOSE:
      case BLOCK_LOAD_WARP_TRANSPOSE_TIMESLICED:
        for (int i = 0; i < ITEMS_PER_THREAD; ++i) {
          int idx = detail::warp_striped_index(tid_, i, ITEMS_PER_THREAD,
                                               BLOCK_THREADS);
          if (idx < valid) items[i] = it[idx];
        }
        Exchange(s_).WarpStripedToBlocked(items, items);
        break;
      default:
        LoadDirectBlocked(tid_, it, items, valid);
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

#endif  // HIPCUB_BLOCK_LOAD_HPP
