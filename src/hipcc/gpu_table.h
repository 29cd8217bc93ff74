/* The table that ties a host object to its GPU images (docs/nvidia.md,
 * "The device pass"): the names in the PTX, and the C++ text appended to the
 * host pass's rewritten source that embeds the images and registers them
 * (hip/hipc/gpu_module.h). */
#ifndef HIPC_HIPCC_GPU_TABLE_H
#define HIPC_HIPCC_GPU_TABLE_H

#include <stddef.h>

/* What one PTX file defines: kernels (`.entry`) and variables in global or
 * constant memory, with their sizes. Names are malloc'd, each kept once. */
struct gpu_var_name {
  char *name;
  size_t size;
  int kind; /* 0 .global, 1 .const, 2 .global .attribute(.managed)
               (hipc_gpu_var's kinds) */
  char *host; /* the host object's symbol when not `name` (a managed
                 variable's storage), or NULL */
};

struct gpu_names {
  char **kernels;
  size_t nkernels;
  struct gpu_var_name *vars;
  size_t nvars;
};

/* Adds the kernels and variables that the PTX text `ptx` defines to `g`
 * (names already there are not added again). */
void hipc__gpu_table_scan(struct gpu_names *g, const char *ptx);
void hipc__gpu_table_free(struct gpu_names *g);

/* One image to embed: a file made by the device pass. */
struct gpu_image_file {
  const char *arch; /* sm_XX */
  int is_ptx;
  const char *path;
};

/* Returns the C++ text (malloc'd) that embeds `images` and registers them,
 * with the kernels and variables of `g`, through hipc_register_gpu_module.
 * With `inline_bytes` the images are spelt out byte by byte (for -S, whose
 * output must not name temporary files); otherwise the assembler reads
 * them (.incbin). Returns NULL, after printing why, when a file cannot be
 * read. */
char *hipc__gpu_table_text(const struct gpu_names *g,
                           const struct gpu_image_file *images, size_t n,
                           int inline_bytes);

#endif /* HIPC_HIPCC_GPU_TABLE_H */
