/* The packed argument buffer (params.h). The host compile packs
 * `*args[i]` with the host's sizes and alignments, so the layout must use
 * the host's datalayout: the module is retargeted before this runs. */
#include <stdlib.h>
#include <string.h>

#include "kc/params.h"

LLVMTypeRef hipc__params_byval_type(LLVMValueRef fn, unsigned i) {
  unsigned kind = LLVMGetEnumAttributeKindForName("byval", 5);
  LLVMAttributeRef a = LLVMGetEnumAttributeAtIndex(fn, i + 1, kind);
  return a ? LLVMGetTypeAttributeValue(a) : NULL;
}

static uint32_t align_attr(LLVMValueRef fn, unsigned i) {
  unsigned kind = LLVMGetEnumAttributeKindForName("align", 5);
  LLVMAttributeRef a = LLVMGetEnumAttributeAtIndex(fn, i + 1, kind);
  return a ? (uint32_t)LLVMGetEnumAttributeValue(a) : 1;
}

static void* xcalloc(size_t n, size_t size) {
  void* p = calloc(n ? n : 1, size);
  if (!p) abort();
  return p;
}

void hipc__params_layout(LLVMTargetDataRef td, LLVMValueRef kernel,
                         struct kc_param_layout* out) {
  unsigned n = LLVMCountParams(kernel);
  out->n = n;
  out->offset = xcalloc(n, sizeof *out->offset);
  out->size = xcalloc(n, sizeof *out->size);
  out->align = xcalloc(n, sizeof *out->align);
  uint64_t at = 0;
  uint32_t max_align = 1;
  for (unsigned i = 0; i < n; i++) {
    LLVMTypeRef byval = hipc__params_byval_type(kernel, i);
    LLVMTypeRef t = byval ? byval : LLVMTypeOf(LLVMGetParam(kernel, i));
    uint64_t size = LLVMABISizeOfType(td, t);
    uint32_t align = LLVMABIAlignmentOfType(td, t);
    if (byval) {
      uint32_t attr = align_attr(kernel, i);
      if (attr > align) align = attr;
    }
    at = (at + align - 1) / align * align;
    out->offset[i] = (uint32_t)at;
    out->size[i] = (uint32_t)size;
    out->align[i] = align;
    at += size;
    if (align > max_align) max_align = align;
  }
  out->args_align = max_align;
  out->args_size = (uint32_t)((at + max_align - 1) / max_align * max_align);
}

void hipc__params_free(struct kc_param_layout* l) {
  free(l->offset);
  free(l->size);
  free(l->align);
  memset(l, 0, sizeof *l);
}
