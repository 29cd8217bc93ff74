/* kc's region form, the entry point (form_loops.h): runs the steps of the
 * pass in order over a working copy of the kernel and turns any refusal
 * into the note that says why the kernel keeps the fiber form; for a
 * kernel that uses the warp size, twice (32 and 64 lanes), under a K.run
 * that picks one. Also the small helpers the steps share (a pointer map,
 * barrier recognition). */
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <llvm-c/DebugInfo.h>

#include "form_loops.h"
#include "hip/hipc/kernel.h"

/* Pointers hash well enough once their low bits (alignment) are mixed in. */
static unsigned slot_of(const struct fl_map* m, void* k) {
  uintptr_t h = (uintptr_t)k;
  h ^= h >> 17;
  h *= (uintptr_t)0x9e3779b97f4a7c15ull;
  h ^= h >> 29;
  return (unsigned)h & (m->cap - 1);
}

static void grow(struct fl_map* m) {
  struct fl_map n = {0};
  n.cap = m->cap ? m->cap * 2 : 64;
  n.key = calloc(n.cap, sizeof *n.key);
  n.val = calloc(n.cap, sizeof *n.val);
  if (!n.key || !n.val) abort();
  for (unsigned i = 0; i < m->cap; i++)
    if (m->key[i]) hipc__form_loops_map_put(&n, m->key[i], m->val[i]);
  free(m->key);
  free(m->val);
  *m = n;
}

void hipc__form_loops_map_put(struct fl_map* m, void* k, uintptr_t v) {
  if (2 * (m->n + 1) > m->cap) grow(m);
  unsigned i = slot_of(m, k);
  while (m->key[i] && m->key[i] != k) i = (i + 1) & (m->cap - 1);
  if (!m->key[i]) m->n++;
  m->key[i] = k;
  m->val[i] = v;
}

int hipc__form_loops_map_get(const struct fl_map* m, void* k, uintptr_t* v) {
  if (!m->cap) return 0;
  unsigned i = slot_of(m, k);
  while (m->key[i]) {
    if (m->key[i] == k) {
      if (v) *v = m->val[i];
      return 1;
    }
    i = (i + 1) & (m->cap - 1);
  }
  return 0;
}

void hipc__form_loops_map_free(struct fl_map* m) {
  free(m->key);
  free(m->val);
  memset(m, 0, sizeof *m);
}

int hipc__form_loops_barrier_kind(LLVMValueRef inst) {
  if (!LLVMIsACallInst(inst)) return FL_BAR_NONE;
  LLVMValueRef callee = LLVMGetCalledValue(inst);
  if (!LLVMIsAFunction(callee)) return FL_BAR_NONE;
  size_t len;
  const char* name = LLVMGetValueName2(callee, &len);
  if (strcmp(name, "llvm.nvvm.barrier0") == 0) return FL_BAR_PLAIN;
  if (strcmp(name, "llvm.nvvm.barrier0.popc") == 0) return FL_BAR_POPC;
  if (strcmp(name, "llvm.nvvm.barrier0.and") == 0) return FL_BAR_AND;
  if (strcmp(name, "llvm.nvvm.barrier0.or") == 0) return FL_BAR_OR;
  if (hipc__form_loops_warp_kind(inst)) return FL_BAR_WARP;
  return FL_BAR_NONE;
}

unsigned hipc__form_loops_seg_of(const struct fl_state* s, LLVMValueRef inst) {
  uintptr_t v = 0;
  if (!hipc__form_loops_map_get(&s->seg_of_inst, inst, &v)) abort();
  return (unsigned)v;
}

int hipc__form_loops_fail(struct fl_state* s, LLVMValueRef at, const char* fmt,
                          ...) {
  if (s->note) return 0; /* the first reason is the one that counts */
  char msg[512];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  unsigned line = 0;
  const char* file = NULL;
  if (at && LLVMIsAInstruction(at)) {
    unsigned flen = 0;
    line = LLVMGetDebugLocLine(at);
    file = LLVMGetDebugLocFilename(at, &flen);
  }
  size_t size = strlen(msg) + (file ? strlen(file) : 0) + 32;
  s->note = malloc(size);
  if (!s->note) return 0;
  if (file && line)
    snprintf(s->note, size, "%s (%s:%u)", msg, file, line);
  else
    snprintf(s->note, size, "%s", msg);
  return 0;
}

/* strdup is POSIX, not C11. */
static char* copy_str(const char* text) {
  size_t n = strlen(text) + 1;
  char* c = malloc(n);
  if (c) memcpy(c, text, n);
  return c;
}

/* Scope metadata: the slots' arrays (and the exit flags) never overlap,
 * which LLVM cannot tell from their offsets into one arena. Each access
 * gets its array's scope and a noalias list of all the others, so that
 * the vectoriser needs no run-time overlap checks between them (which a
 * gather defeats). Accesses without tags still alias anything. */
void hipc__form_loops_tag(struct fl_state* s, LLVMValueRef access,
                          unsigned scope) {
  unsigned n = s->nslots + 1;
  if (n > 256 || scope >= n || !access) return;
  if (!s->scopes) {
    s->scopes = calloc(2 * (size_t)n, sizeof *s->scopes);
    if (!s->scopes) abort();
    size_t len;
    const char* k = LLVMGetValueName2(s->kernel, &len);
    char name[64];
    snprintf(name, sizeof name, "hipc.kc.slots.%.40s", k);
    LLVMMetadataRef str = LLVMMDStringInContext2(s->cx, name, strlen(name));
    LLVMMetadataRef dom = LLVMMDNodeInContext2(s->cx, &str, 1);
    LLVMMetadataRef* one = calloc(n, sizeof *one);
    if (!one) abort();
    for (unsigned i = 0; i < n; i++) {
      char id[96];
      snprintf(id, sizeof id, "%s.%u", name, i);
      LLVMMetadataRef ops[2] = {LLVMMDStringInContext2(s->cx, id, strlen(id)),
                                dom};
      one[i] = LLVMMDNodeInContext2(s->cx, ops, 2);
      s->scopes[i] = LLVMMetadataAsValue(
          s->cx, LLVMMDNodeInContext2(s->cx, &one[i], 1));
    }
    LLVMMetadataRef* others = calloc(n, sizeof *others);
    if (!others) abort();
    for (unsigned i = 0; i < n; i++) {
      unsigned m = 0;
      for (unsigned j = 0; j < n; j++)
        if (j != i) others[m++] = one[j];
      s->scopes[n + i] =
          LLVMMetadataAsValue(s->cx, LLVMMDNodeInContext2(s->cx, others, m));
    }
    free(one);
    free(others);
  }
  unsigned k_scope = LLVMGetMDKindIDInContext(s->cx, "alias.scope", 11);
  unsigned k_noalias = LLVMGetMDKindIDInContext(s->cx, "noalias", 7);
  LLVMSetMetadata(access, k_scope, s->scopes[scope]);
  LLVMSetMetadata(access, k_noalias, s->scopes[n + scope]);
}

static void release(struct fl_state* s) {
  if (s->fn) {
    LLVMDeleteFunction(s->fn);
    hipc__form_loops_group_release(s->m);
  }
  hipc__form_loops_debug_release(s);
  free(s->blocks);
  free(s->bars);
  free(s->segs);
  free(s->first_seg);
  free(s->in_region);
  free(s->reaches_bar);
  hipc__form_loops_map_free(&s->block_index);
  hipc__form_loops_map_free(&s->seg_of_inst);
  hipc__form_loops_map_free(&s->divergent);
  hipc__form_loops_map_free(&s->slot_of);
  hipc__form_loops_map_free(&s->remat);
  free(s->slots);
  free(s->warp);
  free(s->fuse);
  free(s->scopes);
  free(s->succ_off);
  free(s->succ);
  free(s->dom_in);
  free(s->dom_out);
  free(s->dom_reach);
  free(s->fwd);
}

/* The steps, in order (form_loops.h); *out: K.run or its body. */
static int pipeline(struct fl_state* s, LLVMValueRef* out) {
  *out = NULL;
  return hipc__form_loops_prepare(s) && hipc__form_loops_regions(s) &&
         hipc__form_loops_uniform(s) && hipc__form_loops_live(s) &&
         hipc__form_loops_emit(s, out);
}

/* Another body of the kernel `s` made: for `ws` lanes, and for one-row
 * blocks where `flat`. Returns 0 with s->note set when it fails. */
static int another_body(struct fl_state* s, unsigned ws, int flat,
                        LLVMValueRef* out) {
  struct fl_state t;
  memset(&t, 0, sizeof t);
  t.m = s->m;
  t.cx = s->cx;
  t.kernel = s->kernel;
  t.layout = s->layout;
  t.warp_const = ws;
  t.flat = flat;
  int ok = pipeline(&t, out);
  if (ok) hipc__form_loops_debug_move(&t, *out);
  if (!ok) {
    free(s->note);
    s->note = t.note;
    t.note = NULL;
  }
  release(&t);
  free(t.note);
  return ok;
}

int hipc__kc_form_loops(LLVMModuleRef m, LLVMValueRef kernel,
                        const struct kc_param_layout* layout,
                        LLVMValueRef* run_out, char** note) {
  struct fl_state s;
  memset(&s, 0, sizeof s);
  s.m = m;
  s.cx = LLVMGetModuleContext(m);
  s.kernel = kernel;
  s.layout = layout;
  *run_out = NULL;
  if (note) *note = NULL;
  /* HIPC_NO_REGIONS (non-empty, not "0") in hipcc's environment keeps
   * every kernel on fibers, for comparison and debugging. */
  const char* off = getenv("HIPC_NO_REGIONS");
  if (off && *off && strcmp(off, "0") != 0) {
    if (note) *note = copy_str("HIPC_NO_REGIONS is set");
    return 0;
  }
  /* Made for 64 lanes first; a kernel that turns out to use the warp size
   * is made again for 32, and K.run chooses. Then, where it is worth it,
   * the same again for blocks of one row (form_loops_wrap.c). */
  LLVMValueRef body[2] = {NULL, NULL}, flat[2] = {NULL, NULL};
  s.warp_const = 64;
  int ok = pipeline(&s, &body[1]);
  if (ok) hipc__form_loops_debug_move(&s, body[1]);
  int by_warp = ok && s.by_warp;
  if (by_warp) ok = another_body(&s, 32, 0, &body[0]);
  if (ok && hipc__form_loops_flat_wanted(&s, body[1])) {
    /* A copy that fails costs only its speed. */
    int fine = another_body(&s, 64, 1, &flat[1]) &&
               (!by_warp || another_body(&s, 32, 1, &flat[0]));
    for (unsigned k = 0; !fine && k < 2; k++)
      if (flat[k]) LLVMDeleteFunction(flat[k]);
    if (!fine) {
      flat[0] = flat[1] = NULL;
      free(s.note);
      s.note = NULL;
    }
  }
  if (ok && (by_warp || flat[1])) {
    *run_out = hipc__form_loops_wrap(&s, body, flat);
  } else if (ok) {
    *run_out = body[1];
    body[1] = NULL;
  }
  for (unsigned k = 0; !ok && k < 2; k++) {
    if (body[k]) LLVMDeleteFunction(body[k]);
    if (flat[k]) LLVMDeleteFunction(flat[k]);
  }
  if (!ok && !s.note) s.note = copy_str("the region form failed");
  release(&s);
  if (LLVMGetSubprogram(kernel)) hipc__form_loops_debug_settle(m);
  if (note)
    *note = ok ? NULL : s.note;
  else
    free(s.note);
  if (ok) free(s.note);
  return ok;
}
