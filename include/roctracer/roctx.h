/* ROCm's other place for roctx.h. */
#include "../roctx.h"
