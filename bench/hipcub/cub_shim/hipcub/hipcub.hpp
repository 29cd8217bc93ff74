// For bench/hipcub/gpu_build.sh only (not part of hipc): nvcc builds the
// very same hipCUB workloads against CUB, the reference on NVIDIA GPUs.
// bench/gpu/cuda_shim maps the HIP runtime names they use onto CUDA's.
#pragma once
#include <cub/cub.cuh>

namespace hipcub = cub;
