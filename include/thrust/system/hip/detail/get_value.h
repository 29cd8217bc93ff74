/* thrust/system/hip/detail/get_value.h: see element.h. */
#pragma once
#include <thrust/system/hip/detail/element.h>
