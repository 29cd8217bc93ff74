/* Small helpers of the hipcc driver: string vectors, messages, temporary
 * files and running sub-commands. */
#ifndef HIPC_HIPCC_UTIL_H
#define HIPC_HIPCC_UTIL_H

#include <stddef.h>
#include <sys/types.h>

/* A growable, NULL-terminated argument vector. The strings are not owned. */
struct strvec {
  const char **v;
  size_t n, cap;
};

void hipc__util_push(struct strvec *sv, const char *s);
void hipc__util_append(struct strvec *sv, const struct strvec *from);
void hipc__util_free(struct strvec *sv);

void *hipc__util_alloc(size_t n);
/* realloc that never returns NULL (it exits on exhaustion). */
void *hipc__util_realloc(void *p, size_t n);
char *hipc__util_strdup(const char *s);
/* Returns a malloc'd string made from the printf-style `fmt`. */
char *hipc__util_format(const char *fmt, ...)
    __attribute__((format(printf, 1, 2)));

/* Prints `hipcc: error: ...` (with a newline) to stderr. */
void hipc__util_error(const char *fmt, ...)
    __attribute__((format(printf, 1, 2)));
void hipc__util_warning(const char *fmt, ...)
    __attribute__((format(printf, 1, 2)));

/* Returns the last component of `path` without its extension, malloc'd. */
char *hipc__util_stem(const char *path);
/* Returns the directory part of `path` ("." if none), malloc'd. */
char *hipc__util_dirname(const char *path);
/* Returns the extension of `path` including the dot, or "". */
const char *hipc__util_ext(const char *path);
/* Whether `prog` names an executable, directly or through $PATH. */
int hipc__util_in_path(const char *prog);

/* Returns a fresh path `<tmpdir>/<name>` inside hipcc's private temporary
 * directory (created on first use under $TMPDIR or /tmp). The file is
 * removed when hipcc exits, also on failure or on SIGINT/SIGTERM. Returns
 * NULL (after printing why) when the directory cannot be created. */
char *hipc__util_temp(const char *name);

/* A growing, NUL-terminated text. */
struct buf {
  char *p;
  size_t n, cap;
};
void hipc__util_buf_add(struct buf *b, const char *s, size_t n);
void hipc__util_buf_puts(struct buf *b, const char *s);

/* Reads a whole file; returns a malloc'd buffer, NUL-terminated (after
 * `*len` bytes), or NULL (errno set). */
char *hipc__util_read(const char *path, size_t *len);
/* Writes `len` bytes to `path` ("-" or NULL: stdout). Returns 0 or -1
 * after printing why. */
int hipc__util_write(const char *path, const char *data, size_t len);

/* Runs `argv` (searched in $PATH) and waits for it. With `verbose`, prints
 * the command, shell-quoted, to stderr first. If `capture` is not NULL,
 * the command's stdout is stored there (malloc'd). Returns the exit status,
 * or 1 when it could not be started or was killed by a signal. */
int hipc__util_run(const char *const *argv, int verbose, char **capture);
/* The same, with each `from` in what the command writes to stderr written
 * as `to` (the CPU device pass's "when compiling for sm_70"). */
int hipc__util_run_relabel(const char *const *argv, int verbose,
                           const char *from, const char *to);

/* Starts `argv` without waiting, its stderr written to the file
 * `err_path` (made or emptied). 0 and `*pid`, or 1 after a message. */
int hipc__util_spawn(const char *const *argv, int verbose,
                     const char *err_path, pid_t *pid);
/* Waits for `pid` (a command named `name`). Returns as hipc__util_run. */
int hipc__util_wait(pid_t pid, const char *name);

#endif /* HIPC_HIPCC_UTIL_H */
