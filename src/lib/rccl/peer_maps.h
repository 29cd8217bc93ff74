/* gpu_peer.c's table of the peers' buffers opened through IPC
 * (peer_maps.c). */
#ifndef HIPC_RCCL_PEER_MAPS_H
#define HIPC_RCCL_PEER_MAPS_H

#include <stdint.h>

#include <hip/hip_runtime_api.h>

typedef struct rccl_mapping rccl_mapping;

/* Rank `rank`'s entry of handle `h`, or NULL. */
rccl_mapping* rccl__maps_find(rccl_mapping* const* maps, int rank,
                              const hipIpcMemHandle_t* h);
/* Keeps an entry: `base` mapped here of rank `rank`'s allocation
 * [at, at + size) of its address space; 0 when out of memory. */
int rccl__maps_keep(rccl_mapping** maps, int rank,
                    const hipIpcMemHandle_t* h, uint64_t at, uint64_t size,
                    char* base);
/* Closes rank `rank`'s entries overlapping [at, at + size) (size 0: all
 * of them): their allocations were freed. The number closed. */
int rccl__maps_evict(rccl_mapping** maps, int rank, uint64_t at,
                     uint64_t size);
/* Rank `rank`'s allocation of handle `h` ([at, at + size) there), opened
 * once and kept; NULL with *err set if the open fails. A first refusal
 * drops all of the rank's entries and adds 1 to *dropped. */
char* rccl__maps_open(rccl_mapping** maps, int rank,
                      const hipIpcMemHandle_t* h, uint64_t at, uint64_t size,
                      int* dropped, hipError_t* err);
/* Closes every entry. */
void rccl__maps_free(rccl_mapping** maps);

#endif /* HIPC_RCCL_PEER_MAPS_H */
