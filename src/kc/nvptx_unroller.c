/* hipc-kc --nvptx-ir's one run of LLVM's loop unroller (docs/nvidia.md,
 * "The device pass"): the loops the passes before it marked with an
 * unroll count (nvptx_stride_unroll.c), and, unless HIPC_NVPTX_UNROLL=llvm,
 * every innermost loop of a count known only at run time, by 4 as nvcc
 * unrolls them.
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
 * 2). Constant counts (clang unrolled them partially as nvcc does), full
 * unrolling and peeling get budgets so small that they change nothing.
 * The count may take twice LLVM's default budget of instructions to
 * compute before the loop (EXPANSION_BUDGET): tsp's loop runs down to a
 * bound that steps with the loops around it, which the default found too
 * costly. Loops that hold another stay rolled (mark_outer_loops()); a loop
 * that holds a barrier or a warp collective is left as LLVM leaves it
 * (nvptx_unroll.c unrolls the latter). */
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

/* Marks each loop of `f` that holds another loop
 * llvm.loop.unroll.runtime.disable: nvcc unrolls innermost loops only,
 * and LLVM's NVPTX preferences allow any loop that fits the budget (a
 * pooling kernel's loop over rows, around its loop over columns, was
 * unrolled by 2). Loops are found by their back edges, an edge to a block
 * on the depth-first search's stack (clang's CFGs are reducible); a
 * loop's blocks are those that reach a latch without passing its
 * header. Returns how many loops it marked. */
static unsigned mark_outer_loops(LLVMContextRef ctx, LLVMValueRef f,
                                 unsigned kind) {
  struct llvm_cfg g;
  hipc__cfg_build(&g, f);
  unsigned n = g.n, marked = 0;
  unsigned char *header = calloc(n, 1), *latch_of = calloc(n, 1);
  unsigned *latch_hdr = malloc(n * sizeof *latch_hdr);
  for (unsigned k = 0; k < g.nback; k++) {
    header[g.back_to[k]] = 1;
    latch_of[g.back_from[k]] = 1;
    latch_hdr[g.back_from[k]] = g.back_to[k];
  }
  unsigned char *body = malloc(n);
  unsigned *work = malloc(n * sizeof *work);
  LLVMValueRef *latches = malloc(n * sizeof *latches);
  for (unsigned h = 0; h < n; h++) {
    if (!header[h])
      continue;
    memset(body, 0, n);
    body[h] = 1;
    unsigned w = 0, nl = 0, inner = 0;
    for (unsigned x = 0; x < n; x++)
      if (latch_of[x] && latch_hdr[x] == h) {
        latches[nl++] = LLVMGetBasicBlockTerminator(g.b[x]);
        if (!body[x]) {
          body[x] = 1;
          work[w++] = x;
        }
      }
    while (w > 0) {
      unsigned x = work[--w];
      for (unsigned k = g.pred_start[x]; k < g.pred_start[x + 1]; k++) {
        unsigned p = g.preds[k];
        if (g.rpo[p] < n && !body[p]) { /* reachable blocks only */
          body[p] = 1;
          work[w++] = p;
        }
      }
    }
    for (unsigned x = 0; x < n && !inner; x++)
      inner = body[x] && header[x] && x != h;
    int branches = 1;
    for (unsigned i = 0; i < nl; i++)
      branches &= LLVMIsABranchInst(latches[i]) != NULL;
    if (inner && branches) {
      hipc__nvptx_loop_property(ctx, latches, nl, kind,
                                "llvm.loop.unroll.runtime.disable", NULL);
      marked++;
    }
  }
  free(body);
  free(work);
  free(latches);
  free(header);
  free(latch_of);
  free(latch_hdr);
  hipc__cfg_free(&g);
  return marked;
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
  if (runtime) {
    LLVMContextRef ctx = LLVMGetModuleContext(m);
    unsigned kind = LLVMGetMDKindIDInContext(ctx, "llvm.loop", 9);
    for (LLVMValueRef f = LLVMGetFirstFunction(m); f != NULL;
         f = LLVMGetNextFunction(f))
      if (LLVMCountBasicBlocks(f) > 0)
        mark_outer_loops(ctx, f, kind);
  }
  unsigned before = count_blocks(m);
  hipc__nvptx_run_passes(m, "function(loop-unroll<O3>)", "loop unrolling");
  unsigned after = count_blocks(m);
  return marked + (after > before ? after - before : 0);
}
