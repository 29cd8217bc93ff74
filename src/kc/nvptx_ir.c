/* hipc-kc --nvptx-ir [--pre] IN.bc -o OUT.bc [-v]: the NVIDIA device pass's
 * IR passes (nvptx_ir.h). With --pre, the passes that must see the front
 * end's IR, before LLVM's optimiser (nvptx_split.c; nvptx_late_math.c marks
 * libdevice's math functions, which the IR passes' first step inlines).
 * hipcc's GPU pass has clang optimise the device code to bitcode, runs
 * this on it, and has clang's NVPTX back end make the PTX of the result
 * (nvptx_popcount.c,
 * nvptx_unroll.c, nvptx_memcpy.c, nvptx_stride_unroll.c, nvptx_unroller.c,
 * nvptx_select.c, nvptx_chain.c, nvptx_pointer_step.c, nvptx_latch.c,
 * nvptx_copysign.c).
 * Each pass recognises what nvcc makes better code of than LLVM 19 does
 * for NVPTX; the clean-up after them (simplifycfg, instcombine) runs only
 * where one changed something (nvptx_select.c, nvptx_chain.c,
 * nvptx_pointer_step.c and nvptx_latch.c run after it, which would undo
 * their changes).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <llvm-c/BitReader.h>
#include <llvm-c/Analysis.h>
#include <llvm-c/BitWriter.h>

#include "kc/kc.h"
#include "kc/nvptx_ir.h"

static void usage(void) {
  fputs("usage: hipc-kc --nvptx-ir [--pre] IN.bc -o OUT.bc [-v]\n", stderr);
  exit(2);
}

static LLVMModuleRef read_bitcode(LLVMContextRef ctx, const char *path) {
  LLVMMemoryBufferRef buf;
  char *msg = NULL;
  if (LLVMCreateMemoryBufferWithContentsOfFile(path, &buf, &msg))
    hipc__diag_fatal("%s: %s", path, msg ? msg : "cannot read");
  LLVMModuleRef m;
  if (LLVMParseBitcodeInContext2(ctx, buf, &m))
    hipc__diag_fatal("%s: invalid bitcode", path);
  LLVMDisposeMemoryBuffer(buf);
  return m;
}

static void clean_up(LLVMModuleRef m) {
  /* LLVM's own pipelines run instcombine without checking that one
   * iteration reached a fixed point; as a pipeline string it checks. */
  hipc__nvptx_run_passes(
      m, "function(simplifycfg,instcombine<no-verify-fixpoint>,simplifycfg)",
      "clean-up passes");
}

/* Verifies `m` (read from `in`), writes it to `out` and frees it. */
static int finish(LLVMContextRef ctx, LLVMModuleRef m, const char *in,
                  const char *out) {
  char *msg = NULL;
  if (LLVMVerifyModule(m, LLVMReturnStatusAction, &msg))
    hipc__diag_fatal("%s: invalid IR after the NVPTX passes: %s", in, msg);
  LLVMDisposeMessage(msg);
  if (LLVMWriteBitcodeToFile(m, out) != 0)
    hipc__diag_fatal("%s: cannot write", out);
  LLVMDisposeModule(m);
  LLVMContextDispose(ctx);
  return 0;
}

int hipc__nvptx_ir_main(int argc, char **argv) {
  const char *in = NULL, *out = NULL;
  int verbose = 0, pre = 0;
  for (int i = 2; i < argc; i++) {
    if (strcmp(argv[i], "-o") == 0 && i + 1 < argc)
      out = argv[++i];
    else if (strcmp(argv[i], "-v") == 0)
      verbose = 1;
    else if (strcmp(argv[i], "--pre") == 0)
      pre = 1;
    else if (argv[i][0] == '-' || in != NULL)
      usage();
    else
      in = argv[i];
  }
  if (in == NULL || out == NULL)
    usage();
  LLVMContextRef ctx = LLVMContextCreate();
  LLVMModuleRef m = read_bitcode(ctx, in);
  if (pre) {
    unsigned split = hipc__nvptx_split_indices(m);
    unsigned late = hipc__nvptx_defer_math(m);
    if (verbose)
      fprintf(stderr, "hipc-kc: %s: %u index sum(s) made 64-bit, %u math "
                      "function(s) left to inline after the optimiser\n",
              in, split, late);
    return finish(ctx, m, in, out);
  }
  unsigned late = hipc__nvptx_inline_math(m);
  unsigned popc = hipc__nvptx_popcount(m);
  unsigned warp = hipc__nvptx_unroll_warp_loops(m);
  unsigned copies = hipc__nvptx_vector_copies(m);
  unsigned stride = hipc__nvptx_unroll_stride_loops(m);
  unsigned unrolled = hipc__nvptx_run_unroller(m, stride);
  if (popc + warp + copies + unrolled > 0)
    clean_up(m);
  unsigned joins = hipc__nvptx_join_selects(m);
  unsigned twins = hipc__nvptx_merge_twin_counters(m);
  hipc__nvptx_select_branches(m); /* after clean_up, which would undo it */
  unsigned chained = hipc__nvptx_chain_strides(m); /* so would this */
  unsigned steps = hipc__nvptx_pointer_steps(m); /* and these */
  unsigned latches = hipc__nvptx_canonical_latches(m);
  unsigned readonly = hipc__nvptx_readonly_args(m);
  unsigned remats = hipc__nvptx_remat_compares(m); /* GVN would undo it */
  unsigned signs = hipc__nvptx_copysign(m); /* last: instcombine undoes it */
  if (verbose)
    fprintf(stderr, "hipc-kc: %s: %u population-count loop(s) made popc, "
                    "%u warp-collective loop(s) unrolled, %u vector "
                    "copies, %u grid-stride loop(s) unrolled, %u block(s) "
                    "added by unrolling, %u strided address(es) chained, "
                    "%u constant address(es) made pointer steps, %u latch(es) "
                    "made to test the next value, %u branch(es) to small arms "
                    "made selects, %u twin counter(s) merged, %u math "
                    "function(s) inlined, %u copysign(s) made bit "
                    "operations, %u compare(s) made again after a loop, "
                    "%u argument(s) made readonly\n",
            in, popc, warp, copies, stride, unrolled - stride, chained,
            steps, latches, joins, twins, late, signs, remats, readonly);
  return finish(ctx, m, in, out);
}
