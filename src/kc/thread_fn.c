/* Step 3: the fiber form's entry point of each kernel,
 * `void K.thread(ptr args)`, which reads each parameter from the packed
 * buffer (params.h) and calls the kernel. A byval aggregate is passed as a
 * pointer into the buffer with `byval` kept on the call, so each thread
 * works on its own copy, as each GPU thread does. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kc/form_loops.h"
#include "kc/kc.h"

static LLVMValueRef build_one(struct kc_ctx* c, struct kc_kernel* k) {
  LLVMTypeRef ptr = hipc__util_ptr(c);
  LLVMTypeRef i8 = LLVMInt8TypeInContext(c->llctx);
  LLVMTypeRef fty =
      LLVMFunctionType(LLVMVoidTypeInContext(c->llctx), &ptr, 1, 0);
  size_t len = strlen(k->name) + sizeof ".thread";
  char* name = hipc__diag_xmalloc(len);
  snprintf(name, len, "%s.thread", k->name);
  LLVMValueRef fn = LLVMAddFunction(c->mod, name, fty);
  free(name);
  LLVMSetLinkage(fn, LLVMInternalLinkage);
  LLVMSetFunctionCallConv(fn, LLVMCCallConv);
  LLVMAddAttributeAtIndex(
      fn, (unsigned)LLVMAttributeFunctionIndex,
      LLVMCreateEnumAttribute(c->llctx,
                              LLVMGetEnumAttributeKindForName("nounwind", 8),
                              0));
  LLVMValueRef args = LLVMGetParam(fn, 0);
  LLVMBasicBlockRef bb = LLVMAppendBasicBlockInContext(c->llctx, fn, "entry");
  LLVMBuilderRef b = LLVMCreateBuilderInContext(c->llctx);
  LLVMPositionBuilderAtEnd(b, bb);

  unsigned n = LLVMCountParams(k->fn);
  LLVMValueRef* vals = hipc__diag_xmalloc(n * sizeof *vals);
  LLVMTypeRef* byval = hipc__diag_xmalloc(n * sizeof *byval);
  for (unsigned i = 0; i < n; i++) {
    LLVMValueRef off =
        LLVMConstInt(hipc__util_i64(c), k->layout.offset[i], 0);
    LLVMValueRef p = LLVMBuildInBoundsGEP2(b, i8, args, &off, 1, "");
    byval[i] = hipc__params_byval_type(k->fn, i);
    LLVMTypeRef pty = LLVMTypeOf(LLVMGetParam(k->fn, i));
    if (byval[i]) {
      /* The parameter may be in another address space than the buffer. */
      vals[i] = LLVMGetPointerAddressSpace(pty) == 0
                    ? p
                    : LLVMBuildAddrSpaceCast(b, p, pty, "");
    } else {
      vals[i] = LLVMBuildLoad2(b, pty, p, "");
      LLVMSetAlignment(vals[i], k->layout.align[i]);
    }
  }
  LLVMValueRef call = LLVMBuildCall2(b, LLVMGlobalGetValueType(k->fn), k->fn,
                                     vals, n, "");
  /* With -g, K.thread's own subprogram: the kernel's code, inlined into
   * it, keeps its lines and variables as inlined frames. */
  hipc__form_loops_debug_call_loc(
      call, hipc__form_loops_debug_sp(c->mod, fn, k->fn, hipc__util_name(fn)));
  unsigned byval_kind = LLVMGetEnumAttributeKindForName("byval", 5);
  unsigned align_kind = LLVMGetEnumAttributeKindForName("align", 5);
  for (unsigned i = 0; i < n; i++) {
    if (!byval[i]) continue;
    LLVMAddCallSiteAttribute(
        call, i + 1, LLVMCreateTypeAttribute(c->llctx, byval_kind, byval[i]));
    LLVMAddCallSiteAttribute(
        call, i + 1,
        LLVMCreateEnumAttribute(c->llctx, align_kind, k->layout.align[i]));
  }
  LLVMBuildRetVoid(b);
  LLVMDisposeBuilder(b);
  free(vals);
  free(byval);
  return fn;
}

void hipc__thread_fn_build(struct kc_ctx* c) {
  for (unsigned i = 0; i < c->num_kernels; i++)
    c->kernels[i].thread = build_one(c, &c->kernels[i]);
  /* The last functions with subprograms of kc's are made. */
  hipc__form_loops_debug_done(c->mod);
}
