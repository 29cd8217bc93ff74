/* Step 4: variables by address space (docs/frontend.md).
 *   addrspace(3) (__shared__): an offset into the block's static segment,
 *     hipc_tls.static_shared; `extern __shared__` arrays: hipc_tls.dyn_shared.
 *   addrspace(1)/(4) (__device__/__constant__): ordinary internal globals
 *     of the object, listed in the image for the runtime's symbol API.
 *   "hipc.managed" annotations (__managed__): a void* slot the runtime points
 *     at the managed storage; every function loads the slot.
 * Pointers keep their address spaces where the IR's types say so: the host
 * backends treat address spaces below 256 as one memory, so the remaining
 * addrspacecasts cost nothing. */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hip/hipc/kc_abi.h"
#include "kc/kc.h"

/* A variable replaced by a per-function value. */
enum repl_kind { R_SHARED, R_DYN, R_MANAGED };
struct repl {
  LLVMValueRef g;
  enum repl_kind kind;
  uint64_t offset;     /* R_SHARED: in the static segment */
  LLVMValueRef slot;   /* R_MANAGED */
  uint64_t end;        /* R_SHARED: offset + size */
};

struct repls {
  struct repl* r;
  unsigned n, cap;
};

static void push(struct repls* rs, struct repl r) {
  if (rs->n == rs->cap) {
    rs->cap = rs->cap ? rs->cap * 2 : 16;
    rs->r = realloc(rs->r, rs->cap * sizeof *rs->r);
    if (!rs->r) hipc__diag_fatal("out of memory");
  }
  rs->r[rs->n++] = r;
}

static void add_var(struct kc_ctx* c, const char* name, LLVMValueRef storage,
                    uint64_t size, uint32_t flags) {
  c->vars = realloc(c->vars, (c->num_vars + 1) * sizeof *c->vars);
  if (!c->vars) hipc__diag_fatal("out of memory");
  struct kc_var* v = &c->vars[c->num_vars++];
  v->name = hipc__diag_strdup(name);
  v->storage = storage;
  v->size = size;
  v->flags = flags;
}

static LLVMValueRef strip_casts(LLVMValueRef v) {
  while (v && LLVMIsAConstantExpr(v) &&
         (LLVMGetConstOpcode(v) == LLVMAddrSpaceCast ||
          LLVMGetConstOpcode(v) == LLVMBitCast))
    v = LLVMGetOperand(v, 0);
  return v;
}

static int in_list(LLVMValueRef* l, unsigned n, LLVMValueRef v);

/* `extern __managed__` declarations: clang emits no annotation for a
 * declaration, but it keeps a declaration's section, and the kc pass's
 * headers give `__managed__` the section HIPC_KC_MANAGED_SECTION. Appends
 * them to `out` (which holds `n`, with room for every global); returns the
 * new count. */
static unsigned extern_managed(struct kc_ctx* c, LLVMValueRef* out,
                               unsigned n) {
  for (LLVMValueRef g = LLVMGetFirstGlobal(c->mod); g;
       g = LLVMGetNextGlobal(g)) {
    const char* sec = LLVMGetSection(g);
    if (LLVMIsDeclaration(g) && sec &&
        strcmp(sec, HIPC_KC_MANAGED_SECTION) == 0 && !in_list(out, n, g))
      out[n++] = g;
  }
  return n;
}

/* The globals annotated "hipc.managed" (`__managed__`), in `*builtin`
 * (`*nbuiltin` of them) those annotated "hipc.builtin" (the headers'
 * threadIdx & co., which no host code names: not in the image), and in
 * `*constant` (`*nconstant`) those annotated "hipc.constant" (explicit
 * `__constant__` variables, as opposed to the `const` ones clang makes
 * constant implicitly).
 * llvm.global.annotations holds {ptr var, ptr string, ptr file, i32 line,
 * ptr args} entries. The annotations are dropped afterwards: nothing on the
 * host reads them. */
static unsigned managed_globals(struct kc_ctx* c, LLVMValueRef** out,
                                LLVMValueRef** builtin, unsigned* nbuiltin,
                                LLVMValueRef** constant, unsigned* nconstant) {
  LLVMValueRef ann = LLVMGetNamedGlobal(c->mod, "llvm.global.annotations");
  *out = *builtin = *constant = NULL;
  *nbuiltin = *nconstant = 0;
  LLVMValueRef init = ann ? LLVMGetInitializer(ann) : NULL;
  unsigned n = init ? (unsigned)LLVMGetNumOperands(init) : 0, found = 0;
  unsigned nglobals = 0;
  for (LLVMValueRef g = LLVMGetFirstGlobal(c->mod); g; g = LLVMGetNextGlobal(g))
    nglobals++;
  *out = hipc__diag_xmalloc((n + nglobals + 1) * sizeof **out);
  if (!ann) return extern_managed(c, *out, 0);
  *builtin = hipc__diag_xmalloc(n * sizeof **builtin);
  *constant = hipc__diag_xmalloc(n * sizeof **constant);
  for (unsigned i = 0; i < n; i++) {
    LLVMValueRef e = LLVMGetOperand(init, i);
    if (LLVMGetNumOperands(e) < 2) continue;
    LLVMValueRef var = strip_casts(LLVMGetOperand(e, 0));
    LLVMValueRef str = strip_casts(LLVMGetOperand(e, 1));
    if (!var || !LLVMIsAGlobalVariable(var) || !str ||
        !LLVMIsAGlobalVariable(str) || !LLVMGetInitializer(str))
      continue;
    size_t len = 0;
    const char* s = LLVMGetAsString(LLVMGetInitializer(str), &len);
    if (s && strcmp(s, "hipc.managed") == 0) (*out)[found++] = var;
    if (s && strcmp(s, "hipc.builtin") == 0) (*builtin)[(*nbuiltin)++] = var;
    if (s && strcmp(s, "hipc.constant") == 0)
      (*constant)[(*nconstant)++] = var;
  }
  LLVMDeleteGlobal(ann);
  found = extern_managed(c, *out, found);
  /* The annotations' strings, now unused. */
  LLVMValueRef g = LLVMGetFirstGlobal(c->mod);
  while (g) {
    LLVMValueRef next = LLVMGetNextGlobal(g);
    const char* sec = LLVMGetSection(g);
    if (sec && strcmp(sec, "llvm.metadata") == 0 && !LLVMGetFirstUse(g))
      LLVMDeleteGlobal(g);
    g = next;
  }
  return found;
}

/* --managed-names, --constant-names: one name a line. hipcc's GPU pass
 * compiles the same source for real GPUs, where clang's CUDA mode has no
 * managed attribute, and marks the managed variables managed in its PTX by
 * name; it keeps the explicit `__constant__` variables when it removes the
 * host-only `const` ones clang made constant (src/hipcc/ptx_consts.h). */
static void write_names(const char* path, LLVMValueRef* v, unsigned n) {
  FILE* f = fopen(path, "w");
  if (!f) hipc__diag_fatal("cannot write %s", path);
  for (unsigned i = 0; i < n; i++)
    if (!LLVMIsDeclaration(v[i])) /* another source defines it */
      fprintf(f, "%s\n", hipc__util_name(v[i]));
  if (fclose(f) != 0) hipc__diag_fatal("cannot write %s", path);
}

static int in_list(LLVMValueRef* l, unsigned n, LLVMValueRef v) {
  for (unsigned i = 0; i < n; i++)
    if (l[i] == v) return 1;
  return 0;
}

/* The value that stands for r->g in `fn`, built at the entry on first use. */
static LLVMValueRef value_in(struct kc_ctx* c, LLVMValueRef fn,
                             struct repl* r, LLVMValueRef* cache,
                             LLVMValueRef* ss, LLVMValueRef* dyn) {
  if (*cache) return *cache;
  LLVMBuilderRef b = LLVMCreateBuilderInContext(c->llctx);
  hipc__util_position_entry(b, fn);
  LLVMTypeRef ptr = hipc__util_ptr(c);
  LLVMValueRef p;
  if (r->kind == R_MANAGED) {
    p = LLVMBuildLoad2(b, ptr, r->slot, "managed");
  } else {
    /* One load of the segment's base per function; what is built from it
     * goes right after it, so that it dominates every use. */
    LLVMValueRef* base = r->kind == R_DYN ? dyn : ss;
    size_t off = r->kind == R_DYN ? offsetof(hipc_thread_state, dyn_shared)
                                  : offsetof(hipc_thread_state, static_shared);
    if (!*base)
      *base = LLVMBuildLoad2(b, ptr, hipc__util_tls_field(c, b, off),
                             r->kind == R_DYN ? "dyn_shared"
                                              : "static_shared");
    LLVMPositionBuilderBefore(b, LLVMGetNextInstruction(*base));
    p = *base;
    if (r->kind == R_SHARED) {
      LLVMValueRef o = LLVMConstInt(hipc__util_i64(c), r->offset, 0);
      p = LLVMBuildInBoundsGEP2(b, LLVMInt8TypeInContext(c->llctx), p, &o, 1,
                                hipc__util_name(r->g));
    }
  }
  if (LLVMTypeOf(p) != LLVMTypeOf(r->g))
    p = LLVMBuildAddrSpaceCast(b, p, LLVMTypeOf(r->g), "");
  LLVMDisposeBuilder(b);
  return *cache = p;
}

static void replace_uses(struct kc_ctx* c, struct repls* rs) {
  LLVMValueRef* cache = hipc__diag_xmalloc(rs->n * sizeof *cache);
  LLVMValueRef* gs = hipc__diag_xmalloc(rs->n * sizeof *gs);
  for (unsigned i = 0; i < rs->n; i++) gs[i] = rs->r[i].g;
  hipc__constexpr_expand(c, gs, rs->n);
  for (LLVMValueRef f = LLVMGetFirstFunction(c->mod); f;
       f = LLVMGetNextFunction(f)) {
    if (LLVMIsDeclaration(f)) continue;
    memset(cache, 0, rs->n * sizeof *cache);
    LLVMValueRef ss = NULL, dyn = NULL;
    uint64_t end = 0;
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(f); bb;
         bb = LLVMGetNextBasicBlock(bb))
      for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i;
           i = LLVMGetNextInstruction(i)) {
        int nops = LLVMGetNumOperands(i);
        for (int k = 0; k < nops; k++) {
          LLVMValueRef op = LLVMGetOperand(i, (unsigned)k);
          for (unsigned j = 0; j < rs->n; j++)
            if (op == gs[j]) {
              LLVMValueRef v =
                  value_in(c, f, &rs->r[j], &cache[j], &ss, &dyn);
              if (rs->r[j].kind == R_SHARED && rs->r[j].end > end)
                end = rs->r[j].end;
              LLVMSetOperand(i, (unsigned)k, v);
              break;
            }
        }
      }
    if (end) hipc__shared_size_note(c, f, end);
  }
  /* Debug intrinsics' metadata may still name the globals. */
  for (unsigned j = 0; j < rs->n; j++) {
    LLVMReplaceAllUsesWith(gs[j], LLVMGetPoison(LLVMTypeOf(gs[j])));
    LLVMDeleteGlobal(gs[j]);
  }
  free(cache);
  free(gs);
}

/* Copies `old` into a new address-space-0 global of the same name, value
 * and attributes, and makes every use of `old` use it. */
static LLVMValueRef move_to_as0(struct kc_ctx* c, LLVMValueRef old) {
  const char* oname = hipc__util_name(old);
  /* `extern __device__ T x;` here and `__device__ T x;` in another
   * translation unit: both keep their linkage under a name of the device's
   * own (the host object's `x` is another variable), as functions do
   * (link.c). */
  LLVMLinkage l = LLVMGetLinkage(old);
  int shared = LLVMIsDeclaration(old) || l == LLVMExternalLinkage;
  size_t len = strlen(HIPC_KC_DEV_PREFIX) + strlen(oname) + 1;
  char* name = hipc__diag_xmalloc(len);
  snprintf(name, len, "%s%s", shared ? HIPC_KC_DEV_PREFIX : "", oname);
  LLVMSetValueName2(old, "", 0);
  LLVMTypeRef ty = LLVMGlobalGetValueType(old);
  LLVMValueRef g = LLVMAddGlobal(c->mod, ty, name);
  free(name);
  if (shared) LLVMSetVisibility(g, LLVMHiddenVisibility);
  LLVMValueRef init = LLVMGetInitializer(old);
  if (init) LLVMSetInitializer(g, init);
  LLVMSetLinkage(g, LLVMGetLinkage(old));
  LLVMSetAlignment(g, LLVMGetAlignment(old));
  /* Never read-only: the symbol API writes device variables, const ones
   * included, as it does a GPU's memory. */
  LLVMSetGlobalConstant(g, 0);
  LLVMSetExternallyInitialized(g, LLVMIsExternallyInitialized(old));
  LLVMSetUnnamedAddress(g, LLVMGetUnnamedAddress(old));
  const char* sec = LLVMGetSection(old);
  if (sec && *sec) LLVMSetSection(g, sec);
  size_t nmd = 0;
  LLVMValueMetadataEntry* md = LLVMGlobalCopyAllMetadata(old, &nmd);
  for (unsigned i = 0; i < nmd; i++)
    LLVMGlobalSetMetadata(g, LLVMValueMetadataEntriesGetKind(md, i),
                          LLVMValueMetadataEntriesGetMetadata(md, i));
  if (md) LLVMDisposeValueMetadataEntries(md);
  /* Constant users fold: addrspacecast(addrspacecast(g)) becomes g. */
  LLVMReplaceAllUsesWith(old, LLVMConstAddrSpaceCast(g, LLVMTypeOf(old)));
  LLVMDeleteGlobal(old);
  return g;
}

/* The void* slot through which kernels reach the managed variable `g`.
 * A variable other translation units may name (external linkage, or an
 * `extern __managed__` declaration) has its slot under its own (mangled)
 * name, hidden: that is the symbol through which clang's host pass of
 * another source reaches it (`@x = external global ptr`, which the defining
 * source's host object keeps internal), so every source's host code and
 * kernels load one pointer, which the runtime sets when it binds the
 * variable. Any other has an internal slot `NAME.managed`. */
static LLVMValueRef managed_slot(struct kc_ctx* c, LLVMValueRef g) {
  LLVMTypeRef ptr = hipc__util_ptr(c);
  const char* name = hipc__util_name(g);
  int shared =
      LLVMIsDeclaration(g) || LLVMGetLinkage(g) == LLVMExternalLinkage;
  char* slot_name = hipc__diag_xmalloc(strlen(name) + sizeof ".managed");
  sprintf(slot_name, shared ? "%s" : "%s.managed", name);
  if (shared) LLVMSetValueName2(g, "", 0);
  LLVMValueRef slot = LLVMAddGlobal(c->mod, ptr, slot_name);
  free(slot_name);
  LLVMSetAlignment(slot, LLVMABIAlignmentOfType(c->td, ptr));
  if (shared) LLVMSetVisibility(slot, LLVMHiddenVisibility);
  if (LLVMIsDeclaration(g)) return slot; /* another source defines it */
  LLVMSetInitializer(slot, LLVMConstNull(ptr));
  LLVMSetLinkage(slot, shared ? LLVMExternalLinkage : LLVMInternalLinkage);
  /* The runtime writes the slot before any kernel reads it. */
  LLVMSetExternallyInitialized(slot, 1);
  return slot;
}

void hipc__globals_lower(struct kc_ctx* c) {
  LLVMValueRef *managed = NULL, *builtin = NULL, *constant = NULL;
  unsigned n_builtin = 0, n_constant = 0;
  unsigned n_managed = managed_globals(c, &managed, &builtin, &n_builtin,
                                       &constant, &n_constant);
  if (c->managed_names) write_names(c->managed_names, managed, n_managed);
  if (c->constant_names) write_names(c->constant_names, constant, n_constant);
  free(constant);
  struct repls rs = {0};
  uint64_t at = 0;

  /* Collect first: the loop below adds and deletes globals. */
  unsigned n = 0;
  for (LLVMValueRef g = LLVMGetFirstGlobal(c->mod); g; g = LLVMGetNextGlobal(g))
    n++;
  LLVMValueRef* all = hipc__diag_xmalloc(n * sizeof *all);
  n = 0;
  for (LLVMValueRef g = LLVMGetFirstGlobal(c->mod); g; g = LLVMGetNextGlobal(g))
    all[n++] = g;

  for (unsigned i = 0; i < n; i++) {
    LLVMValueRef g = all[i];
    unsigned as = LLVMGetPointerAddressSpace(LLVMTypeOf(g));
    LLVMTypeRef vt = LLVMGlobalGetValueType(g);
    uint64_t size = LLVMABISizeOfType(c->td, vt);
    if (in_list(managed, n_managed, g)) {
      char* name = hipc__diag_strdup(hipc__util_name(g));
      LLVMValueRef slot = managed_slot(c, g); /* may take g's name */
      if (!LLVMIsDeclaration(slot))
        add_var(c, name, slot, size, HIPC_KC_VAR_MANAGED);
      free(name);
      push(&rs, (struct repl){g, R_MANAGED, 0, slot, 0});
    } else if (as == 3) {
      if (LLVMIsDeclaration(g) || size == 0) {
        push(&rs, (struct repl){g, R_DYN, 0, NULL, 0});
        continue;
      }
      uint64_t align = LLVMGetAlignment(g);
      uint64_t abi = LLVMABIAlignmentOfType(c->td, vt);
      if (abi > align) align = abi;
      at = (at + align - 1) / align * align;
      push(&rs, (struct repl){g, R_SHARED, at, NULL, at + size});
      at += size;
    } else if (as == 1 || as == 4) {
      int def = !LLVMIsDeclaration(g) && !in_list(builtin, n_builtin, g);
      char* name = hipc__diag_strdup(hipc__util_name(g));
      LLVMValueRef ng = move_to_as0(c, g);
      if (def)
        add_var(c, name, ng, size, as == 4 ? HIPC_KC_VAR_CONSTANT : 0);
      free(name);
    } else if (as != 0) {
      hipc__diag_fatal("%s: variable %s in address space %u: unsupported",
                       c->in_path, hipc__util_name(g), as);
    }
  }
  free(all);
  free(managed);
  free(builtin);
  if (at > UINT32_MAX)
    hipc__diag_fatal("%s: %llu bytes of __shared__ variables", c->in_path,
                     (unsigned long long)at);
  c->static_shared = (uint32_t)((at + 63) / 64 * 64);
  if (rs.n) replace_uses(c, &rs);
  hipc__shared_size_kernels(c);
  free(rs.r);
  hipc__constexpr_fold_casts(c);
}
