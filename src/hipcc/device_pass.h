/* hipcc's device pass (docs/nvidia.md, "The device pass"): each HIP
 * source compiled by clang in CUDA device mode to PTX, then by ptxas to a
 * cubin, for every NVIDIA architecture asked for. */
#ifndef HIPC_HIPCC_DEVICE_PASS_H
#define HIPC_HIPCC_DEVICE_PASS_H

#include "gpu_names.h"
#include "managed.h"
#include "options.h"

/* The GPU architectures and the tools that build for them. */
struct device_pass {
  struct strvec archs;  /* sm_XX, in order, without duplicates */
  const char *clang;    /* $HIPC_CLANG or clang-19 */
  char *cuda;           /* $CUDA_PATH or /usr/local/cuda */
  char *ptxas;          /* <cuda>/bin/ptxas */
  struct strvec owned;
};

/* Collects the architectures (--offload-arch, else $HIPC_OFFLOAD_ARCH) and,
 * when there is one and `check_tools` is set (there is a HIP source to
 * compile), checks that clang-19 and the CUDA toolkit are there.
 * AMD architectures (gfx...) are ignored with a warning. Returns 0, or 1
 * after printing why (an unknown architecture, a missing tool). */
int hipc__device_pass_init(struct device_pass *d, struct hipcc_options *o,
                           int check_tools);
void hipc__device_pass_free(struct device_pass *d);

/* What one source needs besides the options. */
struct device_source {
  const char *path;
  int index;            /* the input's position: names temporary files */
  const char *inc_flag; /* -I<prefix>/include */
  const char *std;      /* -std=... */
  const char *save_ref; /* -save-temps: intermediate files go next to this
                           output; NULL: temporary files */
  const struct managed_vars *managed; /* the __managed__ variables
                                         (managed.h), or NULL */
  const struct managed_vars *constants; /* the explicit __constant__
                                           variables (ptx_consts.h), or
                                           NULL */
  const char *kc;       /* <prefix>/bin/hipc-kc: its --nvptx-ir passes run
                           between clang's -O3 and the NVPTX back end */
};

/* The GPU images of a source (docs/frontend.md): compiles
 * `src` for every architecture of `d` and calls `add(arg, image)` for each
 * image to embed (the cubins, then the PTX of the newest architecture),
 * while the files exist; `*names` gets the kernels and variables the
 * images define (free them with hipc__gpu_names_free). Returns 0, the
 * failing command's status, or what `add` returned when not 0. */
int hipc__device_pass_each_image(const struct device_pass *d,
                                 const struct hipcc_options *o,
                                 const struct device_source *src,
                                 int (*add)(void *arg,
                                            const struct gpu_image_file *img),
                                 void *arg, struct gpu_names *names);

/* Warns about each kernel or variable of `names` that the host object
 * `obj` (compiled from `src` by clang's host pass) does not define: the
 * two passes saw different declarations, and the GPU cannot run it; and
 * about each kernel the host object registers that `names` lacks (the
 * device compile never instantiated it). */
void hipc__device_pass_check(const char *obj, const char *src,
                             const struct gpu_names *names);

#endif /* HIPC_HIPCC_DEVICE_PASS_H */
