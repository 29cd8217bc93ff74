// A check of hipcc's device pass on a real GPU, without the CUDA backend:
// the program catches its own GPU module (it defines
// hipc_register_gpu_module, which takes precedence over libhipc's), loads
// the embedded sm_XX cubin through the driver API (dlopen'ed libcuda.so.1),
// finds each kernel by the name the table pairs with its host address, and
// launches it. Results are checked against values computed here on the
// host. Not part of `make test` (it needs a GPU); build with
//   hipcc --offload-arch=sm_90 -O2 tests/nvptx/driver_check.hip -o check
// and run it on a machine with an NVIDIA GPU. Exit status 0: all passed.
// With an argument, it also loads that file, a CUDA fatbinary (or cubin)
// made from the cubin that `hipcc -c -save-temps --offload-arch=sm_90 K.hip`
// keeps (`fatbinary -64 --create=K.fatbin --image3=kind=elf,sm=90,file=...`;
// hipcc's own --genco makes a hipc code object, for hipModuleLoad), where
// K.hip defines extern "C" __global__ void mod_add(int* p, int v)
// { p[threadIdx.x] += v + threadIdx.x; }, and runs mod_add.
#include <dlfcn.h>
#include <hip/hip_runtime.h>

#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <vector>

#include "hip/hipc/gpu_module.h"

// ---- Kernels -------------------------------------------------------------

__global__ void k_index(int* out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = static_cast<int>(threadIdx.x + 1000 * blockIdx.x +
                            100000 * gridDim.x + 10000000 * (blockDim.x == 64));
}

// Lane results of the warp functions, 8 per thread.
__global__ void k_warp(long long* out) {
  int lane = threadIdx.x;
  long long* o = out + 8 * lane;
  o[0] = static_cast<long long>(__ballot(lane % 3 == 0));
  o[1] = __shfl(lane * 10, 3, 8);
  o[2] = __shfl_xor(lane * 10, 5);
  o[3] = __shfl_down(lane * 10, 2, 16);
  o[4] = __shfl_up(lane * 10, 1, 4);
  double d = __shfl(1.5 * lane, 31 - lane);
  o[5] = static_cast<long long>(d * 2);
  o[6] = __any(lane == 17) + 2 * __all(lane < 32) + 4 * __all(lane < 31);
  o[7] = warpSize + 100 * __lane_id();
}

__global__ void k_atomics(int* i, unsigned* u, float* f,
                          unsigned long long* ull, int* sys) {
  atomicAdd(i, 1);
// The CPU halves of these come with the kernel-language work of other
// branches; only the GPU runs this file's kernels.
#ifdef __HIP_DEVICE_COMPILE__
  atomicAdd_system(sys, 2);
  atomicAdd_block(i + 1, 3);
#endif
  atomicMax(ull, static_cast<unsigned long long>(threadIdx.x) << 40);
  atomicAdd(f, 0.5f);
  atomicInc(u, 9);  // wraps at 10
  int old = 0;
  if (threadIdx.x == 0) old = atomicCAS(i + 2, 0, 42);
  (void)old;
  atomicMin(i + 3, -static_cast<int>(threadIdx.x));
  (void)sys;
}

__global__ void k_shared(int* out) {
  extern __shared__ int dyn[];
  __shared__ int st[1];
  if (threadIdx.x == 0) st[0] = 7;
  dyn[threadIdx.x] = threadIdx.x * 3;
  __syncthreads();
#ifdef __HIP_DEVICE_COMPILE__
  int c = __syncthreads_count(threadIdx.x % 2);
#else
  int c = 0;
#endif
  out[threadIdx.x] = dyn[blockDim.x - 1 - threadIdx.x] + st[0] + 1000 * c;
}

// The _sync forms, reductions, matches and the rest of the atomics; 12
// results per lane of one warp of 32.
__global__ void k_sync(long long* out, float* f, double* d, int* i) {
#ifdef __HIP_DEVICE_COMPILE__
  int lane = threadIdx.x;
  long long* o = out + 12 * lane;
  const unsigned long long all = 0xffffffffull;
  o[0] = __reduce_add_sync(all, lane);
  o[1] = __reduce_max_sync(all, static_cast<long long>(lane) << 33);
  if (lane < 16) o[2] = __reduce_min_sync(0x0000ffffull, 100u - lane);
  o[3] = static_cast<long long>(__match_any_sync(all, lane / 8));
  o[4] = __shfl_xor_sync(all, static_cast<long long>(lane) << 35, 16, 32);
  o[5] = __syncthreads_and(lane < 32) + 2 * __syncthreads_or(lane == 5) +
         4 * __syncthreads_and(lane < 31);
  o[6] = static_cast<long long>(__ballot_sync(all, lane >= 16));
  long long c0 = clock64(), w0 = wall_clock64();
  atomicMin(f, -1.0f * lane);
  atomicExch(d + 1, 2.5);
  atomicAdd(d, 0.25);
  atomicSub(i, 2);
  atomicDec(reinterpret_cast<unsigned*>(i + 1), 3u);
  o[7] = clock64() >= c0 && wall_clock64() >= w0;
  o[8] = __shfl_down_sync(all, static_cast<short>(-lane), 1);
  o[9] = __any_sync(all, lane == 31) + 2 * __all_sync(all, lane >= 0);
  o[10] = __shfl_down(lane, 40u) + 100 * __shfl_up(lane, 33u);
  o[11] = __shfl_xor(lane, 33) + 100 * __shfl_xor(lane, -1);
#else
  (void)out, (void)f, (void)d, (void)i;
#endif
}

// Floating-point atomics and reductions: 4 results per lane.
__global__ void k_fp(double* out, float* f, double* d) {
#ifdef __HIP_DEVICE_COMPILE__
  int lane = threadIdx.x;
  double* o = out + 4 * lane;
  o[0] = __reduce_add_sync(~0ull, 0.5f * lane);
  o[1] = __reduce_min_sync(~0ull, 3.0 - lane);
  if (lane == 0) {
    o[2] = atomicCAS(f, 1.5f, 2.5f);       // swaps: returns 1.5
    o[3] = atomicCAS_system(d, 9.0, 1.0);  // no swap: returns 4.0
  }
  unsafeAtomicAdd(f + 1, 1.0f);
  safeAtomicAdd(d + 1, 2.0);
  atomicMin(f + 2, static_cast<float>(lane) - 5.0f);  // a NaN loses
#else
  (void)out, (void)f, (void)d;
#endif
}

__device__ int g_counter;
__constant__ float g_scale[2];

template <typename T>
__global__ void k_math(T* out, const T* in) {
  int i = threadIdx.x;
  out[i] = sqrt(in[i]) + sin(in[i]) * g_scale[0];
  if (i == 0) {
    int* m = static_cast<int*>(malloc(4 * sizeof(int)));
    m[3] = 5;
    g_counter = m[3];
    free(m);
    printf("hipc device printf: block %d thread %d value %d\n", blockIdx.x,
           threadIdx.x, g_counter);
  }
}

// ---- The module, caught at start-up ---------------------------------------

static const hipc_gpu_module* g_module;
extern "C" void hipc_register_gpu_module(const hipc_gpu_module* m) {
  g_module = m;
}

static const char* kernel_name(const void* host_fn) {
  for (int i = 0; i < g_module->num_kernels; i++)
    if (g_module->kernels[i].host_fn == host_fn)
      return g_module->kernels[i].name;
  return nullptr;
}

// ---- The driver API, by hand ---------------------------------------------

typedef int CUresult;
typedef unsigned long long CUdeviceptr;
typedef void* CUcontext;
typedef void* CUmodule;
typedef void* CUfunction;
static struct {
  CUresult (*Init)(unsigned);
  CUresult (*DeviceGet)(int*, int);
  CUresult (*DeviceGetAttribute)(int*, int, int);
  CUresult (*CtxCreate)(CUcontext*, unsigned, int);
  CUresult (*ModuleLoadData)(CUmodule*, const void*);
  CUresult (*ModuleGetFunction)(CUfunction*, CUmodule, const char*);
  CUresult (*ModuleGetGlobal)(CUdeviceptr*, size_t*, CUmodule, const char*);
  CUresult (*MemAlloc)(CUdeviceptr*, size_t);
  CUresult (*MemcpyHtoD)(CUdeviceptr, const void*, size_t);
  CUresult (*MemcpyDtoH)(void*, CUdeviceptr, size_t);
  CUresult (*MemsetD8)(CUdeviceptr, unsigned char, size_t);
  CUresult (*LaunchKernel)(CUfunction, unsigned, unsigned, unsigned, unsigned,
                           unsigned, unsigned, unsigned, void*, void**, void**);
  CUresult (*CtxSynchronize)(void);
} cu;

static int failures;
#define CU(call)                                                            \
  do {                                                                      \
    CUresult r_ = (call);                                                   \
    if (r_ != 0) {                                                          \
      std::printf("FAIL %s: CUresult %d (line %d)\n", #call, r_, __LINE__); \
      std::exit(1);                                                         \
    }                                                                       \
  } while (0)
static void expect(bool ok, const char* what, long long got, long long want) {
  if (!ok) {
    std::printf("FAIL %s: got %lld, want %lld\n", what, got, want);
    failures++;
  }
}

static CUfunction function(CUmodule m, const void* host_fn) {
  const char* name = kernel_name(host_fn);
  if (name == nullptr) {
    std::printf("FAIL: no table entry for a kernel\n");
    std::exit(1);
  }
  CUfunction f;
  CU(cu.ModuleGetFunction(&f, m, name));
  return f;
}

static void launch(CUfunction f, unsigned grid, unsigned block, unsigned shmem,
                   void** args) {
  CU(cu.LaunchKernel(f, grid, 1, 1, block, 1, 1, shmem, nullptr, args,
                     nullptr));
  CU(cu.CtxSynchronize());
}

int main(int argc, char** argv) {
  if (g_module == nullptr) {
    std::printf("FAIL: no GPU module registered\n");
    return 1;
  }
  void* lib = dlopen("libcuda.so.1", RTLD_NOW);
  if (lib == nullptr) {
    std::printf("SKIP: no libcuda.so.1\n");
    return 77;
  }
#define LOAD(field, sym) *reinterpret_cast<void**>(&cu.field) = dlsym(lib, sym)
  LOAD(Init, "cuInit");
  LOAD(DeviceGet, "cuDeviceGet");
  LOAD(DeviceGetAttribute, "cuDeviceGetAttribute");
  LOAD(CtxCreate, "cuCtxCreate_v2");
  LOAD(ModuleLoadData, "cuModuleLoadData");
  LOAD(ModuleGetFunction, "cuModuleGetFunction");
  LOAD(ModuleGetGlobal, "cuModuleGetGlobal_v2");
  LOAD(MemAlloc, "cuMemAlloc_v2");
  LOAD(MemcpyHtoD, "cuMemcpyHtoD_v2");
  LOAD(MemcpyDtoH, "cuMemcpyDtoH_v2");
  LOAD(MemsetD8, "cuMemsetD8_v2");
  LOAD(LaunchKernel, "cuLaunchKernel");
  LOAD(CtxSynchronize, "cuCtxSynchronize");
  CU(cu.Init(0));
  int dev, major, minor;
  CU(cu.DeviceGet(&dev, 0));
  CU(cu.DeviceGetAttribute(&major, 75, dev));  // compute capability major
  CU(cu.DeviceGetAttribute(&minor, 76, dev));
  char want[16];
  std::snprintf(want, sizeof want, "sm_%d%d", major, minor);
  CUcontext ctx;
  CU(cu.CtxCreate(&ctx, 0, dev));

  // The cubin of this GPU and the PTX load (a cubin of another major
  // architecture does not, by design); the cubin is used below.
  CUmodule mod = nullptr;
  for (int i = 0; i < g_module->num_images; i++) {
    const hipc_gpu_image* im = &g_module->images[i];
    CUmodule m;
    auto t0 = std::chrono::steady_clock::now();
    CUresult r = cu.ModuleLoadData(&m, im->data);
    double ms = std::chrono::duration<double, std::milli>(
                    std::chrono::steady_clock::now() - t0)
                    .count();
    std::printf("image %s %s, %zu bytes: load %s in %.2f ms\n", im->arch,
                im->is_ptx ? "PTX" : "cubin", im->size,
                r == 0 ? "ok" : "FAILED", ms);
    bool should_load = im->is_ptx || std::strcmp(im->arch, want) == 0;
    if (should_load && r != 0) failures++;
    if (r == 0 && !im->is_ptx && std::strcmp(im->arch, want) == 0) mod = m;
  }
  if (mod == nullptr) {
    std::printf("FAIL: no cubin for %s\n", want);
    return 1;
  }

  CUdeviceptr buf;
  CU(cu.MemAlloc(&buf, 1 << 20));

  {  // indices
    CU(cu.MemsetD8(buf, 0, 1 << 20));
    void* args[] = {&buf};
    launch(function(mod, reinterpret_cast<const void*>(&k_index)), 3, 64, 0,
           args);
    std::vector<int> h(192);
    CU(cu.MemcpyDtoH(h.data(), buf, h.size() * sizeof(int)));
    for (int i = 0; i < 192; i++) {
      int want_v = i % 64 + 1000 * (i / 64) + 300000 + 10000000;
      expect(h[i] == want_v, "k_index", h[i], want_v);
    }
  }
  {  // warp functions, one warp of 32
    void* args[] = {&buf};
    launch(function(mod, reinterpret_cast<const void*>(&k_warp)), 1, 32, 0,
           args);
    std::vector<long long> h(8 * 32);
    CU(cu.MemcpyDtoH(h.data(), buf, h.size() * sizeof(long long)));
    unsigned long long ballot = 0;
    for (int l = 0; l < 32; l += 3) ballot |= 1ull << l;
    for (int l = 0; l < 32; l++) {
      const long long* o = &h[8 * l];
      expect(o[0] == static_cast<long long>(ballot), "__ballot", o[0],
             static_cast<long long>(ballot));
      expect(o[1] == ((l & ~7) + 3) * 10, "__shfl width 8", o[1],
             ((l & ~7) + 3) * 10);
      expect(o[2] == (l ^ 5) * 10, "__shfl_xor", o[2], (l ^ 5) * 10);
      int down = (l % 16) + 2 < 16 ? l + 2 : l;
      expect(o[3] == down * 10, "__shfl_down width 16", o[3], down * 10);
      int up = (l % 4) >= 1 ? l - 1 : l;
      expect(o[4] == up * 10, "__shfl_up width 4", o[4], up * 10);
      expect(o[5] == 3 * (31 - l), "__shfl double", o[5], 3 * (31 - l));
      expect(o[6] == 3, "__any/__all", o[6], 3);
      expect(o[7] == 32 + 100 * l, "warpSize/__lane_id", o[7], 32 + 100 * l);
    }
  }
  {  // atomics over 4 blocks of 128
    CU(cu.MemsetD8(buf, 0, 1 << 20));
    CUdeviceptr i = buf, u = buf + 64, f = buf + 128, ull = buf + 192,
                sys = buf + 256;
    int init_min = 1000;
    CU(cu.MemcpyHtoD(i + 12, &init_min, sizeof init_min));
    void* args[] = {&i, &u, &f, &ull, &sys};
    launch(function(mod, reinterpret_cast<const void*>(&k_atomics)), 4, 128, 0,
           args);
    int hi[4], hsys;
    unsigned hu;
    float hf;
    unsigned long long hull;
    CU(cu.MemcpyDtoH(hi, i, sizeof hi));
    CU(cu.MemcpyDtoH(&hu, u, sizeof hu));
    CU(cu.MemcpyDtoH(&hf, f, sizeof hf));
    CU(cu.MemcpyDtoH(&hull, ull, sizeof hull));
    CU(cu.MemcpyDtoH(&hsys, sys, sizeof hsys));
    expect(hi[0] == 512, "atomicAdd", hi[0], 512);
    expect(hi[1] == 1536, "atomicAdd_block", hi[1], 1536);
    expect(hi[2] == 42, "atomicCAS", hi[2], 42);
    expect(hi[3] == -127, "atomicMin", hi[3], -127);
    expect(hsys == 1024, "atomicAdd_system", hsys, 1024);
    expect(hf == 256.0f, "atomicAdd float", static_cast<long long>(hf), 256);
    expect(hull == 127ull << 40, "atomicMax ull", static_cast<long long>(hull),
           static_cast<long long>(127ull << 40));
    expect(hu == 512 % 10, "atomicInc", hu, 512 % 10);
  }
  {  // _sync forms, reductions, matches, more atomics
    CU(cu.MemsetD8(buf, 0, 1 << 20));
    CUdeviceptr out = buf, f = buf + 8192, d = buf + 8256, i = buf + 8320;
    void* args[] = {&out, &f, &d, &i};
    launch(function(mod, reinterpret_cast<const void*>(&k_sync)), 1, 32, 0,
           args);
    std::vector<long long> h(12 * 32);
    CU(cu.MemcpyDtoH(h.data(), out, h.size() * sizeof(long long)));
    float hf;
    double hd[2];
    int hi[2];
    CU(cu.MemcpyDtoH(&hf, f, sizeof hf));
    CU(cu.MemcpyDtoH(hd, d, sizeof hd));
    CU(cu.MemcpyDtoH(hi, i, sizeof hi));
    for (int l = 0; l < 32; l++) {
      const long long* o = &h[12 * l];
      // A delta of a warp or more, or an xor mask outside it: own value.
      expect(o[10] == 101 * l, "__shfl_down/up by 40/33", o[10], 101 * l);
      expect(o[11] == 101 * l, "__shfl_xor by 33/-1", o[11], 101 * l);
      expect(o[0] == 496, "__reduce_add_sync", o[0], 496);
      expect(o[1] == 31ll << 33, "__reduce_max_sync 64-bit", o[1], 31ll << 33);
      if (l < 16) expect(o[2] == 85, "__reduce_min_sync partial", o[2], 85);
      long long group = 0xffll << (8 * (l / 8));
      expect(o[3] == group, "__match_any_sync", o[3], group);
      expect(o[4] == static_cast<long long>(l ^ 16) << 35,
             "__shfl_xor_sync 64-bit", o[4],
             static_cast<long long>(l ^ 16) << 35);
      expect(o[5] == 3, "__syncthreads_and/or", o[5], 3);
      expect(o[6] == 0xffff0000ll, "__ballot_sync", o[6], 0xffff0000ll);
      expect(o[7] == 1, "clock64/wall_clock64", o[7], 1);
      long long down = l < 31 ? -(l + 1) : -l;
      expect(o[8] == down, "__shfl_down_sync short", o[8], down);
      expect(o[9] == 3, "__any_sync/__all_sync", o[9], 3);
    }
    expect(hf == -31.0f, "atomicMin float", static_cast<long long>(hf), -31);
    expect(hd[0] == 8.0, "atomicAdd double", static_cast<long long>(hd[0]), 8);
    expect(hd[1] == 2.5, "atomicExch double",
           static_cast<long long>(hd[1] * 10), 25);
    expect(hi[0] == -64, "atomicSub", hi[0], -64);
    // atomicDec from 0 with limit 3: 3, 2, 1, 0, 3, ... after 32 steps 0.
    expect(hi[1] == 0, "atomicDec", hi[1], 0);
  }
  {  // floating-point atomics and reductions
    CUdeviceptr out = buf, f = buf + 8192, d = buf + 8256;
    float hf[3] = {1.5f, 0.0f, __builtin_nanf("")};
    double hd[2] = {4.0, 0.0};
    CU(cu.MemcpyHtoD(f, hf, sizeof hf));
    CU(cu.MemcpyHtoD(d, hd, sizeof hd));
    void* args[] = {&out, &f, &d};
    launch(function(mod, reinterpret_cast<const void*>(&k_fp)), 1, 32, 0, args);
    std::vector<double> h(4 * 32);
    CU(cu.MemcpyDtoH(h.data(), out, h.size() * sizeof(double)));
    CU(cu.MemcpyDtoH(hf, f, sizeof hf));
    CU(cu.MemcpyDtoH(hd, d, sizeof hd));
    for (int l = 0; l < 32; l++) {
      expect(h[4 * l] == 248.0, "__reduce_add_sync float",
             static_cast<long long>(h[4 * l]), 248);
      expect(h[4 * l + 1] == -28.0, "__reduce_min_sync double",
             static_cast<long long>(h[4 * l + 1]), -28);
    }
    expect(h[2] == 1.5, "atomicCAS float", static_cast<long long>(h[2] * 10),
           15);
    expect(h[3] == 4.0, "atomicCAS_system double", static_cast<long long>(h[3]),
           4);
    expect(hf[0] == 2.5f, "atomicCAS float stored",
           static_cast<long long>(hf[0] * 10), 25);
    expect(hd[0] == 4.0, "atomicCAS double kept", static_cast<long long>(hd[0]),
           4);
    expect(hf[1] == 32.0f, "unsafeAtomicAdd", static_cast<long long>(hf[1]),
           32);
    expect(hd[1] == 64.0, "safeAtomicAdd", static_cast<long long>(hd[1]), 64);
    expect(hf[2] == -5.0f, "atomicMin float over a NaN",
           static_cast<long long>(hf[2]), -5);
  }
  {  // static and dynamic shared memory, __syncthreads_count
    void* args[] = {&buf};
    launch(function(mod, reinterpret_cast<const void*>(&k_shared)), 1, 100,
           100 * sizeof(int), args);
    std::vector<int> h(100);
    CU(cu.MemcpyDtoH(h.data(), buf, h.size() * sizeof(int)));
    for (int t = 0; t < 100; t++) {
      int want_v = (99 - t) * 3 + 7 + 1000 * 50;
      expect(h[t] == want_v, "k_shared", h[t], want_v);
    }
  }
  {  // math (libdevice), __constant__ and __device__ variables, malloc,
     // printf; the variables are found by the table's names
    CUdeviceptr scale, counter;
    size_t scale_size = 0, counter_size = 0;
    const char *scale_name = nullptr, *counter_name = nullptr;
    for (int v = 0; v < g_module->num_vars; v++) {
      const hipc_gpu_var* gv = &g_module->vars[v];
      if (gv->host_addr == static_cast<const void*>(&g_scale))
        scale_name = gv->name, scale_size = gv->size;
      if (gv->host_addr == static_cast<const void*>(&g_counter))
        counter_name = gv->name, counter_size = gv->size;
    }
    expect(scale_name && scale_size == sizeof g_scale, "g_scale entry",
           static_cast<long long>(scale_size), sizeof g_scale);
    expect(counter_name && counter_size == sizeof g_counter, "g_counter entry",
           static_cast<long long>(counter_size), sizeof g_counter);
    if (scale_name && counter_name) {
      size_t sz;
      CU(cu.ModuleGetGlobal(&scale, &sz, mod, scale_name));
      CU(cu.ModuleGetGlobal(&counter, &sz, mod, counter_name));
      float s[2] = {2.0f, 0.0f};
      CU(cu.MemcpyHtoD(scale, s, sizeof s));
      std::vector<float> in(32);
      for (int t = 0; t < 32; t++) in[t] = 0.25f * t;
      CUdeviceptr din = buf + 4096, dout = buf;
      CU(cu.MemcpyHtoD(din, in.data(), in.size() * sizeof(float)));
      void* args[] = {&dout, &din};
      launch(function(mod, reinterpret_cast<const void*>(&k_math<float>)), 1,
             32, 0, args);
      std::vector<float> out(32);
      CU(cu.MemcpyDtoH(out.data(), dout, out.size() * sizeof(float)));
      for (int t = 0; t < 32; t++) {
        float w = std::sqrt(in[t]) + std::sin(in[t]) * 2.0f;
        expect(std::fabs(out[t] - w) <= 1e-5f * (1 + std::fabs(w)),
               "k_math<float>", static_cast<long long>(out[t] * 1e6),
               static_cast<long long>(w * 1e6));
      }
      int c = 0;
      CU(cu.MemcpyDtoH(&c, counter, sizeof c));
      expect(c == 5, "device malloc and __device__ variable", c, 5);
    }
  }
  if (argc > 1) {  // a CUDA fatbinary
    std::FILE* f = std::fopen(argv[1], "rb");
    std::vector<char> co;
    if (f != nullptr) {
      char chunk[4096];
      size_t got;
      while ((got = std::fread(chunk, 1, sizeof chunk, f)) > 0)
        co.insert(co.end(), chunk, chunk + got);
      std::fclose(f);
    }
    CUmodule m;
    CUfunction fn;
    CU(cu.ModuleLoadData(&m, co.data()));
    CU(cu.ModuleGetFunction(&fn, m, "mod_add"));
    CU(cu.MemsetD8(buf, 0, 1 << 20));
    int v = 7;
    void* args[] = {&buf, &v};
    launch(fn, 1, 64, 0, args);
    std::vector<int> h(64);
    CU(cu.MemcpyDtoH(h.data(), buf, h.size() * sizeof(int)));
    for (int t = 0; t < 64; t++)
      expect(h[t] == 7 + t, "--genco code object", h[t], 7 + t);
    std::printf("code object %s, %zu bytes: loaded and ran\n", argv[1],
                co.size());
  }
  std::fflush(stdout);
  std::printf("%s: %d failure(s), %d kernels in the table\n",
              failures ? "FAIL" : "PASS", failures, g_module->num_kernels);
  return failures != 0;
}
