// Kernels for the end-to-end tests of kc's region form (run.sh, harness.c).
// extern "C" keeps their names plain for the C harness; each comment says
// what the kernel exercises.
#include <hip/hip_runtime.h>

#define TILE 16

// Two barriers in a uniform loop, __shared__ tiles, a value (acc) that
// lives across both barriers.
extern "C" __global__ void k_matmul(const float* a, const float* b, float* c,
                                    int n) {
  __shared__ float ta[TILE][TILE];
  __shared__ float tb[TILE][TILE];
  int row = blockIdx.y * TILE + threadIdx.y, col = blockIdx.x * TILE + threadIdx.x;
  float acc = 0.0f;
  for (int t = 0; t < n; t += TILE) {
    ta[threadIdx.y][threadIdx.x] = a[row * n + t + threadIdx.x];
    tb[threadIdx.y][threadIdx.x] = b[(t + threadIdx.y) * n + col];
    __syncthreads();
    for (int k = 0; k < TILE; ++k) acc += ta[threadIdx.y][k] * tb[k][threadIdx.x];
    __syncthreads();
  }
  c[row * n + col] = acc;
}

// A tree reduction: a barrier in a loop whose trip count depends on
// blockDim, under it a branch on threadIdx.
extern "C" __global__ void k_reduce(const float* in, float* out, int n) {
  __shared__ float sh[1024];
  unsigned tid = threadIdx.x;
  unsigned i = blockIdx.x * blockDim.x + tid;
  sh[tid] = i < n ? in[i] : 0.0f;
  __syncthreads();
  for (unsigned s = blockDim.x / 2; s > 0; s >>= 1) {
    if (tid < s) sh[tid] += sh[tid + s];
    __syncthreads();
  }
  if (tid == 0) out[blockIdx.x] = sh[0];
}

// __syncthreads_count/_and/_or in a loop, after some threads returned.
__device__ inline int pred_of(int t, int r) { return (t + r) % (r + 2) == 0; }
extern "C" __global__ void k_counts(int* out, int live) {
  int t = threadIdx.x + blockDim.x * threadIdx.y;
  if (t >= live) return;
  for (int r = 0; r < 5; r++) {
    int p = pred_of(t, r);
    int* o = out + (blockIdx.x * 5 + r) * 3 * 1024 + 3 * t;
    o[0] = __syncthreads_count(p);
    o[1] = __syncthreads_and(r == 3 ? 1 : p);
    o[2] = __syncthreads_or(r == 4 ? 0 : p);
  }
}

// No barrier: the plain loop form.
extern "C" __global__ void k_saxpy(int n, float a, const float* x, float* y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = a * x[i] + y[i];
}

// A by-value struct that each thread changes (its own copy), and a local
// array indexed at run time that lives across a barrier.
struct Params {
  int n;
  float scale[4];
};
extern "C" __global__ void k_byval(Params p, float* out) {
  __shared__ float sh[256];
  unsigned t = threadIdx.x;
  float loc[8];
  for (int i = 0; i < 8; i++) loc[i] = t * i + p.scale[i % 4];
  p.scale[t % 4] += t;
  sh[t] = p.scale[t % 4] * p.n;
  __syncthreads();
  out[blockIdx.x * blockDim.x + t] =
      sh[(t + 1) % blockDim.x] + loc[(t + 3) % 8] + p.scale[(t + 1) % 4];
}

// Barriers under a uniform branch (both arms), a 3D block, warpSize and
// blockIdx in the arithmetic.
extern "C" __global__ void k_branch3d(int* out, int mode) {
  __shared__ int sh[512];
  unsigned lin = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  unsigned count = blockDim.x * blockDim.y * blockDim.z;
  int v;
  if (mode > 1) {
    sh[lin] = lin * 3;
    __syncthreads();
    v = sh[count - 1 - lin];
  } else {
    sh[lin] = lin + 7;
    __syncthreads();
    v = sh[(lin + 1) % count] * 2;
  }
  __syncthreads();
  sh[lin] = v;
  __syncthreads();
  out[blockIdx.x * count + lin] =
      sh[(lin + 5) % count] + 1000 * threadIdx.z + 100 * threadIdx.y +
      (int)(lin % warpSize) * 0 + (int)blockIdx.x * 100000;
}

// A loop around a barrier that threads leave at different times (and
// then return): they are marked done; x lives across the barrier.
extern "C" __global__ void k_leave(int* out) {
  int k = 0, x = -1;
  int tid = threadIdx.x;
  while (tid >= k) {
    x = k * 10 + tid;
    k++;
    if (k > 8) break;
    __syncthreads();
  }
  out[blockIdx.x * blockDim.x + tid] = x * 100 + k;
}

// Kept on fibers: a barrier under a branch on threadIdx, and threads that
// skip it meet the next one.
extern "C" __global__ void k_divergent_barrier(int* out) {
  if (threadIdx.x < 5) {
    out[threadIdx.x] = 1;
    __syncthreads();
  }
  __syncthreads();
  out[threadIdx.x] += 2;
}

// Kept on fibers: a loop around a barrier with an exit that depends on
// threadIdx, and a barrier after the loop.
extern "C" __global__ void k_divergent_loop(int* out) {
  for (int i = 0; i < (int)threadIdx.x; i++) __syncthreads();
  __syncthreads();
  out[threadIdx.x] = 1;
}

// Warp collectives in the region form (form_loops_warp.c). KC_LOOPS_NO_WARP
// leaves them out where hipc-kc cannot compile warp functions.
#ifndef KC_LOOPS_NO_WARP
extern "C" __global__ void k_shuffle(int* out) {
  out[threadIdx.x] = __shfl_down((int)threadIdx.x, 1);
}

// A warp sum by __shfl_down in a loop, and a butterfly by __shfl_xor.
extern "C" __global__ void k_warp_sum(const int* in, int* out) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  int v = in[t], x = v;
  for (int off = warpSize / 2; off > 0; off /= 2) v += __shfl_down(v, off);
  for (int m = 1; m < warpSize; m *= 2) x += __shfl_xor(x, m);
  out[2 * t] = v;
  out[2 * t + 1] = x;
}

// Votes on a per-thread predicate; _sync forms with the full mask.
extern "C" __global__ void k_votes(const int* in, unsigned long long* out) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  int p = in[t];
  unsigned long long* o = out + 6 * t;
  o[0] = __ballot(p);
  o[1] = __any(p);
  o[2] = __all(p);
  o[3] = __ballot_sync(~0ull, p > 1);
  o[4] = __reduce_add_sync(~0ull, (unsigned)p);
  o[5] = __match_any_sync(~0ull, p) ^ __activemask();
}

// Shuffles with a width and threads that returned before them: a source
// lane that did not take part gives 0.
extern "C" __global__ void k_shfl_width(const float* in, float* out, int gone) {
  int t = threadIdx.x;
  out[3 * t] = out[3 * t + 1] = out[3 * t + 2] = -1.0f;
  if (t % 7 == gone) return;
  float v = in[t];
  float a = __shfl_up(v, 3, 16);
  float b = __shfl(v, (t * 5) % 16, 16);
  float c = __shfl_xor(v, 9, 8);
  out[3 * t] = a;
  out[3 * t + 1] = b;
  out[3 * t + 2] = c;
}

// A 2-D block: lanes are linear indices across rows; threads that return
// take no part (the vote sees only the others).
extern "C" __global__ void k_warp_2d(unsigned long long* out) {
  unsigned t = threadIdx.x + blockDim.x * threadIdx.y;
  out[t] = 7;
  if (t % 5 == 1) return;
  unsigned long long b = __ballot(t & 1);
  out[t] = b ^ ((unsigned long long)__shfl_xor((int)t, 1) << 40);
}

// bench/reduce.hip: a block sum in shared memory, the last warp by
// __shfl_down under `if (tid < warpSize)`.
extern "C" __global__ void k_block_sum(const unsigned* in, unsigned* out,
                                       unsigned n) {
  __shared__ unsigned s[256];
  unsigned tid = threadIdx.x, i = blockIdx.x * blockDim.x + tid;
  unsigned ws = warpSize;
  s[tid] = i < n ? in[i] : 0;
  __syncthreads();
  for (unsigned stride = blockDim.x / 2; stride >= ws; stride /= 2) {
    if (tid < stride) s[tid] += s[tid + stride];
    __syncthreads();
  }
  if (tid < ws) {
    unsigned v = s[tid];
    for (unsigned off = ws / 2; off > 0; off /= 2) v += __shfl_down(v, off, ws);
    if (tid == 0) out[blockIdx.x] = v;
  }
}

// bench/shfl_transpose.hip: 16 rounds of 4x4 tile transposes by __shfl.
extern "C" __global__ void k_transpose(const float* in, float* out,
                                       unsigned n) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned lane = threadIdx.x % 16, base = threadIdx.x - lane;
  float v = i < n ? in[i] : 0.0f;
  for (int round = 0; round < 16; ++round) {
    unsigned src = base + (lane % 4) * 4 + lane / 4;
    v = __shfl(v, (int)src % warpSize, warpSize);
    if (round == 0 && i < n) out[n + i] = v;
  }
  if (i < n) out[i] = v;
}
#endif

// Atomics on __shared__ memory become plain code in K.run
// (form_loops_atomic.c); the one on global memory stays atomic.
extern "C" __global__ void k_shared_atomics(const unsigned* in, unsigned* out,
                                            float* fout, unsigned n) {
  __shared__ unsigned bins[16];
  __shared__ int total, big;
  __shared__ float fsum;
  __shared__ unsigned owner, bits;
  unsigned t = threadIdx.x;
  if (t < 16) bins[t] = 0;
  if (t == 0) {
    total = 0;
    big = -1000;
    fsum = 0.0f;
    owner = ~0u;
    bits = 0;
  }
  __syncthreads();
  unsigned i = blockIdx.x * blockDim.x + t;
  if (i < n) {
    unsigned v = in[i];
    atomicAdd(&bins[v % 16], 1u);
    atomicAdd(&total, 1);
    atomicMax(&big, (int)v - 50);
    atomicAdd(&fsum, 0.5f);
    atomicCAS(&owner, ~0u, t);
    atomicOr(&bits, 1u << (v % 32));
  }
  __syncthreads();
  unsigned* o = out + blockIdx.x * 20;
  if (t < 16) o[t] = bins[t];
  if (t == 0) {
    o[16] = total;
    o[17] = big;
    o[18] = owner;
    o[19] = bits;
    fout[blockIdx.x] = fsum;
    atomicAdd(&out[20 * gridDim.x], 1u);
  }
}

// From tests/kernels/regions.hip: early returns before any barrier and
// inside a loop of barriers.
extern "C" __global__ void k_returns(int* out, int rounds) {
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
extern "C" __global__ void k_all_return(int* out) {
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

// A barrier under a per-thread if: the threads that skip it meet no other
// barrier, so they count as returned.
extern "C" __global__ void k_skip_if(int* io, int flag) {
  __shared__ int s[64];
  int t = threadIdx.x;
  s[t] = io[t];
  if (flag + t > 0) {
    __syncthreads();
    io[t] = s[blockDim.x - 1 - t];
  }
}

// A uniform break out of a loop of barriers.
extern "C" __global__ void k_break(int* io) {
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

// From tests/kernels/syncthreads.hip.
extern "C" __global__ void k_neighbours(unsigned* io, int rounds) {
  __shared__ unsigned buf[2][512];
  int t = threadIdx.x, n = blockDim.x;
  unsigned* base = io + blockIdx.x * n;
  buf[0][t] = base[t];
  __syncthreads();
  for (int r = 0; r < rounds; r++) {
    int cur = r & 1;
    buf[cur ^ 1][t] = buf[cur][t] * 31u + buf[cur][(t + 1) % n] + r;
    __syncthreads();
  }
  base[t] = buf[rounds & 1][t];
}

extern "C" __global__ void k_barrier_loop(int* out) {
  __shared__ int counter;
  int iters = 3 + blockIdx.x % 5;
  if (threadIdx.x == 0) counter = 0;
  __syncthreads();
  int ok = 0;
  for (int i = 0; i < iters; i++) {
    atomicAdd(&counter, 1);
    __syncthreads();
    if (counter == int(blockDim.x) * (i + 1)) ok++;
    __syncthreads();
  }
  out[blockIdx.x * blockDim.x + threadIdx.x] = ok * 100 + iters;
}

extern "C" __global__ void k_early_exit(const int* in, int* out, int n) {
  __shared__ int s[256];
  int t = threadIdx.x;
  if (t >= n) return;
  s[t] = in[t] * 2;
  __syncthreads();
  out[t] = s[n - 1 - t];
}

extern "C" __global__ void k_reverse_1024(int* io) {
  __shared__ int s[1024];
  int t = threadIdx.y * blockDim.x + threadIdx.x;
  int n = blockDim.x * blockDim.y;
  int* base = io + blockIdx.x * n;
  s[t] = base[t];
  __syncthreads();
  base[t] = s[n - 1 - t] + t;
}

// From tests/kernels/regions.hip.
extern "C" __global__ void k_nested(const int* in, int* out, int phases,
                                    int steps) {
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

extern "C" __global__ void k_loops(int* out, int n) {
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

extern "C" __global__ void k_uniform(const int* in, int* out, int n) {
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

extern "C" __global__ void k_uniform_after_return(const int* p, int* out,
                                                  int n) {
  __shared__ int s[64];
  if (n == 0) return;
  int first = p[0];
  s[threadIdx.x] = first + threadIdx.x;
  __syncthreads();
  out[threadIdx.x] = s[(threadIdx.x + 1) % blockDim.x];
}

__device__ void bump(int& v, int by) { v += by; }
extern "C" __global__ void k_ref_args(int* out) {
  __shared__ int s[64];
  int i = threadIdx.x;
  int n = 3;
  bump(i, 100);
  bump(n, (int)threadIdx.x);
  s[threadIdx.x] = i;
  __syncthreads();
  out[threadIdx.x] = s[(threadIdx.x + 1) % blockDim.x] + i + n * 1000;
}

// A uniform value read before it is redefined in the same region (around a
// loop of barriers): one copy for the block would be wrong.
extern "C" __global__ void k_uniform_redef(int* out) {
  __shared__ int sh[256];
  int s = blockDim.x, acc = 0;
  for (int r = 0; r < 4; r++) {
    acc += s * (int)threadIdx.x;
    sh[threadIdx.x] = acc;
    s = s / 2 + r;
    __syncthreads();
    acc += sh[(threadIdx.x + 1) % blockDim.x] & 7;
    __syncthreads();
  }
  out[blockIdx.x * blockDim.x + threadIdx.x] = acc + s;
}

// A vector value and a bool live across a barrier; a uniform switch
// chooses between barriers; a helper with a barrier called in a loop.
__device__ void exchange(float4* sh, float4& v) {
  sh[threadIdx.x] = v;
  __syncthreads();
  v = sh[blockDim.x - 1 - threadIdx.x];
  __syncthreads();
}
extern "C" __global__ void k_mixed(float4* out, int mode) {
  __shared__ float4 sh[128];
  float t = threadIdx.x;
  float4 v = make_float4(t, 2 * t, 3 * t, 4 * t);
  bool odd = threadIdx.x & 1;
  for (int i = 0; i < 3; i++) exchange(sh, v);
  switch (mode) {
  case 0:
    v.x += 1;
    __syncthreads();
    break;
  case 1:
    v.y += 1;
    __syncthreads();
    v.y += 1;
    break;
  default:
    v.z += 5;
  }
  __syncthreads();
  if (odd) v.w = -v.w;
  out[blockIdx.x * blockDim.x + threadIdx.x] = v;
}

// A loop of barriers whose bound is read from memory (the same address in
// every thread): taken as uniform, as GPU rules require.
extern "C" __global__ void k_loaded_bound(const int* bounds, int* out) {
  __shared__ int sh[256];
  int n = bounds[blockIdx.x], acc = 0;
  unsigned t = threadIdx.x;
  for (int i = 0; i < n; i++) {
    sh[t] = i * (int)t;
    __syncthreads();
    acc += sh[(t + 1) % blockDim.x];
    __syncthreads();
  }
  out[blockIdx.x * blockDim.x + t] = acc;
}

// A flag one thread puts in shared memory, then a branch on it around
// barriers.
extern "C" __global__ void k_flag(const int* in, int* out) {
  __shared__ int flag;
  __shared__ int sh[256];
  unsigned t = threadIdx.x;
  if (t == 0) flag = in[blockIdx.x] > 0;
  __syncthreads();
  int v;
  if (flag) {
    sh[t] = (int)t * 5;
    __syncthreads();
    v = sh[blockDim.x - 1 - t];
  } else {
    v = -1;
  }
  __syncthreads();
  out[blockIdx.x * blockDim.x + t] = v;
}

// Threads that disagree on such a flag (a race: the last thread sets it
// while the others read it) meet different barriers: the region form
// stops the program (harness.c "disagree").
extern "C" __global__ void k_disagree(int* out) {
  __shared__ int flag;
  if (threadIdx.x == 0) flag = 0;
  __syncthreads();
  if (threadIdx.x == blockDim.x - 1) flag = 1;
  if (flag) {
    __syncthreads();
    out[threadIdx.x] = 1;
  } else {
    __syncthreads();
    out[threadIdx.x] = 2;
  }
}
