/* The hipcc pipeline: the clang front end for HIP sources, the C compiler for C, the link. */
#ifndef HIPC_HIPCC_DRIVER_H
#define HIPC_HIPCC_DRIVER_H

#include "options.h"

#define HIPCC_VERSION "0.1.0"

/* Runs what `o` asks for. Returns the exit status of hipcc: 0, or that of
 * the first failing sub-command (1 for hipcc's own errors). */
int hipc__driver_run(struct hipcc_options *o);

#endif /* HIPC_HIPCC_DRIVER_H */
