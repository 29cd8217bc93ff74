/* thrust/system/hip/detail/iter_swap.h: see element.h. */
#pragma once
#include <thrust/system/hip/detail/element.h>
