// hipCUB's CachingDeviceAllocator: device allocations kept after DeviceFree
// and handed out again, as CUB's. Sizes are rounded up to bins, powers of
// bin_growth from min_bin to max_bin; larger requests are allocated exactly
// and never cached. A freed block records an event on the stream it was
// allocated for; it is reused at once on that stream, and on another once
// its event has completed. The cache holds at most max_cached_bytes.
#ifndef HIPCUB_UTIL_ALLOCATOR_HPP
#define HIPCUB_UTIL_ALLOCATOR_HPP

#include "hipcub/config.hpp"

#include <cstdio>
#include <mutex>
#include <vector>

BEGIN_HIPCUB_NAMESPACE

struct CachingDeviceAllocator {
  static constexpr unsigned int INVALID_BIN = (unsigned int)-1;
  static constexpr size_t INVALID_SIZE = (size_t)-1;
  static constexpr int INVALID_DEVICE_ORDINAL = -1;

  unsigned int bin_growth, min_bin, max_bin;
  size_t min_bin_bytes, max_bin_bytes, max_cached_bytes;
  const bool skip_cleanup;
  bool debug;

  CachingDeviceAllocator(unsigned int growth, unsigned int min_b = 1,
                         unsigned int max_b = INVALID_BIN,
                         size_t max_cached = INVALID_SIZE,
                         bool skip = false, bool dbg = false)
      : bin_growth(growth), min_bin(min_b), max_bin(max_b),
        min_bin_bytes(power(growth, min_b)), max_bin_bytes(power(growth, max_b)),
        max_cached_bytes(max_cached), skip_cleanup(skip), debug(dbg) {}

  // CUB's defaults: bins 8^3 to 8^7 bytes, at most 3 * 8^7 - 1 cached.
  CachingDeviceAllocator(bool skip = false, bool dbg = false)
      : CachingDeviceAllocator(8, 3, 7, power(8, 7) * 3 - 1, skip, dbg) {}

  ~CachingDeviceAllocator() {
    if (!skip_cleanup) FreeAllCached();
  }

  hipError_t SetMaxCachedBytes(size_t bytes) {
    std::lock_guard<std::mutex> lock(mutex_);
    max_cached_bytes = bytes;
    return hipSuccess;
  }

  hipError_t DeviceAllocate(int device, void** d_ptr, size_t bytes,
                            hipStream_t stream = 0) {
    if (d_ptr == nullptr) return hipErrorInvalidValue;
    *d_ptr = nullptr;
    int previous = 0;
    hipError_t e = hipGetDevice(&previous);
    if (e != hipSuccess) return e;
    if (device == INVALID_DEVICE_ORDINAL) device = previous;
    Block b{nullptr, bytes, INVALID_BIN, device, stream, nullptr};
    bin_of(bytes, &b.bin, &b.bytes);
    {
      std::lock_guard<std::mutex> lock(mutex_);
      if (b.bin != INVALID_BIN) {
        for (size_t i = 0; i < cached_.size(); ++i) {
          Block& c = cached_[i];
          if (c.device != device || c.bin != b.bin) continue;
          if (c.stream != stream && hipEventQuery(c.ready) != hipSuccess) continue;
          c.stream = stream;
          live_.push_back(c);
          cached_bytes_ -= c.bytes;
          cached_.erase(cached_.begin() + (long)i);
          *d_ptr = live_.back().ptr;
          return hipSuccess;
        }
      }
    }
    if (device != previous && (e = hipSetDevice(device)) != hipSuccess) return e;
    e = hipMalloc(&b.ptr, b.bytes);
    if (e == hipErrorOutOfMemory) {  // give the cache back and try again
      (void)hipGetLastError();
      free_cached(device);
      e = hipMalloc(&b.ptr, b.bytes);
    }
    if (e == hipSuccess) e = hipEventCreateWithFlags(&b.ready, hipEventDisableTiming);
    if (device != previous) (void)hipSetDevice(previous);
    if (e != hipSuccess) {
      if (b.ptr != nullptr) (void)hipFree(b.ptr);
      return e;
    }
    std::lock_guard<std::mutex> lock(mutex_);
    live_.push_back(b);
    *d_ptr = b.ptr;
    if (debug) std::printf("Device %d allocated %zu bytes\n", device, b.bytes);
    return hipSuccess;
  }

  hipError_t DeviceAllocate(void** d_ptr, size_t bytes, hipStream_t stream = 0) {
    return DeviceAllocate(INVALID_DEVICE_ORDINAL, d_ptr, bytes, stream);
  }

  hipError_t DeviceFree(int device, void* d_ptr) {
    (void)device;  // the block knows its device
    Block b{};
    bool found = false;
    {
      std::lock_guard<std::mutex> lock(mutex_);
      for (size_t i = 0; i < live_.size(); ++i) {
        if (live_[i].ptr != d_ptr) continue;
        b = live_[i];
        live_.erase(live_.begin() + (long)i);
        found = true;
        break;
      }
      if (found && b.bin != INVALID_BIN &&
          cached_bytes_ + b.bytes <= max_cached_bytes) {
        cached_bytes_ += b.bytes;
        cached_.push_back(b);
        return hipEventRecord(b.ready, b.stream);
      }
    }
    if (!found) return hipFree(d_ptr);
    (void)hipEventDestroy(b.ready);
    return hipFree(b.ptr);
  }

  hipError_t DeviceFree(void* d_ptr) {
    return DeviceFree(INVALID_DEVICE_ORDINAL, d_ptr);
  }

  hipError_t FreeAllCached() { return free_cached(INVALID_DEVICE_ORDINAL); }

 private:
  struct Block {
    void* ptr;
    size_t bytes;
    unsigned int bin;
    int device;
    hipStream_t stream;
    hipEvent_t ready;
  };

  static size_t power(unsigned int base, unsigned int exp) {
    if (exp == INVALID_BIN) return INVALID_SIZE;
    size_t r = 1;
    for (unsigned int i = 0; i < exp; ++i) r *= base;
    return r;
  }

  // The bin for `bytes` and its rounded size; INVALID_BIN past max_bin.
  void bin_of(size_t bytes, unsigned int* bin, size_t* rounded) const {
    if (max_bin != INVALID_BIN && bytes > max_bin_bytes) {
      *bin = INVALID_BIN;
      *rounded = bytes;
      return;
    }
    unsigned int k = min_bin;
    size_t size = min_bin_bytes;
    while (size < bytes && bin_growth > 1 && size <= INVALID_SIZE / bin_growth) {
      size *= bin_growth;
      ++k;
    }
    *bin = k;
    *rounded = size < bytes ? bytes : size;
  }

  // Frees the cached blocks of `device` (or of all devices).
  hipError_t free_cached(int device) {
    std::vector<Block> drop;
    {
      std::lock_guard<std::mutex> lock(mutex_);
      for (size_t i = cached_.size(); i-- > 0;) {
        if (device != INVALID_DEVICE_ORDINAL && cached_[i].device != device) continue;
        drop.push_back(cached_[i]);
        cached_bytes_ -= cached_[i].bytes;
        cached_.erase(cached_.begin() + (long)i);
      }
    }
    hipError_t first = hipSuccess;
    for (const Block& b : drop) {
      (void)hipEventDestroy(b.ready);
      hipError_t e = hipFree(b.ptr);
      if (first == hipSuccess) first = e;
    }
    return first;
  }

  std::mutex mutex_;
  std::vector<Block> live_, cached_;
  size_t cached_bytes_ = 0;
};

END_HIPCUB_NAMESPACE

#endif  // HIPCUB_UTIL_ALLOCATOR_HPP
