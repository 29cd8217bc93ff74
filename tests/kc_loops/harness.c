/* End-to-end test of kc's region form: runs the K.run functions that the
 * driver made from kernels.hip (linked in as NAME_run), one block at a
 * time as the CPU device's workers do, and checks every result against a
 * value computed here on the host. Stands in for the runtime: defines
 * hipc_tls, the per-worker arena and the disagreement report. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness.h"

__thread hipc_thread_state hipc_tls;

static void* arena;
static size_t arena_size;
void* hipc_cpu_region_arena(size_t bytes) {
  if (bytes > arena_size) {
    free(arena);
    arena_size = (bytes + 63) & ~(size_t)63;
    arena = aligned_alloc(64, arena_size);
    if (!arena) abort();
  }
  /* Poison: K.run must not rely on the arena's contents. */
  memset(arena, 0xa5, arena_size);
  return arena;
}

void hipc_cpu_region_nonuniform(void) {
  fprintf(stderr, "threads of a block disagree\n");
  exit(3);
}

#ifdef KC_IMAGE
/* The kernels come from an object of hipc-kc: its constructor registers
 * the image, where each kernel's `run` is found by name. */
#include "hip/hipc/kc_abi.h"
static const hipc_kc_image* image;
void hipc_kc_register_image(const hipc_kc_image* img) { image = img; }
void hipc_kc_unregister_image(const hipc_kc_image* img) { (void)img; }
run_fn find_run(const char* name) {
  for (uint32_t i = 0; image && i < image->num_kernels; i++)
    if (strcmp(image->kernels[i].name, name) == 0) {
      if (!image->kernels[i].run) {
        printf("FAIL: %s has no region form\n", name);
        exit(1);
      }
      return image->kernels[i].run;
    }
  printf("FAIL: no kernel %s in the image\n", name);
  exit(1);
}
/* The fiber forms in the object call the fiber runtime; never here. */
#include "hip/hipc/kc_warp.h"
uint64_t __hipc_kc_shfl_idx(uint64_t m, uint64_t v, int32_t s, int32_t w,
                            uintptr_t site) { (void)m; (void)v; (void)s; (void)w; (void)site; abort(); }
uint64_t __hipc_kc_shfl_up(uint64_t m, uint64_t v, uint32_t d, int32_t w,
                           uintptr_t site) { (void)m; (void)v; (void)d; (void)w; (void)site; abort(); }
uint64_t __hipc_kc_shfl_down(uint64_t m, uint64_t v, uint32_t d, int32_t w,
                             uintptr_t site) { (void)m; (void)v; (void)d; (void)w; (void)site; abort(); }
uint64_t __hipc_kc_shfl_xor(uint64_t m, uint64_t v, int32_t x, int32_t w,
                            uintptr_t site) { (void)m; (void)v; (void)x; (void)w; (void)site; abort(); }
uint64_t __hipc_kc_ballot(uint64_t m, int32_t p, uintptr_t site) { (void)m; (void)p; (void)site; abort(); }
int32_t __hipc_kc_any(uint64_t m, int32_t p, uintptr_t site) { (void)m; (void)p; (void)site; abort(); }
int32_t __hipc_kc_all(uint64_t m, int32_t p, uintptr_t site) { (void)m; (void)p; (void)site; abort(); }
uint64_t __hipc_kc_activemask(uintptr_t site) { (void)site; abort(); }
uint64_t __hipc_kc_match_any(uint64_t m, uint64_t v, uintptr_t site) { (void)m; (void)v; (void)site; abort(); }
uint64_t __hipc_kc_reduce(uint64_t m, uint64_t v, uint32_t op, uint32_t ty,
                          uintptr_t site) { (void)m; (void)v; (void)op; (void)ty; (void)site; abort(); }
void hipc_cpu_syncthreads(void) { abort(); }
/* The checking form's hooks (K.check, never run here). */
void hipc_check_access(const void* p, uint64_t size, uint32_t flags,
                       const char* where) {
  (void)p, (void)size, (void)flags, (void)where;
  abort();
}
void hipc_check_barrier(const char* where) {
  (void)where;
  abort();
}
void* hipc_check_malloc(size_t size) {
  (void)size;
  abort();
}
void hipc_check_free(void* p) {
  (void)p;
  abort();
}
unsigned hipc_cpu_syncthreads_count(int predicate, unsigned* arrived) {
  (void)predicate;
  (void)arrived;
  abort();
}
#endif

int failures;
int harness_warp_size = 32;

#ifndef KC_IMAGE
KERNEL(k_matmul);
KERNEL(k_reduce);
KERNEL(k_counts);
KERNEL(k_saxpy);
KERNEL(k_byval);
KERNEL(k_branch3d);
KERNEL(k_leave);
KERNEL(k_returns);
KERNEL(k_all_return);
KERNEL(k_skip_if);
KERNEL(k_break);
KERNEL(k_uniform_redef);
KERNEL(k_mixed);
KERNEL(k_loaded_bound);
KERNEL(k_flag);
KERNEL(k_disagree);
#endif

dim3 d3(unsigned x, unsigned y, unsigned z) {
  dim3 d = {x, y, z};
  return d;
}

void launch(run_fn f, dim3 grid, dim3 block, void* args) {
  for (unsigned z = 0; z < grid.z; z++)
    for (unsigned y = 0; y < grid.y; y++)
      for (unsigned x = 0; x < grid.x; x++) {
        hipc_tls.block_idx = d3(x, y, z);
        hipc_tls.grid_dim = grid;
        hipc_tls.block_dim = block;
        hipc_tls.warp_size = harness_warp_size;
#ifdef KC_IMAGE
        /* The block's __shared__ segment, poisoned: no initial value. */
        size_t ss = image->static_shared ? image->static_shared : 64;
        hipc_tls.static_shared = aligned_alloc(64, (ss + 63) / 64 * 64);
        memset(hipc_tls.static_shared, 0x5a, ss);
#endif
        hipc_cpu_block b;
        memset(&b, 0, sizeof b);
        b.count = block.x * block.y * block.z;
        b.dim = block;
        b.args = args;
        f(&b);
        EXPECT(b.next == b.count, "b->next %u != count %u", b.next, b.count);
#ifdef KC_IMAGE
        free(hipc_tls.static_shared);
#endif
      }
}

static void test_matmul(int n) {
  float *a = malloc(sizeof(float) * n * n), *b = malloc(sizeof(float) * n * n);
  float* c = malloc(sizeof(float) * n * n);
  for (int i = 0; i < n * n; i++) {
    a[i] = (float)(i % 7) - 3.0f;
    b[i] = (float)(i % 5) - 2.0f;
    c[i] = -1.0f;
  }
  struct {
    const float *a, *b;
    float* c;
    int n;
  } args = {a, b, c, n};
  launch(RUN(k_matmul), d3(n / 16, n / 16, 1), d3(16, 16, 1), &args);
  int bad = 0;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      double want = 0;
      for (int k = 0; k < n; k++) want += (double)a[i * n + k] * b[k * n + j];
      bad += fabs(c[i * n + j] - want) > 1e-3 * (1 + fabs(want));
    }
  EXPECT(!bad, "matmul n=%d: %d wrong elements", n, bad);
  free(a);
  free(b);
  free(c);
}

static void test_reduce(unsigned threads, int n) {
  int blocks = (n + threads - 1) / threads;
  float *in = malloc(sizeof(float) * n), *out = malloc(sizeof(float) * blocks);
  for (int i = 0; i < n; i++) in[i] = (float)((i * 37) % 101) - 50.0f;
  struct {
    const float* in;
    float* out;
    int n;
  } args = {in, out, n};
  launch(RUN(k_reduce), d3(blocks, 1, 1), d3(threads, 1, 1), &args);
  for (int bl = 0; bl < blocks; bl++) {
    double want = 0;
    for (unsigned t = 0; t < threads; t++)
      if (bl * threads + t < (unsigned)n) want += in[bl * threads + t];
    EXPECT(fabs(out[bl] - want) < 1e-3, "reduce %u block %d: %f != %f", threads,
           bl, out[bl], want);
  }
  free(in);
  free(out);
}

static int pred_of(int t, int r) { return (t + r) % (r + 2) == 0; }

static void test_counts(dim3 block, int live) {
  const int blocks = 3, n = blocks * 5 * 3 * 1024;
  int* out = malloc(sizeof(int) * n);
  memset(out, 0xff, sizeof(int) * n);
  struct {
    int* out;
    int live;
  } args = {out, live};
  launch(RUN(k_counts), d3(blocks, 1, 1), block, &args);
  int threads = block.x * block.y, bad = 0;
  for (int b = 0; b < blocks; b++)
    for (int r = 0; r < 5; r++) {
      int count = 0;
      for (int t = 0; t < live && t < threads; t++) count += pred_of(t, r);
      int live_n = live < threads ? live : threads;
      int all = r == 3 ? 1 : count == live_n;
      int any = r == 4 ? 0 : count > 0;
      for (int t = 0; t < 1024; t++) {
        int* g = &out[(b * 5 + r) * 3 * 1024 + 3 * t];
        int in = t < live && t < threads;
        bad += in ? (g[0] != count || g[1] != all || g[2] != any)
                  : (g[0] != -1 || g[1] != -1 || g[2] != -1);
      }
    }
  EXPECT(!bad, "counts block %ux%u live %d: %d wrong", block.x, block.y, live,
         bad);
  free(out);
}

static void test_saxpy(int n, unsigned threads) {
  float *x = malloc(sizeof(float) * n), *y = malloc(sizeof(float) * (n + 64));
  for (int i = 0; i < n + 64; i++) {
    if (i < n) x[i] = (float)i * 0.5f;
    y[i] = (float)(i % 13);
  }
  struct {
    int n;
    float a;
    const float* x;
    float* y;
  } args = {n, 3.0f, x, y};
  launch(RUN(k_saxpy), d3((n + threads - 1) / threads, 1, 1), d3(threads, 1, 1),
         &args);
  int bad = 0;
  for (int i = 0; i < n + 64; i++) {
    float want =
        i < n ? 3.0f * ((float)i * 0.5f) + (float)(i % 13) : (float)(i % 13);
    bad += y[i] != want;
  }
  EXPECT(!bad, "saxpy n=%d: %d wrong", n, bad);
  free(x);
  free(y);
}

struct Params {
  int n;
  float scale[4];
};

static void test_byval(unsigned threads) {
  const int blocks = 2;
  float* out = malloc(sizeof(float) * blocks * threads);
  struct {
    struct Params p;
    float* out;
  } args = {{3, {1.5f, -2.0f, 0.25f, 8.0f}}, out};
  launch(RUN(k_byval), d3(blocks, 1, 1), d3(threads, 1, 1), &args);
  int bad = 0;
  for (int b = 0; b < blocks; b++)
    for (unsigned t = 0; t < threads; t++) {
      const float* s = args.p.scale;
      unsigned u = (t + 1) % threads;
      float sh_u = (s[u % 4] + u) * 3;
      float loc = (float)(t * ((t + 3) % 8)) + s[((t + 3) % 8) % 4];
      float mine = s[(t + 1) % 4] + ((t + 1) % 4 == t % 4 ? (float)t : 0.0f);
      float want = sh_u + loc + mine;
      bad += fabsf(out[b * threads + t] - want) > 1e-4f * (1 + fabsf(want));
    }
  EXPECT(!bad, "byval %u threads: %d wrong", threads, bad);
  EXPECT(args.p.scale[1] == -2.0f, "byval: the argument buffer was written");
  free(out);
}

static void test_branch3d(dim3 block, int mode) {
  const int blocks = 2;
  unsigned count = block.x * block.y * block.z;
  int* out = malloc(sizeof(int) * blocks * count);
  struct {
    int* out;
    int mode;
  } args = {out, mode};
  launch(RUN(k_branch3d), d3(blocks, 1, 1), block, &args);
  int bad = 0;
  for (int b = 0; b < blocks; b++)
    for (unsigned lin = 0; lin < count; lin++) {
      unsigned src = (lin + 5) % count; /* the thread whose v is read */
      int v = mode > 1 ? (int)(count - 1 - src) * 3
                       : (int)((src + 1) % count + 7) * 2;
      unsigned x = lin % block.x, y = (lin / block.x) % block.y,
               z = lin / (block.x * block.y);
      (void)x;
      int want = v + 1000 * (int)z + 100 * (int)y + b * 100000;
      bad += out[b * count + lin] != want;
    }
  EXPECT(!bad, "branch3d %ux%ux%u mode %d: %d wrong", block.x, block.y, block.z,
         mode, bad);
  free(out);
}

static void test_leave(unsigned threads) {
  const int blocks = 2;
  int* out = malloc(sizeof(int) * blocks * threads);
  struct {
    int* out;
  } args = {out};
  launch(RUN(k_leave), d3(blocks, 1, 1), d3(threads, 1, 1), &args);
  int bad = 0;
  for (int b = 0; b < blocks; b++)
    for (int tid = 0; tid < (int)threads; tid++) {
      int k = 0, x = -1;
      while (tid >= k) {
        x = k * 10 + tid;
        k++;
        if (k > 8) break;
      }
      bad += out[b * threads + tid] != x * 100 + k;
    }
  EXPECT(!bad, "leave %u threads: %d wrong", threads, bad);
  free(out);
}

static void test_returns(void) {
  const int blocks = 2, nt = 64, rounds = 4;
  int out[2 * 64];
  struct {
    int* out;
    int rounds;
  } args = {out, rounds};
  launch(RUN(k_returns), d3(blocks, 1, 1), d3(nt, 1, 1), &args);
  int bad = 0;
  for (int bl = 0; bl < blocks; bl++)
    for (int t = 0; t < nt; t++) {
      int w;
      if (t % 5 == 4) {
        w = -1;
      } else {
        int acc = 0, base = (t / 5) * 5, r = 0;
        for (; r < rounds; r++) {
          if (r > 0 && t % 5 == r) break;
          acc += base * 10 + r + r;
        }
        w = r < rounds ? acc : acc + 1000;
      }
      bad += out[bl * nt + t] != w;
    }
  EXPECT(!bad, "returns: %d wrong", bad);
  struct {
    int* out;
  } a2 = {out};
  launch(RUN(k_all_return), d3(blocks, 1, 1), d3(nt, 1, 1), &a2);
  bad = 0;
  for (int bl = 0; bl < blocks; bl++)
    for (int t = 0; t < nt; t++) {
      int exit_t = t % 4 + 2, exit_u = (t + 1) % nt % 4 + 2;
      bad += out[bl * nt + t] !=
             (exit_t < exit_u ? exit_t : exit_u) * 100 + exit_t;
    }
  EXPECT(!bad, "all_return: %d wrong", bad);
}

static void test_reverse(run_fn f, const char* what, int flag, int twice) {
  const int nt = 64;
  int io[64];
  for (int i = 0; i < nt; i++) io[i] = i * i + 1;
  struct {
    int* io;
    int flag;
  } args = {io, flag};
  launch(f, d3(1, 1, 1), d3(nt, 1, 1), &args);
  int bad = 0;
  for (int t = 0; t < nt; t++) {
    int r = nt - 1 - t;
    int want = twice ? t * t + 1 : (flag + t > 0 ? r * r + 1 : t * t + 1);
    bad += io[t] != want;
  }
  EXPECT(!bad, "%s flag %d: %d wrong", what, flag, bad);
}

static void test_uniform_redef(unsigned nt) {
  int out[2 * 256], acc[256], sh[256], bad = 0;
  struct {
    int* out;
  } a = {out};
  launch(RUN(k_uniform_redef), d3(2, 1, 1), d3(nt, 1, 1), &a);
  int s = (int)nt;
  for (unsigned t = 0; t < nt; t++) acc[t] = 0;
  for (int r = 0; r < 4; r++) {
    for (unsigned t = 0; t < nt; t++) {
      acc[t] += s * (int)t;
      sh[t] = acc[t];
    }
    s = s / 2 + r;
    for (unsigned t = 0; t < nt; t++) acc[t] += sh[(t + 1) % nt] & 7;
  }
  for (int b = 0; b < 2; b++)
    for (unsigned t = 0; t < nt; t++) bad += out[b * nt + t] != acc[t] + s;
  EXPECT(!bad, "uniform_redef %u: %d wrong", nt, bad);
}

static void test_mixed(unsigned nt, int mode) {
  float out[4 * 128];
  int bad = 0;
  struct {
    float* out;
    int mode;
  } a = {out, mode};
  launch(RUN(k_mixed), d3(1, 1, 1), d3(nt, 1, 1), &a);
  for (unsigned t = 0; t < nt; t++) {
    unsigned src = nt - 1 - t; /* three reversals: the mirror's values */
    float v[4] = {src, 2.0f * src, 3.0f * src, 4.0f * src};
    if (mode == 0)
      v[0] += 1;
    else if (mode == 1)
      v[1] += 2;
    else
      v[2] += 5;
    if (t & 1) v[3] = -v[3];
    for (int k = 0; k < 4; k++) bad += out[4 * t + k] != v[k];
  }
  EXPECT(!bad, "mixed %u mode %d: %d wrong", nt, mode, bad);
}

static void test_loaded(void) {
  enum { blocks = 4, nt = 96 };
  static int out[blocks * nt], bounds[blocks] = {0, 1, 3, 7},
                               in[blocks] = {1, 0, 5, -2};
  struct {
    const int* bounds;
    int* out;
  } a = {bounds, out};
  launch(RUN(k_loaded_bound), d3(blocks, 1, 1), d3(nt, 1, 1), &a);
  int bad = 0;
  for (int b = 0; b < blocks; b++)
    for (int t = 0; t < nt; t++) {
      int acc = 0;
      for (int i = 0; i < bounds[b]; i++) acc += i * ((t + 1) % nt);
      bad += out[b * nt + t] != acc;
    }
  EXPECT(!bad, "loaded_bound: %d wrong", bad);
  struct {
    const int* in;
    int* out;
  } f = {in, out};
  launch(RUN(k_flag), d3(blocks, 1, 1), d3(nt, 1, 1), &f);
  bad = 0;
  for (int b = 0; b < blocks; b++)
    for (int t = 0; t < nt; t++)
      bad += out[b * nt + t] != (in[b] > 0 ? (nt - 1 - t) * 5 : -1);
  EXPECT(!bad, "flag: %d wrong", bad);
}

int main(int argc, char** argv) {
  if (argc > 1 && strcmp(argv[1], "disagree") == 0) {
    /* Expected to stop in hipc_cpu_region_nonuniform. */
    int out[64];
    struct {
      int* out;
    } a = {out};
    launch(RUN(k_disagree), d3(1, 1, 1), d3(64, 1, 1), &a);
    printf("k_disagree ran to its end\n");
    return 0;
  }
  test_loaded();
  test_uniform_redef(256);
  test_uniform_redef(13);
  test_mixed(128, 0);
  test_mixed(33, 1);
  test_mixed(64, 7);
  test_ported();
  test_warp();
  test_returns();
  test_reverse(RUN(k_skip_if), "skip_if", 0, 0);
  test_reverse(RUN(k_skip_if), "skip_if", -10, 0);
  test_reverse(RUN(k_break), "break", 0, 1);
  test_matmul(16);
  test_matmul(64);
  test_reduce(256, 1000);
  test_reduce(64, 64);
  test_reduce(1024, 3000);
  test_counts(d3(32, 4, 1), 100);
  test_counts(d3(16, 16, 1), 256);
  test_counts(d3(8, 3, 1), 1);
  test_saxpy(1000, 128);
  test_saxpy(77, 32);
  test_byval(64);
  test_byval(7);
  test_branch3d(d3(4, 3, 2), 2);
  test_branch3d(d3(8, 4, 4), 0);
  test_branch3d(d3(1, 1, 1), 5);
  test_leave(16);
  test_leave(5);
  if (failures) {
    printf("%d failures\n", failures);
    return 1;
  }
  printf("all region-form tests passed\n");
  return 0;
}
