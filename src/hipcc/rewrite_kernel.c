/* `__global__` declarations and definitions (docs/internals.md, "The
 * rewrites"). */
#include "rewrite_passes.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *type_words =
    "int unsigned signed char short long float double bool void auto "
    "wchar_t char8_t char16_t char32_t __int128 _Float16 __fp16 "
    "typename class struct union enum const volatile register "
    "__restrict__ __restrict restrict";

static const char *cv_words =
    "const volatile struct class union enum typename register __restrict__ "
    "__restrict restrict";

/* Finds the name of the function parameter [a, e) (no default argument),
 * giving it `__hipc_pN` when it has none. Appends `(void*)&name, ` to
 * `args`. Returns -1 on error. */
static int kernel_param(struct rw *rw, long a, long e, int idx,
                        struct buf *args) {
  long name = -1, ins = -1;
  int pack = 0;
  long d = hipc__lex_top_find(rw, a, e, "...", 1);
  if (d < e) {
    pack = 1;
    if (d + 1 < e && hipc__lex_is_ident(rw, d + 1))
      name = d + 1;
    else
      ins = d;
  } else if (hipc__lex_is_p(rw, e - 1, ")")) {
    /* A function pointer or reference: `void (*f)(int)`. */
    long g = hipc__lex_top_find(rw, a, e, "(", 1);
    long gc = g < e ? hipc__lex_match_fwd(rw, g) : -1;
    if (gc >= 0 &&
        (hipc__lex_is_p(rw, g + 1, "*") || hipc__lex_is_p(rw, g + 1, "&"))) {
      if (hipc__lex_is_ident(rw, gc - 1) &&
          !hipc__lex_in_list(rw, gc - 1, type_words))
        name = gc - 1;
      else
        ins = gc - 1;
    }
  }
  if (name < 0 && ins < 0) {
    long k = e - 1;
    while (k > a && hipc__lex_is_p(rw, k, "]"))
      k = hipc__lex_match_back(rw, k) - 1;
    long types = 0;
    for (long m = a; m < k;) {
      long me = hipc__lex_skip_attr(rw, m);
      if (me != m) {
        m = me;
        continue;
      }
      types += !hipc__lex_in_list(rw, m, cv_words);
      m++;
    }
    if (hipc__lex_is_ident(rw, k) && !hipc__lex_in_list(rw, k, type_words) &&
        !hipc__lex_is_p(rw, k - 1, "::") && types > 0)
      name = k;
    else
      ins = k;
  }
  char pn[32];
  const char *nm;
  size_t nlen;
  if (name < 0) {
    snprintf(pn, sizeof pn, "__hipc_p%d", idx);
    rw->t[ins].after = hipc__util_format(" %s", pn);
    nm = pn, nlen = strlen(pn);
  } else {
    nm = rw->s + rw->t[name].off, nlen = rw->t[name].len;
  }
  hipc__lex_buf_puts(args, "(void*)&");
  hipc__lex_buf_add(args, nm, nlen);
  hipc__lex_buf_puts(args, pack ? "..., " : ", ");
  return 0;
}

/* Collects the template parameter names of the header `<` at `lt` ... `>` at
 * `gt` as template arguments into `targs` (`T, N, Ts...`), naming unnamed
 * ones `__hipc_tN`. */
static void template_args(struct rw *rw, long lt, long gt, struct buf *targs) {
  int idx = 0;
  for (long a = lt + 1; a < gt; idx++) {
    long b = hipc__lex_top_find(rw, a, gt, ",", 1);
    long e = hipc__lex_top_find(rw, a, b, "=", 1);
    if (e > a) {
      int pack = hipc__lex_top_find(rw, a, e, "...", 1) < e;
      long k = e - 1;
      if (targs->n)
        hipc__lex_buf_puts(targs, ", ");
      if (k > a && hipc__lex_is_ident(rw, k) &&
          !hipc__lex_in_list(rw, k, type_words) &&
          !hipc__lex_is_p(rw, k - 1, "::")) {
        hipc__lex_buf_add(targs, rw->s + rw->t[k].off, rw->t[k].len);
      } else {
        rw->t[k].after = hipc__util_format(" __hipc_t%d", idx);
        hipc__lex_buf_puts(targs, rw->t[k].after + 1);
      }
      if (pack)
        hipc__lex_buf_puts(targs, "...");
    }
    a = b + 1;
  }
}

/* Appends the tokens [a, b) of a declaration to `out` like
 * hipc__lex_put_flat, less `__global__` and `__launch_bounds__(...)`, with a
 * space first when `out` is not empty and there is any token. */
static void put_decl(struct rw *rw, struct buf *out, long a, long b) {
  long prev = -1;
  for (long k = a; k < b; k++) {
    if (hipc__lex_is_id(rw, k, "__global__"))
      continue;
    if (hipc__lex_is_id(rw, k, "__launch_bounds__") &&
        hipc__lex_is_p(rw, k + 1, "(")) {
      long e = hipc__lex_match_fwd(rw, k + 1);
      if (e > 0) {
        k = e;
        continue;
      }
    }
    if (out->n && (prev < 0 || rw->t[k].off > rw->t[prev].off +
                                                  rw->t[prev].len))
      hipc__lex_buf_puts(out, " ");
    hipc__lex_buf_add(out, rw->s + rw->t[k].off, rw->t[k].len);
    if (rw->t[k].after != NULL)
      hipc__lex_buf_puts(out, rw->t[k].after);
    prev = k;
  }
}

/* Appends `template <...>` for the header `<` at `lt` ... `>` at `gt`, less
 * its default arguments, with the names given to unnamed parameters. */
static void template_header(struct rw *rw, long lt, long gt, struct buf *out) {
  hipc__lex_buf_puts(out, "template <");
  int first = 1;
  for (long a = lt + 1; a < gt;) {
    long b = hipc__lex_top_find(rw, a, gt, ",", 1);
    long e = hipc__lex_top_find(rw, a, b, "=", 1);
    if (!first)
      hipc__lex_buf_puts(out, ", ");
    hipc__lex_put_flat(rw, out, a, e);
    first = 0;
    a = b + 1;
  }
  hipc__lex_buf_puts(out, ">");
}

/* Removes the default arguments of the template header `<` at `lt` ... `>`
 * at `gt` from the output (they vanish with the token before the `=`). */
static void strip_template_defaults(struct rw *rw, long lt, long gt) {
  for (long a = lt + 1; a < gt;) {
    long b = hipc__lex_top_find(rw, a, gt, ",", 1);
    long e = hipc__lex_top_find(rw, a, b, "=", 1);
    if (e > a && e < b)
      rw->t[e - 1].merge = b - e;
    a = b + 1;
  }
}

/* Rewrites the `__global__` declaration or definition whose `__global__`
 * token is `g`. */
int hipc__rewrite_kernel_edit(struct rw *rw, long g) {
  rw->t[g].drop = 1;
  /* Back over the specifiers (and a `void` written before `__global__`) to
   * the template header or its requires-clause, if any. */
  long s = g - 1;
  for (;;) {
    long k = hipc__lex_skip_attr_back(rw, s);
    if (k != s)
      s = k;
    else if (hipc__lex_in_list(rw, s,
                               "static inline extern __inline__ __inline "
                               "constexpr void") ||
             (s >= 0 && rw->t[s].kind == T_STRING))
      s--;
    else
      break;
  }
  /* `tlt`/`tgt`: the template header's `<` and `>`. */
  long tlt = -1, tgt = -1;
  if (hipc__lex_is_p(rw, s, ">")) {
    long o = hipc__lex_angle_back(rw, s);
    if (o > 0 && hipc__lex_is_id(rw, o - 1, "template"))
      tlt = o, tgt = s;
  }
  if (tlt < 0) {  /* `template <...> requires C<T> __global__ ...` */
    for (long k = s; k >= 0; k--) {
      if (hipc__lex_is_close(rw, k)) {
        if (hipc__lex_is_p(rw, k, "}") || (k = hipc__lex_match_back(rw, k)) < 0)
          break;
      } else if (hipc__lex_is_p(rw, k, ";") || hipc__lex_is_p(rw, k, "{")) {
        break;
      } else if (hipc__lex_is_id(rw, k, "requires")) {
        long o = hipc__lex_is_p(rw, k - 1, ">")
                     ? hipc__lex_angle_back(rw, k - 1)
                     : -1;
        if (o > 0 && hipc__lex_is_id(rw, o - 1, "template"))
          tlt = o, tgt = k - 1;
        break;
      }
    }
  }
  /* Forward to the parameter list: the first '(' after a name. */
  long j = g + 1;
  for (; j < rw->nt; j++) {
    long k = hipc__lex_skip_attr(rw, j);
    if (k != j) {
      j = k - 1;
      continue;
    }
    if (hipc__lex_is_p(rw, j, "(") &&
        hipc__lex_in_list(rw, j - 1, "decltype __typeof__ typeof")) {
      j = hipc__lex_match_fwd(rw, j);
      if (j < 0)
        break;
    } else if (hipc__lex_is_p(rw, j, "(") && (hipc__lex_is_ident(rw, j - 1) ||
                                              hipc__lex_is_p(rw, j - 1, ">"))) {
      break;
    } else if (hipc__lex_is_p(rw, j, ";") || hipc__lex_is_p(rw, j, "{") ||
               hipc__lex_is_close(rw, j) || hipc__lex_is_p(rw, j, "=")) {
      j = rw->nt;
    }
  }
  long close = j >= 0 && j < rw->nt ? hipc__lex_match_fwd(rw, j) : -1;
  if (close < 0)
    return hipc__lex_fail(rw, g,
                          "cannot find the parameter list of this __global__ "
                          "function");
  long body = close + 1;
  while (body < rw->nt && !hipc__lex_is_p(rw, body, "{") &&
         !hipc__lex_is_p(rw, body, ";") && !hipc__lex_is_p(rw, body, "=")) {
    if (hipc__lex_is_open(rw, body))
      body = hipc__lex_match_fwd(rw, body);
    else if (hipc__lex_is_close(rw, body))
      body = -1;
    if (body < 0)
      return hipc__lex_fail(rw, g, "cannot parse this __global__ function");
    body++;
  }
  if (body >= rw->nt)
    return hipc__lex_fail(rw, g, "unterminated __global__ declaration");
  if (!hipc__lex_is_p(rw, body, "{"))
    return 0;  /* a declaration */

  /* The name, qualified (`ns::k`) or a template-id (`k<int>`). */
  long ne = j - 1, nb = ne;
  int tid = hipc__lex_is_p(rw, ne, ">");
  if (tid && (nb = hipc__lex_angle_back(rw, ne) - 1) < 0)
    return hipc__lex_fail(rw, g,
                          "cannot parse the name of this __global__ function");
  while (hipc__lex_is_p(rw, nb - 1, "::") && hipc__lex_is_ident(rw, nb - 2))
    nb -= 2;
  if (hipc__lex_is_p(rw, nb - 1, "::"))
    nb--;

  /* The split form needs a plain name, a primary template (or none) and
   * the body's closing brace; otherwise the kernel gets a prologue. */
  long rbrace = hipc__lex_match_fwd(rw, body);
  int split = !tid && nb == ne && !(tlt >= 0 && tgt == tlt + 1) &&
              rbrace > body && !hipc__lex_is_id(rw, body - 1, "try") &&
              !hipc__lex_is_id(rw, rbrace + 1, "catch");

  /* The launch bounds, wherever they are in the declaration. */
  char *mt = NULL, *mw = NULL;
  for (long k = s + 1; k < body; k++) {
    if (!hipc__lex_is_id(rw, k, "__launch_bounds__") ||
        !hipc__lex_is_p(rw, k + 1, "("))
      continue;
    long e = hipc__lex_match_fwd(rw, k + 1);
    for (long a = k + 2, n = 0; a < e && n < 2; n++) {
      long b = hipc__lex_top_find(rw, a, e, ",", 0);
      struct buf v = {0};
      hipc__lex_put_flat(rw, &v, a, b);
      char **dst = n == 0 ? &mt : &mw;
      free(*dst);
      *dst = b - a > 1 ? hipc__util_format("(%s)", v.p ? v.p : "") : v.p;
      if (b - a > 1)
        free(v.p);
      a = b + 1;
    }
  }

  struct buf args = {0}, sig = {0}, targs = {0}, name = {0};
  int idx = 0, rc = 0;
  int is_void = close == j + 2 && hipc__lex_is_id(rw, j + 1, "void");
  for (long a = j + 1; a < close && !is_void && rc == 0; idx++) {
    long b = hipc__lex_top_find(rw, a, close, ",", 1);
    long e = hipc__lex_top_find(rw, a, b, "=", 1);
    if (e == a) {
      rc = hipc__lex_fail(rw, a, "empty kernel parameter");
      break;
    }
    if (!(e == a + 1 && hipc__lex_is_p(rw, a, "...")))
      rc = kernel_param(rw, a, e, idx, &args);
    if (sig.n)
      hipc__lex_buf_puts(&sig, ", ");
    hipc__lex_put_flat(rw, &sig, a, e);
    a = b + 1;
  }
  if (tlt >= 0 && !tid)
    template_args(rw, tlt, tgt, &targs);
  hipc__lex_put_flat(rw, &name, nb, ne + 1);
  const char *lt = tlt >= 0 && !tid ? "<" : "", *gt = *lt ? ">" : "";
  const char *ta = targs.p ? targs.p : "", *ar = args.p ? args.p : "",
             *sg = sig.p ? sig.p : "";
  const char *mts = mt ? mt : "0", *mws = mw ? mw : "0";
  if (rc == 0 && split) {
    /* The region form (rewrite_regions.c), when the body allows it: its
     * function is declared like the body function, template defaults
     * removed. */
    struct buf hdr = {0}, specs = {0}, regs = {0};
    if (tlt >= 0)
      template_header(rw, tlt, tgt, &hdr);
    put_decl(rw, &specs, tgt >= 0 ? tgt + 1 : s + 1, nb);
    struct buf params = {0};
    for (long a = j + 1; a < close && !is_void;) {
      long b = hipc__lex_top_find(rw, a, close, ",", 1);
      long e = hipc__lex_top_find(rw, a, b, "=", 1);
      if (params.n)
        hipc__lex_buf_puts(&params, ", ");
      for (long k = a; k < e; k++) {  /* unnamed parameters stay unnamed */
        if (k > a)
          hipc__lex_buf_puts(&params, " ");
        hipc__lex_buf_add(&params, rw->s + rw->t[k].off, rw->t[k].len);
      }
      a = b + 1;
    }
    if (hipc__rewrite_regions_plan(rw, body, rbrace, hdr.p ? hdr.p : "",
                                   specs.p ? specs.p : "void", name.p,
                                   params.p ? params.p : "", ta, j, close))
      regs.p = hipc__util_format(
          ", ::hipc::regions_fn<void(*)(%s), &__hipc_regions_%s%s%s%s>", sg,
          name.p, lt, ta, gt);
    free(hdr.p), free(specs.p), free(params.p);
    /* The stub: header, specifiers, `NAME(PARAMS)` and what follows the
     * parameters, as written; then the launch. */
    struct buf st = {0}, tail = {0};
    if (tlt >= 0)
      hipc__lex_put_flat(rw, &st, tlt - 1, tgt + 1);
    put_decl(rw, &st, tgt >= 0 ? tgt + 1 : s + 1, nb);
    if (st.n)
      hipc__lex_buf_puts(&st, " ");
    hipc__lex_put_flat(rw, &st, nb, j + 1);
    hipc__lex_put_flat(rw, &st, j + 1, close);
    hipc__lex_buf_puts(&st, ")");
    put_decl(rw, &tail, close + 1, body);
    rw->t[rbrace].after = hipc__util_format(
        " %s%s%s { void* __hipc_args[] = {%s0}; ::hipc::kernel<void(*)(%s), "
        "&%s%s%s%s, &__hipc_body_%s%s%s%s, %s, %s%s>::launch(__hipc_args); }",
        st.p, tail.n ? " " : "", tail.n ? tail.p : "", ar, sg, name.p, lt, ta,
        gt, name.p, lt, ta, gt, mts, mws, regs.p ? regs.p : "");
    free(regs.p);
    rw->t[nb].text = hipc__util_format("__hipc_body_%s", name.p);
    /* The body leaves unnamed parameters unnamed: it never forwards them,
     * and a name it does not use would warn (-Wunused-parameter). */
    for (long k = j + 1; k < close; k++)
      free(rw->t[k].after), rw->t[k].after = NULL;
    if (tlt >= 0)
      strip_template_defaults(rw, tlt, tgt);
    free(st.p), free(tail.p);
  } else if (rc == 0) {
    rw->t[body].after = hipc__util_format(
        " if (__builtin_expect(::hipc_launch_pending(), 0)) { void* "
        "__hipc_args[] = {%s0}; ::hipc::kernel_inline<void(*)(%s), &%s%s%s%s, "
        "%s, %s>::launch(__hipc_args); return; }",
        ar, sg, name.p, lt, ta, gt, mts, mws);
  }
  free(args.p), free(sig.p), free(targs.p), free(name.p), free(mt),
      free(mw);
  return rc;
}
