/* hipRAND's version as hipc implements its API: major * 100000 + minor * 100
 * + patch (hipRAND 2.11.0, as in ROCm 6.2). */
#ifndef HIPRAND_VERSION_H
#define HIPRAND_VERSION_H
#define HIPRAND_VERSION 201100
#define HIPRAND_VERSION_MAJOR 2
#define HIPRAND_VERSION_MINOR 11
#define HIPRAND_VERSION_PATCH 0
#endif
