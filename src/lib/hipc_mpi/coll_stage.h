/* The staging of each collective (coll_stage.c), shared by the blocking
 * (coll.c) and non-blocking (icoll.c) forms: b[0] the send buffer, b[1]
 * the receive buffer. */
#ifndef HIPC_MPI_COLL_STAGE_H
#define HIPC_MPI_COLL_STAGE_H

#include "internal.h"

/* After a blocking collective: releases b[0], copies b[1] back when `rc`
 * is MPI_SUCCESS. Returns `rc` or the copy's error. */
HMPI_LOCAL int hmpi_finish_pair(hmpi_buf b[2], int rc);
/* After a non-blocking one: tracks both under *req (the Wait / Test
 * families finish them), or releases them when `rc` failed. */
HMPI_LOCAL int hmpi_track_pair(hmpi_buf b[2], int rc, MPI_Request* req);

HMPI_LOCAL int hmpi_stage_bcast(hmpi_buf b[2], void* buf, int n,
                                MPI_Datatype t, int root, MPI_Comm comm);
HMPI_LOCAL int hmpi_stage_reduce(hmpi_buf b[2], const void* s, void* r,
                                 int n, MPI_Datatype t, int root,
                                 MPI_Comm comm);
HMPI_LOCAL int hmpi_stage_allreduce(hmpi_buf b[2], const void* s, void* r,
                                    int n, MPI_Datatype t);
HMPI_LOCAL int hmpi_stage_allgather(hmpi_buf b[2], const void* s, int sn,
                                    MPI_Datatype st, void* r, int rn,
                                    MPI_Datatype rt, MPI_Comm comm);
HMPI_LOCAL int hmpi_stage_allgatherv(hmpi_buf b[2], const void* s, int sn,
                                     MPI_Datatype st, void* r, const int* rc,
                                     const int* rd, MPI_Datatype rt,
                                     MPI_Comm comm);
HMPI_LOCAL int hmpi_stage_gather(hmpi_buf b[2], const void* s, int sn,
                                 MPI_Datatype st, void* r, int rn,
                                 MPI_Datatype rt, int root, MPI_Comm comm);
HMPI_LOCAL int hmpi_stage_gatherv(hmpi_buf b[2], const void* s, int sn,
                                  MPI_Datatype st, void* r, const int* rc,
                                  const int* rd, MPI_Datatype rt, int root,
                                  MPI_Comm comm);
HMPI_LOCAL int hmpi_stage_scatter(hmpi_buf b[2], const void* s, int sn,
                                  MPI_Datatype st, void* r, int rn,
                                  MPI_Datatype rt, int root, MPI_Comm comm);
HMPI_LOCAL int hmpi_stage_scatterv(hmpi_buf b[2], const void* s,
                                   const int* sc, const int* sd,
                                   MPI_Datatype st, void* r, int rn,
                                   MPI_Datatype rt, int root, MPI_Comm comm);
HMPI_LOCAL int hmpi_stage_alltoall(hmpi_buf b[2], const void* s, int sn,
                                   MPI_Datatype st, void* r, int rn,
                                   MPI_Datatype rt, MPI_Comm comm);
HMPI_LOCAL int hmpi_stage_alltoallv(hmpi_buf b[2], const void* s,
                                    const int* sc, const int* sd,
                                    MPI_Datatype st, void* r, const int* rc,
                                    const int* rd, MPI_Datatype rt,
                                    MPI_Comm comm);
HMPI_LOCAL int hmpi_stage_reduce_scatter(hmpi_buf b[2], const void* s,
                                         void* r, const int* rc,
                                         MPI_Datatype t, MPI_Comm comm);
HMPI_LOCAL int hmpi_stage_reduce_scatter_block(hmpi_buf b[2], const void* s,
                                               void* r, int rn,
                                               MPI_Datatype t,
                                               MPI_Comm comm);
#endif
