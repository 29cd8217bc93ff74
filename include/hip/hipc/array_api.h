/* The driver-style array API: arrays described by HIP_ARRAY_DESCRIPTOR /
 * HIP_ARRAY3D_DESCRIPTOR, copies between arrays and memory by byte
 * offset, mipmapped arrays and the driver's texture objects. Included by
 * hip/hip_runtime_api.h (inside its extern "C" block, after HIPC_API and
 * HIPC_DEFAULT); signatures are AMD's (HIP 6.2). The arrays are the same
 * objects as hipMallocArray's: either API may free, copy or describe
 * them. */
#ifndef HIPC_ARRAY_API_H
#define HIPC_ARRAY_API_H

#include "array_types.h"

/* ---- Arrays (driver style) --------------------------------------------- */

HIPC_API hipError_t hipArrayCreate(hipArray_t* pHandle,
                                   const HIP_ARRAY_DESCRIPTOR* pAllocateArray);
HIPC_API hipError_t hipArray3DCreate(
    hipArray_t* array, const HIP_ARRAY3D_DESCRIPTOR* pAllocateArray);
HIPC_API hipError_t hipArrayDestroy(hipArray_t array);
HIPC_API hipError_t hipArrayGetDescriptor(HIP_ARRAY_DESCRIPTOR* pArrayDescriptor,
                                          hipArray_t array);
HIPC_API hipError_t hipArray3DGetDescriptor(
    HIP_ARRAY3D_DESCRIPTOR* pArrayDescriptor, hipArray_t array);

/* Copies within the first row of an array (a 1D array), at byte offsets. */
HIPC_API hipError_t hipMemcpyAtoH(void* dstHost, hipArray_t srcArray,
                                  size_t srcOffset, size_t count);
HIPC_API hipError_t hipMemcpyHtoA(hipArray_t dstArray, size_t dstOffset,
                                  const void* srcHost, size_t count);
HIPC_API hipError_t hipMemcpyAtoD(hipDeviceptr_t dstDevice,
                                  hipArray_t srcArray, size_t srcOffset,
                                  size_t ByteCount);
HIPC_API hipError_t hipMemcpyDtoA(hipArray_t dstArray, size_t dstOffset,
                                  hipDeviceptr_t srcDevice, size_t ByteCount);
HIPC_API hipError_t hipMemcpyAtoA(hipArray_t dstArray, size_t dstOffset,
                                  hipArray_t srcArray, size_t srcOffset,
                                  size_t ByteCount);
HIPC_API hipError_t hipMemcpyAtoHAsync(void* dstHost, hipArray_t srcArray,
                                       size_t srcOffset, size_t ByteCount,
                                       hipStream_t stream);
HIPC_API hipError_t hipMemcpyHtoAAsync(hipArray_t dstArray, size_t dstOffset,
                                       const void* srcHost, size_t ByteCount,
                                       hipStream_t stream);

/* ---- Mipmapped arrays --------------------------------------------------- */

/* `numLevels` arrays (1 to 1 + log2 of the largest size), level l of
 * max(1, size >> l) elements in each dimension the array has. */
HIPC_API hipError_t hipMallocMipmappedArray(
    hipMipmappedArray_t* mipmappedArray,
    const struct hipChannelFormatDesc* desc, struct hipExtent extent,
    unsigned int numLevels, unsigned int flags HIPC_DEFAULT(0));
HIPC_API hipError_t hipFreeMipmappedArray(hipMipmappedArray_t mipmappedArray);
HIPC_API hipError_t hipGetMipmappedArrayLevel(
    hipArray_t* levelArray, hipMipmappedArray_const_t mipmappedArray,
    unsigned int level);
HIPC_API hipError_t hipMipmappedArrayCreate(
    hipMipmappedArray_t* pHandle, HIP_ARRAY3D_DESCRIPTOR* pMipmappedArrayDesc,
    unsigned int numMipmapLevels);
HIPC_API hipError_t hipMipmappedArrayDestroy(
    hipMipmappedArray_t hMipmappedArray);
HIPC_API hipError_t hipMipmappedArrayGetLevel(
    hipArray_t* pLevelArray, hipMipmappedArray_t hMipMappedArray,
    unsigned int level);

/* ---- Texture objects (driver style) ------------------------------------ */

HIPC_API hipError_t hipTexObjectCreate(
    hipTextureObject_t* pTexObject, const HIP_RESOURCE_DESC* pResDesc,
    const HIP_TEXTURE_DESC* pTexDesc,
    const HIP_RESOURCE_VIEW_DESC* pResViewDesc);
HIPC_API hipError_t hipTexObjectDestroy(hipTextureObject_t texObject);
HIPC_API hipError_t hipTexObjectGetResourceDesc(HIP_RESOURCE_DESC* pResDesc,
                                                hipTextureObject_t texObject);
HIPC_API hipError_t hipTexObjectGetResourceViewDesc(
    HIP_RESOURCE_VIEW_DESC* pResViewDesc, hipTextureObject_t texObject);
HIPC_API hipError_t hipTexObjectGetTextureDesc(HIP_TEXTURE_DESC* pTexDesc,
                                               hipTextureObject_t texObject);

#endif /* HIPC_ARRAY_API_H */
