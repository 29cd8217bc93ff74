/* The timeline (README "Timeline"): HIPC_TRACE=FILE writes the program's
 * API calls, its device work and its roctx markers to FILE in the Chrome
 * trace event format ({"traceEvents":[...]}, times in microseconds), which
 * Perfetto and chrome://tracing open.
 *
 * Events are formatted as they happen (api_frame.c: API calls;
 * trace_device.c: device work; roctx.c: markers) and appended to one
 * buffer under `lock`; the buffer goes to the file whenever it holds a
 * megabyte, at hipDeviceReset, and at exit, which also waits for the
 * devices, writes their last events and closes the JSON. Nothing is
 * written after that. A program killed by a signal leaves the array
 * unterminated (the trace viewers still read it).
 *
 * Host threads are tracks of their own ("tid" is the thread's Linux id);
 * device work goes on one track per stream (trace_device.c). */
#define _GNU_SOURCE
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "internal.h"

#define FLUSH_AT (1u << 20)

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static FILE* file;
static int state; /* 0: not started, 1: recording, 2: closed */
static char* buf;
static size_t len, cap;
static int nevents;
static uint64_t t_start;
static int pid;

uint64_t hipc__trace_now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

/* Microseconds with three decimals, printed from integers (printf's
 * floating point would be most of the cost of an event). */
static void micros(char* out, size_t len, uint64_t ns) {
  snprintf(out, len, "%" PRIu64 ".%03u", ns / 1000, (unsigned)(ns % 1000));
}

void hipc__trace_time(char* out, size_t len, uint64_t t0, uint64_t t1) {
  char ts[32], dur[32];
  micros(ts, sizeof ts, t0 > t_start ? t0 - t_start : 0);
  if (t1 == 0) {
    snprintf(out, len, "\"ts\":%s", ts);
    return;
  }
  micros(dur, sizeof dur, t1 > t0 ? t1 - t0 : 0);
  snprintf(out, len, "\"ts\":%s,\"dur\":%s", ts, dur);
}

int hipc__trace_pid(void) { return pid; }

void hipc__json_escape(char* out, size_t len, const char* s) {
  size_t n = 0;
  for (; s && *s && n + 7 < len; ++s) {
    unsigned char c = (unsigned char)*s;
    if (c == '"' || c == '\\') {
      out[n++] = '\\';
      out[n++] = (char)c;
    } else if (c < 0x20) {
      n += (size_t)snprintf(out + n, len - n, "\\u%04x", c);
    } else {
      out[n++] = (char)c;
    }
  }
  out[n] = 0;
}

/* Under the lock: writes the buffer out. */
static void write_out(void) {
  if (len && file) fwrite(buf, 1, len, file);
  len = 0;
}

/* Under the lock: appends `s` to the buffer. */
static void append(const char* s, size_t n) {
  if (len + n > cap) {
    size_t ncap = cap ? cap : 4096;
    while (ncap < len + n) ncap *= 2;
    char* b = realloc(buf, ncap);
    if (!b) {
      write_out(); /* out of memory: straight to the file */
      if (file) fwrite(s, 1, n, file);
      return;
    }
    buf = b;
    cap = ncap;
  }
  memcpy(buf + len, s, n);
  len += n;
}

/* roctxProfilerPause: events other than metadata are dropped. */
static int paused;

void hipc__trace_pause(int on) {
  __atomic_store_n(&paused, on, __ATOMIC_RELAXED);
}

void hipc__trace_emit(const char* json) {
  if (__atomic_load_n(&paused, __ATOMIC_RELAXED) &&
      strncmp(json, "{\"ph\":\"M\"", 8) != 0)
    return;
  pthread_mutex_lock(&lock);
  if (state == 1) {
    if (nevents++) append(",\n", 2);
    append(json, strlen(json));
    if (len >= FLUSH_AT) write_out();
  }
  pthread_mutex_unlock(&lock);
}

static _Thread_local long thread_id;

long hipc__trace_tid(void) {
  if (thread_id) return thread_id;
  thread_id = (long)syscall(SYS_gettid);
  char ev[256];
  snprintf(ev, sizeof ev,
           "{\"ph\":\"M\",\"name\":\"thread_name\",\"pid\":%d,\"tid\":%ld,"
           "\"args\":{\"name\":\"%s %ld\"}}",
           pid, thread_id, thread_id == pid ? "main thread" : "host thread",
           thread_id);
  hipc__trace_emit(ev);
  return thread_id;
}

static void finish(void) {
  pthread_mutex_lock(&lock);
  int recording = state == 1;
  pthread_mutex_unlock(&lock);
  if (!recording) return;
  hipc__trace_device_drain(1);
  pthread_mutex_lock(&lock);
  if (state == 1) {
    static const char tail[] = "\n],\"displayTimeUnit\":\"ns\"}\n";
    append(tail, sizeof tail - 1);
    write_out();
    fclose(file);
    file = NULL;
    state = 2;
  }
  pthread_mutex_unlock(&lock);
}

void hipc__trace_flush(void) {
  if (!(hipc__instr & HIPC_INSTR_TRACE)) return;
  hipc__trace_device_drain(0);
  pthread_mutex_lock(&lock);
  if (state == 1) {
    write_out();
    fflush(file);
  }
  pthread_mutex_unlock(&lock);
}

/* Called once more when the devices are set up: exit handlers run in the
 * reverse order of their registration, and the trace must wait for the
 * devices before a GPU driver's own handlers take them down. */
void hipc__trace_at_exit(void) { atexit(finish); }

/* Opens the file (log.c's constructor, before main): 0, or -1 when it
 * cannot be written (said on stderr; the trace is then off). */
int hipc__trace_start(const char* path) {
  file = fopen(path, "w");
  if (!file) {
    fprintf(stderr, "hipc: HIPC_TRACE: cannot write %s: %s\n", path,
            strerror(errno));
    return -1;
  }
  t_start = hipc__trace_now();
  pid = (int)getpid();
  state = 1;
  char name[64] = "hipc";
  FILE* comm = fopen("/proc/self/comm", "r");
  if (comm) {
    if (fgets(name, sizeof name, comm)) name[strcspn(name, "\n")] = 0;
    fclose(comm);
  }
  char esc[128], ev[256];
  hipc__json_escape(esc, sizeof esc, name);
  static const char head[] = "{\"traceEvents\":[\n";
  append(head, sizeof head - 1);
  snprintf(ev, sizeof ev,
           "{\"ph\":\"M\",\"name\":\"process_name\",\"pid\":%d,\"tid\":0,"
           "\"args\":{\"name\":\"%s (hipc)\"}}",
           pid, esc);
  hipc__trace_emit(ev);
  atexit(finish);
  return 0;
}
