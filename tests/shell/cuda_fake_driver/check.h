/* The fake-driver tests' check: counts and prints a failed condition
 * (the program's exit status is `failures != 0`). */
#ifndef HIPC_TESTS_FAKE_CHECK_H
#define HIPC_TESTS_FAKE_CHECK_H
#include <stdio.h>

static int failures;
#define CHECK(c)                                             \
  do {                                                       \
    if (!(c)) {                                              \
      fprintf(stderr, "FAIL line %d: %s\n", __LINE__, #c);   \
      failures++;                                            \
    }                                                        \
  } while (0)

#endif
