/* Which libdevice functions the kernel compiler (kc) may replace on the CPU
 * device: an X-macro list, no include guard (see docs/frontend.md, "What
 * the lowered code expects of the runtime").
 *
 * Device code compiled for nvptx64 calls libdevice's `__nv_*` functions;
 * on the CPU device every one of them is defined in libhipc
 * (src/backend/cpu/libdevice_*.c), so a call left as it is always
 * resolves. The two lists name those whose CPU meaning is exactly
 * something LLVM knows, so that kc can call that instead, and LLVM can
 * fold, vectorise or inline it:
 *
 *   HIPC_KC_LIBM(nv, fn)        the C library's function `fn` (libm or
 *                               libc), with the same signature as `nv`
 *                               (same LLVM types, in and out) and the same
 *                               result for every argument.
 *   HIPC_KC_INTRINSIC(nv, name) the LLVM intrinsic `name`, fully mangled
 *                               (a string: "llvm.fabs.f32"), with exactly
 *                               the signature of `nv` (no extra immediate
 *                               operands) and the same result.
 *
 * `nv` and `fn` are bare identifiers (#nv, #fn give their names); `name` is
 * a string literal. Each __nv_ name appears at most once in all. The
 * includer defines one or both macros and includes this file; a macro it
 * leaves undefined expands to nothing, and both are #undef'd at the end,
 * so the file can be included again with other definitions.
 *
 * Left out, and so to be called in libhipc (each with the reason):
 * - The conversions to integers (__nv_float2int_rn ... __nv_double2ull_rd):
 *   HIP's saturate and give 0 for NaN; C's lrint and casts do not.
 * - The directed-rounding forms (_rz, _ru, _rd of arithmetic, fma, sqrt,
 *   reciprocals and conversions): they switch the FPU's rounding mode. Their
 *   _rn forms are plain IR operations (fadd, fdiv, sitofp, fptrunc, ...),
 *   not intrinsics, except the fma and sqrt ones listed below.
 * - __nv_powi, __nv_powif: the CPU device computes pow(x, n) (in double
 *   for float); llvm.powi multiplies in an unspecified order.
 * - What the C library lacks or defines otherwise: rsqrt, rcbrt, sinpi,
 *   cospi, sincospi, erfcx, erfinv, erfcinv, normcdf, normcdfinv,
 *   cyl_bessel_i0/i1, rhypot, norm/rnorm (3d, 4d, n), saturatef,
 *   fast_fdividef (x / y), frsqrt_rn, rcp64h, the classification functions
 *   (macros in C: isnan, isinf, isfinite, signbit), the half conversions
 *   and the reinterpretations. (The classification functions and rsqrtf
 *   rarely reach kc: the CPU device pass's headers, hip/hipc/
 *   libdevice_nvptx.h, define their __nv_ names as inline code.)
 * - abs, llabs: C's are undefined for the most negative value, and LLVM
 *   compiles them as llvm.abs with that value poison; HIP's wrap.
 * - Integer functions whose LLVM intrinsic has another result type or an
 *   extra operand: clz, clzll (llvm.ctlz has the is-zero-poison flag), ffs,
 *   ffsll, popcll (llvm.ctpop.i64 returns i64), and the rest of the
 *   integer and SIMD functions (no intrinsic).
 *
 * The __nv_fast_* functions are listed with the accurate C functions: on
 * the CPU device __sinf is sinf, __expf is expf, and so on
 * (hip/hipc/intrinsics_float.h). exp10, exp10f, sincos and sincosf are GNU
 * extensions, present in glibc, the CPU device's C library. */
#ifndef HIPC_KC_LIBM
#define HIPC_KC_LIBM(nv, fn)
#endif
#ifndef HIPC_KC_INTRINSIC
#define HIPC_KC_INTRINSIC(nv, name)
#endif

/* -- Single precision: the C library. */
HIPC_KC_LIBM(__nv_acosf, acosf)
HIPC_KC_LIBM(__nv_acoshf, acoshf)
HIPC_KC_LIBM(__nv_asinf, asinf)
HIPC_KC_LIBM(__nv_asinhf, asinhf)
HIPC_KC_LIBM(__nv_atanf, atanf)
HIPC_KC_LIBM(__nv_atanhf, atanhf)
HIPC_KC_LIBM(__nv_atan2f, atan2f)
HIPC_KC_LIBM(__nv_cbrtf, cbrtf)
HIPC_KC_LIBM(__nv_cosf, cosf)
HIPC_KC_LIBM(__nv_coshf, coshf)
HIPC_KC_LIBM(__nv_erff, erff)
HIPC_KC_LIBM(__nv_erfcf, erfcf)
HIPC_KC_LIBM(__nv_expf, expf)
HIPC_KC_LIBM(__nv_exp2f, exp2f)
HIPC_KC_LIBM(__nv_exp10f, exp10f)
HIPC_KC_LIBM(__nv_expm1f, expm1f)
HIPC_KC_LIBM(__nv_fdimf, fdimf)
HIPC_KC_LIBM(__nv_fmodf, fmodf)
HIPC_KC_LIBM(__nv_frexpf, frexpf)
HIPC_KC_LIBM(__nv_hypotf, hypotf)
HIPC_KC_LIBM(__nv_ilogbf, ilogbf)
HIPC_KC_LIBM(__nv_j0f, j0f)
HIPC_KC_LIBM(__nv_j1f, j1f)
HIPC_KC_LIBM(__nv_jnf, jnf)
HIPC_KC_LIBM(__nv_ldexpf, ldexpf)
HIPC_KC_LIBM(__nv_lgammaf, lgammaf)
HIPC_KC_LIBM(__nv_llrintf, llrintf)
HIPC_KC_LIBM(__nv_llroundf, llroundf)
HIPC_KC_LIBM(__nv_logf, logf)
HIPC_KC_LIBM(__nv_log10f, log10f)
HIPC_KC_LIBM(__nv_log1pf, log1pf)
HIPC_KC_LIBM(__nv_log2f, log2f)
HIPC_KC_LIBM(__nv_logbf, logbf)
HIPC_KC_LIBM(__nv_modff, modff)
HIPC_KC_LIBM(__nv_nanf, nanf)
HIPC_KC_LIBM(__nv_nextafterf, nextafterf)
HIPC_KC_LIBM(__nv_powf, powf)
HIPC_KC_LIBM(__nv_remainderf, remainderf)
HIPC_KC_LIBM(__nv_remquof, remquof)
HIPC_KC_LIBM(__nv_scalbnf, scalbnf)
HIPC_KC_LIBM(__nv_sincosf, sincosf)
HIPC_KC_LIBM(__nv_sinf, sinf)
HIPC_KC_LIBM(__nv_sinhf, sinhf)
HIPC_KC_LIBM(__nv_tanf, tanf)
HIPC_KC_LIBM(__nv_tanhf, tanhf)
HIPC_KC_LIBM(__nv_tgammaf, tgammaf)
HIPC_KC_LIBM(__nv_y0f, y0f)
HIPC_KC_LIBM(__nv_y1f, y1f)
HIPC_KC_LIBM(__nv_ynf, ynf)
/* The fast intrinsics (accurate on the CPU device). */
HIPC_KC_LIBM(__nv_fast_sinf, sinf)
HIPC_KC_LIBM(__nv_fast_cosf, cosf)
HIPC_KC_LIBM(__nv_fast_tanf, tanf)
HIPC_KC_LIBM(__nv_fast_sincosf, sincosf)
HIPC_KC_LIBM(__nv_fast_expf, expf)
HIPC_KC_LIBM(__nv_fast_exp10f, exp10f)
HIPC_KC_LIBM(__nv_fast_logf, logf)
HIPC_KC_LIBM(__nv_fast_log2f, log2f)
HIPC_KC_LIBM(__nv_fast_log10f, log10f)
HIPC_KC_LIBM(__nv_fast_powf, powf)

/* -- Double precision: the C library. */
HIPC_KC_LIBM(__nv_acos, acos)
HIPC_KC_LIBM(__nv_acosh, acosh)
HIPC_KC_LIBM(__nv_asin, asin)
HIPC_KC_LIBM(__nv_asinh, asinh)
HIPC_KC_LIBM(__nv_atan, atan)
HIPC_KC_LIBM(__nv_atanh, atanh)
HIPC_KC_LIBM(__nv_atan2, atan2)
HIPC_KC_LIBM(__nv_cbrt, cbrt)
HIPC_KC_LIBM(__nv_cos, cos)
HIPC_KC_LIBM(__nv_cosh, cosh)
HIPC_KC_LIBM(__nv_erf, erf)
HIPC_KC_LIBM(__nv_erfc, erfc)
HIPC_KC_LIBM(__nv_exp, exp)
HIPC_KC_LIBM(__nv_exp2, exp2)
HIPC_KC_LIBM(__nv_exp10, exp10)
HIPC_KC_LIBM(__nv_expm1, expm1)
HIPC_KC_LIBM(__nv_fdim, fdim)
HIPC_KC_LIBM(__nv_fmod, fmod)
HIPC_KC_LIBM(__nv_frexp, frexp)
HIPC_KC_LIBM(__nv_hypot, hypot)
HIPC_KC_LIBM(__nv_ilogb, ilogb)
HIPC_KC_LIBM(__nv_j0, j0)
HIPC_KC_LIBM(__nv_j1, j1)
HIPC_KC_LIBM(__nv_jn, jn)
HIPC_KC_LIBM(__nv_ldexp, ldexp)
HIPC_KC_LIBM(__nv_lgamma, lgamma)
HIPC_KC_LIBM(__nv_llrint, llrint)
HIPC_KC_LIBM(__nv_llround, llround)
HIPC_KC_LIBM(__nv_log, log)
HIPC_KC_LIBM(__nv_log10, log10)
HIPC_KC_LIBM(__nv_log1p, log1p)
HIPC_KC_LIBM(__nv_log2, log2)
HIPC_KC_LIBM(__nv_logb, logb)
HIPC_KC_LIBM(__nv_modf, modf)
HIPC_KC_LIBM(__nv_nan, nan)
HIPC_KC_LIBM(__nv_nextafter, nextafter)
HIPC_KC_LIBM(__nv_pow, pow)
HIPC_KC_LIBM(__nv_remainder, remainder)
HIPC_KC_LIBM(__nv_remquo, remquo)
HIPC_KC_LIBM(__nv_scalbn, scalbn)
HIPC_KC_LIBM(__nv_sincos, sincos)
HIPC_KC_LIBM(__nv_sin, sin)
HIPC_KC_LIBM(__nv_sinh, sinh)
HIPC_KC_LIBM(__nv_tan, tan)
HIPC_KC_LIBM(__nv_tanh, tanh)
HIPC_KC_LIBM(__nv_tgamma, tgamma)
HIPC_KC_LIBM(__nv_y0, y0)
HIPC_KC_LIBM(__nv_y1, y1)
HIPC_KC_LIBM(__nv_yn, yn)

/* -- LLVM intrinsics: exact operations (sqrt correctly rounded, fma fused,
 * rint and nearbyint in the default rounding mode, to nearest even; round
 * halfway cases away from zero; minnum/maxnum return the number when one
 * operand is NaN, as fmin/fmax do). */
HIPC_KC_INTRINSIC(__nv_fabsf, "llvm.fabs.f32")
HIPC_KC_INTRINSIC(__nv_fabs, "llvm.fabs.f64")
HIPC_KC_INTRINSIC(__nv_sqrtf, "llvm.sqrt.f32")
HIPC_KC_INTRINSIC(__nv_sqrt, "llvm.sqrt.f64")
HIPC_KC_INTRINSIC(__nv_fsqrt_rn, "llvm.sqrt.f32")
HIPC_KC_INTRINSIC(__nv_dsqrt_rn, "llvm.sqrt.f64")
HIPC_KC_INTRINSIC(__nv_fmaf, "llvm.fma.f32")
HIPC_KC_INTRINSIC(__nv_fma, "llvm.fma.f64")
HIPC_KC_INTRINSIC(__nv_fmaf_rn, "llvm.fma.f32")
HIPC_KC_INTRINSIC(__nv_fmaf_ieee_rn, "llvm.fma.f32")
HIPC_KC_INTRINSIC(__nv_fma_rn, "llvm.fma.f64")
HIPC_KC_INTRINSIC(__nv_floorf, "llvm.floor.f32")
HIPC_KC_INTRINSIC(__nv_floor, "llvm.floor.f64")
HIPC_KC_INTRINSIC(__nv_ceilf, "llvm.ceil.f32")
HIPC_KC_INTRINSIC(__nv_ceil, "llvm.ceil.f64")
HIPC_KC_INTRINSIC(__nv_truncf, "llvm.trunc.f32")
HIPC_KC_INTRINSIC(__nv_trunc, "llvm.trunc.f64")
HIPC_KC_INTRINSIC(__nv_rintf, "llvm.rint.f32")
HIPC_KC_INTRINSIC(__nv_rint, "llvm.rint.f64")
HIPC_KC_INTRINSIC(__nv_nearbyintf, "llvm.nearbyint.f32")
HIPC_KC_INTRINSIC(__nv_nearbyint, "llvm.nearbyint.f64")
HIPC_KC_INTRINSIC(__nv_roundf, "llvm.round.f32")
HIPC_KC_INTRINSIC(__nv_round, "llvm.round.f64")
HIPC_KC_INTRINSIC(__nv_copysignf, "llvm.copysign.f32")
HIPC_KC_INTRINSIC(__nv_copysign, "llvm.copysign.f64")
HIPC_KC_INTRINSIC(__nv_fminf, "llvm.minnum.f32")
HIPC_KC_INTRINSIC(__nv_fmin, "llvm.minnum.f64")
HIPC_KC_INTRINSIC(__nv_fmaxf, "llvm.maxnum.f32")
HIPC_KC_INTRINSIC(__nv_fmax, "llvm.maxnum.f64")
/* Integer: i32 -> i32 and i64 -> i64, as libdevice's. */
HIPC_KC_INTRINSIC(__nv_popc, "llvm.ctpop.i32")
HIPC_KC_INTRINSIC(__nv_brev, "llvm.bitreverse.i32")
HIPC_KC_INTRINSIC(__nv_brevll, "llvm.bitreverse.i64")
HIPC_KC_INTRINSIC(__nv_min, "llvm.smin.i32")
HIPC_KC_INTRINSIC(__nv_max, "llvm.smax.i32")
HIPC_KC_INTRINSIC(__nv_umin, "llvm.umin.i32")
HIPC_KC_INTRINSIC(__nv_umax, "llvm.umax.i32")
HIPC_KC_INTRINSIC(__nv_llmin, "llvm.smin.i64")
HIPC_KC_INTRINSIC(__nv_llmax, "llvm.smax.i64")
HIPC_KC_INTRINSIC(__nv_ullmin, "llvm.umin.i64")
HIPC_KC_INTRINSIC(__nv_ullmax, "llvm.umax.i64")

#undef HIPC_KC_LIBM
#undef HIPC_KC_INTRINSIC
