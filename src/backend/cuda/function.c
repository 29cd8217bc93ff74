/* What a compiled kernel needs on a GPU, and the limits a program may
 * raise: hipFuncGetAttributes and hipFuncSetAttribute answered by the
 * driver (cuFuncGetAttribute, cuFuncSetAttribute) for the kernel's
 * function on the device. */
#include "cuda_backend.h"

/* The function of `k` on `dev`, its module loaded if it was not yet, and
 * `dev`'s context made current. */
static hipError_t function_on(hipc_device* dev, const hipc_kernel_desc* k,
                              const char* name, CUfunction* out,
                              hipc_gpu_symbol** sym) {
  cuda_device* d = dev->impl;
  hipc_gpu_symbol* s = hipc__gpu_kernel_find(k->host_fn);
  if (!s) return hipErrorInvalidDeviceFunction;
  if (sym) *sym = s;
  hipError_t e = hipc__cuda_function(d, s, name, out);
  if (e != hipSuccess) return e;
  CUresult r = hipc__cuda_bind(d);
  return r == CUDA_SUCCESS ? hipSuccess : hipc__cuda_error(r);
}

hipError_t hipc__cuda_func_attributes(hipc_device* dev,
                                      const hipc_kernel_desc* k,
                                      const char* name,
                                      hipFuncAttributes* out) {
  if (!hipc_cu.FuncGetAttribute) return hipErrorNotSupported;
  CUfunction f;
  hipc_gpu_symbol* s;
  hipError_t e = function_on(dev, k, name, &f, &s);
  if (e != hipSuccess) return e;
  int v[7];
  static const int attrs[7] = {
      CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK,
      CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES,
      CU_FUNC_ATTRIBUTE_CONST_SIZE_BYTES,
      CU_FUNC_ATTRIBUTE_LOCAL_SIZE_BYTES,
      CU_FUNC_ATTRIBUTE_NUM_REGS,
      CU_FUNC_ATTRIBUTE_PTX_VERSION,
      CU_FUNC_ATTRIBUTE_BINARY_VERSION,
  };
  for (int i = 0; i < 7; ++i) {
    CUresult r = hipc_cu.FuncGetAttribute(&v[i], attrs[i], f);
    if (r != CUDA_SUCCESS) return hipc__cuda_error(r);
  }
  /* Larger blocks launch the kernel's register-capped variant (launch.c). */
  CUfunction c = atomic_load_explicit(
      &s->capped[((cuda_device*)dev->impl)->index], memory_order_acquire);
  int capped_max;
  if (c && hipc_cu.FuncGetAttribute(&capped_max,
                                    CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK,
                                    c) == CUDA_SUCCESS)
    v[0] = capped_max;
  out->maxThreadsPerBlock = v[0];
  out->sharedSizeBytes = (size_t)v[1];
  out->constSizeBytes = (size_t)v[2];
  out->localSizeBytes = (size_t)v[3];
  out->numRegs = v[4];
  out->ptxVersion = v[5];
  out->binaryVersion = v[6];
  int mds;
  if (hipc_cu.FuncGetAttribute(
          &mds, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, f) ==
      CUDA_SUCCESS)
    out->maxDynamicSharedSizeBytes = mds;
  return hipSuccess;
}

hipError_t hipc__cuda_func_set_attribute(hipc_device* dev,
                                         const hipc_kernel_desc* k,
                                         const char* name,
                                         hipFuncAttribute attr, int value) {
  if (!hipc_cu.FuncSetAttribute) return hipErrorNotSupported;
  int cu_attr;
  switch (attr) {
    case hipFuncAttributeMaxDynamicSharedMemorySize:
      cu_attr = CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES;
      break;
    case hipFuncAttributePreferredSharedMemoryCarveout:
      cu_attr = CU_FUNC_ATTRIBUTE_PREFERRED_SHARED_MEMORY_CARVEOUT;
      break;
    default:
      return hipErrorInvalidValue;
  }
  CUfunction f;
  hipc_gpu_symbol* s;
  hipError_t e = function_on(dev, k, name, &f, &s);
  if (e != hipSuccess) return e;
  CUresult r = hipc_cu.FuncSetAttribute(f, cu_attr, value);
  /* The register-capped variant (launch.c) takes the same limits. */
  CUfunction c = atomic_load_explicit(
      &s->capped[((cuda_device*)dev->impl)->index], memory_order_acquire);
  if (r == CUDA_SUCCESS && c) r = hipc_cu.FuncSetAttribute(c, cu_attr, value);
  return r == CUDA_SUCCESS ? hipSuccess : hipc__cuda_error(r);
}
