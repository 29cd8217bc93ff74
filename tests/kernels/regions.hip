// Kernels with barriers that hipcc runs in region form (one thread loop per
// region, docs/internals.md "Regions"), and kernels it must leave on fibers.
// Every result is checked against a host model; tests/shell/regions.sh
// builds this file again with HIPC_NO_REGIONS=1 (everything on fibers) and
// checks which kernels took which form.
#include <vector>

#include "common.h"

// ---- Tiled matrix product: 2D blocks, shared tiles, a loop-carried sum.
constexpr int TILE = 8;

__global__ void k_matmul(const int* a, const int* b, int* c, int m, int k,
                         int n) {
  __shared__ int ta[TILE][TILE];
  __shared__ int tb[TILE][TILE];
  int row = blockIdx.y * TILE + threadIdx.y, col = blockIdx.x * TILE + threadIdx.x;
  int acc = 0;
  for (int t = 0; t < k; t += TILE) {
    ta[threadIdx.y][threadIdx.x] = row < m && t + (int)threadIdx.x < k
                                       ? a[row * k + t + threadIdx.x] : 0;
    tb[threadIdx.y][threadIdx.x] = col < n && t + (int)threadIdx.y < k
                                       ? b[(t + threadIdx.y) * n + col] : 0;
    __syncthreads();
    for (int j = 0; j < TILE; ++j) acc += ta[threadIdx.y][j] * tb[j][threadIdx.x];
    __syncthreads();
  }
  if (row < m && col < n) c[row * n + col] = acc;
}

static void test_matmul() {
  const int m = 37, k = 29, n = 45;
  std::vector<int> a(m * k), b(k * n), c(m * n, -7), want(m * n, 0);
  for (int i = 0; i < m * k; i++) a[i] = i % 11 - 5;
  for (int i = 0; i < k * n; i++) b[i] = i % 7 - 3;
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++)
      for (int x = 0; x < k; x++) want[i * n + j] += a[i * k + x] * b[x * n + j];
  int *da, *db, *dc;
  HIP_CHECK(hipMalloc(&da, a.size() * sizeof(int)));
  HIP_CHECK(hipMalloc(&db, b.size() * sizeof(int)));
  HIP_CHECK(hipMalloc(&dc, c.size() * sizeof(int)));
  HIP_CHECK(hipMemcpy(da, a.data(), a.size() * sizeof(int), hipMemcpyHostToDevice));
  HIP_CHECK(hipMemcpy(db, b.data(), b.size() * sizeof(int), hipMemcpyHostToDevice));
  dim3 grid((n + TILE - 1) / TILE, (m + TILE - 1) / TILE), block(TILE, TILE);
  k_matmul<<<grid, block>>>(da, db, dc, m, k, n);
  HIP_CHECK(hipDeviceSynchronize());
  HIP_CHECK(hipMemcpy(c.data(), dc, c.size() * sizeof(int), hipMemcpyDeviceToHost));
  CHECK_ARRAY(c.data(), want.data(), m * n);
  HIP_CHECK(hipFree(da));
  HIP_CHECK(hipFree(db));
  HIP_CHECK(hipFree(dc));
}

// ---- Barriers in nested loops; values carried across both loops.
__global__ void k_nested(const int* in, int* out, int phases, int steps) {
  __shared__ int s[128];
  int t = threadIdx.x, nt = blockDim.x;
  long long carry = in[blockIdx.x * nt + t];
  for (int p = 0; p < phases; ++p) {
    int bias = p * 7;
    for (int q = 0; q < steps; q++) {
      s[t] = (int)(carry % 1000);
      __syncthreads();
      carry = carry + s[(t + q + 1) % nt] + bias;
      __syncthreads();
    }
    carry %= 100003;
  }
  out[blockIdx.x * nt + t] = (int)carry;
}

static void test_nested_loops() {
  const int blocks = 3, nt = 100, phases = 4, steps = 3;
  std::vector<int> in(blocks * nt), out(blocks * nt), want(blocks * nt);
  for (int i = 0; i < blocks * nt; i++) in[i] = (i * 37) % 501;
  for (int bl = 0; bl < blocks; bl++) {
    std::vector<long long> carry(nt);
    for (int t = 0; t < nt; t++) carry[t] = in[bl * nt + t];
    for (int p = 0; p < phases; p++) {
      for (int q = 0; q < steps; q++) {
        std::vector<int> s(nt);
        for (int t = 0; t < nt; t++) s[t] = (int)(carry[t] % 1000);
        for (int t = 0; t < nt; t++) carry[t] += s[(t + q + 1) % nt] + p * 7;
      }
      for (int t = 0; t < nt; t++) carry[t] %= 100003;
    }
    for (int t = 0; t < nt; t++) want[bl * nt + t] = (int)carry[t];
  }
  int *din, *dout;
  HIP_CHECK(hipMalloc(&din, in.size() * sizeof(int)));
  HIP_CHECK(hipMalloc(&dout, out.size() * sizeof(int)));
  HIP_CHECK(hipMemcpy(din, in.data(), in.size() * sizeof(int), hipMemcpyHostToDevice));
  k_nested<<<blocks, nt>>>(din, dout, phases, steps);
  HIP_CHECK(hipDeviceSynchronize());
  HIP_CHECK(hipMemcpy(out.data(), dout, out.size() * sizeof(int), hipMemcpyDeviceToHost));
  CHECK_ARRAY(out.data(), want.data(), blocks * nt);
  HIP_CHECK(hipFree(din));
  HIP_CHECK(hipFree(dout));
}

// ---- Declaration shapes kept across barriers, in a 3D block; a parameter
// the kernel assigns (each thread has its own copy).
__global__ void k_shapes(const float* in, float* out, int shift) {
  __shared__ float s[64];
  const int t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const int nt = blockDim.x * blockDim.y * blockDim.z;
  const float *src = in + blockIdx.x * nt, *other = src + (t + 1) % nt;
  float hist[3] = {src[t], 2.0f * src[t], 0.0f};
  auto base = src[t] * 0.5f + t;
  int a = t, b;
  b = a * 2;
  shift += t;
  s[t] = *other;
  __syncthreads();
  hist[2] = s[(t + 2) % nt];
  unsigned long long wide = (unsigned long long)b << 33;
  __syncthreads();
  out[blockIdx.x * nt + t] =
      hist[0] + hist[1] + hist[2] + base + (float)(wide >> 33) + a + shift;
}

static void test_declaration_shapes() {
  const dim3 block(4, 3, 2);
  const int nt = 24, blocks = 5;
  std::vector<float> in(blocks * nt), out(blocks * nt), want(blocks * nt);
  for (int i = 0; i < blocks * nt; i++) in[i] = float(i % 17);
  for (int bl = 0; bl < blocks; bl++)
    for (int t = 0; t < nt; t++) {
      const float* src = &in[bl * nt];
      float v = src[t] + 2.0f * src[t] + src[(t + 3) % nt] + (src[t] * 0.5f + t) +
                float(2 * t) + t + (10 + t);
      want[bl * nt + t] = v;
    }
  float *din, *dout;
  HIP_CHECK(hipMalloc(&din, in.size() * sizeof(float)));
  HIP_CHECK(hipMalloc(&dout, out.size() * sizeof(float)));
  HIP_CHECK(hipMemcpy(din, in.data(), in.size() * sizeof(float), hipMemcpyHostToDevice));
  k_shapes<<<blocks, block>>>(din, dout, 10);
  HIP_CHECK(hipDeviceSynchronize());
  HIP_CHECK(hipMemcpy(out.data(), dout, out.size() * sizeof(float), hipMemcpyDeviceToHost));
  CHECK_ARRAY(out.data(), want.data(), blocks * nt);
  HIP_CHECK(hipFree(din));
  HIP_CHECK(hipFree(dout));
}

// ---- What a kernel may declare around its barriers: local types and
// aliases, constants, a local struct, restrict pointers, a lambda used in one
// region, HIP_DYNAMIC_SHARED, launch bounds, a pragma.
struct Quad { float x, y, z, w; };
struct Pair { float a; int b; };
template <typename T> __device__ T square(T x) { return x * x; }

template <typename T, int BS = 64>
__global__ void __launch_bounds__(256)
    k_declarations(const T* __restrict__ in, T* __restrict__ out, int n) {
  typedef float real;
  using idx_t = unsigned;
  enum { K = 4 };
  struct Local { real x; idx_t i; };
  constexpr int M = BS / 2;
  __shared__ T tile[BS];
  HIP_DYNAMIC_SHARED(float, dyn)
  idx_t tid = threadIdx.x;
  Local loc{static_cast<real>(in[tid]), tid};
  Quad f4 = {1.f, 2.f, 3.f, float(tid)};
  Pair pr = {1.5f, (int)tid};
  auto w = square<T>(in[tid]) + loc.x;
  const auto& first = in[0];
  real acc[K] = {0, 0, 0, 0};
  tile[tid % BS] = in[tid] + first;
  dyn[tid] = f4.w;
  __syncthreads();
  auto add = [&](int j) { acc[j % K] += (real)j; };
#ifdef __clang__
#pragma unroll
#endif
  for (int j = 0; j < K; ++j) add(j + (int)tid);
  for (int r = 0; r < n; r++) {
    w += tile[(tid + r) % BS] * (T)M;
    pr.a += 1.0f;
    __syncthreads();
  }
  out[blockIdx.x * blockDim.x + tid] = w + acc[0] + acc[1] + acc[2] + acc[3] +
                                       pr.a + loc.i + f4.x +
                                       dyn[(tid + 1) % blockDim.x];
}

static void test_declarations() {
  const int nt = 64, n = 3;
  std::vector<float> in(nt), out(nt), want(nt);
  for (int i = 0; i < nt; i++) in[i] = float(i % 5);
  for (int t = 0; t < nt; t++) {
    float w = in[t] * in[t] + in[t];
    for (int r = 0; r < n; r++) w += in[(t + r) % nt] * 32.0f;
    want[t] = w + float(6 + 4 * t) + (1.5f + n) + t + 1.0f + float((t + 1) % nt);
  }
  float *din, *dout;
  HIP_CHECK(hipMalloc(&din, nt * sizeof(float)));
  HIP_CHECK(hipMalloc(&dout, nt * sizeof(float)));
  HIP_CHECK(hipMemcpy(din, in.data(), nt * sizeof(float), hipMemcpyHostToDevice));
  k_declarations<float><<<1, nt, nt * sizeof(float)>>>(din, dout, n);
  HIP_CHECK(hipDeviceSynchronize());
  HIP_CHECK(hipMemcpy(out.data(), dout, nt * sizeof(float), hipMemcpyDeviceToHost));
  CHECK_ARRAY(out.data(), want.data(), nt);
  HIP_CHECK(hipFree(din));
  HIP_CHECK(hipFree(dout));
}

// ---- Early returns: before any barrier, and inside a loop of barriers.
__global__ void k_returns(int* out, int rounds) {
  __shared__ int s[64];
  int t = threadIdx.x;
  int* o = out + blockIdx.x * blockDim.x;
  o[t] = -1;
  if (t % 5 == 4) return;
  s[t] = t * 10;
  __syncthreads();
  int acc = 0;
  for (int r = 0; r < rounds; ++r) {
    if (r > 0 && t % 5 == r) {
      o[t] = acc;
      return;
    }
    acc += s[(t / 5) * 5] + r;
    __syncthreads();
    s[t] += 1;
    __syncthreads();
  }
  o[t] = acc + 1000;
}

// Every thread returns inside `while (true)`, at different iterations.
__global__ void k_all_return(int* out) {
  __shared__ int s[64];
  int t = threadIdx.x, i = 0;
  while (true) {
    s[t] = i;
    __syncthreads();
    if (i == t % 4 + 2) {
      out[blockIdx.x * blockDim.x + t] = s[(t + 1) % blockDim.x] * 100 + i;
      return;
    }
    ++i;
    __syncthreads();
  }
}

static void test_early_returns() {
  const int blocks = 2, nt = 64, rounds = 4;
  std::vector<int> out(blocks * nt), want(blocks * nt);
  for (int bl = 0; bl < blocks; bl++)
    for (int t = 0; t < nt; t++) {
      int w;
      if (t % 5 == 4) {
        w = -1;
      } else {
        int acc = 0, base = (t / 5) * 5, r = 0;
        for (; r < rounds; r++) {
          if (r > 0 && t % 5 == r) break;
          acc += base * 10 + r + r;
        }
        w = r < rounds ? acc : acc + 1000;
      }
      want[bl * nt + t] = w;
    }
  int* d;
  HIP_CHECK(hipMalloc(&d, out.size() * sizeof(int)));
  k_returns<<<blocks, nt>>>(d, rounds);
  HIP_CHECK(hipDeviceSynchronize());
  HIP_CHECK(hipMemcpy(out.data(), d, out.size() * sizeof(int), hipMemcpyDeviceToHost));
  CHECK_ARRAY(out.data(), want.data(), blocks * nt);

  k_all_return<<<blocks, nt>>>(d);
  HIP_CHECK(hipDeviceSynchronize());
  for (int bl = 0; bl < blocks; bl++)
    for (int t = 0; t < nt; t++) {
      int exit_t = t % 4 + 2, exit_u = (t + 1) % nt % 4 + 2;
      want[bl * nt + t] = (exit_t < exit_u ? exit_t : exit_u) * 100 + exit_t;
    }
  HIP_CHECK(hipMemcpy(out.data(), d, out.size() * sizeof(int), hipMemcpyDeviceToHost));
  CHECK_ARRAY(out.data(), want.data(), blocks * nt);
  HIP_CHECK(hipFree(d));
}

// ---- do/while loops and a plain block around barriers.
__global__ void k_loops(int* out, int n) {
  __shared__ int s[64];
  int t = threadIdx.x, k = 0, acc = 0;
  do {
    s[t] = t + k;
    __syncthreads();
    acc += s[blockDim.x - 1 - t];
    __syncthreads();
    ++k;
  } while (k < n);
  int j = n;
  while (j > 0) {
    {
      s[t] = acc;
      __syncthreads();
    }
    acc = s[(t + 1) % blockDim.x] - j;
    j--;
    __syncthreads();
  }
  out[blockIdx.x * blockDim.x + t] = acc;
}

static void test_loop_kinds() {
  const int nt = 48, n = 3;
  std::vector<int> acc(nt, 0), out(nt);
  for (int k = 0; k < n; k++)
    for (int t = 0; t < nt; t++) acc[t] += (nt - 1 - t) + k;
  for (int j = n; j > 0; j--) {
    std::vector<int> s = acc;
    for (int t = 0; t < nt; t++) acc[t] = s[(t + 1) % nt] - j;
  }
  int* d;
  HIP_CHECK(hipMalloc(&d, nt * sizeof(int)));
  k_loops<<<1, nt>>>(d, n);
  HIP_CHECK(hipDeviceSynchronize());
  HIP_CHECK(hipMemcpy(out.data(), d, nt * sizeof(int), hipMemcpyDeviceToHost));
  CHECK_ARRAY(out.data(), acc.data(), nt);
  HIP_CHECK(hipFree(d));
}

// ---- A template kernel with dynamic shared memory and a helper function.
template <typename T>
__device__ T twice(T v) { return v + v; }

template <typename T, int R>
__global__ void k_template(const T* in, T* out) {
  // Not `dyn`: every extern __shared__ array of one name is one variable,
  // and k_declarations' is a float[] (a GPU build rejects the clash).
  extern __shared__ T dyn_t[];
  int t = threadIdx.x;
  T v = in[blockIdx.x * blockDim.x + t];
  for (int r = 0; r < R; r++) {
    dyn_t[t] = v;
    __syncthreads();
    v = dyn_t[(t + 1) % blockDim.x] + twice(v);
    __syncthreads();
  }
  out[blockIdx.x * blockDim.x + t] = v;
}

static void test_template_dynamic_shared() {
  const int blocks = 4, nt = 40, R = 3;
  std::vector<double> in(blocks * nt), out(blocks * nt), want(blocks * nt);
  for (int i = 0; i < blocks * nt; i++) in[i] = (i % 9) * 0.25;
  for (int bl = 0; bl < blocks; bl++) {
    std::vector<double> v(in.begin() + bl * nt, in.begin() + (bl + 1) * nt);
    for (int r = 0; r < R; r++) {
      std::vector<double> s = v;
      for (int t = 0; t < nt; t++) v[t] = s[(t + 1) % nt] + 2 * s[t];
    }
    for (int t = 0; t < nt; t++) want[bl * nt + t] = v[t];
  }
  double *din, *dout;
  HIP_CHECK(hipMalloc(&din, in.size() * sizeof(double)));
  HIP_CHECK(hipMalloc(&dout, out.size() * sizeof(double)));
  HIP_CHECK(hipMemcpy(din, in.data(), in.size() * sizeof(double), hipMemcpyHostToDevice));
  k_template<double, R><<<blocks, nt, nt * sizeof(double)>>>(din, dout);
  HIP_CHECK(hipDeviceSynchronize());
  HIP_CHECK(hipMemcpy(out.data(), dout, out.size() * sizeof(double), hipMemcpyDeviceToHost));
  CHECK_ARRAY(out.data(), want.data(), blocks * nt);
  HIP_CHECK(hipFree(din));
  HIP_CHECK(hipFree(dout));
}

// ---- Barriers under `if`s whose condition is the same in every thread:
// the unrolled tree reduction of CUDA's samples.
template <unsigned B>
__global__ void k_unrolled_sum(const int* in, int* out) {
  __shared__ int s[256];
  unsigned tid = threadIdx.x;
  s[tid] = in[blockIdx.x * B + tid];
  __syncthreads();
  if (B >= 256) {
    if (tid < 128) s[tid] += s[tid + 128];
    __syncthreads();
  }
  if (B >= 128) {
    if (tid < 64) s[tid] += s[tid + 64];
    __syncthreads();
  } else
    __syncthreads();
  for (unsigned half = B >= 64 ? 32 : B / 2; half > 0; half /= 2) {
    if (tid < half) s[tid] += s[tid + half];
    __syncthreads();
  }
  if (tid == 0) out[blockIdx.x] = s[0];
}

static void test_uniform_if() {
  const int blocks = 5;
  std::vector<int> in(blocks * 256), out(blocks), want(blocks);
  for (int i = 0; i < blocks * 256; i++) in[i] = (i * 7) % 23 - 11;
  int *din, *dout;
  HIP_CHECK(hipMalloc(&din, in.size() * sizeof(int)));
  HIP_CHECK(hipMalloc(&dout, out.size() * sizeof(int)));
  HIP_CHECK(hipMemcpy(din, in.data(), in.size() * sizeof(int), hipMemcpyHostToDevice));
  for (int which = 0; which < 2; which++) {
    const unsigned B = which ? 32 : 256;
    for (int b = 0; b < blocks; b++) {
      want[b] = 0;
      for (unsigned t = 0; t < B; t++) want[b] += in[b * B + t];
    }
    if (which)
      k_unrolled_sum<32><<<blocks, 32>>>(din, dout);
    else
      k_unrolled_sum<256><<<blocks, 256>>>(din, dout);
    HIP_CHECK(hipDeviceSynchronize());
    HIP_CHECK(hipMemcpy(out.data(), dout, out.size() * sizeof(int), hipMemcpyDeviceToHost));
    if (!CHECK_ARRAY(out.data(), want.data(), blocks))
      std::fprintf(stderr, "  B = %u\n", B);
  }
  HIP_CHECK(hipFree(din));
  HIP_CHECK(hipFree(dout));
}

// ---- Values that are the same in every thread: run once per block.
__global__ void k_uniform(const int* in, int* out, int n) {
  __shared__ int s[64];
  in += blockIdx.x * blockDim.x;
  int base = in[0] * 3;
  int t = threadIdx.x;
  int acc = 0;
  for (int r = 0; r < n; ++r) {
    s[t] = in[t] + base;
    __syncthreads();
    base += s[0];
    acc += s[(t + r) % blockDim.x] - base;
    __syncthreads();
  }
  out[blockIdx.x * blockDim.x + t] = acc + base;
}

// When every thread has returned, a uniform statement after the return
// must not run (here it would read through a null pointer).
__global__ void k_uniform_after_return(const int* p, int* out, int n) {
  __shared__ int s[64];
  if (n == 0) return;
  int first = p[0];
  s[threadIdx.x] = first + threadIdx.x;
  __syncthreads();
  out[threadIdx.x] = s[(threadIdx.x + 1) % blockDim.x];
}

static void test_uniform_values() {
  const int blocks = 3, nt = 50, n = 4;
  std::vector<int> in(blocks * nt), out(blocks * nt), want(blocks * nt);
  for (int i = 0; i < blocks * nt; i++) in[i] = (i * 13) % 29 - 9;
  for (int bl = 0; bl < blocks; bl++) {
    const int* x = &in[bl * nt];
    int base = x[0] * 3;
    std::vector<int> acc(nt, 0), s(nt);
    for (int r = 0; r < n; r++) {
      for (int t = 0; t < nt; t++) s[t] = x[t] + base;
      base += s[0];
      for (int t = 0; t < nt; t++) acc[t] += s[(t + r) % nt] - base;
    }
    for (int t = 0; t < nt; t++) want[bl * nt + t] = acc[t] + base;
  }
  int *din, *dout;
  HIP_CHECK(hipMalloc(&din, in.size() * sizeof(int)));
  HIP_CHECK(hipMalloc(&dout, out.size() * sizeof(int)));
  HIP_CHECK(hipMemcpy(din, in.data(), in.size() * sizeof(int), hipMemcpyHostToDevice));
  k_uniform<<<blocks, nt>>>(din, dout, n);
  HIP_CHECK(hipDeviceSynchronize());
  HIP_CHECK(hipMemcpy(out.data(), dout, out.size() * sizeof(int), hipMemcpyDeviceToHost));
  CHECK_ARRAY(out.data(), want.data(), blocks * nt);

  HIP_CHECK(hipMemset(dout, 0, nt * sizeof(int)));
  k_uniform_after_return<<<1, nt>>>(nullptr, dout, 0);
  HIP_CHECK(hipDeviceSynchronize());
  k_uniform_after_return<<<1, nt>>>(din, dout, 1);
  HIP_CHECK(hipDeviceSynchronize());
  for (int t = 0; t < nt; t++) want[t] = in[0] + (t + 1) % nt;
  HIP_CHECK(hipMemcpy(out.data(), dout, nt * sizeof(int), hipMemcpyDeviceToHost));
  CHECK_ARRAY(out.data(), want.data(), nt);
  HIP_CHECK(hipFree(din));
  HIP_CHECK(hipFree(dout));
}

// ---- Variables a helper writes through a reference parameter: neither
// recomputed nor uniform, but kept per thread.
__device__ void bump(int& v, int by) { v += by; }

__global__ void k_ref_args(int* out) {
  __shared__ int s[64];
  int i = threadIdx.x;
  int n = 3;
  bump(i, 100);
  bump(n, (int)threadIdx.x);
  s[threadIdx.x] = i;
  __syncthreads();
  out[threadIdx.x] = s[(threadIdx.x + 1) % blockDim.x] + i + n * 1000;
}

static void test_reference_arguments() {
  const int nt = 64;
  std::vector<int> out(nt), want(nt);
  for (int t = 0; t < nt; t++)
    want[t] = ((t + 1) % nt + 100) + (t + 100) + (3 + t) * 1000;
  int* d;
  HIP_CHECK(hipMalloc(&d, nt * sizeof(int)));
  k_ref_args<<<1, nt>>>(d);
  HIP_CHECK(hipDeviceSynchronize());
  HIP_CHECK(hipMemcpy(out.data(), d, nt * sizeof(int), hipMemcpyDeviceToHost));
  CHECK_ARRAY(out.data(), want.data(), nt);
  HIP_CHECK(hipFree(d));
}

// ---- Kernels that stay on fibers. Each reverses its block's values
// through shared memory, twice over, with the barrier somewhere the region
// form does not handle.
__device__ void helper_barrier() { __syncthreads(); }

__global__ void k_fiber_if(int* io, int flag) {  // under a per-thread if
  __shared__ int s[64];
  int t = threadIdx.x;
  s[t] = io[t];
  if (flag + t > 0) {
    __syncthreads();
    io[t] = s[blockDim.x - 1 - t];
  }
}

__global__ void k_fiber_break(int* io) {  // break out of a barrier loop
  __shared__ int s[64];
  int t = threadIdx.x, v = io[t];
  for (int r = 0;; r++) {
    s[t] = v;
    __syncthreads();
    if (r == 2) break;
    v = s[blockDim.x - 1 - t];
    __syncthreads();
  }
  io[t] = v;
}

__global__ void k_fiber_helper(int* io) {  // a helper that synchronises
  __shared__ int s[64];
  int t = threadIdx.x;
  s[t] = io[t];
  helper_barrier();
  int v = s[blockDim.x - 1 - t];
  __syncthreads();
  io[t] = v;
}

__global__ void k_fiber_warp(int* io) {  // a warp vote (only shuffles split)
  __shared__ int s[64];
  int t = threadIdx.x;
  s[t] = io[t];
  __syncthreads();
  int v = s[blockDim.x - 1 - t];
  io[t] = v + __any(1) - 1;
}

__global__ void k_fiber_lambda(int* io) {  // a lambda that returns
  __shared__ int s[64];
  int t = threadIdx.x;
  auto mirror = [&](int i) { return s[blockDim.x - 1 - i]; };
  s[t] = io[t];
  __syncthreads();
  io[t] = mirror(t);
}

static void test_fiber_fallbacks() {
  const int nt = 64;
  std::vector<int> h(nt), got(nt), rev(nt);
  for (int i = 0; i < nt; i++) h[i] = i * i + 1;
  for (int i = 0; i < nt; i++) rev[i] = h[nt - 1 - i];
  int* d;
  HIP_CHECK(hipMalloc(&d, nt * sizeof(int)));
  for (int which = 0; which < 4 + 1; which++) {
    HIP_CHECK(hipMemcpy(d, h.data(), nt * sizeof(int), hipMemcpyHostToDevice));
    switch (which) {
      case 0: k_fiber_if<<<1, nt>>>(d, 1); break;
      case 1: k_fiber_break<<<1, nt>>>(d); break;
      case 2: k_fiber_helper<<<1, nt>>>(d); break;
      case 3: k_fiber_warp<<<1, nt>>>(d); break;
      default: k_fiber_lambda<<<1, nt>>>(d); break;
    }
    HIP_CHECK(hipDeviceSynchronize());
    HIP_CHECK(hipMemcpy(got.data(), d, nt * sizeof(int), hipMemcpyDeviceToHost));
    // k_fiber_break reverses twice (identity), the others once.
    const int* want = which == 1 ? h.data() : rev.data();
    if (!CHECK_ARRAY(got.data(), want, nt))
      std::fprintf(stderr, "  kernel %d\n", which);
  }
  HIP_CHECK(hipFree(d));
}

int main() {
  test_matmul();
  test_nested_loops();
  test_declaration_shapes();
  test_declarations();
  test_early_returns();
  test_loop_kinds();
  test_template_dynamic_shared();
  test_uniform_values();
  test_uniform_if();
  test_reference_arguments();
  test_fiber_fallbacks();
  return test_summary("regions");
}
