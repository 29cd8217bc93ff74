// The __builtin_amdgcn_* builtins that portable HIP code calls, on hipc's
// devices (the CPU device and NVIDIA GPUs), and the __HIP_MEMORY_SCOPE_*
// scopes of clang's __hip_atomic_* builtins.
//
// clang knows these builtins only when it compiles for AMDGPU. hipc's device
// passes compile for nvptx64, so each is a macro here over the kernel
// language's portable functions, with AMD's documented meaning (the census
// in docs/conformance.md says which programs call). In the host pass clang
// knows them as the auxiliary target's builtins; the macros take their place
// there too, so both passes read the same code. Each macro's arguments are
// evaluated once; the warp ones expand at the caller's line (the CPU device
// tells warp call sites apart by it).
//
//   s_sleep(n)            sleeps about 64*n cycles (n*64 ns here)
//   s_memtime()           the 64-bit cycle counter: clock64()
//   s_memrealtime()       the constant-rate counter: wall_clock64() (at
//                         hipDeviceAttributeWallClockRate)
//   readfirstlane(x)      x of the lowest active lane
//   readlane(x, l)        x of lane l
//   ds_bpermute(a, x)     x of lane (a / 4) mod the warp size (a "pull")
//   mbcnt_lo(m, b)        b + set bits of m (lanes 0..31) below this lane
//   mbcnt_hi(m, b)        b + set bits of m (lanes 32..63) below this lane
//   ballot_w64(p), ballot_w32(p)   __ballot(p)
//   read_exec(), read_exec_lo/hi() __activemask()
//   wave_barrier()        the warp meets (__syncwarp of the active lanes)
//   s_barrier()           __syncthreads()
//   fence(order, scope)   __atomic_thread_fence(order)
//   workitem_id_x/y/z(), workgroup_id_x/y/z(), workgroup_size_x/y/z(),
//   grid_size_x/y/z(), wavefrontsize()
//   sdot4(a, b, c, clamp), udot4(a, b, c, clamp), sdot2/udot2 (16-bit pairs),
//   sudot4(a_signed, a, b_signed, b, c, clamp)
//   global_atomic_fadd_f64/f32(p, v)   atomicAdd(p, v), the old value
//   rcpf, rsqf, sqrtf, rcp, rsq, sqrt   1/x, 1/sqrt(x), sqrt(x)
//   s_setprio, sched_barrier, sched_group_barrier, iglp_opt, s_waitcnt:
//                         scheduling hints, nothing to do
//
// Not provided (AMD instruction-set code, no portable meaning): DPP
// (mov_dpp, update_dpp), ds_swizzle, ds_permute, s_getreg, MFMA/WMMA,
// buffer and image intrinsics.
#ifndef HIPC_AMDGCN_H
#define HIPC_AMDGCN_H

// clang predefines these for -x hip only (values of its HIP scopes).
#ifndef __HIP_MEMORY_SCOPE_SINGLETHREAD
#define __HIP_MEMORY_SCOPE_SINGLETHREAD 1
#define __HIP_MEMORY_SCOPE_WAVEFRONT 2
#define __HIP_MEMORY_SCOPE_WORKGROUP 3
#define __HIP_MEMORY_SCOPE_AGENT 4
#define __HIP_MEMORY_SCOPE_SYSTEM 5
#endif

namespace hipc {
namespace amdgcn {

__host__ __device__ inline void sleep(unsigned n) {
#if defined(__NVPTX__) && defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 700
  __nvvm_nanosleep((n & 127u) * 64u);
#elif defined(__NVPTX__)
  long long end = clock64() + 64ll * (n & 127u);
  while (clock64() < end) {
  }
#else
  (void)n;
#endif
}
__host__ __device__ inline unsigned below(unsigned mask, int bit0) {
  int l = __lane_id() - bit0;  // lanes of this half below this one
  if (l <= 0) return 0;
  return l >= 32 ? __builtin_popcount(mask)
                 : __builtin_popcount(mask & ((1u << l) - 1u));
}
__host__ __device__ inline int first_lane(unsigned long long active) {
  return active ? __builtin_ctzll(active) : 0;
}
// The warp functions of the CPU device tell call sites apart (hipc::site, the
// caller's file and line); one builtin making several warp calls gives each
// its own site, derived from the caller's. The GPU half has no sites.
#if defined(__NVPTX__) && !defined(__HIPC_KC__)
#define HIPC_AMDGCN_SITE
#define HIPC_AMDGCN_AT(k)
#define HIPC_AMDGCN_ONLY(k)
#else
#define HIPC_AMDGCN_SITE , ::hipc::site where = HIPC_SITE
#define HIPC_AMDGCN_AT(k) , HIPC_AMDGCN_ONLY(k)
#define HIPC_AMDGCN_ONLY(k) \
  ::hipc::site { where.id + (static_cast<uintptr_t>(k) << 58) }
#endif
__host__ __device__ inline unsigned long long exec(int dummy = 0
                                                   HIPC_AMDGCN_SITE) {
  (void)dummy;
  return __activemask(HIPC_AMDGCN_ONLY(0));
}
__host__ __device__ inline int readfirstlane(int x HIPC_AMDGCN_SITE) {
  unsigned long long m = __activemask(HIPC_AMDGCN_ONLY(1));
  return __shfl_sync(m, x, first_lane(m), warpSize HIPC_AMDGCN_AT(2));
}
__host__ __device__ inline int readlane(int x, int lane HIPC_AMDGCN_SITE) {
  return __shfl(x, lane, warpSize HIPC_AMDGCN_AT(0));
}
__host__ __device__ inline unsigned long long ballot(bool p
                                                     HIPC_AMDGCN_SITE) {
  return __ballot(p HIPC_AMDGCN_AT(0));
}
__host__ __device__ inline void wave_barrier(int dummy = 0 HIPC_AMDGCN_SITE) {
  (void)dummy;
  __syncwarp(__activemask(HIPC_AMDGCN_ONLY(1)) HIPC_AMDGCN_AT(2));
}
__host__ __device__ inline int sdot(int a, int b, int c, bool clamp,
                                    int bits) {
  long long s = c;
  for (int i = 0; i < 32 / bits; i++) {
    long long x = (long long)(int)((unsigned)a << (32 - bits * (i + 1))) >>
                  (32 - bits);
    long long y = (long long)(int)((unsigned)b << (32 - bits * (i + 1))) >>
                  (32 - bits);
    s += x * y;
  }
  if (clamp) s = s > 2147483647ll ? 2147483647ll
                 : s < -2147483648ll ? -2147483648ll : s;
  return (int)s;
}
// sudot4: each operand's bytes signed or not, as its flag says.
__host__ __device__ inline int sudot4(bool as, int a, bool bs, int b, int c,
                                      bool clamp) {
  long long s = c;
  for (int i = 0; i < 4; i++) {
    unsigned ua = ((unsigned)a >> (8 * i)) & 255u, ub = ((unsigned)b >> (8 * i)) & 255u;
    long long x = as ? (long long)(signed char)ua : (long long)ua;
    long long y = bs ? (long long)(signed char)ub : (long long)ub;
    s += x * y;
  }
  if (clamp) s = s > 2147483647ll ? 2147483647ll
                 : s < -2147483648ll ? -2147483648ll : s;
  return (int)s;
}
__host__ __device__ inline unsigned udot(unsigned a, unsigned b, unsigned c,
                                         bool clamp, int bits) {
  unsigned long long s = c, m = (1ull << bits) - 1;
  for (int i = 0; i < 32 / bits; i++)
    s += ((a >> (bits * i)) & m) * ((b >> (bits * i)) & m);
  if (clamp && s > 0xffffffffull) s = 0xffffffffull;
  return (unsigned)s;
}

}  // namespace amdgcn
}  // namespace hipc

// LLVM 19's NVPTX back end selects atomic loads and stores only when relaxed,
// and no fence instruction: in the GPU pass an ordered __hip_atomic_load or
// __hip_atomic_store is a relaxed one with the GPU's system barrier
// (membar.sys) before (a store, or a seq_cst load) and after (a load, or a
// seq_cst store). Read-modify-write operations need nothing.
#if defined(__NVPTX__) && !defined(__HIPC_KC__)
namespace hipc {
namespace amdgcn {
template <typename T>
__device__ inline T nv_load(T* p, int order) {
  T v;
  if (order == __ATOMIC_SEQ_CST) __nvvm_membar_sys();
  __atomic_load(p, &v, __ATOMIC_RELAXED);
  if (order != __ATOMIC_RELAXED) __nvvm_membar_sys();
  return v;
}
template <typename T, typename U>
__device__ inline void nv_store(T* p, U value, int order) {
  T v = static_cast<T>(value);
  if (order != __ATOMIC_RELAXED) __nvvm_membar_sys();
  __atomic_store(p, &v, __ATOMIC_RELAXED);
  if (order == __ATOMIC_SEQ_CST) __nvvm_membar_sys();
}
}  // namespace amdgcn
}  // namespace hipc
#define __hip_atomic_load(p, order, scope) \
  ::hipc::amdgcn::nv_load((p), ((void)(scope), (order)))
#define __hip_atomic_store(p, v, order, scope) \
  ::hipc::amdgcn::nv_store((p), (v), ((void)(scope), (order)))
#endif

#define __builtin_amdgcn_s_sleep(n) ::hipc::amdgcn::sleep(n)
#define __builtin_amdgcn_s_memtime() ((unsigned long long)clock64())
#define __builtin_amdgcn_s_memrealtime() ((unsigned long long)wall_clock64())
#define __builtin_amdgcn_readfirstlane(x) ::hipc::amdgcn::readfirstlane((int)(x))
#define __builtin_amdgcn_readlane(x, l) \
  ::hipc::amdgcn::readlane((int)(x), (int)(l))
#define __builtin_amdgcn_ds_bpermute(a, x) \
  ::hipc::amdgcn::readlane((int)(x), (int)((unsigned)(a) >> 2))
#define __builtin_amdgcn_mbcnt_lo(m, b) \
  ((unsigned)(b) + ::hipc::amdgcn::below((unsigned)(m), 0))
#define __builtin_amdgcn_mbcnt_hi(m, b) \
  ((unsigned)(b) + ::hipc::amdgcn::below((unsigned)(m), 32))
#define __builtin_amdgcn_ballot_w64(p) ::hipc::amdgcn::ballot((p) != 0)
#define __builtin_amdgcn_ballot_w32(p) \
  ((unsigned)::hipc::amdgcn::ballot((p) != 0))
#define __builtin_amdgcn_read_exec() ::hipc::amdgcn::exec()
#define __builtin_amdgcn_read_exec_lo() ((unsigned)::hipc::amdgcn::exec())
#define __builtin_amdgcn_read_exec_hi() \
  ((unsigned)(::hipc::amdgcn::exec() >> 32))
#define __builtin_amdgcn_wave_barrier() ::hipc::amdgcn::wave_barrier()
#define __builtin_amdgcn_s_barrier() __syncthreads()
#if defined(__NVPTX__) && !defined(__HIPC_KC__)
#define __builtin_amdgcn_fence(order, scope) __nvvm_membar_sys()
#else
#define __builtin_amdgcn_fence(order, scope) __atomic_thread_fence(order)
#endif
#define __builtin_amdgcn_workitem_id_x() ((unsigned)threadIdx.x)
#define __builtin_amdgcn_workitem_id_y() ((unsigned)threadIdx.y)
#define __builtin_amdgcn_workitem_id_z() ((unsigned)threadIdx.z)
#define __builtin_amdgcn_workgroup_id_x() ((unsigned)blockIdx.x)
#define __builtin_amdgcn_workgroup_id_y() ((unsigned)blockIdx.y)
#define __builtin_amdgcn_workgroup_id_z() ((unsigned)blockIdx.z)
#define __builtin_amdgcn_workgroup_size_x() ((unsigned short)blockDim.x)
#define __builtin_amdgcn_workgroup_size_y() ((unsigned short)blockDim.y)
#define __builtin_amdgcn_workgroup_size_z() ((unsigned short)blockDim.z)
#define __builtin_amdgcn_grid_size_x() ((unsigned)(gridDim.x * blockDim.x))
#define __builtin_amdgcn_grid_size_y() ((unsigned)(gridDim.y * blockDim.y))
#define __builtin_amdgcn_grid_size_z() ((unsigned)(gridDim.z * blockDim.z))
#define __builtin_amdgcn_wavefrontsize() ((unsigned)warpSize)
#define __builtin_amdgcn_sdot4(a, b, c, clamp) \
  ::hipc::amdgcn::sdot((int)(a), (int)(b), (int)(c), (clamp), 8)
#define __builtin_amdgcn_udot4(a, b, c, clamp) \
  ::hipc::amdgcn::udot((unsigned)(a), (unsigned)(b), (unsigned)(c), (clamp), 8)
#define __builtin_amdgcn_sudot4(as, a, bs, b, c, clamp) \
  ::hipc::amdgcn::sudot4((as), (int)(a), (bs), (int)(b), (int)(c), (clamp))
#define __builtin_amdgcn_sdot2(a, b, c, clamp) \
  ::hipc::amdgcn::sdot((int)(a), (int)(b), (int)(c), (clamp), 16)
#define __builtin_amdgcn_udot2(a, b, c, clamp) \
  ::hipc::amdgcn::udot((unsigned)(a), (unsigned)(b), (unsigned)(c), (clamp), 16)
#define __builtin_amdgcn_global_atomic_fadd_f64(p, v) atomicAdd((p), (v))
#define __builtin_amdgcn_global_atomic_fadd_f32(p, v) atomicAdd((p), (v))
#define __builtin_amdgcn_rcpf(x) (1.0f / (float)(x))
#define __builtin_amdgcn_rcp(x) (1.0 / (double)(x))
#define __builtin_amdgcn_rsqf(x) (1.0f / sqrtf((float)(x)))
#define __builtin_amdgcn_rsq(x) (1.0 / sqrt((double)(x)))
#define __builtin_amdgcn_sqrtf(x) sqrtf((float)(x))
#define __builtin_amdgcn_sqrt(x) sqrt((double)(x))
#define __builtin_amdgcn_s_setprio(n) ((void)0)
#define __builtin_amdgcn_sched_barrier(n) ((void)0)
#define __builtin_amdgcn_sched_group_barrier(m, n, g) ((void)0)
#define __builtin_amdgcn_iglp_opt(n) ((void)0)
#define __builtin_amdgcn_s_waitcnt(n) ((void)0)

#endif  // HIPC_AMDGCN_H
