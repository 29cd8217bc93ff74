/* Stream memory operations, hipEventRecordWithFlags and the driver API's
 * copies on device 0 (the CPU device, or a GPU in GPU runs):
 *
 * - hipStreamWaitValue32/64 hold a stream's later work (a fill and a
 *   hipStreamWriteValue) back until the host writes a value that meets
 *   the condition: Gte, Eq, And and Nor, 32 and 64 bits, with masks on the
 *   CPU device (NVIDIA's driver has no masks: full masks there);
 * - the error codes of NULL, misaligned and untracked pointers, flags and
 *   streams;
 * - hipMemcpyParam2D and hipDrvMemcpy3D between host memory, device
 *   memory and an array, at offsets, against copies made on the host. */
#define _POSIX_C_SOURCE 200809L
#include <stdint.h>
#include <stdlib.h>
#include <time.h>

#include "check.h"

static void pause_ms(int ms) {
  struct timespec ts = {0, ms * 1000000L};
  nanosleep(&ts, NULL);
}

static int is_gpu(void) {
  hipDeviceProp_t p;
  CHECK_ERR(hipGetDeviceProperties(&p, 0), hipSuccess);
  return strncmp(p.gcnArchName, "sm_", 3) == 0;
}

/* Waits on `sig` for `cond`, then fills and writes; the host stores
 * `no` (the stream stays blocked) then `yes`. */
static void wait_case(volatile uint32_t* sig, unsigned cond, uint32_t value,
                      uint32_t mask, uint32_t no, uint32_t yes) {
  hipStream_t s;
  CHECK_ERR(hipStreamCreate(&s), hipSuccess);
  uint32_t* done = (uint32_t*)sig + 1;
  sig[0] = no;
  sig[1] = 0;
  CHECK_ERR(hipStreamWaitValue32(s, (void*)sig, value, cond, mask),
            hipSuccess);
  CHECK_ERR(hipStreamWriteValue32(s, done, 77, 0), hipSuccess);
  pause_ms(20);
  CHECK_ERR(hipStreamQuery(s), hipErrorNotReady);
  CHECK_EQ(__atomic_load_n(done, __ATOMIC_ACQUIRE), 0);
  __atomic_store_n((uint32_t*)sig, yes, __ATOMIC_RELEASE);
  CHECK_ERR(hipStreamSynchronize(s), hipSuccess);
  CHECK_EQ(__atomic_load_n(done, __ATOMIC_ACQUIRE), 77);
  CHECK_ERR(hipStreamDestroy(s), hipSuccess);
}

static void test_wait_write(void) {
  int gpu = is_gpu();
  uint32_t* sig;
  CHECK_ERR(hipHostMalloc((void**)&sig, 64, 0), hipSuccess);
  wait_case(sig, hipStreamWaitValueGte, 5, ~0u, 4, 5);
  wait_case(sig, hipStreamWaitValueEq, 9, ~0u, 8, 9);
  wait_case(sig, hipStreamWaitValueAnd, 0x4, ~0u, 0x3, 0x6);
  wait_case(sig, hipStreamWaitValueNor, 0xFFFF0000u, ~0u, 0x0000FFFFu, 0);
  if (!gpu) { /* masks: AMD's, not NVIDIA's */
    wait_case(sig, hipStreamWaitValueEq, 0x0F00, 0xFF00, 0x1F00, 0xAB0F00);
    wait_case(sig, hipStreamWaitValueGte, 0x30, 0xF0, 0x12F, 0x31);
  }

  /* 64 bits, and a fill held back with the write. */
  uint64_t* sig64 = (uint64_t*)(sig + 4);
  uint64_t* out64 = (uint64_t*)(sig + 8);
  *sig64 = 0;
  *out64 = 0;
  unsigned char* d;
  CHECK_ERR(hipMalloc((void**)&d, 256), hipSuccess);
  CHECK_ERR(hipMemset(d, 0, 256), hipSuccess);
  hipStream_t s;
  CHECK_ERR(hipStreamCreate(&s), hipSuccess);
  CHECK_ERR(hipStreamWaitValue64(s, sig64, 1ull << 40, hipStreamWaitValueGte,
                                 ~0ull),
            hipSuccess);
  CHECK_ERR(hipMemsetAsync(d, 0x5c, 256, s), hipSuccess);
  CHECK_ERR(hipStreamWriteValue64(s, out64, 0x123456789abcdefull, 0),
            hipSuccess);
  pause_ms(20);
  CHECK_ERR(hipStreamQuery(s), hipErrorNotReady);
  __atomic_store_n(sig64, (1ull << 40) - 1, __ATOMIC_RELEASE);
  pause_ms(5);
  CHECK_EQ(__atomic_load_n(out64, __ATOMIC_ACQUIRE), 0);
  __atomic_store_n(sig64, 1ull << 41, __ATOMIC_RELEASE);
  CHECK_ERR(hipStreamSynchronize(s), hipSuccess);
  CHECK_EQ(*out64, 0x123456789abcdefull);
  unsigned char h[256];
  CHECK_ERR(hipMemcpy(h, d, 256, hipMemcpyDeviceToHost), hipSuccess);
  CHECK(h[0] == 0x5c && h[255] == 0x5c);

  /* Errors. */
  uint32_t local = 0;
  CHECK_ERR(hipStreamWaitValue32(s, NULL, 1, 0, ~0u), hipErrorInvalidValue);
  CHECK_ERR(hipStreamWaitValue32(s, (char*)sig + 2, 1, 0, ~0u),
            hipErrorInvalidValue);
  CHECK_ERR(hipStreamWaitValue64(s, sig + 1, 1, 0, ~0ull),
            hipErrorInvalidValue);
  CHECK_ERR(hipStreamWaitValue32(s, sig, 1, 4, ~0u), hipErrorInvalidValue);
  CHECK_ERR(hipStreamWriteValue32(s, sig, 1, 1), hipErrorInvalidValue);
  CHECK_ERR(hipStreamWriteValue32(s, NULL, 1, 0), hipErrorInvalidValue);
  if (!gpu)
    CHECK_ERR(hipStreamWriteValue32(s, &local, 1, 0), hipErrorInvalidValue);
  CHECK_ERR(hipStreamWriteValue64(s, d + 250, 1, 0), hipErrorInvalidValue);
  hipStream_t gone;
  CHECK_ERR(hipStreamCreate(&gone), hipSuccess);
  CHECK_ERR(hipStreamDestroy(gone), hipSuccess);
  CHECK_ERR(hipStreamWriteValue32(gone, sig, 1, 0), hipErrorContextIsDestroyed);
  /* The null stream works too. */
  CHECK_ERR(hipStreamWriteValue32(NULL, sig + 2, 31, 0), hipSuccess);
  CHECK_ERR(hipDeviceSynchronize(), hipSuccess);
  CHECK_EQ(sig[2], 31);

  /* hipEventRecordWithFlags. */
  hipEvent_t ev;
  CHECK_ERR(hipEventCreate(&ev), hipSuccess);
  CHECK_ERR(hipEventRecordWithFlags(ev, s, hipEventRecordDefault),
            hipSuccess);
  CHECK_ERR(hipEventRecordWithFlags(ev, s, hipEventRecordExternal),
            hipSuccess);
  CHECK_ERR(hipEventSynchronize(ev), hipSuccess);
  CHECK_ERR(hipEventRecordWithFlags(ev, s, 2), hipErrorInvalidValue);
  CHECK_ERR(hipEventRecordWithFlags(NULL, s, 0), hipErrorInvalidHandle);
  CHECK_ERR(hipEventDestroy(ev), hipSuccess);
  CHECK_ERR(hipStreamDestroy(s), hipSuccess);
  CHECK_ERR(hipFree(d), hipSuccess);
  CHECK_ERR(hipHostFree(sig), hipSuccess);
}

static void test_copies(void) {
  enum { W = 40, H = 12, D = 5, PITCH = 64 };
  unsigned char src[D][H][W], back[D][H][W];
  for (int z = 0; z < D; ++z)
    for (int y = 0; y < H; ++y)
      for (int x = 0; x < W; ++x) src[z][y][x] = (unsigned char)(x + 3 * y + 7 * z);

  /* 2D: a 10 x 4 box of src (at x 5, y 2) into device rows of PITCH
   * bytes at x 8, y 1; back to host. */
  unsigned char* dev;
  CHECK_ERR(hipMalloc((void**)&dev, PITCH * H * D), hipSuccess);
  CHECK_ERR(hipMemset(dev, 0, PITCH * H * D), hipSuccess);
  hip_Memcpy2D c;
  memset(&c, 0, sizeof c);
  c.srcMemoryType = hipMemoryTypeHost;
  c.srcHost = src[0];
  c.srcPitch = W;
  c.srcXInBytes = 5;
  c.srcY = 2;
  c.dstMemoryType = hipMemoryTypeDevice;
  c.dstDevice = dev;
  c.dstPitch = PITCH;
  c.dstXInBytes = 8;
  c.dstY = 1;
  c.WidthInBytes = 10;
  c.Height = 4;
  CHECK_ERR(hipMemcpyParam2D(&c), hipSuccess);
  unsigned char rows[H][PITCH];
  CHECK_ERR(hipMemcpy(rows, dev, sizeof rows, hipMemcpyDeviceToHost),
            hipSuccess);
  int ok = 1;
  for (int y = 0; y < H; ++y)
    for (int x = 0; x < PITCH; ++x) {
      int in = y >= 1 && y < 5 && x >= 8 && x < 18;
      ok &= rows[y][x] == (in ? src[0][y - 1 + 2][x - 8 + 5] : 0);
    }
  CHECK(ok);
  /* Device to host, async on a stream, unified memory type. */
  hip_Memcpy2D b;
  memset(&b, 0, sizeof b);
  memset(back, 0, sizeof back);
  b.srcMemoryType = hipMemoryTypeUnified;
  b.srcDevice = dev;
  b.srcPitch = PITCH;
  b.srcXInBytes = 8;
  b.srcY = 1;
  b.dstMemoryType = hipMemoryTypeHost;
  b.dstHost = back[0];
  b.dstPitch = W;
  b.WidthInBytes = 10;
  b.Height = 4;
  hipStream_t s;
  CHECK_ERR(hipStreamCreate(&s), hipSuccess);
  CHECK_ERR(hipMemcpyParam2DAsync(&b, s), hipSuccess);
  CHECK_ERR(hipStreamSynchronize(s), hipSuccess);
  ok = 1;
  for (int y = 0; y < 4; ++y)
    for (int x = 0; x < 10; ++x) ok &= back[0][y][x] == src[0][y + 2][x + 5];
  CHECK(ok);

  /* Through an array of 4-byte elements: host -> array -> host. */
  hipArray_t arr;
  hipChannelFormatDesc f = hipCreateChannelDesc(32, 0, 0, 0,
                                                hipChannelFormatKindUnsigned);
  CHECK_ERR(hipMallocArray(&arr, &f, 8, 6, 0), hipSuccess);
  uint32_t in[6][8], out[6][8];
  for (int y = 0; y < 6; ++y)
    for (int x = 0; x < 8; ++x) in[y][x] = (uint32_t)(100 * y + x);
  memset(&c, 0, sizeof c);
  c.srcMemoryType = hipMemoryTypeHost;
  c.srcHost = in;
  c.srcPitch = sizeof in[0];
  c.dstMemoryType = hipMemoryTypeArray;
  c.dstArray = arr;
  c.WidthInBytes = sizeof in[0];
  c.Height = 6;
  CHECK_ERR(hipMemcpyParam2D(&c), hipSuccess);
  memset(out, 0, sizeof out);
  memset(&b, 0, sizeof b);
  b.srcMemoryType = hipMemoryTypeArray;
  b.srcArray = arr;
  b.srcXInBytes = 2 * sizeof(uint32_t);
  b.srcY = 1;
  b.dstMemoryType = hipMemoryTypeHost;
  b.dstHost = out;
  b.dstPitch = sizeof out[0];
  b.WidthInBytes = 3 * sizeof(uint32_t);
  b.Height = 4;
  CHECK_ERR(hipMemcpyParam2D(&b), hipSuccess);
  ok = 1;
  for (int y = 0; y < 4; ++y)
    for (int x = 0; x < 3; ++x) ok &= out[y][x] == in[y + 1][x + 2];
  CHECK(ok);
  b.srcXInBytes = 3; /* not a whole element */
  CHECK_ERR(hipMemcpyParam2D(&b), hipErrorInvalidValue);
  CHECK_ERR(hipFreeArray(arr), hipSuccess);

  /* 3D: a 20 x 6 x 3 box at (4, 3, 1) of src into device slices of
   * H rows of PITCH bytes at (2, 2, 1); back with hipDrvMemcpy3DAsync. */
  CHECK_ERR(hipMemset(dev, 0, PITCH * H * D), hipSuccess);
  HIP_MEMCPY3D m;
  memset(&m, 0, sizeof m);
  m.srcMemoryType = hipMemoryTypeHost;
  m.srcHost = src;
  m.srcPitch = W;
  m.srcHeight = H;
  m.srcXInBytes = 4;
  m.srcY = 3;
  m.srcZ = 1;
  m.dstMemoryType = hipMemoryTypeDevice;
  m.dstDevice = dev;
  m.dstPitch = PITCH;
  m.dstHeight = H;
  m.dstXInBytes = 2;
  m.dstY = 2;
  m.dstZ = 1;
  m.WidthInBytes = 20;
  m.Height = 6;
  m.Depth = 3;
  CHECK_ERR(hipDrvMemcpy3D(&m), hipSuccess);
  HIP_MEMCPY3D r;
  memset(&r, 0, sizeof r);
  memset(back, 0, sizeof back);
  r.srcMemoryType = hipMemoryTypeDevice;
  r.srcDevice = dev;
  r.srcPitch = PITCH;
  r.srcHeight = H;
  r.srcXInBytes = 2;
  r.srcY = 2;
  r.srcZ = 1;
  r.dstMemoryType = hipMemoryTypeHost;
  r.dstHost = back;
  r.dstPitch = W;
  r.dstHeight = H;
  r.WidthInBytes = 20;
  r.Height = 6;
  r.Depth = 3;
  CHECK_ERR(hipDrvMemcpy3DAsync(&r, s), hipSuccess);
  CHECK_ERR(hipStreamSynchronize(s), hipSuccess);
  ok = 1;
  for (int z = 0; z < 3; ++z)
    for (int y = 0; y < 6; ++y)
      for (int x = 0; x < 20; ++x)
        ok &= back[z][y][x] == src[z + 1][y + 3][x + 4];
  CHECK(ok);
  /* Nothing else of the device buffer was written. */
  static unsigned char all[D][H][PITCH];
  CHECK_ERR(hipMemcpy(all, dev, sizeof all, hipMemcpyDeviceToHost),
            hipSuccess);
  size_t nonzero = 0;
  for (int z = 0; z < D; ++z)
    for (int y = 0; y < H; ++y)
      for (int x = 0; x < PITCH; ++x) nonzero += all[z][y][x] != 0;
  size_t zeros_in_box = 0; /* src values that happen to be 0 */
  for (int z = 0; z < 3; ++z)
    for (int y = 0; y < 6; ++y)
      for (int x = 0; x < 20; ++x) zeros_in_box += src[z + 1][y + 3][x + 4] == 0;
  CHECK_EQ(nonzero, 20 * 6 * 3 - zeros_in_box);

  /* Errors. */
  CHECK_ERR(hipMemcpyParam2D(NULL), hipErrorInvalidValue);
  CHECK_ERR(hipDrvMemcpy3D(NULL), hipErrorInvalidValue);
  r.srcMemoryType = (hipMemoryType)7;
  CHECK_ERR(hipDrvMemcpy3D(&r), hipErrorInvalidValue);
  r.srcMemoryType = hipMemoryTypeDevice;
  r.srcLOD = 1;
  CHECK_ERR(hipDrvMemcpy3D(&r), hipErrorInvalidValue);
  r.srcLOD = 0;
  r.srcDevice = NULL;
  CHECK_ERR(hipDrvMemcpy3D(&r), hipErrorInvalidValue);
  CHECK_ERR(hipStreamDestroy(s), hipSuccess);
  CHECK_ERR(hipFree(dev), hipSuccess);
}

int main(void) {
  CHECK_ERR(hipSetDevice(0), hipSuccess);
  test_wait_write();
  test_copies();
  return check_summary("test_stream_memops");
}
