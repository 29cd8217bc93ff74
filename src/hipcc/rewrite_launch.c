/* Kernel launches, `k<<<grid, block, shmem, stream>>>(args)`
 * (docs/internals.md, "The rewrites"). */
#include "rewrite_passes.h"

/* Scans backwards from token `j` (the one before `<<<`) over the postfix
 * expression that names the kernel. Returns its first token, or -1. */
static long scan_callee(struct rw *rw, long j) {
  static const char *stop = "return case throw else do co_return co_yield "
                            "co_await new delete sizeof operator";
  long start = -1;
  while (j >= 0) {
    if (hipc__lex_is_ident(rw, j) && !hipc__lex_in_list(rw, j, stop)) {
      start = j--;
      if (hipc__lex_is_id(rw, j, "template"))
        start = j--;
    } else if (hipc__lex_is_p(rw, j, ")") || hipc__lex_is_p(rw, j, "]")) {
      long o = hipc__lex_match_back(rw, j);
      if (o < 0)
        return -1;
      start = o, j = o - 1;
      /* A call or a subscript: `f(x)`, `a[i]`, `f<T>(x)`. */
      if ((hipc__lex_is_ident(rw, j) && !hipc__lex_in_list(rw, j, stop)) ||
          hipc__lex_is_p(rw, j, ")") || hipc__lex_is_p(rw, j, "]") ||
          hipc__lex_is_p(rw, j, ">"))
        continue;
    } else if (hipc__lex_is_p(rw, j, ">")) {
      long o = hipc__lex_angle_back(rw, j);
      if (o <= 0)
        return -1;
      start = o, j = o - 1;
      continue;  /* the template's name comes next */
    } else {
      break;
    }
    if (hipc__lex_is_p(rw, j, "::") || hipc__lex_is_p(rw, j, ".") ||
        hipc__lex_is_p(rw, j, "->"))
      start = j--;
    else
      break;
  }
  return start;
}

int hipc__rewrite_launch_find(struct rw *rw, long i) {
  long callee = scan_callee(rw, i - 1);
  if (callee < 0)
    return hipc__lex_fail(rw, i, "expected a kernel name before '<<<'");
  long gt = -1, commas = 0;
  for (long j = i + 3; j < rw->nt && gt < 0; j++) {
    if (hipc__lex_is_open(rw, j)) {
      j = hipc__lex_match_fwd(rw, j);
      if (j < 0)
        break;
    } else if (hipc__lex_triple(rw, j, ">")) {
      gt = j;
    } else if (hipc__lex_is_p(rw, j, ",")) {
      commas++;
    } else if (hipc__lex_is_p(rw, j, ";") || hipc__lex_is_close(rw, j)) {
      break;
    }
  }
  if (gt < 0)
    return hipc__lex_fail(rw, i, "'<<<' without a matching '>>>'");
  if (gt == i + 3)
    return hipc__lex_fail(rw, i, "empty kernel launch configuration");
  if (commas < 1 || commas > 3)
    return hipc__lex_fail(rw, i,
                          "a kernel launch configuration takes 2 to 4 "
                          "arguments (parenthesise template arguments)");
  long lp = gt + 3;
  if (!hipc__lex_is_p(rw, lp, "("))
    return hipc__lex_fail(rw, gt, "expected '(' after '>>>'");
  long rp = hipc__lex_match_fwd(rw, lp);
  if (rp < 0)
    return hipc__lex_fail(rw, lp, "unterminated kernel argument list");
  if (rw->t[callee].launch)
    return hipc__lex_fail(rw, i, "unsupported kernel launch expression");
  if (rw->nl == rw->capl) {
    rw->capl = rw->capl ? rw->capl * 2 : 16;
    rw->l = hipc__util_realloc(rw->l, rw->capl * sizeof *rw->l);
  }
  static const char *defaults[] = {"", ", 0, 0", ", 0", ""};
  rw->l[rw->nl++] = (struct launch){callee, i, gt, lp, rp, defaults[commas]};
  rw->t[callee].launch = rw->nl;
  return 0;
}
