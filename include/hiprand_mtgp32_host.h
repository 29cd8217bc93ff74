// hipRAND's MTGP32 host helpers, also found as <hiprand_mtgp32_host.h>.
#include "hiprand/hiprand_mtgp32_host.h"
