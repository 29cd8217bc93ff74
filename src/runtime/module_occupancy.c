/* Occupancy of a module's functions: hipModuleOccupancy*.
 *
 * A function handle names a kernel its code object registered, so each
 * query is the runtime API's (occupancy.c) for that kernel, with the
 * module API's checks first: a NULL output or handle is
 * hipErrorInvalidValue, a handle whose module was unloaded
 * hipErrorInvalidHandle, and only hipOccupancyDefault and
 * hipOccupancyDisableCachingOverride are flags. */
#include "internal.h"

static int flags_ok(unsigned int flags) {
  return flags == hipOccupancyDefault ||
         flags == hipOccupancyDisableCachingOverride;
}

static hipError_t function_check(hipFunction_t f) {
  if (!f) return hipErrorInvalidValue;
  return hipc__module_function_ok(f) ? hipSuccess : hipErrorInvalidHandle;
}

hipError_t hipModuleOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(
    int* numBlocks, hipFunction_t f, int blockSize, size_t dynSharedMemPerBlk,
    unsigned int flags) {
  HIPC_API_ENTER();
  HIPC_RETURN_IF(!numBlocks || !flags_ok(flags), hipErrorInvalidValue);
  hipError_t e = function_check(f);
  HIPC_RETURN_IF(e != hipSuccess, e);
  HIPC_RETURN(hipOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(
      numBlocks, f->desc->host_fn, blockSize, dynSharedMemPerBlk, flags));
}

hipError_t hipModuleOccupancyMaxActiveBlocksPerMultiprocessor(
    int* numBlocks, hipFunction_t f, int blockSize,
    size_t dynSharedMemPerBlk) {
  HIPC_API_ENTER();
  return hipModuleOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(
      numBlocks, f, blockSize, dynSharedMemPerBlk, hipOccupancyDefault);
}

hipError_t hipModuleOccupancyMaxPotentialBlockSizeWithFlags(
    int* gridSize, int* blockSize, hipFunction_t f, size_t dynSharedMemPerBlk,
    int blockSizeLimit, unsigned int flags) {
  HIPC_API_ENTER();
  HIPC_RETURN_IF(!gridSize || !blockSize || !flags_ok(flags),
                 hipErrorInvalidValue);
  hipError_t e = function_check(f);
  HIPC_RETURN_IF(e != hipSuccess, e);
  HIPC_RETURN(hipOccupancyMaxPotentialBlockSize(gridSize, blockSize,
                                                f->desc->host_fn,
                                                dynSharedMemPerBlk,
                                                blockSizeLimit));
}

hipError_t hipModuleOccupancyMaxPotentialBlockSize(int* gridSize,
                                                   int* blockSize,
                                                   hipFunction_t f,
                                                   size_t dynSharedMemPerBlk,
                                                   int blockSizeLimit) {
  HIPC_API_ENTER();
  return hipModuleOccupancyMaxPotentialBlockSizeWithFlags(
      gridSize, blockSize, f, dynSharedMemPerBlk, blockSizeLimit,
      hipOccupancyDefault);
}
