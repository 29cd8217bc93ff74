/* kc's region form: warp collectives (form_loops.h). The headers turn every
 * warp function into a call of a __hipc_kc_* function (hip/hipc/kc_warp.h,
 * which documents the semantics that libhipc's kc_warp.c implements for the
 * fiber form). Here such a call cuts the regions like a barrier: every
 * thread of the block that has not returned reaches it (the uniformity step
 * checks it as for barriers, and a stronger synchronisation than the warp's
 * is a valid one), so when the region's thread loop is done, every operand
 * is in per-thread storage, and one loop nest over the block's warps and
 * their lanes (COX's hierarchical collapsing, with the block as the outer
 * unit) computes each thread's result into the call's per-thread slot,
 * which the later regions read. The lanes that took part are the threads
 * not marked as returned (the exit flags); a thread past the block's end
 * does not exist. Both give 0 as a shuffle's source, as in the fiber form.
 *
 * A shuffle's mask only says which lanes to wait for, which changes
 * nothing here; the votes, matches and reductions apply the caller's.
 * This file recognises the calls and gives them slots; the results loops
 * are form_loops_warp_results.c's. */
#include <stdlib.h>
#include <string.h>

#include "form_loops.h"
#include "hip/hipc/kc_warp.h"

static const struct {
  const char* name;
  int kind;
} names[] = {
    {"__hipc_kc_shfl_idx", FL_W_SHFL_IDX},
    {"__hipc_kc_shfl_up", FL_W_SHFL_UP},
    {"__hipc_kc_shfl_down", FL_W_SHFL_DOWN},
    {"__hipc_kc_shfl_xor", FL_W_SHFL_XOR},
    {"__hipc_kc_ballot", FL_W_BALLOT},
    {"__hipc_kc_any", FL_W_ANY},
    {"__hipc_kc_all", FL_W_ALL},
    {"__hipc_kc_activemask", FL_W_ACTIVEMASK},
    {"__hipc_kc_match_any", FL_W_MATCH_ANY},
    {"__hipc_kc_match_all", FL_W_MATCH_ALL},
    {"__hipc_kc_syncwarp", FL_W_SYNCWARP},
    {"__hipc_kc_reduce", FL_W_REDUCE},
    {"__hipc_kc_exchange", FL_W_EXCHANGE},
};

int hipc__form_loops_warp_name(const char* name) {
  for (unsigned i = 0; i < sizeof names / sizeof names[0]; i++) {
    size_t n = strlen(names[i].name);
    if (strncmp(name, names[i].name, n) != 0) continue;
    /* NAME.gN...: shuffles grouped on a vector (form_loops_group.c). */
    if (name[n] == '\0' ||
        (names[i].kind <= FL_W_SHFL_XOR && strncmp(name + n, ".g", 2) == 0))
      return names[i].kind;
  }
  return FL_W_NONE;
}

int hipc__form_loops_warp_kind(LLVMValueRef call) {
  if (!LLVMIsACallInst(call)) return FL_W_NONE;
  LLVMValueRef callee = LLVMGetCalledValue(call);
  if (!LLVMIsAFunction(callee)) return FL_W_NONE;
  size_t len;
  return hipc__form_loops_warp_name(LLVMGetValueName2(callee, &len));
}

/* The call arguments of each role, per kind (-1: none). */
static void roles(int kind, int* arg) {
  for (unsigned r = 0; r < FL_WR_N; r++) arg[r] = -1;
  switch (kind) {
    case FL_W_SHFL_IDX:
    case FL_W_SHFL_UP:
    case FL_W_SHFL_DOWN:
    case FL_W_SHFL_XOR:
      arg[FL_WR_V] = 1;
      arg[FL_WR_P] = 2;
      arg[FL_WR_WIDTH] = 3;
      break;
    case FL_W_BALLOT:
    case FL_W_ANY:
    case FL_W_ALL:
      arg[FL_WR_MASK] = 0;
      arg[FL_WR_P] = 1;
      break;
    case FL_W_MATCH_ALL:
      arg[FL_WR_PTR] = 2;
      /* fall through */
    case FL_W_MATCH_ANY:
    case FL_W_REDUCE:
    case FL_W_EXCHANGE:
      arg[FL_WR_MASK] = 0;
      arg[FL_WR_V] = 1;
      break;
    default:
      break;
  }
}

/* 1 when the 64-bit word `a` has its upper half zero: a 32-bit value
 * zero-extended, or masked to its low half (what instcombine makes of a
 * shuffle's result passed on to the next shuffle). */
int hipc__form_loops_high_zero(LLVMValueRef a) {
  if (LLVMGetTypeKind(LLVMTypeOf(a)) != LLVMIntegerTypeKind) return 0;
  if (LLVMIsAZExtInst(a))
    return LLVMGetIntTypeWidth(LLVMTypeOf(LLVMGetOperand(a, 0))) <= 32;
  if (!LLVMIsAInstruction(a) || LLVMGetInstructionOpcode(a) != LLVMAnd)
    return 0;
  for (unsigned i = 0; i < 2; i++) {
    LLVMValueRef m = LLVMGetOperand(a, i);
    if (LLVMIsAConstantInt(m) && LLVMConstIntGetZExtValue(m) <= 0xffffffffu)
      return 1;
  }
  return 0;
}

int hipc__form_loops_warp_slots(struct fl_state* s) {
  s->warp = calloc(s->nbars + 1, sizeof *s->warp);
  if (!s->warp) abort();
  for (unsigned k = 0; k < s->nbars; k++) {
    LLVMValueRef call = s->bars[k];
    struct fl_warp* w = &s->warp[k];
    w->kind = hipc__form_loops_warp_kind(call);
    w->res = -1;
    if (!w->kind) continue;
    roles(w->kind, w->arg);
    int narrow = 0; /* a shuffle of a 32-bit word: so is its result */
    if (w->kind == FL_W_REDUCE) {
      LLVMValueRef op = LLVMGetOperand(call, 2), ty = LLVMGetOperand(call, 3);
      if (!LLVMIsAConstantInt(op) || !LLVMIsAConstantInt(ty) ||
          LLVMConstIntGetZExtValue(op) > HIPC_KC_RED_XOR ||
          LLVMConstIntGetZExtValue(ty) > HIPC_KC_TYPE_F64)
        return hipc__form_loops_fail(s, call,
                                     "a warp reduction of an unknown kind");
    }
    for (unsigned r = 0; r < FL_WR_N; r++) {
      if (w->arg[r] < 0) continue;
      /* A source lane known per lane at compile time (form_loops_perm.c):
       * from the thread index alone, it needs no storage. */
      if (r == FL_WR_P) {
        hipc__form_loops_shfl_perm(s, k);
        if (w->perm_ok == 2) {
          w->cls[r] = FL_OP_TID;
          continue;
        }
      }
      LLVMValueRef a = LLVMGetOperand(call, (unsigned)w->arg[r]);
      if (LLVMIsAConstant(a)) {
        w->cls[r] = FL_OP_CONST;
        continue;
      }
      w->cls[r] =
          hipc__form_loops_divergent(s, a) ? FL_OP_THREAD : FL_OP_UNIFORM;
      /* The reduction folds the lanes of one mask per warp. */
      if (r == FL_WR_MASK && w->kind == FL_W_REDUCE &&
          w->cls[r] == FL_OP_THREAD)
        return hipc__form_loops_fail(
            s, call, "a warp reduction whose mask differs between threads");
      /* Keyed by the argument's use, which nothing else maps. */
      LLVMUseRef key = LLVMGetOperandUse(call, (unsigned)w->arg[r]);
      /* A shuffled 32-bit word (or float, bitcast) comes zero-extended:
       * its slot keeps the narrow word, twice as many per vector. */
      LLVMTypeRef ty = LLVMTypeOf(a);
      if (r == FL_WR_V && w->kind <= FL_W_SHFL_XOR &&
          hipc__form_loops_high_zero(a)) {
        ty = LLVMInt32TypeInContext(s->cx);
        narrow = 1;
      }
      struct fl_slot* sl = hipc__form_loops_add_slot(s, (LLVMValueRef)key, ty);
      sl->fixed_form = 1;
      sl->per_thread = w->cls[r] == FL_OP_THREAD;
      w->slot[r] = (unsigned)(sl - s->slots);
    }
    if (w->kind == FL_W_EXCHANGE) {
      /* The snapshot (hipc_warp_snapshot: active, nonzero, value[64]) of
       * each warp, at index warp number of a per-thread array: only the
       * first of every warp-size elements is touched. Keyed by the use of
       * the site argument. */
      LLVMTypeRef i64 = LLVMInt64TypeInContext(s->cx);
      struct fl_slot* sl = hipc__form_loops_add_slot(
          s, (LLVMValueRef)LLVMGetOperandUse(call, 2), LLVMArrayType2(i64, 66));
      sl->fixed_form = 1;
      sl->per_thread = 1;
      w->snap = (unsigned)(sl - s->slots);
    }
    LLVMTypeRef rt = LLVMTypeOf(call);
    /* Its high half is 0 (the word of a lane, or 0): kept as 32 bits,
     * zero-extended where it is read (form_loops_clone.c). */
    if (narrow) rt = LLVMInt32TypeInContext(s->cx);
    if (LLVMGetTypeKind(rt) != LLVMVoidTypeKind) {
      struct fl_slot* sl = hipc__form_loops_add_slot(s, call, rt);
      sl->fixed_form = 1;
      sl->per_thread = 1;
      w->res = (int)(sl - s->slots);
    }
  }
  return 1;
}
