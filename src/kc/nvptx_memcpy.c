/* The GPU pass's copies of 16-byte aligned objects (docs/nvidia.md, "The
 * device pass").
 *
 * Assigning a float4 (any 16-byte aligned struct) is a 16-byte memcpy in
 * clang's IR. LLVM turns memcpys of at most 8 bytes into a load and a
 * store, but not this one: it stays a call, so a temporary it copies
 * through stays on the stack, and NVPTX's lowering of the call copies
 * 8 bytes at a time. nvcc copies such a struct with one `ld.v4`/`st.v4`.
 * HeCBench shmembench swaps float4s in shared memory through a temporary:
 * 640 `ld.shared.u64` and 320 loads and stores of the stack against
 * nvcc's 326 `ld.shared.v4`, 2.7 times nvcc's kernel time.
 *
 * This pass replaces each memcpy or memmove that is not volatile, of a
 * constant 16, 32, 48 or 64 bytes, both sides aligned to 16, by loads of
 * <4 x i32> (all of them first, so a memmove stays right) and stores of
 * them; where it replaced any, SROA makes the temporaries registers and
 * the clean-up after it folds what is left. HIPC_NVPTX_VECTOR_COPY=0
 * leaves the copies. */

#include <stddef.h>

#include "kc/kc.h"
#include "kc/nvptx_ir.h"

#define MAX_BYTES 64

/* The memcpy/memmove `call`'s byte count when it qualifies, else 0. */
static unsigned qualifies(LLVMValueRef call) {
  LLVMValueRef f = LLVMGetCalledValue(call);
  if (f == NULL || !LLVMIsAFunction(f))
    return 0;
  size_t len;
  const char *name = LLVMGetValueName2(f, &len);
  if (!hipc__nvptx_starts_with(name, len, "llvm.memcpy.") &&
      !hipc__nvptx_starts_with(name, len, "llvm.memmove."))
    return 0;
  if (hipc__nvptx_starts_with(name, len, "llvm.memcpy.inline."))
    return 0;
  LLVMValueRef size = LLVMGetOperand(call, 2);
  LLVMValueRef vol = LLVMGetOperand(call, 3);
  if (!LLVMIsAConstantInt(size) || !LLVMIsAConstantInt(vol) ||
      LLVMConstIntGetZExtValue(vol) != 0)
    return 0;
  unsigned long long n = LLVMConstIntGetZExtValue(size);
  if (n == 0 || n % 16 != 0 || n > MAX_BYTES)
    return 0;
  /* Parameter alignments: argument 0 is the destination, 1 the source
   * (attribute indices 1 and 2). */
  unsigned align_kind = LLVMGetEnumAttributeKindForName("align", 5);
  for (unsigned i = 1; i <= 2; i++) {
    LLVMAttributeRef a = LLVMGetCallSiteEnumAttribute(call, i, align_kind);
    if (a == NULL || LLVMGetEnumAttributeValue(a) < 16)
      return 0;
  }
  return (unsigned)n;
}

static void rewrite(LLVMBuilderRef b, LLVMContextRef ctx, LLVMValueRef call,
                    unsigned n) {
  LLVMTypeRef i8 = LLVMInt8TypeInContext(ctx);
  LLVMTypeRef i64 = LLVMInt64TypeInContext(ctx);
  LLVMTypeRef v4 = LLVMVectorType(LLVMInt32TypeInContext(ctx), 4);
  LLVMValueRef dst = LLVMGetOperand(call, 0), src = LLVMGetOperand(call, 1);
  LLVMValueRef parts[MAX_BYTES / 16];
  LLVMPositionBuilderBefore(b, call);
  for (unsigned k = 0; k < n / 16; k++) {
    LLVMValueRef off = LLVMConstInt(i64, 16 * k, 0);
    LLVMValueRef p =
        k == 0 ? src : LLVMBuildInBoundsGEP2(b, i8, src, &off, 1, "");
    parts[k] = LLVMBuildLoad2(b, v4, p, "");
    LLVMSetAlignment(parts[k], 16);
  }
  for (unsigned k = 0; k < n / 16; k++) {
    LLVMValueRef off = LLVMConstInt(i64, 16 * k, 0);
    LLVMValueRef p =
        k == 0 ? dst : LLVMBuildInBoundsGEP2(b, i8, dst, &off, 1, "");
    LLVMValueRef st = LLVMBuildStore(b, parts[k], p);
    LLVMSetAlignment(st, 16);
  }
  LLVMInstructionEraseFromParent(call);
}

unsigned hipc__nvptx_vector_copies(LLVMModuleRef m) {
  if (hipc__util_switched_off("HIPC_NVPTX_VECTOR_COPY"))
    return 0;
  LLVMContextRef ctx = LLVMGetModuleContext(m);
  LLVMBuilderRef b = LLVMCreateBuilderInContext(ctx);
  unsigned count = 0;
  for (LLVMValueRef f = LLVMGetFirstFunction(m); f != NULL;
       f = LLVMGetNextFunction(f))
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(f); bb != NULL;
         bb = LLVMGetNextBasicBlock(bb)) {
      LLVMValueRef v = LLVMGetFirstInstruction(bb);
      while (v != NULL) {
        LLVMValueRef next = LLVMGetNextInstruction(v);
        unsigned n = LLVMIsACallInst(v) ? qualifies(v) : 0;
        if (n > 0) {
          rewrite(b, ctx, v, n);
          count++;
        }
        v = next;
      }
    }
  LLVMDisposeBuilder(b);
  if (count > 0)
    hipc__nvptx_run_passes(m, "function(sroa<modify-cfg>,early-cse<memssa>)",
                           "vector copies");
  return count;
}
