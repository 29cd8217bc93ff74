/* The CPU device pass's precompiled headers (pch.h). Each PCH has two
 * lists beside it, written by tools/pch/manifest.sh when `make` builds it:
 * PCH.deps, the files clang read (one path a line), and PCH.words, every
 * identifier those files spell (one a line, after an empty first line).
 * A macro the user defines or undefines changes what the headers mean
 * only where they spell its name; one they do not spell cannot, so the
 * PCH stands for them. */
#define _POSIX_C_SOURCE 200809L /* st_mtim */
#include "pch.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* Whether `a` is later than `b`. */
static int later(const struct timespec *a, const struct timespec *b) {
  return a->tv_sec != b->tv_sec ? a->tv_sec > b->tv_sec
                                : a->tv_nsec > b->tv_nsec;
}

/* Whether every file in `deps` (one path a line) is there and no newer
 * than `made`, and the list holds `runtime_h` (the PCH is this
 * installation's). */
static int deps_current(char *deps, const struct timespec *made,
                        const char *runtime_h) {
  int ours = 0;
  for (char *line = strtok(deps, "\n"); line != NULL;
       line = strtok(NULL, "\n")) {
    struct stat st;
    if (stat(line, &st) != 0 || later(&st.st_mtim, made))
      return 0;
    ours |= strcmp(line, runtime_h) == 0;
  }
  return ours;
}

/* Whether `words` ("\nA\nB\n...") holds the macro name that starts
 * `def` (NAME, NAME=VALUE or NAME(ARGS)=VALUE). */
static int spelt(const char *words, const char *def) {
  size_t n = strcspn(def, "=(");
  if (n == 0)
    return 1;
  char *key = hipc__util_alloc(n + 3);
  key[0] = '\n';
  memcpy(key + 1, def, n);
  key[n + 1] = '\n';
  key[n + 2] = '\0';
  int found = strstr(words, key) != NULL;
  free(key);
  return found;
}

/* Whether the include directory `dir` holds a `hip` directory, whose
 * headers the user's source would find before hipc's. */
static int shadows_hip(const char *dir) {
  char *p = hipc__util_format("%s/hip", dir);
  struct stat st;
  int found = stat(p, &st) == 0;
  free(p);
  return found;
}

/* Whether the preprocessor flags `pp` leave the headers' meaning alone:
 * -D and -U of names the headers do not spell, include directories
 * without a `hip` directory, -include (read after the PCH). */
static int pp_flags_allow(const struct strvec *pp, const char *words) {
  static const char *const with_value[] = {
      "-include", "-isystem", "-iquote", "-idirafter", "-I", "-D", "-U"};
  for (size_t i = 0; i < pp->n; i++) {
    const char *a = pp->v[i], *val = NULL;
    size_t k = 0, nk = sizeof with_value / sizeof *with_value;
    for (; k < nk; k++) {
      size_t len = strlen(with_value[k]);
      if (strncmp(a, with_value[k], len) == 0) {
        val = a[len] != '\0' ? a + len : (i + 1 < pp->n ? pp->v[++i] : "");
        break;
      }
    }
    if (val == NULL) /* -imacros, -nostdinc, -Wp,... */
      return 0;
    const char *name = with_value[k];
    if (strcmp(name, "-D") == 0 || strcmp(name, "-U") == 0) {
      if (spelt(words, val))
        return 0;
    } else if (strcmp(name, "-include") != 0 && shadows_hip(val)) {
      return 0;
    }
  }
  return 1;
}

/* The flavour the device flags in `cc` ask for: 1 for -ffast-math, 0
 * without, -1 where no PCH fits (the device pass takes these flags from
 * the compiler flags, frontend.c). */
static int flavour(const struct strvec *cc) {
  int fast = 0;
  for (size_t i = 0; i < cc->n; i++) {
    const char *f = cc->v[i];
    if (strcmp(f, "-g") == 0 || strncmp(f, "-fno-exceptions", 15) == 0 ||
        strncmp(f, "-ffp-contract=", 14) == 0)
      return -1;
    /* -ffast-math -fno-fast-math is not clang's plain flavour (its
     * complex range differs), nor is -fno-fast-math alone. */
    if (strncmp(f, "-fno-fast-math", 14) == 0)
      return -1;
    if (strncmp(f, "-ffast-math", 11) == 0)
      fast = 1;
  }
  return fast;
}

static int env_set(const char *name) {
  const char *e = getenv(name);
  return e != NULL && *e != '\0' && strcmp(e, "0") != 0;
}

char *hipc__pch_device_find(const struct hipcc_options *o, const char *prefix,
                            const char *std) {
  /* The headers were compiled with a 64-lane warp's macros (frontend.c). */
  if (env_set("HIPC_NO_PCH") || env_set("HIPC_CLANG") || o->wave32 ||
      strcmp(std, "-std=c++17") != 0)
    return NULL;
  int fast = flavour(&o->cc);
  if (fast < 0)
    return NULL;
  char *pch = hipc__util_format("%s/lib/hipc/pch/device%s.pch", prefix,
                                fast ? "-fast-math" : "");
  char *deps_path = hipc__util_format("%s.deps", pch);
  char *words_path = hipc__util_format("%s.words", pch);
  char *runtime_h = hipc__util_format("%s/include/hip/hip_runtime.h", prefix);
  char *deps = NULL, *words = NULL;
  size_t len;
  struct stat st;
  int ok = stat(pch, &st) == 0 &&
           (deps = hipc__util_read(deps_path, &len)) != NULL &&
           (words = hipc__util_read(words_path, &len)) != NULL &&
           pp_flags_allow(&o->pp, words) &&
           deps_current(deps, &st.st_mtim, runtime_h);
  free(deps);
  free(words);
  free(runtime_h);
  free(words_path);
  free(deps_path);
  if (!ok) {
    free(pch);
    return NULL;
  }
  return pch;
}

int hipc__pch_report(const char *err_path, int rc, const char *from,
                     const char *to) {
  size_t len = 0;
  char *text = hipc__util_read(err_path, &len);
  if (text == NULL)
    return rc != 0;
  if (rc != 0 && (strstr(text, "PCH file") != NULL ||
                  strstr(text, "precompiled header") != NULL)) {
    free(text);
    return 1;
  }
  size_t n = strlen(from);
  for (char *p = text, *q; *p != '\0'; p = q + n) {
    if ((q = strstr(p, from)) == NULL) {
      fputs(p, stderr);
      break;
    }
    fwrite(p, 1, (size_t)(q - p), stderr);
    fputs(to, stderr);
  }
  fflush(stderr);
  free(text);
  return 0;
}
