// hipCUB's utilities that public programs use beyond the algorithms:
// Traits<T> (radix bit twiddling, checked in a kernel against the keys'
// own order), CachingDeviceAllocator (bins, reuse, the cache limit), the
// top-level <hipcub/util_type.hpp>, and what hipcub.hpp brings with it
// (assert, std::chrono, hip_bfloat16), as AMD's does.
#include <hipcub/hipcub.hpp>
#include <hipcub/util_type.hpp>

#include <algorithm>
#include <cstring>
#include <vector>

#include "common.h"

// Each key's twiddled bits, and the key after TwiddleOut, from the device.
template <typename T>
__global__ void twiddle(const T* in, typename hipcub::Traits<T>::UnsignedBits* bits,
                        T* back, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  typedef typename hipcub::Traits<T>::UnsignedBits U;
  T key = in[i];
  U b;
  __builtin_memcpy(&b, &key, sizeof(b));
  b = hipcub::Traits<T>::TwiddleIn(b);
  bits[i] = b;
  U o = hipcub::Traits<T>::TwiddleOut(b);
  __builtin_memcpy(&back[i], &o, sizeof(o));
}

// Sorting by the twiddled bits as unsigned numbers must give the keys'
// order, and TwiddleOut must give each key back bit for bit.
template <typename T>
static void check_twiddle(std::vector<T> keys) {
  typedef typename hipcub::Traits<T>::UnsignedBits U;
  int n = (int)keys.size();
  T *d_in, *d_back;
  U* d_bits;
  HIP_CHECK(hipMalloc(&d_in, n * sizeof(T)));
  HIP_CHECK(hipMalloc(&d_back, n * sizeof(T)));
  HIP_CHECK(hipMalloc(&d_bits, n * sizeof(U)));
  HIP_CHECK(hipMemcpy(d_in, keys.data(), n * sizeof(T), hipMemcpyHostToDevice));
  twiddle<T><<<(n + 63) / 64, 64>>>(d_in, d_bits, d_back, n);
  HIP_CHECK(hipGetLastError());
  std::vector<U> bits(n);
  std::vector<T> back(n);
  HIP_CHECK(hipMemcpy(bits.data(), d_bits, n * sizeof(U), hipMemcpyDeviceToHost));
  HIP_CHECK(hipMemcpy(back.data(), d_back, n * sizeof(T), hipMemcpyDeviceToHost));
  CHECK(std::memcmp(back.data(), keys.data(), n * sizeof(T)) == 0);
  std::vector<int> by_bits(n), by_key(n);
  for (int i = 0; i < n; ++i) by_bits[i] = by_key[i] = i;
  std::stable_sort(by_bits.begin(), by_bits.end(),
                   [&](int a, int b) { return bits[a] < bits[b]; });
  std::stable_sort(by_key.begin(), by_key.end(),
                   [&](int a, int b) { return keys[a] < keys[b]; });
  for (int i = 0; i < n; ++i) CHECK_EQ(keys[by_bits[i]], keys[by_key[i]]);
  HIP_CHECK(hipFree(d_in));
  HIP_CHECK(hipFree(d_back));
  HIP_CHECK(hipFree(d_bits));
}

static void test_traits() {
  check_twiddle<int>({5, -3, 0, 2147483647, -2147483647 - 1, 17, -1, 1, 42, -42});
  check_twiddle<unsigned>({5u, 0u, 4294967295u, 17u, 1u, 2147483648u});
  check_twiddle<short>({-7, 7, 0, 32767, -32768, 3});
  check_twiddle<long long>({-5LL, 1LL << 40, -(1LL << 40), 0, 9});
  check_twiddle<float>({1.5f, -2.25f, 0.0f, 3e38f, -3e38f, 1e-40f, -1e-40f, 7.0f, -0.5f});
  check_twiddle<double>({1.5, -2.25, 0.0, 1e300, -1e300, 5e-324, -7.0, 2.0});
  // The categories, the bit types and the extreme values.
  CHECK(hipcub::Traits<int>::CATEGORY == hipcub::SIGNED_INTEGER);
  CHECK(hipcub::Traits<const unsigned>::CATEGORY == hipcub::UNSIGNED_INTEGER);
  CHECK(hipcub::Traits<float>::CATEGORY == hipcub::FLOATING_POINT);
  CHECK(hipcub::Traits<__half>::CATEGORY == hipcub::FLOATING_POINT);
  CHECK((std::is_same<hipcub::Traits<double>::UnsignedBits, unsigned long long>::value));
  CHECK((std::is_same<hipcub::Traits<hip_bfloat16>::UnsignedBits, unsigned short>::value));
  CHECK_EQ(hipcub::Traits<int>::Max(), 2147483647);
  CHECK_EQ(hipcub::Traits<int>::Lowest(), -2147483647 - 1);
  CHECK_EQ(hipcub::Traits<unsigned char>::Max(), 255);
  CHECK_EQ(hipcub::Traits<float>::Lowest(), -3.40282347e+38f);
  CHECK_EQ(hipcub::Traits<double>::Max(), 1.7976931348623157e+308);
  CHECK_EQ((float)hipcub::Traits<__half>::Max(), 65504.0f);
  CHECK_EQ((float)hipcub::Traits<hip_bfloat16>::Lowest(), -3.38953139e+38f);
  CHECK(!hipcub::Traits<hipcub::NullType>::PRIMITIVE);
}

static void test_allocator() {
  // Bins of 2^4 .. 2^10 bytes, at most 3000 bytes cached.
  hipcub::CachingDeviceAllocator a(2, 4, 10, 3000);
  void *p = nullptr, *q = nullptr, *r = nullptr;
  CHECK_ERR(a.DeviceAllocate(nullptr, 8), hipErrorInvalidValue);
  HIP_CHECK(a.DeviceAllocate(&p, 100));  // a 128-byte bin
  CHECK(p != nullptr);
  HIP_CHECK(hipMemset(p, 7, 128));       // the whole bin is the caller's
  HIP_CHECK(a.DeviceFree(p));
  HIP_CHECK(a.DeviceAllocate(&q, 120));  // same bin, same stream: reused
  CHECK_EQ(q, p);
  HIP_CHECK(a.DeviceAllocate(&r, 120));  // the cached one is taken: new
  CHECK(r != q);
  HIP_CHECK(a.DeviceFree(q));
  HIP_CHECK(a.DeviceFree(r));
  void* big = nullptr;
  HIP_CHECK(a.DeviceAllocate(&big, 5000));  // past the last bin: exact
  HIP_CHECK(a.DeviceFree(big));             // and not cached
  // (A later allocation may get big's address back from the device's own
  // allocator, as on an H200: that says nothing about the cache.)
  void* small = nullptr;
  HIP_CHECK(a.DeviceAllocate(&small, 1));   // the first bin, 16 bytes
  CHECK(small != nullptr);
  HIP_CHECK(a.DeviceFree(small));
  // Freed on one stream, reused on another once the stream is idle.
  hipStream_t s;
  HIP_CHECK(hipStreamCreate(&s));
  void* t = nullptr;
  HIP_CHECK(a.DeviceAllocate(&t, 1000, s));  // 1024-byte bin
  HIP_CHECK(a.DeviceFree(t));
  HIP_CHECK(hipStreamSynchronize(s));
  void* u = nullptr;
  HIP_CHECK(a.DeviceAllocate(&u, 1000));
  CHECK_EQ(u, t);
  HIP_CHECK(a.DeviceFree(u));
  HIP_CHECK(a.FreeAllCached());
  HIP_CHECK(hipStreamDestroy(s));
  // The defaults, as CUB's: bins 8^3 .. 8^7, 3 * 8^7 - 1 bytes cached.
  hipcub::CachingDeviceAllocator d(true);
  CHECK_EQ(d.bin_growth, 8u);
  CHECK_EQ(d.min_bin_bytes, (size_t)512);
  CHECK_EQ(d.max_bin_bytes, (size_t)2097152);
  CHECK_EQ(d.max_cached_bytes, (size_t)6291455);
}

int main() {
  // hipcub.hpp brings assert and std::chrono (AMD's does, through rocPRIM).
  auto t0 = std::chrono::steady_clock::now();
  assert(t0.time_since_epoch().count() != 0);
  test_traits();
  test_allocator();
  return test_summary("hipcub_util");
}
