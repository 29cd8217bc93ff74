// __managed__ variables: one object shared by host code and every device's
// kernels (on a GPU, the variable's managed memory in the module; on the
// CPU device, the host object). Declared extern before its definition,
// arrays, structs, static, in namespaces; the initialiser applies before
// any HIP call; the host writes and a kernel reads, a kernel writes and the
// host reads; the symbol API and hipPointerGetAttributes agree; hipFree
// refuses the variable.
#include "common.h"

extern __managed__ int counted;

struct acc {
  int n;
  float sum;
  double w[2];
};

__managed__ acc stats = {1, 0.5f, {2.0, 4.0}};
__managed__ int grid[4][8];
static __managed__ int hidden_m = -3;
namespace mv {
namespace {
__managed__ unsigned long long big = 1ull << 40;
}
__managed__ short tail[3] = {7, 8, 9}, single;
}  // namespace mv

__global__ void count(int times) {
  for (int i = 0; i < times; i++) atomicAdd(&counted, 1);
}

__global__ void fill_grid(int base) {
  grid[blockIdx.x][threadIdx.x] = base + blockIdx.x * 8 + threadIdx.x;
}

__global__ void accumulate() {
  if (threadIdx.x == 0) {
    stats.n += hidden_m;
    stats.sum += static_cast<float>(stats.w[0] * stats.w[1]);
    mv::big += 3;
    mv::single = mv::tail[0] + mv::tail[2];
  }
}

__managed__ int counted = 5;

static void test_initialisers() {
  // Before any other HIP call: the initialisers are the variables' values.
  CHECK_EQ(counted, 5);
  CHECK_EQ(stats.n, 1);
  CHECK_EQ(stats.sum, 0.5f);
  CHECK_EQ(stats.w[1], 4.0);
  CHECK_EQ(hidden_m, -3);
  CHECK_EQ(mv::big, 1ull << 40);
  CHECK_EQ(mv::tail[2], (short)9);
  CHECK_EQ(grid[3][7], 0);
}

static void test_host_and_kernels_share() {
  counted = 100;  // the host writes, the kernel adds
  count<<<2, 32>>>(3);
  HIP_CHECK(hipDeviceSynchronize());
  CHECK_EQ(counted, 100 + 2 * 32 * 3);
  fill_grid<<<4, 8>>>(1000);
  HIP_CHECK(hipDeviceSynchronize());
  int want[4][8];
  for (int b = 0; b < 4; b++)
    for (int t = 0; t < 8; t++) want[b][t] = 1000 + b * 8 + t;
  CHECK_ARRAY(&grid[0][0], &want[0][0], 32);
  stats.w[0] = 1.5;
  hidden_m = 10;
  accumulate<<<1, 4>>>();
  HIP_CHECK(hipDeviceSynchronize());
  CHECK_EQ(stats.n, 11);
  CHECK_EQ(stats.sum, 0.5f + 6.0f);
  CHECK_EQ(mv::big, (1ull << 40) + 3);
  CHECK_EQ(mv::single, (short)16);
}

// Every device adds to the one object, one after the other: the host sees
// all the additions, and each device starts from what the previous left
// (on a machine with several GPUs, each GPU's kernels reach the variable).
static void test_every_device_shares() {
  int n = 0;
  HIP_CHECK(hipGetDeviceCount(&n));
  counted = 7;
  for (int d = 0; d < n; d++) {
    HIP_CHECK(hipSetDevice(d));
    count<<<1, 16>>>(d + 1);
    HIP_CHECK(hipDeviceSynchronize());
  }
  int want = 7;
  for (int d = 0; d < n; d++) want += 16 * (d + 1);
  CHECK_EQ(counted, want);
  HIP_CHECK(hipSetDevice(0));
}

static void test_symbol_api() {
  void* a = nullptr;
  size_t n = 0;
  HIP_CHECK(hipGetSymbolAddress(&a, HIP_SYMBOL(stats)));
  CHECK(a == static_cast<void*>(&stats));
  HIP_CHECK(hipGetSymbolSize(&n, HIP_SYMBOL(grid)));
  CHECK_EQ(n, sizeof(int) * 32);
  HIP_CHECK(hipGetSymbolAddress(&a, mv::tail));
  CHECK(a == static_cast<void*>(mv::tail));
  // To and from the symbol, with an offset, and the host sees it at once.
  int row[8] = {1, 2, 3, 4, 5, 6, 7, 8};
  HIP_CHECK(hipMemcpyToSymbol(grid, row, sizeof row, 2 * sizeof row,
                              hipMemcpyHostToDevice));
  CHECK_ARRAY(grid[2], row, 8);
  HIP_CHECK(hipMemcpyToSymbol(HIP_SYMBOL(counted), &row[6], sizeof(int)));
  CHECK_EQ(counted, 7);
  counted = 41;
  int back = 0;
  HIP_CHECK(hipMemcpyFromSymbol(&back, counted, sizeof back));
  CHECK_EQ(back, 41);
  // Asynchronously, and device to device through the symbol's address.
  hipStream_t s;
  HIP_CHECK(hipStreamCreate(&s));
  short three[3] = {-1, -2, -3};
  HIP_CHECK(hipMemcpyToSymbolAsync(mv::tail, three, sizeof three, 0,
                                   hipMemcpyHostToDevice, s));
  HIP_CHECK(hipStreamSynchronize(s));
  CHECK_ARRAY(mv::tail, three, 3);
  int* d = nullptr;
  HIP_CHECK(hipMalloc(&d, sizeof row));
  HIP_CHECK(hipMemcpyAsync(d, grid[2], sizeof row, hipMemcpyDefault, s));
  HIP_CHECK(hipStreamSynchronize(s));
  HIP_CHECK(hipMemcpyFromSymbol(&back, HIP_SYMBOL(grid), sizeof back,
                                2 * sizeof row + 4 * sizeof(int)));
  CHECK_EQ(back, 5);
  int copied[8] = {0};
  HIP_CHECK(hipMemcpy(copied, d, sizeof copied, hipMemcpyDeviceToHost));
  CHECK_ARRAY(copied, row, 8);
  HIP_CHECK(hipFree(d));
  HIP_CHECK(hipStreamDestroy(s));
}

static void test_pointer_attributes() {
  hipPointerAttribute_t at;
  HIP_CHECK(hipPointerGetAttributes(&at, &stats.sum));
  CHECK_EQ(at.type, hipMemoryTypeManaged);
  CHECK_EQ(at.isManaged, 1);
  CHECK(at.hostPointer == static_cast<void*>(&stats.sum));
  CHECK(at.devicePointer == static_cast<void*>(&stats.sum));
  HIP_CHECK(hipPointerGetAttributes(&at, grid[3]));
  CHECK_EQ(at.type, hipMemoryTypeManaged);
  // The variable belongs to the program: neither freed nor unregistered.
  CHECK_ERR(hipFree(&stats), hipErrorInvalidValue);
  CHECK_ERR(hipHostUnregister(&stats), hipErrorHostMemoryNotRegistered);
  CHECK_ERR(hipHostRegister(&counted, sizeof counted, 0),
            hipErrorHostMemoryAlreadyRegistered);
  // Still usable afterwards, and after a device reset (which frees the
  // device's allocations, not the program's variables).
  counted = 1;
  count<<<1, 1>>>(2);
  HIP_CHECK(hipDeviceSynchronize());
  CHECK_EQ(counted, 3);
  HIP_CHECK(hipDeviceReset());
  count<<<1, 1>>>(4);
  HIP_CHECK(hipDeviceSynchronize());
  CHECK_EQ(counted, 7);
  HIP_CHECK(hipPointerGetAttributes(&at, &counted));
  CHECK_EQ(at.type, hipMemoryTypeManaged);
}

int main() {
  test_initialisers();
  test_host_and_kernels_share();
  test_every_device_shares();
  test_symbol_api();
  test_pointer_attributes();
  return test_summary("managed_vars");
}
