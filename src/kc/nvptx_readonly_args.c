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

/* What a use of the value being followed may be: 0 not allowed, 1 fine
 * (nothing more to follow), 2 fine if the user's own uses are, 3 the same
 * with the user an integer made of the pointer. For a pointer (`is_int`
 * 0) or an integer made of it (1). */
static int use_kind(LLVMValueRef v, LLVMValueRef user, int is_int) {
  switch (LLVMGetInstructionOpcode(user)) {
  case LLVMICmp:
    return 1;
  case LLVMSelect:
    /* As a value; a pointer is no condition. */
    return LLVMGetOperand(user, 0) == v && !is_int ? 0 : 2;
  case LLVMPHI:
  case LLVMFreeze:
    return 2;
  case LLVMAdd: case LLVMSub: case LLVMMul: case LLVMAnd: case LLVMOr:
  case LLVMXor: case LLVMShl: case LLVMLShr: case LLVMAShr:
  case LLVMURem: case LLVMSRem: case LLVMUDiv: case LLVMSDiv:
  case LLVMTrunc: case LLVMZExt: case LLVMSExt:
    return is_int ? 2 : 0;
  case LLVMLoad:
    return !is_int && !LLVMGetVolatile(user);
  case LLVMGetElementPtr:
    /* As the base; an index that is a pointer cannot be. */
    return !is_int && LLVMGetOperand(user, 0) == v ? 2 : 0;
  case LLVMBitCast:
  case LLVMAddrSpaceCast:
    return is_int ? 0 : 2;
  case LLVMPtrToInt:
    return is_int ? 0 : 3;
  default: /* stores, calls, atomics, inttoptr...: not known to read */
    return 0;
  }
}

/* Whether every use of `v`, a pointer or (`is_int`) an integer made of
 * it, followed through the values made of it, only reads (a pointer) or
 * only computes and compares (an integer). */
static int only_read(LLVMValueRef v, int is_int, struct seen *s,
                     unsigned depth) {
  if (depth > 64 || !seen_add(s, v))
    return depth <= 64;
  for (LLVMUseRef u = LLVMGetFirstUse(v); u; u = LLVMGetNextUse(u)) {
    LLVMValueRef user = LLVMGetUser(u);
    if (!LLVMIsAInstruction(user))
      return 0;
    int k = use_kind(v, user, is_int);
    if (k == 0 || (k >= 2 && !only_read(user, is_int || k == 3, s, depth + 1)))
      return 0;
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
      if (!only_read(p, 0, &s, 0))
        continue;
      LLVMAddAttributeAtIndex(f, at, LLVMCreateEnumAttribute(cx, k_readonly, 0));
      n++;
    }
  }
  free(s.v);
  return n;
}
