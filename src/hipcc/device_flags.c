/* The clang flags of hipcc's GPU pass (docs/nvidia.md, "The device
 * pass"): optimisation, inlining, unrolling and vectorising as nvcc does
 * them, and whether hipc-kc's IR passes run. Split from device_pass.c,
 * which runs the steps. */
#include "device_flags.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gpu_fast_math.h"

/* Whether the device code goes through hipc-kc's --nvptx-ir passes
 * between clang's optimiser and its NVPTX back end (HIPC_NVPTX_IR=0: clang
 * alone, source to PTX in one step). */
int hipc__device_ir_passes(void) {
  const char *e = getenv("HIPC_NVPTX_IR");
  return e == NULL || strcmp(e, "0") != 0;
}

/* The value of the environment variable `name` when it is a number of up
 * to 7 digits, else NULL. */
static const char *count_env(const char *name) {
  const char *e = getenv(name);
  if (e == NULL || *e == '\0' || strlen(e) >= 8 ||
      strspn(e, "0123456789") != strlen(e))
    return NULL;
  return e;
}

/* Pushes `-mllvm OPTION=VALUE`; `buf` (48 bytes) holds the string. */
static void push_llvm_count(struct strvec *v, char *buf, const char *option,
                            const char *value) {
  snprintf(buf, 48, "%s=%s", option, value);
  hipc__util_push(v, "-mllvm");
  hipc__util_push(v, buf);
}

/* Unrolling and vectorising as nvcc does (docs/nvidia.md, "The device
 * pass"). nvcc unrolls a loop of constant count by a power of two up to
 * 32 as far as its size allows (HeCBench layout's strided sum of 4096
 * steps by 32, with 32 loads in flight per thread; LLVM's NVPTX
 * preferences cap partial unrolling at a quarter of the full-unroll
 * threshold, 75 at -O3, which gave 8 and 1.78 times nvcc's kernel time),
 * and a loop of run-time count by 4 (by 2, then not at all, for larger
 * bodies; LLVM: by 8 for small bodies, by 2 or not at all from some 20
 * instructions on, so tsp's 36-instruction loop stayed rolled). So clang
 * unrolls constant counts with a partial threshold of 200
 * (HIPC_NVPTX_PARTIAL_UNROLL=N sets another) up to 32 times and no run-time
 * counts; hipc-kc --nvptx-ir unrolls those by 4 (nvptx_unroller.c, which
 * reads the same switch). HIPC_NVPTX_UNROLL=llvm keeps LLVM's NVPTX
 * defaults. nvcc does not vectorise loops; LLVM's loop vectoriser turned
 * byte loops into 4-byte vectors whose lanes the back end took apart
 * again (HeCBench nqueen's `board[i] == board[r]` scan: four ld.local.u8
 * joined by shl/or, split by eight bfe per step), so it is off too
 * (HIPC_NVPTX_VECTORIZE=1 or 0 says otherwise, whatever the mode). */
static void nvcc_unroll_flags(struct strvec *v) {
  const char *mode = getenv("HIPC_NVPTX_UNROLL");
  int nvcc = mode == NULL || strcmp(mode, "llvm") != 0;
  const char *pu = count_env("HIPC_NVPTX_PARTIAL_UNROLL");
  if (pu == NULL)
    pu = nvcc ? "200" : NULL;
  static char partial[48], full[48];
  if (pu != NULL)
    push_llvm_count(v, partial, "-unroll-partial-threshold", pu);
  /* HIPC_NVPTX_FULL_UNROLL=N: LLVM's full-unroll threshold (300 at -O3),
   * for trying a kernel's loops unrolled as nvcc does. */
  const char *fu = count_env("HIPC_NVPTX_FULL_UNROLL");
  if (fu != NULL)
    push_llvm_count(v, full, "-unroll-threshold", fu);
  if (nvcc) {
    hipc__util_push(v, "-mllvm");
    hipc__util_push(v, "-unroll-max-count=32");
    if (hipc__device_ir_passes()) {
      hipc__util_push(v, "-mllvm");
      hipc__util_push(v, "-unroll-runtime=false");
    }
  }
  const char *vec = getenv("HIPC_NVPTX_VECTORIZE");
  if (vec != NULL && *vec != '\0' ? strcmp(vec, "0") == 0 : nvcc)
    hipc__util_push(v, "-fno-vectorize");
}

/* The user's flags that the device compile takes from the compiler flags:
 * optimisation and floating-point behaviour. Warnings are left to the host
 * pass, which compiles the same source (the device pass runs with -w, so
 * that each warning is printed once). */
void hipc__device_cc_flags(const struct hipcc_options *o,
                           struct strvec *v) {
  static const char *const keep[] = {"-O", "-ffast-math", "-fno-fast-math",
                                     "-ffp-contract=",
                                     "-fgpu-approx-transcendentals",
                                     "-fno-gpu-approx-transcendentals"};
  int opt = 0;
  for (size_t i = 0; i < o->cc.n; i++) {
    for (size_t k = 0; k < sizeof keep / sizeof *keep; k++) {
      if (strncmp(o->cc.v[i], keep[k], strlen(keep[k])) == 0) {
        hipc__util_push(v, o->cc.v[i]);
        opt |= k == 0;
        break;
      }
    }
  }
  /* Device code is optimised unless asked otherwise, as nvcc does. */
  if (!opt)
    hipc__util_push(v, "-O3");
  hipc__gpu_fast_math_flags(o, v);
  /* nvcc inlines device functions far more than clang's default threshold
   * (225): an inline member function of some thousand instructions called
   * in a kernel's loop (HeCBench chacha20's block function) stayed a call
   * with its state in local memory. */
  hipc__util_push(v, "-mllvm");
  hipc__util_push(v, "-inline-threshold=500");
  nvcc_unroll_flags(v);
  /* LLVM's loop strength reduction, which the NVPTX back end runs, turns
   * 32-bit induction variables into sets of 64-bit ones: `i % 3` in a loop
   * bounded by a `long` became 64-bit mul.hi per unrolled step (HeCBench
   * concurrentKernels), and contract's unrolled loops recomputed every
   * address (378 mul.lo.s32 against nvcc's 64, 48 registers against 40).
   * ptxas reduces strength itself. HIPC_NVPTX_LSR=1 keeps the pass. */
  const char *lsr = getenv("HIPC_NVPTX_LSR");
  if (lsr == NULL || strcmp(lsr, "1") != 0) {
    hipc__util_push(v, "-mllvm");
    hipc__util_push(v, "-disable-lsr");
  }
}
