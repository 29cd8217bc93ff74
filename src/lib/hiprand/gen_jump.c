/* gen_jump: writes include/hiprand/hipc/jump_tables.h, the skip-ahead
 * tables of the device API (hiprand_kernel.h), to stdout.
 *
 *   cc -std=c11 -O2 src/lib/hiprand/gen_jump.c -o gen_jump
 *   ./gen_jump > include/hiprand/hipc/jump_tables.h
 *
 * XORWOW. The xorshift part of Marsaglia's xorwow (G. Marsaglia, "Xorshift
 * RNGs", J. Stat. Softw. 8(14), 2003) is a linear map T on 160 bits. Its
 * characteristic polynomial P (degree 160) is found here with
 * Berlekamp-Massey from one output bit; jumping ahead by J steps is then
 * applying (x^J mod P)(T) to the state, by Horner's rule with T itself.
 * The table holds x^(2^k) mod P for k = 0..63 (offsets) and k = 67..130
 * (subsequences, 2^67 steps apart). The Weyl counter jumps by 362437 * J.
 *
 * MRG32k3a (P. L'Ecuyer, "Good parameters and implementations for combined
 * multiple recursive random number generators", Oper. Res. 47(1), 1999):
 * the two components are linear maps A1 (mod m1) and A2 (mod m2) on three
 * words; the table holds A1^(2^k) and A2^(2^k) for k = 0..63 (offsets) and
 * k = 76..139 (subsequences, 2^76 steps apart, as in L'Ecuyer's RngStreams).
 *
 * tests/shell/hiprand_tables.sh checks the committed header against this
 * program's output; tests/kernels/hiprand_device.hip checks the jumps
 * against matrix powers and plain stepping. */
#include <assert.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

enum { DEG = 160, NBITS = 2 * DEG };

static void xorwow_step(uint32_t v[5]) {
  uint32_t t = v[0] ^ (v[0] >> 2);
  v[0] = v[1];
  v[1] = v[2];
  v[2] = v[3];
  v[3] = v[4];
  v[4] = (v[4] ^ (v[4] << 4)) ^ (t ^ (t << 1));
}

/* Berlekamp-Massey over GF(2): the shortest C(x) = 1 + c1 x + ... + cL x^L
 * with s[j] = sum c_i s[j - i]. Returns L. */
static int berlekamp_massey(const uint8_t *s, int n, uint8_t *c) {
  uint8_t b[NBITS + 1] = {0}, t[NBITS + 1];
  memset(c, 0, NBITS + 1);
  c[0] = b[0] = 1;
  int l = 0, m = -1;
  for (int i = 0; i < n; i++) {
    uint8_t d = s[i];
    for (int k = 1; k <= l; k++)
      d ^= c[k] & s[i - k];
    if (d == 0)
      continue;
    memcpy(t, c, sizeof t);
    for (int k = 0; k + i - m <= NBITS; k++)
      c[k + i - m] ^= b[k];
    if (2 * l <= i) {
      l = i + 1 - l;
      m = i;
      memcpy(b, t, sizeof t);
    }
  }
  return l;
}

/* p (degree < 160, bits) squared modulo the monic P (low coefficients in
 * pl[0..159], x^160 implicit). */
static void sqr_mod(uint8_t *p, const uint8_t *pl) {
  uint8_t r[NBITS] = {0};
  for (int i = 0; i < DEG; i++)
    r[2 * i] = p[i];
  for (int j = NBITS - 1; j >= DEG; j--)
    if (r[j]) {
      r[j] = 0;
      for (int i = 0; i < DEG; i++)
        r[j - DEG + i] ^= pl[i];
    }
  memcpy(p, r, DEG);
}

/* (poly)(T) v by Horner's rule. */
static void apply_poly(const uint8_t *p, int deg, uint32_t v[5]) {
  uint32_t r[5] = {0};
  for (int i = deg; i >= 0; i--) {
    xorwow_step(r);
    if (p[i])
      for (int w = 0; w < 5; w++)
        r[w] ^= v[w];
  }
  memcpy(v, r, sizeof r);
}

static void print_poly(const uint8_t *p) {
  printf("  {");
  for (int w = 0; w < 5; w++) {
    uint32_t x = 0;
    for (int b = 0; b < 32; b++)
      x |= (uint32_t)p[32 * w + b] << b;
    printf("0x%08xu%s", x, w < 4 ? ", " : "},\n");
  }
}

static void xorwow_tables(void) {
  uint32_t v[5] = {123456789u, 362436069u, 521288629u, 88675123u, 5783321u};
  uint8_t s[NBITS + 40], c[NBITS + 1];
  int n = (int)sizeof s;
  for (int i = 0; i < n; i++) {
    xorwow_step(v);
    s[i] = v[4] & 1;
  }
  int l = berlekamp_massey(s, n, c);
  assert(l == DEG);
  /* P(x) = x^160 + c1 x^159 + ... + c160: pl[i] = coefficient of x^i. */
  uint8_t pl[DEG + 1];
  for (int i = 0; i <= DEG; i++)
    pl[i] = c[DEG - i];
  assert(pl[DEG] == 1);
  /* P(T) must annihilate every state. */
  uint32_t z[5] = {1u, 2u, 3u, 4u, 0x80000000u};
  apply_poly(pl, DEG, z);
  assert((z[0] | z[1] | z[2] | z[3] | z[4]) == 0);

  uint8_t p[DEG] = {0};
  p[1] = 1; /* x = x^(2^0) */
  printf("/* x^(2^k) mod P, k = 0..63 then 67..130; bit i of the 160 is the\n"
         " * coefficient of x^i. */\n"
         "HIPRAND_JUMP_TABLE unsigned int __hipc_hiprand_xorwow_jump[128][5] = {\n");
  for (int k = 0; k <= 130; k++) {
    if (k < 64 || k >= 67)
      print_poly(p);
    sqr_mod(p, pl);
  }
  printf("};\n\n");
}

static const uint64_t M1 = 4294967087u, M2 = 4294944443u;

static void mat_mul(uint64_t r[9], const uint64_t a[9], const uint64_t b[9],
                    uint64_t m) {
  uint64_t t[9];
  for (int i = 0; i < 3; i++)
    for (int j = 0; j < 3; j++) {
      uint64_t s = 0;
      for (int k = 0; k < 3; k++)
        s = (s + a[3 * i + k] * b[3 * k + j] % m) % m;
      t[3 * i + j] = s;
    }
  memcpy(r, t, sizeof t);
}

static void print_mat(const uint64_t a[9]) {
  printf("  {");
  for (int i = 0; i < 9; i++)
    printf("%lluu%s", (unsigned long long)a[i], i < 8 ? ", " : "},\n");
}

static void mrg_table(const char *name, const uint64_t a[9], uint64_t m) {
  uint64_t p[9];
  memcpy(p, a, sizeof p);
  printf("HIPRAND_JUMP_TABLE unsigned int %s[128][9] = {\n", name);
  for (int k = 0; k <= 139; k++) {
    if (k < 64 || k >= 76)
      print_mat(p);
    mat_mul(p, p, p, m);
  }
  printf("};\n\n");
}

int main(void) {
  printf("/* Generated by src/lib/hiprand/gen_jump.c: do not edit. */\n"
         "#ifndef HIPRAND_HIPC_JUMP_TABLES_H\n"
         "#define HIPRAND_HIPC_JUMP_TABLES_H\n\n");
  xorwow_tables();
  const uint64_t a1[9] = {0, 1, 0, 0, 0, 1, M1 - 810728u, 1403580u, 0};
  const uint64_t a2[9] = {0, 1, 0, 0, 0, 1, M2 - 1370589u, 0, 527612u};
  printf("/* A^(2^k) mod m, k = 0..63 then 76..139, row-major. */\n");
  mrg_table("__hipc_hiprand_mrg_jump1", a1, M1);
  mrg_table("__hipc_hiprand_mrg_jump2", a2, M2);
  printf("#endif\n");
  return 0;
}
