/* Step 7 in parallel, the plan (split.h): which functions are units, which
 * part each goes to, and the edits that turn a copy of the module into a
 * part. Code generation and LLVM's function passes work on one function
 * at a time, so a kernel's K.run compiled in a module of its own is the
 * same code as in the whole module, given the same callees to inline: a
 * part keeps every internal and linkonce function and every constant
 * (each part its own copy, the unused ones dropped) and sees the other
 * exported functions available_externally. What must stay one object,
 * the module's variables, is defined in the home part only, hidden, and
 * declared in the others. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <llvm-c/Comdat.h>
#include <llvm-c/Error.h>
#include <llvm-c/Transforms/PassBuilder.h>

#include "kc/split.h"

/* Below this many instructions in the second biggest part, a thread does
 * not pay for copying the module (bitcode out and in) and joining.
 * HIPC_KC_SPLIT_MIN=N sets it (tests split small modules with 1). */
static unsigned split_min_part(void) {
  const char* e = getenv("HIPC_KC_SPLIT_MIN");
  return e && *e ? (unsigned)strtoul(e, NULL, 10) : 1500;
}

static int is_local(LLVMValueRef g) {
  LLVMLinkage l = LLVMGetLinkage(g);
  return l == LLVMInternalLinkage || l == LLVMPrivateLinkage;
}

/* A definition the module may drop where nothing uses it. */
static int is_discardable(LLVMValueRef g) {
  LLVMLinkage l = LLVMGetLinkage(g);
  return l == LLVMLinkOnceAnyLinkage || l == LLVMLinkOnceODRLinkage ||
         l == LLVMWeakAnyLinkage || l == LLVMWeakODRLinkage;
}

static int has_fn_attr(LLVMValueRef f, const char* name) {
  unsigned kind = LLVMGetEnumAttributeKindForName(name, strlen(name));
  return LLVMGetEnumAttributeAtIndex(f, LLVMAttributeFunctionIndex, kind) !=
         NULL;
}

/* The call of `callee` in `caller`, where that is its only use. */
static LLVMValueRef only_call_in(LLVMValueRef callee, LLVMValueRef caller) {
  LLVMUseRef u = LLVMGetFirstUse(callee);
  if (!u || LLVMGetNextUse(u)) return NULL;
  LLVMValueRef call = LLVMGetUser(u);
  if (!LLVMIsACallInst(call) || LLVMGetCalledValue(call) != callee ||
      LLVMGetBasicBlockParent(LLVMGetInstructionParent(call)) != caller)
    return NULL;
  return call;
}

struct units {
  LLVMValueRef* fn;
  unsigned* size;
  unsigned n, cap;
};

static void add_unit(struct units* u, LLVMValueRef f, unsigned extra) {
  if (!f || LLVMIsDeclaration(f)) return;
  for (unsigned i = 0; i < u->n; i++)
    if (u->fn[i] == f) return;
  if (u->n == u->cap) {
    u->cap = u->cap ? 2 * u->cap : 16;
    u->fn = realloc(u->fn, u->cap * sizeof *u->fn);
    u->size = realloc(u->size, u->cap * sizeof *u->size);
    if (!u->fn || !u->size) abort();
  }
  u->fn[u->n] = f;
  u->size[u->n++] = hipc__util_fn_size(f) + extra;
}

/* The bodies K.run calls once each, where K.run only picks one of the
 * bodies made for each warp size (form_loops.c). Returns how many. */
static unsigned warp_bodies(LLVMValueRef run, LLVMValueRef body[4]) {
  unsigned n = 0;
  if (hipc__util_fn_size(run) > 32) return 0;
  for (LLVMBasicBlockRef b = LLVMGetFirstBasicBlock(run); b;
       b = LLVMGetNextBasicBlock(b))
    for (LLVMValueRef i = LLVMGetFirstInstruction(b); i;
         i = LLVMGetNextInstruction(i)) {
      if (!LLVMIsACallInst(i)) continue;
      LLVMValueRef f = LLVMGetCalledValue(i);
      if (!LLVMIsAFunction(f) || LLVMIsDeclaration(f) ||
          LLVMGetIntrinsicID(f) || !has_fn_attr(f, "alwaysinline") ||
          !only_call_in(f, run))
        continue;
      if (n == 4) return 0;
      body[n++] = f;
    }
  return n >= 2 ? n : 0;
}

/* A body made a unit is compiled as it would be inlined into K.run: with
 * K.run's vector width and the constant arguments of its one call. */
static void ready_warp_body(LLVMValueRef body, LLVMValueRef run) {
  const char* pvw = "prefer-vector-width";
  LLVMAttributeRef width = LLVMGetStringAttributeAtIndex(
      run, LLVMAttributeFunctionIndex, pvw, strlen(pvw));
  unsigned ai = LLVMGetEnumAttributeKindForName("alwaysinline", 12);
  LLVMValueRef call = only_call_in(body, run);
  for (unsigned a = 0; a < LLVMCountParams(body); a++) {
    LLVMValueRef arg = LLVMGetOperand(call, a);
    if (LLVMIsConstant(arg) && !LLVMIsAGlobalValue(arg))
      LLVMReplaceAllUsesWith(LLVMGetParam(body, a), arg);
  }
  LLVMRemoveEnumAttributeAtIndex(body, LLVMAttributeFunctionIndex, ai);
  if (width) LLVMAddAttributeAtIndex(body, LLVMAttributeFunctionIndex, width);
}

/* Whether `body` is the one K.run calls for the runtime's default warp
 * size (64): its call passes 64. */
static int default_warp_body(LLVMValueRef body, LLVMValueRef run) {
  LLVMValueRef call = only_call_in(body, run);
  for (unsigned a = 0; a < LLVMCountParams(body); a++) {
    LLVMValueRef arg = LLVMGetOperand(call, a);
    if (LLVMIsAConstantInt(arg) && LLVMConstIntGetZExtValue(arg) == 64)
      return 1;
  }
  return 0;
}

/* Which warp bodies are units of their own. */
enum bodies {
  BODIES_INLINED, /* none: each K.run with its bodies inlined */
  BODIES_COLD,    /* those for other warp sizes than the default: K.run
                     keeps the default's inlined, its code as unsplit */
  BODIES_ALL,     /* every one (HIPC_KC_SPLIT_BODIES=1) */
};

/* Each kernel's units: K.run or its warp bodies, K.thread, K.check; with
 * `ready`, the bodies readied to be compiled apart from K.run. */
static void collect_units(struct kc_ctx* c, struct units* u, int ready,
                          enum bodies mode) {
  for (unsigned i = 0; i < c->num_kernels; i++) {
    struct kc_kernel* k = &c->kernels[i];
    LLVMValueRef body[4];
    unsigned n = k->run ? warp_bodies(k->run, body) : 0;
    unsigned extra = 0, apart = 0; /* K.run's inlined bodies' sizes */
    int has_default = 0;
    for (unsigned b = 0; b < n; b++)
      has_default |= default_warp_body(body[b], k->run);
    for (unsigned b = 0; b < n; b++) {
      if (mode == BODIES_ALL ||
          (mode == BODIES_COLD && has_default &&
           !default_warp_body(body[b], k->run))) {
        if (ready) ready_warp_body(body[b], k->run);
        add_unit(u, body[b], 0);
        apart++;
      } else {
        extra += hipc__util_fn_size(body[b]);
      }
    }
    if (apart < n || !n) add_unit(u, k->run, extra);
    add_unit(u, k->thread, 0);
    add_unit(u, k->check, 0);
  }
}

/* Longest first, each to the part with the least so far; the home part
 * starts with what is not a unit. Returns the second biggest load, and
 * the biggest in *biggest. */
static unsigned assign(const struct units* u, unsigned total, unsigned parts,
                       unsigned* part_of, unsigned* biggest) {
  unsigned* load = calloc(parts, sizeof *load);
  char* done = calloc(u->n ? u->n : 1, 1);
  if (!load || !done) abort();
  load[0] = total;
  for (unsigned i = 0; i < u->n; i++) load[0] -= u->size[i];
  for (unsigned k = 0; k < u->n; k++) {
    unsigned best = 0;
    for (unsigned i = 1; i < u->n; i++)
      if (!done[i] && (done[best] || u->size[i] > u->size[best])) best = i;
    unsigned p = 0;
    for (unsigned q = 1; q < parts; q++)
      if (load[q] < load[p]) p = q;
    load[p] += u->size[best];
    part_of[best] = p;
    done[best] = 1;
  }
  unsigned first = 0, second = 0;
  for (unsigned p = 0; p < parts; p++) {
    if (load[p] > first) {
      second = first;
      first = load[p];
    } else if (load[p] > second) {
      second = load[p];
    }
  }
  free(load);
  free(done);
  *biggest = first;
  return second;
}

static void note_local(struct split_plan* plan, LLVMValueRef g) {
  size_t len;
  const char* name = LLVMGetValueName2(g, &len);
  plan->local_name = realloc(plan->local_name,
                             (plan->num_local + 1) * sizeof *plan->local_name);
  if (!plan->local_name) abort();
  plan->local_name[plan->num_local++] = hipc__diag_strdup(name);
}

/* A hidden global in the parts' objects, local again once joined. */
static void make_shared(struct split_plan* plan, LLVMValueRef g,
                        unsigned* unnamed) {
  size_t len;
  LLVMGetValueName2(g, &len);
  if (len == 0) {
    char name[48];
    snprintf(name, sizeof name, "hipc_kc.split.%u", (*unnamed)++);
    LLVMSetValueName2(g, name, strlen(name));
  }
  LLVMSetLinkage(g, LLVMExternalLinkage);
  LLVMSetVisibility(g, LLVMHiddenVisibility);
  note_local(plan, g);
}

/* HIPC_KC_SPLIT_BODIES: 1, a warp kernel's bodies may all go to parts of
 * their own (where its K.run alone is the module's work); 0, none; unset,
 * those for the warp sizes other than the default. */
static enum bodies split_bodies_allowed(void) {
  const char* e = getenv("HIPC_KC_SPLIT_BODIES");
  if (!e || !*e) return BODIES_COLD;
  return strcmp(e, "0") != 0 ? BODIES_ALL : BODIES_INLINED;
}

int hipc__split_plan(struct kc_ctx* c, unsigned jobs, struct split_plan* plan) {
  memset(plan, 0, sizeof *plan);
  if (jobs < 2 || LLVMGetFirstGlobalAlias(c->mod) ||
      LLVMGetFirstGlobalIFunc(c->mod))
    return 0;
  unsigned total = 0;
  for (LLVMValueRef f = LLVMGetFirstFunction(c->mod); f;
       f = LLVMGetNextFunction(f))
    total += hipc__util_fn_size(f);
  /* Whole kernels; or the warp kernels' bodies for the other warp sizes
   * apart (K.run keeps the default's), or with HIPC_KC_SPLIT_BODIES=1
   * all their bodies apart, each where that splits a module that would
   * not split, or makes the biggest part a fifth smaller. Bodies go apart
   * only then: compiled apart from the rest of K.run, the default's code
   * is not quite the same (bench/reduce's K.run runs 3.8% more
   * instructions with its 32 body apart, shfl_transpose's 1.2% fewer). */
  struct units u = {0};
  enum bodies allowed = split_bodies_allowed();
  enum bodies mode[3] = {BODIES_INLINED, BODIES_COLD, BODIES_ALL};
  unsigned parts[3] = {0}, first[3] = {0}, second[3] = {0};
  for (unsigned k = 0; k <= (unsigned)allowed; k++) {
    u.n = 0;
    collect_units(c, &u, 0, mode[k]);
    parts[k] = jobs < u.n ? jobs : u.n;
    unsigned* part_of = calloc(u.n ? u.n : 1, sizeof *part_of);
    if (!part_of) abort();
    if (parts[k] >= 2)
      second[k] = assign(&u, total, parts[k], part_of, &first[k]);
    free(part_of);
  }
  unsigned min = split_min_part();
  unsigned bodies = 0;
  for (unsigned k = 1; k <= (unsigned)allowed; k++)
    if (second[k] >= min &&
        (second[bodies] < min ||
         5 * (uint64_t)first[k] < 4 * (uint64_t)first[bodies]))
      bodies = k;
  if (second[bodies] < min) {
    free(u.fn);
    free(u.size);
    return 0;
  }
  u.n = 0;
  collect_units(c, &u, 0, mode[bodies]);
  plan->unit_part = calloc(u.n ? u.n : 1, sizeof *plan->unit_part);
  if (!plan->unit_part) abort();
  unsigned unused;
  assign(&u, total, parts[bodies], plan->unit_part, &unused);
  plan->unit_name = calloc(u.n ? u.n : 1, sizeof *plan->unit_name);
  if (!plan->unit_name) abort();
  /* The same units again, readied this time. */
  u.n = 0;
  collect_units(c, &u, 1, mode[bodies]);
  plan->parts = parts[bodies];
  plan->num_units = u.n;
  unsigned unnamed = 0;
  for (unsigned i = 0; i < u.n; i++) {
    if (is_local(u.fn[i])) make_shared(plan, u.fn[i], &unnamed);
    size_t len;
    plan->unit_name[i] = hipc__diag_strdup(LLVMGetValueName2(u.fn[i], &len));
  }
  /* Constants may be copied into every part; variables may not. The
   * home part keeps a variable the others may name even where it does not
   * use it itself. */
  for (LLVMValueRef g = LLVMGetFirstGlobal(c->mod); g;
       g = LLVMGetNextGlobal(g)) {
    if (LLVMIsDeclaration(g)) continue;
    if (is_local(g) && !LLVMIsGlobalConstant(g))
      make_shared(plan, g, &unnamed);
    LLVMLinkage l = LLVMGetLinkage(g);
    if (l == LLVMLinkOnceODRLinkage) LLVMSetLinkage(g, LLVMWeakODRLinkage);
    if (l == LLVMLinkOnceAnyLinkage) LLVMSetLinkage(g, LLVMWeakAnyLinkage);
  }
  free(u.fn);
  free(u.size);
  return 1;
}

static int unit_part(const struct split_plan* plan, const char* name) {
  for (unsigned i = 0; i < plan->num_units; i++)
    if (!strcmp(plan->unit_name[i], name)) return (int)plan->unit_part[i];
  return -1;
}

/* `f` replaced by a hidden declaration of the same name and type. */
static void to_declaration(LLVMModuleRef m, LLVMValueRef f) {
  size_t len;
  char* name = hipc__diag_strdup(LLVMGetValueName2(f, &len));
  LLVMSetValueName2(f, "", 0);
  LLVMValueRef d = LLVMAddFunction(m, name, LLVMGlobalGetValueType(f));
  LLVMSetLinkage(d, LLVMExternalLinkage);
  LLVMSetVisibility(d, LLVMHiddenVisibility);
  LLVMReplaceAllUsesWith(f, d);
  LLVMDeleteFunction(f);
  free(name);
}

void hipc__split_part(LLVMModuleRef m, const struct split_plan* plan,
                      unsigned part) {
  LLVMValueRef next;
  for (LLVMValueRef f = LLVMGetFirstFunction(m); f; f = next) {
    next = LLVMGetNextFunction(f);
    if (LLVMIsDeclaration(f)) continue;
    size_t len;
    int p = unit_part(plan, LLVMGetValueName2(f, &len));
    if (p >= 0) {
      if ((unsigned)p != part) to_declaration(m, f);
    } else if (part != 0 && is_discardable(f)) {
      /* The home part drops it where it does not call it: a copy of the
       * part's own, as for the internal functions. */
      LLVMSetLinkage(f, LLVMInternalLinkage);
      LLVMSetComdat(f, NULL);
    } else if (part != 0 && !is_local(f)) {
      /* The home part defines it; here it is only there to inline. */
      LLVMSetLinkage(f, LLVMAvailableExternallyLinkage);
      LLVMSetComdat(f, NULL);
    }
  }
  for (LLVMValueRef g = LLVMGetFirstGlobal(m); g; g = next) {
    next = LLVMGetNextGlobal(g);
    if (part == 0 || LLVMIsDeclaration(g) || is_local(g)) continue;
    if (LLVMGetLinkage(g) == LLVMAppendingLinkage) {
      LLVMDeleteGlobal(g);
      continue;
    }
    if (LLVMIsGlobalConstant(g) && !LLVMIsExternallyInitialized(g)) {
      /* A constant: the part's own copy, which its loads fold. */
      LLVMSetLinkage(g, LLVMInternalLinkage);
      LLVMSetComdat(g, NULL);
      continue;
    }
    LLVMSetInitializer(g, NULL);
    LLVMSetLinkage(g, LLVMExternalLinkage);
    LLVMSetComdat(g, NULL);
  }
  /* Drop what the part does not reach before the pipeline spends time on
   * it (the inliner visits every function it is given). */
  LLVMPassBuilderOptionsRef o = LLVMCreatePassBuilderOptions();
  LLVMErrorRef e = LLVMRunPasses(m, "globaldce", NULL, o);
  LLVMDisposePassBuilderOptions(o);
  if (e) {
    char* msg = LLVMGetErrorMessage(e);
    hipc__diag_fatal("splitting the module: %s", msg);
  }
}

void hipc__split_plan_free(struct split_plan* plan) {
  for (unsigned i = 0; i < plan->num_units; i++) free(plan->unit_name[i]);
  for (unsigned i = 0; i < plan->num_local; i++) free(plan->local_name[i]);
  free(plan->unit_name);
  free(plan->unit_part);
  free(plan->local_name);
  memset(plan, 0, sizeof *plan);
}
