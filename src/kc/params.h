/* The packed argument buffer of a kernel (docs/frontend.md): where each
 * parameter lies, as the host's `void *args[]` values are copied there. */
#ifndef HIPC_KC_PARAMS_H
#define HIPC_KC_PARAMS_H

#include <stdint.h>

#include <llvm-c/Core.h>
#include <llvm-c/Target.h>

struct kc_param_layout {
  unsigned n;
  uint32_t *offset, *size, *align;
  uint32_t args_size, args_align;
};

/* Parameter i at the next multiple of its alignment after parameter i-1;
 * size and alignment are the host's ABI ones of its type, or of its byval
 * type (alignment at least the byval attribute's). The buffer is aligned
 * to the largest alignment and its size rounded up to it. */
void hipc__params_layout(LLVMTargetDataRef td, LLVMValueRef kernel,
                         struct kc_param_layout* out);
/* The byval type of parameter i (0-based), or NULL when it has none. */
LLVMTypeRef hipc__params_byval_type(LLVMValueRef fn, unsigned i);
void hipc__params_free(struct kc_param_layout* l);

#endif /* HIPC_KC_PARAMS_H */
