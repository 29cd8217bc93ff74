/* hipfft/hipfft.h: hipFFT, the FFT library of HIP, as hipc provides it
 * (libhipfft, `-lhipfft`). Transforms are unnormalised, as in cuFFT and
 * hipFFT; multi-dimensional sizes are row-major (nx the slowest). On the
 * CPU device plans run on FFTW3 (threaded), in order on the plan's stream;
 * on NVIDIA GPUs on cuFFT, loaded at run time (HIPFFT_NOT_SUPPORTED where
 * it is missing). See README.md, "HIP libraries". */
#ifndef HIPFFT_HIPFFT_H
#define HIPFFT_HIPFFT_H

#include <stddef.h>

#include "hip/hip_complex.h"
#include "hip/hip_runtime_api.h"

#define HIPFFT_EXPORT __attribute__((visibility("default")))

#ifdef __cplusplus
extern "C" {
#endif

typedef enum hipfftResult_t {
  HIPFFT_SUCCESS = 0,
  HIPFFT_INVALID_PLAN = 1,
  HIPFFT_ALLOC_FAILED = 2,
  HIPFFT_INVALID_TYPE = 3,
  HIPFFT_INVALID_VALUE = 4,
  HIPFFT_INTERNAL_ERROR = 5,
  HIPFFT_EXEC_FAILED = 6,
  HIPFFT_SETUP_FAILED = 7,
  HIPFFT_INVALID_SIZE = 8,
  HIPFFT_UNALIGNED_DATA = 9,
  HIPFFT_INCOMPLETE_PARAMETER_LIST = 10,
  HIPFFT_INVALID_DEVICE = 11,
  HIPFFT_PARSE_ERROR = 12,
  HIPFFT_NO_WORKSPACE = 13,
  HIPFFT_NOT_IMPLEMENTED = 14,
  HIPFFT_NOT_SUPPORTED = 16
} hipfftResult;

typedef enum hipfftType_t {
  HIPFFT_R2C = 0x2a, HIPFFT_C2R = 0x2c, HIPFFT_C2C = 0x29,
  HIPFFT_D2Z = 0x6a, HIPFFT_Z2D = 0x6c, HIPFFT_Z2Z = 0x69
} hipfftType;

typedef enum hipfftLibraryPropertyType_t {
  HIPFFT_MAJOR_VERSION, HIPFFT_MINOR_VERSION, HIPFFT_PATCH_LEVEL
} hipfftLibraryPropertyType;

#define HIPFFT_FORWARD -1
#define HIPFFT_BACKWARD 1

typedef struct hipfftHandle_t* hipfftHandle;
typedef hipComplex hipfftComplex;
typedef hipDoubleComplex hipfftDoubleComplex;
typedef float hipfftReal;
typedef double hipfftDoubleReal;

/* -- plans: hipfftPlan* create and make in one call; hipfftCreate, then
 *    hipfftMakePlan*, in two. `workSize` may be NULL. */
HIPFFT_EXPORT hipfftResult hipfftPlan1d(hipfftHandle* plan, int nx,
                                        hipfftType type, int batch);
HIPFFT_EXPORT hipfftResult hipfftPlan2d(hipfftHandle* plan, int nx, int ny,
                                        hipfftType type);
HIPFFT_EXPORT hipfftResult hipfftPlan3d(hipfftHandle* plan, int nx, int ny,
                                        int nz, hipfftType type);
HIPFFT_EXPORT hipfftResult hipfftPlanMany(hipfftHandle* plan, int rank,
                                          int* n, int* inembed, int istride,
                                          int idist, int* onembed,
                                          int ostride, int odist,
                                          hipfftType type, int batch);
HIPFFT_EXPORT hipfftResult hipfftCreate(hipfftHandle* plan);
HIPFFT_EXPORT hipfftResult hipfftMakePlan1d(hipfftHandle plan, int nx,
                                            hipfftType type, int batch,
                                            size_t* workSize);
HIPFFT_EXPORT hipfftResult hipfftMakePlan2d(hipfftHandle plan, int nx,
                                            int ny, hipfftType type,
                                            size_t* workSize);
HIPFFT_EXPORT hipfftResult hipfftMakePlan3d(hipfftHandle plan, int nx,
                                            int ny, int nz, hipfftType type,
                                            size_t* workSize);
HIPFFT_EXPORT hipfftResult hipfftMakePlanMany(
    hipfftHandle plan, int rank, int* n, int* inembed, int istride,
    int idist, int* onembed, int ostride, int odist, hipfftType type,
    int batch, size_t* workSize);
HIPFFT_EXPORT hipfftResult hipfftDestroy(hipfftHandle plan);

/* -- work areas and streams */
HIPFFT_EXPORT hipfftResult hipfftGetSize(hipfftHandle plan,
                                         size_t* workSize);
HIPFFT_EXPORT hipfftResult hipfftSetAutoAllocation(hipfftHandle plan,
                                                   int autoAllocate);
HIPFFT_EXPORT hipfftResult hipfftSetWorkArea(hipfftHandle plan,
                                             void* workArea);
HIPFFT_EXPORT hipfftResult hipfftSetStream(hipfftHandle plan,
                                           hipStream_t stream);
HIPFFT_EXPORT hipfftResult hipfftExtPlanScaleFactor(hipfftHandle plan,
                                                    double scalefactor);
HIPFFT_EXPORT hipfftResult hipfftGetVersion(int* version);
HIPFFT_EXPORT hipfftResult hipfftGetProperty(hipfftLibraryPropertyType type,
                                             int* value);

/* -- execution, on the plan's stream; `idata == odata` is in place. */
HIPFFT_EXPORT hipfftResult hipfftExecC2C(hipfftHandle plan,
                                         hipfftComplex* idata,
                                         hipfftComplex* odata,
                                         int direction);
HIPFFT_EXPORT hipfftResult hipfftExecR2C(hipfftHandle plan,
                                         hipfftReal* idata,
                                         hipfftComplex* odata);
HIPFFT_EXPORT hipfftResult hipfftExecC2R(hipfftHandle plan,
                                         hipfftComplex* idata,
                                         hipfftReal* odata);
HIPFFT_EXPORT hipfftResult hipfftExecZ2Z(hipfftHandle plan,
                                         hipfftDoubleComplex* idata,
                                         hipfftDoubleComplex* odata,
                                         int direction);
HIPFFT_EXPORT hipfftResult hipfftExecD2Z(hipfftHandle plan,
                                         hipfftDoubleReal* idata,
                                         hipfftDoubleComplex* odata);
HIPFFT_EXPORT hipfftResult hipfftExecZ2D(hipfftHandle plan,
                                         hipfftDoubleComplex* idata,
                                         hipfftDoubleReal* odata);

#ifdef __cplusplus
}
#endif
#endif
