/* thrust/system/hip/detail/assign_value.h: see element.h. */
#pragma once
#include <thrust/system/hip/detail/element.h>
