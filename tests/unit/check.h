/* Checks shared by the C tests of the runtime API (tests/unit/test_*.c).
 *
 *   CHECK(cond)               the condition holds
 *   CHECK_EQ(got, want)       two integers (or pointers cast to integers) are
 *                             equal; prints both values
 *   CHECK_ERR(expr, want)     a hipError_t expression has the expected
 *                             value; prints both names
 *   CHECK_MEM(got, want, n)   n bytes are equal; prints the first difference
 *
 * Every failed check prints file:line, the expression, the value it got and
 * the value it expected, and is counted. main() ends with
 * `return check_summary("test_name");`, which prints a summary and returns
 * 0 when every check passed, 1 otherwise. */
#ifndef HIPC_TESTS_UNIT_CHECK_H
#define HIPC_TESTS_UNIT_CHECK_H

#include <stdio.h>
#include <string.h>

#include "hip/hip_runtime_api.h"

static int check_failures;
static int check_count;

#define CHECK(cond)                                                        \
  do {                                                                     \
    check_count++;                                                         \
    if (!(cond)) {                                                         \
      fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__,    \
              #cond);                                                      \
      check_failures++;                                                    \
    }                                                                      \
  } while (0)

#define CHECK_EQ(got, want)                                                \
  do {                                                                     \
    long long check_g_ = (long long)(got);                                 \
    long long check_w_ = (long long)(want);                                \
    check_count++;                                                         \
    if (check_g_ != check_w_) {                                            \
      fprintf(stderr,                                                      \
              "%s:%d: check failed: %s == %s\n  got:      %lld (%#llx)\n"  \
              "  expected: %lld (%#llx)\n",                                \
              __FILE__, __LINE__, #got, #want, check_g_,                   \
              (unsigned long long)check_g_, check_w_,                      \
              (unsigned long long)check_w_);                               \
      check_failures++;                                                    \
    }                                                                      \
  } while (0)

#define CHECK_ERR(expr, want)                                              \
  do {                                                                     \
    hipError_t check_g_ = (expr);                                          \
    hipError_t check_w_ = (want);                                          \
    check_count++;                                                         \
    if (check_g_ != check_w_) {                                            \
      fprintf(stderr,                                                      \
              "%s:%d: check failed: %s\n  got:      %s (%d)\n"             \
              "  expected: %s (%d)\n",                                     \
              __FILE__, __LINE__, #expr, hipGetErrorName(check_g_),        \
              (int)check_g_, hipGetErrorName(check_w_), (int)check_w_);    \
      check_failures++;                                                    \
    }                                                                      \
  } while (0)

/* The first differing byte of two buffers, or -1. */
static inline long long check_first_diff(const void* a, const void* b,
                                         size_t n) {
  const unsigned char* x = (const unsigned char*)a;
  const unsigned char* y = (const unsigned char*)b;
  for (size_t i = 0; i < n; i++)
    if (x[i] != y[i]) return (long long)i;
  return -1;
}

#define CHECK_MEM(got, want, n)                                            \
  do {                                                                     \
    const unsigned char* check_gp_ = (const unsigned char*)(got);          \
    const unsigned char* check_wp_ = (const unsigned char*)(want);         \
    long long check_i_ = check_first_diff(check_gp_, check_wp_, (n));      \
    check_count++;                                                         \
    if (check_i_ >= 0) {                                                   \
      fprintf(stderr,                                                      \
              "%s:%d: check failed: %s == %s (%zu bytes)\n"                \
              "  first difference at byte %lld: got 0x%02x, "              \
              "expected 0x%02x\n",                                         \
              __FILE__, __LINE__, #got, #want, (size_t)(n), check_i_,      \
              check_gp_[check_i_], check_wp_[check_i_]);                   \
      check_failures++;                                                    \
    }                                                                      \
  } while (0)

/* Prints the summary line; the exit status for main. */
static inline int check_summary(const char* name) {
  if (check_failures) {
    fprintf(stderr, "%s: %d of %d check(s) failed\n", name, check_failures,
            check_count);
    return 1;
  }
  printf("%s: all %d checks passed\n", name, check_count);
  return 0;
}

#endif /* HIPC_TESTS_UNIT_CHECK_H */
