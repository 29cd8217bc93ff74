// BUILD-WITH: src/hipcc/ptx_consts.c src/hipcc/managed.c src/hipcc/util.c
/* Host-only `const` globals in hipcc's GPU pass (src/hipcc/ptx_consts.c):
 * a `.const` definition that nothing else in the PTX names and that is not
 * an explicit `__constant__` variable (hipc-kc's list) is removed; kept are
 * the listed ones, those code or another variable's initialiser names,
 * `__hipc_` variables, `.global` variables and declarations. tests/run.sh
 * builds it from the BUILD-WITH line; exits 0 when every check passes. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ptx_consts.h"
#include "util.h"

static int failed, run;

static void check(const char *what, int ok) {
  run++;
  if (!ok) {
    printf("FAIL %s\n", what);
    failed++;
  }
}

/* Runs the pass over `ptx` with `keep` listed; the text afterwards, or
 * NULL. */
static char *drop(const char *ptx, const char *const *keep, int *dropped) {
  char path[] = "/tmp/hipc_test_ptx_consts_XXXXXX";
  int fd = mkstemp(path);
  if (fd < 0)
    return NULL;
  close(fd);
  struct managed_vars l = {0};
  for (; keep != NULL && *keep != NULL; keep++)
    hipc__managed_add(&l, *keep);
  char *out = NULL;
  size_t len;
  if (hipc__util_write(path, ptx, strlen(ptx)) == 0 &&
      hipc__ptx_drop_host_consts(path, &l, dropped) == 0)
    out = hipc__util_read(path, &len);
  hipc__managed_free(&l);
  unlink(path);
  return out;
}

int main(void) {
  const char *ptx =
      ".version 8.5\n"
      ".target sm_90\n"
      ".visible .const .align 4 .b8 table[12] = {1, 0, 0, 0, 2, 0, 0, 0, 3};\n"
      ".visible .const .align 4 .b8 table2[4] = {9};\n"
      ".const .align 4 .b8 _ZL5local[4];\n"
      ".visible .const .align 4 .b8 coef[16];\n"
      ".visible .const .align 4 .b8 used[8] = {5};\n"
      ".visible .const .align 8 .u64 ptrs[1] = {generic(pointee)};\n"
      ".visible .const .align 4 .b8 pointee[4] = {7};\n"
      ".weak .const .align 4 .u32 weak_one = 1;\n"
      ".visible .const .align 4 .u32 __hipc_thing;\n"
      ".visible .global .align 4 .u32 plain;\n"
      ".extern .const .align 4 .b8 elsewhere[4];\n"
      "\n"
      ".visible .entry k(\n"
      "\t.param .u64 k_param_0\n"
      ")\n"
      "{\n"
      "\tld.const.u32 %r1, [used+4];\n"
      "\tld.const.u64 %rd1, [ptrs];\n"
      "\tmov.u64 %rd2, elsewhere;\n"
      "}\n";
  static const char *const keep[] = {"coef", NULL};
  int n = -1;
  char *got = drop(ptx, keep, &n);
  check("the pass runs", got != NULL);
  if (got != NULL) {
    check("four host-only constants removed", n == 4);
    check("table removed", strstr(got, " table[") == NULL);
    check("table2 removed", strstr(got, "table2") == NULL);
    check("an unused internal constant removed",
          strstr(got, "_ZL5local") == NULL);
    check("an unused weak constant removed",
          strstr(got, "weak_one") == NULL);
    check("the listed __constant__ kept",
          strstr(got, ".visible .const .align 4 .b8 coef[16];\n") != NULL);
    check("a constant code reads kept",
          strstr(got, ".b8 used[8] = {5};\n") != NULL);
    check("a constant another initialiser names kept",
          strstr(got, ".b8 pointee[4] = {7};\n") != NULL &&
              strstr(got, "generic(pointee)") != NULL);
    check("__hipc_ variables kept", strstr(got, "__hipc_thing") != NULL);
    check(".global variables kept", strstr(got, ".u32 plain;") != NULL);
    check("declarations kept", strstr(got, ".extern .const") != NULL);
    check("the code unchanged",
          strstr(got, ".visible .entry k(\n\t.param .u64 k_param_0\n)\n{\n"
                      "\tld.const.u32 %r1, [used+4];\n") != NULL);
    free(got);
  }
  /* A name that is a prefix of a used one is not "named" by it. */
  const char *prefix =
      ".visible .const .align 4 .b8 tab[4];\n"
      ".visible .const .align 4 .b8 tab_long[4];\n"
      ".visible .entry k()\n{\n\tld.const.u32 %r1, [tab_long];\n}\n";
  got = drop(prefix, NULL, &n);
  check("prefix: runs", got != NULL);
  if (got != NULL) {
    check("prefix: tab removed, tab_long kept",
          n == 1 && strstr(got, "tab[4]") == NULL &&
              strstr(got, "tab_long[4]") != NULL);
    free(got);
  }
  /* Nothing to remove: the file is left as it is. */
  const char *none = ".visible .const .align 4 .b8 c[4];\n";
  static const char *const keep_c[] = {"c", NULL};
  got = drop(none, keep_c, &n);
  check("none: unchanged", got != NULL && n == 0 && strcmp(got, none) == 0);
  free(got);
  printf("%d of %d checks passed\n", run - failed, run);
  return failed != 0;
}
