/* The vendor side of vendor/enum_pairs.h (see test_vendor_enums.c): the
 * values of CUDA's headers, or an empty list where they are missing. */
#if __has_include(<cublas_v2.h>) && __has_include(<cufft.h>) && \
    __has_include(<cusparse.h>)
#include <cublas_v2.h>
#include <cufft.h>
#include <cusparse.h>
#define PAIR(hip, cuda) (long)(cuda),
const long vendor_values[] = {
#include "enum_pairs.h"
};
const int vendor_count = sizeof vendor_values / sizeof vendor_values[0];
#else
const long vendor_values[1];
const int vendor_count = 0;
#endif
