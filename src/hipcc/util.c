#define _GNU_SOURCE /* mkdtemp */
#include "util.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

void *hipc__util_alloc(size_t n) {
  void *p = malloc(n ? n : 1);
  if (p == NULL) {
    fputs("hipcc: fatal error: out of memory\n", stderr);
    exit(1);
  }
  return p;
}

void *hipc__util_realloc(void *p, size_t n) {
  p = realloc(p, n ? n : 1);
  if (p == NULL) {
    fputs("hipcc: fatal error: out of memory\n", stderr);
    exit(1);
  }
  return p;
}

char *hipc__util_strdup(const char *s) {
  size_t n = strlen(s) + 1;
  return memcpy(hipc__util_alloc(n), s, n);
}

char *hipc__util_format(const char *fmt, ...) {
  /* A first try into a local buffer: most strings fit, and gcc warns
   * (wrongly) about vsnprintf(NULL, 0, ...) under some options. */
  char small[256];
  va_list ap;
  va_start(ap, fmt);
  int n = vsnprintf(small, sizeof small, fmt, ap);
  va_end(ap);
  char *s = hipc__util_alloc((size_t)n + 1);
  if ((size_t)n < sizeof small)
    return memcpy(s, small, (size_t)n + 1);
  va_start(ap, fmt);
  vsnprintf(s, (size_t)n + 1, fmt, ap);
  va_end(ap);
  return s;
}

void hipc__util_push(struct strvec *sv, const char *s) {
  if (sv->n + 2 > sv->cap) {
    sv->cap = sv->cap ? sv->cap * 2 : 16;
    const char **v = realloc(sv->v, sv->cap * sizeof *v);
    if (v == NULL) {
      fputs("hipcc: fatal error: out of memory\n", stderr);
      exit(1);
    }
    sv->v = v;
  }
  sv->v[sv->n++] = s;
  sv->v[sv->n] = NULL;
}

void hipc__util_append(struct strvec *sv, const struct strvec *from) {
  for (size_t i = 0; i < from->n; i++)
    hipc__util_push(sv, from->v[i]);
}

void hipc__util_free(struct strvec *sv) {
  free(sv->v);
  *sv = (struct strvec){0};
}

static void message(const char *kind, const char *fmt, va_list ap) {
  fprintf(stderr, "hipcc: %s: ", kind);
  vfprintf(stderr, fmt, ap);
  fputc('\n', stderr);
}

void hipc__util_error(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  message("error", fmt, ap);
  va_end(ap);
}

void hipc__util_warning(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  message("warning", fmt, ap);
  va_end(ap);
}

char *hipc__util_stem(const char *path) {
  const char *b = strrchr(path, '/');
  b = b ? b + 1 : path;
  const char *e = strrchr(b, '.');
  size_t n = e && e != b ? (size_t)(e - b) : strlen(b);
  char *s = hipc__util_alloc(n + 1);
  memcpy(s, b, n);
  s[n] = '\0';
  return s;
}

char *hipc__util_dirname(const char *path) {
  const char *b = strrchr(path, '/');
  if (b == NULL)
    return hipc__util_strdup(".");
  if (b == path)
    return hipc__util_strdup("/");
  char *s = hipc__util_alloc((size_t)(b - path) + 1);
  memcpy(s, path, (size_t)(b - path));
  s[b - path] = '\0';
  return s;
}

const char *hipc__util_ext(const char *path) {
  const char *b = strrchr(path, '/');
  b = b ? b + 1 : path;
  const char *e = strrchr(b, '.');
  return e && e != b ? e : "";
}

int hipc__util_in_path(const char *prog) {
  if (strchr(prog, '/') != NULL)
    return access(prog, X_OK) == 0;
  const char *path = getenv("PATH");
  if (path == NULL)
    path = "/usr/bin:/bin";
  for (const char *p = path;;) {
    size_t n = strcspn(p, ":");
    char *f = hipc__util_format("%.*s/%s", (int)n, n ? p : ".", prog);
    int ok = access(f, X_OK) == 0;
    free(f);
    if (ok)
      return 1;
    if (p[n] == '\0')
      return 0;
    p += n + 1;
  }
}

/* ---- Temporary files ---------------------------------------------------
 * The list is only appended to, and a file is added before it is created,
 * so the signal handler may walk it at any time. */

static char tmp_dir[4096];
static char *tmp_files[1024];
static volatile sig_atomic_t tmp_count;

static void cleanup(void) {
  for (sig_atomic_t i = 0; i < tmp_count; i++)
    unlink(tmp_files[i]);
  if (tmp_dir[0] != '\0')
    rmdir(tmp_dir);
}

static void on_signal(int sig) {
  cleanup();
  signal(sig, SIG_DFL);
  raise(sig);
}

char *hipc__util_temp(const char *name) {
  if (tmp_dir[0] == '\0') {
    const char *t = getenv("TMPDIR");
    if (t == NULL || *t == '\0')
      t = "/tmp";
    snprintf(tmp_dir, sizeof tmp_dir, "%s/hipcc-XXXXXX", t);
    if (mkdtemp(tmp_dir) == NULL) {
      hipc__util_error("cannot create a temporary directory in '%s': %s", t,
                       strerror(errno));
      tmp_dir[0] = '\0';
      return NULL;
    }
    atexit(cleanup);
    signal(SIGINT, on_signal);
    signal(SIGTERM, on_signal);
    signal(SIGHUP, on_signal);
  }
  if (tmp_count == (sig_atomic_t)(sizeof tmp_files / sizeof *tmp_files)) {
    hipc__util_error("too many temporary files");
    return NULL;
  }
  char *p = hipc__util_format("%s/%s", tmp_dir, name);
  tmp_files[tmp_count] = p;
  tmp_count++;
  return p;
}

/* ---- Files ------------------------------------------------------------- */

char *hipc__util_read(const char *path, size_t *len) {
  FILE *f = fopen(path, "rb");
  if (f == NULL)
    return NULL;
  size_t cap = 1 << 16, n = 0;
  char *p = hipc__util_alloc(cap);
  size_t got;
  while ((got = fread(p + n, 1, cap - n, f)) > 0) {
    n += got;
    if (n == cap) {
      char *q = realloc(p, cap *= 2);
      if (q == NULL) {
        free(p);
        fclose(f);
        errno = ENOMEM;
        return NULL;
      }
      p = q;
    }
  }
  int bad = ferror(f);
  fclose(f);
  if (bad) {
    free(p);
    errno = EIO;
    return NULL;
  }
  p[n] = '\0';  /* n < cap: there is room */
  *len = n;
  return p;
}

int hipc__util_write(const char *path, const char *data, size_t len) {
  int to_stdout = path == NULL || strcmp(path, "-") == 0;
  FILE *f = to_stdout ? stdout : fopen(path, "wb");
  if (f == NULL) {
    hipc__util_error("cannot write '%s': %s", path, strerror(errno));
    return -1;
  }
  int bad = fwrite(data, 1, len, f) != len;
  bad |= to_stdout ? fflush(f) != 0 : fclose(f) != 0;
  if (bad) {
    hipc__util_error("cannot write '%s': %s", to_stdout ? "<stdout>" : path,
                     strerror(errno));
    return -1;
  }
  return 0;
}

/* ---- Sub-commands ------------------------------------------------------ */

/* Prints `s` so that a POSIX shell reads it back as one word. */
static void put_quoted(const char *s, FILE *f) {
  if (*s != '\0' &&
      strspn(s, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
                "0123456789_-+=/.,:@%^") == strlen(s)) {
    fputs(s, f);
    return;
  }
  fputc('\'', f);
  for (; *s; s++) {
    if (*s == '\'')
      fputs("'\\''", f);
    else
      fputc(*s, f);
  }
  fputc('\'', f);
}

/* Copies what the child writes to `fd` to stderr, line by line, with each
 * `from` written as `to`. */
static void relabel_stream(int fd, const char *from, const char *to) {
  FILE *in = fdopen(fd, "r");
  if (in == NULL) {
    close(fd);
    return;
  }
  char *line = NULL;
  size_t cap = 0, flen = strlen(from);
  ssize_t n;
  while ((n = getline(&line, &cap, in)) > 0) {
    const char *p = line, *hit;
    while ((hit = strstr(p, from)) != NULL) {
      fwrite(p, 1, (size_t)(hit - p), stderr);
      fputs(to, stderr);
      p = hit + flen;
    }
    fputs(p, stderr);
  }
  fflush(stderr);
  free(line);
  fclose(in);
}

static int run(const char *const *argv, int verbose, char **capture,
               const char *from, const char *to);

int hipc__util_run(const char *const *argv, int verbose, char **capture) {
  return run(argv, verbose, capture, NULL, NULL);
}

int hipc__util_run_relabel(const char *const *argv, int verbose,
                           const char *from, const char *to) {
  return run(argv, verbose, NULL, from, to);
}

static void print_command(const char *const *argv) {
  for (size_t i = 0; argv[i] != NULL; i++) {
    if (i > 0)
      fputc(' ', stderr);
    put_quoted(argv[i], stderr);
  }
  fputc('\n', stderr);
}

static int run(const char *const *argv, int verbose, char **capture,
               const char *from, const char *to) {
  if (verbose)
    print_command(argv);
  fflush(stdout);
  fflush(stderr);
  int fds[2] = {-1, -1};
  posix_spawn_file_actions_t fa;
  posix_spawn_file_actions_init(&fa);
  if (capture != NULL) {
    if (pipe(fds) != 0) {
      hipc__util_error("pipe: %s", strerror(errno));
      return 1;
    }
    posix_spawn_file_actions_adddup2(&fa, fds[1], STDOUT_FILENO);
    posix_spawn_file_actions_addclose(&fa, fds[0]);
    posix_spawn_file_actions_addclose(&fa, fds[1]);
  }
  int efd[2] = {-1, -1};
  if (from != NULL) {
    if (pipe(efd) != 0) {
      hipc__util_error("pipe: %s", strerror(errno));
      return 1;
    }
    posix_spawn_file_actions_adddup2(&fa, efd[1], STDERR_FILENO);
    posix_spawn_file_actions_addclose(&fa, efd[0]);
    posix_spawn_file_actions_addclose(&fa, efd[1]);
  }
  pid_t pid;
  /* posix_spawnp takes `char *const[]` for historical reasons only. */
  int rc = posix_spawnp(&pid, argv[0], &fa, NULL, (char *const *)argv,
                        environ);
  posix_spawn_file_actions_destroy(&fa);
  if (from != NULL) {
    close(efd[1]);
    relabel_stream(efd[0], from, to);
  }
  if (capture != NULL) {
    close(fds[1]);
    size_t cap = 4096, n = 0;
    char *out = hipc__util_alloc(cap);
    ssize_t got;
    while ((got = read(fds[0], out + n, cap - n - 1)) > 0 ||
           (got < 0 && errno == EINTR)) {
      if (got < 0)
        continue;
      n += (size_t)got;
      if (n + 1 == cap) {
        char *q = realloc(out, cap *= 2);
        if (q == NULL)
          break;
        out = q;
      }
    }
    out[n] = '\0';
    close(fds[0]);
    *capture = out;
  }
  if (rc != 0) {
    hipc__util_error("cannot run '%s': %s", argv[0], strerror(rc));
    return 1;
  }
  return hipc__util_wait(pid, argv[0]);
}

int hipc__util_spawn(const char *const *argv, int verbose,
                     const char *err_path, pid_t *pid) {
  if (verbose)
    print_command(argv);
  fflush(stdout);
  fflush(stderr);
  posix_spawn_file_actions_t fa;
  posix_spawn_file_actions_init(&fa);
  posix_spawn_file_actions_addopen(&fa, STDERR_FILENO, err_path,
                                   O_WRONLY | O_CREAT | O_TRUNC, 0600);
  int rc = posix_spawnp(pid, argv[0], &fa, NULL, (char *const *)argv,
                        environ);
  posix_spawn_file_actions_destroy(&fa);
  if (rc != 0) {
    hipc__util_error("cannot run '%s': %s", argv[0], strerror(rc));
    return 1;
  }
  return 0;
}

int hipc__util_wait(pid_t pid, const char *name) {
  int st;
  while (waitpid(pid, &st, 0) < 0) {
    if (errno != EINTR) {
      hipc__util_error("waitpid: %s", strerror(errno));
      return 1;
    }
  }
  if (WIFEXITED(st))
    return WEXITSTATUS(st);
  if (WIFSIGNALED(st))
    hipc__util_error("'%s' terminated by signal %d (%s)", name,
                     WTERMSIG(st), strsignal(WTERMSIG(st)));
  return 1;
}

void hipc__util_buf_add(struct buf *b, const char *s, size_t n) {
  if (b->n + n + 1 > b->cap) {
    b->cap = (b->n + n + 1) * 2;
    b->p = hipc__util_realloc(b->p, b->cap);
  }
  memcpy(b->p + b->n, s, n);
  b->n += n;
  b->p[b->n] = '\0';
}

void hipc__util_buf_puts(struct buf *b, const char *s) {
  hipc__util_buf_add(b, s, strlen(s));
}
