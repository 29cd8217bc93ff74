// __device__, __constant__ and __managed__ variables and the symbol API:
// hipMemcpyToSymbol / FromSymbol (+Async) with the variable itself and with
// HIP_SYMBOL, offsets, hipGetSymbolAddress / hipGetSymbolSize, kernels that
// read and write the variables (a __managed__ one shared with the host on
// every device), and the error codes for a pointer that is not a symbol
// and for a range outside one. More on managed variables: managed_vars.hip.
#include <array>
#include <cstring>

#include "common.h"

// hipc's NVIDIA devices: symbols live in the GPU's copy of the module.
static bool on_nvidia_gpu() {
  int dev = 0;
  hipDeviceProp_t p;
  HIP_CHECK(hipGetDevice(&dev));
  HIP_CHECK(hipGetDeviceProperties(&p, dev));
  return std::strncmp(p.gcnArchName, "sm_", 3) == 0;
}

struct params {
  int scale;
  float bias;
  double weights[3];
};

__constant__ float table[8];
__constant__ params prm;
__device__ int counter;
__device__ unsigned long long wide[4] = {1, 2, 3, 4};
__device__ __managed__ int managed_total;
__managed__ float managed_plain[2];
static __device__ int hidden;
__device__ int two_a, two_b[3];
extern __device__ int declared_first;
__device__ int declared_first = 7;

namespace ns {
__device__ int inner;
namespace deeper {
__constant__ short deep[5];
}
}  // namespace ns

__device__ int* device_pointer;

__global__ void use_constants(float* out) {
  int t = threadIdx.x;
  out[t] = table[t] * prm.scale + prm.bias + (float)prm.weights[t % 3];
}

__global__ void bump() {
  atomicAdd(&counter, 1);
  atomicAdd(&managed_total, 2);
  if (threadIdx.x == 0) {
    hidden = 42;
    ns::inner = 5;
    managed_plain[1] = 2.5f;
    *device_pointer = 99;
  }
}

template <typename T>
__global__ void read_deep(T* out) {
  out[threadIdx.x] = static_cast<T>(ns::deeper::deep[threadIdx.x]) +
                     static_cast<T>(wide[threadIdx.x % 4]);
}

static void test_copy_to_constant_and_launch() {
  float h[8];
  for (int i = 0; i < 8; i++) h[i] = 0.5f * i;
  // The variable itself, and HIP_SYMBOL: both reach the same storage.
  HIP_CHECK(hipMemcpyToSymbol(table, h, 4 * sizeof(float)));
  HIP_CHECK(hipMemcpyToSymbol(HIP_SYMBOL(table), h + 4, 4 * sizeof(float),
                              4 * sizeof(float), hipMemcpyHostToDevice));
  params p = {3, 0.25f, {1.0, 2.0, 4.0}};
  HIP_CHECK(hipMemcpyToSymbol(prm, &p, sizeof p));
  float* d;
  HIP_CHECK(hipMalloc(&d, 8 * sizeof(float)));
  use_constants<<<1, 8>>>(d);
  float got[8], want[8];
  HIP_CHECK(hipMemcpy(got, d, sizeof got, hipMemcpyDeviceToHost));
  for (int i = 0; i < 8; i++)
    want[i] = 0.5f * i * 3 + 0.25f + (float)p.weights[i % 3];
  CHECK_ARRAY(got, want, 8);
  // Reading back: whole, with an offset, and through HIP_SYMBOL.
  float back[8] = {0};
  HIP_CHECK(hipMemcpyFromSymbol(back, table, sizeof back));
  CHECK_ARRAY(back, h, 8);
  float two[2] = {0};
  HIP_CHECK(hipMemcpyFromSymbol(two, HIP_SYMBOL(table), sizeof two,
                                5 * sizeof(float), hipMemcpyDeviceToHost));
  CHECK_EQ(two[0], h[5]);
  CHECK_EQ(two[1], h[6]);
  HIP_CHECK(hipFree(d));
}

static void test_kernel_writes_device_variables() {
  int zero = 0;
  HIP_CHECK(hipMemcpyToSymbol(counter, &zero, sizeof zero));
  managed_total = 10;  // a managed variable is written by the host directly
  int* target;
  HIP_CHECK(hipMalloc(&target, sizeof(int)));
  HIP_CHECK(hipMemcpyToSymbol(device_pointer, &target, sizeof target));
  bump<<<4, 64>>>();
  HIP_CHECK(hipDeviceSynchronize());
  int c = -1, hid = -1, inner = -1, pointed = -1;
  HIP_CHECK(hipMemcpyFromSymbol(&c, counter, sizeof c));
  HIP_CHECK(hipMemcpyFromSymbol(&hid, hidden, sizeof hid));
  HIP_CHECK(hipMemcpyFromSymbol(&inner, HIP_SYMBOL(ns::inner), sizeof inner));
  HIP_CHECK(hipMemcpy(&pointed, target, sizeof pointed, hipMemcpyDefault));
  CHECK_EQ(c, 256);
  CHECK_EQ(hid, 42);
  CHECK_EQ(inner, 5);
  CHECK_EQ(pointed, 99);
  // A __managed__ variable is one object for the host and every device:
  // the host reads what the kernel wrote, directly and through the symbol
  // API, and the symbol's address is the host's.
  CHECK_EQ(managed_total, 10 + 2 * 256);
  CHECK_EQ(managed_plain[1], 2.5f);
  int m = 0;
  HIP_CHECK(hipMemcpyFromSymbol(&m, managed_total, sizeof m));
  CHECK_EQ(m, 10 + 2 * 256);
  m = 77;
  HIP_CHECK(hipMemcpyToSymbol(HIP_SYMBOL(managed_total), &m, sizeof m));
  CHECK_EQ(managed_total, 77);
  void* a = nullptr;
  HIP_CHECK(hipGetSymbolAddress(&a, HIP_SYMBOL(managed_plain)));
  CHECK(a == static_cast<void*>(managed_plain));
  HIP_CHECK(hipFree(target));
}

static void test_initialised_and_template() {
  short deep[5] = {10, 20, 30, 40, 50};
  HIP_CHECK(hipMemcpyToSymbol(ns::deeper::deep, deep, sizeof deep));
  long long* d;
  HIP_CHECK(hipMalloc(&d, 5 * sizeof(long long)));
  read_deep<long long><<<1, 5>>>(d);
  long long got[5];
  HIP_CHECK(hipMemcpy(got, d, sizeof got, hipMemcpyDeviceToHost));
  long long want[5] = {11, 22, 33, 44, 51};
  CHECK_ARRAY(got, want, 5);
  int df = 0;
  HIP_CHECK(hipMemcpyFromSymbol(&df, declared_first, sizeof df));
  CHECK_EQ(df, 7);
  HIP_CHECK(hipFree(d));
}

static void test_async_forms() {
  hipStream_t s;
  HIP_CHECK(hipStreamCreate(&s));
  unsigned long long in[4] = {100, 200, 300, 400}, out[4] = {0};
  HIP_CHECK(hipMemcpyToSymbolAsync(wide, in, sizeof in, 0,
                                   hipMemcpyHostToDevice, s));
  HIP_CHECK(hipMemcpyFromSymbolAsync(out, HIP_SYMBOL(wide), 2 * sizeof(*out),
                                     2 * sizeof(*out), hipMemcpyDeviceToHost,
                                     s));
  HIP_CHECK(hipStreamSynchronize(s));
  CHECK_EQ(out[0], 300ull);
  CHECK_EQ(out[1], 400ull);
  CHECK_EQ(out[2], 0ull);
  // Device-to-device through the symbol: from a hipMalloc'd buffer.
  unsigned long long* d;
  HIP_CHECK(hipMalloc(&d, sizeof in));
  HIP_CHECK(hipMemcpy(d, in, sizeof in, hipMemcpyHostToDevice));
  HIP_CHECK(hipMemcpyToSymbolAsync(wide, d + 3, sizeof(*d), 0,
                                   hipMemcpyDeviceToDevice, s));
  HIP_CHECK(hipStreamSynchronize(s));
  HIP_CHECK(hipMemcpyFromSymbol(out, wide, sizeof out));
  CHECK_EQ(out[0], 400ull);
  CHECK_EQ(out[1], 200ull);
  HIP_CHECK(hipFree(d));
  HIP_CHECK(hipStreamDestroy(s));
}

static void test_address_and_size() {
  void* a = nullptr;
  size_t n = 0;
  HIP_CHECK(hipGetSymbolAddress(&a, table));
  const bool gpu = on_nvidia_gpu();
  // The device's storage: on the CPU device the host object's own variable
  // (hipcc's rewriter) or the kernel compiler's copy (clang's front end).
  CHECK(a != nullptr);
  if (gpu) CHECK(a != static_cast<void*>(table));
  HIP_CHECK(hipGetSymbolSize(&n, table));
  CHECK_EQ(n, sizeof table);
  HIP_CHECK(hipGetSymbolSize(&n, HIP_SYMBOL(prm)));
  CHECK_EQ(n, sizeof(params));
  HIP_CHECK(hipGetSymbolAddress(&a, HIP_SYMBOL(two_b)));
  CHECK(a != nullptr);
  HIP_CHECK(hipGetSymbolSize(&n, two_b));
  CHECK_EQ(n, 3 * sizeof(int));
  HIP_CHECK(hipGetSymbolSize(&n, two_a));
  CHECK_EQ(n, sizeof(int));
  // The address works with ordinary copies.
  int v = 1234, back = 0;
  HIP_CHECK(hipGetSymbolAddress(&a, counter));
  HIP_CHECK(hipMemcpy(a, &v, sizeof v, hipMemcpyHostToDevice));
  HIP_CHECK(hipMemcpyFromSymbol(&back, counter, sizeof back));
  CHECK_EQ(back, 1234);
}

// Declaration forms the rewriter must register (or leave alone) without
// breaking the build.
__device__ const int forms_table[] = {1, 2, 3};
__constant__ constexpr float forms_pi = 3.14f;
__device__ int forms_a = 1, *forms_b = &forms_a;
__device__ std::array<int, 3> forms_arr{};
__device__ decltype(1 + 2) forms_decltype;
__device__ __attribute__((aligned(16))) int forms_aligned;
__device__ struct { int a; } forms_anon_struct;
__device__ enum forms_enum { FA, FB } forms_enum_var;
__device__ auto forms_lambda = [](int x) { return x + 1; };
inline __device__ int forms_inline = 3;
struct forms_q { static int m; };
__device__ int forms_q::m = 4;
__device__ volatile int forms_volatile;
namespace {
__device__ int forms_anon_ns;
}
__device__ int forms_2d[2][3] = {{1, 2, 3}, {4, 5, 6}}, forms_last;
struct forms_s { int v; };
// __host__ too: main() compares two (calling a __device__-only function
// from host code is an error on a GPU build).
__host__ __device__ bool operator==(forms_s x, forms_s y) { return x.v == y.v; }
__device__ int (*forms_fp)(int) = nullptr;
template <typename T>
__device__ T forms_tv = T(5);

static void test_declaration_forms() {
  size_t n = 0;
#define SIZE_IS(x, want)                  \
  do {                                    \
    n = 0;                                \
    HIP_CHECK(hipGetSymbolSize(&n, x));   \
    CHECK_EQ(n, want);                    \
  } while (0)
  SIZE_IS(forms_table, 3 * sizeof(int));
  SIZE_IS(forms_pi, sizeof(float));
  SIZE_IS(forms_a, sizeof(int));
  SIZE_IS(forms_b, sizeof(int*));
  SIZE_IS(forms_arr, 3 * sizeof(int));
  SIZE_IS(forms_decltype, sizeof(int));
  SIZE_IS(forms_aligned, sizeof(int));
  SIZE_IS(forms_anon_struct, sizeof(int));
  SIZE_IS(forms_enum_var, sizeof(forms_enum));
  SIZE_IS(forms_lambda, sizeof(forms_lambda));
  SIZE_IS(forms_inline, sizeof(int));
  SIZE_IS(forms_q::m, sizeof(int));
  SIZE_IS(forms_volatile, sizeof(int));
  SIZE_IS(forms_anon_ns, sizeof(int));
  SIZE_IS(forms_2d, 6 * sizeof(int));
  SIZE_IS(forms_last, sizeof(int));
#undef SIZE_IS
  int b = 0;
  HIP_CHECK(hipMemcpyFromSymbol(&b, forms_2d, sizeof b, 4 * sizeof(int)));
  CHECK_EQ(b, 5);
  // A const variable can be read through the symbol API but not written:
  // on the CPU device its storage may be read-only.
  // (A GPU's image holds a const variable only where device code uses it.)
  if (!on_nvidia_gpu()) {
    int t3[3] = {0, 0, 0}, w3[3] = {1, 2, 3};
    HIP_CHECK(hipMemcpyFromSymbol(t3, forms_table, sizeof t3));
    CHECK_ARRAY(t3, w3, 3);
#ifdef __HIPC_CLANG_HOST__
    // clang's front end: the device's own copy, writable as a GPU's.
    int w4[3] = {4, 5, 6};
    HIP_CHECK(hipMemcpyToSymbol(forms_table, w4, sizeof w4));
    HIP_CHECK(hipMemcpyFromSymbol(t3, forms_table, sizeof t3));
    CHECK_ARRAY(t3, w4, 3);
#else
    CHECK_ERR(hipMemcpyToSymbol(forms_table, w3, sizeof w3),
              hipErrorNotSupported);
    void* a = nullptr;
    HIP_CHECK(hipGetSymbolAddress(&a, forms_table));
    CHECK(a == static_cast<const void*>(forms_table));
#endif
    CHECK_ERR(hipMemcpyToSymbol(forms_pi, &forms_pi, 0), hipSuccess);
  }
#ifdef __HIPC_CLANG_HOST__
  // clang registers a function pointer definition and a variable template
  // like any device variable.
  HIP_CHECK(hipGetSymbolSize(&n, forms_fp));
  CHECK_EQ(n, sizeof forms_fp);
  HIP_CHECK(hipGetSymbolSize(&n, forms_tv<int>));
  CHECK_EQ(n, sizeof(int));
  int tv = 0;
  HIP_CHECK(hipMemcpyFromSymbol(&tv, forms_tv<int>, sizeof tv));
  CHECK_EQ(tv, 5);
#else
  // Not registered (documented): a function pointer definition and a
  // variable template; they are still ordinary variables.
  CHECK_ERR(hipGetSymbolSize(&n, forms_fp), hipErrorInvalidSymbol);
  CHECK_ERR(hipGetSymbolSize(&n, forms_tv<int>), hipErrorInvalidSymbol);
  CHECK_EQ(forms_tv<int>, 5);
#endif
  CHECK((forms_s{3} == forms_s{3}));
}

static int not_a_symbol[4];

static void test_errors() {
  int h[8] = {0};
  // A pointer that is not a registered symbol, an interior pointer, null.
  CHECK_ERR(hipMemcpyToSymbol(not_a_symbol, h, sizeof(int)),
            hipErrorInvalidSymbol);
  CHECK_ERR(hipMemcpyToSymbol(HIP_SYMBOL(table[1]), h, sizeof(float)),
            hipErrorInvalidSymbol);
  CHECK_ERR(hipMemcpyFromSymbol(h, nullptr, sizeof(int)),
            hipErrorInvalidSymbol);
  void* a = nullptr;
  size_t n = 0;
  CHECK_ERR(hipGetSymbolAddress(&a, not_a_symbol), hipErrorInvalidSymbol);
  CHECK_ERR(hipGetSymbolSize(&n, not_a_symbol), hipErrorInvalidSymbol);
  CHECK_ERR(hipGetSymbolAddress(nullptr, table), hipErrorInvalidValue);
  CHECK_ERR(hipGetSymbolSize(nullptr, table), hipErrorInvalidValue);
  // Offset + size beyond the symbol: nothing is copied.
  float before[8], after[8];
  HIP_CHECK(hipMemcpyFromSymbol(before, table, sizeof before));
  float big[9] = {0};
  CHECK_ERR(hipMemcpyToSymbol(table, big, sizeof big), hipErrorInvalidValue);
  CHECK_ERR(hipMemcpyToSymbol(table, big, 2 * sizeof(float),
                              7 * sizeof(float), hipMemcpyHostToDevice),
            hipErrorInvalidValue);
  CHECK_ERR(hipMemcpyFromSymbol(big, table, sizeof(float), sizeof table + 4,
                                hipMemcpyDeviceToHost),
            hipErrorInvalidValue);
  CHECK_ERR(hipMemcpyToSymbolAsync(table, big, sizeof big, 0,
                                   hipMemcpyHostToDevice, 0),
            hipErrorInvalidValue);
  HIP_CHECK(hipMemcpyFromSymbol(after, table, sizeof after));
  CHECK_ARRAY(after, before, 8);
  // A bad direction, a null source.
  CHECK_ERR(hipMemcpyToSymbol(table, big, sizeof(float), 0,
                              static_cast<hipMemcpyKind>(77)),
            hipErrorInvalidMemcpyDirection);
  CHECK_ERR(hipMemcpyToSymbol(table, nullptr, sizeof(float)),
            hipErrorInvalidValue);
  // The last error records the failure.
  (void)hipMemcpyToSymbol(not_a_symbol, h, 4);
  CHECK_ERR(hipGetLastError(), hipErrorInvalidSymbol);
  // Zero bytes at the very end is fine.
  HIP_CHECK(hipMemcpyToSymbol(table, big, 0, sizeof table,
                              hipMemcpyHostToDevice));
}

int main() {
  test_copy_to_constant_and_launch();
  test_kernel_writes_device_variables();
  test_initialised_and_template();
  test_async_forms();
  test_address_and_size();
  test_declaration_forms();
  test_errors();
  return test_summary("symbols");
}
