/* Copies and fills: linear, pitched (2D) and 3D, blocking or on a stream.
 *
 * Each entry point checks its arguments first (direction, null pointers,
 * pitches, and that no tracked allocation is overrun), then resolves the
 * stream, then hands the work to the backend; a refused call touches no
 * byte.
 *
 * Async copies and pageable memory (memory hipc does not track) follow
 * CUDA's documented rules, which HIP programs rely on: a copy *to* pageable
 * memory returns only once it is done; a copy *from* pageable memory
 * returns once the source has been read (the CPU device stages it in a
 * buffer of its own, or for big copies waits; a GPU's driver stages it
 * itself), so the caller may reuse the source at once. Copies between
 * tracked memory (device, pinned, registered, managed) are fully
 * asynchronous. */
#include <stdlib.h>
#include <string.h>

#include "graph.h"
#include "internal.h"
#include "texture_internal.h"

/* Pageable sources up to this size are staged; bigger ones wait. */
#define STAGE_MAX ((size_t)64 << 20)

/* One side of a copy or fill as the allocation table has it, looked up
 * once per call: each look-up is a walk of the table under its lock, and
 * a copy took six (HeCBench streamCreateCopyDestroy, 5000 live
 * allocations: 3.7 us a 16 KiB copy against nvcc's 2.8 us). */
typedef struct side {
  void* p;
  int tracked;
  hipc_alloc a; /* when tracked */
} side;

static side side_of(const void* p) {
  side s = {(void*)p, 0, {0}};
  s.tracked = p && hipc__alloc_find(p, &s.a);
  return s;
}

static const hipc_alloc* alloc_of(const side* s) {
  return s->tracked ? &s->a : NULL;
}

/* The bytes a pitched region spans: `height` rows of `width` bytes, `pitch`
 * apart; SIZE_MAX when that overflows. */
static size_t span(size_t pitch, size_t width, size_t height) {
  if (height == 0) return 0;
  if (pitch && height - 1 > (SIZE_MAX - width) / pitch) return SIZE_MAX;
  return pitch * (height - 1) + width;
}

static hipError_t check_kind(hipMemcpyKind kind) {
  return !HIPC_KIND_VALID(kind) ? hipErrorInvalidMemcpyDirection
                                           : hipSuccess;
}

/* The device that runs work on `stream` (for the pointer checks). */
static hipError_t stream_device(hipStream_t stream, hipc_device** dev) {
  hipc_queue* q;
  return hipc__stream_resolve(stream, dev, &q);
}

/* Checks the two sides of a copy of `kind` spanning `ds` and `ss` bytes
 * (hipc__check_copy_side). */
static hipError_t check_sides(const side* d, size_t ds, const side* s,
                              size_t ss, hipMemcpyKind kind,
                              hipStream_t stream) {
  hipc_device* dev;
  hipError_t e = stream_device(stream, &dev);
  if (e == hipSuccess)
    e = hipc__check_copy_side_in(dev, d->p, ds, HIPC_KIND_DST_DEVICE(kind),
                                 alloc_of(d));
  if (e == hipSuccess)
    e = hipc__check_copy_side_in(dev, s->p, ss, HIPC_KIND_SRC_DEVICE(kind),
                                 alloc_of(s));
  return e;
}

/* Checks a pitched copy; hipSuccess when it may go ahead. */
static hipError_t check_copy_2d(const side* d, size_t dpitch, const side* s,
                                size_t spitch, size_t width, size_t height,
                                hipMemcpyKind kind, hipStream_t stream) {
  const void* dst = d->p;
  const void* src = s->p;
  static const char* const kinds[] = {
      "hipMemcpyHostToHost", "hipMemcpyHostToDevice", "hipMemcpyDeviceToHost",
      "hipMemcpyDeviceToDevice", "hipMemcpyDefault"};
  HIPC_ARG_PTR("dst", dst);
  HIPC_ARG_PTR("src", src);
  HIPC_ARG_U64("bytes", (uint64_t)width * height);
  HIPC_ARG_STR("kind", (unsigned)kind <= hipMemcpyDefault ? kinds[kind] : "?");
  hipError_t e = check_kind(kind);
  if (e != hipSuccess) return e;
  if (width == 0 || height == 0) return hipSuccess;
  if (!dst || !src) return hipErrorInvalidValue;
  if (height > 1 && (width > dpitch || width > spitch))
    return hipErrorInvalidPitchValue;
  size_t ds = span(dpitch, width, height), ss = span(spitch, width, height);
  if (ds == SIZE_MAX || ss == SIZE_MAX) return hipErrorInvalidValue;
  return check_sides(d, ds, s, ss, kind, stream);
}

static void free_staging(void* p) { free(p); }

/* The device memory of another device than `dev` that `s` points into,
 * or NULL (memory of the CPU device is host memory to everyone). */
static hipc_device* foreign_device(const hipc_device* dev, const side* s) {
  if (!s->tracked || s->a.kind != hipMemoryTypeDevice || s->a.dev == dev ||
      s->a.dev->ops->host_memory)
    return NULL;
  return s->a.dev;
}

/* Begins the work (hipc__work_begin) of a copy (`src` set) or a fill on
 * `stream`: normally on the stream's queue. But the CPU device cannot
 * reach a GPU's memory, and a GPU may not fill another's: such work goes
 * to the null queue of the device that owns the memory, after the
 * stream's earlier work, and blocks (so that it stays in order with the
 * stream's later work). */
static hipError_t work_queue(hipStream_t stream, const side* dst,
                             const side* src, hipc_work* w, int* blocking) {
  hipError_t e = hipc__work_begin(stream, w);
  if (e != hipSuccess) return e;
  hipc_device* owner = foreign_device(w->dev, dst);
  if (!owner && src && w->dev->ops->host_memory)
    owner = foreign_device(w->dev, src);
  if (!owner || (src && !w->dev->ops->host_memory)) return hipSuccess;
  e = hipc__work_end(w, hipSuccess, 1);
  if (e != hipSuccess) return e;
  *blocking = 1;
  return hipc__work_begin_null(owner, w);
}

/* A checked pitched copy (a linear one is one row) on `stream`. The
 * backend only enqueues; a blocking copy waits in hipc__work_end. */
static hipError_t copy_2d(const side* d, size_t dpitch, const side* s,
                          size_t spitch, size_t width, size_t height,
                          hipStream_t stream, int blocking) {
  void* dst = d->p;
  const void* src = s->p;
  hipError_t e = hipc__capture_copy(stream, dst, dpitch, src, spitch, width,
                                    height, hipMemcpyDefault);
  if (e != HIPC_NOT_CAPTURING) return e; /* capture.c */
  hipc_work w;
  e = work_queue(stream, d, s, &w, &blocking);
  if (e != hipSuccess) return e;
  if (width == 0 || height == 0) return hipc__work_end(&w, e, 0);
  const hipc_backend_ops* ops = w.dev->ops;
  hipc_queue* q = w.q;
  void* staging = NULL;
  if (!blocking && !d->tracked) blocking = 1;
  /* A blocking copy from pageable memory to this GPU's memory: when the
   * driver's async copy returns it has read the source (staged, as above),
   * and the stream orders later work after the transfer, so the host need
   * not wait for it either; cudaMemcpy returns as early, and nvcc's builds
   * of HeCBench divergence (three such copies with each launch) ran 10-20%
   * faster for the wait. Fills, copies to the host and 2D copies wait. */
  if (blocking && height == 1 && !s->tracked && d->tracked &&
      d->a.kind == hipMemoryTypeDevice && d->a.dev == w.dev &&
      !ops->host_memory && !hipc__launch_blocking())
    blocking = 0;
  /* A GPU driver reads a pageable source into its own staging buffers
   * before an async copy returns (CUDA's documented behaviour, which nvcc
   * builds get): staging it again, and a host function per copy to free
   * the copy, only cost time (HeCBench streamCreateCopyDestroy: 26 us a
   * 16 KiB copy against nvcc's 2.4 us). The CPU device copies later, on a
   * worker, so it needs the staged copy. */
  if (!blocking && !s->tracked && ops->queue_host_fn && ops->host_memory) {
    size_t n = span(spitch, width, height);
    if (n <= STAGE_MAX && (staging = malloc(n)) != NULL) {
      memcpy(staging, src, n);
      src = staging;
    } else {
      blocking = 1;
    }
  }
  if (height == 1) {
    e = ops->memcpy(q, dst, src, width, 0);
  } else if (ops->memcpy_2d) {
    e = ops->memcpy_2d(q, dst, dpitch, src, spitch, width, height, 0);
  } else { /* a backend without pitched copies: row by row */
    for (size_t y = 0; y < height && e == hipSuccess; ++y)
      e = ops->memcpy(q, (char*)dst + y * dpitch,
                      (const char*)src + y * spitch, width, 0);
  }
  int freed_later = 0;
  if (staging && e == hipSuccess) {
    e = ops->queue_host_fn(q, free_staging, staging);
    freed_later = e == hipSuccess;
  }
  e = hipc__work_end(&w, e, blocking);
  if (staging && !freed_later) {
    ops->queue_sync(q); /* a copy may still read it */
    free(staging);
  }
  return e;
}

/* Whether `s` is host memory: pinned or registered, or not hipc's. */
static int host_side(const side* s) {
  return !s->tracked || s->a.kind == hipMemoryTypeHost;
}

/* A pitched copy, checked; with `host_waits`, a copy between two host
 * buffers (pinned ones included) is done when it returns. */
static hipError_t copy_2d_checked(void* dst, size_t dpitch, const void* src,
                                  size_t spitch, size_t width, size_t height,
                                  hipMemcpyKind kind, hipStream_t stream,
                                  int blocking, int host_waits) {
  side d = side_of(dst), s = side_of(src);
  hipError_t e =
      check_copy_2d(&d, dpitch, &s, spitch, width, height, kind, stream);
  if (e != hipSuccess) return e;
  if (host_waits && dst && src && host_side(&d) && host_side(&s))
    blocking = 1;
  return copy_2d(&d, dpitch, &s, spitch, width, height, stream, blocking);
}

hipError_t hipc__copy(void* dst, const void* src, size_t n,
                      hipMemcpyKind kind, hipStream_t stream, int blocking) {
  return copy_2d_checked(dst, n, src, n, n, 1, kind, stream, blocking, 0);
}

hipError_t hipMemcpy(void* dst, const void* src, size_t n,
                     hipMemcpyKind kind) {
  HIPC_API_ENTER();
  HIPC_RETURN(hipc__copy(dst, src, n, kind, NULL, 1));
}

hipError_t hipMemcpyWithStream(void* dst, const void* src, size_t n,
                               hipMemcpyKind kind, hipStream_t stream) {
  HIPC_API_ENTER();
  HIPC_RETURN(hipc__copy(dst, src, n, kind, stream, 1));
}

/* A copy between two host buffers (pinned ones included) is done when
 * hipMemcpyAsync returns, as in AMD's runtime and CUDA: no device is
 * involved. */
hipError_t hipMemcpyAsync(void* dst, const void* src, size_t n,
                          hipMemcpyKind kind, hipStream_t stream) {
  HIPC_API_ENTER();
  HIPC_RETURN(copy_2d_checked(dst, n, src, n, n, 1, kind, stream, 0, 1));
}

hipError_t hipMemcpyHtoD(hipDeviceptr_t dst, void* src, size_t n) {
  HIPC_API_ENTER();
  HIPC_RETURN(hipc__copy(dst, src, n, hipMemcpyHostToDevice, NULL, 1));
}

hipError_t hipMemcpyDtoH(void* dst, hipDeviceptr_t src, size_t n) {
  HIPC_API_ENTER();
  HIPC_RETURN(hipc__copy(dst, src, n, hipMemcpyDeviceToHost, NULL, 1));
}

hipError_t hipMemcpyDtoD(hipDeviceptr_t dst, hipDeviceptr_t src, size_t n) {
  HIPC_API_ENTER();
  HIPC_RETURN(hipc__copy(dst, src, n, hipMemcpyDeviceToDevice, NULL, 1));
}

hipError_t hipMemcpyHtoDAsync(hipDeviceptr_t dst, void* src, size_t n,
                              hipStream_t stream) {
  HIPC_API_ENTER();
  HIPC_RETURN(hipc__copy(dst, src, n, hipMemcpyHostToDevice, stream, 0));
}

hipError_t hipMemcpyDtoHAsync(void* dst, hipDeviceptr_t src, size_t n,
                              hipStream_t stream) {
  HIPC_API_ENTER();
  HIPC_RETURN(hipc__copy(dst, src, n, hipMemcpyDeviceToHost, stream, 0));
}

hipError_t hipMemcpyDtoDAsync(hipDeviceptr_t dst, hipDeviceptr_t src,
                              size_t n, hipStream_t stream) {
  HIPC_API_ENTER();
  HIPC_RETURN(hipc__copy(dst, src, n, hipMemcpyDeviceToDevice, stream, 0));
}

hipError_t hipMemcpy2D(void* dst, size_t dpitch, const void* src,
                       size_t spitch, size_t width, size_t height,
                       hipMemcpyKind kind) {
  HIPC_API_ENTER();
  HIPC_RETURN(copy_2d_checked(dst, dpitch, src, spitch, width, height, kind,
                              NULL, 1, 0));
}

hipError_t hipMemcpy2DAsync(void* dst, size_t dpitch, const void* src,
                            size_t spitch, size_t width, size_t height,
                            hipMemcpyKind kind, hipStream_t stream) {
  HIPC_API_ENTER();
  HIPC_RETURN(copy_2d_checked(dst, dpitch, src, spitch, width, height, kind,
                              stream, 0, 0));
}

/* -- 3D: one pitched copy per slice (copies with arrays: array.c). */

/* The address of position `pos` in `p`. */
static char* at(hipPitchedPtr p, hipPos pos) {
  return (char*)p.ptr + (pos.z * p.ysize + pos.y) * p.pitch + pos.x;
}

static hipError_t copy_3d(const struct hipMemcpy3DParms* p,
                          hipStream_t stream, int blocking) {
  if (!p) return hipErrorInvalidValue;
  if (p->srcArray || p->dstArray)
    return hipc__array_copy_3d(p, stream, blocking); /* array.c */
  hipError_t e = check_kind(p->kind);
  if (e != hipSuccess) return e;
  hipExtent x = p->extent;
  if (x.width == 0 || x.height == 0 || x.depth == 0) return hipSuccess;
  hipPitchedPtr s = p->srcPtr, d = p->dstPtr;
  if (!s.ptr || !d.ptr) return hipErrorInvalidValue;
  if (x.width + p->srcPos.x > s.pitch || x.width + p->dstPos.x > d.pitch)
    return hipErrorInvalidPitchValue;
  /* Each side spans from its first byte to the last row of its last
   * slice; with depth > 1 the rows of a slice are ysize apart. */
  if (x.depth > 1 && (p->srcPos.y + x.height > s.ysize ||
                      p->dstPos.y + x.height > d.ysize))
    return hipErrorInvalidValue;
  size_t rows_s = (x.depth - 1) * s.ysize + x.height;
  size_t rows_d = (x.depth - 1) * d.ysize + x.height;
  size_t span_s = span(s.pitch, x.width, rows_s);
  size_t span_d = span(d.pitch, x.width, rows_d);
  if (span_s == SIZE_MAX || span_d == SIZE_MAX) return hipErrorInvalidValue;
  side ds = side_of(at(d, p->dstPos)), ss = side_of(at(s, p->srcPos));
  e = check_sides(&ds, span_d, &ss, span_s, p->kind, stream);
  if (e != hipSuccess) return e;
  for (size_t z = 0; z < x.depth && e == hipSuccess; ++z) {
    hipPos sp = p->srcPos, dp = p->dstPos;
    sp.z += z;
    dp.z += z;
    /* Each slice lies in the allocation of the first, if any (checked
     * above); outside hipc's allocations it is looked up again. */
    side dz = ds, sz = ss;
    dz.p = at(d, dp);
    sz.p = at(s, sp);
    if (!ds.tracked) dz = side_of(dz.p);
    if (!ss.tracked) sz = side_of(sz.p);
    e = copy_2d(&dz, d.pitch, &sz, s.pitch, x.width, x.height, stream,
                blocking);
  }
  return e;
}

hipError_t hipMemcpy3D(const struct hipMemcpy3DParms* p) {
  HIPC_API_ENTER();
  HIPC_RETURN(copy_3d(p, NULL, 1));
}

hipError_t hipMemcpy3DAsync(const struct hipMemcpy3DParms* p,
                            hipStream_t stream) {
  HIPC_API_ENTER();
  HIPC_RETURN(copy_3d(p, stream, 0));
}

/* -- fills: `width` elements of `size` bytes in each of `height` rows */

/* Whether `p` is device memory of a GPU (not of the CPU device, not
 * pinned, registered or managed memory). A blocking fill of it returns at
 * once, as cudaMemset's does ("asynchronous with respect to the host
 * except when the destination is pinned host memory or managed memory"):
 * the fill is ordered on the null stream before whatever comes after it.
 * Waiting for it cost HeCBench chacha20 and idivide, which fill before
 * each launch, a stream synchronisation each time (1.30 and 1.18 times
 * nvcc's time on an H200). */
static int gpu_device_memory(const side* s) {
  return s->tracked && s->a.kind == hipMemoryTypeDevice &&
         !s->a.dev->ops->host_memory;
}

static hipError_t fill_2d(void* dst, size_t pitch, uint32_t value,
                          unsigned size, size_t width, size_t height,
                          hipStream_t stream, int blocking) {
  HIPC_ARG_PTR("dst", dst);
  HIPC_ARG_U64("value", value);
  HIPC_ARG_U64("bytes", (uint64_t)width * size * height);
  if (width == 0 || height == 0) {
    /* Nothing to write, but the stream must still be valid. */
    hipc_device* dev;
    hipc_queue* q;
    return hipc__stream_resolve(stream, &dev, &q);
  }
  if (!dst) return hipErrorInvalidValue;
  if (width > SIZE_MAX / size) return hipErrorInvalidValue;
  size_t row = width * size;
  if (height > 1 && row > pitch) return hipErrorInvalidValue;
  size_t n = span(pitch, row, height);
  if (n == SIZE_MAX) return hipErrorInvalidValue;
  hipc_device* dev;
  side d = side_of(dst);
  hipError_t e = stream_device(stream, &dev);
  if (e == hipSuccess)
    e = hipc__check_copy_side_in(dev, dst, n, 1, alloc_of(&d));
  if (e != hipSuccess) return e;
  e = hipc__capture_fill(stream, dst, height == 1 ? row : pitch, value, size,
                         width, height);
  if (e != HIPC_NOT_CAPTURING) return e; /* capture.c */
  if (blocking && !stream && gpu_device_memory(&d)) blocking = 0;
  hipc_work w;
  e = work_queue(stream, &d, NULL, &w, &blocking);
  if (e != hipSuccess) return e;
  const hipc_backend_ops* ops = w.dev->ops;
  if (height == 1 && size == 1)
    e = ops->memset(w.q, dst, (int)(value & 0xff), width, 0);
  else if (!ops->memset_2d)
    e = hipErrorNotSupported;
  else
    e = ops->memset_2d(w.q, dst, height == 1 ? row : pitch, value, size,
                       width, height, 0);
  return hipc__work_end(&w, e, blocking);
}

hipError_t hipMemset(void* dst, int value, size_t n) {
  HIPC_API_ENTER();
  HIPC_RETURN(fill_2d(dst, n, (uint32_t)value, 1, n, 1, NULL, 1));
}

hipError_t hipMemsetAsync(void* dst, int value, size_t n,
                          hipStream_t stream) {
  HIPC_API_ENTER();
  HIPC_RETURN(fill_2d(dst, n, (uint32_t)value, 1, n, 1, stream, 0));
}

hipError_t hipMemsetD8(hipDeviceptr_t dst, unsigned char value,
                       size_t count) {
  HIPC_API_ENTER();
  HIPC_RETURN(fill_2d(dst, count, value, 1, count, 1, NULL, 1));
}

hipError_t hipMemsetD8Async(hipDeviceptr_t dst, unsigned char value,
                            size_t count, hipStream_t stream) {
  HIPC_API_ENTER();
  HIPC_RETURN(fill_2d(dst, count, value, 1, count, 1, stream, 0));
}

hipError_t hipMemsetD16(hipDeviceptr_t dst, unsigned short value,
                        size_t count) {
  HIPC_API_ENTER();
  HIPC_RETURN(fill_2d(dst, 0, value, 2, count, 1, NULL, 1));
}

hipError_t hipMemsetD16Async(hipDeviceptr_t dst, unsigned short value,
                             size_t count, hipStream_t stream) {
  HIPC_API_ENTER();
  HIPC_RETURN(fill_2d(dst, 0, value, 2, count, 1, stream, 0));
}

hipError_t hipMemsetD32(hipDeviceptr_t dst, int value, size_t count) {
  HIPC_API_ENTER();
  HIPC_RETURN(fill_2d(dst, 0, (uint32_t)value, 4, count, 1, NULL, 1));
}

hipError_t hipMemsetD32Async(hipDeviceptr_t dst, int value, size_t count,
                             hipStream_t stream) {
  HIPC_API_ENTER();
  HIPC_RETURN(fill_2d(dst, 0, (uint32_t)value, 4, count, 1, stream, 0));
}

hipError_t hipMemset2D(void* dst, size_t pitch, int value, size_t width,
                       size_t height) {
  HIPC_API_ENTER();
  HIPC_RETURN(fill_2d(dst, pitch, (uint32_t)value, 1, width, height, NULL, 1));
}

hipError_t hipMemset2DAsync(void* dst, size_t pitch, int value, size_t width,
                            size_t height, hipStream_t stream) {
  HIPC_API_ENTER();
  HIPC_RETURN(
      fill_2d(dst, pitch, (uint32_t)value, 1, width, height, stream, 0));
}

static hipError_t fill_3d(hipPitchedPtr p, int value, hipExtent x,
                          hipStream_t stream, int blocking) {
  if (x.width == 0 || x.height == 0 || x.depth == 0)
    return fill_2d(p.ptr, p.pitch, 0, 1, 0, 0, stream, blocking);
  if (!p.ptr) return hipErrorInvalidValue;
  if (x.width > p.pitch || (x.depth > 1 && x.height > p.ysize))
    return hipErrorInvalidValue;
  size_t rows = (x.depth - 1) * p.ysize + x.height;
  size_t n = span(p.pitch, x.width, rows);
  if (n == SIZE_MAX) return hipErrorInvalidValue;
  hipc_device* dev;
  hipError_t e = stream_device(stream, &dev);
  if (e == hipSuccess) e = hipc__check_device_ptr(dev, p.ptr, n);
  for (size_t z = 0; z < x.depth && e == hipSuccess; ++z)
    e = fill_2d((char*)p.ptr + z * p.ysize * p.pitch, p.pitch,
                (uint32_t)value, 1, x.width, x.height, stream, blocking);
  return e;
}

hipError_t hipMemset3D(hipPitchedPtr pitchedDevPtr, int value,
                       hipExtent extent) {
  HIPC_API_ENTER();
  HIPC_RETURN(fill_3d(pitchedDevPtr, value, extent, NULL, 1));
}

hipError_t hipMemset3DAsync(hipPitchedPtr pitchedDevPtr, int value,
                            hipExtent extent, hipStream_t stream) {
  HIPC_API_ENTER();
  HIPC_RETURN(fill_3d(pitchedDevPtr, value, extent, stream, 0));
}
