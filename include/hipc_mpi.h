/* libhipc_mpi: GPU-aware MPI on any MPI (README.md "Several devices and
 * RCCL"). hipcc links it before MPI's library; nothing needs this header
 * except a program that asks how much was staged. */
#ifndef HIPC_MPI_H
#define HIPC_MPI_H
#ifdef __cplusplus
extern "C" {
#endif
/* How many buffers libhipc_mpi has staged through pinned host memory
 * (0 while every buffer went straight to MPI). */
unsigned long hipc_mpi_staged_count(void);
#ifdef __cplusplus
}
#endif
#endif
