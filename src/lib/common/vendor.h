/* The vendor libraries (cuBLAS, cuFFT, cuSPARSE) that hipc's HIP libraries
 * load at run time on NVIDIA GPUs: no link-time dependency, and a missing
 * one is reported by each library as its NOT_SUPPORTED status. Compiled
 * into each library (src/lib/common/vendor.c). */
#ifndef HIPC_LIB_VENDOR_H
#define HIPC_LIB_VENDOR_H

typedef struct hipc_vendor_lib {
  const char* const* names;  /* sonames tried in order, NULL-terminated */
  int tried;                 /* under the lock */
  void* handle;              /* dlopen's, NULL when none loaded */
} hipc_vendor_lib;

/* The address of `sym` in `lib` (loaded at the first call, once), or NULL
 * when the library or the symbol is missing. Thread-safe. */
__attribute__((visibility("hidden"))) void* hipc_vendor_sym(
    hipc_vendor_lib* lib, const char* sym);

#endif
