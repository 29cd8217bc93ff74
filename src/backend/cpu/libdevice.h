/* Private helpers of libhipc's libdevice (src/backend/cpu/libdevice_*.c):
 * the `__nv_*` functions that clang's CUDA headers call from device code,
 * defined for the CPU device so that the kernel compiler (kc), which
 * retargets that code to the host, can resolve them against libhipc.
 *
 * Each function has libdevice's C signature exactly (as clang's
 * __clang_cuda_libdevice_declares.h declares it: int for i32, unsigned for
 * u32, long long for i64, pointers for out-parameters) and the result HIP
 * users get from the CPU half of hipc's headers (hip/hipc/math_float.h,
 * math_double.h, intrinsics_float.h, intrinsics_int.h, fp16.h): the same
 * program gives the same numbers through either compile path. */
#ifndef HIPC_CPU_LIBDEVICE_H
#define HIPC_CPU_LIBDEVICE_H

#include <stdint.h>
#include <string.h>

#include "hip/hip_runtime_api.h"
#include "hip/hipc/math_lib.h"

/* Bit patterns of floating-point values and back, without aliasing
 * problems (memcpy of a constant size compiles to a register move). */
static inline uint32_t ld_f2u(float f) {
  uint32_t u;
  memcpy(&u, &f, sizeof u);
  return u;
}
static inline float ld_u2f(uint32_t u) {
  float f;
  memcpy(&f, &u, sizeof f);
  return f;
}
static inline uint64_t ld_d2u(double d) {
  uint64_t u;
  memcpy(&u, &d, sizeof u);
  return u;
}
static inline double ld_u2d(uint64_t u) {
  double d;
  memcpy(&d, &u, sizeof d);
  return d;
}

/* Defines __nv_NAME as the C library's NAME of the same signature: these are
 * the CPU device's meaning of the function (the kernel language's sinf is
 * the C library's sinf there). PARAMS is the parenthesised parameter list,
 * CALL the parenthesised argument list. */
#define LD_LIBM(RET, NAME, PARAMS, CALL) \
  HIPC_API RET __nv_##NAME PARAMS { return NAME CALL; }
#define LD_LIBM1(T, NAME) LD_LIBM(T, NAME, (T x), (x))
#define LD_LIBM2(T, NAME) LD_LIBM(T, NAME, (T x, T y), (x, y))

#endif /* HIPC_CPU_LIBDEVICE_H */
