/* Instrumentation of the API: the log of HIPC_LOG_LEVEL (log.c) and the
 * timeline of HIPC_TRACE (trace.c, trace_device.c, roctx.c).
 *
 * Both are decided once, before main, into `hipc__instr`. Every public
 * entry point opens with HIPC_API_ENTER(), which, when that word is zero,
 * costs one load and one predictable branch (and a test of a register on
 * the way out). When it is not, the entry pushes a frame on a per-thread
 * stack: arguments given with HIPC_ARG_* go to the innermost frame, the
 * log prints them with the result (level 3), and the trace writes the
 * call as a complete event with them when the function returns. */
#ifndef HIPC_RUNTIME_TRACE_H
#define HIPC_RUNTIME_TRACE_H

#include <stdint.h>

#include "backend/backend.h"
#include "hip/hip_runtime_api.h"

#define HIPC_INSTR_LOG 1u   /* HIPC_LOG_LEVEL >= 1 */
#define HIPC_INSTR_ARGS 2u  /* arguments are wanted: level 3, or the trace */
#define HIPC_INSTR_TRACE 4u /* HIPC_TRACE is set */

/* The flags above; 0 when nothing is on. Written before main only (a
 * constructor of log.c; the trace clears its flag at exit, under its
 * lock, and only ever makes calls cheaper by that). */
extern unsigned hipc__instr;

typedef struct hipc_api_scope {
  int open; /* a frame was pushed */
} hipc_api_scope;

/* Pushes a frame for the entry point `fn`; returns 1. */
int hipc__api_enter(const char* fn);
/* Pops it, writing the trace event of the call. */
void hipc__api_leave(void);

static inline void hipc__api_scope_end(hipc_api_scope* s) {
  if (__builtin_expect(s->open, 0)) hipc__api_leave();
}

/* The first statement of every public entry point. */
#define HIPC_API_ENTER()                                                  \
  __attribute__((cleanup(hipc__api_scope_end))) hipc_api_scope            \
      hipc__scope = {__builtin_expect(hipc__instr != 0, 0)                \
                         ? hipc__api_enter(__func__)                      \
                         : 0}

/* Arguments of the current call, for the log and the trace. Keys are
 * string literals; HIPC_ARG_STR's value must outlive the call. A key
 * given twice keeps its last value. */
#define HIPC_ARG_(kind, key, v)                                           \
  do {                                                                    \
    if (__builtin_expect(hipc__instr & HIPC_INSTR_ARGS, 0))               \
      hipc__arg_##kind(key, v);                                           \
  } while (0)
#define HIPC_ARG_PTR(key, v) HIPC_ARG_(ptr, key, (const void*)(v))
#define HIPC_ARG_U64(key, v) HIPC_ARG_(u64, key, (uint64_t)(v))
#define HIPC_ARG_I64(key, v) HIPC_ARG_(i64, key, (int64_t)(v))
#define HIPC_ARG_STR(key, v) HIPC_ARG_(str, key, v)
#define HIPC_ARG_DIM3(key, v) HIPC_ARG_(dim3, key, v)
void hipc__arg_ptr(const char* key, const void* v);
void hipc__arg_u64(const char* key, uint64_t v);
void hipc__arg_i64(const char* key, int64_t v);
void hipc__arg_str(const char* key, const char* v);
void hipc__arg_dim3(const char* key, dim3 v);

/* Writes the arguments of the innermost frame, if it belongs to `fn`, as
 * "(k=v, ...)" (log) into `buf`; "" when there are none. */
void hipc__args_text(const char* fn, char* buf, size_t len);
/* The same as JSON members (",\"k\":v..."), for the trace. */
void hipc__args_json(char* buf, size_t len);

/* -- the trace's event buffer (trace.c) */
/* Nanoseconds of CLOCK_MONOTONIC. */
uint64_t hipc__trace_now(void);
/* Appends one event: `json` is a complete JSON object. Dropped once the
 * trace is closed. */
void hipc__trace_emit(const char* json);
/* The trace's process id (the "pid" of every event), and the calling
 * host thread's track (its "tid"; emits the track's name first). */
int hipc__trace_pid(void);
long hipc__trace_tid(void);
/* Writes the members "ts" (of `t0`, in microseconds since the trace
 * began) and, unless `t1` is 0, "dur" (from `t0` to `t1`) to `out`. */
void hipc__trace_time(char* out, size_t len, uint64_t t0, uint64_t t1);
/* Escapes `s` into `out` as the inside of a JSON string (truncated to
 * `len` bytes, NUL-terminated). */
void hipc__json_escape(char* out, size_t len, const char* s);
/* roctxProfilerPause (1) and Resume (0). */
void hipc__trace_pause(int on);
/* Writes what is buffered to the file (hipDeviceReset). */
void hipc__trace_flush(void);
/* Opens the trace file (before main): 0, or -1 (said on stderr). */
int hipc__trace_start(const char* path);
/* Registers the exit handler again, after a backend's (see trace.c). */
void hipc__trace_at_exit(void);

/* -- device work (trace_device.c) */
/* With the trace on: puts `dev` behind the tracing ops table, which times
 * every launch, copy and fill on the device. Called once per device, when
 * the device table is built. */
void hipc__trace_device(hipc_device* dev);
/* Names the track of `q` after the stream `s` that owns it. */
void hipc__trace_stream(hipc_queue* q, hipStream_t s);
/* Waits for the traced devices and writes the events of their finished
 * work (`final`: also gives up what can no longer finish). */
void hipc__trace_device_drain(int final);

#endif /* HIPC_RUNTIME_TRACE_H */
