/* Error reports. An unsupported construct is reported at its source line
 * (when the module has debug information) and with the name of a kernel
 * whose code reaches it, since the user only knows their kernels. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kc/kc.h"

_Noreturn void hipc__diag_fatal(const char* fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  fputs("hipc-kc: ", stderr);
  vfprintf(stderr, fmt, ap);
  fputc('\n', stderr);
  va_end(ap);
  exit(1);
}

void* hipc__diag_xmalloc(size_t n) {
  void* p = calloc(1, n ? n : 1);
  if (!p) hipc__diag_fatal("out of memory");
  return p;
}

const char* hipc__diag_source_file(struct kc_ctx* c, size_t* len) {
  const char* src = c->mod ? LLVMGetSourceFileName(c->mod, len) : NULL;
  if (src && *len) return src;
  *len = strlen(c->in_path);
  return c->in_path;
}

char* hipc__diag_strdup(const char* s) {
  size_t n = strlen(s) + 1;
  char* p = hipc__diag_xmalloc(n);
  memcpy(p, s, n);
  return p;
}

/* Whether `target` is `fn` or reached from it through direct calls. The
 * visited list bounds the walk on recursive call graphs. */
static int reaches(LLVMValueRef fn, LLVMValueRef target, LLVMValueRef** seen,
                   unsigned* nseen, unsigned* cap) {
  if (fn == target) return 1;
  for (unsigned i = 0; i < *nseen; i++)
    if ((*seen)[i] == fn) return 0;
  if (*nseen == *cap) {
    *cap = *cap ? *cap * 2 : 64;
    *seen = realloc(*seen, *cap * sizeof **seen);
    if (!*seen) hipc__diag_fatal("out of memory");
  }
  (*seen)[(*nseen)++] = fn;
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb;
       bb = LLVMGetNextBasicBlock(bb))
    for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i;
         i = LLVMGetNextInstruction(i)) {
      if (!LLVMIsACallInst(i) && !LLVMIsAInvokeInst(i)) continue;
      LLVMValueRef callee = LLVMGetCalledValue(i);
      if (callee && LLVMIsAFunction(callee) &&
          !LLVMIsDeclaration(callee) &&
          reaches(callee, target, seen, nseen, cap))
        return 1;
    }
  return 0;
}

/* The kernel whose code contains `fn`, or NULL. */
static const char* kernel_of(struct kc_ctx* c, LLVMValueRef fn) {
  for (unsigned k = 0; k < c->num_kernels; k++) {
    LLVMValueRef* seen = NULL;
    unsigned nseen = 0, cap = 0;
    int hit = reaches(c->kernels[k].fn, fn, &seen, &nseen, &cap);
    free(seen);
    if (hit) return c->kernels[k].name;
  }
  return NULL;
}

_Noreturn void hipc__diag_fail(struct kc_ctx* c, LLVMValueRef where,
                               const char* fmt, ...) {
  char file[512];
  unsigned line = 0;
  size_t slen;
  const char* src = hipc__diag_source_file(c, &slen);
  snprintf(file, sizeof file, "%.*s", (int)slen, src);
  LLVMValueRef fn = NULL;
  if (where && LLVMIsAInstruction(where)) {
    fn = LLVMGetBasicBlockParent(LLVMGetInstructionParent(where));
    unsigned len = 0;
    const char* f = LLVMGetDebugLocFilename(where, &len);
    line = LLVMGetDebugLocLine(where);
    if (f && len && line) snprintf(file, sizeof file, "%.*s", (int)len, f);
  } else if (where && LLVMIsAFunction(where)) {
    fn = where;
  }
  fprintf(stderr, "hipc-kc: %s:", file);
  if (line) fprintf(stderr, "%u:", line);
  const char* k = fn ? kernel_of(c, fn) : NULL;
  if (k)
    fprintf(stderr, " kernel %s: ", k);
  else if (fn)
    fprintf(stderr, " function %s: ", hipc__util_name(fn));
  else
    fputc(' ', stderr);
  va_list ap;
  va_start(ap, fmt);
  vfprintf(stderr, fmt, ap);
  va_end(ap);
  fputc('\n', stderr);
  exit(1);
}
