/* Step 1b: each function of the device code simplified on its own (SROA,
 * CSE, CFG and instruction cleanup) before the region form inlines them
 * into a kernel's copy. The device pass hands kc unoptimised IR (clang's
 * -disable-llvm-optzns): a header function such as __hfma2 arrives with its
 * allocas, and a kernel that calls it a thousand times would otherwise be
 * inlined into one function with thousands of allocas and blocks, where
 * SROA's dominance-frontier work grows with their product (minutes for
 * HeCBench's ert). Small callees first is also what clang's own -O
 * pipeline does. Loops of constant trip count are unrolled here too: the
 * vector types' operators loop over their elements, and only straight code
 * lets SROA keep a float4 temporary in registers once they are inlined
 * (tests/hipcc/kc_vector_temps.sh). Skipped at -O0, which keeps variables
 * for the debugger. */
#include <stddef.h>

#include <llvm-c/Error.h>
#include <llvm-c/Transforms/PassBuilder.h>

#include "kc/kc.h"

void hipc__simplify_functions(struct kc_ctx* c) {
  if (c->opt_level == 0) return;
  LLVMPassBuilderOptionsRef o = LLVMCreatePassBuilderOptions();
  LLVMErrorRef e = LLVMRunPasses(
      c->mod,
      "function(sroa,early-cse,simplifycfg,instcombine<no-verify-fixpoint>,"
      "simplifycfg,loop-simplify,lcssa,loop(loop-unroll-full),sroa,"
      "instcombine<no-verify-fixpoint>,simplifycfg)",
      NULL, o);
  LLVMDisposePassBuilderOptions(o);
  if (e) {
    char* msg = LLVMGetErrorMessage(e);
    hipc__diag_fatal("simplifying the device functions: %s", msg);
  }
}
