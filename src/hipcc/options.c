/* hipcc's options: one table says how each option is spelt, where it goes
 * and what `hipcc --help` says about it (as poclcc's `options[]`). */
#include "options.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum kind {
  K_FLAG,    /* exactly `name` */
  K_JOINED,  /* `name` followed by a value, possibly empty: -O2, -Wall */
  K_SEP,     /* `name`, then the value as the next argument */
  K_EITHER,  /* -Idir or -I dir */
};

/* Where an option is passed on to. */
enum {
  W_PP = 1,    /* preprocessing only (of HIP and C sources) */
  W_CC = 2,    /* compiling, and preprocessing too (-O2 defines
                * __OPTIMIZE__, -fopenmp _OPENMP) */
  W_LINK = 4,  /* linking, in command-line order */
  W_DEP = 8,   /* the dependency output of preprocessing */
  W_LPRE = 16, /* linking, ahead of the objects */
  W_ALL = W_CC | W_LPRE,
};

enum id {
  ID_PASS, ID_HELP, ID_VERSION, ID_V, ID_C, ID_S, ID_E, ID_M, ID_MD, ID_MF,
  ID_MT, ID_O, ID_X, ID_STD, ID_SAVE_TEMPS, ID_STATIC_LIBHIPC, ID_ARCH,
  ID_GENCO, ID_STATIC_LIB, ID_IGNORE, ID_PRINT_TARGETS, ID_DEVICE_PCH,
  ID_WAVE64, ID_WAVE32, ID_USE_FAST_MATH, ID_DEVICE_DIAGS,
};

struct opt {
  const char *name;
  unsigned char kind, where, id;
  const char *meta;  /* the value's name in the help text */
  const char *help;  /* NULL: not listed by --help */
};

/* The first entry that matches wins, so longer names come first where one
 * is a prefix of another (-Wl, before -W, -offload-arch before -o). */
static const struct opt options[] = {
    {"--help", K_FLAG, 0, ID_HELP, NULL, "print this help and exit"},
    {"--version", K_FLAG, 0, ID_VERSION, NULL,
     "print hipcc's version and the host compiler's"},
    {"-v", K_FLAG, 0, ID_V, NULL,
     "print where hipc is installed, then each command before running it"},
    {"-print-targets", K_FLAG, 0, ID_PRINT_TARGETS, NULL,
     "print the architectures --offload-arch takes and exit"},
    {"--print-targets", K_FLAG, 0, ID_PRINT_TARGETS, NULL, NULL},
    {"-c", K_FLAG, 0, ID_C, NULL, "compile to object files, do not link"},
    {"-S", K_FLAG, 0, ID_S, NULL, "compile to assembly, do not assemble"},
    {"-E", K_FLAG, 0, ID_E, NULL,
     "preprocess only (the host pass), to stdout or -o"},
    {"--offload-arch=", K_JOINED, 0, ID_ARCH, "<arch>",
     "also build device code for an NVIDIA GPU, sm_XX (repeatable; also "
     "--cuda-gpu-arch=; default $HIPC_OFFLOAD_ARCH); cpu names the CPU "
     "device, which is always built"},
    {"--offload-arch", K_SEP, 0, ID_ARCH, NULL, NULL},
    {"-offload-arch=", K_JOINED, 0, ID_ARCH, NULL, NULL},
    {"-offload-arch", K_SEP, 0, ID_ARCH, NULL, NULL},
    {"--cuda-gpu-arch=", K_JOINED, 0, ID_ARCH, NULL, NULL},
    {"-o", K_EITHER, 0, ID_O, "<file>", "write the output to <file>"},
    {"-x", K_EITHER, 0, ID_X, "<language>",
     "treat the following inputs as hip (also cu, cuda, c++), c, or none "
     "(by extension)"},
    {"-std=", K_JOINED, 0, ID_STD, "<standard>",
     "language standard (c++17 by default for HIP sources)"},
    {"-save-temps", K_FLAG, 0, ID_SAVE_TEMPS, NULL,
     "keep the intermediate files (.cpu.bc, .kc.o, .fatbin, .host.o, GPU "
     ".ptx/.cubin) next to the output"},
    {"-static-libhipc", K_FLAG, 0, ID_STATIC_LIBHIPC, NULL,
     "link libhipc.a instead of libhipc.so"},
    {"--genco", K_FLAG, 0, ID_GENCO, NULL,
     "build a code object for hipModuleLoad (-o, or SOURCE.co): a shared "
     "object with the kernels, and their GPU code with --offload-arch"},
    {"--emit-static-lib", K_FLAG, 0, ID_STATIC_LIB, NULL,
     "archive the objects into the -o static library (ar) instead of "
     "linking a program"},
    /* `make`'s own: the CPU device pass's precompiled header (pch.h). */
    {"--hipc-device-pch", K_FLAG, 0, ID_DEVICE_PCH, NULL, NULL},
    /* hiprtc's own: the device pass's warnings, not the host pass's. */
    {"--hipc-device-diagnostics", K_FLAG, 0, ID_DEVICE_DIAGS, NULL, NULL},
    {"--cuda-host-only", K_FLAG, 0, ID_IGNORE, NULL, "accepted and ignored"},
    {"-fgpu-rdc", K_FLAG, 0, ID_IGNORE, NULL, "accepted and ignored"},
    {"-fno-gpu-rdc", K_FLAG, 0, ID_IGNORE, NULL, "accepted and ignored"},
    {"--hip-link", K_FLAG, 0, ID_IGNORE, NULL,
     "accepted and ignored (a link always has the HIP runtime)"},
    {"-munsafe-fp-atomics", K_FLAG, 0, ID_IGNORE, NULL,
     "accepted and ignored"},
    {"--amdgpu-target=", K_JOINED, 0, ID_IGNORE, "<arch>",
     "accepted and ignored"},
    {"-mwavefrontsize64", K_FLAG, 0, ID_WAVE64, NULL,
     "CPU device code sees a 64-lane AMD GPU's macros: __GFX9__, "
     "__AMDGCN_WAVEFRONT_SIZE(__) 64 (the default)"},
    {"-mno-wavefrontsize64", K_FLAG, 0, ID_WAVE32, NULL,
     "CPU device code sees __AMDGCN_WAVEFRONT_SIZE(__) 32 and no __GFX9__ "
     "(for programs run at HIPC_WARP_SIZE=32)"},
    {"-use_fast_math", K_FLAG, 0, ID_USE_FAST_MATH, NULL,
     "nvcc's fast math for GPU code (as -ffast-math there) and "
     "HIP_FAST_MATH defined (also --use_fast_math)"},
    {"--use_fast_math", K_FLAG, 0, ID_USE_FAST_MATH, NULL, NULL},
    {"-M", K_FLAG, W_DEP, ID_M, NULL,
     "print the dependencies instead of compiling (also -MM)"},
    {"-MM", K_FLAG, W_DEP, ID_M, NULL, NULL},
    {"-MD", K_FLAG, W_DEP, ID_MD, NULL,
     "write dependencies to a .d file as a side effect (also -MMD)"},
    {"-MMD", K_FLAG, W_DEP, ID_MD, NULL, NULL},
    {"-MF", K_EITHER, W_DEP, ID_MF, "<file>", "the dependency file"},
    {"-MT", K_EITHER, W_DEP, ID_MT, "<target>",
     "the target of the dependency rule (also -MQ)"},
    {"-MQ", K_EITHER, W_DEP, ID_MT, NULL, NULL},
    {"-MP", K_FLAG, W_DEP, ID_PASS, NULL, "add phony targets for headers"},
    {"-MG", K_FLAG, W_DEP, ID_PASS, NULL, NULL},
    {"-I", K_EITHER, W_PP, ID_PASS, "<dir>", "add an include directory"},
    {"-D", K_EITHER, W_PP, ID_PASS, "<macro>[=<value>]", "define a macro"},
    {"-U", K_EITHER, W_PP, ID_PASS, "<macro>", "undefine a macro"},
    {"-include", K_EITHER, W_PP, ID_PASS, "<file>",
     "include <file> before the source"},
    {"-imacros", K_EITHER, W_PP, ID_PASS, NULL, NULL},
    {"-isystem", K_EITHER, W_PP, ID_PASS, "<dir>",
     "add a system include directory"},
    {"-iquote", K_EITHER, W_PP, ID_PASS, NULL, NULL},
    {"-idirafter", K_EITHER, W_PP, ID_PASS, NULL, NULL},
    {"-nostdinc", K_FLAG, W_PP, ID_PASS, NULL, NULL},
    {"-nostdinc++", K_FLAG, W_PP, ID_PASS, NULL, NULL},
    {"-Wp,", K_JOINED, W_PP, ID_PASS, NULL, NULL},
    {"-Xpreprocessor", K_SEP, W_PP, ID_PASS, NULL, NULL},
    {"-Wa,", K_JOINED, W_CC, ID_PASS, NULL, NULL},
    {"-Xassembler", K_SEP, W_CC, ID_PASS, NULL, NULL},
    /* The word after -Xclang is clang's, whatever it looks like: the pair
     * goes through as it is (-Xclang -std=c99 is not hipcc's -std). */
    {"-Xclang", K_SEP, W_CC, ID_PASS, NULL, NULL},
    {"-Wl,", K_JOINED, W_LINK, ID_PASS, "<options>",
     "pass comma-separated options to the linker"},
    {"-Xlinker", K_SEP, W_LINK, ID_PASS, NULL, NULL},
    {"-L", K_EITHER, W_LINK, ID_PASS, "<dir>", "add a library directory"},
    {"-l", K_EITHER, W_LINK, ID_PASS, "<library>", "link a library"},
    {"-shared", K_FLAG, W_LINK, ID_PASS, NULL, "make a shared library"},
    {"-static", K_FLAG, W_LINK, ID_PASS, NULL, NULL},
    {"-static-libstdc++", K_FLAG, W_LINK, ID_PASS, NULL, NULL},
    {"-static-libgcc", K_FLAG, W_LINK, ID_PASS, NULL, NULL},
    {"-rdynamic", K_FLAG, W_LINK, ID_PASS, NULL, NULL},
    {"-nostdlib", K_FLAG, W_LINK, ID_PASS, NULL, NULL},
    {"-s", K_FLAG, W_LINK, ID_PASS, NULL, NULL},
    {"-z", K_SEP, W_LINK, ID_PASS, NULL, NULL},
    {"-T", K_SEP, W_LINK, ID_PASS, NULL, NULL},
    {"-u", K_SEP, W_LINK, ID_PASS, NULL, NULL},
    {"-pthread", K_FLAG, W_ALL, ID_PASS, NULL, "use POSIX threads"},
    {"-O", K_JOINED, W_ALL, ID_PASS, "<level>",
     "optimisation level: -O0 .. -O3, -Os"},
    {"-g", K_JOINED, W_ALL, ID_PASS, NULL, "generate debug information"},
    {"-w", K_FLAG, W_CC, ID_PASS, NULL, NULL},
    {"-W", K_JOINED, W_CC, ID_PASS, "<warning>",
     "enable a warning (-Wall, -Wextra, -Werror, ...)"},
    {"-f", K_JOINED, W_ALL, ID_PASS, "<flag>",
     "code generation flag (-fPIC, -fopenmp, ...)"},
    {"-m", K_JOINED, W_ALL, ID_PASS, "<flag>",
     "target flag (-march=native, -mavx2, ...)"},
};

void hipc__options_help(void) {
  printf("usage: hipcc [options] file...\n\n"
         "Compiles HIP sources (.hip .cu .cpp .cc .cxx .C) for the CPU "
         "device,\nC sources (.c) with $HIPC_CC, and links everything "
         "else with libhipc.\nThe host compiler is $HIPC_CXX (default the first of "
         "clang++-19, clang++, g++).\nWith --offload-arch=sm_XX, device code "
         "is also built by clang-19 and the CUDA\ntoolkit's ptxas "
         "($CUDA_PATH, default /usr/local/cuda) and embedded.\n"
         "Options not listed are passed to the host compiler.\n\n");
  for (size_t i = 0; i < sizeof options / sizeof *options; i++) {
    const struct opt *op = &options[i];
    if (op->help == NULL)
      continue;
    char left[64];
    snprintf(left, sizeof left, "%s%s%s", op->name,
             op->meta && op->kind != K_JOINED ? " " : "",
             op->meta ? op->meta : "");
    printf("  %-26s %s\n", left, op->help);
  }
}

static const struct opt *find(const char *arg) {
  for (size_t i = 0; i < sizeof options / sizeof *options; i++) {
    const struct opt *op = &options[i];
    size_t n = strlen(op->name);
    if (op->kind == K_FLAG || op->kind == K_SEP) {
      if (strcmp(arg, op->name) == 0)
        return op;
    } else if (strncmp(arg, op->name, n) == 0) {
      return op;
    }
  }
  return NULL;
}

static enum hipcc_lang lang_of_ext(const char *path) {
  static const char *const hip[] = {".hip", ".cu", ".cpp", ".cc", ".cxx",
                                    ".C", ".c++", ".cp", ".CPP"};
  const char *e = hipc__util_ext(path);
  for (size_t i = 0; i < sizeof hip / sizeof *hip; i++)
    if (strcmp(e, hip[i]) == 0)
      return LANG_HIP;
  return strcmp(e, ".c") == 0 ? LANG_C : LANG_OTHER;
}

static int lang_of_name(const char *name, enum hipcc_lang *lang) {
  if (!strcmp(name, "hip") || !strcmp(name, "cu") || !strcmp(name, "cuda") ||
      !strcmp(name, "c++"))
    *lang = LANG_HIP;
  else if (!strcmp(name, "c"))
    *lang = LANG_C;
  else if (!strcmp(name, "none"))
    *lang = LANG_NONE;
  else
    return -1;
  return 0;
}

static void add_link(struct hipcc_options *o, const char *arg, long input) {
  struct hipcc_link_item *l =
      realloc(o->link, (o->nlink + 1) * sizeof *o->link);
  if (l == NULL) {
    fputs("hipcc: fatal error: out of memory\n", stderr);
    exit(1);
  }
  o->link = l;
  o->link[o->nlink++] = (struct hipcc_link_item){arg, input};
}

static void add_input(struct hipcc_options *o, const char *path,
                      enum hipcc_lang x) {
  struct hipcc_input *in =
      realloc(o->inputs, (o->ninputs + 1) * sizeof *o->inputs);
  if (in == NULL) {
    fputs("hipcc: fatal error: out of memory\n", stderr);
    exit(1);
  }
  o->inputs = in;
  enum hipcc_lang lang = x != LANG_NONE ? x : lang_of_ext(path);
  o->inputs[o->ninputs] = (struct hipcc_input){path, lang, NULL};
  add_link(o, lang == LANG_OTHER ? path : NULL, (long)o->ninputs);
  o->ninputs++;
}

/* Sends the option words `a` (and `b`, its separate value, if not NULL)
 * where `where` says. */
static void route(struct hipcc_options *o, unsigned where, const char *a,
                  const char *b) {
  struct strvec *to[] = {&o->pp, &o->cc, NULL, &o->dep, &o->link_pre};
  for (unsigned bit = 0; bit < 5; bit++) {
    if (!(where & (1u << bit)))
      continue;
    if (to[bit] == NULL) {
      add_link(o, a, -1);
      if (b != NULL)
        add_link(o, b, -1);
      continue;
    }
    hipc__util_push(to[bit], a);
    if (b != NULL)
      hipc__util_push(to[bit], b);
  }
}

void hipc__options_parse(int argc, char **argv, struct hipcc_options *o) {
  *o = (struct hipcc_options){0};
  enum hipcc_lang x = LANG_NONE;
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    if (a[0] != '-' || a[1] == '\0') {
      add_input(o, a, x);
      continue;
    }
    const struct opt *op = find(a);
    if (op == NULL) {
      route(o, W_ALL, a, NULL);  /* unknown: the host compiler decides */
      continue;
    }
    /* The value, and the separate word that held it (if any). */
    const char *val = NULL, *sep = NULL;
    if (op->kind == K_JOINED ||
        (op->kind == K_EITHER && a[strlen(op->name)] != '\0')) {
      val = a + strlen(op->name);
    } else if (op->kind == K_SEP || op->kind == K_EITHER) {
      if (i + 1 >= argc) {
        hipc__util_error("missing argument to '%s'", a);
        o->action = ACTION_FAIL;
        return;
      }
      val = sep = argv[++i];
    }
    switch ((enum id)op->id) {
    case ID_PASS:
      route(o, op->where, a, sep);
      break;
    case ID_HELP:
      o->action = ACTION_HELP;
      break;
    case ID_VERSION:
      o->action = ACTION_VERSION;
      break;
    case ID_V:
      o->verbose = 1;
      break;
    case ID_DEVICE_PCH:
      o->device_pch = 1;
      break;
    case ID_DEVICE_DIAGS:
      o->device_diags = 1;
      break;
    case ID_PRINT_TARGETS:
      o->action = ACTION_PRINT_TARGETS;
      break;
    case ID_C:
      o->mode = MODE_COMPILE;
      break;
    case ID_S:
      o->mode = MODE_ASM;
      break;
    case ID_E:
      o->mode = MODE_PREPROCESS;
      break;
    case ID_M:
      o->mode = MODE_DEPS;
      route(o, op->where, a, sep);
      break;
    case ID_MD:
      o->dep_file = 1;
      route(o, op->where, a, sep);
      break;
    case ID_MF:
      o->dep_named = 1;
      route(o, op->where, a, sep);
      break;
    case ID_MT:
      o->dep_target = 1;
      route(o, op->where, a, sep);
      break;
    case ID_O:
      o->output = val;
      break;
    case ID_X:
      if (lang_of_name(val, &x) != 0) {
        hipc__util_error("language %s not recognized", val);
        o->action = ACTION_FAIL;
        return;
      }
      break;
    case ID_STD:
      if (strncmp(val, "c++", 3) == 0 || strncmp(val, "gnu++", 5) == 0)
        o->std_cxx = a;
      else
        o->std_c = a;
      break;
    case ID_SAVE_TEMPS:
      o->save_temps = 1;
      break;
    case ID_STATIC_LIBHIPC:
      o->static_libhipc = 1;
      break;
    case ID_ARCH:
      hipc__util_push(&o->archs, val);
      break;
    case ID_WAVE64:
      o->wave32 = 0;
      break;
    case ID_WAVE32:
      o->wave32 = 1;
      break;
    case ID_GENCO:
      o->genco = 1;
      break;
    case ID_STATIC_LIB:
      o->emit_static_lib = 1;
      break;
    case ID_USE_FAST_MATH:
      o->use_fast_math = 1;
      route(o, W_PP, "-DHIP_FAST_MATH", NULL);
      break;
    case ID_IGNORE:
      break;
    }
  }
}

void hipc__options_free(struct hipcc_options *o) {
  hipc__util_free(&o->pp);
  hipc__util_free(&o->cc);
  hipc__util_free(&o->dep);
  hipc__util_free(&o->link_pre);
  hipc__util_free(&o->archs);
  for (size_t i = 0; i < o->ninputs; i++)
    free(o->inputs[i].obj);
  free(o->inputs);
  free(o->link);
}
