/* The HIP version that hipc implements, and hipc's own version.
 *
 * HIP_VERSION packs the three HIP numbers the way AMD's header does,
 * MAJOR * 10000000 + MINOR * 100000 + PATCH, so that version checks written
 * for AMD's HIP work unchanged. hipRuntimeGetVersion reports HIP_VERSION.
 */
#ifndef HIP_VERSION_H
#define HIP_VERSION_H

#define HIP_VERSION_MAJOR 6
#define HIP_VERSION_MINOR 2
#define HIP_VERSION_PATCH 0
#define HIP_VERSION_GITHASH ""
#define HIP_VERSION_BUILD_ID 0
#define HIP_VERSION_BUILD_NAME ""
#define HIP_VERSION                                                           \
  (HIP_VERSION_MAJOR * 10000000 + HIP_VERSION_MINOR * 100000 +                \
   HIP_VERSION_PATCH)

#define HIPC_VERSION_MAJOR 0
#define HIPC_VERSION_MINOR 1
#define HIPC_VERSION_PATCH 0

#endif /* HIP_VERSION_H */
