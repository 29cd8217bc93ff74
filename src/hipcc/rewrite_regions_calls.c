/* The region form of kernels with barriers: may a kernel reach a collective
 * the region form cannot run? (docs/internals.md, "Regions").
 *
 * A region function runs a block's threads one after the other with no
 * fiber to park them on, so a kernel that reaches any block- or warp-level
 * collective besides its own `__syncthreads();` statements must stay on
 * fibers. The check works on names: the kernel body, and transitively the
 * bodies of every function definition in the text whose name the body
 * calls, must not name a collective. Overloads and same-named functions all
 * count (safe: at worst a kernel stays on fibers); calls through pointers
 * and overloaded operators are not followed.
 */
#include "rewrite_regions.h"

#include <stdlib.h>
#include <string.h>

static int starts(const char *s, size_t n, const char *p) {
  size_t pl = strlen(p);
  return n >= pl && memcmp(s, p, pl) == 0;
}

static int equals(const char *s, size_t n, const char *p) {
  return strlen(p) == n && memcmp(s, p, n) == 0;
}

static int contains(const char *s, size_t n, const char *p) {
  size_t pl = strlen(p);
  for (size_t i = 0; i + pl <= n; i++)
    if (memcmp(s + i, p, pl) == 0)
      return 1;
  return 0;
}

/* Whether identifier `k` names a collective (the public names, the
 * cooperative groups API, or the CPU scheduler's entry points). */
static int collective(struct rw *rw, long k) {
  const char *s = rw->s + rw->t[k].off;
  size_t n = rw->t[k].len;
  static const char *const prefixes[] = {"__shfl", "__syncthreads",
                                         "__syncwarp", "__match_",
                                         "__reduce_", "__ballot"};
  static const char *const names[] = {
      "__any", "__all", "__any_sync", "__all_sync", "__activemask",
      "cooperative_groups", "this_thread_block", "this_grid",
      "this_multi_grid", "tiled_partition", "coalesced_threads",
      "grid_group", "thread_block", "thread_block_tile"};
  for (size_t i = 0; i < sizeof prefixes / sizeof *prefixes; i++)
    if (starts(s, n, prefixes[i]))
      return 1;
  for (size_t i = 0; i < sizeof names / sizeof *names; i++)
    if (equals(s, n, names[i]))
      return 1;
  return starts(s, n, "hipc_cpu_") &&
         (contains(s, n, "sync") || contains(s, n, "warp") ||
          contains(s, n, "grid") || contains(s, n, "barrier") ||
          contains(s, n, "coop"));
}

static unsigned long hash_tok(struct rw *rw, long k) {
  unsigned long h = 5381;
  const char *s = rw->s + rw->t[k].off;
  for (size_t i = 0; i < rw->t[k].len; i++)
    h = h * 33 + (unsigned char)s[i];
  return h;
}

struct index {
  long *head;          /* per bucket: first definition, or -1 */
  long *next;          /* per definition: next in its bucket */
  unsigned long mask;
};

static void build_defs(struct rw *rw, struct rstate *st);

struct rstate *hipc__regions_state(struct rw *rw) {
  struct rstate *st = rw->regions;
  if (st == NULL) {
    st = rw->regions = hipc__util_alloc(sizeof *st);
    memset(st, 0, sizeof *st);
  }
  if (!st->defs_built) {
    build_defs(rw, st);
    unsigned long size = 64;
    while (size < 2 * (unsigned long)st->ndefs)
      size *= 2;
    st->ix_mask = size - 1;
    st->ix_head = hipc__util_alloc(size * sizeof *st->ix_head);
    st->ix_next = hipc__util_alloc((st->ndefs + 1) * sizeof *st->ix_next);
    for (unsigned long i = 0; i < size; i++)
      st->ix_head[i] = -1;
    for (long d = 0; d < st->ndefs; d++) {
      unsigned long h = hash_tok(rw, st->def_name[d]) & st->ix_mask;
      st->ix_next[d] = st->ix_head[h];
      st->ix_head[h] = d;
    }
  }
  return st;
}

static int same(struct rw *rw, long a, long b);

int hipc__regions_callee_writes(struct rw *rw, long name) {
  struct rstate *st = hipc__regions_state(rw);
  for (long d = st->ix_head[hash_tok(rw, name) & st->ix_mask]; d >= 0;
       d = st->ix_next[d]) {
    if (!same(rw, st->def_name[d], name))
      continue;
    /* The parameter list: the first '(' after the name. */
    long o = st->def_name[d] + 1;
    if (hipc__lex_is_p(rw, o, "<")) {
      int depth = 0;
      for (; o < st->def_open[d]; o++) {
        depth += hipc__lex_is_p(rw, o, "<") - hipc__lex_is_p(rw, o, ">");
        if (depth == 0)
          break;
      }
      o++;
    }
    if (!hipc__lex_is_p(rw, o, "("))
      return 1;
    long c = hipc__lex_match_fwd(rw, o);
    int is_const = 0;
    for (long k = o + 1; k < c; k++) {
      if (hipc__lex_is_p(rw, k, ","))
        is_const = 0;
      else if (hipc__lex_is_id(rw, k, "const"))
        is_const = 1;
      else if (hipc__lex_is_p(rw, k, "&") && !is_const)
        return 1;
      else if (hipc__lex_is_open(rw, k))
        k = hipc__lex_match_fwd(rw, k);
      if (k < 0)
        return 1;
    }
  }
  return 0;
}

/* Records every function definition of the text: `NAME (...) QUALS {`. */
static void build_defs(struct rw *rw, struct rstate *st) {
  st->defs_built = 1;
  for (long i = 1; i < rw->nt; i++) {
    if (!hipc__lex_is_p(rw, i, "{"))
      continue;
    long k = i - 1;
    for (;;) {
      long e = hipc__lex_skip_attr_back(rw, k);
      if (e != k) {
        k = e;
      } else if (hipc__lex_in_list(rw, k, "const volatile override final "
                                          "mutable noexcept") ||
                 hipc__lex_is_p(rw, k, "&") || hipc__lex_is_p(rw, k, "&&")) {
        k--;
      } else if (hipc__lex_is_p(rw, k, ")")) {
        long o = hipc__lex_match_back(rw, k);
        if (o > 0 && hipc__lex_in_list(rw, o - 1, "noexcept throw"))
          k = o - 2;
        else
          break;
      } else {
        break;
      }
    }
    if (!hipc__lex_is_p(rw, k, ")"))
      continue;
    long o = hipc__lex_match_back(rw, k);
    long nm = o - 1;
    if (hipc__lex_is_p(rw, nm, ">")) {
      long lt = hipc__lex_angle_back(rw, nm);
      nm = lt > 0 ? lt - 1 : -1;
    }
    if (nm < 0 || !hipc__lex_is_ident(rw, nm) ||
        hipc__lex_in_list(rw, nm, "if for while switch catch return sizeof "
                                  "decltype alignof alignas __attribute__"))
      continue;
    long close = hipc__lex_match_fwd(rw, i);
    if (close < 0)
      continue;
    if (st->ndefs == st->capdefs) {
      st->capdefs = st->capdefs ? 2 * st->capdefs : 1024;
      st->def_name = hipc__util_realloc(st->def_name,
                                        st->capdefs * sizeof *st->def_name);
      st->def_open = hipc__util_realloc(st->def_open,
                                        st->capdefs * sizeof *st->def_open);
      st->def_close = hipc__util_realloc(st->def_close,
                                         st->capdefs * sizeof *st->def_close);
    }
    st->def_name[st->ndefs] = nm;
    st->def_open[st->ndefs] = i;
    st->def_close[st->ndefs] = close;
    st->ndefs++;
  }
}

static int same(struct rw *rw, long a, long b) {
  return rw->t[a].len == rw->t[b].len &&
         memcmp(rw->s + rw->t[a].off, rw->s + rw->t[b].off, rw->t[a].len) ==
             0;
}

/* Scans [a, b): returns 1 at a collective; queues the definitions of the
 * names it calls that are not visited yet. */
static int scan(struct rw *rw, struct rstate *st, struct index *ix, long a,
                long b, const char *skip, char *seen, long *work,
                long *nwork) {
  for (long k = a; k < b; k++) {
    if (!hipc__lex_is_ident(rw, k) || (skip && skip[k - a]))
      continue;
    if (collective(rw, k))
      return 1;
    if (!hipc__lex_is_p(rw, k + 1, "(") && !hipc__lex_is_p(rw, k + 1, "<"))
      continue;
    for (long d = ix->head[hash_tok(rw, k) & ix->mask]; d >= 0;
         d = ix->next[d])
      if (!seen[d] && same(rw, st->def_name[d], k)) {
        seen[d] = 1;
        work[(*nwork)++] = d;
      }
  }
  return 0;
}

int hipc__regions_calls_collective(struct rw *rw, long a, long b,
                                   const char *skip) {
  struct rstate *st = hipc__regions_state(rw);
  struct index ix = {st->ix_head, st->ix_next, st->ix_mask};
  char *seen = hipc__util_alloc(st->ndefs + 1);
  memset(seen, 0, st->ndefs + 1);
  long *work = hipc__util_alloc((st->ndefs + 1) * sizeof *work);
  long nwork = 0;
  /* The kernel's own definition (its body is [a, b)) is not a callee. */
  for (long d = 0; d < st->ndefs; d++)
    if (st->def_open[d] == a)
      seen[d] = 1;
  int found = scan(rw, st, &ix, a, b, skip, seen, work, &nwork);
  while (!found && nwork > 0) {
    long d = work[--nwork];
    found = scan(rw, st, &ix, st->def_open[d], st->def_close[d], NULL, seen,
                 work, &nwork);
  }
  free(seen), free(work);
  return found;
}
