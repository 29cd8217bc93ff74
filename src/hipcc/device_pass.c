/* hipcc's device pass (docs/nvidia.md, "The device pass").
 *
 * For each HIP source and each architecture sm_XX:
 *
 *   clang-19 -x cuda --cuda-device-only --cuda-gpu-arch=sm_XX -nocudainc
 *     --cuda-path=$CUDA_PATH -include hip/hipc/nvptx_prelude.h
 *     -include hip/hip_runtime.h <user's -I -D -U -include, -O> -S -> PTX
 *   $CUDA_PATH/bin/ptxas -arch=sm_XX PTX -> cubin
 *
 * (with HIPC_NVPTX_IR unset or not 0, clang stops at optimised bitcode,
 * `hipc-kc --nvptx-ir` runs hipc's own IR passes on it, and clang's NVPTX
 * back end makes the PTX; unless both HIPC_NVPTX_SPLIT=0 and
 * HIPC_NVPTX_LATE_MATH=0, clang stops before its optimiser,
 * `hipc-kc --nvptx-ir --pre` rewrites index sums and marks libdevice's math
 * functions to inline late, and clang optimises the result). In between,
 * the variables that hipc-kc found declared `__managed__` are marked
 * managed in the PTX (managed.h), and
 * the host-only `const` globals clang made constant are removed from it
 * (ptx_consts.h). The cubins and the PTX of the newest architecture go
 * into the source's fat binary (frontend.c); the kernels and variables
 * the PTX defines are checked against the host object (gpu_names.c).
 */
#include "device_pass.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "elf_syms.h"
#include "device_flags.h"
#include "hip/hipc/gpu_module.h"
#include "gpu_names.h"
#include "ptx_consts.h"
#include "ptx_regcap.h"

/* The oldest architecture the NVPTX headers build for (scoped atomics). */
#define MIN_SM 60

/* The number of `sm_XX`, `sm_XXa` or `sm_XXf`, or -1 when `a` is not of
 * that form. `*suffixed`: it has a suffix (sm_90a: not forward
 * compatible). */
static int sm_number(const char *a, int *suffixed) {
  if (strncmp(a, "sm_", 3) != 0 || !isdigit((unsigned char)a[3]))
    return -1;
  char *end;
  long v = strtol(a + 3, &end, 10);
  *suffixed = *end != '\0';
  if (v > 10000 || (*end != '\0' && !((*end == 'a' || *end == 'f') &&
                                      end[1] == '\0')))
    return -1;
  return (int)v;
}

static int add_arch(struct device_pass *d, const char *a, int *warned) {
  int suffixed;
  int v = sm_number(a, &suffixed);
  if (v < 0) {
    /* The CPU device's code is always built: `cpu` asks for nothing more
     * (CMake's default HIP architecture, see hipc__driver_run). */
    if (strcmp(a, "cpu") == 0)
      return 0;
    if (strncmp(a, "gfx", 3) == 0) {
      if (!(*warned)++)
        hipc__util_warning("--offload-arch=%s: hipc builds no code for AMD "
                           "GPUs; ignored", a);
      return 0;
    }
    hipc__util_error("unsupported GPU architecture '%s' (expected sm_XX, "
                     "for example sm_90)", a);
    return 1;
  }
  if (v < MIN_SM) {
    hipc__util_error("GPU architecture '%s' is older than hipc supports "
                     "(sm_%d or newer)", a, MIN_SM);
    return 1;
  }
  for (size_t i = 0; i < d->archs.n; i++)
    if (strcmp(d->archs.v[i], a) == 0)
      return 0;
  hipc__util_push(&d->archs, a);
  return 0;
}

static int executable(const char *path) { return access(path, X_OK) == 0; }

int hipc__device_pass_init(struct device_pass *d, struct hipcc_options *o,
                           int check_tools) {
  *d = (struct device_pass){0};
  int warned = 0, rc = 0;
  /* Each value may be a list: --offload-arch=sm_80,sm_90. */
  struct strvec given = {0};
  if (o->archs.n > 0) {
    hipc__util_append(&given, &o->archs);
  } else {
    const char *env = getenv("HIPC_OFFLOAD_ARCH");
    hipc__util_push(&given, env != NULL ? env : "");
  }
  for (size_t i = 0; i < given.n && rc == 0; i++) {
    char *list = hipc__util_strdup(given.v[i]);
    hipc__util_push(&d->owned, list);
    for (char *a = strtok(list, ", \t"); a != NULL && rc == 0;
         a = strtok(NULL, ", \t"))
      rc = add_arch(d, a, &warned);
  }
  hipc__util_free(&given);
  if (rc != 0 || d->archs.n == 0 || !check_tools)
    return rc;
  const char *first = d->archs.v[0];
  const char *clang = getenv("HIPC_CLANG");
  d->clang = clang != NULL && *clang != '\0' ? clang : "clang-19";
  if (!hipc__util_in_path(d->clang)) {
    hipc__util_error("--offload-arch=%s needs clang-19 to compile device "
                     "code, and '%s' was not found (HIPC_CLANG names "
                     "another clang 19)", first, d->clang);
    return 1;
  }
  const char *cuda = getenv("CUDA_PATH");
  d->cuda = hipc__util_strdup(cuda != NULL && *cuda != '\0'
                                  ? cuda : "/usr/local/cuda");
  d->ptxas = hipc__util_format("%s/bin/ptxas", d->cuda);
  char *libdevice =
      hipc__util_format("%s/nvvm/libdevice/libdevice.10.bc", d->cuda);
  if (!executable(d->ptxas)) {
    hipc__util_error("--offload-arch=%s needs the CUDA toolkit: '%s' was "
                     "not found (CUDA_PATH names the toolkit's directory)",
                     first, d->ptxas);
    rc = 1;
  } else if (access(libdevice, R_OK) != 0) {
    hipc__util_error("--offload-arch=%s needs the CUDA toolkit: '%s' was "
                     "not found (CUDA_PATH names the toolkit's directory)",
                     first, libdevice);
    rc = 1;
  }
  free(libdevice);
  return rc;
}

void hipc__device_pass_free(struct device_pass *d) {
  for (size_t i = 0; i < d->owned.n; i++)
    free((char *)d->owned.v[i]);
  hipc__util_free(&d->owned);
  hipc__util_free(&d->archs);
  free(d->cuda);
  free(d->ptxas);
}

/* Where an intermediate file of `src` for `arch` goes. */
static char *file_for(const struct device_source *src, const char *arch,
                      const char *ext) {
  if (src->save_ref != NULL) {
    char *dir = hipc__util_dirname(src->save_ref);
    char *stem = hipc__util_stem(src->path);
    char *p = hipc__util_format("%s/%s.%s.%s", dir, stem, arch, ext);
    free(dir);
    free(stem);
    return p;
  }
  char *name = hipc__util_format("%d.%s.%s", src->index, arch, ext);
  char *t = hipc__util_temp(name);
  free(name);
  return t != NULL ? hipc__util_strdup(t) : NULL;
}

/* ptxas on `ptx` into `cubin`, kernels over the register cap of HIP's
 * 1024-thread default capped and assembled again (ptx_regcap.h). */
static int assemble(const struct device_pass *d,
                    const struct hipcc_options *o, const char *arch,
                    const char *ptx, const char *cubin) {
  char *sm = hipc__util_format("-arch=%s", arch);
  char *log_name = hipc__util_format("%s.ptxas.log", arch);
  char *log = hipc__util_temp(log_name);
  free(log_name);
  int rc = 1;
  if (log != NULL) {
    const char *as[] = {d->ptxas, sm, "-v", ptx, "-o", cubin, NULL};
    pid_t pid;
    rc = hipc__util_spawn(as, o->verbose, log, &pid);
    if (rc == 0)
      rc = hipc__util_wait(pid, d->ptxas);
  }
  size_t len;
  char *text = log != NULL ? hipc__util_read(log, &len) : NULL;
  /* ptxas's errors and warnings, without the -v lines (what it compiled
   * and the resources it used). */
  for (const char *s = text; s != NULL && *s != '\0';) {
    size_t n = strcspn(s, "\n");
    if (strncmp(s, "ptxas info", 10) != 0 && strncmp(s, "    ", 4) != 0)
      fprintf(stderr, "%.*s\n", (int)n, s);
    s += n + (s[n] == '\n');
  }
  int capped = 0;
  if (rc == 0 && text != NULL &&
      hipc__ptx_cap_registers(ptx, text, HIPC_PTX_REG_CAP, &capped) != 0) {
    rc = 1;
  } else if (rc == 0 && capped > 0) {
    const char *as[] = {d->ptxas, sm, ptx, "-o", cubin, NULL};
    rc = hipc__util_run(as, o->verbose, NULL);
  }
  free(text);
  free(sm);
  return rc;
}

/* Whether the back end contracts floating-point operations across
 * statements: -ffp-contract=fast (CUDA's default, which -ffast-math
 * implies too; the last flag that says wins), and not at -O0, where the
 * NVPTX back end never contracts unless told to. */
static int contract_fast(const struct hipcc_options *o) {
  int fast = 1, o0 = 0;
  for (size_t i = 0; i < o->cc.n; i++) {
    const char *a = o->cc.v[i];
    if (strncmp(a, "-ffp-contract=", 14) == 0)
      fast = strncmp(a + 14, "fast", 4) == 0;
    else if (strcmp(a, "-ffast-math") == 0)
      fast = 1;
    else if (strncmp(a, "-O", 2) == 0)
      o0 = strcmp(a, "-O0") == 0;
  }
  return fast && !o0;
}

/* clang's NVPTX back end on the optimised bitcode `bc`: no optimiser (it
 * ran before the IR passes), the compile's own code generation flags.
 * clang takes no language options for IR input, so its back end would
 * contract only what the IR marks, and write `mul.rn`/`add.rn` (which
 * ptxas does not fuse) for the rest; CUDA's contraction is the back end's
 * FMA level, given explicitly. */
static int codegen(const struct device_pass *d, const struct hipcc_options *o,
                   const char *arch, const char *bc, const char *ptx) {
  struct strvec cg = {0};
  char *march = hipc__util_format("-march=%s", arch);
  char *path = hipc__util_format("--cuda-path=%s", d->cuda);
  hipc__util_push(&cg, d->clang);
  hipc__util_push(&cg, "--target=nvptx64-nvidia-cuda");
  hipc__util_push(&cg, "-w");
  hipc__util_push(&cg, march);
  hipc__util_push(&cg, path);
  hipc__device_cc_flags(o, &cg);
  if (contract_fast(o)) {
    hipc__util_push(&cg, "-mllvm");
    hipc__util_push(&cg, "-nvptx-fma-level=2");
  }
  static const char *const tail[] = {"-Xclang", "-disable-llvm-optzns",
                                     "-S", "-x", "ir"};
  for (size_t i = 0; i < sizeof tail / sizeof *tail; i++)
    hipc__util_push(&cg, tail[i]);
  hipc__util_push(&cg, bc);
  hipc__util_push(&cg, "-o");
  hipc__util_push(&cg, ptx);
  int rc = hipc__util_run(cg.v, o->verbose, NULL);
  hipc__util_free(&cg);
  free(march);
  free(path);
  return rc;
}

/* Whether hipc-kc's passes see the front end's bitcode before LLVM's
 * optimiser (`--pre`): for the index sums made 64-bit sums of their leaves
 * (src/kc/nvptx_split.c; HIPC_NVPTX_SPLIT=0 leaves them to it) and for
 * libdevice's math kept calls through the optimiser
 * (src/kc/nvptx_late_math.c; HIPC_NVPTX_LATE_MATH=0 leaves libdevice as
 * clang links it); hipc-kc reads both switches itself. */
static int pre_passes(void) {
  const char *split = getenv("HIPC_NVPTX_SPLIT");
  const char *late = getenv("HIPC_NVPTX_LATE_MATH");
  return split == NULL || strcmp(split, "0") != 0 || late == NULL ||
         strcmp(late, "0") != 0;
}

/* The front end's unoptimised bitcode `raw` through hipc-kc's passes
 * that must see it, then clang's optimiser (the compile's flags): `bc`. */
static int optimise(const struct device_pass *d,
                    const struct hipcc_options *o,
                    const struct device_source *src, const char *arch,
                    const char *raw, const char *bc) {
  char *pre = file_for(src, arch, "pre.bc");
  if (pre == NULL)
    return 1;
  const char *kc[] = {src->kc, "--nvptx-ir", "--pre", raw, "-o", pre,
                      o->verbose ? "-v" : NULL, NULL};
  int rc = hipc__util_run(kc, o->verbose, NULL);
  struct strvec cc = {0};
  char *march = hipc__util_format("-march=%s", arch);
  char *path = hipc__util_format("--cuda-path=%s", d->cuda);
  hipc__util_push(&cc, d->clang);
  hipc__util_push(&cc, "--target=nvptx64-nvidia-cuda");
  hipc__util_push(&cc, "-w");
  hipc__util_push(&cc, march);
  hipc__util_push(&cc, path);
  hipc__device_cc_flags(o, &cc);
  static const char *const tail[] = {"-x", "ir", "-emit-llvm", "-c"};
  for (size_t i = 0; i < sizeof tail / sizeof *tail; i++)
    hipc__util_push(&cc, tail[i]);
  hipc__util_push(&cc, pre);
  hipc__util_push(&cc, "-o");
  hipc__util_push(&cc, bc);
  if (rc == 0)
    rc = hipc__util_run(cc.v, o->verbose, NULL);
  hipc__util_free(&cc);
  free(march);
  free(path);
  free(pre);
  return rc;
}

/* hipc-kc's IR passes on `bc`, then the back end: the PTX. */
static int ir_to_ptx(const struct device_pass *d,
                     const struct hipcc_options *o,
                     const struct device_source *src, const char *arch,
                     const char *bc, const char *ptx) {
  char *out = file_for(src, arch, "ir.bc");
  if (out == NULL)
    return 1;
  const char *kc[] = {src->kc, "--nvptx-ir", bc, "-o", out,
                      o->verbose ? "-v" : NULL, NULL};
  int rc = hipc__util_run(kc, o->verbose, NULL);
  if (rc == 0)
    rc = codegen(d, o, arch, out, ptx);
  free(out);
  return rc;
}

static int compile_arch(const struct device_pass *d,
                        const struct hipcc_options *o,
                        const struct device_source *src, const char *arch,
                        const char *ptx, const char *cubin) {
  struct strvec cc = {0};
  char *gpu = hipc__util_format("--cuda-gpu-arch=%s", arch);
  char *path = hipc__util_format("--cuda-path=%s", d->cuda);
  int passes = hipc__device_ir_passes() && src->kc != NULL;
  char *bc = passes ? file_for(src, arch, "bc") : NULL;
  int pre = passes && pre_passes();
  char *raw = pre ? file_for(src, arch, "raw.bc") : NULL;
  if ((passes && bc == NULL) || (pre && raw == NULL)) {
    free(bc);
    return 1;
  }
  static const char *const head[] = {
      "-x", "cuda", "--cuda-device-only", "-nocudainc",
      "-Wno-unknown-cuda-version", "-w", "-D__HIPCC__=1", "-D__HIP__=1",
      "-D__HIP_PLATFORM_HIPC__=1", "-D__HIP_DEVICE_COMPILE__=1"};
  hipc__util_push(&cc, d->clang);
  for (size_t i = 0; i < sizeof head / sizeof *head; i++)
    hipc__util_push(&cc, head[i]);
  hipc__util_push(&cc, gpu);
  hipc__util_push(&cc, path);
  hipc__util_push(&cc, src->std);
  hipc__util_push(&cc, src->inc_flag);
  hipc__util_push(&cc, "-include");
  hipc__util_push(&cc, "hip/hipc/nvptx_prelude.h");
  hipc__util_push(&cc, "-include");
  hipc__util_push(&cc, "hip/hip_runtime.h");
  hipc__util_append(&cc, &o->pp);
  hipc__device_cc_flags(o, &cc);
  if (pre) {
    hipc__util_push(&cc, "-Xclang");
    hipc__util_push(&cc, "-disable-llvm-passes");
  }
  if (passes) {
    hipc__util_push(&cc, "-emit-llvm");
    hipc__util_push(&cc, "-c");
  } else {
    hipc__util_push(&cc, "-S");
  }
  hipc__util_push(&cc, src->path);
  hipc__util_push(&cc, "-o");
  hipc__util_push(&cc, pre ? raw : passes ? bc : ptx);
  int rc = hipc__util_run(cc.v, o->verbose, NULL);
  hipc__util_free(&cc);
  free(gpu);
  free(path);
  if (rc == 0 && pre)
    rc = optimise(d, o, src, arch, raw, bc);
  free(raw);
  if (rc == 0 && passes)
    rc = ir_to_ptx(d, o, src, arch, bc, ptx);
  free(bc);
  if (rc != 0)
    return rc;
  /* __managed__ variables: clang compiled them as __device__ ones. */
  if (hipc__managed_patch_ptx(ptx, src->managed) != 0)
    return 1;
  /* The host-only `const` globals clang made constant: not on the GPU. */
  if (hipc__ptx_drop_host_consts(ptx, src->constants, NULL) != 0)
    return 1;
  return assemble(d, o, arch, ptx, cubin);
}

/* The files of one source's images: a PTX and a cubin per architecture
 * and the images to embed (the cubins, then the PTX of the newest
 * architecture). */
struct images {
  size_t n;  /* architectures */
  char **ptx, **cubin;
  struct gpu_image_file *img;
  size_t nimg;
};

static void images_free(struct images *im) {
  for (size_t i = 0; i < im->n; i++)
    free(im->ptx[i]), free(im->cubin[i]);
  free(im->ptx);
  free(im->cubin);
  free(im->img);
}

/* Compiles `src` for every architecture into `im`, adding what each PTX
 * defines to `names`. Returns 0 or the failing command's status. */
static int build_images(const struct device_pass *d,
                        const struct hipcc_options *o,
                        const struct device_source *src, struct images *im,
                        struct gpu_names *names) {
  size_t n = im->n = d->archs.n;
  im->ptx = hipc__util_alloc(n * sizeof *im->ptx);
  im->cubin = hipc__util_alloc(n * sizeof *im->cubin);
  im->img = hipc__util_alloc((n + 1) * sizeof *im->img);
  im->nimg = 0;
  for (size_t i = 0; i < n; i++)
    im->ptx[i] = im->cubin[i] = NULL;
  int newest = -1, newest_sm = -1;
  for (size_t i = 0; i < n; i++) {
    const char *arch = d->archs.v[i];
    im->ptx[i] = file_for(src, arch, "ptx");
    im->cubin[i] = file_for(src, arch, "cubin");
    if (im->ptx[i] == NULL || im->cubin[i] == NULL)
      return 1;
    int rc = compile_arch(d, o, src, arch, im->ptx[i], im->cubin[i]);
    if (rc != 0)
      return rc;
    size_t len;
    char *text = hipc__util_read(im->ptx[i], &len);
    if (text == NULL) {
      hipc__util_error("cannot read '%s': %s", im->ptx[i], strerror(errno));
      return 1;
    }
    hipc__gpu_names_scan(names, text);
    free(text);
    im->img[im->nimg++] = (struct gpu_image_file){arch, 0, im->cubin[i]};
    int suffixed, v = sm_number(arch, &suffixed);
    if (!suffixed && v > newest_sm)
      newest_sm = v, newest = (int)i;
  }
  /* The PTX of the newest architecture, for GPUs newer than every cubin
   * (an arch-specific target such as sm_90a has no successor). */
  if (newest >= 0)
    im->img[im->nimg++] =
        (struct gpu_image_file){d->archs.v[newest], 1, im->ptx[newest]};
  return 0;
}

/* Whether `name` is a register-capped copy of a kernel (ptx_regcap.h),
 * which the host object never names. */
static int capped_copy(const char *name) {
  size_t n = strlen(name), sl = strlen(HIPC_GPU_CAPPED_SUFFIX);
  return n > sl && strcmp(name + n - sl, HIPC_GPU_CAPPED_SUFFIX) == 0;
}

/* Warns about each kernel whose host stub `obj` defines (clang registers
 * it for the GPUs) that no GPU image has: the device compile never
 * instantiated it (a template used only from code that compile skips),
 * so its launches on a GPU would fail. */
static void check_host_kernels(const char *obj, const char *src,
                               const struct gpu_names *names) {
  char **k;
  size_t nk;
  if (hipc__elf_syms_kernels(obj, &k, &nk) != 0)
    nk = 0;
  for (size_t i = 0; i < nk; i++) {
    size_t j = 0;
    while (j < names->nkernels && strcmp(names->kernels[j], k[i]) != 0)
      j++;
    if (j == names->nkernels)
      hipc__util_warning("%s: kernel '%s' is registered by the host object "
                         "but has no GPU code (the device compile did not "
                         "instantiate it); its launches fail on a GPU",
                         src, k[i]);
    free(k[i]);
  }
  free(k);
}

void hipc__device_pass_check(const char *obj, const char *src,
                             const struct gpu_names *names) {
  check_host_kernels(obj, src, names);
  size_t n = names->nkernels + names->nvars;
  if (n == 0)
    return;
  const char **v = hipc__util_alloc(n * sizeof *v);
  int *defined = hipc__util_alloc(n * sizeof *defined);
  for (size_t i = 0; i < names->nkernels; i++)
    v[i] = names->kernels[i];
  for (size_t i = 0; i < names->nvars; i++)
    v[names->nkernels + i] = names->vars[i].name;
  /* clang's host object defines a handle per kernel and a shadow per
   * variable, under the names its registrations give the GPU images. */
  if (hipc__elf_syms_defined(obj, v, n, defined) == 0) {
    for (size_t i = 0; i < n; i++)
      if (!defined[i] && !(i < names->nkernels && capped_copy(v[i])))
        hipc__util_warning("%s: %s '%s' is in the GPU code but not in the "
                           "host object (the device and host compiles saw "
                           "different declarations); it cannot be used on "
                           "a GPU", src, i < names->nkernels ? "kernel"
                                                            : "variable",
                           v[i]);
  }
  free(v);
  free(defined);
}

int hipc__device_pass_each_image(const struct device_pass *d,
                                 const struct hipcc_options *o,
                                 const struct device_source *src,
                                 int (*add)(void *arg,
                                            const struct gpu_image_file *img),
                                 void *arg, struct gpu_names *names) {
  struct images im = {0};
  *names = (struct gpu_names){0};
  int rc = build_images(d, o, src, &im, names);
  for (size_t i = 0; rc == 0 && i < im.nimg; i++)
    rc = add(arg, &im.img[i]);
  if (rc == 0 && o->verbose)
    fprintf(stderr, "hipcc: %s: %zu kernel(s), %zu variable(s) for %zu "
                    "GPU image(s)\n", src->path, names->nkernels,
            names->nvars, im.nimg);
  images_free(&im);
  return rc;
}
