/* hipc-kc --nvptx-ir's one run of LLVM's loop unroller (docs/nvidia.md,
 * "The device pass"): the loops the passes before it marked with an
 * unroll count (nvptx_stride_unroll.c), and, unless HIPC_NVPTX_UNROLL=llvm,
 * every loop of a count known only at run time, by 4 as nvcc unrolls them.
 *
 * nvcc unrolls such a loop by 4 (a remainder loop after), by 2 when four
 * copies would be too large and not at all when two would; LLVM's NVPTX
 * preferences unroll it by 8 when eight copies fit a quarter of the
 * full-unroll threshold (75 instructions at -O3) and by fewer down to
 * none above that, so that a loop of some 20 instructions or more stayed
 * rolled (HeCBench tsp's 36-instruction search: one square root a trip
 * against nvcc's four). The GPU pass has clang leave run-time counts
 * alone (-unroll-runtime=false, device_pass.c) and unrolls them here:
 * at most 4 copies (-unroll-max-count), halved while the copies exceed
 * RUNTIME_BUDGET instructions (the budget that gives nvcc's counts on
 * loops of 8, 16 and 32 square roots, 4, 2 and 1, and on a double `exp`,
 * 2). Constant counts (clang
 * unrolled them partially as nvcc does), full unrolling and peeling get
 * budgets so small that they change nothing. The count may take twice
 * LLVM's default budget of instructions to compute before the loop
 * (EXPANSION_BUDGET): tsp's loop runs from a bound that steps with the
 * loops around it, which the default found too costly. A loop whose count
 * takes a division or that holds a barrier or a warp collective is left
 * to the other passes, as LLVM leaves it. */
#include <stdlib.h>
#include <string.h>

#include <llvm-c/Support.h>

#include "kc/nvptx_ir.h"

#define RUNTIME_BUDGET "-unroll-partial-threshold=200"
#define EXPANSION_BUDGET "-scev-cheap-expansion-budget=8"

int hipc__nvptx_unroll_runtime_on(void) {
  const char *e = getenv("HIPC_NVPTX_UNROLL");
  return e == NULL || strcmp(e, "llvm") != 0;
}

static unsigned count_blocks(LLVMModuleRef m) {
  unsigned n = 0;
  for (LLVMValueRef f = LLVMGetFirstFunction(m); f != NULL;
       f = LLVMGetNextFunction(f))
    n += LLVMCountBasicBlocks(f);
  return n;
}

unsigned hipc__nvptx_run_unroller(LLVMModuleRef m, unsigned marked) {
  int runtime = hipc__nvptx_unroll_runtime_on();
  if (marked == 0 && !runtime)
    return 0;
  /* A zero budget would turn the unroller off altogether, hence 1.
   * hipc-kc --nvptx-ir runs nothing else that reads these options, and
   * parses them once. */
  static const char *const marked_only[] = {
      "hipc-kc", "-unroll-threshold=1", "-unroll-partial-threshold=1",
      "-unroll-allow-peeling=false", "-unroll-max-upperbound=0"};
  static const char *const with_runtime[] = {
      "hipc-kc", "-unroll-threshold=1", RUNTIME_BUDGET,
      "-unroll-allow-peeling=false", "-unroll-max-upperbound=0",
      "-unroll-allow-partial=false", "-unroll-runtime=true",
      "-unroll-max-count=4", EXPANSION_BUDGET};
  if (runtime)
    LLVMParseCommandLineOptions(sizeof with_runtime / sizeof *with_runtime,
                                with_runtime, NULL);
  else
    LLVMParseCommandLineOptions(sizeof marked_only / sizeof *marked_only,
                                marked_only, NULL);
  unsigned before = count_blocks(m);
  hipc__nvptx_run_passes(m, "function(loop-unroll<O3>)", "loop unrolling");
  unsigned after = count_blocks(m);
  return marked + (after > before ? after - before : 0);
}
