#include "hipblas/hipblas.h"
