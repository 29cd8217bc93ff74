/* kc's region form, step 4 (form_loops.h): values that live across
 * barriers. Each region becomes its own loop over the threads, so a value
 * computed in one region and used in another (or in a later run of the
 * same region, around a loop) must be kept somewhere. A use in region r
 * reads the value computed in the same run of r when its definition
 * dominates the use in r's own control flow (from r's entry); any other use
 * reads a slot, which every definition writes: one element per thread, or
 * one copy for the block when the value is uniform and no thread can read
 * it after writing it in the same run of a region. A region reads such a
 * copy once, before its loops (form_loops_clone.c), so that what earlier
 * threads of the run write is not what later ones read. Cheap pure arithmetic on indices, parameters and
 * constants is recomputed instead, which keeps addresses affine in the
 * thread index. Allocas become per-thread arrays as well. */
#include <stdlib.h>
#include <string.h>

#include <llvm-c/Target.h>

#include "form_loops.h"

int hipc__form_loops_index(LLVMValueRef v, unsigned* dim) {
  if (!LLVMIsACallInst(v)) return FL_IDX_NONE;
  LLVMValueRef callee = LLVMGetCalledValue(v);
  if (!LLVMIsAFunction(callee)) return FL_IDX_NONE;
  size_t len;
  const char* n = LLVMGetValueName2(callee, &len);
  const char* pre = "llvm.nvvm.read.ptx.sreg.";
  if (strncmp(n, pre, strlen(pre)) != 0) return FL_IDX_NONE;
  n += strlen(pre);
  if (strcmp(n, "warpsize") == 0) return FL_IDX_WARPSIZE;
  if (strcmp(n, "laneid") == 0) return FL_IDX_LANEID;
  static const char* const names[] = {"tid.", "ntid.", "ctaid.", "nctaid."};
  static const int kinds[] = {FL_IDX_TID, FL_IDX_NTID, FL_IDX_CTAID,
                              FL_IDX_NCTAID};
  for (unsigned k = 0; k < 4; k++) {
    size_t l = strlen(names[k]);
    if (strncmp(n, names[k], l) == 0 && n[l] >= 'x' && n[l] <= 'z' &&
        n[l + 1] == 0) {
      *dim = (unsigned)(n[l] - 'x');
      return kinds[k];
    }
  }
  return FL_IDX_NONE;
}

unsigned hipc__form_loops_use_seg(const struct fl_state* s, LLVMValueRef user,
                                  LLVMBasicBlockRef from) {
  if (!LLVMIsAPHINode(user)) return hipc__form_loops_seg_of(s, user);
  uintptr_t b = 0;
  hipc__form_loops_map_get(&s->block_index, from, &b);
  return s->first_seg[b + 1] - 1;
}

int hipc__form_loops_pure_opcode(LLVMOpcode op) {
  switch (op) {
    case LLVMAdd:
    case LLVMFAdd:
    case LLVMSub:
    case LLVMFSub:
    case LLVMMul:
    case LLVMFMul:
    case LLVMUDiv:
    case LLVMSDiv:
    case LLVMFDiv:
    case LLVMURem:
    case LLVMSRem:
    case LLVMFRem:
    case LLVMShl:
    case LLVMLShr:
    case LLVMAShr:
    case LLVMAnd:
    case LLVMOr:
    case LLVMXor:
    case LLVMTrunc:
    case LLVMZExt:
    case LLVMSExt:
    case LLVMFPToUI:
    case LLVMFPToSI:
    case LLVMUIToFP:
    case LLVMSIToFP:
    case LLVMFPTrunc:
    case LLVMFPExt:
    case LLVMPtrToInt:
    case LLVMIntToPtr:
    case LLVMBitCast:
    case LLVMAddrSpaceCast:
    case LLVMICmp:
    case LLVMFCmp:
    case LLVMSelect:
    case LLVMGetElementPtr:
    case LLVMFNeg:
    case LLVMExtractValue:
      return 1;
    default:
      return 0;
  }
}

static int remat_within(struct fl_state* s, LLVMValueRef v, int* budget) {
  if (!LLVMIsAInstruction(v)) return 1;
  unsigned dim;
  if (hipc__form_loops_index(v, &dim) || LLVMIsAAllocaInst(v)) return 1;
  if (!hipc__form_loops_pure_opcode(LLVMGetInstructionOpcode(v)) || --*budget < 0) return 0;
  unsigned n = LLVMGetNumOperands(v);
  for (unsigned o = 0; o < n; o++)
    if (!remat_within(s, LLVMGetOperand(v, o), budget)) return 0;
  return 1;
}

int hipc__form_loops_remat(struct fl_state* s, LLVMValueRef v) {
  uintptr_t k = 0;
  if (hipc__form_loops_map_get(&s->remat, v, &k)) return k == 1;
  int budget = 12;
  int ok = remat_within(s, v, &budget);
  hipc__form_loops_map_put(&s->remat, v, ok ? 1 : 2);
  return ok;
}

struct fl_slot* hipc__form_loops_add_slot(struct fl_state* s, LLVMValueRef v,
                                          LLVMTypeRef ty) {
  uintptr_t k = 0;
  if (hipc__form_loops_map_get(&s->slot_of, v, &k)) return &s->slots[k - 1];
  if ((s->nslots & (s->nslots - 1)) == 0) {
    s->slots = realloc(s->slots, 2 * (s->nslots + 1) * sizeof *s->slots);
    if (!s->slots) abort();
  }
  struct fl_slot* sl = &s->slots[s->nslots++];
  memset(sl, 0, sizeof *sl);
  LLVMTargetDataRef td = LLVMGetModuleDataLayout(s->m);
  sl->v = v;
  sl->ty = ty;
  sl->size = LLVMABISizeOfType(td, ty);
  sl->align = LLVMABIAlignmentOfType(td, ty);
  /* The arena and its arrays are 64-byte aligned; a wide vector's (a
   * grouped shuffle's) own alignment may be more. */
  if (sl->align > 64) sl->align = 64;
  hipc__form_loops_map_put(&s->slot_of, v, s->nslots);
  return sl;
}

static void consider(struct fl_state* s, LLVMValueRef v, unsigned r,
                     unsigned su) {
  unsigned dim;
  if (!LLVMIsAInstruction(v) || hipc__form_loops_index(v, &dim) ||
      LLVMIsAAllocaInst(v) || hipc__form_loops_barrier_kind(v))
    return;
  if (hipc__form_loops_dominated(s, v, r, su) || hipc__form_loops_remat(s, v))
    return;
  struct fl_slot* sl = hipc__form_loops_add_slot(s, v, LLVMTypeOf(v));
  const unsigned char* in = s->in_region + (size_t)r * s->nsegs;
  unsigned sd = hipc__form_loops_seg_of(s, v);
  if (in[sd] && hipc__form_loops_reaches(s, r, sd, su)) sl->reread = 1;
  if (!s->reaches_bar[s->segs[su].block]) sl->tail_use = 1;
}

int hipc__form_loops_live(struct fl_state* s) {
  for (unsigned b = 0; b < s->nblocks; b++)
    for (LLVMValueRef i = LLVMGetFirstInstruction(s->blocks[b]); i;
         i = LLVMGetNextInstruction(i)) {
      if (!LLVMIsAAllocaInst(i)) continue;
      LLVMValueRef count = LLVMGetOperand(i, 0);
      if (!LLVMIsAConstantInt(count))
        return hipc__form_loops_fail(s, i, "an alloca of variable size");
      LLVMTypeRef ty = LLVMGetAllocatedType(i);
      unsigned long long c = LLVMConstIntGetZExtValue(count);
      if (c != 1) ty = LLVMArrayType2(ty, c);
      struct fl_slot* sl = hipc__form_loops_add_slot(s, i, ty);
      sl->is_alloca = 1;
      sl->per_thread = 1;
      if (LLVMGetAlignment(i) > sl->align) sl->align = LLVMGetAlignment(i);
      if (sl->align > 64)
        return hipc__form_loops_fail(s, i, "an alloca aligned to over 64");
    }
  if (!hipc__form_loops_warp_slots(s)) return 0;
  for (unsigned r = 0; r < s->nregions; r++) {
    const unsigned char* in = s->in_region + (size_t)r * s->nsegs;
    for (unsigned g = 0; g < s->nsegs; g++) {
      if (!in[g]) continue;
      const struct fl_seg* sg = &s->segs[g];
      LLVMValueRef end =
          sg->bar ? sg->bar : LLVMGetBasicBlockTerminator(sg->bb);
      for (LLVMValueRef u = sg->first;; u = LLVMGetNextInstruction(u)) {
        if (LLVMIsAPHINode(u)) {
          unsigned n = LLVMCountIncoming(u);
          for (unsigned k = 0; k < n; k++) {
            LLVMBasicBlockRef from = LLVMGetIncomingBlock(u, k);
            unsigned su = hipc__form_loops_use_seg(s, u, from);
            if (in[su]) consider(s, LLVMGetIncomingValue(u, k), r, su);
          }
        } else {
          unsigned n = LLVMGetNumOperands(u);
          for (unsigned o = 0; o < n; o++)
            consider(s, LLVMGetOperand(u, o), r, g);
        }
        if (u == end) break;
      }
    }
  }
  for (unsigned k = 0; k < s->nslots; k++) {
    struct fl_slot* sl = &s->slots[k];
    if (!sl->is_alloca && !sl->fixed_form)
      sl->per_thread = sl->reread || sl->tail_use ||
                       hipc__form_loops_divergent(s, sl->v);
  }
  return 1;
}
