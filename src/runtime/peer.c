/* Peer access and copies between devices.
 *
 * Peer access is a backend's matter: two GPUs of the CUDA backend can map
 * each other's memory (cuCtxEnablePeerAccess) where the driver says they
 * can. The CPU device and a GPU never can: a GPU's kernels cannot
 * dereference the CPU device's memory (ordinary pageable host memory;
 * pinned or registered host memory is what GPUs reach, through
 * hipHostMalloc / hipHostRegister), and the CPU device's kernels cannot
 * dereference a GPU's. A device is never its own peer (AMD's rule). The
 * runtime records which peers each device enabled, so that the error codes
 * (hipErrorPeerAccessAlreadyEnabled, hipErrorPeerAccessNotEnabled) are
 * the same for every backend.
 *
 * Copies need no peer access: hipMemcpyPeer and hipMemcpyPeerAsync copy
 * between any two devices. Between device memory of two GPUs they are
 * cuMemcpyPeerAsync; anything else (the CPU device's memory is host
 * memory, so CPU device <-> GPU is a host <-> device copy) goes through
 * the ordinary copy path, which finds each pointer's device itself. */
#include <string.h>

#include "internal.h"

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
/* enabled[a][b]: device a's kernels may reach device b's memory. */
static unsigned char enabled[HIPC_MAX_DEVICES][HIPC_MAX_DEVICES];

static hipError_t can_access(hipc_device* a, hipc_device* b, int* out) {
  *out = 0;
  if (a == b || a->ops != b->ops || !a->ops->peer_can_access)
    return hipSuccess;
  return a->ops->peer_can_access(a, b, out);
}

hipError_t hipDeviceCanAccessPeer(int* canAccessPeer, int deviceId,
                                  int peerDeviceId) {
  HIPC_API_ENTER();
  HIPC_RETURN_IF(!canAccessPeer, hipErrorInvalidValue);
  hipError_t e = hipc__init();
  HIPC_RETURN_IF(e != hipSuccess, e);
  hipc_device* a = hipc__device(deviceId);
  hipc_device* b = hipc__device(peerDeviceId);
  HIPC_RETURN_IF(!a || !b, hipErrorInvalidDevice);
  int can;
  e = can_access(a, b, &can);
  HIPC_RETURN_IF(e != hipSuccess, e);
  *canAccessPeer = can;
  HIPC_RETURN(hipSuccess);
}

/* AMD's checks and codes: NULL outputs and negative ordinals are
 * hipErrorInvalidValue, ordinals past the last device hipErrorInvalidDevice,
 * a device with itself hipErrorInvalidValue. The link (PCIe, NVLink, or
 * one memory for several CPU devices) is not known: hipErrorNotSupported. */
hipError_t hipExtGetLinkTypeAndHopCount(int device1, int device2,
                                        uint32_t* linktype,
                                        uint32_t* hopcount) {
  HIPC_API_ENTER();
  HIPC_RETURN_IF(!linktype || !hopcount || device1 < 0 || device2 < 0,
                 hipErrorInvalidValue);
  hipError_t e = hipc__init();
  HIPC_RETURN_IF(e != hipSuccess, e);
  HIPC_RETURN_IF(!hipc__device(device1) || !hipc__device(device2),
                 hipErrorInvalidDevice);
  HIPC_RETURN_IF(device1 == device2, hipErrorInvalidValue);
  HIPC_RETURN(hipErrorNotSupported);
}

hipError_t hipDeviceEnablePeerAccess(int peerDeviceId, unsigned int flags) {
  HIPC_API_ENTER();
  hipc_device* cur;
  hipError_t e = hipc__current_device(&cur);
  HIPC_RETURN_IF(e != hipSuccess, e);
  hipc_device* peer = hipc__device(peerDeviceId);
  HIPC_RETURN_IF(!peer, hipErrorInvalidDevice);
  HIPC_RETURN_IF(flags != 0, hipErrorInvalidValue);
  int can;
  e = can_access(cur, peer, &can);
  HIPC_RETURN_IF(e != hipSuccess, e);
  /* Itself, or a device it cannot reach. */
  HIPC_RETURN_IF(!can, hipErrorInvalidDevice);
  pthread_mutex_lock(&lock);
  if (enabled[cur->ordinal][peer->ordinal]) {
    e = hipErrorPeerAccessAlreadyEnabled;
  } else {
    e = cur->ops->peer_access(cur, peer, 1);
    if (e == hipSuccess) enabled[cur->ordinal][peer->ordinal] = 1;
  }
  pthread_mutex_unlock(&lock);
  HIPC_RETURN(e);
}

hipError_t hipDeviceDisablePeerAccess(int peerDeviceId) {
  HIPC_API_ENTER();
  hipc_device* cur;
  hipError_t e = hipc__current_device(&cur);
  HIPC_RETURN_IF(e != hipSuccess, e);
  hipc_device* peer = hipc__device(peerDeviceId);
  HIPC_RETURN_IF(!peer, hipErrorInvalidDevice);
  pthread_mutex_lock(&lock);
  if (!enabled[cur->ordinal][peer->ordinal]) {
    e = hipErrorPeerAccessNotEnabled;
  } else {
    e = cur->ops->peer_access(cur, peer, 0);
    if (e == hipSuccess) enabled[cur->ordinal][peer->ordinal] = 0;
  }
  pthread_mutex_unlock(&lock);
  HIPC_RETURN(e);
}

void hipc__peer_reset(hipc_device* dev) {
  pthread_mutex_lock(&lock);
  for (int p = 0; p < HIPC_MAX_DEVICES; ++p) {
    if (!enabled[dev->ordinal][p]) continue;
    hipc_device* peer = hipc__device(p);
    if (peer) (void)dev->ops->peer_access(dev, peer, 0);
    enabled[dev->ordinal][p] = 0;
  }
  pthread_mutex_unlock(&lock);
}

/* Whether [p, p + n) is device memory of `dev`. */
static int device_memory_of(const void* p, size_t n, const hipc_device* dev) {
  hipc_alloc a;
  return hipc__alloc_find(p, &a) && a.kind == hipMemoryTypeDevice &&
         a.dev == dev && hipc__alloc_in_bounds(p, n);
}

/* The backend's own peer copy applies: device memory of two different
 * devices of one backend that has one, copied on a queue of that backend
 * (`on`). */
static int backend_peer_copy(void* dst, hipc_device* dd, const void* src,
                             hipc_device* sd, size_t n,
                             const hipc_device* on) {
  return dd != sd && dd->ops == sd->ops && on->ops == dd->ops &&
         dd->ops->peer_copy && device_memory_of(dst, n, dd) &&
         device_memory_of(src, n, sd);
}

/* Waits for the work enqueued so far on the null stream of `dev` (and, as
 * the null stream waits for them, its blocking streams). */
static hipError_t drain_null_stream(hipc_device* dev) {
  hipc_work w;
  hipError_t e = hipc__work_begin_null(dev, &w);
  return e == hipSuccess ? hipc__work_end(&w, hipSuccess, 1) : e;
}

/* hipMemcpyPeer (`async` 0) starts after the work already enqueued on the
 * null streams of the current, source and destination devices, and
 * returns once the copy is done; hipMemcpyPeerAsync is ordered on
 * `stream` alone. */
static hipError_t copy_peer(void* dst, int dst_device, const void* src,
                            int src_device, size_t n, hipStream_t stream,
                            int async) {
  hipError_t e = hipc__init();
  if (e != hipSuccess) return e;
  hipc_device* dd = hipc__device(dst_device);
  hipc_device* sd = hipc__device(src_device);
  if (!dd || !sd) return hipErrorInvalidDevice;
  hipc_device* on;
  hipc_queue* q;
  if (async) {
    e = hipc__stream_resolve(stream, &on, &q);
    if (e != hipSuccess) return e;
  } else {
    on = sd;
  }
  if (n == 0) return hipSuccess;
  if (!dst || !src) return hipErrorInvalidValue;
  if (!async) {
    hipc_device* cur;
    e = hipc__current_device(&cur);
    if (e == hipSuccess) e = drain_null_stream(cur);
    if (e == hipSuccess && sd != cur) e = drain_null_stream(sd);
    if (e == hipSuccess && dd != cur && dd != sd) e = drain_null_stream(dd);
    if (e != hipSuccess) return e;
  }
  if ((on != sd && on != dd) || !backend_peer_copy(dst, dd, src, sd, n, on))
    return hipc__copy(dst, src, n, hipMemcpyDefault, stream, !async);
  hipc_work w;
  e = async ? hipc__work_begin(stream, &w) : hipc__work_begin_null(sd, &w);
  if (e != hipSuccess) return e;
  e = w.dev->ops->peer_copy(w.q, dst, dd, src, sd, n, 0);
  return hipc__work_end(&w, e, !async);
}

hipError_t hipMemcpyPeer(void* dst, int dstDeviceId, const void* src,
                         int srcDeviceId, size_t sizeBytes) {
  HIPC_API_ENTER();
  HIPC_RETURN(
      copy_peer(dst, dstDeviceId, src, srcDeviceId, sizeBytes, NULL, 0));
}

hipError_t hipMemcpyPeerAsync(void* dst, int dstDeviceId, const void* src,
                              int srcDevice, size_t sizeBytes,
                              hipStream_t stream) {
  HIPC_API_ENTER();
  HIPC_RETURN(
      copy_peer(dst, dstDeviceId, src, srcDevice, sizeBytes, stream, 1));
}
