/* kc's region form: reachability and dominance between the segments of a
 * region, from the region's entry (form_loops_live.c asks, for every operand of every
 * instruction, whether its definition dominates the use). The dominator
 * tree is built once per region (Cooper, Harvey and Kennedy, "A Simple,
 * Fast Dominance Algorithm", 2001) and numbered by a walk, so that a query
 * is two comparisons: a search per query made big straight-line kernels
 * quadratic. */
#include <stdlib.h>
#include <string.h>

#include "form_loops.h"

/* Successor lists of all segments, once (CSR: succ[off[g] .. off[g+1])). */
static void successors(struct fl_state* s) {
  if (s->succ_off) return;
  unsigned n = s->nsegs, total = 0, buf[FL_MAX_SUCCS];
  s->succ_off = malloc((n + 1) * sizeof *s->succ_off);
  if (!s->succ_off) abort();
  for (unsigned g = 0; g < n; g++) {
    s->succ_off[g] = total;
    total += hipc__form_loops_succs(s, g, buf, FL_MAX_SUCCS);
  }
  s->succ_off[n] = total;
  s->succ = malloc((total + 1) * sizeof *s->succ);
  if (!s->succ) abort();
  for (unsigned g = 0; g < n; g++)
    hipc__form_loops_succs(s, g, s->succ + s->succ_off[g], FL_MAX_SUCCS);
}

static unsigned intersect(const unsigned* idom, const unsigned* rpo_of,
                          unsigned a, unsigned b) {
  while (a != b) {
    while (rpo_of[a] > rpo_of[b]) a = idom[a];
    while (rpo_of[b] > rpo_of[a]) b = idom[b];
  }
  return a;
}

static void build(struct fl_state* s, unsigned r) {
  unsigned n = s->nsegs, none = ~0u;
  successors(s);
  if (!s->dom_in) {
    s->dom_in = malloc((n + 1) * sizeof *s->dom_in);
    s->dom_out = malloc((n + 1) * sizeof *s->dom_out);
    s->dom_reach = malloc(n + 1);
    if (!s->dom_in || !s->dom_out || !s->dom_reach) abort();
  }
  unsigned* rpo = malloc((n + 1) * sizeof *rpo);
  unsigned* rpo_of = malloc((n + 1) * sizeof *rpo_of);
  unsigned* idom = malloc((n + 1) * sizeof *idom);
  unsigned* stack = malloc((n + 1) * sizeof *stack);
  unsigned* next = calloc(n + 1, sizeof *next);
  if (!rpo || !rpo_of || !idom || !stack || !next) abort();
  memset(s->dom_reach, 0, n);
  /* Post-order from the entry, then reversed. */
  unsigned entry = hipc__form_loops_region_entry(s, r), sp = 0, k = 0;
  stack[sp++] = entry;
  s->dom_reach[entry] = 1;
  while (sp) {
    unsigned g = stack[sp - 1];
    if (s->succ_off[g] + next[g] < s->succ_off[g + 1]) {
      unsigned c = s->succ[s->succ_off[g] + next[g]++];
      if (!s->dom_reach[c]) {
        s->dom_reach[c] = 1;
        stack[sp++] = c;
      }
      continue;
    }
    rpo[k++] = g;
    sp--;
  }
  for (unsigned i = 0; i < k / 2; i++) {
    unsigned t = rpo[i];
    rpo[i] = rpo[k - 1 - i];
    rpo[k - 1 - i] = t;
  }
  for (unsigned i = 0; i < k; i++) rpo_of[rpo[i]] = i;
  /* Predecessors of the reached segments (CSR). */
  unsigned* poff = calloc(n + 2, sizeof *poff);
  if (!poff) abort();
  for (unsigned i = 0; i < k; i++)
    for (unsigned e = s->succ_off[rpo[i]]; e < s->succ_off[rpo[i] + 1]; e++)
      poff[s->succ[e] + 1]++;
  for (unsigned g = 0; g < n; g++) poff[g + 1] += poff[g];
  unsigned* pred = malloc((poff[n] + 1) * sizeof *pred);
  unsigned* fill = calloc(n + 1, sizeof *fill);
  if (!pred || !fill) abort();
  for (unsigned i = 0; i < k; i++)
    for (unsigned e = s->succ_off[rpo[i]]; e < s->succ_off[rpo[i] + 1]; e++) {
      unsigned c = s->succ[e];
      pred[poff[c] + fill[c]++] = rpo[i];
    }
  /* Immediate dominators, iterated to a fixed point in reverse post-order. */
  for (unsigned g = 0; g < n; g++) idom[g] = none;
  idom[entry] = entry;
  for (int changed = 1; changed;) {
    changed = 0;
    for (unsigned i = 1; i < k; i++) {
      unsigned g = rpo[i], d = none;
      for (unsigned e = poff[g]; e < poff[g + 1]; e++) {
        unsigned p = pred[e];
        if (idom[p] == none) continue;
        d = d == none ? p : intersect(idom, rpo_of, p, d);
      }
      if (d != none && idom[g] != d) {
        idom[g] = d;
        changed = 1;
      }
    }
  }
  /* The tree's children, then entry and exit times of a walk. */
  memset(poff, 0, (n + 2) * sizeof *poff);
  for (unsigned i = 1; i < k; i++) poff[idom[rpo[i]] + 1]++;
  for (unsigned g = 0; g < n; g++) poff[g + 1] += poff[g];
  memset(fill, 0, (n + 1) * sizeof *fill);
  for (unsigned i = 1; i < k; i++) {
    unsigned p = idom[rpo[i]];
    pred[poff[p] + fill[p]++] = rpo[i];
  }
  unsigned clock = 0;
  memset(next, 0, (n + 1) * sizeof *next);
  sp = 0;
  stack[sp++] = entry;
  s->dom_in[entry] = clock++;
  while (sp) {
    unsigned g = stack[sp - 1];
    if (poff[g] + next[g] < poff[g + 1]) {
      unsigned c = pred[poff[g] + next[g]++];
      s->dom_in[c] = clock++;
      stack[sp++] = c;
      continue;
    }
    s->dom_out[g] = clock++;
    sp--;
  }
  s->dom_region = r + 1;
  free(rpo);
  free(rpo_of);
  free(idom);
  free(stack);
  free(next);
  free(poff);
  free(pred);
  free(fill);
}

int hipc__form_loops_reaches(struct fl_state* s, unsigned r, unsigned from,
                             unsigned to) {
  if (!s->fwd || s->fwd_from != from + 1 || s->fwd_region != r) {
    successors(s);
    if (!s->fwd) s->fwd = malloc(s->nsegs + 1);
    unsigned* stack = malloc((s->nsegs + 1) * sizeof *stack);
    if (!s->fwd || !stack) abort();
    memset(s->fwd, 0, s->nsegs);
    const unsigned char* in = s->in_region + (size_t)r * s->nsegs;
    unsigned sp = 0;
    stack[sp++] = from;
    while (sp) {
      unsigned g = stack[--sp];
      for (unsigned e = s->succ_off[g]; e < s->succ_off[g + 1]; e++) {
        unsigned c = s->succ[e];
        if (in[c] && !s->fwd[c]) {
          s->fwd[c] = 1;
          stack[sp++] = c;
        }
      }
    }
    free(stack);
    s->fwd_from = from + 1;
    s->fwd_region = r;
  }
  return s->fwd[to];
}

int hipc__form_loops_dominated(struct fl_state* s, LLVMValueRef v, unsigned r,
                               unsigned su) {
  unsigned sd = hipc__form_loops_seg_of(s, v);
  const unsigned char* in = s->in_region + (size_t)r * s->nsegs;
  if (!in[sd]) return 0;
  if (sd == su) return 1;
  if (s->dom_region != r + 1) build(s, r);
  /* A use the entry cannot reach is never run in this region. */
  if (!s->dom_reach[su]) return 1;
  if (!s->dom_reach[sd]) return 0;
  return s->dom_in[sd] <= s->dom_in[su] && s->dom_out[su] <= s->dom_out[sd];
}
