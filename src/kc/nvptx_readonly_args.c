/* The GPU pass's read-only kernel arguments (docs/nvidia.md, "The device
 * pass"). The NVPTX back end loads through the read-only data cache
 * (`ld.global.nc`) from a kernel argument that is `noalias` (a
 * `__restrict__` pointer) and only read. LLVM infers the second only for
 * an argument that is not captured, and a pointer's alignment check
 * (`reinterpret_cast<uintptr_t>(p) % 16 == 0`, before a float4 load)
 * turns it into an integer, which counts as a capture: HeCBench fma's
 * float4 kernel read `const float* __restrict__ a` with plain
 * `ld.global` where nvcc's reads it with `ld.global.nc`, its basic
 * kernel 61 against 48 us.
 *
 * Here an argument that is a `noalias` pointer, not yet `readonly`, is
 * marked `readonly` when every use of it, followed through address
 * arithmetic (GEPs, casts, phis, selects), is a load, a compare, or a
 * `ptrtoint` whose integer only feeds arithmetic, compares, casts to
 * other integers, selects and phis (never a pointer again, a store or a
 * call); and nothing derived from it is stored, passed to a call or
 * written through. HIPC_NVPTX_READONLY=0 leaves the arguments. */

#include <stdlib.h>

#include "kc/kc.h"
#include "kc/nvptx_ir.h"

/* A walk's visited values (small: a linear list is enough). */
struct seen {
  LLVMValueRef *v;
  unsigned n, cap;
};

static int seen_add(struct seen *s, LLVMValueRef v) {
  for (unsigned i = 0; i < s->n; i++)
    if (s->v[i] == v)
      return 0;
  if (s->n == s->cap) {
    s->cap = s->cap ? 2 * s->cap : 32;
    s->v = realloc(s->v, s->cap * sizeof *s->v);
    if (!s->v)
      abort();
  }
  s->v[s->n++] = v;
  return 1;
}

/* Whether every use of the integer `v` (made from the pointer) stays an
 * integer that is only computed with and compared. */
static int int_only_read(LLVMValueRef v, struct seen *s, unsigned depth) {
  if (depth > 64 || !seen_add(s, v))
    return depth <= 64;
  for (LLVMUseRef u = LLVMGetFirstUse(v); u; u = LLVMGetNextUse(u)) {
    LLVMValueRef user = LLVMGetUser(u);
    if (!LLVMIsAInstruction(user))
      return 0;
    switch (LLVMGetInstructionOpcode(user)) {
    case LLVMICmp:
      break;
    case LLVMAdd: case LLVMSub: case LLVMMul: case LLVMAnd: case LLVMOr:
    case LLVMXor: case LLVMShl: case LLVMLShr: case LLVMAShr:
    case LLVMURem: case LLVMSRem: case LLVMUDiv: case LLVMSDiv:
    case LLVMTrunc: case LLVMZExt: case LLVMSExt: case LLVMSelect:
    case LLVMPHI: case LLVMFreeze:
      if (!int_only_read(user, s, depth + 1))
        return 0;
      break;
    default:
      return 0;
    }
  }
  return 1;
}

/* Whether every use of the pointer `v` only reads through it. */
static int ptr_only_read(LLVMValueRef v, struct seen *s, unsigned depth) {
  if (depth > 64 || !seen_add(s, v))
    return depth <= 64;
  for (LLVMUseRef u = LLVMGetFirstUse(v); u; u = LLVMGetNextUse(u)) {
    LLVMValueRef user = LLVMGetUser(u);
    if (!LLVMIsAInstruction(user))
      return 0;
    switch (LLVMGetInstructionOpcode(user)) {
    case LLVMLoad:
      if (LLVMGetVolatile(user))
        return 0;
      break;
    case LLVMICmp:
      break;
    case LLVMGetElementPtr:
      /* As the base; an index that is a pointer cannot be. */
      if (LLVMGetOperand(user, 0) != v)
        return 0;
      /* fall through */
    case LLVMBitCast: case LLVMAddrSpaceCast: case LLVMPHI:
    case LLVMFreeze:
      if (!ptr_only_read(user, s, depth + 1))
        return 0;
      break;
    case LLVMSelect:
      if (LLVMGetOperand(user, 0) == v || !ptr_only_read(user, s, depth + 1))
        return 0;
      break;
    case LLVMPtrToInt:
      if (!int_only_read(user, s, depth + 1))
        return 0;
      break;
    default: /* stores, calls, atomics, inttoptr...: not known to read */
      return 0;
    }
  }
  return 1;
}

unsigned hipc__nvptx_readonly_args(LLVMModuleRef m) {
  if (hipc__util_switched_off("HIPC_NVPTX_READONLY"))
    return 0;
  LLVMContextRef cx = LLVMGetModuleContext(m);
  unsigned k_noalias = LLVMGetEnumAttributeKindForName("noalias", 7);
  unsigned k_readonly = LLVMGetEnumAttributeKindForName("readonly", 8);
  unsigned k_readnone = LLVMGetEnumAttributeKindForName("readnone", 8);
  unsigned k_writeonly = LLVMGetEnumAttributeKindForName("writeonly", 9);
  unsigned n = 0;
  struct seen s = {0};
  for (LLVMValueRef f = LLVMGetFirstFunction(m); f; f = LLVMGetNextFunction(f)) {
    if (LLVMIsDeclaration(f))
      continue;
    unsigned np = LLVMCountParams(f);
    for (unsigned i = 0; i < np; i++) {
      LLVMValueRef p = LLVMGetParam(f, i);
      unsigned at = i + 1;
      if (LLVMGetTypeKind(LLVMTypeOf(p)) != LLVMPointerTypeKind ||
          !LLVMGetEnumAttributeAtIndex(f, at, k_noalias) ||
          LLVMGetEnumAttributeAtIndex(f, at, k_readonly) ||
          LLVMGetEnumAttributeAtIndex(f, at, k_readnone) ||
          LLVMGetEnumAttributeAtIndex(f, at, k_writeonly) ||
          !LLVMGetFirstUse(p))
        continue;
      s.n = 0;
      if (!ptr_only_read(p, &s, 0))
        continue;
      LLVMAddAttributeAtIndex(f, at, LLVMCreateEnumAttribute(cx, k_readonly, 0));
      n++;
    }
  }
  free(s.v);
  return n;
}
