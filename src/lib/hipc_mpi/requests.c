/* Staged non-blocking operations: each request with staged buffers is
 * remembered here, and the Wait / Test families (and MPI_Request_free)
 * finish it once MPI has completed it: receives are copied back to the
 * GPU, pinned buffers released. */
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

#define MAX_BUFS 2

typedef struct pending {
  struct pending* next;
  MPI_Request req;
  hmpi_buf bufs[MAX_BUFS];
  int nbufs;
} pending;

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pending* head;
static atomic_int count;

int hmpi_tracking(void) { return atomic_load(&count) > 0; }

int hmpi_track(MPI_Request req, hmpi_buf* bufs, int nbufs) {
  int any = 0;
  for (int i = 0; i < nbufs; i++) any |= bufs[i].host != NULL;
  if (!any) return MPI_SUCCESS;
  pending* p = calloc(1, sizeof *p);
  if (p == NULL) return MPI_ERR_NO_MEM;
  p->req = req;
  for (int i = 0; i < nbufs && i < MAX_BUFS; i++)
    if (bufs[i].host != NULL) p->bufs[p->nbufs++] = bufs[i];
  pthread_mutex_lock(&lock);
  p->next = head;
  head = p;
  atomic_fetch_add(&count, 1);
  pthread_mutex_unlock(&lock);
  return MPI_SUCCESS;
}

static pending* take(MPI_Request req) {
  pthread_mutex_lock(&lock);
  pending** pp = &head;
  while (*pp != NULL && (*pp)->req != req) pp = &(*pp)->next;
  pending* p = *pp;
  if (p != NULL) {
    *pp = p->next;
    atomic_fetch_sub(&count, 1);
  }
  pthread_mutex_unlock(&lock);
  return p;
}

void hmpi_complete(int n, const MPI_Request* saved, const MPI_Request* now) {
  for (int i = 0; i < n; i++) {
    if (saved[i] == MPI_REQUEST_NULL || now[i] != MPI_REQUEST_NULL) continue;
    pending* p = take(saved[i]);
    if (p == NULL) continue;
    for (int b = 0; b < p->nbufs; b++) (void)hmpi_finish(&p->bufs[b]);
    free(p);
  }
}

/* Copies the requests before MPI completes (and nulls) them. */
#define SAVE(n, reqs)                                                  \
  MPI_Request small_[16];                                              \
  MPI_Request* saved_ = NULL;                                          \
  if (hmpi_tracking() && (n) > 0 && (reqs) != NULL) {                  \
    saved_ = (n) <= 16 ? small_ : malloc(sizeof(MPI_Request) * (n));   \
    if (saved_ != NULL) memcpy(saved_, (reqs), sizeof(MPI_Request) * (n)); \
  }
#define DONE(n, reqs)                              \
  if (saved_ != NULL) {                            \
    hmpi_complete((n), saved_, (reqs));            \
    if (saved_ != small_) free(saved_);            \
  }

HMPI_API int MPI_Wait(MPI_Request* req, MPI_Status* status) {
  SAVE(1, req);
  int rc = PMPI_Wait(req, status);
  DONE(1, req);
  return rc;
}

HMPI_API int MPI_Test(MPI_Request* req, int* flag, MPI_Status* status) {
  SAVE(1, req);
  int rc = PMPI_Test(req, flag, status);
  DONE(1, req);
  return rc;
}

HMPI_API int MPI_Waitall(int n, MPI_Request reqs[], MPI_Status st[]) {
  SAVE(n, reqs);
  int rc = PMPI_Waitall(n, reqs, st);
  DONE(n, reqs);
  return rc;
}

HMPI_API int MPI_Testall(int n, MPI_Request reqs[], int* flag,
                         MPI_Status st[]) {
  SAVE(n, reqs);
  int rc = PMPI_Testall(n, reqs, flag, st);
  DONE(n, reqs);
  return rc;
}

HMPI_API int MPI_Waitany(int n, MPI_Request reqs[], int* index,
                         MPI_Status* st) {
  SAVE(n, reqs);
  int rc = PMPI_Waitany(n, reqs, index, st);
  DONE(n, reqs);
  return rc;
}

HMPI_API int MPI_Testany(int n, MPI_Request reqs[], int* index, int* flag,
                         MPI_Status* st) {
  SAVE(n, reqs);
  int rc = PMPI_Testany(n, reqs, index, flag, st);
  DONE(n, reqs);
  return rc;
}

HMPI_API int MPI_Waitsome(int n, MPI_Request reqs[], int* outcount,
                          int indices[], MPI_Status st[]) {
  SAVE(n, reqs);
  int rc = PMPI_Waitsome(n, reqs, outcount, indices, st);
  DONE(n, reqs);
  return rc;
}

HMPI_API int MPI_Testsome(int n, MPI_Request reqs[], int* outcount,
                          int indices[], MPI_Status st[]) {
  SAVE(n, reqs);
  int rc = PMPI_Testsome(n, reqs, outcount, indices, st);
  DONE(n, reqs);
  return rc;
}

/* A staged request cannot be let go unfinished (its buffers must go back
 * to the GPU or the pool): it is waited for instead. */
HMPI_API int MPI_Request_free(MPI_Request* req) {
  if (hmpi_tracking() && req != NULL && *req != MPI_REQUEST_NULL) {
    MPI_Request saved = *req;
    pending* p = take(saved);
    if (p != NULL) {
      int rc = PMPI_Wait(req, MPI_STATUS_IGNORE);
      for (int b = 0; b < p->nbufs; b++) (void)hmpi_finish(&p->bufs[b]);
      free(p);
      return rc;
    }
  }
  return PMPI_Request_free(req);
}
