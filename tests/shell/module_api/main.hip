// The module API against code objects built by `hipcc --genco`
// (tests/shell/module_api.sh): loading from a file and from memory, every
// kind of kernel name, both ways of passing arguments, variables, launch
// checks, attributes, unloading, bad input with AMD's error codes, and
// loads, launches and unloads from several threads at once.
// Usage: main DIR [gpu] (DIR holds a.co, b.co, garbage.co, empty.co and
// truncated.co; `gpu`: the code objects carry GPU images, so they stay
// mapped after hipModuleUnload).
#include <hip/hip_runtime.h>

#include <cstdio>
#include <cstdlib>
#include <algorithm>
#include <cstring>
#include <string>
#include <thread>
#include <vector>

static int failures = 0;

#define EXPECT_ERR(expr, want)                                          \
  do {                                                                  \
    hipError_t got_ = (expr);                                           \
    if (got_ != (want)) {                                               \
      std::printf("FAIL line %d: %s = %s, expected %s\n", __LINE__,     \
                  #expr, hipGetErrorName(got_), hipGetErrorName(want)); \
      failures++;                                                       \
    }                                                                   \
  } while (0)
#define OK(expr) EXPECT_ERR(expr, hipSuccess)
#define EXPECT(cond)                                              \
  do {                                                            \
    if (!(cond)) {                                                \
      std::printf("FAIL line %d: %s\n", __LINE__, #cond);         \
      failures++;                                                 \
    }                                                             \
  } while (0)

static std::string dir;
static std::string path(const char* name) { return dir + "/" + name; }

static std::vector<char> read_file(const std::string& p) {
  std::vector<char> v;
  FILE* f = std::fopen(p.c_str(), "rb");
  if (!f) return v;
  char buf[65536];
  size_t n;
  while ((n = std::fread(buf, 1, sizeof buf, f)) > 0) v.insert(v.end(), buf, buf + n);
  std::fclose(f);
  return v;
}

// Mapped code objects (their memfds are named hipc-code-object).
static int mapped_code_objects() {
  FILE* f = std::fopen("/proc/self/maps", "r");
  if (!f) return -1;
  char line[4096];
  int n = 0;
  std::string last;
  while (std::fgets(line, sizeof line, f)) {
    const char* p = std::strstr(line, "hipc-code-object");
    if (!p) continue;
    // one library maps several segments: count the distinct inodes
    std::string inode(line);
    std::string fields = inode.substr(0, inode.find('/'));
    size_t sp = 0;
    for (int k = 0; k < 4; ++k) sp = fields.find(' ', sp) + 1;
    std::string ino = fields.substr(sp, fields.find(' ', sp) - sp);
    if (ino != last) n++;
    last = ino;
  }
  std::fclose(f);
  return n;
}

// scale_add of module a with n elements, checked on the host.
static void run_scale_add(hipFunction_t f, int n, float a, int bias_value,
                          bool use_extra) {
  std::vector<float> in(n), out(n, -1.0f);
  for (int i = 0; i < n; ++i) in[i] = (float)(i % 97) - 13.0f;
  float *din, *dout;
  OK(hipMalloc(&din, n * sizeof(float)));
  OK(hipMalloc(&dout, n * sizeof(float)));
  OK(hipMemcpy(din, in.data(), n * sizeof(float), hipMemcpyHostToDevice));
  unsigned blocks = (n + 255) / 256;
  if (use_extra) {
    // float* at 0, const float* at 8, float at 16, int at 20: 24 bytes
    struct {
      float* out;
      const float* in;
      float a;
      int n;
    } args = {dout, din, a, n};
    size_t size = sizeof args;
    void* extra[] = {HIP_LAUNCH_PARAM_BUFFER_POINTER, &args,
                     HIP_LAUNCH_PARAM_BUFFER_SIZE, &size, HIP_LAUNCH_PARAM_END};
    OK(hipModuleLaunchKernel(f, blocks, 1, 1, 256, 1, 1, 0, 0, nullptr, extra));
  } else {
    void* params[] = {&dout, &din, &a, &n};
    OK(hipModuleLaunchKernel(f, blocks, 1, 1, 256, 1, 1, 0, 0, params, nullptr));
  }
  OK(hipMemcpy(out.data(), dout, n * sizeof(float), hipMemcpyDeviceToHost));
  static const float coeffs[4] = {0.5f, 1.5f, 2.5f, 3.5f};
  int bad = 0;
  for (int i = 0; i < n; ++i)
    if (out[i] != a * in[i] + coeffs[i % 4] + (float)bias_value) bad++;
  if (bad) {
    std::printf("FAIL: scale_add (extra %d, bias %d): %d wrong values\n",
                (int)use_extra, bias_value, bad);
    failures++;
  }
  OK(hipFree(din));
  OK(hipFree(dout));
}

static void bad_loads() {
  hipModule_t m;
  EXPECT_ERR(hipModuleLoad(nullptr, path("a.co").c_str()), hipErrorInvalidValue);
  EXPECT_ERR(hipModuleLoad(&m, nullptr), hipErrorInvalidValue);
  EXPECT_ERR(hipModuleLoad(&m, ""), hipErrorInvalidValue);
  EXPECT_ERR(hipModuleLoad(&m, path("missing.co").c_str()), hipErrorFileNotFound);
  EXPECT_ERR(hipModuleLoad(&m, dir.c_str()), hipErrorFileNotFound);
  EXPECT_ERR(hipModuleLoad(&m, path("garbage.co").c_str()), hipErrorInvalidImage);
  EXPECT_ERR(hipModuleLoad(&m, path("empty.co").c_str()), hipErrorInvalidImage);
  // An ELF shared object that is not a code object: this program (PIE).
  EXPECT_ERR(hipModuleLoad(&m, path("main").c_str()), hipErrorInvalidImage);
  // A truncated code object.
  EXPECT_ERR(hipModuleLoad(&m, path("truncated.co").c_str()), hipErrorInvalidImage);
  EXPECT_ERR(hipModuleLoadData(&m, nullptr), hipErrorInvalidValue);
  EXPECT_ERR(hipModuleLoadData(nullptr, "x"), hipErrorInvalidValue);
  EXPECT_ERR(hipModuleLoadData(&m, "not a code object"), hipErrorInvalidImage);
  EXPECT_ERR(hipModuleLoadData(&m, ""), hipErrorInvalidImage);
  EXPECT_ERR(hipModuleUnload(nullptr), hipErrorInvalidResourceHandle);
}

static void lookups(hipModule_t m) {
  hipFunction_t f;
  EXPECT_ERR(hipModuleGetFunction(nullptr, m, "scale_add"), hipErrorInvalidValue);
  EXPECT_ERR(hipModuleGetFunction(&f, m, nullptr), hipErrorInvalidValue);
  EXPECT_ERR(hipModuleGetFunction(&f, m, ""), hipErrorInvalidValue);
  EXPECT_ERR(hipModuleGetFunction(&f, nullptr, "scale_add"), hipErrorInvalidResourceHandle);
  EXPECT_ERR(hipModuleGetFunction(&f, m, "no_such_kernel"), hipErrorNotFound);
  EXPECT_ERR(hipModuleGetFunction(&f, m, "malloc"), hipErrorNotFound);  // a library's
  EXPECT_ERR(hipModuleGetFunction(&f, m, "bias"), hipErrorNotFound);    // a variable
  hipFunction_t f1, f2;
  OK(hipModuleGetFunction(&f1, m, "scale_add"));
  OK(hipModuleGetFunction(&f2, m, "scale_add"));
  EXPECT(f1 == f2);

  hipDeviceptr_t p;
  size_t size = 0;
  EXPECT_ERR(hipModuleGetGlobal(nullptr, nullptr, m, "bias"), hipErrorInvalidValue);
  EXPECT_ERR(hipModuleGetGlobal(&p, &size, m, nullptr), hipErrorInvalidValue);
  EXPECT_ERR(hipModuleGetGlobal(&p, &size, m, ""), hipErrorInvalidValue);
  EXPECT_ERR(hipModuleGetGlobal(&p, &size, nullptr, "bias"), hipErrorInvalidResourceHandle);
  EXPECT_ERR(hipModuleGetGlobal(&p, &size, m, "no_such_var"), hipErrorNotFound);
  EXPECT_ERR(hipModuleGetGlobal(&p, &size, m, "scale_add"), hipErrorNotFound);
  OK(hipModuleGetGlobal(nullptr, &size, m, "coeffs"));
  EXPECT(size == 4 * sizeof(float));
  OK(hipModuleGetGlobal(&p, nullptr, m, "coeffs"));
  float c[4] = {0, 0, 0, 0};
  OK(hipMemcpy(c, p, sizeof c, hipMemcpyDeviceToHost));
  EXPECT(c[0] == 0.5f && c[1] == 1.5f && c[2] == 2.5f && c[3] == 3.5f);
}

static void launches(hipModule_t m) {
  hipFunction_t f;
  OK(hipModuleGetFunction(&f, m, "scale_add"));
  run_scale_add(f, 1000, 2.5f, 7, false);
  run_scale_add(f, 1000, -1.25f, 7, true);

  // A __device__ variable written through hipModuleGetGlobal's pointer.
  hipDeviceptr_t pb;
  size_t sb;
  OK(hipModuleGetGlobal(&pb, &sb, m, "bias"));
  EXPECT(sb == sizeof(int));
  int b = 100;
  OK(hipMemcpy(pb, &b, sizeof b, hipMemcpyHostToDevice));
  run_scale_add(f, 300, 3.0f, 100, false);
  b = 7;
  OK(hipMemcpy(pb, &b, sizeof b, hipMemcpyHostToDevice));

  // Packed arguments of every alignment: char@0 double@8 short@16 ptr@24
  // char@32 long long@40, 48 bytes.
  hipFunction_t fm, fm2;
  OK(hipModuleGetFunction(&fm, m, "_Z5mixedcdsPxcx"));
  OK(hipModuleGetFunction(&fm2, m, "mixed"));  // hipc: the written name too
  EXPECT(fm == fm2);
  long long* dout;
  OK(hipMalloc(&dout, 5 * sizeof(long long)));
  alignas(8) unsigned char buf[48];
  std::memset(buf, 0xee, sizeof buf);
  char c1 = 'A', c2 = -5;
  double d = 10.75;
  short s = -1234;
  long long q = 0x123456789abcdefLL;
  std::memcpy(buf + 0, &c1, 1);
  std::memcpy(buf + 8, &d, 8);
  std::memcpy(buf + 16, &s, 2);
  std::memcpy(buf + 24, &dout, 8);
  std::memcpy(buf + 32, &c2, 1);
  std::memcpy(buf + 40, &q, 8);
  size_t size = sizeof buf;
  void* extra[] = {HIP_LAUNCH_PARAM_BUFFER_POINTER, buf,
                   HIP_LAUNCH_PARAM_BUFFER_SIZE, &size, HIP_LAUNCH_PARAM_END};
  OK(hipModuleLaunchKernel(fm, 1, 1, 1, 32, 1, 1, 0, 0, nullptr, extra));
  long long h[5] = {0, 0, 0, 0, 0};
  OK(hipMemcpy(h, dout, sizeof h, hipMemcpyDeviceToHost));
  EXPECT(h[0] == 'A' && h[1] == 43 && h[2] == -1234 && h[3] == -5 && h[4] == q);
  // The same through kernelParams.
  c1 = 'z';
  void* params[] = {&c1, &d, &s, &dout, &c2, &q};
  OK(hipModuleLaunchKernel(fm, 1, 1, 1, 1, 1, 1, 0, 0, params, nullptr));
  OK(hipMemcpy(h, dout, sizeof h, hipMemcpyDeviceToHost));
  EXPECT(h[0] == 'z' && h[1] == 43);
  // A buffer shorter than the arguments, an unknown key, both ways, none.
  size = 47;
  EXPECT_ERR(hipModuleLaunchKernel(fm, 1, 1, 1, 1, 1, 1, 0, 0, nullptr, extra),
             hipErrorInvalidValue);
  size = sizeof buf;
  void* bad_key[] = {HIP_LAUNCH_PARAM_BUFFER_POINTER, buf, (void*)0x77, &size,
                     HIP_LAUNCH_PARAM_END};
  EXPECT_ERR(hipModuleLaunchKernel(fm, 1, 1, 1, 1, 1, 1, 0, 0, nullptr, bad_key),
             hipErrorInvalidValue);
  void* no_size[] = {HIP_LAUNCH_PARAM_BUFFER_POINTER, buf, HIP_LAUNCH_PARAM_END};
  EXPECT_ERR(hipModuleLaunchKernel(fm, 1, 1, 1, 1, 1, 1, 0, 0, nullptr, no_size),
             hipErrorInvalidValue);
  EXPECT_ERR(hipModuleLaunchKernel(fm, 1, 1, 1, 1, 1, 1, 0, 0, params, extra),
             hipErrorInvalidValue);
  EXPECT_ERR(hipModuleLaunchKernel(fm, 1, 1, 1, 1, 1, 1, 0, 0, nullptr, nullptr),
             hipErrorInvalidValue);
  OK(hipFree(dout));

  // Template (by mangled name), namespace and static kernels (by mangled and
  // written name).
  int* di;
  OK(hipMalloc(&di, 256 * sizeof(int)));
  hipFunction_t ff;
  OK(hipModuleGetFunction(&ff, m, "_Z4fillIiEvPT_S0_i"));
  int v = 1000, n = 200;
  void* fp[] = {&di, &v, &n};
  OK(hipModuleLaunchKernel(ff, 4, 1, 1, 64, 1, 1, 0, 0, fp, nullptr));
  std::vector<int> hi(256);
  OK(hipMemcpy(hi.data(), di, 256 * sizeof(int), hipMemcpyDeviceToHost));
  int bad = 0;
  for (int i = 0; i < n; ++i) bad += hi[i] != 1000 + i;
  EXPECT(bad == 0);

  hipFunction_t fb, fb2;
  OK(hipModuleGetFunction(&fb, m, "_ZN2ns4bumpEPi"));
  OK(hipModuleGetFunction(&fb2, m, "ns::bump"));
  EXPECT(fb == fb2);
  OK(hipMemset(di, 0, sizeof(int)));
  void* bp[] = {&di};
  OK(hipModuleLaunchKernel(fb, 3, 2, 1, 10, 2, 1, 0, 0, bp, nullptr));
  OK(hipMemcpy(hi.data(), di, sizeof(int), hipMemcpyDeviceToHost));
  EXPECT(hi[0] == 3 * 2 * 10 * 2);

  hipFunction_t fh;
  OK(hipModuleGetFunction(&fh, m, "hidden"));
  OK(hipModuleLaunchKernel(fh, 1, 1, 1, 8, 1, 1, 0, 0, bp, nullptr));
  OK(hipMemcpy(hi.data(), di, 8 * sizeof(int), hipMemcpyDeviceToHost));
  EXPECT(hi[0] == 42 && hi[7] == 49);

  // Launch checks (AMD's codes for the module API).
  EXPECT_ERR(hipModuleLaunchKernel(nullptr, 1, 1, 1, 1, 1, 1, 0, 0, bp, nullptr),
             hipErrorInvalidResourceHandle);
  EXPECT_ERR(hipModuleLaunchKernel(fh, 0, 1, 1, 1, 1, 1, 0, 0, bp, nullptr),
             hipErrorInvalidValue);
  EXPECT_ERR(hipModuleLaunchKernel(fh, 1, 1, 1, 0, 1, 1, 0, 0, bp, nullptr),
             hipErrorInvalidValue);
  EXPECT_ERR(hipModuleLaunchKernel(fh, 1, 1, 1, 2048, 1, 1, 0, 0, bp, nullptr),
             hipErrorInvalidValue);
  EXPECT_ERR(hipModuleLaunchKernel(fh, 1, 1, 1, 1, 1, 1, 1u << 30, 0, bp, nullptr),
             hipErrorInvalidValue);
  hipFunction_t fbd;
  OK(hipModuleGetFunction(&fbd, m, "_Z7boundedPi"));
  EXPECT_ERR(hipModuleLaunchKernel(fbd, 1, 1, 1, 128, 1, 1, 0, 0, bp, nullptr),
             hipErrorLaunchFailure);
  OK(hipModuleLaunchKernel(fbd, 1, 1, 1, 64, 1, 1, 0, 0, bp, nullptr));
  OK(hipMemcpy(hi.data(), di, sizeof(int), hipMemcpyDeviceToHost));
  EXPECT(hi[0] == 64);

  // Attributes.
  int val = -1;
  OK(hipFuncGetAttribute(&val, HIP_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK, fbd));
  EXPECT(val == 64);
  hipDeviceProp_t prop;
  int dev;
  OK(hipGetDevice(&dev));
  OK(hipGetDeviceProperties(&prop, dev));
  OK(hipFuncGetAttribute(&val, HIP_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK, f));
  EXPECT(val == prop.maxThreadsPerBlock);
  OK(hipFuncGetAttribute(&val, HIP_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, f));
  EXPECT(val == (int)prop.sharedMemPerBlock);
  EXPECT_ERR(hipFuncGetAttribute(nullptr, HIP_FUNC_ATTRIBUTE_NUM_REGS, f),
             hipErrorInvalidValue);
  EXPECT_ERR(hipFuncGetAttribute(&val, HIP_FUNC_ATTRIBUTE_NUM_REGS, nullptr),
             hipErrorInvalidHandle);
  EXPECT_ERR(hipFuncGetAttribute(&val, HIP_FUNC_ATTRIBUTE_MAX, f), hipErrorInvalidValue);

  // A large __shared__ array and barriers.
  hipFunction_t fs;
  OK(hipModuleGetFunction(&fs, m, "_Z9block_sumPKiPi"));
  std::vector<int> hin(3 * 4096);
  long long sums[3] = {0, 0, 0};
  for (int i = 0; i < 3 * 4096; ++i) {
    hin[i] = (i * 7919) % 1001 - 500;
    sums[i / 4096] += hin[i];
  }
  int *dsin, *dsout;
  OK(hipMalloc(&dsin, hin.size() * sizeof(int)));
  OK(hipMalloc(&dsout, 3 * sizeof(int)));
  OK(hipMemcpy(dsin, hin.data(), hin.size() * sizeof(int), hipMemcpyHostToDevice));
  void* sp[] = {&dsin, &dsout};
  OK(hipModuleLaunchKernel(fs, 3, 1, 1, 256, 1, 1, 0, 0, sp, nullptr));
  int hs[3];
  OK(hipMemcpy(hs, dsout, sizeof hs, hipMemcpyDeviceToHost));
  EXPECT(hs[0] == sums[0] && hs[1] == sums[1] && hs[2] == sums[2]);
  OK(hipFree(dsin));
  OK(hipFree(dsout));

  // A cooperative launch with a grid barrier.
  hipFunction_t fc;
  OK(hipModuleGetFunction(&fc, m, "_Z10coop_totalPiS_"));
  OK(hipMemset(di, 0, 2 * sizeof(int)));
  int* total = di + 1;
  void* cp[] = {&di, &total};
  OK(hipModuleLaunchCooperativeKernel(fc, 8, 1, 1, 32, 1, 1, 0, 0, cp));
  OK(hipMemcpy(hi.data(), di, 2 * sizeof(int), hipMemcpyDeviceToHost));
  EXPECT(hi[0] == 36 && hi[1] == 36);
  EXPECT_ERR(hipModuleLaunchCooperativeKernel(nullptr, 1, 1, 1, 1, 1, 1, 0, 0, cp),
             hipErrorInvalidResourceHandle);
  OK(hipFree(di));
}

// Two code objects with the same names, and two loads of one file: each
// has its own kernels and variables.
static void independence(hipModule_t a) {
  hipModule_t b, a2;
  OK(hipModuleLoad(&b, path("b.co").c_str()));
  std::vector<char> image = read_file(path("a.co"));
  EXPECT(!image.empty());
  OK(hipModuleLoadDataEx(&a2, image.data(), 0, nullptr, nullptr));
  hipDeviceptr_t pa, pa2, pb;
  OK(hipModuleGetGlobal(&pa, nullptr, a, "bias"));
  OK(hipModuleGetGlobal(&pa2, nullptr, a2, "bias"));
  OK(hipModuleGetGlobal(&pb, nullptr, b, "bias"));
  EXPECT(pa != pa2 && pa != pb && pa2 != pb);
  int v = 55;
  OK(hipMemcpy(pa2, &v, sizeof v, hipMemcpyHostToDevice));
  hipFunction_t fa, fa2, fb;
  OK(hipModuleGetFunction(&fa, a, "scale_add"));
  OK(hipModuleGetFunction(&fa2, a2, "scale_add"));
  OK(hipModuleGetFunction(&fb, b, "scale_add"));
  EXPECT(fa != fa2 && fa != fb);
  run_scale_add(fa, 100, 1.0f, 7, false);
  run_scale_add(fa2, 100, 1.0f, 55, true);
  // b: out = -a * in + 1000
  float in[4] = {1, 2, 3, 4}, out[4];
  float *din, *dout;
  OK(hipMalloc(&din, sizeof in));
  OK(hipMalloc(&dout, sizeof out));
  OK(hipMemcpy(din, in, sizeof in, hipMemcpyHostToDevice));
  float a_ = 2;
  int n = 4;
  void* p[] = {&dout, &din, &a_, &n};
  OK(hipModuleLaunchKernel(fb, 1, 1, 1, 4, 1, 1, 0, 0, p, nullptr));
  OK(hipMemcpy(out, dout, sizeof out, hipMemcpyDeviceToHost));
  EXPECT(out[0] == 998 && out[3] == 992);
  OK(hipFree(din));
  OK(hipFree(dout));
  OK(hipModuleUnload(b));
  OK(hipModuleUnload(a2));
  run_scale_add(fa, 100, 1.0f, 7, true);  // a is untouched
}

// A module's function as a graph's kernel node (AMD takes the hipFunction_t
// for hipKernelNodeParams::func): fill<int> run twice through the graph.
static void graph_node(hipModule_t m) {
  hipFunction_t f;
  OK(hipModuleGetFunction(&f, m, "_Z4fillIiEvPT_S0_i"));
  int* d;
  OK(hipMalloc(&d, 100 * sizeof(int)));
  int v = 40, n = 100;
  void* args[] = {&d, &v, &n};
  hipKernelNodeParams p{};
  p.func = reinterpret_cast<void*>(f);
  p.gridDim = dim3(2);
  p.blockDim = dim3(64);
  p.kernelParams = args;
  hipGraph_t g;
  hipGraphNode_t k;
  hipGraphExec_t x;
  OK(hipGraphCreate(&g, 0));
  OK(hipGraphAddKernelNode(&k, g, nullptr, 0, &p));
  OK(hipGraphInstantiate(&x, g, nullptr, nullptr, 0));
  OK(hipGraphLaunch(x, 0));
  OK(hipStreamSynchronize(0));
  int h[100];
  OK(hipMemcpy(h, d, sizeof h, hipMemcpyDeviceToHost));
  int bad = 0;
  for (int i = 0; i < 100; ++i) bad += h[i] != 40 + i;
  EXPECT(bad == 0);
  // Not a function handle nor a kernel: refused.
  p.func = reinterpret_cast<void*>(&bad);
  EXPECT_ERR(hipGraphAddKernelNode(&k, g, nullptr, 0, &p), hipErrorInvalidDeviceFunction);
  OK(hipGraphExecDestroy(x));
  OK(hipGraphDestroy(g));
  OK(hipFree(d));
}

// Blocks of `threads` threads (and `shmem` bytes) a multiprocessor holds,
// from the device's limits.
static int blocks_per_mp(const hipDeviceProp_t& p, int threads, size_t shmem) {
  int rounded = (threads + p.warpSize - 1) / p.warpSize * p.warpSize;
  int n = std::min(p.maxThreadsPerMultiProcessor / rounded, p.maxBlocksPerMultiProcessor);
  if (shmem) n = std::min<size_t>(n, p.sharedMemPerMultiprocessor / shmem);
  return n;
}

static void occupancy(hipModule_t m) {
  hipDeviceProp_t p;
  OK(hipGetDeviceProperties(&p, 0));
  // A GPU also counts registers: the exact numbers are the CPU device's.
  const bool cpu = std::strncmp(p.name, "hipc CPU", 8) == 0;
  hipFunction_t f, bounded;
  OK(hipModuleGetFunction(&f, m, "scale_add"));
  OK(hipModuleGetFunction(&bounded, m, "_Z7boundedPi"));
  int n = -1, grid = -1, block = -1;
  OK(hipModuleOccupancyMaxActiveBlocksPerMultiprocessor(&n, f, 96, 0));
  EXPECT(n > 0 && (!cpu || n == blocks_per_mp(p, 96, 0)));
  OK(hipModuleOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(
      &n, f, 64, 1024, hipOccupancyDisableCachingOverride));
  EXPECT(n > 0 && (!cpu || n == blocks_per_mp(p, 64, 1024)));
  // Over the kernel's __launch_bounds__(64): no block fits.
  OK(hipModuleOccupancyMaxActiveBlocksPerMultiprocessor(&n, bounded, 128, 0));
  EXPECT(n == 0);
  OK(hipModuleOccupancyMaxPotentialBlockSize(&grid, &block, f, 0, 128));
  EXPECT(block > 0 && block <= 128 && grid > 0);
  EXPECT(!cpu || (block == 128 && grid == blocks_per_mp(p, 128, 0) * p.multiProcessorCount));
  OK(hipModuleOccupancyMaxPotentialBlockSizeWithFlags(&grid, &block, bounded, 0, 0,
                                                      hipOccupancyDefault));
  EXPECT(block > 0 && block <= 64 && grid > 0);
  EXPECT(!cpu || (block == 64 && grid == blocks_per_mp(p, 64, 0) * p.multiProcessorCount));
  EXPECT_ERR(hipModuleOccupancyMaxActiveBlocksPerMultiprocessor(nullptr, f, 64, 0),
             hipErrorInvalidValue);
  EXPECT_ERR(hipModuleOccupancyMaxActiveBlocksPerMultiprocessor(&n, nullptr, 64, 0),
             hipErrorInvalidValue);
  EXPECT_ERR(hipModuleOccupancyMaxActiveBlocksPerMultiprocessor(&n, f, 0, 0),
             hipErrorInvalidValue);
  EXPECT_ERR(hipModuleOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(&n, f, 64, 0, 2),
             hipErrorInvalidValue);
  EXPECT_ERR(hipModuleOccupancyMaxPotentialBlockSize(nullptr, &block, f, 0, 0),
             hipErrorInvalidValue);
  EXPECT_ERR(hipModuleOccupancyMaxPotentialBlockSize(&grid, nullptr, f, 0, 0),
             hipErrorInvalidValue);
  EXPECT_ERR(hipModuleOccupancyMaxPotentialBlockSize(&grid, &block, nullptr, 0, 0),
             hipErrorInvalidValue);
  EXPECT_ERR(hipModuleOccupancyMaxPotentialBlockSizeWithFlags(&grid, &block, f, 0, 0, 2),
             hipErrorInvalidValue);
}

static void after_unload() {
  hipModule_t m;
  OK(hipModuleLoad(&m, path("a.co").c_str()));
  hipFunction_t f;
  OK(hipModuleGetFunction(&f, m, "scale_add"));
  OK(hipModuleUnload(m));
  EXPECT_ERR(hipModuleUnload(m), hipErrorNotFound);
  EXPECT_ERR(hipModuleGetFunction(&f, m, "scale_add"), hipErrorNotFound);
  hipDeviceptr_t p;
  EXPECT_ERR(hipModuleGetGlobal(&p, nullptr, m, "bias"), hipErrorNotFound);
  int* d = nullptr;
  float a = 1;
  int n = 0;
  void* params[] = {&d, &d, &a, &n};
  EXPECT_ERR(hipModuleLaunchKernel(f, 1, 1, 1, 1, 1, 1, 0, 0, params, nullptr),
             hipErrorInvalidResourceHandle);
  int val;
  EXPECT_ERR(hipFuncGetAttribute(&val, HIP_FUNC_ATTRIBUTE_NUM_REGS, f),
             hipErrorInvalidHandle);
  EXPECT_ERR(hipModuleOccupancyMaxActiveBlocksPerMultiprocessor(&val, f, 64, 0),
             hipErrorInvalidHandle);
}

// Threads that load, launch and unload at once.
static void threads() {
  std::vector<char> image = read_file(path("a.co"));
  std::vector<std::thread> ts;
  std::vector<int> errs(4, 0);
  for (int t = 0; t < 4; ++t)
    ts.emplace_back([&, t] {
      for (int r = 0; r < 10; ++r) {
        hipModule_t m;
        hipError_t e = (r + t) % 2 ? hipModuleLoadData(&m, image.data())
                                   : hipModuleLoad(&m, path("a.co").c_str());
        if (e != hipSuccess) { errs[t]++; continue; }
        hipFunction_t f;
        int* di;
        if (hipModuleGetFunction(&f, m, "_Z4fillIiEvPT_S0_i") != hipSuccess ||
            hipMalloc(&di, 64 * sizeof(int)) != hipSuccess) {
          errs[t]++;
          continue;
        }
        int v = t * 100 + r, n = 64;
        void* p[] = {&di, &v, &n};
        int h[64];
        if (hipModuleLaunchKernel(f, 1, 1, 1, 64, 1, 1, 0, 0, p, nullptr) != hipSuccess ||
            hipMemcpy(h, di, sizeof h, hipMemcpyDeviceToHost) != hipSuccess)
          errs[t]++;
        for (int i = 0; i < 64; ++i) errs[t] += h[i] != v + i;
        if (hipFree(di) != hipSuccess || hipModuleUnload(m) != hipSuccess) errs[t]++;
      }
    });
  for (auto& th : ts) th.join();
  for (int t = 0; t < 4; ++t)
    if (errs[t]) {
      std::printf("FAIL: thread %d: %d errors\n", t, errs[t]);
      failures++;
    }
}

int main(int argc, char** argv) {
  if (argc < 2) return 2;
  dir = argv[1];
  const bool pinned = argc > 2 && std::strcmp(argv[2], "gpu") == 0;
  hipDeviceProp_t prop;
  if (hipGetDeviceProperties(&prop, 0) == hipSuccess)
    std::printf("device 0: %s\n", prop.name);
  bad_loads();
  hipModule_t m;
  OK(hipModuleLoad(&m, path("a.co").c_str()));
  EXPECT(pinned || mapped_code_objects() == 1);
  lookups(m);
  launches(m);
  occupancy(m);
  graph_node(m);
  independence(m);
  OK(hipModuleUnload(m));
  after_unload();
  threads();
  // Every code object is unmapped once unloaded.
  int left = mapped_code_objects();
  if (!pinned && left != 0) {
    std::printf("FAIL: %d code objects still mapped\n", left);
    failures++;
  }
  if (failures) {
    std::printf("%d failures\n", failures);
    return 1;
  }
  std::printf("module API: ok\n");
  return 0;
}
