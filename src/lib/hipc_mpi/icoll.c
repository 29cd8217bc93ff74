/* Non-blocking collectives with GPU buffers: staged as their blocking
 * forms (coll_stage.c); the Wait / Test families copy the results back
 * and release the pinned buffers (requests.c). */
#include "coll_stage.h"

#define RUN(stage_call, pmpi_call)          \
  hmpi_buf b[2];                            \
  int e_ = (stage_call);                    \
  if (e_ != MPI_SUCCESS) return e_;         \
  return hmpi_track_pair(b, (pmpi_call), req)

HMPI_API int MPI_Ibcast(void* buf, int n, MPI_Datatype t, int root,
                       MPI_Comm comm, MPI_Request* req) {
  RUN(hmpi_stage_bcast(b, buf, n, t, root, comm),
      PMPI_Ibcast(b[1].pass, n, t, root, comm, req));
}

HMPI_API int MPI_Ireduce(const void* s, void* r, int n, MPI_Datatype t,
                        MPI_Op op, int root, MPI_Comm comm, MPI_Request* req) {
  RUN(hmpi_stage_reduce(b, s, r, n, t, root, comm),
      PMPI_Ireduce(b[0].pass, b[1].pass, n, t, op, root, comm, req));
}

HMPI_API int MPI_Iallreduce(const void* s, void* r, int n, MPI_Datatype t,
                           MPI_Op op, MPI_Comm comm, MPI_Request* req) {
  RUN(hmpi_stage_allreduce(b, s, r, n, t),
      PMPI_Iallreduce(b[0].pass, b[1].pass, n, t, op, comm, req));
}

HMPI_API int MPI_Iallgather(const void* s, int sn, MPI_Datatype st, void* r,
                           int rn, MPI_Datatype rt, MPI_Comm comm, MPI_Request* req) {
  RUN(hmpi_stage_allgather(b, s, sn, st, r, rn, rt, comm),
      PMPI_Iallgather(b[0].pass, sn, st, b[1].pass, rn, rt, comm, req));
}

HMPI_API int MPI_Iallgatherv(const void* s, int sn, MPI_Datatype st, void* r,
                            const int rc[], const int rd[], MPI_Datatype rt,
                            MPI_Comm comm, MPI_Request* req) {
  RUN(hmpi_stage_allgatherv(b, s, sn, st, r, rc, rd, rt, comm),
      PMPI_Iallgatherv(b[0].pass, sn, st, b[1].pass, rc, rd, rt, comm, req));
}

HMPI_API int MPI_Igather(const void* s, int sn, MPI_Datatype st, void* r,
                        int rn, MPI_Datatype rt, int root, MPI_Comm comm, MPI_Request* req) {
  RUN(hmpi_stage_gather(b, s, sn, st, r, rn, rt, root, comm),
      PMPI_Igather(b[0].pass, sn, st, b[1].pass, rn, rt, root, comm, req));
}

HMPI_API int MPI_Igatherv(const void* s, int sn, MPI_Datatype st, void* r,
                         const int rc[], const int rd[], MPI_Datatype rt,
                         int root, MPI_Comm comm, MPI_Request* req) {
  RUN(hmpi_stage_gatherv(b, s, sn, st, r, rc, rd, rt, root, comm),
      PMPI_Igatherv(b[0].pass, sn, st, b[1].pass, rc, rd, rt, root, comm, req));
}

HMPI_API int MPI_Iscatter(const void* s, int sn, MPI_Datatype st, void* r,
                         int rn, MPI_Datatype rt, int root, MPI_Comm comm, MPI_Request* req) {
  RUN(hmpi_stage_scatter(b, s, sn, st, r, rn, rt, root, comm),
      PMPI_Iscatter(b[0].pass, sn, st, b[1].pass, rn, rt, root, comm, req));
}

HMPI_API int MPI_Iscatterv(const void* s, const int sc[], const int sd[],
                          MPI_Datatype st, void* r, int rn, MPI_Datatype rt,
                          int root, MPI_Comm comm, MPI_Request* req) {
  RUN(hmpi_stage_scatterv(b, s, sc, sd, st, r, rn, rt, root, comm),
      PMPI_Iscatterv(b[0].pass, sc, sd, st, b[1].pass, rn, rt, root, comm, req));
}

HMPI_API int MPI_Ialltoall(const void* s, int sn, MPI_Datatype st, void* r,
                          int rn, MPI_Datatype rt, MPI_Comm comm, MPI_Request* req) {
  RUN(hmpi_stage_alltoall(b, s, sn, st, r, rn, rt, comm),
      PMPI_Ialltoall(b[0].pass, sn, st, b[1].pass, rn, rt, comm, req));
}

HMPI_API int MPI_Ialltoallv(const void* s, const int sc[], const int sd[],
                           MPI_Datatype st, void* r, const int rc[],
                           const int rd[], MPI_Datatype rt, MPI_Comm comm, MPI_Request* req) {
  RUN(hmpi_stage_alltoallv(b, s, sc, sd, st, r, rc, rd, rt, comm),
      PMPI_Ialltoallv(b[0].pass, sc, sd, st, b[1].pass, rc, rd, rt, comm, req));
}

HMPI_API int MPI_Ireduce_scatter(const void* s, void* r, const int rc[],
                                MPI_Datatype t, MPI_Op op, MPI_Comm comm, MPI_Request* req) {
  RUN(hmpi_stage_reduce_scatter(b, s, r, rc, t, comm),
      PMPI_Ireduce_scatter(b[0].pass, b[1].pass, rc, t, op, comm, req));
}

HMPI_API int MPI_Ireduce_scatter_block(const void* s, void* r, int rn,
                                      MPI_Datatype t, MPI_Op op,
                                      MPI_Comm comm, MPI_Request* req) {
  RUN(hmpi_stage_reduce_scatter_block(b, s, r, rn, t, comm),
      PMPI_Ireduce_scatter_block(b[0].pass, b[1].pass, rn, t, op, comm, req));
}
