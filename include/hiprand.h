/* The hipRAND host API, also found as <hiprand.h>. */
#include "hiprand/hiprand.h"
