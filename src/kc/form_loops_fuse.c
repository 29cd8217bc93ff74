/* kc's region form: chains of shuffles fused into vector code (form_loops.h).
 * `for (o = warpSize / 2; o > 0; o /= 2) v += __shfl_down(v, o)`, once
 * unrolled, is a row of shuffles whose source lanes are compile-time
 * permutations (form_loops_perm.c) with straight arithmetic between them.
 * Each shuffle cuts the regions, so each step costs a results loop nest, a
 * thread loop and their setup. When every warp that takes part is full and
 * none of its lanes returned, the whole row is one loop over those warps:
 * a warp's operands are a vector (one element per lane), each shuffle one
 * shufflevector with the lane's own value or 0 where its source is not
 * there (as the results loop gives for a full warp), and each instruction
 * between two shuffles the same operation on vectors. The values the later
 * regions read (slots) are stored as vectors, and K.run goes on after the
 * last shuffle of the row. Any other block takes the regions as before.
 *
 * A row is shuffles k..k+m (m >= 1) where each shuffle is a permutation
 * with a results loop, and each region between two of them is one straight
 * segment of arithmetic, compares, selects and casts on scalars (no memory,
 * no call) whose operands are constants, kernel arguments, values of the
 * row or values kept in slots. The IR stays target-independent.
 * HIPC_KC_NO_SHFL_FUSE=1 in hipc-kc's environment turns it off. */
#include <stdlib.h>
#include <string.h>

#include "form_loops.h"

struct fz {
  struct fl_state* s;
  struct fl_emit* e;
  LLVMBuilderRef b; /* NULL while only checking */
  unsigned ws;
  LLVMValueRef at;  /* i64: the warp's first thread */
  struct fl_map vec; /* value of the row -> its vector (checking: 1) */
};

static int scalar_type(LLVMTypeRef t) {
  switch (LLVMGetTypeKind(t)) {
    case LLVMIntegerTypeKind:
      return LLVMGetIntTypeWidth(t) <= 64;
    case LLVMHalfTypeKind:
    case LLVMFloatTypeKind:
    case LLVMDoubleTypeKind:
      return 1;
    default:
      return 0;
  }
}

/* Whether shuffle k can be a link of a row. */
static int link_ok(const struct fl_state* s, unsigned k) {
  const struct fl_warp* w = &s->warp[k];
  if (w->kind < FL_W_SHFL_IDX || w->kind > FL_W_SHFL_XOR || !w->perm_ok ||
      w->inl || w->res < 0 || w->cls[FL_WR_V] != FL_OP_THREAD)
    return 0;
  for (unsigned r = 0; r < FL_WR_N; r++)
    if (r != FL_WR_V && w->arg[r] >= 0 && w->cls[r] != FL_OP_CONST &&
        w->cls[r] != FL_OP_TID)
      return 0;
  LLVMValueRef call = s->bars[k];
  LLVMValueRef v = LLVMGetOperand(call, (unsigned)w->arg[FL_WR_V]);
  return scalar_type(LLVMTypeOf(v)) && scalar_type(LLVMTypeOf(call));
}

/* The one segment of region r, which runs straight to bars[r]; or -1. */
static int straight(const struct fl_state* s, unsigned r) {
  const unsigned char* in = s->in_region + (size_t)r * s->nsegs;
  int only = -1;
  for (unsigned g = 0; g < s->nsegs; g++) {
    if (!in[g]) continue;
    if (only >= 0) return -1;
    only = (int)g;
  }
  if (only < 0 || (unsigned)only != hipc__form_loops_region_entry(s, r) ||
      s->segs[only].bar != s->bars[r])
    return -1;
  return only;
}

static LLVMTypeRef vty(struct fz* z, LLVMTypeRef t) {
  return LLVMVectorType(t, z->ws);
}

static LLVMValueRef splat(struct fz* z, LLVMValueRef x) {
  LLVMTypeRef t = vty(z, LLVMTypeOf(x));
  if (LLVMIsAConstant(x)) {
    LLVMValueRef el[64];
    for (unsigned l = 0; l < z->ws; l++) el[l] = x;
    return LLVMConstVector(el, z->ws);
  }
  LLVMValueRef zero = LLVMConstInt(z->e->i32, 0, 0);
  LLVMValueRef one = LLVMBuildInsertElement(z->b, LLVMGetUndef(t), x, zero, "");
  return LLVMBuildShuffleVector(
      z->b, one, LLVMGetUndef(t),
      LLVMConstNull(LLVMVectorType(z->e->i32, z->ws)), "splat");
}

/* The warp's elements of per-thread slot k as a vector of `want`. */
static LLVMValueRef load_slot(struct fz* z, unsigned k, LLVMTypeRef want) {
  const struct fl_slot* sl = &z->s->slots[k];
  LLVMTypeRef et = sl->ty;
  int bit = LLVMGetTypeKind(et) == LLVMIntegerTypeKind &&
            LLVMGetIntTypeWidth(et) == 1;
  if (bit) et = z->e->i8; /* an i1 is kept as a byte */
  if (!sl->per_thread) {
    LLVMValueRef x = LLVMBuildLoad2(z->b, sl->ty, sl->base, "");
    LLVMSetAlignment(x, sl->align);
    hipc__form_loops_tag(z->s, x, k);
    if (sl->ty != want) x = LLVMBuildZExt(z->b, x, want, "");
    return splat(z, x);
  }
  LLVMValueRef p = LLVMBuildInBoundsGEP2(z->b, et, sl->base, &z->at, 1, "");
  LLVMValueRef x = LLVMBuildLoad2(z->b, vty(z, et), p, "");
  LLVMSetAlignment(x, sl->align);
  hipc__form_loops_tag(z->s, x, k);
  if (et != want) {
    if (bit)
      x = LLVMBuildTrunc(z->b, x, vty(z, want), "");
    else /* a narrow shuffle word */
      x = LLVMBuildZExt(z->b, x, vty(z, want), "");
  }
  return x;
}

/* Stores vector x (of the slot's value type, or wider for a narrow word)
 * as the warp's elements of slot k. */
static void store_slot(struct fz* z, unsigned k, LLVMValueRef x) {
  const struct fl_slot* sl = &z->s->slots[k];
  LLVMTypeRef et = sl->ty;
  if (LLVMGetTypeKind(et) == LLVMIntegerTypeKind &&
      LLVMGetIntTypeWidth(et) == 1)
    et = z->e->i8;
  LLVMTypeRef xt = LLVMGetElementType(LLVMTypeOf(x));
  if (xt != et && LLVMGetTypeKind(xt) == LLVMIntegerTypeKind &&
      LLVMGetTypeKind(et) == LLVMIntegerTypeKind)
    x = LLVMBuildIntCast2(z->b, x, vty(z, et), 0, "");
  else if (xt != et)
    x = LLVMBuildBitCast(z->b, x, vty(z, et), "");
  LLVMValueRef put;
  if (!sl->per_thread) {
    LLVMValueRef l0 = LLVMBuildExtractElement(
        z->b, x, LLVMConstInt(z->e->i32, 0, 0), "");
    if (et != sl->ty) l0 = LLVMBuildTrunc(z->b, l0, sl->ty, "");
    put = LLVMBuildStore(z->b, l0, sl->base);
  } else {
    put = LLVMBuildStore(
        z->b, x, LLVMBuildInBoundsGEP2(z->b, et, sl->base, &z->at, 1, ""));
  }
  LLVMSetAlignment(put, sl->align);
  hipc__form_loops_tag(z->s, put, k);
}

/* The vector of operand `v` of the row's code; NULL when it has none. */
static LLVMValueRef operand(struct fz* z, LLVMValueRef v) {
  uintptr_t got = 0;
  if (hipc__form_loops_map_get(&z->vec, v, &got)) return (LLVMValueRef)got;
  if (!scalar_type(LLVMTypeOf(v))) return NULL;
  if (LLVMIsAConstant(v)) return z->b ? splat(z, v) : (LLVMValueRef)1;
  if (LLVMIsAArgument(v)) {
    unsigned np = LLVMCountParams(z->s->fn);
    for (unsigned i = 0; i < np; i++)
      if (LLVMGetParam(z->s->fn, i) == v)
        return z->b ? splat(z, z->e->params[i]) : (LLVMValueRef)1;
    return NULL;
  }
  if (!LLVMIsAInstruction(v) || !hipc__form_loops_map_get(&z->s->slot_of, v, &got))
    return NULL;
  const struct fl_slot* sl = &z->s->slots[got - 1];
  if (sl->is_alloca || sl->fixed_form || sl->ty != LLVMTypeOf(v)) return NULL;
  return z->b ? load_slot(z, (unsigned)got - 1, sl->ty) : (LLVMValueRef)1;
}

/* Shuffle k of the row on vector x (the operand): its results. */
static LLVMValueRef shuffle(struct fz* z, unsigned k, LLVMValueRef x) {
  const struct fl_warp* w = &z->s->warp[k];
  LLVMValueRef call = z->s->bars[k];
  const struct fl_slot* sl = &z->s->slots[w->slot[FL_WR_V]];
  LLVMTypeRef vt = LLVMGetElementType(LLVMTypeOf(x));
  int narrow = sl->ty != vt;
  if (narrow) x = LLVMBuildTrunc(z->b, x, vty(z, sl->ty), "");
  LLVMValueRef mask[64];
  for (unsigned l = 0; l < z->ws; l++)
    mask[l] = LLVMConstInt(z->e->i32, w->perm[l], 0);
  LLVMValueRef y = LLVMBuildShuffleVector(
      z->b, x, LLVMConstNull(LLVMTypeOf(x)), LLVMConstVector(mask, z->ws),
      "fused");
  LLVMTypeRef rt = LLVMTypeOf(call);
  if (LLVMGetElementType(LLVMTypeOf(y)) != rt)
    y = LLVMBuildZExtOrBitCast(z->b, y, vty(z, rt), "");
  return y;
}

/* 1 when every use of `v` is in a segment of regions k+1..k+m. */
static int used_in_row(struct fz* z, LLVMValueRef v, unsigned k, unsigned m) {
  for (LLVMUseRef u = LLVMGetFirstUse(v); u; u = LLVMGetNextUse(u)) {
    LLVMValueRef user = LLVMGetUser(u);
    if (!LLVMIsAInstruction(user) || LLVMIsAPHINode(user)) return 0;
    unsigned g = hipc__form_loops_seg_of(z->s, user);
    int in = 0;
    for (unsigned r = k + 1; r <= k + m && !in; r++)
      in = z->s->in_region[(size_t)r * z->s->nsegs + g];
    if (!in) return 0;
  }
  return 1;
}

/* Region r's code on vectors (checking only without a builder); 0 when
 * some instruction has no vector form. */
static int region_code(struct fz* z, unsigned r) {
  int g = straight(z->s, r);
  if (g < 0) return 0;
  for (LLVMValueRef i = z->s->segs[g].first; i && i != z->s->bars[r];
       i = LLVMGetNextInstruction(i)) {
    LLVMOpcode op = LLVMGetInstructionOpcode(i);
    if (op == LLVMCall) {
      LLVMValueRef f = LLVMGetCalledValue(i);
      size_t len;
      const char* name = f ? LLVMGetValueName2(f, &len) : "";
      if (!strncmp(name, "llvm.dbg.", 9)) continue;
      return 0;
    }
    if (!scalar_type(LLVMTypeOf(i))) return 0;
    unsigned n = (unsigned)LLVMGetNumOperands(i);
    LLVMValueRef a[3] = {NULL, NULL, NULL};
    if (n > 3) return 0;
    for (unsigned j = 0; j < n; j++)
      if (!(a[j] = operand(z, LLVMGetOperand(i, j)))) return 0;
    LLVMValueRef x = (LLVMValueRef)1;
    switch (op) {
      case LLVMAdd: case LLVMSub: case LLVMMul: case LLVMShl: case LLVMLShr:
      case LLVMAShr: case LLVMAnd: case LLVMOr: case LLVMXor: case LLVMFAdd:
      case LLVMFSub: case LLVMFMul: case LLVMFDiv:
        if (z->b) x = LLVMBuildBinOp(z->b, op, a[0], a[1], "");
        break;
      case LLVMICmp:
        if (z->b) x = LLVMBuildICmp(z->b, LLVMGetICmpPredicate(i), a[0], a[1], "");
        break;
      case LLVMFCmp:
        if (z->b) x = LLVMBuildFCmp(z->b, LLVMGetFCmpPredicate(i), a[0], a[1], "");
        break;
      case LLVMSelect:
        if (z->b) x = LLVMBuildSelect(z->b, a[0], a[1], a[2], "");
        break;
      case LLVMFNeg:
        if (z->b) x = LLVMBuildFNeg(z->b, a[0], "");
        break;
      case LLVMFreeze:
        if (z->b) x = LLVMBuildFreeze(z->b, a[0], "");
        break;
      case LLVMZExt: case LLVMSExt: case LLVMTrunc: case LLVMBitCast:
      case LLVMFPExt: case LLVMFPTrunc: case LLVMSIToFP: case LLVMUIToFP:
        if (z->b)
          x = LLVMBuildCast(z->b, op, a[0], vty(z, LLVMTypeOf(i)), "");
        break;
      default:
        return 0;
    }
    hipc__form_loops_map_put(&z->vec, i, (uintptr_t)x);
  }
  return 1;
}

/* Checks (b NULL) or writes the row k..k+m for the warp at z->at. */
static int row(struct fz* z, unsigned k, unsigned m) {
  struct fl_state* s = z->s;
  hipc__form_loops_map_free(&z->vec);
  memset(&z->vec, 0, sizeof z->vec);
  for (unsigned j = k; j <= k + m; j++) {
    if (!link_ok(s, j)) return 0;
    if (j > k && !region_code(z, j)) return 0;
    const struct fl_warp* w = &s->warp[j];
    LLVMValueRef y = (LLVMValueRef)1;
    if (z->b) {
      LLVMValueRef call = s->bars[j];
      LLVMValueRef v = LLVMGetOperand(call, (unsigned)w->arg[FL_WR_V]);
      LLVMValueRef x;
      if (j == k) {
        x = load_slot(z, w->slot[FL_WR_V], LLVMTypeOf(v));
      } else {
        x = operand(z, v);
        /* The next region's thread loop does not run: keep the operand
         * for the lane loop of a shuffle after the row (none in a row). */
      }
      y = shuffle(z, j, x);
    } else if (j > k && !operand(z, LLVMGetOperand(s->bars[j],
                                                   (unsigned)w->arg[FL_WR_V]))) {
      return 0;
    }
    hipc__form_loops_map_put(&z->vec, s->bars[j], (uintptr_t)y);
  }
  if (!z->b) return 1;
  /* What the regions after the row read: slots of its values, results of
   * its shuffles. */
  for (unsigned j = k; j <= k + m; j++) {
    const struct fl_warp* w = &s->warp[j];
    uintptr_t got = 0;
    hipc__form_loops_map_get(&z->vec, s->bars[j], &got);
    if (!used_in_row(z, s->bars[j], k, m))
      store_slot(z, (unsigned)w->res, (LLVMValueRef)got);
    if (j == k) continue;
    int g = straight(s, j);
    for (LLVMValueRef i = s->segs[g].first; i != s->bars[j];
         i = LLVMGetNextInstruction(i)) {
      uintptr_t slot = 0;
      if (!hipc__form_loops_map_get(&z->vec, i, &got) ||
          !hipc__form_loops_map_get(&s->slot_of, i, &slot) ||
          used_in_row(z, i, k, m))
        continue;
      store_slot(z, (unsigned)slot - 1, (LLVMValueRef)got);
    }
  }
  return 1;
}

void hipc__form_loops_fuse_plan(struct fl_state* s) {
  s->fuse = calloc(s->nbars + 1, sizeof *s->fuse);
  if (!s->fuse) abort();
  if (!s->warp || !s->warp_const || s->warp_const > 64 ||
      getenv("HIPC_KC_NO_SHFL_FUSE"))
    return;
  struct fz z;
  memset(&z, 0, sizeof z);
  z.s = s;
  z.e = s->e;
  z.ws = s->warp_const;
  for (unsigned k = 0; k + 1 < s->nbars; k++) {
    unsigned m = 0;
    while (k + m + 1 < s->nbars && row(&z, k, m + 1)) m++;
    if (!m) continue;
    s->fuse[k] = m;
    k += m;
  }
  hipc__form_loops_map_free(&z.vec);
}

LLVMBasicBlockRef hipc__form_loops_fuse(struct fl_state* s, unsigned k,
                                        LLVMBasicBlockRef normal) {
  if (!s->fuse || !s->fuse[k]) return normal;
  unsigned m = s->fuse[k];
  struct fl_emit* e = s->e;
  struct fz z;
  memset(&z, 0, sizeof z);
  z.s = s;
  z.e = e;
  z.ws = s->warp_const;
  z.b = LLVMCreateBuilderInContext(s->cx);
  LLVMValueRef fn = e->run;
  LLVMBasicBlockRef check = LLVMAppendBasicBlockInContext(s->cx, fn, "fuse.check");
  LLVMBasicBlockRef head = LLVMAppendBasicBlockInContext(s->cx, fn, "fuse.warp");
  LLVMBasicBlockRef body = LLVMAppendBasicBlockInContext(s->cx, fn, "fuse.body");
  LLVMBuilderRef b = z.b;
  LLVMPositionBuilderAtEnd(b, check);
  /* Every warp below `upto` full and all its lanes there: `upto` a whole
   * number of warps, and every thread that returned at or above it. */
  LLVMValueRef upto = e->hi ? LLVMBuildLoad2(b, e->i32, e->hi, "") : e->count;
  LLVMValueRef ws = LLVMConstInt(e->i32, z.ws, 0);
  LLVMValueRef zero = LLVMConstInt(e->i32, 0, 0);
  LLVMValueRef ok = LLVMBuildICmp(
      b, LLVMIntEQ, LLVMBuildAnd(b, upto, LLVMConstInt(e->i32, z.ws - 1, 0), ""),
      zero, "");
  if (e->hi) {
    LLVMValueRef n = LLVMBuildLoad2(b, e->i32, e->nexit, "");
    ok = LLVMBuildAnd(
        b, ok,
        LLVMBuildICmp(b, LLVMIntEQ, n, LLVMBuildSub(b, e->count, upto, ""), ""),
        "");
  }
  int flat = 0;
  for (unsigned j = k; j <= k + m; j++) flat |= s->warp[j].perm_ok == 2;
  if (flat) {
    LLVMValueRef one = LLVMConstInt(e->i32, 1, 0);
    ok = LLVMBuildAnd(b, ok, LLVMBuildICmp(b, LLVMIntEQ, e->dim[1], one, ""), "");
    ok = LLVMBuildAnd(b, ok, LLVMBuildICmp(b, LLVMIntEQ, e->dim[2], one, ""), "");
  }
  LLVMBuildCondBr(b, ok, head, normal);
  /* for (wb = 0; wb < upto; wb += warpSize) */
  LLVMPositionBuilderAtEnd(b, head);
  LLVMValueRef wb = LLVMBuildPhi(b, e->i32, "wb");
  LLVMBuildCondBr(b, LLVMBuildICmp(b, LLVMIntULT, wb, upto, ""), body,
                  e->pre[k + m + 1]);
  LLVMPositionBuilderAtEnd(b, body);
  z.at = LLVMBuildZExt(b, wb, e->i64, "");
  row(&z, k, m);
  LLVMValueRef next = LLVMBuildNUWAdd(b, wb, ws, "");
  LLVMBasicBlockRef latch = LLVMGetInsertBlock(b);
  LLVMBuildBr(b, head);
  LLVMValueRef vals[2] = {zero, next};
  LLVMBasicBlockRef from[2] = {check, latch};
  LLVMAddIncoming(wb, vals, from, 2);
  hipc__form_loops_map_free(&z.vec);
  LLVMDisposeBuilder(b);
  return check;
}
