/* Development driver of kc's region form (src/kc/form_loops*.c), not part
 * of libhipc: loads the device IR of a .hip file (clang's nvptx64 output),
 * retargets it to the host the crude way, runs hipc__kc_form_loops on each
 * kernel named in !nvvm.annotations, verifies the module and prints, per
 * kernel, "loops" or "fibers: <note>".
 *
 *   driver in.ll            report only
 *   driver in.ll -o out.ll  also write a module for the test harness: the
 *                           K.run functions made external as NAME_run, every
 *                           other body dropped and __shared__ variables
 *                           turned into ordinary globals (the harness runs
 *                           one block at a time). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <llvm-c/Analysis.h>
#include <llvm-c/Core.h>
#include <llvm-c/IRReader.h>
#include <llvm-c/Target.h>
#include <llvm-c/TargetMachine.h>

#include "form_loops.h"

static unsigned kind(const char* n) {
  return LLVMGetEnumAttributeKindForName(n, strlen(n));
}

/* The parameter layout rule of docs/frontend.md. */
static void layout_of(LLVMModuleRef m, LLVMValueRef k,
                      struct kc_param_layout* l) {
  LLVMTargetDataRef td = LLVMGetModuleDataLayout(m);
  l->n = LLVMCountParams(k);
  l->offset = calloc(l->n + 1, 4);
  l->size = calloc(l->n + 1, 4);
  l->align = calloc(l->n + 1, 4);
  uint32_t at = 0, max = 1;
  for (unsigned i = 0; i < l->n; i++) {
    LLVMTypeRef t = LLVMTypeOf(LLVMGetParam(k, i));
    LLVMAttributeRef bv = LLVMGetEnumAttributeAtIndex(k, i + 1, kind("byval"));
    uint32_t al;
    if (bv) {
      t = LLVMGetTypeAttributeValue(bv);
      al = LLVMABIAlignmentOfType(td, t);
      LLVMAttributeRef a = LLVMGetEnumAttributeAtIndex(k, i + 1, kind("align"));
      if (a && LLVMGetEnumAttributeValue(a) > al)
        al = (uint32_t)LLVMGetEnumAttributeValue(a);
    } else {
      al = LLVMABIAlignmentOfType(td, t);
    }
    l->size[i] = (uint32_t)LLVMABISizeOfType(td, t);
    l->align[i] = al;
    at = (at + al - 1) / al * al;
    l->offset[i] = at;
    at += l->size[i];
    if (al > max) max = al;
  }
  l->args_align = max;
  l->args_size = (at + max - 1) / max * max;
}

/* A function's text without attribute group numbers (` #4`), which new
 * functions elsewhere in the module renumber; the "Function Attrs" line
 * still spells out the function's own attributes. */
static char* text_of(LLVMValueRef f) {
  char* t = LLVMPrintValueToString(f);
  char *r = t, *w = t;
  while (*r) {
    if (r[0] == ' ' && r[1] == '#' && r[2] >= '0' && r[2] <= '9') {
      r += 2;
      while (*r >= '0' && *r <= '9') r++;
      continue;
    }
    *w++ = *r++;
  }
  *w = 0;
  return t;
}

static void strip_target_attrs(LLVMModuleRef m) {
  for (LLVMValueRef f = LLVMGetFirstFunction(m); f;
       f = LLVMGetNextFunction(f)) {
    LLVMRemoveStringAttributeAtIndex(f, LLVMAttributeFunctionIndex,
                                     "target-cpu", 10);
    LLVMRemoveStringAttributeAtIndex(f, LLVMAttributeFunctionIndex,
                                     "target-features", 15);
  }
}

/* addrspace(N) globals become addrspace(0) ones seen through a cast. */
static void flatten_globals(LLVMModuleRef m) {
  LLVMValueRef next;
  for (LLVMValueRef g = LLVMGetFirstGlobal(m); g; g = next) {
    next = LLVMGetNextGlobal(g);
    LLVMTypeRef pt = LLVMTypeOf(g);
    if (LLVMGetPointerAddressSpace(pt) == 0) continue;
    LLVMTypeRef vt = LLVMGlobalGetValueType(g);
    LLVMValueRef n = LLVMAddGlobal(m, vt, "");
    LLVMSetLinkage(n, LLVMInternalLinkage);
    LLVMValueRef init = LLVMGetInitializer(g);
    LLVMSetInitializer(n,
                       init && !LLVMIsUndef(init) ? init : LLVMConstNull(vt));
    LLVMSetAlignment(n, LLVMGetAlignment(g) > 16 ? LLVMGetAlignment(g) : 16);
    LLVMReplaceAllUsesWith(g, LLVMConstAddrSpaceCast(n, pt));
    size_t len;
    char* name = strdup(LLVMGetValueName2(g, &len));
    LLVMDeleteGlobal(g);
    LLVMSetValueName2(n, name, strlen(name));
    free(name);
  }
}

int main(int argc, char** argv) {
  if (argc < 2) {
    fprintf(stderr, "usage: driver in.ll [-o out.ll]\n");
    return 2;
  }
  const char* out = argc > 3 && strcmp(argv[2], "-o") == 0 ? argv[3] : NULL;
  LLVMInitializeNativeTarget();
  LLVMContextRef cx = LLVMContextCreate();
  LLVMMemoryBufferRef buf;
  char* err = NULL;
  if (LLVMCreateMemoryBufferWithContentsOfFile(argv[1], &buf, &err)) {
    fprintf(stderr, "%s\n", err);
    return 1;
  }
  LLVMModuleRef m;
  if (LLVMParseIRInContext(cx, buf, &m, &err)) {
    fprintf(stderr, "%s\n", err);
    return 1;
  }
  char* triple = LLVMGetDefaultTargetTriple();
  LLVMTargetRef target;
  if (LLVMGetTargetFromTriple(triple, &target, &err)) {
    fprintf(stderr, "%s\n", err);
    return 1;
  }
  LLVMTargetMachineRef tm =
      LLVMCreateTargetMachine(target, triple, "", "", LLVMCodeGenLevelDefault,
                              LLVMRelocPIC, LLVMCodeModelDefault);
  LLVMTargetDataRef td = LLVMCreateTargetDataLayout(tm);
  char* dl = LLVMCopyStringRepOfTargetData(td);
  LLVMSetTarget(m, triple);
  LLVMSetDataLayout(m, dl);
  strip_target_attrs(m);

  /* The pass must leave every function it did not make as it was (the
   * fiber form still uses the kernels): their text, before and after. */
  unsigned nf = 0;
  for (LLVMValueRef f = LLVMGetFirstFunction(m); f; f = LLVMGetNextFunction(f))
    nf++;
  LLVMValueRef* fns = calloc(nf + 1, sizeof *fns);
  char** before = calloc(nf + 1, sizeof *before);
  nf = 0;
  for (LLVMValueRef f = LLVMGetFirstFunction(m); f; f = LLVMGetNextFunction(f)) {
    fns[nf] = f;
    before[nf++] = text_of(f);
  }

  unsigned na = LLVMGetNamedMetadataNumOperands(m, "nvvm.annotations");
  LLVMValueRef* ann = calloc(na + 1, sizeof *ann);
  LLVMGetNamedMetadataOperands(m, "nvvm.annotations", ann);
  LLVMValueRef* runs = calloc(na + 1, sizeof *runs);
  unsigned nruns = 0, nfib = 0;
  for (unsigned i = 0; i < na; i++) {
    unsigned no = LLVMGetMDNodeNumOperands(ann[i]);
    if (no < 3) continue;
    LLVMValueRef ops[8];
    if (no > 8) continue;
    LLVMGetMDNodeOperands(ann[i], ops);
    unsigned slen;
    const char* what = LLVMGetMDString(ops[1], &slen);
    if (!what || slen != 6 || memcmp(what, "kernel", 6) != 0) continue;
    LLVMValueRef k = ops[0];
    if (!k || !LLVMIsAFunction(k)) continue;
    struct kc_param_layout l;
    layout_of(m, k, &l);
    LLVMValueRef run = NULL;
    char* note = NULL;
    size_t len;
    const char* kname = LLVMGetValueName2(k, &len);
    if (hipc__kc_form_loops(m, k, &l, &run, &note)) {
      printf("%s: loops\n", kname);
      runs[nruns++] = run;
    } else {
      printf("%s: fibers: %s\n", kname, note ? note : "(no note)");
      nfib++;
      free(note);
    }
    free(l.offset);
    free(l.size);
    free(l.align);
  }
  for (unsigned i = 0; i < nf; i++) {
    char* after = text_of(fns[i]);
    if (strcmp(before[i], after) != 0) {
      size_t len;
      fprintf(stderr, "driver: %s was changed\n",
              LLVMGetValueName2(fns[i], &len));
      if (getenv("DRIVER_DUMP"))
        fprintf(stderr, "--- before\n%s\n--- after\n%s\n", before[i], after);
      return 1;
    }
    LLVMDisposeMessage(after);
    LLVMDisposeMessage(before[i]);
  }
  free(before);
  free(fns);
  if (LLVMVerifyModule(m, LLVMPrintMessageAction, &err)) {
    fprintf(stderr, "driver: the module does not verify\n");
    if (getenv("DRIVER_DUMP")) LLVMDumpModule(m);
    return 1;
  }
  LLVMDisposeMessage(err);
  if (out) {
    /* Keep the K.run functions only, under names C can call. */
    for (unsigned i = 0; i < nruns; i++) {
      size_t len;
      char name[512];
      snprintf(name, sizeof name, "%s", LLVMGetValueName2(runs[i], &len));
      char* dot = strrchr(name, '.');
      if (dot) *dot = '_';
      LLVMSetValueName2(runs[i], name, strlen(name));
      LLVMSetLinkage(runs[i], LLVMExternalLinkage);
    }
    for (LLVMValueRef f = LLVMGetFirstFunction(m); f;
         f = LLVMGetNextFunction(f)) {
      int keep = 0;
      for (unsigned i = 0; i < nruns; i++) keep |= f == runs[i];
      /* The bodies a K.run calls per warp size (form_loops_emit.c), or
       * for one-row blocks and others (form_loops_wrap.c). */
      size_t flen;
      const char* fname = LLVMGetValueName2(f, &flen);
      keep |= flen > 7 && (strcmp(fname + flen - 7, ".run.32") == 0 ||
                           strcmp(fname + flen - 7, ".run.64") == 0);
      keep |= flen > 6 && (strcmp(fname + flen - 6, ".run.f") == 0 ||
                           strcmp(fname + flen - 6, ".run.r") == 0);
      keep |= flen > 9 && (strcmp(fname + flen - 9, ".run.32.f") == 0 ||
                           strcmp(fname + flen - 9, ".run.64.f") == 0);
      if (keep || LLVMIsDeclaration(f)) continue;
      LLVMBasicBlockRef bb;
      while ((bb = LLVMGetFirstBasicBlock(f))) LLVMDeleteBasicBlock(bb);
      LLVMSetLinkage(f, LLVMExternalLinkage);
    }
    LLVMValueRef next;
    for (LLVMValueRef f = LLVMGetFirstFunction(m); f; f = next) {
      next = LLVMGetNextFunction(f);
      if (LLVMIsDeclaration(f) && !LLVMGetFirstUse(f)) LLVMDeleteFunction(f);
    }
    /* The annotations name the deleted kernels' declarations: drop them. */
    flatten_globals(m);
    if (LLVMPrintModuleToFile(m, out, &err)) {
      fprintf(stderr, "%s\n", err);
      return 1;
    }
  }
  printf("%u loops, %u fibers\n", nruns, nfib);
  return 0;
}
