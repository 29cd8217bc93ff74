/* The hipcc pipeline (docs/frontend.md): a HIP source goes through clang's
 * front end and the kernel compiler (frontend.c), a C source through the C
 * compiler as is, and everything is then linked by the C++ compiler with
 * libhipc from `<prefix>/lib`, where `<prefix>` is the directory above the
 * one holding the hipcc executable.
 */
#define _GNU_SOURCE /* readlink */
#include "driver.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "device_pass.h"
#include "frontend.h"
#include "hip/hip_version.h"

#define HIPC_STR_(x) #x
#define HIPC_STR(x) HIPC_STR_(x)
#define HIP_VERSION_STRING                                                  \
  HIPC_STR(HIP_VERSION_MAJOR) "." HIPC_STR(HIP_VERSION_MINOR) "."           \
  HIPC_STR(HIP_VERSION_PATCH)

struct ctx {
  struct hipcc_options *o;
  struct strvec cxx, cc;  /* the host compilers, split into words */
  char *cxx_words, *cc_words;
  char *prefix;
  /* -isystem<prefix>/include: warnings in hipc's headers (-ffast-math's
   * -Wnan-infinity-disabled, ...) are not the user's. */
  char *inc_flag;
  char *libdir;           /* <prefix>/lib */
  struct strvec owned;    /* strings made for commands, freed at the end */
  struct device_pass dev; /* the GPU architectures and their tools */
  int genco;              /* building a --genco code object */
};

/* Keeps `s` until the end of the run and returns it. */
static const char *keep(struct ctx *c, char *s) {
  hipc__util_push(&c->owned, s);
  return s;
}

/* Splits `$var` (or `def` when unset or empty) into words, so that
 * `HIPC_CXX="ccache g++"` works. No quoting: compilers rarely need it. */
static void host_compiler(const char *var, const char *def, struct strvec *sv,
                          char **words) {
  const char *v = getenv(var);
  *words = hipc__util_strdup(v != NULL && *v != '\0' ? v : def);
  for (char *w = strtok(*words, " \t"); w != NULL; w = strtok(NULL, " \t"))
    hipc__util_push(sv, w);
  if (sv->n == 0)
    hipc__util_push(sv, def);
}

/* The installation prefix: the parent of the directory holding the hipcc
 * executable (`<prefix>/bin/hipcc`). */
static char *find_prefix(const char *argv0) {
  char exe[PATH_MAX];
  ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
  if (n > 0) {
    exe[n] = '\0';
  } else if (realpath(argv0, exe) == NULL) {
    snprintf(exe, sizeof exe, "%s", argv0);
  }
  char *bin = hipc__util_dirname(exe);
  char *prefix = hipc__util_dirname(bin);
  free(bin);
  return prefix;
}

/* Adds -MF/-MT when -MD/-MMD is given without them, so that the .d file
 * and its target name the object the user asked for, not our temporaries. */
static void dep_args(struct ctx *c, struct strvec *argv, const char *obj) {
  if (!c->o->dep_file)
    return;
  if (!c->o->dep_named) {
    char *dir = hipc__util_dirname(obj), *stem = hipc__util_stem(obj);
    hipc__util_push(argv, "-MF");
    hipc__util_push(argv, keep(c, hipc__util_format("%s/%s.d", dir, stem)));
    free(dir);
    free(stem);
  }
  if (!c->o->dep_target) {
    hipc__util_push(argv, "-MT");
    hipc__util_push(argv, obj);
  }
}

static const char *std_cxx(struct ctx *c) {
  return c->o->std_cxx ? c->o->std_cxx : "-std=c++17";
}

static int run(struct ctx *c, struct strvec *argv) {
  return hipc__util_run(argv->v, c->o->verbose, NULL);
}

/* Compiles the HIP source `in` to `out` (an object, an assembly file, the
 * preprocessed text or the dependencies, by mode). `dep_obj` is the object
 * name that -MD rules should name. */
static int compile_hip(struct ctx *c, struct hipcc_input *in, const char *out,
                       const char *dep_obj, int n) {
  struct hipcc_options *o = c->o;
  /* -save-temps files go next to the final output. */
  const char *ref = o->mode == MODE_LINK ? (o->output ? o->output : "a.out")
                                         : (out ? out : "./-");
  struct strvec dep = {0};
  hipc__util_append(&dep, &o->dep);
  if (o->mode != MODE_DEPS)
    dep_args(c, &dep, dep_obj);
  struct frontend_source fs = {in->path, n,           out,
                               ref,      c->prefix,   c->inc_flag,
                               std_cxx(c), &dep,      &c->dev,
                               c->genco};
  int rc = hipc__frontend_compile(o, &fs);
  hipc__util_free(&dep);
  return rc;
}

/* The C compiler for this run: HIPC_CC, or clang 19 where the options
 * hold -Xclang pairs (clang's own) and HIPC_CC is not a clang. */
static void c_compiler(struct ctx *c, struct strvec *cc) {
  int xclang = 0;
  for (size_t i = 0; i < c->o->cc.n; i++)
    xclang |= strcmp(c->o->cc.v[i], "-Xclang") == 0;
  const char *clang = getenv("HIPC_CLANG");
  clang = clang != NULL && *clang != '\0' ? clang : "clang-19";
  const char *base = strrchr(c->cc.v[0], '/');
  base = base != NULL ? base + 1 : c->cc.v[0];
  if (xclang && strstr(base, "clang") == NULL && hipc__util_in_path(clang))
    hipc__util_push(cc, clang);
  else
    hipc__util_append(cc, &c->cc);
}

/* Compiles the C source `in` with the C compiler. */
static int compile_c(struct ctx *c, struct hipcc_input *in, const char *out,
                     const char *dep_obj) {
  struct hipcc_options *o = c->o;
  struct strvec cc = {0};
  c_compiler(c, &cc);
  static const char *const mode_flag[] = {
      [MODE_LINK] = "-c", [MODE_COMPILE] = "-c", [MODE_ASM] = "-S",
      [MODE_PREPROCESS] = "-E", [MODE_DEPS] = NULL};
  if (mode_flag[o->mode] != NULL)
    hipc__util_push(&cc, mode_flag[o->mode]);
  hipc__util_push(&cc, "-x");
  hipc__util_push(&cc, "c");
  if (o->std_c != NULL)
    hipc__util_push(&cc, o->std_c);
  hipc__util_push(&cc, "-D__HIP_PLATFORM_HIPC__=1");
  hipc__util_push(&cc, c->inc_flag);
  hipc__util_append(&cc, &o->pp);
  hipc__util_append(&cc, &o->cc);
  hipc__util_append(&cc, &o->dep);
  if (o->mode != MODE_DEPS && o->mode != MODE_PREPROCESS)
    dep_args(c, &cc, dep_obj);
  hipc__util_push(&cc, in->path);
  if (out != NULL) {
    hipc__util_push(&cc, "-o");
    hipc__util_push(&cc, out);
  }
  int rc = run(c, &cc);
  hipc__util_free(&cc);
  return rc;
}

/* --emit-static-lib: the objects (compiled inputs and .o files given) into
 * a fresh archive; linker options have no meaning there and are dropped. */
static int archive(struct ctx *c) {
  struct hipcc_options *o = c->o;
  if (o->output == NULL) {
    hipc__util_error("--emit-static-lib needs an output file (-o)");
    return 1;
  }
  struct strvec ar = {0};
  hipc__util_push(&ar, "ar");
  hipc__util_push(&ar, "rcs");
  hipc__util_push(&ar, o->output);
  for (size_t i = 0; i < o->nlink; i++) {
    const struct hipcc_link_item *l = &o->link[i];
    if (l->input >= 0)
      hipc__util_push(&ar, l->arg == NULL ? o->inputs[l->input].obj : l->arg);
  }
  unlink(o->output); /* ar adds to an archive that exists */
  int rc = run(c, &ar);
  hipc__util_free(&ar);
  return rc;
}

/* The MPI library `l` names (-lmpi, -l mpi, OpenMPI's -lmpi_cxx, MPICH's
 * -lmpich / -lmpicxx): 1 for "-lNAME", 2 for "-l" "NAME", else 0. */
static int mpi_lib(const struct hipcc_options *o, size_t i) {
  static const char *const names[] = {"mpi", "mpi_cxx", "mpich", "mpicxx",
                                      NULL};
  const char *a = o->link[i].arg;
  int words = 1;
  if (a == NULL || strncmp(a, "-l", 2) != 0) return 0;
  a += 2;
  if (*a == '\0') {
    if (i + 1 >= o->nlink || o->link[i + 1].arg == NULL) return 0;
    a = o->link[i + 1].arg;
    words = 2;
  }
  for (const char *const *n = names; *n != NULL; n++)
    if (strcmp(a, *n) == 0) return words;
  return 0;
}

static int link_program(struct ctx *c) {
  struct hipcc_options *o = c->o;
  if (o->emit_static_lib)
    return archive(c);
  struct strvec ld = {0};
  hipc__util_append(&ld, &c->cxx);
  hipc__util_append(&ld, &o->link_pre);
  hipc__util_push(&ld, "-o");
  hipc__util_push(&ld, o->output ? o->output : "a.out");
  /* AMD's hipcc resolves device code across every input whatever their
   * order (`hipcc -o p libk.a main.hip` works there); a group makes the
   * linker rescan archives given before the objects that need them. */
  int group = 0;
  for (size_t i = 0; i < o->nlink; i++) {
    const char *a = o->link[i].arg;
    size_t n = a != NULL ? strlen(a) : 0;
    group |= o->link[i].input >= 0 && n > 2 && strcmp(a + n - 2, ".a") == 0;
  }
  if (group)
    hipc__util_push(&ld, "-Wl,--start-group");
  /* libhipc_mpi (GPU-aware MPI through PMPI) goes before the first MPI
   * library, so that its MPI_ functions are the ones the program calls
   * (not with a static libhipc: the library links the shared one). */
  char *mpi_wrap = hipc__util_format("%s/libhipc_mpi.so", c->libdir);
  int want_mpi_wrap = !o->static_libhipc && access(mpi_wrap, F_OK) == 0;
  free(mpi_wrap);
  for (size_t i = 0; i < o->nlink; i++) {
    const struct hipcc_link_item *l = &o->link[i];
    if (want_mpi_wrap && mpi_lib(o, i)) {
      hipc__util_push(&ld, keep(c, hipc__util_format("-L%s", c->libdir)));
      hipc__util_push(&ld, "-lhipc_mpi");
      want_mpi_wrap = 0;
    }
    /* -lamdhip64 names AMD's HIP runtime: libhipc, linked below. */
    if (l->arg != NULL && strcmp(l->arg, "-lamdhip64") == 0)
      continue;
    if (l->arg != NULL && strcmp(l->arg, "-l") == 0 && i + 1 < o->nlink &&
        o->link[i + 1].arg != NULL &&
        strcmp(o->link[i + 1].arg, "amdhip64") == 0) {
      i++;
      continue;
    }
    hipc__util_push(&ld, l->input >= 0 && l->arg == NULL
                             ? o->inputs[l->input].obj
                             : l->arg);
  }
  if (group)
    hipc__util_push(&ld, "-Wl,--end-group");
  if (o->static_libhipc) {
    hipc__util_push(&ld, keep(c, hipc__util_format("%s/libhipc.a",
                                                   c->libdir)));
  } else {
    hipc__util_push(&ld, keep(c, hipc__util_format("-L%s", c->libdir)));
    hipc__util_push(&ld, keep(c, hipc__util_format("-Wl,-rpath,%s",
                                                   c->libdir)));
    hipc__util_push(&ld, "-lhipc");
  }
  hipc__util_push(&ld, "-pthread");
  hipc__util_push(&ld, "-ldl");
  hipc__util_push(&ld, "-lm");
  int rc = run(c, &ld);
  hipc__util_free(&ld);
  return rc;
}

static int version(struct ctx *c) {
  printf("hipcc (hipc) " HIPCC_VERSION "\n");
  struct strvec argv = {0};
  hipc__util_append(&argv, &c->cxx);
  hipc__util_push(&argv, "--version");
  char *text = NULL;
  int rc = hipc__util_run(argv.v, c->o->verbose, &text);
  hipc__util_free(&argv);
  if (rc == 0 && text != NULL)
    printf("%.*s\n", (int)strcspn(text, "\n"), text);
  free(text);
  return rc;
}

/* The name of what `in` compiles to when hipcc stops before linking. */
static const char *stop_output(struct ctx *c, struct hipcc_input *in) {
  struct hipcc_options *o = c->o;
  if (o->output != NULL)
    return o->output;
  if (o->mode == MODE_PREPROCESS || o->mode == MODE_DEPS)
    return NULL;  /* stdout */
  char *stem = hipc__util_stem(in->path);
  char *p = hipc__util_format("%s%s", stem, o->mode == MODE_ASM ? ".s" :
                                                                  ".o");
  free(stem);
  return keep(c, p);
}

static int build(struct ctx *c);

/* --genco: the HIP sources into one code object for hipModuleLoad (`-o`,
 * or STEM.co): a shared object built exactly as a program (kernels and
 * variables register from its constructors; GPU images with
 * --offload-arch), marked by hip/hipc/code_object.h (docs/modules.md,
 * "Code objects"). */
static int genco(struct ctx *c) {
  struct hipcc_options *o = c->o;
  for (size_t i = 0; i < o->ninputs; i++) {
    if (o->inputs[i].lang != LANG_HIP) {
      hipc__util_error("--genco compiles HIP sources only, not '%s'",
                       o->inputs[i].path);
      return 1;
    }
  }
  if (o->mode != MODE_LINK || o->static_libhipc || o->emit_static_lib) {
    hipc__util_error("--genco cannot be combined with -c, -S, -E, -M, "
                     "-static-libhipc or --emit-static-lib");
    return 1;
  }
  if (o->output == NULL) {
    char *stem = hipc__util_stem(o->inputs[0].path);
    o->output = keep(c, hipc__util_format("%s.co", stem));
    free(stem);
  }
  hipc__util_push(&o->cc, "-fPIC");
  hipc__util_push(&o->link_pre, "-shared");
  hipc__util_push(&o->link_pre, "-Wl,-Bsymbolic");
  c->genco = 1;
  o->genco = 0;
  return build(c);
}

static int build(struct ctx *c) {
  struct hipcc_options *o = c->o;
  size_t sources = 0;
  for (size_t i = 0; i < o->ninputs; i++)
    sources += o->inputs[i].lang != LANG_OTHER;
  if (o->mode != MODE_LINK && o->output != NULL && sources > 1) {
    hipc__util_error("cannot specify '-o' with '-c', '-S' or '-E' with "
                     "multiple files");
    return 1;
  }
  if (o->genco)
    return genco(c);
  /* The GPU tools are needed only when a HIP source is compiled. */
  int hip_sources = 0;
  for (size_t i = 0; i < o->ninputs; i++)
    hip_sources += o->inputs[i].lang == LANG_HIP;
  if (hipc__device_pass_init(&c->dev, o, hip_sources > 0 &&
                                          o->mode != MODE_DEPS &&
                                          o->mode != MODE_PREPROCESS) != 0)
    return 1;
  int status = 0;
  for (size_t i = 0; i < o->ninputs; i++) {
    struct hipcc_input *in = &o->inputs[i];
    if (in->lang == LANG_OTHER) {
      if (o->mode != MODE_LINK)
        hipc__util_warning("%s: linker input file unused because linking "
                           "not done", in->path);
      continue;
    }
    const char *out, *dep_obj;
    if (o->mode == MODE_LINK) {
      char *stem = hipc__util_stem(in->path);
      char *name = hipc__util_format("%zu-%s.o", i, stem);
      const char *t = hipc__util_temp(name);
      in->obj = t != NULL ? hipc__util_strdup(t) : NULL;
      dep_obj = keep(c, hipc__util_format("%s.o", stem));
      free(stem);
      free(name);
      if (in->obj == NULL)
        return 1;
      out = in->obj;
    } else {
      out = dep_obj = stop_output(c, in);
    }
    int rc = in->lang == LANG_HIP ? compile_hip(c, in, out, dep_obj, (int)i)
                                  : compile_c(c, in, out, dep_obj);
    if (rc != 0 && status == 0)
      status = rc;
  }
  if (status != 0 || o->mode != MODE_LINK)
    return status;
  return link_program(c);
}

/* The C++ compiler that links programs (HIP sources are always compiled by
 * clang 19: frontend.c): the first found, as clang 19 is what compiled
 * them. */
static const char *default_cxx(void) {
  static const char *const candidates[] = {"clang++-19", "clang++", "g++"};
  for (size_t i = 0; i < sizeof candidates / sizeof candidates[0]; ++i)
    if (hipc__util_in_path(candidates[i]))
      return candidates[i];
  return "g++";
}

/* What -v prints first, on stderr, in the words clang's HIP driver uses:
 * CMake's HIP support (CMakeDetermineHIPCompiler.cmake) finds the
 * installation, and so `<prefix>/lib/cmake/hip-lang`, in "Found HIP
 * installation: DIR," and takes its default architecture from
 * " -target-cpu NAME ": `cpu`, the CPU device, which --offload-arch takes
 * and which adds nothing (the CPU device's code is always built). */
static void verbose_header(void) {
  char *prefix = find_prefix("hipcc");
  fprintf(stderr,
          "hipcc (hipc) " HIPCC_VERSION "\n"
          "Found HIP installation: %s, version " HIP_VERSION_STRING "\n"
          "CPU device: -target-cpu cpu (the default --offload-arch)\n",
          prefix);
  free(prefix);
}

/* -print-targets: what --offload-arch takes. */
static void print_targets(void) {
  printf("  Registered Targets:\n"
         "    cpu    - the CPU device (always built)\n"
         "    sm_XX  - NVIDIA GPUs, sm_60 or newer (sm_90a-style too)\n"
         "    gfx*   - AMD GPUs: accepted, no code is built\n");
}

int hipc__driver_run(struct hipcc_options *o) {
  if (o->action == ACTION_FAIL)
    return 1;
  if (o->action == ACTION_HELP) {
    hipc__options_help();
    return 0;
  }
  if (o->verbose)
    verbose_header();
  if (o->action == ACTION_PRINT_TARGETS) {
    print_targets();
    return 0;
  }
  struct ctx c = {.o = o};
  host_compiler("HIPC_CXX", default_cxx(), &c.cxx, &c.cxx_words);
  host_compiler("HIPC_CC", hipc__util_in_path("gcc") ? "gcc" : "cc", &c.cc,
                &c.cc_words);
  int rc;
  if (o->action == ACTION_VERSION) {
    rc = version(&c);
  } else if (o->ninputs == 0) {
    if (o->verbose) {
      rc = version(&c);
    } else {
      hipc__util_error("no input files");
      rc = 1;
    }
  } else {
    c.prefix = find_prefix("hipcc");
    c.inc_flag = hipc__util_format("-isystem%s/include", c.prefix);
    c.libdir = hipc__util_format("%s/lib", c.prefix);
    rc = build(&c);
  }
  for (size_t i = 0; i < c.owned.n; i++)
    free((char *)c.owned.v[i]);
  hipc__util_free(&c.owned);
  hipc__util_free(&c.cxx);
  hipc__util_free(&c.cc);
  free(c.cxx_words);
  free(c.cc_words);
  hipc__device_pass_free(&c.dev);
  free(c.prefix);
  free(c.inc_flag);
  free(c.libdir);
  return rc;
}
