/* kc's region form, step 5 (form_loops.h): the entry block of K.run. It
 * reads everything that is the same for the whole block once: the packed
 * arguments, blockDim from `b` (blockDim.y and .z are the constant 1 in
 * the body for one-row blocks, form_loops_wrap.c), blockIdx, gridDim and
 * the warp size from the worker's hipc_tls; and it lays out the
 * per-thread storage (slots and allocas, one array per value, in the
 * per-worker arena), the exit flags and the barriers' counters. */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "form_loops.h"
#include "hip/hipc/kernel.h"

LLVMValueRef hipc__form_loops_byte_ptr(struct fl_emit* e, LLVMValueRef base,
                             uint64_t off) {
  if (!off) return base;
  LLVMValueRef o = LLVMConstInt(e->i64, off, 0);
  return LLVMBuildInBoundsGEP2(e->b, e->i8, base, &o, 1, "");
}

LLVMValueRef hipc__form_loops_load_u32(struct fl_emit* e, LLVMValueRef base,
                                       uint64_t off, const char* name) {
  LLVMValueRef v = LLVMBuildLoad2(
      e->b, e->i32, hipc__form_loops_byte_ptr(e, base, off), name);
  LLVMSetAlignment(v, 4);
  return v;
}

LLVMValueRef hipc__form_loops_tls(struct fl_state* s) {
  LLVMValueRef g = LLVMGetNamedGlobal(s->m, "hipc_tls");
  if (g) return g;
  LLVMTypeRef ty =
      LLVMArrayType2(LLVMInt8TypeInContext(s->cx), sizeof(hipc_thread_state));
  g = LLVMAddGlobal(s->m, ty, "hipc_tls");
  LLVMSetThreadLocal(g, 1);
  LLVMSetThreadLocalMode(g, LLVMInitialExecTLSModel);
  LLVMSetAlignment(g, 8);
  return g;
}

static int is_byval(struct fl_state* s, unsigned i) {
  const char* k = "byval";
  return LLVMGetEnumAttributeAtIndex(
             s->kernel, i + 1, LLVMGetEnumAttributeKindForName(k, strlen(k))) !=
         NULL;
}

/* The entry: block-wide values, arguments, storage. */
void hipc__form_loops_entry(struct fl_state* s, struct fl_emit* e) {
  LLVMValueRef t = hipc__form_loops_tls(s);
  for (unsigned d = 0; d < 3; d++) {
    /* The copy for one-row blocks (form_loops_wrap.c) knows y and z. */
    e->dim[d] = s->flat && d
                    ? LLVMConstInt(e->i32, 1, 0)
                    : hipc__form_loops_load_u32(
                          e, e->blk, offsetof(hipc_cpu_block, dim) + 4 * d, "");
    e->bidx[d] = hipc__form_loops_load_u32(
        e, t, offsetof(hipc_thread_state, block_idx) + 4 * d, "");
    e->gdim[d] = hipc__form_loops_load_u32(
        e, t, offsetof(hipc_thread_state, grid_dim) + 4 * d, "");
  }
  e->warp = s->warp_const ? LLVMConstInt(e->i32, s->warp_const, 0)
            : s->by_warp
                ? LLVMGetParam(e->run, 1)
                : hipc__form_loops_load_u32(
                      e, t, offsetof(hipc_thread_state, warp_size), "");
  /* While K.run runs no thread can wait: the runtime's collectives, if
   * reached anyway, report it rather than hang. */
  LLVMBuildStore(
      e->b, LLVMConstInt(e->i32, 1, 0),
      hipc__form_loops_byte_ptr(e, t, offsetof(hipc_thread_state, in_regions)));
  LLVMValueRef count = hipc__form_loops_load_u32(
      e, e->blk, offsetof(hipc_cpu_block, count), "count");
  e->count = count;
  LLVMValueRef args = LLVMBuildLoad2(
      e->b, e->ptr,
      hipc__form_loops_byte_ptr(e, e->blk, offsetof(hipc_cpu_block, args)),
      "args");
  unsigned np = LLVMCountParams(s->fn);
  e->params = calloc(np + 1, sizeof *e->params);
  if (!e->params) abort();
  for (unsigned i = 0; i < np; i++) {
    LLVMValueRef at = hipc__form_loops_byte_ptr(e, args, s->layout->offset[i]);
    if (is_byval(s, i)) {
      e->params[i] = at;
      continue;
    }
    e->params[i] =
        LLVMBuildLoad2(e->b, LLVMTypeOf(LLVMGetParam(s->fn, i)), at, "");
    LLVMSetAlignment(e->params[i], s->layout->align[i]);
  }

  /* Per thread: arrays of `count` elements, each 64-byte aligned, in the
   * arena. One copy for the block: one element there too, not an alloca,
   * which SROA would turn into a value carried around the thread loops (a
   * recurrence that stops the vectoriser, where a store to a fixed address
   * is moved out of the loop by LICM). */
  LLVMValueRef c64 = LLVMBuildZExt(e->b, count, e->i64, "");
  /* Every per-thread array has room for `count` rounded up to 64 threads
   * (padded ones 2 * FL_PAD more), so that it is a whole number of 64-byte
   * lines, and each offset is crows * a + b with constants a and b: one
   * multiply, which LLVM may recompute anywhere for nothing, where a chain
   * of roundings cost an instruction per slot each time it was needed. */
  LLVMValueRef crows = LLVMBuildAnd(
      e->b, LLVMBuildAdd(e->b, c64, LLVMConstInt(e->i64, 63, 0), ""),
      LLVMConstInt(e->i64, ~(uint64_t)63, 0), "rows");
  uint64_t ka = 0, kb = 0;
  LLVMValueRef* offs = calloc(s->nslots + 1, sizeof *offs);
  if (!offs) abort();
  for (unsigned k = 0; k <= s->nslots; k++) {
    uint64_t size;
    if (k < s->nslots) {
      struct fl_slot* sl = &s->slots[k];
      size = (sl->size + sl->align - 1) / sl->align * sl->align;
    } else {
      if (!s->need_exit_flags) break;
      size = 1;
    }
    /* Padded arrays (form_loops_shfl.c) start FL_PAD elements in. */
    int pad = k < s->nslots ? s->slots[k].pad : s->pad_exits;
    offs[k] = LLVMBuildAdd(
        e->b, LLVMBuildMul(e->b, crows, LLVMConstInt(e->i64, ka, 0), ""),
        LLVMConstInt(e->i64, kb + (pad ? FL_PAD * size : 0), 0), "");
    if (k < s->nslots && !s->slots[k].per_thread) {
      kb += (size + 63) & ~(uint64_t)63;
    } else {
      ka += size;
      if (pad) kb += 2 * FL_PAD * size;
    }
  }
  LLVMValueRef total = LLVMBuildAdd(
      e->b, LLVMBuildMul(e->b, crows, LLVMConstInt(e->i64, ka, 0), ""),
      LLVMConstInt(e->i64, kb, 0), "");
  if (s->need_exit_flags || s->nslots) {
    LLVMTypeRef aty = LLVMFunctionType(e->ptr, &e->i64, 1, 0);
    LLVMValueRef arena = LLVMGetNamedFunction(s->m, "hipc_cpu_region_arena");
    if (!arena) {
      /* Like malloc's: nothing else the kernel holds points into the
       * arena (which lets alias analysis tell slots from shared memory),
       * and it is 64-byte aligned. */
      arena = LLVMAddFunction(s->m, "hipc_cpu_region_arena", aty);
      const char *na = "noalias", *al = "align", *nu = "nounwind";
      LLVMAddAttributeAtIndex(
          arena, LLVMAttributeReturnIndex,
          LLVMCreateEnumAttribute(s->cx, LLVMGetEnumAttributeKindForName(na, 7),
                                  0));
      LLVMAddAttributeAtIndex(
          arena, LLVMAttributeReturnIndex,
          LLVMCreateEnumAttribute(s->cx, LLVMGetEnumAttributeKindForName(al, 5),
                                  64));
      LLVMAddAttributeAtIndex(
          arena, LLVMAttributeFunctionIndex,
          LLVMCreateEnumAttribute(s->cx, LLVMGetEnumAttributeKindForName(nu, 8),
                                  0));
    }
    LLVMValueRef mem = LLVMBuildCall2(e->b, aty, arena, &total, 1, "arena");
    for (unsigned k = 0; k < s->nslots; k++)
      s->slots[k].base =
          LLVMBuildInBoundsGEP2(e->b, e->i8, mem, &offs[k], 1, "");
    if (s->need_exit_flags) {
      e->exited = LLVMBuildInBoundsGEP2(e->b, e->i8, mem, &offs[s->nslots], 1,
                                        "exited");
      if (s->pad_exits) {
        /* The padding reads as "not returned" too; the shuffles that read
         * it mask what they read there. */
        LLVMValueRef back = LLVMConstInt(e->i64, (uint64_t)-FL_PAD, 0);
        LLVMBuildMemSet(
            e->b, LLVMBuildInBoundsGEP2(e->b, e->i8, e->exited, &back, 1, ""),
            LLVMConstInt(e->i8, 0, 0),
            LLVMBuildAdd(e->b, c64, LLVMConstInt(e->i64, 2 * FL_PAD, 0), ""),
            64);
      } else {
        LLVMBuildMemSet(e->b, e->exited, LLVMConstInt(e->i8, 0, 0), c64, 64);
      }
    }
  }
  free(offs);

  if (s->need_exit_flags) {
    e->hi = LLVMBuildAlloca(e->b, e->i32, "hi");
    LLVMBuildStore(e->b, count, e->hi);
    e->nexit = LLVMBuildAlloca(e->b, e->i32, "nexit");
    LLVMBuildStore(e->b, LLVMConstInt(e->i32, 0, 0), e->nexit);
    e->nret = LLVMBuildAlloca(e->b, e->i32, "nret");
  }
  e->acc = calloc(s->nbars + 1, sizeof *e->acc);
  e->res = calloc(s->nbars + 1, sizeof *e->res);
  if (!e->acc || !e->res) abort();
  for (unsigned k = 0; k < s->nbars; k++) {
    int kind = hipc__form_loops_barrier_kind(s->bars[k]);
    if (kind == FL_BAR_PLAIN || kind == FL_BAR_WARP) continue;
    e->acc[k] = LLVMBuildAlloca(e->b, e->i32, "");
    e->res[k] = LLVMBuildAlloca(e->b, e->i32, "");
  }
}
