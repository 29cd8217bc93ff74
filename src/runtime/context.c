/* Contexts (hipCtx*, hipDevicePrimaryCtx*): deprecated by AMD, still used
 * by code written for CUDA's driver API.
 *
 * As in AMD's runtime, a context stands for its device: making a context
 * current makes its device the thread's current device, and work goes
 * where it always goes (the device's streams). Each device has one primary
 * context, which always exists (retaining counts, it never goes away);
 * hipCtxCreate makes others. Each thread has a stack of contexts: push,
 * pop and set act on its top; with the stack empty, the current context
 * is the primary context of the current device. */
#include <stdlib.h>

#include "driver_internal.h"

#define CTX_MAGIC 0x68637478u /* "hctx" */
#define CTX_FLAGS_ALL (hipDeviceScheduleMask | hipDeviceMapHost | \
                       hipDeviceLmemResizeToMax)
#define STACK_MAX 64

struct ihipCtx_t {
  uint32_t magic;
  int device;
  unsigned flags;
  int primary;
  int retained; /* primary only: hipDevicePrimaryCtxRetain count */
  struct ihipCtx_t* next; /* created contexts: the live list */
};

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static struct ihipCtx_t primaries[HIPC_MAX_DEVICES];
static struct ihipCtx_t* created; /* live contexts from hipCtxCreate */
static _Thread_local hipCtx_t stack[STACK_MAX];
static _Thread_local int depth;

hipCtx_t hipc__ctx_primary(int ordinal) {
  if (!hipc__device(ordinal)) return NULL;
  hipCtx_t c = &primaries[ordinal];
  pthread_mutex_lock(&lock);
  if (c->magic != CTX_MAGIC) {
    c->magic = CTX_MAGIC;
    c->device = ordinal;
    c->primary = 1;
  }
  pthread_mutex_unlock(&lock);
  return c;
}

/* Whether `c` is a live context. */
static int live(hipCtx_t c) {
  if (!c) return 0;
  if (c >= primaries && c < primaries + HIPC_MAX_DEVICES)
    return c->magic == CTX_MAGIC;
  pthread_mutex_lock(&lock);
  struct ihipCtx_t* p = created;
  while (p && p != c) p = p->next;
  pthread_mutex_unlock(&lock);
  return p != NULL;
}

/* The calling thread's current context (never NULL once initialised). */
static hipError_t current(hipCtx_t* out) {
  if (depth > 0) {
    *out = stack[depth - 1];
    return hipSuccess;
  }
  int dev;
  hipError_t e = hipGetDevice(&dev);
  if (e != hipSuccess) return e;
  *out = hipc__ctx_primary(dev);
  return hipSuccess;
}

hipError_t hipCtxCreate(hipCtx_t* ctx, unsigned int flags,
                        hipDevice_t device) {
  HIPC_API_ENTER();
  HIPC_RETURN_IF(!ctx || (flags & ~CTX_FLAGS_ALL), hipErrorInvalidValue);
  hipError_t e = hipc__init();
  HIPC_RETURN_IF(e != hipSuccess, e);
  HIPC_RETURN_IF(!hipc__device(device), hipErrorInvalidDevice);
  HIPC_RETURN_IF(depth == STACK_MAX, hipErrorOutOfMemory);
  struct ihipCtx_t* c = calloc(1, sizeof *c);
  HIPC_RETURN_IF(!c, hipErrorOutOfMemory);
  c->magic = CTX_MAGIC;
  c->device = device;
  c->flags = flags;
  pthread_mutex_lock(&lock);
  c->next = created;
  created = c;
  pthread_mutex_unlock(&lock);
  stack[depth++] = c;
  (void)hipSetDevice(device);
  *ctx = c;
  HIPC_RETURN(hipSuccess);
}

hipError_t hipCtxDestroy(hipCtx_t ctx) {
  HIPC_API_ENTER();
  HIPC_RETURN_IF(!ctx, hipErrorInvalidValue);
  HIPC_RETURN_IF(!live(ctx) || ctx->primary, hipErrorInvalidContext);
  pthread_mutex_lock(&lock);
  struct ihipCtx_t** p = &created;
  while (*p && *p != ctx) p = &(*p)->next;
  int found = *p != NULL;
  if (found) *p = ctx->next;
  pthread_mutex_unlock(&lock);
  HIPC_RETURN_IF(!found, hipErrorInvalidContext);
  /* Off this thread's stack (other threads must not use it any more). */
  int j = 0;
  for (int i = 0; i < depth; ++i)
    if (stack[i] != ctx) stack[j++] = stack[i];
  depth = j;
  if (depth > 0) (void)hipSetDevice(stack[depth - 1]->device);
  ctx->magic = 0;
  free(ctx);
  HIPC_RETURN(hipSuccess);
}

hipError_t hipCtxPushCurrent(hipCtx_t ctx) {
  HIPC_API_ENTER();
  hipError_t e = hipc__init();
  HIPC_RETURN_IF(e != hipSuccess, e);
  HIPC_RETURN_IF(!live(ctx), hipErrorInvalidContext);
  HIPC_RETURN_IF(depth == STACK_MAX, hipErrorOutOfMemory);
  stack[depth++] = ctx;
  HIPC_RETURN(hipSetDevice(ctx->device));
}

hipError_t hipCtxPopCurrent(hipCtx_t* ctx) {
  HIPC_API_ENTER();
  HIPC_RETURN_IF(depth == 0, hipErrorInvalidContext);
  hipCtx_t top = stack[--depth];
  if (ctx) *ctx = top;
  if (depth > 0) (void)hipSetDevice(stack[depth - 1]->device);
  HIPC_RETURN(hipSuccess);
}

hipError_t hipCtxSetCurrent(hipCtx_t ctx) {
  HIPC_API_ENTER();
  hipError_t e = hipc__init();
  HIPC_RETURN_IF(e != hipSuccess, e);
  if (!ctx) { /* unbinds the current context */
    if (depth > 0) --depth;
    if (depth > 0) (void)hipSetDevice(stack[depth - 1]->device);
    HIPC_RETURN(hipSuccess);
  }
  HIPC_RETURN_IF(!live(ctx), hipErrorInvalidContext);
  if (depth == 0) depth = 1;
  stack[depth - 1] = ctx;
  HIPC_RETURN(hipSetDevice(ctx->device));
}

hipError_t hipCtxGetCurrent(hipCtx_t* ctx) {
  HIPC_API_ENTER();
  HIPC_RETURN_IF(!ctx, hipErrorInvalidValue);
  HIPC_RETURN(current(ctx));
}

hipError_t hipCtxGetDevice(hipDevice_t* device) {
  HIPC_API_ENTER();
  HIPC_RETURN_IF(!device, hipErrorInvalidValue);
  hipCtx_t c;
  hipError_t e = current(&c);
  HIPC_RETURN_IF(e != hipSuccess, e);
  *device = c->device;
  HIPC_RETURN(hipSuccess);
}

/* AMD's answer whatever the context: HIP corresponds to no CUDA API
 * revision, 4 is its approximation. */
hipError_t hipCtxGetApiVersion(hipCtx_t ctx, unsigned int* apiVersion) {
  HIPC_API_ENTER();
  HIPC_RETURN_IF(!apiVersion, hipErrorInvalidValue);
  HIPC_RETURN_IF(ctx && !live(ctx), hipErrorInvalidContext);
  *apiVersion = 4;
  HIPC_RETURN(hipSuccess);
}

hipError_t hipCtxGetFlags(unsigned int* flags) {
  HIPC_API_ENTER();
  HIPC_RETURN_IF(!flags, hipErrorInvalidValue);
  hipCtx_t c;
  hipError_t e = current(&c);
  HIPC_RETURN_IF(e != hipSuccess, e);
  *flags = c->flags;
  HIPC_RETURN(hipSuccess);
}

/* The rest act on the current context's device, which is the current
 * device: the device-wide calls do it. */
hipError_t hipCtxSynchronize(void) { return hipDeviceSynchronize(); }
hipError_t hipCtxGetCacheConfig(hipFuncCache_t* cacheConfig) {
  return hipDeviceGetCacheConfig(cacheConfig);
}
hipError_t hipCtxSetCacheConfig(hipFuncCache_t cacheConfig) {
  return hipDeviceSetCacheConfig(cacheConfig);
}
hipError_t hipCtxGetSharedMemConfig(hipSharedMemConfig* pConfig) {
  return hipDeviceGetSharedMemConfig(pConfig);
}
hipError_t hipCtxSetSharedMemConfig(hipSharedMemConfig config) {
  return hipDeviceSetSharedMemConfig(config);
}

hipError_t hipCtxEnablePeerAccess(hipCtx_t peerCtx, unsigned int flags) {
  HIPC_API_ENTER();
  HIPC_RETURN_IF(!live(peerCtx), hipErrorInvalidContext);
  HIPC_RETURN(hipDeviceEnablePeerAccess(peerCtx->device, flags));
}

hipError_t hipCtxDisablePeerAccess(hipCtx_t peerCtx) {
  HIPC_API_ENTER();
  HIPC_RETURN_IF(!live(peerCtx), hipErrorInvalidContext);
  HIPC_RETURN(hipDeviceDisablePeerAccess(peerCtx->device));
}

/* -- primary contexts */

hipError_t hipDevicePrimaryCtxRetain(hipCtx_t* pctx, hipDevice_t dev) {
  HIPC_API_ENTER();
  HIPC_RETURN_IF(!pctx, hipErrorInvalidValue);
  hipError_t e = hipc__init();
  HIPC_RETURN_IF(e != hipSuccess, e);
  hipCtx_t c = hipc__ctx_primary(dev);
  HIPC_RETURN_IF(!c, hipErrorInvalidDevice);
  pthread_mutex_lock(&lock);
  c->retained++;
  pthread_mutex_unlock(&lock);
  *pctx = c;
  HIPC_RETURN(hipSuccess);
}

/* Releasing never destroys the primary context (AMD's behaviour): it only
 * counts. */
hipError_t hipDevicePrimaryCtxRelease(hipDevice_t dev) {
  HIPC_API_ENTER();
  hipError_t e = hipc__init();
  HIPC_RETURN_IF(e != hipSuccess, e);
  hipCtx_t c = hipc__ctx_primary(dev);
  HIPC_RETURN_IF(!c, hipErrorInvalidDevice);
  pthread_mutex_lock(&lock);
  if (c->retained > 0) c->retained--;
  pthread_mutex_unlock(&lock);
  HIPC_RETURN(hipSuccess);
}

hipError_t hipDevicePrimaryCtxGetState(hipDevice_t dev, unsigned int* flags,
                                       int* active) {
  HIPC_API_ENTER();
  HIPC_RETURN_IF(!flags || !active, hipErrorInvalidValue);
  hipError_t e = hipc__init();
  HIPC_RETURN_IF(e != hipSuccess, e);
  hipCtx_t c = hipc__ctx_primary(dev);
  HIPC_RETURN_IF(!c, hipErrorInvalidDevice);
  pthread_mutex_lock(&lock);
  *flags = c->flags;
  *active = c->retained > 0;
  pthread_mutex_unlock(&lock);
  HIPC_RETURN(hipSuccess);
}

/* As CUDA: the flags of an active (retained) primary context cannot
 * change. */
hipError_t hipDevicePrimaryCtxSetFlags(hipDevice_t dev, unsigned int flags) {
  HIPC_API_ENTER();
  hipError_t e = hipc__init();
  HIPC_RETURN_IF(e != hipSuccess, e);
  hipCtx_t c = hipc__ctx_primary(dev);
  HIPC_RETURN_IF(!c, hipErrorInvalidDevice);
  HIPC_RETURN_IF(flags & ~CTX_FLAGS_ALL, hipErrorInvalidValue);
  pthread_mutex_lock(&lock);
  int busy = c->retained > 0;
  if (!busy) c->flags = flags;
  pthread_mutex_unlock(&lock);
  HIPC_RETURN(busy ? hipErrorContextAlreadyInUse : hipSuccess);
}

/* Resets the device (as hipDeviceReset on it) and the context's state. */
hipError_t hipDevicePrimaryCtxReset(hipDevice_t dev) {
  HIPC_API_ENTER();
  hipError_t e = hipc__init();
  HIPC_RETURN_IF(e != hipSuccess, e);
  hipCtx_t c = hipc__ctx_primary(dev);
  HIPC_RETURN_IF(!c, hipErrorInvalidDevice);
  int was;
  e = hipGetDevice(&was);
  HIPC_RETURN_IF(e != hipSuccess, e);
  (void)hipSetDevice(dev);
  e = hipDeviceReset();
  (void)hipSetDevice(was);
  pthread_mutex_lock(&lock);
  c->retained = 0;
  c->flags = 0;
  pthread_mutex_unlock(&lock);
  HIPC_RETURN(e);
}
