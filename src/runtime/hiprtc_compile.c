/* hiprtcCompileProgram: runs hipc's own `hipcc --genco` on the program.
 *
 * The source and its headers are written to a fresh temporary folder
 * (headers under their include names, so that `#include "h.h"` finds
 * them), hipcc compiles the source there into a code object, whose bytes
 * become the program's code, and its output (messages naming the temporary
 * folder lose that prefix) the program's log; then the folder is removed.
 * hipcc is `HIPC_HIPCC` when set, else `../bin/hipcc` next to the folder
 * of the libhipc that is running (dladdr).
 *
 * Name expressions: for each, the source gets
 *   extern "C" { __attribute__((used, visibility("hidden"))) const void*
 *       __hipc_rtc_ref_I = reinterpret_cast<const void*>(&EXPR); }
 * (external linkage: GCC mangles the name of an internal one)
 * and the code object says what that pointer points to: its dynamic
 * relocation is a RELATIVE one whose addend is the address of the kernel
 * or variable (code objects are linked -Bsymbolic), or one against a
 * symbol, and the symbol table names what lies at that address. The names
 * are thus the symbols themselves, exactly as the compiler mangled them. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <elf.h>
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "env.h"
#include "hiprtc_internal.h"
#include "internal.h"

extern char** environ;


typedef struct argv_t {
  char** v;
  size_t n, cap;
  int oom;
} argv_t;

static void add(argv_t* a, const char* s) {
  if (a->oom) return;
  if (a->n + 2 > a->cap) {
    size_t c = a->cap ? a->cap * 2 : 16;
    char** v = realloc(a->v, c * sizeof *v);
    if (!v) {
      a->oom = 1;
      return;
    }
    a->v = v;
    a->cap = c;
  }
  char* d = strdup(s);
  if (!d) {
    a->oom = 1;
    return;
  }
  a->v[a->n++] = d;
  a->v[a->n] = NULL;
}

static void add2(argv_t* a, const char* s, const char* t) {
  size_t n = strlen(s) + strlen(t) + 1;
  char* b = malloc(n);
  if (!b) {
    a->oom = 1;
    return;
  }
  snprintf(b, n, "%s%s", s, t);
  add(a, b);
  free(b);
}

static void free_argv(argv_t* a) {
  for (size_t i = 0; i < a->n; ++i) free(a->v[i]);
  free(a->v);
}

static const char* after(const char* s, const char* prefix) {
  size_t n = strlen(prefix);
  return strncmp(s, prefix, n) == 0 ? s + n : NULL;
}

/* One option, in hipcc's words (see hiprtc.h). */
static hiprtcResult map_option(argv_t* a, const char* o, int* has_arch) {
  const char* v;
  if (!o || o[0] != '-') return HIPRTC_ERROR_INVALID_OPTION;
  if ((v = after(o, "--gpu-architecture=")) || (v = after(o, "-arch=")) ||
      (v = after(o, "--offload-arch=")) || (v = after(o, "--cuda-gpu-arch="))) {
    *has_arch = 1;
    if (after(v, "sm_"))
      add2(a, "--offload-arch=", v);
    else if ((v = after(v, "compute_")))
      add2(a, "--offload-arch=sm_", v);
    return HIPRTC_SUCCESS; /* AMD's gfx targets: nothing to build */
  }
  if (!strcmp(o, "-fgpu-rdc") || !strcmp(o, "-fno-gpu-rdc") ||
      !strcmp(o, "-default-device") || !strcmp(o, "-dw") ||
      !strcmp(o, "--device-as-default-execution-space"))
    return HIPRTC_SUCCESS;
  if (!strcmp(o, "--use_fast_math") || !strcmp(o, "-use_fast_math"))
    add(a, "-ffast-math");
  else if ((v = after(o, "--std=")))
    add2(a, "-std=", v);
  else if ((v = after(o, "--include-path=")))
    add2(a, "-I", v);
  else if ((v = after(o, "--define-macro=")))
    add2(a, "-D", v);
  else if ((v = after(o, "--undefine-macro=")))
    add2(a, "-U", v);
  else
    add(a, o);
  return HIPRTC_SUCCESS;
}

static char* find_hipcc(void) {
  const char* e = getenv("HIPC_HIPCC");
  if (e && *e) {
    if (access(e, X_OK) == 0) return strdup(e);
    hipc__env_report("HIPC_HIPCC", e, "is not an executable file",
                     "using the hipcc next to libhipc");
  }
  Dl_info info;
  if (!dladdr((void*)&hiprtcCompileProgram, &info) || !info.dli_fname)
    return NULL;
  const char* slash = strrchr(info.dli_fname, '/');
  int dir = slash ? (int)(slash - info.dli_fname) : 1;
  const char* base = slash ? info.dli_fname : ".";
  size_t n = (size_t)dir + sizeof "/../bin/hipcc";
  char* p = malloc(n);
  if (!p) return NULL;
  snprintf(p, n, "%.*s/../bin/hipcc", dir, base);
  if (access(p, X_OK) != 0) {
    free(p);
    return NULL;
  }
  return p;
}

static int write_file(const char* path, const char* a, const char* b) {
  FILE* f = fopen(path, "wb");
  if (!f) return -1;
  int ok = fputs(a, f) >= 0 && (!b || fputs(b, f) >= 0);
  return fclose(f) == 0 && ok ? 0 : -1;
}

static char* read_file(const char* path, size_t* size) {
  FILE* f = fopen(path, "rb");
  if (!f) return NULL;
  char* buf = NULL;
  size_t n = 0, cap = 0;
  for (;;) {
    if (n == cap) {
      cap = cap ? cap * 2 : 65536;
      char* b = realloc(buf, cap);
      if (!b) {
        free(buf);
        fclose(f);
        return NULL;
      }
      buf = b;
    }
    size_t r = fread(buf + n, 1, cap - n, f);
    if (r == 0) break;
    n += r;
  }
  fclose(f);
  *size = n;
  return buf;
}

/* Writes a header under `dir`, making the folders of its include name. A
 * name that would leave the folder (absolute, with "..") is refused. */
static int write_header(const char* dir, const char* name, const char* text) {
  if (name[0] == '/' || strstr(name, "..")) return -1;
  size_t n = strlen(dir) + strlen(name) + 2;
  char* p = malloc(n);
  if (!p) return -1;
  snprintf(p, n, "%s/%s", dir, name);
  for (char* s = p + strlen(dir) + 1; (s = strchr(s, '/')); ++s) {
    *s = 0;
    if (mkdir(p, 0700) != 0 && errno != EEXIST) {
      free(p);
      return -1;
    }
    *s = '/';
  }
  int rc = write_file(p, text, NULL);
  free(p);
  return rc;
}

/* The source with one reference per name expression appended. */
static char* name_block(hiprtcProgram p) {
  size_t n = 64;
  for (size_t i = 0; i < p->nexprs; ++i) n += strlen(p->exprs[i].text) + 160;
  char* b = malloc(n);
  if (!b) return NULL;
  size_t at = (size_t)snprintf(b, n, "\n");
  for (size_t i = 0; i < p->nexprs; ++i) {
    const char* e = p->exprs[i].text;
    at += (size_t)snprintf(b + at, n - at,
                           "extern \"C\" { __attribute__((used, "
                           "visibility(\"hidden\"))) const void* "
                           "__hipc_rtc_ref_%zu = "
                           "reinterpret_cast<const void*>(%s%s); }\n",
                           i, e[0] == '&' ? "" : "&", e);
  }
  return b;
}

/* The ELF image of a program's code, read with bounds checks. */
typedef struct elf_view {
  const unsigned char* img;
  size_t size;
  Elf64_Ehdr eh;
} elf_view;

static int section(const elf_view* v, unsigned i, Elf64_Shdr* sh) {
  if (i >= v->eh.e_shnum) return 0;
  memcpy(sh, v->img + v->eh.e_shoff + i * sizeof *sh, sizeof *sh);
  return sh->sh_type == SHT_NOBITS ||
         (sh->sh_offset <= v->size && sh->sh_size <= v->size - sh->sh_offset);
}

/* Calls fn(sym, name) for each symbol of every table of `type` until it
 * returns non-zero; returns that value, or 0. */
static uint64_t each_symbol(const elf_view* v, unsigned type,
                            uint64_t (*fn)(const Elf64_Sym*, const char*,
                                           const void*),
                            const void* arg) {
  for (unsigned i = 0; i < v->eh.e_shnum; ++i) {
    Elf64_Shdr sh, st;
    if (!section(v, i, &sh) || sh.sh_type != type ||
        sh.sh_entsize != sizeof(Elf64_Sym) || !section(v, sh.sh_link, &st))
      continue;
    const char* strs = (const char*)v->img + st.sh_offset;
    for (uint64_t k = 0; k < sh.sh_size / sizeof(Elf64_Sym); ++k) {
      Elf64_Sym sym;
      memcpy(&sym, v->img + sh.sh_offset + k * sizeof sym, sizeof sym);
      if (sym.st_name >= st.sh_size ||
          !memchr(strs + sym.st_name, 0, st.sh_size - sym.st_name))
        continue;
      uint64_t r = fn(&sym, strs + sym.st_name, arg);
      if (r) return r;
    }
  }
  return 0;
}

/* each_symbol visitors. */
static uint64_t value_of(const Elf64_Sym* s, const char* name,
                         const void* want) {
  return strcmp(name, (const char*)want) == 0 && s->st_value ? s->st_value : 0;
}
typedef struct named_at {
  uint64_t addr;
  const char* name; /* the best so far: global or weak before local */
  int rank;
} named_at;
static uint64_t name_at(const Elf64_Sym* s, const char* name,
                        const void* arg) {
  named_at* n = (named_at*)(uintptr_t)arg;
  int type = ELF64_ST_TYPE(s->st_info), bind = ELF64_ST_BIND(s->st_info);
  if (s->st_value != n->addr || !*name || strncmp(name, "__hipc_", 7) == 0 ||
      (type != STT_FUNC && type != STT_OBJECT))
    return 0;
  int rank = bind == STB_GLOBAL ? 3 : bind == STB_WEAK ? 2 : 1;
  if (rank > n->rank) {
    n->rank = rank;
    n->name = name;
  }
  return 0;
}
typedef struct dyn_index {
  uint64_t index, at;
  const char* name;
} dyn_index;
static uint64_t dyn_nth(const Elf64_Sym* s, const char* name,
                        const void* arg) {
  (void)s;
  dyn_index* d = (dyn_index*)(uintptr_t)arg;
  if (d->at++ == d->index) d->name = name;
  return d->name != NULL;
}

#if defined(__aarch64__)
#define RELOC_RELATIVE R_AARCH64_RELATIVE
#define RELOC_ABS64 R_AARCH64_ABS64
#else
#define RELOC_RELATIVE R_X86_64_RELATIVE
#define RELOC_ABS64 R_X86_64_64
#endif

/* The name of what the pointer at `addr` points to (see the top). */
static char* pointee(const elf_view* v, uint64_t addr) {
  for (unsigned i = 0; i < v->eh.e_shnum; ++i) {
    Elf64_Shdr sh;
    if (!section(v, i, &sh) || sh.sh_type != SHT_RELA ||
        sh.sh_entsize != sizeof(Elf64_Rela))
      continue;
    for (uint64_t k = 0; k < sh.sh_size / sizeof(Elf64_Rela); ++k) {
      Elf64_Rela r;
      memcpy(&r, v->img + sh.sh_offset + k * sizeof r, sizeof r);
      if (r.r_offset != addr) continue;
      if (ELF64_R_TYPE(r.r_info) == RELOC_RELATIVE) {
        named_at n = {(uint64_t)r.r_addend, NULL, 0};
        each_symbol(v, SHT_SYMTAB, name_at, &n);
        if (!n.name) each_symbol(v, SHT_DYNSYM, name_at, &n);
        return n.name ? strdup(n.name) : NULL;
      }
      if (ELF64_R_TYPE(r.r_info) == RELOC_ABS64 && r.r_addend == 0) {
        dyn_index d = {ELF64_R_SYM(r.r_info), 0, NULL};
        each_symbol(v, SHT_DYNSYM, dyn_nth, &d);
        return d.name ? strdup(d.name) : NULL;
      }
    }
  }
  return NULL;
}

static void lower_names(hiprtcProgram p) {
  elf_view v;
  v.img = (const unsigned char*)p->code;
  v.size = p->code_size;
  if (v.size < sizeof v.eh) return;
  memcpy(&v.eh, v.img, sizeof v.eh);
  if (v.eh.e_shentsize != sizeof(Elf64_Shdr) || v.eh.e_shoff > v.size ||
      (uint64_t)v.eh.e_shnum * sizeof(Elf64_Shdr) > v.size - v.eh.e_shoff)
    return;
  for (size_t i = 0; i < p->nexprs; ++i) {
    char ref[48];
    snprintf(ref, sizeof ref, "__hipc_rtc_ref_%zu", i);
    uint64_t at = each_symbol(&v, SHT_SYMTAB, value_of, ref);
    if (at) p->exprs[i].lowered = pointee(&v, at);
  }
}

/* Runs argv with its output in `log`; the exit status, or -1. */
static int run(char* const* argv, const char* log) {
  posix_spawn_file_actions_t fa;
  if (posix_spawn_file_actions_init(&fa) != 0) return -1;
  posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_addopen(&fa, 1, log, O_WRONLY | O_CREAT | O_TRUNC,
                                   0600);
  posix_spawn_file_actions_adddup2(&fa, 1, 2);
  pid_t pid;
  int rc = posix_spawn(&pid, argv[0], &fa, NULL, argv, environ);
  posix_spawn_file_actions_destroy(&fa);
  if (rc != 0) return -1;
  int st;
  while (waitpid(pid, &st, 0) < 0)
    if (errno != EINTR) return -1;
  return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

static int remove_one(const char* path, const struct stat* st, int flag,
                      struct FTW* f) {
  (void)st;
  (void)flag;
  (void)f;
  remove(path);
  return 0;
}

/* Sets the program's log to `text` less every "DIR/". */
static void set_log(hiprtcProgram p, const char* text, size_t n,
                    const char* dir) {
  free(p->log);
  p->log = malloc(n + 1);
  p->log_size = 0;
  if (!p->log) return;
  size_t dl = strlen(dir);
  for (size_t i = 0; i < n;) {
    if (n - i > dl && memcmp(text + i, dir, dl) == 0 && text[i + dl] == '/') {
      i += dl + 1;
      continue;
    }
    p->log[p->log_size++] = text[i++];
  }
  p->log[p->log_size] = 0;
}

static void set_message(hiprtcProgram p, const char* msg) {
  set_log(p, msg, strlen(msg), "");
}

hiprtcResult hiprtcCompileProgram(hiprtcProgram prog, int numOptions,
                                  const char** options) {
  if (!prog || prog->magic != HIPRTC_MAGIC) return HIPRTC_ERROR_INVALID_PROGRAM;
  if (numOptions < 0 || (numOptions > 0 && !options))
    return HIPRTC_ERROR_INVALID_INPUT;
  argv_t a = {0};
  char* hipcc = find_hipcc();
  if (!hipcc) {
    set_message(prog, "hiprtc: cannot find hipc's hipcc (../bin/hipcc next to "
                      "libhipc's folder); set HIPC_HIPCC\n");
    return HIPRTC_ERROR_INTERNAL_ERROR;
  }
  add(&a, hipcc);
  free(hipcc);
  add(&a, "--genco");
  /* A program is device code: its log holds the device pass's warnings,
   * as AMD's hiprtc's does (hip-tests counts them). */
  add(&a, "--hipc-device-diagnostics");
  int has_arch = 0;
  for (int i = 0; i < numOptions; ++i)
    if (map_option(&a, options[i], &has_arch) != HIPRTC_SUCCESS) {
      free_argv(&a);
      return HIPRTC_ERROR_INVALID_OPTION;
    }
  hipc_device* dev;
  if (!has_arch && hipc__current_device(&dev) == hipSuccess &&
      after(dev->props.gcnArchName, "sm_"))
    add2(&a, "--offload-arch=", dev->props.gcnArchName);

  const char* tmp = getenv("TMPDIR");
  char dir[4096];
  snprintf(dir, sizeof dir, "%s/hiprtc-XXXXXX", tmp && *tmp ? tmp : "/tmp");
  if (!mkdtemp(dir)) {
    free_argv(&a);
    set_message(prog, "hiprtc: cannot make a temporary folder\n");
    return HIPRTC_ERROR_INTERNAL_ERROR;
  }
  hiprtcResult r = HIPRTC_SUCCESS;
  for (int i = 0; i < prog->nheaders && r == HIPRTC_SUCCESS; ++i)
    if (write_header(dir, prog->header_names[i], prog->headers[i]) != 0)
      r = HIPRTC_ERROR_INVALID_INPUT;
  /* The source under its own name, less its folders. */
  const char* base = strrchr(prog->name, '/');
  base = base && base[1] ? base + 1 : prog->name;
  char src[4352], out[4352], log[4352];
  snprintf(src, sizeof src, "%s/%s", dir, base);
  snprintf(out, sizeof out, "%s/hiprtc-program.co", dir);
  snprintf(log, sizeof log, "%s/hiprtc-log.txt", dir);
  char* names = name_block(prog);
  if (r == HIPRTC_SUCCESS &&
      (!names || write_file(src, prog->src, names) != 0))
    r = HIPRTC_ERROR_OUT_OF_MEMORY;
  free(names);
  add2(&a, "-I", dir);
  add(&a, "-x");
  add(&a, "hip");
  add(&a, src);
  add(&a, "-o");
  add(&a, out);
  if (r == HIPRTC_SUCCESS && a.oom) r = HIPRTC_ERROR_OUT_OF_MEMORY;
  if (r == HIPRTC_SUCCESS) {
    int rc = run(a.v, log);
    size_t n = 0;
    char* text = read_file(log, &n);
    set_log(prog, text ? text : "", text ? n : 0, dir);
    free(text);
    if (rc != 0) {
      if (rc < 0) set_message(prog, "hiprtc: cannot run hipcc\n");
      r = HIPRTC_ERROR_COMPILATION;
    } else {
      free(prog->code);
      prog->code = read_file(out, &prog->code_size);
      if (!prog->code) {
        prog->code_size = 0;
        r = HIPRTC_ERROR_COMPILATION;
      } else {
        for (size_t i = 0; i < prog->nexprs; ++i) {
          free(prog->exprs[i].lowered);
          prog->exprs[i].lowered = NULL;
        }
        lower_names(prog);
        prog->compiled = 1;
      }
    }
  }
  free_argv(&a);
  nftw(dir, remove_one, 16, FTW_DEPTH | FTW_PHYS);
  return r;
}
