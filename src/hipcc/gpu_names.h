/* The kernels and variables of a GPU image, by their names in its PTX, and
 * the image files the device pass makes. */
#ifndef HIPC_HIPCC_GPU_NAMES_H
#define HIPC_HIPCC_GPU_NAMES_H

#include <stddef.h>

/* What one PTX file defines: kernels (`.entry`) and variables in global or
 * constant memory, with their sizes. Names are malloc'd, each kept once. */
struct gpu_var_name {
  char *name;
  size_t size;
  int kind; /* 0 .global, 1 .const, 2 .global .attribute(.managed)
               (hipc_gpu_var's kinds) */
};

struct gpu_names {
  char **kernels;
  size_t nkernels;
  struct gpu_var_name *vars;
  size_t nvars;
};

/* Adds the kernels and variables that the PTX text `ptx` defines to `g`
 * (names already there are not added again). */
void hipc__gpu_names_scan(struct gpu_names *g, const char *ptx);
void hipc__gpu_names_free(struct gpu_names *g);

/* One image to embed: a file made by the device pass. */
struct gpu_image_file {
  const char *arch; /* sm_XX */
  int is_ptx;
  const char *path;
};

#endif /* HIPC_HIPCC_GPU_NAMES_H */
