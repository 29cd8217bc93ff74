/* Step 1: read the device module (bitcode or textual IR) and retarget it
 * from nvptx64 to the host: triple, datalayout and the functions' target
 * attributes. The IR itself needs no change: nvptx64 lays out every type
 * a kernel uses as the 64-bit hosts do (docs/frontend.md). */
#include <stdlib.h>
#include <string.h>

#include <llvm-c/BitReader.h>
#include <llvm-c/IRReader.h>

#include "kc/kc.h"

static void read_module(struct kc_ctx* c) {
  LLVMMemoryBufferRef buf;
  char* msg = NULL;
  if (LLVMCreateMemoryBufferWithContentsOfFile(c->in_path, &buf, &msg))
    hipc__diag_fatal("%s: %s", c->in_path, msg ? msg : "cannot read");
  size_t n = LLVMGetBufferSize(buf);
  const unsigned char* s = (const unsigned char*)LLVMGetBufferStart(buf);
  /* Raw bitcode starts with 'BC' 0xC0DE, the wrapper with 0x0B17C0DE. */
  int bitcode = n >= 4 && ((s[0] == 'B' && s[1] == 'C') ||
                           (s[0] == 0xDE && s[1] == 0xC0 && s[2] == 0x17));
  if (bitcode) {
    if (LLVMParseBitcodeInContext2(c->llctx, buf, &c->mod))
      hipc__diag_fatal("%s: invalid bitcode", c->in_path);
    LLVMDisposeMemoryBuffer(buf);
  } else if (LLVMParseIRInContext(c->llctx, buf, &c->mod, &msg)) {
    /* LLVMParseIRInContext takes the buffer in both outcomes. */
    hipc__diag_fatal("%s: %s", c->in_path, msg ? msg : "invalid IR");
  }
}

/* x86-64's baseline is called "x86-64"; other targets call theirs
 * "generic", as clang does without -march. */
static const char* default_cpu(const char* triple) {
  return strncmp(triple, "x86_64", 6) == 0 ? "x86-64" : "generic";
}

static void make_target_machine(struct kc_ctx* c) {
  LLVMInitializeAllTargetInfos();
  LLVMInitializeAllTargets();
  LLVMInitializeAllTargetMCs();
  LLVMInitializeAllAsmPrinters();
  c->host_triple = c->triple ? hipc__diag_strdup(c->triple)
                             : LLVMGetDefaultTargetTriple();
  LLVMTargetRef target;
  char* msg = NULL;
  if (LLVMGetTargetFromTriple(c->host_triple, &target, &msg))
    hipc__diag_fatal("target %s: %s", c->host_triple, msg ? msg : "unknown");
  static const LLVMCodeGenOptLevel levels[] = {
      LLVMCodeGenLevelNone, LLVMCodeGenLevelLess, LLVMCodeGenLevelDefault,
      LLVMCodeGenLevelAggressive};
  /* -march=native: this machine's CPU and every feature it has, as
   * clang's -march=native gives the host compile. */
  if (c->cpu && strcmp(c->cpu, "native") == 0) {
    c->cpu = LLVMGetHostCPUName();
    if (!c->features) c->features = LLVMGetHostCPUFeatures();
  }
  /* PIC: the object may go into a shared library. */
  c->tm = LLVMCreateTargetMachine(
      target, c->host_triple, c->cpu ? c->cpu : default_cpu(c->host_triple),
      c->features ? c->features : "", levels[c->opt_level], LLVMRelocPIC,
      LLVMCodeModelDefault);
  if (!c->tm) hipc__diag_fatal("cannot make a target machine for %s",
                               c->host_triple);
  c->td = LLVMCreateTargetDataLayout(c->tm);
}

/* Attributes that describe the NVPTX target or NVVM's conventions. No
 * function gets the host's instead: without them each function is
 * compiled for the target machine's CPU and features (--cpu, --features),
 * including the functions kc adds. */
static const char* const dropped_attrs[] = {
    "target-cpu", "target-features", "tune-cpu", "nvptx-f32ftz",
    "uniform-work-group-size",
};

static void retarget_functions(struct kc_ctx* c) {
  const unsigned fn_index = (unsigned)LLVMAttributeFunctionIndex;
  for (LLVMValueRef f = LLVMGetFirstFunction(c->mod); f;
       f = LLVMGetNextFunction(f)) {
    for (size_t i = 0; i < sizeof dropped_attrs / sizeof *dropped_attrs; i++)
      LLVMRemoveStringAttributeAtIndex(f, fn_index, dropped_attrs[i],
                                       (unsigned)strlen(dropped_attrs[i]));
    /* PTX's kernel and device conventions become the C convention. */
    unsigned cc = LLVMGetFunctionCallConv(f);
    if (cc == LLVMPTXKernelCallConv || cc == LLVMPTXDeviceCallConv)
      LLVMSetFunctionCallConv(f, LLVMCCallConv);
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(f); bb;
         bb = LLVMGetNextBasicBlock(bb))
      for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i;
           i = LLVMGetNextInstruction(i)) {
        if (!LLVMIsACallInst(i)) continue;
        unsigned icc = LLVMGetInstructionCallConv(i);
        if (icc == LLVMPTXKernelCallConv || icc == LLVMPTXDeviceCallConv)
          LLVMSetInstructionCallConv(i, LLVMCCallConv);
      }
  }
}

void hipc__load_module(struct kc_ctx* c) {
  read_module(c);
  make_target_machine(c);
  /* Before the calling conventions change: they mark kernels too. */
  hipc__kernels_collect(c);
  LLVMSetTarget(c->mod, c->host_triple);
  char* dl = LLVMCopyStringRepOfTargetData(c->td);
  LLVMSetDataLayout(c->mod, dl);
  LLVMDisposeMessage(dl);
  retarget_functions(c);
}
