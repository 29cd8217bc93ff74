/* hipcc's clang front end (docs/frontend.md): a HIP source compiled by
 * clang 19 twice, in CUDA device mode for nvptx64 (the CPU device's IR,
 * which hipc-kc turns into a host object) and in HIP host mode (the host
 * object, which embeds the fat binary: the kc image's ID and the GPU
 * images), then the two objects joined with `ld -r`. Nothing here parses
 * C++: every diagnostic is clang's, at the user's file, line and column. */
#include "frontend.h"

#include <errno.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "hip/hipc/kc_abi.h"
#include "pch.h"

/* Strings made for commands, freed at the end of one source. */
struct job {
  const struct hipcc_options *o;
  const struct frontend_source *s;
  const char *clang;
  const char *cuid;   /* -cuid=X: names the host object's __hip_cuid_X */
  struct strvec owned;
};

static const char *own(struct job *j, char *s) {
  hipc__util_push(&j->owned, s);
  return s;
}

/* Where an intermediate file `suffix` of the source goes: next to the
 * output with -save-temps, else in hipcc's temporary directory. */
static const char *file_for(struct job *j, const char *suffix) {
  const struct frontend_source *s = j->s;
  char *stem = hipc__util_stem(s->path);
  char *p;
  if (j->o->save_temps) {
    char *dir = hipc__util_dirname(s->ref);
    p = hipc__util_format("%s/%s%s", dir, stem, suffix);
    free(dir);
  } else {
    char *name = hipc__util_format("%d-%s%s", s->index, stem, suffix);
    char *t = hipc__util_temp(name);
    p = t != NULL ? hipc__util_strdup(t) : NULL;
    free(name);
  }
  free(stem);
  return p != NULL ? own(j, p) : NULL;
}

/* A fresh ID for the translation unit's kc image: the runtime pairs the
 * host object's fat binary with the kc object's image through it, so it
 * must differ between any two compiles linked together. */
static const char *make_id(struct job *j) {
  unsigned char r[8] = {0};
  FILE *f = fopen("/dev/urandom", "rb");
  size_t got = f != NULL ? fread(r, 1, sizeof r, f) : 0;
  if (f != NULL)
    fclose(f);
  if (got != sizeof r) { /* no /dev/urandom: time and pid will do */
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    uint64_t v = (uint64_t)ts.tv_nsec ^ ((uint64_t)ts.tv_sec << 20) ^
                 ((uint64_t)getpid() << 40);
    memcpy(r, &v, sizeof r);
  }
  char hex[17];
  for (int i = 0; i < 8; i++)
    snprintf(hex + 2 * i, 3, "%02x", r[i]);
  j->cuid = own(j, hipc__util_format("-cuid=%s%d", hex, j->s->index));
  return own(j, hipc__util_format("hipc-%s-%d", hex, j->s->index));
}

/* The last -O of the user's compiler flags ("-O3" when none): the level
 * hipc-kc optimises the device code at. HIPC_KC_OPT (e.g. -O0) overrides
 * it: builds whose programs run only on GPUs (HIPC_DEVICES=gpu, the parity
 * sweep) need the CPU image for its kernel descriptions, not its speed. */
static const char *opt_level(const struct hipcc_options *o) {
  const char *env = getenv("HIPC_KC_OPT");
  if (env != NULL && strncmp(env, "-O", 2) == 0)
    return env;
  const char *level = "-O3";
  for (size_t i = 0; i < o->cc.n; i++)
    if (strncmp(o->cc.v[i], "-O", 2) == 0)
      level = o->cc.v[i];
  return level;
}

static int has_flag(const struct strvec *v, const char *flag) {
  for (size_t i = 0; i < v->n; i++)
    if (strcmp(v->v[i], flag) == 0)
      return 1;
  return 0;
}

/* The CPU device pass's clang command up to its input and output: the
 * source to unoptimised nvptx64 bitcode, the headers included first, from
 * the precompiled header `pch` where not NULL. */
static void device_command(struct job *j, struct strvec *cc,
                           const char *pch) {
  const struct hipcc_options *o = j->o;
  const struct frontend_source *s = j->s;
  static const char *const head[] = {
      "-x", "cuda", "--cuda-device-only", "--cuda-gpu-arch=sm_70",
      "-nocudainc", "-nocudalib", "-Xclang", "-target-sdk-version=12.0",
      "-Wno-unknown-cuda-version", "-D__HIPCC__=1", "-D__HIP__=1",
      "-D__HIP_PLATFORM_HIPC__=1", "-D__HIP_DEVICE_COMPILE__=1",
      "-D__HIPC_KC__=1",
      /* The host registers every `static __device__` variable by name,
       * used or not; CUDA mode would drop the unused ones. __CUDA_ARCH__
       * stays defined (CUDA mode's 700): Thrust's host/device dispatch in
       * __host__ __device__ code reads it (hipcc_thrust.sh); inline PTX
       * under it aborts the CPU device's kernel in a build for GPUs too
       * (--ptx-asm-aborts below). */
      "-fkeep-persistent-storage-variables"};
  hipc__util_push(cc, j->clang);
  for (size_t i = 0; i < sizeof head / sizeof *head; i++)
    hipc__util_push(cc, head[i]);
  /* Warnings are the host pass's, which compiles the same source, so that
   * each is said once; hiprtc's programs are device code, and their
   * warnings the device pass's (--hipc-device-diagnostics). */
  if (!o->device_diags)
    hipc__util_push(cc, "-w");
  /* What clang's AMD target defines for a 64-lane GPU of the gfx9 family,
   * which code written for AMD reads to size its warps (docs/conformance.md,
   * "Wavefront size"): the CPU device's warp is 64 lanes by default. Not the
   * processor macros (__gfx90a__ ...) nor __AMDGCN__: those guard AMD
   * instructions. With -mno-wavefrontsize64, the macros of a 32-lane warp
   * (and no precompiled header: pch.c). */
  if (o->wave32) {
    hipc__util_push(cc, "-D__AMDGCN_WAVEFRONT_SIZE__=32");
    hipc__util_push(cc, "-D__AMDGCN_WAVEFRONT_SIZE=32");
  } else {
    hipc__util_push(cc, "-D__GFX9__=1");
    hipc__util_push(cc, "-D__AMDGCN_WAVEFRONT_SIZE__=64");
    hipc__util_push(cc, "-D__AMDGCN_WAVEFRONT_SIZE=64");
  }
  hipc__util_push(cc, s->std);
  hipc__util_push(cc, s->inc_flag);
  if (pch != NULL) {
    hipc__util_push(cc, "-include-pch");
    hipc__util_push(cc, pch);
  } else {
    hipc__util_push(cc, "-include");
    hipc__util_push(cc, "hip/hipc/nvptx_prelude.h");
    hipc__util_push(cc, "-include");
    hipc__util_push(cc, "hip/hip_runtime.h");
  }
  hipc__util_append(cc, &o->pp);
  /* The flags that change what the device code means; the rest (warnings,
   * -fPIC, -march) are the host compile's. clang must not optimise for
   * NVPTX: hipc-kc optimises for the host after lowering. */
  for (size_t i = 0; i < o->cc.n; i++) {
    const char *f = o->cc.v[i];
    if (strcmp(f, "-g") == 0 || strncmp(f, "-ffast-math", 11) == 0 ||
        strncmp(f, "-fno-fast-math", 14) == 0 ||
        strncmp(f, "-ffp-contract=", 14) == 0 ||
        strncmp(f, "-fno-exceptions", 15) == 0 ||
        strncmp(f, "-ferror-limit=", 14) == 0 ||
        (o->device_diags && strncmp(f, "-W", 2) == 0 &&
         strncmp(f, "-Wl,", 4) != 0 && strncmp(f, "-Wa,", 4) != 0 &&
         strncmp(f, "-Wp,", 4) != 0))
      hipc__util_push(cc, f);
  }
  /* clang's device compiles keep line tables only for -g; gdb needs the
   * variables and types of kernels too. */
  if (has_flag(&o->cc, "-g")) {
    hipc__util_push(cc, "-Xclang");
    hipc__util_push(cc, "-debug-info-kind=constructor");
  }
  hipc__util_push(cc, "-O3");
  hipc__util_push(cc, "-Xclang");
  hipc__util_push(cc, "-disable-llvm-optzns");
  hipc__util_push(cc, "-emit-llvm");
}

/* --hipc-device-pch (`make`): the precompiled header of the device pass
 * for these flags, made from `s` (an empty header), with its
 * dependencies in OUT.d (tools/pch/manifest.sh lists them). */
static int device_pch(struct job *j) {
  struct strvec cc = {0};
  device_command(j, &cc, NULL);
  hipc__util_push(&cc, "-MD");
  hipc__util_push(&cc, "-MF");
  hipc__util_push(&cc, own(j, hipc__util_format("%s.d", j->s->out)));
  hipc__util_push(&cc, "-Xclang");
  hipc__util_push(&cc, "-emit-pch");
  hipc__util_push(&cc, "-c");
  hipc__util_push(&cc, j->s->path);
  hipc__util_push(&cc, "-o");
  hipc__util_push(&cc, j->s->out);
  int rc = hipc__util_run(cc.v, j->o->verbose, NULL);
  hipc__util_free(&cc);
  return rc;
}

/* The device pass's clang, the source to the bitcode `bc`: with the
 * precompiled header where one fits (pch.h); where clang rejects it (a
 * combination of flags pch.c does not foresee), once more without. */
static int device_front_end(struct job *j, const char *bc) {
  const struct hipcc_options *o = j->o;
  char *pch = hipc__pch_device_find(o, j->s->prefix, j->s->std);
  const char *err = NULL;
  if (pch != NULL) {
    own(j, pch);
    if ((err = file_for(j, ".cpu.err")) == NULL)
      return 1;
  }
  for (;;) {
    struct strvec cc = {0};
    device_command(j, &cc, pch);
    hipc__util_push(&cc, "-c");
    hipc__util_push(&cc, j->s->path);
    hipc__util_push(&cc, "-o");
    hipc__util_push(&cc, bc);
    /* The user builds for the CPU device, not for the vehicle's sm_70:
     * clang's "N errors generated when compiling for sm_70." says so. Its
     * stderr then goes through a pipe or a file, so colours are asked for
     * by hand. */
    if (isatty(STDERR_FILENO))
      hipc__util_push(&cc, "-fcolor-diagnostics");
    int rc;
    pid_t pid;
    if (err == NULL)
      rc = hipc__util_run_relabel(cc.v, o->verbose, "for sm_70",
                                  "for the CPU device");
    else if ((rc = hipc__util_spawn(cc.v, o->verbose, err, &pid)) == 0)
      rc = hipc__util_wait(pid, j->clang);
    hipc__util_free(&cc);
    if (err == NULL)
      return rc;
    int rejected = hipc__pch_report(err, rc, "for sm_70",
                                    "for the CPU device");
    unlink(err);
    if (!rejected)
      return rc;
    if (o->verbose)
      fprintf(stderr, "hipcc: clang rejected %s; without it\n", pch);
    pch = NULL;
    err = NULL;
  }
}

/* The CPU device pass: the source to nvptx64 bitcode (clang), then to a
 * host object (hipc-kc). With `managed` (GPU architectures asked for),
 * hipc-kc also writes there the names of the `__managed__` variables,
 * which the GPU pass marks managed in its PTX: clang's CUDA mode compiles
 * them as plain `__device__` variables, and only the kc pass's headers
 * annotate them. */
static int cpu_device_pass(struct job *j, const char *id, const char *obj,
                           const char *managed, const char *constants) {
  const struct hipcc_options *o = j->o;
  const struct frontend_source *s = j->s;
  const char *bc = file_for(j, ".cpu.bc");
  if (bc == NULL)
    return 1;
  int rc = device_front_end(j, bc);
  if (rc != 0)
    return rc;

  struct strvec kc = {0};
  hipc__util_push(&kc, own(j, hipc__util_format("%s/bin/hipc-kc",
                                                 s->prefix)));
  hipc__util_push(&kc, bc);
  hipc__util_push(&kc, "--id");
  hipc__util_push(&kc, id);
  hipc__util_push(&kc, opt_level(o));
  if (managed != NULL) {
    hipc__util_push(&kc, "--managed-names");
    hipc__util_push(&kc, managed);
  }
  if (constants != NULL) {
    hipc__util_push(&kc, "--constant-names");
    hipc__util_push(&kc, constants);
  }
  if (has_flag(&o->cc, "-g"))
    hipc__util_push(&kc, "-g");
  if (has_flag(&o->cc, "-mprintf-kind=buffered"))
    hipc__util_push(&kc, "--printf-buffered");
  /* A build for GPUs too: PTX inline assembly, which the CPU device cannot
   * run (HeCBench attentionMultiHeadKVCache's `cp.async`, `ex2.approx`),
   * makes the CPU image's kernel abort where it is reached, not the build
   * fail; nvcc builds such programs. */
  if (j->s->dev->archs.n > 0)
    hipc__util_push(&kc, "--ptx-asm-aborts");
  if (o->verbose)
    hipc__util_push(&kc, "-v");
  for (size_t i = 0; i < o->cc.n; i++)
    if (strncmp(o->cc.v[i], "-march=", 7) == 0) {
      hipc__util_push(&kc, "--cpu");
      hipc__util_push(&kc, o->cc.v[i] + 7);
    }
  hipc__util_push(&kc, "-o");
  hipc__util_push(&kc, obj);
  rc = hipc__util_run(kc.v, o->verbose, NULL);
  hipc__util_free(&kc);
  return rc;
}

/* The fat binary being built: the header, the entries, then the images. */
struct blob {
  hipc_fatbin_header head;
  hipc_fatbin_entry *entries;
  char **data;
  size_t n;
};

static int blob_add(void *arg, const struct gpu_image_file *img) {
  struct blob *b = arg;
  size_t len;
  char *bytes = hipc__util_read(img->path, &len);
  if (bytes == NULL) {
    hipc__util_error("cannot read '%s': %s", img->path, strerror(errno));
    return 1;
  }
  b->entries = hipc__util_realloc(b->entries, (b->n + 1) * sizeof *b->entries);
  b->data = hipc__util_realloc(b->data, (b->n + 1) * sizeof *b->data);
  hipc_fatbin_entry *e = &b->entries[b->n];
  memset(e, 0, sizeof *e);
  e->kind = img->is_ptx ? HIPC_FATBIN_PTX : HIPC_FATBIN_CUBIN;
  snprintf(e->arch, sizeof e->arch, "%s", img->arch);
  e->size = len;
  b->data[b->n++] = bytes;
  return 0;
}

/* Writes `b` to `path`: images 8-byte aligned after the entry table. */
static int blob_write(struct blob *b, const char *path) {
  size_t off = sizeof b->head + b->n * sizeof *b->entries;
  for (size_t i = 0; i < b->n; i++) {
    off = (off + 7) & ~(size_t)7;
    b->entries[i].offset = off;
    off += b->entries[i].size;
  }
  char *buf = calloc(1, off > 0 ? off : 1);
  if (buf == NULL) {
    hipc__util_error("out of memory");
    return 1;
  }
  b->head.count = (uint32_t)b->n;
  memcpy(buf, &b->head, sizeof b->head);
  memcpy(buf + sizeof b->head, b->entries, b->n * sizeof *b->entries);
  for (size_t i = 0; i < b->n; i++)
    memcpy(buf + b->entries[i].offset, b->data[i], b->entries[i].size);
  int rc = hipc__util_write(path, buf, off) != 0;
  free(buf);
  return rc;
}

/* The names hipc-kc wrote to `path`, one a line, as the managed (or
 * explicit constant) list of the GPU pass (mangled names, matched as they
 * are). 0, or 1 after an error message. */
static int read_managed(const char *path, struct managed_vars *m) {
  size_t len;
  char *text = hipc__util_read(path, &len);
  if (text == NULL) {
    hipc__util_error("cannot read '%s': %s", path, strerror(errno));
    return 1;
  }
  for (char *line = strtok(text, "\n"); line != NULL;
       line = strtok(NULL, "\n"))
    hipc__managed_add(m, line);
  free(text);
  return 0;
}

static void blob_free(struct blob *b) {
  for (size_t i = 0; i < b->n; i++)
    free(b->data[i]);
  free(b->data);
  free(b->entries);
}

/* The host pass's command up to the output: clang in HIP host mode with
 * hipc's headers and the user's flags. */
static void host_command(struct job *j, struct strvec *cc) {
  const struct hipcc_options *o = j->o;
  const struct frontend_source *s = j->s;
  static const char *const head[] = {
      "-x", "hip", "--cuda-host-only", "-nogpuinc", "-nogpulib",
      "--offload-arch=gfx906", "-D__HIPCC__=1", "-D__HIP_PLATFORM_HIPC__=1",
      "-D__HIPC_CLANG_HOST__=1"};
  hipc__util_push(cc, j->clang);
  for (size_t i = 0; i < sizeof head / sizeof *head; i++)
    hipc__util_push(cc, head[i]);
  hipc__util_push(cc, s->std);
  hipc__util_push(cc, s->inc_flag);
  hipc__util_push(cc, "-include");
  hipc__util_push(cc, "hip/hip_runtime.h");
  if (s->genco) { /* the mark hipModuleLoad looks for */
    hipc__util_push(cc, "-include");
    hipc__util_push(cc, "hip/hipc/code_object.h");
  }
  hipc__util_append(cc, &o->pp);
  /* As nvcc's host compiler (gcc) in effect: clang keeps errno-setting
   * calls it cannot fold, and libstdc++'s random distributions then call
   * logl at every draw (a 10 million draw loop: 6.4 s against 0.6 s). The
   * user's -fmath-errno, which comes later, turns it back on. */
  hipc__util_push(cc, "-fno-math-errno");
  /* Sanitizers are the host's: given plainly, clang also checks them
   * against the offload target it must name (gfx906) and warns, which
   * -Werror makes an error. */
  for (size_t i = 0; i < o->cc.n; i++) {
    if (strncmp(o->cc.v[i], "-fsanitize", 10) == 0 ||
        strncmp(o->cc.v[i], "-fno-sanitize", 13) == 0)
      hipc__util_push(cc, "-Xarch_host");
    hipc__util_push(cc, o->cc.v[i]);
  }
  if (o->device_diags)
    hipc__util_push(cc, "-w");
  hipc__util_append(cc, s->dep);
}

/* The whole host compile: host_command, the fat binary, the output. */
/* hipc's clang pass plugin (src/clang_plugin), or NULL where hipc was
 * built without LLVM's development files. */
static const char *clang_plugin(struct job *j) {
  const char *p = own(j, hipc__util_format("%s/lib/hipc/libhipc-clang-plugin.so",
                                           j->s->prefix));
  return access(p, R_OK) == 0 ? p : NULL;
}

static void host_compile_command(struct job *j, struct strvec *cc,
                                 const char *fatbin, const char *host_obj) {
  host_command(j, cc);
  /* Constant long double math folded as gcc folds it (the plugin):
   * libstdc++'s random distributions call logl twice a draw otherwise. */
  const char *plugin = clang_plugin(j);
  if (plugin != NULL)
    hipc__util_push(cc, own(j, hipc__util_format("-fpass-plugin=%s", plugin)));
  /* Without it every host object defines the same `__hip_cuid_`, and two
   * of them do not link (the driver sets none in a host-only compile). */
  hipc__util_push(cc, "-Xclang");
  hipc__util_push(cc, j->cuid);
  hipc__util_push(cc, "-Xclang");
  hipc__util_push(cc, "-fcuda-include-gpubinary");
  hipc__util_push(cc, "-Xclang");
  hipc__util_push(cc, fatbin);
  hipc__util_push(cc, j->o->mode == MODE_ASM ? "-S" : "-c");
  hipc__util_push(cc, j->s->path);
  hipc__util_push(cc, "-o");
  hipc__util_push(cc, host_obj);
}

/* Whether the host pass may run beside the CPU device pass: not for -E
 * and -M (no passes), nor when the user asks for one process at a time
 * (HIPC_SERIAL_PASSES=1). */
static int parallel_host(void) {
  const char *e = getenv("HIPC_SERIAL_PASSES");
  return !(e != NULL && *e != '\0' && strcmp(e, "0") != 0);
}

/* An empty fat binary for the CPU device code `id`. */
static void blob_init(struct blob *b, const char *id) {
  memset(b, 0, sizeof *b);
  memcpy(b->head.magic, HIPC_FATBIN_MAGIC, sizeof b->head.magic);
  snprintf(b->head.cpu_id, sizeof b->head.cpu_id, "%s", id);
}

/* The fat binary of a source without GPU images: the header alone. */
static int write_cpu_fatbin(const char *id, const char *path) {
  struct blob b;
  blob_init(&b, id);
  int rc = blob_write(&b, path);
  blob_free(&b);
  return rc;
}

/* Starts the host pass; its diagnostics go to `err` until it is done. */
static int start_host_pass(struct job *j, const char *fatbin,
                           const char *host_obj, const char *err,
                           pid_t *pid) {
  struct strvec cc = {0};
  host_compile_command(j, &cc, fatbin, host_obj);
  /* stderr is a file now: keep colours where the user's is a terminal. */
  if (isatty(STDERR_FILENO))
    hipc__util_push(&cc, "-fcolor-diagnostics");
  int rc = hipc__util_spawn(cc.v, j->o->verbose, err, pid);
  hipc__util_free(&cc);
  return rc;
}

/* Writes the file at `path` to stderr. */
static void copy_to_stderr(const char *path) {
  size_t len;
  char *text = hipc__util_read(path, &len);
  if (text == NULL)
    return;
  fwrite(text, 1, len, stderr);
  fflush(stderr);
  free(text);
}

int hipc__frontend_compile(const struct hipcc_options *o,
                           const struct frontend_source *s) {
  struct job j = {o, s, NULL, NULL, {0}};
  const char *clang = getenv("HIPC_CLANG");
  j.clang = clang != NULL && *clang != '\0' ? clang : "clang-19";
  if (!hipc__util_in_path(j.clang)) {
    hipc__util_error("the clang front end needs clang 19 ('%s' was not "
                     "found; apt-get install clang-19, or set HIPC_CLANG)",
                     j.clang);
    return 1;
  }
  struct strvec cc = {0};
  struct managed_vars managed = {0}, constants = {0};
  struct gpu_names names = {0};
  int rc = 0;
  if (o->device_pch) {
    rc = device_pch(&j);
    goto done;
  }
  if (o->mode == MODE_PREPROCESS || o->mode == MODE_DEPS) {
    host_command(&j, &cc);
    hipc__util_push(&cc, "-E"); /* with -M/-MM in `dep`: the rules */
    hipc__util_push(&cc, s->path);
    if (s->out != NULL) {
      hipc__util_push(&cc, "-o");
      hipc__util_push(&cc, s->out);
    }
    rc = hipc__util_run(cc.v, o->verbose, NULL);
    goto done;
  }
  const char *id = make_id(&j);
  int gpu = s->dev->archs.n > 0;
  const char *managed_file = gpu ? file_for(&j, ".managed") : NULL;
  const char *constants_file = gpu ? file_for(&j, ".constants") : NULL;
  const char *kc_obj = file_for(&j, ".kc.o");
  const char *fatbin = file_for(&j, ".fatbin");
  const char *host_obj = o->mode == MODE_ASM ? s->out : file_for(&j, ".host.o");
  if (kc_obj == NULL || fatbin == NULL || host_obj == NULL ||
      (gpu && (managed_file == NULL || constants_file == NULL))) {
    rc = 1;
    goto done;
  }
  /* Without GPU images the fat binary is known now: the host pass runs
   * beside the CPU device pass (the critical path is the longer of the
   * two, not their sum). */
  pid_t host_pid = -1;
  const char *host_err = NULL;
  if (!gpu && parallel_host()) {
    host_err = file_for(&j, ".host.err");
    if (host_err == NULL || (rc = write_cpu_fatbin(id, fatbin)) != 0 ||
        (rc = start_host_pass(&j, fatbin, host_obj, host_err,
                              &host_pid)) != 0)
      goto done;
  }
  if ((rc = cpu_device_pass(&j, id, kc_obj, managed_file,
                            constants_file)) != 0) {
    /* The host pass would say the same errors again: the device pass's
     * are enough. */
    if (host_pid > 0) {
      kill(host_pid, SIGTERM);
      while (waitpid(host_pid, NULL, 0) < 0 && errno == EINTR)
        ; /* killed: nothing to report */
      unlink(host_err);
    }
    goto done;
  }
  if (host_pid > 0) {
    rc = hipc__util_wait(host_pid, j.clang);
    copy_to_stderr(host_err);
    unlink(host_err);
    if (rc != 0 || o->mode == MODE_ASM)
      goto done;
    goto link;
  }
  if ((gpu && (rc = read_managed(managed_file, &managed)) != 0) ||
      (gpu && (rc = read_managed(constants_file, &constants)) != 0))
    goto done;
  struct blob b;
  blob_init(&b, id);
  if (gpu) {
    struct device_source ds = {s->path, s->index, s->inc_flag, s->std,
                               o->save_temps ? s->ref : NULL, &managed,
                               &constants,
                               own(&j, hipc__util_format("%s/bin/hipc-kc",
                                                         s->prefix))};
    rc = hipc__device_pass_each_image(s->dev, o, &ds, blob_add, &b, &names);
  }
  if (rc == 0)
    rc = blob_write(&b, fatbin);
  blob_free(&b);
  if (rc != 0)
    goto done;

  host_compile_command(&j, &cc, fatbin, host_obj);
  if ((rc = hipc__util_run(cc.v, o->verbose, NULL)) != 0 ||
      o->mode == MODE_ASM)
    goto done;
  /* The GPU images are found by the names clang's host registrations
   * give; a kernel or variable the host object lacks cannot run there. */
  if (gpu)
    hipc__device_pass_check(host_obj, s->path, &names);
link:
  /* One object, as the user asked for: the host code and the CPU device's
   * code (which defines no external symbol, docs/frontend.md). */
  const char *ld[] = {"ld", "-r", host_obj, kc_obj, "-o", s->out, NULL};
  rc = hipc__util_run(ld, o->verbose, NULL);
done:
  hipc__managed_free(&managed);
  hipc__managed_free(&constants);
  hipc__gpu_names_free(&names);
  hipc__util_free(&cc);
  for (size_t i = 0; i < j.owned.n; i++)
    free((char *)j.owned.v[i]);
  hipc__util_free(&j.owned);
  return rc;
}
