/* The region form of kernels with barriers: the region function
 * (docs/internals.md, "Regions"). rewrite_regions.c decided what is a piece
 * and what is a slot; this file writes, on one line,
 *
 *   HEADER SPECS __hipc_regions_NAME(PARAMS) {
 *     ::hipc::region_block __hipc_rb;
 *     <hoisted declarations: __shared__, static, constexpr, types>
 *     ::hipc::slot<TYPE> __hipc_v0; ...          one view per slot
 *     __hipc_rb.plan(__hipc_v0); ... __hipc_rb.commit(R); __hipc_rb.bind(...);
 *     <the pieces, each a thread loop, inside the loops they belong to>
 *   }
 *
 * A piece is `__hipc_rb.run<R>([&](unsigned __hipc_t) { REFS CODE });` where
 * REFS bind the slots the piece names (`auto& x = *__hipc_v0.at(__hipc_t);`)
 * and CODE is the piece's own text, edits of the other passes applied, with
 * `return` turned into the end of the thread. A loop around barriers
 * becomes `for (;;)` whose condition every live thread evaluates
 * (`__hipc_rb.cond`).
 */
#include "rewrite_regions.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct em {
  struct rw *rw;
  struct rkernel *K;
  struct buf *out;
  const char *mx;      /* "true" when threads may return */
  int gpred, gwant;    /* pieces run where `__hipc_p<gpred>` is gwant */
};

static void put(struct em *E, const char *s) { hipc__lex_buf_puts(E->out, s); }

static void put_tok_text(struct em *E, long k) {
  hipc__lex_buf_add(E->out, E->rw->s + E->rw->t[k].off, E->rw->t[k].len);
}

/* The tokens [a, b) with the other passes' edits, one space apart. In
 * `types` mode, spanning variables become their views' elements (for
 * decltype); in piece mode (`types` 0), `return` ends the thread. */
static void emit_range(struct em *E, long a, long b, int types) {
  struct rw *rw = E->rw;
  long close_at = -1;
  for (long k = a; k < b; k++) {
    struct tok *t = &rw->t[k];
    /* A space where the source has one: `+ =` would not be `+=`. */
    if (k == a || t->off > rw->t[k - 1].off + rw->t[k - 1].len)
      put(E, " ");
    if (types && hipc__lex_is_ident(rw, k) && !hipc__lex_is_p(rw, k - 1, ".") &&
        !hipc__lex_is_p(rw, k - 1, "->") && !hipc__lex_is_p(rw, k - 1, "::")) {
      int v = -1;
      for (int i = 0; i < E->K->nv; i++) {
        struct rvar *x = &E->K->v[i];
        if ((x->slot || x->uni) && x->vis <= k && k < x->end &&
            x->name != k && t->len == rw->t[x->name].len &&
            memcmp(rw->s + t->off, rw->s + rw->t[x->name].off, t->len) == 0)
          v = i;
      }
      if (v >= 0) {
        char tmp[64];
        if (E->K->v[v].uni)
          snprintf(tmp, sizeof tmp, "__hipc_u%d", E->K->v[v].uview);
        else
          snprintf(tmp, sizeof tmp, "(*__hipc_v%d.at(0))", E->K->v[v].view);
        put(E, tmp);
        continue;
      }
    }
    if (!types && hipc__lex_is_id(rw, k, "return")) {
      put(E, "{ __hipc_rb.exit(__hipc_t); return");
      close_at = k + 1;
      while (close_at < b && !hipc__lex_is_p(rw, close_at, ";")) {
        if (hipc__lex_is_open(rw, close_at))
          close_at = hipc__lex_match_fwd(rw, close_at);
        close_at++;
      }
      continue;
    }
    if (t->text != NULL)
      put(E, t->text);
    else if (!t->drop)
      put_tok_text(E, k);
    if (t->after != NULL)
      put(E, t->after);
    k += t->merge;
    if (close_at >= 0 && close_at <= k) {
      put(E, " }");
      close_at = -1;
    }
  }
}

/* Specifiers [a, b) less attributes and `register`. */
static void emit_specs(struct em *E, long a, long b, int types) {
  for (long k = a; k < b;) {
    long e = hipc__lex_skip_attr(E->rw, k);
    if (e != k) {
      k = e;
    } else {
      if (!hipc__lex_is_id(E->rw, k, "register"))
        emit_range(E, k, k + 1, types);
      k++;
    }
  }
}

static void emit_type(struct em *E, struct rvar *v) {
  if (v->is_param) {
    put(E, " ::hipc::auto_t<decltype(");
    put_tok_text(E, v->name);
    put(E, ")>");
    return;
  }
  struct rnode *d = &E->K->n[v->node];
  if (v->is_auto) {
    for (long k = d->sa; k < d->sb; k++)
      if (hipc__lex_is_id(E->rw, k, "const"))
        put(E, " const");
    /* `= e` gives e; `{e}` and `(e)` their contents. */
    long a = v->ia + 1;
    long b = hipc__lex_is_p(E->rw, v->ia, "=") ? v->ib : v->ib - 1;
    put(E, " ::hipc::auto_t<decltype((");
    emit_range(E, a, b, 1);
    put(E, "))>");
    return;
  }
  emit_specs(E, d->sa, d->sb, 1);
  emit_range(E, v->pa, v->pb, 1);
  emit_range(E, v->da, v->db, 1);
}

static void view_name(char *buf, size_t n, int view) {
  snprintf(buf, n, "__hipc_v%d", view);
}

static int names(struct rw *rw, long a, long b, long name) {
  for (long k = a; k < b; k++)
    if (hipc__regions_plain_name(rw, k) &&
        hipc__regions_same_name(rw, k, name))
      return 1;
  return 0;
}

/* Marks recomputable variable `i` and those its initializer names. */
static void need_remat(struct em *E, int i, char *need) {
  struct rvar *v = &E->K->v[i];
  if (need[i])
    return;
  need[i] = 1;
  for (long k = v->ia; k < v->ib; k++) {
    int u = hipc__regions_plain_name(E->rw, k)
                ? hipc__regions_lookup(E->K, E->rw, k) : -1;
    if (u >= 0 && E->K->v[u].remat)
      need_remat(E, u, need);
  }
}

/* Binds what the code [a, b) names and was declared before it: slots to
 * the thread's element, uniform variables to their one copy (`thread`: in
 * a thread loop), recomputable variables to their value. */
static void emit_refs_mode(struct em *E, long a, long b, int thread) {
  struct rw *rw = E->rw;
  struct rkernel *K = E->K;
  char *need = hipc__util_alloc(K->nv + 1);
  memset(need, 0, K->nv + 1);
  for (int i = 0; i < K->nv; i++) {
    struct rvar *v = &K->v[i];
    if (!(v->vis <= a && a < v->end) || !names(rw, a, b, v->name))
      continue;
    if (v->remat && thread)
      need_remat(E, i, need);
    if (!v->slot && !v->uni)
      continue;
    if (v->slot && !thread)
      continue;
    char vn[48];
    if (v->uni)
      snprintf(vn, sizeof vn, "__hipc_u%d", v->uview);
    else
      snprintf(vn, sizeof vn, "*__hipc_v%d.at(__hipc_t)", v->view);
    put(E, " [[maybe_unused]] auto&");
    emit_range(E, v->name, v->name + 1, 0);
    put(E, " = ");
    put(E, vn);
    put(E, ";");
  }
  for (int i = 0; i < K->nv; i++) {
    struct rvar *v = &K->v[i];
    if (!need[i])
      continue;
    put(E, " [[maybe_unused]]");
    emit_specs(E, K->n[v->node].sa, K->n[v->node].sb, 0);
    emit_range(E, v->pa, v->ib, 0);
    put(E, ";");
  }
  free(need);
}

static void emit_refs(struct em *E, long a, long b) {
  emit_refs_mode(E, a, b, 1);
}

/* A declaration inside a piece: slots are constructed in place. */
static void emit_decl(struct em *E, struct rnode *d) {
  int any = 0, remat = 0;
  for (int i = d->v0; i < d->v0 + d->nv; i++)
    any |= E->K->v[i].slot, remat |= E->K->v[i].remat;
  if (!any) {
    /* A recomputed variable may have no use left in its own piece. */
    if (remat)
      put(E, " [[maybe_unused]]");
    emit_range(E, d->a, d->b, 0);
    return;
  }
  struct rw *rw = E->rw;
  for (int i = d->v0; i < d->v0 + d->nv; i++) {
    struct rvar *v = &E->K->v[i];
    if (!v->slot) {
      if (v->remat)
        put(E, " [[maybe_unused]]");
      emit_specs(E, d->sa, d->sb, 0);
      emit_range(E, v->pa, v->ib, 0);
      put(E, " ;");
      continue;
    }
    char vn[32];
    view_name(vn, sizeof vn, v->view);
    put(E, " ::new ((void*)");
    put(E, vn);
    put(E, ".at(__hipc_t)) typename decltype(");
    put(E, vn);
    put(E, ")::U");
    if (hipc__lex_is_p(rw, v->ia, "=")) {
      if (hipc__lex_is_p(rw, v->ia + 1, "{")) {
        emit_range(E, v->ia + 1, v->ib, 0);
      } else {
        put(E, " (");
        emit_range(E, v->ia + 1, v->ib, 0);
        put(E, " )");
      }
    } else {
      emit_range(E, v->ia, v->ib, 0);
    }
    put(E, "; [[maybe_unused]] auto&");
    emit_range(E, v->name, v->name + 1, 0);
    put(E, " = *");
    put(E, vn);
    put(E, ".at(__hipc_t);");
  }
}

static void guard(struct em *E, const char *otherwise) {
  if (E->gpred < 0)
    return;
  char tmp[96];
  snprintf(tmp, sizeof tmp, " if (*__hipc_p%d.at(__hipc_t) != %d) {",
           E->gpred, E->gwant);
  put(E, tmp);
  put(E, otherwise);
  put(E, " return; }");
}

/* A thread loop (the threads of the enclosing predicated `if`'s branch
 * only, under one), open after the lambda's brace. */
static void loop_open(struct em *E) {
  char tmp[64];
  put(E, " __hipc_rb.run");
  if (E->gpred >= 0)
    put(E, "_range");
  put(E, "<");
  put(E, E->mx);
  put(E, ">(");
  if (E->gpred >= 0) {
    /* Threads outside the enclosing branch are 0: a nested predicate's
     * elements are only read for threads inside it. */
    snprintf(tmp, sizeof tmp, "__hipc_r%d + %d, ", E->gpred,
             2 * (E->gwant - 1));
    put(E, tmp);
  }
  put(E, "[&]([[maybe_unused]] unsigned __hipc_t) {");
}

/* A piece's thread loop; under a predicated `if`, threads that did not
 * take its branch skip the piece. */
static void piece_open(struct em *E) {
  loop_open(E);
  guard(E, "");
}

/* The statements of piece `p` among the children of scope `s`. */
static void emit_piece(struct em *E, int s, int p) {
  struct rpiece *P = &E->K->p[p];
  piece_open(E);
  emit_refs(E, P->a, P->b);
  struct rnode *S = &E->K->n[s];
  for (int j = 0; j < S->nk; j++) {
    struct rnode *c = &E->K->n[S->kids[j]];
    if (c->piece != p || c->kind == N_HOIST)
      continue;
    if (c->kind == N_DECL)
      emit_decl(E, c);
    else
      emit_range(E, c->a, c->b, 0);
  }
  put(E, " });");
}

/* A uniform declaration, once per block: each variable's one copy takes
 * its initial value. */
static void emit_uniform_decl(struct em *E, struct rnode *d) {
  struct rw *rw = E->rw;
  /* Once every thread has returned, nothing of the kernel runs. */
  put(E, E->K->has_return ? " if (!__hipc_rb.all_done()) {" : " {");
  emit_refs_mode(E, d->a, d->b, 0);
  for (int i = d->v0; i < d->v0 + d->nv; i++) {
    struct rvar *v = &E->K->v[i];
    if (v->ia >= v->ib)
      continue;
    char un[32];
    snprintf(un, sizeof un, " __hipc_u%d = ", v->uview);
    put(E, un);
    if (hipc__lex_is_p(rw, v->ia, "=")) {
      put(E, "(");
      emit_range(E, v->ia + 1, v->ib, 0);
    } else {
      snprintf(un, sizeof un, "decltype(__hipc_u%d)(", v->uview);
      put(E, un);
      emit_range(E, v->ia + 1, v->ib - 1, 0);
    }
    put(E, " );");
  }
  put(E, " }");
}

/* The statement [a, b) (no ';'), once per block. */
static void emit_uniform_stmt(struct em *E, long a, long b) {
  put(E, E->K->has_return ? " if (!__hipc_rb.all_done()) {" : " {");
  emit_refs_mode(E, a, b, 0);
  emit_range(E, a, b, 0);
  put(E, " ; }");
}

static void emit_cond(struct em *E, struct rnode *L) {
  if (E->K->has_return)
    put(E, " if (__hipc_rb.all_done()) break;");
  if (L->cond_uni) {
    put(E, " if (!([&]() -> bool {");
    emit_refs_mode(E, L->ca, L->cb, 0);
    put(E, " return (");
    emit_range(E, L->ca, L->cb, 0);
    put(E, " ); }())) break;");
    return;
  }
  put(E, " if (!__hipc_rb.cond([&]([[maybe_unused]] unsigned __hipc_t) -> "
         "bool {");
  emit_refs(E, L->ca, L->cb);
  put(E, " return (");
  emit_range(E, L->ca, L->cb, 0);
  put(E, " ); })) break;");
}

static void emit_scope(struct em *E, int s);
static void emit_if(struct em *E, int i);
static void emit_shfl(struct em *E, struct rnode *n);

static void emit_loop(struct em *E, int l) {
  struct rnode *L = &E->K->n[l];
  put(E, " {");
  if (L->init_piece >= 0 && L->init_uni) {
    if (L->init_decl >= 0)
      emit_uniform_decl(E, &E->K->n[L->init_decl]);
    else
      emit_uniform_stmt(E, L->ia, L->ib);
  } else if (L->init_piece >= 0) {
    piece_open(E);
    emit_refs(E, L->ia, L->ib);
    if (L->init_decl >= 0) {
      emit_decl(E, &E->K->n[L->init_decl]);
    } else {
      emit_range(E, L->ia, L->ib, 0);
      put(E, " ;");
    }
    put(E, " });");
  }
  put(E, " for (;;) {");
  if (L->loop != 'd' && L->ca < L->cb)
    emit_cond(E, L);
  else if (E->K->has_return)
    put(E, " if (__hipc_rb.all_done()) break;");
  emit_scope(E, l);
  L = &E->K->n[l];
  if (L->inc_piece >= 0 && L->inc_uni) {
    emit_uniform_stmt(E, L->xa, L->xb);
  } else if (L->inc_piece >= 0) {
    piece_open(E);
    emit_refs(E, L->xa, L->xb);
    emit_range(E, L->xa, L->xb, 0);
    put(E, " ; });");
  }
  if (L->loop == 'd')
    emit_cond(E, L);
  put(E, " } }");
}

static void emit_scope(struct em *E, int s) {
  int last = -1;
  for (int j = 0; j < E->K->n[s].nk; j++) {
    int c = E->K->n[s].kids[j];
    struct rnode *n = &E->K->n[c];
    if (n->uni && n->kind == N_DECL) {
      emit_uniform_decl(E, n);
    } else if (n->uni) {
      emit_uniform_stmt(E, n->a, n->b - 1);
    } else if (n->kind == N_STMT || n->kind == N_DECL ||
               n->kind == N_HOIST) {
      if (n->piece != last) {
        /* A piece of nothing but hoisted declarations runs nothing. */
        int code = 0;
        for (int i = j; i < E->K->n[s].nk; i++) {
          struct rnode *m = &E->K->n[E->K->n[s].kids[i]];
          if (m->piece == n->piece && m->kind != N_HOIST)
            code = 1;
        }
        if (code)
          emit_piece(E, s, n->piece);
        last = n->piece;
      }
    } else if (n->kind == N_LOOP) {
      emit_loop(E, c);
    } else if (n->kind == N_BLOCK) {
      emit_scope(E, c);
    } else if (n->kind == N_IF) {
      emit_if(E, c);
    } else if (n->kind == N_SHFL) {
      emit_shfl(E, n);
    }
  }
}

/* A split shuffle: the argument into the exchange slot, then the
 * statement with the source lane's value. */
static void emit_shfl(struct em *E, struct rnode *n) {
  struct rw *rw = E->rw;
  piece_open(E);
  emit_refs(E, n->ea, n->eb);
  put(E, " ::hipc::rx_put(__hipc_xb, __hipc_t, (");
  emit_range(E, n->ea, n->eb, 0);
  put(E, " )); });");
  put(E, " { const ::hipc::rx_ctx __hipc_x = ::hipc::rx_context(__hipc_rb);");
  piece_open(E);
  emit_refs(E, n->a, n->b);
  emit_range(E, n->a, n->sh, 0);
  const char *kind = hipc__lex_is_id(rw, n->sh, "__shfl_up")     ? "up"
                     : hipc__lex_is_id(rw, n->sh, "__shfl_down") ? "down"
                     : hipc__lex_is_id(rw, n->sh, "__shfl_xor")  ? "xor"
                                                                 : "idx";
  put(E, " ::hipc::rx_");
  put(E, kind);
  put(E, "< ::hipc::auto_t<decltype((");
  emit_range(E, n->ea, n->eb, 0);
  char tmp[160];
  if (E->gpred >= 0)
    snprintf(tmp, sizeof tmp, " ))> >(__hipc_x, __hipc_xb, __hipc_t, "
             "__hipc_p%d.p, %d, __hipc_r%d + %d", E->gpred, E->gwant,
             E->gpred, 2 * (E->gwant - 1));
  else
    snprintf(tmp, sizeof tmp, " ))> >(__hipc_x, __hipc_xb, __hipc_t, "
             "nullptr, 0, nullptr");
  put(E, tmp);
  emit_range(E, n->comma, n->rc, 0);
  put(E, " )");
  emit_range(E, n->rc + 1, n->b, 0);
  put(E, " }); }");
}

/* A predicated `if`: each thread's branch into its predicate slot (0 for
 * the threads outside the enclosing one), then both branches, each under
 * its value. */
static void emit_pred_if(struct em *E, int i) {
  struct rnode *n = &E->K->n[i];
  char tmp[128];
  snprintf(tmp, sizeof tmp, " __hipc_r%d[0] = __hipc_r%d[2] = __hipc_rb.n;"
           " __hipc_r%d[1] = __hipc_r%d[3] = 0;", n->pred, n->pred, n->pred,
           n->pred);
  put(E, tmp);
  loop_open(E);
  snprintf(tmp, sizeof tmp, " *__hipc_p%d.at(__hipc_t) = 0;", n->pred);
  guard(E, tmp);
  emit_refs(E, n->ca, n->cb);
  put(E, " unsigned char __hipc_c = (");
  emit_range(E, n->ca, n->cb, 0);
  snprintf(tmp, sizeof tmp, " ) ? 1 : 2; *__hipc_p%d.at(__hipc_t) = __hipc_c;",
           n->pred);
  put(E, tmp);
  /* The threads that may have taken each branch: [r[0], r[1]) then,
   * [r[2], r[3]) else. */
  snprintf(tmp, sizeof tmp, " unsigned* __hipc_q = __hipc_r%d + "
           "2 * (__hipc_c - 1);", n->pred);
  put(E, tmp);
  put(E, " if (__hipc_t < __hipc_q[0]) __hipc_q[0] = __hipc_t;"
         " if (__hipc_t >= __hipc_q[1]) __hipc_q[1] = __hipc_t + 1; });");
  int gp = E->gpred, gw = E->gwant;
  E->gpred = n->pred;
  E->gwant = 1;
  emit_scope(E, E->K->n[i].kids[0]);
  E->gwant = 2;
  emit_scope(E, E->K->n[i].kids[1]);
  E->gpred = gp, E->gwant = gw;
}

/* An `if` around barriers: its condition is uniform, evaluated once. */
static void emit_if(struct em *E, int i) {
  struct rnode *n = &E->K->n[i];
  if (n->pred >= 0) {
    emit_pred_if(E, i);
    return;
  }
  put(E, E->K->has_return ? " if (!__hipc_rb.all_done()) {" : " {");
  put(E, " if ([&]() -> bool {");
  emit_refs_mode(E, n->ca, n->cb, 0);
  put(E, " return (");
  emit_range(E, n->ca, n->cb, 0);
  put(E, " ); }()) {");
  emit_scope(E, E->K->n[i].kids[0]);
  put(E, " } else {");
  emit_scope(E, E->K->n[i].kids[1]);
  put(E, " } }");
}

static void emit_hoisted(struct em *E, int s) {
  for (int j = 0; j < E->K->n[s].nk; j++) {
    int c = E->K->n[s].kids[j];
    struct rnode *n = &E->K->n[c];
    if (n->kind == N_HOIST)
      emit_range(E, n->a, n->b, 0);
    else if (n->kind == N_LOOP || n->kind == N_BLOCK)
      emit_hoisted(E, c);
    else if (n->kind == N_IF)
      emit_hoisted(E, n->kids[0]), emit_hoisted(E, E->K->n[c].kids[1]);
  }
}

char *hipc__regions_emit_kernel(struct rw *rw, struct rkernel *K) {
  struct buf out = {0};
  struct em E = {rw, K, &out, K->has_return ? "true" : "false", -1, 0};
  put(&E, K->header);
  if (*K->header)
    put(&E, " ");
  put(&E, K->specs);
  put(&E, " __hipc_regions_");
  put(&E, K->name);
  put(&E, "(");
  put(&E, K->sig);
  put(&E, ") { ::hipc::region_block __hipc_rb;");
  emit_hoisted(&E, K->top);
  char vn[32];
  /* One copy of each uniform variable: its declared type less cv. */
  for (int i = 0; i < K->nv; i++) {
    struct rvar *v = &K->v[i];
    if (!v->uni)
      continue;
    if (v->is_param) {
      put(&E, " ::hipc::auto_t<decltype(");
      put_tok_text(&E, v->name);
      put(&E, ")>");
    } else {
      /* Top-level cv goes: the copy is assigned. It is in the specifiers
       * when there is no pointer, after the last `*` otherwise. */
      struct rnode *d = &K->n[v->node];
      int ptr = 0;
      for (long k = v->pa; k < v->pb; k++)
        ptr |= hipc__lex_is_p(rw, k, "*");
      for (long k = d->sa; k < d->sb; k++) {
        long e = hipc__lex_skip_attr(rw, k);
        if (e != k) {
          k = e - 1;
          continue;
        }
        if (!hipc__lex_in_list(rw, k, "register constexpr") &&
            (ptr || !hipc__lex_in_list(rw, k, "const volatile")))
          emit_range(&E, k, k + 1, 1);
      }
      for (long k = v->pa; k < v->pb; k++)
        if (hipc__lex_is_p(rw, k, "*"))
          put(&E, " *");
    }
    snprintf(vn, sizeof vn, " __hipc_u%d", v->uview);
    put(&E, vn);
    if (v->is_param) {
      put(&E, " = ");
      put_tok_text(&E, v->name);
    } else {
      put(&E, "{}");
    }
    put(&E, ";");
  }
  for (int i = 0; i < K->nv; i++) {
    struct rvar *v = &K->v[i];
    if (!v->slot)
      continue;
    view_name(vn, sizeof vn, v->view);
    put(&E, " ::hipc::slot<");
    emit_type(&E, v);
    put(&E, " > ");
    put(&E, vn);
    put(&E, ";");
  }
  /* The shuffles' exchange slot and the predicated ifs' slots. */
  if (K->nshfl)
    put(&E, " ::hipc::slot<unsigned long long> __hipc_xb;"
            " __hipc_rb.plan(__hipc_xb);");
  for (int i = 0; i < K->npreds; i++) {
    char rn[48];
    snprintf(rn, sizeof rn, " unsigned __hipc_r%d[4];", i);
    put(&E, rn);
    snprintf(vn, sizeof vn, "__hipc_p%d", i);
    put(&E, " ::hipc::slot<unsigned char> ");
    put(&E, vn);
    put(&E, "; __hipc_rb.plan(");
    put(&E, vn);
    put(&E, ");");
  }
  for (int i = 0; i < K->nv; i++)
    if (K->v[i].slot) {
      view_name(vn, sizeof vn, K->v[i].view);
      put(&E, " __hipc_rb.plan(");
      put(&E, vn);
      put(&E, ");");
    }
  put(&E, K->has_return ? " __hipc_rb.commit(true);"
                        : " __hipc_rb.commit(false);");
  if (K->nshfl)
    put(&E, " __hipc_rb.bind(__hipc_xb);");
  for (int i = 0; i < K->npreds; i++) {
    snprintf(vn, sizeof vn, "__hipc_p%d", i);
    put(&E, " __hipc_rb.bind(");
    put(&E, vn);
    put(&E, ");");
  }
  for (int i = 0; i < K->nv; i++)
    if (K->v[i].slot) {
      view_name(vn, sizeof vn, K->v[i].view);
      put(&E, " __hipc_rb.bind(");
      put(&E, vn);
      put(&E, ");");
    }
  /* Each thread's copy of the parameters it assigns. */
  int params = 0;
  for (int i = 0; i < K->nv; i++) {
    struct rvar *v = &K->v[i];
    if (!v->is_param || !v->slot)
      continue;
    if (!params++)
      put(&E, " __hipc_rb.run<false>([&](unsigned __hipc_t) {");
    view_name(vn, sizeof vn, v->view);
    put(&E, " ::new ((void*)");
    put(&E, vn);
    put(&E, ".at(__hipc_t)) typename decltype(");
    put(&E, vn);
    put(&E, ")::U(");
    put_tok_text(&E, v->name);
    put(&E, ");");
  }
  if (params)
    put(&E, " });");
  emit_scope(&E, K->top);
  put(&E, " }");
  return out.p;
}
