/* Driver-style device queries (hipDeviceGet, hipDeviceComputeCapability,
 * hipDeviceTotalMem, hipDeviceGetByPCIBusId, hipDeviceGetUuid) and
 * hipPointerGetAttribute / hipDrvPointerGetAttributes. */
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "driver_internal.h"
#include "texture_internal.h"

/* The device numbered `ordinal` (initialising the runtime), or NULL with
 * *err set. */
static hipc_device* device_of(int ordinal, hipError_t* err) {
  *err = hipc__init();
  if (*err != hipSuccess) return NULL;
  hipc_device* dev = hipc__device(ordinal);
  if (!dev) *err = hipErrorInvalidDevice;
  return dev;
}

hipError_t hipDeviceGet(hipDevice_t* device, int ordinal) {
  HIPC_API_ENTER();
  HIPC_RETURN_IF(!device, hipErrorInvalidValue);
  hipError_t e;
  HIPC_RETURN_IF(!device_of(ordinal, &e), e);
  *device = ordinal;
  HIPC_RETURN(hipSuccess);
}

hipError_t hipDeviceComputeCapability(int* major, int* minor,
                                      hipDevice_t device) {
  HIPC_API_ENTER();
  HIPC_RETURN_IF(!major || !minor, hipErrorInvalidValue);
  hipError_t e;
  hipc_device* dev = device_of(device, &e);
  HIPC_RETURN_IF(!dev, e);
  *major = dev->props.major;
  *minor = dev->props.minor;
  HIPC_RETURN(hipSuccess);
}

hipError_t hipDeviceTotalMem(size_t* bytes, hipDevice_t device) {
  HIPC_API_ENTER();
  HIPC_RETURN_IF(!bytes, hipErrorInvalidValue);
  hipError_t e;
  hipc_device* dev = device_of(device, &e);
  HIPC_RETURN_IF(!dev, e);
  *bytes = dev->props.totalGlobalMem;
  HIPC_RETURN(hipSuccess);
}

hipError_t hipDeviceGetUuid(hipUUID* uuid, hipDevice_t device) {
  HIPC_API_ENTER();
  HIPC_RETURN_IF(!uuid, hipErrorInvalidValue);
  hipError_t e;
  hipc_device* dev = device_of(device, &e);
  HIPC_RETURN_IF(!dev, e);
  *uuid = dev->props.uuid;
  HIPC_RETURN(hipSuccess);
}

/* Parses a PCI address, "domain:bus:device.function" or
 * "bus:device.function" in hexadecimal (the function is optional): 1 and
 * the numbers, or 0. */
static int parse_pci(const char* s, unsigned v[3]) {
  unsigned a, b, c, f;
  int n = 0;
  if (sscanf(s, "%x:%x:%x%n", &a, &b, &c, &n) == 3 &&
      (s[n] == 0 || (s[n] == '.' && sscanf(s + n, ".%x", &f) == 1))) {
    v[0] = a, v[1] = b, v[2] = c;
    return 1;
  }
  n = 0;
  if (sscanf(s, "%x:%x%n", &b, &c, &n) == 2 &&
      (s[n] == 0 || (s[n] == '.' && sscanf(s + n, ".%x", &f) == 1))) {
    v[0] = 0, v[1] = b, v[2] = c;
    return 1;
  }
  return 0;
}

hipError_t hipDeviceGetByPCIBusId(int* device, const char* pciBusId) {
  HIPC_API_ENTER();
  HIPC_RETURN_IF(!device || !pciBusId, hipErrorInvalidValue);
  hipError_t e = hipc__init();
  HIPC_RETURN_IF(e != hipSuccess, e);
  unsigned want[3];
  HIPC_RETURN_IF(!parse_pci(pciBusId, want), hipErrorInvalidValue);
  for (int i = 0; i < hipc__device_count(); ++i) {
    char id[64];
    unsigned have[3];
    if (hipDeviceGetPCIBusId(id, (int)sizeof id, i) != hipSuccess ||
        !parse_pci(id, have))
      continue;
    if (memcmp(want, have, sizeof want) == 0) {
      *device = i;
      HIPC_RETURN(hipSuccess);
    }
  }
  HIPC_RETURN(hipErrorInvalidDevice);
}

/* -- pointer attributes */

/* Writes one attribute of the tracked allocation `a` holding `p`. */
static hipError_t attribute(void* data, hipPointer_attribute attr,
                            const hipc_alloc* a, const void* p) {
  switch (attr) {
    case HIP_POINTER_ATTRIBUTE_CONTEXT:
    case HIP_POINTER_ATTRIBUTE_P2P_TOKENS:
    case HIP_POINTER_ATTRIBUTE_IS_LEGACY_HIP_IPC_CAPABLE:
    case HIP_POINTER_ATTRIBUTE_ALLOWED_HANDLE_TYPES:
    case HIP_POINTER_ATTRIBUTE_IS_GPU_DIRECT_RDMA_CAPABLE:
    case HIP_POINTER_ATTRIBUTE_MEMPOOL_HANDLE:
      /* What AMD's header marks "not supported in HIP". */
      return hipErrorNotSupported;
    case HIP_POINTER_ATTRIBUTE_MEMORY_TYPE:
      /* Managed memory is reachable from both sides: HIP says device. */
      *(unsigned*)data = a->kind == hipMemoryTypeHost ? hipMemoryTypeHost
                                                      : hipMemoryTypeDevice;
      return hipSuccess;
    case HIP_POINTER_ATTRIBUTE_DEVICE_POINTER: {
      size_t off = (size_t)((const char*)p - (const char*)a->base);
      *(void**)data = (char*)a->device_base + off;
      return hipSuccess;
    }
    case HIP_POINTER_ATTRIBUTE_HOST_POINTER:
      /* As AMD's runtime: device memory has no host address (also on the
       * CPU device, as hipPointerGetAttributes says). */
      if (a->kind == hipMemoryTypeDevice) return hipErrorInvalidValue;
      *(const void**)data = p;
      return hipSuccess;
    case HIP_POINTER_ATTRIBUTE_SYNC_MEMOPS:
    case HIP_POINTER_ATTRIBUTE_MAPPED:
      *(bool*)data = true;
      return hipSuccess;
    case HIP_POINTER_ATTRIBUTE_IS_MANAGED:
      *(bool*)data = a->kind == hipMemoryTypeManaged;
      return hipSuccess;
    case HIP_POINTER_ATTRIBUTE_BUFFER_ID:
      /* The allocation's base address: unique among live allocations. */
      *(unsigned long long*)data = (unsigned long long)(uintptr_t)a->base;
      return hipSuccess;
    case HIP_POINTER_ATTRIBUTE_DEVICE_ORDINAL:
      *(int*)data = a->dev->ordinal;
      return hipSuccess;
    case HIP_POINTER_ATTRIBUTE_RANGE_START_ADDR:
      *(void**)data = a->base;
      return hipSuccess;
    case HIP_POINTER_ATTRIBUTE_RANGE_SIZE:
      *(size_t*)data = a->size;
      return hipSuccess;
    case HIP_POINTER_ATTRIBUTE_ACCESS_FLAGS:
      /* An unsigned int, as in CUDA (hip-tests passes an int). */
      *(unsigned*)data = hipMemAccessFlagsProtReadWrite;
      return hipSuccess;
    default:
      return hipErrorInvalidValue;
  }
}

static hipError_t pointer_attribute(void* data, hipPointer_attribute attr,
                                    const void* ptr) {
  if (!data || !ptr) return hipErrorInvalidValue;
  if (attr < HIP_POINTER_ATTRIBUTE_CONTEXT ||
      attr > HIP_POINTER_ATTRIBUTE_MEMPOOL_HANDLE)
    return hipErrorInvalidValue;
  hipError_t e = hipc__init();
  if (e != hipSuccess) return e;
  hipc_alloc a;
  if (!hipc__alloc_find(ptr, &a)) {
    /* An array handle (AMD's runtime answers for those too). */
    if (attr == HIP_POINTER_ATTRIBUTE_MEMORY_TYPE &&
        hipc__array_lookup(ptr)) {
      *(unsigned*)data = hipMemoryTypeArray;
      return hipSuccess;
    }
    /* Memory hipc does not know: ordinary host memory. */
    if (attr == HIP_POINTER_ATTRIBUTE_MEMORY_TYPE) {
      *(unsigned*)data = hipMemoryTypeHost;
      return hipSuccess;
    }
    return hipErrorInvalidValue;
  }
  return attribute(data, attr, &a, ptr);
}

hipError_t hipPointerGetAttribute(void* data, hipPointer_attribute attribute,
                                  hipDeviceptr_t ptr) {
  HIPC_API_ENTER();
  HIPC_RETURN(pointer_attribute(data, attribute, ptr));
}

/* Only HIP_POINTER_ATTRIBUTE_SYNC_MEMOPS can be set, on memory hipc
 * allocated. hipc's synchronous copies and sets always finish before they
 * return, so the attribute is accepted and stays true. */
hipError_t hipPointerSetAttribute(const void* value,
                                  hipPointer_attribute attribute,
                                  hipDeviceptr_t ptr) {
  HIPC_API_ENTER();
  HIPC_RETURN_IF(!value || !ptr || attribute != HIP_POINTER_ATTRIBUTE_SYNC_MEMOPS,
                 hipErrorInvalidValue);
  hipError_t e = hipc__init();
  HIPC_RETURN_IF(e != hipSuccess, e);
  hipc_alloc a;
  HIPC_RETURN_IF(!hipc__alloc_find(ptr, &a), hipErrorInvalidDevicePointer);
  HIPC_RETURN(hipSuccess);
}

hipError_t hipDrvPointerGetAttributes(unsigned int numAttributes,
                                      hipPointer_attribute* attributes,
                                      void** data, hipDeviceptr_t ptr) {
  HIPC_API_ENTER();
  HIPC_RETURN_IF(!attributes || !data || !ptr || numAttributes == 0,
                 hipErrorInvalidValue);
  for (unsigned i = 0; i < numAttributes; ++i) {
    hipError_t e = pointer_attribute(data[i], attributes[i], ptr);
    /* As the driver's: memory without a host address reads NULL. */
    if (e == hipErrorInvalidValue && data[i] &&
        attributes[i] == HIP_POINTER_ATTRIBUTE_HOST_POINTER) {
      *(void**)data[i] = NULL;
      e = hipSuccess;
    }
    HIPC_RETURN_IF(e != hipSuccess, e);
  }
  HIPC_RETURN(hipSuccess);
}
