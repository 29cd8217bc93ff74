// `const float* __restrict__` arguments whose alignment the kernel checks
// before a float4 load (HeCBench fma's pattern): the GPU pass marks them
// read-only so that they are loaded through the read-only cache
// (kc's nvptx_readonly_args.c); an argument written through, or whose
// address is stored, stays as it was. Values checked against the host,
// with aligned and unaligned offsets (both paths of the check).
#include <cstdint>
#include <vector>

#include "common.h"

__global__ void k_axpy4(const float* __restrict__ a,
                        const float* __restrict__ b, float* __restrict__ c,
                        int n4) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n4) return;
  const float* pa = a + 4 * i;
  const float* pb = b + 4 * i;
  float* pc = c + 4 * i;
  if (reinterpret_cast<uintptr_t>(pa) % 16 == 0 &&
      reinterpret_cast<uintptr_t>(pb) % 16 == 0 &&
      reinterpret_cast<uintptr_t>(pc) % 16 == 0) {
    float4 x = *reinterpret_cast<const float4*>(pa);
    float4 y = *reinterpret_cast<const float4*>(pb);
    float4 z = *reinterpret_cast<float4*>(pc);
    z.x += x.x * y.x;
    z.y += x.y * y.y;
    z.z += x.z * y.z;
    z.w += x.w * y.w;
    *reinterpret_cast<float4*>(pc) = z;
  } else {
    for (int k = 0; k < 4; k++) pc[k] += pa[k] * pb[k];
  }
}

// `w` is written through: not read-only. `keep` receives a's address.
__global__ void k_written(const float* __restrict__ a, float* __restrict__ w,
                          uintptr_t* keep, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  w[i] = w[i] * 2.0f + a[i];
  if (i == 0) *keep = reinterpret_cast<uintptr_t>(a);
}

static void run_axpy(int offset) {
  const int n4 = 3000, n = 4 * n4 + 8;
  std::vector<float> a(n), b(n), c(n);
  for (int i = 0; i < n; i++) {
    a[i] = static_cast<float>(i % 17) * 0.5f;
    b[i] = static_cast<float>(i % 13) - 6.0f;
    c[i] = static_cast<float>(i % 7);
  }
  float *da, *db, *dc;
  HIP_CHECK(hipMalloc(&da, n * sizeof(float)));
  HIP_CHECK(hipMalloc(&db, n * sizeof(float)));
  HIP_CHECK(hipMalloc(&dc, n * sizeof(float)));
  HIP_CHECK(hipMemcpy(da, a.data(), n * sizeof(float), hipMemcpyHostToDevice));
  HIP_CHECK(hipMemcpy(db, b.data(), n * sizeof(float), hipMemcpyHostToDevice));
  HIP_CHECK(hipMemcpy(dc, c.data(), n * sizeof(float), hipMemcpyHostToDevice));
  hipLaunchKernelGGL(k_axpy4, dim3((n4 + 127) / 128), dim3(128), 0, 0,
                     da + offset, db + offset, dc + offset, n4);
  HIP_CHECK(hipDeviceSynchronize());
  std::vector<float> got(n), want = c;
  for (int i = 0; i < 4 * n4; i++)
    want[offset + i] = c[offset + i] + a[offset + i] * b[offset + i];
  HIP_CHECK(hipMemcpy(got.data(), dc, n * sizeof(float), hipMemcpyDeviceToHost));
  CHECK_ARRAY(got.data(), want.data(), n);
  HIP_CHECK(hipFree(da));
  HIP_CHECK(hipFree(db));
  HIP_CHECK(hipFree(dc));
}

static void run_written() {
  const int n = 5000;
  std::vector<float> a(n), w(n);
  for (int i = 0; i < n; i++) {
    a[i] = static_cast<float>(i % 11);
    w[i] = static_cast<float>(i % 5) - 2.0f;
  }
  float *da, *dw;
  uintptr_t* dk;
  HIP_CHECK(hipMalloc(&da, n * sizeof(float)));
  HIP_CHECK(hipMalloc(&dw, n * sizeof(float)));
  HIP_CHECK(hipMalloc(&dk, sizeof(uintptr_t)));
  HIP_CHECK(hipMemcpy(da, a.data(), n * sizeof(float), hipMemcpyHostToDevice));
  HIP_CHECK(hipMemcpy(dw, w.data(), n * sizeof(float), hipMemcpyHostToDevice));
  hipLaunchKernelGGL(k_written, dim3((n + 255) / 256), dim3(256), 0, 0, da, dw,
                     dk, n);
  HIP_CHECK(hipDeviceSynchronize());
  std::vector<float> got(n), want(n);
  for (int i = 0; i < n; i++) want[i] = w[i] * 2.0f + a[i];
  HIP_CHECK(hipMemcpy(got.data(), dw, n * sizeof(float), hipMemcpyDeviceToHost));
  CHECK_ARRAY(got.data(), want.data(), n);
  uintptr_t k = 0;
  HIP_CHECK(hipMemcpy(&k, dk, sizeof k, hipMemcpyDeviceToHost));
  CHECK_EQ(k, reinterpret_cast<uintptr_t>(da));
  HIP_CHECK(hipFree(da));
  HIP_CHECK(hipFree(dw));
  HIP_CHECK(hipFree(dk));
}

int main() {
  run_axpy(0);  // float4 path
  run_axpy(1);  // scalar path
  run_written();
  return test_summary("restrict_align_check");
}
