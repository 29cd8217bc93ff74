// BUILD-WITH: src/hipcc/managed.c src/hipcc/util.c
/* `__managed__` variables in hipcc's GPU pass (src/hipcc/managed.c): the
 * PTX patch marks the definitions of the variables hipc-kc named managed
 * (by their mangled names), and only those: not a declaration (`.extern`),
 * not another variable. tests/run.sh builds it from the BUILD-WITH line;
 * exits 0 when every check passes. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "managed.h"
#include "util.h"

static int failed, run;

static void check_str(const char *what, const char *got, const char *want) {
  run++;
  if ((got == NULL) != (want == NULL) ||
      (got != NULL && strcmp(got, want) != 0)) {
    printf("FAIL %s\n  expected: %s\n  got:      %s\n", what,
           want ? want : "(null)", got ? got : "(null)");
    failed++;
  }
}

static void check_patch(void) {
  const char *ptx =
      ".version 8.5\n"
      ".visible .global .align 4 .u32 m = 3;\n"
      ".global .align 4 .u32 _ZL1s;\n"
      ".visible .global .align 8 .b8 _ZN1n1vE[16];\n"
      ".visible .global .align 4 .u32 other;\n"
      ".extern .global .align 4 .u32 _ZN1n1eE;\n"
      ".visible .entry k()\n{\n"
      "\tld.global.u32 %r1, [m];\n"
      "}\n";
  const char *want =
      ".version 8.5\n"
      ".visible .global .attribute(.managed) .align 4 .u32 m = 3;\n"
      ".global .attribute(.managed) .align 4 .u32 _ZL1s;\n"
      ".visible .global .attribute(.managed) .align 8 .b8 _ZN1n1vE[16];\n"
      ".visible .global .align 4 .u32 other;\n"
      ".extern .global .align 4 .u32 _ZN1n1eE;\n"
      ".visible .entry k()\n{\n"
      "\tld.global.u32 %r1, [m];\n"
      "}\n";
  char path[] = "/tmp/hipc_test_managed_XXXXXX";
  int fd = mkstemp(path);
  if (fd < 0) {
    printf("FAIL patch: mkstemp\n");
    failed++;
    return;
  }
  FILE *f = fdopen(fd, "w");
  fputs(ptx, f);
  fclose(f);
  struct managed_vars m = {0};
  hipc__managed_add(&m, "m");
  hipc__managed_add(&m, "_ZL1s");
  hipc__managed_add(&m, "_ZN1n1vE");
  hipc__managed_add(&m, "_ZN1n1eE");
  run++;
  if (hipc__managed_patch_ptx(path, &m) != 0) {
    printf("FAIL patch: returned an error\n");
    failed++;
  }
  size_t len;
  char *got = hipc__util_read(path, &len);
  check_str("patch", got, want);
  free(got);
  hipc__managed_free(&m);
  remove(path);
}

int main(void) {
  check_patch();
  printf("test_managed: %d of %d checks passed\n", run - failed, run);
  return failed ? 1 : 0;
}
