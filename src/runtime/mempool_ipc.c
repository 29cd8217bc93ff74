/* Memory pools between processes (hipMemPoolExportToShareableHandle and
 * the rest): not there on hipc's devices. */
#include "internal.h"

hipError_t hipMemPoolExportToShareableHandle(
    void* shared_handle, hipMemPool_t mem_pool,
    hipMemAllocationHandleType handle_type, unsigned int flags) {
  HIPC_API_ENTER();
  (void)shared_handle;
  (void)mem_pool;
  (void)handle_type;
  (void)flags;
  HIPC_RETURN(hipErrorNotSupported);
}

hipError_t hipMemPoolImportFromShareableHandle(
    hipMemPool_t* mem_pool, void* shared_handle,
    hipMemAllocationHandleType handle_type, unsigned int flags) {
  HIPC_API_ENTER();
  (void)mem_pool;
  (void)shared_handle;
  (void)handle_type;
  (void)flags;
  HIPC_RETURN(hipErrorNotSupported);
}

hipError_t hipMemPoolExportPointer(hipMemPoolPtrExportData* export_data,
                                   void* dev_ptr) {
  HIPC_API_ENTER();
  (void)export_data;
  (void)dev_ptr;
  HIPC_RETURN(hipErrorNotSupported);
}

hipError_t hipMemPoolImportPointer(void** dev_ptr, hipMemPool_t mem_pool,
                                   hipMemPoolPtrExportData* export_data) {
  HIPC_API_ENTER();
  (void)dev_ptr;
  (void)mem_pool;
  (void)export_data;
  HIPC_RETURN(hipErrorNotSupported);
}
