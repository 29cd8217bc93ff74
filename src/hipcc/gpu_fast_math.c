/* Fast math in hipcc's GPU pass (gpu_fast_math.h). */
#include "gpu_fast_math.h"

#include <stdlib.h>
#include <string.h>

/* The denormal flags the user may give: clang's, in both spellings. */
static int is_ftz_flag(const char *f) {
  static const char *const ftz[] = {
      "-fgpu-flush-denormals-to-zero", "-fno-gpu-flush-denormals-to-zero",
      "-fcuda-flush-denormals-to-zero", "-fno-cuda-flush-denormals-to-zero"};
  for (size_t i = 0; i < sizeof ftz / sizeof *ftz; i++)
    if (strcmp(f, ftz[i]) == 0)
      return 1;
  return 0;
}

void hipc__gpu_fast_math_flags(const struct hipcc_options *o,
                               struct strvec *v) {
  int fast = o->use_fast_math, user_ftz = 0;
  for (size_t i = 0; i < o->cc.n; i++) {
    const char *f = o->cc.v[i];
    if (strcmp(f, "-ffast-math") == 0 || strcmp(f, "-Ofast") == 0)
      fast = 1;
    else if (strcmp(f, "-fno-fast-math") == 0)
      fast = o->use_fast_math;
    if (is_ftz_flag(f)) {
      hipc__util_push(v, f);
      user_ftz = 1;
    }
  }
  const char *env = getenv("HIPC_NVPTX_FAST_MATH");
  if (env != NULL && strcmp(env, "0") == 0)
    return;
  /* nvcc's -use_fast_math affects device code only: the GPU pass. */
  if (o->use_fast_math)
    hipc__util_push(v, "-ffast-math");
  /* nvcc's -use_fast_math implies -ftz=true: the PTX's float operations
   * get .ftz, and libdevice takes its flushing paths (__nvvm_reflect's
   * __CUDA_FTZ), which spare lg2, rcp, sqrt and div.approx the scaling of
   * denormal operands. */
  if (fast && !user_ftz)
    hipc__util_push(v, "-fgpu-flush-denormals-to-zero");
  hipc__util_push(v, "-D__HIPC_NVPTX_FAST_MATH__=1");
}
