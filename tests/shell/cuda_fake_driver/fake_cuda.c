/* A stand-in for NVIDIA's libcuda.so.1, enough for the CUDA backend to
 * find two "sm_90" GPUs, make contexts and streams and allocate memory, and
 * counting what it was asked (fake_cuda_count, found by the test program
 * with dlsym). The backend's other entry points are stubs that succeed and
 * count their calls (made by build.bash from driver.h). Nothing runs on a
 * GPU; streams are idle unless fake_cuda_set_busy(1) says otherwise. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

typedef int CUresult;
typedef int CUdevice;
typedef void* CUcontext;
typedef void* CUstream;
typedef unsigned long long CUdeviceptr;

#define NDEV 2

static int retains[NDEV], streams, set_current, queries, busy;
static char contexts[NDEV]; /* their addresses are the contexts */
static char stream_objects[64];
static __thread CUcontext current;

/* The calls of a stub entry point, by its symbol's name (build.bash). */
int fake_cuda_stub_count(const char* name);

/* What the fake was asked: "retain0", "retain1", "streams", "set",
 * "cuStreamQuery", or the calls of any stub entry point by name. */
int fake_cuda_count(const char* what) {
  if (strcmp(what, "retain0") == 0) return __atomic_load_n(&retains[0], 0);
  if (strcmp(what, "retain1") == 0) return __atomic_load_n(&retains[1], 0);
  if (strcmp(what, "streams") == 0) return __atomic_load_n(&streams, 0);
  if (strcmp(what, "set") == 0) return __atomic_load_n(&set_current, 0);
  if (strcmp(what, "cuStreamQuery") == 0) return __atomic_load_n(&queries, 0);
  return fake_cuda_stub_count(what);
}

/* Whether every stream says it has work left (cuStreamQuery). */
void fake_cuda_set_busy(int b) { __atomic_store_n(&busy, b, 0); }

CUresult cuStreamQuery(CUstream s) {
  (void)s;
  __atomic_add_fetch(&queries, 1, __ATOMIC_SEQ_CST);
  return __atomic_load_n(&busy, 0) ? 600 : 0; /* CUDA_ERROR_NOT_READY */
}

CUresult cuInit(unsigned flags) { return flags ? 1 : 0; }

CUresult cuDriverGetVersion(int* v) {
  *v = 12080;
  return 0;
}

CUresult cuDeviceGetCount(int* n) {
  *n = NDEV;
  return 0;
}

CUresult cuDeviceGet(CUdevice* d, int ordinal) {
  if (ordinal < 0 || ordinal >= NDEV) return 101; /* invalid device */
  *d = ordinal;
  return 0;
}

CUresult cuDeviceGetName(char* name, int len, CUdevice d) {
  if (len > 0) {
    strncpy(name, d ? "Fake GPU 1" : "Fake GPU 0", (size_t)len - 1);
    name[len - 1] = 0;
  }
  return 0;
}

CUresult cuDeviceTotalMem_v2(size_t* bytes, CUdevice d) {
  (void)d;
  *bytes = (size_t)1 << 30;
  return 0;
}

CUresult cuDeviceGetAttribute(int* v, int attr, CUdevice d) {
  (void)d;
  switch (attr) {
    case 75: *v = 9; break;   /* compute capability major */
    case 76: *v = 0; break;   /* minor */
    case 10: *v = 32; break;  /* warp size */
    case 16: *v = 132; break; /* multiprocessors */
    case 1: *v = 1024; break; /* threads a block */
    default: *v = 0;
  }
  return 0;
}

CUresult cuDeviceCanAccessPeer(int* can, CUdevice a, CUdevice b) {
  *can = a != b;
  return 0;
}

/* Peer access is asked with the other GPU's context current. */
CUresult cuCtxEnablePeerAccess(CUcontext peer, unsigned flags) {
  if (flags || !current || peer == current || !peer) return 1;
  return 0;
}

CUresult cuDevicePrimaryCtxRetain(CUcontext* c, CUdevice d) {
  if (d < 0 || d >= NDEV) return 101;
  __atomic_add_fetch(&retains[d], 1, __ATOMIC_SEQ_CST);
  *c = &contexts[d];
  return 0;
}

CUresult cuCtxSetCurrent(CUcontext c) {
  __atomic_add_fetch(&set_current, 1, __ATOMIC_SEQ_CST);
  current = c;
  return 0;
}

CUresult cuStreamCreateWithPriority(CUstream* s, unsigned flags, int prio) {
  (void)flags, (void)prio;
  if (!current) return 201; /* invalid context */
  int i = __atomic_fetch_add(&streams, 1, __ATOMIC_SEQ_CST);
  *s = &stream_objects[i % 64];
  return 0;
}

CUresult cuMemAlloc_v2(CUdeviceptr* p, size_t n) {
  if (!current) return 201;
  void* m = malloc(n ? n : 1);
  if (!m) return 2;
  *p = (CUdeviceptr)(uintptr_t)m;
  return 0;
}

CUresult cuMemFree_v2(CUdeviceptr p) {
  free((void*)(uintptr_t)p);
  return 0;
}
