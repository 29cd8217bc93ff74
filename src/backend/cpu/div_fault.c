/* Integer division by zero in kernels on the CPU device.
 *
 * GPUs do not trap on an integer division by zero (or INT_MIN / -1): the
 * quotient is some value and the kernel goes on. x86's DIV and IDIV raise
 * SIGFPE instead; for a kernel's division, the fault handler (fault.c)
 * calls hipc__div_fault_resume, which gives the result NVIDIA's GPUs give
 * for a zero divisor (a quotient with every bit set, the dividend as the
 * remainder; INT_MIN / -1: INT_MIN, remainder 0) and resumes after the
 * instruction. Only x86-64's DIV/IDIV are decoded; anything else is left to
 * the handler's report. */
#define _GNU_SOURCE
#include <signal.h>
#include <stdint.h>
#include <ucontext.h>

#include "cpu.h"

#if defined(__x86_64__)

/* The general register numbered `r` (ModRM/REX numbering) in `g`. */
static greg_t* reg_of(gregset_t g, int r) {
  static const int map[16] = {REG_RAX, REG_RCX, REG_RDX, REG_RBX,
                              REG_RSP, REG_RBP, REG_RSI, REG_RDI,
                              REG_R8,  REG_R9,  REG_R10, REG_R11,
                              REG_R12, REG_R13, REG_R14, REG_R15};
  return &g[map[r & 15]];
}

/* Sign-extends the low `bits` of v. */
static int64_t sext(uint64_t v, int bits) {
  if (bits == 64) return (int64_t)v;
  uint64_t m = 1ull << (bits - 1);
  v &= (m << 1) - 1;
  return (int64_t)((v ^ m) - m);
}

int hipc__div_fault_resume(void* ctx) {
  ucontext_t* uc = ctx;
  gregset_t* g = &uc->uc_mcontext.gregs;
  const uint8_t* p = (const uint8_t*)(*g)[REG_RIP];
  int bits = 32, rex = 0, seg = 0, addr32 = 0;
  for (;; ++p) { /* prefixes */
    if (*p == 0x66) bits = 16;
    else if (*p == 0x67) addr32 = 1;
    else if (*p == 0x64 || *p == 0x65) seg = 1;
    else if (*p != 0x2e && *p != 0x36 && *p != 0x3e && *p != 0x26) break;
  }
  if ((*p & 0xf0) == 0x40) rex = *p++;
  if (rex & 8) bits = 64;
  if (*p == 0xf6) bits = 8;
  else if (*p != 0xf7) return 0;
  ++p;
  int modrm = *p++, mod = modrm >> 6, op = (modrm >> 3) & 7, rm = modrm & 7;
  if (op != 6 && op != 7) return 0; /* DIV, IDIV */
  int is_signed = op == 7;
  /* The divisor: a register, or memory (its address is not needed, only
   * the instruction's length). */
  uint64_t divisor = 0;
  int have_divisor = 0;
  if (mod == 3) {
    if (bits == 8 && !rex && rm >= 4) /* AH, CH, DH, BH */
      divisor = (uint64_t)*reg_of(*g, rm - 4) >> 8;
    else
      divisor = (uint64_t)*reg_of(*g, rm | ((rex & 1) << 3));
    have_divisor = 1;
  } else { /* memory: base + index * scale + displacement */
    uint64_t ea = 0;
    int base = rm, sib = -1, rip_rel = mod == 0 && rm == 5;
    if (rm == 4) {
      sib = *p++;
      base = sib & 7;
      int index = ((sib >> 3) & 7) | ((rex & 2) << 2);
      if (index != 4) ea += (uint64_t)*reg_of(*g, index) << (sib >> 6);
    }
    int no_base = rip_rel || (sib >= 0 && base == 5 && mod == 0);
    if (!no_base) ea += (uint64_t)*reg_of(*g, base | ((rex & 1) << 3));
    if (mod == 1) {
      ea += (uint64_t)(int64_t)(int8_t)*p;
      p += 1;
    } else if (mod == 2 || no_base) {
      int32_t disp;
      __builtin_memcpy(&disp, p, 4);
      ea += (uint64_t)(int64_t)disp;
      p += 4;
    }
    if (rip_rel) ea += (uint64_t)(uintptr_t)(p + 0); /* from the next byte */
    if (addr32) ea &= 0xffffffffull;
    /* The instruction read it before faulting: it is mapped. Not through
     * fs/gs, whose bases are not in the context. */
    if (!seg) {
      const void* m = (const void*)(uintptr_t)ea;
      if (bits == 8) divisor = *(const uint8_t*)m;
      else if (bits == 16) divisor = *(const uint16_t*)m;
      else if (bits == 32) divisor = *(const uint32_t*)m;
      else divisor = *(const uint64_t*)m;
      have_divisor = 1;
    }
  }
  uint64_t mask = bits == 64 ? ~0ull : (1ull << bits) - 1;
  uint64_t rax = (uint64_t)(*g)[REG_RAX];
  uint64_t low = bits == 8 ? rax & 0xffff : rax & mask; /* the dividend */
  int overflow = have_divisor && is_signed && (divisor & mask) == mask;
  uint64_t quot = overflow ? (uint64_t)sext(low, bits) : mask;
  uint64_t rem = overflow ? 0 : low;
  if (bits == 8) { /* AL quotient, AH remainder */
    rax = (rax & ~0xffffull) | (quot & 0xff) | ((rem & 0xff) << 8);
  } else {
    greg_t* rdx = reg_of(*g, 2);
    if (bits == 64) {
      rax = quot;
      *rdx = (greg_t)rem;
    } else if (bits == 32) { /* 32-bit results zero the upper halves */
      rax = quot & mask;
      *rdx = (greg_t)(rem & mask);
    } else {
      rax = (rax & ~mask) | (quot & mask);
      *rdx = (greg_t)(((uint64_t)*rdx & ~mask) | (rem & mask));
    }
  }
  (*g)[REG_RAX] = (greg_t)rax;
  (*g)[REG_RIP] = (greg_t)(uintptr_t)p;
  return 1;
}

#else

int hipc__div_fault_resume(void* ctx) {
  (void)ctx;
  return 0;
}

#endif
