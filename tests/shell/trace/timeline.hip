// The program tests/shell/trace.sh traces: kernels on two streams and the
// null stream, copies and fills, synchronisations, roctx ranges and
// marks, and a second host thread. It checks its own results, then
// prints, as JSON on stdout, what it did, for tests/shell/trace/check.py
// to find in the trace.
#include <hip/hip_runtime.h>
#include <roctracer/roctx.h>

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#define N 4096

__global__ void scale(float* x, float a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] *= a;
}

__global__ void offset(int* x, int d, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] += d;
}

__global__ void fill(int* x, int v, int n) {
  extern __shared__ int tmp[];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  tmp[threadIdx.x] = v;
  __syncthreads();
  if (i < n) x[i] = tmp[threadIdx.x];
}

#define CHECK(x)                                                    \
  do {                                                              \
    hipError_t e_ = (x);                                            \
    if (e_ != hipSuccess) {                                         \
      fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__,            \
              hipGetErrorName(e_));                                 \
      exit(1);                                                      \
    }                                                               \
  } while (0)

static int* worker_buf;

// A second host thread: one range, one copy.
static void* worker(void*) {
  roctxNameOsThread("worker");
  if (roctxRangePushA("worker") != 0) exit(2);
  static int h[N];
  CHECK(hipMemcpy(h, worker_buf, sizeof h, hipMemcpyDeviceToHost));
  if (roctxRangePop() != 0) exit(3);
  for (int i = 0; i < N; ++i)
    if (h[i] != 5) exit(4);
  return NULL;
}

int main() {
  static float hf[N];
  static int hi[N], hz[N];
  for (int i = 0; i < N; ++i) hf[i] = (float)i;
  float* df;
  int *di, *dz;
  CHECK(hipMalloc(&df, N * sizeof(float)));
  CHECK(hipMalloc(&di, N * sizeof(int)));
  CHECK(hipMalloc(&dz, N * sizeof(int)));
  hipStream_t s1, s2;
  CHECK(hipStreamCreate(&s1));
  CHECK(hipStreamCreateWithFlags(&s2, hipStreamNonBlocking));

  if (roctxRangePushA("outer") != 0) return 5;
  CHECK(hipMemcpy(df, hf, sizeof hf, hipMemcpyHostToDevice));      // HtoD 1
  if (roctxRangePushA("inner") != 1) return 6;
  for (int k = 0; k < 3; ++k) scale<<<N / 256, 256, 0, s1>>>(df, 2.0f, N);
  CHECK(hipMemsetAsync(di, 0, N * sizeof(int), s2));                // memset 1
  for (int k = 0; k < 2; ++k) offset<<<N / 128, 128, 0, s2>>>(di, 3, N);
  if (roctxRangePop() != 1) return 7;
  roctxMarkA("launched");
  CHECK(hipStreamSynchronize(s1));
  CHECK(hipStreamSynchronize(s2));
  if (roctxRangePop() != 0) return 8;
  if (roctxRangePop() != -1) return 9;

  roctx_range_id_t r = roctxRangeStartA("null stream work");
  CHECK(hipMemset(dz, 0, N * sizeof(int)));                         // memset 2
  fill<<<N / 64, 64, 64 * sizeof(int), 0>>>(dz, 5, N);
  CHECK(hipDeviceSynchronize());
  roctxRangeStop(r);

  CHECK(hipMemcpyAsync(hf, df, sizeof hf, hipMemcpyDeviceToHost, s1)); // DtoH 1
  CHECK(hipMemcpyAsync(hi, di, sizeof hi, hipMemcpyDeviceToHost, s2)); // DtoH 2
  CHECK(hipStreamSynchronize(s1));
  CHECK(hipStreamSynchronize(s2));
  CHECK(hipMemcpy(hz, dz, sizeof hz, hipMemcpyDeviceToHost));       // DtoH 3

  worker_buf = dz;
  pthread_t t;
  if (pthread_create(&t, NULL, worker, NULL) != 0) return 10;       // DtoH 4
  pthread_join(t, NULL);

  for (int i = 0; i < N; ++i)
    if (hf[i] != 8.0f * (float)i || hi[i] != 6 || hz[i] != 5) {
      fprintf(stderr, "wrong result at %d: %g %d %d\n", i, hf[i], hi[i],
              hz[i]);
      return 11;
    }
  CHECK(hipStreamDestroy(s1));
  CHECK(hipStreamDestroy(s2));
  CHECK(hipFree(df));
  CHECK(hipFree(di));
  CHECK(hipFree(dz));

  printf("{\"kernels\":{\"scale\":3,\"offset\":2,\"fill\":1},"
         "\"kernel_streams\":{\"scale\":\"%p\",\"offset\":\"%p\","
         "\"fill\":\"0x0\"},"
         "\"memcpy\":{\"HtoD\":1,\"DtoH\":4},\"memset\":2,"
         "\"api\":{\"hipLaunchKernel\":6,\"hipMemcpy\":3,"
         "\"hipMemcpyAsync\":2,\"hipMemsetAsync\":1,\"hipMemset\":1,"
         "\"hipStreamSynchronize\":4,\"hipDeviceSynchronize\":1,"
         "\"hipStreamCreate\":1,\"hipStreamCreateWithFlags\":1,"
         "\"hipStreamDestroy\":2,\"hipMalloc\":3,\"hipFree\":3},"
         "\"ranges\":{\"outer\":0,\"inner\":1,\"worker\":0},"
         "\"marks\":[\"launched\"],\"async\":[\"null stream work\"],"
         "\"threads\":2}\n",
         (void*)s1, (void*)s2);
  return 0;
}
