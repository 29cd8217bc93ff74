/* The host ABI of clang's HIP mode with a kc image built by hand: the
 * registrations clang's module constructor makes (__hipRegisterFatBinary,
 * __hipRegisterFunction, __hipRegisterVar, __hipRegisterManagedVar), then
 * launches through hipLaunchKernel of kernels whose code is a C function
 * per thread (the generic thread loop), a region-form kernel, a kernel
 * without parameters, static __shared__ memory per block (plain and
 * cooperative launches), and the symbol API keyed by clang's host shadows.
 * Registration order, bad fat binaries and unregistration are in
 * test_hip_abi_reg.c. Runs on the CPU device (selected explicitly: the
 * thread functions are CPU code). */
#define _POSIX_C_SOURCE 200809L
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "hip/hipc/coop.h"
#include "hip/hipc/kc_abi.h"

/* -- the fat binary and its wrapper, as hipcc writes and clang embeds */

typedef struct wrapper {
  int magic, version;
  const void* blob;
  void* unused;
} wrapper;

static _Alignas(8) unsigned char blob[sizeof(hipc_fatbin_header)];
static const wrapper fatbin = {0x48495046, 1, blob, NULL};

static void make_blob(unsigned char* b, const char* id) {
  hipc_fatbin_header h;
  memset(&h, 0, sizeof h);
  memcpy(h.magic, HIPC_FATBIN_MAGIC, 8);
  strncpy(h.cpu_id, id, sizeof h.cpu_id - 1);
  memcpy(b, &h, sizeof h);
}

/* -- kernels: host handles (what clang's kernel globals are) and the
 *    thread functions kc would emit. */

static const char h_scale, h_reduce, h_region, h_tick, h_readvar, h_bump,
    h_coop;

/* scale(int n, int k, int* out): out[i] = i * k + 1. The buffer is laid
 * out out of order (n at 0, k at 4, out at 16) so that a pack that ignores
 * param_offsets gets it wrong. */
static const uint32_t scale_off[] = {0, 4, 16}, scale_size[] = {4, 4, 8},
                      scale_align[] = {4, 4, 8};
static void scale_thread(const void* a) {
  const char* p = a;
  int n, k;
  int* out;
  memcpy(&n, p, 4);
  memcpy(&k, p + 4, 4);
  memcpy(&out, p + 16, 8);
  int i = (int)(hipc_tls.block_idx.x * hipc_tls.block_dim.x +
                hipc_tls.thread_idx.x);
  if (i < n) out[i] = i * k + 1;
}

/* reduce(int* out, int* bad): every thread of a block of 8x4x2 puts a
 * value in the block's static segment (at SEG_OFF), meets the others at a
 * barrier, and thread 0 sums the segment. `bad` counts what went wrong:
 * a misaligned segment, a thread index not restored after the barrier, a
 * slot overwritten by another block. */
enum { SEG_OFF = 64, BLOCK_THREADS = 64, IMG_SHARED = SEG_OFF + 4 * 64 };
static void reduce_thread(const void* a) {
  int *out, *bad;
  memcpy(&out, a, 8);
  memcpy(&bad, (const char*)a + 8, 8);
  char* seg = hipc_tls.static_shared;
  int* vals = (int*)(seg + SEG_OFF);
  uint32_t me = hipc_thread_linear(), blk = hipc_tls.block_idx.x;
  if ((uintptr_t)seg % 64) __atomic_fetch_add(bad, 1, __ATOMIC_RELAXED);
  vals[me] = (int)(blk * 1000 + me);
  hipc_cpu_syncthreads();
  if (hipc_thread_linear() != me || hipc_tls.static_shared != seg)
    __atomic_fetch_add(bad, 1, __ATOMIC_RELAXED);
  if (me == 0) {
    int sum = 0;
    for (int t = 0; t < BLOCK_THREADS; ++t) sum += vals[t];
    out[blk] = sum;
  }
  hipc_cpu_syncthreads();
  if (vals[me] != (int)(blk * 1000 + me))
    __atomic_fetch_add(bad, 1, __ATOMIC_RELAXED);
}
static const uint32_t ptr2_off[] = {0, 8}, ptr2_size[] = {8, 8},
                      ptr2_align[] = {8, 8};

/* region(int* out): the region form runs the whole block in one call. */
static int region_thread_calls, region_runs;
static void region_thread(const void* a) {
  (void)a;
  __atomic_fetch_add(&region_thread_calls, 1, __ATOMIC_RELAXED);
}
static void region_run(hipc_cpu_block* b) {
  int* out;
  memcpy(&out, b->args, 8);
  for (uint32_t t = b->next; t < b->count; ++t)
    out[hipc_tls.block_idx.x * b->count + t] = (int)t * 2;
  b->next = b->count;
  __atomic_fetch_add(&region_runs, 1, __ATOMIC_RELAXED);
}
static const uint32_t ptr1_off[] = {0}, ptr1_size[] = {8}, ptr1_align[] = {8};

/* tick(): no parameters, an empty argument buffer. */
static int ticks;
static void tick_thread(const void* a) {
  (void)a;
  __atomic_fetch_add(&ticks, 1, __ATOMIC_RELAXED);
}

/* kc's storage of `__device__ int dv[4]; __constant__ int cv;` and
 * clang's host shadows (the symbol API's keys; never written). */
static int kc_dv[4], kc_cv;
static int shadow_dv[4], shadow_cv;
static void readvar_thread(const void* a) {
  int* out;
  memcpy(&out, a, 8);
  uint32_t t = hipc_tls.thread_idx.x;
  out[t] = kc_dv[t] + kc_cv;
}

/* `__managed__ int mv = 7;`: clang's pointer variable and initial value,
 * kc's slot. bump() adds 1 per thread through the slot. */
static int mv_init = 7;
static void* mv_ptr;
static void* kc_mv_slot;
static void bump_thread(const void* a) {
  (void)a;
  __atomic_fetch_add((int*)kc_mv_slot, 1, __ATOMIC_RELAXED);
}

/* coop(int* out, int* bad): like reduce, with a grid barrier between the
 * store and the check: the blocks a worker interleaves must not share a
 * segment. */
static void coop_thread(const void* a) {
  int *out, *bad;
  memcpy(&out, a, 8);
  memcpy(&bad, (const char*)a + 8, 8);
  int* vals = (int*)((char*)hipc_tls.static_shared + SEG_OFF);
  uint32_t me = hipc_thread_linear(), blk = hipc_tls.block_idx.x;
  vals[me] = (int)(blk * 100 + me);
  hipc_cpu_syncthreads();
  hipc_cpu_grid_sync(0);
  if (vals[me] != (int)(blk * 100 + me))
    __atomic_fetch_add(bad, 1, __ATOMIC_RELAXED);
  hipc_cpu_syncthreads();
  if (me == 0) out[blk] = vals[BLOCK_THREADS - 1];
}

#define KERNEL(name, thread, run, n, off, size, align, args_size)       \
  {name, run, thread, n, off, size, align, args_size, 8, 0, 0,          \
   HIPC_KC_FORM_FIBERS, "test", IMG_SHARED, NULL}
static const hipc_kc_kernel kernels[] = {
    KERNEL("_Z5scaleiiPi", scale_thread, NULL, 3, scale_off, scale_size,
           scale_align, 24),
    KERNEL("_Z6reducePiS_", reduce_thread, NULL, 2, ptr2_off, ptr2_size,
           ptr2_align, 16),
    KERNEL("_Z6regionPi", region_thread, region_run, 1, ptr1_off, ptr1_size,
           ptr1_align, 8),
    KERNEL("_Z4tickv", tick_thread, NULL, 0, NULL, NULL, NULL, 0),
    KERNEL("_Z7readvarPi", readvar_thread, NULL, 1, ptr1_off, ptr1_size,
           ptr1_align, 8),
    KERNEL("_Z4bumpv", bump_thread, NULL, 0, NULL, NULL, NULL, 0),
    KERNEL("_Z4coopPiS_", coop_thread, NULL, 2, ptr2_off, ptr2_size,
           ptr2_align, 16),
};
static const hipc_kc_var vars[] = {
    {"dv", kc_dv, sizeof kc_dv, 0},
    {"cv", &kc_cv, sizeof kc_cv, HIPC_KC_VAR_CONSTANT},
    {"mv", &kc_mv_slot, sizeof(void*), HIPC_KC_VAR_MANAGED},
};
static const hipc_kc_image image = {
    HIPC_KC_IMAGE_VERSION, "test_hip_abi-tu1", IMG_SHARED,
    sizeof kernels / sizeof kernels[0], kernels,
    sizeof vars / sizeof vars[0], vars};

static void** handle;

/* What clang's module constructor does, in its order. The image registers
 * first here (test_hip_abi_reg.c tests the other order). */
static void register_all(void) {
  hipc_kc_register_image(&image);
  make_blob(blob, image.id);
  handle = __hipRegisterFatBinary(&fatbin);
  static char n_scale[] = "_Z5scaleiiPi", n_reduce[] = "_Z6reducePiS_",
              n_region[] = "_Z6regionPi", n_tick[] = "_Z4tickv",
              n_readvar[] = "_Z7readvarPi", n_bump[] = "_Z4bumpv",
              n_coop[] = "_Z4coopPiS_", n_dv[] = "dv", n_cv[] = "cv";
  const void* hosts[] = {&h_scale, &h_reduce, &h_region, &h_tick,
                         &h_readvar, &h_bump, &h_coop};
  char* names[] = {n_scale, n_reduce, n_region, n_tick,
                   n_readvar, n_bump, n_coop};
  for (int i = 0; i < 7; ++i)
    CHECK_EQ(__hipRegisterFunction(handle, hosts[i], names[i], names[i],
                                   (unsigned)-1, NULL, NULL, NULL, NULL,
                                   NULL),
             0);
  __hipRegisterVar(handle, (char*)shadow_dv, n_dv, n_dv, 0, sizeof shadow_dv,
                   0, 0);
  __hipRegisterVar(handle, (char*)&shadow_cv, n_cv, n_cv, 0, sizeof shadow_cv,
                   1, 0);
  __hipRegisterManagedVar(handle, &mv_ptr, &mv_init, "mv", sizeof mv_init,
                          4);
}

static void test_generic_loop_and_offsets(void) {
  enum { N = 1000 };
  int* out;
  CHECK_ERR(hipMalloc((void**)&out, N * sizeof *out), hipSuccess);
  CHECK_ERR(hipMemset(out, 0xff, N * sizeof *out), hipSuccess);
  int n = N - 3, k = 5; /* the last three stay untouched */
  void* args[] = {&n, &k, &out};
  CHECK_ERR(hipLaunchKernel(&h_scale, (dim3){(N + 127) / 128, 1, 1},
                            (dim3){128, 1, 1}, args, 0, NULL),
            hipSuccess);
  CHECK_ERR(hipDeviceSynchronize(), hipSuccess);
  int bad = 0;
  for (int i = 0; i < N; ++i)
    bad += out[i] != (i < N - 3 ? i * 5 + 1 : -1);
  CHECK_EQ(bad, 0);
  CHECK_ERR(hipFree(out), hipSuccess);
}

static void test_static_shared_and_barriers(void) {
  enum { BLOCKS = 96 };
  int *out, *bad;
  CHECK_ERR(hipMalloc((void**)&out, BLOCKS * sizeof *out), hipSuccess);
  CHECK_ERR(hipMalloc((void**)&bad, sizeof *bad), hipSuccess);
  CHECK_ERR(hipMemset(out, 0, BLOCKS * sizeof *out), hipSuccess);
  CHECK_ERR(hipMemset(bad, 0, sizeof *bad), hipSuccess);
  void* args[] = {&out, &bad};
  CHECK_ERR(hipLaunchKernel(&h_reduce, (dim3){BLOCKS, 1, 1}, (dim3){8, 4, 2},
                            args, 0, NULL),
            hipSuccess);
  CHECK_ERR(hipDeviceSynchronize(), hipSuccess);
  int wrong = 0;
  for (int b = 0; b < BLOCKS; ++b)
    wrong += out[b] != 64000 * b + 63 * 64 / 2;
  CHECK_EQ(wrong, 0);
  CHECK_EQ(*bad, 0);
  /* What hipFuncGetAttributes knows of it: the segment's size. */
  hipFuncAttributes fa;
  CHECK_ERR(hipFuncGetAttributes(&fa, &h_reduce), hipSuccess);
  CHECK_EQ(fa.sharedSizeBytes, IMG_SHARED);
  CHECK_ERR(hipFree(out), hipSuccess);
  CHECK_ERR(hipFree(bad), hipSuccess);
}

static void test_cooperative_segments(void) {
  enum { BLOCKS = 12 };
  int *out, *bad;
  CHECK_ERR(hipMalloc((void**)&out, BLOCKS * sizeof *out), hipSuccess);
  CHECK_ERR(hipMalloc((void**)&bad, sizeof *bad), hipSuccess);
  CHECK_ERR(hipMemset(bad, 0, sizeof *bad), hipSuccess);
  void* args[] = {&out, &bad};
  CHECK_ERR(hipLaunchCooperativeKernel(&h_coop, (dim3){BLOCKS, 1, 1},
                                       (dim3){BLOCK_THREADS, 1, 1}, args, 0,
                                       NULL),
            hipSuccess);
  CHECK_ERR(hipDeviceSynchronize(), hipSuccess);
  CHECK_EQ(*bad, 0);
  int wrong = 0;
  for (int b = 0; b < BLOCKS; ++b) wrong += out[b] != b * 100 + 63;
  CHECK_EQ(wrong, 0);
  CHECK_ERR(hipFree(out), hipSuccess);
  CHECK_ERR(hipFree(bad), hipSuccess);
}

static void test_region_form(void) {
  enum { BLOCKS = 5, THREADS = 33 };
  int* out;
  CHECK_ERR(hipMalloc((void**)&out, BLOCKS * THREADS * sizeof *out),
            hipSuccess);
  void* args[] = {&out};
  CHECK_ERR(hipLaunchKernel(&h_region, (dim3){BLOCKS, 1, 1},
                            (dim3){THREADS, 1, 1}, args, 0, NULL),
            hipSuccess);
  CHECK_ERR(hipDeviceSynchronize(), hipSuccess);
  int wrong = 0;
  for (int i = 0; i < BLOCKS * THREADS; ++i) wrong += out[i] != i % THREADS * 2;
  CHECK_EQ(wrong, 0);
  CHECK_EQ(region_runs, BLOCKS);
  CHECK_EQ(region_thread_calls, 0);
  CHECK_ERR(hipFree(out), hipSuccess);
}

static void test_no_parameters(void) {
  CHECK_ERR(hipLaunchKernel(&h_tick, (dim3){3, 2, 1}, (dim3){5, 1, 2}, NULL,
                            0, NULL),
            hipSuccess);
  CHECK_ERR(hipDeviceSynchronize(), hipSuccess);
  CHECK_EQ(ticks, 3 * 2 * 5 * 2);
}

static void test_symbols_by_shadow(void) {
  const int src[4] = {10, 20, 30, 40}, c = 3;
  CHECK_ERR(hipMemcpyToSymbol(shadow_dv, src, sizeof src, 0,
                              hipMemcpyHostToDevice),
            hipSuccess);
  CHECK_ERR(hipMemcpyToSymbolAsync(&shadow_cv, &c, sizeof c, 0,
                                   hipMemcpyHostToDevice, NULL),
            hipSuccess);
  CHECK_ERR(hipDeviceSynchronize(), hipSuccess);
  CHECK_MEM(kc_dv, src, sizeof src);
  CHECK_EQ(kc_cv, 3);
  const int zero[4] = {0};
  CHECK_MEM(shadow_dv, zero, sizeof zero); /* the shadow is only a key */
  CHECK_EQ(shadow_cv, 0);
  /* Part of it, at an offset; and past its end. */
  const int v = 99;
  CHECK_ERR(hipMemcpyToSymbol(shadow_dv, &v, sizeof v, 2 * sizeof v,
                              hipMemcpyHostToDevice),
            hipSuccess);
  CHECK_EQ(kc_dv[2], 99);
  CHECK_ERR(hipMemcpyToSymbol(shadow_dv, &v, sizeof v, 4 * sizeof v,
                              hipMemcpyHostToDevice),
            hipErrorInvalidValue);
  int back[4] = {0}, cback = 0;
  CHECK_ERR(hipMemcpyFromSymbol(back, shadow_dv, sizeof back, 0,
                                hipMemcpyDeviceToHost),
            hipSuccess);
  CHECK_ERR(hipMemcpyFromSymbolAsync(&cback, &shadow_cv, sizeof cback, 0,
                                     hipMemcpyDeviceToHost, NULL),
            hipSuccess);
  CHECK_ERR(hipDeviceSynchronize(), hipSuccess);
  const int want[4] = {10, 20, 99, 40};
  CHECK_MEM(back, want, sizeof want);
  CHECK_EQ(cback, 3);
  void* addr = NULL;
  size_t size = 0;
  CHECK_ERR(hipGetSymbolAddress(&addr, shadow_dv), hipSuccess);
  CHECK_EQ(addr, kc_dv);
  CHECK_ERR(hipGetSymbolSize(&size, shadow_dv), hipSuccess);
  CHECK_EQ(size, sizeof kc_dv);
  CHECK_ERR(hipGetSymbolAddress(&addr, &shadow_cv), hipSuccess);
  CHECK_EQ(addr, &kc_cv);
  /* kc's storage is not a key. */
  CHECK_ERR(hipGetSymbolSize(&size, kc_dv), hipErrorInvalidSymbol);
  /* A kernel reads what the host wrote. */
  int* out;
  CHECK_ERR(hipMalloc((void**)&out, 4 * sizeof *out), hipSuccess);
  void* args[] = {&out};
  CHECK_ERR(hipLaunchKernel(&h_readvar, (dim3){1, 1, 1}, (dim3){4, 1, 1},
                            args, 0, NULL),
            hipSuccess);
  CHECK_ERR(hipDeviceSynchronize(), hipSuccess);
  const int sums[4] = {13, 23, 102, 43};
  CHECK_MEM(out, sums, sizeof sums);
  CHECK_ERR(hipFree(out), hipSuccess);
}

static void test_managed(void) {
  /* On the CPU device the bound storage is the initial value's object. */
  CHECK_EQ(mv_ptr, &mv_init);
  CHECK_EQ(kc_mv_slot, &mv_init);
  CHECK_EQ(*(int*)mv_ptr, 7);
  CHECK_ERR(hipLaunchKernel(&h_bump, (dim3){2, 1, 1}, (dim3){10, 1, 1}, NULL,
                            0, NULL),
            hipSuccess);
  CHECK_ERR(hipDeviceSynchronize(), hipSuccess);
  CHECK_EQ(*(int*)mv_ptr, 27);
  /* The symbol API's key is the bound storage (host code's `&mv`). */
  int got = 0, put = 5;
  CHECK_ERR(hipMemcpyFromSymbol(&got, mv_ptr, sizeof got, 0,
                                hipMemcpyDeviceToHost),
            hipSuccess);
  CHECK_EQ(got, 27);
  CHECK_ERR(hipMemcpyToSymbol(mv_ptr, &put, sizeof put, 0,
                              hipMemcpyHostToDevice),
            hipSuccess);
  CHECK_EQ(mv_init, 5);
  size_t size = 0;
  CHECK_ERR(hipGetSymbolSize(&size, mv_ptr), hipSuccess);
  CHECK_EQ(size, sizeof(int));
  hipPointerAttribute_t pa;
  CHECK_ERR(hipPointerGetAttributes(&pa, mv_ptr), hipSuccess);
  CHECK_EQ(pa.type, hipMemoryTypeManaged);
}

/* The thread functions are CPU code: run on the CPU device even where a
 * GPU comes first. */
static int select_cpu_device(void) {
  int n = 0;
  if (hipGetDeviceCount(&n) != hipSuccess) return 0;
  for (int d = 0; d < n; ++d) {
    hipDeviceProp_t p;
    if (hipGetDeviceProperties(&p, d) == hipSuccess &&
        strcmp(p.gcnArchName, "hipc-cpu") == 0)
      return hipSetDevice(d) == hipSuccess;
  }
  return 0;
}

int main(void) {
  register_all();
  CHECK(handle != NULL);
  if (!select_cpu_device()) {
    fprintf(stderr, "test_hip_abi: no CPU device\n");
    return 77;
  }
  test_generic_loop_and_offsets();
  test_static_shared_and_barriers();
  test_cooperative_segments();
  test_region_form();
  test_no_parameters();
  test_symbols_by_shadow();
  test_managed();
  return check_summary("test_hip_abi");
}
