// NVPTX half of the conversion intrinsics between floating point and
// integers (hip/hipc/intrinsics_float.h is the CPU device's): the
// float/double -> int/uint/ll/ull families (__float2int_rn ...
// __double2ull_rd) and the integer -> float/double ones rounded toward zero
// (__int2float_rz, __uint2float_rz, __ll2float_rz, __ull2float_rz,
// __ll2double_rz, __ull2double_rz). Included by hip/hipc/libdevice_nvptx.h
// in place of clang's versions, which it renames out of the way.
//
// HIP's semantics, as on the CPU device: the value rounded in the named
// direction, then saturated to the type's range, and NaN gives 0. Each is
// one cvt instruction with its rounding modifier (cvt saturates to the
// integer type's range), plus a test for NaN: the hardware converts NaN to
// 0 only from float to a 32-bit type, and to the type's sign bit alone
// (0x80000000, 0x8000000000000000) in the other cases.
//
// Why not clang's: they call libdevice, whose conversion intrinsics LLVM
// 19 rewrites into plain IR casts when it optimises. For the _rz integer ->
// float ones the cast rounds to nearest, which is wrong
// (__ll2float_rz(-16777219) gave -16777220); for float -> integer _rz the
// cast is undefined for NaN and out-of-range values, so a constant
// argument folds to anything. Inline PTX is left alone by the optimiser.
#ifndef HIPC_INTRINSICS_FLOAT_NVPTX_H
#define HIPC_INTRINSICS_FLOAT_NVPTX_H

#if !defined(__NVPTX__)
#error "hip/hipc/intrinsics_float_nvptx.h is for hipcc's device pass only"
#endif

#if defined(__HIPC_KC__)
// kc's CPU device pass: no PTX. libhipc's libdevice functions (__nv_*,
// the conversion as a cvt instruction does it: rounded, saturated) do the
// work, and NaN gives 0 here, as HIP wants for every type.
#define HIPC_CVT_TO_INT1(FROM, F, TO, I, MODE)                           \
  static __device__ __forceinline__ I __##FROM##2##TO##_##MODE(F x) {    \
    return x != x ? static_cast<I>(0) : __nv_##FROM##2##TO##_##MODE(x);               \
  }
#define HIPC_CVT_TO_INT(FROM, F, TO, I)    \
  HIPC_CVT_TO_INT1(FROM, F, TO, I, rn)     \
  HIPC_CVT_TO_INT1(FROM, F, TO, I, rz)     \
  HIPC_CVT_TO_INT1(FROM, F, TO, I, ru)     \
  HIPC_CVT_TO_INT1(FROM, F, TO, I, rd)
HIPC_CVT_TO_INT(float, float, int, int)
HIPC_CVT_TO_INT(float, float, uint, unsigned int)
HIPC_CVT_TO_INT(float, float, ll, long long)
HIPC_CVT_TO_INT(float, float, ull, unsigned long long)
HIPC_CVT_TO_INT(double, double, int, int)
HIPC_CVT_TO_INT(double, double, uint, unsigned int)
HIPC_CVT_TO_INT(double, double, ll, long long)
HIPC_CVT_TO_INT(double, double, ull, unsigned long long)
#undef HIPC_CVT_TO_INT
#undef HIPC_CVT_TO_INT1
#define HIPC_CVT_RZ(NAME, I, F) \
  static __device__ __forceinline__ F NAME(I x) { return __nv_##NAME(x); }
#define __nv___int2float_rz __nv_int2float_rz
#define __nv___uint2float_rz __nv_uint2float_rz
#define __nv___ll2float_rz __nv_ll2float_rz
#define __nv___ull2float_rz __nv_ull2float_rz
#define __nv___ll2double_rz __nv_ll2double_rz
#define __nv___ull2double_rz __nv_ull2double_rz
HIPC_CVT_RZ(__int2float_rz, int, float)
HIPC_CVT_RZ(__uint2float_rz, unsigned int, float)
HIPC_CVT_RZ(__ll2float_rz, long long, float)
HIPC_CVT_RZ(__ull2float_rz, unsigned long long, float)
HIPC_CVT_RZ(__ll2double_rz, long long, double)
HIPC_CVT_RZ(__ull2double_rz, unsigned long long, double)
#undef HIPC_CVT_RZ
#undef __nv___int2float_rz
#undef __nv___uint2float_rz
#undef __nv___ll2float_rz
#undef __nv___ull2float_rz
#undef __nv___ll2double_rz
#undef __nv___ull2double_rz
#else
// __FROM2TO_MODE(x): cvt.MODEi.ITYPE.FTYPE, then 0 where x is NaN.
// FREG / IREG: the asm constraint letters of the source and result; BITS:
// the result's width.
#define HIPC_CVT_TO_INT1(FROM, F, FT, FREG, TO, I, IT, IREG, BITS, MODE, \
                         PTXMODE)                                         \
  static __device__ __forceinline__ I __##FROM##2##TO##_##MODE(F x) {      \
    I r;                                                                   \
    asm("{\n\t.reg .pred p;\n\t"                                           \
        "testp.notanumber." FT " p, %1;\n\t"                               \
        "cvt." PTXMODE "i." IT "." FT " %0, %1;\n\t"                       \
        "@p mov.b" BITS " %0, 0;\n\t}"                           \
        : "=" #IREG(r)                                                     \
        : #FREG(x));                                                       \
    return r;                                                              \
  }
#define HIPC_CVT_TO_INT(FROM, F, FT, FREG, TO, I, IT, IREG, BITS)         \
  HIPC_CVT_TO_INT1(FROM, F, FT, FREG, TO, I, IT, IREG, BITS, rn, "rn")  \
  HIPC_CVT_TO_INT1(FROM, F, FT, FREG, TO, I, IT, IREG, BITS, rz, "rz")  \
  HIPC_CVT_TO_INT1(FROM, F, FT, FREG, TO, I, IT, IREG, BITS, ru, "rp")  \
  HIPC_CVT_TO_INT1(FROM, F, FT, FREG, TO, I, IT, IREG, BITS, rd, "rm")
HIPC_CVT_TO_INT(float, float, "f32", f, int, int, "s32", r, "32")
HIPC_CVT_TO_INT(float, float, "f32", f, uint, unsigned int, "u32", r, "32")
HIPC_CVT_TO_INT(float, float, "f32", f, ll, long long, "s64", l, "64")
HIPC_CVT_TO_INT(float, float, "f32", f, ull, unsigned long long, "u64", l, "64")
HIPC_CVT_TO_INT(double, double, "f64", d, int, int, "s32", r, "32")
HIPC_CVT_TO_INT(double, double, "f64", d, uint, unsigned int, "u32", r, "32")
HIPC_CVT_TO_INT(double, double, "f64", d, ll, long long, "s64", l, "64")
HIPC_CVT_TO_INT(double, double, "f64", d, ull, unsigned long long, "u64", l,
                "64")
#undef HIPC_CVT_TO_INT
#undef HIPC_CVT_TO_INT1

// Integer -> floating point, toward zero: cvt.rz.FTYPE.ITYPE.
#define HIPC_CVT_RZ(NAME, I, IT, IREG, F, FT, FREG)                  \
  static __device__ __forceinline__ F NAME(I x) {                    \
    F r;                                                             \
    asm("cvt.rz." FT "." IT " %0, %1;" : "=" #FREG(r) : #IREG(x)); \
    return r;                                                        \
  }
HIPC_CVT_RZ(__int2float_rz, int, "s32", r, float, "f32", f)
HIPC_CVT_RZ(__uint2float_rz, unsigned int, "u32", r, float, "f32", f)
HIPC_CVT_RZ(__ll2float_rz, long long, "s64", l, float, "f32", f)
HIPC_CVT_RZ(__ull2float_rz, unsigned long long, "u64", l, float, "f32", f)
HIPC_CVT_RZ(__ll2double_rz, long long, "s64", l, double, "f64", d)
HIPC_CVT_RZ(__ull2double_rz, unsigned long long, "u64", l, double, "f64", d)
#undef HIPC_CVT_RZ
#endif  // __HIPC_KC__

#endif  // HIPC_INTRINSICS_FLOAT_NVPTX_H
