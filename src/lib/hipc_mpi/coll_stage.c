/* What each collective stages: its send buffer in, its receive buffer out
 * (in and out where the call is in place), only where MPI reads them (a
 * rooted collective's root-only buffers on the root). Shared by the
 * blocking (coll.c) and non-blocking (icoll.c) forms; b[0] is the send
 * side, b[1] the receive side. */
#include <stdlib.h>

#include "coll_stage.h"

#define DIR_R(s) ((s) == MPI_IN_PLACE ? HMPI_IN | HMPI_OUT : HMPI_OUT)
#define NONE 0

static int pair(hmpi_buf b[2], const void* s, int sn, MPI_Datatype st,
                const void* r, int rn, MPI_Datatype rt, int rdir) {
  int rc = hmpi_prepare(&b[0], s, sn, st, HMPI_IN);
  if (rc != MPI_SUCCESS) return rc;
  rc = hmpi_prepare(&b[1], r, rn, rt, rdir);
  if (rc != MPI_SUCCESS) hmpi_release(&b[0]);
  return rc;
}

int hmpi_finish_pair(hmpi_buf b[2], int rc) {
  hmpi_release(&b[0]);
  if (rc != MPI_SUCCESS) {
    hmpi_release(&b[1]);
    return rc;
  }
  return hmpi_finish(&b[1]);
}

int hmpi_track_pair(hmpi_buf b[2], int rc, MPI_Request* req) {
  if (rc != MPI_SUCCESS) {
    hmpi_release(&b[0]);
    hmpi_release(&b[1]);
    return rc;
  }
  return hmpi_track(*req, b, 2);
}

int hmpi_stage_bcast(hmpi_buf b[2], void* buf, int n, MPI_Datatype t,
                     int root, MPI_Comm comm) {
  int dir = hmpi_is_root(comm, root) ? HMPI_IN : HMPI_OUT;
  if (root == MPI_PROC_NULL) n = 0;
  return pair(b, NULL, 0, t, buf, n, t, dir);
}

int hmpi_stage_reduce(hmpi_buf b[2], const void* s, void* r, int n,
                      MPI_Datatype t, int root, MPI_Comm comm) {
  int at_root = root < 0 ? 0 : hmpi_is_root(comm, root);
  return pair(b, s, n, t, r, at_root ? n : 0, t, DIR_R(s));
}

int hmpi_stage_allreduce(hmpi_buf b[2], const void* s, void* r, int n,
                         MPI_Datatype t) {
  return pair(b, s, n, t, r, n, t, DIR_R(s));
}

int hmpi_stage_allgather(hmpi_buf b[2], const void* s, int sn,
                         MPI_Datatype st, void* r, int rn, MPI_Datatype rt,
                         MPI_Comm comm) {
  return pair(b, s, sn, st, r, rn * hmpi_peers(comm), rt, DIR_R(s));
}

static int pair_v(hmpi_buf b[2], const void* s, int sn, MPI_Datatype st,
                  void* r, int n, const int* rc, const int* rd,
                  MPI_Datatype rt, int rdir) {
  int e = hmpi_prepare(&b[0], s, sn, st, HMPI_IN);
  if (e != MPI_SUCCESS) return e;
  e = hmpi_prepare_v(&b[1], r, n, rc, rd, rt, rdir);
  if (e != MPI_SUCCESS) hmpi_release(&b[0]);
  return e;
}

int hmpi_stage_allgatherv(hmpi_buf b[2], const void* s, int sn,
                          MPI_Datatype st, void* r, const int* rc,
                          const int* rd, MPI_Datatype rt, MPI_Comm comm) {
  return pair_v(b, s, sn, st, r, hmpi_peers(comm), rc, rd, rt, DIR_R(s));
}

int hmpi_stage_gather(hmpi_buf b[2], const void* s, int sn, MPI_Datatype st,
                      void* r, int rn, MPI_Datatype rt, int root,
                      MPI_Comm comm) {
  int at_root = hmpi_is_root(comm, root);
  return pair(b, s, root == MPI_ROOT ? 0 : sn, st, r,
              at_root ? rn * hmpi_peers(comm) : 0, rt, DIR_R(s));
}

int hmpi_stage_gatherv(hmpi_buf b[2], const void* s, int sn,
                       MPI_Datatype st, void* r, const int* rc,
                       const int* rd, MPI_Datatype rt, int root,
                       MPI_Comm comm) {
  int at_root = hmpi_is_root(comm, root);
  return pair_v(b, s, root == MPI_ROOT ? 0 : sn, st, r,
                at_root ? hmpi_peers(comm) : 0, rc, rd, rt, DIR_R(s));
}

int hmpi_stage_scatter(hmpi_buf b[2], const void* s, int sn,
                       MPI_Datatype st, void* r, int rn, MPI_Datatype rt,
                       int root, MPI_Comm comm) {
  int at_root = hmpi_is_root(comm, root);
  return pair(b, s, at_root ? sn * hmpi_peers(comm) : 0, st, r,
              root == MPI_ROOT ? 0 : rn, rt, HMPI_OUT);
}

int hmpi_stage_scatterv(hmpi_buf b[2], const void* s, const int* sc,
                        const int* sd, MPI_Datatype st, void* r, int rn,
                        MPI_Datatype rt, int root, MPI_Comm comm) {
  int at_root = hmpi_is_root(comm, root);
  int e = hmpi_prepare_v(&b[0], s, at_root ? hmpi_peers(comm) : 0, sc, sd,
                         st, HMPI_IN);
  if (e != MPI_SUCCESS) return e;
  e = hmpi_prepare(&b[1], r, root == MPI_ROOT ? 0 : rn, rt, HMPI_OUT);
  if (e != MPI_SUCCESS) hmpi_release(&b[0]);
  return e;
}

int hmpi_stage_alltoall(hmpi_buf b[2], const void* s, int sn,
                        MPI_Datatype st, void* r, int rn, MPI_Datatype rt,
                        MPI_Comm comm) {
  int n = hmpi_peers(comm);
  return pair(b, s, sn * n, st, r, rn * n, rt, DIR_R(s));
}

int hmpi_stage_alltoallv(hmpi_buf b[2], const void* s, const int* sc,
                         const int* sd, MPI_Datatype st, void* r,
                         const int* rc, const int* rd, MPI_Datatype rt,
                         MPI_Comm comm) {
  int n = hmpi_peers(comm);
  int e = hmpi_prepare_v(&b[0], s, s == MPI_IN_PLACE ? 0 : n, sc, sd, st,
                         HMPI_IN);
  if (e != MPI_SUCCESS) return e;
  e = hmpi_prepare_v(&b[1], r, n, rc, rd, rt, DIR_R(s));
  if (e != MPI_SUCCESS) hmpi_release(&b[0]);
  return e;
}

int hmpi_stage_reduce_scatter(hmpi_buf b[2], const void* s, void* r,
                              const int* rc, MPI_Datatype t, MPI_Comm comm) {
  int n = 0, rank = 0, total = 0;
  PMPI_Comm_size(comm, &n);
  PMPI_Comm_rank(comm, &rank);
  for (int i = 0; rc != NULL && i < n; i++) total += rc[i];
  int mine = rc != NULL ? rc[rank] : 0;
  return pair(b, s, total, t, r, s == MPI_IN_PLACE ? total : mine, t,
              DIR_R(s));
}

int hmpi_stage_reduce_scatter_block(hmpi_buf b[2], const void* s, void* r,
                                    int rn, MPI_Datatype t, MPI_Comm comm) {
  int n = 0;
  PMPI_Comm_size(comm, &n);
  return pair(b, s, rn * n, t, r, s == MPI_IN_PLACE ? rn * n : rn, t,
              DIR_R(s));
}
