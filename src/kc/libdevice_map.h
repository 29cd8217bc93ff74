/* A stand-in with a few entries; the libdevice helper's table replaces
 * this file. X-macro lines, expanded by src/kc/intrinsics.c:
 *   HIPC_KC_LIBM(__nv_X, libm_name)        the C library's function
 *   HIPC_KC_INTRINSIC(__nv_X, "llvm.name")  an LLVM intrinsic
 * Both must have the __nv_ function's exact type. */
HIPC_KC_LIBM(__nv_sinf, sinf)
HIPC_KC_LIBM(__nv_cosf, cosf)
HIPC_KC_LIBM(__nv_sin, sin)
HIPC_KC_LIBM(__nv_expf, expf)
HIPC_KC_INTRINSIC(__nv_fabsf, "llvm.fabs.f32")
HIPC_KC_INTRINSIC(__nv_fabs, "llvm.fabs.f64")
HIPC_KC_INTRINSIC(__nv_fsqrt_rn, "llvm.sqrt.f32")
