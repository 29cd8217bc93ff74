/* Peer access and copies between devices, over every pair of devices the
 * program sees (the CPU device alone: the one pair (0, 0); on a GPU
 * machine: every GPU and the CPU device). Device memory is only reached
 * through copies, so every check holds on any device:
 *
 * - hipDeviceCanAccessPeer: a device is not its own peer; the CPU device
 *   and a GPU never are (README, "Multiple devices"); bad ordinals and a
 *   NULL result are errors.
 * - hipDeviceEnablePeerAccess / hipDeviceDisablePeerAccess: AMD's codes
 *   (bad ordinal, flags, itself or an unreachable device, twice, never
 *   enabled), and hipDeviceReset forgetting what was enabled.
 * - hipMemcpyPeer, hipMemcpyPeerAsync, and hipMemcpy / hipMemcpyAsync with
 *   hipMemcpyDefault and hipMemcpyDeviceToDevice, from each device's
 *   memory to each device's (itself included), at odd sizes and offsets,
 *   from threads whose current device is the source, the destination or
 *   another one; every byte compared with a pattern made on the host. */
#include <stdint.h>
#include <stdlib.h>

#include "check.h"

static int ndev;

/* Whether `d` is an NVIDIA GPU (else: the CPU device). */
static int is_gpu(int d) {
  hipDeviceProp_t p;
  CHECK_ERR(hipGetDeviceProperties(&p, d), hipSuccess);
  return strncmp(p.gcnArchName, "sm_", 3) == 0;
}

static void fill_pattern(unsigned char* p, size_t n, unsigned seed) {
  uint32_t x = seed * 2654435761u + 1;
  for (size_t i = 0; i < n; ++i) {
    x = x * 1664525u + 1013904223u;
    p[i] = (unsigned char)(x >> 24);
  }
}

static void test_can_access(void) {
  int can = -1;
  CHECK_ERR(hipDeviceCanAccessPeer(NULL, 0, 0), hipErrorInvalidValue);
  CHECK_ERR(hipDeviceCanAccessPeer(&can, -1, 0), hipErrorInvalidDevice);
  CHECK_ERR(hipDeviceCanAccessPeer(&can, 0, ndev), hipErrorInvalidDevice);
  CHECK_ERR(hipDeviceCanAccessPeer(&can, ndev, 0), hipErrorInvalidDevice);
  for (int a = 0; a < ndev; ++a)
    for (int b = 0; b < ndev; ++b) {
      can = -1;
      CHECK_ERR(hipDeviceCanAccessPeer(&can, a, b), hipSuccess);
      printf("device %d can access device %d: %d\n", a, b, can);
      if (a == b || !is_gpu(a) || !is_gpu(b)) {
        CHECK_EQ(can, 0);
      } else {
        CHECK(can == 0 || can == 1);
        /* The driver's answer is symmetric between two GPUs. */
        int back = -1;
        CHECK_ERR(hipDeviceCanAccessPeer(&back, b, a), hipSuccess);
        CHECK_EQ(back, can);
      }
    }
}

static void test_enable_disable(void) {
  CHECK_ERR(hipSetDevice(0), hipSuccess);
  CHECK_ERR(hipDeviceEnablePeerAccess(-1, 0), hipErrorInvalidDevice);
  CHECK_ERR(hipDeviceEnablePeerAccess(ndev, 0), hipErrorInvalidDevice);
  CHECK_ERR(hipDeviceEnablePeerAccess(0, 1), hipErrorInvalidValue);
  CHECK_ERR(hipDeviceDisablePeerAccess(-1), hipErrorInvalidDevice);
  CHECK_ERR(hipDeviceDisablePeerAccess(ndev), hipErrorInvalidDevice);
  for (int a = 0; a < ndev; ++a) {
    CHECK_ERR(hipSetDevice(a), hipSuccess);
    /* Itself: not a peer. */
    CHECK_ERR(hipDeviceEnablePeerAccess(a, 0), hipErrorInvalidDevice);
    CHECK_ERR(hipDeviceDisablePeerAccess(a), hipErrorPeerAccessNotEnabled);
    for (int b = 0; b < ndev; ++b) {
      if (b == a) continue;
      int can = 0;
      CHECK_ERR(hipDeviceCanAccessPeer(&can, a, b), hipSuccess);
      CHECK_ERR(hipDeviceDisablePeerAccess(b), hipErrorPeerAccessNotEnabled);
      if (!can) {
        CHECK_ERR(hipDeviceEnablePeerAccess(b, 0), hipErrorInvalidDevice);
        CHECK_ERR(hipDeviceDisablePeerAccess(b),
                  hipErrorPeerAccessNotEnabled);
        continue;
      }
      CHECK_ERR(hipDeviceEnablePeerAccess(b, 1), hipErrorInvalidValue);
      CHECK_ERR(hipDeviceEnablePeerAccess(b, 0), hipSuccess);
      CHECK_ERR(hipDeviceEnablePeerAccess(b, 0),
                hipErrorPeerAccessAlreadyEnabled);
      CHECK_ERR(hipDeviceDisablePeerAccess(b), hipSuccess);
      CHECK_ERR(hipDeviceDisablePeerAccess(b), hipErrorPeerAccessNotEnabled);
      /* hipDeviceReset ends it too. */
      CHECK_ERR(hipDeviceEnablePeerAccess(b, 0), hipSuccess);
      CHECK_ERR(hipDeviceReset(), hipSuccess);
      CHECK_ERR(hipDeviceDisablePeerAccess(b), hipErrorPeerAccessNotEnabled);
      CHECK_ERR(hipDeviceEnablePeerAccess(b, 0), hipSuccess);
      CHECK_ERR(hipDeviceDisablePeerAccess(b), hipSuccess);
    }
  }
  CHECK_ERR(hipSetDevice(0), hipSuccess);
}

/* n bytes of device memory on `d`, filled with the pattern `seed`. */
static unsigned char* device_buffer(int d, size_t n, unsigned seed,
                                    unsigned char* pattern) {
  unsigned char* p = NULL;
  CHECK_ERR(hipSetDevice(d), hipSuccess);
  CHECK_ERR(hipMalloc((void**)&p, n), hipSuccess);
  fill_pattern(pattern, n, seed);
  CHECK_ERR(hipMemcpy(p, pattern, n, hipMemcpyHostToDevice), hipSuccess);
  return p;
}

/* Checks the n bytes of `dev_ptr` (on device d) against `want`. */
static void check_device(int d, const unsigned char* dev_ptr,
                         const unsigned char* want, size_t n) {
  unsigned char* got = malloc(n);
  CHECK_ERR(hipSetDevice(d), hipSuccess);
  CHECK_ERR(hipMemcpy(got, dev_ptr, n, hipMemcpyDeviceToHost), hipSuccess);
  CHECK_MEM(got, want, n);
  free(got);
}

enum { PEER, PEER_ASYNC, DEFAULT, DTOD, DEFAULT_ASYNC, METHODS };

/* One copy of `len` bytes from src + 3 (on device s) to dst + 5 (on d),
 * with `method`, from a thread whose current device is `cur`. */
static void copy_once(int method, int cur, int d, int s, unsigned char* dst,
                      const unsigned char* src, size_t len) {
  CHECK_ERR(hipSetDevice(cur), hipSuccess);
  hipStream_t st = NULL;
  switch (method) {
    case PEER:
      CHECK_ERR(hipMemcpyPeer(dst + 5, d, src + 3, s, len), hipSuccess);
      break;
    case PEER_ASYNC:
      CHECK_ERR(hipStreamCreate(&st), hipSuccess);
      CHECK_ERR(hipMemcpyPeerAsync(dst + 5, d, src + 3, s, len, st),
                hipSuccess);
      CHECK_ERR(hipStreamSynchronize(st), hipSuccess);
      CHECK_ERR(hipStreamDestroy(st), hipSuccess);
      break;
    case DEFAULT:
      CHECK_ERR(hipMemcpy(dst + 5, src + 3, len, hipMemcpyDefault),
                hipSuccess);
      break;
    case DTOD:
      CHECK_ERR(hipMemcpy(dst + 5, src + 3, len, hipMemcpyDeviceToDevice),
                hipSuccess);
      break;
    case DEFAULT_ASYNC:
      CHECK_ERR(hipMemcpyAsync(dst + 5, src + 3, len, hipMemcpyDefault, 0),
                hipSuccess);
      CHECK_ERR(hipDeviceSynchronize(), hipSuccess);
      break;
  }
}

static void test_copies(void) {
  const size_t n = ((size_t)1 << 20) + 13, len = n - 11;
  unsigned char* src_pat = malloc(n);
  unsigned char* dst_pat = malloc(n);
  unsigned char* want = malloc(n);
  for (int s = 0; s < ndev; ++s)
    for (int d = 0; d < ndev; ++d)
      for (int method = 0; method < METHODS; ++method) {
        unsigned seed = (unsigned)(s * 100 + d * 10 + method);
        unsigned char* src = device_buffer(s, n, seed, src_pat);
        unsigned char* dst = device_buffer(d, n, seed + 7, dst_pat);
        /* The current device: the source, the destination, or another. */
        int cur = (s + d + method) % ndev;
        copy_once(method, cur, d, s, dst, src, len);
        memcpy(want, dst_pat, n);
        memcpy(want + 5, src_pat + 3, len);
        check_device(d, dst, want, n);
        /* The source is untouched. */
        check_device(s, src, src_pat, n);
        CHECK_ERR(hipFree(src), hipSuccess);
        CHECK_ERR(hipFree(dst), hipSuccess);
      }
  free(src_pat);
  free(dst_pat);
  free(want);
  CHECK_ERR(hipSetDevice(0), hipSuccess);
}

/* Host memory on either side of a peer copy: the ordinary copy path. */
static void test_host_memory(void) {
  const size_t n = 4099;
  unsigned char* host = malloc(n);
  unsigned char* back = malloc(n);
  fill_pattern(host, n, 99);
  for (int d = 0; d < ndev; ++d) {
    unsigned char* dev = NULL;
    CHECK_ERR(hipSetDevice(d), hipSuccess);
    CHECK_ERR(hipMalloc((void**)&dev, n), hipSuccess);
    CHECK_ERR(hipMemcpyPeer(dev, d, host, 0, n), hipSuccess);
    memset(back, 0, n);
    CHECK_ERR(hipMemcpyPeer(back, 0, dev, d, n), hipSuccess);
    CHECK_MEM(back, host, n);
    CHECK_ERR(hipFree(dev), hipSuccess);
  }
  free(host);
  free(back);
  CHECK_ERR(hipSetDevice(0), hipSuccess);
}

static void test_copy_errors(void) {
  const size_t n = 256;
  unsigned char *a = NULL, *b = NULL;
  unsigned char pat[256];
  a = device_buffer(0, n, 1, pat);
  b = device_buffer(ndev - 1, n, 2, pat);
  int last = ndev - 1;
  CHECK_ERR(hipMemcpyPeer(b, -1, a, 0, n), hipErrorInvalidDevice);
  CHECK_ERR(hipMemcpyPeer(b, last, a, ndev, n), hipErrorInvalidDevice);
  CHECK_ERR(hipMemcpyPeerAsync(b, ndev, a, 0, n, 0), hipErrorInvalidDevice);
  CHECK_ERR(hipMemcpyPeerAsync(b, last, a, -2, n, 0), hipErrorInvalidDevice);
  CHECK_ERR(hipMemcpyPeer(NULL, last, a, 0, n), hipErrorInvalidValue);
  CHECK_ERR(hipMemcpyPeer(b, last, NULL, 0, n), hipErrorInvalidValue);
  CHECK_ERR(hipMemcpyPeerAsync(NULL, last, a, 0, n, 0),
            hipErrorInvalidValue);
  /* Past the end of either allocation: nothing is copied. */
  CHECK_ERR(hipMemcpyPeer(b, last, a, 0, n + 1), hipErrorInvalidValue);
  CHECK_ERR(hipMemcpyPeer(b + 1, last, a, 0, n), hipErrorInvalidValue);
  CHECK_ERR(hipMemcpyPeerAsync(b, last, a + 2, 0, n, 0),
            hipErrorInvalidValue);
  fill_pattern(pat, n, 2);
  check_device(last, b, pat, n);
  /* Nothing to copy. */
  CHECK_ERR(hipMemcpyPeer(b, last, a, 0, 0), hipSuccess);
  CHECK_ERR(hipMemcpyPeerAsync(b, last, a, 0, 0, 0), hipSuccess);
  CHECK_ERR(hipFree(a), hipSuccess);
  CHECK_ERR(hipFree(b), hipSuccess);
  CHECK_ERR(hipSetDevice(0), hipSuccess);
}

/* hipExtGetLinkTypeAndHopCount: AMD's argument checks; no link is known
 * between two devices (hipErrorNotSupported), and the outputs stay. */
static void test_link_type(void) {
  uint32_t type = 77, hops = 77;
  CHECK_ERR(hipExtGetLinkTypeAndHopCount(0, 0, &type, &hops),
            hipErrorInvalidValue);
  CHECK_ERR(hipExtGetLinkTypeAndHopCount(ndev, 0, &type, &hops),
            hipErrorInvalidDevice);
  CHECK_ERR(hipExtGetLinkTypeAndHopCount(0, ndev, &type, &hops),
            hipErrorInvalidDevice);
  CHECK_ERR(hipExtGetLinkTypeAndHopCount(-1, 0, &type, &hops),
            hipErrorInvalidValue);
  CHECK_ERR(hipExtGetLinkTypeAndHopCount(0, -2, &type, &hops),
            hipErrorInvalidValue);
  CHECK_ERR(hipExtGetLinkTypeAndHopCount(0, 1, NULL, &hops),
            hipErrorInvalidValue);
  CHECK_ERR(hipExtGetLinkTypeAndHopCount(0, 1, &type, NULL),
            hipErrorInvalidValue);
  if (ndev > 1)
    CHECK_ERR(hipExtGetLinkTypeAndHopCount(0, 1, &type, &hops),
              hipErrorNotSupported);
  CHECK_EQ(type, 77);
  CHECK_EQ(hops, 77);
}

int main(void) {
  CHECK_ERR(hipGetDeviceCount(&ndev), hipSuccess);
  test_can_access();
  test_enable_disable();
  test_copies();
  test_host_memory();
  test_copy_errors();
  test_link_type();
  return check_summary("test_peer");
}
