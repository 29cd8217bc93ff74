// hipStreamAttachMemAsync: managed memory (hipMallocManaged and a
// __managed__ variable) attached to the null, per-thread and a created
// stream, then written by a kernel on that stream and read on the host; and
// AMD's error codes for everything it refuses.
#include "common.h"

__device__ __managed__ int counts[256];

__global__ void fill(int* p, int n, int v) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) p[i] = v + i;
}

int main() {
  hipStream_t created;
  HIP_CHECK(hipStreamCreate(&created));
  hipStream_t streams[] = {nullptr, hipStreamPerThread, created};
  for (int s = 0; s < 3; ++s) {
    hipStream_t st = streams[s];
    int* m = nullptr;
    HIP_CHECK(hipMallocManaged(&m, 256 * sizeof(int), hipMemAttachHost));
    // The whole allocation: length 0 or its size, from its start. Single
    // needs a stream of its own (the null stream: hipErrorInvalidValue,
    // as hip-tests expects of AMD's runtime).
    CHECK_ERR(hipStreamAttachMemAsync(st, m, 0, hipMemAttachSingle),
              st ? hipSuccess : hipErrorInvalidValue);
    CHECK_ERR(hipStreamAttachMemAsync(st, m, 256 * sizeof(int), hipMemAttachGlobal),
              hipSuccess);
    // Not from the allocation's start.
    CHECK_ERR(hipStreamAttachMemAsync(st, m + 5, 0, hipMemAttachHost),
              hipErrorInvalidValue);
    HIP_CHECK(hipStreamSynchronize(st));
    fill<<<2, 128, 0, st>>>(m, 256, 100 * s);
    HIP_CHECK(hipStreamSynchronize(st));
    int bad = 0;
    for (int i = 0; i < 256; ++i) bad += m[i] != 100 * s + i;
    CHECK_EQ(bad, 0);
    // Refused: NULL, hipc's memory that is not managed, a part of the
    // allocation, flags other than exactly one of the three. Pageable
    // memory (not hipc's) is attached, with its length, where the device
    // reads pageable memory, as AMD's runtime does.
    int local = 0, pageable = 0;
    HIP_CHECK(hipDeviceGetAttribute(&pageable, hipDeviceAttributePageableMemoryAccess, 0));
    CHECK_ERR(hipStreamAttachMemAsync(st, nullptr, 4, hipMemAttachSingle),
              hipErrorInvalidValue);
    CHECK_ERR(hipStreamAttachMemAsync(st, &local, sizeof local, hipMemAttachGlobal),
              pageable ? hipSuccess : hipErrorInvalidValue);
    CHECK_ERR(hipStreamAttachMemAsync(st, &local, 0, hipMemAttachGlobal),
              hipErrorInvalidValue);
    int* d = nullptr;
    HIP_CHECK(hipMalloc(&d, 64));
    CHECK_ERR(hipStreamAttachMemAsync(st, d, 0, hipMemAttachSingle), hipErrorInvalidValue);
    HIP_CHECK(hipFree(d));
    CHECK_ERR(hipStreamAttachMemAsync(st, m, 4, hipMemAttachSingle), hipErrorInvalidValue);
    CHECK_ERR(hipStreamAttachMemAsync(st, m + 1, 255 * sizeof(int), hipMemAttachSingle),
              hipErrorInvalidValue);
    CHECK_ERR(hipStreamAttachMemAsync(st, m, 0, 0), hipErrorInvalidValue);
    CHECK_ERR(hipStreamAttachMemAsync(st, m, 0, hipMemAttachSingle | hipMemAttachHost),
              hipErrorInvalidValue);
    CHECK_ERR(hipStreamAttachMemAsync(st, m, 0, 8), hipErrorInvalidValue);
    HIP_CHECK(hipFree(m));
  }
  // A __managed__ variable is a managed allocation of its own size.
  CHECK_ERR(hipStreamAttachMemAsync(created, counts, sizeof counts, hipMemAttachSingle),
            hipSuccess);
  CHECK_ERR(hipStreamAttachMemAsync(created, counts, sizeof counts - 1, hipMemAttachSingle),
            hipErrorInvalidValue);
  fill<<<1, 256, 0, created>>>(counts, 256, 7);
  HIP_CHECK(hipStreamSynchronize(created));
  int bad = 0;
  for (int i = 0; i < 256; ++i) bad += counts[i] != 7 + i;
  CHECK_EQ(bad, 0);
  // A destroyed stream.
  HIP_CHECK(hipStreamDestroy(created));
  CHECK_ERR(hipStreamAttachMemAsync(created, counts, 0, hipMemAttachSingle),
            hipErrorContextIsDestroyed);
  return test_summary("stream_attach_mem");
}
