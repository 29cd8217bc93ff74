/* The runtime functions that kc's kernels call (docs/frontend.md, "What
 * the lowered code expects of the runtime"), implemented in libhipc
 * (src/backend/cpu/kc_lib.c, kc_coop.c); the warp functions are in
 * hip/hipc/kc_warp.h. Nothing here is part of HIP's API. C, so that
 * libhipc, kc and the device pass's headers (__device__ there) share it. */
#ifndef HIPC_KC_LIB_H
#define HIPC_KC_LIB_H

#include <stddef.h>
#include <stdint.h>

#include "hip/hip_runtime_api.h"

/* Device functions in kc's device pass; in the clang host pass, where
 * kernels are parsed, callable from both sides; plain C elsewhere. */
#if !defined(HIPC_KC_DEVICE) && defined(__CUDA__)
#define HIPC_KC_DEVICE __attribute__((device))
#elif !defined(HIPC_KC_DEVICE) && defined(__HIPC_CLANG_HOST__)
#define HIPC_KC_DEVICE __attribute__((host, device))
#elif !defined(HIPC_KC_DEVICE)
#define HIPC_KC_DEVICE
#endif

#ifdef __cplusplus
extern "C" {
#endif

struct hipc_coop_info;

/* printf in a kernel: clang makes `vprintf(fmt, buf)`, buf holding the
 * arguments packed as CUDA does -- each at the next multiple of its own
 * size (4 or 8 bytes), integers narrower than int and floats promoted
 * (int, double), pointers and strings 8 bytes. Prints the whole text with
 * one write to stdout; returns the number of bytes printed, -1 on error.
 * Unknown conversions are printed as written; %n stores nothing. */
HIPC_API int hipc_kc_vprintf(const char* fmt, const void* buf);
/* The same for hipcc -mprintf-kind=buffered: returns 0, as AMD's buffered
 * printf does. */
HIPC_API int hipc_kc_vprintf_buffered(const char* fmt, const void* buf);

/* assert in a kernel (__assertfail): reported as the CPU device's assert
 * reports it (file, line, function, kernel, block, thread), then the
 * process aborts. */
HIPC_API __attribute__((noreturn)) void hipc_kc_assertfail(
    const char* msg, const char* file, unsigned line, const char* func,
    size_t charsize);

/* abort() in a kernel: the C library's, which the CPU device's fault
 * handler reports with the kernel, block and thread. */
HIPC_API __attribute__((noreturn)) void hipc_kc_abort(void);

/* The device's counters, in nanoseconds: clock and clock64 (the CPU
 * device's clock(), clock64(): CLOCK_MONOTONIC) and globaltimer (the time
 * since the epoch, CLOCK_REALTIME). */
HIPC_API uint32_t hipc_kc_clock(void);
HIPC_API uint64_t hipc_kc_clock64(void);
HIPC_API uint64_t hipc_kc_globaltimer(void);
/* __nanosleep: sleeps about `ns` nanoseconds (at most a millisecond). */
HIPC_API void hipc_kc_nanosleep(uint32_t ns);

/* atomicInc / atomicDec (llvm.nvvm.atomic.load.inc/dec.32): atomically
 * stores ((old >= v) ? 0 : old + 1), resp. ((old == 0 || old > v) ? v :
 * old - 1), and returns old. */
HIPC_API uint32_t hipc_kc_atomic_inc32(uint32_t* p, uint32_t v);
HIPC_API uint32_t hipc_kc_atomic_dec32(uint32_t* p, uint32_t v);

/* Cooperative groups (hip/hipc/cg_kc.h): the calling thread's cooperative
 * launch (hipc_tls.coop: NULL outside one), the grid barrier
 * (hipc_cpu_grid_sync) and the report of a misuse
 * (hipc_cpu_kernel_error), callable from the device pass. */
HIPC_API HIPC_KC_DEVICE const struct hipc_coop_info* hipc_kc_coop_info(void);
HIPC_API HIPC_KC_DEVICE void hipc_kc_grid_sync(int multi);
HIPC_API HIPC_KC_DEVICE __attribute__((noreturn)) void hipc_kc_kernel_error(
    const char* msg);

#ifdef __cplusplus
}
#endif

#endif /* HIPC_KC_LIB_H */
