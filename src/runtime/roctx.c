/* roctx (include/roctx.h): markers and ranges on the trace's timeline
 * (trace.c). A pushed range is a complete event on its thread's track,
 * written when it is popped (so it encloses the API calls made inside
 * it); a started range is a pair of async events ("b", "e") written when
 * it is stopped; a mark is an instant event. Without HIPC_TRACE only the
 * levels and ids are kept. */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "internal.h"
#include "roctx.h"

#define MAX_LEVELS 64

static int tracing(void) { return (hipc__instr & HIPC_INSTR_TRACE) != 0; }

/* Pushed ranges of this thread: levels beyond MAX_LEVELS are counted. */
typedef struct pushed {
  char* message;
  uint64_t t0;
} pushed;
static _Thread_local pushed stack[MAX_LEVELS];
static _Thread_local int levels;

/* Started, not yet stopped ranges (only while tracing). */
typedef struct started {
  struct started* next;
  roctx_range_id_t id;
  char* message;
  uint64_t t0;
  long tid;
} started;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static started* open_ranges;
static roctx_range_id_t next_id = 1;

/* An event of category roctx: `ph` and its other members `extra`. */
static void emit(const char* ph, const char* message, long tid, uint64_t t,
                 uint64_t t1, const char* extra) {
  char esc[512], ev[800], when[80];
  hipc__json_escape(esc, sizeof esc, message);
  hipc__trace_time(when, sizeof when, t, t1);
  snprintf(ev, sizeof ev,
           "{\"ph\":\"%s\",\"cat\":\"roctx\",\"name\":\"%s\",\"pid\":%d,"
           "\"tid\":%ld,%s%s}",
           ph, esc, hipc__trace_pid(), tid, when, extra);
  hipc__trace_emit(ev);
}

void roctxMarkA(const char* message) {
  if (tracing())
    emit("i", message ? message : "", hipc__trace_tid(), hipc__trace_now(), 0,
         ",\"s\":\"t\"");
}

int roctxRangePushA(const char* message) {
  int level = levels++;
  if (level < MAX_LEVELS) {
    stack[level].message =
        tracing() ? strdup(message ? message : "") : NULL;
    stack[level].t0 = stack[level].message ? hipc__trace_now() : 0;
  }
  return level;
}

int roctxRangePop(void) {
  if (levels == 0) return -1;
  int level = --levels;
  if (level < MAX_LEVELS && stack[level].message) {
    uint64_t t1 = hipc__trace_now();
    char extra[64];
    snprintf(extra, sizeof extra, ",\"args\":{\"level\":%d}", level);
    emit("X", stack[level].message, hipc__trace_tid(), stack[level].t0, t1,
         extra);
    free(stack[level].message);
    stack[level].message = NULL;
  }
  return level;
}

roctx_range_id_t roctxRangeStartA(const char* message) {
  started* r = tracing() ? calloc(1, sizeof *r) : NULL;
  if (r) {
    r->message = strdup(message ? message : "");
    r->t0 = hipc__trace_now();
    r->tid = hipc__trace_tid();
  }
  pthread_mutex_lock(&lock);
  roctx_range_id_t id = next_id++;
  if (r && r->message) {
    r->id = id;
    r->next = open_ranges;
    open_ranges = r;
    r = NULL;
  }
  pthread_mutex_unlock(&lock);
  free(r);
  return id;
}

void roctxRangeStop(roctx_range_id_t id) {
  pthread_mutex_lock(&lock);
  started** p = &open_ranges;
  while (*p && (*p)->id != id) p = &(*p)->next;
  started* r = *p;
  if (r) *p = r->next;
  pthread_mutex_unlock(&lock);
  if (!r) return;
  char extra[64];
  snprintf(extra, sizeof extra, ",\"id\":%llu", (unsigned long long)id);
  emit("b", r->message, r->tid, r->t0, 0, extra);
  emit("e", r->message, r->tid, hipc__trace_now(), 0, extra);
  free(r->message);
  free(r);
}

int roctxProfilerPause(roctx_thread_id_t tid) {
  (void)tid;
  hipc__trace_pause(1);
  return 0;
}

int roctxProfilerResume(roctx_thread_id_t tid) {
  (void)tid;
  hipc__trace_pause(0);
  return 0;
}

int roctxNameOsThread(const char* name) {
  if (!tracing() || !name) return 0;
  char esc[256], ev[512];
  hipc__json_escape(esc, sizeof esc, name);
  long tid = hipc__trace_tid();
  snprintf(ev, sizeof ev,
           "{\"ph\":\"M\",\"name\":\"thread_name\",\"pid\":%d,\"tid\":%ld,"
           "\"args\":{\"name\":\"%s\"}}",
           hipc__trace_pid(), tid, esc);
  hipc__trace_emit(ev);
  return 0;
}

int roctxGetThreadId(roctx_thread_id_t* tid) {
  if (tid) *tid = (roctx_thread_id_t)syscall(SYS_gettid);
  return 0;
}
