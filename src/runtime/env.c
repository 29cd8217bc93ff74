/* Environment variables: parsing with checks and one clear message per
 * bad variable (see env.h). The message goes to stderr once per variable
 * and process, however many times the variable is read. */
#include "env.h"

#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
#define MAX_REPORTED 32
static const char* reported[MAX_REPORTED];
static int nreported;

/* Prints "hipc: NAME=VALUE <why>; <using>" unless NAME was reported. */
void hipc__env_report(const char* name, const char* value, const char* why,
                      const char* using) {
  pthread_mutex_lock(&lock);
  for (int i = 0; i < nreported; ++i)
    if (strcmp(reported[i], name) == 0) {
      pthread_mutex_unlock(&lock);
      return;
    }
  if (nreported < MAX_REPORTED) reported[nreported++] = name;
  pthread_mutex_unlock(&lock);
  fprintf(stderr, "hipc: %s=%s %s; %s\n", name, value, why, using);
}

long hipc__env_int(const char* name, long min, long max, long fallback) {
  const char* v = getenv(name);
  if (!v || !*v) return fallback;
  char* end;
  errno = 0;
  long n = strtol(v, &end, 10);
  if (end == v || *end || errno == ERANGE || n < min || n > max) {
    char why[96], using[64];
    snprintf(why, sizeof why, "is not a whole number from %ld to %ld", min,
             max);
    snprintf(using, sizeof using, "using %ld", fallback);
    hipc__env_report(name, v, why, using);
    return fallback;
  }
  return n;
}

int hipc__env_choice(const char* name, const char* const* choices,
                     int fallback) {
  const char* v = getenv(name);
  if (!v || !*v) return fallback;
  for (int i = 0; choices[i]; ++i)
    if (strcmp(v, choices[i]) == 0) return i;
  char why[160] = "is not one of:";
  for (int i = 0; choices[i]; ++i) {
    size_t len = strlen(why);
    snprintf(why + len, sizeof why - len, " %s", choices[i]);
  }
  char using[64];
  snprintf(using, sizeof using, "using %s", choices[fallback]);
  hipc__env_report(name, v, why, using);
  return fallback;
}

int hipc__env_flag(const char* name, int fallback) {
  const char* v = getenv(name);
  if (!v || !*v) return fallback;
  if (strcmp(v, "0") == 0) return 0;
  if (strcmp(v, "1") == 0) return 1;
  hipc__env_report(name, v, "is not 0 or 1", fallback ? "using 1" : "using 0");
  return fallback;
}
