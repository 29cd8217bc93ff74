/* hipc-kc: compiles the device IR clang makes for the CPU device (the
 * nvptx64 pass of a .hip file) into a host object that registers its
 * kernels with the runtime (docs/frontend.md, "kc's output object").
 *
 *   hipc-kc IN.bc|IN.ll --id ID -o OUT.o [-O0|-O1|-O2|-O3] [-g] [-v]
 *           [--emit-ll] [--cpu NAME] [--features F] [--triple T]
 *           [--managed-names FILE] [--constant-names FILE] [--printf-buffered]
 *           [--ptx-asm-aborts]
 *   hipc-kc --nvptx-ir [--pre] IN.bc -o OUT.bc [-v]   (nvptx_ir.c)
 *
 * Exit status 0, or 1 with a message on stderr. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "kc/form_loops.h"
#include "kc/kc.h"
#include "kc/nvptx_ir.h"

#include <llvm-c/Support.h>

static void usage(void) {
  fputs("usage: hipc-kc IN.bc|IN.ll --id ID -o OUT [-O0|-O1|-O2|-O3] [-g] "
        "[-v] [--emit-ll] [--cpu NAME] [--features F] [--triple T] "
        "[--managed-names FILE] [--constant-names FILE] "
        "[--printf-buffered] [--ptx-asm-aborts]\n",
        stderr);
  exit(1);
}

static void parse_args(struct kc_ctx* c, int argc, char** argv) {
  c->opt_level = 2;
  for (int i = 1; i < argc; i++) {
    const char* a = argv[i];
    /* Options with a value take it from the next argument. */
    const char** slot = NULL;
    if (!strcmp(a, "-o")) slot = &c->out_path;
    else if (!strcmp(a, "--id")) slot = &c->id;
    else if (!strcmp(a, "--cpu")) slot = &c->cpu;
    else if (!strcmp(a, "--features")) slot = &c->features;
    else if (!strcmp(a, "--triple")) slot = &c->triple;
    else if (!strcmp(a, "--managed-names")) slot = &c->managed_names;
    else if (!strcmp(a, "--constant-names")) slot = &c->constant_names;
    if (slot) {
      if (i + 1 >= argc) hipc__diag_fatal("%s needs a value", a);
      *slot = argv[++i];
    } else if (a[0] == '-' && a[1] == 'O' && a[2] >= '0' && a[2] <= '3' &&
               !a[3]) {
      c->opt_level = a[2] - '0';
    } else if (!strcmp(a, "-g")) {
      c->debug = 1;
    } else if (!strcmp(a, "-v")) {
      c->verbose = 1;
    } else if (!strcmp(a, "--emit-ll")) {
      c->emit_ll = 1;
    } else if (!strcmp(a, "--printf-buffered")) {
      c->printf_buffered = 1;
    } else if (!strcmp(a, "--ptx-asm-aborts")) {
      c->ptx_asm_aborts = 1;
    } else if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
      usage();
    } else if (a[0] == '-' && a[1]) {
      hipc__diag_fatal("unknown option %s", a);
    } else if (c->in_path) {
      hipc__diag_fatal("more than one input (%s, %s)", c->in_path, a);
    } else {
      c->in_path = a;
    }
  }
  if (!c->in_path || !c->out_path || !c->id) usage();
  /* The fat binary holds the ID in 48 bytes with its NUL. */
  if (strlen(c->id) >= 48) hipc__diag_fatal("--id is longer than 47 bytes");
}

/* Step 2: the region form, where the hook can make it. */
static void form_loops(struct kc_ctx* c) {
  for (unsigned i = 0; i < c->num_kernels; i++) {
    struct kc_kernel* k = &c->kernels[i];
    LLVMValueRef run = NULL;
    char* note = NULL;
    if (hipc__kc_form_loops(c->mod, k->fn, &k->layout, &run, &note) && run)
      k->run = run;
    k->note = note;
  }
}

static void report_forms(struct kc_ctx* c) {
  for (unsigned i = 0; i < c->num_kernels; i++) {
    struct kc_kernel* k = &c->kernels[i];
    fprintf(stderr, "hipc-kc: kernel %s: %s", k->name,
            k->run ? "loops" : "fibers");
    if (k->note) fprintf(stderr, " (%s)", k->note);
    fputc('\n', stderr);
  }
}

/* HIPC_KC_TIME=1: each step's wall time on stderr (where compile time
 * goes). */
static double now_s(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* HIPC_KC_LLVM_ARGS="-time-passes ...": options for LLVM itself, split at
 * blanks, for looking into a slow or wrong compile. */
static void llvm_args(void) {
  const char* v = getenv("HIPC_KC_LLVM_ARGS");
  if (!v || !*v) return;
  char* copy = hipc__diag_strdup(v);
  const char* args[64] = {"hipc-kc"};
  int n = 1;
  for (char* w = strtok(copy, " \t"); w && n < 64; w = strtok(NULL, " \t"))
    args[n++] = w;
  LLVMParseCommandLineOptions(n, args, NULL);
}

static void step_done(const char* what, double* t0) {
  static int on = -1;
  if (on < 0) {
    const char* e = getenv("HIPC_KC_TIME");
    on = e != NULL && *e != '\0' && strcmp(e, "0") != 0;
  }
  if (!on) return;
  double t = now_s();
  fprintf(stderr, "hipc-kc: %-22s %8.3f s\n", what, t - *t0);
  *t0 = t;
}

int main(int argc, char** argv) {
  /* The GPU pass's IR passes: another job, same LLVM (nvptx_ir.c). */
  if (argc > 1 && !strcmp(argv[1], "--nvptx-ir"))
    return hipc__nvptx_ir_main(argc, argv);
  struct kc_ctx c = {0};
  double t0 = now_s();
  parse_args(&c, argc, argv);
  llvm_args();
  c.llctx = LLVMContextCreate();
  hipc__load_module(&c);
  step_done("load", &t0);
  hipc__link_internalize(&c, 1);
  hipc__link_drop_dead(&c);
  step_done("internalize", &t0);
  hipc__simplify_functions(&c);
  step_done("simplify", &t0);
  for (unsigned i = 0; i < c.num_kernels; i++)
    hipc__params_layout(c.td, c.kernels[i].fn, &c.kernels[i].layout);
  hipc__form_loops_debug_optimised(c.opt_level > 0);
  hipc__form_loops_set_optimising(c.opt_level > 0);
  form_loops(&c);
  step_done("region form", &t0);
  hipc__thread_fn_build(&c);
  step_done("thread functions", &t0);
  hipc__check_build(&c);
  step_done("check variants", &t0);
  hipc__globals_lower(&c);
  hipc__intrinsics_lower(&c);
  hipc__link_internalize(&c, 0);
  hipc__image_emit(&c);
  step_done("lowering", &t0);
  if (c.verbose) report_forms(&c);
  if (hipc__split_compile(&c)) {
    step_done("optimise and emit", &t0);
    return 0;
  }
  hipc__optimise(&c);
  step_done("optimise", &t0);
  hipc__emit_output(&c);
  step_done("emit", &t0);
  return 0;
}
