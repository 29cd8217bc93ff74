// hipCUB's configuration: the namespace, qualifiers and warp width.
//
// hipc's hipCUB is header-only: block and warp templates are device code
// (shared memory, __syncthreads, warp shuffles) that hipc-kc lowers for the
// CPU device and clang compiles for NVIDIA GPUs; device-level algorithms
// launch chunked kernels on the caller's stream (device/detail/).
#ifndef HIPCUB_CONFIG_HPP
#define HIPCUB_CONFIG_HPP

#include <hip/hip_runtime.h>

// <cassert> and <chrono> come with AMD's hipCUB (through rocPRIM), and
// programs that include hipcub.hpp use assert and std::chrono without
// including them.
#include <cassert>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <iterator>
#include <limits>
#include <type_traits>
#include <utility>

#define HIPCUB_NAMESPACE hipcub
#define BEGIN_HIPCUB_NAMESPACE namespace hipcub {
#define END_HIPCUB_NAMESPACE }

#define HIPCUB_HOST __host__
#define HIPCUB_DEVICE __device__
#define HIPCUB_HOST_DEVICE __host__ __device__
#define HIPCUB_SHARED_MEMORY __shared__
#define HIPCUB_RUNTIME_FUNCTION __host__

// hipc's CPU device picks the warp size when the program starts (64, or 32
// with HIPC_WARP_SIZE=32), so a logical warp is min(LOGICAL_WARP_THREADS,
// warpSize) lanes at run time. Templates whose logical width defaults to
// the hardware warp use this (the widest warp hipc runs); temporary storage
// is sized for the narrowest warp (32), which has the most warps a block.
#define HIPCUB_WARP_THREADS 64
#define HIPCUB_DEVICE_WARP_THREADS 64
#define HIPCUB_HOST_WARP_THREADS 64
#define HIPCUB_MIN_WARP_THREADS 32
#define HIPCUB_ARCH 1

#define HIPCUB_STDERR

#endif  // HIPCUB_CONFIG_HPP
