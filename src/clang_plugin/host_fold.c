/* Constant long double math in host code, folded as gcc folds it.
 *
 * LLVM 19 folds math calls on constants only for float and double: a call
 * like logl(2147483648.0L) stays a call, because its arguments and result
 * are x86_fp80 (fp128 on AArch64). libstdc++'s std::generate_canonical
 * computes log(r) / log(2.0L) of its engine's constant range at every draw,
 * so every std::normal_distribution or std::uniform_real_distribution draw
 * in a clang-built host pass pays for two logl calls that gcc (nvcc's host
 * compiler) computes at compile time: HeCBench's pnpoly, 4e7 normal draws,
 * took 2 s more than its nvcc build on an H200.
 *
 * hipc_host_fold_function replaces such a call whose arguments are
 * constants by the constant that the C library's long double function
 * returns on this host: the same function, on the same format, that the
 * call would have run. A call is left alone where the result is not finite
 * or the argument is outside the function's domain (a libcall would set
 * errno there). The constants are read from and written to LLVM as
 * hexadecimal text (LLVM's C API has no exact access to long double
 * constants): "0xK" and 20 hex digits for x86_fp80 (the IR printer's form),
 * C's "%La" for the result (APFloat parses hexadecimal floats exactly).
 *
 * Registered with clang by plugin.cpp (the pass plugin interface is C++);
 * docs/internals.md, step 4 of "How a HIP source is compiled". */
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <llvm-c/Core.h>

#include "clang_plugin.h"

enum fold_op { OP_LOG, OP_LOG2, OP_LOG10, OP_EXP, OP_EXP2, OP_SQRT, OP_POW };

static const struct {
  const char *name; /* the libm name without its l; llvm.NAME.f80 too */
  enum fold_op op;
  unsigned nargs;
} ops[] = {{"log", OP_LOG, 1},   {"log2", OP_LOG2, 1}, {"log10", OP_LOG10, 1},
           {"exp", OP_EXP, 1},   {"exp2", OP_EXP2, 1}, {"sqrt", OP_SQRT, 1},
           {"pow", OP_POW, 2}};

/* The host's long double as an LLVM type kind: x86_fp80 (64-bit
 * mantissa) or IEEE quad (113 bits); other hosts fold nothing. */
static LLVMTypeKind long_double_kind(void) {
#if LDBL_MANT_DIG == 64
  return LLVMX86_FP80TypeKind;
#elif LDBL_MANT_DIG == 113
  return LLVMFP128TypeKind;
#else
  return LLVMVoidTypeKind;
#endif
}

/* The operation `name` (a callee's name) stands for, or -1: "logl" and
 * "llvm.log.f80" are OP_LOG (".f128" for quad). */
static int op_of(const char *name, size_t len) {
  const char *suffix =
      long_double_kind() == LLVMX86_FP80TypeKind ? ".f80" : ".f128";
  size_t slen = strlen(suffix);
  for (size_t i = 0; i < sizeof ops / sizeof *ops; i++) {
    size_t n = strlen(ops[i].name);
    if (len == n + 1 && strncmp(name, ops[i].name, n) == 0 && name[n] == 'l')
      return (int)i;
    if (len == 5 + n + slen && strncmp(name, "llvm.", 5) == 0 &&
        strncmp(name + 5, ops[i].name, n) == 0 &&
        strcmp(name + 5 + n, suffix) == 0)
      return (int)i;
  }
  return -1;
}

static int hex_digit(char c) {
  if (c >= '0' && c <= '9')
    return c - '0';
  if (c >= 'A' && c <= 'F')
    return c - 'A' + 10;
  if (c >= 'a' && c <= 'f')
    return c - 'a' + 10;
  return -1;
}

/* `n` hex digits at `s` as bytes, most significant first. 0 on success. */
static int read_hex(const char *s, unsigned char *out, size_t n) {
  for (size_t i = 0; i < n; i += 2) {
    int hi = hex_digit(s[i]), lo = hex_digit(s[i + 1]);
    if (hi < 0 || lo < 0)
      return -1;
    out[i / 2] = (unsigned char)(hi << 4 | lo);
  }
  return 0;
}

/* The value of the constant `c` of the host's long double type, exactly.
 * 0 on success. */
static int constant_value(LLVMValueRef c, long double *out) {
  char *text = LLVMPrintValueToString(c);
  int rc = -1;
  unsigned char b[16];
  memset(out, 0, sizeof *out);
#if LDBL_MANT_DIG == 64
  /* 0xK SEEE MMMMMMMMMMMMMMMM: sign and exponent, then the mantissa; in
   * memory (little-endian) the mantissa's 8 bytes come first. */
  const char *k = strstr(text, "0xK");
  if (k != NULL && strlen(k + 3) >= 20 && read_hex(k + 3, b, 20) == 0) {
    unsigned char mem[10];
    for (int i = 0; i < 8; i++)
      mem[i] = b[9 - i];
    mem[8] = b[1];
    mem[9] = b[0];
    memcpy(out, mem, sizeof mem);
    rc = 0;
  }
#elif LDBL_MANT_DIG == 113
  /* 0xL LLLLLLLLLLLLLLLL HHHHHHHHHHHHHHHH: the low 64 bits, then the high
   * 64 bits, each most significant digit first. */
  const char *l = strstr(text, "0xL");
  if (l != NULL && strlen(l + 3) >= 32 && read_hex(l + 3, b, 32) == 0) {
    unsigned char mem[16];
    for (int i = 0; i < 8; i++) {
      mem[i] = b[7 - i];
      mem[8 + i] = b[15 - i];
    }
    memcpy(out, mem, sizeof mem);
    rc = 0;
  }
#else
  (void)b;
#endif
  LLVMDisposeMessage(text);
  return rc;
}

/* op(a, b) where it is finite and raises no domain or pole error. */
static int evaluate(enum fold_op op, long double a, long double b,
                    long double *out) {
  if (!isfinite(a) || !isfinite(b))
    return -1;
  switch (op) {
  case OP_LOG:
  case OP_LOG2:
  case OP_LOG10:
    if (!(a > 0))
      return -1;
    *out = op == OP_LOG ? logl(a) : op == OP_LOG2 ? log2l(a) : log10l(a);
    break;
  case OP_EXP:
    *out = expl(a);
    break;
  case OP_EXP2:
    *out = exp2l(a);
    break;
  case OP_SQRT:
    if (a < 0)
      return -1;
    *out = sqrtl(a);
    break;
  case OP_POW:
    if (!(a > 0))
      return -1;
    *out = powl(a, b);
    break;
  }
  /* An overflow, or an underflow to zero or a denormal, would set errno:
   * only log's and sqrt's zeros are exact. */
  if (isnormal(*out))
    return 0;
  return *out == 0 && op != OP_EXP && op != OP_EXP2 && op != OP_POW ? 0 : -1;
}

/* The constant call `call` folded, or NULL. */
static LLVMValueRef fold_call(LLVMValueRef call) {
  LLVMValueRef callee = LLVMGetCalledValue(call);
  if (callee == NULL || LLVMIsAFunction(callee) == NULL)
    return NULL;
  LLVMTypeRef ty = LLVMTypeOf(call);
  if (LLVMGetTypeKind(ty) != long_double_kind())
    return NULL;
  size_t len;
  const char *name = LLVMGetValueName2(callee, &len);
  int i = op_of(name, len);
  if (i < 0 || (unsigned)LLVMGetNumArgOperands(call) != ops[i].nargs)
    return NULL;
  long double arg[2] = {0, 0}, r = 0;
  for (unsigned a = 0; a < ops[i].nargs; a++) {
    LLVMValueRef v = LLVMGetOperand(call, a);
    if (LLVMIsAConstantFP(v) == NULL || LLVMTypeOf(v) != ty ||
        constant_value(v, &arg[a]) != 0)
      return NULL;
  }
  if (evaluate(ops[i].op, arg[0], arg[1], &r) != 0)
    return NULL;
  char text[64];
  snprintf(text, sizeof text, "%La", r);
  return LLVMConstRealOfString(ty, text);
}

int hipc_host_fold_function(LLVMValueRef fn) {
  int n = 0;
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb != NULL;
       bb = LLVMGetNextBasicBlock(bb)) {
    LLVMValueRef inst = LLVMGetFirstInstruction(bb);
    while (inst != NULL) {
      LLVMValueRef next = LLVMGetNextInstruction(inst);
      LLVMValueRef c =
          LLVMIsACallInst(inst) != NULL ? fold_call(inst) : NULL;
      if (c != NULL) {
        LLVMReplaceAllUsesWith(inst, c);
        LLVMInstructionEraseFromParent(inst);
        n++;
      }
      inst = next;
    }
  }
  return n;
}
