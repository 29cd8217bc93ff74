/* The device library of kc's kernels (src/backend/cpu/kc_lib.c,
 * hip/hipc/kc_lib.h): vprintf with CUDA's argument packing, checked
 * against snprintf of the same values; the wrapping atomicInc/atomicDec;
 * the clocks; __assertfail's report and abort. */
#define _GNU_SOURCE
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "check.h"
#include "hip/hipc/kc_lib.h"

/* A packed argument buffer as clang builds it for vprintf: each value at
 * the next multiple of its size. */
typedef struct packer {
  _Alignas(8) unsigned char buf[256];
  size_t off;
} packer;

static void put(packer* p, const void* v, size_t size) {
  p->off = (p->off + size - 1) & ~(size - 1);
  memcpy(p->buf + p->off, v, size);
  p->off += size;
}
static void put_i32(packer* p, int32_t v) { put(p, &v, 4); }
static void put_i64(packer* p, int64_t v) { put(p, &v, 8); }
static void put_f64(packer* p, double v) { put(p, &v, 8); }
static void put_ptr(packer* p, const void* v) { put(p, &v, 8); }

/* Runs hipc_kc_vprintf with stdout sent to a file; returns what it
 * printed (static storage) and its return value in *ret. */
static const char* capture(const char* fmt, const void* buf, int* ret) {
  static char text[1024];
  fflush(stdout);
  FILE* tmp = tmpfile();
  if (!tmp) return "";
  int saved = dup(1);
  dup2(fileno(tmp), 1);
  *ret = hipc_kc_vprintf(fmt, buf);
  fflush(stdout);
  dup2(saved, 1);
  close(saved);
  rewind(tmp);
  size_t n = fread(text, 1, sizeof text - 1, tmp);
  text[n] = '\0';
  fclose(tmp);
  return text;
}

static void expect_print(const char* fmt, const void* buf, const char* want) {
  int ret = 0;
  const char* got = capture(fmt, buf, &ret);
  check_count++;
  if (strcmp(got, want) != 0) {
    fprintf(stderr, "vprintf(\"%s\"): got \"%s\", want \"%s\"\n", fmt, got,
            want);
    check_failures++;
  }
  CHECK_EQ(ret, (long long)strlen(want));
}

static void test_vprintf(void) {
  char want[512];
  packer p;

  /* 4-byte integers, flags, widths. */
  memset(&p, 0, sizeof p);
  put_i32(&p, -42);
  put_i32(&p, 4000000000u);
  put_i32(&p, 0xbeef);
  put_i32(&p, 7);
  put_i32(&p, -3);
  snprintf(want, sizeof want, "%d %u %x|%5d|%-4d|\n", -42, 4000000000u,
           0xbeef, 7, -3);
  expect_print("%d %u %x|%5d|%-4d|\n", p.buf, want);

  /* An int, then 8-byte values: the long long starts at offset 8. */
  memset(&p, 0, sizeof p);
  put_i32(&p, 1);
  put_i64(&p, -1234567890123LL);
  put_i32(&p, 2);
  put_i64(&p, (int64_t)0xfedcba9876543210ull);
  put_i64(&p, 12345);
  CHECK_EQ(p.off, 40);
  snprintf(want, sizeof want, "%d %lld %d %llx %zu\n", 1, -1234567890123LL, 2,
           0xfedcba9876543210ull, (size_t)12345);
  expect_print("%d %lld %d %llx %zu\n", p.buf, want);

  /* Floats travel as doubles. */
  memset(&p, 0, sizeof p);
  put_i32(&p, 5);
  put_f64(&p, (double)1.5f);
  put_f64(&p, -2.0e-7);
  put_f64(&p, 123456.789);
  put_f64(&p, 0.1);
  snprintf(want, sizeof want, "%d %f %.3e %g %10.4f|\n", 5, 1.5, -2.0e-7,
           123456.789, 0.1);
  expect_print("%d %f %.3e %g %10.4f|\n", p.buf, want);

  /* Strings, pointers and characters. */
  static const char s1[] = "alpha", s2[] = "be";
  int local = 0;
  memset(&p, 0, sizeof p);
  put_ptr(&p, s1);
  put_ptr(&p, s2);
  put_ptr(&p, &local);
  put_i32(&p, 'Z');
  put_ptr(&p, NULL);
  /* A NULL string prints nothing, as AMD's device printf does. */
  snprintf(want, sizeof want, "%s and %-4s: %p %c \n", s1, s2,
           (void*)&local, 'Z');
  expect_print("%s and %-4s: %p %c %s\n", p.buf, want);

  /* `*` widths and precisions are int arguments of their own. */
  memset(&p, 0, sizeof p);
  put_i32(&p, 6);
  put_i32(&p, 42);
  put_i32(&p, 9);
  put_i32(&p, 2);
  put_f64(&p, 3.14159);
  snprintf(want, sizeof want, "%*d|%-*.*f|\n", 6, 42, 9, 2, 3.14159);
  expect_print("%*d|%-*.*f|\n", p.buf, want);

  /* Narrow integers were promoted; the conversion narrows them again. */
  memset(&p, 0, sizeof p);
  put_i32(&p, 300);
  put_i32(&p, 70000);
  put_i64(&p, -5);
  snprintf(want, sizeof want, "%hhd %hu %ld\n", (signed char)44,
           (unsigned short)4464, -5L);
  expect_print("%hhd %hu %ld\n", p.buf, want);

  /* No arguments at all: the buffer may be NULL. */
  expect_print("100%% done\n", NULL, "100% done\n");
}

static void test_inc_dec(void) {
  uint32_t x = 3;
  CHECK_EQ(hipc_kc_atomic_inc32(&x, 5), 3);
  CHECK_EQ(x, 4);
  x = 5;
  CHECK_EQ(hipc_kc_atomic_inc32(&x, 5), 5);
  CHECK_EQ(x, 0);
  x = 9; /* above the limit: wraps to 0 too */
  CHECK_EQ(hipc_kc_atomic_inc32(&x, 5), 9);
  CHECK_EQ(x, 0);
  x = 0xffffffffu;
  CHECK_EQ(hipc_kc_atomic_inc32(&x, 0xffffffffu), 0xffffffffu);
  CHECK_EQ(x, 0);
  x = 4;
  CHECK_EQ(hipc_kc_atomic_dec32(&x, 7), 4);
  CHECK_EQ(x, 3);
  x = 0;
  CHECK_EQ(hipc_kc_atomic_dec32(&x, 7), 0);
  CHECK_EQ(x, 7);
  x = 9;
  CHECK_EQ(hipc_kc_atomic_dec32(&x, 7), 9);
  CHECK_EQ(x, 7);
  x = 1;
  CHECK_EQ(hipc_kc_atomic_dec32(&x, 0), 1);
  CHECK_EQ(x, 0);
}

static void test_clocks(void) {
  uint64_t a = hipc_kc_clock64();
  uint32_t c = hipc_kc_clock();
  hipc_kc_nanosleep(200000);
  uint64_t b = hipc_kc_clock64();
  CHECK(b - a >= 200000);
  CHECK(b - a < 1000000000ull);
  /* The 32-bit counter is the low half of the same nanosecond count. */
  CHECK((uint32_t)(hipc_kc_clock() - c) >= 200000u);
  struct timespec ts;
  clock_gettime(CLOCK_REALTIME, &ts);
  uint64_t now = (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
  uint64_t g = hipc_kc_globaltimer();
  CHECK(g >= now && g - now < 1000000000ull);
}

/* Outside a kernel, __assertfail reports as the C library does and the
 * process dies of SIGABRT. */
static void test_assertfail(void) {
  int fds[2];
  if (pipe(fds) != 0) return;
  pid_t pid = fork();
  if (pid == 0) {
    dup2(fds[1], 2);
    close(fds[0]);
    hipc_kc_assertfail("x == 1", "k.hip", 12, "void k(int *)", 1);
  }
  close(fds[1]);
  char text[512];
  ssize_t n = read(fds[0], text, sizeof text - 1);
  text[n > 0 ? n : 0] = '\0';
  close(fds[0]);
  int status = 0;
  waitpid(pid, &status, 0);
  CHECK(WIFSIGNALED(status) && WTERMSIG(status) == SIGABRT);
  CHECK(strstr(text, "k.hip:12: void k(int *): Assertion `x == 1' failed.") !=
        NULL);
}

int main(void) {
  test_vprintf();
  test_inc_dec();
  test_clocks();
  test_assertfail();
  return check_summary("test_kc_lib");
}
