/* Step 7: the host's optimisation pipeline, then the object (or textual IR
 * with --emit-ll). -O0 still inlines `always_inline` functions: the
 * headers' wrappers are written to vanish. */
#include <stdio.h>
#include <stdlib.h>

#include <llvm-c/Analysis.h>
#include <llvm-c/DebugInfo.h>
#include <llvm-c/Error.h>
#include <llvm-c/Transforms/PassBuilder.h>

#include "kc/kc.h"

void hipc__run_pipeline(LLVMModuleRef m, LLVMTargetMachineRef tm,
                        int opt_level) {
  char pipeline[64];
  if (opt_level == 0)
    snprintf(pipeline, sizeof pipeline, "always-inline,default<O0>");
  else
    snprintf(pipeline, sizeof pipeline, "default<O%d>", opt_level);
  LLVMPassBuilderOptionsRef o = LLVMCreatePassBuilderOptions();
  LLVMPassBuilderOptionsSetLoopVectorization(o, opt_level >= 2);
  LLVMPassBuilderOptionsSetSLPVectorization(o, opt_level >= 2);
  LLVMPassBuilderOptionsSetLoopUnrolling(o, opt_level >= 2);
  LLVMPassBuilderOptionsSetLoopInterleaving(o, opt_level >= 2);
  LLVMErrorRef e = LLVMRunPasses(m, pipeline, tm, o);
  LLVMDisposePassBuilderOptions(o);
  if (e) {
    char* msg = LLVMGetErrorMessage(e);
    hipc__diag_fatal("%s: %s", pipeline, msg);
  }
}

void hipc__optimise_prepare(struct kc_ctx* c) {
  char* msg = NULL;
  if (!c->debug) LLVMStripModuleDebugInfo(c->mod);
  /* A broken module is kc's bug: say so before LLVM's passes trip on it. */
  if (LLVMVerifyModule(c->mod, LLVMReturnStatusAction, &msg)) {
    fprintf(stderr, "hipc-kc: internal error: invalid module after "
                    "lowering:\n%s\n", msg);
    if (getenv("HIPC_KC_DUMP")) LLVMDumpModule(c->mod);
    exit(1);
  }
  LLVMDisposeMessage(msg);
}

void hipc__optimise(struct kc_ctx* c) {
  hipc__optimise_prepare(c);
  hipc__run_pipeline(c->mod, c->tm, c->opt_level);
}

void hipc__emit_output(struct kc_ctx* c) {
  char* msg = NULL;
  if (c->emit_ll) {
    if (LLVMPrintModuleToFile(c->mod, c->out_path, &msg))
      hipc__diag_fatal("%s: %s", c->out_path, msg);
    return;
  }
  if (LLVMTargetMachineEmitToFile(c->tm, c->mod, (char*)c->out_path,
                                  LLVMObjectFile, &msg))
    hipc__diag_fatal("%s: %s", c->out_path, msg);
}
