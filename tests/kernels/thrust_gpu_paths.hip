// thrust_algorithms.hip again with HIPC_THRUST_KERNELS=1: on the CPU
// device, the hip system takes the paths it takes on a GPU's stream
// (kernels over the iterators, hipCUB for reductions, scans and sorts,
// host staging, hipMemcpy for host<->device copies and elements), so the
// same host-computed checks cover them where there is no GPU; and
// thrust_gpu_more.h's checks of the algorithms beyond those.
// NEEDS-HEADER: thrust/version.h
// -O0: Thrust's templates at -O2 cost hipc-kc 5-8x the compile time
// (280-300 s of CPU against 40-60 s) for a test that runs in a second.
// HIPCC-FLAGS: -O0
#include <cstdlib>
#include <cstddef>

// Set before main, so before the hip system first reads it.
static struct force_gpu_paths {
  force_gpu_paths() { setenv("HIPC_THRUST_KERNELS", "1", 1); }
} force;

static void test_gpu_more(size_t n);
#define THRUST_MORE_TESTS(n) test_gpu_more(n)
#include "thrust_algorithms.hip"
#include "thrust_gpu_more.h"
