/* The region-form hook: turns a kernel into a function that runs a whole
 * block as loops over its threads (docs/frontend.md). Called for each
 * kernel before address spaces and nvvm intrinsics are lowered. */
#ifndef HIPC_KC_FORM_LOOPS_H
#define HIPC_KC_FORM_LOOPS_H

#include <llvm-c/Core.h>

#include "kc/params.h"

/* Returns 1 and sets *run_out to a new function `void (ptr b)` (b is a
 * hipc_cpu_block*) when it made one; 0 when the kernel stays on fibers.
 * Either way *note may be set to a malloc'ed explanation (or NULL). */
int hipc__kc_form_loops(LLVMModuleRef m, LLVMValueRef kernel,
                        const struct kc_param_layout* layout,
                        LLVMValueRef* run_out, char** note);

#endif /* HIPC_KC_FORM_LOOPS_H */
