/* Blocking collectives with GPU buffers: staged (coll_stage.c), run by
 * MPI on the pinned copies, results copied back. MPI_Barrier has no
 * buffer and is not wrapped. */
#include "coll_stage.h"

#define RUN(stage_call, pmpi_call)          \
  hmpi_buf b[2];                            \
  int e_ = (stage_call);                    \
  if (e_ != MPI_SUCCESS) return e_;         \
  return hmpi_finish_pair(b, (pmpi_call))

HMPI_API int MPI_Bcast(void* buf, int n, MPI_Datatype t, int root,
                       MPI_Comm comm) {
  RUN(hmpi_stage_bcast(b, buf, n, t, root, comm),
      PMPI_Bcast(b[1].pass, n, t, root, comm));
}

HMPI_API int MPI_Reduce(const void* s, void* r, int n, MPI_Datatype t,
                        MPI_Op op, int root, MPI_Comm comm) {
  RUN(hmpi_stage_reduce(b, s, r, n, t, root, comm),
      PMPI_Reduce(b[0].pass, b[1].pass, n, t, op, root, comm));
}

HMPI_API int MPI_Allreduce(const void* s, void* r, int n, MPI_Datatype t,
                           MPI_Op op, MPI_Comm comm) {
  RUN(hmpi_stage_allreduce(b, s, r, n, t),
      PMPI_Allreduce(b[0].pass, b[1].pass, n, t, op, comm));
}

HMPI_API int MPI_Allgather(const void* s, int sn, MPI_Datatype st, void* r,
                           int rn, MPI_Datatype rt, MPI_Comm comm) {
  RUN(hmpi_stage_allgather(b, s, sn, st, r, rn, rt, comm),
      PMPI_Allgather(b[0].pass, sn, st, b[1].pass, rn, rt, comm));
}

HMPI_API int MPI_Allgatherv(const void* s, int sn, MPI_Datatype st, void* r,
                            const int rc[], const int rd[], MPI_Datatype rt,
                            MPI_Comm comm) {
  RUN(hmpi_stage_allgatherv(b, s, sn, st, r, rc, rd, rt, comm),
      PMPI_Allgatherv(b[0].pass, sn, st, b[1].pass, rc, rd, rt, comm));
}

HMPI_API int MPI_Gather(const void* s, int sn, MPI_Datatype st, void* r,
                        int rn, MPI_Datatype rt, int root, MPI_Comm comm) {
  RUN(hmpi_stage_gather(b, s, sn, st, r, rn, rt, root, comm),
      PMPI_Gather(b[0].pass, sn, st, b[1].pass, rn, rt, root, comm));
}

HMPI_API int MPI_Gatherv(const void* s, int sn, MPI_Datatype st, void* r,
                         const int rc[], const int rd[], MPI_Datatype rt,
                         int root, MPI_Comm comm) {
  RUN(hmpi_stage_gatherv(b, s, sn, st, r, rc, rd, rt, root, comm),
      PMPI_Gatherv(b[0].pass, sn, st, b[1].pass, rc, rd, rt, root, comm));
}

HMPI_API int MPI_Scatter(const void* s, int sn, MPI_Datatype st, void* r,
                         int rn, MPI_Datatype rt, int root, MPI_Comm comm) {
  RUN(hmpi_stage_scatter(b, s, sn, st, r, rn, rt, root, comm),
      PMPI_Scatter(b[0].pass, sn, st, b[1].pass, rn, rt, root, comm));
}

HMPI_API int MPI_Scatterv(const void* s, const int sc[], const int sd[],
                          MPI_Datatype st, void* r, int rn, MPI_Datatype rt,
                          int root, MPI_Comm comm) {
  RUN(hmpi_stage_scatterv(b, s, sc, sd, st, r, rn, rt, root, comm),
      PMPI_Scatterv(b[0].pass, sc, sd, st, b[1].pass, rn, rt, root, comm));
}

HMPI_API int MPI_Alltoall(const void* s, int sn, MPI_Datatype st, void* r,
                          int rn, MPI_Datatype rt, MPI_Comm comm) {
  RUN(hmpi_stage_alltoall(b, s, sn, st, r, rn, rt, comm),
      PMPI_Alltoall(b[0].pass, sn, st, b[1].pass, rn, rt, comm));
}

HMPI_API int MPI_Alltoallv(const void* s, const int sc[], const int sd[],
                           MPI_Datatype st, void* r, const int rc[],
                           const int rd[], MPI_Datatype rt, MPI_Comm comm) {
  RUN(hmpi_stage_alltoallv(b, s, sc, sd, st, r, rc, rd, rt, comm),
      PMPI_Alltoallv(b[0].pass, sc, sd, st, b[1].pass, rc, rd, rt, comm));
}

HMPI_API int MPI_Reduce_scatter(const void* s, void* r, const int rc[],
                                MPI_Datatype t, MPI_Op op, MPI_Comm comm) {
  RUN(hmpi_stage_reduce_scatter(b, s, r, rc, t, comm),
      PMPI_Reduce_scatter(b[0].pass, b[1].pass, rc, t, op, comm));
}

HMPI_API int MPI_Reduce_scatter_block(const void* s, void* r, int rn,
                                      MPI_Datatype t, MPI_Op op,
                                      MPI_Comm comm) {
  RUN(hmpi_stage_reduce_scatter_block(b, s, r, rn, t, comm),
      PMPI_Reduce_scatter_block(b[0].pass, b[1].pass, rn, t, op, comm));
}
