/* The driver-style array API: hipArrayCreate, hipArray3DCreate,
 * hipArrayDestroy, hipArrayGetDescriptor, hipArray3DGetDescriptor, and the
 * copies by byte offset (hipMemcpyAtoH, HtoA, AtoD, DtoA, AtoA and the
 * Async ones).
 *
 * A driver array is the runtime's array (array.c): a descriptor's Format
 * and NumChannels become a channel format (NumChannels channels of the
 * Format's width and kind) and back. The copies by offset address the
 * array's first row, as on a 1D array: an offset and a count past its
 * width * element size are refused, whatever the array's height. */
#include "texture_internal.h"

int hipc__array_format_desc(hipArray_Format f, unsigned n,
                            hipChannelFormatDesc* d) {
  int bits;
  hipChannelFormatKind kind;
  switch (f) {
    case HIP_AD_FORMAT_UNSIGNED_INT8: bits = 8, kind = hipChannelFormatKindUnsigned; break;
    case HIP_AD_FORMAT_UNSIGNED_INT16: bits = 16, kind = hipChannelFormatKindUnsigned; break;
    case HIP_AD_FORMAT_UNSIGNED_INT32: bits = 32, kind = hipChannelFormatKindUnsigned; break;
    case HIP_AD_FORMAT_SIGNED_INT8: bits = 8, kind = hipChannelFormatKindSigned; break;
    case HIP_AD_FORMAT_SIGNED_INT16: bits = 16, kind = hipChannelFormatKindSigned; break;
    case HIP_AD_FORMAT_SIGNED_INT32: bits = 32, kind = hipChannelFormatKindSigned; break;
    case HIP_AD_FORMAT_HALF: bits = 16, kind = hipChannelFormatKindFloat; break;
    case HIP_AD_FORMAT_FLOAT: bits = 32, kind = hipChannelFormatKindFloat; break;
    default: return -1;
  }
  if (n != 1 && n != 2 && n != 4) return -1;
  *d = hipCreateChannelDesc(bits, n > 1 ? bits : 0, n > 2 ? bits : 0,
                            n > 2 ? bits : 0, kind);
  return 0;
}

void hipc__array_desc_format(const hipChannelFormatDesc* d,
                             hipArray_Format* f, unsigned* n) {
  *n = 1u + (d->y != 0) + (d->z != 0) + (d->w != 0);
  if (d->f == hipChannelFormatKindFloat)
    *f = d->x == 16 ? HIP_AD_FORMAT_HALF : HIP_AD_FORMAT_FLOAT;
  else if (d->f == hipChannelFormatKindSigned)
    *f = d->x == 8    ? HIP_AD_FORMAT_SIGNED_INT8
         : d->x == 16 ? HIP_AD_FORMAT_SIGNED_INT16
                      : HIP_AD_FORMAT_SIGNED_INT32;
  else
    *f = d->x == 8    ? HIP_AD_FORMAT_UNSIGNED_INT8
         : d->x == 16 ? HIP_AD_FORMAT_UNSIGNED_INT16
                      : HIP_AD_FORMAT_UNSIGNED_INT32;
}

static hipError_t create(hipArray_t* out, hipArray_Format format,
                         unsigned channels, size_t width, size_t height,
                         size_t depth, unsigned flags) {
  hipChannelFormatDesc d;
  if (!out || hipc__array_format_desc(format, channels, &d) != 0)
    return hipErrorInvalidValue;
  return hipc__array_create(out, &d, width, height, depth, flags);
}

hipError_t hipArrayCreate(hipArray_t* pHandle,
                          const HIP_ARRAY_DESCRIPTOR* pAllocateArray) {
  HIPC_API_ENTER();
  const HIP_ARRAY_DESCRIPTOR* d = pAllocateArray;
  HIPC_RETURN_IF(!d, hipErrorInvalidValue);
  HIPC_RETURN(create(pHandle, d->Format, d->NumChannels, d->Width, d->Height,
                     0, hipArrayDefault));
}

hipError_t hipArray3DCreate(hipArray_t* array,
                            const HIP_ARRAY3D_DESCRIPTOR* pAllocateArray) {
  HIPC_API_ENTER();
  const HIP_ARRAY3D_DESCRIPTOR* d = pAllocateArray;
  HIPC_RETURN_IF(!d, hipErrorInvalidValue);
  HIPC_RETURN(create(array, d->Format, d->NumChannels, d->Width, d->Height,
                     d->Depth, d->Flags));
}

hipError_t hipArrayDestroy(hipArray_t array) {
  HIPC_API_ENTER();
  HIPC_RETURN_IF(!array, hipErrorInvalidValue);
  HIPC_RETURN(hipc__array_destroy(array));
}

hipError_t hipArrayGetDescriptor(HIP_ARRAY_DESCRIPTOR* pArrayDescriptor,
                                 hipArray_t array) {
  HIPC_API_ENTER();
  HIPC_RETURN_IF(!pArrayDescriptor, hipErrorInvalidValue);
  const struct hipArray* a = hipc__array_lookup(array);
  HIPC_RETURN_IF(!a, hipErrorInvalidHandle);
  hipc__array_desc_format(&a->desc, &pArrayDescriptor->Format,
                &pArrayDescriptor->NumChannels);
  pArrayDescriptor->Width = a->width;
  pArrayDescriptor->Height = a->height;
  HIPC_RETURN(hipSuccess);
}

hipError_t hipArray3DGetDescriptor(HIP_ARRAY3D_DESCRIPTOR* pArrayDescriptor,
                                   hipArray_t array) {
  HIPC_API_ENTER();
  HIPC_RETURN_IF(!pArrayDescriptor, hipErrorInvalidValue);
  const struct hipArray* a = hipc__array_lookup(array);
  HIPC_RETURN_IF(!a, hipErrorInvalidHandle);
  hipc__array_desc_format(&a->desc, &pArrayDescriptor->Format,
                &pArrayDescriptor->NumChannels);
  pArrayDescriptor->Width = a->width;
  pArrayDescriptor->Height = a->height;
  pArrayDescriptor->Depth = a->depth;
  pArrayDescriptor->Flags = a->flags;
  HIPC_RETURN(hipSuccess);
}

/* -- copies by byte offset */

/* `count` bytes between byte `offset` of the first row of `array` and
 * `mem`, the memory side checked as `kind` says. */
static hipError_t copy_row(hipArray_t array, int to_array, size_t offset,
                           void* mem, size_t count, hipMemcpyKind kind,
                           hipStream_t stream, int blocking) {
  if (!array || !mem) return hipErrorInvalidValue;
  return hipc__array_copy_2d(array, to_array, offset, 0, mem, count, count, 1,
                             kind, stream, blocking);
}

hipError_t hipMemcpyAtoH(void* dstHost, hipArray_t srcArray, size_t srcOffset,
                         size_t count) {
  HIPC_API_ENTER();
  HIPC_RETURN(copy_row(srcArray, 0, srcOffset, dstHost, count,
                       hipMemcpyDeviceToHost, NULL, 1));
}

hipError_t hipMemcpyHtoA(hipArray_t dstArray, size_t dstOffset,
                         const void* srcHost, size_t count) {
  HIPC_API_ENTER();
  HIPC_RETURN(copy_row(dstArray, 1, dstOffset, (void*)srcHost, count,
                       hipMemcpyHostToDevice, NULL, 1));
}

hipError_t hipMemcpyAtoHAsync(void* dstHost, hipArray_t srcArray,
                              size_t srcOffset, size_t ByteCount,
                              hipStream_t stream) {
  HIPC_API_ENTER();
  HIPC_RETURN(copy_row(srcArray, 0, srcOffset, dstHost, ByteCount,
                       hipMemcpyDeviceToHost, stream, 0));
}

hipError_t hipMemcpyHtoAAsync(hipArray_t dstArray, size_t dstOffset,
                              const void* srcHost, size_t ByteCount,
                              hipStream_t stream) {
  HIPC_API_ENTER();
  HIPC_RETURN(copy_row(dstArray, 1, dstOffset, (void*)srcHost, ByteCount,
                       hipMemcpyHostToDevice, stream, 0));
}

hipError_t hipMemcpyAtoD(hipDeviceptr_t dstDevice, hipArray_t srcArray,
                         size_t srcOffset, size_t ByteCount) {
  HIPC_API_ENTER();
  HIPC_RETURN(copy_row(srcArray, 0, srcOffset, dstDevice, ByteCount,
                       hipMemcpyDeviceToDevice, NULL, 1));
}

hipError_t hipMemcpyDtoA(hipArray_t dstArray, size_t dstOffset,
                         hipDeviceptr_t srcDevice, size_t ByteCount) {
  HIPC_API_ENTER();
  HIPC_RETURN(copy_row(dstArray, 1, dstOffset, srcDevice, ByteCount,
                       hipMemcpyDeviceToDevice, NULL, 1));
}

hipError_t hipMemcpyAtoA(hipArray_t dstArray, size_t dstOffset,
                         hipArray_t srcArray, size_t srcOffset,
                         size_t ByteCount) {
  HIPC_API_ENTER();
  struct hipArray* da = hipc__array_lookup(dstArray);
  struct hipArray* sa = hipc__array_lookup(srcArray);
  HIPC_RETURN_IF(!da || !sa, hipErrorInvalidValue);
  HIPC_RETURN(hipc__array_copy_arrays(da, dstOffset, 0, 0, sa, srcOffset, 0,
                                      0, ByteCount, 1, 1, NULL, 1));
}
