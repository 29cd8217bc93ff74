/* The warp functions of kc's CPU device pass (docs/frontend.md): what the
 * kernel-language headers call under __HIPC_KC__ in place of NVIDIA's warp
 * instructions, implemented in libhipc (src/backend/cpu/kc_warp.c) over
 * the CPU device's warp rendezvous (hipc_cpu_warp_exchange_mask). Nothing
 * here is part of HIP's API.
 *
 * Common rules, the CPU device's (hip/hipc/warp.h, warp_sync.h):
 * - A warp is `warp_size` consecutive threads of a block in linear order
 *   (x fastest); a thread's lane is its linear index % warp_size. Masks are
 *   64-bit at every warp size, bit i standing for lane i.
 * - `mask` names the lanes that take part. Each call completes as soon as
 *   every lane of `mask` that exists (the last warp of a block may be
 *   partial) has made it; ~0 (the forms without a mask) waits for the
 *   whole warp. The lanes that made the call together are the call's
 *   "active" lanes.
 * - `site` identifies the call in the source (the headers pass the address
 *   of the file name times 31 plus the line): lanes meet only with lanes
 *   calling from the same site, so lanes of a divergent warp that reach
 *   different collectives are kept apart. A pass that turns a block into
 *   lane loops may take every call with one site as one collective.
 * - Values travel as 64-bit words: an argument narrower than 8 bytes is
 *   its bytes zero-extended, and the result's low bytes are the value.
 * C, so that both libhipc and the C++ headers include it. */
#ifndef HIPC_KC_WARP_H
#define HIPC_KC_WARP_H

#include <stdint.h>

#include "hip/hipc/kernel.h"

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

/* Shuffles. Every lane deposits `v` and gets the value of one source lane,
 * or its own `v` when that lane is outside its `width`-wide segment (the
 * lanes [lane & ~(width - 1), + width)); a source lane that did not take
 * part gives 0. The source lane:
 *   idx:  segment base + (src_lane & (width - 1));
 *   up:   lane - delta, own value when below the segment base;
 *   down: lane + delta, own value when (lane & (width - 1)) + delta >= width;
 *   xor:  lane ^ lane_mask, own value when outside the segment or negative. */
HIPC_API HIPC_KC_DEVICE uint64_t __hipc_kc_shfl_idx(uint64_t mask, uint64_t v,
                                                    int32_t src_lane,
                                                    int32_t width,
                                                    uintptr_t site);
HIPC_API HIPC_KC_DEVICE uint64_t __hipc_kc_shfl_up(uint64_t mask, uint64_t v,
                                                   uint32_t delta,
                                                   int32_t width,
                                                   uintptr_t site);
HIPC_API HIPC_KC_DEVICE uint64_t __hipc_kc_shfl_down(uint64_t mask,
                                                     uint64_t v,
                                                     uint32_t delta,
                                                     int32_t width,
                                                     uintptr_t site);
HIPC_API HIPC_KC_DEVICE uint64_t __hipc_kc_shfl_xor(uint64_t mask, uint64_t v,
                                                    int32_t lane_mask,
                                                    int32_t width,
                                                    uintptr_t site);

/* Votes: ballot is the active lanes of `mask` whose `pred` is non-zero;
 * any is ballot != 0; all is 1 when every active lane of `mask` has a
 * non-zero `pred`. */
HIPC_API HIPC_KC_DEVICE uint64_t __hipc_kc_ballot(uint64_t mask, int32_t pred,
                                                  uintptr_t site);
HIPC_API HIPC_KC_DEVICE int32_t __hipc_kc_any(uint64_t mask, int32_t pred,
                                              uintptr_t site);
HIPC_API HIPC_KC_DEVICE int32_t __hipc_kc_all(uint64_t mask, int32_t pred,
                                              uintptr_t site);
/* The lanes that reach this site together (__activemask). */
HIPC_API HIPC_KC_DEVICE uint64_t __hipc_kc_activemask(uintptr_t site);

/* match_any: the active lanes of `mask` whose `v` equals the caller's (bit
 * patterns). match_all: those lanes when all of them hold the caller's
 * value (*pred = 1), else 0 (*pred = 0); `pred` may be NULL. */
HIPC_API HIPC_KC_DEVICE uint64_t __hipc_kc_match_any(uint64_t mask,
                                                     uint64_t v,
                                                     uintptr_t site);
HIPC_API HIPC_KC_DEVICE uint64_t __hipc_kc_match_all(uint64_t mask,
                                                     uint64_t v,
                                                     int32_t* pred,
                                                     uintptr_t site);

/* A barrier of the lanes of `mask`, which also orders their memory
 * accesses as __threadfence_block does. */
HIPC_API HIPC_KC_DEVICE void __hipc_kc_syncwarp(uint64_t mask,
                                                uintptr_t site);

/* __reduce_OP_sync: the values of the active lanes of `mask` folded in
 * lane order with `op`, computed in `type`; integer additions wrap. The
 * caller's own value when no lane of `mask` took part. */
#define HIPC_KC_RED_ADD 0u
#define HIPC_KC_RED_MIN 1u
#define HIPC_KC_RED_MAX 2u
#define HIPC_KC_RED_AND 3u
#define HIPC_KC_RED_OR 4u
#define HIPC_KC_RED_XOR 5u
#define HIPC_KC_TYPE_I32 0u
#define HIPC_KC_TYPE_U32 1u
#define HIPC_KC_TYPE_I64 2u
#define HIPC_KC_TYPE_U64 3u
#define HIPC_KC_TYPE_F32 4u
#define HIPC_KC_TYPE_F64 5u
HIPC_API HIPC_KC_DEVICE uint64_t __hipc_kc_reduce(uint64_t mask, uint64_t v,
                                                  uint32_t op, uint32_t type,
                                                  uintptr_t site);

/* The general form, for the lane groups of cooperative groups: every lane
 * of `mask` deposits `v`; the snapshot holds every lane's word (index =
 * lane), the active lanes and those whose word is non-zero. It stays valid
 * until the caller's next collective. */
HIPC_API HIPC_KC_DEVICE const hipc_warp_snapshot* __hipc_kc_exchange(
    uint64_t mask, uint64_t v, uintptr_t site);

#ifdef __cplusplus
}
#endif

#endif /* HIPC_KC_WARP_H */
