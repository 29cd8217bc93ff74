#include "hipsparse/hipsparse.h"
