// BUILD-WITH: src/hipcc/rewrite.c src/hipcc/lex.c src/hipcc/rewrite_launch.c src/hipcc/rewrite_kernel.c src/hipcc/rewrite_shared.c src/hipcc/rewrite_symbols.c src/hipcc/rewrite_managed.c src/hipcc/managed.c src/hipcc/rewrite_regions.c src/hipcc/rewrite_regions_emit.c src/hipcc/rewrite_regions_calls.c src/hipcc/rewrite_regions_uniform.c src/hipcc/rewrite_regions_slots.c src/hipcc/rewrite_regions_warp.c src/hipcc/util.c
/* `__managed__` variables in hipcc (src/hipcc/rewrite_managed.c,
 * managed.c): the rewriter's storage + reference form and the qualified
 * names it records, the demangling of PTX names and the PTX patch that
 * marks managed variables. tests/run.sh builds it from the BUILD-WITH
 * line; exits 0 when every check passes. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "managed.h"
#include "rewrite.h"
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

/* The form of one managed definition, storage S = __hipc_managed_<id>. */
#define STORE(id) "__hipc_managed_" id
#define LABEL(id) " __asm__(\"" STORE(id) "\")"
#define REF(id, name)                                                      \
  " decltype(" STORE(id) ")& " name " = *(decltype(" STORE(id)             \
  ")*)::hipc_managed_bind((void*)__builtin_addressof(" STORE(id)           \
  "), sizeof(" STORE(id) "));"
#define REG(id, name)                                                      \
  " static int __hipc_sym_" id " __attribute__((unused)) = "              \
  "::hipc_register_symbol((const void*)__builtin_addressof(" name "), "   \
  "\"" name "\", sizeof(" name "), 2 | "                                  \
  "::hipc::symbol_readonly(__builtin_addressof(" name ")));"

struct mcase {
  const char *name, *in, *out;
  const char *recorded; /* "qualified=storage;" for each definition */
};

static const struct mcase cases[] = {
    {"scalar_initialised", "__managed__ int m = 3;",
     "static  int " STORE("0_0") LABEL("0_0") " = 3;" REF("0_0", "m")
         REG("0_0", "m"),
     "m=" STORE("0_0") ";"},
    {"brace_initialised", "__managed__ int b{5};",
     "static  int " STORE("0_0") LABEL("0_0") "{5};" REF("0_0", "b")
         REG("0_0", "b"),
     "b=" STORE("0_0") ";"},
    {"device_managed", "__device__ __managed__ int m;",
     "static   int " STORE("0_0") LABEL("0_0") ";" REF("0_0", "m")
         REG("0_0", "m"),
     "m=" STORE("0_0") ";"},
    {"array_label_after_bounds", "__managed__ float a[2][3] = {};",
     "static  float " STORE("0_0") "[2][3]" LABEL("0_0") " = {};"
         REF("0_0", "a") REG("0_0", "a"),
     "a=" STORE("0_0") ";"},
    {"static_keeps_internal_linkage", "static __managed__ int s;",
     "static  int " STORE("1_0") LABEL("1_0") "; static" REF("1_0", "s")
         REG("1_0", "s"),
     "s=" STORE("1_0") ";"},
    {"two_declarators", "__managed__ int a, *b;",
     "static  int " STORE("0_0") LABEL("0_0") ", *" STORE("0_1")
         LABEL("0_1") ";" REF("0_0", "a") REG("0_0", "a") REF("0_1", "b")
             REG("0_1", "b"),
     "a=" STORE("0_0") ";b=" STORE("0_1") ";"},
    {"struct_with_attribute",
     "__managed__ P p __attribute__((aligned(16))) = {1, 2};",
     "static  P " STORE("0_0") LABEL("0_0")
     " __attribute__((aligned(16))) = {1, 2};" REF("0_0", "p")
         REG("0_0", "p"),
     "p=" STORE("0_0") ";"},
    {"extern_declares_reference", "extern __managed__ int e;",
     "extern  int &e;", ""},
    {"extern_array_declares_reference", "extern __managed__ int v[4];",
     "extern  int (&v)[4];", ""},
    {"extern_initialised_defines", "extern __managed__ int e = 1;",
     "static   int " STORE("1_0") LABEL("1_0") " = 1;" REF("1_0", "e")
         REG("1_0", "e"),
     "e=" STORE("1_0") ";"},
    {"namespaces_qualify",
     "namespace a { namespace b::c { __managed__ int x; } namespace { "
     "__managed__ int y; } }",
     "namespace a { namespace b::c { static  int " STORE("8_0") LABEL("8_0")
     ";" REF("8_0", "x") REG("8_0", "x") " } namespace { static  int "
     STORE("15_0") LABEL("15_0") ";" REF("15_0", "y") REG("15_0", "y")
     " } }",
     "a::b::c::x=" STORE("8_0") ";a::(anonymous namespace)::y=" STORE("15_0")
     ";"},
    {"qualified_definition", "namespace n { } __managed__ int n::q = 2;",
     "namespace n { } static  int " STORE("4_0") LABEL("4_0") " = 2;"
         REF("4_0", "n::q") REG("4_0", "n::q"),
     "n::q=" STORE("4_0") ";"},
    {"c_linkage_block", "extern \"C\" { __managed__ int c; }",
     "extern \"C\" { static  int " STORE("3_0") LABEL("3_0") ";"
         REF("3_0", "c") REG("3_0", "c") " }",
     "c=" STORE("3_0") ";"},
    {"c_linkage_declaration", "namespace n { extern \"C\" __managed__ int "
     "c = 1; }",
     "namespace n { static    int " STORE("5_0") LABEL("5_0") " = 1;"
     " extern \"C\" {" REF("5_0", "c") " }" REG("5_0", "c") " }",
     "c=" STORE("5_0") ";"},
    {"not_at_namespace_scope", "struct S { static __managed__ int m; };",
     "struct S { static  int m; };", ""},
};

static void run_case(const struct mcase *c) {
  char *out = NULL, *err = NULL;
  struct managed_vars m = {0};
  int rc = hipc__rewrite_text_managed(c->in, strlen(c->in), &out, NULL, &err,
                                      &m);
  check_str(c->name, rc == 0 ? out : err, c->out);
  char rec[1024] = "";
  for (size_t i = 0; i < m.n; i++)
    snprintf(rec + strlen(rec), sizeof rec - strlen(rec), "%s=%s;",
             m.v[i].name, m.v[i].storage);
  char what[128];
  snprintf(what, sizeof what, "%s (recorded)", c->name);
  check_str(what, rec, c->recorded);
  hipc__managed_free(&m);
  free(out), free(err);
}

static void check_demangle(const char *in, const char *want) {
  char *got = hipc__managed_demangle(in, strlen(in));
  char what[128];
  snprintf(what, sizeof what, "demangle %s", in);
  check_str(what, got, want);
  free(got);
}

/* The PTX patch, on a file: only top-level definitions of the recorded
 * variables are marked; code, declarations and other variables stay. */
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
  hipc__managed_add(&m, "m", "S0");
  hipc__managed_add(&m, "s", "S1");
  hipc__managed_add(&m, "n::v", "S2");
  hipc__managed_add(&m, "n::e", "S3");
  run++;
  if (hipc__managed_patch_ptx(path, &m) != 0) {
    printf("FAIL patch: returned an error\n");
    failed++;
  }
  size_t len;
  char *got = hipc__util_read(path, &len);
  check_str("patch", got, want);
  check_str("storage of _ZN1n1vE", hipc__managed_storage(&m, "_ZN1n1vE", 8),
            "S2");
  check_str("storage of other", hipc__managed_storage(&m, "other", 5), NULL);
  free(got);
  hipc__managed_free(&m);
  remove(path);
}

int main(void) {
  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++)
    run_case(&cases[i]);
  check_demangle("plain", "plain");
  check_demangle("_ZL1s", "s");
  check_demangle("_ZN2ns5innerE", "ns::inner");
  check_demangle("_ZN2nsL1wE", "ns::w");
  check_demangle("_ZN2ns12_GLOBAL__N_14anonE",
                 "ns::(anonymous namespace)::anon");
  check_demangle("_ZN1a1bIiE1cE", NULL);   /* a template argument */
  check_demangle("_ZN2ns5inner", NULL);    /* no E */
  check_demangle("_ZN2ns9innerE", NULL);   /* length past the end */
  check_demangle("_Z3fooi", NULL);         /* a function */
  check_patch();
  printf("test_managed: %d of %d checks passed\n", run - failed, run);
  return failed ? 1 : 0;
}
