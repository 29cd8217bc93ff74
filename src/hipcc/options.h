/* hipcc's command line, parsed from the table in options.c. */
#ifndef HIPC_HIPCC_OPTIONS_H
#define HIPC_HIPCC_OPTIONS_H

#include "util.h"

enum hipcc_lang { LANG_NONE, LANG_HIP, LANG_C, LANG_OTHER };

/* What the run stops after: like gcc's -E, -M, -S, -c or nothing. */
enum hipcc_mode { MODE_LINK, MODE_COMPILE, MODE_ASM, MODE_PREPROCESS,
                  MODE_DEPS };

enum hipcc_action {
  ACTION_BUILD, ACTION_HELP, ACTION_VERSION, ACTION_PRINT_TARGETS, ACTION_FAIL
};

struct hipcc_input {
  const char *path;
  enum hipcc_lang lang;  /* LANG_OTHER: handed to the linker */
  char *obj;             /* the object made from it, once compiled */
};

/* One argument of the link command: an option (`arg`), or the object made
 * from `inputs[input]`. Kept in command-line order, as `-l` and
 * `-Wl,--whole-archive` depend on it. */
struct hipcc_link_item {
  const char *arg;
  long input;            /* -1 for an option */
};

struct hipcc_options {
  enum hipcc_action action;
  enum hipcc_mode mode;
  const char *output;     /* -o, or NULL */
  const char *std_cxx;    /* -std= for C++ (HIP sources), or NULL */
  const char *std_c;      /* -std= for C sources, or NULL */
  struct strvec pp;       /* preprocessor flags: -I -D -U -include ... */
  struct strvec cc;       /* compiler flags: -O -g -W -f -m, unknown ones */
  struct strvec dep;      /* dependency flags: -MD -MF ... (not -M/-MM) */
  struct strvec link_pre; /* compiler flags the link command also gets */
  struct hipcc_link_item *link;
  size_t nlink;
  struct hipcc_input *inputs;
  size_t ninputs;
  struct strvec archs;    /* --offload-arch values */
  int dep_file;           /* -MD or -MMD */
  int dep_named;          /* -MF given */
  int dep_target;         /* -MT or -MQ given */
  int verbose;            /* -v */
  int save_temps;         /* -save-temps */
  int static_libhipc;     /* -static-libhipc */
  int genco;              /* --genco: device code only, a code object */
  int wave32;             /* -mno-wavefrontsize64: CPU device code sees the
                           * macros of a 32-lane warp, not gfx9's */
  int emit_static_lib;    /* --emit-static-lib: an archive, not a program */
  int device_pch;         /* --hipc-device-pch: -c makes the CPU device
                             pass's precompiled header (pch.h) */
  int use_fast_math;      /* -use_fast_math: nvcc's fast math, for the
                             GPU pass (gpu_fast_math.h) */
  int device_diags;       /* --hipc-device-diagnostics (hiprtc): warnings
                             come from the CPU device pass, as from AMD's
                             device-only hiprtc, and the host pass is
                             quiet */
};

/* Parses `argv` into `o`. On a bad command line prints why and sets
 * `o->action` to ACTION_FAIL. */
void hipc__options_parse(int argc, char **argv, struct hipcc_options *o);
void hipc__options_help(void);
void hipc__options_free(struct hipcc_options *o);

#endif /* HIPC_HIPCC_OPTIONS_H */
