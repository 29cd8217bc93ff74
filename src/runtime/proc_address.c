/* hipGetProcAddress: the functions of libhipc's HIP API by name. The
 * table (proc_names.h) is made by the Makefile from the headers: every
 * function they declare with HIPC_API named hip<Capital>..., so a function
 * added to the API is found without a change here. The table is sorted by
 * name; a look-up is a binary search. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "driver_internal.h"
#include "hip/hip_ext.h"

typedef struct proc {
  const char* name;
  void* fn;
} proc;

static const proc procs[] = {
#define HIPC_PROC(name) {#name, (void*)&name},
#include "proc_names.h"
#undef HIPC_PROC
    /* The names of the HIP 6.0 structure layout, under which the
     * functions are exported. */
    {"hipChooseDeviceR0600", (void*)&hipChooseDevice},
    {"hipGetDevicePropertiesR0600", (void*)&hipGetDeviceProperties},
};
#define NPROCS (sizeof procs / sizeof procs[0])

/* The functions whose hipDeviceProp_t changed in HIP 6.0: a caller built
 * for an older HIP (hipVersion below 600) expects the old layout, which
 * hipc does not have. */
static int needs_hip6(const char* name) {
  return strcmp(name, "hipGetDeviceProperties") == 0 ||
         strcmp(name, "hipChooseDevice") == 0;
}

static const proc* lookup(const char* name) {
  /* The generated part is sorted; the aliases after it are few. */
  size_t lo = 0, hi = NPROCS - 2;
  while (lo < hi) {
    size_t mid = lo + (hi - lo) / 2;
    int c = strcmp(procs[mid].name, name);
    if (c == 0) return &procs[mid];
    if (c < 0) lo = mid + 1;
    else hi = mid;
  }
  for (size_t i = NPROCS - 2; i < NPROCS; ++i)
    if (strcmp(procs[i].name, name) == 0) return &procs[i];
  return NULL;
}

hipError_t hipGetProcAddress(const char* symbol, void** pfn, int hipVersion,
                             uint64_t flags,
                             hipDriverProcAddressQueryResult* symbolStatus) {
  HIPC_API_ENTER();
  HIPC_ARG_STR("symbol", symbol);
  HIPC_RETURN_IF(!symbol || !pfn || hipVersion < 0, hipErrorInvalidValue);
  HIPC_RETURN_IF(flags != HIP_GET_PROC_ADDRESS_DEFAULT &&
                     flags != HIP_GET_PROC_ADDRESS_LEGACY_STREAM &&
                     flags != HIP_GET_PROC_ADDRESS_PER_THREAD_DEFAULT_STREAM,
                 hipErrorInvalidValue);
  *pfn = NULL;
  const proc* p = lookup(symbol);
  if (!p) {
    if (symbolStatus) *symbolStatus = HIP_GET_PROC_ADDRESS_SYMBOL_NOT_FOUND;
    HIPC_RETURN(hipErrorInvalidValue);
  }
  if (hipVersion < 600 && needs_hip6(symbol)) {
    if (symbolStatus)
      *symbolStatus = HIP_GET_PROC_ADDRESS_VERSION_NOT_SUFFICIENT;
    HIPC_RETURN(hipErrorInvalidValue);
  }
  /* The per-thread flag gives the function's `_spt` form where it has one
   * (hip/hipc/per_thread_stream.h). */
  if (flags == HIP_GET_PROC_ADDRESS_PER_THREAD_DEFAULT_STREAM) {
    char spt[128];
    int n = snprintf(spt, sizeof spt, "%s_spt", symbol);
    const proc* q = n > 0 && (size_t)n < sizeof spt ? lookup(spt) : NULL;
    if (q) p = q;
  }
  *pfn = p->fn;
  if (symbolStatus) *symbolStatus = HIP_GET_PROC_ADDRESS_SUCCESS;
  HIPC_RETURN(hipSuccess);
}
