/* Step 7 in parallel (split.c plans, split_run.c runs): the module's big
 * functions ("units": each kernel's K.run, or the warp-size bodies it
 * calls, K.thread and K.check) spread over parts, each part a copy of the
 * module in which only its own units keep their bodies, optimised and
 * compiled on a thread of its own; `ld -r` joins the parts' objects. */
#ifndef HIPC_KC_SPLIT_H
#define HIPC_KC_SPLIT_H

#include "kc/kc.h"

struct split_plan {
  unsigned parts;       /* part 0, the home, keeps everything but the units
                           of the other parts */
  unsigned num_units;
  char** unit_name;
  unsigned* unit_part;
  char** local_name;    /* the symbols made hidden globals for the split,
                           local again in the joined object */
  unsigned num_local;
};

/* Chooses the units and the parts (at most `jobs`) and readies c->mod for
 * copying: units and the module's own variables become hidden globals
 * (plan->local_name). Returns 0, leaving the module as it was, where
 * splitting does not pay. */
int hipc__split_plan(struct kc_ctx* c, unsigned jobs, struct split_plan* plan);
/* Turns a copy of the readied module into part `part`: other parts' units
 * declarations, and in parts other than the home the module's other
 * definitions available_externally (functions: still inlinable) or
 * declarations (variables); then drops what the part does not reach. */
void hipc__split_part(LLVMModuleRef m, const struct split_plan* plan,
                      unsigned part);
void hipc__split_plan_free(struct split_plan* plan);

#endif /* HIPC_KC_SPLIT_H */
