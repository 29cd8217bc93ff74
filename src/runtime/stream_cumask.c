/* AMD's compute-unit masks of streams (hip_runtime_api.h):
 * hipExtStreamCreateWithCUMask and hipExtStreamGetCUMask.
 *
 * A mask has a bit per compute unit (multiProcessorCount of the device:
 * the CPU device's workers, a GPU's SMs), 32 to a word, word 0 first. A
 * stream keeps the mask it was created with, restricted to the device's
 * units; a mask that leaves no unit is the default, every unit, as with
 * AMD's runtime. hipc's devices record the mask and report it back; their
 * schedulers do not confine a stream's kernels to those units (a kernel
 * runs as it would on any stream). */
#include <string.h>

#include "internal.h"

/* The default mask of `dev` in `out` (HIPC_CU_MASK_WORDS words). */
static void default_mask(const hipc_device* dev, uint32_t* out) {
  int n = dev->props.multiProcessorCount;
  if (n > 32 * HIPC_CU_MASK_WORDS) n = 32 * HIPC_CU_MASK_WORDS;
  memset(out, 0, HIPC_CU_MASK_WORDS * sizeof *out);
  for (int i = 0; i < n; i++) out[i / 32] |= 1u << (i % 32);
}

static uint32_t words_of(const hipc_device* dev) {
  uint32_t n = (uint32_t)dev->props.multiProcessorCount;
  n = (n + 31) / 32;
  return n > HIPC_CU_MASK_WORDS ? HIPC_CU_MASK_WORDS : n ? n : 1;
}

hipError_t hipExtStreamCreateWithCUMask(hipStream_t* stream,
                                        uint32_t cuMaskSize,
                                        const uint32_t* cuMask) {
  HIPC_API_ENTER();
  HIPC_RETURN_IF(!stream || !cuMaskSize || !cuMask, hipErrorInvalidValue);
  hipStream_t s;
  hipError_t e = hipStreamCreate(&s);
  HIPC_RETURN_IF(e != hipSuccess, e);
  uint32_t def[HIPC_CU_MASK_WORDS], any = 0;
  default_mask(s->dev, def);
  for (uint32_t i = 0; i < HIPC_CU_MASK_WORDS; i++) {
    s->cu_mask[i] = i < cuMaskSize ? cuMask[i] & def[i] : 0;
    any |= s->cu_mask[i];
  }
  if (!any) memset(s->cu_mask, 0, sizeof s->cu_mask);
  *stream = s;
  HIPC_RETURN(hipSuccess);
}

hipError_t hipExtStreamGetCUMask(hipStream_t stream, uint32_t cuMaskSize,
                                 uint32_t* cuMask) {
  HIPC_API_ENTER();
  HIPC_RETURN_IF(!cuMask || !cuMaskSize, hipErrorInvalidValue);
  hipc_device* dev;
  hipc_queue* q;
  hipError_t e = hipc__stream_resolve(stream, &dev, &q);
  HIPC_RETURN_IF(e != hipSuccess, e);
  HIPC_RETURN_IF(cuMaskSize < words_of(dev), hipErrorInvalidValue);
  uint32_t mask[HIPC_CU_MASK_WORDS], any = 0;
  default_mask(dev, mask);
  int created = stream && stream != hipStreamPerThread &&
                stream != hipStreamLegacy;
  if (created) {
    for (int i = 0; i < HIPC_CU_MASK_WORDS; i++) any |= stream->cu_mask[i];
    if (any) memcpy(mask, stream->cu_mask, sizeof mask);
  }
  for (uint32_t i = 0; i < cuMaskSize; i++)
    cuMask[i] = i < HIPC_CU_MASK_WORDS ? mask[i] : 0;
  HIPC_RETURN(hipSuccess);
}
