/* The static __shared__ segment of each kernel: the variables are laid out
 * once for the module (globals.c), and a kernel's segment reaches as far as
 * the last one its code uses, so that a kernel without __shared__
 * variables needs none (hipFuncGetAttributes reports it, and blocks of
 * cooperative launches each get their own). */
#include <stdlib.h>

#include "kc/kc.h"

void hipc__shared_size_note(struct kc_ctx* c, LLVMValueRef fn, uint64_t end) {
  c->shared_ends = realloc(c->shared_ends,
                           (c->num_shared_ends + 1) * sizeof *c->shared_ends);
  if (!c->shared_ends) hipc__diag_fatal("out of memory");
  c->shared_ends[c->num_shared_ends++] = (struct kc_shared_end){fn, end};
}

static uint64_t own_end(struct kc_ctx* c, LLVMValueRef fn) {
  for (unsigned i = 0; i < c->num_shared_ends; i++)
    if (c->shared_ends[i].fn == fn) return c->shared_ends[i].end;
  return 0;
}

/* The functions seen by one walk. */
struct seen {
  LLVMValueRef* v;
  unsigned n, cap;
};

static int visit(struct seen* s, LLVMValueRef fn) {
  for (unsigned i = 0; i < s->n; i++)
    if (s->v[i] == fn) return 0;
  if (s->n == s->cap) {
    s->cap = s->cap ? 2 * s->cap : 32;
    s->v = realloc(s->v, s->cap * sizeof *s->v);
    if (!s->v) hipc__diag_fatal("out of memory");
  }
  s->v[s->n++] = fn;
  return 1;
}

/* The furthest byte `fn` and its callees reach; a call through a pointer
 * may reach anything, so it counts the whole segment. */
static uint64_t reach(struct kc_ctx* c, struct seen* s, LLVMValueRef fn) {
  if (!fn || !visit(s, fn) || LLVMIsDeclaration(fn)) return 0;
  uint64_t end = own_end(c, fn);
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb;
       bb = LLVMGetNextBasicBlock(bb))
    for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i;
         i = LLVMGetNextInstruction(i)) {
      if (!LLVMIsACallInst(i) && !LLVMIsAInvokeInst(i)) continue;
      LLVMValueRef callee = LLVMGetCalledValue(i);
      uint64_t e = callee && LLVMIsAFunction(callee)
                       ? reach(c, s, callee)
                       : (callee && LLVMIsAInlineAsm(callee)
                              ? 0
                              : c->static_shared);
      if (e > end) end = e;
    }
  return end;
}

void hipc__shared_size_kernels(struct kc_ctx* c) {
  for (unsigned k = 0; k < c->num_kernels; k++) {
    struct kc_kernel* kn = &c->kernels[k];
    struct seen s = {0};
    uint64_t end = reach(c, &s, kn->fn);
    uint64_t e = reach(c, &s, kn->run);
    if (e > end) end = e;
    e = reach(c, &s, kn->thread);
    if (e > end) end = e;
    free(s.v);
    kn->static_shared = (uint32_t)((end + 63) / 64 * 64);
  }
}
