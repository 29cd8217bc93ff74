/* hipcc's clang front end (docs/frontend.md): how a HIP source is
 * compiled. */
#ifndef HIPC_HIPCC_FRONTEND_H
#define HIPC_HIPCC_FRONTEND_H

#include "device_pass.h"
#include "options.h"

/* One HIP source to compile. */
struct frontend_source {
  const char *path;
  int index;                     /* its position: names temporary files */
  const char *out;               /* the object (assembly, text) to write;
                                    NULL: stdout (-E, -M) */
  const char *ref;               /* -save-temps files go next to this */
  const char *prefix;            /* hipc's installation: bin/hipc-kc */
  const char *inc_flag;          /* -I<prefix>/include */
  const char *std;               /* -std=... */
  const struct strvec *dep;      /* dependency flags (-MD -MF -MT ...) */
  const struct device_pass *dev; /* the GPU architectures, maybe none */
  int genco;                     /* part of a --genco code object */
};

/* Compiles `s` by the mode of `o`: an object (host code, the CPU device's
 * code and the fat binary with the GPU images), assembly of the host code
 * (-S), preprocessed host code (-E) or dependencies (-M). Returns 0 or the
 * failing command's status. */
int hipc__frontend_compile(const struct hipcc_options *o,
                           const struct frontend_source *s);

#endif /* HIPC_HIPCC_FRONTEND_H */
