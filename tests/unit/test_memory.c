/* Device memory: hipMalloc / hipFree, the copy kinds, bounds checks of
 * tracked allocations, hipMemset, large copies (through the worker pool),
 * overlapping copies, hipMemGetInfo and hipDeviceReset. */
#define _POSIX_C_SOURCE 200809L
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"

/* A reproducible byte pattern that differs between seeds and offsets. */
static void fill_pattern(unsigned char* p, size_t n, unsigned seed) {
  uint32_t x = seed * 2654435761u + 1;
  for (size_t i = 0; i < n; i++) {
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    p[i] = (unsigned char)(x >> 7);
  }
}

static void test_malloc_free_round_trip(void) {
  const size_t n = 4096 + 13;
  unsigned char *d = NULL, *in = malloc(n), *out = malloc(n);
  fill_pattern(in, n, 1);
  memset(out, 0, n);
  CHECK_ERR(hipMalloc((void**)&d, n), hipSuccess);
  CHECK(d != NULL);
  CHECK_ERR(hipMemcpy(d, in, n, hipMemcpyHostToDevice), hipSuccess);
  CHECK_ERR(hipMemcpy(out, d, n, hipMemcpyDeviceToHost), hipSuccess);
  CHECK_MEM(out, in, n);
  CHECK_ERR(hipFree(d), hipSuccess);
  free(in);
  free(out);
}

/* The CPU device shares the host's address space: the host may write
 * device memory directly, and copies see it. */
static void test_host_touches_device_memory(void) {
  const size_t n = 1000;
  unsigned char *d = NULL, *out = malloc(n), *want = malloc(n);
  CHECK_ERR(hipMalloc((void**)&d, n), hipSuccess);
  fill_pattern(want, n, 2);
  memcpy(d, want, n); /* direct host write */
  CHECK_ERR(hipMemcpy(out, d, n, hipMemcpyDeviceToHost), hipSuccess);
  CHECK_MEM(out, want, n);
  CHECK_ERR(hipFree(d), hipSuccess);
  free(out);
  free(want);
}

static void test_distinct_allocations_aligned(void) {
  void* p[16];
  for (int i = 0; i < 16; i++) {
    p[i] = NULL;
    CHECK_ERR(hipMalloc(&p[i], (size_t)(i * 37 + 1)), hipSuccess);
    CHECK(p[i] != NULL);
    CHECK_EQ((uintptr_t)p[i] % 256, 0);
    memset(p[i], i, (size_t)(i * 37 + 1));
  }
  /* No two overlap: each still holds its own byte. */
  for (int i = 0; i < 16; i++) {
    unsigned char* b = p[i];
    for (int j = 0; j < i * 37 + 1; j++)
      if (b[j] != i) {
        CHECK_EQ(b[j], i);
        break;
      }
  }
  for (int i = 0; i < 16; i++) CHECK_ERR(hipFree(p[i]), hipSuccess);
}

static void test_malloc_zero_size(void) {
  void* p = (void*)0x1234;
  CHECK_ERR(hipMalloc(&p, 0), hipSuccess);
  CHECK(p == NULL);
  CHECK_ERR(hipFree(p), hipSuccess);
}

static void test_malloc_null_out(void) {
  CHECK_ERR(hipMalloc(NULL, 16), hipErrorInvalidValue);
  CHECK_ERR(hipMalloc(NULL, 0), hipErrorInvalidValue);
}

static void test_malloc_too_large(void) {
  hipDeviceProp_t prop;
  void* p = NULL;
  CHECK_ERR(hipGetDeviceProperties(&prop, 0), hipSuccess);
  CHECK_ERR(hipMalloc(&p, prop.totalGlobalMem + 1), hipErrorOutOfMemory);
  CHECK_ERR(hipMalloc(&p, SIZE_MAX), hipErrorOutOfMemory);
}

static void test_free_null(void) { CHECK_ERR(hipFree(NULL), hipSuccess); }

static void test_double_free(void) {
  void* p = NULL;
  CHECK_ERR(hipMalloc(&p, 64), hipSuccess);
  CHECK_ERR(hipFree(p), hipSuccess);
  CHECK_ERR(hipFree(p), hipErrorInvalidValue);
}

/* Frees of pointers hipMalloc did not return fail, and the allocation the
 * pointer points into stays allocated and usable. */
static void test_free_foreign_pointers(void) {
  const size_t n = 512;
  unsigned char *d = NULL, in[512], out[512];
  int on_stack = 0;
  void* heap = malloc(32);
  CHECK_ERR(hipMalloc((void**)&d, n), hipSuccess);
  CHECK_ERR(hipFree(&on_stack), hipErrorInvalidValue);
  CHECK_ERR(hipFree(heap), hipErrorInvalidValue);
  CHECK_ERR(hipFree(d + 1), hipErrorInvalidValue);
  CHECK_ERR(hipFree(d + n - 1), hipErrorInvalidValue);
  CHECK_ERR(hipFree(d + n), hipErrorInvalidValue);
  fill_pattern(in, n, 3);
  CHECK_ERR(hipMemcpy(d, in, n, hipMemcpyHostToDevice), hipSuccess);
  CHECK_ERR(hipMemcpy(out, d, n, hipMemcpyDeviceToHost), hipSuccess);
  CHECK_MEM(out, in, n);
  CHECK_ERR(hipFree(d), hipSuccess);
  free(heap);
}

/* Every copy kind, each checked through a copy back. */
static void test_memcpy_every_kind(void) {
  const size_t n = 3000;
  unsigned char *a = NULL, *b = NULL;
  unsigned char *h1 = malloc(n), *h2 = malloc(n), *h3 = malloc(n);
  CHECK_ERR(hipMalloc((void**)&a, n), hipSuccess);
  CHECK_ERR(hipMalloc((void**)&b, n), hipSuccess);
  fill_pattern(h1, n, 4);

  memset(h2, 0, n);
  CHECK_ERR(hipMemcpy(h2, h1, n, hipMemcpyHostToHost), hipSuccess);
  CHECK_MEM(h2, h1, n);

  CHECK_ERR(hipMemcpy(a, h1, n, hipMemcpyHostToDevice), hipSuccess);
  CHECK_MEM(a, h1, n);
  CHECK_ERR(hipMemcpy(b, a, n, hipMemcpyDeviceToDevice), hipSuccess);
  memset(h3, 0, n);
  CHECK_ERR(hipMemcpy(h3, b, n, hipMemcpyDeviceToHost), hipSuccess);
  CHECK_MEM(h3, h1, n);

  /* hipMemcpyDefault infers the direction, every direction. */
  fill_pattern(h1, n, 5);
  CHECK_ERR(hipMemcpy(a, h1, n, hipMemcpyDefault), hipSuccess);
  CHECK_ERR(hipMemcpy(b, a, n, hipMemcpyDefault), hipSuccess);
  memset(h3, 0, n);
  CHECK_ERR(hipMemcpy(h3, b, n, hipMemcpyDefault), hipSuccess);
  CHECK_MEM(h3, h1, n);
  memset(h2, 0, n);
  CHECK_ERR(hipMemcpy(h2, h3, n, hipMemcpyDefault), hipSuccess);
  CHECK_MEM(h2, h1, n);

  /* The driver-API spellings. */
  fill_pattern(h1, n, 6);
  CHECK_ERR(hipMemcpyHtoD(a, h1, n), hipSuccess);
  CHECK_ERR(hipMemcpyDtoD(b, a, n), hipSuccess);
  memset(h3, 0, n);
  CHECK_ERR(hipMemcpyDtoH(h3, b, n), hipSuccess);
  CHECK_MEM(h3, h1, n);

  CHECK_ERR(hipFree(a), hipSuccess);
  CHECK_ERR(hipFree(b), hipSuccess);
  free(h1);
  free(h2);
  free(h3);
}

static void test_memcpy_invalid_kind(void) {
  unsigned char *d = NULL, h[16], before[16];
  CHECK_ERR(hipMalloc((void**)&d, 16), hipSuccess);
  memset(d, 0x11, 16);
  fill_pattern(h, 16, 7);
  CHECK_ERR(hipMemcpy(d, h, 16, (hipMemcpyKind)7),
            hipErrorInvalidMemcpyDirection);
  CHECK_ERR(hipMemcpy(d, h, 16, (hipMemcpyKind)5),
            hipErrorInvalidMemcpyDirection);
  CHECK_ERR(hipMemcpy(d, h, 16, (hipMemcpyKind)-1),
            hipErrorInvalidMemcpyDirection);
  memset(before, 0x11, 16);
  CHECK_MEM(d, before, 16); /* nothing copied */
  CHECK_ERR(hipFree(d), hipSuccess);
}

static void test_memcpy_null_pointers(void) {
  unsigned char *d = NULL, h[16] = {0};
  CHECK_ERR(hipMalloc((void**)&d, 16), hipSuccess);
  CHECK_ERR(hipMemcpy(NULL, h, 16, hipMemcpyHostToDevice),
            hipErrorInvalidValue);
  CHECK_ERR(hipMemcpy(d, NULL, 16, hipMemcpyHostToDevice),
            hipErrorInvalidValue);
  CHECK_ERR(hipFree(d), hipSuccess);
}

/* A copy into a tracked allocation that runs past its end is refused, and
 * no byte of the destination changes. */
static void test_memcpy_overruns_destination(void) {
  const size_t n = 256;
  unsigned char *d = NULL, h[512], zeros[256];
  CHECK_ERR(hipMalloc((void**)&d, n), hipSuccess);
  CHECK_ERR(hipMemset(d, 0, n), hipSuccess);
  memset(zeros, 0, sizeof zeros);
  fill_pattern(h, sizeof h, 8);
  CHECK_ERR(hipMemcpy(d, h, n + 1, hipMemcpyHostToDevice),
            hipErrorInvalidValue);
  CHECK_ERR(hipMemcpy(d + 16, h, n, hipMemcpyHostToDevice),
            hipErrorInvalidValue);
  CHECK_ERR(hipMemcpy(d + n - 1, h, 2, hipMemcpyDefault),
            hipErrorInvalidValue);
  CHECK_MEM(d, zeros, n);
  /* Exactly up to the end is fine. */
  CHECK_ERR(hipMemcpy(d + 16, h, n - 16, hipMemcpyHostToDevice), hipSuccess);
  CHECK_MEM(d + 16, h, n - 16);
  CHECK_ERR(hipFree(d), hipSuccess);
}

/* A copy that reads past the end of a tracked allocation is refused, and
 * the destination is untouched. */
static void test_memcpy_overruns_source(void) {
  const size_t n = 256;
  unsigned char *d = NULL, *d2 = NULL, h[512], before[512];
  CHECK_ERR(hipMalloc((void**)&d, n), hipSuccess);
  CHECK_ERR(hipMalloc((void**)&d2, 2 * n), hipSuccess);
  memset(d, 0x5A, n);
  memset(d2, 0x33, 2 * n);
  fill_pattern(h, sizeof h, 9);
  memcpy(before, h, sizeof h);
  CHECK_ERR(hipMemcpy(h, d, n + 1, hipMemcpyDeviceToHost),
            hipErrorInvalidValue);
  CHECK_ERR(hipMemcpy(h, d + 100, n, hipMemcpyDeviceToHost),
            hipErrorInvalidValue);
  CHECK_MEM(h, before, sizeof h);
  CHECK_ERR(hipMemcpy(d2, d, n + 8, hipMemcpyDeviceToDevice),
            hipErrorInvalidValue);
  memset(before, 0x33, 2 * n);
  CHECK_MEM(d2, before, 2 * n);
  CHECK_ERR(hipFree(d), hipSuccess);
  CHECK_ERR(hipFree(d2), hipSuccess);
}

static void test_memcpy_zero_size(void) {
  unsigned char *d = NULL, h[8] = {1, 2, 3, 4, 5, 6, 7, 8};
  unsigned char want[8] = {1, 2, 3, 4, 5, 6, 7, 8};
  CHECK_ERR(hipMalloc((void**)&d, 8), hipSuccess);
  memset(d, 0, 8);
  CHECK_ERR(hipMemcpy(d, h, 0, hipMemcpyHostToDevice), hipSuccess);
  CHECK_ERR(hipMemcpy(h, d, 0, hipMemcpyDeviceToHost), hipSuccess);
  CHECK_ERR(hipMemcpy(NULL, NULL, 0, hipMemcpyDefault), hipSuccess);
  CHECK_MEM(h, want, 8);
  CHECK_EQ(d[0], 0);
  CHECK_ERR(hipFree(d), hipSuccess);
}

static void test_memset_pattern(void) {
  const size_t n = 1000;
  unsigned char *d = NULL, *out = malloc(n), *want = malloc(n);
  CHECK_ERR(hipMalloc((void**)&d, n), hipSuccess);
  CHECK_ERR(hipMemset(d, 0x3C, n), hipSuccess);
  /* Only the low byte of the value counts. */
  CHECK_ERR(hipMemset(d + 100, 0x1A5, 200), hipSuccess);
  for (size_t i = 0; i < n; i++)
    want[i] = (i >= 100 && i < 300) ? 0xA5 : 0x3C;
  CHECK_ERR(hipMemcpy(out, d, n, hipMemcpyDeviceToHost), hipSuccess);
  CHECK_MEM(out, want, n);
  CHECK_ERR(hipMemset(d, 0, 0), hipSuccess); /* zero bytes: nothing */
  CHECK_ERR(hipMemcpy(out, d, n, hipMemcpyDeviceToHost), hipSuccess);
  CHECK_MEM(out, want, n);
  CHECK_ERR(hipFree(d), hipSuccess);
  free(out);
  free(want);
}

static void test_memset_bad_input(void) {
  unsigned char *d = NULL, zeros[64];
  CHECK_ERR(hipMalloc((void**)&d, 64), hipSuccess);
  CHECK_ERR(hipMemset(d, 0, 64), hipSuccess);
  CHECK_ERR(hipMemset(d, 0xFF, 65), hipErrorInvalidValue);
  CHECK_ERR(hipMemset(d + 32, 0xFF, 33), hipErrorInvalidValue);
  CHECK_ERR(hipMemset(NULL, 0, 16), hipErrorInvalidValue);
  memset(zeros, 0, sizeof zeros);
  CHECK_MEM(d, zeros, 64);
  CHECK_ERR(hipFree(d), hipSuccess);
}

/* 24 MiB + 3 bytes: above the size at which the CPU device splits copies
 * into chunks for its workers; every byte checked. */
static void test_large_copies(void) {
  const size_t n = (24u << 20) + 3;
  unsigned char *a = NULL, *b = NULL;
  unsigned char *h = malloc(n), *out = malloc(n);
  CHECK(h && out);
  fill_pattern(h, n, 10);
  CHECK_ERR(hipMalloc((void**)&a, n), hipSuccess);
  CHECK_ERR(hipMalloc((void**)&b, n), hipSuccess);
  CHECK_ERR(hipMemcpy(a, h, n, hipMemcpyHostToDevice), hipSuccess);
  CHECK_ERR(hipMemcpy(b, a, n, hipMemcpyDeviceToDevice), hipSuccess);
  memset(out, 0, n);
  CHECK_ERR(hipMemcpy(out, b, n, hipMemcpyDeviceToHost), hipSuccess);
  CHECK_MEM(out, h, n);
  CHECK_ERR(hipFree(a), hipSuccess);
  CHECK_ERR(hipFree(b), hipSuccess);
  free(h);
  free(out);
}

static void test_large_memset(void) {
  const size_t n = (20u << 20) + 5;
  unsigned char *d = NULL, *out = malloc(n);
  CHECK_ERR(hipMalloc((void**)&d, n), hipSuccess);
  CHECK_ERR(hipMemset(d, 0x00, n), hipSuccess);
  CHECK_ERR(hipMemset(d + 1, 0xC3, n - 2), hipSuccess);
  CHECK_ERR(hipMemcpy(out, d, n, hipMemcpyDeviceToHost), hipSuccess);
  size_t bad = n;
  for (size_t i = 0; i < n; i++) {
    unsigned char want = (i == 0 || i == n - 1) ? 0 : 0xC3;
    if (out[i] != want) {
      bad = i;
      break;
    }
  }
  CHECK_EQ(bad, n);
  CHECK_ERR(hipFree(d), hipSuccess);
  free(out);
}

/* Overlapping device-to-device copies behave like memmove, in both
 * directions, small and large. */
static void overlap_case(size_t n, size_t shift, int forward) {
  size_t total = n + shift;
  unsigned char *d = NULL, *init = malloc(total), *want = malloc(total),
                *out = malloc(total);
  fill_pattern(init, total, (unsigned)(n + shift));
  memcpy(want, init, total);
  if (forward)
    memmove(want + shift, want, n); /* dst after src */
  else
    memmove(want, want + shift, n); /* dst before src */
  CHECK_ERR(hipMalloc((void**)&d, total), hipSuccess);
  CHECK_ERR(hipMemcpy(d, init, total, hipMemcpyHostToDevice), hipSuccess);
  if (forward)
    CHECK_ERR(hipMemcpy(d + shift, d, n, hipMemcpyDeviceToDevice),
              hipSuccess);
  else
    CHECK_ERR(hipMemcpy(d, d + shift, n, hipMemcpyDeviceToDevice),
              hipSuccess);
  CHECK_ERR(hipMemcpy(out, d, total, hipMemcpyDeviceToHost), hipSuccess);
  if (check_first_diff(out, want, total) >= 0)
    fprintf(stderr, "  overlap case n=%zu shift=%zu forward=%d\n", n, shift,
            forward);
  CHECK_MEM(out, want, total);
  CHECK_ERR(hipFree(d), hipSuccess);
  free(init);
  free(want);
  free(out);
}

static void test_overlapping_copies(void) {
  overlap_case(1000, 1, 1);
  overlap_case(1000, 1, 0);
  overlap_case(1000, 333, 1);
  overlap_case(1000, 333, 0);
  overlap_case((18u << 20) + 1, 4097, 1);
  overlap_case((18u << 20) + 1, 4097, 0);
  overlap_case((18u << 20) + 1, (3u << 20) + 7, 1);
}

static void test_mem_get_info(void) {
  hipDeviceProp_t p;
  size_t free_b = 0, total = 0;
  CHECK_ERR(hipGetDeviceProperties(&p, 0), hipSuccess);
  CHECK_ERR(hipMemGetInfo(&free_b, &total), hipSuccess);
  CHECK_EQ(total, p.totalGlobalMem);
  CHECK(free_b <= total);
  CHECK(free_b > 0);
  /* Either output may be left out, not both. */
  size_t total2 = 0;
  CHECK_ERR(hipMemGetInfo(NULL, &total2), hipSuccess);
  CHECK_EQ(total2, p.totalGlobalMem);
  free_b = 0;
  CHECK_ERR(hipMemGetInfo(&free_b, NULL), hipSuccess);
  CHECK(free_b > 0 && free_b <= total);
  CHECK_ERR(hipMemGetInfo(NULL, NULL), hipErrorInvalidValue);
  /* The CPU device's free memory moves with the program's allocations
   * only: down by what hipMalloc takes, back after hipFree. */
  if (strcmp(p.gcnArchName, "hipc-cpu") == 0) {
    size_t before = 0, during = 0, after = 0;
    void* d = NULL;
    CHECK_ERR(hipMemGetInfo(&before, NULL), hipSuccess);
    CHECK_ERR(hipMalloc(&d, (size_t)64 << 20), hipSuccess);
    CHECK_ERR(hipMemGetInfo(&during, NULL), hipSuccess);
    CHECK_ERR(hipFree(d), hipSuccess);
    CHECK_ERR(hipMemGetInfo(&after, NULL), hipSuccess);
    CHECK_EQ(before - during, (size_t)64 << 20);
    CHECK_EQ(after, before);
  }
}

/* hipDeviceReset frees every allocation of the device; the device stays
 * usable afterwards. Runs last. */
static void test_device_reset_frees(void) {
  void *a = NULL, *b = NULL, *c = NULL;
  unsigned char h[32], out[32];
  CHECK_ERR(hipMalloc(&a, 100), hipSuccess);
  CHECK_ERR(hipMalloc(&b, 1 << 20), hipSuccess);
  CHECK_ERR(hipDeviceReset(), hipSuccess);
  CHECK_ERR(hipFree(a), hipErrorInvalidValue);
  CHECK_ERR(hipFree(b), hipErrorInvalidValue);
  CHECK_ERR(hipMalloc(&c, 32), hipSuccess);
  fill_pattern(h, 32, 11);
  CHECK_ERR(hipMemcpy(c, h, 32, hipMemcpyHostToDevice), hipSuccess);
  CHECK_ERR(hipMemcpy(out, c, 32, hipMemcpyDeviceToHost), hipSuccess);
  CHECK_MEM(out, h, 32);
  CHECK_ERR(hipFree(c), hipSuccess);
}

int main(void) {
  test_malloc_free_round_trip();
  test_host_touches_device_memory();
  test_distinct_allocations_aligned();
  test_malloc_zero_size();
  test_malloc_null_out();
  test_malloc_too_large();
  test_free_null();
  test_double_free();
  test_free_foreign_pointers();
  test_memcpy_every_kind();
  test_memcpy_invalid_kind();
  test_memcpy_null_pointers();
  test_memcpy_overruns_destination();
  test_memcpy_overruns_source();
  test_memcpy_zero_size();
  test_memset_pattern();
  test_memset_bad_input();
  test_large_copies();
  test_large_memset();
  test_overlapping_copies();
  test_mem_get_info();
  test_device_reset_frees();
  return check_summary("test_memory");
}
