/* kc's region form, step 1 (form_loops.h): the working copy. The kernel is
 * copied into an internal function by inlining it into a fresh caller, every
 * function it calls is inlined into the copy (recursively), and the copy is
 * cleaned up (SROA and friends), so that later steps see one SSA function
 * whose only calls are intrinsics and library functions. The original
 * kernel and every other function keep their bodies exactly: LLVM's passes
 * run over the whole module, so the other functions are shielded while they
 * do (the always-inline attribute is lifted, `optnone` is put on). */
#include <stdlib.h>
#include <string.h>

#include <llvm-c/Transforms/PassBuilder.h>

#include "form_loops.h"

static unsigned attr_kind(const char* name) {
  return LLVMGetEnumAttributeKindForName(name, strlen(name));
}

static int starts(const char* s, const char* prefix) {
  return strncmp(s, prefix, strlen(prefix)) == 0;
}

/* Names that make the kernel keep its fibers: NVIDIA's warp instructions
 * and __hipc_kc_* functions other than the warp collectives of
 * form_loops_warp.c, the fiber runtime's collectives, and barriers this
 * pass does not know (bar.sync with an id, bar.arrive). Grid barriers are
 * looked for after the cleanup (hipc__form_loops_prepare). */
static const char* forbidden(const char* name) {
  if ((starts(name, "__hipc_kc_") && !hipc__form_loops_warp_name(name)) ||
      starts(name, "llvm.nvvm.shfl") ||
      starts(name, "llvm.nvvm.vote") || starts(name, "llvm.nvvm.match") ||
      starts(name, "llvm.nvvm.bar.warp.sync") ||
      starts(name, "llvm.nvvm.activemask"))
    return "uses a warp function";
  if (starts(name, "hipc_cpu_syncthreads") || starts(name, "hipc_cpu_warp_"))
    return "uses a collective of the fiber runtime";
  if ((starts(name, "llvm.nvvm.barrier") || starts(name, "llvm.nvvm.bar.")) &&
      strcmp(name, "llvm.nvvm.barrier0") != 0 &&
      strcmp(name, "llvm.nvvm.barrier0.popc") != 0 &&
      strcmp(name, "llvm.nvvm.barrier0.and") != 0 &&
      strcmp(name, "llvm.nvvm.barrier0.or") != 0)
    return "uses a barrier other than __syncthreads";
  return NULL;
}

static int walk(struct fl_state* s, LLVMValueRef f, struct fl_map* seen,
                int* thread_state);

/* 1 when a function whose address the module takes is used other than as
 * the callee of a direct call: what a call through a pointer may reach. */
static int address_taken(LLVMValueRef f) {
  for (LLVMUseRef u = LLVMGetFirstUse(f); u; u = LLVMGetNextUse(u)) {
    LLVMValueRef user = LLVMGetUser(u);
    if (!LLVMIsACallInst(user) || LLVMGetCalledValue(user) != f) return 1;
    unsigned n = LLVMGetNumArgOperands(user);
    for (unsigned a = 0; a < n; a++)
      if (LLVMGetOperand(user, a) == f) return 1;
  }
  return 0;
}

/* A call through a pointer may reach any function whose address is taken:
 * fine when none of them reads a thread index or waits. */
static int pointer_calls_ok(struct fl_state* s) {
  if (s->pointers_checked) return s->pointers_ok;
  s->pointers_checked = 1;
  s->pointers_ok = 1; /* what a nested check sees: the walk below decides */
  struct fl_map seen = {0};
  int ts = 0, ok = 1;
  for (LLVMValueRef f = LLVMGetFirstFunction(s->m); f && ok;
       f = LLVMGetNextFunction(f))
    if (address_taken(f)) ok = walk(s, f, &seen, &ts);
  hipc__form_loops_map_free(&seen);
  s->pointers_ok = ok && !ts;
  return s->pointers_ok;
}

/* Whether instruction i names hipc_tls (directly or through a constant
 * expression): thread state that K.run does not keep. */
static int reads_tls(const struct fl_state* s, LLVMValueRef i) {
  LLVMValueRef tls = LLVMGetNamedGlobal(s->m, "hipc_tls");
  if (!tls) return 0;
  unsigned n = LLVMGetNumOperands(i);
  for (unsigned o = 0; o < n; o++) {
    LLVMValueRef v = LLVMGetOperand(i, o);
    if (v == tls || (LLVMIsAConstantExpr(v) && LLVMGetNumOperands(v) &&
                     LLVMGetOperand(v, 0) == tls))
      return 1;
  }
  return 0;
}

/* Walks the functions `f` reaches through calls. Fails on what the region
 * form cannot run; sets *thread_state when one reads a thread index or
 * waits at a barrier. */
static int walk(struct fl_state* s, LLVMValueRef f, struct fl_map* seen,
                int* thread_state) {
  if (hipc__form_loops_map_get(seen, f, NULL)) return 1;
  hipc__form_loops_map_put(seen, f, 1);
  size_t len;
  const char* name = LLVMGetValueName2(f, &len);
  const char* why = forbidden(name);
  if (why) return hipc__form_loops_fail(s, NULL, "%s (%s)", why, name);
  if (starts(name, "llvm.nvvm.read.ptx.sreg.tid.") ||
      starts(name, "llvm.nvvm.read.ptx.sreg.laneid") ||
      starts(name, "llvm.nvvm.barrier0") || hipc__form_loops_warp_name(name))
    *thread_state = 1;
  if (hipc__form_loops_warp_name(name)) s->has_warp = 1;
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(f); bb;
       bb = LLVMGetNextBasicBlock(bb))
    for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i;
         i = LLVMGetNextInstruction(i)) {
      if (reads_tls(s, i)) *thread_state = 1;
      if (!(LLVMIsACallInst(i) || LLVMIsAInvokeInst(i))) continue;
      LLVMValueRef callee = LLVMGetCalledValue(i);
      if (LLVMIsAInlineAsm(callee))
        return hipc__form_loops_fail(s, i, "inline assembly");
      if (!LLVMIsAFunction(callee)) {
        if (!pointer_calls_ok(s))
          return hipc__form_loops_fail(
              s, i,
              "a call through a pointer (to a function with thread "
              "indices or barriers)");
        continue;
      }
      if (!walk(s, callee, seen, thread_state)) return 0;
    }
  return 1;
}

/* Calls in fn to functions with a body: the ones left to inline, their
 * callees put in `callees`. */
static unsigned mark_calls(LLVMValueRef fn, LLVMAttributeRef always,
                           struct fl_map* callees, LLVMValueRef* last) {
  unsigned n = 0;
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb;
       bb = LLVMGetNextBasicBlock(bb))
    for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i;
         i = LLVMGetNextInstruction(i)) {
      if (!(LLVMIsACallInst(i) || LLVMIsAInvokeInst(i))) continue;
      LLVMValueRef callee = LLVMGetCalledValue(i);
      if (!LLVMIsAFunction(callee) || LLVMIsDeclaration(callee)) continue;
      LLVMAddCallSiteAttribute(i, LLVMAttributeFunctionIndex, always);
      hipc__form_loops_map_put(callees, callee, 1);
      *last = i;
      n++;
    }
  return n;
}

/* Runs `passes` over the module with every function but s->fn shielded by
 * `optnone` (passes skip such functions) or, for the inliner, by lifting
 * `alwaysinline` so that only the call sites marked in s->fn qualify.
 *
 * For the inliner, `callees` (else NULL) are the functions it is to inline;
 * every other function is marked `presplitcoroutine` while it runs. LLVM
 * 19's always-inliner asks isInlineViable (a walk over every instruction)
 * of each function with a body on every run, before it looks for calls,
 * and skips only pre-split coroutines: without the mark, the rounds of
 * hipc__form_loops_prepare cost kernels x rounds x module size (the region
 * form of tests/kernels/hipcub_device.hip took 55 s, 25 s with the mark).
 * The inliner is the only pass that runs. */
static int run_shielded(struct fl_state* s, const char* passes, int optnone,
                        const struct fl_map* callees) {
  unsigned k_always = attr_kind("alwaysinline");
  unsigned k_optnone = attr_kind("optnone"), k_noinline = attr_kind("noinline");
  unsigned k_coro = attr_kind("presplitcoroutine");
  unsigned cap = 0, n = 0;
  LLVMValueRef* lifted = NULL;
  unsigned char* how = NULL;
  for (LLVMValueRef f = LLVMGetFirstFunction(s->m); f;
       f = LLVMGetNextFunction(f)) {
    if (f == s->fn || LLVMIsDeclaration(f)) continue;
    unsigned char what = 0;
    if (LLVMGetEnumAttributeAtIndex(f, LLVMAttributeFunctionIndex, k_always))
      what |= 1;
    if (optnone &&
        !LLVMGetEnumAttributeAtIndex(f, LLVMAttributeFunctionIndex, k_optnone))
      what |= 2;
    if (optnone &&
        !LLVMGetEnumAttributeAtIndex(f, LLVMAttributeFunctionIndex, k_noinline))
      what |= 4;
    if (callees && !hipc__form_loops_map_get(callees, f, NULL) &&
        !LLVMGetEnumAttributeAtIndex(f, LLVMAttributeFunctionIndex, k_coro))
      what |= 8;
    if (!what) continue;
    if (n == cap) {
      cap = cap ? 2 * cap : 64;
      lifted = realloc(lifted, cap * sizeof *lifted);
      how = realloc(how, cap);
      if (!lifted || !how) abort();
    }
    lifted[n] = f;
    how[n++] = what;
    if (what & 1)
      LLVMRemoveEnumAttributeAtIndex(f, LLVMAttributeFunctionIndex, k_always);
    if (what & 2)
      LLVMAddAttributeAtIndex(f, LLVMAttributeFunctionIndex,
                              LLVMCreateEnumAttribute(s->cx, k_optnone, 0));
    if (what & 4)
      LLVMAddAttributeAtIndex(f, LLVMAttributeFunctionIndex,
                              LLVMCreateEnumAttribute(s->cx, k_noinline, 0));
    if (what & 8)
      LLVMAddAttributeAtIndex(f, LLVMAttributeFunctionIndex,
                              LLVMCreateEnumAttribute(s->cx, k_coro, 0));
  }
  LLVMPassBuilderOptionsRef opt = LLVMCreatePassBuilderOptions();
  LLVMErrorRef err = LLVMRunPasses(s->m, passes, NULL, opt);
  LLVMDisposePassBuilderOptions(opt);
  for (unsigned i = 0; i < n; i++) {
    LLVMValueRef f = lifted[i];
    if (how[i] & 1)
      LLVMAddAttributeAtIndex(f, LLVMAttributeFunctionIndex,
                              LLVMCreateEnumAttribute(s->cx, k_always, 0));
    if (how[i] & 2)
      LLVMRemoveEnumAttributeAtIndex(f, LLVMAttributeFunctionIndex, k_optnone);
    if (how[i] & 4)
      LLVMRemoveEnumAttributeAtIndex(f, LLVMAttributeFunctionIndex, k_noinline);
    if (how[i] & 8)
      LLVMRemoveEnumAttributeAtIndex(f, LLVMAttributeFunctionIndex, k_coro);
  }
  free(lifted);
  free(how);
  if (err) {
    char* msg = LLVMGetErrorMessage(err);
    hipc__form_loops_fail(s, NULL, "LLVM passes failed: %s", msg);
    LLVMDisposeErrorMessage(msg);
    return 0;
  }
  return 1;
}

int hipc__form_loops_prepare(struct fl_state* s) {
  struct fl_map seen = {0};
  int thread_state = 0;
  int ok = walk(s, s->kernel, &seen, &thread_state);
  hipc__form_loops_map_free(&seen);
  if (!ok) return 0;
  if (LLVMIsFunctionVarArg(LLVMGlobalGetValueType(s->kernel)))
    return hipc__form_loops_fail(s, NULL, "a variadic kernel");

  /* The copy: an internal function that calls the kernel, inlined. */
  size_t len;
  const char* kname = LLVMGetValueName2(s->kernel, &len);
  char* name = malloc(len + 16);
  if (!name) abort();
  memcpy(name, kname, len);
  strcpy(name + len, ".loops.tmp");
  LLVMTypeRef fty = LLVMGlobalGetValueType(s->kernel);
  s->fn = LLVMAddFunction(s->m, name, fty);
  free(name);
  LLVMSetLinkage(s->fn, LLVMInternalLinkage);
  LLVMBuilderRef b = LLVMCreateBuilderInContext(s->cx);
  LLVMPositionBuilderAtEnd(b, LLVMAppendBasicBlockInContext(s->cx, s->fn, ""));
  unsigned np = LLVMCountParams(s->fn);
  LLVMValueRef* args = calloc(np + 1, sizeof *args);
  if (!args) abort();
  for (unsigned i = 0; i < np; i++) args[i] = LLVMGetParam(s->fn, i);
  LLVMValueRef call = LLVMBuildCall2(b, fty, s->kernel, args, np, "");
  hipc__form_loops_debug_copy(s, call);
  LLVMBuildRetVoid(b);
  LLVMDisposeBuilder(b);
  free(args);

  /* Inline until no call to a function with a body is left. */
  LLVMAttributeRef always =
      LLVMCreateEnumAttribute(s->cx, attr_kind("alwaysinline"), 0);
  LLVMValueRef last = NULL;
  for (unsigned round = 0; round < 24; round++) {
    struct fl_map callees = {0};
    unsigned n = mark_calls(s->fn, always, &callees, &last);
    int ok = !n || run_shielded(s, "always-inline", 0, &callees);
    hipc__form_loops_map_free(&callees);
    if (!ok) return 0;
    if (!n) break;
  }
  /* What is left the inliner refused (or it recurses): fine for a callee
   * that neither reads thread indices nor waits, which then runs as a call
   * in each thread. */
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(s->fn); bb;
       bb = LLVMGetNextBasicBlock(bb))
    for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i;
         i = LLVMGetNextInstruction(i)) {
      if (!(LLVMIsACallInst(i) || LLVMIsAInvokeInst(i))) continue;
      LLVMValueRef callee = LLVMGetCalledValue(i);
      if (!LLVMIsAFunction(callee) || LLVMIsDeclaration(callee)) continue;
      struct fl_map seen2 = {0};
      int ts = 0;
      walk(s, callee, &seen2, &ts);
      hipc__form_loops_map_free(&seen2);
      if (ts)
        return hipc__form_loops_fail(
            s, i,
            "a recursive call to a function with thread indices or "
            "barriers");
    }
  /* The warp size, when the copy is made for one: a constant, which lets
   * the cleanup below unroll `for (o = warpSize / 2; o > 0; o /= 2)`. */
  if (s->warp_const) {
    LLVMValueRef ws = LLVMConstInt(LLVMInt32TypeInContext(s->cx),
                                   s->warp_const, 0);
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(s->fn); bb;
         bb = LLVMGetNextBasicBlock(bb))
      for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i;) {
        LLVMValueRef next = LLVMGetNextInstruction(i);
        unsigned d;
        if (hipc__form_loops_index(i, &d) == FL_IDX_WARPSIZE) {
          LLVMReplaceAllUsesWith(i, ws);
          LLVMInstructionEraseFromParent(i);
          s->warp_used = 1;
        }
        i = next;
      }
  }
  if (s->has_warp && !getenv("KC_NO_UNROLL")) hipc__form_loops_mark_unroll(s);
  /* With warp collectives, loops of constant trip count are unrolled
   * first (a shuffle reduction over `off = WarpSize / 2, ..., 1`): each
   * collective then cuts straight code, rather than a loop whose regions
   * end at the collective or at the loop's exit. */
  if (!run_shielded(s,
                    s->has_warp
                        ? "function(sroa,early-cse,simplifycfg,"
                          "instcombine<no-verify-fixpoint>,simplifycfg,"
                          "loop-simplify,lcssa,loop(loop-unroll-full),"
                          "simplifycfg,instcombine<no-verify-fixpoint>,"
                          "simplifycfg)"
                        : "function(sroa,early-cse,simplifycfg,"
                          "instcombine<no-verify-fixpoint>,simplifycfg)",
                    1, NULL))
    return 0;
  hipc__form_loops_debug_collect(s);
  /* Grid barriers stay with fibers, where one is left once the copy is
   * cleaned up: a group's sync() switches on the group's kind, which the
   * cleanup folds for a tile or a block. */
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(s->fn); bb;
       bb = LLVMGetNextBasicBlock(bb))
    for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i;
         i = LLVMGetNextInstruction(i)) {
      if (!LLVMIsACallInst(i) || !LLVMIsAFunction(LLVMGetCalledValue(i)))
        continue;
      size_t len;
      const char* n = LLVMGetValueName2(LLVMGetCalledValue(i), &len);
      if (strstr(n, "grid_sync"))
        return hipc__form_loops_fail(s, i, "uses a grid barrier (%s)", n);
    }
  /* K.run does not keep hipc_tls.thread_idx up to date: code that reads
   * hipc_tls itself (rather than the index intrinsics) keeps its fibers. */
  LLVMValueRef tls = LLVMGetNamedGlobal(s->m, "hipc_tls");
  for (LLVMUseRef u = tls ? LLVMGetFirstUse(tls) : NULL; u;
       u = LLVMGetNextUse(u)) {
    LLVMValueRef user = LLVMGetUser(u);
    if (LLVMIsAInstruction(user) &&
        LLVMGetBasicBlockParent(LLVMGetInstructionParent(user)) == s->fn)
      return hipc__form_loops_fail(s, user, "reads hipc_tls directly");
    if (LLVMIsAConstantExpr(user))
      for (LLVMUseRef v = LLVMGetFirstUse(user); v; v = LLVMGetNextUse(v)) {
        LLVMValueRef w = LLVMGetUser(v);
        if (LLVMIsAInstruction(w) &&
            LLVMGetBasicBlockParent(LLVMGetInstructionParent(w)) == s->fn)
          return hipc__form_loops_fail(s, w, "reads hipc_tls directly");
      }
  }
  if (s->has_warp) hipc__form_loops_group(s);
  return 1;
}
