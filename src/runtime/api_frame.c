/* The API call in progress on each host thread, for the log and the
 * trace (trace.h). HIPC_API_ENTER, when `hipc__instr` is set, opens a
 * frame that receives the call's arguments (HIPC_ARG_*) and its result
 * (HIPC_RETURN, error.c); when the function returns the frame is closed
 * and the call written to the trace. An entry point that calls another
 * (hipStreamCreate calls hipStreamCreateWithPriority, hipModuleLaunchKernel
 * hipLaunchKernel) is one call: the inner one adds its arguments to the
 * outer one's frame and is not written on its own. */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "internal.h"

#define MAX_ARGS 10

enum { ARG_PTR, ARG_U64, ARG_I64, ARG_STR, ARG_DIM3 };

typedef struct arg {
  const char* key;
  int type;
  union {
    const void* p;
    uint64_t u;
    int64_t i;
    const char* s;
    dim3 d;
  } v;
} arg;

typedef struct frame {
  const char* fn;
  uint64_t t0;
  hipError_t result;
  int has_result;
  int nargs;
  arg args[MAX_ARGS];
} frame;

/* Entry points in progress on this thread (nested ones included), and
 * the outermost one's frame. */
static _Thread_local int depth;
static _Thread_local frame current;

static frame* top(void) { return depth > 0 ? &current : NULL; }

int hipc__api_enter(const char* fn) {
  if (depth++ == 0) {
    frame* f = &current;
    f->fn = fn;
    f->has_result = 0;
    f->nargs = 0;
    f->t0 = (hipc__instr & HIPC_INSTR_TRACE) ? hipc__trace_now() : 0;
  }
  return 1;
}

void hipc__api_leave(void) {
  frame* f = top();
  if (depth == 1 && f->t0) {
    uint64_t t1 = hipc__trace_now();
    long tid = hipc__trace_tid();
    char args[1024];
    hipc__args_json(args, sizeof args);
    char ev[1400], when[80];
    hipc__trace_time(when, sizeof when, f->t0, t1);
    snprintf(ev, sizeof ev,
             "{\"ph\":\"X\",\"cat\":\"api\",\"name\":\"%s\",\"pid\":%d,"
             "\"tid\":%ld,%s,\"args\":{\"result\":\"%s\"%s}}",
             f->fn, hipc__trace_pid(), tid, when,
             /* One that returned another's result without HIPC_RETURN
              * has that one's as the last error. */
             hipGetErrorName(f->has_result ? f->result
                                           : hipPeekAtLastError()),
             args);
    hipc__trace_emit(ev);
  }
  depth--;
}

/* The innermost frame's slot for `key` (an existing one, or a new one);
 * NULL when there is no frame or no room. */
static arg* slot(const char* key) {
  frame* f = top();
  if (!f) return NULL;
  for (int i = 0; i < f->nargs; ++i)
    if (strcmp(f->args[i].key, key) == 0) return &f->args[i];
  if (f->nargs == MAX_ARGS) return NULL;
  arg* a = &f->args[f->nargs++];
  a->key = key;
  return a;
}

void hipc__arg_ptr(const char* key, const void* v) {
  arg* a = slot(key);
  if (a) { a->type = ARG_PTR; a->v.p = v; }
}

void hipc__arg_u64(const char* key, uint64_t v) {
  arg* a = slot(key);
  if (a) { a->type = ARG_U64; a->v.u = v; }
}

void hipc__arg_i64(const char* key, int64_t v) {
  arg* a = slot(key);
  if (a) { a->type = ARG_I64; a->v.i = v; }
}

void hipc__arg_str(const char* key, const char* v) {
  arg* a = slot(key);
  if (a) { a->type = ARG_STR; a->v.s = v ? v : "?"; }
}

void hipc__arg_dim3(const char* key, dim3 v) {
  arg* a = slot(key);
  if (a) { a->type = ARG_DIM3; a->v.d = v; }
}

/* Records the result of `fn` in its frame (called by HIPC_RETURN, so
 * before the frame is popped) and writes the log line. */
void hipc__api_result(const char* fn, hipError_t e) {
  frame* f = top();
  if (f && f->fn == fn) {
    f->result = e;
    f->has_result = 1;
  }
  if (hipc__instr & HIPC_INSTR_LOG) hipc__log_api(fn, e);
}

/* One argument's value, as the log (json 0) or the trace (1) writes it. */
static void value(const arg* a, int json, char* out, size_t len) {
  switch (a->type) {
    case ARG_PTR:
      snprintf(out, len, json ? "\"0x%" PRIxPTR "\"" : "0x%" PRIxPTR,
               (uintptr_t)a->v.p);
      break;
    case ARG_U64:
      snprintf(out, len, "%" PRIu64, a->v.u);
      break;
    case ARG_I64:
      snprintf(out, len, "%" PRId64, a->v.i);
      break;
    case ARG_STR:
      if (json) {
        char esc[256];
        hipc__json_escape(esc, sizeof esc, a->v.s);
        snprintf(out, len, "\"%s\"", esc);
      } else {
        snprintf(out, len, "%s", a->v.s);
      }
      break;
    default:
      snprintf(out, len, json ? "[%u,%u,%u]" : "(%u,%u,%u)", a->v.d.x,
               a->v.d.y, a->v.d.z);
  }
}

void hipc__args_text(const char* fn, char* buf, size_t len) {
  buf[0] = 0;
  frame* f = top();
  if (!f || f->fn != fn || !f->nargs) return;
  size_t n = 0;
  for (int i = 0; i < f->nargs && n < len; ++i) {
    char v[300];
    value(&f->args[i], 0, v, sizeof v);
    n += (size_t)snprintf(buf + n, len - n, "%s%s=%s", i ? ", " : "(",
                          f->args[i].key, v);
  }
  if (n < len) snprintf(buf + n, len - n, ")");
}

void hipc__args_json(char* buf, size_t len) {
  buf[0] = 0;
  frame* f = top();
  if (!f) return;
  size_t n = 0;
  for (int i = 0; i < f->nargs && n < len; ++i) {
    char v[300];
    value(&f->args[i], 1, v, sizeof v);
    n += (size_t)snprintf(buf + n, len - n, ",\"%s\":%s", f->args[i].key, v);
  }
  if (n >= len) buf[0] = 0; /* truncated: no arguments rather than bad JSON */
}
