#!/usr/bin/env bash
# Thrust's GPU paths (forced on the CPU device) keep their kernels in
# device memory: sorts of zip keys copy thrust::tuple values between host
# and device with hipMemcpy, not with a kernel touching a host vector,
# which faulted on an H200 (docs/thrust.md, "Limits"); items that are not
# bitwise copyable (a user-written copy constructor) cross between a host
# vector and device memory through a device buffer (uploads, downloads,
# the host copy of a sort with a comparator). HIPC_CHECK=memcheck
# reports any kernel access outside device allocations; the sorted values
# are checked against std::sort.
set -u
. "$(dirname "${BASH_SOURCE[0]}")/../hipcc/common.bash"
TF=${TEST_CFLAGS:-}
if [ ! -e /usr/include/thrust/version.h ]; then
  echo "skip: needs libthrust-dev"
  exit 77
fi
export HIPC_DEVICES=cpu HIPC_THRUST_KERNELS=1
cat > zip.hip <<'SRC'
#include <thrust/device_vector.h>
#include <thrust/functional.h>
#include <thrust/iterator/zip_iterator.h>
#include <thrust/sequence.h>
#include <thrust/sort.h>
#include <algorithm>
#include <cstdio>
#include <utility>
#include <vector>
struct item {
  int v;
  __host__ __device__ item() : v(0) {}
  __host__ __device__ item(int x) : v(x) {}
  __host__ __device__ item(const item &o) : v(o.v) {}
  __host__ __device__ item &operator=(const item &o) {
    v = o.v;
    return *this;
  }
};
struct item_less {
  __host__ __device__ bool operator()(const item &a, const item &b) const {
    return a.v < b.v;
  }
};
static int items_sorted(int n) {
  std::vector<item> h;
  for (int i = 0; i < n; i++) h.push_back(item(i * 7919 % 1009));
  thrust::device_vector<item> d(h.begin(), h.end());
  thrust::sort(d.begin(), d.end(), item_less());
  std::vector<item> back(n);
  thrust::copy(d.begin(), d.end(), back.begin());
  std::sort(h.begin(), h.end(), item_less());
  int bad = 0;
  for (int i = 0; i < n; i++) bad += back[i].v != h[i].v;
  return bad;
}
int main() {
  const int n = 1000;
  std::vector<std::pair<int, int>> h(n);
  for (int i = 0; i < n; i++) h[i] = {i * 7 % 13, i * 11 % 17};
  thrust::device_vector<int> a(n), b(n), v(n);
  for (int i = 0; i < n; i++) { a[i] = h[i].first; b[i] = h[i].second; }
  auto z = thrust::make_zip_iterator(thrust::make_tuple(a.begin(), b.begin()));
  thrust::sort(z, z + n);
  std::vector<std::pair<int, int>> want = h;
  std::sort(want.begin(), want.end());
  int bad = 0;
  for (int i = 0; i < n; i++)
    bad += a[i] != want[i].first || b[i] != want[i].second;
  thrust::sequence(v.begin(), v.end());
  thrust::stable_sort_by_key(z, z + n, v.begin(),
                             thrust::greater<thrust::tuple<int, int>>());
  for (int i = 0; i < n; i++)
    bad += a[i] != want[n - 1 - i].first || b[i] != want[n - 1 - i].second;
  bad += items_sorted(n);
  printf("%d wrong\n", bad);
  return bad != 0;
}
SRC
# shellcheck disable=SC2086
"$HIPCC" $TF -O0 zip.hip -o zip 2> build.txt || { echo "FAIL: build"; cat build.txt; exit 1; }
HIPC_CHECK=memcheck ./zip > out.txt 2> err.txt
check "sorts of zip keys and items give std::sort's order ($(cat out.txt))" \
  test $? -eq 0
check "and no kernel touches memory outside device allocations" \
  grep -q "HIPC_CHECK=memcheck: 0 errors" err.txt
exit $fail
