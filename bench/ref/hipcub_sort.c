/* Reference for bench/hipcub/hipcub_sort.hip: a threaded comparison sort
 * in C. Each thread copies its slice of the input and sorts it (quicksort,
 * median of three, insertion sort below 16), then rounds of merges join
 * neighbouring runs, every thread merging an equal share of each round's
 * output (merge path: a binary search for where its share starts). */
#include "ref_common.h"
#include "hipcub_common.h"

#include <string.h>

static void insertion(unsigned* a, long n) {
  for (long i = 1; i < n; ++i) {
    unsigned x = a[i];
    long j = i;
    while (j > 0 && a[j - 1] > x) {
      a[j] = a[j - 1];
      --j;
    }
    a[j] = x;
  }
}

static void quick(unsigned* a, long n) {
  while (n > 16) {
    unsigned x = a[0], y = a[n / 2], z = a[n - 1];
    unsigned p = x < y ? (y < z ? y : (x < z ? z : x)) : (x < z ? x : (y < z ? z : y));
    long i = 0, j = n - 1;
    for (;;) {
      while (a[i] < p) ++i;
      while (a[j] > p) --j;
      if (i >= j) break;
      unsigned t = a[i];
      a[i] = a[j];
      a[j] = t;
      ++i;
      --j;
    }
    /* Recurse into the smaller side. */
    if (j + 1 < n - j - 1) {
      quick(a, j + 1);
      a += j + 1;
      n -= j + 1;
    } else {
      quick(a + j + 1, n - j - 1);
      n = j + 1;
    }
  }
  insertion(a, n);
}

typedef struct {
  const unsigned* in;
  unsigned* buf[2];
  size_t n;
  int src;   /* buffer holding the runs */
  int width; /* slices per run */
} job;

static size_t slice_begin(const job* j, int s, int nthreads) {
  size_t b, e;
  if (s >= nthreads) return j->n;
  ref_split(j->n, 16, s, nthreads, &b, &e);
  return b;
}

static void sort_part(void* arg, int tid, int nthreads) {
  job* j = arg;
  size_t b, e;
  ref_split(j->n, 16, tid, nthreads, &b, &e);
  memcpy(j->buf[0] + b, j->in + b, (e - b) * sizeof(unsigned));
  quick(j->buf[0] + b, (long)(e - b));
}

static void merge_part(void* arg, int tid, int nthreads) {
  job* j = arg;
  const unsigned* s = j->buf[j->src];
  unsigned* d = j->buf[j->src ^ 1];
  size_t ob, oe;
  ref_split(j->n, 16, tid, nthreads, &ob, &oe);
  int w = j->width;
  for (int p = 0; p * 2 * w < nthreads; ++p) {
    size_t lo = slice_begin(j, 2 * p * w, nthreads);
    size_t mid = slice_begin(j, 2 * p * w + w, nthreads);
    size_t hi = slice_begin(j, 2 * p * w + 2 * w, nthreads);
    size_t b = ob > lo ? ob : lo, e = oe < hi ? oe : hi;
    if (b >= e) continue;
    size_t na = mid - lo, nb = hi - mid, k = b - lo;
    size_t l = k > nb ? k - nb : 0, r = k < na ? k : na;
    while (l < r) {
      size_t m = (l + r) / 2;
      if (s[lo + m] <= s[mid + (k - m - 1)]) l = m + 1;
      else r = m;
    }
    const unsigned* a = s + lo + l;
    const unsigned* bb = s + mid + (k - l);
    const unsigned* ae = s + mid;
    const unsigned* be = s + hi;
    unsigned* o = d + b;
    for (size_t c = e - b; c > 0; --c)
      *o++ = (bb >= be || (a < ae && *a <= *bb)) ? *a++ : *bb++;
  }
}

static ref_pool pool;
static job J;

static void rep(void* arg) {
  (void)arg;
  ref_pool_run(&pool, sort_part, &J);
  J.src = 0;
  for (J.width = 1; J.width < pool.nthreads; J.width *= 2) {
    ref_pool_run(&pool, merge_part, &J);
    J.src ^= 1;
  }
}

int main(void) {
  const unsigned n = 1u << ref_env_int("BENCH_HIPCUB_LOG2N", 24);
  unsigned* in = malloc((size_t)n * sizeof *in);
  unsigned* b0 = malloc((size_t)n * sizeof *b0);
  unsigned* b1 = malloc((size_t)n * sizeof *b1);
  if (!in || !b0 || !b1) return 2;
  unsigned long long sum = 0;
  for (unsigned i = 0; i < n; ++i) sum += in[i] = bench_key(i);
  ref_pool_start(&pool, ref_threads());
  J = (job){in, {b0, b1}, n, 0, 1};
  double ms = ref_best_of(3, rep, NULL);
  ref_pool_stop(&pool);
  const unsigned* out = J.buf[J.src];
  unsigned long long got = out[0];
  for (unsigned i = 1; i < n; ++i) {
    got += out[i];
    if (out[i - 1] > out[i]) {
      printf("FAILED: not sorted at %u\n", i);
      return 1;
    }
  }
  if (got != sum) {
    printf("FAILED: sum %llu != %llu\n", got, sum);
    return 1;
  }
  printf("RESULT hipcub_sort n=%u %.3f ms %.1f Mkeys/s\n", n, ms, n / ms / 1e3);
  free(in);
  free(b0);
  free(b1);
  return 0;
}
