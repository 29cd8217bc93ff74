/* Runs the kernels of tests/kc/kernels.hip from the object hipc-kc made of
 * them, without libhipc: this file stands in for the runtime. Each GPU
 * thread is a host thread with its own hipc_tls; __syncthreads is a
 * pthread barrier. Every check compares with values computed here
 * independently. Usage: harness (the kc object is linked in). */
#define _GNU_SOURCE
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hip/hipc/kc_abi.h"

__thread hipc_thread_state hipc_tls;

static const hipc_kc_image* image;
static int registrations;
static int failures;

#define CHECK(cond, ...)                                       \
  do {                                                         \
    if (!(cond)) {                                             \
      fprintf(stderr, "FAIL %s:%d: ", __FILE__, __LINE__);     \
      fprintf(stderr, __VA_ARGS__);                            \
      fputc('\n', stderr);                                     \
      failures++;                                              \
    }                                                          \
  } while (0)

void hipc_kc_register_image(const hipc_kc_image* img) {
  image = img;
  registrations++;
}
void hipc_kc_unregister_image(const hipc_kc_image* img) {
  if (img == image) registrations--;
}

/* The block being run: its barrier and the predicate count. */
static pthread_barrier_t barrier;
static pthread_mutex_t count_lock = PTHREAD_MUTEX_INITIALIZER;
static unsigned count_acc, block_threads;

void hipc_cpu_syncthreads(void) { pthread_barrier_wait(&barrier); }

/* The checking form's hooks (K.check, which this harness never runs). */
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
  pthread_mutex_lock(&count_lock);
  count_acc += predicate != 0;
  pthread_mutex_unlock(&count_lock);
  pthread_barrier_wait(&barrier);
  unsigned n = count_acc;
  pthread_barrier_wait(&barrier);
  if (hipc_tls.thread_idx.x == 0 && hipc_tls.thread_idx.y == 0 &&
      hipc_tls.thread_idx.z == 0)
    count_acc = 0;
  pthread_barrier_wait(&barrier);
  *arrived = block_threads;
  return n;
}

/* CUDA's atomicInc/atomicDec. */
unsigned hipc_kc_atomic_inc32(unsigned* p, unsigned limit) {
  unsigned old = __atomic_load_n(p, __ATOMIC_RELAXED), nv;
  do nv = old >= limit ? 0 : old + 1;
  while (!__atomic_compare_exchange_n(p, &old, nv, 0, __ATOMIC_RELAXED,
                                      __ATOMIC_RELAXED));
  return old;
}
unsigned hipc_kc_atomic_dec32(unsigned* p, unsigned limit) {
  unsigned old = __atomic_load_n(p, __ATOMIC_RELAXED), nv;
  do nv = (old == 0 || old > limit) ? limit : old - 1;
  while (!__atomic_compare_exchange_n(p, &old, nv, 0, __ATOMIC_RELAXED,
                                      __ATOMIC_RELAXED));
  return old;
}

static const hipc_kc_kernel* kernel(const char* name) {
  for (uint32_t i = 0; i < image->num_kernels; i++)
    if (strcmp(image->kernels[i].name, name) == 0) return &image->kernels[i];
  fprintf(stderr, "FAIL: no kernel %s in the image\n", name);
  exit(1);
}

static const hipc_kc_var* var(const char* name) {
  for (uint32_t i = 0; i < image->num_vars; i++)
    if (strcmp(image->vars[i].name, name) == 0) return &image->vars[i];
  fprintf(stderr, "FAIL: no variable %s in the image\n", name);
  exit(1);
}

struct thread_arg {
  const hipc_kc_kernel* k;
  hipc_thread_state state;
  const void* args;
};

static void* thread_main(void* p) {
  struct thread_arg* a = p;
  hipc_tls = a->state;
  a->k->thread(a->args);
  return NULL;
}

/* Packs `args` as the runtime does and runs the grid, block by block. */
static void launch(const hipc_kc_kernel* k, dim3 grid, dim3 block,
                   void** args, size_t dyn_bytes) {
  void* buf = aligned_alloc(k->args_align, k->args_size ? k->args_size
                                                        : k->args_align);
  for (uint32_t i = 0; i < k->num_params; i++)
    memcpy((char*)buf + k->param_offsets[i], args[i], k->param_sizes[i]);
  unsigned n = block.x * block.y * block.z;
  struct thread_arg* ta = calloc(n, sizeof *ta);
  pthread_t* th = calloc(n, sizeof *th);
  for (unsigned bz = 0; bz < grid.z; bz++)
    for (unsigned by = 0; by < grid.y; by++)
      for (unsigned bx = 0; bx < grid.x; bx++) {
        void* stat = aligned_alloc(64, image->static_shared
                                           ? image->static_shared : 64);
        void* dyn = aligned_alloc(64, dyn_bytes ? (dyn_bytes + 63) / 64 * 64
                                                : 64);
        pthread_barrier_init(&barrier, NULL, n);
        block_threads = n;
        unsigned t = 0;
        for (unsigned z = 0; z < block.z; z++)
          for (unsigned y = 0; y < block.y; y++)
            for (unsigned x = 0; x < block.x; x++, t++) {
              hipc_thread_state s;
              memset(&s, 0, sizeof s);
              s.thread_idx = (dim3){x, y, z};
              s.block_idx = (dim3){bx, by, bz};
              s.block_dim = block;
              s.grid_dim = grid;
              s.warp_size = 64;
              s.static_shared = stat;
              s.dyn_shared = dyn;
              ta[t] = (struct thread_arg){k, s, buf};
              pthread_create(&th[t], NULL, thread_main, &ta[t]);
            }
        for (t = 0; t < n; t++) pthread_join(th[t], NULL);
        pthread_barrier_destroy(&barrier);
        free(stat);
        free(dyn);
      }
  free(ta);
  free(th);
  free(buf);
}

struct Mixed {
  char tag;
  double scale;
  int bias[3];
};

static void test_image(void) {
  CHECK(registrations == 1, "registrations %d", registrations);
  CHECK(image->version == HIPC_KC_IMAGE_VERSION, "version %u",
        image->version);
  CHECK(strcmp(image->id, "kc-test-id") == 0, "id %s", image->id);
  /* part[64] (256 bytes) then also_static (4), rounded up to 64. */
  CHECK(image->static_shared == 320, "static_shared %u",
        image->static_shared);
  CHECK(image->num_kernels == 5, "num_kernels %u", image->num_kernels);
  CHECK(image->num_vars == 3, "num_vars %u", image->num_vars);
  const hipc_kc_var* c = var("c_factor");
  CHECK(c->size == 8 && c->flags == HIPC_KC_VAR_CONSTANT,
        "c_factor %llu %u", (unsigned long long)c->size, c->flags);
  CHECK(((float*)c->addr)[0] == 2.0f && ((float*)c->addr)[1] == 0.5f,
        "c_factor's initial value");
  const hipc_kc_var* d = var("d_counter");
  CHECK(d->size == 4 && d->flags == 0 && *(int*)d->addr == 7, "d_counter");
  const hipc_kc_var* m = var("m_values");
  CHECK(m->size == 16 && m->flags == HIPC_KC_VAR_MANAGED &&
            *(void**)m->addr == NULL,
        "m_values %llu %u", (unsigned long long)m->size, m->flags);
  for (uint32_t i = 0; i < image->num_kernels; i++) {
    const hipc_kc_kernel* k = &image->kernels[i];
    CHECK(k->thread != NULL, "%s: no thread function", k->name);
    CHECK(k->form == HIPC_KC_FORM_FIBERS || k->run != NULL,
          "%s: region form without run", k->name);
  }
}

static void test_reduce(void) {
  const hipc_kc_kernel* k = kernel("_Z8k_reduce5MixedPKfPf");
  /* The packed layout is a C struct of the parameters. */
  struct packed {
    struct Mixed s;
    const float* in;
    float* out;
  };
  CHECK(k->num_params == 3, "params %u", k->num_params);
  CHECK(k->param_offsets[0] == offsetof(struct packed, s) &&
            k->param_offsets[1] == offsetof(struct packed, in) &&
            k->param_offsets[2] == offsetof(struct packed, out),
        "offsets %u %u %u", k->param_offsets[0], k->param_offsets[1],
        k->param_offsets[2]);
  CHECK(k->param_sizes[0] == sizeof(struct Mixed) &&
            k->param_sizes[1] == sizeof(float*),
        "sizes %u %u", k->param_sizes[0], k->param_sizes[1]);
  CHECK(k->param_aligns[0] == _Alignof(struct Mixed), "align %u",
        k->param_aligns[0]);
  CHECK(k->args_size == sizeof(struct packed) &&
            k->args_align == _Alignof(struct packed),
        "args %u/%u", k->args_size, k->args_align);
  CHECK(k->max_threads == 64 && k->min_warps == 3, "bounds %u %u",
        k->max_threads, k->min_warps);
  /* __constant__ memory written as hipMemcpyToSymbol would. */
  ((float*)var("c_factor")->addr)[0] = 3.0f;
  float in[128], out[2] = {0, 0};
  for (int i = 0; i < 128; i++) in[i] = (float)(i % 7);
  struct Mixed s = {5, 1.5, {10, 20, 30}};
  const float* inp = in;
  float* outp = out;
  void* args[] = {&s, &inp, &outp};
  launch(k, (dim3){2, 1, 1}, (dim3){64, 1, 1}, args, 0);
  for (int b = 0; b < 2; b++) {
    float sum = 0;
    for (int t = 0; t < 64; t++) sum += in[b * 64 + t] * 3.0f;
    /* bias[0] + 1 once: each thread increments its own copy. */
    float want = (float)(sum * 1.5) + 11 + 30 + 5;
    CHECK(out[b] == want, "reduce block %d: %g, want %g", b, out[b], want);
  }
  CHECK(s.bias[0] == 10, "the host's argument changed");
}

static void test_atomics(void) {
  const hipc_kc_kernel* k = kernel("_Z9k_atomicsPjPiPyPf");
  unsigned u[7] = {0, 0, 0, 0, 0xffffffffu, 0, 50};
  int i[4] = {-1, 0, 0, 0};
  unsigned long long ull = 0;
  float f = 0;
  unsigned* up = u;
  int* ip = i;
  unsigned long long* ullp = &ull;
  float* fp = &f;
  void* args[] = {&up, &ip, &ullp, &fp};
  *(int*)var("d_counter")->addr = 7;
  launch(k, (dim3){1, 1, 1}, (dim3){64, 1, 1}, args, 0);
  CHECK(u[0] == 64 && u[1] == 128 && ull == 192, "add %u %u %llu", u[0], u[1],
        ull);
  CHECK(i[0] == 63 && i[1] == -63, "max/min %d %d", i[0], i[1]);
  CHECK(u[2] == 0xffffffffu && u[3] == 0 && u[4] == 0, "or/xor/and %x %x %x",
        u[2], u[3], u[4]);
  /* 64 increments wrapping at 9; 64 decrements from 50 wrapping to 100. */
  CHECK(u[5] == 64 % 10, "inc %u", u[5]);
  CHECK(u[6] == 87, "dec %u", u[6]);
  CHECK(i[2] == 42 && i[3] == 5, "exch/cas %d %d", i[2], i[3]);
  CHECK(f == 32.0f, "fadd %g", f);
  CHECK(*(int*)var("d_counter")->addr == 71, "d_counter %d",
        *(int*)var("d_counter")->addr);
}

static void test_votes(void) {
  const hipc_kc_kernel* k = kernel("_Z7k_votesPi");
  int out[17];
  memset(out, 0xff, sizeof out);
  int* op = out;
  void* args[] = {&op};
  launch(k, (dim3){3, 1, 1}, (dim3){4, 2, 2}, args, 0);
  int count = 0;
  for (int t = 0; t < 16; t++) count += t % 3 == 0;
  for (int t = 0; t < 16; t++)
    CHECK(out[t] == count * 1000 + 100 + 10 + 0, "votes[%d] = %d", t,
          out[t]);
  CHECK(out[16] == 3 * 100 + 2 * 10 + 2, "indices %d", out[16]);
}

static void test_dynamic(void) {
  const hipc_kc_kernel* k = kernel("_Z9k_dynamicPfi");
  int managed[4] = {1, 2, 3, 4};
  *(void**)var("m_values")->addr = managed;
  *(int*)var("d_counter")->addr = 5;
  float out[32];
  float* op = out;
  int add = 10;
  void* args[] = {&op, &add};
  launch(k, (dim3){1, 1, 1}, (dim3){32, 1, 1}, args, 32 * sizeof(float));
  for (int t = 0; t < 32; t++)
    CHECK(out[t] == (float)(31 - t), "dyn[%d] = %g", t, out[t]);
  for (int t = 0; t < 4; t++)
    CHECK(managed[t] == t + 1 + 15, "managed[%d] = %d", t, managed[t]);
}

static void test_math(void) {
  const hipc_kc_kernel* k = kernel("_Z6k_mathIfEvPT_");
  float x[3] = {0.5f, -1.0f, 2.0f}, want[3];
  for (int i = 0; i < 3; i++) want[i] = sinf(x[i]) + fabsf(-x[i]);
  float* xp = x;
  void* args[] = {&xp};
  launch(k, (dim3){1, 1, 1}, (dim3){3, 1, 1}, args, 0);
  for (int i = 0; i < 3; i++)
    CHECK(x[i] == want[i], "math[%d] = %g, want %g", i, x[i], want[i]);
}

int main(void) {
  if (!image) {
    fprintf(stderr, "FAIL: the image was not registered\n");
    return 1;
  }
  test_image();
  test_reduce();
  test_atomics();
  test_votes();
  test_dynamic();
  test_math();
  if (failures) return 1;
  printf("kc harness: all checks passed\n");
  return 0;
}

/* The region form's per-thread storage and its disagreement report
 * (libhipc's, src/backend/cpu/regions.c). */
void* hipc_cpu_region_arena(size_t bytes) {
  static void* arena;
  static size_t size;
  if (bytes > size) {
    free(arena);
    size = (bytes + 63) / 64 * 64;
    arena = aligned_alloc(64, size);
  }
  return arena;
}
void hipc_cpu_region_nonuniform(void) { abort(); }
