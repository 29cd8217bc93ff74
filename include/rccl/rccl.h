/* rccl/rccl.h: RCCL, NCCL's collective communication API on hipStream_t,
 * as hipc provides it (librccl, `-lrccl`). Names, signatures and enum
 * values are NCCL's and RCCL's. Every operation runs in the order of the
 * stream it is given. Ranks in one process (ncclCommInitAll, or threads
 * that each call ncclCommInitRank) talk through shared memory; ranks in
 * different processes through MPI. See README.md, "Several devices and
 * RCCL", for the transports, threading rules and what is missing. */
#ifndef RCCL_RCCL_H
#define RCCL_RCCL_H

#include <stddef.h>

#include "hip/hip_runtime_api.h"

#define NCCL_MAJOR 2
#define NCCL_MINOR 18
#define NCCL_PATCH 3
#define NCCL_SUFFIX ""
#define NCCL_VERSION(X, Y, Z) \
  (((X) <= 2 && (Y) <= 8) ? (X) * 1000 + (Y) * 100 + (Z) \
                          : (X) * 10000 + (Y) * 100 + (Z))
#define NCCL_VERSION_CODE NCCL_VERSION(NCCL_MAJOR, NCCL_MINOR, NCCL_PATCH)

#define RCCL_BFLOAT16 1
#define RCCL_FLOAT8 1
#define RCCL_GATHER_SCATTER 1
#define RCCL_ALLTOALLV 1

#define NCCL_EXPORT __attribute__((visibility("default")))

#ifdef __cplusplus
extern "C" {
#endif

typedef struct ncclComm* ncclComm_t;
#define NCCL_COMM_NULL NULL

#define NCCL_UNIQUE_ID_BYTES 128
typedef struct {
  char internal[NCCL_UNIQUE_ID_BYTES];
} ncclUniqueId;

typedef enum {
  ncclSuccess = 0,
  ncclUnhandledCudaError = 1,
  ncclSystemError = 2,
  ncclInternalError = 3,
  ncclInvalidArgument = 4,
  ncclInvalidUsage = 5,
  ncclRemoteError = 6,
  ncclInProgress = 7,
  ncclNumResults = 8
} ncclResult_t;

#define NCCL_CONFIG_UNDEF_INT (-2147483647 - 1)
#define NCCL_CONFIG_UNDEF_PTR NULL
#define NCCL_SPLIT_NOCOLOR -1

/* Communicator options (ncclCommInitRankConfig, ncclCommSplit). */
typedef struct ncclConfig_v21700 {
  size_t size;
  unsigned int magic;
  unsigned int version;
  int blocking;
  int cgaClusterSize;
  int minCTAs;
  int maxCTAs;
  const char* netName;
  int splitShare;
} ncclConfig_t;

#define NCCL_CONFIG_INITIALIZER                                            \
  {                                                                        \
    sizeof(ncclConfig_t), 0xcafebeef, NCCL_VERSION_CODE,                   \
        NCCL_CONFIG_UNDEF_INT, NCCL_CONFIG_UNDEF_INT,                      \
        NCCL_CONFIG_UNDEF_INT, NCCL_CONFIG_UNDEF_INT,                      \
        NCCL_CONFIG_UNDEF_PTR, NCCL_CONFIG_UNDEF_INT                       \
  }

typedef enum { ncclNumOps_dummy = 5 } ncclRedOp_dummy_t;
typedef enum {
  ncclSum = 0,
  ncclProd = 1,
  ncclMax = 2,
  ncclMin = 3,
  ncclAvg = 4,
  ncclNumOps = 5,
  ncclMaxRedOp = 0x7fffffff
} ncclRedOp_t;

typedef enum {
  ncclInt8 = 0,
  ncclChar = 0,
  ncclUint8 = 1,
  ncclInt32 = 2,
  ncclInt = 2,
  ncclUint32 = 3,
  ncclInt64 = 4,
  ncclUint64 = 5,
  ncclFloat16 = 6,
  ncclHalf = 6,
  ncclFloat32 = 7,
  ncclFloat = 7,
  ncclFloat64 = 8,
  ncclDouble = 8,
  ncclBfloat16 = 9,
  ncclFloat8e4m3 = 10,
  ncclFp8E4M3 = 10,
  ncclFloat8e5m2 = 11,
  ncclFp8E5M2 = 11,
  ncclNumTypes = 12
} ncclDataType_t;

typedef enum {
  ncclScalarDevice = 0,
  ncclScalarHostImmediate = 1
} ncclScalarResidence_t;

/* -- version, ids, communicators */
NCCL_EXPORT ncclResult_t ncclGetVersion(int* version);
NCCL_EXPORT ncclResult_t ncclGetUniqueId(ncclUniqueId* uniqueId);
NCCL_EXPORT ncclResult_t ncclCommInitRank(ncclComm_t* comm, int nranks,
                                          ncclUniqueId commId, int rank);
NCCL_EXPORT ncclResult_t ncclCommInitRankConfig(ncclComm_t* comm,
                                                int nranks,
                                                ncclUniqueId commId,
                                                int rank,
                                                ncclConfig_t* config);
NCCL_EXPORT ncclResult_t ncclCommInitAll(ncclComm_t* comms, int ndev,
                                         const int* devlist);
NCCL_EXPORT ncclResult_t ncclCommSplit(ncclComm_t comm, int color, int key,
                                       ncclComm_t* newcomm,
                                       ncclConfig_t* config);
NCCL_EXPORT ncclResult_t ncclCommFinalize(ncclComm_t comm);
NCCL_EXPORT ncclResult_t ncclCommDestroy(ncclComm_t comm);
NCCL_EXPORT ncclResult_t ncclCommAbort(ncclComm_t comm);
NCCL_EXPORT ncclResult_t ncclCommGetAsyncError(ncclComm_t comm,
                                               ncclResult_t* asyncError);
NCCL_EXPORT ncclResult_t ncclCommCount(const ncclComm_t comm, int* count);
NCCL_EXPORT ncclResult_t ncclCommCuDevice(const ncclComm_t comm,
                                          int* device);
NCCL_EXPORT ncclResult_t ncclCommUserRank(const ncclComm_t comm,
                                          int* rank);
NCCL_EXPORT const char* ncclGetErrorString(ncclResult_t result);
NCCL_EXPORT const char* ncclGetLastError(ncclComm_t comm);

/* -- memory */
NCCL_EXPORT ncclResult_t ncclCommRegister(const ncclComm_t comm, void* buff,
                                          size_t size, void** handle);
NCCL_EXPORT ncclResult_t ncclCommDeregister(const ncclComm_t comm,
                                            void* handle);
NCCL_EXPORT ncclResult_t ncclMemAlloc(void** ptr, size_t size);
NCCL_EXPORT ncclResult_t ncclMemFree(void* ptr);

/* -- reduction operators */
NCCL_EXPORT ncclResult_t ncclRedOpCreatePreMulSum(
    ncclRedOp_t* op, void* scalar, ncclDataType_t datatype,
    ncclScalarResidence_t residence, ncclComm_t comm);
NCCL_EXPORT ncclResult_t ncclRedOpDestroy(ncclRedOp_t op, ncclComm_t comm);

/* -- collectives and point-to-point, in stream order */
NCCL_EXPORT ncclResult_t ncclReduce(const void* sendbuff, void* recvbuff,
                                    size_t count, ncclDataType_t datatype,
                                    ncclRedOp_t op, int root,
                                    ncclComm_t comm, hipStream_t stream);
NCCL_EXPORT ncclResult_t ncclBcast(void* buff, size_t count,
                                   ncclDataType_t datatype, int root,
                                   ncclComm_t comm, hipStream_t stream);
NCCL_EXPORT ncclResult_t ncclBroadcast(const void* sendbuff, void* recvbuff,
                                       size_t count,
                                       ncclDataType_t datatype, int root,
                                       ncclComm_t comm, hipStream_t stream);
NCCL_EXPORT ncclResult_t ncclAllReduce(const void* sendbuff, void* recvbuff,
                                       size_t count,
                                       ncclDataType_t datatype,
                                       ncclRedOp_t op, ncclComm_t comm,
                                       hipStream_t stream);
NCCL_EXPORT ncclResult_t ncclReduceScatter(const void* sendbuff,
                                           void* recvbuff, size_t recvcount,
                                           ncclDataType_t datatype,
                                           ncclRedOp_t op, ncclComm_t comm,
                                           hipStream_t stream);
NCCL_EXPORT ncclResult_t ncclAllGather(const void* sendbuff, void* recvbuff,
                                       size_t sendcount,
                                       ncclDataType_t datatype,
                                       ncclComm_t comm, hipStream_t stream);
NCCL_EXPORT ncclResult_t ncclAllToAll(const void* sendbuff, void* recvbuff,
                                      size_t count, ncclDataType_t datatype,
                                      ncclComm_t comm, hipStream_t stream);
NCCL_EXPORT ncclResult_t ncclAllToAllv(const void* sendbuff,
                                       const size_t sendcounts[],
                                       const size_t sdispls[],
                                       void* recvbuff,
                                       const size_t recvcounts[],
                                       const size_t rdispls[],
                                       ncclDataType_t datatype,
                                       ncclComm_t comm, hipStream_t stream);
NCCL_EXPORT ncclResult_t ncclSend(const void* sendbuff, size_t count,
                                  ncclDataType_t datatype, int peer,
                                  ncclComm_t comm, hipStream_t stream);
NCCL_EXPORT ncclResult_t ncclRecv(void* recvbuff, size_t count,
                                  ncclDataType_t datatype, int peer,
                                  ncclComm_t comm, hipStream_t stream);

/* -- groups */
NCCL_EXPORT ncclResult_t ncclGroupStart(void);
NCCL_EXPORT ncclResult_t ncclGroupEnd(void);

#ifdef __cplusplus
}
#endif

#endif /* RCCL_RCCL_H */
