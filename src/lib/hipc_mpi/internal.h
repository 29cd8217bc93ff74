/* Internal interface of libhipc_mpi (src/lib/hipc_mpi): GPU-aware MPI on
 * any MPI, through MPI's profiling interface. Each wrapped call looks its
 * buffers up once; NVIDIA GPU device memory is staged through pinned host
 * memory around the PMPI_ call, anything else goes straight through.
 *
 *   stage.c     which pointers are staged, pinned buffers, copies
 *   requests.c  staged non-blocking operations: the Wait / Test families
 *               finish them (copy receives back, release buffers)
 *   p2p.c       point-to-point: Send, Ssend, Recv, Isend, Irecv, Sendrecv
 *   coll_stage.c  which buffers each collective stages, and how
 *   coll.c      blocking collectives
 *   icoll.c     non-blocking collectives */
#ifndef HIPC_MPI_INTERNAL_H
#define HIPC_MPI_INTERNAL_H

#include <mpi.h>
#include <stddef.h>

#define HMPI_API __attribute__((visibility("default")))
#define HMPI_LOCAL __attribute__((visibility("hidden")))

/* One user buffer and its pinned stand-in. `pass` is what the PMPI_ call
 * gets: the user's pointer when nothing is staged. */
typedef struct hmpi_buf {
  void* user;
  void* pass;
  char* host;        /* the pinned buffer, NULL when not staged */
  ptrdiff_t lo, hi;  /* bytes [user + lo, user + hi) are staged */
  int copy_back;
} hmpi_buf;

/* Whether `p` must be staged: device memory of an NVIDIA GPU (any memory
 * of a device with HIPC_MPI_STAGE=all, for tests), under an MPI that is
 * not CUDA-aware. NULL, MPI_IN_PLACE and MPI_BOTTOM never are. */
HMPI_LOCAL int hmpi_staged(const void* p);
/* The bytes `count` elements of `type` span from the buffer's start:
 * [*lo, *hi). Returns whether they have holes (then receives copy the
 * buffer in first, so that the holes keep their bytes). */
HMPI_LOCAL int hmpi_span(int count, MPI_Datatype type, ptrdiff_t* lo,
                         ptrdiff_t* hi);
/* The same for counts[i] elements at displs[i] (in extents), i < n. */
HMPI_LOCAL int hmpi_span_v(int n, const int* counts, const int* displs,
                           MPI_Datatype type, ptrdiff_t* lo, ptrdiff_t* hi);

enum { HMPI_IN = 1, HMPI_OUT = 2 };
/* Prepares `b` for `user`, `count` elements of `type`: when it is staged,
 * takes a pinned buffer and copies the bytes in (HMPI_IN, or HMPI_OUT
 * over a type with holes); HMPI_OUT copies them back in hmpi_finish.
 * MPI_SUCCESS or MPI_ERR_NO_MEM / MPI_ERR_BUFFER. */
HMPI_LOCAL int hmpi_prepare(hmpi_buf* b, const void* user, int count,
                            MPI_Datatype type, int dir);
HMPI_LOCAL int hmpi_prepare_v(hmpi_buf* b, const void* user, int n,
                              const int* counts, const int* displs,
                              MPI_Datatype type, int dir);
/* Copies an HMPI_OUT buffer back (the bytes [lo, hi) only when hi > lo;
 * all of it when hi <= lo) and releases it. Returns the copy's MPI code. */
HMPI_LOCAL int hmpi_finish_range(hmpi_buf* b, ptrdiff_t lo, ptrdiff_t hi);
#define hmpi_finish(b) hmpi_finish_range((b), 0, 0)
/* Releases `b` without copying. */
HMPI_LOCAL void hmpi_release(hmpi_buf* b);

/* Whether this rank is a root of a rooted collective over `comm`. */
HMPI_LOCAL int hmpi_is_root(MPI_Comm comm, int root);
/* The number of ranks a rooted or all-to-all collective counts buffers
 * for (the remote group's size for an intercommunicator). */
HMPI_LOCAL int hmpi_peers(MPI_Comm comm);

/* -- requests.c */
/* Remembers the staged buffers of the non-blocking operation `req`
 * (copied); hmpi_complete finishes them. */
HMPI_LOCAL int hmpi_track(MPI_Request req, hmpi_buf* bufs, int nbufs);
/* Finishes those of saved[i] that completed (now[i] is
 * MPI_REQUEST_NULL). */
HMPI_LOCAL void hmpi_complete(int n, const MPI_Request* saved,
                              const MPI_Request* now);
/* Whether any staged operation is in flight. */
HMPI_LOCAL int hmpi_tracking(void);

#endif /* HIPC_MPI_INTERNAL_H */
