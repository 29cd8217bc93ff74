// thrust_interop.hip again with HIPC_THRUST_KERNELS=1 (as
// thrust_gpu_paths.hip does for thrust_algorithms.hip): stream order,
// par.on(stream), device_ptr over hipMalloc memory and error codes on the
// paths that a GPU's stream takes, checked on the CPU device.
// NEEDS-HEADER: thrust/version.h
// -O0: Thrust's templates at -O2 cost hipc-kc 5-8x the compile time
// (280-300 s of CPU against 40-60 s) for a test that runs in a second.
// HIPCC-FLAGS: -O0
#include <cstdlib>

// Set before main, so before the hip system first reads it.
static struct force_gpu_paths {
  force_gpu_paths() { setenv("HIPC_THRUST_KERNELS", "1", 1); }
} force;

#include "thrust_interop.hip"
