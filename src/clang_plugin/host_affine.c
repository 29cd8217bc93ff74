/* Affine values in a two-loop nest (host_interchange.c): an integer or an
 * address as c0 + ci*i + cj*j over the nest's counters i and j, with its
 * range over their known values. Every step must be exact: a value in
 * range as a signed integer of its width is its mathematical value, so
 * sums, products by constants, shifts by constants and the casts between
 * widths are followed only where the range says they do not wrap. */
#include <string.h>

#include "host_nest.h"

int hipc__host_const_int(LLVMValueRef v, long long *out) {
  if (v == NULL || !LLVMIsAConstantInt(v) ||
      LLVMGetIntTypeWidth(LLVMTypeOf(v)) > 64)
    return 0;
  *out = LLVMConstIntGetSExtValue(v);
  return 1;
}

int hipc__host_in_nest(const struct nest *n, LLVMValueRef v) {
  if (!LLVMIsAInstruction(v))
    return 0;
  LLVMBasicBlockRef b = LLVMGetInstructionParent(v);
  return b == n->hdr || b == n->inner || b == n->latch;
}

/* Whether [lo, hi] fits a signed integer of `bits`. */
int hipc__host_fits(long long lo, long long hi, unsigned bits) {
  if (bits >= 64)
    return 1;
  long long m = 1LL << (bits - 1);
  return lo >= -m && hi < m;
}

static struct affine fail(void) {
  struct affine a;
  memset(&a, 0, sizeof a);
  return a;
}

/* The range of c0 + ci*i + cj*j over the nest; ok = 0 on overflow. */
static struct affine ranged(const struct nest *n, struct affine a) {
  long long lo = a.c0, hi = a.c0;
  const struct counter *cs[2] = {&n->i, &n->j};
  long long k[2] = {a.ci, a.cj};
  for (int t = 0; t < 2; t++) {
    long long x, y;
    if (__builtin_mul_overflow(k[t], cs[t]->lo, &x) ||
        __builtin_mul_overflow(k[t], cs[t]->hi, &y))
      return fail();
    long long mn = x < y ? x : y, mx = x < y ? y : x;
    if (__builtin_add_overflow(lo, mn, &lo) ||
        __builtin_add_overflow(hi, mx, &hi))
      return fail();
  }
  a.lo = lo;
  a.hi = hi;
  a.ok = 1;
  return a;
}

static struct affine combine(const struct nest *n, struct affine x,
                             struct affine y, long long sy) {
  struct affine r = fail();
  if (!x.ok || !y.ok || y.base != NULL)
    return r;
  long long a, b, c;
  if (__builtin_mul_overflow(y.c0, sy, &a) ||
      __builtin_mul_overflow(y.ci, sy, &b) ||
      __builtin_mul_overflow(y.cj, sy, &c) ||
      __builtin_add_overflow(x.c0, a, &r.c0) ||
      __builtin_add_overflow(x.ci, b, &r.ci) ||
      __builtin_add_overflow(x.cj, c, &r.cj))
    return fail();
  r.base = x.base;
  return ranged(n, r);
}

static struct affine scale(const struct nest *n, struct affine x,
                           long long s) {
  struct affine zero = {0};
  zero.ok = 1;
  return combine(n, zero, x, s);
}

/* `v`, an integer, as an affine value whose every step is exact in its
 * width over the nest's ranges. */
struct affine hipc__host_int_affine(const struct nest *n, LLVMValueRef v,
                               int depth) {
  struct affine r = fail();
  long long k;
  if (depth > 32 || LLVMGetTypeKind(LLVMTypeOf(v)) != LLVMIntegerTypeKind)
    return r;
  unsigned bits = LLVMGetIntTypeWidth(LLVMTypeOf(v));
  if (hipc__host_const_int(v, &k)) {
    r.c0 = k;
    r = ranged(n, r);
  } else if (v == n->i.phi || v == n->j.phi) {
    r.ci = v == n->i.phi;
    r.cj = v == n->j.phi;
    r = ranged(n, r);
  } else if (hipc__host_in_nest(n, v)) {
    LLVMOpcode op = LLVMGetInstructionOpcode(v);
    switch (op) {
    case LLVMAdd:
    case LLVMSub:
      r = combine(n, hipc__host_int_affine(n, LLVMGetOperand(v, 0), depth + 1),
                  hipc__host_int_affine(n, LLVMGetOperand(v, 1), depth + 1),
                  op == LLVMAdd ? 1 : -1);
      break;
    case LLVMOr: /* an add where no bits overlap */
      if (LLVMGetIsDisjoint(v))
        r = combine(n, hipc__host_int_affine(n, LLVMGetOperand(v, 0), depth + 1),
                    hipc__host_int_affine(n, LLVMGetOperand(v, 1), depth + 1), 1);
      break;
    case LLVMMul:
      if (hipc__host_const_int(LLVMGetOperand(v, 1), &k))
        r = scale(n, hipc__host_int_affine(n, LLVMGetOperand(v, 0), depth + 1), k);
      else if (hipc__host_const_int(LLVMGetOperand(v, 0), &k))
        r = scale(n, hipc__host_int_affine(n, LLVMGetOperand(v, 1), depth + 1), k);
      break;
    case LLVMShl:
      if (hipc__host_const_int(LLVMGetOperand(v, 1), &k) && k >= 0 && k < 62)
        r = scale(n, hipc__host_int_affine(n, LLVMGetOperand(v, 0), depth + 1),
                  1LL << k);
      break;
    case LLVMSExt:
    case LLVMTrunc:
      r = hipc__host_int_affine(n, LLVMGetOperand(v, 0), depth + 1);
      break;
    case LLVMZExt:
      r = hipc__host_int_affine(n, LLVMGetOperand(v, 0), depth + 1);
      if (r.ok && r.lo < 0)
        r.ok = 0;
      break;
    default:
      break;
    }
  }
  /* Every value the same as its mathematical one: in range as a signed
   * integer of its width (and so for the casts, exact). */
  if (r.ok && !hipc__host_fits(r.lo, r.hi, bits))
    r.ok = 0;
  return r;
}

/* `v`, a pointer, as base + an affine byte offset. */
struct affine hipc__host_ptr_affine(const struct nest *n, LLVMTargetDataRef td,
                             LLVMValueRef v, int depth) {
  struct affine r = fail();
  if (depth > 16)
    return r;
  if (!hipc__host_in_nest(n, v)) {
    r.base = v;
    return ranged(n, r);
  }
  if (!LLVMIsAGetElementPtrInst(v))
    return r;
  r = hipc__host_ptr_affine(n, td, LLVMGetOperand(v, 0), depth + 1);
  LLVMTypeRef t = LLVMGetGEPSourceElementType(v);
  unsigned nidx = LLVMGetNumIndices(v);
  for (unsigned k = 0; k < nidx && r.ok; k++) {
    LLVMValueRef idx = LLVMGetOperand(v, k + 1);
    if (k > 0) { /* into the aggregate the last index chose */
      LLVMTypeKind tk = LLVMGetTypeKind(t);
      if (tk == LLVMStructTypeKind) {
        long long f;
        if (!hipc__host_const_int(idx, &f))
          return fail();
        struct affine off = {0};
        off.c0 = (long long)LLVMOffsetOfElement(td, t, (unsigned)f);
        off.ok = 1;
        r = combine(n, r, off, 1);
        t = LLVMStructGetTypeAtIndex(t, (unsigned)f);
        continue;
      }
      if (tk != LLVMArrayTypeKind)
        return fail();
      t = LLVMGetElementType(t);
    }
    if (LLVMGetTypeKind(LLVMTypeOf(idx)) != LLVMIntegerTypeKind)
      return fail();
    r = combine(n, r, hipc__host_int_affine(n, idx, depth + 1),
                (long long)LLVMABISizeOfType(td, t));
  }
  return r;
}
