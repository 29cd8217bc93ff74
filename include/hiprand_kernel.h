// The hipRAND device API, also found as <hiprand_kernel.h>.
#include "hiprand/hiprand_kernel.h"
