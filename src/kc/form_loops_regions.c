/* kc's region form, step 2 (form_loops.h): cuts the working copy into
 * segments (a block is cut after each barrier call) and finds each
 * region's segments: those reachable from the region's entry (the
 * function's entry for region 0, the point after barrier k for region k+1)
 * without crossing a barrier. Regions may share segments (code after a
 * uniform branch whose arms end at different barriers): each region gets
 * its own copy of them when K.run is written. */
#include <stdlib.h>

#include "form_loops.h"

unsigned hipc__form_loops_succs(const struct fl_state* s, unsigned seg,
                                unsigned* out, unsigned cap) {
  const struct fl_seg* g = &s->segs[seg];
  if (g->bar) return 0;
  LLVMValueRef term = LLVMGetBasicBlockTerminator(g->bb);
  unsigned n = LLVMGetNumSuccessors(term), k = 0;
  for (unsigned i = 0; i < n && k < cap; i++) {
    uintptr_t b = 0;
    hipc__form_loops_map_get(&s->block_index, LLVMGetSuccessor(term, i), &b);
    out[k++] = s->first_seg[b];
  }
  return k;
}

int hipc__form_loops_regions(struct fl_state* s) {
  s->nblocks = LLVMCountBasicBlocks(s->fn);
  s->blocks = calloc(s->nblocks, sizeof *s->blocks);
  s->first_seg = calloc(s->nblocks + 1, sizeof *s->first_seg);
  if (!s->blocks || !s->first_seg) abort();
  LLVMGetBasicBlocks(s->fn, s->blocks);
  unsigned ninst = 0;
  for (unsigned b = 0; b < s->nblocks; b++) {
    hipc__form_loops_map_put(&s->block_index, s->blocks[b], b);
    for (LLVMValueRef i = LLVMGetFirstInstruction(s->blocks[b]); i;
         i = LLVMGetNextInstruction(i)) {
      ninst++;
      if (hipc__form_loops_barrier_kind(i)) s->nbars++;
    }
    LLVMValueRef t = LLVMGetBasicBlockTerminator(s->blocks[b]);
    if (!t) return hipc__form_loops_fail(s, NULL, "a block without terminator");
    if (!LLVMIsABranchInst(t) && !LLVMIsASwitchInst(t) &&
        !LLVMIsAReturnInst(t) && !LLVMIsAUnreachableInst(t))
      return hipc__form_loops_fail(s, t, "an unsupported terminator");
  }
  s->bars = calloc(s->nbars + 1, sizeof *s->bars);
  s->segs = calloc(s->nblocks + s->nbars, sizeof *s->segs);
  if (!s->bars || !s->segs) abort();
  unsigned nb = 0;
  for (unsigned b = 0; b < s->nblocks; b++) {
    s->first_seg[b] = s->nsegs;
    struct fl_seg* g = &s->segs[s->nsegs++];
    g->bb = s->blocks[b];
    g->block = b;
    g->first = LLVMGetFirstInstruction(s->blocks[b]);
    g->bar_id = -1;
    for (LLVMValueRef i = g->first; i; i = LLVMGetNextInstruction(i)) {
      hipc__form_loops_map_put(&s->seg_of_inst, i, s->nsegs - 1);
      if (!hipc__form_loops_barrier_kind(i)) continue;
      g->bar = i;
      g->bar_id = (int)nb;
      s->bars[nb++] = i;
      /* A barrier is never a terminator, so a next instruction exists. */
      struct fl_seg* n = &s->segs[s->nsegs++];
      n->bb = s->blocks[b];
      n->block = b;
      n->first = LLVMGetNextInstruction(i);
      n->bar_id = -1;
      g = n;
    }
  }
  s->first_seg[s->nblocks] = s->nsegs;

  s->nregions = s->nbars + 1;
  s->in_region = calloc((size_t)s->nregions * s->nsegs, 1);
  unsigned* stack = calloc(s->nsegs + 1, sizeof *stack);
  if (!s->in_region || !stack) abort();
  for (unsigned r = 0; r < s->nregions; r++) {
    unsigned char* in = s->in_region + (size_t)r * s->nsegs;
    unsigned entry =
        r == 0 ? 0 : hipc__form_loops_seg_of(s, s->bars[r - 1]) + 1;
    unsigned sp = 0;
    stack[sp++] = entry;
    in[entry] = 1;
    while (sp) {
      unsigned g = stack[--sp], succ[FL_MAX_SUCCS];
      LLVMValueRef t = LLVMGetBasicBlockTerminator(s->segs[g].bb);
      if (!s->segs[g].bar && LLVMGetNumSuccessors(t) >= FL_MAX_SUCCS) {
        free(stack);
        return hipc__form_loops_fail(s, t, "a switch with too many cases");
      }
      unsigned n = hipc__form_loops_succs(s, g, succ, FL_MAX_SUCCS);
      for (unsigned i = 0; i < n; i++)
        if (!in[succ[i]]) {
          in[succ[i]] = 1;
          stack[sp++] = succ[i];
        }
    }
  }
  free(stack);
  /* Code that several regions reach is copied into each: a long chain of
   * barriers under uniform branches could make K.run quadratic in size. */
  size_t copies = 0, once = 0;
  for (unsigned g = 0; g < s->nsegs; g++) {
    size_t n = 0;
    const struct fl_seg* sg = &s->segs[g];
    for (LLVMValueRef i = sg->first; i && i != sg->bar;
         i = LLVMGetNextInstruction(i))
      n++;
    once += n;
    for (unsigned r = 0; r < s->nregions; r++)
      if (s->in_region[(size_t)r * s->nsegs + g]) copies += n;
  }
  if (copies > 200000 && copies > 16 * once)
    return hipc__form_loops_fail(
        s, NULL, "the regions between barriers would copy too much code");
  return 1;
}

unsigned hipc__form_loops_region_entry(const struct fl_state* s, unsigned r) {
  return r == 0 ? 0 : hipc__form_loops_seg_of(s, s->bars[r - 1]) + 1;
}
