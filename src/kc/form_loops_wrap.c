/* kc's region form: K.run as a choice between bodies (form_loops.h), each
 * made by the whole pipeline for one case and called once from K.run,
 * which the inliner (always-inline, at every -O) turns into copies:
 *
 *   - by warp size, for kernels that use it (32 or 64, from hipc_tls):
 *     K.run.32 and K.run.64, called with the size;
 *   - for blocks of one row (blockDim.y == blockDim.z == 1, the common
 *     case): K.run.f (K.run.N.f by warp size) beside K.run.r (K.run.N).
 *     There blockDim.y and .z are the constant 1, so the z and y loops
 *     around every region's x loop fold away, with the row arithmetic,
 *     the "one row" tests of the exit-flag bookkeeping, the shuffle rows
 *     and the permutations: per region a few dozen instructions that LLVM
 *     cannot hoist (each region's loop nest is its own), spilled around
 *     the loops; a third of bench/reduce's instructions per block. Only
 *     kernels with FL_FLAT_REGIONS regions or more get the copy, up to
 *     FL_FLAT_MAX instructions (compile time), and only when
 *     optimising; HIPC_KC_NO_FLAT=1 (hipc-kc's environment) turns it off
 *     for comparisons. */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include <llvm-c/DebugInfo.h>

#include "form_loops.h"
#include "hip/hipc/kernel.h"

/* The largest body (instructions, as the region form writes it) that gets
 * a copy for one-row blocks: bench/reduce's is 2700; hipCUB's warp
 * primitives test's biggest kernels, 4200 to 6100 with 38 to 54 regions,
 * took twice the compile time with their copies. */
enum { FL_FLAT_MAX = 3000 };
/* The fewest regions (barriers and collectives + 1) that make the copy
 * worth its compile time: tests/kc_loops's 35 small kernels took 6.1 s of
 * hipc-kc without copies, 12.7 s with them from 2 regions, 9.9 s from 4
 * (bench/reduce's kernels have 8 and 9). */
enum { FL_FLAT_REGIONS = 4 };

static int optimising = 1;

void hipc__form_loops_set_optimising(int on) { optimising = on; }

int hipc__form_loops_flat_wanted(const struct fl_state* s,
                                 LLVMValueRef body) {
  if (!optimising || s->nregions < FL_FLAT_REGIONS) return 0;
  const char* off = getenv("HIPC_KC_NO_FLAT");
  if (off && *off && strcmp(off, "0") != 0) return 0;
  unsigned n = 0;
  for (LLVMBasicBlockRef b = LLVMGetFirstBasicBlock(body); b;
       b = LLVMGetNextBasicBlock(b))
    for (LLVMValueRef i = LLVMGetFirstInstruction(b); i;
         i = LLVMGetNextInstruction(i))
      if (++n > FL_FLAT_MAX) return 0;
  return 1;
}

static void add_enum(LLVMContextRef cx, LLVMValueRef fn, const char* k) {
  LLVMAddAttributeAtIndex(
      fn, LLVMAttributeFunctionIndex,
      LLVMCreateEnumAttribute(cx, LLVMGetEnumAttributeKindForName(k, strlen(k)),
                              0));
}

/* A call of `body(b[, ws])` from the current block, then a branch to
 * `out`; with `flat` (a body for one-row blocks), under a branch on
 * `is_flat` to a call of that one or of `body`. */
static void call_body(struct fl_state* s, LLVMBuilderRef b, LLVMValueRef run,
                      LLVMValueRef body, LLVMValueRef flat, unsigned ws,
                      LLVMValueRef is_flat, LLVMMetadataRef sp,
                      LLVMBasicBlockRef out) {
  LLVMContextRef cx = s->cx;
  LLVMValueRef args[2] = {LLVMGetParam(run, 0),
                          LLVMConstInt(LLVMInt32TypeInContext(cx), ws, 0)};
  unsigned n = ws ? 2 : 1;
  if (flat) {
    LLVMBasicBlockRef one = LLVMAppendBasicBlockInContext(cx, run, "flat");
    LLVMBasicBlockRef rows = LLVMAppendBasicBlockInContext(cx, run, "rows");
    LLVMBuildCondBr(b, is_flat, one, rows);
    LLVMPositionBuilderAtEnd(b, one);
    hipc__form_loops_debug_call_loc(
        LLVMBuildCall2(b, LLVMGlobalGetValueType(flat), flat, args, n, ""), sp);
    LLVMBuildBr(b, out);
    LLVMPositionBuilderAtEnd(b, rows);
  }
  hipc__form_loops_debug_call_loc(
      LLVMBuildCall2(b, LLVMGlobalGetValueType(body), body, args, n, ""), sp);
  LLVMBuildBr(b, out);
}

/* blockDim.y == 1 && blockDim.z == 1, read from the block `blk`. */
static LLVMValueRef one_row(struct fl_state* s, LLVMBuilderRef b,
                            LLVMValueRef blk) {
  LLVMContextRef cx = s->cx;
  LLVMTypeRef i8 = LLVMInt8TypeInContext(cx), i32 = LLVMInt32TypeInContext(cx);
  LLVMValueRef one = LLVMConstInt(i32, 1, 0), flat = NULL;
  for (unsigned d = 1; d < 3; d++) {
    LLVMValueRef off = LLVMConstInt(LLVMInt64TypeInContext(cx),
                                    offsetof(hipc_cpu_block, dim) + 4 * d, 0);
    LLVMValueRef v = LLVMBuildLoad2(
        b, i32, LLVMBuildInBoundsGEP2(b, i8, blk, &off, 1, ""), "");
    LLVMSetAlignment(v, 4);
    LLVMValueRef eq = LLVMBuildICmp(b, LLVMIntEQ, v, one, "");
    flat = flat ? LLVMBuildAnd(b, flat, eq, "flat") : eq;
  }
  return flat;
}

LLVMValueRef hipc__form_loops_wrap(struct fl_state* s,
                                   const LLVMValueRef body[2],
                                   const LLVMValueRef flat[2]) {
  LLVMContextRef cx = s->cx;
  LLVMTypeRef i8 = LLVMInt8TypeInContext(cx), i32 = LLVMInt32TypeInContext(cx);
  LLVMTypeRef ptr = LLVMPointerTypeInContext(cx, 0);
  int by_warp = body[0] != NULL;
  size_t len;
  const char* kname = LLVMGetValueName2(s->kernel, &len);
  char* name = malloc(len + 8);
  if (!name) abort();
  memcpy(name, kname, len);
  strcpy(name + len, ".run");
  /* One body is K.run until now: K.run.r (rows), beside K.run.f. */
  if (!by_warp) {
    char* rows = malloc(len + 8);
    if (!rows) abort();
    memcpy(rows, name, len + 4);
    strcpy(rows + len + 4, ".r");
    LLVMSetValueName2(body[1], rows, len + 6);
    free(rows);
  }
  LLVMTypeRef fty = LLVMFunctionType(LLVMVoidTypeInContext(cx), &ptr, 1, 0);
  LLVMValueRef run = LLVMAddFunction(s->m, name, fty);
  LLVMSetLinkage(run, LLVMInternalLinkage);
  LLVMMetadataRef sp = hipc__form_loops_debug_sp(s->m, run, s->kernel, name);
  free(name);
  unsigned na =
      LLVMGetAttributeCountAtIndex(body[1], LLVMAttributeFunctionIndex);
  LLVMAttributeRef* attrs = calloc(na + 1, sizeof *attrs);
  if (!attrs) abort();
  LLVMGetAttributesAtIndex(body[1], LLVMAttributeFunctionIndex, attrs);
  for (unsigned i = 0; i < na; i++)
    LLVMAddAttributeAtIndex(run, LLVMAttributeFunctionIndex, attrs[i]);
  free(attrs);
  /* Lane loops are short and wide: where the target has 512-bit vectors
   * (x86 with AVX-512, whose tuning prefers 256), use them. Other targets
   * ignore the attribute. HIPC_KC_VEC256=1 keeps the target's preference. */
  if (by_warp && !getenv("HIPC_KC_VEC256")) {
    const char* k = "prefer-vector-width";
    LLVMAddAttributeAtIndex(
        run, LLVMAttributeFunctionIndex,
        LLVMCreateStringAttribute(cx, k, strlen(k), "512", 3));
  }
  for (unsigned k = 0; k < 2; k++) {
    if (body[k]) add_enum(cx, body[k], "alwaysinline");
    if (flat[k]) add_enum(cx, flat[k], "alwaysinline");
  }
  LLVMBuilderRef b = LLVMCreateBuilderInContext(cx);
  LLVMBasicBlockRef entry = LLVMAppendBasicBlockInContext(cx, run, "");
  LLVMBasicBlockRef out = LLVMAppendBasicBlockInContext(cx, run, "");
  LLVMPositionBuilderAtEnd(b, entry);
  LLVMValueRef is_flat =
      flat[0] || flat[1] ? one_row(s, b, LLVMGetParam(run, 0)) : NULL;
  if (!by_warp) {
    call_body(s, b, run, body[1], flat[1], 0, is_flat, sp, out);
  } else {
    LLVMValueRef off = LLVMConstInt(LLVMInt64TypeInContext(cx),
                                    offsetof(hipc_thread_state, warp_size), 0);
    LLVMValueRef ws = LLVMBuildLoad2(
        b, i32,
        LLVMBuildInBoundsGEP2(b, i8, hipc__form_loops_tls(s), &off, 1, ""),
        "ws");
    LLVMSetAlignment(ws, 4);
    /* The CPU device's warp is 32 or 64 lanes (HIPC_WARP_SIZE): 64 is the
     * default case, and no third copy is made for other sizes. */
    LLVMBasicBlockRef w32 = LLVMAppendBasicBlockInContext(cx, run, "w32");
    LLVMBasicBlockRef w64 = LLVMAppendBasicBlockInContext(cx, run, "w64");
    LLVMValueRef sw = LLVMBuildSwitch(b, ws, w64, 1);
    LLVMAddCase(sw, LLVMConstInt(i32, 32, 0), w32);
    for (unsigned k = 0; k < 2; k++) {
      LLVMPositionBuilderAtEnd(b, k ? w64 : w32);
      call_body(s, b, run, body[k], flat[k], 32u << k, is_flat, sp, out);
    }
  }
  LLVMPositionBuilderAtEnd(b, out);
  LLVMBuildRetVoid(b);
  LLVMDisposeBuilder(b);
  return run;
}
