/* kc's region form with -g (form_loops.h): debug information for the
 * functions kc makes, so that a debugger finds a kernel's source lines and
 * variables in K.run (and K.thread) as in the kernel itself.
 *
 * Subprograms. The working copy gets a DISubprogram of its own before the
 * kernel is inlined into it (prep), and its call of the kernel a location
 * in it, so that LLVM's inliner gives every instruction of the copy a
 * location whose chain of inlined-at scopes ends in the copy's subprogram
 * (the kernel, and what it calls, appear as inlined frames). K.run is
 * written from the copy's instructions, keeping their locations, and takes
 * the copy's subprogram when it is done (hipc__form_loops_debug_move): no
 * location of K.run then names another function's subprogram, which LLVM's
 * verifier rejects. Subprograms need a compile unit of the DIBuilder that
 * makes them, and the C API cannot make one for clang's: kc's functions
 * are in a compile unit of their own ("hipc-kc"), one per module, which
 * the debugger reads as it reads any other.
 *
 * Variables. The copy's #dbg_value and #dbg_declare records say which
 * value or address holds each variable. LLVM 19's C API cannot read
 * records, so the copy goes through the old format (llvm.dbg.* calls) once
 * it is cleaned up: the calls are noted (the value, the variable and
 * expression operands, the location) and erased, so that the region steps
 * never see them (-g does not change the code). K.run runs many threads
 * through one piece of code, and the values of a thread's earlier regions
 * are in slots, so a variable gets a *home*, as at clang's -O0: an alloca
 * of K.run declared as the variable. Where the clone writes the copy of a
 * noted value, and where a thread's run of a region starts (the
 * parameters, indices, and the values earlier regions left in slots), it
 * stores the value there. That is for -O0: optimised code has the records
 * written as llvm.dbg.* calls for each copy where it is made, and nothing
 * at the regions' starts (the stores and loads cost the optimiser more time
 * than all the rest of -g, and it drops them: a vectorised loop keeps few
 * variables). Records with
 * an expression (fragments of a split aggregate, computed values) and
 * declares are written as llvm.dbg.* calls for the copy instead, which
 * hipc__form_loops_debug_settle turns into records. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <llvm-c/DebugInfo.h>

#include "form_loops.h"

/* 1 when the code will be optimised (hipc-kc's -O1 and above). */
static int optimised;

void hipc__form_loops_debug_optimised(int on) { optimised = on; }

int hipc__form_loops_debug_homes(void) { return !optimised; }

/* One module at a time: its DIBuilder and kc's compile unit. */
static struct {
  LLVMModuleRef m;
  LLVMDIBuilderRef d;
  LLVMMetadataRef cu;
} di;

static LLVMDIBuilderRef builder(LLVMModuleRef m, LLVMMetadataRef file) {
  if (di.m == m && di.d) return di.d;
  if (di.d) hipc__form_loops_debug_done(di.m);
  di.m = m;
  di.d = LLVMCreateDIBuilder(m);
  static const char producer[] = "hipc-kc";
  di.cu = LLVMDIBuilderCreateCompileUnit(
      di.d, LLVMDWARFSourceLanguageC_plus_plus, file, producer,
      sizeof producer - 1, 0, "", 0, 0, "", 0, LLVMDWARFEmissionFull, 0, 1, 0,
      "", 0, "", 0);
  return di.d;
}

LLVMMetadataRef hipc__form_loops_debug_sp(LLVMModuleRef m, LLVMValueRef fn,
                                          LLVMValueRef kernel,
                                          const char* name) {
  LLVMMetadataRef ksp = LLVMGetSubprogram(kernel);
  if (!ksp) return NULL;
  LLVMMetadataRef file = LLVMDIScopeGetFile(ksp);
  LLVMDIBuilderRef d = builder(m, file);
  unsigned line = LLVMDISubprogramGetLine(ksp);
  LLVMMetadataRef ty = LLVMDIBuilderCreateSubroutineType(d, file, NULL, 0,
                                                         LLVMDIFlagZero);
  /* The linkage name demangles as the kernel's, "[clone .run]". */
  LLVMMetadataRef sp = LLVMDIBuilderCreateFunction(
      d, file, name, strlen(name), name, strlen(name), file, line, ty, 1, 1,
      line, LLVMDIFlagArtificial, 0);
  LLVMSetSubprogram(fn, sp);
  LLVMDIBuilderFinalizeSubprogram(d, sp);
  return sp;
}

void hipc__form_loops_debug_call_loc(LLVMValueRef call, LLVMMetadataRef sp) {
  if (!sp) return;
  LLVMContextRef cx = LLVMGetModuleContext(LLVMGetGlobalParent(
      LLVMGetBasicBlockParent(LLVMGetInstructionParent(call))));
  LLVMInstructionSetDebugLoc(
      call, LLVMDIBuilderCreateDebugLocation(cx, LLVMDISubprogramGetLine(sp),
                                             0, sp, NULL));
}

void hipc__form_loops_debug_done(LLVMModuleRef m) {
  if (di.m != m || !di.d) return;
  LLVMDIBuilderFinalize(di.d);
  LLVMDisposeDIBuilder(di.d);
  memset(&di, 0, sizeof di);
}

void hipc__form_loops_debug_copy(struct fl_state* s, LLVMValueRef call) {
  size_t len;
  const char* kname = LLVMGetValueName2(s->kernel, &len);
  /* With warp collectives K.run chooses between bodies for each warp size
   * (form_loops.c), which are named for it. */
  char* name = malloc(len + 16);
  if (!name) abort();
  if (s->has_warp)
    snprintf(name, len + 16, "%s.run.w%u", kname, s->warp_const);
  else
    snprintf(name, len + 16, "%s.run", kname);
  s->dbg_sp = hipc__form_loops_debug_sp(s->m, s->fn, s->kernel, name);
  free(name);
  hipc__form_loops_debug_call_loc(call, s->dbg_sp);
}

static int starts(const char* s, const char* prefix) {
  return strncmp(s, prefix, strlen(prefix)) == 0;
}

/* The value a debug call's first operand (metadata) wraps, or NULL. */
static LLVMValueRef wrapped(LLVMValueRef mav) {
  if (LLVMGetValueKind(mav) != LLVMMetadataAsValueValueKind ||
      !LLVMIsAValueAsMetadata(mav))
    return NULL;
  LLVMValueRef v = NULL;
  LLVMGetMDNodeOperands(mav, &v);
  return v;
}

void hipc__form_loops_debug_collect(struct fl_state* s) {
  if (!s->dbg_sp) return;
  LLVMSetIsNewDbgInfoFormat(s->m, 0);
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(s->fn); bb;
       bb = LLVMGetNextBasicBlock(bb))
    for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i;) {
      LLVMValueRef next = LLVMGetNextInstruction(i);
      LLVMValueRef callee =
          LLVMIsACallInst(i) ? LLVMGetCalledValue(i) : NULL;
      size_t len = 0;
      const char* n =
          callee && LLVMIsAFunction(callee) ? LLVMGetValueName2(callee, &len)
                                            : "";
      if (starts(n, "llvm.dbg.")) {
        int declare = strcmp(n, "llvm.dbg.declare") == 0;
        LLVMValueRef v = LLVMGetNumArgOperands(i) >= 3
                             ? wrapped(LLVMGetOperand(i, 0))
                             : NULL;
        if (v && (declare || strcmp(n, "llvm.dbg.value") == 0) &&
            (LLVMIsAInstruction(v) || LLVMIsAArgument(v))) {
          if (s->ndbg % 64 == 0) {
            s->dbg = realloc(s->dbg, (s->ndbg + 64) * sizeof *s->dbg);
            if (!s->dbg) abort();
          }
          uintptr_t first = 0;
          hipc__form_loops_map_get(&s->dbg_of, v, &first);
          s->dbg[s->ndbg] = (struct fl_dbg){
              v, LLVMGetOperand(i, 1), LLVMGetOperand(i, 2),
              LLVMInstructionGetDebugLoc(i), declare, (unsigned)first};
          hipc__form_loops_map_put(&s->dbg_of, v, ++s->ndbg);
        }
        LLVMInstructionEraseFromParent(i);
      }
      i = next;
    }
  LLVMSetIsNewDbgInfoFormat(s->m, 1);
}

/* The home of a variable's value in K.run (see the top of the file), or
 * NULL where a record is written as it is: one alloca per variable (and
 * inlined instance: the record's location) whose records have an empty
 * expression, of the values' type, declared once in K.run's entry. */
static LLVMValueRef home(struct fl_state* s, const struct fl_dbg* r,
                         LLVMTypeRef ty) {
  if (optimised || !di.d || !s->e) return NULL;
  LLVMValueRef empty =
      LLVMMetadataAsValue(s->cx, LLVMDIBuilderCreateExpression(di.d, NULL, 0));
  if (r->expr != empty) return NULL;
  for (unsigned i = 0; i < s->nhomes; i++)
    if (s->homes[i].var == r->var && s->homes[i].loc == r->loc)
      return s->homes[i].ty == ty ? s->homes[i].slot : NULL;
  if (s->nhomes % 16 == 0) {
    s->homes = realloc(s->homes, (s->nhomes + 16) * sizeof *s->homes);
    if (!s->homes) abort();
  }
  LLVMBasicBlockRef entry = LLVMGetEntryBasicBlock(s->e->run);
  LLVMBuilderRef b = LLVMCreateBuilderInContext(s->cx);
  LLVMValueRef first = LLVMGetFirstInstruction(entry);
  if (first)
    LLVMPositionBuilderBefore(b, first);
  else
    LLVMPositionBuilderAtEnd(b, entry);
  LLVMValueRef slot = LLVMBuildAlloca(b, ty, "dbg");
  LLVMValueRef fn = LLVMGetIntrinsicDeclaration(
      s->m, LLVMLookupIntrinsicID("llvm.dbg.declare", 16), NULL, 0);
  LLVMValueRef args[3] = {
      LLVMMetadataAsValue(s->cx, LLVMValueAsMetadata(slot)), r->var, empty};
  LLVMValueRef call =
      LLVMBuildCall2(b, LLVMGlobalGetValueType(fn), fn, args, 3, "");
  LLVMInstructionSetDebugLoc(call, r->loc);
  LLVMDisposeBuilder(b);
  s->homes[s->nhomes++] = (struct fl_home){r->var, r->loc, ty, slot};
  return slot;
}

void hipc__form_loops_debug_one(struct fl_state* s, unsigned k,
                                LLVMValueRef copy, LLVMBuilderRef b) {
  const struct fl_dbg* r = &s->dbg[k];
  LLVMValueRef h = r->declare ? NULL : home(s, r, LLVMTypeOf(copy));
  if (h) {
    LLVMBuildStore(b, copy, h);
    return;
  }
  LLVMValueRef fn = LLVMGetIntrinsicDeclaration(
      s->m,
      LLVMLookupIntrinsicID(r->declare ? "llvm.dbg.declare" : "llvm.dbg.value",
                            r->declare ? 16 : 14),
      NULL, 0);
  LLVMValueRef args[3] = {
      LLVMMetadataAsValue(s->cx, LLVMValueAsMetadata(copy)), r->var,
      r->expr};
  LLVMValueRef call =
      LLVMBuildCall2(b, LLVMGlobalGetValueType(fn), fn, args, 3, "");
  LLVMInstructionSetDebugLoc(call, r->loc);
}

int hipc__form_loops_debug_kernel_var(const struct fl_state* s, unsigned k) {
  /* The kernel is inlined into the copy: its variables' locations are
   * inlined once, those of the functions it calls twice or more. */
  LLVMMetadataRef at = s->dbg[k].loc ? LLVMDILocationGetInlinedAt(s->dbg[k].loc)
                                     : NULL;
  return at && !LLVMDILocationGetInlinedAt(at);
}

void hipc__form_loops_debug_values(struct fl_state* s, LLVMValueRef v,
                                   LLVMValueRef copy, LLVMBuilderRef b) {
  uintptr_t k = 0;
  if (!s->ndbg || !copy || !hipc__form_loops_map_get(&s->dbg_of, v, &k))
    return;
  for (; k; k = s->dbg[k - 1].next)
    hipc__form_loops_debug_one(s, (unsigned)k - 1, copy, b);
}

void hipc__form_loops_debug_params(struct fl_state* s, LLVMBuilderRef b) {
  if (!s->ndbg) return;
  unsigned n = LLVMCountParams(s->fn);
  for (unsigned i = 0; i < n; i++)
    hipc__form_loops_debug_values(s, LLVMGetParam(s->fn, i), s->e->params[i],
                                  b);
}

void hipc__form_loops_debug_move(struct fl_state* s, LLVMValueRef body) {
  if (!s->dbg_sp || !body) return;
  /* s->fn, which has it too, is deleted before anything verifies. */
  LLVMSetSubprogram(body, s->dbg_sp);
  s->dbg_sp = NULL;
}

void hipc__form_loops_debug_settle(LLVMModuleRef m) {
  /* Every llvm.dbg.* call the clone wrote becomes a record. */
  LLVMSetIsNewDbgInfoFormat(m, 0);
  LLVMSetIsNewDbgInfoFormat(m, 1);
}

void hipc__form_loops_debug_release(struct fl_state* s) {
  free(s->homes);
  s->homes = NULL;
  s->nhomes = 0;
  free(s->dbg);
  s->dbg = NULL;
  s->ndbg = 0;
  hipc__form_loops_map_free(&s->dbg_of);
}
