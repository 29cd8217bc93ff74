/* Point-to-point calls with GPU buffers: sends copy the message to pinned
 * memory first, receives land there and are copied back (a blocking
 * receive copies back only what arrived). One message either way, so
 * matching, probes and wildcards behave as without staging. */
#include "internal.h"

HMPI_API int MPI_Send(const void* buf, int count, MPI_Datatype type,
                      int dest, int tag, MPI_Comm comm) {
  hmpi_buf b;
  int rc = hmpi_prepare(&b, buf, count, type, HMPI_IN);
  if (rc != MPI_SUCCESS) return rc;
  rc = PMPI_Send(b.pass, count, type, dest, tag, comm);
  hmpi_release(&b);
  return rc;
}

HMPI_API int MPI_Ssend(const void* buf, int count, MPI_Datatype type,
                       int dest, int tag, MPI_Comm comm) {
  hmpi_buf b;
  int rc = hmpi_prepare(&b, buf, count, type, HMPI_IN);
  if (rc != MPI_SUCCESS) return rc;
  rc = PMPI_Ssend(b.pass, count, type, dest, tag, comm);
  hmpi_release(&b);
  return rc;
}

/* The bytes `st`'s message filled: [lo, hi), or lo == hi for all. */
static void received(const MPI_Status* st, MPI_Datatype type,
                     ptrdiff_t* lo, ptrdiff_t* hi) {
  int n = MPI_UNDEFINED;
  *lo = *hi = 0;
  if (PMPI_Get_count(st, type, &n) != MPI_SUCCESS || n == MPI_UNDEFINED)
    return;
  if (n == 0) {  /* nothing arrived: nothing to copy */
    *lo = 0;
    *hi = -1;
    return;
  }
  hmpi_span(n, type, lo, hi);
}

HMPI_API int MPI_Recv(void* buf, int count, MPI_Datatype type, int source,
                      int tag, MPI_Comm comm, MPI_Status* status) {
  hmpi_buf b;
  int rc = hmpi_prepare(&b, buf, count, type, HMPI_OUT);
  if (rc != MPI_SUCCESS) return rc;
  if (b.host == NULL) return PMPI_Recv(buf, count, type, source, tag, comm, status);
  MPI_Status local;
  MPI_Status* st = status == MPI_STATUS_IGNORE ? &local : status;
  rc = PMPI_Recv(b.pass, count, type, source, tag, comm, st);
  if (rc != MPI_SUCCESS) {
    hmpi_release(&b);
    return rc;
  }
  ptrdiff_t lo, hi;
  received(st, type, &lo, &hi);
  if (hi < lo) {
    hmpi_release(&b);
    return rc;
  }
  return hmpi_finish_range(&b, lo, hi);
}

HMPI_API int MPI_Isend(const void* buf, int count, MPI_Datatype type,
                       int dest, int tag, MPI_Comm comm, MPI_Request* req) {
  hmpi_buf b;
  int rc = hmpi_prepare(&b, buf, count, type, HMPI_IN);
  if (rc != MPI_SUCCESS) return rc;
  rc = PMPI_Isend(b.pass, count, type, dest, tag, comm, req);
  if (rc != MPI_SUCCESS) {
    hmpi_release(&b);
    return rc;
  }
  return hmpi_track(*req, &b, 1);
}

/* A non-blocking receive copies the whole buffer in and back (the Wait
 * family may not be given a status to say how much arrived). */
HMPI_API int MPI_Irecv(void* buf, int count, MPI_Datatype type, int source,
                       int tag, MPI_Comm comm, MPI_Request* req) {
  hmpi_buf b;
  int rc = hmpi_prepare(&b, buf, count, type, HMPI_IN | HMPI_OUT);
  if (rc != MPI_SUCCESS) return rc;
  rc = PMPI_Irecv(b.pass, count, type, source, tag, comm, req);
  if (rc != MPI_SUCCESS) {
    hmpi_release(&b);
    return rc;
  }
  return hmpi_track(*req, &b, 1);
}

HMPI_API int MPI_Sendrecv(const void* sbuf, int scount, MPI_Datatype stype,
                          int dest, int stag, void* rbuf, int rcount,
                          MPI_Datatype rtype, int source, int rtag,
                          MPI_Comm comm, MPI_Status* status) {
  hmpi_buf s, r;
  int rc = hmpi_prepare(&s, sbuf, scount, stype, HMPI_IN);
  if (rc != MPI_SUCCESS) return rc;
  rc = hmpi_prepare(&r, rbuf, rcount, rtype, HMPI_OUT);
  if (rc != MPI_SUCCESS) {
    hmpi_release(&s);
    return rc;
  }
  MPI_Status local;
  MPI_Status* st = status == MPI_STATUS_IGNORE ? &local : status;
  rc = PMPI_Sendrecv(s.pass, scount, stype, dest, stag, r.pass, rcount,
                     rtype, source, rtag, comm, st);
  hmpi_release(&s);
  if (rc != MPI_SUCCESS || r.host == NULL) {
    hmpi_release(&r);
    return rc;
  }
  ptrdiff_t lo, hi;
  received(st, rtype, &lo, &hi);
  if (hi < lo) {
    hmpi_release(&r);
    return rc;
  }
  return hmpi_finish_range(&r, lo, hi);
}

HMPI_API int MPI_Sendrecv_replace(void* buf, int count, MPI_Datatype type,
                                  int dest, int stag, int source, int rtag,
                                  MPI_Comm comm, MPI_Status* status) {
  hmpi_buf b;
  int rc = hmpi_prepare(&b, buf, count, type, HMPI_IN | HMPI_OUT);
  if (rc != MPI_SUCCESS) return rc;
  rc = PMPI_Sendrecv_replace(b.pass, count, type, dest, stag, source, rtag,
                             comm, status);
  if (rc != MPI_SUCCESS) {
    hmpi_release(&b);
    return rc;
  }
  return hmpi_finish(&b);
}
