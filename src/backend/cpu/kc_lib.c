/* The runtime functions that kc's kernels call in place of the GPU's
 * (docs/frontend.md, "What the lowered code expects of the runtime"):
 * printf's vprintf, assert's __assertfail, the clocks, __nanosleep and the
 * wrapping atomicInc/atomicDec. Declared in hip/hipc/kc_lib.h. */
#define _GNU_SOURCE
#include "hip/hipc/kc_lib.h"

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "hip/hipc/device_assert.h"

/* The text printf makes, grown as needed; the whole line goes out in one
 * write so that threads' lines never interleave. */
typedef struct out_buf {
  char* p;
  size_t len, cap;
  char local[512];
  int failed;
} out_buf;

static void out_reserve(out_buf* o, size_t more) {
  if (o->failed || o->len + more + 1 <= o->cap) return;
  size_t cap = o->cap * 2;
  while (cap < o->len + more + 1) cap *= 2;
  char* n = o->p == o->local ? malloc(cap) : realloc(o->p, cap);
  if (!n) {
    o->failed = 1;
    return;
  }
  if (o->p == o->local) memcpy(n, o->local, o->len);
  o->p = n;
  o->cap = cap;
}

static void out_text(out_buf* o, const char* s, size_t n) {
  out_reserve(o, n);
  if (o->failed) return;
  memcpy(o->p + o->len, s, n);
  o->len += n;
}

/* Appends snprintf(spec, ...) to `o`. */
static void out_format(out_buf* o, const char* spec, ...) {
  va_list ap, ap2;
  va_start(ap, spec);
  va_copy(ap2, ap);
  int n = vsnprintf(NULL, 0, spec, ap);
  va_end(ap);
  if (n > 0) {
    out_reserve(o, (size_t)n);
    if (!o->failed) {
      vsnprintf(o->p + o->len, (size_t)n + 1, spec, ap2);
      o->len += (size_t)n;
    }
  }
  va_end(ap2);
}

/* The packed argument list: each argument at the next multiple of its own
 * size. */
typedef struct arg_reader {
  const unsigned char* buf;
  size_t off;
} arg_reader;

static uint64_t arg_read(arg_reader* r, size_t size) {
  r->off = (r->off + size - 1) & ~(size - 1);
  uint64_t v = 0;
  if (r->buf) {
    if (size == 4) {
      uint32_t w;
      memcpy(&w, r->buf + r->off, 4);
      v = w;
    } else {
      memcpy(&v, r->buf + r->off, 8);
    }
  }
  r->off += size;
  return v;
}

/* The length modifiers of a conversion. */
enum { LEN_NONE, LEN_HH, LEN_H, LEN_L, LEN_LL, LEN_J, LEN_Z, LEN_T, LEN_BIG_L };

static int parse_length(const char** f) {
  const char* s = *f;
  int len = LEN_NONE;
  switch (*s) {
    case 'h':
      len = s[1] == 'h' ? LEN_HH : LEN_H;
      s += len == LEN_HH ? 2 : 1;
      break;
    case 'l':
      len = s[1] == 'l' ? LEN_LL : LEN_L;
      s += len == LEN_LL ? 2 : 1;
      break;
    case 'j': len = LEN_J; s++; break;
    case 'z': len = LEN_Z; s++; break;
    case 't': len = LEN_T; s++; break;
    case 'L': len = LEN_BIG_L; s++; break;
    case 'q': len = LEN_LL; s++; break;
  }
  *f = s;
  return len;
}

/* Prints one integer conversion with the C type its length names. */
static void print_int(out_buf* o, const char* spec, int conv, int len,
                      const int* stars, int nstars, uint64_t v) {
  int is_signed = conv == 'd' || conv == 'i';
#define HIPC_KC_PRINT(T)                                              \
  do {                                                                \
    T x = (T)v;                                                       \
    if (nstars == 2) out_format(o, spec, stars[0], stars[1], x);      \
    else if (nstars == 1) out_format(o, spec, stars[0], x);           \
    else out_format(o, spec, x);                                      \
  } while (0)
  switch (len) {
    case LEN_L:
      if (is_signed) HIPC_KC_PRINT(long);
      else HIPC_KC_PRINT(unsigned long);
      break;
    case LEN_LL:
      if (is_signed) HIPC_KC_PRINT(long long);
      else HIPC_KC_PRINT(unsigned long long);
      break;
    case LEN_J:
      if (is_signed) HIPC_KC_PRINT(intmax_t);
      else HIPC_KC_PRINT(uintmax_t);
      break;
    case LEN_Z: HIPC_KC_PRINT(size_t); break;
    case LEN_T: HIPC_KC_PRINT(ptrdiff_t); break;
    default:
      /* hh, h and none: the value was promoted to int; the conversion
       * narrows it again. */
      if (is_signed) HIPC_KC_PRINT(int);
      else HIPC_KC_PRINT(unsigned);
  }
}

static void print_other(out_buf* o, const char* spec, const int* stars,
                         int nstars, int conv, uint64_t v) {
  if (conv == 's' || conv == 'p') {
    /* A NULL string prints nothing, as AMD's device printf does (glibc
     * and CUDA print "(null)"). */
    if (conv == 's' && !v) v = (uint64_t)(uintptr_t)"";
    HIPC_KC_PRINT(const void*);
  } else if (conv == 'c') {
    HIPC_KC_PRINT(int);
  } else {
    double d;
    memcpy(&d, &v, sizeof d);
    if (nstars == 2) out_format(o, spec, stars[0], stars[1], d);
    else if (nstars == 1) out_format(o, spec, stars[0], d);
    else out_format(o, spec, d);
  }
#undef HIPC_KC_PRINT
}

int hipc_kc_vprintf(const char* fmt, const void* buf) {
  out_buf o = {.len = 0, .cap = sizeof o.local, .failed = 0};
  o.p = o.local;
  arg_reader r = {buf, 0};
  if (!fmt) fmt = "(null)";
  const char* f = fmt;
  while (*f) {
    const char* pct = strchr(f, '%');
    if (!pct) {
      out_text(&o, f, strlen(f));
      break;
    }
    out_text(&o, f, (size_t)(pct - f));
    f = pct + 1;
    if (*f == '%') {
      out_text(&o, "%", 1);
      f++;
      continue;
    }
    /* The conversion as written, less a length modifier the C type below
     * does not need; `*` widths and precisions are int arguments. */
    char spec[64];
    size_t sl = 0;
    int stars[2], nstars = 0;
    spec[sl++] = '%';
    while (*f && strchr("-+ #0'", *f) && sl < 40) spec[sl++] = *f++;
    for (int part = 0; part < 2; part++) {
      if (part == 1) {
        if (*f != '.') break;
        spec[sl++] = *f++;
      }
      if (*f == '*') {
        stars[nstars++] = (int)(uint32_t)arg_read(&r, 4);
        spec[sl++] = *f++;
      } else {
        while (*f >= '0' && *f <= '9' && sl < 56) spec[sl++] = *f++;
      }
    }
    const char* len_start = f;
    int len = parse_length(&f);
    int conv = *f;
    if (!conv) {
      /* A lone '%' at the end: printed as written. */
      out_text(&o, pct, strlen(pct));
      break;
    }
    f++;
    int is_float = strchr("fFeEgGaA", conv) != NULL;
    if (!is_float && len != LEN_BIG_L) {
      size_t n = (size_t)(f - 1 - len_start);
      memcpy(spec + sl, len_start, n);
      sl += n;
    }
    spec[sl++] = (char)conv;
    spec[sl] = '\0';
    if (strchr("diouxX", conv)) {
      size_t size = len == LEN_L || len == LEN_LL || len == LEN_J ||
                            len == LEN_Z || len == LEN_T
                        ? 8
                        : 4;
      print_int(&o, spec, conv, len, stars, nstars, arg_read(&r, size));
    } else if (is_float || conv == 's' || conv == 'p') {
      print_other(&o, spec, stars, nstars, conv, arg_read(&r, 8));
    } else if (conv == 'c') {
      print_other(&o, spec, stars, nstars, conv, arg_read(&r, 4));
    } else if (conv == 'n') {
      (void)arg_read(&r, 8); /* not supported: nothing is stored */
    } else {
      /* An unknown conversion: printed as written, no argument used. */
      out_text(&o, pct, (size_t)(f - pct));
    }
  }
  int n = -1;
  if (!o.failed) {
    n = (int)o.len;
    if (o.len && fwrite(o.p, 1, o.len, stdout) != o.len) n = -1;
  }
  if (o.p != o.local) free(o.p);
  return n;
}

int hipc_kc_vprintf_buffered(const char* fmt, const void* buf) {
  (void)hipc_kc_vprintf(fmt, buf);
  return 0;
}

void hipc_kc_assertfail(const char* msg, const char* file, unsigned line,
                        const char* func, size_t charsize) {
  (void)charsize; /* 1: the strings are char strings */
  hipc_assert_fail(msg, file, line, func);
}

void hipc_kc_abort(void) { abort(); }

static uint64_t monotonic_ns(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

/* The CPU device's counters tick once a nanosecond
 * (hipDeviceAttributeClockRate and WallClockRate are 1000000 kHz), as the
 * CPU device's clock() and clock64() do (hip/hipc/clock.h). */
uint32_t hipc_kc_clock(void) { return (uint32_t)monotonic_ns(); }

uint64_t hipc_kc_clock64(void) { return monotonic_ns(); }

uint64_t hipc_kc_globaltimer(void) {
  struct timespec ts;
  clock_gettime(CLOCK_REALTIME, &ts);
  return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

void hipc_kc_nanosleep(uint32_t ns) {
  /* As on a GPU, at most about a millisecond. */
  if (ns > 1000000u) ns = 1000000u;
  struct timespec ts = {0, (long)ns};
  nanosleep(&ts, NULL);
}

uint32_t hipc_kc_atomic_inc32(uint32_t* p, uint32_t v) {
  uint32_t old = __atomic_load_n(p, __ATOMIC_RELAXED);
  uint32_t next;
  do {
    next = old >= v ? 0u : old + 1u;
  } while (!__atomic_compare_exchange_n(p, &old, next, 1, __ATOMIC_SEQ_CST,
                                        __ATOMIC_RELAXED));
  return old;
}

uint32_t hipc_kc_atomic_dec32(uint32_t* p, uint32_t v) {
  uint32_t old = __atomic_load_n(p, __ATOMIC_RELAXED);
  uint32_t next;
  do {
    next = (old == 0 || old > v) ? v : old - 1u;
  } while (!__atomic_compare_exchange_n(p, &old, next, 1, __ATOMIC_SEQ_CST,
                                        __ATOMIC_RELAXED));
  return old;
}
