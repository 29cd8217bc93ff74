/* The peers' buffers a communicator opened through CUDA IPC (gpu_peer.c),
 * kept by (rank, handle) so that each allocation is opened once.
 *
 * An entry also records where the allocation lies in its owner's address
 * space. A process cannot hold two live allocations that overlap there,
 * so when a rank exposes a new handle whose range overlaps a kept one,
 * the kept one was freed and its address reused: it is closed first.
 * That is not only tidiness: NVIDIA's driver refuses to open a handle
 * whose exporter address an open mapping of this process already covers
 * (CUDA_ERROR_ALREADY_MAPPED), which is what sent every call after the
 * first reallocation of a buffer to the staged path. A kept entry of this
 * rank's own (base NULL) records that every rank opened one of its
 * handles, and is dropped the same way. */
#include <stdlib.h>
#include <string.h>

#include "peer_maps.h"

struct rccl_mapping {
  rccl_mapping* next;
  int rank;
  hipIpcMemHandle_t handle;
  uint64_t at, size; /* the allocation in its owner's address space */
  char* base;        /* this process's mapping, or NULL */
};

rccl_mapping* rccl__maps_find(rccl_mapping* const* maps, int rank,
                              const hipIpcMemHandle_t* h) {
  for (rccl_mapping* m = *maps; m; m = m->next)
    if (m->rank == rank && memcmp(&m->handle, h, sizeof *h) == 0) return m;
  return NULL;
}

/* Closes and forgets rank `rank`'s entries that overlap [at, at + size)
 * (size 0: all of the rank's); the number closed. */
int rccl__maps_evict(rccl_mapping** maps, int rank, uint64_t at,
                     uint64_t size) {
  int n = 0;
  for (rccl_mapping** p = maps; *p;) {
    rccl_mapping* m = *p;
    int hit = m->rank == rank &&
              (!size || (m->at < at + size && at < m->at + m->size));
    if (!hit) {
      p = &m->next;
      continue;
    }
    *p = m->next;
    /* The owner freed it after the operations that read it ended (each
     * ends with a barrier), so nothing in flight here still reads it. */
    if (m->base) hipIpcCloseMemHandle(m->base);
    free(m);
    n++;
  }
  return n;
}

int rccl__maps_keep(rccl_mapping** maps, int rank,
                    const hipIpcMemHandle_t* h, uint64_t at, uint64_t size,
                    char* base) {
  rccl_mapping* m = calloc(1, sizeof *m);
  if (!m) return 0;
  m->rank = rank;
  m->handle = *h;
  m->at = at;
  m->size = size;
  m->base = base;
  m->next = *maps;
  *maps = m;
  return 1;
}

char* rccl__maps_open(rccl_mapping** maps, int rank,
                      const hipIpcMemHandle_t* h, uint64_t at, uint64_t size,
                      int* dropped, hipError_t* err) {
  *err = hipSuccess;
  rccl_mapping* m = rccl__maps_find(maps, rank, h);
  if (m) return m->base;
  rccl__maps_evict(maps, rank, at, size);
  void* p = NULL;
  hipError_t e = hipIpcOpenMemHandle(&p, *h, hipIpcMemLazyEnablePeerAccess);
  /* Still refused: some kept mapping of the rank's covers it in a way the
   * ranges do not show; drop every one of them and try once more (the
   * caller tells the others: they think those still open). */
  if (e != hipSuccess && rccl__maps_evict(maps, rank, 0, 0)) {
    ++*dropped;
    e = hipIpcOpenMemHandle(&p, *h, hipIpcMemLazyEnablePeerAccess);
  }
  if (e != hipSuccess) {
    *err = e;
    return NULL;
  }
  if (!rccl__maps_keep(maps, rank, h, at, size, p)) {
    hipIpcCloseMemHandle(p);
    *err = hipErrorOutOfMemory;
    return NULL;
  }
  return p;
}

void rccl__maps_free(rccl_mapping** maps) {
  while (*maps) {
    rccl_mapping* m = *maps;
    *maps = m->next;
    if (m->base) hipIpcCloseMemHandle(m->base);
    free(m);
  }
}
