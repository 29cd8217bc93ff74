/* Between GPUs: peer access (cuDeviceCanAccessPeer, cuCtxEnablePeerAccess,
 * cuCtxDisablePeerAccess on the primary contexts), peer copies
 * (cuMemcpyPeerAsync) and the PCI address of a GPU. Which peers are
 * enabled is the runtime's record (src/runtime/peer.c); the driver's own
 * "already enabled" and "not enabled" answers are therefore taken as
 * done. */
#include <stdint.h>

#include "cuda_backend.h"

hipError_t hipc__cuda_peer_can_access(hipc_device* dev, hipc_device* peer,
                                      int* out) {
  cuda_device *a = dev->impl, *b = peer->impl;
  int can = 0;
  CUresult r = hipc_cu.DeviceCanAccessPeer(&can, a->cu, b->cu);
  if (r != CUDA_SUCCESS) return hipc__cuda_error(r);
  *out = can != 0;
  return hipSuccess;
}

hipError_t hipc__cuda_peer_access(hipc_device* dev, hipc_device* peer,
                                  int enable) {
  cuda_device *a = dev->impl, *b = peer->impl;
  CUcontext bc;
  CUresult r = hipc__cuda_context(b, &bc); /* the peer's, then a bound */
  if (r == CUDA_SUCCESS) r = hipc__cuda_bind(a);
  if (r != CUDA_SUCCESS) return hipc__cuda_error(r);
  if (enable) {
    r = hipc_cu.CtxEnablePeerAccess(bc, 0);
    if (r == CUDA_ERROR_PEER_ACCESS_ALREADY_ENABLED) r = CUDA_SUCCESS;
  } else {
    r = hipc_cu.CtxDisablePeerAccess(bc);
    if (r == CUDA_ERROR_PEER_ACCESS_NOT_ENABLED) r = CUDA_SUCCESS;
  }
  return r == CUDA_SUCCESS ? hipSuccess : hipc__cuda_error(r);
}

hipError_t hipc__cuda_peer_copy(hipc_queue* q, void* dst,
                                hipc_device* dst_dev, const void* src,
                                hipc_device* src_dev, size_t n,
                                int blocking) {
  CUcontext dc, sc;
  CUresult r = hipc__cuda_context(dst_dev->impl, &dc);
  if (r == CUDA_SUCCESS) r = hipc__cuda_context(src_dev->impl, &sc);
  if (r == CUDA_SUCCESS) r = hipc__cuda_bind(q->dev);
  if (r == CUDA_SUCCESS)
    r = hipc_cu.MemcpyPeerAsync((CUdeviceptr)(uintptr_t)dst, dc,
                                (CUdeviceptr)(uintptr_t)src, sc, n,
                                q->stream);
  if (r == CUDA_SUCCESS && blocking) r = hipc_cu.StreamSynchronize(q->stream);
  return r == CUDA_SUCCESS ? hipSuccess : hipc__cuda_error(r);
}

hipError_t hipc__cuda_pci_bus_id(hipc_device* dev, char* out, int len) {
  cuda_device* d = dev->impl;
  CUresult r = hipc_cu.DeviceGetPCIBusId(out, len, d->cu);
  return r == CUDA_SUCCESS ? hipSuccess : hipc__cuda_error(r);
}
