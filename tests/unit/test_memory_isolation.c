/* The CPU device's memory lives in mappings of its own, apart from the
 * runtime's bookkeeping (issue 17): a kernel that writes past the end of
 * an allocation hits device memory or a guard page, never libhipc's data;
 * freed memory is poisoned (small allocations) or unmapped (large ones),
 * so that later use is caught. CPU device only: it reads device memory
 * from the host. */
#define _DEFAULT_SOURCE /* mincore */
#include <errno.h>
#include <signal.h>
#include <stdint.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#include "check.h"
#include "hip/hipc/kernel.h"

/* -- fill(p, n, v): one thread per byte, p[i] = v for i < n, whatever the
 *    allocation behind p (the overrun a buggy kernel makes). */

typedef struct fill_args {
  unsigned char* p;
  int n;
  int v;
} fill_args;

static void fill(unsigned char* p, int n, int v) {
  (void)p, (void)n, (void)v; /* the launch key */
}

static void fill_pack(void* const* a, void* dst) {
  fill_args* f = dst;
  f->p = *(unsigned char* const*)a[0];
  f->n = *(const int*)a[1];
  f->v = *(const int*)a[2];
}

static void fill_run(hipc_cpu_block* b) {
  const fill_args* f = b->args;
  for (uint32_t t = b->next; t < b->count; ++t) {
    uint32_t i = hipc_tls.block_idx.x * b->dim.x + t;
    if ((int)i < f->n) f->p[i] = (unsigned char)f->v;
  }
  b->next = b->count;
}

static const uint32_t fill_sizes[] = {8, 4, 4};
static const hipc_kernel_desc fill_desc = {
    (const void*)fill, "F = &fill,", 0, 0, 3, fill_sizes, sizeof(fill_args),
    _Alignof(fill_args), fill_pack, fill_run, fill_run, NULL, NULL, 0, NULL,
    NULL};

__attribute__((constructor)) static void register_fill(void) {
  hipc_register_kernel(&fill_desc);
}

static hipError_t launch_fill(void* p, int n, int v) {
  void* args[] = {&p, &n, &v};
  dim3 grid = {(unsigned)(n + 255) / 256, 1, 1};
  return hipLaunchKernel((const void*)fill, grid, (dim3){256, 1, 1}, args, 0,
                         NULL);
}

/* 256 bytes written past the end of 256-byte allocations, made between the
 * runtime's own allocations (streams, events, its allocation table): the
 * runtime goes on unharmed, every free succeeds. */
static void test_small_overrun_spares_runtime(void) {
  enum { K = 64 };
  void* d[K];
  hipStream_t s[K];
  hipEvent_t e[K];
  for (int i = 0; i < K; ++i) {
    CHECK_ERR(hipMalloc(&d[i], 256), hipSuccess);
    CHECK_ERR(hipStreamCreate(&s[i]), hipSuccess);
    CHECK_ERR(hipEventCreate(&e[i]), hipSuccess);
  }
  for (int i = 0; i < K; ++i)
    CHECK_ERR(launch_fill(d[i], 512, 0xee), hipSuccess);
  CHECK_ERR(hipDeviceSynchronize(), hipSuccess);
  for (int i = 0; i < K; ++i) {
    hipPointerAttribute_t a;
    CHECK_ERR(hipPointerGetAttributes(&a, d[i]), hipSuccess);
    CHECK_EQ(a.type, hipMemoryTypeDevice);
    CHECK_ERR(hipEventRecord(e[i], s[i]), hipSuccess);
    CHECK_ERR(hipEventSynchronize(e[i]), hipSuccess);
    CHECK_ERR(hipEventDestroy(e[i]), hipSuccess);
    CHECK_ERR(hipStreamDestroy(s[i]), hipSuccess);
  }
  for (int i = 0; i < K; ++i) CHECK_ERR(hipFree(d[i]), hipSuccess);
}

/* Allocations are 256-byte aligned, as on a GPU. */
static void test_alignment(void) {
  size_t sizes[] = {1, 100, 256, 257, 4096, 65536, 65537, 1 << 20};
  for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; ++i) {
    void* p = NULL;
    CHECK_ERR(hipMalloc(&p, sizes[i]), hipSuccess);
    CHECK_EQ((uintptr_t)p % 256, 0);
    CHECK_ERR(hipMemset(p, 1, sizes[i]), hipSuccess);
    CHECK_ERR(hipFree(p), hipSuccess);
  }
}

/* A freed small allocation holds the poison, not its old bytes. */
static void test_freed_small_is_poisoned(void) {
  unsigned char* p = NULL;
  CHECK_ERR(hipMalloc((void**)&p, 4096), hipSuccess);
  CHECK_ERR(hipMemset(p, 0x11, 4096), hipSuccess);
  CHECK_ERR(hipFree(p), hipSuccess);
  int poisoned = 0;
  for (int i = 0; i < 4096; ++i)
    poisoned += ((volatile unsigned char*)p)[i] == 0xdb;
  CHECK_EQ(poisoned, 4096);
}

/* A freed large allocation is unmapped. */
static void test_freed_large_is_unmapped(void) {
  void* p = NULL;
  size_t n = 1 << 20;
  CHECK_ERR(hipMalloc(&p, n), hipSuccess);
  CHECK_ERR(hipMemset(p, 0x11, n), hipSuccess);
  unsigned char vec[1];
  long page = sysconf(_SC_PAGESIZE);
  CHECK_EQ(mincore(p, (size_t)page, vec), 0);
  CHECK_ERR(hipFree(p), hipSuccess);
  errno = 0;
  CHECK_EQ(mincore(p, (size_t)page, vec), -1);
  CHECK_EQ(errno, ENOMEM);
}

/* The page after a large allocation is a guard: touching it faults. */
static void test_large_guard_page(void) {
  unsigned char* p = NULL;
  size_t n = 1 << 20; /* a whole number of pages */
  CHECK_ERR(hipMalloc((void**)&p, n), hipSuccess);
  pid_t child = fork();
  if (child == 0) {
    signal(SIGSEGV, SIG_DFL);
    ((volatile unsigned char*)p)[n] = 1;
    _exit(0); /* no guard: the write went somewhere */
  }
  int status = 0;
  CHECK_EQ(waitpid(child, &status, 0), child);
  /* Killed by SIGSEGV (or, under a sanitizer that reports the fault, made
   * to exit with a failure): anything but the clean exit. */
  CHECK(!(WIFEXITED(status) && WEXITSTATUS(status) == 0));
  CHECK_ERR(hipFree(p), hipSuccess);
}

int main(void) {
  test_small_overrun_spares_runtime();
  test_alignment();
  test_freed_small_is_poisoned();
  test_freed_large_is_unmapped();
  test_large_guard_page();
  return check_summary("test_memory_isolation");
}
