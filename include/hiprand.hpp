// The hipRAND C++ API, also found as <hiprand.hpp>.
#include "hiprand/hiprand.hpp"
